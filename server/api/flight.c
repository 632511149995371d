/* One rebuild at a time of a polled list: see flight.h. A small table of builds under way,
 * one mutex and one condition: waits are short (one list's build) and rare (a miss). */
#include "api/flight.h"

#include <pthread.h>
#include <string.h>

#include "api/cache.h"

#define SLOTS 64

static struct slot {
    const void *owner; /* NULL: free */
    int64_t tid;
    int kind;
    char etag[80];
    int landed;   /* the builder is done; blob is its answer (or NULL) */
    int waiters;  /* readers waiting for, or still taking, the answer */
    struct api_blob *blob;
} slots[SLOTS];
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t landed = PTHREAD_COND_INITIALIZER;

static struct slot *find(const void *owner, int64_t tid, int kind, const char *etag)
{
    for (int i = 0; i < SLOTS; i++)
        if (slots[i].owner == owner && slots[i].tid == tid && slots[i].kind == kind &&
            !strcmp(slots[i].etag, etag))
            return &slots[i];
    return NULL;
}

static void release_slot(struct slot *s)
{
    api_blob_release(s->blob);
    memset(s, 0, sizeof *s);
}

int api_flight_join(const void *owner, int64_t tid, int kind, const char *etag,
                    struct api_blob **blob)
{
    *blob = NULL;
    if (strlen(etag) >= sizeof slots[0].etag)
        return -1;
    pthread_mutex_lock(&mu);
    struct slot *s = find(owner, tid, kind, etag);
    if (!s) {
        for (int i = 0; i < SLOTS && !s; i++)
            if (!slots[i].owner)
                s = &slots[i];
        if (s) {
            s->owner = owner;
            s->tid = tid;
            s->kind = kind;
            strcpy(s->etag, etag);
        }
        pthread_mutex_unlock(&mu);
        return s ? 0 : -1;
    }
    s->waiters++;
    while (!s->landed)
        pthread_cond_wait(&landed, &mu);
    if (s->blob) {
        api_blob_ref(s->blob);
        *blob = s->blob;
    }
    if (--s->waiters == 0)
        release_slot(s);
    pthread_mutex_unlock(&mu);
    /* the builder failed (an error reply, not shared): build it ourselves, without a flight */
    return *blob ? 1 : -1;
}

void api_flight_land(const void *owner, int64_t tid, int kind, const char *etag,
                     struct api_blob *blob)
{
    pthread_mutex_lock(&mu);
    struct slot *s = find(owner, tid, kind, etag);
    if (s && !s->landed) {
        s->landed = 1;
        if (blob)
            api_blob_ref(blob);
        s->blob = blob;
        if (s->waiters == 0)
            release_slot(s);
        else
            pthread_cond_broadcast(&landed);
    }
    pthread_mutex_unlock(&mu);
}
