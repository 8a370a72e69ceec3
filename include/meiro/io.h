/* meiro/io.h — formats, reading and writing mazes and documents.
 * Include <meiro.h>, not this file. */
#ifndef MEIRO_IO_H
#define MEIRO_IO_H

#ifndef MEIRO_H
#error "include <meiro.h>, not <meiro/io.h>"
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Files ------------------------------------------------------------ */

typedef enum meiro_format {
    MEIRO_FORMAT_TEXT,    /* block grid: '#' walls, ' ' passages, S G . */
    MEIRO_FORMAT_CSV,     /* the same grid as CSV: 1 wall, 0 passage, S G . */
    MEIRO_FORMAT_ASCII,   /* +--+ and | line drawing */
    MEIRO_FORMAT_UNICODE, /* box-drawing characters */
    MEIRO_FORMAT_PDF,     /* printable vector pages (write only) */
    MEIRO_FORMAT_SVG,     /* a vector page in millimetres (write only) */
    MEIRO_FORMAT_PNG,     /* a raster page or the cropped maze (write only) */
    MEIRO_FORMAT_XLSX,    /* a spreadsheet: walls as cell borders (write only) */
    MEIRO_FORMAT_HTML,    /* a page to play in a browser and print (write only) */
    MEIRO_FORMAT_JSON,    /* data: cells with their geometry, passages, start, goal */
    MEIRO_FORMAT_PAGE,    /* the pages as data: paths, text runs, pictures (JSON; ABI 7) */
    MEIRO_FORMAT_STL,     /* a 3D print: base and walls, in mm (binary; write only) */
    MEIRO_FORMAT_STL_ASCII, /* the same as text */
    MEIRO_FORMAT_3MF,     /* the same parts named, in a 3MF package (write only) */
    MEIRO_FORMAT_GCODE,   /* a pen plotter's G-code (GRBL): the maze's strokes, merged
                             and ordered (write only; MEIRO_PRINT_PLOTTER) */
    MEIRO_FORMAT_HPGL,    /* the same strokes in HP-GL (write only; MEIRO_PRINT_PLOTTER) */
    MEIRO_FORMAT_DXF,     /* a laser cutter's or router's DXF R12: CUT and ENGRAVE layers
                             (write only; MEIRO_PRINT_LASER) */
    MEIRO_FORMAT_COUNT
} meiro_format;

typedef struct meiro_format_desc {
    meiro_format format;
    const char *name;       /* "text" */
    const char *extensions; /* space-separated, without dots: "txt" */
    const char *description;
    bool readable;
    bool binary; /* not for a terminal */
} meiro_format_desc;

MEIRO_API const meiro_format_desc *meiro_format_info(meiro_format format); /* NULL if invalid */

/* Looks a format up by name or extension ("text", "txt", "csv", ...). */
MEIRO_API meiro_status meiro_format_from_name(const char *name, meiro_format *format,
                                              meiro_error *err);

/* The format named by a file name's extension; MEIRO_ERROR_UNKNOWN_NAME if
 * the extension is unknown, and `fallback` if the name has no extension. */
MEIRO_API meiro_status meiro_format_from_filename(const char *filename, meiro_format fallback,
                                                  meiro_format *format, meiro_error *err);

/* For a name or option not found, as the library's own lookups do: ";
 * did you mean 'polar'?" in `out` when one of `candidates` (separated by
 * spaces or commas) is near `word` (case ignored: a letter or two off for
 * its length, or `word` the beginning of it), else "". Returns out. */
MEIRO_API const char *meiro_name_hint(const char *word, const char *candidates, char *out,
                                      size_t size);

/* What a format does with the page settings, for front ends that warn of
 * an option that would change nothing. */
typedef enum meiro_page_setting {
    MEIRO_SETTING_PAGE,  /* paper, orientation, margin, cell, texts,
                            language, art, footer: the printable formats
                            (pdf, svg, png, xlsx, html) */
    MEIRO_SETTING_BLEED, /* bleed and gutter: pdf (the others refuse them) */
    MEIRO_SETTING_DPI,   /* the resolution: png */
    MEIRO_SETTING_CROP,  /* the maze alone: pdf, svg, png */
    MEIRO_SETTING_PLAY   /* a sheet to play: xlsx (the others refuse it) */
} meiro_page_setting;
MEIRO_API bool meiro_format_uses(meiro_format format, meiro_page_setting setting);

/* What a format can show or take, one column each of the format table
 * (ABI 6): a front end asks meiro_format_can instead of keeping lists of
 * formats, and meiro_write refuses exactly what it answers false for
 * (tests/test_formats.c walks every format and capability). */
typedef enum meiro_capability {
    MEIRO_CAN_READ,     /* read back by meiro_read: text, csv, ascii, unicode, json */
    MEIRO_CAN_PAGE,     /* laid out on a page (MEIRO_SETTING_PAGE): pdf, svg, png,
                           xlsx, html */
    MEIRO_CAN_BLEED,    /* bleed, gutter, a print service: pdf (MEIRO_SETTING_BLEED) */
    MEIRO_CAN_DPI,      /* a resolution: png (MEIRO_SETTING_DPI) */
    MEIRO_CAN_CROP,     /* the maze alone, without its page: pdf, svg, png */
    MEIRO_CAN_PLAY,     /* a sheet to play (opt->play): xlsx */
    MEIRO_CAN_ANSWERS,  /* the answers on pages of their own in the same file (answers,
                           answer_page): pdf, xlsx; the others write them to a second file
                           (meiro_answers_apart) */
    MEIRO_CAN_GRIDS,    /* the polar, hex and triangle grids (every format takes a
                           rectangle): pdf, svg, png, json (meiro_export_grid_check) */
    MEIRO_CAN_WEAVE,    /* a weave maze's crossings: all but ascii and unicode */
    MEIRO_CAN_MISSIONS, /* a mission's keys, doors, items, arrows: all but ascii and
                           unicode (meiro_mission_check) */
    MEIRO_CAN_LEVELS,   /* a multi-level maze's floors and stairs: pdf, svg, png, json,
                           html */
    MEIRO_CAN_BOOKLET,  /* a booklet (meiro_booklet_write): pdf, xlsx, html */
    MEIRO_CAN_SOLID,    /* a 3D print, sized by the job's MEIRO_JOB_BALL_UM and others
                           (meiro_job_save): stl, stl-ascii, 3mf */
    MEIRO_CAN_WRAP,     /* a wrapped maze's seams (MEIRO_JOB_WRAP): pdf, svg, png, json, page */
    MEIRO_CAN_COUNT
} meiro_capability;
/* Whether `format` can; false for an invalid format or capability. */
MEIRO_API bool meiro_format_can(meiro_format format, meiro_capability capability);
/* The names of the formats that can, in the table's order, joined by ", "
 * ("pdf, svg, png, json"), for a refusal to say what to write instead; cut
 * short (at a whole name) if `size` is too small. Returns `list`. ABI 7 */
MEIRO_API const char *meiro_format_list(meiro_capability capability, char *list, size_t size);
/* The capability's name, as the server's /api/choices says it: "read",
 * "page", "bleed", "dpi", "crop", "play", "answers", "grids", "weave",
 * "missions", "levels", "booklet"; NULL if invalid. */
MEIRO_API const char *meiro_capability_name(meiro_capability capability);

/* A sheet of more cells than this takes LibreOffice over ten seconds to
 * open and print (measured with LibreOffice 7.4 converting to PDF: 120 x
 * 120 cells 6 s, 150 x 150 15 s, 200 x 200 77 s): front ends warn. */
#define MEIRO_XLSX_SLOW_CELLS 16900u

/* Whether the answers asked for in opt (answers or answer_page, not a
 * template's) go to a second file: a format of one page a file (svg, png,
 * html, the text formats) has no room for answer pages, so the puzzle goes
 * to one file and its answers to another (meiro_write refuses them). PDF
 * and XLSX answer in pages and sheets of their own. */
MEIRO_API bool meiro_answers_apart(meiro_format format, const meiro_export_options *opt);

/* A cover (meiro/page.h) as `format`: MEIRO_FORMAT_PDF (meiro_cover_save_with), or
 * MEIRO_FORMAT_PAGE, its page as data (doc/page-format.md: what the PDF
 * draws, before PDF/X, which it refuses), composed with no drawing library
 * (the browser's build makes it, and draws it). ABI 7 */
MEIRO_API meiro_status meiro_cover_save_as(const meiro_cover_options *c,
                                           const meiro_export_options *page,
                                           meiro_format format, const char *filename,
                                           meiro_error *err);

/* Whether the options themselves (answers or answer_page, not a template)
 * ask for the answers: then a front end finds the path, with the solver
 * the user chose, and hands it to meiro_write (else a template's answers
 * are found with bfs). */
MEIRO_API bool meiro_answers_asked(const meiro_export_options *opt);

/* Writes the maze, with the path drawn if path is not NULL, to a stream.
 * opt (NULL = defaults) sets the page of the printable formats. With
 * opt->answer_page the path is drawn on a second page only. */
MEIRO_API meiro_status meiro_write(const meiro_maze *maze, const meiro_path *path,
                                   meiro_format format, const meiro_export_options *opt, FILE *out,
                                   meiro_error *err);

/* Checks, before any maze is made, what meiro_write would refuse only after
 * the work: a width x height maze in this format with these options (the
 * maze's size, the page it must fit, the cell size, a PNG's resolution and
 * width in pixels, an answer page with the format). MEIRO_OK, or the error
 * meiro_write would give. opt NULL = defaults. */
MEIRO_API meiro_status meiro_export_check(uint32_t width, uint32_t height, meiro_format format,
                                          const meiro_export_options *opt, meiro_error *err);
/* Whether `format` can show a maze on `grid`: every format takes a
 * rectangle; polar, hex and triangle mazes go to the drawn formats (pdf,
 * svg, png) and JSON, and the others (text, csv, ascii, unicode, xlsx,
 * html) refuse them with a message naming those that work. */
MEIRO_API meiro_status meiro_export_grid_check(meiro_grid grid, meiro_format format,
                                               meiro_error *err);
/* meiro_export_check, and the side in mm of the maze's cells on the page
 * (PDF, SVG, PNG; 0 for the other formats), to warn of cells too small to
 * draw in. */
MEIRO_API meiro_status meiro_export_cell_mm(uint32_t width, uint32_t height, meiro_format format,
                                            const meiro_export_options *opt, double *cell_mm,
                                            meiro_error *err);
/* meiro_export_cell_mm for a maze of any grid (meiro_maze_new_grid's width
 * and height: a polar maze's height is its rings): a polar, hex or
 * triangle maze is laid out by its bounding box, its cell_mm a corridor's
 * width (cell_mm may be NULL), and refused as meiro_export_grid_check
 * says. */
MEIRO_API meiro_status meiro_export_grid_cell_mm(meiro_grid grid, uint32_t width, uint32_t height,
                                                 meiro_format format,
                                                 const meiro_export_options *opt, double *cell_mm,
                                                 meiro_error *err);
/* A playable HTML page holds at most this many cells (1000 x 1000, a page
 * of some 27 MB), an HTML booklet's mazes together; larger ones are
 * refused before the work. */
#define MEIRO_HTML_MAX_CELLS 1000000u

/* Draws a page description (MEIRO_FORMAT_PAGE's JSON, doc/page-format.md)
 * read from the file `page` (NULL or "-": standard input) with meiro's
 * cairo backend, as a PDF of its pages saved to `filename` (atomically;
 * NULL or "-": standard output). Broken JSON names its line and column, a field
 * that is not as the format says its page and item. ABI 7 */
MEIRO_API meiro_status meiro_page_draw(const char *page, const char *filename, meiro_error *err);

/* Checks, before the work, that meiro_save (or any save of meiro's) can
 * write `filename`: links are followed to the file they name (a loop of
 * links is refused; a link to a file not there yet stays a link, its file
 * made), which is not a folder, in a folder that exists and can be written
 * in. MEIRO_OK, or MEIRO_ERROR_IO with the reason; MEIRO_OK for a device
 * or a descriptor's name (/dev/stdout). */
MEIRO_API meiro_status meiro_save_check(const char *filename, meiro_error *err);
/* Whether two names are one file once links are followed: the same
 * device and inode, or (not written yet) the same name in the same
 * folder. Devices and pipes are never the same file. */
MEIRO_API bool meiro_same_file(const char *a, const char *b);

/* Writes the maze to a file atomically: a temporary file in the same
 * directory is written, flushed and renamed over `filename`, so a failure
 * never leaves a partial file and an existing file is replaced only by a
 * complete one. */
MEIRO_API meiro_status meiro_save(const meiro_maze *maze, const meiro_path *path,
                                  meiro_format format, const meiro_export_options *opt,
                                  const char *filename, meiro_error *err);

/* Removes the temporary files of the saves in progress (every meiro_save,
 * meiro_booklet_save, meiro_animate_svg_save and meiro_animate_frames of the
 * process). Async-signal-safe: for a program's SIGINT, SIGTERM or SIGPIPE
 * handler that then ends the process (the saves it interrupts cannot
 * finish). */
MEIRO_API void meiro_remove_temp_files(void);

/* Reads a maze (text, CSV or JSON) from a stream. Parse errors carry line and
 * column (for CSV: the field number). Returns NULL and fills err. */
MEIRO_API meiro_maze *meiro_read(FILE *in, meiro_format format, meiro_error *err);

/* Opens and reads a file; the format comes from its extension unless
 * `format` is not MEIRO_FORMAT_COUNT. */
MEIRO_API meiro_maze *meiro_load(const char *filename, meiro_format format, meiro_error *err);

#ifdef __cplusplus
}
#endif

#endif /* MEIRO_IO_H */
