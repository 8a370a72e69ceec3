#!/usr/bin/env python3
"""Writes small PDFs that break one print rule each, as another tool would
(for tests/press.sh): python3 bad_pdf.py KIND OUT.pdf."""
import sys

TRIM = (432, 648)  # 6 x 9 in
B = 9  # 1/8 in


def pdf(pages, out, outline=False, font=False, pdfx=None, meta=False):
    """pages: dicts with content (bytes), media, trim, bleed, font, annots."""
    objs = []

    def add(body):
        objs.append(body)
        return len(objs)

    # a base-14 font named, not embedded, as simple PDF writers do
    font = add(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>") if font else 0
    kids = []
    pages_id = len(objs) + 2 * len(pages) + (2 if outline else 0) + 1
    for p in pages:
        c = p.get("content", b"0 0 0 RG 1 w 72 72 m 300 300 l S")
        stream = add(b"<< /Length %d >>\nstream\n" % len(c) + c + b"\nendstream")
        box = lambda k, v: b" /%s [%s]" % (k.encode(), " ".join(str(x) for x in v).encode()) if v else b""
        annots = b" /Annots [<< /Type /Annot /Subtype /Text /Rect [10 10 30 30] /Contents (note) >>]" if p.get("annots") else b""
        group = b" /Group << /Type /Group /S /Transparency /CS /DeviceGray >>" if p.get("group") else b""
        res = b" /Resources << /Font << /F1 %d 0 R >> >>" % font if font else b""
        kids.append(add(b"<< /Type /Page /Parent %d 0 R" % pages_id + box("MediaBox", p["media"]) +
                        box("TrimBox", p.get("trim")) + box("BleedBox", p.get("bleed")) + res + annots + group +
                        b" /Contents %d 0 R >>" % stream))
    extra = b""
    if outline:
        item = add(b"<< /Title (One) /Parent %d 0 R /Dest [%d 0 R /Fit] >>" % (len(objs) + 2, kids[0]))
        out_id = add(b"<< /Type /Outlines /First %d 0 R /Last %d 0 R /Count 1 >>" % (item, item))
        extra = b" /Outlines %d 0 R" % out_id
    got = add(b"<< /Type /Pages /Kids [%s] /Count %d >>" % (b" ".join(b"%d 0 R" % k for k in kids), len(kids)))
    assert got == pages_id, (got, pages_id)
    if pdfx:  # says it is PDF/X; "intent": with an output intent too
        extra += b" /OutputIntents [<< /Type /OutputIntent /S /GTS_PDFX /OutputConditionIdentifier (CGATS TR 001) >>]" if "intent" in pdfx else b""
        title = b"" if "notitle" in pdfx else b" /Title (Mazes)"
        info = add(b"<< /GTS_PDFXVersion (PDF/X-1:2001) /GTS_PDFXConformance (PDF/X-1a:2001) /Trapped /False%s >>" % title)
    if meta:  # what word processors write: an author, keywords, an XMP packet
        xmp = b'<x:xmpmeta xmlns:x="adobe:ns:meta/"></x:xmpmeta>'
        extra += b" /Metadata %d 0 R" % add(b"<< /Type /Metadata /Subtype /XML /Length %d >>\nstream\n" % len(xmp) + xmp + b"\nendstream")
        info = add(b"<< /Title (Mazes) /Author (Someone) /Keywords (maze, puzzle) /Producer (Writer) >>")
    root = add(b"<< /Type /Catalog /Pages %d 0 R%s >>" % (pages_id, extra))
    data = b"%PDF-1.4\n"
    offsets = []
    for i, body in enumerate(objs, 1):
        offsets.append(len(data))
        data += b"%d 0 obj\n" % i + body + b"\nendobj\n"
    xref = len(data)
    data += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objs) + 1)
    for o in offsets:
        data += b"%010d 00000 n \n" % o
    info_ref = b" /Info %d 0 R" % info if pdfx or meta else b""
    data += b"trailer\n<< /Size %d /Root %d 0 R%s >>\nstartxref\n%d\n%%%%EOF\n" % (len(objs) + 1, root, info_ref, xref)
    with open(out, "wb") as f:
        f.write(data)


def kdp_page(i, **kw):
    """A page of a KDP book with bleed: the trim at the binding edge."""
    x0 = 0 if i % 2 == 0 else B
    p = {"media": (0, 0, TRIM[0] + B, TRIM[1] + 2 * B),
         "trim": (x0, B, x0 + TRIM[0], B + TRIM[1]),
         "bleed": (0, 0, TRIM[0] + B, TRIM[1] + 2 * B)}
    p.update(kw)
    return p


kind, out = sys.argv[1], sys.argv[2]
text = b"BT /F1 12 Tf 72 500 Td (Maze) Tj ET 0 0 0 RG 1 w 72 72 m 300 300 l S"
good = [kdp_page(i, content=text if i else b"0 0 0 RG 1 w 72 72 m 300 300 l S") for i in range(24)]
if kind == "good":  # passes KDP: no text (its font would not be embedded)
    pdf([kdp_page(i) for i in range(24)], out)
elif kind == "font":
    pdf(good, out, font=True)
elif kind == "hairline":
    pdf([kdp_page(i, content=b"0 0 0 RG 0.25 w 72 72 m 300 300 l S" if i == 4 else
                  b"0 0 0 RG 1 w 72 72 m 300 300 l S") for i in range(24)], out)
elif kind == "scaled":  # a 2 pt line drawn at a quarter scale: 0.5 pt
    pdf([kdp_page(i, content=b"q 0.25 0 0 0.25 0 0 cm 0 0 0 RG 2 w 400 400 m 1200 1200 l S Q" if i == 2 else
                  b"0 0 0 RG 1 w 72 72 m 300 300 l S") for i in range(24)], out)
elif kind == "size":  # bleed on every side: Lulu's page, not KDP's
    pdf([dict(kdp_page(i), media=(0, 0, 450, 666), bleed=(0, 0, 450, 666), trim=(9, 9, 441, 657))
         for i in range(24)], out)
elif kind == "nobleedbox":
    pdf([dict(kdp_page(i), bleed=None) for i in range(24)], out)
elif kind == "blanks":
    pdf([kdp_page(i, content=b"" if 5 <= i < 8 else b"0 0 0 RG 1 w 72 72 m 300 300 l S") for i in range(24)], out)
elif kind == "odd":
    pdf([kdp_page(i) for i in range(23)], out)
elif kind == "annots":
    pdf([kdp_page(i, annots=(i == 3)) for i in range(24)], out)
elif kind == "outline":
    pdf([kdp_page(i) for i in range(24)], out, outline=True)
elif kind == "tint":
    pdf([kdp_page(i, content=b"0.95 g 72 72 200 200 re f" if i == 6 else
                  b"0 0 0 RG 1 w 72 72 m 300 300 l S") for i in range(24)], out)
elif kind == "pdfx-intent":  # PDF/X as it should be (for KDP: passes)
    pdf([kdp_page(i) for i in range(24)], out, pdfx="intent")
elif kind == "pdfx-nointent":  # says PDF/X, has no output intent
    pdf([kdp_page(i) for i in range(24)], out, pdfx="bare")
elif kind == "pdfx-notitle":  # PDF/X without the Title ISO 15930-1 asks for
    pdf([kdp_page(i) for i in range(24)], out, pdfx="intent notitle")
elif kind == "metadata":  # KDP asks for no metadata but the title
    pdf([kdp_page(i) for i in range(24)], out, meta=True)
elif kind == "pdfx-transparent":  # PDF/X with a page in a transparency group
    pdf([dict(kdp_page(i), group=(i == 9)) for i in range(24)], out, pdfx="intent")
elif kind == "safe-text":  # page 5 (binding left): text 10 pt from the outside trim edge
    pdf([kdp_page(i, content=b"0 0 0 RG 1 w 72 72 m 300 300 l S" + (b" BT /F1 8 Tf 418 300 Td (ab) Tj ET" if i == 4 else b""))
         for i in range(24)], out)
elif kind == "safe-gutter":  # a line 20 pt from the binding on page 6 (0.375 in asked), from the outside on page 7 (0.25 in)
    line = lambda x: b"0 0 0 RG 1 w %d 100 m %d 300 l S" % (x, x)
    pdf([kdp_page(i, content=line(441 - 20) if i == 5 else line(432 - 20) if i == 6 else line(200)) for i in range(24)], out)
elif kind == "bleed-art":  # a frame running into the bleed on every page: meant to be cut
    pdf([kdp_page(i, content=b"0 g -9 -9 60 60 re f 0 0 0 RG 1 w 72 72 m 300 300 l S") for i in range(24)], out)
else:
    sys.exit("unknown kind " + kind)
