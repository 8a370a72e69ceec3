#!/usr/bin/env python3
"""Draws a machine's file meiro wrote (G-code, HP-GL or DXF R12) as an SVG,
to look at what the machine will do: strokes in their layer's colour (DXF:
CUT red, ENGRAVE black; G-code: each pen in the colour its comment names,
"; pen 2 of 2: violet (#a048e0)..."; HP-GL: pen 1 black, 2 violet, 3 green),
the pen-up moves as thin dashed blue lines. Reads only what meiro writes
(G0/G1 with X Y Z, M3/M5; SP, PU/PD; LINE, POLYLINE, VERTEX, SEQEND).

Usage: tools/machine-view.py FILE OUT.svg   (then: rsvg-convert OUT.svg -o OUT.png)"""
import re
import sys


def gcode(path):
    lines, moves, x, y, down, pen = [], [], 0.0, 0.0, False, 'black'
    for raw in open(path):
        said = re.match(r'; pen \d+ of \d+: .*?(#[0-9a-f]{6})', raw)
        if said:
            pen = said.group(1)
        words = raw.split(';')[0].split()
        if not words:
            continue
        if words[0] == 'M3':
            down = True
        elif words[0] == 'M5':
            down = False
        elif words[0] in ('G0', 'G1'):
            nx, ny = x, y
            for w in words[1:]:
                if w[0] == 'X':
                    nx = float(w[1:])
                elif w[0] == 'Y':
                    ny = float(w[1:])
                elif w[0] == 'Z':
                    down = float(w[1:]) <= 0
            if (nx, ny) != (x, y):
                (lines if down else moves).append((pen, x, y, nx, ny))
            x, y = nx, ny
    return lines, moves


def hpgl(path):
    lines, moves, x, y, pen = [], [], 0.0, 0.0, 'black'
    for cmd in open(path).read().replace('\n', '').split(';'):
        op, args = cmd[:2], cmd[2:]
        if op == 'SP':
            pen = {'1': 'black', '2': '#a048e0', '3': '#009e73'}.get(args, 'orange')
        if op not in ('PU', 'PD') or not args:
            continue
        nums = [float(v) / 40 for v in args.split(',')]
        for nx, ny in zip(nums[0::2], nums[1::2]):
            (lines if op == 'PD' else moves).append((pen, x, y, nx, ny))
            x, y = nx, ny
    return lines, moves


def dxf(path):
    text = [l.strip() for l in open(path)]
    pairs = list(zip(text[0::2], text[1::2]))
    lines, i, poly = [], 0, None
    while i < len(pairs):
        code, value = pairs[i]
        i += 1
        if code != '0' or value not in ('LINE', 'POLYLINE', 'VERTEX', 'SEQEND'):
            continue
        ent = {}
        while i < len(pairs) and pairs[i][0] != '0':
            ent[pairs[i][0]] = pairs[i][1]
            i += 1
        if value == 'LINE':
            lines.append((ent['8'], float(ent['10']), float(ent['20']), float(ent['11']), float(ent['21'])))
        elif value == 'POLYLINE':
            poly = (ent['8'], int(ent.get('70', '0')) & 1, [])
        elif value == 'VERTEX':
            poly[2].append((float(ent['10']), float(ent['20'])))
        elif value == 'SEQEND':
            pts = poly[2] + (poly[2][:1] if poly[1] else [])
            lines += [(poly[0], a[0], a[1], b[0], b[1]) for a, b in zip(pts, pts[1:])]
    return lines, []


def main():
    path, out = sys.argv[1], sys.argv[2]
    read = gcode if path.endswith(('.gcode', '.nc')) else hpgl if path.endswith(('.hpgl', '.plt')) else dxf
    lines, moves = read(path)
    xs = [v for s in lines + moves for v in (s[1], s[3])] or [0]
    ys = [v for s in lines + moves for v in (s[2], s[4])] or [0]
    x0, y0, x1, y1 = min(xs) - 5, min(ys) - 5, max(xs) + 5, max(ys) + 5
    colour = {'CUT': 'red', 'ENGRAVE': 'black'}
    svg = ['<svg xmlns="http://www.w3.org/2000/svg" width="%gmm" height="%gmm" viewBox="0 0 %g %g">'
           % (x1 - x0, y1 - y0, x1 - x0, y1 - y0),
           '<rect width="100%" height="100%" fill="white"/>']
    # machine y runs up, the picture's down
    for layer, ax, ay, bx, by in lines:
        svg.append('<line x1="%.3f" y1="%.3f" x2="%.3f" y2="%.3f" stroke="%s" stroke-width="0.25"/>'
                   % (ax - x0, y1 - ay, bx - x0, y1 - by, colour.get(layer, layer)))
    for _, ax, ay, bx, by in moves:
        svg.append('<line x1="%.3f" y1="%.3f" x2="%.3f" y2="%.3f" stroke="#6b8cff" stroke-width="0.12" '
                   'stroke-dasharray="1 1"/>' % (ax - x0, y1 - ay, bx - x0, y1 - by))
    svg.append('</svg>\n')
    open(out, 'w').write('\n'.join(svg))


main()
