/* A small hash table of response bodies behind a read-write lock. */
#include "api/cache.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#define BUCKETS 1024

struct entry {
    struct entry *next;
    int64_t tid;
    int kind;
    char etag[80];
    size_t len;
    char body[];
};

struct api_cache {
    pthread_rwlock_t lock;
    struct entry *b[BUCKETS];
};

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

void api_cache_free(struct api_cache *c)
{
    if (!c)
        return;
    for (int i = 0; i < BUCKETS; i++)
        for (struct entry *e = c->b[i], *next; e; e = next) {
            next = e->next;
            free(e);
        }
    pthread_rwlock_destroy(&c->lock);
    free(c);
}

int api_cache_get(struct api_cache *c, int64_t tid, int kind, char **body, size_t *len,
                  char etag[80])
{
    int hit = 0;
    pthread_rwlock_rdlock(&c->lock);
    for (struct entry *e = c->b[bucket(tid)]; e; e = e->next)
        if (e->tid == tid && e->kind == kind) {
            *body = malloc(e->len ? e->len : 1);
            if (*body) {
                memcpy(*body, e->body, e->len);
                *len = e->len;
                memcpy(etag, e->etag, 80);
                hit = 1;
            }
            break;
        }
    pthread_rwlock_unlock(&c->lock);
    return hit;
}

void api_cache_put(struct api_cache *c, int64_t tid, int kind, const char *body, size_t len,
                   const char *etag)
{
    struct entry *n = malloc(sizeof *n + len);
    if (!n)
        return; /* a cache may forget */
    n->tid = tid;
    n->kind = kind;
    n->len = len;
    memset(n->etag, 0, sizeof n->etag);
    strncpy(n->etag, etag, sizeof n->etag - 1);
    memcpy(n->body, body, len);
    pthread_rwlock_wrlock(&c->lock);
    struct entry **pp = &c->b[bucket(tid)];
    while (*pp) {
        if ((*pp)->tid == tid && (*pp)->kind == kind) {
            struct entry *old = *pp;
            *pp = old->next;
            free(old);
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
        if ((*pp)->tid == tid) {
            struct entry *old = *pp;
            *pp = old->next;
            free(old);
            continue;
        }
        pp = &(*pp)->next;
    }
    pthread_rwlock_unlock(&c->lock);
}
