/* The clock suites' fixture (test_http_clock.c, test_http_penalties.c): a tournament with
 * its settings, a match between a and b and an outsider c, their sessions; requests on the
 * match, refusals checked to change nothing (the clock, the match, the penalties), and the
 * event stream read from a raw socket. */
#include "clock_fx.h"

#include <arpa/inet.h>
#include <check.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

long long wall_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static long long mono_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

void sleep_ms(long ms)
{
    usleep((useconds_t)ms * 1000);
}

static void player_login(struct srv *as, long long tid, long long pid, const char *pin)
{
    srv_player_login(as, &S, tid, pid, pin);
}

static long long register_player(long long tid, const char *name, char pin[8])
{
    return make_player_pin(&S, tid, name, pin);
}

/* settings: the PATCH body of the tournament (clock, lateness, break_table), or NULL for
 * the defaults; call: whether the match is called to a table (the usual case). */
void clock_setup(struct fx *f, int length, const char *settings, int call)
{
    memset(f, 0, sizeof *f);
    f->length = length;
    f->tid = make_tournament(&S, "Clocks");
    char path[160];
    struct res r;
    if (settings) {
        snprintf(path, sizeof path, "/api/v1/tournaments/%lld", f->tid);
        td(&S, "PATCH", path, settings, &r);
        ck_assert_msg(r.status == 200, "settings %s: %ld %s", settings, r.status, r.body);
        res_free(&r);
    }
    char pin_a[8], pin_b[8], pin_c[8];
    f->pa = register_player(f->tid, "Anna", pin_a);
    f->pb = register_player(f->tid, "Bruno", pin_b);
    f->pc = register_player(f->tid, "Carla", pin_c);
    f->mid = make_match(&S, f->tid, f->pa, f->pb, length);
    if (call) {
        snprintf(path, sizeof path, "/api/v1/tournaments/%lld/matches/%lld/call", f->tid, f->mid);
        td(&S, "POST", path, "{\"table\": \"1\"}", &r);
        ck_assert_msg(r.status == 200, "call: %ld %s", r.status, r.body);
        ck_assert_str_eq(jstr(&r, "state"), "called");
        res_free(&r);
    }
    player_login(&f->a, f->tid, f->pa, pin_a);
    player_login(&f->b, f->tid, f->pb, pin_b);
    player_login(&f->c, f->tid, f->pc, pin_c);
    f->anon = S;
    f->anon.cookie[0] = 0;
}

/* A request on the match as `as` (the TD: &S; a player: &f->a...): cookie, X-Crawford. */
void op(struct srv *as, const struct fx *f, const char *method, const char *tail, const char *body,
        struct res *r)
{
    match_op(as, f->tid, f->mid, method, tail, body, r);
}

/* The clock object of a reply: the body itself, or its "clock" member if it is wrapped. */
json_t *clock_of(json_t *j)
{
    json_t *c = json_object_get(j, "clock");
    return json_is_object(c) ? c : j;
}

json_t *sd(json_t *clock, const char *side)
{
    return json_object_get(json_object_get(clock, "sides"), side);
}

long long side_int(json_t *clock, const char *side, const char *key)
{
    json_t *v = json_object_get(sd(clock, side), key);
    ck_assert_msg(json_is_integer(v), "sides.%s.%s is not an integer", side, key);
    return json_integer_value(v);
}

long long cint(json_t *clock, const char *key)
{
    json_t *v = json_object_get(clock, key);
    ck_assert_msg(json_is_integer(v), "clock.%s is not an integer", key);
    return json_integer_value(v);
}

/* A string member, "null" for JSON null, "" when absent. */
const char *cstr(json_t *j, const char *key)
{
    json_t *v = json_object_get(j, key);
    if (json_is_null(v))
        return "null";
    return json_is_string(v) ? json_string_value(v) : "";
}

static void get_clock(const struct fx *f, struct res *r)
{
    op((struct srv *)&S, f, "GET", "clock", NULL, r);
    ck_assert_msg(r->status == 200, "GET clock: %ld %s", r->status, r->body);
}

void get_match(const struct fx *f, struct res *r)
{
    op(&S, f, "GET", "", NULL, r);
    ck_assert_msg(r->status == 200, "GET match: %ld %s", r->status, r->body);
}

/* The JSON of the TD's GET of the match's tail, a 200 (a copy of its own, to json_decref). */
json_t *get_json(const struct fx *f, const char *tail)
{
    struct res r;
    op(&S, f, "GET", tail, NULL, &r);
    ck_assert_msg(r.status == 200, "GET %s: %ld %s", tail, r.status, r.body);
    json_t *j = json_deep_copy(r.json);
    res_free(&r);
    return j;
}

/* The tournament's audit entries as the TD reads them (a new reference). */
json_t *audit_entries(const struct fx *f)
{
    char path[160];
    struct res r;
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/audit?limit=1000", f->tid);
    td(&S, "GET", path, NULL, &r);
    ck_assert_msg(r.status == 200, "the audit log: %ld %s", r.status, r.body);
    json_t *e = json_incref(json_object_get(r.json, "entries"));
    res_free(&r);
    return e;
}

long long score_of(json_t *match, const char *side)
{
    return json_integer_value(json_object_get(json_object_get(match, "score"), side));
}

long long pen_points_of(json_t *match, const char *side)
{
    json_t *pp = json_object_get(match, "penalty_points");
    ck_assert_msg(json_is_object(pp), "the match has no penalty_points object");
    return json_integer_value(json_object_get(pp, side));
}

/* The TD confirms b's lateness points. */
void confirm_b_late(const struct fx *f)
{
    struct res r;
    op(&S, f, "POST", "lateness/confirm", "{\"side\": \"b\"}", &r);
    ck_ok(&r, "confirm b's lateness");
    res_free(&r);
}

/* ---- refusals ---- */

void not_your_match(const struct res *r, const char *what)
{
    assert_refused(r, 403, NULL, what);
    const char *t = jstr(r, "type");
    size_t n = strlen(t), k = strlen("not-your-match");
    ck_assert_msg(n >= k && !strcmp(t + n - k, "not-your-match"), "%s: type %s", what, t);
}

/* The problem's type ends with the slug (e.g. "mid-game"); its detail holds `sentence`. */
static void problem_says(const struct res *r, const char *slug, const char *sentence,
                         const char *what)
{
    const char *t = jstr(r, "type");
    size_t n = strlen(t), k = strlen(slug);
    ck_assert_msg(n >= k && !strcmp(t + n - k, slug) && (n == k || t[n - k - 1] == '/'),
                  "%s: type %s, expected .../%s", what, t, slug);
    ck_assert_msg(strstr(jstr(r, "detail"), sentence), "%s: the detail does not say \"%s\": %s",
                  what, sentence, r->body);
}

/* What must not change on a refusal: the clock without its moment of reading (and without
 * the running side's live values, which move with time; since_ms pins the turn down). */
static json_t *clock_snapshot(const struct fx *f)
{
    struct res r;
    op(&S, f, "GET", "clock", NULL, &r);
    json_t *c;
    if (r.status == 404) {
        c = json_pack("{s:s}", "absent", jstr(&r, "title"));
    } else {
        ck_assert_msg(r.status == 200, "GET clock: %ld %s", r.status, r.body);
        c = json_deep_copy(clock_of(r.json));
        json_object_del(c, "server_time_ms");
        if (!strcmp(cstr(c, "state"), "running")) {
            json_t *s = sd(c, cstr(c, "running"));
            json_object_del(s, "bank_ms");
            json_object_del(s, "delay_ms");
            json_object_del(s, "second_bank_ms");
        }
    }
    res_free(&r);
    return c;
}

/* The match's result fields and the penalties list. */
static json_t *match_snapshot(const struct fx *f)
{
    struct res r;
    get_match(f, &r);
    json_t *m =
        json_pack("{s:O, s:O, s:O, s:O}", "state", json_object_get(r.json, "state"), "score",
                  json_object_get(r.json, "score"), "winner", json_object_get(r.json, "winner"),
                  "penalty_points", json_object_get(r.json, "penalty_points"));
    res_free(&r);
    op(&S, f, "GET", "penalties", NULL, &r);
    json_object_set_new(m, "penalties_status", json_integer(r.status));
    if (r.status == 200)
        json_object_set(m, "penalties", json_object_get(r.json, "penalties"));
    res_free(&r);
    return m;
}

json_t *clock_and_match(const struct fx *f)
{
    return json_pack("{s:o, s:o}", "clock", clock_snapshot(f), "match", match_snapshot(f));
}

void unchanged(const struct fx *f, json_t *before, const char *what)
{
    json_t *now = clock_and_match(f);
    if (!json_equal(before, now)) {
        char *a = json_dumps(before, JSON_COMPACT | JSON_SORT_KEYS);
        char *b = json_dumps(now, JSON_COMPACT | JSON_SORT_KEYS);
        ck_abort_msg("%s changed something:\n before %s\n after  %s", what, a, b);
    }
    json_decref(now);
}

/* One refused request, checked for status, problem, name and no change. */
void refuse_op(struct srv *as, const struct fx *f, const char *method, const char *tail,
               const char *body, long status, const char *name, const char *what)
{
    json_t *before = clock_and_match(f);
    struct res r;
    op(as, f, method, tail, body, &r);
    assert_refused(&r, status, name, what);
    res_free(&r);
    unchanged(f, before, what);
    json_decref(before);
}

/* As refuse, and the problem's type slug and a sentence of its detail. */
void refuse_op_says(struct srv *as, const struct fx *f, const char *method, const char *tail,
                    const char *body, long status, const char *name, const char *slug,
                    const char *sentence, const char *what)
{
    json_t *before = clock_and_match(f);
    struct res r;
    op(as, f, method, tail, body, &r);
    assert_refused(&r, status, name, what);
    problem_says(&r, slug, sentence, what);
    res_free(&r);
    unchanged(f, before, what);
    json_decref(before);
}

/* A clock call that must succeed; returns the clock (a new reference). */
json_t *clk(struct srv *as, const struct fx *f, const char *tail, const char *body)
{
    struct res r;
    op(as, f, "POST", tail, body, &r);
    ck_assert_msg(is_2xx(&r), "POST %s %s: %ld %s", tail, body ? body : "", r.status, r.body);
    json_t *c = json_incref(clock_of(r.json));
    res_free(&r);
    ck_assert_msg(json_is_object(json_object_get(c, "sides")), "POST %s: no clock in the reply",
                  tail);
    return c;
}

json_t *clock_now(const struct fx *f)
{
    struct res r;
    get_clock(f, &r);
    json_t *c = json_incref(clock_of(r.json));
    res_free(&r);
    return c;
}

void stream_open(struct stream *st, long long tid, const char *last_id)
{
    memset(st, 0, sizeof *st);
    st->fd = socket(AF_INET, SOCK_STREAM, 0);
    ck_assert_int_ge(st->fd, 0);
    struct sockaddr_in a;
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_port = htons((uint16_t)S.port);
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    ck_assert_int_eq(connect(st->fd, (struct sockaddr *)&a, sizeof a), 0);
    char rq[400];
    int n = snprintf(rq, sizeof rq,
                     "GET /api/v1/tournaments/%lld/events HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                     "Accept: text/event-stream\r\n%s%s%s\r\n",
                     tid, last_id ? "Last-Event-ID: " : "", last_id ? last_id : "",
                     last_id ? "\r\n" : "");
    ck_assert_int_eq(write(st->fd, rq, (size_t)n), n);
}

void stream_close(struct stream *st)
{
    if (st->fd >= 0)
        close(st->fd);
    st->fd = -1;
}

static void text_add(struct stream *st, const char *p, size_t n)
{
    if (st->tn + n >= sizeof st->text)
        n = sizeof st->text - 1 - st->tn;
    memcpy(st->text + st->tn, p, n);
    st->tn += n;
    st->text[st->tn] = 0;
}

/* Moves what arrived in raw into text, undoing the chunked framing. */
static void dechunk(struct stream *st)
{
    size_t i = 0;
    if (!st->body) {
        char *e = memmem(st->raw, st->rn, "\r\n\r\n", 4);
        if (!e)
            return;
        *e = 0;
        st->chunked = strcasestr(st->raw, "chunked") != NULL;
        ck_assert_msg(!strncmp(st->raw, "HTTP/1.1 200", 12), "event stream: %s", st->raw);
        st->body = 1;
        i = (size_t)(e - st->raw) + 4;
    }
    while (i < st->rn) {
        if (!st->chunked) {
            text_add(st, st->raw + i, st->rn - i);
            i = st->rn;
        } else if (st->in_chunk) {
            size_t k = st->rn - i < (size_t)st->chunk_left ? st->rn - i : (size_t)st->chunk_left;
            text_add(st, st->raw + i, k);
            i += k;
            st->chunk_left -= (long)k;
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
            if (!st->chunk_left) {
                st->ended = 1;
                i = st->rn;
            } else {
                st->in_chunk = 1;
            }
        }
    }
    memmove(st->raw, st->raw + i, st->rn - i);
    st->rn -= i;
}

/* Reads what arrives within ms milliseconds (0: only what is there). */
void stream_pump(struct stream *st, int ms)
{
    struct pollfd p = {.fd = st->fd, .events = POLLIN};
    if (st->ended || poll(&p, 1, ms) <= 0)
        return;
    ssize_t k = read(st->fd, st->raw + st->rn, sizeof st->raw - st->rn);
    if (k <= 0) {
        st->ended = 1;
        return;
    }
    st->rn += (size_t)k;
    dechunk(st);
}

/* The next complete event in text: its type and parsed data (NULL when none yet). */
static json_t *stream_take(struct stream *st, char *type, size_t tlen)
{
    for (;;) {
        char *end = strstr(st->text, "\n\n");
        if (!end)
            return NULL;
        *end = 0;
        type[0] = 0;
        json_t *data = NULL;
        for (char *line = st->text; line && *line;) {
            char *nl = strchr(line, '\n');
            if (nl)
                *nl = 0;
            if (!strncmp(line, "event: ", 7))
                snprintf(type, tlen, "%s", line + 7);
            else if (!strncmp(line, "data: ", 6))
                data = json_loads(line + 6, 0, NULL);
            line = nl ? nl + 1 : NULL;
        }
        size_t used = (size_t)(end - st->text) + 2;
        memmove(st->text, st->text + used, st->tn - used + 1);
        st->tn -= used;
        if (type[0] && data)
            return data;
        json_decref(data);
    }
}

/* Waits up to ms for an event the predicate accepts; returns its data (new reference). */
json_t *stream_wait(struct stream *st, event_pred pred, const void *ctx, int ms)
{
    long long deadline = mono_ms() + ms;
    for (;;) {
        char type[64];
        json_t *d;
        while ((d = stream_take(st, type, sizeof type))) {
            if (pred(type, d, ctx))
                return d;
            json_decref(d);
        }
        long long left = deadline - mono_ms();
        if (left <= 0 || st->ended)
            return NULL;
        stream_pump(st, (int)left);
    }
}

int is_clock_event(const char *type, json_t *data, const void *ctx)
{
    const struct clock_want *w = ctx;
    json_t *c = json_object_get(data, "clock");
    return !strcmp(type, "clock") && json_integer_value(json_object_get(c, "match_id")) == w->mid &&
           !strcmp(cstr(c, "state"), w->state);
}

int is_match_event(const char *type, json_t *data, const void *ctx)
{
    const struct clock_want *w = ctx;
    json_t *m = json_object_get(data, "match");
    return !strncmp(type, "match", 5) && json_integer_value(json_object_get(m, "id")) == w->mid &&
           !strcmp(cstr(m, "state"), w->state);
}

int is_type_for_match(const char *type, json_t *data, const void *ctx)
{
    const struct clock_want *w = ctx; /* state: the event type here */
    json_t *o = json_object_get(data, type);
    return !strcmp(type, w->state) && json_integer_value(json_object_get(o, "match_id")) == w->mid;
}

/* A replay of the tournament's stream from its start holds an event that pred accepts for
 * the match and state; missing says what was not found. */
void replayed(const struct fx *f, event_pred pred, const char *state, const char *missing)
{
    struct stream st;
    stream_open(&st, f->tid, "0");
    struct clock_want want = {f->mid, state};
    json_t *ev = stream_wait(&st, pred, &want, WAIT_MS);
    ck_assert_msg(ev != NULL, "%s", missing);
    json_decref(ev);
    stream_close(&st);
}
