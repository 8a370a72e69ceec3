#!/usr/bin/env python3
"""Writes the hostile-input corpus into OUTDIR: pictures and files a
stranger could send meiro that cost gigabytes or minutes to a reader
without budgets. tests/test_hostile.c runs meiro on each and requires a
clear refusal within a second and 200 MB; the fuzz targets start from them.
Usage: make.py [--small] OUTDIR   (--small: the same bombs, a few KB each,
for the fuzz targets' seeds in tests/fuzz/corpus/)"""
import base64, os, shutil, struct, subprocess, sys, zlib

small = sys.argv[1] == "--small"
out = sys.argv[-1]
os.makedirs(out, exist_ok=True)
N = 1000 if small else 50000          # the quadratic entity: N characters, N times
ROWS = 4 if small else None           # PNG data actually stored

def write(name, data):
    with open(os.path.join(out, name), "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())

def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xffffffff)

def png(w, h, depth=1, colour=0, rows=None):
    """A PNG of w x h (grey, depth bits), every pixel 0; `rows` limits the
    data actually stored (a header that promises more than the data)."""
    row = b"\0" + bytes((w * depth + 7) // 8)
    z = zlib.compressobj(9)
    data = b"".join(z.compress(row) for _ in range(h if rows is None else rows)) + z.flush()
    ihdr = struct.pack(">IIBBBBB", w, h, depth, colour, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", data) + chunk(b"IEND", b"")

SVG = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 100 100">'

# the quadratic blow-up: one 50,000-character entity used 50,000 times
write("entity-quadratic.svg",
      '<?xml version="1.0"?>\n<!DOCTYPE svg [<!ENTITY a "' + "x" * N + '">]>\n' + SVG +
      '<text x="0" y="50">' + "&a;" * N + '</text><rect width="50" height="50"/></svg>\n')
# entities inside entities (the billion laughs), ten levels
laughs = '<!ENTITY l0 "lol">' + "".join('<!ENTITY l%d "%s">' % (i, ("&l%d;" % (i - 1)) * 10) for i in range(1, 10))
write("entity-nested.svg", '<?xml version="1.0"?>\n<!DOCTYPE svg [' + laughs + ']>\n' + SVG +
      '<text>&l9;</text><rect width="50" height="50"/></svg>\n')
# an external entity: a file of the machine
write("entity-external.svg", '<?xml version="1.0"?>\n<!DOCTYPE svg [<!ENTITY e SYSTEM "file:///etc/passwd">]>\n' +
      SVG + '<text>&e;</text><rect width="50" height="50"/></svg>\n')

# past the scan of the entities: one used before its declaration (counted
# as nothing), one declared after a processing instruction with a quote
write("entity-forward.svg", '<?xml version="1.0"?>\n<!DOCTYPE svg [<!ENTITY a "' + "&b;" * N + '"><!ENTITY b "' +
      "x" * N + '">]>\n' + SVG + '<text>&a;</text><rect width="50" height="50"/></svg>\n')
write("entity-hidden.svg", '<?xml version="1.0"?>\n<!DOCTYPE svg [<?x \' ?><!ENTITY a "' + "x" * N +
      '"><?y \' ?>]>\n' + SVG + '<text x="0" y="50">' + "&a;" * N + '</text><rect width="50" height="50"/></svg>\n')
# a blur of the whole drawing, past the scan of its styles: a character
# reference, a style sheet in CDATA around an end tag, a style sheet from
# an xml-stylesheet processing instruction
BLUR = '<rect width="100" height="100"/>' * 200
write("style-reference.svg", SVG + '<g style="fil&#116;er: blur(30px)">' + BLUR + '</g></svg>\n')
write("style-cdata.svg", SVG + '<style><![CDATA[ </style> ]]> g { filter: blur(30px) }</style><g>' + BLUR + '</g></svg>\n')
write("style-pi.svg", '<?xml version="1.0"?>\n<?xml-stylesheet type="text/css" href="data:text/css,g%7Bfilter:blur(30px)%7D"?>\n' +
      SVG + '<g>' + BLUR + '</g></svg>\n')
# text to set inside CDATA
write("text-cdata.svg", SVG + '<text x="0" y="50"><![CDATA[' + "word " * (20 * (100 if small else 800)) +
      ']]></text><rect width="50" height="50"/></svg>\n')

# PNG bombs: 32767 x 32767 one-bit pixels in ~130 KB; a header alone
write("png-32767.png", png(32767, 32767, rows=ROWS))
write("png-header-65535.png", png(65535, 65535, rows=4))
# JPEG and GIF bombs (read through gdk-pixbuf): a JPEG's frame header of
# 65535 x 65535, a GIF's screen as big, and a GIF of 10 x 10 whose one
# frame says 30000 x 30000
def gif(sw, sh, fw, fh):
    return (b"GIF89a" + struct.pack("<HHBBB", sw, sh, 0x80, 0, 0) + b"\0\0\0\xff\xff\xff" +
            b"\x2c" + struct.pack("<HHHHB", 0, 0, fw, fh, 0) + b"\x02\x01\x2c\x00\x00;")
write("jpeg-header-65535.jpg", b"\xff\xd8\xff\xe0\x00\x04JF\xff\xc0" +
      struct.pack(">HBHHB", 11, 8, 65535, 65535, 1) + b"\x01\x11\x00\xff\xd9")
write("gif-65535.gif", gif(65535, 65535, 65535, 65535))
write("gif-frame-30000.gif", gif(10, 10, 30000, 30000))
# the same inside an SVG, as a data: URL (beyond 32767 a side too)
def data_svg(p):
    return (SVG + '<image width="100" height="100" xlink:href="data:image/png;base64,' +
            base64.b64encode(p).decode() + '"/></svg>\n')
write("data-png-32767.svg", data_svg(png(32767, 32767, rows=ROWS)))
write("data-png-60000.svg", data_svg(png(60000, 60000, rows=64)))
# an SVG inside an SVG, past any scan of the outer one
inner = ('<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "' + "x" * (N // 10) + '">]>' + SVG +
         '<text>' + "&a;" * (N // 10) + '</text></svg>')
write("data-svg.svg", SVG + '<image width="100" height="100" href="data:image/svg+xml;base64,' +
      base64.b64encode(inner.encode()).decode() + '"/></svg>\n')

# text for Pango to set: an entity just under the limits, used 300 times
# (fuzz_picture found it), and words written out (Pango takes a time that grows
# with the square of a line: 4000 letters took half a second)
T = 100 if small else 800
write("text-entities.svg", '<?xml version="1.0"?>\n<!DOCTYPE svg [<!ENTITY a "' + "x" * T + '">]>\n' + SVG +
      '<text x="0" y="50">' + "&a;" * 300 + '</text><rect width="50" height="50"/></svg>\n')
write("text-long.svg", SVG + '<text x="0" y="50"><tspan>' + "word " * (20 * T) + '</tspan></text>'
      '<rect width="50" height="50"/></svg>\n')

# filters that burn the CPU: turbulence over a huge area, a chain of blurs
write("filter-turbulence.svg",
      '<svg xmlns="http://www.w3.org/2000/svg" width="30000" height="30000"><filter id="f" x="0" y="0" '
      'width="1" height="1"><feTurbulence baseFrequency="0.9" numOctaves="100"/></filter>'
      '<rect width="30000" height="30000" filter="url(#f)"/></svg>\n')
blurs = "".join('<feGaussianBlur stdDeviation="500" result="b%d"/>' % i for i in range(400))
write("filter-chain.svg", '<svg xmlns="http://www.w3.org/2000/svg" width="20000" height="20000">'
      '<filter id="f" x="-1" y="-1" width="3" height="3">' + blurs + '</filter>'
      '<rect width="20000" height="20000" filter="url(#f)"/></svg>\n')
# a <use> bomb: ten levels of ten uses each, 10^10 rectangles
uses = '<rect id="u0" width="100" height="100" stroke="black" stroke-width="3"/>'
for i in range(1, 11):
    uses += '<g id="u%d">' % i + "".join('<use xlink:href="#u%d"/>' % (i - 1) for _ in range(10)) + "</g>"
write("use-bomb.svg", SVG + "<defs>" + uses + '</defs><use xlink:href="#u10"/></svg>\n')
# half a million elements
write("elements.svg", SVG + ('<g/>' * 10001 if small else '<rect width="1" height="1"/>' * 500000) + "</svg>\n")
# markers on every point of a long path, each marker a big picture
pts = " ".join("%d,%d" % (i % 100, i // 100) for i in range(200 if small else 20000))
write("marker-bomb.svg", SVG + '<marker id="m" markerWidth="100" markerHeight="100"><g>' +
      '<circle r="40" stroke="black" stroke-dasharray="0.01"/>' * 50 + '</g></marker>'
      '<polyline points="' + pts + '" marker-mid="url(#m)"/></svg>\n')
# a stroke dashed 0.0001 units at a time around a huge path
write("dash-bomb.svg", '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100">'
      '<path d="M0 0' + " L100 100 L0 100 L100 0" * (30 if small else 3000) + '" stroke="black" stroke-dasharray="0.00001 0.00001"/>'
      '<rect width="50" height="50"/></svg>\n')

# drawing thousands of groups, each on a surface of its own: within every
# count above, it takes seconds (the time budget stops it)
write("opacity-groups.svg", SVG + "".join('<rect x="%d" y="%d" width="40" height="40" opacity="0.9"/>' %
      (i % 60, (i // 60) % 60) for i in range(100 if small else 9000)) + "</svg>\n")

# JSON: a 400-million-cell grid made of spaces
PAD = 100000 if small else 12500100
write("whitespace.json", '{"meiro": 1, "grid": "rect", "width": 20000, "height": 20000, "start": 0, "goal": 1, '
      '"cells": [' + " " * PAD + '{"x": 0, "y": 0}, {"x": 1, "y": 0}], "passages": [[0, 1]]}\n')
# the same padding inside one value
write("whitespace-value.json", '{"meiro": 1, "grid": "hex", "width": 10000, "height": 10000, "cells": [{"x": ' +
      " " * PAD + '0, "y": 0}]}\n')

# PDFs a stranger could give meiro preflight, or cover --for as a book
def pdf(objs, trailer=b"", size=None):
    """objs: the bodies of objects 1..n (object 1 the catalog); the trailer
    says /Size `size` (the real count when None)."""
    data, offsets = b"%PDF-1.7\n", []
    for i, body in enumerate(objs, 1):
        offsets.append(len(data))
        data += b"%d 0 obj\n" % i + body + b"\nendobj\n"
    xref = len(data)
    data += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objs) + 1)
    data += b"".join(b"%010d 00000 n \n" % o for o in offsets)
    return data + (b"trailer\n<< /Size %d /Root 1 0 R%s >>\nstartxref\n%d\n%%%%EOF\n" %
                   (size or len(objs) + 1, trailer, xref))

def stream(data, extra=b""):
    return b"<< /Length %d%s >>\nstream\n" % (len(data), extra) + data + b"\nendstream"

def bomb(mb):
    """A flate stream of mb megabytes of spaces (about a thousandth of it):
    a megabyte compressed once, its history flushed, so that its bytes
    can be repeated."""
    z = zlib.compressobj(9)
    head = z.compress(b" " * (1 << 20)) + z.flush(zlib.Z_FULL_FLUSH)
    block = z.compress(b" " * (1 << 20)) + z.flush(zlib.Z_FULL_FLUSH)  # head less the zlib header
    adler, mega = 1, b" " * (1 << 20)
    for _ in range(mb):
        adler = zlib.adler32(mega, adler)
    tail = z.flush()[:-4] + struct.pack(">I", adler)  # the check of all of it
    return stream(head + block * (mb - 1) + tail, b" /Filter /FlateDecode")

def book(content, resources=b"", catalog=b"", extra=()):
    """A one-page book: the catalog, its pages, the page and its content,
    then `extra` objects (numbered from 5)."""
    return [b"<< /Type /Catalog /Pages 2 0 R" + catalog + b" >>",
            b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 432 648] /Resources << " + resources +
            b" >> /Contents 4 0 R >>", content] + list(extra)

LINE = stream(b"0 0 0 RG 1 w 72 72 m 300 300 l S")
BOMB_MB = 2 if small else 1024  # a small one for the fuzz seeds, past no budget
# a trailer that says two billion objects (the file has five)
write("pdf-size.pdf", pdf(book(LINE), size=2000000000))
# a page's content that inflates to a gigabyte
write("pdf-content-bomb.pdf", pdf(book(bomb(BOMB_MB))))
# four form XObjects of a gigabyte each, drawn by the page
forms = b"/XObject << " + b" ".join(b"/X%d %d 0 R" % (i, 5 + i) for i in range(4)) + b" >>"
form = bomb(BOMB_MB).replace(b"<< /Length", b"<< /Type /XObject /Subtype /Form /BBox [0 0 10 10] /Length", 1)
write("pdf-form-bombs.pdf", pdf(book(stream(b"/X0 Do /X1 Do /X2 Do /X3 Do"), forms, extra=[form] * 4)))
# a book whose recorded cover maze (meiro's /MeiroCoverArt) inflates to a gigabyte
art = bomb(BOMB_MB).replace(b"<< /Length", b"<< /Maze 1 /Length", 1)
write("pdf-art-bomb.pdf", pdf(book(LINE, catalog=b" /MeiroCoverArt 5 0 R", extra=[art])))
# JavaScript on opening, a Launch action, an embedded file
write("pdf-javascript.pdf", pdf(book(LINE, catalog=b" /OpenAction 5 0 R",
                                     extra=[b"<< /S /JavaScript /JS (app.alert(1)) >>"])))
write("pdf-launch.pdf", pdf(book(LINE, catalog=b" /OpenAction << /S /Launch /F (calc.exe) >>")))
write("pdf-embedded.pdf", pdf(book(LINE, catalog=b" /Names << /EmbeddedFiles << /Names [(a.exe) 5 0 R] >> >>",
                                   extra=[b"<< /Type /Filespec /F (a.exe) /EF << /F 6 0 R >> >>",
                                          stream(b"MZ", b" /Type /EmbeddedFile")])))
# fonts whose widths and codes are out of every range a font has
wild = (b"/Font << /F1 5 0 R /F2 6 0 R >>")
write("pdf-font-widths.pdf", pdf(book(
    stream(b"BT /F1 12 Tf 72 500 Td (\\377\\000abc) Tj /F2 9e99 Tf <FFFF0000> Tj ET"), wild, extra=[
        b"<< /Type /Font /Subtype /Type1 /BaseFont /X /FirstChar -2147483648 /LastChar 9e99 "
        b"/Widths [9e308 -9e308 1e400 (x)] /FontDescriptor << /MissingWidth 1e308 >> >>",
        b"<< /Type /Font /Subtype /Type0 /BaseFont /Y /Encoding /Identity-H /DescendantFonts [7 0 R] >>",
        b"<< /Type /Font /Subtype /CIDFontType2 /BaseFont /Y /DW 9e99 "
        b"/W [2147483647 [1 2] -2147483648 2147483647 5 9e99 9e99 9e99 0 [1e400]] >>"])))
# the bomb where qpdf decodes it for itself, past any cap of meiro's: an
# object stream holding the catalog, the pages and the page, and the cross-
# reference stream, each their data then a gigabyte of spaces (or zeros)
def deflated(data, mb, pad):
    """data, then mb megabytes of pad bytes, flate (as bomb)."""
    z = zlib.compressobj(9)
    head = z.compress(data) + z.compress(pad * (1 << 20)) + z.flush(zlib.Z_FULL_FLUSH)
    block = z.compress(pad * (1 << 20)) + z.flush(zlib.Z_FULL_FLUSH)
    adler = zlib.adler32(data)
    for _ in range(mb):
        adler = zlib.adler32(pad * (1 << 20), adler)
    return head + block * (mb - 1) + z.flush()[:-4] + struct.pack(">I", adler)

def xref_stream_pdf(objstm_mb, xref_mb):
    """Objects 1-3 in object stream 5, the content 4, the cross-reference stream 6."""
    header, body = b"", b""
    for i, o in enumerate(book(LINE)[:3], 1):
        header += b"%d %d " % (i, len(body))
        body += o + b"\n"
    stm = header + body
    if objstm_mb:
        stm = deflated(stm, objstm_mb, b" ")
    data, off = b"%PDF-1.7\n", {}
    off[4] = len(data)
    data += b"4 0 obj\n" + LINE + b"\nendobj\n"
    off[5] = len(data)
    data += (b"5 0 obj\n<< /Type /ObjStm /N 3 /First %d /Length %d%s >>\nstream\n" %
             (len(header), len(stm), b" /Filter /FlateDecode" if objstm_mb else b"") + stm + b"\nendstream\nendobj\n")
    off[6] = len(data)
    rows = b"\x00" + struct.pack(">IH", 0, 65535)
    rows += b"".join(b"\x02" + struct.pack(">IH", 5, i) for i in range(3))
    rows += b"".join(b"\x01" + struct.pack(">IH", off[i], 0) for i in (4, 5, 6))
    if xref_mb:
        rows = deflated(rows, xref_mb, b"\0")
    data += (b"6 0 obj\n<< /Type /XRef /Size 7 /W [1 4 2] /Root 1 0 R /Length %d%s >>\nstream\n" %
             (len(rows), b" /Filter /FlateDecode" if xref_mb else b"") + rows + b"\nendstream\nendobj\n")
    return data + b"startxref\n%d\n%%%%EOF\n" % off[6]
write("pdf-objstm-bomb.pdf", xref_stream_pdf(BOMB_MB, 0))
write("pdf-xref-bomb.pdf", xref_stream_pdf(0, BOMB_MB))

# encrypted (an empty password, which every reader opens): AES-256 and RC4
if shutil.which("qpdf"):
    plain = os.path.join(out, "pdf-plain.pdf")
    write("pdf-plain.pdf", pdf(book(LINE)))
    for name, bits in (("pdf-aes256.pdf", "256"), ("pdf-rc4.pdf", "40")):
        subprocess.run(["qpdf", "--allow-weak-crypto", "--encrypt", "", "owner", bits, "--", plain,
                        os.path.join(out, name)], check=True)
    os.remove(plain)

# a series ledger whose fingerprints all fall in one slot of a hash table
# of multiplicative hashing (fp * C >> 17, 2^20 slots), as meiro's was
C = 0x9e3779b97f4a7c15
LEDGER = 1000 if small else 400000  # 6.8 MB
write("ledger-colliding.txt", "volume 1 seed 1 mazes %d\n" % LEDGER +
      "".join("%016x\n" % (pow(C, -1, 1 << 64) * (i << 40) % (1 << 64)) for i in range(1, LEDGER + 1)))
