/* Per-address connection and stream counts, and the request deadline (see fairshare.h).
 * One mutex guards everything but a connection's deadline: the work under it is a few
 * pointer moves, and the sweep must not shut a socket down after the library has closed
 * (and the kernel reused) it, which the mutex ensures because http_fair_closed is called
 * before the close. A deadline is moved at every request and every answer without it (two
 * locks a request from every HTTP thread, issue 37): the sweep takes a past deadline by a
 * compare-and-swap, so a deadline moved meanwhile is never shut. */
#include "http/fairshare.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BUCKETS 4096

struct addr_count {
    unsigned char key[16];
    int conns, streams;
    int over;    /* connections past the share, waiting for their 503 */
    int replays; /* event streams replaying a long history */
    struct addr_count *next;
};

struct http_fair_conn {
    struct addr_count *addr; /* NULL for an exempt address */
    int fd;
    int is_stream;
    int over;            /* past its share: answered 503, then closed (http_fair_over) */
    int replaying;       /* holds one of its address's replays (http_fair_replay) */
    int64_t deadline_ms; /* 0 = none (a request is being served, or a stream) */
    struct http_fair_conn *prev, *next;
};

struct http_fair {
    pthread_mutex_t mu;
    struct http_fair_limits lim;
    int conns, streams; /* in all */
    int over;           /* in all, past a share (HTTP_FAIR_OVER_MAX at most) */
    struct addr_count *bucket[BUCKETS];
    struct http_fair_conn *list;
    struct cw_cidr exempt[CW_CIDR_MAX];
    int nexempt;
};

int http_fair_key(const struct sockaddr *sa, unsigned char key[16])
{
    memset(key, 0, 16);
    if (sa->sa_family == AF_INET) {
        key[10] = key[11] = 0xff;
        memcpy(key + 12, &((const struct sockaddr_in *)sa)->sin_addr, 4);
        return 0;
    }
    if (sa->sa_family == AF_INET6) {
        const unsigned char *a = ((const struct sockaddr_in6 *)sa)->sin6_addr.s6_addr;
        static const unsigned char mapped[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};
        if (!memcmp(a, mapped, 12))
            memcpy(key, a, 16); /* an IPv4 client on a dual-stack socket */
        else
            memcpy(key, a, 8);
        return 0;
    }
    return -1;
}

void http_fair_key_text(const struct sockaddr *sa, char *out, size_t len)
{
    unsigned char k[16];
    snprintf(out, len, "-");
    if (http_fair_key(sa, k))
        return;
    static const unsigned char mapped[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};
    char buf[64];
    if (!memcmp(k, mapped, 12)) {
        inet_ntop(AF_INET, k + 12, buf, sizeof buf);
        snprintf(out, len, "%s", buf);
    } else {
        inet_ntop(AF_INET6, k, buf, sizeof buf);
        snprintf(out, len, "%s/64", buf);
    }
}

struct http_fair *http_fair_new(const struct http_fair_limits *lim)
{
    struct http_fair *f = calloc(1, sizeof *f);
    if (!f)
        return NULL;
    pthread_mutex_init(&f->mu, NULL);
    f->lim = *lim;
    return f;
}

void http_fair_free(struct http_fair *f)
{
    if (!f)
        return;
    for (int i = 0; i < BUCKETS; i++)
        for (struct addr_count *a = f->bucket[i], *n; a; a = n) {
            n = a->next;
            free(a);
        }
    for (struct http_fair_conn *c = f->list, *n; c; c = n) {
        n = c->next;
        free(c);
    }
    pthread_mutex_destroy(&f->mu);
    free(f);
}

void http_fair_exempt(struct http_fair *f, const struct cw_cidr *range)
{
    if (f->nexempt < CW_CIDR_MAX)
        f->exempt[f->nexempt++] = *range;
}

/* by the whole address: an exempt IPv6 proxy does not exempt its /64 */
static int is_exempt(const struct http_fair *f, const struct sockaddr *sa)
{
    unsigned char a[16];
    return f->nexempt && !cw_addr_from_sockaddr(sa, a) && cw_cidr_match(f->exempt, f->nexempt, a);
}

static unsigned hash(const unsigned char key[16])
{
    unsigned h = 2166136261u;
    for (int i = 0; i < 16; i++)
        h = (h ^ key[i]) * 16777619u;
    return h % BUCKETS;
}

static struct addr_count *lookup(struct http_fair *f, const unsigned char key[16], int create)
{
    unsigned h = hash(key);
    for (struct addr_count *a = f->bucket[h]; a; a = a->next)
        if (!memcmp(a->key, key, 16))
            return a;
    if (!create)
        return NULL;
    struct addr_count *a = calloc(1, sizeof *a);
    if (!a)
        return NULL;
    memcpy(a->key, key, 16);
    a->next = f->bucket[h];
    f->bucket[h] = a;
    return a;
}

/* Frees an address's counter once nothing of it is open. Under the mutex. */
static void forget_if_unused(struct http_fair *f, struct addr_count *a)
{
    if (a->conns || a->streams || a->over)
        return;
    struct addr_count **p = &f->bucket[hash(a->key)];
    while (*p && *p != a)
        p = &(*p)->next;
    if (*p)
        *p = a->next;
    free(a);
}

/* Room for one more connection past a share, to be answered 503 rather than reset: a
 * few per address and in all, since each holds a descriptor until its request comes. */
static int over_room(const struct http_fair *f, const struct addr_count *a)
{
    return f->over < HTTP_FAIR_OVER_MAX && (!a || a->over < HTTP_FAIR_OVER_PER_ADDRESS);
}

int http_fair_admit(struct http_fair *f, const struct sockaddr *sa)
{
    unsigned char key[16];
    if (http_fair_key(sa, key))
        return 0;
    pthread_mutex_lock(&f->mu);
    struct addr_count *a = is_exempt(f, sa) ? NULL : lookup(f, key, 0);
    int ok = (f->conns < f->lim.max_connections && (!a || a->conns < f->lim.per_address)) ||
             over_room(f, a);
    pthread_mutex_unlock(&f->mu);
    return ok;
}

struct http_fair_conn *http_fair_started(struct http_fair *f, const struct sockaddr *sa, int fd,
                                         int64_t now_ms)
{
    unsigned char key[16];
    struct http_fair_conn *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->fd = fd;
    c->deadline_ms = now_ms + f->lim.header_ms;
    int have_key = sa && !http_fair_key(sa, key);
    pthread_mutex_lock(&f->mu);
    if (have_key && !is_exempt(f, sa)) {
        c->addr = lookup(f, key, 1);
        if (c->addr)
            c->addr->conns++;
    }
    f->conns++;
    c->next = f->list;
    if (f->list)
        f->list->prev = c;
    f->list = c;
    /* Past a share (the address's, or the server's): the connection waits for its
     * request to answer it 503 with Retry-After (a phone behind a busy NAT then shows a
     * sentence, not a broken page); http_fair_admit and this call are two steps, so the
     * room for that is checked again here. Without room (a flood), it is shut at once;
     * the library then closes it and calls http_fair_closed. */
    if (f->conns > f->lim.max_connections || (c->addr && c->addr->conns > f->lim.per_address)) {
        f->conns--;
        if (c->addr)
            c->addr->conns--;
        if (!over_room(f, c->addr)) {
            __atomic_store_n(&c->deadline_ms, 0, __ATOMIC_RELAXED);
            shutdown(fd, SHUT_RDWR);
        }
        c->over = 1;
        f->over++; /* counted apart until closed, even when shut */
        if (c->addr)
            c->addr->over++;
    }
    pthread_mutex_unlock(&f->mu);
    return c;
}

void http_fair_closed(struct http_fair *f, struct http_fair_conn *c)
{
    if (!c)
        return;
    pthread_mutex_lock(&f->mu);
    int *all = c->is_stream ? &f->streams : c->over ? &f->over : &f->conns;
    (*all)--;
    if (c->addr) {
        int *own = c->is_stream ? &c->addr->streams : c->over ? &c->addr->over : &c->addr->conns;
        (*own)--;
        if (c->replaying)
            c->addr->replays--;
        forget_if_unused(f, c->addr);
    }
    if (c->prev)
        c->prev->next = c->next;
    else
        f->list = c->next;
    if (c->next)
        c->next->prev = c->prev;
    pthread_mutex_unlock(&f->mu);
    free(c);
}

void http_fair_request(struct http_fair *f, struct http_fair_conn *c, int64_t now_ms)
{
    if (!c)
        return;
    __atomic_store_n(&c->deadline_ms, now_ms + f->lim.idle_ms, __ATOMIC_RELAXED);
}

void http_fair_replied(struct http_fair *f, struct http_fair_conn *c, int64_t now_ms)
{
    if (!c)
        return;
    /* is_stream is set by this connection's own thread (http_fair_stream) */
    if (!c->is_stream)
        __atomic_store_n(&c->deadline_ms, now_ms + f->lim.idle_ms, __ATOMIC_RELAXED);
}

int http_fair_stream(struct http_fair *f, struct http_fair_conn *c)
{
    if (!c)
        return 0;
    int rc = 0;
    pthread_mutex_lock(&f->mu);
    if (c->over) {
        rc = -1; /* answered 503 before it could ask (server.c) */
    } else if (!c->is_stream) {
        if (f->streams >= f->lim.max_streams ||
            (c->addr && c->addr->streams >= f->lim.streams_per_address)) {
            rc = -1;
        } else {
            c->is_stream = 1;
            __atomic_store_n(&c->deadline_ms, 0, __ATOMIC_RELAXED);
            f->conns--;
            f->streams++;
            if (c->addr) {
                c->addr->conns--;
                c->addr->streams++;
            }
        }
    }
    pthread_mutex_unlock(&f->mu);
    return rc;
}

int http_fair_sweep(struct http_fair *f, int64_t now_ms)
{
    int n = 0;
    pthread_mutex_lock(&f->mu);
    for (struct http_fair_conn *c = f->list; c; c = c->next) {
        int64_t d = __atomic_load_n(&c->deadline_ms, __ATOMIC_RELAXED);
        /* once: the library closes it when it sees the end */
        if (d && d <= now_ms &&
            __atomic_compare_exchange_n(&c->deadline_ms, &d, 0, 0, __ATOMIC_RELAXED,
                                        __ATOMIC_RELAXED)) {
            shutdown(c->fd, SHUT_RDWR);
            n++;
        }
    }
    pthread_mutex_unlock(&f->mu);
    return n;
}

void http_fair_counts(struct http_fair *f, const struct sockaddr *sa, int *conns, int *streams)
{
    unsigned char key[16];
    *conns = *streams = 0;
    if (http_fair_key(sa, key))
        return;
    pthread_mutex_lock(&f->mu);
    struct addr_count *a = lookup(f, key, 0);
    if (a) {
        *conns = a->conns;
        *streams = a->streams;
    }
    pthread_mutex_unlock(&f->mu);
}

int http_fair_over(const struct http_fair_conn *c)
{
    return c && c->over; /* set before the connection's first request, never changed */
}

int http_fair_replay(struct http_fair *f, struct http_fair_conn *c)
{
    if (!c || !c->addr)
        return 0; /* an exempt address (a proxy): its own limits count its clients */
    int rc = 0;
    pthread_mutex_lock(&f->mu);
    if (!c->replaying) {
        if (c->addr->replays >= f->lim.replays_per_address) {
            rc = -1;
        } else {
            c->replaying = 1;
            c->addr->replays++;
        }
    }
    pthread_mutex_unlock(&f->mu);
    return rc;
}

struct http_fair_limits http_fair_limits_of(const struct cw_config *cfg)
{
    struct http_fair_limits lim = {
        .max_connections = cfg->max_connections,
        .per_address = cfg->max_connections_per_address,
        .max_streams = cfg->max_streams,
        .streams_per_address = cfg->max_streams_per_address,
        .replays_per_address = cfg->max_replays_per_address,
        .header_ms = (int64_t)cfg->header_timeout_s * 1000,
        .idle_ms = (int64_t)cfg->connection_timeout_s * 1000,
    };
    return lim;
}

int http_fair_descriptors(const struct cw_config *cfg)
{
    /* the database, its journal, the log, static files being sent, the listening socket */
    return cfg->max_connections + cfg->max_streams + HTTP_FAIR_OVER_MAX + 64;
}
