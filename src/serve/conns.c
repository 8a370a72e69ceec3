/* The connections a server holds, and how long a client may take to ask:
 * absolute deadlines for a request's headers and for its body (the
 * connection's idle timeout alone let a client that sends a header line
 * every few seconds hold its connection, and its thread, for ever), and
 * room for a new client when slow ones fill the table: the one reading a
 * request for longest is cut off. A request read whole has no deadline
 * here (its child has the time budget). Cutting off is shutdown(): the
 * connection's own thread then finds its socket closed and ends it as
 * libmicrohttpd ends any, which tells us (serve_conn_close) before it
 * closes the descriptor, under the same lock, so no other connection's is
 * ever shut. */
#define _POSIX_C_SOURCE 200809L
#include "serve.h"

#include <string.h>
#include <sys/socket.h>
#include <time.h>

bool serve_conns_init(serve_conns *t)
{
    memset(t, 0, sizeof *t);
    for (size_t i = 0; i < SERVE_CONN_SLOTS; i++) t->slots[i].fd = -1;
    return pthread_mutex_init(&t->lock, NULL) == 0;
}

void serve_conns_free(serve_conns *t) { pthread_mutex_destroy(&t->lock); }

static struct timespec in_seconds(unsigned s)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    t.tv_sec += s;
    return t;
}

static bool before(const struct timespec *a, const struct timespec *b)
{
    return a->tv_sec < b->tv_sec || (a->tv_sec == b->tv_sec && a->tv_nsec < b->tv_nsec);
}

serve_conn *serve_conn_open(serve_conns *t, int fd)
{
    pthread_mutex_lock(&t->lock);
    serve_conn *mine = NULL, *oldest = NULL;
    size_t held = 0;
    for (size_t i = 0; i < SERVE_CONN_SLOTS; i++) {
        serve_conn *s = &t->slots[i];
        if (s->fd < 0) {
            if (!mine) mine = s;
            continue;
        }
        held++;
        if (!s->working && !s->cut && (!oldest || before(&s->since, &oldest->since))) oldest = s;
    }
    if (mine) {
        mine->fd = fd;
        mine->working = mine->cut = false;
        mine->deadline = in_seconds(SERVE_HEADER_TIME);
        clock_gettime(CLOCK_MONOTONIC, &mine->since);
        held++;
    }
    /* past the connections the server keeps: the slowest asker goes (or,
     * when every one is at work, this one) */
    serve_conn *cut = held <= SERVE_MAX_CONNECTIONS ? NULL : oldest ? oldest : mine;
    if (cut) {
        shutdown(cut->fd, SHUT_RDWR);
        cut->cut = true;
    }
    pthread_mutex_unlock(&t->lock);
    return mine;
}

void serve_conn_close(serve_conns *t, serve_conn *s)
{
    if (!s) return;
    pthread_mutex_lock(&t->lock);
    s->fd = -1;
    pthread_mutex_unlock(&t->lock);
}

void serve_conn_reading(serve_conns *t, serve_conn *s, unsigned seconds)
{
    if (!s) return;
    pthread_mutex_lock(&t->lock);
    s->working = false;
    clock_gettime(CLOCK_MONOTONIC, &s->since);
    s->deadline = in_seconds(seconds);
    pthread_mutex_unlock(&t->lock);
}

void serve_conn_working(serve_conns *t, serve_conn *s)
{
    if (!s) return;
    pthread_mutex_lock(&t->lock);
    s->working = true;
    pthread_mutex_unlock(&t->lock);
}

void serve_conns_sweep(serve_conns *t)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    pthread_mutex_lock(&t->lock);
    for (size_t i = 0; i < SERVE_CONN_SLOTS; i++) {
        serve_conn *s = &t->slots[i];
        if (s->fd >= 0 && !s->working && !s->cut && before(&s->deadline, &now)) {
            shutdown(s->fd, SHUT_RDWR);
            s->cut = true;
        }
    }
    pthread_mutex_unlock(&t->lock);
}
