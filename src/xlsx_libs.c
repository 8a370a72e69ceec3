/* libxlsxwriter (with libcrypto, minizip and zlib) on first use (issue 25):
 * the XLSX writer is in the meiro command and libmeiro.so, outside the
 * drawing module, and opens its library only when a workbook is written,
 * so a text run never loads it and an XLSX run loads neither it nor
 * cairo and pango. xlsx_lib_load opens it and says why it cannot;
 * every other function is called only on a workbook it made. Linked
 * into the program, libmeiro.so and the drawing module (rule_xlsx.c);
 * libmeiro.a and the tests link libxlsxwriter itself (and take
 * export_xlsx.c's weak xlsx_lib_load). */
#define _GNU_SOURCE
#include "core/lazy_lib.h"

#include "core/error.h"
#include "render/xlsx.h"

#include <xlsxwriter.h>

/* every function of libxlsxwriter the writer calls but workbook_new_opt:
 * F(return type, name, parameters, arguments), V(name, ...) for a void one */
#define XLSX_FUNCTIONS(F, V)                                                                       \
    V(format_set_align, (lxw_format * format, uint8_t value), (format, value))                     \
    V(format_set_bg_color, (lxw_format * format, lxw_color_t value), (format, value))              \
    V(format_set_bold, (lxw_format * format), (format))                                            \
    V(format_set_border, (lxw_format * format, uint8_t value), (format, value))                    \
    V(format_set_bottom, (lxw_format * format, uint8_t value), (format, value))                    \
    V(format_set_bottom_color, (lxw_format * format, lxw_color_t value), (format, value))          \
    V(format_set_fg_color, (lxw_format * format, lxw_color_t value), (format, value))              \
    V(format_set_font_color, (lxw_format * format, lxw_color_t value), (format, value))            \
    V(format_set_font_size, (lxw_format * format, double value), (format, value))                  \
    V(format_set_left, (lxw_format * format, uint8_t value), (format, value))                      \
    V(format_set_left_color, (lxw_format * format, lxw_color_t value), (format, value))            \
    V(format_set_pattern, (lxw_format * format, uint8_t value), (format, value))                   \
    V(format_set_right, (lxw_format * format, uint8_t value), (format, value))                     \
    V(format_set_right_color, (lxw_format * format, lxw_color_t value), (format, value))           \
    V(format_set_shrink, (lxw_format * format), (format))                                          \
    V(format_set_text_wrap, (lxw_format * format), (format))                                       \
    V(format_set_top, (lxw_format * format, uint8_t value), (format, value))                       \
    V(format_set_top_color, (lxw_format * format, lxw_color_t value), (format, value))             \
    V(format_set_unlocked, (lxw_format * format), (format))                                        \
    V(lxw_rowcol_to_cell, (char *cell_name, lxw_row_t row, lxw_col_t col), (cell_name, row, col))  \
    V(lxw_rowcol_to_cell_abs,                                                                      \
      (char *cell_name, lxw_row_t row, lxw_col_t col, uint8_t abs_row, uint8_t abs_col),           \
      (cell_name, row, col, abs_row, abs_col))                                                     \
    F(char *, lxw_strerror, (lxw_error error_num), (error_num))                                    \
    F(lxw_format *, workbook_add_format, (lxw_workbook * workbook), (workbook))                    \
    F(lxw_worksheet *, workbook_add_worksheet, (lxw_workbook * workbook, const char *sheetname),   \
      (workbook, sheetname))                                                                       \
    F(lxw_error, workbook_close, (lxw_workbook * workbook), (workbook))                            \
    F(lxw_error, workbook_define_name,                                                             \
      (lxw_workbook * workbook, const char *name, const char *formula), (workbook, name, formula)) \
    F(lxw_error, workbook_set_properties,                                                          \
      (lxw_workbook * workbook, lxw_doc_properties * properties), (workbook, properties))          \
    V(worksheet_activate, (lxw_worksheet * ws), (ws))                                              \
    V(worksheet_center_horizontally, (lxw_worksheet * ws), (ws))                                   \
    V(worksheet_center_vertically, (lxw_worksheet * ws), (ws))                                     \
    F(lxw_error, worksheet_conditional_format_cell,                                                \
      (lxw_worksheet * ws, lxw_row_t row, lxw_col_t col,                                           \
       lxw_conditional_format * conditional_format),                                               \
      (ws, row, col, conditional_format))                                                          \
    F(lxw_error, worksheet_conditional_format_range,                                               \
      (lxw_worksheet * ws, lxw_row_t first_row, lxw_col_t first_col, lxw_row_t last_row,           \
       lxw_col_t last_col, lxw_conditional_format * conditional_format),                           \
      (ws, first_row, first_col, last_row, last_col, conditional_format))                          \
    V(worksheet_fit_to_pages, (lxw_worksheet * ws, uint16_t width, uint16_t height),               \
      (ws, width, height))                                                                         \
    V(worksheet_gridlines, (lxw_worksheet * ws, uint8_t option), (ws, option))                     \
    V(worksheet_hide, (lxw_worksheet * ws), (ws))                                                  \
    F(lxw_error, worksheet_insert_image_buffer_opt,                                                \
      (lxw_worksheet * ws, lxw_row_t row, lxw_col_t col, const unsigned char *image_buffer,        \
       size_t image_size, lxw_image_options *options),                                             \
      (ws, row, col, image_buffer, image_size, options))                                           \
    F(lxw_error, worksheet_merge_range,                                                            \
      (lxw_worksheet * ws, lxw_row_t first_row, lxw_col_t first_col, lxw_row_t last_row,           \
       lxw_col_t last_col, const char *string, lxw_format *format),                                \
      (ws, first_row, first_col, last_row, last_col, string, format))                              \
    F(lxw_error, worksheet_print_area,                                                             \
      (lxw_worksheet * ws, lxw_row_t first_row, lxw_col_t first_col, lxw_row_t last_row,           \
       lxw_col_t last_col),                                                                        \
      (ws, first_row, first_col, last_row, last_col))                                              \
    V(worksheet_protect, (lxw_worksheet * ws, const char *password, lxw_protection *options),      \
      (ws, password, options))                                                                     \
    F(lxw_error, worksheet_set_column,                                                             \
      (lxw_worksheet * ws, lxw_col_t first_col, lxw_col_t last_col, double width,                  \
       lxw_format *format),                                                                        \
      (ws, first_col, last_col, width, format))                                                    \
    F(lxw_error, worksheet_set_column_pixels,                                                      \
      (lxw_worksheet * ws, lxw_col_t first_col, lxw_col_t last_col, uint32_t pixels,               \
       lxw_format * format),                                                                       \
      (ws, first_col, last_col, pixels, format))                                                   \
    V(worksheet_set_default_row, (lxw_worksheet * ws, double height, uint8_t hide_unused_rows),    \
      (ws, height, hide_unused_rows))                                                              \
    F(lxw_error, worksheet_set_footer, (lxw_worksheet * ws, const char *string), (ws, string))     \
    V(worksheet_set_landscape, (lxw_worksheet * ws), (ws))                                         \
    V(worksheet_set_margins,                                                                       \
      (lxw_worksheet * ws, double left, double right, double top, double bottom),                  \
      (ws, left, right, top, bottom))                                                              \
    V(worksheet_set_paper, (lxw_worksheet * ws, uint8_t paper_type), (ws, paper_type))             \
    V(worksheet_set_portrait, (lxw_worksheet * ws), (ws))                                          \
    F(lxw_error, worksheet_set_row,                                                                \
      (lxw_worksheet * ws, lxw_row_t row, double height, lxw_format *format),                      \
      (ws, row, height, format))                                                                   \
    V(worksheet_set_zoom, (lxw_worksheet * ws, uint16_t scale), (ws, scale))                       \
    F(lxw_error, worksheet_write_blank,                                                            \
      (lxw_worksheet * ws, lxw_row_t row, lxw_col_t col, lxw_format * format),                     \
      (ws, row, col, format))                                                                      \
    F(lxw_error, worksheet_write_formula_num,                                                      \
      (lxw_worksheet * ws, lxw_row_t row, lxw_col_t col, const char *formula, lxw_format *format,  \
       double result),                                                                             \
      (ws, row, col, formula, format, result))                                                     \
    F(lxw_error, worksheet_write_formula_str,                                                      \
      (lxw_worksheet * ws, lxw_row_t row, lxw_col_t col, const char *formula, lxw_format *format,  \
       const char *result),                                                                        \
      (ws, row, col, formula, format, result))                                                     \
    F(lxw_error, worksheet_write_number,                                                           \
      (lxw_worksheet * ws, lxw_row_t row, lxw_col_t col, double number, lxw_format *format),       \
      (ws, row, col, number, format))                                                              \
    F(lxw_error, worksheet_write_string,                                                           \
      (lxw_worksheet * ws, lxw_row_t row, lxw_col_t col, const char *string, lxw_format *format),  \
      (ws, row, col, string, format))

#define FIELD(ret, name, params, args) ret(*name) params;
#define VOID_FIELD(name, params, args) void(*name) params;
/* libxlsxwriter and its functions, looked up once when it is opened (the
 * process's cache of what dlopen found, written once: call_once) */
static lazy_lib xlsx_lib = LAZY_LIB(MEIRO_XLSX_SONAME);
static struct {
    lxw_workbook *(*workbook_new_opt)(const char *, lxw_workbook_options *);
    XLSX_FUNCTIONS(FIELD, VOID_FIELD)
} fn;

static void open_xlsx(void)
{
    lazy_dlopen(&xlsx_lib);
    if (!xlsx_lib.handle) return;
    bool found =
        lazy_sym(&xlsx_lib, "workbook_new_opt", &fn.workbook_new_opt, sizeof fn.workbook_new_opt);
#define LOOK_UP(ret, name, params, args)                                                           \
    found = found && lazy_sym(&xlsx_lib, #name, &fn.name, sizeof fn.name);
#define LOOK_UP_VOID(name, params, args) LOOK_UP(void, name, params, args)
    XLSX_FUNCTIONS(LOOK_UP, LOOK_UP_VOID)
    (void)found; /* the first missing one closed the library */
}

meiro_status xlsx_lib_load(meiro_error *err)
{
    call_once(&xlsx_lib.once, open_xlsx);
    if (xlsx_lib.handle) return MEIRO_OK;
    /* under `ulimit -v` the loader cannot map the library: out of memory */
    bool nomem = strstr(xlsx_lib.why, "failed to map") || strstr(xlsx_lib.why, "allocate memory");
    return fail(err, nomem ? MEIRO_ERROR_NOMEM : MEIRO_ERROR_IO, "%scannot load %s: %s",
                nomem ? "out of memory: " : "", xlsx_lib.soname, xlsx_lib.why);
}

/* the entry point: NULL, as libxlsxwriter's own, when it cannot be loaded */
lxw_workbook *workbook_new_opt(const char *filename, lxw_workbook_options *options)
{
    if (xlsx_lib_load(NULL) != MEIRO_OK) return NULL;
    return fn.workbook_new_opt(filename, options);
}

/* the rest: called on what workbook_new_opt made, so the library is open */
#define FORWARD(ret, name, params, args)                                                           \
    ret name params { return fn.name args; }
#define FORWARD_VOID(name, params, args)                                                           \
    void name params { fn.name args; }
XLSX_FUNCTIONS(FORWARD, FORWARD_VOID)
