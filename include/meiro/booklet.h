/* meiro/booklet.h — booklets: many mazes of rising difficulty in one document.
 * Include <meiro.h>, not this file. */
#ifndef MEIRO_BOOKLET_H
#define MEIRO_BOOKLET_H

#ifndef MEIRO_H
#error "include <meiro.h>, not <meiro/booklet.h>"
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Booklets --------------------------------------------------------- */

/* A booklet for folding (PDF): its pages padded with notes pages and a back
 * cover to a multiple of 4, in reading order (for a print shop that imposes
 * them itself), or imposed two a sheet in booklet order, to print on both
 * sides (flip on the short edge), fold and staple. */
typedef enum meiro_fold { MEIRO_FOLD_NONE, MEIRO_FOLD_PAGES, MEIRO_FOLD_SHEETS } meiro_fold;

/* Frozen at ABI 7 (160 bytes on LP64, tests/test_abi.c): members are
 * never added, moved or removed again. A new booklet setting comes the way a
 * page's does (a setting of an opaque object with typed setters, as
 * meiro_job_setting in meiro/plan.h), not as a member, so a
 * program built against these headers keeps working with later libraries. */
typedef struct meiro_booklet_options {
    unsigned count;           /* mazes; default 10 */
    uint32_t from_w, from_h;  /* sizes rising evenly from the first maze */
    uint32_t to_w, to_h;      /*   to the last; 0: use the levels */
    meiro_level from_level;   /* levels rising from..to; default easy */
    meiro_level to_level;     /*   .. hard */
    const char *algorithm;    /* NULL: the level's, or cluster with sizes */
    uint64_t seed;            /* each maze's seed is derived from it */
    int cover;                /* 1 yes, 0 no, -1 (default) the template's */
    int contents;             /* a table of contents: 1 yes, 0 no, -1
                                     (default) the template's [booklet]
                                     contents, else for over 20 mazes of
                                     one a page (not for worksheets of
                                     several a page) */
    unsigned copies;          /* a class set: this many versions of
                                     the booklet (0 or 1: one), one after
                                     another in the file, each with its
                                     own seed (the first the booklet's),
                                     page numbers from 1, and its label
                                     ("Version B", or names[i]) in its
                                     footers; their answers (any mode
                                     but back) after every copy's sheets,
                                     each captioned with its copy's label
                                     ("Hana · No. 2"), a key packed
                                     key_per_page a page (a page each
                                     if answers is after-page); PDF
                                     only, not folded; copies x count
                                     at most 10000 */
    const char *const *names; /* the pupils' names, one a copy (copies
                                     of them): written on the name line
                                     (a template without one gets meiro's
                                     own) and labelling the copy; NULL:
                                     letters A, B, ... Z, AA, AB, ... */
    meiro_fold fold;          /* default MEIRO_FOLD_NONE */
    int sheet;                /* MEIRO_FOLD_SHEETS: the sheet, a
                                     meiro_paper (the pages centred two
                                     a side, scaled down if they do not
                                     fit), or -1 (default): twice the page
                                     (A5 pages on A4, see
                                     meiro_booklet_sheet_mm) */
    unsigned signature;       /* MEIRO_FOLD_SHEETS: sheets folded
                                     together (a signature), the booklet
                                     made of such signatures stacked in
                                     reading order; 0 (default): one up to
                                     10 sheets, else signatures of 8.
                                     MEIRO_FOLD_PAGES: pages padded to a
                                     multiple of 4 x signature (0: to an
                                     even count, for glued bindings) */
    double creep_mm;          /* MEIRO_FOLD_SHEETS: each sheet's pages
                                     moved this much toward the spine per
                                     sheet it lies inside its signature
                                     (the paper's thickness: about 0.1),
                                     so the inner pages, which stick out
                                     when folded, keep their margins */
    const char *shapes;       /* shapes taken in turn, comma-separated
                                     ("heart,star,cat"; built-in names or
                                     SVG/PNG files, see meiro_shape_mask),
                                     for the rectangles among the grids;
                                     NULL: plain rectangles */
    unsigned grids;           /* the grids the mazes take in turn, bit
                                     1 << meiro_grid for each; 0 = rectangles.
                                     A level's or --from/--to size is a
                                     rectangle's: a polar maze gets about as
                                     many cells in rings (and G in the
                                     centre), a triangle one twice the width */
    const char *command;      /* the command that makes this booklet
                                     again, as shell words ("meiro booklet
                                     -n 30 --title 'My mazes' -s 42"): on
                                     its last page (a folded one's back
                                     cover), in lines broken only between
                                     words outside single quotes (a book
                                     without workings: in remake_file
                                     alone); NULL: the last page gives the
                                     seed alone */
    void (*progress)(void *ctx, unsigned done, unsigned total); /* or NULL */
    void *progress_ctx;
    const char *kinds;        /* kinds of maze taken in turn, comma-
                                     separated: plain, weave (a weave maze;
                                     a level whose generator cannot weave
                                     takes cluster), keys (keys and doors,
                                     1 key at easy to 4 at expert), collect
                                     (items in order, 2 to 8), one-way
                                     (arrows, 10% to 40%), levels (two
                                     floors of half the level's width and
                                     rows, joined by stairs); rectangles
                                     only; missions and levels in PDF or
                                     HTML; NULL: plain
                                     mazes (ABI 3) */
    bool same_mazes;          /* with names: every pupil the same mazes
                                     (the booklet's seed), each sheet with
                                     their name, and one key for all; false
                                     (default): a version each (ABI 6) */
    int workings;             /* meiro's name, the seeds (footers,
                                     captions, the cover page) and the
                                     command on the last page: 1 shown,
                                     0 not (page numbers, labels and the
                                     user's footer stay; PDF and HTML),
                                     -1 (default) shown unless the book is
                                     for a print service (page->print kdp,
                                     ingram or lulu): a book to sell
                                     (ABI 6) */
    const char *remake_file;  /* a side file, written atomically once the
                                     booklet is: the command (`command`),
                                     the booklet's seed and every maze's
                                     (plain text); NULL (default): none.
                                     Where a clean book's workings are
                                     kept (ABI 6) */
} meiro_booklet_options;

MEIRO_API void meiro_booklet_options_init(meiro_booklet_options *b);

/* The sheet a booklet folded from sheets is printed on, in mm (landscape:
 * *w the long side): b->sheet, else twice the page (A5 pages on A4, A6
 * on A5, A4 on A3; other papers twice as wide). *fits: whether a home
 * printer takes it (A4, Letter or Legal at most). */
MEIRO_API meiro_status meiro_booklet_sheet_mm(const meiro_booklet_options *b,
                                              const meiro_export_options *page, double *w,
                                              double *h, bool *fits, meiro_error *err);

/* The seed of maze `index` (0-based) of a booklet: printed under each maze,
 * so `meiro generate -s SEED` with its size and algorithm makes it again. */
MEIRO_API uint64_t meiro_booklet_maze_seed(uint64_t booklet_seed, unsigned index);
/* The seed of copy `copy` (0-based) of a class set: the booklet's own for
 * the first, derived from it for the others; in each copy's footers, so
 * the same booklet with `-s SEED` makes that copy alone. */
MEIRO_API uint64_t meiro_booklet_copy_seed(uint64_t booklet_seed, unsigned copy);

/* Whether the booklet's pages show meiro's workings (b->workings, its
 * default decided by page->print): false for a book to sell, whose
 * command and seeds then belong in b->remake_file. */
MEIRO_API bool meiro_booklet_workings(const meiro_booklet_options *b,
                                      const meiro_export_options *page);

/* Whether the booklet's answers go to a file of their own rather than
 * into its pages: a class set's, unless the options say where
 * (page->answers or answer_page), and answers asked of an HTML booklet
 * (a page to play has no answer pages). The caller writes that file with
 * page->answers_only. */
MEIRO_API bool meiro_booklet_answers_apart(const meiro_booklet_options *b, meiro_format format,
                                           const meiro_export_options *page);

/* Writes a booklet as PDF (pages per the template in page->tpl: mazes per
 * page, answers after each page or in a key at the end, cover), XLSX (a
 * sheet per maze and per answer) or HTML (the puzzle pages in one page to
 * play, maze by maze, each with its answer button). */
MEIRO_API meiro_status meiro_booklet_write(const meiro_booklet_options *b,
                                           const meiro_export_options *page, meiro_format format,
                                           FILE *out, meiro_error *err);
MEIRO_API meiro_status meiro_booklet_save(const meiro_booklet_options *b,
                                          const meiro_export_options *page, meiro_format format,
                                          const char *filename, meiro_error *err);

/* A volume of a series: the booklet of meiro_booklet_save, none of whose
 * mazes the ledger file has (by meiro_maze_fingerprint: not turned or
 * mirrored either, nor twice in this volume); a maze it has is made again
 * from the next seed derived from its own. The ledger (plain text, a
 * missing file a new series) is rewritten atomically with this volume once
 * the booklet is saved; a booklet seed a volume already used is refused.
 * "Volume N" follows the subtitle. One booklet, not copies. */
typedef struct meiro_series {
    const char *ledger; /* the ledger file's name */
    unsigned volume;    /* out: this booklet's volume number (from 1) */
    unsigned replaced;  /* out: mazes made again because the ledger had them */
} meiro_series;

MEIRO_API meiro_status meiro_booklet_save_series(const meiro_booklet_options *b,
                                                 const meiro_export_options *page,
                                                 meiro_format format, const char *filename,
                                                 meiro_series *series, meiro_error *err);

#ifdef __cplusplus
}
#endif

#endif /* MEIRO_BOOKLET_H */
