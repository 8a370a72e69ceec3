/* meiro serve: the maze studio in a browser. A small HTTP server
 * (libmicrohttpd, a pool of worker threads) that serves one page and its
 * files from the binary, and an API the page uses: /api/preview (the page
 * as SVG) and /api/file (the download), whose query parameters are the
 * generate command's long options. Each request runs the generate command
 * itself (child.c), so the server's files are the command line's, byte for
 * byte. Bound to 127.0.0.1 unless told otherwise; no authentication. */
#define _POSIX_C_SOURCE 200809L
#include "serve.h"

#include <arpa/inet.h>
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static const char *const usage_serve =
    "Usage: meiro serve [OPTIONS]\n"
    "The maze studio in a browser: a page that makes every maze meiro makes,\n"
    "with a live preview and downloads (PDF, PNG, SVG, XLSX, HTML, JSON; for a pen\n"
    "plotter, a laser cutter and a 3D printer: G-code, HP-GL, DXF, STL, 3MF).\n"
    "\n"
    "  -p, --port N         the port (default 8023; 0: a free one, printed)\n"
    "  -l, --listen ADDR    the address to listen on (default 127.0.0.1: this\n"
    "                       computer only); 0.0.0.0 lets the network in, and\n"
    "                       there is no password: anyone who reaches it can use it\n"
    "      --public-url URL the address people type when a proxy stands in front\n"
    "                       (nginx with TLS: doc/school.md), such as\n"
    "                       https://mazes.example.school/: its name is taken as\n"
    "                       this server's, and pages from it as its own\n"
    "      --open           open the page in the browser\n"
    "  -j, --jobs N         mazes made at once, 1 to 64 (default: one a processor,\n"
    "                       2 to 8, fewer if the memory free cannot hold that many\n"
    "                       at 1 GB each); a request waits for its turn up to 30 s\n"
    "                       (beyond 127.0.0.1: 5 s, and 2 requests at once an\n"
    "                       address), then gets HTTP 503 (429: that address's\n"
    "                       share) with Retry-After\n"
    "  -h, --help           show this help\n"
    "\n"
    "The page's API (GET; the parameters are generate's, or booklet's, long options):\n"
    "  /api/preview?width=12&height=16&seed=7&solution=1   the page as SVG\n"
    "  /api/file?format=pdf&shape=heart&age=4&name=Hana    the file to download\n"
    "                       (format: pdf, png, svg, xlsx, html, json, text or csv;\n"
    "                       for a machine: gcode or hpgl, dxf, stl or 3mf, with\n"
    "                       generate's draw=paths, kerf=0.15mm, ball=8mm, lid=1)\n"
    "  /api/view?format=html&age=6   the same file, for the browser to show (a\n"
    "                       PDF to print, a page to play), not to save\n"
    "  /api/booklet?format=pdf&count=12&difficulty=easy-hard   a booklet (booklet's\n"
    "                       long options; format: pdf, xlsx or html)\n"
    "  /api/choices         the built-in shapes, templates, art and generators, as JSON\n"
    "  weave=40             a weave maze (generate's --weave)\n"
    "  levels=3             3 floors joined by stairs (generate's --levels: pdf,\n"
    "                       png, svg, html or json)\n"
    "  rule=multiples:3&age=7   a rule maze: the rule maze's options (see 'meiro\n"
    "                       generate --rule R --help'; solution=1: the key's page)\n"
    "  message=WELL%20DONE  a hidden message (a rule maze: --message)\n"
    "  mission=keys:2, mission=collect:5, one-way=20   keys and doors, items in\n"
    "                       order, one-way arrows (xlsx: not play=1)\n"
    "  picture=heart&reverse=1   a picture maze: its own options (see 'meiro\n"
    "                       generate --picture P --help'); a built-in shape or\n"
    "                       letters; picture= empty: the POSTed picture\n"
    "  /api/booklet?format=pdf&kinds=plain,keys,one-way,levels   booklet's --kinds\n"
    "POST a picture (PNG, JPEG, GIF, BMP or SVG, up to 2 MB) as the body of\n"
    "/api/preview or /api/file: it is the shape; POST pupils' names (one a line,\n"
    "up to 40) to /api/booklet: a class set, one version each (same-mazes=1:\n"
    "the same mazes for all, one key); POST the word\n"
    "list of rule=words or rule=chain (up to 16 KB). A body may be a form's\n"
    "multipart/form-data: its one file part.\n"
    "A bad value gets HTTP 400 and the command line's one-line message; an upload\n"
    "the command cannot use, 422; a request another site's page makes, 403; every\n"
    "refusal and warning has a code for the page too (X-Meiro-Message:\n"
    "code=side&option=width&max=200).\n"
    "Ctrl-C stops the server.\n";

enum { OPT_SERVE_OPEN = 1000, OPT_SERVE_PUBLIC_URL };
static const struct option serve_options[] = {
    {"port", required_argument, NULL, 'p'},
    {"listen", required_argument, NULL, 'l'},
    {"open", no_argument, NULL, OPT_SERVE_OPEN},
    {"public-url", required_argument, NULL, OPT_SERVE_PUBLIC_URL},
    {"jobs", required_argument, NULL, 'j'},
    {"help", no_argument, NULL, 'h'},
    {NULL, 0, NULL, 0},
};

#define DEFAULT_PORT 8023

/* ---- responses ---- */

static const char *const page_csp =
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob: data:; connect-src 'self'; "
    "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"; /* form: /api/view's POST */

/* The Date header (RFC 9110's IMF-fixdate) by arithmetic on the clock, not
 * by libmicrohttpd's gmtime_r: glibc's time functions take one lock for the
 * process, and a child forked while a connection's thread held it waited
 * for it forever in cairo's own localtime_r or the page's gmtime_r (the
 * daemon runs with MHD_USE_SUPPRESS_DATE_NO_CLOCK, and no other thread of
 * the server asks the time of day). Days to date as in H. Hinnant's
 * "chrono-compatible low-level date algorithms". */
static void http_date(char *buf, size_t size)
{
    static const char days_of_week[7][4] = {"Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"};
    static const char months[12][4] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                       "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
    struct timespec now = {0};
    clock_gettime(CLOCK_REALTIME, &now);
    unsigned long long secs = now.tv_sec > 0 ? (unsigned long long)now.tv_sec : 0;
    unsigned long long days = secs / 86400, rest = secs % 86400;
    unsigned long long z = days + 719468, era = z / 146097, doe = z - era * 146097;
    unsigned long long yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    unsigned long long doy = doe - (365 * yoe + yoe / 4 - yoe / 100), mp = (5 * doy + 2) / 153;
    unsigned day = (unsigned)(doy - (153 * mp + 2) / 5 + 1), month = (unsigned)(mp < 10 ? mp + 3 : mp - 9);
    snprintf(buf, size, "%s, %02u %s %04llu %02u:%02u:%02u GMT", days_of_week[days % 7], day,
             months[month - 1], yoe + era * 400 + (month <= 2), (unsigned)(rest / 3600),
             (unsigned)(rest / 60 % 60), (unsigned)(rest % 60));
}

/* Answers with `len` bytes of `body` (freed by the response when `owned`). */
static enum MHD_Result respond(struct MHD_Connection *c, unsigned code, const char *type,
                               const char *body, size_t len, bool owned, const char *const *headers)
{
    struct MHD_Response *r = MHD_create_response_from_buffer(
        len, (void *)body, owned ? MHD_RESPMEM_MUST_FREE : MHD_RESPMEM_PERSISTENT);
    if (!r) {
        if (owned) free((void *)body);
        return MHD_NO;
    }
    MHD_add_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE, type);
    MHD_add_response_header(r, MHD_HTTP_HEADER_CACHE_CONTROL, "no-store");
    MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
    MHD_add_response_header(r, "Referrer-Policy", "no-referrer");
    char date[40];
    http_date(date, sizeof date);
    MHD_add_response_header(r, MHD_HTTP_HEADER_DATE, date);
    for (size_t i = 0; headers && headers[i]; i += 2)
        MHD_add_response_header(r, headers[i], headers[i + 1]);
    enum MHD_Result ok = MHD_queue_response(c, code, r);
    MHD_destroy_response(r);
    return ok;
}

/* A one-line message as text/plain, copied. */
static enum MHD_Result respond_text(struct MHD_Connection *c, unsigned code, const char *message,
                                    const char *const *headers)
{
    size_t n = strlen(message);
    char *body = malloc(n + 2);
    if (!body) return MHD_NO;
    memcpy(body, message, n);
    body[n] = '\n';
    body[n + 1] = 0;
    return respond(c, code, "text/plain; charset=utf-8", body, n + 1, true, headers);
}

/* A refusal: its one-line message, and for the page its code and values
 * (X-Meiro-Message, message.c), with `more` headers (NULL-terminated). */
static enum MHD_Result refuse(struct MHD_Connection *c, unsigned code, const char *message,
                              const char *form, const char *more0, const char *more1)
{
    const char *const headers[] = {"X-Meiro-Message", form, more0, more1, NULL};
    return respond_text(c, code, message, headers);
}

/* ---- the API ---- */

/* The query, read into a job (serve_job_add) in the request's order. */
typedef struct query_read {
    serve_job *job;
    const char *format; /* the format parameter, as given */
    unsigned count;
    bool failed;
} query_read;

static enum MHD_Result read_param(void *cls, enum MHD_ValueKind kind, const char *key,
                                  size_t key_size, const char *value, size_t value_size)
{
    (void)kind;
    query_read *q = cls;
    if (++q->count > SERVE_MAX_PARAMS || key_size != strlen(key)) {
        snprintf(q->job->message, sizeof q->job->message, "more than %d parameters",
                 SERVE_MAX_PARAMS);
        snprintf(q->job->code, sizeof q->job->code, "code=too-many-parameters");
        q->failed = true;
        return MHD_NO;
    }
    if (strcmp(key, "format") == 0 && value) {
        q->format = value;
        return MHD_YES;
    }
    if (!serve_job_add(q->job, key, value, value ? value_size : 0)) {
        q->failed = true;
        return MHD_NO;
    }
    return MHD_YES;
}

/* The formats a download may take, with their types (in this order): the
 * page's files, then the workshop's (a pen plotter's, a laser cutter's, a
 * 3D printer's). Their types are IANA's registered ones (model/stl and
 * model/3mf since 2018, image/vnd.dxf, application/vnd.hp-hpgl), G-code,
 * which has none, as the text it is (what OctoPrint and slicers serve). */
enum {
    DL_PDF,
    DL_PNG,
    DL_SVG,
    DL_XLSX,
    DL_HTML,
    DL_JSON,
    DL_GCODE,
    DL_HPGL,
    DL_DXF,
    DL_STL,
    DL_3MF,
    DL_TEXT,
    DL_CSV,
    DL_COUNT
};
static const struct {
    meiro_format format;
    const char *name, *type;
} downloads[] = {
    {MEIRO_FORMAT_PDF, "pdf", "application/pdf"},
    {MEIRO_FORMAT_PNG, "png", "image/png"},
    {MEIRO_FORMAT_SVG, "svg", "image/svg+xml"},
    {MEIRO_FORMAT_XLSX, "xlsx",
     "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"},
    {MEIRO_FORMAT_HTML, "html", "text/html; charset=utf-8"},
    {MEIRO_FORMAT_JSON, "json", "application/json"},
    {MEIRO_FORMAT_GCODE, "gcode", "text/plain; charset=utf-8"},
    {MEIRO_FORMAT_HPGL, "hpgl", "application/vnd.hp-hpgl"},
    {MEIRO_FORMAT_DXF, "dxf", "image/vnd.dxf"},
    {MEIRO_FORMAT_STL, "stl", "model/stl"},
    {MEIRO_FORMAT_3MF, "3mf", "model/3mf"},
    {MEIRO_FORMAT_TEXT, "text", "text/plain; charset=utf-8"},
    {MEIRO_FORMAT_CSV, "csv", "text/csv; charset=utf-8"},
};
_Static_assert(sizeof downloads / sizeof downloads[0] == DL_COUNT, "one download a DL_ name");

/* The command's message: its first line that is not a warning. */
static void first_error(const char *err, char *line, size_t size)
{
    const char *p = err;
    while (*p && strncmp(p, "meiro: warning: ", 16) == 0) {
        const char *nl = strchr(p, '\n');
        p = nl ? nl + 1 : p + strlen(p);
    }
    if (!*p) p = err;
    snprintf(line, size, "%.*s", (int)strcspn(p, "\n"), p);
}

/* The command's warnings, percent-encoded for a header (the page decodes
 * them with decodeURIComponent), and their codes for the page, separated
 * by commas (message.c): "" when none. */
static void warnings(const char *err, const struct option *options, char *out, size_t size,
                     char *codes, size_t codes_size)
{
    size_t n = 0, k = 0;
    out[0] = codes[0] = 0;
    for (const char *p = err; *p;) {
        size_t len = strcspn(p, "\n");
        if (strncmp(p, "meiro: warning: ", 16) == 0) {
            if (n && n + 4 < size) n += (size_t)snprintf(out + n, size - n, "%%20"); /* between */
            n += serve_form_value(out + n, size - n, p + 16, len - 16);
            char line[1024], form[600];
            snprintf(line, sizeof line, "%.*s", (int)(len - 16), p + 16);
            serve_command_message(form, sizeof form, "warning", line, options);
            if (k + strlen(form) + 2 < codes_size)
                k += (size_t)snprintf(codes + k, codes_size - k, "%s%s", k ? "," : "", form);
        }
        p += len;
        if (*p) p++;
    }
}

/* A POST's body: the picture of a shape, held in memory as it arrives. */
typedef struct upload {
    unsigned char *data;
    size_t len, cap;
    bool too_big;  /* past SERVE_MAX_UPLOAD */
    serve_upload_room room; /* no room for it: everyone's uploads, or its address's */
    size_t booked; /* bytes taken from the budget */
    const struct sockaddr *from; /* the client's address (the connection's, outlives the request) */
    /* multipart/form-data (a browser's form): its one file part is the body */
    struct MHD_PostProcessor *form;
    serve_config *cfg;
    char part[64];         /* the part being read: its field's name and file name */
    unsigned parts;        /* parts seen */
    const char *bad_form;  /* why the form is refused, NULL if it is not */
} upload;

/* A request's own folder, DIR/XXXXXX (DIR: the server's private one): the
 * child's TMPDIR, so Ghostscript's scratch files go there, and an upload's
 * file NAME (picture.png, names.txt: the child runs there, so the footer
 * and the messages name it as the user knows it), written whole before
 * the child starts. Removed with all in it once the child's group is gone. */
typedef struct saved_upload {
    char dir[PATH_MAX], path[PATH_MAX + 16]; /* room for dir, '/' and name; path "": no upload */
    char name[16];
} saved_upload;

/* Once only (another request may make a folder of the same name after). */
static void remove_upload(saved_upload *p)
{
    if (!p->dir[0]) return;
    serve_remove_tree(p->dir);
    p->dir[0] = 0;
}

static bool make_folder(const serve_config *cfg, saved_upload *p, char *why, size_t why_size)
{
    if (!cfg->uploads[0] ||
        snprintf(p->dir, sizeof p->dir, "%s/XXXXXX", cfg->uploads) >= (int)sizeof p->dir ||
        !mkdtemp(p->dir)) {
        snprintf(why, why_size, "meiro serve: cannot make the request's folder: %s",
                 cfg->uploads[0] ? strerror(errno) : "no folder for requests");
        p->dir[0] = 0;
        return false;
    }
    return true;
}

static bool save_upload(const serve_config *cfg, const upload *up, const char *name,
                        saved_upload *p, char *why, size_t why_size)
{
    snprintf(p->name, sizeof p->name, "%s", name);
    if (!p->dir[0] && !make_folder(cfg, p, why, why_size)) return false;
    snprintf(p->path, sizeof p->path, "%s/%s", p->dir, name);
    int fd = open(p->path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    size_t done = 0;
    while (fd >= 0 && done < up->len) {
        ssize_t w = write(fd, up->data + done, up->len - done);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) break;
        done += (size_t)w;
    }
    int e = errno;
    if (fd < 0 || done < up->len || close(fd) != 0) {
        if (fd >= 0 && done < up->len) close(fd);
        snprintf(why, why_size, "meiro serve: cannot keep the upload: %s",
                 strerror(fd < 0 || done < up->len ? e : errno));
        remove_upload(p);
        return false;
    }
    return true;
}

/* A booklet's names: lines of text, no NUL; how many (0: refused, the
 * reason in why). */
static unsigned count_names(const upload *up, char *why, size_t why_size)
{
    if (memchr(up->data, 0, up->len)) {
        snprintf(why, why_size, "meiro serve: the names are text: one a line");
        return 0;
    }
    unsigned names = 0;
    for (size_t i = 0; i < up->len;) {
        const unsigned char *nl = memchr(up->data + i, '\n', up->len - i);
        size_t end = nl ? (size_t)(nl - up->data) : up->len;
        for (size_t k = i; k < end; k++)
            if (up->data[k] != ' ' && up->data[k] != '\t' && up->data[k] != '\r') {
                names++;
                break;
            }
        i = end + 1;
    }
    if (!names) snprintf(why, why_size, "meiro serve: POST the pupils' names, one a line");
    return names;
}

/* What a route makes: generate's preview (svg only) or file, or a booklet
 * (pdf, xlsx or html). */
enum route_kind { ROUTE_PREVIEW, ROUTE_FILE, ROUTE_BOOKLET, ROUTE_VIEW };

/* The job a route's query asks for: a rule maze (rule=R, its options its
 * own), a picture maze (picture=P), else generate's or booklet's; the
 * query read into it. NULL when out of memory. */
static serve_job *route_job(struct MHD_Connection *c, enum route_kind route, query_read *q)
{
    serve_job *job = malloc(sizeof *job);
    if (!job) return NULL;
    if (MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "rule") ||
        MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "message"))
        serve_job_init_rule(job, route == ROUTE_BOOKLET, MEIRO_FORMAT_SVG);
    else if (route != ROUTE_BOOKLET && MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "picture"))
        serve_job_init_picture(job, MEIRO_FORMAT_SVG);
    else serve_job_init(job, route == ROUTE_BOOKLET ? "booklet" : "generate", MEIRO_FORMAT_SVG);
    *q = (query_read){job, NULL, 0, false};
    MHD_get_connection_values_n(c, MHD_GET_ARGUMENT_KIND, read_param, q);
    return job;
}

/* The file the route writes (a preview is SVG; a download names its
 * format, a booklet's pdf, xlsx or html): its row of downloads[], or a
 * refusal in the job (q->failed). */
static size_t route_format(serve_job *job, query_read *q, enum route_kind route)
{
#define FILES "pdf, png, svg, xlsx, html, json, gcode, hpgl, dxf, stl, 3mf, text or csv"
    static const char *const takes[] = {"a preview is svg", FILES, "pdf, xlsx or html", FILES};
#undef FILES
    size_t kind = DL_SVG;
    if (!q->failed && q->format) {
        for (kind = 0; kind < DL_COUNT; kind++)
            if (strcmp(q->format, downloads[kind].name) == 0) break;
        if (kind == DL_COUNT || (route == ROUTE_PREVIEW && kind != DL_SVG) ||
            (route == ROUTE_BOOKLET && kind != DL_PDF && kind != DL_XLSX && kind != DL_HTML)) {
            snprintf(job->message, sizeof job->message, "format: %s, not '%.40s'", takes[route],
                     q->format);
            snprintf(job->code, sizeof job->code, "code=format");
            q->failed = true;
        }
    } else if (!q->failed && route != ROUTE_PREVIEW) {
        snprintf(job->message, sizeof job->message, "format: %s", takes[route]);
        snprintf(job->code, sizeof job->code, "code=format");
        q->failed = true;
    }
    if (q->failed) return DL_SVG;
    job->format = downloads[kind].format;
    return kind;
}

/* The request's body: a picture for the shape, a booklet's names, a rule's
 * words; refused (too big, not what the route takes, the server's room
 * for uploads taken: *answer, false), or kept in the request's folder and
 * added to the job (a refusal there in the job, q->failed). */
static bool read_body(struct MHD_Connection *c, const serve_config *cfg, serve_job *job,
                      const upload *up, bool booklet, saved_upload *saved, query_read *q,
                      enum MHD_Result *answer)
{
    bool words = job->rule;
    char line[1100];
    const char *type = booklet || words ? NULL : serve_picture_type(up->data, up->len);
    unsigned names = 0;
    unsigned code = 0;
    if (up->room != SERVE_UPLOAD_TAKEN) {
        bool full = up->room == SERVE_UPLOAD_FULL;
        *answer = refuse(
            c, full ? MHD_HTTP_SERVICE_UNAVAILABLE : MHD_HTTP_TOO_MANY_REQUESTS,
            full ? "meiro serve: busy: the server holds all the uploads it takes at once (32 "
                   "MB); try again in a few seconds"
                 : "meiro serve: this address already sends all the uploads it may at once (8 "
                   "MB); try again when they are done",
            full ? "code=uploads-busy&max=32" : "code=address-uploads&max=8", "Retry-After", "5");
        return false;
    }
    const char *form = "code=upload";
    if (up->too_big || (booklet && up->len > SERVE_MAX_NAMES) ||
        (words && up->len > SERVE_MAX_WORDS)) {
        code = MHD_HTTP_CONTENT_TOO_LARGE;
        form = booklet ? "code=names-big&max=4"
               : words ? "code=words-big&max=16"
                       : "code=picture-big&max=2";
        snprintf(line, sizeof line, "meiro serve: %s",
                 booklet ? "the names are more than this server takes (4 KB)"
                 : words ? "the word list is more than this server takes (16 KB)"
                         : "the picture is larger than this server takes (2 MB): make it "
                           "smaller");
    } else if (words) {
        if (!up->len || memchr(up->data, 0, up->len)) {
            code = MHD_HTTP_BAD_REQUEST;
            form = "code=words-text";
            snprintf(line, sizeof line, "meiro serve: POST the word list as text, one a line");
        }
    } else if (booklet) {
        names = count_names(up, line, sizeof line);
        if (!names) code = MHD_HTTP_BAD_REQUEST, form = "code=names-none";
    } else if (!up->len || !type) {
        code = !up->len ? MHD_HTTP_BAD_REQUEST : MHD_HTTP_UNSUPPORTED_MEDIA_TYPE;
        form = !up->len ? "code=picture-empty" : "code=picture-type";
        snprintf(line, sizeof line, "meiro serve: %s",
                 !up->len ? "POST the picture of the shape as the request's body"
                          : "the picture is not a PNG, JPEG, GIF, BMP or SVG file");
    }
    if (code) {
        *answer = refuse(c, code, line, form, NULL, NULL);
        return false;
    }
    char file[16];
    snprintf(file, sizeof file, "%s", booklet ? "names.txt" : words ? "words.txt" : "picture.");
    for (size_t i = 0; type && type[i] && strlen(file) + 1 < sizeof file; i++)
        file[strlen(file) + 1] = 0, file[strlen(file)] = (char)(type[i] | 0x20);
    if (words && !serve_job_add_words(job, file)) {
        q->failed = true; /* its message, before anything is saved */
    } else if ((job->picture ? job->picture_named : job->shape_given) && !booklet && !words) {
        q->failed = !serve_job_add_picture(job, file); /* its message */
    } else if (!save_upload(cfg, up, file, saved, line, sizeof line)) {
        *answer = refuse(c, MHD_HTTP_INTERNAL_SERVER_ERROR, line, "code=upload", NULL, NULL);
        return false;
    } else {
        job->cwd = saved->dir;
        q->failed = booklet ? !serve_job_add_names(job, file, names)
                    : words ? false /* added above */
                            : !serve_job_add_picture(job, file);
    }
    return true;
}

/* The command's refusal or failure, as the page shows it: 422 for an
 * upload refused (a picture the library cannot read or will not draw, a
 * name too long: the request well formed, its file not usable), 400 for
 * the command's usage error, else 500; a child killed (its processor
 * time, or it crashed) said as too slow. */
static enum MHD_Result answer_failure(struct MHD_Connection *c, const serve_job *job,
                                      const serve_result *res, const saved_upload *saved,
                                      bool booklet)
{
    char line[1100], form[600];
    first_error(res->err, line, sizeof line);
    /* the line without "meiro generate: " */
    const char *said =
        strncmp(line, "meiro ", 6) == 0 && strstr(line, ": ") ? strstr(line, ": ") + 2 : line;
    serve_command_message(form, sizeof form, "error", said, job->options);
    if (!line[0] || res->status < 0) {
        snprintf(form, sizeof form, "code=slow&max=20");
        snprintf(line, sizeof line,
                 "meiro serve: meiro %s ended without finishing (past the 20 s budget, or "
                 "out of memory): make the maze smaller",
                 job->argv[1]);
    }
    unsigned code = saved->path[0] && strstr(line, saved->name) ? MHD_HTTP_UNPROCESSABLE_CONTENT
                    : res->status == EXIT_USAGE                 ? MHD_HTTP_BAD_REQUEST
                                                                : MHD_HTTP_INTERNAL_SERVER_ERROR;
    if (code == MHD_HTTP_UNPROCESSABLE_CONTENT && !booklet && !job->rule)
        snprintf(form, sizeof form, "code=picture-unreadable");
    return refuse(c, code, line, form, NULL, NULL);
}

/* The file made: its seed as run (the one given, else the one chosen), a
 * download's name (/api/view: the same file, shown by the browser, its PDF
 * viewer to print, the html to play), the command's warnings. Takes
 * res->out. */
static enum MHD_Result answer_file(struct MHD_Connection *c, const serve_job *job,
                                   serve_result *res, enum route_kind route, size_t kind)
{
    bool download = route != ROUTE_PREVIEW;
    char seed[24], disposition[96], warn[700], codes[1400];
    const char *given = NULL;
    for (int i = 2; i < job->argc; i++)
        if (strncmp(job->argv[i], "--seed=", 7) == 0) given = job->argv[i] + 7;
    snprintf(seed, sizeof seed, "%.20s", given ? given : "0");
    /* the name ends as the command names the format's files (.txt for text) */
    const char *ext = meiro_format_info(downloads[kind].format)->extensions;
    snprintf(disposition, sizeof disposition, "%s; filename=\"%s-%s.%.*s\"",
             route == ROUTE_VIEW ? "inline" : "attachment",
             route == ROUTE_BOOKLET ? "booklet"
             : job->rule            ? "rule-maze"
                                    : "maze",
             seed, (int)strcspn(ext, " "), ext);
    warnings(res->err, job->options, warn, sizeof warn, codes, sizeof codes);
    const char *headers[] = {"X-Meiro-Seed",
                             seed,
                             "Content-Security-Policy",
                             kind == DL_HTML ? "sandbox allow-scripts"
                             : route == ROUTE_VIEW && kind == DL_PDF
                                 ? "frame-ancestors 'self'" /* the browser's PDF viewer */
                                 : "default-src 'none'; style-src 'unsafe-inline'",
                             download ? "Content-Disposition" : NULL,
                             disposition,
                             NULL,
                             NULL,
                             NULL,
                             NULL,
                             NULL};
    if (warn[0]) {
        size_t at = download ? 6 : 4;
        headers[at] = "X-Meiro-Warning";
        headers[at + 1] = warn;
        headers[at + 2] = "X-Meiro-Message";
        headers[at + 3] = codes;
    }
    char *body = res->out ? res->out : malloc(1);
    return body ? respond(c, MHD_HTTP_OK, downloads[kind].type, body, res->out_len, true, headers)
                : MHD_NO;
}

/* The job run in a child, once a slot is free (else 503 or 429 and when to
 * come back), and answered: the file, or why not. */
static enum MHD_Result run_job(struct MHD_Connection *c, serve_config *cfg, serve_job *job,
                               enum route_kind route, size_t kind, const saved_upload *saved)
{
    serve_result *res = malloc(sizeof *res);
    if (!res) return MHD_NO;
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(c, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    const struct sockaddr *client = info ? info->client_addr : NULL;
    info = MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
    int sock = info ? info->connect_fd : -1;
    serve_admission admitted = serve_budget_enter(&cfg->budget, client, sock);
    if (admitted != SERVE_ADMITTED) {
        free(res);
        if (admitted == SERVE_REFUSED_GONE) return MHD_NO; /* nobody to answer */
        bool busy = admitted == SERVE_REFUSED_BUSY;
        return refuse(
            c, busy ? MHD_HTTP_SERVICE_UNAVAILABLE : MHD_HTTP_TOO_MANY_REQUESTS,
            busy ? "meiro serve: busy: every maze the server makes at once is in the making; try "
                   "again in a few seconds"
                 : "meiro serve: this address already has 2 mazes in the making; try again when "
                   "they are done",
            busy ? "code=busy" : "code=address-busy&max=2", "Retry-After", "5");
    }
    enum MHD_Result ok;
    bool ran = serve_run(cfg, job, sock, res);
    serve_budget_leave(&cfg->budget, client);
    char line[200];
    if (!ran) {
        ok = respond_text(c, MHD_HTTP_INTERNAL_SERVER_ERROR, res->err, NULL);
    } else if (res->abandoned) { /* nobody to answer: the client left, or the server stops */
        free(res->out);
        ok = MHD_NO;
    } else if (res->timed_out || res->too_big) {
        free(res->out);
        snprintf(line, sizeof line, "meiro serve: %s: make the maze smaller",
                 res->timed_out ? "this maze takes longer than the server gives one (20 s)"
                                : "this file is larger than the server sends (64 MB)");
        ok = refuse(c, res->timed_out ? MHD_HTTP_SERVICE_UNAVAILABLE : MHD_HTTP_CONTENT_TOO_LARGE,
                    line, res->timed_out ? "code=slow&max=20" : "code=output-big&max=64", NULL,
                    NULL);
    } else if (res->status != 0) {
        free(res->out);
        ok = answer_failure(c, job, res, saved, route == ROUTE_BOOKLET && !job->rule);
    } else {
        ok = answer_file(c, job, res, route, kind);
    }
    free(res);
    return ok;
}

/* generate's preview and file, a booklet: the query and the body read into
 * a job, the job finished (refused: 400 and why), a folder for its files,
 * then run and answered. */
static enum MHD_Result api_maze(struct MHD_Connection *c, serve_config *cfg, enum route_kind route,
                                const upload *up)
{
    query_read q;
    serve_job *job = route_job(c, route, &q);
    if (!job) return MHD_NO;
    size_t kind = route_format(job, &q, route);
    saved_upload saved = {{0}, {0}, {0}};
    bool booklet = route == ROUTE_BOOKLET && !job->rule;
    enum MHD_Result answer = MHD_NO;
    char line[1100];
    if (up && !q.failed && !read_body(c, cfg, job, up, booklet, &saved, &q, &answer)) {
        /* refused: answered */
    } else if (q.failed || !serve_job_finish(job)) {
        snprintf(line, sizeof line, "meiro serve: %s", job->message);
        answer = refuse(c, MHD_HTTP_BAD_REQUEST, line, job->code, NULL, NULL);
    } else if (cfg->uploads[0] && !saved.dir[0] && !make_folder(cfg, &saved, line, sizeof line)) {
        answer =
            refuse(c, MHD_HTTP_INTERNAL_SERVER_ERROR, line, "code=error&level=error", NULL, NULL);
    } else {
        job->tmpdir = saved.dir[0] ? saved.dir : NULL;
        answer = run_job(c, cfg, job, route, kind, &saved);
    }
    remove_upload(&saved);
    free(job);
    return answer;
}

/* A JSON string (the names and descriptions are the library's own). */
static size_t quote_json(char *out, size_t size, const char *s)
{
    size_t n = 0;
    if (n < size) out[n++] = '"';
    for (; *s && n + 7 < size; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\') {
            out[n++] = '\\';
            out[n++] = (char)ch;
        } else if (ch < 0x20) {
            n += (size_t)snprintf(out + n, size - n, "\\u%04x", ch);
        } else {
            out[n++] = (char)ch;
        }
    }
    if (n + 1 < size) out[n++] = '"';
    out[n < size ? n : size - 1] = 0;
    return n;
}

/* {"shapes":[...],"templates":[...],"art":[...],"algorithms":[{"name",
 * "description"}...],"grids":{"polar":["pdf",...]...},"kinds":{"floors":
 * ["pdf",...]...},"plays":["shape",...],"formats":{"pdf":["page","crop",
 * ...]...}}: the built-in names, the files each grid and each kind of maze
 * makes and the kinds a playable sheet takes (the library's kinds table,
 * meiro_kind_check), and what each file can (the library's format table,
 * meiro_format_can). */
static enum MHD_Result api_choices(struct MHD_Connection *c)
{
    size_t size = 16384, n = 0;
    char *out = malloc(size);
    if (!out) return MHD_NO;
    n += (size_t)snprintf(out + n, size - n, "{\"shapes\":[");
    const meiro_algorithm_desc *shape;
    for (size_t i = 0; (shape = meiro_shape_info(i)) && n + 256 < size; i++) {
        if (i) out[n++] = ',';
        n += quote_json(out + n, size - n, shape->name);
    }
    n += (size_t)snprintf(out + n, size - n, "],\"templates\":[");
    for (size_t i = 0; i < meiro_builtin_template_count() && n + 256 < size; i++) {
        if (i) out[n++] = ',';
        n += quote_json(out + n, size - n, meiro_builtin_template_name(i));
    }
    n += (size_t)snprintf(out + n, size - n, "],\"art\":[");
    const meiro_art_desc *art;
    for (size_t i = 0; (art = meiro_art_info(i)) && n + 256 < size; i++) {
        if (i) out[n++] = ',';
        n += quote_json(out + n, size - n, art->name);
    }
    n += (size_t)snprintf(out + n, size - n, "],\"algorithms\":[");
    const meiro_algorithm_desc *gen;
    for (size_t i = 0; (gen = meiro_generator_info(i)) && n + 512 < size; i++) {
        if (i) out[n++] = ',';
        n += (size_t)snprintf(out + n, size - n, "{\"name\":");
        n += quote_json(out + n, size - n, gen->name);
        n += (size_t)snprintf(out + n, size - n, ",\"description\":");
        n += quote_json(out + n, size - n, gen->description);
        out[n++] = '}';
    }
    /* the files each grid makes, as the library says (the page offers no other) */
    n += (size_t)snprintf(out + n, size - n, "],\"grids\":{");
    for (int g = 0; g < MEIRO_GRID_COUNT && n + 256 < size; g++) {
        n += (size_t)snprintf(out + n, size - n, "%s\"%s\":[", g ? "," : "",
                              meiro_grid_name((meiro_grid)g));
        for (size_t k = 0, shown = 0; k < DL_COUNT; k++)
            if (meiro_export_grid_check((meiro_grid)g, downloads[k].format, NULL) == MEIRO_OK)
                n += (size_t)snprintf(out + n, size - n, "%s\"%s\"", shown++ ? "," : "",
                                      downloads[k].name);
        out[n++] = ']';
    }
    /* the files each kind of maze makes on the rect grid (the library's
     * kinds table, meiro_kind_check) */
    n += (size_t)snprintf(out + n, size - n, "},\"kinds\":{");
    for (int k = 0; k < MEIRO_KIND_COUNT && n + 256 < size; k++) {
        n += (size_t)snprintf(out + n, size - n, "%s\"%s\":[", k ? "," : "",
                              meiro_kind_info((meiro_kind)k)->name);
        for (size_t i = 0, shown = 0; i < DL_COUNT; i++)
            if (meiro_kind_check(1u << k, MEIRO_GRID_RECT, downloads[i].format, NULL) == MEIRO_OK)
                n += (size_t)snprintf(out + n, size - n, "%s\"%s\"", shown++ ? "," : "",
                                      downloads[i].name);
        out[n++] = ']';
    }
    /* the kinds a sheet can be played in (the kinds table's pairs) */
    n += (size_t)snprintf(out + n, size - n, "},\"plays\":[");
    for (int k = 0, shown = 0; k < MEIRO_KIND_COUNT && n + 64 < size; k++)
        if (k != MEIRO_KIND_PLAY &&
            meiro_kind_check(1u << k | 1u << MEIRO_KIND_PLAY, MEIRO_GRID_RECT, MEIRO_FORMAT_XLSX,
                             NULL) == MEIRO_OK)
            n += (size_t)snprintf(out + n, size - n, "%s\"%s\"", shown++ ? "," : "",
                                  meiro_kind_info((meiro_kind)k)->name);
    n += (size_t)snprintf(out + n, size - n, "],\"formats\":{");
    for (size_t k = 0; k < DL_COUNT && n + 512 < size; k++) {
        n += (size_t)snprintf(out + n, size - n, "%s\"%s\":[", k ? "," : "", downloads[k].name);
        for (int cap = 0, shown = 0; cap < MEIRO_CAN_COUNT; cap++)
            if (meiro_format_can(downloads[k].format, (meiro_capability)cap))
                n += (size_t)snprintf(out + n, size - n, "%s\"%s\"", shown++ ? "," : "",
                                      meiro_capability_name((meiro_capability)cap));
        out[n++] = ']';
    }
    n += (size_t)snprintf(out + n, size - n, "}");
    n += (size_t)snprintf(out + n, size - n, ",\"version\":");
    n += quote_json(out + n, size - n, meiro_version());
    n += (size_t)snprintf(out + n, size - n, "}\n");
    return respond(c, MHD_HTTP_OK, "application/json", out, n, true, NULL);
}

/* ---- the routes ---- */

/* Bound to loopback, the server answers to its own names only, so a web
 * page elsewhere cannot reach it through a name of its own that resolves
 * to 127.0.0.1 (DNS rebinding). */
static bool host_allowed(struct MHD_Connection *c, const serve_config *cfg)
{
    if (!cfg->loopback) return true;
    const char *host = MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_HOST);
    if (!host) return false;
    /* the name a proxy in front passes on (--public-url), with its port or
     * without (nginx's $host drops it) */
    if (cfg->public_host[0]) {
        const char *h = cfg->public_host, *bracket = h[0] == '[' ? strchr(h, ']') : NULL;
        const char *colon = strchr(bracket ? bracket : h, ':');
        size_t name = colon ? (size_t)(colon - h) : strlen(h);
        if (strcasecmp(host, h) == 0 || (strlen(host) == name && strncasecmp(host, h, name) == 0))
            return true;
    }
    static const char *const names[] = {"127.0.0.1", "localhost", "[::1]"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        size_t n = strlen(names[i]);
        char *end;
        if (strncmp(host, names[i], n) == 0 && host[n] == ':' &&
            strtoul(host + n + 1, &end, 10) == cfg->port && !*end)
            return true;
    }
    return false;
}

/* A request that costs work answers the server's own page only: another
 * site's page (or another port's) may not have a visitor's browser make
 * mazes here, by a form, a fetch or an <img>. Browsers say where a request
 * comes from: Sec-Fetch-Site (same-origin; none: typed, a bookmark) and
 * Origin (on a POST and a cross-origin fetch: it must be this server's,
 * the Host asked for); a client that sends neither (curl, a script) is no
 * browser led astray. */
static bool same_origin(struct MHD_Connection *c, const serve_config *cfg)
{
    const char *site = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Sec-Fetch-Site");
    if (site && strcmp(site, "same-origin") != 0 && strcmp(site, "none") != 0) return false;
    const char *origin = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Origin");
    const char *host = MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_HOST);
    return !origin || (host && strncmp(origin, "http://", 7) == 0 && strcmp(origin + 7, host) == 0) ||
           (cfg->public_origin[0] && strcasecmp(origin, cfg->public_origin) == 0);
}

/* --public-url: "http[s]://NAME[:PORT]" and at most a "/" after it (the
 * studio's page asks for /api/... from the root). Fills the origin and the
 * name as a proxy passes it in Host; false if the address is none such. */
static bool public_url_parse(const char *url, serve_config *cfg)
{
    size_t scheme = strncmp(url, "https://", 8) == 0 ? 8 : strncmp(url, "http://", 7) == 0 ? 7 : 0;
    if (!scheme) return false;
    size_t n = strcspn(url + scheme, "/");
    const char *rest = url + scheme + n;
    if (n == 0 || (rest[0] && strcmp(rest, "/") != 0) || scheme + n >= sizeof cfg->public_origin)
        return false;
    for (size_t i = 0; i < n; i++) {
        char ch = url[scheme + i];
        if (!isalnum((unsigned char)ch) && !strchr(".-:[]", ch)) return false;
    }
    memcpy(cfg->public_origin, url, scheme + n);
    cfg->public_origin[scheme + n] = 0;
    memcpy(cfg->public_host, url + scheme, n);
    cfg->public_host[n] = 0;
    return true;
}

/* The connection's slot (conns.c), NULL if it has none. */
static serve_conn *conn_of(struct MHD_Connection *c)
{
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(c, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info ? info->socket_context : NULL;
}

/* MHD_OPTION_NOTIFY_CONNECTION: a connection's slot taken and given back. */
static void connection_seen(void *cls, struct MHD_Connection *c, void **slot,
                            enum MHD_ConnectionNotificationCode what)
{
    serve_config *cfg = cls;
    if (what == MHD_CONNECTION_NOTIFY_STARTED) {
        const union MHD_ConnectionInfo *info =
            MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
        *slot = info ? serve_conn_open(&cfg->conns, info->connect_fd) : NULL;
    } else {
        serve_conn_close(&cfg->conns, *slot);
        *slot = NULL;
    }
}

/* Takes a POST's body as it arrives, up to SERVE_MAX_UPLOAD bytes (and the
 * budgets of uploads held at once: everyone's, the address's); past it the
 * rest is read and dropped, and the answer is 413 (503, 429: no room). */
static void take_upload(serve_config *cfg, upload *up, const char *data, size_t size)
{
    if (up->too_big || up->room != SERVE_UPLOAD_TAKEN || !size) return;
    if (up->len + size > SERVE_MAX_UPLOAD) {
        up->too_big = true;
    } else if (up->len + size > up->cap) {
        size_t cap = up->cap ? up->cap * 2 : 65536;
        while (cap < up->len + size) cap *= 2;
        if (cap > SERVE_MAX_UPLOAD) cap = SERVE_MAX_UPLOAD;
        up->room = serve_budget_upload(&cfg->budget, up->from, (long long)(cap - up->booked));
        if (up->room != SERVE_UPLOAD_TAKEN) return;
        up->booked = cap;
        unsigned char *more = realloc(up->data, cap);
        if (!more) {
            up->too_big = true;
            return;
        }
        up->data = more;
        up->cap = cap;
    }
    if (up->too_big) return;
    memcpy(up->data + up->len, data, size);
    up->len += size;
}

static void take_upload(serve_config *cfg, upload *up, const char *data, size_t size);

/* A form's part, in pieces: one part (a file, or a field named names or
 * words: a textarea's) is the body; a second part, or any other field, is
 * refused (the options go in the query). */
static enum MHD_Result form_part(void *cls, enum MHD_ValueKind kind, const char *key,
                                 const char *filename, const char *content_type,
                                 const char *transfer_encoding, const char *data, uint64_t off,
                                 size_t size)
{
    (void)kind, (void)content_type, (void)transfer_encoding, (void)off;
    upload *up = cls;
    char part[sizeof up->part];
    snprintf(part, sizeof part, "%s/%s", key ? key : "", filename ? filename : "");
    if (!up->parts || strcmp(part, up->part) != 0) {
        up->parts++;
        snprintf(up->part, sizeof up->part, "%s", part);
        if (!filename && (!key || (strcmp(key, "names") != 0 && strcmp(key, "words") != 0)))
            up->bad_form = "a form's fields are not options here: put them in the query, and send "
                           "one file (or a field named names or words)";
        else if (up->parts > 1)
            up->bad_form = "send one file a request";
        if (up->bad_form) return MHD_NO;
    }
    take_upload(up->cfg, up, data, size);
    return MHD_YES;
}

/* MHD_OPTION_NOTIFY_COMPLETED: a request's upload freed, its bytes given
 * back; the connection's next request has its deadline. */
static void request_done(void *cls, struct MHD_Connection *c, void **state,
                         enum MHD_RequestTerminationCode why)
{
    (void)why;
    serve_config *cfg = cls;
    serve_conn_reading(&cfg->conns, conn_of(c), SERVE_HEADER_TIME);
    if (!*state || *state == cls) return;
    upload *up = *state;
    if (up->form) MHD_destroy_post_processor(up->form);
    if (up->booked) serve_budget_upload(&cfg->budget, up->from, -(long long)up->booked);
    free(up->data);
    free(up);
    *state = NULL;
}

static enum MHD_Result route(void *cls, struct MHD_Connection *c, const char *url,
                             const char *method, const char *version, const char *upload_data,
                             size_t *upload_size, void **state)
{
    (void)version;
    serve_config *cfg = cls;
    static const char *const allow[] = {"Allow", "GET, POST", NULL};
    bool get = strcmp(method, MHD_HTTP_METHOD_GET) == 0;
    /* POST: a picture for a shape, to the maze routes */
    bool post = strcmp(method, MHD_HTTP_METHOD_POST) == 0 &&
                (strcmp(url, "/api/preview") == 0 || strcmp(url, "/api/file") == 0 ||
                 strcmp(url, "/api/booklet") == 0 || strcmp(url, "/api/view") == 0);
    if (!get && !post) /* at once, its body unread: the connection closes */
        return respond_text(c, MHD_HTTP_METHOD_NOT_ALLOWED,
                            "meiro serve: GET, or POST to /api/preview, /api/file, /api/view or "
                            "/api/booklet",
                            allow);
    /* answered once the request is read whole, so the connection can stay
     * open for the next one */
    if (!*state) {
        /* the headers are in: the body has its own deadline */
        serve_conn_reading(&cfg->conns, conn_of(c), SERVE_BODY_TIME);
        if (!host_allowed(c, cfg))
            return respond_text(
                c, MHD_HTTP_MISDIRECTED_REQUEST,
                "meiro serve: ask for http://127.0.0.1:PORT/ (or localhost): no other name", NULL);
        if (strncmp(url, "/api/", 5) == 0 && !same_origin(c, cfg))
            return refuse(c, MHD_HTTP_FORBIDDEN,
                          "meiro serve: refused: asked by another site's page (its Sec-Fetch-Site "
                          "or Origin says so); the server answers its own page only",
                          "code=cross-site", NULL, NULL);
        if (get) {
            *state = cfg;
            return MHD_YES;
        }
        const char *length =
            MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_LENGTH);
        if (length && strtoull(length, NULL, 10) > SERVE_MAX_UPLOAD) /* not read at all */
            return refuse(c, MHD_HTTP_CONTENT_TOO_LARGE,
                          "meiro serve: the picture is larger than this server takes (2 MB): "
                          "make it smaller",
                          "code=picture-big&max=2", NULL, NULL);
        upload *up = calloc(1, sizeof *up);
        if (!up) return MHD_NO;
        *state = up;
        up->cfg = cfg;
        const union MHD_ConnectionInfo *info =
            MHD_get_connection_info(c, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
        up->from = info ? info->client_addr : NULL;
        const char *type =
            MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_TYPE);
        if (type && strncasecmp(type, "multipart/form-data", 19) == 0 &&
            !(up->form = MHD_create_post_processor(c, 8192, form_part, up)))
            up->bad_form = "a multipart form without its boundary";
        return MHD_YES;
    }
    if (post && *upload_size) {
        upload *up = *state;
        if (up->form && !up->bad_form && MHD_post_process(up->form, upload_data, *upload_size) != MHD_YES &&
            !up->bad_form && !up->too_big && up->room == SERVE_UPLOAD_TAKEN)
            up->bad_form = "a multipart form that could not be read";
        else if (!up->form && !up->bad_form)
            take_upload(cfg, up, upload_data, *upload_size);
        *upload_size = 0;
        return MHD_YES;
    }
    serve_conn_working(&cfg->conns, conn_of(c)); /* read whole: the child has its budget */
    if (post && ((upload *)*state)->bad_form) {
        char line[200];
        snprintf(line, sizeof line, "meiro serve: %s", ((upload *)*state)->bad_form);
        return respond_text(c, MHD_HTTP_BAD_REQUEST, line, NULL);
    }
    if (post)
        return api_maze(c, cfg,
                        strcmp(url, "/api/file") == 0      ? ROUTE_FILE
                        : strcmp(url, "/api/view") == 0    ? ROUTE_VIEW
                        : strcmp(url, "/api/booklet") == 0 ? ROUTE_BOOKLET
                                                           : ROUTE_PREVIEW,
                        *state);
    const char *const csp[] = {"Content-Security-Policy", page_csp, NULL};
    if (strcmp(url, "/") == 0)
        return respond(c, MHD_HTTP_OK, "text/html; charset=utf-8", serve_index_html,
                       strlen(serve_index_html), false, csp);
    if (strcmp(url, "/studio.css") == 0)
        return respond(c, MHD_HTTP_OK, "text/css; charset=utf-8", serve_studio_css,
                       strlen(serve_studio_css), false, NULL);
    if (strcmp(url, "/studio.js") == 0)
        return respond(c, MHD_HTTP_OK, "text/javascript; charset=utf-8", serve_studio_js,
                       strlen(serve_studio_js), false, NULL);
    if (strcmp(url, "/studio-words.js") == 0) /* the studio's words, a table per language */
        return respond(c, MHD_HTTP_OK, "text/javascript; charset=utf-8", serve_studio_words_js,
                       strlen(serve_studio_words_js), false, NULL);
    if (strcmp(url, "/studio-backend.js") == 0) /* the page's back end: here, this server */
        return respond(c, MHD_HTTP_OK, "text/javascript; charset=utf-8", serve_studio_backend_js,
                       strlen(serve_studio_backend_js), false, NULL);
    if (strcmp(url, "/studio-langs.js") == 0) /* the languages of po/ (tools/po2c.sh --js) */
        return respond(c, MHD_HTTP_OK, "text/javascript; charset=utf-8", serve_studio_langs_js,
                       strlen(serve_studio_langs_js), false, NULL);
    if (strcmp(url, "/api/preview") == 0) return api_maze(c, cfg, ROUTE_PREVIEW, NULL);
    if (strcmp(url, "/api/file") == 0) return api_maze(c, cfg, ROUTE_FILE, NULL);
    if (strcmp(url, "/api/view") == 0) return api_maze(c, cfg, ROUTE_VIEW, NULL);
    if (strcmp(url, "/api/booklet") == 0) return api_maze(c, cfg, ROUTE_BOOKLET, NULL);
    if (strcmp(url, "/api/choices") == 0) return api_choices(c);
    return respond_text(c, MHD_HTTP_NOT_FOUND, "meiro serve: no such page", NULL);
}

/* ---- starting and stopping ---- */

/* A program of that name in PATH. */
static bool in_path(const char *name)
{
    const char *path = getenv("PATH");
    char file[PATH_MAX];
    while (path && *path) {
        size_t n = strcspn(path, ":");
        if (n && (size_t)snprintf(file, sizeof file, "%.*s/%s", (int)n, path, name) < sizeof file &&
            access(file, X_OK) == 0)
            return true;
        path += n + (path[n] == ':');
    }
    return false;
}

/* "meiro serve: ..." on a line of `to`: fmt (N_("...")) in the messages'
 * language, then filled in. */
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void
server_line(FILE *to, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("meiro serve: ", to);
    vfprintf(to, say_format(fmt), ap);
    va_end(ap);
    fputc('\n', to);
}

/* --open: the desktop's way to open a page, started apart (a grandchild,
 * so no child is left to reap); false when there is none. */
static bool open_browser(const char *url)
{
#ifdef __APPLE__
    static const char *const openers[] = {"open"};
#else /* elsewhere `open` may be openvt */
    static const char *const openers[] = {"xdg-open", "sensible-browser", "x-www-browser"};
#endif
    const char *opener = NULL;
    for (size_t i = 0; i < sizeof openers / sizeof openers[0] && !opener; i++)
        if (in_path(openers[i])) opener = openers[i];
    if (!opener) return false;
    pid_t pid = fork();
    if (pid == 0) {
        if (fork() == 0) {
            sigset_t none;
            sigemptyset(&none);
            sigprocmask(SIG_SETMASK, &none, NULL);
            int null = open("/dev/null", O_RDWR);
            if (null >= 0) {
                dup2(null, 0);
                dup2(null, 1);
                dup2(null, 2);
            }
            execlp(opener, opener, url, (char *)NULL);
        }
        _exit(0);
    }
    if (pid < 0) return false;
    while (waitpid(pid, NULL, 0) < 0 && errno == EINTR) {}
    return true;
}

/* Frees cfg, ending the keeper (which removes the server's folder as it goes). */
static void free_config(serve_config *cfg)
{
    if (cfg->keeper >= 0) {
        close(cfg->keeper);
        while (waitpid(cfg->keeper_pid, NULL, 0) < 0 && errno == EINTR) {}
    } else if (cfg->uploads[0]) {
        serve_remove_tree(cfg->uploads);
    }
    free(cfg);
}

static int parse_serve(int argc, char **argv, unsigned *port, const char **listen, bool *open,
                       unsigned *jobs, const char **public_url, bool *help)
{
    int c;
    uint64_t v;
    optind = 1;
    while ((c = getopt_long(argc, argv, ":p:l:j:h", serve_options, NULL)) != -1) {
        switch (c) {
        case 'p':
            if (!parse_u64(optarg, 65535, &v))
                return usage_error(
                    "serve", "--port must be a whole number from 0 to 65535, not '%s'", optarg);
            *port = (unsigned)v;
            break;
        case 'l': *listen = optarg; break;
        case 'j':
            if (!parse_u64(optarg, SERVE_MAX_JOBS, &v) || v == 0)
                return usage_error("serve", "--jobs must be a whole number from 1 to 64, not '%s'",
                                   optarg);
            *jobs = (unsigned)v;
            break;
        case OPT_SERVE_OPEN: *open = true; break;
        case OPT_SERVE_PUBLIC_URL: *public_url = optarg; break;
        case 'h':
            fputs(usage_serve, stdout);
            *help = true;
            return EXIT_OK;
        default: return bad_option("serve", argv, c, serve_options);
        }
    }
    if (optind < argc) return usage_error("serve", "unexpected argument '%s'", argv[optind]);
    return EXIT_OK;
}

int serve_main(int argc, char **argv)
{
    unsigned port = DEFAULT_PORT;
    const char *where = "127.0.0.1";
    bool open = false, help = false;
    unsigned jobs = 0;
    const char *public_url = NULL;
    int rc = parse_serve(argc, argv, &port, &where, &open, &jobs, &public_url, &help);
    if (rc != EXIT_OK || help) return rc;

    serve_config *cfg = calloc(1, sizeof *cfg);
    if (!cfg) return report_failure(NULL, &(meiro_error){.status = MEIRO_ERROR_NOMEM});
    if (public_url && !public_url_parse(public_url, cfg)) {
        free(cfg);
        return usage_error("serve",
                           "--public-url is the address people type, http:// or https://, a name "
                           "and the root: https://mazes.example.school/, not '%s'",
                           public_url);
    }

    struct sockaddr_storage addr = {0};
    struct sockaddr_in *v4 = (struct sockaddr_in *)&addr;
    struct sockaddr_in6 *v6 = (struct sockaddr_in6 *)&addr;
    bool ipv6 = false;
    if (inet_pton(AF_INET, where, &v4->sin_addr) == 1) {
        v4->sin_family = AF_INET;
        v4->sin_port = htons((uint16_t)port);
        cfg->loopback = v4->sin_addr.s_addr == htonl(INADDR_LOOPBACK);
    } else if (inet_pton(AF_INET6, where, &v6->sin6_addr) == 1) {
        v6->sin6_family = AF_INET6;
        v6->sin6_port = htons((uint16_t)port);
        cfg->loopback = IN6_IS_ADDR_LOOPBACK(&v6->sin6_addr);
        ipv6 = true;
    } else {
        free(cfg);
        return usage_error(
            "serve", "--listen takes a numeric address (127.0.0.1, 0.0.0.0, ::1), not '%s'", where);
    }

    /* SIGINT and SIGTERM wait for sigwait below: blocked before the
     * workers start, they reach no thread but this one */
    sigset_t stop;
    sigemptyset(&stop);
    sigaddset(&stop, SIGINT);
    sigaddset(&stop, SIGTERM);
    sigaddset(&stop, SIGHUP);
    pthread_sigmask(SIG_BLOCK, &stop, NULL);
    signal(SIGPIPE, SIG_IGN);

    /* the socket bound here, so its port (--port 0: the system's choice)
     * is known before the first request is read */
    int sock = socket(addr.ss_family, SOCK_STREAM | SOCK_CLOEXEC, 0);
    int one = 1;
    socklen_t len = ipv6 ? sizeof *v6 : sizeof *v4;
    if (sock < 0 || setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one) != 0 ||
        bind(sock, (struct sockaddr *)&addr, len) != 0 || listen(sock, 64) != 0 ||
        getsockname(sock, (struct sockaddr *)&addr, &len) != 0) {
        fprintf(stderr, "meiro serve: cannot listen on %s port %u: %s%s\n", where, port,
                strerror(errno), errno == EADDRINUSE ? " (try another --port, or --port 0)" : "");
        if (sock >= 0) close(sock);
        free(cfg);
        return EXIT_FAIL;
    }
    port = cfg->port = ntohs(ipv6 ? v6->sin6_port : v4->sin_port);

    /* a private folder (0700) for the requests' own: uploads, scratch files */
    const char *tmp = getenv("TMPDIR");
    if (!tmp || !*tmp) tmp = "/tmp";
    if (snprintf(cfg->uploads, sizeof cfg->uploads, "%s/meiro-serve-XXXXXX", tmp) >=
            (int)sizeof cfg->uploads ||
        !mkdtemp(cfg->uploads)) {
        fprintf(stderr, "meiro serve: warning: no folder for uploaded pictures in %s: %s\n", tmp,
                strerror(errno));
        cfg->uploads[0] = 0;
    }

    /* the keeper, which removes that folder however the server ends:
     * forked now, before any thread */
    cfg->keeper = -1;
    cfg->keeper_pid = cfg->uploads[0] ? serve_keeper_start(cfg->uploads, &cfg->keeper) : -1;
    if (cfg->uploads[0] && cfg->keeper_pid < 0)
        fprintf(stderr,
                "meiro serve: warning: no process to remove %s if the server is killed: %s\n",
                cfg->uploads, strerror(errno));

    /* the zygote that forks the children, forked now, before any thread,
     * signals blocked as here; the children's memory limit counts from the
     * server's before its threads */
    cfg->base_vm = serve_address_space();
    if (!serve_spawner_start(cfg)) {
        fprintf(stderr, "meiro serve: cannot start the process that starts the requests': %s\n",
                strerror(errno));
        close(sock);
        free_config(cfg);
        return EXIT_FAIL;
    }

    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    if (!jobs) jobs = serve_default_jobs(cpus < 2 ? 2 : cpus > 8 ? 8 : (unsigned)cpus);
    if (!serve_budget_init(&cfg->budget, jobs, cfg->loopback)) {
        fprintf(stderr, "meiro serve: cannot start: %s\n", strerror(errno));
        close(sock);
        serve_spawner_stop(cfg);
        free_config(cfg);
        return EXIT_FAIL;
    }
    if (!serve_conns_init(&cfg->conns)) {
        fprintf(stderr, "meiro serve: cannot start: %s\n", strerror(errno));
        close(sock);
        serve_spawner_stop(cfg);
        serve_budget_free(&cfg->budget);
        free_config(cfg);
        return EXIT_FAIL;
    }
    /* a thread a connection: a request waiting for its slot (budget.c)
     * holds only its own, and the page's files are served meanwhile; a few
     * more accepted than kept, so that a new client finds room when slow
     * ones hold them all (conns.c cuts the slowest off); the connection
     * timeout is an idle one, conns.c's deadlines absolute */
    struct MHD_Daemon *d = MHD_start_daemon(
        MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_THREAD_PER_CONNECTION | MHD_USE_AUTO |
            MHD_USE_SUPPRESS_DATE_NO_CLOCK | (ipv6 ? MHD_USE_IPv6 : 0),
        0, NULL, NULL, route, cfg, MHD_OPTION_LISTEN_SOCKET, sock, MHD_OPTION_THREAD_STACK_SIZE,
        (size_t)(512 << 10), MHD_OPTION_CONNECTION_LIMIT, (unsigned)SERVE_CONN_SLOTS,
        MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)15, MHD_OPTION_NOTIFY_COMPLETED, request_done, cfg,
        MHD_OPTION_NOTIFY_CONNECTION, connection_seen, cfg,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)32768, MHD_OPTION_END);
    if (!d) {
        close(sock);
        serve_spawner_stop(cfg);
        serve_budget_free(&cfg->budget);
        serve_conns_free(&cfg->conns);
        free_config(cfg);
        fprintf(stderr, "meiro serve: cannot start the server on %s port %u\n", where, port);
        return EXIT_FAIL;
    }

    /* the server's own lines from here on in the locale's language; the
     * zygote, forked above, keeps the children's messages English (the
     * page words them from their codes, message.c) */
    say_language(argc, argv);
    char url[96];
    bool any = strcmp(where, "0.0.0.0") == 0 || strcmp(where, "::") == 0;
    snprintf(url, sizeof url, "http://%s%s%s:%u/", ipv6 ? "[" : "",
             any ? (ipv6 ? "::1" : "127.0.0.1") : where, ipv6 ? "]" : "", port);
    if (!cfg->loopback) {
        char warning[600];
        snprintf(warning, sizeof warning,
                 say_format(N_("listening on %s: anyone who can reach this computer on port %u "
                               "can use the server; it has no password or any other "
                               "authentication")),
                 where, port);
        server_line(stderr, N_("warning: %s"), warning);
    }
    if (cfg->public_origin[0])
        server_line(stdout,
                    N_("open %s/ in a browser, through the proxy in front (this server: %s; "
                       "Ctrl-C stops it)"),
                    cfg->public_origin, url);
    else server_line(stdout, N_("open %s in a browser (Ctrl-C stops the server)"), url);
    server_line(stderr,
                jobs == 1 ? N_("%u maze at once (--jobs)") : N_("%u mazes at once (--jobs)"), jobs);
    fflush(stdout);
    if (open && !open_browser(url))
        server_line(stderr, N_("no browser found to open: open %s"), url);

    /* each second, the requests past their deadline are cut off */
    while (sigtimedwait(&stop, NULL, &(struct timespec){1, 0}) < 0)
        serve_conns_sweep(&cfg->conns);
    atomic_store(&cfg->stopping, true); /* the children running are killed */
    MHD_stop_daemon(d);
    serve_spawner_stop(cfg);
    serve_budget_free(&cfg->budget);
    serve_conns_free(&cfg->conns);
    free_config(cfg);
    server_line(stderr, N_("stopped"));
    return EXIT_OK;
}
