/* A fixed-size table of failure counters; the oldest entry is reused when it is full, so
 * a flood of addresses costs bounded memory. */
#include "api/limiter.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#define SLOTS 4096

struct slot {
    char key[72];
    int failures;
    int64_t first_ms;     /* first failure of the current window */
    int64_t locked_until; /* 0 = not locked */
    int64_t touched_ms;
};

struct api_limiter {
    pthread_mutex_t mu;
    int max_failures;
    int64_t lock_ms;
    struct slot s[SLOTS];
};

struct api_limiter *api_limiter_new(int max_failures, int64_t lock_ms)
{
    struct api_limiter *l = calloc(1, sizeof *l);
    if (!l)
        return NULL;
    pthread_mutex_init(&l->mu, NULL);
    l->max_failures = max_failures;
    l->lock_ms = lock_ms;
    return l;
}

void api_limiter_free(struct api_limiter *l)
{
    if (l) {
        pthread_mutex_destroy(&l->mu);
        free(l);
    }
}

static unsigned hash(const char *k)
{
    unsigned h = 2166136261u;
    for (; *k; k++)
        h = (h ^ (unsigned char)*k) * 16777619u;
    return h;
}

/* The slot of key, or NULL; with create, a free or the least recently touched slot
 * among the probed ones. */
static struct slot *find(struct api_limiter *l, const char *key, int create)
{
    unsigned h = hash(key);
    struct slot *victim = NULL;
    for (int i = 0; i < 16; i++) {
        struct slot *s = &l->s[(h + (unsigned)i) % SLOTS];
        if (s->key[0] && !strcmp(s->key, key))
            return s;
        if (!victim || !s->key[0] || (victim->key[0] && s->touched_ms < victim->touched_ms))
            victim = s;
    }
    if (!create)
        return NULL;
    memset(victim, 0, sizeof *victim);
    strncpy(victim->key, key, sizeof victim->key - 1);
    return victim;
}

int64_t api_limiter_wait_ms(struct api_limiter *l, const char *key, int64_t now_ms)
{
    pthread_mutex_lock(&l->mu);
    struct slot *s = find(l, key, 0);
    int64_t wait = s && s->locked_until > now_ms ? s->locked_until - now_ms : 0;
    pthread_mutex_unlock(&l->mu);
    return wait;
}

int64_t api_limiter_fail(struct api_limiter *l, const char *key, int64_t now_ms)
{
    pthread_mutex_lock(&l->mu);
    struct slot *s = find(l, key, 1);
    if (s->failures == 0 || now_ms - s->first_ms > l->lock_ms) {
        s->failures = 0;
        s->first_ms = now_ms;
    }
    s->failures++;
    s->touched_ms = now_ms;
    int64_t wait = 0;
    if (s->failures >= l->max_failures) {
        s->locked_until = now_ms + l->lock_ms;
        s->failures = 0;
        wait = l->lock_ms;
    }
    pthread_mutex_unlock(&l->mu);
    return wait;
}

void api_limiter_reset(struct api_limiter *l, const char *key)
{
    pthread_mutex_lock(&l->mu);
    struct slot *s = find(l, key, 0);
    if (s)
        memset(s, 0, sizeof *s);
    pthread_mutex_unlock(&l->mu);
}
