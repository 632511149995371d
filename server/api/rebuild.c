/* The rebuilds' queue and their builders: see rebuild.h. One mutex guards the queue and
 * every rebuild's state; the builds themselves run outside it. */
#include "api/rebuild.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "api/cache.h"

/* Two builders: the bracket and the matches list may both be due after one report, and the
 * machine has two CPUs or more. */
#define BUILDERS 1
#define BUILDER_NICE 10

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

static void *builder(void *unused)
{
    (void)unused;
    /* below the HTTP threads on the CPU: a rebuild takes what reports and hits leave (a
     * thread's own niceness, Linux); it may fail, and the builder runs all the same */
    (void)setpriority(PRIO_PROCESS, (id_t)gettid(), BUILDER_NICE);
    for (;;) {
        pthread_mutex_lock(&mu);
        while (!head)
            pthread_cond_wait(&queued, &mu);
        struct api_rebuild *r = head;
        head = r->next;
        if (!head)
            tail = &head;
        r->stage = BUILDING; /* from now on a poll that comes does not join it */
        pthread_mutex_unlock(&mu);

        r->build(r->arg, &r->body, &r->gz, r->etag);
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
