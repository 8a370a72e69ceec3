"""meiro: make mazes, solve them, and print them — the meiro C library from
Python.

    >>> import meiro
    >>> m = meiro.generate(20, 15, seed=3)
    >>> way = m.solve()
    >>> len(way), m.stats().dead_ends
    >>> m.save("maze.pdf", answers="after-page")

A maze is made as `meiro generate` makes it (the library's own plan: the
same options and seed give the same maze, and `to_json()` is the command
line's JSON byte for byte). Every failure is a meiro.Error carrying the
library's message."""

import ctypes
import os

from . import _lib
from ._lib import lib

__all__ = ["Error", "Maze", "Stats", "generate", "read", "load", "booklet", "generators",
           "solvers", "grids", "version", "ABI"]

ABI = _lib.ABI
DIRECTIONS = ("north", "east", "south", "west")  # a rectangle's sides, as meiro_dir numbers them
# the formats by name, as the library numbers them (meiro_format_info: NULL past the last)
_FORMATS = {}
while lib.meiro_format_info(len(_FORMATS)):
    _FORMATS[lib.meiro_format_info(len(_FORMATS)).contents.name.decode()] = len(_FORMATS)
_TEXT_FORMATS = ("text", "csv", "ascii", "unicode", "json", "page")
# meiro_job_setting
_JOB_FORMAT, _JOB_MAZE_GIVEN, _JOB_LEVEL, _JOB_FLOORS, _JOB_SHAPE, _JOB_TEXT = 0, 1, 3, 4, 8, 9
_GIVEN_WIDTH, _GIVEN_HEIGHT, _GIVEN_ALGORITHM, _GIVEN_ENDS = 1, 2, 4, 8
_U32, _U64 = 2**32 - 1, 2**64 - 1


class Error(Exception):
    """A refusal or failure of the library: its message, its status (the
    C library's meiro_status name, such as "argument" or "parse"), and for
    a file read, the line and column."""

    def __init__(self, err, what=None):
        message = err.message.decode("utf-8", "replace") or lib.meiro_strerror(err.status).decode()
        self.status = lib.meiro_strerror(err.status).decode()
        self.line, self.column = err.line, err.column
        super().__init__(f"{what}: {message}" if what else message)


def _check(status, err, what=None):
    if status != 0:
        raise Error(err, what)


def _bytes(value, name):
    if value is None:
        return None
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a str, not {type(value).__name__}")
    if "\0" in value:
        raise ValueError(f"{name} must not contain NUL")
    return value.encode("utf-8")


def _whole(value, name, low, high):
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    if not low <= value <= high:
        raise ValueError(f"{name} must be from {low} to {high}, not {value}")
    return value


def _named(lookup, value, name):
    """An enum's number from its name, by the library's own lookup (its
    message names the choices)."""
    out, err = ctypes.c_int(), _lib.Error()
    _check(lookup(_bytes(value, name), ctypes.byref(out), ctypes.byref(err)), err, name)
    return out.value


def _paper(opt, paper):
    """--paper's words: a4, letter, a3… or a size such as 6x9in, 210x210mm."""
    p, w, h, err = ctypes.c_int(opt.paper), ctypes.c_double(), ctypes.c_double(), _lib.Error()
    _check(lib.meiro_paper_parse(_bytes(paper, "paper"), ctypes.byref(p), ctypes.byref(w),
                                 ctypes.byref(h), ctypes.byref(err)), err, "paper")
    opt.paper, opt.paper_w_mm, opt.paper_h_mm = p.value, w.value, h.value


def version():
    """The version of the library loaded."""
    return lib.meiro_version().decode()


def _descs(count, info):
    return [info(i).contents.name.decode() for i in range(count())]


def generators():
    """The generators' names, as `meiro list` gives them."""
    return _descs(lib.meiro_generator_count, lib.meiro_generator_info)


def solvers():
    """The solvers' names."""
    return _descs(lib.meiro_solver_count, lib.meiro_solver_info)


def grids():
    """The grids' names: rect, polar, hex, triangle."""
    return [lib.meiro_grid_name(g).decode() for g in range(4)]


class Stats:
    """The metrics of `meiro stats`: cells, passages, perfect, reachable,
    solution, dead_ends, junctions, junctions4, corridors, turns,
    decisions, longest, river."""

    def __init__(self, s):
        for name, _ in _lib.Stats._fields_:
            setattr(self, name, getattr(s, name))

    def as_dict(self):
        return {name: getattr(self, name) for name, _ in _lib.Stats._fields_}

    def __repr__(self):
        return f"Stats({self.as_dict()})"


class Maze:
    """A maze: its grid, cells and walls, start and goal, seed and
    generator. Made by meiro.generate, meiro.read or meiro.load."""

    def __init__(self, handle):
        if not handle:
            raise ValueError("no maze")
        self._m = ctypes.c_void_p(handle)

    def __del__(self):
        m = getattr(self, "_m", None)
        if m:
            lib.meiro_maze_free(m)
            self._m = None

    # ---- what it is
    @property
    def width(self):
        return lib.meiro_maze_width(self._m)

    @property
    def height(self):
        return lib.meiro_maze_height(self._m)

    @property
    def grid(self):
        return lib.meiro_grid_name(lib.meiro_maze_grid(self._m)).decode()

    @property
    def start(self):
        c = lib.meiro_maze_start(self._m)
        return (c.x, c.y)

    @property
    def goal(self):
        c = lib.meiro_maze_goal(self._m)
        return (c.x, c.y)

    @property
    def seed(self):
        s = _lib.u64()
        return s.value if lib.meiro_maze_seed(self._m, ctypes.byref(s)) else None

    @property
    def algorithm(self):
        a = lib.meiro_maze_algorithm(self._m)
        return a.decode() if a else None

    @property
    def shape(self):
        s = lib.meiro_maze_shape(self._m)
        return s.decode() if s else None

    @property
    def crossings(self):
        """Weave crossings (a passage under another)."""
        return lib.meiro_maze_crossings(self._m)

    def __len__(self):
        return lib.meiro_maze_cell_count(self._m)

    def __eq__(self, other):
        return isinstance(other, Maze) and lib.meiro_maze_equal(self._m, other._m)

    def __repr__(self):
        return f"<meiro.Maze {self.grid} {self.width}x{self.height} seed={self.seed} {self.algorithm}>"

    def _cell(self, x, y):
        _whole(x, "x", 0, _U32)
        _whole(y, "y", 0, _U32)
        if y >= self.height or x >= lib.meiro_maze_row_width(self._m, y):
            raise IndexError(f"no cell ({x}, {y}) in this {self.width} x {self.height} maze")
        return _lib.Cell(x, y)

    def cells(self):
        """Every cell (x, y) of the maze, row by row (a shape's cells only
        where it has a mask; a round maze's rings are of their own widths)."""
        for y in range(self.height):
            for x in range(lib.meiro_maze_row_width(self._m, y)):
                if lib.meiro_maze_is_active(self._m, _lib.Cell(x, y)):
                    yield (x, y)

    def sides(self, x, y):
        """How many sides cell (x, y) has (4 on a rectangle, 6 on hexagons, 3
        on triangles; a round maze's cells 4 or more)."""
        return lib.meiro_maze_sides(self._m, self._cell(x, y))

    def is_open(self, x, y, side):
        """Whether side `side` of cell (x, y) is a passage: a side's number
        (0 .. sides-1) or, on a rectangle, "north", "east", "south", "west"."""
        if isinstance(side, str):
            if side not in DIRECTIONS:
                raise ValueError(f"side must be one of {', '.join(DIRECTIONS)}, not {side!r}")
            side = DIRECTIONS.index(side)
        cell = self._cell(x, y)
        _whole(side, "side", 0, lib.meiro_maze_sides(self._m, cell) - 1)
        return lib.meiro_maze_side_open(self._m, cell, side)

    def neighbours(self, x, y):
        """The cells (x, y) opens onto: the maze as a graph."""
        cell, out = self._cell(x, y), _lib.Cell()
        for side in range(lib.meiro_maze_sides(self._m, cell)):
            if lib.meiro_maze_side_open(self._m, cell, side) and \
                    lib.meiro_maze_neighbour(self._m, cell, side, ctypes.byref(out)):
                yield (out.x, out.y)

    def walls(self):
        """A rectangle's walls as a NumPy array of shape (height, width, 4) of
        bools (True: a wall; the sides north, east, south, west), when NumPy
        is installed."""
        import numpy
        if self.grid != "rect":
            raise ValueError(f"walls() is a rectangle's; this maze is {self.grid}: use is_open")
        a = numpy.ones((self.height, self.width, 4), dtype=bool)
        for x, y in self.cells():
            cell = _lib.Cell(x, y)
            for side in range(4):
                a[y, x, side] = not lib.meiro_maze_side_open(self._m, cell, side)
        return a

    # ---- solving and measuring
    def solve(self, solver=None):
        """The way from S to G: a list of cells (x, y), start and goal
        included (its `explored` attribute: cells the solver visited).
        Raises meiro.Error when G cannot be reached."""
        path, err = _lib.Path(), _lib.Error()
        status = lib.meiro_solve(self._m, _bytes(solver, "solver"), ctypes.byref(path), ctypes.byref(err))
        try:
            _check(status, err, "solve")
            way = Way((path.cells[i].x, path.cells[i].y) for i in range(path.length))
            way.explored = path.explored
            return way
        finally:
            lib.meiro_path_free(ctypes.byref(path))

    def stats(self):
        s, err = _lib.Stats(), _lib.Error()
        _check(lib.meiro_stats_compute(self._m, ctypes.byref(s), ctypes.byref(err)), err, "stats")
        return Stats(s)

    # ---- writing
    def _path(self, way):
        if way is None:
            return None
        cells = (_lib.Cell * len(way))(*[self._cell(x, y) for x, y in way])
        return _lib.Path(ctypes.cast(cells, ctypes.POINTER(_lib.Cell)), len(way), 0), cells

    def write(self, format="text", solution=None):
        """The maze in a text format (text, csv, ascii, unicode, json) as a
        str; `solution` (a way, as solve() gives) marks it."""
        if format not in _TEXT_FORMATS:
            raise ValueError(f"write() gives {', '.join(_TEXT_FORMATS)}; save() writes {format}")
        buf, size, err = ctypes.c_char_p(), ctypes.c_size_t(), _lib.Error()
        stream = _lib.libc.open_memstream(ctypes.byref(buf), ctypes.byref(size))
        if not stream:
            raise MemoryError("open_memstream")
        kept = self._path(solution)
        opt = _lib.ExportOptions()
        lib.meiro_export_options_init(ctypes.byref(opt))
        status = lib.meiro_write(self._m, ctypes.byref(kept[0]) if kept else None, _FORMATS[format],
                                 ctypes.byref(opt), stream, ctypes.byref(err))
        closed = _lib.libc.fclose(stream)
        try:
            _check(status, err, "write")
            if closed != 0:
                raise OSError(ctypes.get_errno(), "writing the maze to memory")
            return ctypes.string_at(buf, size.value).decode("utf-8")
        finally:
            _lib.libc.free(buf)

    def to_json(self):
        """The command line's JSON (meiro generate -f json), byte for byte."""
        return self.write("json")

    def to_text(self):
        return self.write("text")

    def to_csv(self):
        return self.write("csv")

    def save(self, filename, format=None, solution=None, answers=None, paper=None, title=None,
             name=None, lang=None, footer=None):
        """Writes the maze to `filename` in any format (by its extension, or
        `format`): pdf, svg, png, xlsx, html, json, text, csv, page; a
        machine's gcode, hpgl, dxf; a 3D print's stl, stl-ascii, 3mf. `answers`:
        none, after-page, key, back (PDF, XLSX), the way found by the
        library; `solution`: a way drawn on the puzzle itself; `paper`: a4,
        letter, a3, 6x9in...; `title`, `name` (the name line), `lang` ("en",
        "ja"), `footer`. Written to a temporary file and renamed."""
        path = os.fspath(filename)
        fmt, err = ctypes.c_int(), _lib.Error()
        if format is not None:
            fmt.value = _named(lib.meiro_format_from_name, format, "format")
        else:
            _check(lib.meiro_format_from_filename(_bytes(path, "filename"), 0, ctypes.byref(fmt),
                                                  ctypes.byref(err)), err, path)
        opt = _lib.ExportOptions()
        lib.meiro_export_options_init(ctypes.byref(opt))
        if paper is not None:
            _paper(opt, paper)
        if answers is not None:
            opt.answers = _named(lib.meiro_answers_from_name, answers, "answers")
        opt.title, opt.name, opt.lang, opt.footer = (_bytes(title, "title"), _bytes(name, "name"),
                                                      _bytes(lang, "lang"), _bytes(footer, "footer"))
        kept = self._path(solution)
        _check(lib.meiro_save(self._m, ctypes.byref(kept[0]) if kept else None, fmt, ctypes.byref(opt),
                              _bytes(path, "filename"), ctypes.byref(err)), err, path)


class Way(list):
    """A way through a maze: its cells (x, y) from S to G; `explored`: the
    cells the solver visited to find it."""
    explored = 0


def generate(width=None, height=None, seed=None, algorithm=None, grid=None, loops=None,
             ends=None, weave=None, shape=None, text=None, age=None, level=None, floors=None):
    """A maze, as `meiro generate` makes it from the same options: width and
    height in cells (default 20 x 15, or the level's), seed (default: a
    random one, kept in the maze), algorithm (meiro.generators()), grid
    (rect, polar, hex, triangle), loops (0-100: dead ends opened), ends
    (corners, farthest, border, center, center-out), weave (0-100), shape
    (heart, star, cat… or a picture file), text (a maze inside its
    letters), age (3-99) or level (easy, normal, hard, expert), floors
    (2-8 joined by stairs)."""
    err = _lib.Error()
    job = lib.meiro_job_new()
    if not job:
        raise MemoryError("meiro_job_new")
    try:
        opt, given = lib.meiro_job_maze(job).contents, 0
        if width is not None:
            opt.width, given = _whole(width, "width", 1, _U32), given | _GIVEN_WIDTH
        if height is not None:
            opt.height, given = _whole(height, "height", 1, _U32), given | _GIVEN_HEIGHT
        if algorithm is not None:
            keep_algorithm = _bytes(algorithm, "algorithm")
            opt.algorithm, given = keep_algorithm, given | _GIVEN_ALGORITHM
        if ends is not None:
            opt.ends, given = _named(lib.meiro_ends_from_name, ends, "ends"), given | _GIVEN_ENDS
        if grid is not None:
            opt.grid = _named(lib.meiro_grid_from_name, grid, "grid")
        if loops is not None:
            opt.loops = _whole(loops, "loops", 0, 100)
        if weave is not None:
            opt.weave = _whole(weave, "weave", 0, 100)
        opt.seed = int.from_bytes(os.urandom(8), "little") if seed is None else _whole(seed, "seed", 0, _U64)
        chosen = -1
        if age is not None and level is not None:
            raise ValueError("age or level, not both")
        if age is not None:
            out = ctypes.c_int()
            _check(lib.meiro_level_for_age(_whole(age, "age", 0, 200), ctypes.byref(out),
                                           ctypes.byref(err)), err, "age")
            chosen = out.value
        if level is not None:
            chosen = _named(lib.meiro_level_from_name, level, "level")
        # planned as JSON, which shows every grid and kind: the maze as data
        for setting, value in ((_JOB_FORMAT, _FORMATS["json"]), (_JOB_MAZE_GIVEN, given), (_JOB_LEVEL, chosen),
                               (_JOB_FLOORS, 0 if floors is None else _whole(floors, "floors", 1, 8))):
            _check(lib.meiro_job_set_int(job, setting, value, ctypes.byref(err)), err)
        for setting, value, what in ((_JOB_SHAPE, shape, "shape"), (_JOB_TEXT, text, "text")):
            if value is not None:
                _check(lib.meiro_job_set_text(job, setting, _bytes(value, what), ctypes.byref(err)), err)
        _check(lib.meiro_job_plan(job, ctypes.byref(err)), err, "generate")
        _check(lib.meiro_job_prepare(job, ctypes.byref(err)), err, "generate")
        maze, path = _lib.Maze(), _lib.Path()
        _check(lib.meiro_job_make(job, None, ctypes.byref(maze), ctypes.byref(path), ctypes.byref(err)),
               err, "generate")
        lib.meiro_path_free(ctypes.byref(path))
        return Maze(maze.value)
    finally:
        lib.meiro_job_free(job)


def read(data, format="text"):
    """A maze from its text, CSV or JSON (a str or bytes, as Maze.write
    gives or `meiro generate -f FORMAT` writes). A malformed one raises
    meiro.Error with its line and column."""
    if isinstance(data, str):
        data = data.encode("utf-8")
    if not isinstance(data, (bytes, bytearray)):
        raise TypeError(f"data must be str or bytes, not {type(data).__name__}")
    fmt = _named(lib.meiro_format_from_name, format, "format")
    buf = ctypes.create_string_buffer(bytes(data), len(data))
    stream = _lib.libc.fmemopen(buf, len(data), b"r") if data else _lib.libc.fopen(b"/dev/null", b"r")
    if not stream:
        raise OSError(ctypes.get_errno(), "fmemopen")
    err = _lib.Error()
    try:
        m = lib.meiro_read(stream, fmt, ctypes.byref(err))
    finally:
        _lib.libc.fclose(stream)
    if not m:
        raise Error(err, f"{format}: line {err.line}, column {err.column}" if err.line else format)
    return Maze(m)


def load(filename, format=None):
    """A maze from a file (its format by its extension, or `format`)."""
    path, err = os.fspath(filename), _lib.Error()
    # MEIRO_FORMAT_COUNT: by the file's extension
    fmt = _named(lib.meiro_format_from_name, format, "format") if format else len(_FORMATS)  # COUNT
    m = lib.meiro_load(_bytes(path, "filename"), fmt, ctypes.byref(err))
    if not m:
        raise Error(err, path)
    return Maze(m)


def booklet(filename, count=12, seed=None, difficulty=None, from_size=None, to_size=None,
            answers=None, paper=None, title=None, algorithm=None, format=None):
    """A booklet of `count` mazes getting harder, as `meiro booklet` makes it:
    difficulty "easy-hard" (levels from-to) or from_size/to_size as (w, h),
    answers (key, after-page, none…), paper, title; PDF, XLSX or HTML by
    the file's extension. Its last page says the call that makes it again,
    with the seed chosen when none is given."""
    path, err = os.fspath(filename), _lib.Error()
    b, page = _lib.BookletOptions(), _lib.ExportOptions()
    lib.meiro_booklet_options_init(ctypes.byref(b))
    lib.meiro_export_options_init(ctypes.byref(page))
    b.count = _whole(count, "count", 1, 10000)
    b.seed = int.from_bytes(os.urandom(8), "little") if seed is None else _whole(seed, "seed", 0, _U64)
    given = dict(count=count, seed=b.seed, difficulty=difficulty, from_size=from_size,
                 to_size=to_size, answers=answers, paper=paper, title=title,
                 algorithm=algorithm, format=format)
    # the call's words, broken by the page only between them (as a shell
    # command's are: the library keeps single-quoted words whole)
    remake = _bytes("meiro.booklet(" + ", ".join(
        [repr(os.path.basename(path))] +
        ["%s=%r" % (k, v) for k, v in given.items() if v is not None]) + ")", "command")
    b.command = remake
    keep = _bytes(algorithm, "algorithm")
    b.algorithm = keep
    if difficulty is not None:
        if not isinstance(difficulty, str):
            raise TypeError("difficulty must be a str such as 'easy-hard'")
        low, _, high = difficulty.partition("-")
        b.from_level = _named(lib.meiro_level_from_name, low, "difficulty")
        b.to_level = _named(lib.meiro_level_from_name, high or low, "difficulty")
    for (attr_w, attr_h), size, what in ((("from_w", "from_h"), from_size, "from_size"),
                                         (("to_w", "to_h"), to_size, "to_size")):
        if size is not None:
            w, h = size
            setattr(b, attr_w, _whole(w, what, 2, _U32))
            setattr(b, attr_h, _whole(h, what, 2, _U32))
    if paper is not None:
        _paper(page, paper)
    if answers is not None:
        page.answers = _named(lib.meiro_answers_from_name, answers, "answers")
    page.title = _bytes(title, "title")
    fmt = ctypes.c_int()
    if format is not None:
        fmt.value = _named(lib.meiro_format_from_name, format, "format")
    else:
        _check(lib.meiro_format_from_filename(_bytes(path, "filename"), 4, ctypes.byref(fmt),
                                              ctypes.byref(err)), err, path)
    _check(lib.meiro_booklet_save(ctypes.byref(b), ctypes.byref(page), fmt, _bytes(path, "filename"),
                                  ctypes.byref(err)), err, path)
