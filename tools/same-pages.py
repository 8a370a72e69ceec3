#!/usr/bin/env python3
"""Compares two rasterised pages (binary PPM, as `pdftoppm -r 150` writes
them): prints the pixels that differ, those that differ by more than an
antialiased edge may (a channel off by more than LIMIT), and the largest
difference; exits 1 when any pixel differs by more than LIMIT or the sizes
differ. Used to show a change to the drawing code leaves pages as they were
(issue 37: the page as data)."""
import sys

LIMIT = 96  # an edge pixel's coverage may move this far; a moved line or a lost mark moves more


def read_ppm(path):
    with open(path, "rb") as f:
        data = f.read()
    fields, pos = [], 0
    while len(fields) < 4:
        while data[pos:pos + 1].isspace():
            pos += 1
        if data[pos:pos + 1] == b"#":
            pos = data.index(b"\n", pos) + 1
            continue
        end = pos
        while not data[end:end + 1].isspace():
            end += 1
        fields.append(data[pos:end])
        pos = end
    if fields[0] != b"P6" or fields[3] != b"255":
        sys.exit(f"{path}: not an 8-bit binary PPM")
    return int(fields[1]), int(fields[2]), data[pos + 1:]


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: same-pages.py BEFORE.ppm AFTER.ppm")
    (w1, h1, a), (w2, h2, b) = read_ppm(sys.argv[1]), read_ppm(sys.argv[2])
    if (w1, h1) != (w2, h2):
        print(f"sizes differ: {w1}x{h1} and {w2}x{h2}")
        return 1
    differ = far = worst = 0
    for i in range(0, len(a), 3):
        if a[i:i + 3] == b[i:i + 3]:
            continue
        differ += 1
        d = max(abs(a[i + k] - b[i + k]) for k in range(3))
        worst = max(worst, d)
        far += d > LIMIT
    print(f"{differ} of {w1 * h1} pixels differ, {far} by more than {LIMIT}, at most {worst}")
    return 1 if far else 0


if __name__ == "__main__":
    sys.exit(main())
