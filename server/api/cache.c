/* A small hash table of response bodies behind a read-write lock; bodies are shared,
 * reference-counted blobs. */
#include "api/cache.h"

#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#define BUCKETS 1024

struct entry {
    struct entry *next;
    int64_t tid;
    int kind;
    char etag[80];
    struct api_blob *body;
    struct api_blob *gz; /* NULL when not worth compressing */
};

struct api_cache {
    pthread_rwlock_t lock;
    struct entry *b[BUCKETS];
};

struct api_blob *api_blob_new(const char *data, size_t len)
{
    struct api_blob *b = malloc(sizeof *b + len + 1);
    if (!b)
        return NULL;
    b->refs = 1;
    b->len = len;
    b->kept = NULL;
    memcpy(b->data, data, len);
    b->data[len] = 0;
    return b;
}

void api_blob_ref(struct api_blob *b)
{
    __atomic_add_fetch(&b->refs, 1, __ATOMIC_RELAXED);
}

void api_blob_release(struct api_blob *b)
{
    if (b && __atomic_sub_fetch(&b->refs, 1, __ATOMIC_ACQ_REL) == 0) {
        if (b->kept)
            b->kept->free(b->kept);
        free(b);
    }
}

struct api_blob *api_blob_of(void *data)
{
    return (struct api_blob *)((char *)data - offsetof(struct api_blob, data));
}

static unsigned bucket(int64_t tid)
{
    return (unsigned)((uint64_t)tid * 11400714819323198485ull >> 54) % BUCKETS;
}

struct api_cache *api_cache_new(void)
{
    struct api_cache *c = calloc(1, sizeof *c);
    if (c)
        pthread_rwlock_init(&c->lock, NULL);
    return c;
}

static void entry_free(struct entry *e)
{
    api_blob_release(e->body);
    api_blob_release(e->gz);
    free(e);
}

void api_etag_gz(const char *etag, char *out, size_t len)
{
    size_t n = strlen(etag);
    if (n >= 2 && etag[n - 1] == '"')
        snprintf(out, len, "%.*s-gz\"", (int)(n - 1), etag);
    else
        snprintf(out, len, "%s", etag);
}

int api_etag_match(const char *inm, const char *etag)
{
    if (!inm || !etag || !etag[0])
        return 0;
    size_t n = strlen(etag);
    const char *p = inm;
    while (*p) {
        while (*p == ' ' || *p == '\t' || *p == ',')
            p++;
        if (!*p)
            break;
        if (*p == '*')
            return 1;
        if (p[0] == 'W' && p[1] == '/')
            p += 2;
        const char *end = p;
        while (*end && *end != ',')
            end++;
        size_t m = (size_t)(end - p);
        while (m && (p[m - 1] == ' ' || p[m - 1] == '\t'))
            m--;
        if (m == n && !strncmp(p, etag, n))
            return 1;
        /* "X-gz" against "X": the same bytes before the closing quote, then -gz" */
        if (n >= 2 && m == n + 3 && !strncmp(p, etag, n - 1) && !strncmp(p + n - 1, "-gz\"", 4))
            return 2;
        p = end;
    }
    return 0;
}

struct api_blob *api_blob_gzip(const char *data, size_t len)
{
    z_stream z;
    memset(&z, 0, sizeof z);
    /* windowBits 15 + 16: a gzip wrapper, as Content-Encoding: gzip wants */
    if (deflateInit2(&z, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
        return NULL;
    size_t cap = deflateBound(&z, (uLong)len);
    struct api_blob *b = malloc(sizeof *b + cap);
    if (!b) {
        deflateEnd(&z);
        return NULL;
    }
    z.next_in = (Bytef *)data;
    z.avail_in = (uInt)len;
    z.next_out = (Bytef *)b->data;
    z.avail_out = (uInt)cap;
    int rc = deflate(&z, Z_FINISH);
    b->len = cap - z.avail_out;
    b->refs = 1;
    b->kept = NULL;
    deflateEnd(&z);
    if (rc != Z_STREAM_END) {
        free(b);
        return NULL;
    }
    return b;
}

void api_cache_free(struct api_cache *c)
{
    if (!c)
        return;
    for (int i = 0; i < BUCKETS; i++)
        for (struct entry *e = c->b[i], *next; e; e = next) {
            next = e->next;
            entry_free(e);
        }
    pthread_rwlock_destroy(&c->lock);
    free(c);
}

int api_cache_get(struct api_cache *c, int64_t tid, int kind, struct api_blob **body, char etag[80],
                  int gzip, int *gzipped)
{
    int hit = 0;
    *gzipped = 0;
    pthread_rwlock_rdlock(&c->lock);
    for (struct entry *e = c->b[bucket(tid)]; e; e = e->next)
        if (e->tid == tid && e->kind == kind) {
            *gzipped = gzip && e->gz;
            *body = *gzipped ? e->gz : e->body;
            api_blob_ref(*body);
            memcpy(etag, e->etag, 80);
            hit = 1;
            break;
        }
    pthread_rwlock_unlock(&c->lock);
    return hit;
}

struct api_blob *api_cache_gzip(const struct api_blob *body)
{
    return body->len >= 2048 ? api_blob_gzip(body->data, body->len) : NULL;
}

void api_cache_put(struct api_cache *c, int64_t tid, int kind, struct api_blob *body,
                   const char *etag)
{
    struct api_blob *gz = api_cache_gzip(body);
    api_cache_put_gz(c, tid, kind, body, gz, etag);
    api_blob_release(gz);
}

void api_cache_put_gz(struct api_cache *c, int64_t tid, int kind, struct api_blob *body,
                      struct api_blob *gz, const char *etag)
{
    struct entry *n = malloc(sizeof *n);
    if (!n)
        return; /* a cache may forget */
    n->tid = tid;
    n->kind = kind;
    memset(n->etag, 0, sizeof n->etag);
    strncpy(n->etag, etag, sizeof n->etag - 1);
    api_blob_ref(body);
    n->body = body;
    if (gz)
        api_blob_ref(gz);
    n->gz = gz;
    pthread_rwlock_wrlock(&c->lock);
    struct entry **pp = &c->b[bucket(tid)];
    while (*pp) {
        if ((*pp)->tid == tid && (*pp)->kind == kind) {
            struct entry *old = *pp;
            *pp = old->next;
            entry_free(old);
            continue;
        }
        pp = &(*pp)->next;
    }
    n->next = c->b[bucket(tid)];
    c->b[bucket(tid)] = n;
    pthread_rwlock_unlock(&c->lock);
}

void api_cache_drop(struct api_cache *c, int64_t tid)
{
    pthread_rwlock_wrlock(&c->lock);
    struct entry **pp = &c->b[bucket(tid)];
    while (*pp) {
        if ((*pp)->tid == tid && (*pp)->kind < CACHE_KEPT_BASE) {
            struct entry *old = *pp;
            *pp = old->next;
            entry_free(old);
            continue;
        }
        pp = &(*pp)->next;
    }
    pthread_rwlock_unlock(&c->lock);
}
