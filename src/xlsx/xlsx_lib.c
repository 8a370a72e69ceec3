/* libxlsxwriter's table (xlsx/xlsx_lib.h), filled once when the
 * library is opened by soname (call_once: the process's cache of what
 * dlopen found). */
#define _GNU_SOURCE
#include "xlsx/xlsx_lib.h"

#include "core/error.h"
#include "xlsx/xlsx.h"

static lazy_lib lib = LAZY_LIB(MEIRO_XLSX_SONAME);
static xlsx_lib table;

#ifndef MEIRO_XLSX_LINKED
/* the entry point without the library: no workbook */
static lxw_workbook *no_workbook(const char *filename, lxw_workbook_options *options)
{
    (void)filename, (void)options;
    return NULL;
}
#endif

static void open_xlsx(void)
{
#ifdef MEIRO_XLSX_LINKED
    /* the library linked in (the WebAssembly build, web/web.mk): its own
     * functions, and a handle that says it is there */
#define TAKE(ret, name, params) table.name = name;
    XLSX_FUNCTIONS(TAKE)
    lib.handle = &table;
#else
    lazy_dlopen(&lib);
    bool found = lib.handle != NULL;
#define LOOK_UP(ret, name, params)                                                                 \
    found = found && lazy_sym(&lib, #name, &table.name, sizeof table.name);
    XLSX_FUNCTIONS(LOOK_UP)
    if (!found) table = (xlsx_lib){.workbook_new_opt = no_workbook};
#endif
}

const xlsx_lib *lib_xlsx(void)
{
    call_once(&lib.once, open_xlsx);
    return &table;
}

meiro_status xlsx_lib_load(meiro_error *err)
{
    lib_xlsx();
    if (lib.handle) return MEIRO_OK;
    /* under `ulimit -v` the loader cannot map the library: out of memory */
    bool nomem = strstr(lib.why, "failed to map") || strstr(lib.why, "allocate memory");
    return fail(err, nomem ? MEIRO_ERROR_NOMEM : MEIRO_ERROR_IO, "%scannot load %s: %s",
                nomem ? "out of memory: " : "", lib.soname, lib.why);
}
