/* A fixed-size table of failure counters; the oldest entry is reused when it is full, so
 * a flood of addresses costs bounded memory. See limiter.h. */
#include "api/limiter.h"

#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SLOTS 4096
#define KEYLEN 96

struct slot {
    char key[KEYLEN];
    int failures;         /* attempts counted in the current window */
    int strikes;          /* locks so far: each doubles the next */
    int64_t first_ms;     /* first attempt of the current window */
    int64_t locked_until; /* 0 = not locked */
    int64_t touched_ms;
};

struct api_limiter {
    pthread_mutex_t mu;
    enum api_limiter_kind kind;
    int max_failures;
    int64_t lock_ms, max_lock_ms;
    int dirty;
    struct slot s[SLOTS];
};

struct api_limiter *api_limiter_new(enum api_limiter_kind kind, int max_failures, int64_t lock_ms,
                                    int64_t max_lock_ms)
{
    struct api_limiter *l = calloc(1, sizeof *l);
    if (!l)
        return NULL;
    pthread_mutex_init(&l->mu, NULL);
    l->kind = kind;
    l->max_failures = max_failures;
    l->lock_ms = lock_ms;
    l->max_lock_ms = max_lock_ms < lock_ms ? lock_ms : max_lock_ms;
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
    snprintf(victim->key, sizeof victim->key, "%s", key);
    return victim;
}

static int64_t lock_for(const struct api_limiter *l, int doublings)
{
    int64_t ms = l->lock_ms;
    for (int i = 0; i < doublings && ms < l->max_lock_ms; i++)
        ms *= 2;
    return ms < l->max_lock_ms ? ms : l->max_lock_ms;
}

int64_t api_limiter_take(struct api_limiter *l, const char *key, int64_t now_ms)
{
    int before;
    return api_limiter_take_counted(l, key, now_ms, &before);
}

int64_t api_limiter_take_counted(struct api_limiter *l, const char *key, int64_t now_ms,
                                 int *before)
{
    pthread_mutex_lock(&l->mu);
    struct slot *s = find(l, key, 1);
    int64_t wait = 0;
    *before = -1; /* refused: not a clean start */
    if (s->locked_until > now_ms) {
        wait = s->locked_until - now_ms;
    } else if (l->kind == API_LIMIT_LOCK) {
        /* a window as long as the lock: the count starts again after a quiet spell */
        if (s->failures == 0 || now_ms - s->first_ms > lock_for(l, s->strikes)) {
            s->failures = 0;
            s->first_ms = now_ms;
        }
        *before = s->failures;
        if (s->failures >= l->max_failures) {
            /* simultaneous attempts: this one came after the limit was used up */
            s->locked_until = now_ms + lock_for(l, s->strikes++);
            s->failures = 0;
            wait = s->locked_until - now_ms;
        } else {
            s->failures++;
        }
    } else {
        /* the delay kind keeps its count until a success or a quiet hour-long spell */
        if (s->failures && now_ms - s->touched_ms > 3600 * 1000)
            s->failures = 0;
        *before = s->failures;
        s->failures++;
        if (s->failures > l->max_failures)
            s->locked_until = now_ms + lock_for(l, s->failures - l->max_failures - 1);
    }
    s->touched_ms = now_ms;
    l->dirty = 1;
    pthread_mutex_unlock(&l->mu);
    return wait;
}

int64_t api_limiter_wait_ms(struct api_limiter *l, const char *key, int64_t now_ms)
{
    pthread_mutex_lock(&l->mu);
    struct slot *s = find(l, key, 0);
    int64_t wait = 0;
    if (s && l->kind == API_LIMIT_LOCK && s->failures >= l->max_failures &&
        s->locked_until <= now_ms) {
        /* this failure used up the limit: the lock starts now */
        s->locked_until = now_ms + lock_for(l, s->strikes++);
        s->failures = 0;
        l->dirty = 1;
    }
    if (s && s->locked_until > now_ms)
        wait = s->locked_until - now_ms;
    pthread_mutex_unlock(&l->mu);
    return wait;
}

void api_limiter_refund(struct api_limiter *l, const char *key)
{
    pthread_mutex_lock(&l->mu);
    struct slot *s = find(l, key, 0);
    if (s && s->failures > 0) {
        s->failures--;
        l->dirty = 1;
    }
    pthread_mutex_unlock(&l->mu);
}

void api_limiter_reset(struct api_limiter *l, const char *key)
{
    pthread_mutex_lock(&l->mu);
    struct slot *s = find(l, key, 0);
    if (s) {
        memset(s, 0, sizeof *s);
        l->dirty = 1;
    }
    pthread_mutex_unlock(&l->mu);
}

void api_limiter_reset_prefix(struct api_limiter *l, const char *prefix)
{
    size_t n = strlen(prefix);
    pthread_mutex_lock(&l->mu);
    for (int i = 0; i < SLOTS; i++)
        if (l->s[i].key[0] && !strncmp(l->s[i].key, prefix, n)) {
            memset(&l->s[i], 0, sizeof l->s[i]);
            l->dirty = 1;
        }
    pthread_mutex_unlock(&l->mu);
}

int api_limiter_save(struct api_limiter *l, const char *path)
{
    char tmp[1100];
    if (snprintf(tmp, sizeof tmp, "%s.tmp", path) >= (int)sizeof tmp)
        return -1;
    pthread_mutex_lock(&l->mu);
    if (!l->dirty) {
        pthread_mutex_unlock(&l->mu);
        return 0;
    }
    FILE *f = fopen(tmp, "w");
    if (!f) {
        pthread_mutex_unlock(&l->mu);
        return -1;
    }
    for (int i = 0; i < SLOTS; i++) {
        const struct slot *s = &l->s[i];
        if (s->key[0] && (s->failures || s->strikes || s->locked_until))
            fprintf(f, "%s %d %d %" PRId64 " %" PRId64 " %" PRId64 "\n", s->key, s->failures,
                    s->strikes, s->first_ms, s->locked_until, s->touched_ms);
    }
    l->dirty = 0;
    pthread_mutex_unlock(&l->mu);
    int bad = ferror(f);
    bad |= fclose(f);
    if (bad || rename(tmp, path)) {
        remove(tmp);
        l->dirty = 1;
        return -1;
    }
    return 0;
}

int api_limiter_load(struct api_limiter *l, const char *path, int64_t now_ms)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return 0;
    char key[KEYLEN];
    int failures, strikes;
    int64_t first, until, touched;
    pthread_mutex_lock(&l->mu);
    while (fscanf(f, "%95s %d %d %" SCNd64 " %" SCNd64 " %" SCNd64, key, &failures, &strikes,
                  &first, &until, &touched) == 6) {
        struct slot *s = find(l, key, 1);
        s->failures = failures;
        s->strikes = strikes;
        s->first_ms = first;
        s->locked_until = until;
        s->touched_ms = touched < now_ms ? touched : now_ms;
    }
    pthread_mutex_unlock(&l->mu);
    fclose(f);
    return 0;
}
