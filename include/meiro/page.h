/* meiro/page.h — printable pages: paper, page options and templates.
 * Include <meiro.h>, not this file. */
#ifndef MEIRO_PAGE_H
#define MEIRO_PAGE_H

#ifndef MEIRO_H
#error "include <meiro.h>, not <meiro/page.h>"
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Printable pages -------------------------------------------------- */

typedef enum meiro_paper {
    MEIRO_PAPER_A4,     /* 210 x 297 mm */
    MEIRO_PAPER_A3,     /* 297 x 420 mm */
    MEIRO_PAPER_A5,     /* 148 x 210 mm */
    MEIRO_PAPER_B5,     /* JIS B5, 182 x 257 mm */
    MEIRO_PAPER_LETTER, /* 215.9 x 279.4 mm */
    MEIRO_PAPER_LEGAL,  /* 215.9 x 355.6 mm */
    MEIRO_PAPER_B4,     /* JIS B4, 257 x 364 mm */
    MEIRO_PAPER_A6,     /* 105 x 148 mm */
    MEIRO_PAPER_COUNT
} meiro_paper;

typedef enum meiro_orientation {
    MEIRO_ORIENT_AUTO, /* landscape if the maze is wider than tall */
    MEIRO_ORIENT_PORTRAIT,
    MEIRO_ORIENT_LANDSCAPE
} meiro_orientation;

/* Looks a paper up by name ("a4", "letter", ...; case does not matter). */
MEIRO_API meiro_status meiro_paper_from_name(const char *name, meiro_paper *paper,
                                             meiro_error *err);
/* The paper's name and portrait size in millimetres; NULL if invalid. */
MEIRO_API const char *meiro_paper_name(meiro_paper paper, double *width_mm, double *height_mm);

/* A paper of any size, for print-on-demand trims and square books: each
 * side MEIRO_PAPER_MIN_MM to MEIRO_PAPER_MAX_MM. */
#define MEIRO_PAPER_MIN_MM 50.0
#define MEIRO_PAPER_MAX_MM 1000.0

/* Reads a paper as --paper and a template's paper key take it: a name
 * (meiro_paper_from_name: sets *paper, zeroes *width_mm and *height_mm) or
 * a size "WxH" in millimetres, or with a unit "mm" or "in" ("6x9in",
 * "210x210mm", "148x210": sets the sizes in mm, leaves *paper alone).
 * Anything else is MEIRO_ERROR_UNKNOWN_NAME, a size out of range
 * MEIRO_ERROR_ARGUMENT. */
MEIRO_API meiro_status meiro_paper_parse(const char *text, meiro_paper *paper, double *width_mm,
                                         double *height_mm, meiro_error *err);

/* Common book trim sizes (for `meiro list`): sizes --paper takes. */
typedef struct meiro_trim_desc {
    const char *size;        /* "6x9in": what --paper takes */
    const char *description; /* "US trade paperback" */
} meiro_trim_desc;
MEIRO_API size_t meiro_trim_count(void);
MEIRO_API const meiro_trim_desc *meiro_trim_info(size_t index); /* NULL past the end */

#define MEIRO_DEFAULT_MARGIN_MM 15.0
#define MEIRO_BLEED_MAX_MM 20.0
#define MEIRO_GUTTER_MAX_MM 50.0

/* A page template: paper, mazes per page, texts, where answers go, artwork.
 * See templates/README.md for the file format. */
typedef struct meiro_template meiro_template;

/* Loads a template by name ("kids-a4": from $MEIRO_TEMPLATE_PATH, the
 * installed templates, or the copies built into the library) or by path (a
 * name with '/' or ending in .ini). A broken template gives
 * MEIRO_ERROR_PARSE with the file in err->source and the line. */
MEIRO_API meiro_template *meiro_template_load(const char *name_or_path, meiro_error *err);
MEIRO_API void meiro_template_free(meiro_template *t); /* NULL is allowed */
/* The template's name and description: valid while the template lives. */
MEIRO_API const char *meiro_template_name(const meiro_template *t);
MEIRO_API const char *meiro_template_description(const meiro_template *t);
/* The template's own language ([text] lang =; "en" when it names none):
 * its page's words unless the options name another. */
MEIRO_API const char *meiro_template_lang(const meiro_template *t);

/* Fills *opt with the defaults, then the maze the template asks for
 * ([maze] width, height, algorithm, ends: a child's template makes a small
 * maze with a gentle generator). The options borrow the template's
 * algorithm name: keep the template until the maze is made. */
MEIRO_API void meiro_generate_options_from_template(meiro_generate_options *opt,
                                                    const meiro_template *tpl);

/* True for the languages of meiro's own words: "en" and one for each of
 * its catalogues (po/: "ja", "es", "fr", "de", "pt", "zh", "ko", "ar"). */
MEIRO_API bool meiro_lang_known(const char *lang);

/* The templates built into the library. */
MEIRO_API size_t meiro_builtin_template_count(void);
MEIRO_API const char *meiro_builtin_template_name(size_t index);

/* Pictures for S and G: pairs built into the library (templates/art/), a
 * start and the goal it heads for, e.g. "bunny": a bunny and a carrot.
 * They replace the words S and G in every printable format. */
typedef struct meiro_art_desc {
    const char *name;         /* "bunny": what --art and a template's art = take */
    const char *start, *goal; /* the built-in SVG files: "art/bunny.svg", "art/carrot.svg" */
    const char *description;  /* "a bunny hops to its carrot" */
} meiro_art_desc;

MEIRO_API size_t meiro_art_count(void);
MEIRO_API const meiro_art_desc *meiro_art_info(size_t index); /* NULL past the end */
/* Looks a pair up by name; MEIRO_ERROR_UNKNOWN_NAME lists the names. */
MEIRO_API meiro_status meiro_art_from_name(const char *name, size_t *index, meiro_error *err);

/* Where the answers go. */
typedef enum meiro_answers {
    MEIRO_ANSWERS_DEFAULT,    /* answer_page if set, else the template's choice,
                                 else none */
    MEIRO_ANSWERS_NONE,       /* the puzzles only */
    MEIRO_ANSWERS_AFTER_PAGE, /* each puzzle page, then its answers */
    MEIRO_ANSWERS_KEY,        /* the puzzles, then a key of small solved mazes */
    MEIRO_ANSWERS_BACK        /* each answer on the back of its puzzle's leaf:
                                 puzzle pages on right-hand (odd) pages, each
                                 followed by its answers, for duplex printing
                                 and folded booklets */
} meiro_answers;

/* How S and G are shown, the same on every page of a document, puzzles and
 * answers alike. */
typedef enum meiro_signs {
    MEIRO_SIGNS_AUTO,    /* the template's ([maze] badges = yes/no), else
                            badges where a booklet's first level is a
                            child's (easy, normal or hard), else letters */
    MEIRO_SIGNS_LETTERS, /* S and G as bold words on white plates in their
                            cells (a grown-up's maze) */
    MEIRO_SIGNS_BADGES   /* S light green and G light blue discs with the
                            word on them, filling their cells (a child's) */
} meiro_signs;
/* Shapes and names show S and G as badges in every style (in doors of
 * their outline, or filling their cells). */

/* Looks up "none", "after-page", "key" or "back". */
MEIRO_API meiro_status meiro_answers_from_name(const char *name, meiro_answers *answers,
                                               meiro_error *err);

/* Print-on-demand services (README "Print profiles" names each number's
 * source): the page's bleed as the service wants it (KDP and IngramSpark:
 * top, bottom and outside only, none at the binding edge; Lulu: all four),
 * lines at least 0.75 pt, the gutter from the page count, and for booklets
 * an even page count within the service's range. MEIRO_PRINT_HOME and
 * MEIRO_PRINT_NONE change nothing (every wall is at least 0.1 mm, about
 * 0.28 pt, anyway). */
typedef enum meiro_print {
    MEIRO_PRINT_NONE,
    MEIRO_PRINT_HOME,
    MEIRO_PRINT_KDP,
    MEIRO_PRINT_INGRAM,
    MEIRO_PRINT_LULU,
    MEIRO_PRINT_PLOTTER, /* a pen plotter: the maze's strokes merged, none drawn twice,
                            ordered for the least pen-up travel (gcode, hpgl) */
    MEIRO_PRINT_LASER,   /* a laser cutter or a router: hairline cut and engrave lines
                            on their layers, the kerf allowed for (dxf) */
    MEIRO_PRINT_TACTILE, /* swell (capsule) paper for a blind reader: the corridors'
                            centre-lines raised, APH's spacings, braille (pdf, svg,
                            png, page) */
    MEIRO_PRINT_LARGE_PRINT, /* a reader with low vision: walls 2 mm and more in
                                cells of 12 mm and more, black on white, no
                                footer; the template large-print on the
                                command line (a legible font, S and G large) */
    MEIRO_PRINT_COUNT
} meiro_print;
/* Looks up "home", "kdp", "ingram", "lulu", "plotter", "laser" or
 * "tactile" (case does not matter). A machine's profile (plotter, laser)
 * goes with its formats only, a service's with PDF, tactile with pdf, svg,
 * png and page: meiro_write refuses the others. */
MEIRO_API meiro_status meiro_print_from_name(const char *name, meiro_print *print,
                                             meiro_error *err);
/* The profile's name ("kdp"); NULL if invalid. */
MEIRO_API const char *meiro_print_name(meiro_print print);
/* meiro_export_options.answer_colour: a colour given (0 is the default). */
#define MEIRO_COLOUR_SET 0x1000000u
/* Looks up an answer colour: "violet" (the default), "red" (the answer's
 * colour before it), "blue", "orange", "green", "magenta", "black", or
 * "#rrggbb"; case does not matter. Sets *colour to MEIRO_COLOUR_SET |
 * 0xRRGGBB. */
MEIRO_API meiro_status meiro_answer_colour_from_name(const char *name, uint32_t *colour,
                                                     meiro_error *err);
/* The gutter (inside margin added on the binding side) the service asks of
 * a book of `pages` pages, in mm: KDP's table for KDP, IngramSpark and Lulu
 * (24-150 pages 0.375 in, to 0.875 in from 701 pages); 0 for home. */
MEIRO_API double meiro_print_gutter_mm(meiro_print print, unsigned pages);
/* The thinnest line the service prints, in mm (0.75 pt), or the home floor
 * 0.1 mm. */
MEIRO_API double meiro_print_line_min_mm(meiro_print print);
/* A full-wrap paperback cover (back, spine, front, with bleed on every
 * side): its paper's thickness sets the spine. KDP, IngramSpark and Lulu
 * (their figures: README "Print profiles"); home is refused. */
typedef enum meiro_stock {
    MEIRO_STOCK_WHITE,
    MEIRO_STOCK_CREAM,
    MEIRO_STOCK_COLOR,
    MEIRO_STOCK_COUNT
} meiro_stock;
/* Looks up "white", "cream" or "color". */
MEIRO_API meiro_status meiro_stock_from_name(const char *name, meiro_stock *stock,
                                             meiro_error *err);
/* The cover of a `pages`-page book of trim w x h mm: its whole size with
 * bleed, and the spine, in mm; MEIRO_ERROR_ARGUMENT for a page count the
 * service does not bind or a service without covers here. */
MEIRO_API meiro_status meiro_cover_size(meiro_print print, meiro_stock stock, unsigned pages,
                                        double trim_w_mm, double trim_h_mm, double *width_mm,
                                        double *height_mm, double *spine_mm, meiro_error *err);
/* Checks a PDF (meiro's or any other) against a print service's rules
 * (MEIRO_PRINT_NONE and _HOME: the rules every printer shares, lines of
 * 0.25 pt and up): calls report once a rule, in order, with its name
 * ("pages", "page size", "boxes", "fonts", "lines", "greys", "blank pages",
 * "annotations", "bookmarks", "safe area": a service's book's text and
 * ink inside the trim less its safe margin and, at the binding edge, the
 * gutter, "pdf/x": IngramSpark's, or a file that says
 * it is PDF/X, has its version, output intent and Trapped, and no
 * transparency, "metadata": meiro_preflight_titled, "encryption": none,
 * "actions": no JavaScript, Launch action or embedded file), whether it passed, and what is wrong
 * ("page 3: a line of 0.28 pt; Amazon KDP prints 0.75 pt and up") or what
 * was found. *passed: every rule passed. A file that is no PDF is
 * MEIRO_ERROR_PARSE; one past the budgets MEIRO_ERROR_TOO_BIG (a stream
 * decoding to more than 64 MB, 128 MB in all, or more than 300,000 objects
 * and values), or MEIRO_ERROR_NOMEM past the 160 MB of the child process
 * that reads it (5 s of processor time: MEIRO_ERROR_TOO_BIG past them; so
 * do meiro_pdf_book and meiro_pdf_book_art). Line widths are read from each page's content and
 * its form XObjects one level deep, scaled by their cm matrices. */
typedef void (*meiro_preflight_report)(void *ctx, const char *rule, bool pass,
                                       const char *detail);
MEIRO_API meiro_status meiro_preflight(const char *filename, meiro_print print,
                                       meiro_preflight_report report, void *ctx, bool *passed,
                                       meiro_error *err);
/* The same for a book's full-wrap cover: "pages" is one page, "page size"
 * the service's cover for `pages` pages of that trim (mm) and stock
 * (meiro_cover_size, within 1 pt); the rest as meiro_preflight. The
 * cover's own MEIRO_ERROR_ARGUMENT for a page count the service does not
 * bind. */
MEIRO_API meiro_status meiro_preflight_cover(const char *filename, meiro_print print,
                                             meiro_stock stock, unsigned pages, double trim_w_mm,
                                             double trim_h_mm, meiro_preflight_report report,
                                             void *ctx, bool *passed, meiro_error *err);
/* Either of the two (is_cover: meiro_preflight_cover's, with its stock,
 * pages and trim; else meiro_preflight's), with `title` (NULL: none) the
 * title the service was given: the "metadata" rule then fails unless the
 * file's document information has it. Every service's "metadata" rule:
 * KDP's files carry no metadata but their title, the tools and dates (no
 * Author, Subject, Keywords or XMP packet); PDF/X files have a Title. */
MEIRO_API meiro_status meiro_preflight_titled(const char *filename, meiro_print print,
                                              const char *title, bool is_cover,
                                              meiro_stock stock, unsigned pages,
                                              double trim_w_mm, double trim_h_mm,
                                              meiro_preflight_report report, void *ctx,
                                              bool *passed, meiro_error *err);
/* The machines a file meiro wrote for them is checked for before they
 * run (meiro_preflight_machine). */
typedef enum meiro_machine {
    MEIRO_MACHINE_PLOTTER, /* a pen plotter: G-code, HP-GL (or DXF) */
    MEIRO_MACHINE_LASER,   /* a laser cutter or router: DXF (or G-code, HP-GL) */
    MEIRO_MACHINE_3D,      /* a 3D printer: STL, 3MF */
    MEIRO_MACHINE_COUNT
} meiro_machine;
/* Looks up "plotter", "laser" or "3d" (case does not matter). */
MEIRO_API meiro_status meiro_machine_from_name(const char *name, meiro_machine *machine,
                                               meiro_error *err);
/* Checks a machine's file meiro wrote (its type from its name: .gcode .nc
 * .hpgl .plt .dxf .svg .stl .3mf) before the machine runs: calls report once a
 * rule, in order: "file" (what was read: strokes or triangles, the size,
 * the pens), "bed" (the drawing within bed_w x bed_h mm; a 3D printer's
 * 256 x 256 when 0), then a plotter's "pen" (strokes closer than the pen,
 * tool_mm wide, 0.5 when 0: the ink runs together), a laser's "kerf" (the
 * material between two cuts narrower than the beam, tool_mm, 0.15 when
 * 0), "walls" (narrower than wall_mm, 1 when 0) and "islands" (the pieces
 * of a cut sheet's outlines that fall out of it: braided mazes' walls that
 * touch no other), a 3D print's "walls" (its section halfway up narrower
 * than wall_mm, 2 nozzles of tool_mm, 0.4 when 0) and "gaps" (narrower
 * than a nozzle: they close), and with ball_mm a "ball" rule (a corridor
 * narrower than the ball and 1 mm of clearance). Each names the place,
 * in the file's millimetres. *passed: every rule passed. A malformed file
 * is MEIRO_ERROR_PARSE with its line and column (err->line, column); a
 * file of another machine's, MEIRO_ERROR_ARGUMENT. */
MEIRO_API meiro_status meiro_preflight_machine(const char *filename, meiro_machine machine,
                                               double tool_mm, double wall_mm, double ball_mm,
                                               double bed_w_mm, double bed_h_mm,
                                               meiro_preflight_report report, void *ctx,
                                               bool *passed, meiro_error *err);
/* A printed book's page count and trim (page 1's TrimBox, else its
 * MediaBox, in mm), for its cover; MEIRO_ERROR_PARSE for no PDF. */
MEIRO_API meiro_status meiro_pdf_book(const char *filename, unsigned *pages, double *trim_w_mm,
                                      double *trim_h_mm, meiro_error *err);
/* The maze a book made by meiro_booklet_save with a print service records
 * for its cover's front (its last maze), which maze of the book it is
 * (from 1), and the book's title and subtitle (with a series' "Volume N")
 * into title and subtitle (each of `size` bytes, "" when none; either may
 * be NULL): *art is the caller's (meiro_maze_free). MEIRO_ERROR_ARGUMENT
 * naming the file when it records none (a PDF not made so). */
MEIRO_API meiro_status meiro_pdf_book_art(const char *filename, meiro_maze **art,
                                          unsigned *number, char *title, char *subtitle,
                                          size_t size, meiro_error *err);
/* The series volume such a book records (meiro_booklet_save_series), or 0
 * for a book of no series; MEIRO_ERROR_ARGUMENT as meiro_pdf_book_art. */
MEIRO_API meiro_status meiro_pdf_book_volume(const char *filename, unsigned *volume,
                                             meiro_error *err);
/* Frozen at ABI 7 (160 bytes on LP64, tests/test_abi.c): members are
 * never added, moved or removed again. A new page setting comes as a
 * meiro_job_setting (meiro/plan.h: an opaque job with typed setters), so a
 * program built against these headers keeps working with later libraries. */
typedef struct meiro_export_options {
    meiro_paper paper;             /* default A4 */
    double paper_w_mm, paper_h_mm; /* a paper of this size instead (both
                                      set, MEIRO_PAPER_MIN_MM to _MAX_MM;
                                      portrait is the shorter side across);
                                      0: `paper`. Not for XLSX (no
                                      spreadsheet paper code fits) */
    double bleed_mm;               /* PDF: the page grows this much on every
                                      side (0 to MEIRO_BLEED_MAX_MM) for the
                                      print shop's cut; frame art runs into
                                      it, the rest stays inside the trim;
                                      the PDF gets TrimBox and BleedBox */
    double gutter_mm;              /* PDF: more margin on the binding side
                                      (0 to MEIRO_GUTTER_MAX_MM): odd pages
                                      (right-hand) on the left, even pages on
                                      the right; one page is a right-hand
                                      page */
    meiro_orientation orientation; /* default auto */
    double margin_mm;              /* default 15; 0 up to a quarter of the
                                      paper's shorter side (most printers
                                      leave the outer 4-5 mm blank) */
    double cell_mm;                /* 0 (default): the largest cells that fit */
    const char *title;             /* printed above the maze; NULL: the
                                      template's (in the page's language),
                                      "" for none */
    const char *subtitle;          /* under the title; NULL: the template's */
    const char *name;              /* written on the template's name line
                                      ("Name Hana  Date ___"); NULL: blank */
    const char *footer;            /* the footer's text, before the seed;
                                      NULL: "meiro 0.1.0 · cluster · ..." */
    bool no_footer;                /* no footer (PDF metadata keeps the seed) */
    bool answer_page;              /* PDF, XLSX: the puzzle, then the answer
                                      (as answers = MEIRO_ANSWERS_AFTER_PAGE,
                                      or where the template puts answers) */
    meiro_answers answers;         /* PDF, XLSX; default: answer_page or the
                                      template's. Single-page formats (SVG,
                                      PNG, text) leave out a template's answers
                                      and refuse answers asked for here. The
                                      path is found (bfs) when not given. */
    unsigned key_per_page;         /* solved mazes on an answer-key page: 1,
                                      2, 4, 6 or 9; 0 (default): the
                                      template's ([answers] per-page), else 6 */
    unsigned dpi;                  /* PNG resolution; default 300 */
    bool crop;                     /* PNG: only the maze and a small border */
    bool answers_only;             /* only the answers (where `answers` puts
                                      them; after the page if none): the
                                      answer pages or sheets written apart
                                      from the puzzles */
    bool play;                     /* XLSX: the maze sheet checks the way a
                                      player marks (formulas, no macros) */
    const meiro_template *tpl;     /* texts, labels, art, answers; NULL = none */
    const char *lang;              /* "en", "ja"... (meiro_lang_known): the page's language (meiro's
                                      words and the template's texts in it);
                                      NULL = the template's, else English */
    const char *art;               /* S and G as pictures: a pair's name
                                      (meiro_art_info), "none" for the words;
                                      NULL = the template's, else the words */
    meiro_print print;             /* PDF: a print service's page (bleed on
                                      its edges, thick enough lines, its
                                      gutter); default MEIRO_PRINT_NONE.
                                      Not with bleed_mm or gutter_mm, which
                                      it sets */
    bool pdfx;                     /* a book (meiro_booklet_save) and its
                                      cover (meiro_cover_save) for KDP or
                                      Lulu in PDF/X-1a:2001, made by
                                      Ghostscript (the gs command):
                                      greyscale pages, a CMYK cover, an
                                      output intent, no transparency.
                                      IngramSpark's always are; without a
                                      service it is refused. ABI 4 */
    bool pdfx4;                    /* that PDF/X as PDF/X-4 (PDF 1.6, an
                                      XMP packet naming the version)
                                      instead of PDF/X-1a: IngramSpark and
                                      Lulu; KDP's no-metadata rule refuses
                                      it. Implies pdfx. ABI 5 */
    meiro_signs signs;             /* S and G as letters or badges; the
                                      command line's --age and
                                      --difficulty easy to hard ask for
                                      badges. ABI 6 */
    uint32_t answer_colour;        /* the answer's line (PDF, SVG, PNG, HTML;
                                      XLSX: its glyphs): MEIRO_COLOUR_SET |
                                      0xRRGGBB (meiro_answer_colour_from_name),
                                      0: the default violet #A048E0, which
                                      readers with each kind of colour-blind
                                      vision tell from black walls and white
                                      paper (3.5:1 and more, simulated); a
                                      print service's grey band wins. (In
                                      the struct's old tail padding: same
                                      size.) */
} meiro_export_options;
/* Saves that cover as a PDF: page->title (and subtitle) on the front above
 * a maze made from `seed`, the title on the spine where the service
 * allows text there (KDP and Lulu: 80 pages and up, IngramSpark 48), the barcode's corner of the
 * back left clear; the trim from page->paper or paper_w_mm/paper_h_mm;
 * PDF/X-1a in CMYK for IngramSpark, or with page->pdfx. */
MEIRO_API meiro_status meiro_cover_save(meiro_print print, meiro_stock stock, unsigned pages,
                                        const meiro_export_options *page, uint64_t seed,
                                        const char *filename, meiro_error *err);
/* The same with `art` on the front instead (the book's own maze:
 * meiro_pdf_book_art), drawn unsolved. */
MEIRO_API meiro_status meiro_cover_save_art(meiro_print print, meiro_stock stock, unsigned pages,
                                            const meiro_export_options *page,
                                            const meiro_maze *art, const char *filename,
                                            meiro_error *err);
/* A cover dressed for a shop: meiro_cover_save's (or _save_art's) with the
 * seller's words and colour. Fill with meiro_cover_options_init. */
typedef struct meiro_cover_options {
    meiro_print print;      /* kdp, ingram or lulu */
    meiro_stock stock;      /* default white */
    unsigned pages;         /* the book's page count */
    const meiro_maze *art;  /* the front's maze, drawn unsolved; NULL: one
                               of its own from `seed` */
    uint64_t seed;          /* default 1 */
    const char *author;     /* on the front under the title, and at the
                               spine's foot where it carries text; NULL: none */
    const char *blurb;      /* the back's words, from its top down to the
                               barcode's corner, lines broken to fit (a
                               newline starts a paragraph); NULL: the back
                               left blank */
    const char *background; /* the cover's colour out to the bleed's edge,
                               "#rrggbb" (at least 10 % ink: paler vanishes
                               in print; "#ffffff" white): the words white on
                               a dark one, the maze on a white panel; NULL:
                               white */
    unsigned volume;        /* a series' volume: "Vol. N" at the spine's
                               head where it carries text, else on the front
                               unless the subtitle names it; 0: none */
} meiro_cover_options;
MEIRO_API void meiro_cover_options_init(meiro_cover_options *c);
MEIRO_API meiro_status meiro_cover_save_with(const meiro_cover_options *c,
                                             const meiro_export_options *page,
                                             const char *filename, meiro_error *err);

/* Fills *opt with the defaults. */
MEIRO_API void meiro_export_options_init(meiro_export_options *opt);
/* Looks up, in the calling thread, the fonts pages and names are drawn
 * with (fontconfig's configuration, the Latin and Japanese faces), so that
 * processes forked from this thread later draw without that work (meiro
 * serve). Draws nothing and changes no output. false if a face is
 * missing. */
MEIRO_API bool meiro_fonts_preload(void);

/* Checks what needs no maze, before any work: the title is UTF-8 text
 * (else MEIRO_ERROR_ARGUMENT naming the first bad byte, counted from 1),
 * the language, if set, is one meiro knows, and so is the art's name
 * (else MEIRO_ERROR_UNKNOWN_NAME listing the pairs), a custom paper's size,
 * the bleed and the gutter are in range and not asked of --crop (else
 * MEIRO_ERROR_ARGUMENT). meiro_write, meiro_save
 * and the booklets call it too. */
MEIRO_API meiro_status meiro_export_options_check(const meiro_export_options *opt,
                                                  meiro_error *err);

/* Fills *opt with the defaults, then the template's page settings (paper,
 * orientation, margin), keeping tpl for the rest: its texts in the page's
 * language (title[ja] = ... in the file) unless title/subtitle are set, its
 * cell size as a cap, its answers unless `answers` says otherwise. Options
 * set afterwards override the template. */
MEIRO_API void meiro_export_options_from_template(meiro_export_options *opt,
                                                  const meiro_template *tpl);

#ifdef __cplusplus
}
#endif

#endif /* MEIRO_PAGE_H */
