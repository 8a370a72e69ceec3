/* libqpdf (with libstdc++, gnutls, gmp, libjpeg) as a table of its
 * functions, opened on first use inside the drawing module (issue 25, 37):
 * only a PDF's trim and bleed boxes, a grid's walls on PDF pages
 * (draw/pdf_walls.c) and meiro preflight read PDFs through qpdf, and
 * loading it cost about 5 ms of every drawing run. Callers write
 * lib_qpdf()->NAME(...); no function of ours takes the library's names. */
#ifndef MEIRO_SRC_PRESS_QPDF_LIB_H
#define MEIRO_SRC_PRESS_QPDF_LIB_H

#include "core/lazy_lib.h"

#include <qpdf/qpdf-c.h>

#define QPDF_FUNCTIONS(F)                                                                          \
    F(void, qpdf_cleanup, (qpdf_data * qpdf))                                                      \
    F(unsigned char const *, qpdf_get_buffer, (qpdf_data qpdf))                                    \
    F(size_t, qpdf_get_buffer_length, (qpdf_data qpdf))                                            \
    F(qpdf_error, qpdf_get_error, (qpdf_data qpdf))                                                \
    F(char const *, qpdf_get_error_full_text, (qpdf_data q, qpdf_error e))                         \
    F(char const *, qpdf_get_error_message_detail, (qpdf_data q, qpdf_error e))                    \
    F(int, qpdf_get_num_pages, (qpdf_data qpdf))                                                   \
    F(qpdf_oh, qpdf_get_object_by_id, (qpdf_data qpdf, int objid, int generation))                 \
    F(qpdf_oh, qpdf_get_page_n, (qpdf_data qpdf, size_t zero_based_index))                         \
    F(qpdf_oh, qpdf_get_root, (qpdf_data qpdf))                                                    \
    F(qpdf_oh, qpdf_get_trailer, (qpdf_data qpdf))                                                 \
    F(QPDF_BOOL, qpdf_has_error, (qpdf_data qpdf))                                                 \
    F(qpdf_data, qpdf_init, (void))                                                                \
    F(QPDF_ERROR_CODE, qpdf_init_write_memory, (qpdf_data qpdf))                                   \
    F(QPDF_BOOL, qpdf_is_encrypted, (qpdf_data qpdf))                                              \
    F(qpdf_error, qpdf_next_warning, (qpdf_data qpdf))                                             \
    F(void, qpdf_oh_append_item, (qpdf_data qpdf, qpdf_oh oh, qpdf_oh item))                       \
    F(void, qpdf_oh_begin_dict_key_iter, (qpdf_data qpdf, qpdf_oh dict))                           \
    F(QPDF_BOOL, qpdf_oh_dict_more_keys, (qpdf_data qpdf))                                         \
    F(char const *, qpdf_oh_dict_next_key, (qpdf_data qpdf))                                       \
    F(qpdf_oh, qpdf_oh_get_array_item, (qpdf_data qpdf, qpdf_oh oh, int n))                        \
    F(int, qpdf_oh_get_array_n_items, (qpdf_data qpdf, qpdf_oh oh))                                \
    F(qpdf_oh, qpdf_oh_get_dict, (qpdf_data qpdf, qpdf_oh oh))                                     \
    F(int, qpdf_oh_get_generation, (qpdf_data qpdf, qpdf_oh oh))                                   \
    F(long long, qpdf_oh_get_int_value, (qpdf_data qpdf, qpdf_oh oh))                              \
    F(qpdf_oh, qpdf_oh_get_key, (qpdf_data qpdf, qpdf_oh oh, char const *key))                     \
    F(char const *, qpdf_oh_get_name, (qpdf_data qpdf, qpdf_oh oh))                                \
    F(double, qpdf_oh_get_numeric_value, (qpdf_data qpdf, qpdf_oh oh))                             \
    F(int, qpdf_oh_get_object_id, (qpdf_data qpdf, qpdf_oh oh))                                    \
    F(QPDF_ERROR_CODE, qpdf_oh_get_page_content_data,                                              \
      (qpdf_data qpdf, qpdf_oh page_oh, unsigned char **bufp, size_t *len))                        \
    F(QPDF_ERROR_CODE, qpdf_oh_get_stream_data,                                                    \
      (qpdf_data qpdf, qpdf_oh stream_oh, enum qpdf_stream_decode_level_e decode_level,            \
       QPDF_BOOL * filtered, unsigned char **bufp, size_t *len))                                   \
    F(enum qpdf_object_type_e, qpdf_oh_get_type_code, (qpdf_data qpdf, qpdf_oh oh))                \
    F(char const *, qpdf_oh_get_utf8_value, (qpdf_data qpdf, qpdf_oh oh))                          \
    F(QPDF_BOOL, qpdf_oh_has_key, (qpdf_data qpdf, qpdf_oh oh, char const *key))                   \
    F(QPDF_BOOL, qpdf_oh_is_array, (qpdf_data qpdf, qpdf_oh oh))                                   \
    F(QPDF_BOOL, qpdf_oh_is_dictionary, (qpdf_data qpdf, qpdf_oh oh))                              \
    F(QPDF_BOOL, qpdf_oh_is_indirect, (qpdf_data qpdf, qpdf_oh oh))                                \
    F(QPDF_BOOL, qpdf_oh_is_integer, (qpdf_data qpdf, qpdf_oh oh))                                 \
    F(QPDF_BOOL, qpdf_oh_is_name, (qpdf_data qpdf, qpdf_oh oh))                                    \
    F(QPDF_BOOL, qpdf_oh_is_name_and_equals, (qpdf_data qpdf, qpdf_oh oh, char const *name))       \
    F(QPDF_BOOL, qpdf_oh_is_number, (qpdf_data qpdf, qpdf_oh oh))                                  \
    F(QPDF_BOOL, qpdf_oh_is_stream, (qpdf_data qpdf, qpdf_oh oh))                                  \
    F(QPDF_BOOL, qpdf_oh_is_string, (qpdf_data qpdf, qpdf_oh oh))                                  \
    F(qpdf_oh, qpdf_oh_new_array, (qpdf_data qpdf))                                                \
    F(qpdf_oh, qpdf_oh_new_dictionary, (qpdf_data qpdf))                                           \
    F(qpdf_oh, qpdf_oh_new_integer, (qpdf_data qpdf, long long value))                             \
    F(qpdf_oh, qpdf_oh_new_name, (qpdf_data qpdf, char const *name))                               \
    F(qpdf_oh, qpdf_oh_new_null, (qpdf_data qpdf))                                                 \
    F(qpdf_oh, qpdf_oh_new_real_from_double, (qpdf_data qpdf, double value, int decimal_places))   \
    F(qpdf_oh, qpdf_oh_new_stream, (qpdf_data qpdf))                                               \
    F(qpdf_oh, qpdf_oh_new_unicode_string, (qpdf_data qpdf, char const *utf8_str))                 \
    F(void, qpdf_oh_release, (qpdf_data qpdf, qpdf_oh oh))                                         \
    F(void, qpdf_oh_release_all, (qpdf_data qpdf))                                                 \
    F(void, qpdf_oh_remove_key, (qpdf_data qpdf, qpdf_oh oh, char const *key))                     \
    F(void, qpdf_oh_replace_key, (qpdf_data qpdf, qpdf_oh oh, char const *key, qpdf_oh item))      \
    F(void, qpdf_oh_replace_stream_data,                                                           \
      (qpdf_data qpdf, qpdf_oh stream_oh, unsigned char const *buf, size_t len, qpdf_oh filter,    \
       qpdf_oh decode_parms))                                                                      \
    F(QPDF_ERROR_CODE, qpdf_read, (qpdf_data qpdf, char const *filename, char const *password))    \
    F(QPDF_ERROR_CODE, qpdf_read_memory,                                                           \
      (qpdf_data qpdf, char const *description, char const *buffer, unsigned long long size,       \
       char const *password))                                                                      \
    F(void, qpdf_set_deterministic_ID, (qpdf_data qpdf, QPDF_BOOL value))                          \
    F(void, qpdf_set_suppress_warnings, (qpdf_data qpdf, QPDF_BOOL value))                         \
    F(void, qpdf_silence_errors, (qpdf_data qpdf))                                                 \
    F(QPDF_ERROR_CODE, qpdf_write, (qpdf_data qpdf))

typedef struct pdf_lib {
    QPDF_FUNCTIONS(LAZY_FIELD)
} pdf_lib;

/* The table, the library opened on the first call. Without it, qpdf_init,
 * whose C API has no error channel, says why on stderr once and returns
 * NULL, which every caller checks; the rest is called only on what it
 * made. */
const pdf_lib *lib_qpdf(void);

#endif /* MEIRO_SRC_PRESS_QPDF_LIB_H */
