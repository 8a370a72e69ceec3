/* PDF export: vector pages of exactly the paper size, fonts embedded by
 * cairo, metadata naming the maze and its seed, a fixed creation date. With
 * --answer-page (or a template's answers) the answer follows the puzzle. */
#include "document.h"

meiro_status export_pdf(const meiro_maze *m, const meiro_path *path,
                        const meiro_export_options *opt, FILE *out, meiro_error *err)
{
    doc_item item = {m, path};
    document d;
    meiro_status s = doc_init(&d, &item, 1, opt, -1, err);
    if (s != MEIRO_OK) return s;
    s = doc_write_pdf(&d, opt->title, out, err);
    doc_free(&d);
    return s;
}
