/* The format table and the file-level entry points: meiro_write/read to
 * streams, meiro_save (atomically, through save.c) and meiro_load. */
#define _POSIX_C_SOURCE 200809L
#include "core/numbers.h"
#include "core/error.h"
#include "core/model.h"
#include "core/names.h"
#include "io/io.h"
#include "page/layout.h"
#include "page/machine.h"
#include "page/pdfx.h"
#include "page/print.h"
#include "solid/solid.h"
#include "compose/document.h"
#include "draw/export.h"
#include "draw/module.h"
#include "job/formats.h"
#include "job/tactile_plate.h"
#include "xlsx/xlsx.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <strings.h>

typedef meiro_status (*write_fn)(const meiro_maze *m, const meiro_path *path,
                                 const meiro_export_options *opt, FILE *out, const char *temp_dir,
                                 meiro_error *err);
typedef meiro_maze *(*read_fn)(FILE *in, meiro_error *err);
/* a 3D print's writer: the print's sizes instead of a page */
typedef meiro_status (*solid_fn)(const meiro_maze *m, const meiro_path *path, const solid_sizes *s,
                                 FILE *out, meiro_error *err);

/* The plain-text writers have no page options and only fail on I/O. */
#define PLAIN_WRITER(name, call)                                                                   \
    static meiro_status name(const meiro_maze *m, const meiro_path *p,                             \
                             const meiro_export_options *opt, FILE *o, const char *temp_dir,       \
                             meiro_error *err)                                                     \
    {                                                                                              \
        (void)opt;                                                                                 \
        (void)temp_dir;                                                                            \
        meiro_status s = call;                                                                     \
        if (s == MEIRO_ERROR_NOMEM) return fail(err, s, "out of memory writing the maze");         \
        return s == MEIRO_OK ? s : fail_write(err);                                                \
    }
PLAIN_WRITER(w_text_plain, write_text(m, p, o, false))
PLAIN_WRITER(w_csv_plain, write_text(m, p, o, true))
PLAIN_WRITER(w_ascii, write_lines(m, p, o, false))
PLAIN_WRITER(w_unicode, write_lines(m, p, o, true))
PLAIN_WRITER(w_json_plain, write_json(m, p, o))
/* JSON: only what reads back (a shape its grid can be made for) */
static meiro_status w_json(const meiro_maze *m, const meiro_path *p,
                           const meiro_export_options *opt, FILE *o, const char *temp_dir,
                           meiro_error *err)
{
    if (m->active) {
        meiro_status s = shape_readable_as_json(m->w, m->h, m->active_count, err);
        if (s != MEIRO_OK) return s;
    }
    return w_json_plain(m, p, opt, o, temp_dir, err);
}
/* Text and CSV write a crossing in its cell, where S or G would stand. */
static meiro_status crossing_free_ends(const meiro_maze *m, const char *format, meiro_error *err)
{
    if (!m->weave || (meiro_maze_crossing(m, m->start) == MEIRO_NO_DIR &&
                      meiro_maze_crossing(m, m->goal) == MEIRO_NO_DIR))
        return MEIRO_OK;
    return fail_field(err, MEIRO_FIELD_FORMAT, MEIRO_ERROR_ARGUMENT,
                      "%s cannot show S or G on a crossing: write it as json", format);
}
static meiro_status w_text(const meiro_maze *m, const meiro_path *p,
                           const meiro_export_options *opt, FILE *o, const char *temp_dir,
                           meiro_error *err)
{
    meiro_status s = crossing_free_ends(m, "text", err);
    return s == MEIRO_OK ? w_text_plain(m, p, opt, o, temp_dir, err) : s;
}
static meiro_status w_csv(const meiro_maze *m, const meiro_path *p, const meiro_export_options *opt,
                          FILE *o, const char *temp_dir, meiro_error *err)
{
    meiro_status s = crossing_free_ends(m, "csv", err);
    return s == MEIRO_OK ? w_csv_plain(m, p, opt, o, temp_dir, err) : s;
}
/* the text reader also reads the line drawings (ASCII, Unicode) */
static meiro_maze *r_text(FILE *in, meiro_error *err) { return read_grid(in, false, err); }
static meiro_maze *r_csv(FILE *in, meiro_error *err) { return read_grid(in, true, err); }
static meiro_maze *r_json(FILE *in, meiro_error *err) { return read_json(in, err); }

/* the drawn formats' writers, in the drawing module */
#define DRAWN_WRITER(name)                                                                         \
    static meiro_status w_##name RENDER_EXPORT_PARAMS                                              \
    {                                                                                              \
        return drawing()->export_##name RENDER_EXPORT_ARGS;                                        \
    }
DRAWN_WRITER(svg)
DRAWN_WRITER(png)
/* -f page and the machines' files: the composer's writers (compose/, in
 * libmeiro.so: no module) */
static meiro_status w_page RENDER_EXPORT_PARAMS { return export_page RENDER_EXPORT_ARGS; }
static meiro_status w_gcode RENDER_EXPORT_PARAMS { return export_gcode RENDER_EXPORT_ARGS; }
static meiro_status w_hpgl RENDER_EXPORT_PARAMS { return export_hpgl RENDER_EXPORT_ARGS; }
static meiro_status w_dxf RENDER_EXPORT_PARAMS { return export_dxf RENDER_EXPORT_ARGS; }
/* -f html: the composer's page to play, its answer found here when none
 * is given (the button shows it; --solution shows it at once) */
static meiro_status w_html RENDER_EXPORT_PARAMS
{
    (void)temp_dir; /* no scratch files */
    meiro_path found = {0};
    if (!path) {
        meiro_status solved = meiro_solve(m, "bfs", &found, err);
        if (solved != MEIRO_OK && solved != MEIRO_ERROR_NO_PATH) return solved;
    }
    meiro_status s = export_html(m, path ? path : &found, path != NULL, opt, out, err);
    meiro_path_free(&found);
    return s;
}

/* the 3D prints' (solid/) */
static meiro_status w_stl(const meiro_maze *m, const meiro_path *p, const solid_sizes *s, FILE *o,
                          meiro_error *err)
{
    return write_stl(m, p, s, false, o, err);
}
static meiro_status w_stl_ascii(const meiro_maze *m, const meiro_path *p, const solid_sizes *s,
                                FILE *o, meiro_error *err)
{
    return write_stl(m, p, s, true, o, err);
}

/* A single page in PDF/X (a print service's proof): the page written into
 * memory, then through Ghostscript. */
typedef struct pdf_page_job {
    const meiro_maze *maze;
    const meiro_path *path;
    const meiro_export_options *opt;
    const char *temp_dir;
} pdf_page_job;

static meiro_status write_pdf_page(void *ctx, FILE *out, meiro_error *err)
{
    const pdf_page_job *job = ctx;
    return drawing()->export_pdf(job->maze, job->path, job->opt, out, job->temp_dir, err);
}

/* PDF, or PDF/X through Ghostscript when the options ask for it */
static meiro_status w_pdf(const meiro_maze *m, const meiro_path *p, const meiro_export_options *opt,
                          FILE *o, const char *temp_dir, meiro_error *err)
{
    if (!pdfx_wanted(opt->print, opt->pdfx || opt->pdfx4))
        return drawing()->export_pdf(m, p, opt, o, temp_dir, err);
    pdf_page_job job = {m, p, opt, temp_dir};
    return pdfx_write(write_pdf_page, &job, true, false, opt->pdfx4, temp_dir, o, err);
}

/* ---- The checks before the work: the page a width x height maze takes
 * in a format, laid out on a shell (a maze of that size without its
 * walls), its cell size in *cell_mm. */
typedef meiro_status (*check_fn)(const doc_item *item, const meiro_export_options *opt,
                                 double *cell_mm, meiro_error *err);

static meiro_status check_layout(const doc_item *item, const meiro_export_options *opt, bool raster,
                                 double *cell_mm, meiro_error *err)
{
    /* the composer's (in libmeiro.so: -f page's check loads no module) */
    document d;
    /* the page, the cell size, the fit (opt: a machine_page's, export_check_unlocalized) */
    meiro_status s = doc_init_writer(&d, item, opt, err);
    if (s != MEIRO_OK) return s;
    if (raster) s = drawing()->raster_check(&d, opt, err);
    page_layout L;
    if (s == MEIRO_OK && cell_mm && doc_first_maze(&d, 0, &L, NULL) == MEIRO_OK) *cell_mm = L.cell;
    doc_free(&d);
    return s;
}
static meiro_status check_page(const doc_item *item, const meiro_export_options *opt,
                               double *cell_mm, meiro_error *err)
{
    return check_layout(item, opt, false, cell_mm, err);
}
static meiro_status check_raster(const doc_item *item, const meiro_export_options *opt,
                                 double *cell_mm, meiro_error *err)
{
    return check_layout(item, opt, true, cell_mm, err);
}
static meiro_status check_sheet(const doc_item *item, const meiro_export_options *opt,
                                double *cell_mm, meiro_error *err)
{
    return xlsx_check(item, 1, opt, cell_mm, err);
}

/* ---- The format table: a row per format, what it can show (the
 * capabilities, meiro_format_can), how its page and its size are checked
 * before the work, its writer and its reader. A new format is a row here
 * and its writer's file (src/README.md, "How to add a format"). */

#define CAN(c) (1u << MEIRO_CAN_##c)
/* columns that go together */
#define KINDS (CAN(WEAVE) | CAN(MISSIONS)) /* shown by all but the line drawings */
#define DRAWN (CAN(PAGE) | CAN(CROP) | CAN(GRIDS) | KINDS | CAN(LEVELS) | CAN(WRAP))

/* The address space the libraries behind the page formats need, at least,
 * in MB, measured with tests/ulimit-walk.sh: they abort, crash or retry for
 * minutes when memory runs out under them (fontconfig and pango, with the
 * composer's own faces of the same fonts: a Japanese booklet 166 MB, and up
 * to three threads of theirs with 8 MB stacks as timing has it: 192, as
 * cli/common.c's floor; libxlsxwriter; cairo's PDF pages copying their
 * paths), so a smaller `ulimit -v` is refused up front. The text formats
 * fail cleanly: no floor. */
enum { FONTS_MB = 192 };

typedef struct format_entry {
    meiro_format_desc info;
    unsigned caps;    /* CAN(...): the meiro_capability bits */
    /* the address space writing it takes: a floor in MB and the bytes a
     * cell adds (format_memory_check); 0: no floor */
    unsigned memory_mb, cell_bytes;
    bool named_paper; /* prints on named papers only (a spreadsheet's paper codes) */
    check_fn check;   /* its page before the work; NULL: no page */
    meiro_status (*size_check)(uint64_t cells, meiro_error *err); /* NULL: the maze's limit */
    write_fn write;
    solid_fn solid; /* a 3D print's writer instead of write */
    read_fn read;   /* NULL: written only */
} format_entry;

static const format_entry formats[MEIRO_FORMAT_COUNT] = {
    [MEIRO_FORMAT_TEXT] = {.info = {MEIRO_FORMAT_TEXT, "text", "txt",
                                    "block grid: '#' walls, spaces, S, G, '.' path, '~' outside a "
                                    "shape",
                                    true, false},
                           .caps = CAN(READ) | KINDS,
                           .write = w_text,
                           .read = r_text},
    [MEIRO_FORMAT_CSV] = {.info = {MEIRO_FORMAT_CSV, "csv", "csv",
                                   "the block grid as CSV: 1 wall, 0 passage, S, G, '.' path, '~'",
                                   true, false},
                          .caps = CAN(READ) | KINDS,
                          .write = w_csv,
                          .read = r_csv},
    [MEIRO_FORMAT_ASCII] = {.info = {MEIRO_FORMAT_ASCII, "ascii", "",
                                     "line drawing with +---+ and |", true, false},
                            .caps = CAN(READ),
                            .write = w_ascii,
                            .read = r_text},
    [MEIRO_FORMAT_UNICODE] = {.info = {MEIRO_FORMAT_UNICODE, "unicode", "",
                                       "box-drawing characters for terminals", true, false},
                              .caps = CAN(READ),
                              .write = w_unicode,
                              .read = r_text},
    [MEIRO_FORMAT_PDF] = {.info = {MEIRO_FORMAT_PDF, "pdf", "pdf",
                                   "printable vector pages; --answer-page adds the solution page",
                                   false, true},
                          .caps = DRAWN | CAN(BLEED) | CAN(ANSWERS) | CAN(BOOKLET),
                          .memory_mb = FONTS_MB,
                          .cell_bytes = 16, /* 2000 x 2000: some 220 MB */
                          .check = check_page,
                          .write = w_pdf},
    [MEIRO_FORMAT_SVG] = {.info = {MEIRO_FORMAT_SVG, "svg", "svg",
                                   "one vector page, sized in millimetres", false, true},
                          .caps = DRAWN,
                          .memory_mb = FONTS_MB,
                          .cell_bytes = 140, /* the document in memory */
                          .check = check_page,
                          .write = w_svg},
    [MEIRO_FORMAT_PNG] = {.info = {MEIRO_FORMAT_PNG, "png", "png",
                                   "a picture of the page at --dpi, or of the maze with --crop",
                                   false, true},
                          .caps = DRAWN | CAN(DPI),
                          .memory_mb = FONTS_MB,
                          .cell_bytes = 4, /* drawn in bands */
                          .check = check_raster,
                          .write = w_png},
    [MEIRO_FORMAT_XLSX] = {.info = {MEIRO_FORMAT_XLSX, "xlsx", "xlsx",
                                    "a spreadsheet: one cell per maze cell, walls as borders",
                                    false, true},
                           .caps = CAN(PAGE) | KINDS | CAN(PLAY) | CAN(ANSWERS) | CAN(BOOKLET),
                           .memory_mb = 96,
                           .cell_bytes = 8,
                           .named_paper = true,
                           .check = check_sheet,
                           .write = export_xlsx},
    [MEIRO_FORMAT_HTML] = {.info = {MEIRO_FORMAT_HTML, "html", "html htm",
                                    "a page to play in a browser (keys, touch) that prints as the "
                                    "PDF",
                                    false, true},
                           .caps = CAN(PAGE) | KINDS | CAN(LEVELS) | CAN(BOOKLET),
                           .memory_mb = FONTS_MB,
                           .cell_bytes = 140,
                           .check = check_page,
                           .size_check = export_html_check_size,
                           .write = w_html},
    [MEIRO_FORMAT_JSON] = {.info = {MEIRO_FORMAT_JSON, "json", "json",
                                    "data for programs: any grid's cells with their geometry, "
                                    "passages, start and goal",
                                    true, false},
                           .caps = CAN(READ) | CAN(GRIDS) | KINDS | CAN(LEVELS) | CAN(WRAP),
                           .write = w_json,
                           .read = r_json},
    [MEIRO_FORMAT_PAGE] = {.info = {MEIRO_FORMAT_PAGE, "page", "page",
                                    "the pages as data (JSON): paths, text runs and pictures, "
                                    "each with its role",
                                    false, false},
                           .caps = CAN(PAGE) | CAN(GRIDS) | CAN(WEAVE) | CAN(MISSIONS) |
                                   CAN(LEVELS) | CAN(ANSWERS) | CAN(BOOKLET) | CAN(WRAP),
                           .memory_mb = FONTS_MB,
                           .cell_bytes = 16, /* walls streamed out, a grid's held as trails */
                           .check = check_page,
                           .write = w_page},
    /* a 3D print: the way shown (--solution, the answers' file) is a part
     * of its own; the sizes are the print's, not a page's */
    [MEIRO_FORMAT_STL] =
        {.info = {MEIRO_FORMAT_STL, "stl", "stl",
                  "a 3D print (binary STL, mm): walls on a base, the way and a lid "
                  "as parts",
                  false, true},
         .caps = CAN(GRIDS) | CAN(SOLID) | CAN(WRAP),
         .solid = w_stl},
    /* .stl names binary STL, the row before */
    [MEIRO_FORMAT_STL_ASCII] = {.info = {MEIRO_FORMAT_STL_ASCII, "stl-ascii", "stl",
                                         "the same 3D print as text STL, a solid per part", false,
                                         false},
                                .caps = CAN(GRIDS) | CAN(SOLID) | CAN(WRAP),
                                .solid = w_stl_ascii},
    [MEIRO_FORMAT_3MF] = {.info = {MEIRO_FORMAT_3MF, "3mf", "3mf",
                                   "the same 3D print in 3MF: millimetres, parts named, the seed",
                                   false, true},
                          .caps = CAN(GRIDS) | CAN(SOLID) | CAN(WRAP),
                          .solid = write_3mf},
    /* the machines' (page/machine.h): the maze alone, on one floor */
    [MEIRO_FORMAT_GCODE] = {.info = {MEIRO_FORMAT_GCODE, "gcode", "gcode nc",
                                     "a pen plotter's G-code (GRBL): the strokes merged and "
                                     "ordered for the least pen-up travel",
                                     false, false},
                            .caps = CAN(PAGE) | CAN(GRIDS),
                            .memory_mb = FONTS_MB,
                            .cell_bytes = 240, /* every stroke held, merged and ordered */
                            .check = check_page,
                            .write = w_gcode},
    [MEIRO_FORMAT_HPGL] = {.info = {MEIRO_FORMAT_HPGL, "hpgl", "hpgl plt",
                                    "the same strokes in HP-GL, for older pen plotters", false,
                                    false},
                           .caps = CAN(PAGE) | CAN(GRIDS),
                           .memory_mb = FONTS_MB,
                           .cell_bytes = 240,
                           .check = check_page,
                           .write = w_hpgl},
    [MEIRO_FORMAT_DXF] = {.info = {MEIRO_FORMAT_DXF, "dxf", "dxf",
                                   "a laser cutter's or router's DXF R12 in mm: the walls' "
                                   "outlines to cut, S and G to engrave",
                                   false, false},
                          .caps = CAN(PAGE) | CAN(GRIDS),
                          .memory_mb = FONTS_MB,
                          .cell_bytes = 400, /* and the outlines' graph */
                          .check = check_page,
                          .write = w_dxf},
};

meiro_status format_memory_check(meiro_format format, uint32_t width, uint32_t height,
                                 meiro_error *err)
{
    if ((unsigned)format >= MEIRO_FORMAT_COUNT || !formats[format].memory_mb) return MEIRO_OK;
    const format_entry *f = &formats[format];
    uint64_t need = f->memory_mb + (uint64_t)width * height * f->cell_bytes / (1 << 20);
    struct rlimit lim;
    if (getrlimit(RLIMIT_AS, &lim) != 0 || lim.rlim_cur == RLIM_INFINITY ||
        lim.rlim_cur >= need << 20)
        return MEIRO_OK;
    return fail(err, MEIRO_ERROR_NOMEM,
                "out of memory: a %lu x %lu maze as %s needs about %llu MB of address space "
                "(ulimit -v %llu), and this process may use %llu MB",
                (unsigned long)width, (unsigned long)height, f->info.name,
                (unsigned long long)need, (unsigned long long)need * 1024,
                (unsigned long long)(lim.rlim_cur >> 20));
}

bool meiro_format_can(meiro_format format, meiro_capability capability)
{
    return (unsigned)format < MEIRO_FORMAT_COUNT && (unsigned)capability < MEIRO_CAN_COUNT &&
           (formats[format].caps & 1u << capability);
}

const char *meiro_capability_name(meiro_capability capability)
{
    static const char *const names[MEIRO_CAN_COUNT] = {
        [MEIRO_CAN_READ] = "read",       [MEIRO_CAN_PAGE] = "page",
        [MEIRO_CAN_BLEED] = "bleed",     [MEIRO_CAN_DPI] = "dpi",
        [MEIRO_CAN_CROP] = "crop",       [MEIRO_CAN_PLAY] = "play",
        [MEIRO_CAN_ANSWERS] = "answers", [MEIRO_CAN_GRIDS] = "grids",
        [MEIRO_CAN_WEAVE] = "weave",     [MEIRO_CAN_MISSIONS] = "missions",
        [MEIRO_CAN_LEVELS] = "levels",   [MEIRO_CAN_BOOKLET] = "booklet",
        [MEIRO_CAN_SOLID] = "solid",     [MEIRO_CAN_WRAP] = "wrap",
    };
    return (unsigned)capability < MEIRO_CAN_COUNT ? names[capability] : NULL;
}

const char *meiro_format_list(meiro_capability capability, char *list, size_t size)
{
    size_t len = 0;
    if (!list || !size) return list;
    list[0] = '\0';
    for (unsigned f = 0; f < MEIRO_FORMAT_COUNT; f++) {
        if (!meiro_format_can((meiro_format)f, capability)) continue;
        int n = snprintf(list + len, size - len, "%s%s", len ? ", " : "", formats[f].info.name);
        if (n < 0 || (size_t)n >= size - len) {
            list[len] = '\0'; /* a whole name or none */
            break;
        }
        len += (size_t)n;
    }
    return list;
}

const meiro_format_desc *meiro_format_info(meiro_format format)
{
    return (unsigned)format < MEIRO_FORMAT_COUNT ? &formats[format].info : NULL;
}

static bool find_format(const char *name, size_t len, meiro_format *format)
{
    for (unsigned f = 0; f < MEIRO_FORMAT_COUNT; f++) {
        const meiro_format_desc *info = &formats[f].info;
        if ((strlen(info->name) == len && strncasecmp(info->name, name, len) == 0) ||
            name_in_list(info->extensions, name, len, true)) {
            *format = (meiro_format)f;
            return true;
        }
    }
    return false;
}

meiro_status meiro_format_from_name(const char *name, meiro_format *format, meiro_error *err)
{
    if (find_format(name, strlen(name), format)) return MEIRO_OK;
    char names[160] = "", hint[64];
    for (unsigned f = 0, n = 0; f < MEIRO_FORMAT_COUNT && n < sizeof names; f++)
        n += (unsigned)snprintf(names + n, sizeof names - n, "%s ", formats[f].info.name);
    return fail_field(err, MEIRO_FIELD_FORMAT, MEIRO_ERROR_UNKNOWN_NAME,
                      N_("unknown format '%s' (see 'meiro list' for the formats)%s"), name,
                      name_hint(name, names, hint, sizeof hint));
}

meiro_status meiro_format_from_filename(const char *filename, meiro_format fallback,
                                        meiro_format *format, meiro_error *err)
{
    const char *base = strrchr(filename, '/');
    base = base ? base + 1 : filename;
    const char *dot = strrchr(base, '.');
    if (!dot || dot == base) {
        *format = fallback;
        return MEIRO_OK;
    }
    if (find_format(dot + 1, strlen(dot + 1), format)) return MEIRO_OK;
    return fail_field(err, MEIRO_FIELD_FORMAT, MEIRO_ERROR_UNKNOWN_NAME,
                      N_("unknown file type '%s' (use -f to name the format; see 'meiro list')"),
                      dot);
}

meiro_status meiro_export_grid_check(meiro_grid grid, meiro_format format, meiro_error *err)
{
    if (grid == MEIRO_GRID_RECT) return MEIRO_OK;
    if ((unsigned)grid >= MEIRO_GRID_COUNT)
        return fail_field(err, MEIRO_FIELD_GRID, MEIRO_ERROR_ARGUMENT, "unknown grid number %u",
                          (unsigned)grid);
    if ((unsigned)format >= MEIRO_FORMAT_COUNT)
        return fail_field(err, MEIRO_FIELD_FORMAT, MEIRO_ERROR_ARGUMENT, "invalid format %d",
                          (int)format);
    if (meiro_format_can(format, MEIRO_CAN_GRIDS)) return MEIRO_OK;
    char list[128];
    return fail_field(err, MEIRO_FIELD_FORMAT, MEIRO_ERROR_ARGUMENT,
                      N_("%s cannot show a %s maze (its cells are squares): write it as %s"),
                      formats[format].info.name, meiro_grid_name(grid),
                      meiro_format_list(MEIRO_CAN_GRIDS, list, sizeof list));
}

const char *meiro_name_hint(const char *word, const char *candidates, char *out, size_t size)
{
    return name_hint(word, candidates, out, size);
}

bool meiro_format_uses(meiro_format format, meiro_page_setting setting)
{
    static const meiro_capability column[] = {
        [MEIRO_SETTING_PAGE] = MEIRO_CAN_PAGE, [MEIRO_SETTING_BLEED] = MEIRO_CAN_BLEED,
        [MEIRO_SETTING_DPI] = MEIRO_CAN_DPI,   [MEIRO_SETTING_CROP] = MEIRO_CAN_CROP,
        [MEIRO_SETTING_PLAY] = MEIRO_CAN_PLAY,
    };
    return (unsigned)setting < sizeof column / sizeof column[0] &&
           meiro_format_can(format, column[setting]);
}

bool meiro_answers_apart(meiro_format format, const meiro_export_options *opt)
{
    return opt && !meiro_format_can(format, MEIRO_CAN_ANSWERS) && meiro_answers_asked(opt);
}

/* The format with the options, whatever the maze. */
static meiro_status format_check(meiro_format format, const meiro_export_options *opt,
                                 meiro_error *err)
{
    if ((unsigned)format >= MEIRO_FORMAT_COUNT)
        return fail_field(err, MEIRO_FIELD_FORMAT, MEIRO_ERROR_ARGUMENT, "invalid format %d",
                          (int)format);
    /* answers: pages of their own in PDF and XLSX; a single-page format
     * leaves out a template's and refuses those asked for */
    if (meiro_answers_apart(format, opt))
        return fail_field(
            err, MEIRO_FIELD_ANSWERS, MEIRO_ERROR_ARGUMENT,
            "answers on a page of their own need PDF or XLSX output (for %s, write the "
            "solution to a second file)",
            formats[format].info.name);
    if (opt->play && !meiro_format_can(format, MEIRO_CAN_PLAY))
        return fail_field(err, MEIRO_FIELD_PLAY, MEIRO_ERROR_ARGUMENT,
                          "a playable sheet is a spreadsheet: it needs XLSX output, not %s",
                          formats[format].info.name);
    meiro_status s = meiro_export_options_check(opt, err);
    if (s != MEIRO_OK) return s;
    return page_paper_check(opt, meiro_format_can(format, MEIRO_CAN_BLEED),
                            formats[format].named_paper, formats[format].info.name, err);
}

static meiro_status export_check_unlocalized(meiro_grid grid, uint32_t width, uint32_t height,
                                             meiro_format format, const meiro_export_options *opt,
                                             const machine_options *machine, double *cell_mm,
                                             meiro_error *err)
{
    if (cell_mm) *cell_mm = 0;
    meiro_export_options defaults;
    if (!opt) {
        meiro_export_options_init(&defaults);
        opt = &defaults;
    }
    if ((unsigned)grid >= MEIRO_GRID_COUNT)
        return fail_field(err, MEIRO_FIELD_GRID, MEIRO_ERROR_ARGUMENT, "unknown grid number %u",
                          (unsigned)grid);
    if (grid == MEIRO_GRID_POLAR) width = 1; /* not used: rings only */
    meiro_status s = format_check(format, opt, err);
    if (s == MEIRO_OK) s = meiro_export_grid_check(grid, format, err);
    if (s == MEIRO_OK) s = maze_check_size(width, height, err);
    const format_entry *row = &formats[format];
    if (s == MEIRO_OK && row->size_check) s = row->size_check((uint64_t)width * height, err);
    if (s != MEIRO_OK) return s;
    meiro_maze shell = maze_shell(width, height);
    shell.grid = (uint8_t)grid; /* a page lays out the grid's bounding box */
    doc_item item = {&shell, NULL, 0};
    machine_page local = {.page = *opt}; /* as the writer has them (a tactile sheet's walls) */
    if (machine) local.machine = *machine;
    else machine_options_init(&local.machine);
    /* the text formats take any maze */
    if (row->check) s = row->check(&item, &local.page, cell_mm, err);
    /* what the options get wrong first, then whether the memory suffices */
    if (s == MEIRO_OK) s = format_memory_check(format, width, height, err);
    return s;
}

/* Numbers read and written in the "C" locale (core/numbers.h). */
meiro_status meiro_export_check(uint32_t width, uint32_t height, meiro_format format,
                                const meiro_export_options *opt, meiro_error *err)
{
    c_numbers n;
    c_numbers_begin(&n);
    meiro_status r =
        export_check_unlocalized(MEIRO_GRID_RECT, width, height, format, opt, NULL, NULL, err);
    c_numbers_end(&n);
    return r;
}

meiro_status meiro_export_cell_mm(uint32_t width, uint32_t height, meiro_format format,
                                  const meiro_export_options *opt, double *cell_mm,
                                  meiro_error *err)
{
    c_numbers n;
    c_numbers_begin(&n);
    meiro_status r =
        export_check_unlocalized(MEIRO_GRID_RECT, width, height, format, opt, NULL, cell_mm, err);
    c_numbers_end(&n);
    return r;
}

meiro_status meiro_export_grid_cell_mm(meiro_grid grid, uint32_t width, uint32_t height,
                                       meiro_format format, const meiro_export_options *opt,
                                       double *cell_mm, meiro_error *err)
{
    c_numbers n;
    c_numbers_begin(&n);
    meiro_status r = export_check_unlocalized(grid, width, height, format, opt, NULL, cell_mm, err);
    c_numbers_end(&n);
    return r;
}

meiro_status format_size_check(meiro_grid grid, uint32_t width, uint32_t height,
                               meiro_format format, const meiro_export_options *opt,
                               const machine_options *machine, meiro_error *err)
{
    c_numbers n;
    c_numbers_begin(&n);
    meiro_status r = export_check_unlocalized(grid, width, height, format, opt, machine, NULL, err);
    c_numbers_end(&n);
    return r;
}

meiro_status meiro_mission_check(const meiro_generate_options *gen,
                                 const meiro_mission_options *mission, meiro_format format,
                                 const meiro_export_options *page, meiro_error *err)
{
    if (!mission || (!mission->kind && !mission->one_way)) return MEIRO_OK;
    /* the kinds' rule: its grid, a weave, the format; then as gen/mission.c's
     * check says them once the maze is made */
    unsigned kinds =
        1u << MEIRO_KIND_MISSION | (gen->weave ? 1u << MEIRO_KIND_WEAVE : 0) |
        (page && page->play && meiro_format_can(format, MEIRO_CAN_PLAY) ? 1u << MEIRO_KIND_PLAY
                                                                        : 0);
    meiro_status s = meiro_kind_check(kinds, gen->grid, format, err);
    if (s != MEIRO_OK) return s;
    if (mission->kind == MEIRO_MISSION_KEYS && gen->loops)
        return fail_field(err, MEIRO_FIELD_LOOPS, MEIRO_ERROR_ARGUMENT,
                          "keys and doors need a perfect maze (no loops): with a loop a door "
                          "could be walked round");
    return MEIRO_OK;
}

/* The writer of `format`, handed the page options as the first member of a
 * machine_page (page/machine.h) with the machine's settings (NULL: the
 * defaults). */
static meiro_status write_unlocalized(const meiro_maze *maze, const meiro_path *path,
                                      meiro_format format, const meiro_export_options *opt,
                                      const solid_sizes *solid, const machine_options *machine,
                                      FILE *out, const char *temp_dir, meiro_error *err)
{
    meiro_export_options defaults;
    if (!opt) {
        meiro_export_options_init(&defaults);
        opt = &defaults;
    }
    meiro_status s = format_check(format, opt, err);
    /* the maze's kinds and grid in the format: the kinds' rule */
    unsigned kinds = (maze->weave ? 1u << MEIRO_KIND_WEAVE : 0) |
                     (meiro_maze_has_mission(maze) ? 1u << MEIRO_KIND_MISSION : 0) |
                     (maze->levels ? 1u << MEIRO_KIND_FLOORS : 0) |
                     (maze->wrap ? 1u << MEIRO_KIND_WRAP : 0) |
                     (opt->play ? 1u << MEIRO_KIND_PLAY : 0);
    if (s == MEIRO_OK) s = meiro_kind_check(kinds, meiro_maze_grid(maze), format, err);
    machine_page local;
    if (machine) local.machine = *machine;
    else machine_options_init(&local.machine);
    if (s == MEIRO_OK)
        s = machine_check(&local.machine, format, formats[format].info.name, opt->print, kinds,
                          err);
    const format_entry *row = &formats[format];
    if (s == MEIRO_OK && row->size_check) s = row->size_check(maze_total(maze), err);
    if (s == MEIRO_OK) s = format_memory_check(format, maze->w, maze->h, err);
    if (s != MEIRO_OK) return s;
    local.page = *opt;
    local.page.answers = meiro_format_can(format, MEIRO_CAN_ANSWERS)
                             ? (meiro_answers)(MEIRO_ANSWERS_NONE + page_answers(opt))
                             : MEIRO_ANSWERS_NONE;
    meiro_path found = {0};
    if (local.page.answers != MEIRO_ANSWERS_NONE && !path) {
        meiro_status solved = meiro_solve(maze, "bfs", &found, err);
        if (solved != MEIRO_OK) return solved;
        path = &found;
    }
    errno = 0;
    static const solid_sizes defaults_3d; /* the sizes are a 3D print's alone */
    bool plate = row->solid && print_profile_of(opt->print)->tactile; /* a tactile plate */
    if (plate && solid && solid_sizes_given(solid))
        s = fail_field(err, MEIRO_FIELD_PRINT, MEIRO_ERROR_ARGUMENT,
                       "a tactile plate has the sheet's sizes: not --ball, --wall, --wall-height, "
                       "--base or --lid");
    else if (plate) s = tactile_plate_write(maze, &local.page, format, out, err);
    else
        s = row->solid ? row->solid(maze, path, solid ? solid : &defaults_3d, out, err)
                       : row->write(maze, path, &local.page, out, temp_dir, err);
    meiro_path_free(&found);
    if (s == MEIRO_OK && (errno = stream_error(out)) != 0) s = fail_write(err);
    return s;
}

/* Numbers read and written in the "C" locale (core/numbers.h). */
static meiro_status write_in(const meiro_maze *maze, const meiro_path *path, meiro_format format,
                             const meiro_export_options *opt, const solid_sizes *solid,
                             const machine_options *machine, FILE *out, const char *temp_dir,
                             meiro_error *err)
{
    c_numbers n;
    c_numbers_begin(&n);
    meiro_status r =
        write_unlocalized(maze, path, format, opt, solid, machine, out, temp_dir, err);
    c_numbers_end(&n);
    return r;
}

meiro_status format_write(const meiro_maze *maze, const meiro_path *path, meiro_format format,
                          const meiro_export_options *opt, const solid_sizes *solid,
                          const machine_options *machine, FILE *out, meiro_error *err)
{
    return write_in(maze, path, format, opt, solid, machine, out, NULL, err);
}

meiro_status meiro_write(const meiro_maze *maze, const meiro_path *path, meiro_format format,
                         const meiro_export_options *opt, FILE *out, meiro_error *err)
{
    return write_in(maze, path, format, opt, NULL, NULL, out, NULL, err);
}

typedef struct save_job {
    const meiro_maze *maze;
    const meiro_path *path;
    meiro_format format;
    const meiro_export_options *opt;
    const solid_sizes *solid;
    const machine_options *machine;
} save_job;

static meiro_status write_save_job(void *ctx, FILE *out, const char *temp_dir, meiro_error *err)
{
    const save_job *job = ctx;
    return write_in(job->maze, job->path, job->format, job->opt, job->solid, job->machine, out,
                    temp_dir, err);
}

meiro_status format_save(const meiro_maze *maze, const meiro_path *path, meiro_format format,
                         const meiro_export_options *opt, const solid_sizes *solid,
                         const machine_options *machine, const char *filename, meiro_error *err)
{
    save_job job = {maze, path, format, opt, solid, machine};
    return save_atomically(filename, write_save_job, &job, err);
}

meiro_status meiro_save(const meiro_maze *maze, const meiro_path *path, meiro_format format,
                        const meiro_export_options *opt, const char *filename, meiro_error *err)
{
    return format_save(maze, path, format, opt, NULL, NULL, filename, err);
}

static meiro_maze *read_unlocalized(FILE *in, meiro_format format, meiro_error *err)
{
    if ((unsigned)format >= MEIRO_FORMAT_COUNT || !formats[format].read) {
        fail_field(err, MEIRO_FIELD_FORMAT, MEIRO_ERROR_ARGUMENT,
                   "%s mazes can be written but not read",
                   (unsigned)format < MEIRO_FORMAT_COUNT ? formats[format].info.name : "these");
        return NULL;
    }
    return formats[format].read(in, err);
}

/* Numbers read and written in the "C" locale (core/numbers.h). */
meiro_maze *meiro_read(FILE *in, meiro_format format, meiro_error *err)
{
    c_numbers n;
    c_numbers_begin(&n);
    meiro_maze *r = read_unlocalized(in, format, err);
    c_numbers_end(&n);
    return r;
}

meiro_maze *meiro_load(const char *filename, meiro_format format, meiro_error *err)
{
    if (format == MEIRO_FORMAT_COUNT &&
        meiro_format_from_filename(filename, MEIRO_FORMAT_TEXT, &format, err) != MEIRO_OK)
        return NULL;
    FILE *f = fopen(filename, "rb");
    if (!f) {
        fail(err, MEIRO_ERROR_IO, N_("cannot open: %s"), strerror(errno));
        return NULL;
    }
    meiro_maze *m = meiro_read(f, format, err);
    fclose(f);
    return m;
}
