/* PDF/X-1a:2001 or PDF/X-4 through Ghostscript (cairo cannot write them):
 * meiro's PDF is handed to `gs` as a child process, with the marks PDF/X
 * asks for given as pdfmarks, and read back. */
#define _POSIX_C_SOURCE 200809L
#include "page/pdfx.h"

#include "core/error.h"
#include "page/layout.h"
#include "page/print.h"

#include <errno.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

#define GS_PACKAGE "install Debian's ghostscript package (make deps)"

bool pdfx_wanted(meiro_print print, bool pdfx)
{
    const print_profile *p = print_profile_of(print);
    return p->pdfx || (pdfx && p->bleed > 0);
}

/* Ghostscript's own output profiles (Debian's libgs-common puts them in the
 * first folder; a build from source in the others). */
static const char *icc_dir(const char *name, char *path, size_t size)
{
    static const char *const dirs[] = {"/usr/share/color/icc/ghostscript/",
                                       "/usr/share/ghostscript/iccprofiles/",
                                       "/usr/local/share/ghostscript/iccprofiles/"};
    for (size_t k = 0; k < sizeof dirs / sizeof dirs[0]; k++) {
        snprintf(path, size, "%s%s", dirs[k], name);
        if (access(path, R_OK) == 0) return dirs[k];
    }
    return NULL;
}

/* An unlinked scratch file in dir: nothing is left behind, whatever ends
 * the process. */
static int scratch_file(const char *dir, meiro_error *err)
{
    char path[4096];
    if (snprintf(path, sizeof path, "%s/.meiro-pdfx-XXXXXX", dir) >= (int)sizeof path) {
        fail(err, MEIRO_ERROR_IO, "the temporary folder's name is too long");
        return -1;
    }
    int fd = mkstemp(path);
    if (fd < 0) {
        fail(err, MEIRO_ERROR_IO, "cannot make a scratch file in %s: %s", dir, strerror(errno));
        return -1;
    }
    unlink(path);
    return fd;
}

static bool write_all(int fd, const char *buf, size_t len)
{
    while (len) {
        ssize_t n = write(fd, buf, len);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        buf += n;
        len -= (size_t)n;
    }
    return lseek(fd, 0, SEEK_SET) == 0;
}

/* The whole of fd from its start; NULL (errno set) on failure. */
static char *read_all(int fd, size_t *len)
{
    struct stat st;
    if (fstat(fd, &st) != 0 || lseek(fd, 0, SEEK_SET) != 0) return NULL;
    size_t size = (size_t)st.st_size, got = 0;
    char *buf = malloc(size + 1);
    if (!buf) return NULL;
    while (got < size) {
        ssize_t n = read(fd, buf + got, size - got);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            free(buf);
            return NULL;
        }
        got += (size_t)n;
    }
    buf[got] = '\0';
    *len = got;
    return buf;
}

/* The first line of gs's error output that says something. */
static void first_line(const char *text, char *line, size_t size)
{
    line[0] = '\0';
    for (const char *p = text; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL) {
        size_t n = strcspn(p, "\r\n");
        while (n && (*p == ' ' || *p == '\t')) p++, n--;
        if (n) {
            snprintf(line, size, "%.*s", (int)(n < size ? n : size - 1), p);
            return;
        }
    }
}

/* The environment for gs: ours, with the document date set (gs writes the
 * time of the run otherwise). */
static char **child_env(const char *date)
{
    size_t n = 0;
    while (environ && environ[n]) n++;
    char **env = calloc(n + 2, sizeof *env);
    if (!env) return NULL;
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        if (strncmp(environ[i], "SOURCE_DATE_EPOCH=", 18) != 0) env[k++] = environ[i];
    env[k++] = (char *)date;
    env[k] = NULL;
    return env;
}

meiro_status pdfx_convert(const char *buf, size_t len, bool cmyk, bool x4, const char *temp_dir,
                          char **out, size_t *out_len, meiro_error *err)
{
    *out = NULL;
    *out_len = 0;
    char icc[512];
    const char *dir = icc_dir(cmyk ? "default_cmyk.icc" : "default_gray.icc", icc, sizeof icc);
    if (!dir)
        return fail(err, MEIRO_ERROR_IO,
                    "PDF/X needs Ghostscript's colour profiles (%s): " GS_PACKAGE,
                    cmyk ? "default_cmyk.icc" : "default_gray.icc");
    time_t when;
    meiro_status s = page_timestamp(&when, err);
    if (s != MEIRO_OK) return s;
    char date[48], permit[600], marks[2400];
    snprintf(date, sizeof date, "SOURCE_DATE_EPOCH=%lld", (long long)when);
    snprintf(permit, sizeof permit, "--permit-file-read=%s", dir);
    /* ISO 15930-1's marks: the version and conformance, Trapped, and the
     * output intent with its profile embedded (no registered condition);
     * ISO 15930-7's: the version in the document's Info and in its
     * XMP packet (which gs writes from PDF 1.4 on), with Trapped and the
     * VersionID and RenditionClass it asks of the packet */
    snprintf(marks, sizeof marks,
             "%s /Trapped /False /DOCINFO pdfmark %s"
             "[ /_objdef {meiro_icc} /type /stream /OBJ pdfmark "
             "[ {meiro_icc} << /N %d >> /PUT pdfmark "
             "[ {meiro_icc} (%s) (r) file /PUT pdfmark "
             "[ /_objdef {meiro_intent} /type /dict /OBJ pdfmark "
             "[ {meiro_intent} << /Type /OutputIntent /S /GTS_PDFX "
             "/OutputConditionIdentifier (Custom) /OutputCondition (%s) "
             "/Info (Ghostscript %s) /RegistryName (http://www.color.org) "
             "/DestOutputProfile {meiro_icc} >> /PUT pdfmark "
             "[ {Catalog} << /OutputIntents [ {meiro_intent} ] >> /PUT pdfmark",
             x4 ? "[ /GTS_PDFXVersion (PDF/X-4)"
                : "[ /GTS_PDFXVersion (PDF/X-1:2001) /GTS_PDFXConformance (PDF/X-1a:2001)",
             x4 ? "[ /XML (<rdf:Description rdf:about='' "
                  "xmlns:pdfxid='http://www.npes.org/pdfx/ns/id/'><pdfxid:GTS_PDFXVersion>"
                  "PDF/X-4</pdfxid:GTS_PDFXVersion></rdf:Description><rdf:Description "
                  "rdf:about='' xmlns:pdf='http://ns.adobe.com/pdf/1.3/'><pdf:Trapped>False"
                  "</pdf:Trapped></rdf:Description><rdf:Description rdf:about='' "
                  "xmlns:xmpMM='http://ns.adobe.com/xap/1.0/mm/'><xmpMM:VersionID>1"
                  "</xmpMM:VersionID><xmpMM:RenditionClass>default</xmpMM:RenditionClass>"
                  "</rdf:Description>) /Ext_Metadata pdfmark "
                : "",
             cmyk ? 4 : 1, icc, cmyk ? "CMYK print" : "Black and white print",
             cmyk ? "default_cmyk.icc" : "default_gray.icc");
    /* X-1a: PDF 1.3, no transparency there, so gs flattens it; X-4: PDF
     * 1.6 (gs 10's -dPDFX is X-1a's and X-3's: PDF 1.3, no XMP) */
    char *const argv[] = {
        "gs", "-q", "-dBATCH", "-dNOPAUSE", "-dSAFER", "-sDEVICE=pdfwrite",
        x4 ? "-dCompatibilityLevel=1.6" : "-dPDFX",
        x4 ? "-dCompatibilityLevel=1.6" : "-dCompatibilityLevel=1.3",
        cmyk ? "-sColorConversionStrategy=CMYK" : "-sColorConversionStrategy=Gray",
        cmyk ? "-sProcessColorModel=DeviceCMYK" : "-sProcessColorModel=DeviceGray",
        "-dEmbedAllFonts=true", permit,
        /* to stdout: its ID then depends on no file's name */
        "-sOutputFile=-", "-c", marks, "-f", "-", NULL};
    if (!temp_dir) temp_dir = getenv("TMPDIR") && getenv("TMPDIR")[0] ? getenv("TMPDIR") : "/tmp";
    int in = -1, pdf = -1, talk = -1;
    char **env = NULL;
    posix_spawn_file_actions_t fa;
    bool have_fa = false;
    if ((in = scratch_file(temp_dir, err)) < 0 || (pdf = scratch_file(temp_dir, err)) < 0 ||
        (talk = scratch_file(temp_dir, err)) < 0) {
        s = err ? err->status : MEIRO_ERROR_IO;
        goto done;
    }
    if (!write_all(in, buf, len)) {
        s = fail(err, MEIRO_ERROR_IO, "cannot write a scratch file in %s: %s", temp_dir,
                 strerror(errno));
        goto done;
    }
    env = child_env(date);
    if (!env || posix_spawn_file_actions_init(&fa) != 0) {
        s = fail(err, MEIRO_ERROR_NOMEM, "out of memory starting Ghostscript");
        goto done;
    }
    have_fa = true;
    if (posix_spawn_file_actions_adddup2(&fa, in, 0) ||
        posix_spawn_file_actions_adddup2(&fa, pdf, 1) ||
        posix_spawn_file_actions_adddup2(&fa, talk, 2)) {
        s = fail(err, MEIRO_ERROR_NOMEM, "out of memory starting Ghostscript");
        goto done;
    }
    pid_t pid;
    int e = posix_spawnp(&pid, "gs", &fa, NULL, argv, env);
    if (e == ENOENT) {
        s = fail(err, MEIRO_ERROR_IO,
                 "PDF/X is made by Ghostscript, and there is no gs command: " GS_PACKAGE);
        goto done;
    }
    if (e != 0) {
        s = fail(err, MEIRO_ERROR_IO, "cannot run Ghostscript (gs): %s", strerror(e));
        goto done;
    }
    int status = 0;
    while (waitpid(pid, &status, 0) < 0) {
        if (errno != EINTR) {
            s = fail(err, MEIRO_ERROR_IO, "lost Ghostscript (gs): %s", strerror(errno));
            goto done;
        }
    }
    size_t said_len = 0;
    char *said = read_all(talk, &said_len);
    char line[200];
    first_line(said, line, sizeof line);
    free(said);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        if (WIFEXITED(status))
            s = fail(err, MEIRO_ERROR_IO, "Ghostscript (gs) failed making PDF/X (exit %d)%s%s",
                     WEXITSTATUS(status), line[0] ? ": " : "", line);
        else
            s = fail(err, MEIRO_ERROR_IO, "Ghostscript (gs) was killed making PDF/X (signal %d)",
                     WIFSIGNALED(status) ? WTERMSIG(status) : 0);
        goto done;
    }
    *out = read_all(pdf, out_len);
    if (!*out)
        s = fail(err, MEIRO_ERROR_IO, "cannot read Ghostscript's PDF back: %s", strerror(errno));
    else if (*out_len < 8 || memcmp(*out, "%PDF-", 5) != 0) {
        free(*out);
        *out = NULL;
        s = fail(err, MEIRO_ERROR_IO, "Ghostscript (gs) wrote no PDF%s%s", line[0] ? ": " : "",
                 line);
    }
done:
    if (have_fa) posix_spawn_file_actions_destroy(&fa);
    free(env);
    if (in >= 0) close(in);
    if (pdf >= 0) close(pdf);
    if (talk >= 0) close(talk);
    return s;
}

meiro_status pdfx_write(pdf_writer write, void *ctx, bool convert, bool cmyk, bool x4,
                        const char *temp_dir, FILE *out, meiro_error *err)
{
    if (!convert) return write(ctx, out, err);
    char *buf = NULL, *x = NULL;
    size_t len = 0, x_len = 0;
    FILE *mem = open_memstream(&buf, &len);
    if (!mem) return fail(err, MEIRO_ERROR_NOMEM, "out of memory writing the PDF");
    meiro_status s = write(ctx, mem, err);
    if (fclose(mem) != 0 && s == MEIRO_OK)
        s = fail(err, MEIRO_ERROR_NOMEM, "out of memory writing the PDF");
    if (s == MEIRO_OK) s = pdfx_convert(buf, len, cmyk, x4, temp_dir, &x, &x_len, err);
    if (s == MEIRO_OK && fwrite(x, 1, x_len, out) != x_len) s = fail_write(err);
    free(buf);
    free(x);
    return s;
}
