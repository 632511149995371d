/* Clock press benchmark (issue 8): 500 matches with running clocks, one event stream on the
 * tournament, and a load client that presses each clock every 2 seconds (as the TD, for the
 * side whose time runs) over a few keep-alive connections. The latency of a press is the
 * time from sending the request to its `clock` event (that match, the other side now
 * running) arriving on the stream: what a venue display waits for.
 * Prints `bench clock.press_p99_ms VALUE ms` (the target is below 50 ms); details go to
 * stderr. Exits non-zero only on errors (a refused press, a missing event). */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/epoll.h>
#include <unistd.h>

#include "support/benchlib.h"

#define MATCHES 500
#define LENGTH 3
#define PERIOD_MS 2000
#define RUN_MS 24000
#define CONNS 6
#define EVENT_TIMEOUT_MS 10000

static struct bench_server srv;

/* ---- keep-alive HTTP/1.1 connections ---- */

struct conn {
    int fd;
    int busy;  /* a request is out */
    int match; /* the match whose press is out, -1 for setup requests */
    char in[16384];
    size_t n;
};

static void conn_open(struct conn *c)
{
    c->fd = bench_dial(&srv);
    c->busy = 0;
    c->n = 0;
}

static void conn_send(struct conn *c, const char *method, const char *path, const char *body)
{
    char rq[1024];
    size_t blen = body ? strlen(body) : 0;
    int n = snprintf(rq, sizeof rq,
                     "%s %s HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: %s\r\nX-Crawford: 1\r\n"
                     "Content-Type: application/json\r\nContent-Length: %zu\r\n\r\n%s",
                     method, path, srv.cookie, blen, body ? body : "");
    if (n <= 0 || (size_t)n >= sizeof rq)
        bench_fail("request too long");
    if (write(c->fd, rq, (size_t)n) != n)
        bench_fail("write request");
    c->busy = 1;
    c->n = 0;
}

/* After a read: the length of a complete response in c->in (0 while incomplete); its
 * status and body. */
static size_t response_done(struct conn *c, int *status, const char **body, int *closing)
{
    c->in[c->n] = 0;
    char *end = strstr(c->in, "\r\n\r\n");
    if (!end)
        return 0;
    size_t head = (size_t)(end - c->in) + 4;
    long clen = -1;
    *closing = 0;
    for (char *line = strstr(c->in, "\r\n"); line && line < end; line = strstr(line + 2, "\r\n")) {
        if (!strncasecmp(line + 2, "Content-Length:", 15))
            clen = atol(line + 17);
        if (!strncasecmp(line + 2, "Connection: close", 17))
            *closing = 1;
    }
    if (clen < 0)
        bench_fail("a response without Content-Length");
    if (c->n < head + (size_t)clen)
        return 0;
    *status = atoi(c->in + 9);
    *body = c->in + head;
    return head + (size_t)clen;
}

/* Reads once; returns 1 when a whole response is in. */
static int conn_read(struct conn *c, int *status, const char **body)
{
    if (c->n + 1 >= sizeof c->in)
        bench_fail("a response too large");
    ssize_t k = read(c->fd, c->in + c->n, sizeof c->in - 1 - c->n);
    if (k <= 0)
        bench_fail("the server closed a connection");
    c->n += (size_t)k;
    int closing;
    if (!response_done(c, status, body, &closing))
        return 0;
    if (closing) { /* answered, then closed: the next request needs a new connection */
        close(c->fd);
        c->fd = -1;
    }
    c->busy = 0;
    return 1;
}

/* One request on c, waiting for the answer; returns the body (valid until c's next use). */
static const char *conn_call(struct conn *c, const char *method, const char *path, const char *body,
                             int expect)
{
    if (c->fd < 0)
        conn_open(c);
    conn_send(c, method, path, body);
    int status;
    const char *out;
    while (!conn_read(c, &status, &out)) {
    }
    if (status != expect) {
        fprintf(stderr, "bench_clock: %s %s: %d %s\n", method, path, status, out);
        bench_fail("setup request refused");
    }
    if (c->fd < 0)
        conn_open(c);
    return out;
}

/* ---- the event stream: chunked framing undone, SSE frames cut out ---- */

struct stream {
    int fd, body, in_chunk, need_crlf;
    long chunk_left;
    char raw[65536];
    size_t rn;
    char text[1 << 20];
    size_t tn;
};

static void text_add(struct stream *st, const char *p, size_t n)
{
    if (st->tn + n >= sizeof st->text)
        bench_fail("event stream backlog");
    memcpy(st->text + st->tn, p, n);
    st->tn += n;
    st->text[st->tn] = 0;
}

static void stream_read(struct stream *st)
{
    ssize_t k = read(st->fd, st->raw + st->rn, sizeof st->raw - st->rn);
    if (k <= 0)
        bench_fail("the event stream closed");
    st->rn += (size_t)k;
    size_t i = 0;
    if (!st->body) {
        char *e = memmem(st->raw, st->rn, "\r\n\r\n", 4);
        if (!e)
            return;
        if (strncmp(st->raw, "HTTP/1.1 200", 12))
            bench_fail("the event stream was refused");
        if (!memmem(st->raw, (size_t)(e - st->raw), "chunked", 7))
            st->chunk_left = -1; /* not chunked: everything is text */
        st->body = 1;
        i = (size_t)(e - st->raw) + 4;
    }
    while (i < st->rn) {
        if (st->chunk_left < 0) {
            text_add(st, st->raw + i, st->rn - i);
            i = st->rn;
        } else if (st->in_chunk) {
            size_t k2 = st->rn - i < (size_t)st->chunk_left ? st->rn - i : (size_t)st->chunk_left;
            text_add(st, st->raw + i, k2);
            i += k2;
            st->chunk_left -= (long)k2;
            if (!st->chunk_left) {
                st->in_chunk = 0;
                st->need_crlf = 1;
            }
        } else if (st->need_crlf) {
            if (st->rn - i < 2)
                break;
            i += 2;
            st->need_crlf = 0;
        } else {
            char *nl = memmem(st->raw + i, st->rn - i, "\r\n", 2);
            if (!nl)
                break;
            st->chunk_left = strtol(st->raw + i, NULL, 16);
            i = (size_t)(nl - st->raw) + 2;
            if (!st->chunk_left)
                bench_fail("the event stream ended");
            st->in_chunk = 1;
        }
    }
    memmove(st->raw, st->raw + i, st->rn - i);
    st->rn -= i;
}

/* The next complete frame's type and data line (pointers into a buffer the next call
 * overwrites); 0 when none is complete. */
static int stream_frame(struct stream *st, char *type, size_t tlen, char *data, size_t dlen)
{
    char *end = strstr(st->text, "\n\n");
    if (!end)
        return 0;
    *end = 0;
    type[0] = data[0] = 0;
    for (char *line = st->text; line && *line;) {
        char *nl = strchr(line, '\n');
        if (nl)
            *nl = 0;
        if (!strncmp(line, "event: ", 7))
            snprintf(type, tlen, "%s", line + 7);
        else if (!strncmp(line, "data: ", 6))
            snprintf(data, dlen, "%s", line + 6);
        line = nl ? nl + 1 : NULL;
    }
    size_t used = (size_t)(end - st->text) + 2;
    memmove(st->text, st->text + used, st->tn - used + 1);
    st->tn -= used;
    return 1;
}

/* ---- the matches ---- */

struct match {
    long long id;
    int running;      /* 0 a, 1 b: the side whose time runs (the one to press) */
    double due;       /* when its next press is due */
    double sent;      /* when the press out was sent */
    int in_flight;    /* the press is out: waiting for its reply and/or its event */
    int replied, got; /* its reply came / its event came */
    int queued;
};

static struct match ms[MATCHES];
static int by_id_cap;
static int *by_id; /* match id -> index, -1 */

int main(void)
{
    bench_raise_nofile();
    bench_start(&srv, NULL);
    bench_login(&srv);
    struct conn setup = {.fd = -1};
    const char *r = conn_call(&setup, "POST", "/api/v1/tournaments",
                              "{\"name\": \"Clock bench\", \"clock\": {\"mode\": \"delay\", "
                              "\"bank_per_point_s\": 3600, \"delay_s\": 12}}",
                              201);
    long long tid = bench_json_int(r, "id");
    char path[160], body[160];
    double t_setup = bench_now_ms();
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/players", tid);
    static long long players[2 * MATCHES];
    for (int i = 0; i < 2 * MATCHES; i++) {
        snprintf(body, sizeof body, "{\"name\": \"Player %d\"}", i + 1);
        players[i] = bench_json_int(conn_call(&setup, "POST", path, body, 201), "id");
    }
    long long max_id = 0;
    for (int i = 0; i < MATCHES; i++) {
        snprintf(path, sizeof path, "/api/v1/tournaments/%lld/matches", tid);
        snprintf(body, sizeof body, "{\"player_a\": %lld, \"player_b\": %lld, \"length\": %d}",
                 players[2 * i], players[2 * i + 1], LENGTH);
        ms[i].id = bench_json_int(conn_call(&setup, "POST", path, body, 201), "id");
        if (ms[i].id <= 0)
            bench_fail("match id");
        if (ms[i].id > max_id)
            max_id = ms[i].id;
        snprintf(path, sizeof path, "/api/v1/tournaments/%lld/matches/%lld/call", tid, ms[i].id);
        snprintf(body, sizeof body, "{\"table\": \"%d\"}", i + 1);
        conn_call(&setup, "POST", path, body, 200);
        /* CLK-4: a has the lower opening die: b's time runs */
        snprintf(path, sizeof path, "/api/v1/tournaments/%lld/matches/%lld/clock/start", tid,
                 ms[i].id);
        r = conn_call(&setup, "POST", path, "{\"lower_die\": \"a\"}", 200);
        if (!strstr(r, "\"running\":\"b\""))
            bench_fail("the clock did not start with b running");
        ms[i].running = 1;
    }
    close(setup.fd);
    by_id_cap = (int)max_id + 1;
    by_id = malloc(sizeof *by_id * (size_t)by_id_cap);
    for (int i = 0; i < by_id_cap; i++)
        by_id[i] = -1;
    for (int i = 0; i < MATCHES; i++)
        by_id[ms[i].id] = i;
    fprintf(stderr, "bench_clock: %d clocks running after %.1f s of setup\n", MATCHES,
            (bench_now_ms() - t_setup) / 1000);

    /* the stream, subscribed from now on */
    int ep = epoll_create1(0);
    static struct stream st;
    st.fd = bench_dial(&srv);
    snprintf(body, sizeof body,
             "GET /api/v1/tournaments/%lld/events HTTP/1.1\r\nHost: 127.0.0.1\r\n"
             "Accept: text/event-stream\r\n\r\n",
             tid);
    if (write(st.fd, body, strlen(body)) != (ssize_t)strlen(body))
        bench_fail("write stream request");
    struct epoll_event ev = {.events = EPOLLIN, .data.u32 = 1000};
    epoll_ctl(ep, EPOLL_CTL_ADD, st.fd, &ev);
    double deadline = bench_now_ms() + 10000;
    while (!strstr(st.text, "retry:") && bench_now_ms() < deadline)
        stream_read(&st);
    if (!strstr(st.text, "retry:"))
        bench_fail("the event stream did not open");

    static struct conn cs[CONNS];
    for (int k = 0; k < CONNS; k++) {
        conn_open(&cs[k]);
        ev.data.u32 = (uint32_t)k;
        epoll_ctl(ep, EPOLL_CTL_ADD, cs[k].fd, &ev);
    }

    /* the load: match i is due at t0 + i x (period / matches), then every period */
    static double lat[(RUN_MS / PERIOD_MS + 2) * MATCHES];
    int nlat = 0, errors = 0, missing = 0, sent = 0, late_sends = 0;
    static int queue[MATCHES];
    int qh = 0, qn = 0;
    double t0 = bench_now_ms() + 100;
    for (int i = 0; i < MATCHES; i++)
        ms[i].due = t0 + i * ((double)PERIOD_MS / MATCHES);
    double stop_at = t0 + RUN_MS;
    char type[64], data[8192];
    struct epoll_event evs[64];
    int outstanding = 0;
    for (;;) {
        double now = bench_now_ms();
        /* due presses join the queue (one at a time per match: the last one finished) */
        for (int i = 0; i < MATCHES; i++) {
            struct match *m = &ms[i];
            if (m->in_flight && !m->got && now - m->sent > EVENT_TIMEOUT_MS) {
                fprintf(stderr, "bench_clock: no clock event for match %lld\n", m->id);
                missing++;
                m->got = 1;
                if (m->replied) {
                    m->in_flight = 0;
                    outstanding--;
                }
            }
            if (!m->in_flight && !m->queued && m->due <= now && m->due < stop_at) {
                queue[(qh + qn) % MATCHES] = i;
                qn++;
                m->queued = 1;
            }
        }
        /* free connections take the queue */
        for (int k = 0; k < CONNS && qn; k++) {
            struct conn *c = &cs[k];
            if (c->busy)
                continue;
            if (c->fd < 0) {
                conn_open(c);
                ev.data.u32 = (uint32_t)k;
                epoll_ctl(ep, EPOLL_CTL_ADD, c->fd, &ev);
            }
            int i = queue[qh];
            qh = (qh + 1) % MATCHES;
            qn--;
            struct match *m = &ms[i];
            m->queued = 0;
            snprintf(path, sizeof path, "/api/v1/tournaments/%lld/matches/%lld/clock/press", tid,
                     m->id);
            m->sent = bench_now_ms();
            if (m->sent - m->due > 50)
                late_sends++;
            conn_send(c, "POST", path, m->running ? "{\"side\": \"b\"}" : "{\"side\": \"a\"}");
            c->match = i;
            m->in_flight = 1;
            m->replied = m->got = 0;
            m->due += PERIOD_MS;
            sent++;
            outstanding++;
        }
        if (now >= stop_at && !outstanding && !qn)
            break;
        if (now >= stop_at + EVENT_TIMEOUT_MS + 2000) {
            fprintf(stderr, "bench_clock: %d presses still outstanding\n", outstanding);
            errors += outstanding;
            break;
        }
        /* sleep until the next due press or some input */
        double next = stop_at;
        for (int i = 0; i < MATCHES; i++)
            if (!ms[i].in_flight && !ms[i].queued && ms[i].due < next)
                next = ms[i].due;
        int wait = qn ? 0 : (int)(next - bench_now_ms());
        if (wait < 0)
            wait = 0;
        if (wait > 50)
            wait = 50;
        int n = epoll_wait(ep, evs, 64, wait);
        for (int e = 0; e < n; e++) {
            uint32_t who = evs[e].data.u32;
            if (who == 1000) {
                stream_read(&st);
                double at = bench_now_ms();
                while (stream_frame(&st, type, sizeof type, data, sizeof data)) {
                    if (strcmp(type, "clock"))
                        continue;
                    json_t *j = json_loads(data, 0, NULL);
                    json_t *c = json_object_get(j, "clock");
                    long long mid = json_integer_value(json_object_get(c, "match_id"));
                    const char *run = json_string_value(json_object_get(c, "running"));
                    int i = mid > 0 && mid < by_id_cap ? by_id[mid] : -1;
                    if (i >= 0 && run) {
                        struct match *m = &ms[i];
                        /* the press of side s leaves the other side running */
                        int now_running = !strcmp(run, "b");
                        if (m->in_flight && !m->got && now_running != m->running) {
                            lat[nlat++] = at - m->sent;
                            m->got = 1;
                            if (m->replied) {
                                m->in_flight = 0;
                                m->running = now_running;
                                outstanding--;
                            }
                        }
                    }
                    json_decref(j);
                }
                continue;
            }
            struct conn *c = &cs[who];
            int status;
            const char *out;
            int fd = c->fd;
            if (fd < 0 || !c->busy) {
                char junk[256];
                if (fd >= 0 && read(fd, junk, sizeof junk) <= 0) {
                    epoll_ctl(ep, EPOLL_CTL_DEL, fd, NULL);
                    close(fd);
                    c->fd = -1;
                }
                continue;
            }
            if (!conn_read(c, &status, &out))
                continue;
            if (c->fd < 0)
                epoll_ctl(ep, EPOLL_CTL_DEL, fd, NULL); /* closed by conn_read */
            struct match *m = &ms[c->match];
            if (status != 200) {
                fprintf(stderr, "bench_clock: press on match %lld: %d %s\n", m->id, status, out);
                errors++;
                m->in_flight = 0;
                outstanding--;
                continue;
            }
            m->replied = 1;
            if (m->got) {
                m->in_flight = 0;
                m->running = !m->running;
                outstanding--;
            }
        }
    }
    if (nlat == 0)
        bench_fail("no press latency measured");
    double p99 = bench_p99(lat, nlat);
    fprintf(stderr,
            "bench_clock: %d presses sent, %d events timed, p50 %.1f ms, p99 %.1f ms, max %.1f ms; "
            "%d sent more than 50 ms late, %d refused, %d events missing\n",
            sent, nlat, lat[nlat / 2], p99, lat[nlat - 1], late_sends, errors, missing);
    printf("bench clock.press_p99_ms %.1f ms\n", p99);
    fflush(stdout);
    for (int k = 0; k < CONNS; k++)
        if (cs[k].fd >= 0)
            close(cs[k].fd);
    close(st.fd);
    bench_stop(&srv);
    free(by_id);
    return errors || missing ? 1 : 0;
}
