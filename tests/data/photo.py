# tests/data/photo.png: a stand-in for a photo (python3 tests/data/photo.py)
# a scene (sky, hills, a tree, a lake) with texture, opaque all over, no
# figure on a plain ground: what a phone takes, which shows no silhouette.
import zlib, struct, math, random
random.seed(7)
W, H = 200, 130
rows = []
for y in range(H):
    row = bytearray([0])
    for x in range(W):
        hill = 90 + 18 * math.sin(x / 23.0) + 9 * math.sin(x / 7.0)
        if y < hill:  # sky: light, clouds darker
            v = 200 - y * 0.6 + 40 * math.sin(x / 11.0 + y / 9.0) * math.sin(y / 5.0)
        else:  # ground: grass with light patches
            v = 90 + 70 * math.sin(x / 6.0) * math.sin(y / 4.0) + 30 * math.sin((x + y) / 13.0)
        if (x - 170) ** 2 / 900 + (y - 125) ** 2 / 200 < 1: v = 170 + 30 * math.sin(x / 3.0)  # a lake
        if abs(x - 60) < 5 and 60 < y < 100: v = 40  # a trunk
        if (x - 60) ** 2 + (y - 50) ** 2 < 500: v = 70 + 80 * math.sin(x / 2.5) * math.sin(y / 3.0)  # leaves
        v += random.randint(-25, 25)
        v = max(0, min(255, int(v)))
        row += bytes([v, v, v])
    rows.append(bytes(row))
def chunk(t, d): return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d) & 0xffffffff)
png = b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', W, H, 8, 2, 0, 0, 0)) + chunk(b'IDAT', zlib.compress(b''.join(rows), 9)) + chunk(b'IEND', b'')
open(__file__.replace('.py', '.png'), 'wb').write(png)
