/* libxlsxwriter (with libcrypto, minizip and zlib) as a table of its
 * functions, opened on first use (issue 25, 37): the XLSX writer is in
 * libmeiro.so, outside the drawing module, and a text run never loads the
 * library. The writer calls lib_xlsx()->NAME(...); no function of ours
 * takes the library's names. */
#ifndef MEIRO_SRC_XLSX_XLSX_LIB_H
#define MEIRO_SRC_XLSX_XLSX_LIB_H

#include "core/lazy_lib.h"

#include <xlsxwriter.h>

/* F(return type, name, parameters): what the writer calls */
#define XLSX_FUNCTIONS(F)                                                                          \
    F(void, format_set_align, (lxw_format * format, uint8_t value))                                \
    F(void, format_set_bg_color, (lxw_format * format, lxw_color_t value))                         \
    F(void, format_set_bold, (lxw_format * format))                                                \
    F(void, format_set_border, (lxw_format * format, uint8_t value))                               \
    F(void, format_set_bottom, (lxw_format * format, uint8_t value))                               \
    F(void, format_set_bottom_color, (lxw_format * format, lxw_color_t value))                     \
    F(void, format_set_fg_color, (lxw_format * format, lxw_color_t value))                         \
    F(void, format_set_font_color, (lxw_format * format, lxw_color_t value))                       \
    F(void, format_set_font_size, (lxw_format * format, double value))                             \
    F(void, format_set_left, (lxw_format * format, uint8_t value))                                 \
    F(void, format_set_left_color, (lxw_format * format, lxw_color_t value))                       \
    F(void, format_set_pattern, (lxw_format * format, uint8_t value))                              \
    F(void, format_set_right, (lxw_format * format, uint8_t value))                                \
    F(void, format_set_right_color, (lxw_format * format, lxw_color_t value))                      \
    F(void, format_set_shrink, (lxw_format * format))                                              \
    F(void, format_set_text_wrap, (lxw_format * format))                                           \
    F(void, format_set_top, (lxw_format * format, uint8_t value))                                  \
    F(void, format_set_top_color, (lxw_format * format, lxw_color_t value))                        \
    F(void, format_set_unlocked, (lxw_format * format))                                            \
    F(void, lxw_rowcol_to_cell, (char *cell_name, lxw_row_t row, lxw_col_t col))                   \
    F(void, lxw_rowcol_to_cell_abs,                                                                \
      (char *cell_name, lxw_row_t row, lxw_col_t col, uint8_t abs_row, uint8_t abs_col))           \
    F(char *, lxw_strerror, (lxw_error error_num))                                                 \
    F(lxw_format *, workbook_add_format, (lxw_workbook * workbook))                                \
    F(lxw_worksheet *, workbook_add_worksheet, (lxw_workbook * workbook, const char *sheetname))   \
    F(lxw_error, workbook_close, (lxw_workbook * workbook))                                        \
    F(lxw_error, workbook_define_name,                                                             \
      (lxw_workbook * workbook, const char *name, const char *formula))                            \
    F(lxw_workbook *, workbook_new_opt, (const char *filename, lxw_workbook_options *options))     \
    F(lxw_error, workbook_set_properties,                                                          \
      (lxw_workbook * workbook, lxw_doc_properties * properties))                                  \
    F(void, worksheet_activate, (lxw_worksheet * ws))                                              \
    F(void, worksheet_center_horizontally, (lxw_worksheet * ws))                                   \
    F(void, worksheet_center_vertically, (lxw_worksheet * ws))                                     \
    F(lxw_error, worksheet_conditional_format_cell,                                                \
      (lxw_worksheet * ws, lxw_row_t row, lxw_col_t col,                                           \
       lxw_conditional_format * conditional_format))                                               \
    F(lxw_error, worksheet_conditional_format_range,                                               \
      (lxw_worksheet * ws, lxw_row_t first_row, lxw_col_t first_col, lxw_row_t last_row,           \
       lxw_col_t last_col, lxw_conditional_format * conditional_format))                           \
    F(void, worksheet_fit_to_pages, (lxw_worksheet * ws, uint16_t width, uint16_t height))         \
    F(void, worksheet_gridlines, (lxw_worksheet * ws, uint8_t option))                             \
    F(void, worksheet_hide, (lxw_worksheet * ws))                                                  \
    F(lxw_error, worksheet_insert_image_buffer_opt,                                                \
      (lxw_worksheet * ws, lxw_row_t row, lxw_col_t col, const unsigned char *image_buffer,        \
       size_t image_size, lxw_image_options *options))                                             \
    F(lxw_error, worksheet_merge_range,                                                            \
      (lxw_worksheet * ws, lxw_row_t first_row, lxw_col_t first_col, lxw_row_t last_row,           \
       lxw_col_t last_col, const char *string, lxw_format *format))                                \
    F(lxw_error, worksheet_print_area,                                                             \
      (lxw_worksheet * ws, lxw_row_t first_row, lxw_col_t first_col, lxw_row_t last_row,           \
       lxw_col_t last_col))                                                                        \
    F(void, worksheet_protect,                                                                     \
      (lxw_worksheet * ws, const char *password, lxw_protection *options))                         \
    F(void, worksheet_right_to_left, (lxw_worksheet * ws))                                         \
    F(lxw_error, worksheet_set_column,                                                             \
      (lxw_worksheet * ws, lxw_col_t first_col, lxw_col_t last_col, double width,                  \
       lxw_format *format))                                                                        \
    F(lxw_error, worksheet_set_column_pixels,                                                      \
      (lxw_worksheet * ws, lxw_col_t first_col, lxw_col_t last_col, uint32_t pixels,               \
       lxw_format * format))                                                                       \
    F(void, worksheet_set_default_row,                                                             \
      (lxw_worksheet * ws, double height, uint8_t hide_unused_rows))                               \
    F(lxw_error, worksheet_set_footer, (lxw_worksheet * ws, const char *string))                   \
    F(void, worksheet_set_landscape, (lxw_worksheet * ws))                                         \
    F(void, worksheet_set_margins,                                                                 \
      (lxw_worksheet * ws, double left, double right, double top, double bottom))                  \
    F(void, worksheet_set_paper, (lxw_worksheet * ws, uint8_t paper_type))                         \
    F(void, worksheet_set_portrait, (lxw_worksheet * ws))                                          \
    F(lxw_error, worksheet_set_row,                                                                \
      (lxw_worksheet * ws, lxw_row_t row, double height, lxw_format *format))                      \
    F(void, worksheet_set_zoom, (lxw_worksheet * ws, uint16_t scale))                              \
    F(lxw_error, worksheet_write_blank,                                                            \
      (lxw_worksheet * ws, lxw_row_t row, lxw_col_t col, lxw_format * format))                     \
    F(lxw_error, worksheet_write_formula_num,                                                      \
      (lxw_worksheet * ws, lxw_row_t row, lxw_col_t col, const char *formula, lxw_format *format,  \
       double result))                                                                             \
    F(lxw_error, worksheet_write_formula_str,                                                      \
      (lxw_worksheet * ws, lxw_row_t row, lxw_col_t col, const char *formula, lxw_format *format,  \
       const char *result))                                                                        \
    F(lxw_error, worksheet_write_number,                                                           \
      (lxw_worksheet * ws, lxw_row_t row, lxw_col_t col, double number, lxw_format *format))       \
    F(lxw_error, worksheet_write_string,                                                           \
      (lxw_worksheet * ws, lxw_row_t row, lxw_col_t col, const char *string, lxw_format *format))

typedef struct xlsx_lib {
    XLSX_FUNCTIONS(LAZY_FIELD)
} xlsx_lib;

/* The table, the library opened on the first call. Without the library,
 * workbook_new_opt returns NULL (as when out of memory) and xlsx_lib_load
 * (xlsx/xlsx.h) says why; the rest is called only on a workbook. */
const xlsx_lib *lib_xlsx(void);

#endif /* MEIRO_SRC_XLSX_XLSX_LIB_H */
