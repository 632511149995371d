/* The rebuilds' queue and their builders: see rebuild.h. One mutex guards the queue and
 * every rebuild's state; the builds themselves run outside it. */
#include "api/rebuild.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "api/cache.h"

/* One builder, below the HTTP threads on the CPU: the lists it builds take turns, and the
 * HTTP threads keep the other CPUs for reports and the polls that hit. */
#define BUILDERS 1
#define BUILDER_NICE 10
/* After a build that took t, the next one begins no sooner than PACE_FACTOR * t later (at
 * most PACE_MAX_US): while reports come many a second, each report moves the revision and
 * an unpaced builder would rebuild the list back to back, a CPU's worth of work taken from
 * the reports. Paced, it takes at most a third of one CPU; a poll that misses waits for the
 * next build, as before, and the polls that come meanwhile join it. */
#define PACE_FACTOR 2
#define PACE_MAX_US 200000

enum stage { QUEUED, BUILDING, DONE };

struct waiter {
    void (*wake)(void *ctx);
    void *ctx;
    struct waiter *next;
};

struct api_rebuild {
    const void *owner;
    int64_t tid;
    int kind;
    enum stage stage;
    int refs; /* the queue's until done, and each poll's */
    api_rebuild_fn build;
    void *arg;
    void (*free_arg)(void *);
    struct api_blob *body, *gz;
    char etag[80];
    struct waiter *waiters;
    struct api_rebuild *next; /* in the queue */
};

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t queued = PTHREAD_COND_INITIALIZER;
static struct api_rebuild *head, **tail = &head;
static pthread_once_t started = PTHREAD_ONCE_INIT;
static int builders; /* how many could be started */

static void unref(struct api_rebuild *r)
{
    if (--r->refs)
        return;
    api_blob_release(r->body);
    api_blob_release(r->gz);
    free(r);
}

static int64_t now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

static void *builder(void *unused)
{
    (void)unused;
    /* below the HTTP threads on the CPU: a rebuild takes what reports and hits leave (a
     * thread's own niceness, Linux); it may fail, and the builder runs all the same */
    (void)setpriority(PRIO_PROCESS, (id_t)gettid(), BUILDER_NICE);
    (void)pthread_setname_np(pthread_self(), "crawford-build"); /* in top and perf */
    int64_t not_before = 0;                                     /* CLOCK_MONOTONIC, in µs */
    for (;;) {
        /* the rest before the next build, taken before its job leaves the queue, so that
         * the polls that miss meanwhile join it */
        int64_t early = not_before - now_us();
        if (early > 0)
            usleep((useconds_t)early);
        pthread_mutex_lock(&mu);
        while (!head)
            pthread_cond_wait(&queued, &mu);
        struct api_rebuild *r = head;
        head = r->next;
        if (!head)
            tail = &head;
        r->stage = BUILDING; /* from now on a poll that comes does not join it */
        pthread_mutex_unlock(&mu);

        int64_t start = now_us();
        r->build(r->arg, &r->body, &r->gz, r->etag);
        int64_t end = now_us(), rest = PACE_FACTOR * (end - start);
        not_before = end + (rest < PACE_MAX_US ? rest : PACE_MAX_US);
        r->free_arg(r->arg);
        r->arg = NULL;

        pthread_mutex_lock(&mu);
        r->stage = DONE;
        struct waiter *w = r->waiters;
        r->waiters = NULL;
        pthread_mutex_unlock(&mu);
        /* woken outside the lock: a wake may take the library's own locks */
        while (w) {
            struct waiter *next = w->next;
            w->wake(w->ctx);
            free(w);
            w = next;
        }
        pthread_mutex_lock(&mu);
        unref(r);
        pthread_mutex_unlock(&mu);
    }
    return NULL;
}

static void start_builders(void)
{
    for (int i = 0; i < BUILDERS; i++) {
        pthread_t t;
        if (pthread_create(&t, NULL, builder, NULL) == 0) {
            pthread_detach(t);
            builders++;
        }
    }
}

struct api_rebuild *api_rebuild_join(const void *owner, int64_t tid, int kind, api_rebuild_fn build,
                                     void *arg, void (*free_arg)(void *))
{
    pthread_once(&started, start_builders);
    pthread_mutex_lock(&mu);
    struct api_rebuild *r = NULL;
    for (struct api_rebuild *q = head; q && !r; q = q->next)
        if (q->owner == owner && q->tid == tid && q->kind == kind)
            r = q; /* queued, so not begun: its snapshot will be newer than this poll's */
    if (r) {
        r->refs++;
        pthread_mutex_unlock(&mu);
        free_arg(arg);
        return r;
    }
    if (builders && (r = calloc(1, sizeof *r))) {
        r->owner = owner;
        r->tid = tid;
        r->kind = kind;
        r->stage = QUEUED;
        r->refs = 2;
        r->build = build;
        r->arg = arg;
        r->free_arg = free_arg;
        *tail = r;
        tail = &r->next;
        pthread_cond_signal(&queued);
    }
    pthread_mutex_unlock(&mu);
    if (!r)
        free_arg(arg);
    return r;
}

void api_rebuild_wait(struct api_rebuild *r, void (*wake)(void *ctx), void *ctx)
{
    struct waiter *w = malloc(sizeof *w);
    int now = 1;
    pthread_mutex_lock(&mu);
    if (r->stage != DONE && w) {
        w->wake = wake;
        w->ctx = ctx;
        w->next = r->waiters;
        r->waiters = w;
        w = NULL;
        now = 0;
    }
    pthread_mutex_unlock(&mu);
    free(w);
    if (now) /* done already, or no memory to wait: woken now (its answer, or none) */
        wake(ctx);
}

int api_rebuild_answer(struct api_rebuild *r, int want_gzip, struct api_blob **body, int *gzipped,
                       char etag[80])
{
    pthread_mutex_lock(&mu);
    int ok = r->stage == DONE && r->body;
    if (ok) {
        *gzipped = want_gzip && r->gz;
        *body = *gzipped ? r->gz : r->body;
        api_blob_ref(*body);
        memcpy(etag, r->etag, 80);
    }
    pthread_mutex_unlock(&mu);
    return ok;
}

void api_rebuild_release(struct api_rebuild *r)
{
    if (!r)
        return;
    pthread_mutex_lock(&mu);
    unref(r);
    pthread_mutex_unlock(&mu);
}
