"""The meiro module against the command line it stands beside: the same
maze, JSON byte for byte, for every generator x grid; every function, and
every kind of bad argument refused with an exception, never a crash.

MEIRO_CLI names the meiro command to compare with (default: build/meiro),
MEIRO_LIBRARY the library (the module's own rule), MEIRO_SOURCE the source
tree (the headers' frozen sizes, the seeds' example maze)."""

import ctypes
import json
import os
import re
import subprocess
import sys
import tempfile
import unittest

import meiro
from meiro import _lib

SOURCE = os.environ.get("MEIRO_SOURCE", os.path.join(os.path.dirname(__file__), "..", ".."))
CLI = os.environ.get("MEIRO_CLI", os.path.join(SOURCE, "build", "meiro"))


def slurp(path, mode="r"):
    with open(path, mode) as f:
        return f.read()


def cli(*args):
    """The command's output, or its error line, and its status."""
    r = subprocess.run([CLI, *args], capture_output=True)
    return r.returncode, r.stdout, r.stderr.decode()


class Library(unittest.TestCase):
    def test_frozen_structs_as_the_headers_say(self):
        # each header says its frozen struct's size; a field mirrored wrong
        # (a missing or extra member) changes it
        sizes = {}
        for header, struct in (("algo.h", "meiro_generate_options"), ("page.h", "meiro_export_options"),
                               ("booklet.h", "meiro_booklet_options")):
            text = slurp(os.path.join(SOURCE, "include", "meiro", header))
            m = re.search(r"Frozen at ABI (\d+) \((\d+) bytes on LP64.*?\n(?:.*\n)*?typedef struct " + struct, text)
            self.assertIsNotNone(m, f"{header} says no frozen size for {struct}")
            self.assertEqual(int(m.group(1)), meiro.ABI)
            sizes[struct] = int(m.group(2))
        self.assertEqual(ctypes.sizeof(_lib.GenerateOptions), sizes["meiro_generate_options"])
        self.assertEqual(ctypes.sizeof(_lib.ExportOptions), sizes["meiro_export_options"])
        self.assertEqual(ctypes.sizeof(_lib.BookletOptions), sizes["meiro_booklet_options"])

    def test_abi_is_the_headers(self):
        text = slurp(os.path.join(SOURCE, "include", "meiro.h"))
        self.assertEqual(int(re.search(r"#define MEIRO_ABI_VERSION (\d+)", text).group(1)), meiro.ABI)

    def test_version_and_lists(self):
        code, out, _ = cli("--version")
        self.assertIn(meiro.version(), out.decode())
        self.assertIn("cluster", meiro.generators())
        self.assertIn("bfs", meiro.solvers())
        self.assertEqual(meiro.grids(), ["rect", "polar", "hex", "triangle"])
        code, out, _ = cli("list")
        for name in meiro.generators() + meiro.solvers():
            self.assertIn(name, out.decode())

    def test_wrong_library_refused_at_import(self):
        for library, words in (("/nonexistent/libmeiro.so.7", "cannot load"),
                               (ctypes.util.find_library("z") or "libz.so.1", "older than ABI")):
            env = dict(os.environ, MEIRO_LIBRARY=library)
            r = subprocess.run([sys.executable, "-c", "import meiro"], capture_output=True, env=env)
            self.assertNotEqual(r.returncode, 0)
            self.assertIn("ImportError", r.stderr.decode())
            self.assertIn(words, r.stderr.decode())


class SameAsTheCommandLine(unittest.TestCase):
    def test_json_of_every_generator_and_grid(self):
        # the command line's JSON byte for byte, or its refusal's words
        checked = refused = 0
        for grid in meiro.grids():
            for algorithm in meiro.generators():
                for seed, (w, h) in ((1, (5, 4)), (77, (12, 9)), (2**64 - 1, (17, 23))):
                    code, out, err = cli("generate", "-W", str(w), "-H", str(h), "-s", str(seed),
                                         "-a", algorithm, "--grid", grid, "-f", "json")
                    try:
                        got = meiro.generate(w, h, seed=seed, algorithm=algorithm, grid=grid).to_json()
                    except meiro.Error as e:
                        self.assertNotEqual(code, 0, f"{algorithm} {grid}: {e}")
                        self.assertIn(str(e).split(": ", 1)[1], err)
                        refused += 1
                        continue
                    self.assertEqual(code, 0, f"{algorithm} {grid} {w}x{h}: the CLI refused: {err}")
                    self.assertEqual(got.encode(), out, f"{algorithm} {grid} {w}x{h} seed {seed}")
                    checked += 1
        self.assertGreater(checked, 100)

    def test_options_as_the_command_line_takes_them(self):
        cases = [
            (dict(loops=30), ["--loops", "30"]),
            (dict(ends="farthest"), ["--ends", "farthest"]),
            (dict(weave=40, algorithm="dig"), ["--weave", "40", "-a", "dig"]),
            (dict(shape="heart"), ["--shape", "heart"]),
            (dict(text="HANA"), ["--text", "HANA"]),
            (dict(age=5), ["--age", "5"]),
            (dict(level="hard"), ["--difficulty", "hard"]),
            (dict(floors=3), ["--levels", "3"]),
        ]
        for kwargs, args in cases:
            code, out, err = cli("generate", "-s", "9", *args, "-f", "json")
            self.assertEqual(code, 0, f"{args}: {err}")
            self.assertEqual(meiro.generate(seed=9, **kwargs).to_json().encode(), out, f"{kwargs}")

    def test_stats_as_meiro_stats(self):
        m = meiro.generate(14, 11, seed=5, loops=20)
        with tempfile.TemporaryDirectory() as d:
            f = os.path.join(d, "m.json")
            m.save(f)
            code, out, err = cli("stats", "--json", f)
            self.assertEqual(code, 0, err)
        want = json.loads(out)
        got = m.stats().as_dict()
        for key, theirs in (("perfect", "perfect"), ("dead_ends", "dead_ends"), ("junctions", "junctions"),
                            ("decisions", "decisions"), ("turns", "turns"), ("longest", "longest_path"),
                            ("solution", "solution_length"), ("passages", "passages")):
            self.assertEqual(got[key], want[theirs], key)

    def test_documents_as_the_command_line_writes_them(self):
        m = meiro.generate(10, 8, seed=4)
        with tempfile.TemporaryDirectory() as d:
            for ext in ("svg", "pdf", "png", "xlsx", "html", "txt", "csv", "json", "page", "gcode", "hpgl", "dxf",
                        "stl", "3mf"):
                mine, theirs = os.path.join(d, "py." + ext), os.path.join(d, "cli." + ext)
                m.save(mine)
                code, _, err = cli("generate", "-W", "10", "-H", "8", "-s", "4", "-o", theirs)
                self.assertEqual(code, 0, err)
                # (cairo numbers an SVG's surfaces in the order a process made them)
                same = lambda f: re.sub(rb"surface\d+", b"surface", slurp(f, "rb"))
                self.assertEqual(same(mine), same(theirs), ext)


class Mazes(unittest.TestCase):
    def test_the_seeds_example_maze(self):
        # the article's maze (seeds 003): 31 steps from S to the square
        # beside G in its block grid, as the article says
        m = meiro.load(os.path.join(SOURCE, "tests", "data", "seed003.txt"))
        way = m.solve("bfs")
        self.assertEqual(way[0], m.start)
        self.assertEqual(way[-1], m.goal)
        self.assertEqual(m.write("text", solution=way).count("."), 31)
        self.assertEqual(len(m.solve("dfs")), len(way))  # a perfect maze: one way

    def test_the_readmes_search_by_hand(self):
        # python/README.md's example runs as written (the maze's path made
        # absolute): its own breadth-first search finds meiro's way
        readme = slurp(os.path.join(SOURCE, "python", "README.md"))
        code = re.search(r"## The seeds' example.*?```python\n(.*?)```", readme, re.S).group(1)
        code = code.replace('"tests/data/seed003.txt"', repr(os.path.join(SOURCE, "tests", "data", "seed003.txt")))
        exec(compile(code, "python/README.md", "exec"), {"print": lambda *a: None})

    def test_the_page_as_data(self):
        # -f page: the page's description, its walls and S/G among its items
        page = json.loads(meiro.generate(8, 6, seed=1).write("page"))
        roles = {item.get("role") for p in page["pages"] for item in p["items"]}
        self.assertTrue({"walls", "start", "goal"} <= roles, roles)

    def test_read_back_every_text_format(self):
        for grid in meiro.grids():
            m = meiro.generate(9, 7, seed=11, grid=grid)
            formats = ("json",) if grid != "rect" else ("text", "csv", "json")
            for fmt in formats:
                self.assertEqual(meiro.read(m.write(fmt), fmt), m, f"{grid} {fmt}")

    def test_cells_walls_and_graph(self):
        m = meiro.generate(8, 6, seed=2)
        cells = list(m.cells())
        self.assertEqual(len(cells), 48)
        self.assertEqual(len(m), 48)
        # a perfect maze: a tree of 47 passages, each seen from both sides
        self.assertEqual(sum(len(list(m.neighbours(x, y))) for x, y in cells), 2 * 47)
        for x, y in cells:
            for n in m.neighbours(x, y):
                self.assertIn((x, y), list(m.neighbours(*n)))
        self.assertEqual(m.is_open(0, 0, "north"), False)
        way = m.solve()
        for a, b in zip(way, way[1:]):
            self.assertIn(b, list(m.neighbours(*a)))
        hexes = meiro.generate(6, 6, seed=2, grid="hex")
        self.assertEqual(hexes.sides(2, 2), 6)

    def test_walls_as_numpy(self):
        try:
            import numpy  # noqa: F401
        except ImportError:
            self.fail("NumPy is not installed (apt install python3-numpy)")
        m = meiro.generate(7, 5, seed=3)
        a = m.walls()
        self.assertEqual(a.shape, (5, 7, 4))
        self.assertTrue(a[0, :, 0].all())  # the top row's north walls
        self.assertEqual(int((~a).sum()), 2 * 34)  # 34 passages, seen from both sides
        with self.assertRaises(ValueError):
            meiro.generate(5, 5, seed=1, grid="polar").walls()

    def test_properties(self):
        m = meiro.generate(12, 9, seed=123, algorithm="wilson", loops=10)
        self.assertEqual((m.width, m.height, m.seed, m.algorithm, m.grid), (12, 9, 123, "wilson", "rect"))
        self.assertEqual(m.start, (0, 0))
        self.assertEqual(m.goal, (11, 8))
        self.assertFalse(m.stats().perfect)
        self.assertIn("seed=123", repr(m))
        self.assertEqual(meiro.generate(12, 9, seed=123, algorithm="wilson", loops=10), m)
        self.assertNotEqual(meiro.generate(12, 9, seed=124, algorithm="wilson", loops=10), m)
        self.assertIsNotNone(meiro.generate(6, 6).seed)  # a random seed, kept
        self.assertGreater(meiro.generate(10, 10, seed=3, weave=60, algorithm="dig").crossings, 0)

    def test_booklet(self):
        with tempfile.TemporaryDirectory() as d:
            mine, theirs = os.path.join(d, "py.pdf"), os.path.join(d, "cli.pdf")
            meiro.booklet(mine, count=6, seed=8, difficulty="easy-hard", title="Mazes")
            code, _, err = cli("booklet", "-n", "6", "-s", "8", "--difficulty", "easy-hard",
                               "--title", "Mazes", "-o", theirs)
            self.assertEqual(code, 0, err)
            # the same pages but the last: the command line's says its command
            text = lambda f: subprocess.run(["pdftotext", "-layout", f, "-"], capture_output=True,
                                            check=True).stdout.split(b"\f")
            self.assertEqual(text(mine)[:-2], text(theirs)[:-2])
            self.assertEqual(len(text(mine)), len(text(theirs)))
            # the last page: the call that makes it again, seed and all
            last = b" ".join(text(mine)[-2].split())
            self.assertIn(b"meiro.booklet('py.pdf', count=6, seed=8, difficulty='easy-hard',", last)
            meiro.booklet(os.path.join(d, "again.pdf"), count=2)  # a seed chosen, and said
            self.assertRegex(b" ".join(text(os.path.join(d, "again.pdf"))[-2].split()),
                             rb"meiro\.booklet\('again\.pdf', count=2, seed=\d+\)")
            meiro.booklet(os.path.join(d, "b.xlsx"), count=3, seed=1, from_size=(5, 5), to_size=(9, 9))
            self.assertTrue(slurp(os.path.join(d, "b.xlsx"), "rb").startswith(b"PK"))


class BadInput(unittest.TestCase):
    def test_types_and_ranges(self):
        for kwargs, exc in ((dict(width="20"), TypeError), (dict(width=2.5), TypeError),
                            (dict(width=True), TypeError), (dict(width=-1), ValueError),
                            (dict(width=2**40), ValueError), (dict(seed=-1), ValueError),
                            (dict(seed=2**64), ValueError), (dict(loops=101), ValueError),
                            (dict(algorithm=3), TypeError), (dict(grid="he\0x"), ValueError),
                            (dict(age=5, level="easy"), ValueError)):
            with self.assertRaises(exc, msg=str(kwargs)):
                meiro.generate(**{"seed": 1, **kwargs})

    def test_the_library_refusals_as_errors(self):
        for kwargs, words in ((dict(algorithm="no-such-generator"), "algorithm"),
                              (dict(grid="squares"), "grid"),
                              (dict(width=100000, height=100000), ""),
                              (dict(age=1), "age"),
                              (dict(shape="no-such-shape"), "shape"),
                              (dict(grid="polar", weave=30), "weave")):
            with self.assertRaises(meiro.Error, msg=str(kwargs)) as cm:
                meiro.generate(seed=1, **kwargs)
            self.assertTrue(str(cm.exception), kwargs)
            self.assertIn(words, str(cm.exception).lower())

    def test_parse_errors_name_line_and_column(self):
        with self.assertRaises(meiro.Error) as cm:
            meiro.read("#####\n#S  #\n# X #\n#  G#\n#####\n", "text")
        self.assertEqual(cm.exception.status, meiro.lib.meiro_strerror(5).decode())  # MEIRO_ERROR_PARSE
        self.assertEqual((cm.exception.line, cm.exception.column), (3, 3))
        with self.assertRaises(meiro.Error):
            meiro.read("{", "json")
        with self.assertRaises(meiro.Error):
            meiro.read(b"", "text")
        with self.assertRaises(TypeError):
            meiro.read(12, "text")

    def test_cells_out_of_the_maze(self):
        m = meiro.generate(5, 4, seed=1)
        for args, exc in (((5, 0, "east"), IndexError), ((0, 4, "east"), IndexError),
                          ((-1, 0, "east"), ValueError), ((0, 0, "up"), ValueError),
                          ((0, 0, 4), ValueError), (("0", 0, 1), TypeError)):
            with self.assertRaises(exc, msg=str(args)):
                m.is_open(*args)
        with self.assertRaises(IndexError):
            m.write("text", solution=[(0, 0), (9, 9)])

    def test_no_way_and_bad_files(self):
        walled = meiro.read("#####\n#S# #\n# # #\n# #G#\n#####\n", "text")
        with self.assertRaises(meiro.Error) as cm:
            walled.solve()
        self.assertIn("path", cm.exception.status)
        with self.assertRaises(meiro.Error):
            meiro.generate(5, 5, seed=1).solve("no-such-solver")
        with self.assertRaises(meiro.Error):
            meiro.load("/nonexistent/maze.txt")
        with tempfile.TemporaryDirectory() as d:
            with self.assertRaises(meiro.Error):
                meiro.generate(5, 5, seed=1).save(os.path.join(d, "maze.docx"))
            with self.assertRaises(meiro.Error):
                meiro.generate(5, 5, seed=1).save(os.path.join(d, "missing", "maze.pdf"))
            self.assertEqual(os.listdir(d), [])  # nothing half-written
            with self.assertRaises(meiro.Error):
                meiro.generate(5, 5, seed=1).save(os.path.join(d, "m.pdf"), paper="napkin")
            with self.assertRaises(meiro.Error):
                meiro.booklet(os.path.join(d, "b.pdf"), count=3, difficulty="easy-impossible")
            with self.assertRaises(ValueError):
                meiro.booklet(os.path.join(d, "b.pdf"), count=0)


if __name__ == "__main__":
    unittest.main()
