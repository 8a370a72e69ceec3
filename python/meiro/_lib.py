"""The C library as ctypes sees it: libmeiro.so.ABI loaded, the structs the
API passes by pointer (frozen at ABI 7: include/meiro/*.h say their sizes,
tests/test_meiro.py compares), and the functions' signatures.

ctypes rather than cffi: nothing to compile (cffi's API mode needs a C
compiler at install time, its ABI mode gains nothing over ctypes here), the
standard library only, and the library's own functions do every check, so
the binding stays a thin layer."""

import ctypes
import ctypes.util
import os

ABI = 7  # libmeiro.so.7: the soname, MEIRO_ABI_VERSION in include/meiro.h

c_int, c_uint, c_bool, c_double = ctypes.c_int, ctypes.c_uint, ctypes.c_bool, ctypes.c_double
c_char_p, c_void_p, c_size_t = ctypes.c_char_p, ctypes.c_void_p, ctypes.c_size_t
u8, u32, u64, P = ctypes.c_uint8, ctypes.c_uint32, ctypes.c_uint64, ctypes.POINTER


def _load():
    """libmeiro.so.ABI: $MEIRO_LIBRARY if set (a build tree's), else the
    system's. A library of another ABI is refused here, at import."""
    name = os.environ.get("MEIRO_LIBRARY") or f"libmeiro.so.{ABI}"
    try:
        lib = ctypes.CDLL(name)
    except OSError as e:
        raise ImportError(
            f"meiro: cannot load {name} ({e}); install the library of ABI {ABI} "
            f"(Debian: apt install libmeiro{ABI}; from source: make install), or set "
            "MEIRO_LIBRARY to its path") from None
    # the soname names the ABI; a file renamed or an old build says otherwise
    if not hasattr(lib, "meiro_job_new"):  # ABI 7's job: absent before it
        raise ImportError(f"meiro: {name} is older than ABI {ABI} (it has no meiro_job_new); "
                          "install a newer libmeiro")
    return lib


lib = _load()


class Error(ctypes.Structure):
    _fields_ = [("status", c_int), ("field", c_int), ("line", ctypes.c_ulong),
                ("column", ctypes.c_ulong), ("message", ctypes.c_char * 256),
                ("source", ctypes.c_char * 1024)]


class Cell(ctypes.Structure):
    _fields_ = [("x", u32), ("y", u32)]


class Path(ctypes.Structure):
    _fields_ = [("cells", P(Cell)), ("length", c_size_t), ("explored", u64)]


class AlgorithmDesc(ctypes.Structure):
    _fields_ = [("name", c_char_p), ("aliases", c_char_p), ("description", c_char_p)]


class LevelDesc(ctypes.Structure):
    _fields_ = [("name", c_char_p), ("ages", c_char_p), ("description", c_char_p),
                ("width", u32), ("height", u32), ("algorithm", c_char_p), ("ends", c_int),
                ("cell_mm", c_double)]


class Stats(ctypes.Structure):
    _fields_ = [("width", u32), ("height", u32), ("cells", u64), ("passages", u64),
                ("perfect", c_bool), ("reachable", u64), ("solution", u64), ("dead_ends", u64),
                ("junctions", u64), ("junctions4", u64), ("corridors", u64), ("turns", u64),
                ("decisions", u64), ("longest", u64), ("river", c_double)]


class GenerateOptions(ctypes.Structure):
    _fields_ = [("width", u32), ("height", u32), ("algorithm", c_char_p), ("seed", u64),
                ("bias", c_double), ("loops", c_uint), ("ends", c_int), ("start", Cell),
                ("goal", Cell), ("observer", c_void_p), ("grid", c_int), ("mask", P(u8)),
                ("shape_name", c_char_p), ("no_bridges", c_bool), ("weave", c_uint)]


class ExportOptions(ctypes.Structure):
    _fields_ = [("paper", c_int), ("paper_w_mm", c_double), ("paper_h_mm", c_double),
                ("bleed_mm", c_double), ("gutter_mm", c_double), ("orientation", c_int),
                ("margin_mm", c_double), ("cell_mm", c_double), ("title", c_char_p),
                ("subtitle", c_char_p), ("name", c_char_p), ("footer", c_char_p),
                ("no_footer", c_bool), ("answer_page", c_bool), ("answers", c_int),
                ("key_per_page", c_uint), ("dpi", c_uint), ("crop", c_bool),
                ("answers_only", c_bool), ("play", c_bool), ("tpl", c_void_p), ("lang", c_char_p),
                ("art", c_char_p), ("print", c_int), ("pdfx", c_bool), ("pdfx4", c_bool),
                ("signs", c_int)]


class MissionOptions(ctypes.Structure):
    _fields_ = [("kind", c_int), ("count", c_uint), ("one_way", c_uint), ("seed", u64)]


PROGRESS = ctypes.CFUNCTYPE(None, c_void_p, c_uint, c_uint)


class BookletOptions(ctypes.Structure):
    _fields_ = [("count", c_uint), ("from_w", u32), ("from_h", u32), ("to_w", u32), ("to_h", u32),
                ("from_level", c_int), ("to_level", c_int), ("algorithm", c_char_p), ("seed", u64),
                ("cover", c_int), ("contents", c_int), ("copies", c_uint), ("names", P(c_char_p)),
                ("fold", c_int), ("sheet", c_int), ("signature", c_uint), ("creep_mm", c_double),
                ("shapes", c_char_p), ("grids", c_uint), ("command", c_char_p),
                ("progress", PROGRESS), ("progress_ctx", c_void_p), ("kinds", c_char_p),
                ("same_mazes", c_bool), ("workings", c_int), ("remake_file", c_char_p)]


Maze = c_void_p  # meiro_maze *, opaque
Job = c_void_p   # meiro_job *, opaque
E = P(Error)

_SIGNATURES = {
    "meiro_version": (c_char_p, []),
    "meiro_strerror": (c_char_p, [c_int]),
    "meiro_field_name": (c_char_p, [c_int]),
    "meiro_generator_count": (c_size_t, []),
    "meiro_generator_info": (P(AlgorithmDesc), [c_size_t]),
    "meiro_solver_count": (c_size_t, []),
    "meiro_solver_info": (P(AlgorithmDesc), [c_size_t]),
    "meiro_generate_options_init": (None, [P(GenerateOptions)]),
    "meiro_export_options_init": (None, [P(ExportOptions)]),
    "meiro_booklet_options_init": (None, [P(BookletOptions)]),
    "meiro_grid_from_name": (c_int, [c_char_p, P(c_int), E]),
    "meiro_grid_name": (c_char_p, [c_int]),
    "meiro_ends_from_name": (c_int, [c_char_p, P(c_int), E]),
    "meiro_format_from_name": (c_int, [c_char_p, P(c_int), E]),
    "meiro_format_from_filename": (c_int, [c_char_p, c_int, P(c_int), E]),
    "meiro_paper_parse": (c_int, [c_char_p, P(c_int), P(c_double), P(c_double), E]),
    "meiro_answers_from_name": (c_int, [c_char_p, P(c_int), E]),
    "meiro_level_from_name": (c_int, [c_char_p, P(c_int), E]),
    "meiro_level_for_age": (c_int, [c_uint, P(c_int), E]),
    "meiro_level_info": (P(LevelDesc), [c_int]),
    "meiro_mission_from_name": (c_int, [c_char_p, P(MissionOptions), E]),
    "meiro_job_new": (Job, []),
    "meiro_job_free": (None, [Job]),
    "meiro_job_maze": (P(GenerateOptions), [Job]),
    "meiro_job_page": (P(ExportOptions), [Job]),
    "meiro_job_mission": (P(MissionOptions), [Job]),
    "meiro_job_set_int": (c_int, [Job, c_int, ctypes.c_longlong, E]),
    "meiro_job_set_text": (c_int, [Job, c_int, c_char_p, E]),
    "meiro_job_plan": (c_int, [Job, E]),
    "meiro_job_prepare": (c_int, [Job, E]),
    "meiro_job_warning": (c_char_p, [Job, c_size_t, P(c_int)]),
    "meiro_job_make": (c_int, [Job, c_void_p, P(Maze), P(Path), E]),
    "meiro_maze_free": (None, [Maze]),
    "meiro_maze_clone": (Maze, [Maze, E]),
    "meiro_maze_width": (u32, [Maze]),
    "meiro_maze_height": (u32, [Maze]),
    "meiro_maze_grid": (c_int, [Maze]),
    "meiro_maze_row_width": (u32, [Maze, u32]),
    "meiro_maze_cell_count": (u64, [Maze]),
    "meiro_maze_is_active": (c_bool, [Maze, Cell]),
    "meiro_maze_sides": (c_uint, [Maze, Cell]),
    "meiro_maze_neighbour": (c_bool, [Maze, Cell, c_uint, P(Cell)]),
    "meiro_maze_side_open": (c_bool, [Maze, Cell, c_uint]),
    "meiro_maze_start": (Cell, [Maze]),
    "meiro_maze_goal": (Cell, [Maze]),
    "meiro_maze_seed": (c_bool, [Maze, P(u64)]),
    "meiro_maze_algorithm": (c_char_p, [Maze]),
    "meiro_maze_shape": (c_char_p, [Maze]),
    "meiro_maze_equal": (c_bool, [Maze, Maze]),
    "meiro_maze_crossings": (u64, [Maze]),
    "meiro_maze_levels": (c_uint, [Maze]),
    "meiro_solve": (c_int, [Maze, c_char_p, P(Path), E]),
    "meiro_path_free": (None, [P(Path)]),
    "meiro_stats_compute": (c_int, [Maze, P(Stats), E]),
    "meiro_write": (c_int, [Maze, P(Path), c_int, P(ExportOptions), c_void_p, E]),
    "meiro_save": (c_int, [Maze, P(Path), c_int, P(ExportOptions), c_char_p, E]),
    "meiro_read": (Maze, [c_void_p, c_int, E]),
    "meiro_load": (Maze, [c_char_p, c_int, E]),
    "meiro_booklet_save": (c_int, [P(BookletOptions), P(ExportOptions), c_int, c_char_p, E]),
}
for _name, (_res, _args) in _SIGNATURES.items():
    _f = getattr(lib, _name)
    _f.restype, _f.argtypes = _res, _args

# the C library's memory streams: meiro_write and meiro_read take a FILE *
libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
libc.open_memstream.restype, libc.open_memstream.argtypes = c_void_p, [P(ctypes.c_char_p), P(c_size_t)]
libc.fmemopen.restype, libc.fmemopen.argtypes = c_void_p, [c_void_p, c_size_t, c_char_p]
libc.fclose.restype, libc.fclose.argtypes = c_int, [c_void_p]
libc.fopen.restype, libc.fopen.argtypes = c_void_p, [c_char_p, c_char_p]
libc.free.restype, libc.free.argtypes = None, [c_void_p]
