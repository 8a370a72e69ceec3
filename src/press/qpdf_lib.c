/* The table of libqpdf (press/qpdf_lib.h), filled once when the library is
 * opened by soname (call_once: the process's cache of what dlopen found). */
#define _GNU_SOURCE
#include "press/qpdf_lib.h"

#include <stdio.h>

static lazy_lib so_qpdf = LAZY_LIB(MEIRO_QPDF_SONAME);
static pdf_lib table_qpdf;

/* qpdf_init without its library: NULL, the reason said once on stderr */
static qpdf_data no_qpdf(void) { return NULL; }

static void open_qpdf(void)
{
    lazy_dlopen(&so_qpdf);
    bool found = so_qpdf.handle != NULL;
#define QPDF_LOOK_UP(ret, name, params)                                                            \
    found = found && lazy_sym(&so_qpdf, #name, &table_qpdf.name, sizeof table_qpdf.name);
    QPDF_FUNCTIONS(QPDF_LOOK_UP)
    if (!found) {
        fprintf(stderr, "meiro: cannot load %s: %s\n", so_qpdf.soname, so_qpdf.why);
        table_qpdf = (pdf_lib){.qpdf_init = no_qpdf};
    }
}

const pdf_lib *lib_qpdf(void)
{
    call_once(&so_qpdf.once, open_qpdf);
    return &table_qpdf;
}
