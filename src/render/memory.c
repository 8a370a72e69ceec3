/* How much memory each drawn format needs (render/export.h): outside the
 * drawing module (issue 25), so the check before an XLSX workbook, which
 * does not load the module, and before any page costs no library. */
#include "core/error.h"
#include "render/export.h"

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

static uint64_t memory_needed_mb(meiro_format format, uint64_t cells)
{
    switch (format) {
    case MEIRO_FORMAT_PDF: return FONTS_MB + cells * 16 / (1 << 20); /* 2000 x 2000: some 220 MB */
    case MEIRO_FORMAT_PNG: return FONTS_MB + cells * 4 / (1 << 20);  /* drawn in bands */
    case MEIRO_FORMAT_SVG:
    case MEIRO_FORMAT_HTML: return FONTS_MB + cells * 140 / (1 << 20); /* the document in memory */
    case MEIRO_FORMAT_XLSX: return 96 + cells * 8 / (1 << 20);
    default: return 0;
    }
}

/* The formats memory_needed_mb knows, by name (the format table sits a
 * layer above). */
static const char *drawn_format_name(meiro_format format)
{
    switch (format) {
    case MEIRO_FORMAT_PDF: return "pdf";
    case MEIRO_FORMAT_PNG: return "png";
    case MEIRO_FORMAT_SVG: return "svg";
    case MEIRO_FORMAT_HTML: return "html";
    default: return "xlsx";
    }
}

meiro_status export_memory_check(meiro_format format, uint32_t width, uint32_t height,
                                 meiro_error *err)
{
    uint64_t need = memory_needed_mb(format, (uint64_t)width * height);
    struct rlimit lim;
    if (!need || getrlimit(RLIMIT_AS, &lim) != 0 || lim.rlim_cur == RLIM_INFINITY ||
        lim.rlim_cur >= need << 20)
        return MEIRO_OK;
    return fail(
        err, MEIRO_ERROR_NOMEM,
        "out of memory: a %lu x %lu maze as %s needs about %llu MB of address space (ulimit -v %llu), and "
        "this process may use %llu MB",
        (unsigned long)width, (unsigned long)height, drawn_format_name(format),
        (unsigned long long)need, (unsigned long long)need * 1024,
        (unsigned long long)(lim.rlim_cur >> 20));
}
