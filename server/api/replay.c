/* Kept replay chunks (replay.h): a hash table of chunks behind one mutex, forgotten oldest
 * first past the memory they may take. Under the mutex only a lookup and a copy of the
 * part asked for; the database is read outside it. */
#include "api/replay.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "api/bus.h"
#include "ops/frame/frame.h"
#include "store/readers.h"
#include "store/store.h"

#define BUCKETS 1024

struct chunk {
    int64_t tid, k;              /* the entries k * 64 + 1 .. k * 64 + 64 */
    struct chunk *next;          /* in its bucket */
    struct chunk *older, *newer; /* in the order kept */
    int n;
    int64_t ids[API_REPLAY_CHUNK];
    size_t off[API_REPLAY_CHUNK + 1]; /* of each frame in text; off[n] its length */
    char *text;
};

struct api_replay {
    pthread_mutex_t mu;
    size_t max_bytes, bytes;
    struct chunk *b[BUCKETS];
    struct chunk *oldest, *newest;
};

struct api_replay *api_replay_new(size_t max_bytes)
{
    struct api_replay *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    pthread_mutex_init(&r->mu, NULL);
    r->max_bytes = max_bytes;
    return r;
}

static void chunk_free(struct chunk *c)
{
    if (c)
        free(c->text);
    free(c);
}

void api_replay_free(struct api_replay *r)
{
    if (!r)
        return;
    for (struct chunk *c = r->oldest, *n; c; c = n) {
        n = c->newer;
        chunk_free(c);
    }
    pthread_mutex_destroy(&r->mu);
    free(r);
}

static unsigned bucket(int64_t tid, int64_t k)
{
    return (unsigned)(((uint64_t)tid * 11400714819323198485ull ^ (uint64_t)k) % BUCKETS);
}

static struct chunk **find(struct api_replay *r, int64_t tid, int64_t k)
{
    struct chunk **p = &r->b[bucket(tid, k)];
    while (*p && ((*p)->tid != tid || (*p)->k != k))
        p = &(*p)->next;
    return p;
}

/* Forgets the oldest chunk. Under the mutex. */
static void forget_oldest(struct api_replay *r)
{
    struct chunk *c = r->oldest;
    *find(r, c->tid, c->k) = c->next;
    r->oldest = c->newer;
    if (r->oldest)
        r->oldest->older = NULL;
    else
        r->newest = NULL;
    r->bytes -= c->off[c->n];
    chunk_free(c);
}

/* Keeps c, whole, unless it is kept already or larger than all the room; takes it. */
static void keep(struct api_replay *r, struct chunk *c)
{
    pthread_mutex_lock(&r->mu);
    struct chunk **p = find(r, c->tid, c->k);
    if (*p || c->off[c->n] > r->max_bytes) {
        pthread_mutex_unlock(&r->mu);
        chunk_free(c);
        return;
    }
    while (r->oldest && r->bytes + c->off[c->n] > r->max_bytes)
        forget_oldest(r);
    p = find(r, c->tid, c->k); /* the bucket may have changed */
    c->next = NULL;
    *p = c;
    c->older = r->newest;
    c->newer = NULL;
    if (r->newest)
        r->newest->newer = c;
    else
        r->oldest = c;
    r->newest = c;
    r->bytes += c->off[c->n];
    pthread_mutex_unlock(&r->mu);
}

/* The frames of c after after_id, about max_bytes; NULL with *len 0 when none. */
static char *slice(const struct chunk *c, int64_t after_id, size_t max_bytes, size_t *len,
                   int64_t *last)
{
    int i = 0;
    while (i < c->n && c->ids[i] <= after_id)
        i++;
    *len = 0;
    if (i == c->n)
        return NULL;
    int j = i + 1;
    while (j < c->n && c->off[j] - c->off[i] < max_bytes)
        j++;
    char *out = malloc(c->off[j] - c->off[i]);
    if (!out)
        return NULL;
    memcpy(out, c->text + c->off[i], c->off[j] - c->off[i]);
    *len = c->off[j] - c->off[i];
    *last = c->ids[j - 1];
    return out;
}

/* Entries [from, to) of tournament tid, at most a chunk. */
struct range {
    int64_t tid, from, to;
    struct db_stream_entry *e;
    int n;
};

static int read_range(const struct op *o, void *in)
{
    struct range *q = in;
    return db_stream_range(o->db, q->tid, q->from, q->to, API_REPLAY_CHUNK, &q->e, &q->n);
}

/* Chunk k of tournament tid, up to upto, read from the database. NULL on an error. */
static struct chunk *load(struct app *app, int64_t tid, int64_t k, int64_t upto)
{
    struct db *reader = app->readers ? db_readers_take(app->readers) : NULL;
    struct db *db = reader ? reader : app->db;
    struct db_stream_entry *e;
    int n;
    int64_t from = k * API_REPLAY_CHUNK;
    struct range q = {tid, from, upto < from + API_REPLAY_CHUNK ? upto : from + API_REPLAY_CHUNK,
                      NULL, 0};
    struct op o = op_server(db, 0, "stream");
    /* a reader is this thread's alone; the writer's connection is read under its lock */
    int rc = reader ? read_range(&o, &q) : op_read(&o, read_range, &q);
    if (reader)
        db_readers_give(app->readers, reader);
    e = q.e;
    n = q.n;
    struct chunk *c = rc == CW_OK ? calloc(1, sizeof *c) : NULL;
    size_t cap = 1;
    for (int i = 0; c && i < n; i++)
        cap += strlen(e[i].type) + strlen(e[i].data) + 64;
    if (c && !(c->text = malloc(cap))) {
        free(c);
        c = NULL;
    }
    for (int i = 0; c && i < n; i++) {
        c->ids[i] = e[i].id;
        c->off[i + 1] = c->off[i] + api_sse_frame(c->text + c->off[i], cap - c->off[i], e[i].id,
                                                  e[i].type, e[i].data);
    }
    if (c) {
        c->tid = tid;
        c->k = k;
        c->n = n;
    }
    db_stream_free(e, n);
    return c;
}

char *api_replay_read(struct app *app, int64_t tid, int64_t after_id, int64_t upto,
                      size_t max_bytes, size_t *len, int64_t *last)
{
    struct api_replay *r = app->replay;
    int64_t k = after_id / API_REPLAY_CHUNK;
    *len = 0;
    *last = after_id;
    pthread_mutex_lock(&r->mu);
    struct chunk *c = *find(r, tid, k);
    char *out = c ? slice(c, after_id, max_bytes, len, last) : NULL;
    pthread_mutex_unlock(&r->mu);
    if (c)
        return out;
    if (!(c = load(app, tid, k, upto)))
        return NULL;
    out = slice(c, after_id, max_bytes, len, last);
    /* whole: every entry of the chunk, on disk, never to change */
    if (c->n == API_REPLAY_CHUNK && c->ids[0] == k * API_REPLAY_CHUNK + 1 &&
        c->ids[API_REPLAY_CHUNK - 1] == (k + 1) * API_REPLAY_CHUNK)
        keep(r, c);
    else
        chunk_free(c);
    return out;
}
