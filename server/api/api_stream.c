/* Events for the streams: the in-memory ring first, the database log for older ones. */
#include <stdlib.h>
#include <string.h>

#include "api/bus.h"
#include "api/stream.h"
#include "store/store.h"

int api_events_path(const char *path, int64_t *tid)
{
    size_t n = strlen(API_EVENTS_PATH_PREFIX);
    if (strncmp(path, API_EVENTS_PATH_PREFIX, n))
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

int api_events_start(struct app *app, int64_t tid, int64_t *last)
{
    db_lock(app->db);
    int64_t id = db_last_event_id(app->db, tid);
    /* a new stream starts after the last durable event: those still to be synced reach it
     * when they are published */
    int64_t undurable = db_event_undurable_from(app->db, tid);
    if (id > 0 && undurable <= id)
        id = undurable - 1;
    db_unlock(app->db);
    if (id < 0)
        return (int)id;
    *last = id;
    return 0;
}

char *api_events_fetch(struct app *app, int64_t tid, int64_t after_id, size_t max_bytes,
                       size_t *len, int64_t *last)
{
    int gap;
    char *out = api_bus_read(app->bus, tid, after_id, max_bytes, len, last, &gap);
    if (!gap)
        return out;
    /* Older than the ring holds: read the log, a bounded batch at a time. */
    struct db_event *ev;
    int n;
    db_lock(app->db);
    int rc = db_events_since(app->db, tid, after_id, 64, &ev, &n);
    db_unlock(app->db);
    *len = 0;
    *last = after_id;
    if (rc != CW_OK || n == 0) {
        db_events_free(ev, n); /* the buffer exists even when no event is newer */
        return NULL;
    }
    size_t cap = 0;
    for (int i = 0; i < n; i++)
        cap += strlen(ev[i].data) + strlen(ev[i].type) + 64;
    out = malloc(cap);
    if (out) {
        for (int i = 0; i < n; i++) {
            if (i > 0 && *len >= max_bytes)
                break;
            *len += api_sse_frame(out + *len, cap - *len, ev[i].id, ev[i].type, ev[i].data);
            *last = ev[i].id;
        }
    }
    db_events_free(ev, n);
    return out;
}
