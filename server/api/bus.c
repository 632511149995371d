/* Stream entry bus: a ring of formatted frames and a subscriber list per tournament, behind one
 * mutex (publishing is rare next to reading, and every critical section is short). */
#include "api/bus.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct api_bus_sub {
    struct api_bus_sub *prev, *next;
    struct topic *topic;
    void (*wake)(void *ctx);
    void *ctx;
};

struct frame {
    int64_t id;
    size_t len;
    char *text;
};

struct topic {
    struct topic *next;
    int64_t tid;
    struct frame ring[BUS_RING];
    int head;  /* index of the next slot to write */
    int count; /* frames held */
    struct api_bus_sub *subs;
};

struct api_bus {
    pthread_mutex_t mu;
    struct topic *topics;
};

struct api_bus *api_bus_new(void)
{
    struct api_bus *b = calloc(1, sizeof *b);
    if (b)
        pthread_mutex_init(&b->mu, NULL);
    return b;
}

void api_bus_free(struct api_bus *b)
{
    if (!b)
        return;
    for (struct topic *t = b->topics, *next; t; t = next) {
        next = t->next;
        for (int i = 0; i < BUS_RING; i++)
            free(t->ring[i].text);
        for (struct api_bus_sub *s = t->subs, *sn; s; s = sn) {
            sn = s->next;
            free(s);
        }
        free(t);
    }
    pthread_mutex_destroy(&b->mu);
    free(b);
}

static struct topic *topic_of(struct api_bus *b, int64_t tid, int create)
{
    for (struct topic *t = b->topics; t; t = t->next)
        if (t->tid == tid)
            return t;
    if (!create)
        return NULL;
    struct topic *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->tid = tid;
    t->next = b->topics;
    b->topics = t;
    return t;
}

size_t api_sse_frame(char *buf, size_t len, int64_t id, const char *type, const char *data)
{
    int n = snprintf(buf, len, "id: %lld\nevent: %s\ndata: %s\n\n", (long long)id, type, data);
    return n < 0 || (size_t)n >= len ? 0 : (size_t)n;
}

void api_bus_publish(struct api_bus *b, int64_t tid, int64_t id, const char *type, const char *data)
{
    size_t cap = strlen(type) + strlen(data) + 64;
    char *text = malloc(cap);
    if (!text)
        return; /* streams will read it from the database */
    size_t n = api_sse_frame(text, cap, id, type, data);
    pthread_mutex_lock(&b->mu);
    struct topic *t = topic_of(b, tid, 1);
    if (t) {
        struct frame *f = &t->ring[t->head];
        free(f->text);
        f->id = id;
        f->len = n;
        f->text = text;
        text = NULL;
        t->head = (t->head + 1) % BUS_RING;
        if (t->count < BUS_RING)
            t->count++;
        for (struct api_bus_sub *s = t->subs; s; s = s->next)
            s->wake(s->ctx);
    }
    pthread_mutex_unlock(&b->mu);
    free(text);
}

struct api_bus_sub *api_bus_subscribe(struct api_bus *b, int64_t tid, void (*wake)(void *ctx),
                                      void *ctx)
{
    struct api_bus_sub *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->wake = wake;
    s->ctx = ctx;
    pthread_mutex_lock(&b->mu);
    struct topic *t = topic_of(b, tid, 1);
    if (!t) {
        pthread_mutex_unlock(&b->mu);
        free(s);
        return NULL;
    }
    s->topic = t;
    s->next = t->subs;
    if (t->subs)
        t->subs->prev = s;
    t->subs = s;
    pthread_mutex_unlock(&b->mu);
    return s;
}

void api_bus_unsubscribe(struct api_bus *b, struct api_bus_sub *s)
{
    if (!s)
        return;
    pthread_mutex_lock(&b->mu);
    if (s->prev)
        s->prev->next = s->next;
    else
        s->topic->subs = s->next;
    if (s->next)
        s->next->prev = s->prev;
    pthread_mutex_unlock(&b->mu);
    free(s);
}

char *api_bus_read(struct api_bus *b, int64_t tid, int64_t after_id, size_t max_bytes, size_t *len,
                   int64_t *last, int *gap)
{
    *len = 0;
    *last = after_id;
    *gap = 0;
    char *out = NULL;
    pthread_mutex_lock(&b->mu);
    struct topic *t = topic_of(b, tid, 0);
    if (!t || t->count == 0) {
        /* nothing published since the start: only the database knows */
        *gap = 1;
        goto done;
    }
    int oldest = (t->head - t->count + BUS_RING) % BUS_RING;
    int newest = (t->head - 1 + BUS_RING) % BUS_RING;
    if (t->ring[newest].id <= after_id)
        goto done;
    /* Stream entry ids are dense per tournament, so the ring covers what follows after_id
     * exactly when its oldest frame is at most after_id + 1. */
    if (t->ring[oldest].id > after_id + 1) {
        *gap = 1;
        goto done;
    }
    size_t total = 0;
    int first = -1, count = 0;
    for (int k = 0; k < t->count; k++) {
        struct frame *f = &t->ring[(oldest + k) % BUS_RING];
        if (f->id <= after_id)
            continue;
        if (first < 0)
            first = k;
        else if (total + f->len > max_bytes)
            break;
        total += f->len;
        count++;
    }
    out = malloc(total ? total : 1);
    if (!out)
        goto done;
    for (int k = first; k < first + count; k++) {
        struct frame *f = &t->ring[(oldest + k) % BUS_RING];
        memcpy(out + *len, f->text, f->len);
        *len += f->len;
        *last = f->id;
    }
done:
    pthread_mutex_unlock(&b->mu);
    return out;
}

void api_bus_lock(struct api_bus *b)
{
    pthread_mutex_lock(&b->mu);
}

void api_bus_unlock(struct api_bus *b)
{
    pthread_mutex_unlock(&b->mu);
}

int64_t api_bus_last_id(struct api_bus *b, int64_t tid)
{
    pthread_mutex_lock(&b->mu);
    struct topic *t = topic_of(b, tid, 0);
    int64_t id = t && t->count ? t->ring[(t->head - 1 + BUS_RING) % BUS_RING].id : 0;
    pthread_mutex_unlock(&b->mu);
    return id;
}

void api_bus_each(struct api_bus *b, void (*fn)(void *sub_ctx, void *arg), void *arg)
{
    pthread_mutex_lock(&b->mu);
    for (struct topic *t = b->topics; t; t = t->next)
        for (struct api_bus_sub *s = t->subs; s; s = s->next)
            fn(s->ctx, arg);
    pthread_mutex_unlock(&b->mu);
}
