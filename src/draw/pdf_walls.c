/* A grid's walls as PDF content of meiro's own (pdf_walls.h): path
 * operators in integer micrometres under one matrix, deflated at zlib's
 * fastest level page by page, added to the pages with qpdf. */
#include "draw/draw_cairo.h"
#include "draw/pdf_walls.h"
#include "press/qpdf_lib.h"
#include "core/alloc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

/* Sub-paths a stroke, as scene_cairo.c strokes a grid's walls: a RIP
 * or viewer holds a path whole before it paints it. */
enum { MOVES_A_STROKE = 512 };

typedef struct page_walls {
    size_t page;
    unsigned char *data; /* deflated */
    size_t len, cap;
} page_walls;

struct pdf_walls {
    size_t page; /* the page being drawn */
    page_walls *pages;
    size_t count, cap;
    z_stream z;
    bool open; /* z deflates into pages[count - 1] */
    bool ok;
    size_t moves;
    size_t len;
    char buf[1 << 16];
};

static const cairo_user_data_key_t walls_key; /* its address names the collector */

pdf_walls *pdf_walls_attach(cairo_surface_t *surface)
{
    pdf_walls *w = calloc(1, sizeof *w);
    if (!w) return NULL;
    w->ok = true;
    if (cairo_surface_set_user_data(surface, &walls_key, w, NULL) != CAIRO_STATUS_SUCCESS) {
        free(w);
        return NULL;
    }
    return w;
}

void pdf_walls_next_page(pdf_walls *w)
{
    if (w) w->page++;
}

pdf_walls *pdf_walls_of(cairo_t *cr)
{
    cairo_surface_t *target = cairo_get_target(cr);
    if (cairo_get_group_target(cr) != target) return NULL;
    return cairo_surface_get_user_data(target, &walls_key);
}

/* Deflates the text held; `finish` ends the page's stream. */
static void deflate_held(pdf_walls *w, bool finish)
{
    page_walls *p = &w->pages[w->count - 1];
    if (!w->ok) { /* out of memory once: the rest is dropped, and reported */
        w->len = 0;
        if (finish) deflateEnd(&w->z), w->open = false;
        return;
    }
    w->z.next_in = (unsigned char *)w->buf;
    w->z.avail_in = (uInt)w->len;
    for (;;) {
        if (p->cap - p->len < 4096) {
            size_t cap = p->cap ? 2 * p->cap : 1 << 16;
            unsigned char *data = realloc(p->data, cap);
            if (!data) {
                w->ok = false;
                break;
            }
            p->data = data, p->cap = cap;
        }
        w->z.next_out = p->data + p->len;
        w->z.avail_out = (uInt)(p->cap - p->len);
        int r = deflate(&w->z, finish ? Z_FINISH : Z_NO_FLUSH);
        p->len = p->cap - w->z.avail_out;
        if (r == Z_STREAM_END || (!finish && w->z.avail_in == 0)) break;
        if (r != Z_OK && r != Z_BUF_ERROR) {
            w->ok = false;
            break;
        }
    }
    w->len = 0;
    if (finish) {
        deflateEnd(&w->z);
        w->open = false;
    }
}

static void put(pdf_walls *w, const char *s, size_t n)
{
    if (w->len + n > sizeof w->buf) deflate_held(w, false);
    memcpy(w->buf + w->len, s, n);
    w->len += n;
}

/* An integer, and a space */
static void put_int(pdf_walls *w, long long v)
{
    if (w->len + 24 > sizeof w->buf) deflate_held(w, false);
    char *p = w->buf + w->len;
    if (v < 0) *p++ = '-', v = -v;
    char digits[24];
    int n = 0;
    do digits[n++] = (char)('0' + v % 10);
    while ((v /= 10) > 0);
    while (n) *p++ = digits[--n];
    *p++ = ' ';
    w->len = (size_t)(p - w->buf);
}

/* A real to nine decimals in the C locale, and a space */
static void put_real(pdf_walls *w, double v)
{
    long long q = llround(v * 1e9);
    if (q < 0) put(w, "-", 1), q = -q;
    put_int(w, q / 1000000000);
    long long frac = q % 1000000000;
    if (frac) {
        w->len--; /* the space */
        char digits[11] = ".000000000";
        for (int k = 9; k >= 1; k--, frac /= 10) digits[k] = (char)('0' + frac % 10);
        size_t n = 10;
        while (digits[n - 1] == '0') n--;
        put(w, digits, n);
        put(w, " ", 1);
    }
}

static void point(pdf_walls *w, double x, double y, const char *op)
{
    put_int(w, llround(x * 1000));
    put_int(w, llround(y * 1000));
    put(w, op, 2);
}

static void walls_move(void *ctx, double x, double y)
{
    pdf_walls *w = ctx;
    if (++w->moves % MOVES_A_STROKE == 0) put(w, "S\n", 2);
    point(w, x, y, "m\n");
}

static void walls_line(void *ctx, double x, double y) { point(ctx, x, y, "l\n"); }

/* r < 0: from a1 back to a0. One or two chords where they keep within
 * GRID_ARC_CHORD_MM of the ring (as on cairo's pages), else Bézier
 * curves of at most a quarter circle each. */
static void walls_arc(void *ctx, double cx, double cy, double r, double a0, double a1)
{
    pdf_walls *w = ctx;
    bool back = r < 0;
    r = fabs(r);
    double span = a1 - a0;
    double chords = ceil(span / sqrt(8 * GRID_ARC_CHORD_MM / r));
    if (chords <= 2) {
        for (double k = 1; k <= chords; k++) {
            double a = back ? a1 - span * k / chords : a0 + span * k / chords;
            walls_line(w, cx + r * cos(a), cy + r * sin(a));
        }
    } else {
        int pieces = (int)ceil(span / (G_PI / 2) - 1e-9);
        double from = back ? a1 : a0, step = (back ? -span : span) / pieces;
        double h = 4.0 / 3 * tan(step / 4) * r;
        for (int k = 0; k < pieces; k++) {
            double t0 = from + step * k, t1 = t0 + step;
            double x0 = cx + r * cos(t0), y0 = cy + r * sin(t0);
            double x1 = cx + r * cos(t1), y1 = cy + r * sin(t1);
            put_int(w, llround((x0 - h * sin(t0)) * 1000));
            put_int(w, llround((y0 + h * cos(t0)) * 1000));
            put_int(w, llround((x1 + h * sin(t1)) * 1000));
            put_int(w, llround((y1 - h * cos(t1)) * 1000));
            point(w, x1, y1, "c\n");
        }
    }
    if (span >= 2 * G_PI - 1e-9) put(w, "h\n", 2);
}

/* Ends the page's stream: its Q closes export_pdf's turn to cairo's
 * space (pdf_walls_apply). */
static void close_page(pdf_walls *w)
{
    put(w, "Q\n", 2);
    deflate_held(w, true);
}

bool pdf_walls_begin(pdf_walls *w, cairo_t *cr, grid_pen *pen)
{
    if (!w->ok) return false;
    if (!w->count || w->pages[w->count - 1].page != w->page) {
        if (w->open) close_page(w);
        if (w->count == w->cap) {
            size_t cap = w->cap ? 2 * w->cap : 8;
            page_walls *pages = realloc(w->pages, cap * sizeof *pages);
            if (!pages) return w->ok = false;
            w->pages = pages, w->cap = cap;
        }
        w->pages[w->count++] = (page_walls){w->page, NULL, 0, 0};
        memset(&w->z, 0, sizeof w->z);
        if (deflateInit(&w->z, Z_BEST_SPEED) != Z_OK) {
            w->count--;
            return w->ok = false;
        }
        w->open = true;
        w->len = 0;
    }
    /* user space (mm) to cairo's device space (points, from the top),
     * in micrometres; export_pdf turns the page's space to cairo's */
    cairo_matrix_t m;
    cairo_get_matrix(cr, &m);
    put(w, "q ", 2);
    const double v[6] = {m.xx / 1000, m.yx / 1000, m.xy / 1000, m.yy / 1000, m.x0, m.y0};
    for (int k = 0; k < 6; k++) put_real(w, v[k]);
    put(w, "cm ", 3);
    put_real(w, cairo_get_line_width(cr) * 1000);
    put(w, "w 1 J 1 j 0 G\n", 14);
    w->moves = 0;
    *pen = (grid_pen){walls_move, walls_line, walls_arc, w};
    return w->ok;
}

void pdf_walls_end(pdf_walls *w) { put(w, "S Q\n", 4); }

bool pdf_walls_any(const pdf_walls *w) { return w && w->count > 0; }

bool pdf_walls_ok(const pdf_walls *w) { return !w || w->ok; }

void pdf_walls_free(pdf_walls *w)
{
    if (!w) return;
    if (w->open) deflateEnd(&w->z);
    for (size_t k = 0; k < w->count; k++) free(w->pages[k].data);
    free(w->pages);
    free(w);
}

/* A stream of plain text, or of deflated data */
static qpdf_oh new_stream(qpdf_data q, const void *data, size_t len, bool deflated)
{
    qpdf_oh s = lib_qpdf()->qpdf_oh_new_stream(q);
    qpdf_oh filter = deflated ? lib_qpdf()->qpdf_oh_new_name(q, "/FlateDecode")
                              : lib_qpdf()->qpdf_oh_new_null(q);
    lib_qpdf()->qpdf_oh_replace_stream_data(q, s, data, len, filter,
                                            lib_qpdf()->qpdf_oh_new_null(q));
    return s;
}

bool pdf_walls_apply(pdf_walls *w, qpdf_data q)
{
    if (w->open) close_page(w);
    if (!w->ok) return false;
    int pages = lib_qpdf()->qpdf_get_num_pages(q);
    for (size_t k = 0; k < w->count && !lib_qpdf()->qpdf_has_error(q); k++) {
        page_walls *p = &w->pages[k];
        if (p->page >= (size_t)pages) return false;
        qpdf_oh page = lib_qpdf()->qpdf_get_page_n(q, p->page);
        qpdf_oh box = lib_qpdf()->qpdf_oh_get_key(q, page, "/MediaBox");
        if (!lib_qpdf()->qpdf_oh_is_array(q, box) ||
            lib_qpdf()->qpdf_oh_get_array_n_items(q, box) != 4)
            return false;
        double x0 =
            lib_qpdf()->qpdf_oh_get_numeric_value(q, lib_qpdf()->qpdf_oh_get_array_item(q, box, 0));
        double y1 =
            lib_qpdf()->qpdf_oh_get_numeric_value(q, lib_qpdf()->qpdf_oh_get_array_item(q, box, 3));
        /* cairo's content in q .. Q, then the walls in cairo's device space */
        char turn[96];
        long long mx = llround(fabs(x0) * 1e6), my = llround(fabs(y1) * 1e6);
        int n = snprintf(turn, sizeof turn, "\nQ q 1 0 0 -1 %s%lld.%06lld %s%lld.%06lld cm\n",
                         x0 < 0 ? "-" : "", mx / 1000000, mx % 1000000, y1 < 0 ? "-" : "",
                         my / 1000000, my % 1000000);
        qpdf_oh contents = lib_qpdf()->qpdf_oh_get_key(q, page, "/Contents");
        qpdf_oh all = lib_qpdf()->qpdf_oh_new_array(q);
        lib_qpdf()->qpdf_oh_append_item(q, all, new_stream(q, "q\n", 2, false));
        if (lib_qpdf()->qpdf_oh_is_array(q, contents)) {
            int items = lib_qpdf()->qpdf_oh_get_array_n_items(q, contents);
            for (int i = 0; i < items; i++)
                lib_qpdf()->qpdf_oh_append_item(q, all,
                                                lib_qpdf()->qpdf_oh_get_array_item(q, contents, i));
        } else {
            lib_qpdf()->qpdf_oh_append_item(q, all, contents);
        }
        lib_qpdf()->qpdf_oh_append_item(q, all, new_stream(q, turn, (size_t)n, false));
        lib_qpdf()->qpdf_oh_append_item(q, all, new_stream(q, p->data, p->len, true));
        free(p->data); /* qpdf holds a copy */
        p->data = NULL;
        lib_qpdf()->qpdf_oh_replace_key(q, page, "/Contents", all);
        lib_qpdf()->qpdf_oh_release_all(q);
    }
    return !lib_qpdf()->qpdf_has_error(q);
}
