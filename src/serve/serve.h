/* meiro serve: the maze studio in a browser (src/serve/). What its files
 * share: the running server's settings, turning a request's query into the
 * generate command's options, and running that command. */
#ifndef MEIRO_SERVE_H
#define MEIRO_SERVE_H

#include "cli.h"

#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <sys/socket.h>
#include <time.h>

/* Limits checked before any work. */
#define SERVE_MAX_PARAMS 40          /* query parameters in one request */
#define SERVE_MAX_VALUE 200          /* bytes of one value (a title, a name) */
#define SERVE_MAX_TEXT 64            /* bytes of --text: more than a page holds at any age,
                                        which the command refuses so */
#define SERVE_MAX_PICTURE_TEXT 24    /* bytes of a picture's letters */
#define SERVE_MAX_SIDE 200           /* cells across or down */
#define SERVE_MAX_CELLS 40000u       /* cells of one maze (200 x 200) */
#define SERVE_MAX_DPI 300            /* png resolution: an A4 page at 300 dpi is 35 MB of pixels */
#define SERVE_MAX_OUTPUT (64u << 20) /* bytes of one answer */
#define SERVE_TIME_BUDGET 20         /* seconds of one request's work */
#define SERVE_MAX_SCRATCH (256u << 20) /* bytes of one file a child writes (Ghostscript's) */
#define SERVE_MAX_MAZES 100          /* mazes in a booklet (--count) */
#define SERVE_MAX_COPIES 40          /* versions of a booklet (--copies) */
#define SERVE_MAX_BOOKLET 400        /* mazes in all its versions */
#define SERVE_CHILD_MEMORY_MB                                                                      \
    1024                              /* a child's address space beyond the server's: above the
                                        192 MB drawing text needs (check_memory_floor) */
#define SERVE_MAX_UPLOAD (2u << 20)   /* bytes of an uploaded picture (a POST's body) */
#define SERVE_MAX_UPLOADS (32u << 20) /* ... of all uploads held at once */
#define SERVE_UPLOADS_PER_ADDRESS (8u << 20) /* ... of one client address's */
#define SERVE_MAX_NAMES 4096          /* bytes of a booklet's names (a POST's body) */
#define SERVE_MAX_WORDS 16384         /* bytes of a rule maze's word list (a POST's body) */
#define SERVE_MAX_JOBS 64             /* children at once (--jobs) */
#define SERVE_MAX_CONNECTIONS 128     /* connections at once, a thread each */
#define SERVE_CONN_SLOTS (SERVE_MAX_CONNECTIONS + 16) /* accepted, the slowest then cut off */
#define SERVE_HEADER_TIME 10          /* seconds to send a request's line and headers */
#define SERVE_BODY_TIME 30            /* ... and then its body */
#define SERVE_PER_ADDRESS 2           /* beyond loopback: a client's requests in the making */
#define SERVE_WAIT_LOCAL 30           /* seconds a request waits for a slot: on loopback */
#define SERVE_WAIT_REMOTE 5           /* ... and beyond it */

struct serve_job;

/* The zygote that forks the children (child.c): a process forked from the
 * server before its first thread, so a child never inherits a lock another
 * thread held at the fork (glibc's, a sanitizer's, pango's workers'); it
 * loaded the fonts every child uses. A worker hands it one job at a time
 * over a socket, with the child's pipes. */
typedef struct serve_spawner {
    pthread_mutex_t lock; /* one job at a time on the socket */
    int sock;             /* to the zygote; -1 when none */
    pid_t pid;            /* the zygote */
    bool running;
} serve_spawner;

/* A client address's requests in the making and uploads held (budget.c). */
typedef struct serve_client {
    unsigned char key[16]; /* its address (IPv4 mapped into IPv6) */
    unsigned requests;     /* running or waiting; 0 (and no uploads): the entry is free */
    size_t uploads;        /* bytes (SERVE_UPLOADS_PER_ADDRESS) */
} serve_client;

/* How many children run at once, and for whom (budget.c). */
typedef struct serve_budget {
    pthread_mutex_t lock;
    pthread_cond_t freed;
    unsigned jobs, running; /* slots, and those taken */
    unsigned per_address;   /* a client's requests at once; 0: no limit (loopback) */
    unsigned wait_s;        /* how long a request waits for a slot */
    size_t uploads;         /* bytes of uploads held (SERVE_MAX_UPLOADS) */
    serve_client clients[SERVE_CONN_SLOTS]; /* at most one request a connection */
} serve_budget;

/* A connection (conns.c): its socket, and until when its request may be
 * in the asking. */
typedef struct serve_conn {
    int fd;          /* -1: the slot is free */
    bool working;    /* its request read whole: no deadline */
    bool cut;        /* shut down (past its deadline, or for room) */
    struct timespec since, deadline; /* CLOCK_MONOTONIC: its request's start, and deadline */
} serve_conn;
typedef struct serve_conns {
    pthread_mutex_t lock;
    serve_conn slots[SERVE_CONN_SLOTS];
} serve_conns;

/* The server's settings, fixed once it runs, and the spawner and budget
 * the worker threads share. */
typedef struct serve_config {
    unsigned port;
    bool loopback;  /* bound to 127.0.0.1 or ::1: Host is checked */
    /* --public-url: the proxy's origin ("https://mazes.example.school") and
     * the name it passes in Host; "" if none */
    char public_origin[256], public_host[256];
    size_t base_vm; /* the server's address space once started: a child's starts there */
    serve_spawner spawner;
    serve_budget budget;
    serve_conns conns;
    char uploads[PATH_MAX]; /* a private folder for the requests' own ones; "" if none */
    atomic_bool stopping;   /* the server stops: the children running are killed */
    int keeper;             /* the pipe to the keeper (serve_keeper_start), -1 if none */
    pid_t keeper_pid;
} serve_config;

/* The slots by default: `processors`, fewer if the memory available cannot
 * hold that many children at their limit (at least 1). */
unsigned serve_default_jobs(unsigned processors);
bool serve_budget_init(serve_budget *b, unsigned jobs, bool loopback);
void serve_budget_free(serve_budget *b);
typedef enum {
    SERVE_ADMITTED,
    SERVE_REFUSED_BUSY,   /* every slot taken for the whole wait */
    SERVE_REFUSED_ADDRESS, /* this client has its share in the making */
    SERVE_REFUSED_GONE     /* the client left while it waited */
} serve_admission;
/* Takes a slot for a request from `client` (NULL: unknown) on socket
 * `sock` (-1: none), waiting up to wait_s for one; serve_budget_leave
 * gives it back (only when admitted). */
serve_admission serve_budget_enter(serve_budget *b, const struct sockaddr *client, int sock);
/* Takes (bytes > 0) or gives back (< 0) room for an upload's bytes from
 * `client`: refused when its address's uploads held at once would pass
 * SERVE_UPLOADS_PER_ADDRESS, or everyone's SERVE_MAX_UPLOADS. */
typedef enum { SERVE_UPLOAD_TAKEN, SERVE_UPLOAD_FULL, SERVE_UPLOAD_ADDRESS_FULL } serve_upload_room;
serve_upload_room serve_budget_upload(serve_budget *b, const struct sockaddr *client,
                                      long long bytes);
void serve_budget_leave(serve_budget *b, const struct sockaddr *client);

/* The connections: a slot taken when one opens (the slowest asker cut off
 * past SERVE_MAX_CONNECTIONS; NULL if none is free) and given back when
 * it closes; a request in the asking has `seconds` (its headers: from its
 * start, SERVE_HEADER_TIME; its body: SERVE_BODY_TIME from the headers'
 * end), one read whole is at work; serve_conns_sweep shuts those past
 * their deadline (called each second). */
bool serve_conns_init(serve_conns *t);
void serve_conns_free(serve_conns *t);
serve_conn *serve_conn_open(serve_conns *t, int fd);
void serve_conn_close(serve_conns *t, serve_conn *s);
void serve_conn_reading(serve_conns *t, serve_conn *s, unsigned seconds);
void serve_conn_working(serve_conns *t, serve_conn *s);
void serve_conns_sweep(serve_conns *t);

/* The command a request asks for: "meiro generate --NAME=VALUE ...
 * --format=F --output=- --seed=N" (or booklet; argv NULL-terminated, its
 * words in `text`). */
typedef struct serve_job {
    char *argv[SERVE_MAX_PARAMS + 8];
    int argc;
    char text[SERVE_MAX_PARAMS * (SERVE_MAX_VALUE + 48) + 256];
    size_t used;
    uint64_t seed;                /* the seed chosen when none was given */
    const struct option *options; /* the command's table: the query's names */
    bool booklet;
    uint32_t width, height; /* as given (booklet: the larger of --from, --to), 0 if not */
    uint32_t count, copies; /* booklet: as given, 0 if not */
    uint32_t levels;        /* --levels as given (floors), 0 if not */
    bool seeded, round, text_given;
    meiro_format format;
    char message[320]; /* why the query was refused */
    char code[160];    /* ... for the page: "code=side&option=width&max=200" (message.c) */
    bool shape_given;  /* --shape in the query */
    const char *cwd;   /* the child's folder (an upload's), NULL: the server's */
    const char *tmpdir; /* the child's TMPDIR: the request's own folder, NULL: the server's */
    bool rule;         /* a rule maze: rule.c's options (--rule R ...) */
    char rule_value[SERVE_MAX_VALUE + 1]; /* --rule as given, added by serve_job_finish */
    char rule_file[16];                   /* words: or chain: the uploaded list's name, or "" */
    bool picture;       /* a picture maze: picture.c's options (--picture P ...) */
    bool picture_named; /* --picture given a built-in shape or letters (else: the upload) */
} serve_job;

/* What an uploaded picture is, by its first bytes: "PNG", "JPEG", "GIF",
 * "BMP" or "SVG" (an XML or <svg document; the library's readers judge the
 * rest), NULL for anything else. */
const char *serve_picture_type(const unsigned char *data, size_t size);
/* The uploaded picture, saved at path, as the shape (a picture maze: as
 * its picture). false (job->message) when the query named a shape (or a
 * picture) too, or for a booklet. */
bool serve_job_add_picture(serve_job *job, const char *path);
/* A booklet's class set of names (one a line, `names` of them), saved at
 * path: --names. false (job->message) past SERVE_MAX_COPIES names. */
bool serve_job_add_names(serve_job *job, const char *path, unsigned names);

/* One query parameter, in the order of the request. Returns false (and
 * fills job->message with a one-line reason) for a name that is not one of
 * generate's long options, one the server sets itself (format, output,
 * help, files), a file where only built-in names are taken, a value past
 * the limits, or a switch (play, solution...) with a value other than 1, 0,
 * on, off, true or false. */
bool serve_job_add(serve_job *job, const char *name, const char *value, size_t value_size);
/* Starts a job: `command` is "generate" or "booklet". */
void serve_job_init(serve_job *job, const char *command, meiro_format format);
/* Starts a rule maze's job (generate or booklet --rule): the query's names
 * are then the rule maze's options (rule.c's table). */
void serve_job_init_rule(serve_job *job, bool booklet, meiro_format format);
/* Starts a picture maze's job (generate --picture): the query's names are
 * then the picture maze's options (picture.c's table); picture= empty
 * takes the POSTed picture. */
void serve_job_init_picture(serve_job *job, meiro_format format);
/* A rule maze's word list (words: or chain:), saved at path (a name in the
 * child's folder): false (job->message) when the rule takes no list. */
bool serve_job_add_words(serve_job *job, const char *path);
/* Ends the options: the format, standard output, the seed (a new one when
 * none was given), and the size checked against the format's limits;
 * false (job->message) past them. */
bool serve_job_finish(serve_job *job);

/* The page's words for a message (message.c): `len` bytes of value
 * percent-encoded into out (a URL query's value); its length. */
size_t serve_form_value(char *out, size_t size, const char *value, size_t len);
/* A line of the command's standard error (an error or a warning, `level`)
 * as the page's code: "code=command&level=warning&option=text&q=はな&n=7.5
 * &n=8" (its option by the command's table `options`, its quoted text and
 * its numbers, percent-encoded). */
void serve_command_message(char *out, size_t size, const char *level, const char *line,
                           const struct option *options);

/* What the command wrote. */
typedef struct serve_result {
    char *out; /* standard output (malloc'd; the caller frees it) */
    size_t out_len;
    char err[1024]; /* its first 1 KB of standard error */
    int status;     /* exit status, or -1: killed (timeout, output too big) */
    bool timed_out, too_big;
    bool abandoned; /* the client left (or the server stops): killed */
} serve_result;

/* Runs the job's command (the command line's cmd_generate or cmd_booklet)
 * with job's options in a child process forked from the zygote, under the
 * time budget and an address-space limit, collecting its output in
 * memory; the child's process group is killed at the budget, when the
 * client on socket `client` (-1: none) leaves, or the server stops.
 * false only when the child could not be started or memory ran out
 * (res->err says why). */
bool serve_run(serve_config *cfg, const serve_job *job, int client, serve_result *res);
/* Whether the client on socket fd has gone (closed, reset, or shut its
 * side); a next request waiting there is not gone. */
bool serve_client_gone(int fd);
/* Removes the folder and all in it (links not followed): false, errno
 * set, if something stays. */
bool serve_remove_tree(const char *path);
/* Starts the zygote, before any thread of the server: it first loads what
 * every child would otherwise load anew: the fonts (fontconfig's
 * configuration and caches, a Latin and a Japanese face), the shapes'
 * pictures, the SVG and PDF surfaces. false (errno) if it could not start. */
bool serve_spawner_start(serve_config *cfg);
/* Ends it, once no worker runs (after MHD_stop_daemon). */
void serve_spawner_stop(serve_config *cfg);
/* The process's address space in bytes (0 if unknown). */
size_t serve_address_space(void);

/* Starts the keeper: a process forked before any thread, which outlives
 * the server only to remove `folder` (the requests' own folders, an
 * upload's file, Ghostscript's scratch files) however the server ends,
 * even killed: it waits for the end of the pipe whose other end, *hold,
 * the server alone holds (the children close it). Its pid, or -1 (errno). */
pid_t serve_keeper_start(const char *folder, int *hold);

/* The page's files, compiled in (tools/embed-text.sh). */
extern const char serve_index_html[], serve_studio_css[], serve_studio_js[],
    serve_studio_words_js[], serve_studio_langs_js[],
    serve_studio_backend_js[];

/* the command, the module's one export (tools/serve.map): the meiro
 * command's cmd_serve (cli/serve_lazy.c) loads the module and calls it */
int serve_main(int argc, char **argv);

#endif
