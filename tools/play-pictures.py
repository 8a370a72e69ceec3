#!/usr/bin/python3
"""A playable workbook (OUTDIR/play.xlsx) and its pictures in LibreOffice:
as it opens, with the way marked, and marked half-way (make samples).
Usage: play-pictures.py MEIRO OUTDIR   (run from the project's root)"""
import os
import subprocess
import sys

meiro, out = sys.argv[1], sys.argv[2]
book = os.path.join(out, "play.xlsx")
args = ["-W", "8", "-H", "6", "-a", "dig", "-s", "12", "--title", "Play me"]
subprocess.run([meiro, "generate", *args, "--play", "-o", book], check=True, stderr=subprocess.DEVNULL)
text = subprocess.run([meiro, "generate", *args, "--solution", "-f", "text"], check=True,
                      capture_output=True, text=True).stdout.splitlines()
# the text grid: cell (x, y) at column 2x + 1 of line 2y + 1; "." on the
# way, which is followed from S through the openings between cells
on_way = {(y, x) for y in range(6) for x in range(8) if text[2 * y + 1][2 * x + 1] in ".SG"}
way, at, before = [], next((y, x) for y, x in on_way if text[2 * y + 1][2 * x + 1] == "S"), None
while at:
    way.append(at)
    y, x = at
    steps = [(y + dy, x + dx) for dy, dx in ((-1, 0), (1, 0), (0, -1), (0, 1))
             if (y + dy, x + dx) in on_way and (y + dy, x + dx) != before
             and text[2 * y + 1 + dy][2 * x + 1 + dx] != "#"]
    before, at = at, steps[0] if steps else None
rows = subprocess.run("unzip -p %s xl/worksheets/sheet1.xml | grep -o '<mergeCell ' | wc -l" % book, shell=True,
                      capture_output=True, text=True).stdout
first = int(rows)  # the title row and the ring: the maze starts below them
# S and G are marked already: the player types the cells between
cells = lambda marks: ";".join("%d,%d" % (first + y, 1 + x) for y, x in marks if (y, x) not in (way[0], way[-1]))
jobs = [("open", [], "play-before"), ("solution", way, "play-after"), ("half", way[: len(way) // 2], "play-half")]
lines = "".join("%s\t%s\t%s\t%s\n" % (book, c, cells(m), os.path.join(out, n + ".pdf")) for c, m, n in jobs)
res = subprocess.run(["/usr/bin/python3", "tests/calc_play.py"], input=lines, capture_output=True, text=True,
                     check=True)
sys.stdout.write(res.stdout)
for _, _, n in jobs:
    pdf = os.path.join(out, n + ".pdf")
    subprocess.run(["pdftoppm", "-r", "40", "-png", "-singlefile", "-f", "1", "-l", "1", pdf,
                    os.path.join(out, n)], check=True)
    os.remove(pdf)

