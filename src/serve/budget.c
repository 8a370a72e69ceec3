/* How many mazes the server makes at once, and for whom: a request's
 * child takes one of a fixed number of slots (as many as the memory the
 * machine has free allows children at their address-space limit, and no
 * more than the processors), waits a little for one when all are taken,
 * and is refused with 503 and Retry-After past that, rather than the
 * machine running out of memory. Beyond loopback one client address may
 * have only a few requests in the making at once, so one visitor cannot
 * take every slot; and anywhere an address holds only so many bytes of
 * uploads in the making, so one client's half-sent uploads cannot take the
 * room of everyone's. */
#define _POSIX_C_SOURCE 200809L
#include "serve.h"

#include <netinet/in.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

unsigned serve_default_jobs(unsigned processors)
{
    unsigned long long avail_kb = 0;
    FILE *f = fopen("/proc/meminfo", "r");
    if (f) {
        char line[128];
        while (fgets(line, sizeof line, f))
            if (sscanf(line, "MemAvailable: %llu kB", &avail_kb) == 1) break;
        fclose(f);
    }
    unsigned jobs = processors;
    if (avail_kb) {
        unsigned long long fit = avail_kb / ((unsigned long long)SERVE_CHILD_MEMORY_MB << 10);
        if (fit < jobs) jobs = (unsigned)fit;
    }
    return jobs ? jobs : 1;
}

bool serve_budget_init(serve_budget *b, unsigned jobs, bool loopback)
{
    memset(b, 0, sizeof *b);
    b->jobs = jobs;
    b->per_address = loopback ? 0 : SERVE_PER_ADDRESS;
    b->wait_s = loopback ? SERVE_WAIT_LOCAL : SERVE_WAIT_REMOTE;
    if (pthread_mutex_init(&b->lock, NULL) != 0) return false;
    if (pthread_cond_init(&b->freed, NULL) != 0) {
        pthread_mutex_destroy(&b->lock);
        return false;
    }
    return true;
}

void serve_budget_free(serve_budget *b)
{
    pthread_cond_destroy(&b->freed);
    pthread_mutex_destroy(&b->lock);
}

/* The client's address, port left out: 16 bytes (IPv4 as ::ffff:a.b.c.d). */
static void address_key(const struct sockaddr *sa, unsigned char key[16])
{
    memset(key, 0, 16);
    if (!sa) return;
    if (sa->sa_family == AF_INET) {
        const struct sockaddr_in *v4 = (const struct sockaddr_in *)sa;
        key[10] = key[11] = 0xff;
        memcpy(key + 12, &v4->sin_addr, 4);
    } else if (sa->sa_family == AF_INET6) {
        memcpy(key, &((const struct sockaddr_in6 *)sa)->sin6_addr, 16);
    }
}

/* The address's entry (made when `make`), NULL when the table is full. */
static serve_client *client_of(serve_budget *b, const unsigned char key[16], bool make)
{
    serve_client *empty = NULL;
    for (size_t i = 0; i < sizeof b->clients / sizeof b->clients[0]; i++) {
        bool used = b->clients[i].requests || b->clients[i].uploads;
        if (used && memcmp(b->clients[i].key, key, 16) == 0) return &b->clients[i];
        if (!used && !empty) empty = &b->clients[i];
    }
    if (make && empty) memcpy(empty->key, key, 16);
    return make ? empty : NULL;
}

serve_admission serve_budget_enter(serve_budget *b, const struct sockaddr *client, int sock)
{
    unsigned char key[16];
    address_key(client, key);
    pthread_mutex_lock(&b->lock);
    serve_client *c = NULL;
    if (b->per_address) {
        c = client_of(b, key, true);
        if (!c || c->requests >= b->per_address) {
            pthread_mutex_unlock(&b->lock);
            return SERVE_REFUSED_ADDRESS;
        }
        c->requests++;
    }
    struct timespec deadline;
    clock_gettime(CLOCK_REALTIME, &deadline);
    deadline.tv_sec += b->wait_s;
    /* a second at a time: a client that leaves stops waiting */
    bool gone = false, late = false;
    while (b->running >= b->jobs && !late && !(gone = serve_client_gone(sock))) {
        struct timespec step;
        clock_gettime(CLOCK_REALTIME, &step);
        step.tv_sec += 1;
        late = step.tv_sec > deadline.tv_sec;
        pthread_cond_timedwait(&b->freed, &b->lock, late ? &deadline : &step);
    }
    serve_admission ok = SERVE_ADMITTED;
    if (b->running >= b->jobs || gone) {
        ok = gone ? SERVE_REFUSED_GONE : SERVE_REFUSED_BUSY;
        if (c) c->requests--;
    } else {
        b->running++;
    }
    pthread_mutex_unlock(&b->lock);
    return ok;
}

void serve_budget_leave(serve_budget *b, const struct sockaddr *client)
{
    unsigned char key[16];
    address_key(client, key);
    pthread_mutex_lock(&b->lock);
    b->running--;
    serve_client *c = b->per_address ? client_of(b, key, false) : NULL;
    if (c) c->requests--;
    pthread_cond_signal(&b->freed);
    pthread_mutex_unlock(&b->lock);
}

serve_upload_room serve_budget_upload(serve_budget *b, const struct sockaddr *client,
                                      long long bytes)
{
    unsigned char key[16];
    address_key(client, key);
    pthread_mutex_lock(&b->lock);
    serve_client *c = client_of(b, key, bytes > 0);
    serve_upload_room room = SERVE_UPLOAD_TAKEN;
    if (bytes > 0 && b->uploads + (size_t)bytes > SERVE_MAX_UPLOADS)
        room = SERVE_UPLOAD_FULL;
    else if (bytes > 0 && (!c || c->uploads + (size_t)bytes > SERVE_UPLOADS_PER_ADDRESS))
        room = SERVE_UPLOAD_ADDRESS_FULL;
    if (room == SERVE_UPLOAD_TAKEN) {
        b->uploads = (size_t)((long long)b->uploads + bytes);
        if (c) c->uploads = (size_t)((long long)c->uploads + bytes);
    }
    pthread_mutex_unlock(&b->lock);
    return room;
}
