#!/usr/bin/env python3
"""Writes the hostile-input corpus into OUTDIR: pictures and files a
stranger could send meiro that cost gigabytes or minutes to a reader
without budgets. tests/test_hostile.c runs meiro on each and requires a
clear refusal within a second and 200 MB; the fuzz targets start from them.
Usage: make.py [--small] OUTDIR   (--small: the same bombs, a few KB each,
for the fuzz targets' seeds in tests/fuzz/corpus/)"""
import base64, os, struct, sys, zlib

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
