/* Live streams (Server-Sent Events) over libmicrohttpd's suspend/resume. */
#include "http/sse.h"

#include <stdlib.h>
#include <string.h>

#include "api/bus.h"
#include "api/stream.h"
#include "http/fairshare.h"
#include "common/clock.h"

#define BATCH_BYTES 8192

struct sse {
    struct app *app;
    struct MHD_Connection *conn;
    struct api_bus_sub *sub;
    int64_t tid, last_id;
    int64_t upto; /* the newest entry on disk when it began: a replay reads up to it */
    int64_t next_heartbeat_ms;
    /* guarded by the bus lock: */
    int suspended, woken, closing;
    /* bytes waiting to be sent */
    char *buf;
    size_t len, off;
    char small[16]; /* "retry: 2000\n\n" or a heartbeat */
};

static void wake(void *ctx)
{
    struct sse *s = ctx;
    s->woken = 1;
    if (s->suspended) {
        s->suspended = 0;
        MHD_resume_connection(s->conn);
    }
}

static ssize_t give(struct sse *s, char *out, size_t max)
{
    size_t n = s->len - s->off < max ? s->len - s->off : max;
    memcpy(out, s->buf + s->off, n);
    s->off += n;
    if (s->off == s->len) {
        if (s->buf != s->small)
            free(s->buf);
        s->buf = NULL;
        s->len = s->off = 0;
    }
    return (ssize_t)n;
}

static ssize_t reader(void *cls, uint64_t pos, char *out, size_t max)
{
    struct sse *s = cls;
    for (;;) {
        if (s->buf)
            return give(s, out, max);
        if (s->closing)
            return MHD_CONTENT_READER_END_OF_STREAM;
        size_t len;
        int64_t last;
        char *frames =
            api_stream_fetch(s->app, s->tid, s->last_id, s->upto, BATCH_BYTES, &len, &last);
        if (frames && len) {
            s->buf = frames;
            s->len = len;
            s->off = 0;
            s->last_id = last;
            s->next_heartbeat_ms = cw_now_ms() + API_STREAM_HEARTBEAT_MS;
            continue;
        }
        free(frames);
        int64_t now = cw_now_ms();
        if (now >= s->next_heartbeat_ms) {
            /* a comment line keeps proxies and the client from timing out; writing it
             * is also how a vanished client is noticed */
            strcpy(s->small, ":\n\n");
            s->buf = s->small;
            s->len = 3;
            s->off = 0;
            s->next_heartbeat_ms = now + API_STREAM_HEARTBEAT_MS;
            continue;
        }
        /* Nothing to send: sleep, unless an entry came in since we looked. */
        api_bus_lock(s->app->bus);
        if (s->woken || s->closing) {
            s->woken = 0;
            api_bus_unlock(s->app->bus);
            continue;
        }
        s->suspended = 1;
        MHD_suspend_connection(s->conn);
        api_bus_unlock(s->app->bus);
        return 0;
    }
}

static void release(void *cls)
{
    struct sse *s = cls;
    api_bus_unsubscribe(s->app->bus, s->sub);
    if (s->buf && s->buf != s->small)
        free(s->buf);
    free(s);
}

struct MHD_Response *http_sse_open(struct app *app, struct MHD_Connection *c, int64_t tid,
                                   const char *last_event_id, struct http_fair *fair,
                                   struct http_fair_conn *fc, int *status)
{
    int64_t newest;
    int rc = api_stream_start(app, tid, &newest);
    if (rc) {
        *status = rc == -2 ? 404 : 500;
        return NULL;
    }
    struct sse *s = calloc(1, sizeof *s);
    if (!s) {
        *status = 500;
        return NULL;
    }
    s->app = app;
    s->conn = c;
    s->tid = tid;
    s->last_id = s->upto = newest;
    if (last_event_id && *last_event_id) {
        char *end;
        long long v = strtoll(last_event_id, &end, 10);
        if (!*end && v >= 0 && v <= newest)
            s->last_id = v;
    }
    /* a long history (all of it, from 0) costs the server for each stream that asks: its
     * address has a few such streams at a time (the stream keeps its place till it ends:
     * replaying again means a new stream), the others wait and try again */
    if (newest - s->last_id > API_STREAM_LONG_REPLAY && http_fair_replay(fair, fc)) {
        free(s);
        *status = 503;
        return NULL;
    }
    /* The first bytes tell the client how soon to reconnect after a drop. */
    strcpy(s->small, "retry: 2000\n\n");
    s->buf = s->small;
    s->len = strlen(s->small);
    s->next_heartbeat_ms = cw_now_ms() + API_STREAM_HEARTBEAT_MS;
    s->sub = api_bus_subscribe(app->bus, tid, wake, s);
    if (!s->sub) {
        free(s);
        *status = 500;
        return NULL;
    }
    struct MHD_Response *r =
        MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, 64, reader, s, release);
    if (!r) {
        release(s);
        *status = 500;
        return NULL;
    }
    MHD_add_response_header(r, "Content-Type", "text/event-stream");
    MHD_add_response_header(r, "Cache-Control", "no-store");
    MHD_add_response_header(r, "X-Accel-Buffering", "no");
    *status = 200;
    return r;
}

struct tick {
    int64_t now;
    int close;
};

static void tick_one(void *ctx, void *arg)
{
    struct sse *s = ctx;
    struct tick *t = arg;
    if (t->close)
        s->closing = 1;
    if (s->suspended && (t->close || t->now >= s->next_heartbeat_ms)) {
        s->suspended = 0;
        MHD_resume_connection(s->conn);
    }
}

void http_sse_tick(struct app *app, int64_t now_ms)
{
    struct tick t = {now_ms, 0};
    api_bus_each(app->bus, tick_one, &t);
}

void http_sse_close_all(struct app *app)
{
    struct tick t = {0, 1};
    api_bus_each(app->bus, tick_one, &t);
}
