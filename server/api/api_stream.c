/* Entries for the streams: the in-memory ring first, the database log for older ones. */
#include <stdlib.h>
#include <string.h>

#include "api/bus.h"
#include "api/replay.h"
#include "api/stream.h"
#include "ops/frame/frame.h"
#include "store/store.h"

int api_stream_path(const char *path, int64_t *tid)
{
    /* its end first: every request asks, and most paths share the prefix (issue 37) */
    size_t len = strlen(path);
    if (!(len > 7 && !memcmp(path + len - 7, "/events", 7)) &&
        !(len > 8 && !memcmp(path + len - 8, "/events/", 8)))
        return 0;
    size_t n = strlen(API_STREAM_PATH_PREFIX);
    if (strncmp(path, API_STREAM_PATH_PREFIX, n))
        return 0;
    const char *p = path + n;
    int64_t v = 0;
    int digits = 0;
    while (*p >= '0' && *p <= '9' && digits < 15) {
        v = v * 10 + (*p++ - '0');
        digits++;
    }
    if (!digits || v <= 0 || (strcmp(p, "/events") && strcmp(p, "/events/")))
        return 0;
    *tid = v;
    return 1;
}

/* The last entry a new stream of tournament *in starts after (under the lock: op_read). */
static int start_after(const struct op *o, void *in)
{
    int64_t *tid = in;
    int64_t id = db_stream_last_id(o->db, *tid);
    /* a new stream starts after the last durable entry: those still to be synced reach it
     * when they are published */
    int64_t undurable = db_stream_undurable_from(o->db, *tid);
    if (id > 0 && undurable <= id)
        id = undurable - 1;
    *tid = id;
    return 0;
}

int api_stream_start(struct app *app, int64_t tid, int64_t *last)
{
    struct op o = op_server(app->db, 0, "stream");
    int64_t id = tid;
    op_read(&o, start_after, &id);
    if (id < 0)
        return (int)id;
    *last = id;
    return 0;
}

/* A bounded batch of the log's entries after after_id (under the lock: op_read). */
struct since {
    int64_t tid, after_id;
    struct db_stream_entry *entries;
    int n;
};

static int read_since(const struct op *o, void *in)
{
    struct since *q = in;
    return db_stream_since(o->db, q->tid, q->after_id, 64, &q->entries, &q->n);
}

char *api_stream_fetch(struct app *app, int64_t tid, int64_t after_id, int64_t upto,
                       size_t max_bytes, size_t *len, int64_t *last)
{
    int gap;
    char *out = api_bus_read(app->bus, tid, after_id, max_bytes, len, last, &gap);
    if (!gap)
        return out;
    /* a replay of what was on disk when the stream began: kept chunks, or a reader */
    if (after_id < upto && app->replay)
        return api_replay_read(app, tid, after_id, upto, max_bytes, len, last);
    /* Older than the ring holds, and newer than the stream's start: read the log, a
     * bounded batch at a time. */
    struct since q = {tid, after_id, NULL, 0};
    struct op o = op_server(app->db, 0, "stream");
    int rc = op_read(&o, read_since, &q);
    struct db_stream_entry *entries = q.entries;
    int n = q.n;
    *len = 0;
    *last = after_id;
    if (rc != CW_OK || n == 0) {
        db_stream_free(entries, n); /* the buffer exists even when no entry is newer */
        return NULL;
    }
    size_t cap = 0;
    for (int i = 0; i < n; i++)
        cap += strlen(entries[i].data) + strlen(entries[i].type) + 64;
    out = malloc(cap);
    if (out) {
        for (int i = 0; i < n; i++) {
            if (i > 0 && *len >= max_bytes)
                break;
            *len += api_sse_frame(out + *len, cap - *len, entries[i].id, entries[i].type,
                                  entries[i].data);
            *last = entries[i].id;
        }
    }
    db_stream_free(entries, n);
    return out;
}
