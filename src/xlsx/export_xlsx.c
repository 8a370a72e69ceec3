/* XLSX export after the Excel original (the Excel article): one worksheet cell per
 * maze cell, walls as cell borders, S and G typed in their cells, square
 * cells sized to fill the printed page, gridlines hidden, one page. The
 * page's texts (title, subtitle, name line) stand in merged rows above the
 * maze. With an answer page a second sheet ("Answer", こたえ) draws the
 * solution as a line of box drawing through its cells (path_glyph).
 * libxlsxwriter before 1.1.5 writes to a file name only, so the workbook
 * goes to a private temporary file first and is then copied to the output
 * stream (see workbook_open); from 1.1.5 it is written into memory. The
 * scratch files libxlsxwriter makes go, when saving, next to the output
 * (where the room is, and a full /tmp does not matter), else to $TMPDIR or
 * /tmp; it removes them as it creates them. This writer is outside the
 * drawing module (xlsx/xlsx.h): libxlsxwriter is opened on first use.
 * Pictures for S and G are PNG images (drawn by the drawing module from
 * the SVG, draw/xlsx_art.c) placed over their cells; arrows outside the
 * doors of S and G are arrow characters in the ring of empty cells around
 * the maze. On a shape the cells outside it are
 * blank, the borders following its edge. A weave maze's crossing cell
 * (the over-passage runs through it, a tunnel passes under) has dashed
 * borders on the two sides the tunnel goes under; on the answer sheet the
 * way over it is filled (the way's colour), the way under it striped
 * along the tunnel. A mission (core/mission.h): key k is its shape (● ■ ▲
 * ◆ ★ ⬢, as on the page) in its colour, its door a dash-dot border in the
 * same colour across the passage (a double one prints as a hairline), an item its number, and a one-way
 * passage an arrow in the cell it leaves, pointing the way allowed (after
 * the mark or word in that cell); --play refuses a mission (its check
 * cannot follow keys, an order or arrows). */
#define _POSIX_C_SOURCE 200809L
#include "core/alloc.h"
#include "core/error.h"
#include "core/mission.h"
#include "core/model.h"
#include "io/io.h"
#include "page/answer_colour.h"
#include "page/layout.h"
#include "compose/document.h"
#include "draw/export.h"
#include "draw/module.h"
#include "xlsx/xlsx.h"
#include "xlsx/xlsx_lib.h"
#include "xlsx/xlsx_play.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>


enum { EXCEL_MAX_COLS = 16384, EXCEL_MAX_ROWS = 1048576 };

/* Square cells in every program. Rows are whole pixels (LibreOffice
 * rounds a row down to one). Column widths are stored in digits of the
 * workbook's default font: Excel and Gnumeric count 7 pixels a digit of
 * Calibri 11, but LibreOffice measures the font itself (7.39 pixels with
 * Calibri's metric twin Carlito: 6% wider). At 10.5 pt the digit is still
 * 7 pixels for Excel and Gnumeric, and 7.1 for LibreOffice: within 1.5%
 * in all three (measured in LibreOffice and Gnumeric's print). */
#define DEFAULT_FONT_PT 10.5
/* KIND_PLAY: a maze cell of a playable sheet, open for the player's mark;
 * KIND_PATH a cell of the way, drawn as a line through it (path_glyph),
 * KIND_FILL one filled (a picture maze's: the picture is the answer);
 * KIND_BADGE_S and _G: S and G on the page's badges' colours (a child's
 * document: page_signs_badges) */
enum {
    KIND_PLAIN,
    KIND_MARK,
    KIND_PATH,
    KIND_PATH_MARK,
    KIND_ARROW,
    KIND_PLAY,
    KIND_FILL,
    KIND_BADGE_S,
    KIND_BADGE_G,
    KIND_COUNT
};

/* The texts above the maze, each in a merged row: title, subtitle, name
 * line, the special maze's rules (a line each); their font sizes and row
 * heights in points (the rules' row: RULE_LINE_PT a line). */
enum { TEXT_TITLE, TEXT_SUBTITLE, TEXT_FIELDS, TEXT_RULES, TEXT_ROWS };
static const double text_font_pt[TEXT_ROWS] = {16, 11, 12, 11},
                    text_row_pt[TEXT_ROWS] = {27, 18, 27, 0};
#define RULE_LINE_PT 16.0

/* One format per combination of borders and kind, made on first use. */
typedef struct format_cache {
    lxw_workbook *wb;
    lxw_format *fmt[ALL_DIRS + 1][KIND_COUNT];
    lxw_format *text[TEXT_ROWS];
    lxw_format *cross[2][3]; /* crossings: tunnel west-east or north-south; way off, over, under */
    double mark_pt, path_pt;
    bool badges;    /* S and G on their badges' colours (page_signs_badges) */
    uint8_t border; /* LXW_BORDER_MEDIUM, or THICK for a template's heavy walls */
    uint32_t answer; /* the way's line: 0xRRGGBB (page/answer_colour.h) */
    /* a mission's key cells and the cells beside its doors: few, looked up
     * by their whole look (mission_format) */
    struct {
        uint32_t look;
        lxw_format *f;
    } mission[MISSION_MAX_KEYS * 3 * 2];
    unsigned missions;
} format_cache;

static lxw_format *format_for(format_cache *c, unsigned walls, unsigned kind)
{
    lxw_format **slot = &c->fmt[walls][kind];
    if (*slot) return *slot;
    lxw_format *f = lib_xlsx()->workbook_add_format(c->wb);
    if (!f) return NULL;
    if (walls & dir_bit(MEIRO_NORTH)) lib_xlsx()->format_set_top(f, c->border);
    if (walls & dir_bit(MEIRO_EAST)) lib_xlsx()->format_set_right(f, c->border);
    if (walls & dir_bit(MEIRO_SOUTH)) lib_xlsx()->format_set_bottom(f, c->border);
    if (walls & dir_bit(MEIRO_WEST)) lib_xlsx()->format_set_left(f, c->border);
    bool badge = kind == KIND_BADGE_S || kind == KIND_BADGE_G;
    if (kind == KIND_MARK || kind == KIND_PATH_MARK || kind == KIND_ARROW || kind == KIND_PLAY ||
        badge) {
        lib_xlsx()->format_set_bold(f);
        if (kind == KIND_ARROW) lib_xlsx()->format_set_font_color(f, 0x222222);
        if (kind == KIND_PLAY)
            lib_xlsx()->format_set_unlocked(f), lib_xlsx()->format_set_font_color(f, 0x1F4E79);
        lib_xlsx()->format_set_font_size(f, c->mark_pt);
        lib_xlsx()->format_set_align(f, LXW_ALIGN_CENTER);
        lib_xlsx()->format_set_align(f, LXW_ALIGN_VERTICAL_CENTER);
        lib_xlsx()->format_set_shrink(f); /* a label a little too long for its cell */
    }
    if (kind == KIND_PATH) { /* a line in the answer's colour, as on the page */
        lib_xlsx()->format_set_bold(f);
        lib_xlsx()->format_set_font_color(f, c->answer);
        lib_xlsx()->format_set_font_size(f, c->path_pt);
        lib_xlsx()->format_set_align(f, LXW_ALIGN_CENTER);
        lib_xlsx()->format_set_align(f, LXW_ALIGN_VERTICAL_CENTER);
    }
    if (kind == KIND_FILL || kind == KIND_PATH_MARK || badge) {
        lib_xlsx()->format_set_pattern(f, LXW_PATTERN_SOLID);
        /* a soft orange that prints clearly; the page's badges' light
         * green and light blue (compose/draw.c) */
        lib_xlsx()->format_set_bg_color(f, kind == KIND_BADGE_S   ? 0x8FDB85
                               : kind == KIND_BADGE_G ? 0x94C7FF
                                                      : 0xF4B183);
    }
    return *slot = f;
}

/* The way through cell (x, y) as a heavy box-drawing line between the
 * sides it enters and leaves by (┃ ━ ┏ ┓ ┗ ┛; a half line where it ends):
 * a way that doubles back beside itself reads as two lines apart, where
 * filled cells would merge into a block. */
static const char *path_glyph(const meiro_maze *m, const uint8_t *marks, uint32_t x, uint32_t y)
{
    static const char *const glyphs[16] = {
        "",  "╹", "╺", "┗", "╻", "┃", "┏", "┣", /* bits: north 1, east 2, south 4, west 8 */
        "╸", "┛", "━", "┻", "┓", "┫", "┳", "╋",
    };
    unsigned sides = (y > 0 && (marks[cell_index(m, x, y - 1)] & MARK_SOUTH) ? 1u : 0u) |
                     (marks[cell_index(m, x, y)] & MARK_EAST ? 2u : 0u) |
                     (marks[cell_index(m, x, y)] & MARK_SOUTH ? 4u : 0u) |
                     (x > 0 && (marks[cell_index(m, x - 1, y)] & MARK_EAST) ? 8u : 0u);
    return glyphs[sides];
}

/* A crossing's cell, its tunnel west to east (ew) or north to south: the
 * two sides the tunnel goes under dashed, the way over it (way 1) filled,
 * the way under it (way 2) striped along the tunnel. */
static lxw_format *cross_format(format_cache *c, bool ew, unsigned way)
{
    lxw_format **slot = &c->cross[ew][way];
    if (*slot) return *slot;
    lxw_format *f = lib_xlsx()->workbook_add_format(c->wb);
    if (!f) return NULL;
    uint8_t dash = c->border == LXW_BORDER_HAIR || c->border == LXW_BORDER_THIN
                       ? LXW_BORDER_DASHED
                       : LXW_BORDER_MEDIUM_DASHED;
    if (ew) lib_xlsx()->format_set_left(f, dash), lib_xlsx()->format_set_right(f, dash);
    else lib_xlsx()->format_set_top(f, dash), lib_xlsx()->format_set_bottom(f, dash);
    if (way == 1) {
        lib_xlsx()->format_set_pattern(f, LXW_PATTERN_SOLID);
        lib_xlsx()->format_set_bg_color(f, 0xF4B183); /* the way's colour (format_for) */
    } else if (way == 2) {
        lib_xlsx()->format_set_pattern(f, ew ? LXW_PATTERN_DARK_HORIZONTAL
                                             : LXW_PATTERN_DARK_VERTICAL);
        lib_xlsx()->format_set_fg_color(f, 0xF4B183);
        lib_xlsx()->format_set_bg_color(f, 0xFFFFFF);
    }
    return *slot = f;
}

/* How the way passes a crossing at (x, y): 0 not at all, 1 over it (the
 * cell is on the way), 2 under it only (the tunnel's walls are marked). */
static unsigned cross_way(const meiro_maze *m, const uint8_t *marks, uint32_t x, uint32_t y,
                          bool ew)
{
    if (!marks) return 0;
    if (marks[cell_index(m, x, y)] & MARK_PATH) return 1;
    return (marks[cell_index(m, x, y)] & (ew ? MARK_EAST : MARK_SOUTH)) ? 2 : 0;
}

/* A mission cell's look: its walls (bits 0-3), the sides that are doors
 * (4-7) and each side's door key (3 bits each from 8), its key (3 bits
 * from 20: 0 none, k + 1), on the way (bit 23). */
static uint32_t mission_look(const meiro_maze *m, uint32_t x, uint32_t y, unsigned walls,
                             bool on_path)
{
    const maze_mission *mi = m->mission;
    size_t id = cell_index(m, x, y);
    uint32_t look = walls | (uint32_t)on_path << 23;
    if (mi->kind != MEIRO_MISSION_KEYS) return look;
    int key = mission_mark_at(mi, m, id);
    if (key >= 0) look |= (uint32_t)(key + 1) << 20;
    for (unsigned d = 0; d < DIR_COUNT; d++) {
        int door = cell_open(m, x, y, d) ? mission_door_at(mi, m, id, d) : -1;
        if (door >= 0) look |= (1u << (4 + d)) | (uint32_t)door << (8 + 3 * d);
    }
    return look;
}

/* The format of a mission's key cell or a cell beside a door (a look with
 * a key or a door), made on first use; NULL for the others (and when out
 * of memory). */
static lxw_format *mission_format(format_cache *c, uint32_t look)
{
    if (!(look & (0xFu << 4 | 7u << 20))) return NULL;
    for (unsigned i = 0; i < c->missions; i++)
        if (c->mission[i].look == look) return c->mission[i].f;
    lxw_format *f = lib_xlsx()->workbook_add_format(c->wb);
    if (!f) return NULL;
    for (unsigned d = 0; d < DIR_COUNT; d++) {
        bool door = look & (1u << (4 + d)), wall = look & dir_bit(d);
        if (!door && !wall) continue;
        uint8_t style = door ? LXW_BORDER_MEDIUM_DASH_DOT : c->border;
        lxw_color_t colour = door ? mission_key_colour((look >> (8 + 3 * d)) & 7) : 0;
        switch (d) {
        case MEIRO_NORTH:
            lib_xlsx()->format_set_top(f, style), lib_xlsx()->format_set_top_color(f, colour);
            break;
        case MEIRO_EAST:
            lib_xlsx()->format_set_right(f, style), lib_xlsx()->format_set_right_color(f, colour);
            break;
        case MEIRO_SOUTH:
            lib_xlsx()->format_set_bottom(f, style), lib_xlsx()->format_set_bottom_color(f, colour);
            break;
        default:
            lib_xlsx()->format_set_left(f, style), lib_xlsx()->format_set_left_color(f, colour);
            break;
        }
    }
    unsigned key = (look >> 20) & 7;
    lib_xlsx()->format_set_bold(f);
    lib_xlsx()->format_set_font_size(f, c->mark_pt);
    lib_xlsx()->format_set_align(f, LXW_ALIGN_CENTER);
    lib_xlsx()->format_set_align(f, LXW_ALIGN_VERTICAL_CENTER);
    lib_xlsx()->format_set_shrink(f);
    if (key) lib_xlsx()->format_set_font_color(f, mission_key_colour(key - 1));
    if (look & (1u << 23)) {
        lib_xlsx()->format_set_pattern(f, LXW_PATTERN_SOLID);
        lib_xlsx()->format_set_bg_color(f, 0xF4B183); /* the way's colour (format_for) */
    }
    if (c->missions < sizeof c->mission / sizeof c->mission[0]) /* else made again */
        c->mission[c->missions].look = look, c->mission[c->missions++].f = f;
    return f;
}

/* The text of a mission cell: its key's shape or its item's number, then
 * an arrow for each one-way passage leaving it; "" for none. */
static void mission_text(const meiro_maze *m, uint32_t x, uint32_t y, const char *word, char *out,
                         size_t size)
{
    static const char *const shapes[MISSION_MAX_KEYS] = {"\u25CF", "\u25A0", "\u25B2",
                                                         "\u25C6", "\u2605", "\u2B22"};
    static const char *const arrows[DIR_COUNT] = {"\u2191", "\u2192", "\u2193", "\u2190"};
    const maze_mission *mi = m->mission;
    size_t id = cell_index(m, x, y), n = 0;
    out[0] = '\0';
    int k = mission_mark_at(mi, m, id);
    if (word) n = (size_t)snprintf(out, size, "%s", word);
    else if (k >= 0 && mi->kind == MEIRO_MISSION_KEYS) n = (size_t)snprintf(out, size, "%s", shapes[k]);
    else if (k >= 0) n = (size_t)snprintf(out, size, "%d", k + 1);
    if (!mi->blocked) return;
    const char *gap = n ? " " : ""; /* after the mark or word, not between arrows */
    for (unsigned d = 0; d < DIR_COUNT && n < size; d++) {
        /* leaving by d: open, and the way back from the neighbour barred */
        if (!cell_open(m, x, y, d) || (mi->blocked[id] & dir_bit(d))) continue;
        if (!(mi->blocked[cell_neighbour(m, x, y, d)] & dir_bit(dir_opposite((meiro_dir)d))))
            continue;
        n += (size_t)snprintf(out + n, size - n, "%s%s", gap, arrows[d]);
        gap = "";
    }
}

static lxw_format *text_format(format_cache *c, int which)
{
    if (c->text[which]) return c->text[which];
    lxw_format *f = lib_xlsx()->workbook_add_format(c->wb);
    if (!f) return NULL;
    if (which == TEXT_TITLE) lib_xlsx()->format_set_bold(f);
    lib_xlsx()->format_set_font_size(f, text_font_pt[which]);
    lib_xlsx()->format_set_align(f, which == TEXT_FIELDS ? LXW_ALIGN_LEFT : LXW_ALIGN_CENTER);
    lib_xlsx()->format_set_align(f,
                     which == TEXT_FIELDS ? LXW_ALIGN_VERTICAL_BOTTOM : LXW_ALIGN_VERTICAL_CENTER);
    if (which == TEXT_RULES) lib_xlsx()->format_set_text_wrap(f); /* a line each */
    else lib_xlsx()->format_set_shrink(f);
    return c->text[which] = f;
}

/* The size (points) at which a label fits across a cell of `pt` points:
 * wide (CJK) characters take an em, others about 0.62 of one in bold. */
static double label_fit_pt(const char *label, double pt)
{
    double ems = 0;
    for (const unsigned char *u = (const unsigned char *)label; *u; u++) {
        if ((*u & 0xC0) == 0x80) continue; /* a continuation byte */
        ems += *u >= 0xE1 ? 1.0 : 0.62;
    }
    return ems > 0 ? 0.84 * pt / ems : pt;
}

/* The walls around sheet cell (col, row): the maze sits at (1, 1); the
 * empty cells around it carry the outer wall on their side too, so the two
 * neighbours of every wall agree. A mask of directions: top 1, right 2,
 * bottom 4, left 8. */
static unsigned sheet_walls(const meiro_maze *m, uint32_t col, uint32_t row)
{
    unsigned walls = 0;
    bool inside_x = col >= 1 && col <= m->w, inside_y = row >= 1 && row <= m->h;
    uint32_t x = col - 1, y = row - 1;
    if (inside_x && inside_y) {
        if (maze_wall_above(m, x, y)) walls |= dir_bit(MEIRO_NORTH);
        if (maze_wall_left(m, x + 1, y)) walls |= dir_bit(MEIRO_EAST);
        if (maze_wall_above(m, x, y + 1)) walls |= dir_bit(MEIRO_SOUTH);
        if (maze_wall_left(m, x, y)) walls |= dir_bit(MEIRO_WEST);
    } else if (inside_x) {
        if (row == 0 && maze_wall_above(m, x, 0)) walls |= dir_bit(MEIRO_SOUTH);
        if (row == m->h + 1 && maze_wall_above(m, x, m->h)) walls |= dir_bit(MEIRO_NORTH);
    } else if (inside_y) {
        if (col == 0 && maze_wall_left(m, 0, y)) walls |= dir_bit(MEIRO_EAST);
        if (col == m->w + 1 && maze_wall_left(m, m->w, y)) walls |= dir_bit(MEIRO_WEST);
    }
    return walls;
}

static const uint8_t excel_paper[MEIRO_PAPER_COUNT] = {
    [MEIRO_PAPER_A4] = 9,  [MEIRO_PAPER_A3] = 8,     [MEIRO_PAPER_A5] = 11,
    [MEIRO_PAPER_B5] = 13, [MEIRO_PAPER_LETTER] = 1, [MEIRO_PAPER_LEGAL] = 5,
    [MEIRO_PAPER_B4] = 12, [MEIRO_PAPER_A6] = 70, /* Excel's codes for JIS B4 and A6 */
};

/* "&" starts a code in Excel headers: double it. */
static void header_text(char *out, size_t size, const char *prefix, const char *text)
{
    size_t n = (size_t)snprintf(out, size, "%s", prefix);
    for (const char *s = text; *s && n + 3 < size; s++) {
        if (*s == '&') out[n++] = '&';
        out[n++] = *s;
    }
    out[n < size ? n : size - 1] = 0;
}

/* The pictures for S and G (NULL: none), and which of the two there are. */
typedef struct sheet_art {
    xlsx_art *pictures;
    bool has[2];
} sheet_art;

/* The picture over sheet cell (col, row), in the middle of its cell at
 * the size draw_mark gives it on a page. */
static lxw_error insert_art(lxw_worksheet *ws, sheet_art *art, int which, uint32_t col,
                            uint32_t row, uint32_t px)
{
    double side = px * 0.84;
    /* three times the cell's pixels: sharp when printed */
    int drawn = (int)fmin(600, fmax(24, round(side * 3)));
    size_t size;
    const unsigned char *png;
    if (drawing()->xlsx_art_png(art->pictures, which, drawn, &png, &size, NULL) != MEIRO_OK)
        return LXW_ERROR_MEMORY_MALLOC_FAILED;
    lxw_image_options io = {.x_offset = (int32_t)lround((px - side) / 2),
                            .y_offset = (int32_t)lround((px - side) / 2),
                            .x_scale = side / drawn,
                            .y_scale = side / drawn,
                            .object_position = LXW_OBJECT_MOVE_DONT_SIZE,
                            .description = (char *)(which ? "goal" : "start")};
    return lib_xlsx()->worksheet_insert_image_buffer_opt(ws, row, (lxw_col_t)col, png, size, &io);
}

/* Whether opt asks for a picture for S or G (the same choice as
 * load_marks_art, in page/art.c): without one the drawing module is not
 * loaded. */
static bool xlsx_art_wanted(const meiro_export_options *opt)
{
    /* load_marks_art's choice: the template's own files unless the options
     * choose, else the pair */
    const meiro_template *t = opt->tpl;
    bool own = t && !opt->art;
    return (own && (t->art_start.file[0] || t->art_goal.file[0])) || art_pair(opt) != NULL;
}

/* The arrow in sheet cell (col, row) outside the door of S (pointing in)
 * or G (pointing out), or NULL. */
static const char *door_arrow(const meiro_maze *m, uint32_t col, uint32_t row)
{
    static const char *const arrows[4] = {"\u2191", "\u2192", "\u2193", "\u2190"}; /* N E S W */
    const struct {
        meiro_cell c;
        meiro_dir door;
        bool in;
    } ends[2] = {{m->start, m->start_door, true}, {m->goal, m->goal_door, false}};
    for (int e = 0; e < 2; e++) {
        if (ends[e].door >= MEIRO_NO_DIR) continue;
        /* the sheet cell beyond the door: the maze sits at (1, 1) */
        int64_t x = (int64_t)ends[e].c.x + 1 + DIR_DX[ends[e].door],
                y = (int64_t)ends[e].c.y + 1 + DIR_DY[ends[e].door];
        if (x == col && y == row) return arrows[ends[e].in ? (ends[e].door + 2) % 4 : ends[e].door];
    }
    return NULL;
}

/* One sheet: its texts above the maze (NULL: none), the rows they take,
 * the page and the cell's side in pixels (columns and rows alike). */
typedef struct sheet_plan {
    const char *text[TEXT_ROWS];
    char answers_title[320], fields[256], rules[PAGE_RULE_COUNT * 200];
    unsigned rule_lines;
    uint32_t top; /* rows of text above the maze's ring */
    page_layout L;
    uint32_t px;
    double cell_mm; /* a cell as printed (the sheet fitted to the page) */
} sheet_plan;

/* Text row t's height in points. */
static double row_pt(const sheet_plan *plan, int t)
{
    return t == TEXT_RULES ? RULE_LINE_PT * plan->rule_lines + 4 : text_row_pt[t];
}

static lxw_error add_sheet(lxw_workbook *wb, format_cache *cache, const meiro_maze *m,
                           const uint8_t *marks, const char *name, const sheet_plan *plan,
                           const meiro_export_options *opt, sheet_art *art, const play_place *play)
{
    page_words words;
    page_words_for(opt, &words);
    const char *start = words.start, *goal = words.goal;
    const page_layout *L = &plan->L;
    uint32_t px = plan->px, top = plan->top;
    lxw_worksheet *ws = lib_xlsx()->workbook_add_worksheet(wb, name);
    if (!ws) return LXW_ERROR_MEMORY_MALLOC_FAILED;
    lib_xlsx()->worksheet_gridlines(ws, LXW_HIDE_ALL_GRIDLINES);
    lib_xlsx()->worksheet_set_paper(ws, excel_paper[opt->paper]);
    if (L->landscape) lib_xlsx()->worksheet_set_landscape(ws);
    else lib_xlsx()->worksheet_set_portrait(ws);
    double inch = L->margin / 25.4;
    lib_xlsx()->worksheet_set_margins(ws, inch, inch, inch, inch);
    lib_xlsx()->worksheet_center_horizontally(ws);
    lib_xlsx()->worksheet_center_vertically(ws);
    lib_xlsx()->worksheet_fit_to_pages(ws, 1, 1);
    char text[300];
    if (!opt->no_footer) {
        char footer[200];
        uint64_t seed;
        if (opt->footer && opt->footer[0] && meiro_maze_seed(m, &seed))
            snprintf(footer, sizeof footer, "%s · seed %llu", opt->footer,
                     (unsigned long long)seed);
        else if (opt->footer && opt->footer[0]) snprintf(footer, sizeof footer, "%s", opt->footer);
        else page_footer(m, footer, sizeof footer);
        /* the size alone: a font code ("-,Regular") shows as text in Gnumeric */
        header_text(text, sizeof text, "&C&8", footer);
        lib_xlsx()->worksheet_set_footer(ws, text);
    }
    uint32_t cols = m->w + 2, rows = m->h + 2;
    double text_pt = 0;
    for (int t = 0; t < TEXT_ROWS; t++) text_pt += plan->text[t] ? row_pt(plan, t) : 0;
    /* the whole page on screen when the workbook opens: about 1100 x 560
     * pixels of cells in a laptop's window */
    double zoom = fmin(1100.0 / (cols * px), 560.0 / (rows * px + text_pt / 0.75));
    lib_xlsx()->worksheet_set_zoom(ws, (uint16_t)fmax(10, fmin(100, floor(zoom * 100))));
    lxw_error e = lib_xlsx()->worksheet_set_column_pixels(ws, 0, (lxw_col_t)(cols - 1), px, NULL);
    if (e) return e;
    e = lib_xlsx()->worksheet_print_area(ws, 0, 0, top + rows - 1, (lxw_col_t)(cols - 1));
    /* in constant-memory mode libxlsxwriter knows only the row being
     * written: a picture's anchor is measured in default rows */
    lib_xlsx()->worksheet_set_default_row(ws, px * 0.75, LXW_FALSE);
    uint32_t row = 0;
    for (int t = 0; t < TEXT_ROWS && !e; t++) {
        if (!plan->text[t]) continue;
        lxw_format *f = text_format(cache, t);
        if (!f) return LXW_ERROR_MEMORY_MALLOC_FAILED;
        e = lib_xlsx()->worksheet_set_row(ws, row, row_pt(plan, t), NULL);
        if (!e)
            e = lib_xlsx()->worksheet_merge_range(ws, row, 0, row, (lxw_col_t)(cols - 1),
                                                  plan->text[t], f);
        row++;
    }
    for (uint32_t ring = 0; ring < rows && !e; ring++, row++) {
        e = lib_xlsx()->worksheet_set_row(ws, row, px * 0.75, NULL);
        for (uint32_t col = 0; col < cols && !e; col++) {
            unsigned walls = sheet_walls(m, col, ring);
            bool inside = col >= 1 && col <= m->w && ring >= 1 && ring <= m->h;
            /* a cell outside the maze's shape is blank (its borders are the
             * shape's edge) and locked */
            bool active = inside && cell_active(m, cell_index(m, col - 1, ring - 1));
            const char *mark = NULL;
            int picture = -1; /* S 0, G 1 when it has a picture */
            bool on_path = false;
            if (inside) {
                uint32_t x = col - 1, y = ring - 1;
                if (m->start.x == x && m->start.y == y)
                    mark = start, picture = art->has[0] ? 0 : -1;
                else if (m->goal.x == x && m->goal.y == y)
                    mark = goal, picture = art->has[1] ? 1 : -1;
                /* a reversed picture maze's answer: the cells off the way */
                on_path = marks && ((marks[cell_index(m, x, y)] & MARK_PATH) != 0) !=
                                       (m->picture == MEIRO_PICTURE_REVERSE);
            }
            const char *arrow = inside ? NULL : door_arrow(m, col, ring);
            meiro_dir cross = inside && m->weave
                                  ? meiro_maze_crossing(m, (meiro_cell){col - 1, ring - 1})
                                  : MEIRO_NO_DIR;
            if (cross != MEIRO_NO_DIR && !mark) { /* (S and G never stand on one) */
                bool ew = cross == MEIRO_EAST;
                lxw_format *f = cross_format(cache, ew, cross_way(m, marks, col - 1, ring - 1, ew));
                if (!f) return LXW_ERROR_MEMORY_MALLOC_FAILED;
                e = lib_xlsx()->worksheet_write_blank(ws, row, (lxw_col_t)col, f);
                continue;
            }
            /* a mission's key, door, item or arrows (play refuses missions) */
            char mission[64] = "";
            lxw_format *special = NULL;
            if (active && m->mission) {
                uint32_t x = col - 1, y = ring - 1;
                mission_text(m, x, y, NULL, mission, sizeof mission);
                if (mark && mission[0]) /* S or G with an arrow out: the word, no picture */
                    mission_text(m, x, y, mark, mission, sizeof mission), picture = -1;
                uint32_t look = mission_look(m, x, y, walls, on_path);
                special = mission_format(cache, look);
                if (!special && (look & (0xFu << 4 | 7u << 20)))
                    return LXW_ERROR_MEMORY_MALLOC_FAILED;
            }
            bool open = play && active && !mark;
            if (!walls && !mark && !on_path && !arrow && !open && !mission[0] && !special) continue;
            unsigned kind = arrow ? KIND_ARROW
                            : mark && cache->badges && !mission[0]
                                ? (mark == goal ? KIND_BADGE_G : KIND_BADGE_S)
                            : mark || mission[0] ? (on_path ? KIND_PATH_MARK : KIND_MARK)
                            : open               ? KIND_PLAY
                            : !on_path           ? KIND_PLAIN
                            : m->picture         ? KIND_FILL
                                                 : KIND_PATH;
            lxw_format *f = special ? special : format_for(cache, walls, kind);
            if (!f) return LXW_ERROR_MEMORY_MALLOC_FAILED;
            /* a picture stands over its cell instead of the word */
            const char *label = arrow          ? arrow
                                : mission[0]   ? mission
                                : picture >= 0 ? NULL
                                : kind == KIND_PATH && !special
                                    ? path_glyph(m, marks, col - 1, ring - 1)
                                    : mark;
            e = label ? lib_xlsx()->worksheet_write_string(ws, row, (lxw_col_t)col, label, f)
                      : lib_xlsx()->worksheet_write_blank(ws, row, (lxw_col_t)col, f);
            if (!e && picture >= 0) e = insert_art(ws, art, picture, col, row, px);
        }
    }
    if (!e && play) e = play_add_rules(wb, ws, m, play, row, cols, words.labels);
    return e;
}


/* A sheet's plan: its texts (an answer sheet has the answer page's title
 * alone), the page, and the square cell (pixels at 96 dpi) with which the
 * texts, the maze and its ring of empty cells fill the printable area
 * (fit-to-page then only shrinks). */
/* Walls as borders: Excel's are fixed widths (hair, thin 0.75 pt, medium
 * 1.5 pt, thick 2.25 pt) that do not shrink with the cells, so small
 * cells get thinner ones: medium on cells of 2 mm (printed) would leave
 * a 200 x 200 maze nearly black. Big cells of a heavy template, thick. */
static uint8_t border_for(const sheet_plan *plan, const meiro_export_options *opt)
{
    if (plan->cell_mm < 1.3) return LXW_BORDER_HAIR;
    if (plan->cell_mm < 3.5) return LXW_BORDER_THIN;
    return opt->tpl && opt->tpl->line > 1.0 ? LXW_BORDER_THICK : LXW_BORDER_MEDIUM;
}

static meiro_status sheet_size(const meiro_maze *m, const meiro_export_options *opt, bool answers,
                               size_t count, sheet_plan *plan, meiro_error *err)
{
    *plan = (sheet_plan){0};
    if (m->w + 2 > EXCEL_MAX_COLS || m->h + 2 + TEXT_ROWS > EXCEL_MAX_ROWS)
        return fail(
            err, MEIRO_ERROR_ARGUMENT,
            "a spreadsheet has at most %d columns and %d rows: a %lu x %lu maze does not fit",
            EXCEL_MAX_COLS - 2, EXCEL_MAX_ROWS - 2 - TEXT_ROWS, (unsigned long)m->w,
            (unsigned long)m->h);
    page_layout *L = &plan->L;
    meiro_status s = layout_page(m->w, m->h, opt, L, err);
    if (s != MEIRO_OK) return s;
    page_words words;
    page_words_for(opt, &words);
    if (answers) {
        /* one maze: its answer sheet keeps the title ("めいろ — こたえ") */
        if (count == 1 && words.title)
            snprintf(plan->answers_title, sizeof plan->answers_title, "%s — %s", words.title,
                     words.labels->answers);
        else snprintf(plan->answers_title, sizeof plan->answers_title, "%s", words.labels->answers);
        plan->text[TEXT_TITLE] = plan->answers_title;
    } else {
        plan->text[TEXT_TITLE] = words.title;
        plan->text[TEXT_SUBTITLE] = words.subtitle;
        snprintf(plan->fields, sizeof plan->fields, "%s", words.fields);
        plan->text[TEXT_FIELDS] = plan->fields[0] ? plan->fields : NULL;
        /* the special maze's rules, as the printed page states them */
        plan->rule_lines = page_rules_text(page_maze_rules(m), words.labels, "\n", plan->rules,
                                           sizeof plan->rules);
        plan->text[TEXT_RULES] = plan->rule_lines ? plan->rules : NULL;
    }
    double text_mm = 0;
    for (int t = 0; t < TEXT_ROWS; t++)
        if (plan->text[t]) plan->top++, text_mm += row_pt(plan, t) * 25.4 / 72;
    double area_w = L->page_w - 2 * L->margin, area_h = L->page_h - 2 * L->margin - text_mm;
    double fit_mm = fmin(area_w / (m->w + 2), area_h / (m->h + 2));
    if (opt->cell_mm > 0) fit_mm = fmin(fit_mm, opt->cell_mm);
    if (opt->tpl && opt->tpl->cell > 0) fit_mm = fmin(fit_mm, opt->tpl->cell);
    double p = floor(fit_mm / 25.4 * 96);
    plan->px = p < 2 ? 2 : p > 500 ? 500 : (uint32_t)p;
    plan->cell_mm = fit_mm;
    return MEIRO_OK;
}

/* libxlsxwriter's version check: 1.1.5 can write a workbook into memory
 * (output_buffer), earlier versions to a file name only. Measured with
 * 1.1.4 (Debian 12), and with 1.1.5 and 1.2.3 built from their sources;
 * tests/test_hacks.c (xlsx_output_buffer) fails when the library at hand
 * and the way taken disagree. */
#if LXW_VERSION_ID >= 115
#define XLSX_IN_MEMORY 1
#else
#define XLSX_IN_MEMORY 0
#endif

/* Where a workbook is written before it is copied to the output stream:
 * libxlsxwriter's buffer, or a temporary file of ours in the scratch
 * folder (hidden when that is the output's folder), tracked for a signal
 * handler to remove. */
typedef struct workbook_file {
    const char *buffer; /* malloc'd by libxlsxwriter */
    size_t size;
    char *temp;
    temp_entry *tracked;
} workbook_file;

#if !XLSX_IN_MEMORY
/* Copies the finished workbook to the output stream. */
static meiro_status copy_file(const char *path, FILE *out, meiro_error *err)
{
    FILE *in = fopen(path, "rb");
    if (!in) return fail(err, MEIRO_ERROR_IO, "cannot read the workbook: %s", strerror(errno));
    char buf[65536];
    size_t n;
    bool ok = true;
    while (ok && (n = fread(buf, 1, sizeof buf, in)) > 0) ok = fwrite(buf, 1, n, out) == n;
    ok = ok && !ferror(in);
    fclose(in);
    return ok ? MEIRO_OK : fail(err, MEIRO_ERROR_IO, "write error: %s", strerror(errno));
}
#endif

/* The workbook, opened with the options wo; NULL when it cannot be (the
 * reason in *s, or MEIRO_OK when libxlsxwriter refused). */
static lxw_workbook *workbook_open(lxw_workbook_options *wo, bool hidden, workbook_file *w,
                                   meiro_status *s, meiro_error *err)
{
    *w = (workbook_file){0};
    *s = MEIRO_OK;
#if XLSX_IN_MEMORY
    (void)hidden;
    (void)err;
    wo->output_buffer = (void *)&w->buffer; /* char ** in 1.1.5, const char ** from 1.1.6 */
    wo->output_buffer_size = &w->size;
    return lib_xlsx()->workbook_new_opt(NULL, wo);
#else
    size_t size = strlen(wo->tmpdir) + 32;
    w->temp = alloc_array(size, 1);
    if (!w->temp) {
        *s = fail(err, MEIRO_ERROR_NOMEM, "out of memory");
        return NULL;
    }
    snprintf(w->temp, size, "%s/%smeiro-xlsx-XXXXXX", wo->tmpdir, hidden ? "." : "");
    int fd = mkstemp(w->temp);
    if (fd < 0) {
        *s = fail(err, MEIRO_ERROR_IO, "cannot create a temporary file in %s: %s", wo->tmpdir,
                  strerror(errno));
        free(w->temp);
        w->temp = NULL;
        return NULL;
    }
    close(fd);
    w->tracked = temp_track(w->temp, false);
    return lib_xlsx()->workbook_new_opt(w->temp, wo);
#endif
}

/* libxlsxwriter (constant_memory) keeps a temporary file open for each
 * sheet until the workbook is closed: these many and a few of the
 * process's own must be allowed (ulimit -n), or the workbook fails at its
 * end with libxlsxwriter's "Too many open files". */
enum { XLSX_SPARE_FILES = 32 };

static meiro_status xlsx_files_check(size_t count, const meiro_export_options *opt,
                                     meiro_error *err)
{
    bool answers = page_answers(opt) != ANSWERS_NONE && !opt->answers_only;
    size_t sheets = count * (answers ? 2 : 1) + (opt->play ? count : 0);
    struct rlimit lim;
    if (getrlimit(RLIMIT_NOFILE, &lim) != 0 || lim.rlim_cur == RLIM_INFINITY ||
        sheets + XLSX_SPARE_FILES <= lim.rlim_cur)
        return MEIRO_OK;
    return fail(
        err, MEIRO_ERROR_IO,
        "a workbook of %zu sheets keeps a file open for each while it is written: more than the %llu "
        "files this process may open (ulimit -n %llu); write fewer mazes or raise ulimit -n",
        sheets, (unsigned long long)lim.rlim_cur, (unsigned long long)lim.rlim_cur);
}

/* Copies the workbook to out when it was written, and lets go of what held it. */
static meiro_status workbook_deliver(workbook_file *w, bool written, FILE *out, meiro_error *err)
{
    meiro_status s = MEIRO_OK;
#if XLSX_IN_MEMORY
    if (written && fwrite(w->buffer, 1, w->size, out) != w->size)
        s = fail(err, MEIRO_ERROR_IO, "write error: %s", strerror(errno));
    free((void *)w->buffer);
#else
    if (written) s = copy_file(w->temp, out, err);
    if (w->temp) unlink(w->temp);
    temp_untrack(w->tracked);
    free(w->temp);
#endif
    return s;
}

meiro_status xlsx_check(const doc_item *items, size_t count, const meiro_export_options *opt,
                        double *cell_mm, meiro_error *err)
{
    meiro_status files = xlsx_files_check(count, opt, err);
    if (files != MEIRO_OK) return files;
    sheet_plan plan;
    for (size_t i = 0; i < count; i++) {
        const meiro_maze *m = items[i].maze;
        meiro_status s = sheet_size(m, opt, false, count, &plan, err);
        if (s != MEIRO_OK) return s;
        if (cell_mm && i == 0) *cell_mm = plan.cell_mm;
        if (opt->play && m->weave) /* its check counts a cell's marked neighbours */
            return fail_field(err, MEIRO_FIELD_PLAY, MEIRO_ERROR_ARGUMENT,
                              "a playable sheet cannot check a weave maze's crossings: leave out "
                              "--play, or play it as html");
        if (opt->play && m->mission) /* its check walks each cell once, any way, no order */
            return fail_field(err, MEIRO_FIELD_PLAY, MEIRO_ERROR_ARGUMENT,
                              "a playable sheet cannot check a mission's keys, items or one-way "
                              "passages: leave out --play, or play it as html");
        if (opt->play && (uint64_t)m->w * m->h > PLAY_MAX_CELLS)
            return fail_field(
                err, MEIRO_FIELD_PLAY, MEIRO_ERROR_ARGUMENT,
                "a playable sheet checks at most %d cells (200 x 200): a %lu x %lu maze is too big to play",
                PLAY_MAX_CELLS, (unsigned long)m->w, (unsigned long)m->h);
    }
    return MEIRO_OK;
}

/* The names of maze i's sheets: its tab (めいろ, Maze 2), its helper
 * sheet, and the prefix of its defined names in a workbook of several. */
typedef struct sheet_names {
    char sheet[32], check[32], scope[48];
} sheet_names;

static play_place place_for(sheet_names *n, const page_labels *labels, bool answers, size_t i,
                            size_t count, const sheet_plan *plan)
{
    const char *tab = answers ? labels->answer_tab : labels->maze_tab;
    if (count == 1) {
        snprintf(n->sheet, sizeof n->sheet, "%s", tab);
        snprintf(n->check, sizeof n->check, "Check");
        n->scope[0] = 0;
    } else {
        snprintf(n->sheet, sizeof n->sheet, "%s %zu", tab, i + 1);
        snprintf(n->check, sizeof n->check, "Check %zu", i + 1);
        snprintf(n->scope, sizeof n->scope, "'%s'!", n->sheet);
    }
    return (play_place){.sheet = n->sheet, .check = n->check, .scope = n->scope, .first_row = plan->top + 1};
}

/* libxlsxwriter has no call for the workbook's default font, which sets
 * the unit of column widths (DEFAULT_FONT_PT): it is the first format,
 * made with the workbook; its font is written when the workbook closes.
 * Its maintainer advises against reaching into wb->formats (issue #279);
 * 1.1.4 and 1.2.3 still have no call for it. tests/test_hacks.c
 * (xlsx_default_font) reads the font back from a written workbook. */
static void set_default_font(lxw_workbook *wb)
{
    lxw_format *normal = STAILQ_FIRST(wb->formats);
    if (normal) lib_xlsx()->format_set_font_size(normal, DEFAULT_FONT_PT);
}

meiro_status xlsx_write_items(const doc_item *items, size_t count, const meiro_export_options *opt,
                              FILE *out, const char *temp_dir, meiro_error *err)
{
    meiro_status s = xlsx_check(items, count, opt, NULL, err); /* every maze, before writing */
    if (s != MEIRO_OK) return s;
    time_t created;
    s = page_timestamp(&created, err);
    if (s != MEIRO_OK) return s;
    /* libxlsxwriter takes 0 for "now": 1970's first second is written as
     * the next one, still the same every time */
    if (created == 0) created = 1;
    s = xlsx_lib_load(err);
    if (s != MEIRO_OK) return s;
    const char *scratch = temp_dir ? temp_dir : getenv("TMPDIR");
    if (!scratch || !*scratch) scratch = "/tmp";
    lxw_workbook_options wo = {
        .constant_memory = LXW_TRUE, .tmpdir = (char *)scratch, .use_zip64 = LXW_FALSE};
    workbook_file file;
    lxw_workbook *wb = workbook_open(&wo, temp_dir != NULL, &file, &s, err);
    if (s != MEIRO_OK) return s;
    lxw_error e = wb ? LXW_NO_ERROR : LXW_ERROR_MEMORY_MALLOC_FAILED;
    if (wb) set_default_font(wb);
    format_cache *caches = zalloc(count, sizeof *caches);
    if (!caches) e = LXW_ERROR_MEMORY_MALLOC_FAILED;
    sheet_art art = {0};
    /* the drawing module, only for pictures */
    meiro_status art_status = e || !xlsx_art_wanted(opt)
                                  ? MEIRO_OK
                                  : drawing()->xlsx_art_open(opt, &art.pictures, art.has, err);
    if (art_status != MEIRO_OK) e = LXW_ERROR_MEMORY_MALLOC_FAILED; /* reported as art_status */
    char subject[160];
    if (count == 1) page_footer(items[0].maze, subject, sizeof subject);
    else snprintf(subject, sizeof subject, "meiro %s · %zu mazes", MEIRO_VERSION, count);
    page_words words; /* the page's texts and meiro's words, for every sheet */
    page_words_for(opt, &words);
    if (wb && !e) {
        lxw_doc_properties props = {0};
        props.title = (char *)(words.title ? words.title : words.labels->default_title);
        props.subject = subject;
        props.author = "meiro";
        props.comments = "Made with meiro " MEIRO_VERSION;
        props.created = created;
        e = lib_xlsx()->workbook_set_properties(wb, &props);
    }
    /* the puzzles first, then the answers: a key at the back */
    bool answer_sheets = page_answers(opt) != ANSWERS_NONE || opt->answers_only;
    for (int answers = opt->answers_only; answers <= (answer_sheets ? 1 : 0) && !e; answers++) {
        for (size_t i = 0; i < count && !e; i++) {
            const meiro_maze *m = items[i].maze;
            sheet_plan plan;
            sheet_size(m, opt, answers, count, &plan, NULL);
            caches[i].wb = wb;
            caches[i].badges = page_signs_badges(opt, items[0].level);
            caches[i].border = border_for(&plan, opt);
            caches[i].answer = answer_rgb(opt->answer_colour);
            /* S and G at one size, the largest at which both fit their cells */
            double cell_pt = plan.px * 0.75;
            caches[i].mark_pt =
                fmax(6, floor(fmin(cell_pt * 0.6, fmin(label_fit_pt(words.start, cell_pt),
                                                       label_fit_pt(words.goal, cell_pt)))));
            /* the way's line as long as the cell is tall (a box-drawing
             * glyph spans its font's line, about 1.15 of its size) */
            caches[i].path_pt = fmax(4, floor(cell_pt / 1.15));
            uint8_t *marks = NULL;
            bool drawn = answers || !answer_sheets; /* --solution without an answer sheet */
            if (drawn && items[i].path && path_marks(m, items[i].path, &marks) != MEIRO_OK) {
                e = LXW_ERROR_MEMORY_MALLOC_FAILED;
                break;
            }
            sheet_names names;
            play_place place = place_for(&names, words.labels, answers, i, count, &plan);
            place.answer = caches[i].answer;
            e = add_sheet(wb, &caches[i], m, marks, names.sheet, &plan, opt, &art,
                          opt->play && !answers && !opt->answers_only ? &place : NULL);
            free(marks);
        }
    }
    /* the helper sheets last: the maze and answer sheets keep their places */
    for (size_t i = 0; opt->play && !opt->answers_only && i < count && !e; i++) {
        sheet_plan plan;
        sheet_size(items[i].maze, opt, false, count, &plan, NULL);
        sheet_names names;
        play_place place = place_for(&names, words.labels, false, i, count, &plan);
        e = play_add_check_sheet(wb, items[i].maze, &place);
    }
    int close_errno = 0;
    if (wb) {
        errno = 0;
        lxw_error closed = lib_xlsx()->workbook_close(wb); /* the workbook is written here */
        close_errno = errno;
        if (!e) e = closed;
    }
    free(caches);
    /* pictures are made only by the module: none, and it is not loaded */
    if (art.pictures) drawing()->xlsx_art_free(art.pictures);
    /* a full disk is "No space left on device", not a zip error number;
     * memory is "out of memory", not libxlsxwriter's "Memory error" */
    s = workbook_deliver(&file, art_status == MEIRO_OK && e == LXW_NO_ERROR, out, err);
    if (art_status != MEIRO_OK) return art_status;
    if (e == LXW_ERROR_MEMORY_MALLOC_FAILED || close_errno == ENOMEM)
        return fail(err, MEIRO_ERROR_NOMEM, "out of memory writing the workbook");
    if (e != LXW_NO_ERROR)
        return fail(err, MEIRO_ERROR_IO, "cannot write the workbook: %s",
                    close_errno ? strerror(close_errno) : lib_xlsx()->lxw_strerror(e));
    return s;
}

meiro_status export_xlsx(const meiro_maze *m, const meiro_path *path,
                         const meiro_export_options *opt, FILE *out, const char *temp_dir,
                         meiro_error *err)
{
    doc_item item = {m, path, 0};
    return xlsx_write_items(&item, 1, opt, out, temp_dir, err);
}
