/* PDF/X-1a:2001 or PDF/X-4 through Ghostscript (cairo cannot write them):
 * meiro's PDF is handed to `gs` as a child process, with the marks PDF/X
 * asks for given as pdfmarks, and read back. Ghostscript leaves nothing
 * behind: it runs in a private folder (its TMPDIR, where pdfwrite keeps
 * its scratch files), removed once it ends; a signal that would end meiro
 * meanwhile first ends gs and removes the folder; and gs dies with meiro
 * (PR_SET_PDEATHSIG), so a meiro killed outright leaves no gs running. */
#define _GNU_SOURCE /* closefrom */
#include "page/pdfx.h"

#include "core/error.h"
#include "page/layout.h"
#include "page/print.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

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
 * time of the run otherwise) and TMPDIR its private folder. */
static char **child_env(const char *date, const char *tmpdir)
{
    size_t n = 0;
    while (environ && environ[n]) n++;
    char **env = calloc(n + 3, sizeof *env);
    if (!env) return NULL;
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        if (strncmp(environ[i], "SOURCE_DATE_EPOCH=", 18) != 0 &&
            strncmp(environ[i], "TMPDIR=", 7) != 0)
            env[k++] = environ[i];
    env[k++] = (char *)date;
    env[k++] = (char *)tmpdir;
    env[k] = NULL;
    return env;
}

/* The gs program in PATH (execve takes a path: execvp is not safe after a
 * fork), false if there is none. */
static bool find_gs(char *file, size_t size)
{
    const char *path = getenv("PATH");
    if (!path || !*path) path = "/usr/local/bin:/usr/bin:/bin";
    while (*path) {
        size_t n = strcspn(path, ":");
        if (n && (size_t)snprintf(file, size, "%.*s/gs", (int)n, path) < size &&
            access(file, X_OK) == 0)
            return true;
        path += n + (path[n] == ':');
    }
    return false;
}

/* Ghostscript's folder and what it left there (its files only: gs makes no
 * folders). */
static void remove_folder(const char *dir)
{
    DIR *d = opendir(dir);
    char path[PATH_MAX + 256];
    struct dirent *e;
    while (d && (e = readdir(d)))
        if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0 &&
            (size_t)snprintf(path, sizeof path, "%s/%s", dir, e->d_name) < sizeof path)
            unlink(path);
    if (d) closedir(d);
    rmdir(dir);
}

/* The signals that would end meiro (src/cli/main.c's, but the faults and
 * SIGPIPE): held while gs runs, so its folder goes before meiro does;
 * not those held already or ignored (a background job's SIGINT). */
static void ending_signals(sigset_t *set, const sigset_t *held_already)
{
    static const int ending[] = {SIGINT,  SIGTERM, SIGHUP,    SIGQUIT, SIGALRM,
                                 SIGUSR1, SIGUSR2, SIGVTALRM, SIGPROF, SIGXCPU};
    sigemptyset(set);
    for (size_t i = 0; i < sizeof ending / sizeof ending[0]; i++) {
        struct sigaction now;
        if (!sigismember(held_already, ending[i]) && sigaction(ending[i], NULL, &now) == 0 &&
            now.sa_handler != SIG_IGN)
            sigaddset(set, ending[i]);
    }
}

/* Runs gs (at `program`) with fds as its standard input, output and error,
 * and waits for it: its wait status, or -1 (errno). A signal in `ending`
 * (held by the caller) meanwhile kills gs; *caught is that signal, else 0. */
static int run_gs(const char *program, char *const argv[], char **env, const int fds[3],
                  const sigset_t *ending, const sigset_t *old, int *caught)
{
    *caught = 0;
    pid_t parent = getpid();
    pid_t pid = fork();
    if (pid < 0) return -1;
    if (pid == 0) {
#ifdef __linux__
        if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || getppid() != parent) _exit(127);
#else
        (void)parent;
#endif
        sigprocmask(SIG_SETMASK, old, NULL);
        for (int i = 0; i < 3; i++)
            if (dup2(fds[i], i) < 0) _exit(127);
#if defined(__GLIBC__) && (__GLIBC__ > 2 || __GLIBC_MINOR__ >= 34)
        closefrom(3);
#endif
        execve(program, argv, env);
        _exit(127);
    }
    int status = 0;
    for (;;) {
        pid_t done = waitpid(pid, &status, WNOHANG);
        if (done == pid) return status;
        if (done < 0 && errno != EINTR) return -1;
        int sig = sigtimedwait(ending, NULL, &(struct timespec){0, 20000000});
        if (sig > 0) {
            *caught = sig;
            kill(pid, SIGKILL);
            while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
            return status;
        }
    }
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
    int fds[3] = {-1, -1, -1}; /* gs's standard input (the PDF), output (the PDF/X), error */
    char **env = NULL;
    char folder[PATH_MAX], tmpdir[PATH_MAX + 8], program[PATH_MAX];
    sigset_t ending, old;
    bool held = false;
    if (!find_gs(program, sizeof program))
        return fail(err, MEIRO_ERROR_IO,
                    "PDF/X is made by Ghostscript, and there is no gs command: " GS_PACKAGE);
    if (snprintf(folder, sizeof folder, "%s/meiro-gs-XXXXXX", temp_dir) >= (int)sizeof folder)
        return fail(err, MEIRO_ERROR_IO, "the temporary folder's name is too long");
    if (!mkdtemp(folder))
        return fail(err, MEIRO_ERROR_IO, "cannot make a folder in %s: %s", temp_dir,
                    strerror(errno));
    snprintf(tmpdir, sizeof tmpdir, "TMPDIR=%s", folder);
    for (int i = 0; i < 3; i++)
        if ((fds[i] = scratch_file(folder, err)) < 0) {
            s = err ? err->status : MEIRO_ERROR_IO;
            goto done;
        }
    if (!write_all(fds[0], buf, len)) {
        s = fail(err, MEIRO_ERROR_IO, "cannot write a scratch file in %s: %s", folder,
                 strerror(errno));
        goto done;
    }
    env = child_env(date, tmpdir);
    if (!env) {
        s = fail(err, MEIRO_ERROR_NOMEM, "out of memory starting Ghostscript");
        goto done;
    }
    sigprocmask(SIG_SETMASK, NULL, &old);
    ending_signals(&ending, &old);
    held = sigprocmask(SIG_BLOCK, &ending, NULL) == 0;
    int caught = 0;
    int status = run_gs(program, argv, env, fds, &ending, &old, &caught);
    if (status == -1) {
        s = fail(err, MEIRO_ERROR_IO, "cannot run Ghostscript (gs): %s", strerror(errno));
        goto done;
    }
    if (caught) {
        s = fail(err, MEIRO_ERROR_IO, "stopped by a signal while Ghostscript ran");
        remove_folder(folder);
        folder[0] = 0;
        sigprocmask(SIG_SETMASK, &old, NULL); /* the signal now has its way */
        held = false;
        raise(caught);
        goto done;
    }
    size_t said_len = 0;
    char *said = read_all(fds[2], &said_len);
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
    *out = read_all(fds[1], out_len);
    if (!*out)
        s = fail(err, MEIRO_ERROR_IO, "cannot read Ghostscript's PDF back: %s", strerror(errno));
    else if (*out_len < 8 || memcmp(*out, "%PDF-", 5) != 0) {
        free(*out);
        *out = NULL;
        s = fail(err, MEIRO_ERROR_IO, "Ghostscript (gs) wrote no PDF%s%s", line[0] ? ": " : "",
                 line);
    }
done:
    free(env);
    for (int i = 0; i < 3; i++)
        if (fds[i] >= 0) close(fds[i]);
    if (folder[0]) remove_folder(folder);
    if (held) sigprocmask(SIG_SETMASK, &old, NULL);
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
