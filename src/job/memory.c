/* How much memory each drawn format needs (job/memory.h): outside the
 * drawing module (issue 25), so the check before an XLSX workbook, which
 * does not load the module, and before any page costs no library. */
#include "core/error.h"
#include "job/memory.h"

#include <stdint.h>
#include <sys/resource.h>

/* The address space a maze of `cells` takes to write in a format, at most,
 * in MB, measured with tests/ulimit-walk.sh: the libraries behind the page
 * formats abort, crash or retry for minutes when memory runs out under
 * them (fontconfig and pango below 144 MB, and up to three threads of
 * theirs with 8 MB stacks as timing has it: 160, as cli/common.c's floor;
 * libxlsxwriter; cairo's PDF pages copying their paths), so a smaller
 * `ulimit -v` is refused up front. The text formats fail cleanly: no floor. */
enum { FONTS_MB = 160 };

/* A row per format that needs it (the format table, formats.c, sits a
 * layer above, where this render file cannot read it): the floor, and the
 * bytes a cell adds. */
static const struct {
    const char *name;
    uint64_t base_mb, cell_bytes;
} needs[MEIRO_FORMAT_COUNT] = {
    [MEIRO_FORMAT_PDF] = {"pdf", FONTS_MB, 16},  /* 2000 x 2000: some 220 MB */
    [MEIRO_FORMAT_PNG] = {"png", FONTS_MB, 4},   /* drawn in bands */
    [MEIRO_FORMAT_SVG] = {"svg", FONTS_MB, 140}, /* the document in memory */
    [MEIRO_FORMAT_HTML] = {"html", FONTS_MB, 140},
    [MEIRO_FORMAT_PAGE] = {"page", FONTS_MB, 16}, /* walls streamed out, a grid's held as trails */
    [MEIRO_FORMAT_XLSX] = {"xlsx", 96, 8},
    /* every stroke held, merged and ordered */
    [MEIRO_FORMAT_GCODE] = {"gcode", FONTS_MB, 240},
    [MEIRO_FORMAT_HPGL] = {"hpgl", FONTS_MB, 240},
    [MEIRO_FORMAT_DXF] = {"dxf", FONTS_MB, 400}, /* and the outlines' graph */
};

meiro_status export_memory_check(meiro_format format, uint32_t width, uint32_t height,
                                 meiro_error *err)
{
    if ((unsigned)format >= MEIRO_FORMAT_COUNT || !needs[format].name) return MEIRO_OK;
    uint64_t need =
        needs[format].base_mb + (uint64_t)width * height * needs[format].cell_bytes / (1 << 20);
    struct rlimit lim;
    if (getrlimit(RLIMIT_AS, &lim) != 0 || lim.rlim_cur == RLIM_INFINITY ||
        lim.rlim_cur >= need << 20)
        return MEIRO_OK;
    return fail(
        err, MEIRO_ERROR_NOMEM,
        "out of memory: a %lu x %lu maze as %s needs about %llu MB of address space (ulimit -v %llu), and "
        "this process may use %llu MB",
        (unsigned long)width, (unsigned long)height, needs[format].name, (unsigned long long)need,
        (unsigned long long)need * 1024, (unsigned long long)(lim.rlim_cur >> 20));
}
