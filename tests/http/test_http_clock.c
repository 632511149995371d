/* HTTP tests of match clocks, lateness, breaks and penalties (issue 8; DOMAIN.md CLK-1..7,
 * PEN-1..5, MATCH-5) against a real `crawford serve`, by the contract in clock_contract.md.
 * Every refusal is checked three ways: the status, a problem+json body naming the field or
 * the rule, and nothing changed (the clock, the match, the penalties read again). Short banks
 * (1 s a point, 0-1 s delay) make flags and bank arithmetic observable in a few seconds. */
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

#include "support/harness.h"
#include "../check_main.h"

/* The restart test runs its own server in the test's process (a server is stopped and
 * waited for by its parent). Each server it launches is listed here ("pid folder" lines) so
 * the fixture, in the parent, ends it by its id and removes its folder if the test stops
 * early. */
static char registry[64];

static void up_restart(void)
{
    snprintf(registry, sizeof registry, "/tmp/crawford-clock-reg-XXXXXX");
    int fd = mkstemp(registry);
    ck_assert_int_ge(fd, 0);
    close(fd);
}

static void register_server(const struct srv *s)
{
    FILE *f = fopen(registry, "a");
    ck_assert_ptr_nonnull(f);
    fprintf(f, "%d %s\n", (int)s->pid, s->dir);
    fclose(f);
}

static void down_restart(void)
{
    FILE *f = fopen(registry, "r");
    int pid;
    char dir[256];
    while (f && fscanf(f, "%d %255s", &pid, dir) == 2) {
        /* only a server still running on that folder */
        char path[64], cmd[1024] = "";
        snprintf(path, sizeof path, "/proc/%d/cmdline", pid);
        FILE *c = fopen(path, "r");
        if (c) {
            size_t n = fread(cmd, 1, sizeof cmd - 1, c);
            for (size_t i = 0; i < n; i++)
                if (!cmd[i])
                    cmd[i] = ' ';
            cmd[n] = 0;
            fclose(c);
        }
        if (pid > 1 && strstr(cmd, dir) && strstr(cmd, " serve "))
            kill(pid, SIGTERM);
        char rm[400];
        snprintf(rm, sizeof rm, "sleep 0.5; rm -rf '%s'", dir);
        if (!strncmp(dir, "/tmp/crawford-test-", 19) && system(rm) != 0)
            fprintf(stderr, "could not remove %s\n", dir);
    }
    if (f)
        fclose(f);
    remove(registry);
}

static long long wall_ms(void)
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

static void sleep_ms(long ms)
{
    usleep((useconds_t)ms * 1000);
}

/* ---- fixture: a tournament with its settings, a match between a and b, an outsider c ---- */

struct fx {
    long long tid, pa, pb, pc, mid;
    int length;
    struct srv a, b, c; /* player sessions: a and b play the match, c plays elsewhere */
    struct srv anon;    /* no session at all */
};

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
static void setup(struct fx *f, int length, const char *settings, int call)
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
static void op(struct srv *as, const struct fx *f, const char *method, const char *tail,
               const char *body, struct res *r)
{
    match_op(as, f->tid, f->mid, method, tail, body, r);
}

/* The clock object of a reply: the body itself, or its "clock" member if it is wrapped. */
static json_t *clock_of(json_t *j)
{
    json_t *c = json_object_get(j, "clock");
    return json_is_object(c) ? c : j;
}

static json_t *sd(json_t *clock, const char *side)
{
    return json_object_get(json_object_get(clock, "sides"), side);
}

static long long side_int(json_t *clock, const char *side, const char *key)
{
    json_t *v = json_object_get(sd(clock, side), key);
    ck_assert_msg(json_is_integer(v), "sides.%s.%s is not an integer", side, key);
    return json_integer_value(v);
}

static long long cint(json_t *clock, const char *key)
{
    json_t *v = json_object_get(clock, key);
    ck_assert_msg(json_is_integer(v), "clock.%s is not an integer", key);
    return json_integer_value(v);
}

/* A string member, "null" for JSON null, "" when absent. */
static const char *cstr(json_t *j, const char *key)
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

static void get_match(const struct fx *f, struct res *r)
{
    op(&S, f, "GET", "", NULL, r);
    ck_assert_msg(r->status == 200, "GET match: %ld %s", r->status, r->body);
}

/* The JSON of the TD's GET of the match's tail, a 200 (a copy of its own, to json_decref). */
static json_t *get_json(const struct fx *f, const char *tail)
{
    struct res r;
    op(&S, f, "GET", tail, NULL, &r);
    ck_assert_msg(r.status == 200, "GET %s: %ld %s", tail, r.status, r.body);
    json_t *j = json_deep_copy(r.json);
    res_free(&r);
    return j;
}

/* The tournament's audit entries as the TD reads them (a new reference). */
static json_t *audit_entries(const struct fx *f)
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

static long long score_of(json_t *match, const char *side)
{
    return json_integer_value(json_object_get(json_object_get(match, "score"), side));
}

static long long pen_points_of(json_t *match, const char *side)
{
    json_t *pp = json_object_get(match, "penalty_points");
    ck_assert_msg(json_is_object(pp), "the match has no penalty_points object");
    return json_integer_value(json_object_get(pp, side));
}

static int is_2xx(const struct res *r)
{
    return r->status >= 200 && r->status < 300;
}

#define ck_ok(r, what) ck_assert_msg(is_2xx(r), "%s: %ld %s", (what), (r)->status, (r)->body)

/* The TD confirms b's lateness points. */
static void confirm_b_late(const struct fx *f)
{
    struct res r;
    op(&S, f, "POST", "lateness/confirm", "{\"side\": \"b\"}", &r);
    ck_ok(&r, "confirm b's lateness");
    res_free(&r);
}

/* ---- refusals ---- */

static void not_your_match(const struct res *r, const char *what)
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

static json_t *snapshot(const struct fx *f)
{
    return json_pack("{s:o, s:o}", "clock", clock_snapshot(f), "match", match_snapshot(f));
}

static void unchanged(const struct fx *f, json_t *before, const char *what)
{
    json_t *now = snapshot(f);
    if (!json_equal(before, now)) {
        char *a = json_dumps(before, JSON_COMPACT | JSON_SORT_KEYS);
        char *b = json_dumps(now, JSON_COMPACT | JSON_SORT_KEYS);
        ck_abort_msg("%s changed something:\n before %s\n after  %s", what, a, b);
    }
    json_decref(now);
}

/* One refused request, checked for status, problem, name and no change. */
static void refuse(struct srv *as, const struct fx *f, const char *method, const char *tail,
                   const char *body, long status, const char *name, const char *what)
{
    json_t *before = snapshot(f);
    struct res r;
    op(as, f, method, tail, body, &r);
    assert_refused(&r, status, name, what);
    res_free(&r);
    unchanged(f, before, what);
    json_decref(before);
}

/* As refuse, and the problem's type slug and a sentence of its detail. */
static void refuse_as(struct srv *as, const struct fx *f, const char *method, const char *tail,
                      const char *body, long status, const char *name, const char *slug,
                      const char *sentence, const char *what)
{
    json_t *before = snapshot(f);
    struct res r;
    op(as, f, method, tail, body, &r);
    assert_refused(&r, status, name, what);
    problem_says(&r, slug, sentence, what);
    res_free(&r);
    unchanged(f, before, what);
    json_decref(before);
}

/* A clock call that must succeed; returns the clock (a new reference). */
static json_t *clk(struct srv *as, const struct fx *f, const char *tail, const char *body)
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

static json_t *clock_now(const struct fx *f)
{
    struct res r;
    get_clock(f, &r);
    json_t *c = json_incref(clock_of(r.json));
    res_free(&r);
    return c;
}

/* ---- the event stream: a raw socket, HTTP/1.1 chunked or not, SSE frames ---- */

struct stream {
    int fd;
    int body, chunked, in_chunk, need_crlf, ended;
    long chunk_left;
    char raw[65536];
    size_t rn;
    char text[262144];
    size_t tn;
};

static void stream_open(struct stream *st, long long tid, const char *last_id)
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

static void stream_close(struct stream *st)
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
static void stream_pump(struct stream *st, int ms)
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

typedef int (*event_pred)(const char *type, json_t *data, const void *ctx);

/* Waits up to ms for an event the predicate accepts; returns its data (new reference). */
static json_t *stream_wait(struct stream *st, event_pred pred, const void *ctx, int ms)
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

struct clock_want {
    long long mid;
    const char *state;
};

static int is_clock_event(const char *type, json_t *data, const void *ctx)
{
    const struct clock_want *w = ctx;
    json_t *c = json_object_get(data, "clock");
    return !strcmp(type, "clock") && json_integer_value(json_object_get(c, "match_id")) == w->mid &&
           !strcmp(cstr(c, "state"), w->state);
}

static int is_match_event(const char *type, json_t *data, const void *ctx)
{
    const struct clock_want *w = ctx;
    json_t *m = json_object_get(data, "match");
    return !strncmp(type, "match", 5) && json_integer_value(json_object_get(m, "id")) == w->mid &&
           !strcmp(cstr(m, "state"), w->state);
}

static int is_type_for_match(const char *type, json_t *data, const void *ctx)
{
    const struct clock_want *w = ctx; /* state: the event type here */
    json_t *o = json_object_get(data, type);
    return !strcmp(type, w->state) && json_integer_value(json_object_get(o, "match_id")) == w->mid;
}

/* A replay of the tournament's stream from its start holds an event that pred accepts for
 * the match and state; missing says what was not found. */
static void replayed(const struct fx *f, event_pred pred, const char *state, const char *missing)
{
    struct stream st;
    stream_open(&st, f->tid, "0");
    struct clock_want want = {f->mid, state};
    json_t *ev = stream_wait(&st, pred, &want, WAIT_MS);
    ck_assert_msg(ev != NULL, "%s", missing);
    json_decref(ev);
    stream_close(&st);
}

/* ==================================================================================== */

/* CLK-2, CLK-4: no clock until a game starts; the first start by a player creates it from
 * the tournament's settings (bank = length x bank per point) and the match is playing. */
START_TEST(test_CLK4_start_creates_clock_from_settings)
{
    struct fx f;
    setup(&f, 5,
          "{\"clock\": {\"mode\": \"delay\", \"bank_per_point_s\": 60, \"delay_s\": 12, "
          "\"split_first_per_point_s\": 0}}",
          1);
    struct res r;
    op(&f.anon, &f, "GET", "clock", NULL, &r);
    assert_refused(&r, 404, NULL, "GET clock with none");
    ck_assert_str_eq(jstr(&r, "title"), "No clock");
    res_free(&r);
    /* a bad start creates nothing */
    refuse(&f.a, &f, "POST", "clock/start", "{\"lower_die\": \"c\"}", 422, "lower_die",
           "start with lower_die c");
    refuse(&f.a, &f, "POST", "clock/start", "{}", 422, "lower_die", "start without lower_die");
    refuse(&f.c, &f, "POST", "clock/start", "{\"lower_die\": \"a\"}", 403, NULL,
           "start by a player of another match");
    refuse(&f.anon, &f, "POST", "clock/start", "{\"lower_die\": \"a\"}", 401, NULL,
           "start with no session");

    long long t0 = wall_ms();
    json_t *c = clk(&f.a, &f, "clock/start", "{\"lower_die\": \"a\"}");
    /* CLK-4: the side with the lower opening die starts the other side's time */
    ck_assert_int_eq(cint(c, "match_id"), f.mid);
    ck_assert_str_eq(cstr(c, "mode"), "delay");
    ck_assert_str_eq(cstr(c, "state"), "running");
    ck_assert_str_eq(cstr(c, "running"), "b");
    ck_assert_str_eq(cstr(c, "paused_reason"), "null");
    ck_assert_str_eq(cstr(c, "cube"), "null");
    ck_assert_str_eq(cstr(c, "flagged"), "null");
    ck_assert(json_is_false(json_object_get(c, "flag_reversed")));
    /* CLK-2: 5 points x 60 s; the running side's bank waits for its 12 s delay */
    ck_assert_int_eq(side_int(c, "a", "bank_ms"), 300000);
    ck_assert_int_eq(side_int(c, "b", "bank_ms"), 300000);
    ck_assert_int_eq(side_int(c, "a", "delay_ms"), 12000);
    ck_assert_int_le(side_int(c, "b", "delay_ms"), 12000);
    ck_assert_int_gt(side_int(c, "b", "delay_ms"), 10000);
    ck_assert_int_eq(side_int(c, "a", "second_bank_ms"), 0);
    ck_assert(json_is_false(json_object_get(sd(c, "a"), "lose_next_delay")));
    json_t *set = json_object_get(c, "settings");
    ck_assert_int_eq(json_integer_value(json_object_get(set, "bank_per_point_ms")), 60000);
    ck_assert_int_eq(json_integer_value(json_object_get(set, "delay_ms")), 12000);
    ck_assert_int_eq(json_integer_value(json_object_get(set, "split_first_per_point_ms")), 0);
    long long since = cint(c, "since_ms");
    ck_assert_int_ge(since, t0 - 1000);
    ck_assert_int_le(since, wall_ms() + 1000);
    ck_assert_int_ge(cint(c, "server_time_ms"), since);
    json_decref(c);
    /* the match is playing */
    get_match(&f, &r);
    ck_assert_str_eq(jstr(&r, "state"), "playing");
    res_free(&r);
    /* anyone who may read the tournament sees the clock (the venue display) */
    op(&f.anon, &f, "GET", "clock", NULL, &r);
    ck_assert_int_eq(r.status, 200);
    ck_assert_str_eq(cstr(clock_of(r.json), "running"), "b");
    res_free(&r);
    /* a game already running is not started again */
    refuse(&f.a, &f, "POST", "clock/start", "{\"lower_die\": \"a\"}", 409, "CLK-",
           "start while running");
    /* an unknown match */
    char path[160];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/matches/999999/clock", f.tid);
    td(&S, "GET", path, NULL, &r);
    assert_refused(&r, 404, NULL, "GET clock of no match");
    ck_assert_str_eq(jstr(&r, "title"), "No such match");
    res_free(&r);
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/matches/999999/clock/press", f.tid);
    td(&S, "POST", path, "{\"side\": \"a\"}", &r);
    assert_refused(&r, 404, NULL, "press on no match");
    ck_assert_str_eq(jstr(&r, "title"), "No such match");
    res_free(&r);
}
END_TEST

/* CLK-2: a split bank (first part per point, the rest as a second bank). */
START_TEST(test_CLK2_split_bank)
{
    struct fx f;
    setup(&f, 3, "{\"clock\": {\"bank_per_point_s\": 60, \"split_first_per_point_s\": 20}}", 1);
    json_t *c = clk(&S, &f, "clock/start", "{\"lower_die\": \"b\"}");
    ck_assert_str_eq(cstr(c, "running"), "a");
    ck_assert_int_eq(side_int(c, "b", "bank_ms"), 60000);
    ck_assert_int_eq(side_int(c, "b", "second_bank_ms"), 120000);
    ck_assert_int_eq(side_int(c, "a", "second_bank_ms"), 120000);
    ck_assert_int_eq(json_integer_value(json_object_get(json_object_get(c, "settings"),
                                                        "split_first_per_point_ms")),
                     20000);
    json_decref(c);
}
END_TEST

/* CLK-3 with MATCH-5: penalty points before the clock make the score 2-0 in a 5-point match;
 * the clock then gives each ((3 + 5) / 2) x 60 s = 240 s. */
START_TEST(test_CLK3_clock_introduced_mid_match)
{
    struct fx f;
    setup(&f, 5, "{\"clock\": {\"bank_per_point_s\": 60, \"delay_s\": 12}}", 1);
    struct res r;
    op(&S, &f, "POST", "penalties",
       "{\"side\": \"b\", \"kind\": \"points\", \"points\": 2, \"reason\": \"slow play\"}", &r);
    ck_assert_msg(r.status == 201, "penalty: %ld %s", r.status, r.body);
    res_free(&r);
    get_match(&f, &r);
    ck_assert_int_eq(score_of(r.json, "a"), 2);
    res_free(&r);
    json_t *c = clk(&S, &f, "clock/start", "{\"lower_die\": \"a\"}");
    ck_assert_int_eq(side_int(c, "a", "bank_ms"), 240000);
    ck_assert_int_eq(side_int(c, "b", "bank_ms"), 240000);
    json_decref(c);
}
END_TEST

/* CLK-1 simple delay, CLK-4 presses: the press switches the running side; a turn of u with
 * bank B and delay D leaves B - max(0, u - D), computed from the server's own times. */
START_TEST(test_CLK1_press_switches_and_bank_arithmetic)
{
    struct fx f;
    setup(&f, 3, "{\"clock\": {\"mode\": \"delay\", \"bank_per_point_s\": 60, \"delay_s\": 1}}", 1);
    json_t *c = clk(&S, &f, "clock/start", "{\"lower_die\": \"b\"}");
    ck_assert_str_eq(cstr(c, "running"), "a");
    long long since1 = cint(c, "since_ms");
    json_decref(c);
    sleep_ms(1500);
    /* the live values: a's delay is used up, its bank runs */
    c = clock_now(&f);
    long long u = cint(c, "server_time_ms") - since1;
    ck_assert_int_ge(u, 1500);
    ck_assert_int_eq(side_int(c, "a", "delay_ms"), 0);
    ck_assert_int_le(llabs(side_int(c, "a", "bank_ms") - (180000 - (u - 1000))), 2);
    ck_assert_int_eq(side_int(c, "b", "bank_ms"), 180000);
    ck_assert_int_eq(side_int(c, "b", "delay_ms"), 1000); /* b's next turn */
    json_decref(c);
    /* a presses: b runs; a keeps B - (u - D) */
    c = clk(&f.a, &f, "clock/press", "{\"side\": \"a\"}");
    ck_assert_str_eq(cstr(c, "state"), "running");
    ck_assert_str_eq(cstr(c, "running"), "b");
    long long since2 = cint(c, "since_ms");
    u = since2 - since1;
    ck_assert_int_ge(u, 1500);
    long long a_bank = side_int(c, "a", "bank_ms");
    ck_assert_int_le(llabs(a_bank - (180000 - (u - 1000))), 2);
    ck_assert_int_eq(side_int(c, "b", "bank_ms"), 180000);
    json_decref(c);
    /* b presses within its delay: nothing comes off its bank (unused delay is lost) */
    c = clk(&f.b, &f, "clock/press", "{\"side\": \"b\"}");
    ck_assert_str_eq(cstr(c, "running"), "a");
    long long since3 = cint(c, "since_ms");
    long long b_expect = 180000 - (since3 - since2 > 1000 ? since3 - since2 - 1000 : 0);
    ck_assert_int_le(llabs(side_int(c, "b", "bank_ms") - b_expect), 2);
    ck_assert_int_le(llabs(side_int(c, "a", "bank_ms") - a_bank), 2);
    /* a's new turn begins with the whole delay again */
    long long el = cint(c, "server_time_ms") - since3;
    if (el < 1000)
        ck_assert_int_le(llabs(side_int(c, "a", "delay_ms") - (1000 - el)), 2);
    json_decref(c);
}
END_TEST

/* CLK-1 Bronstein: the bank runs at once and the press gives back up to the delay. */
START_TEST(test_CLK1_bronstein)
{
    struct fx f;
    setup(&f, 1, "{\"clock\": {\"mode\": \"bronstein\", \"bank_per_point_s\": 60, \"delay_s\": 1}}",
          1);
    json_t *c = clk(&S, &f, "clock/start", "{\"lower_die\": \"a\"}");
    ck_assert_str_eq(cstr(c, "mode"), "bronstein");
    long long since = cint(c, "since_ms");
    json_decref(c);
    sleep_ms(400);
    c = clock_now(&f);
    long long u = cint(c, "server_time_ms") - since;
    ck_assert_int_ge(u, 400);
    if (u < 1000) {
        ck_assert_int_le(llabs(side_int(c, "b", "bank_ms") - (60000 - u)), 2);
        ck_assert_int_le(llabs(side_int(c, "b", "delay_ms") - u), 2); /* the give-back to come */
    }
    json_decref(c);
    sleep_ms(1100);
    c = clk(&f.b, &f, "clock/press", "{\"side\": \"b\"}");
    u = cint(c, "since_ms") - since;
    ck_assert_int_ge(u, 1500);
    ck_assert_int_le(llabs(side_int(c, "b", "bank_ms") - (60000 - (u - 1000))), 2);
    json_decref(c);
}
END_TEST

/* Every refusal on a running (then paused) clock: status, problem naming the field or the
 * rule, and nothing changed. */
START_TEST(test_refusals_change_nothing)
{
    struct fx f;
    setup(&f, 7, "{\"clock\": {\"bank_per_point_s\": 60, \"delay_s\": 12}}", 1);
    struct res r;
    json_t *c = clk(&f.a, &f, "clock/start", "{\"lower_die\": \"a\"}");
    ck_assert_str_eq(cstr(c, "running"), "b");
    json_decref(c);

    /* who may press: not a player of another match, not nobody, not for the other side */
    json_t *before = snapshot(&f);
    op(&f.c, &f, "POST", "clock/press", "{\"side\": \"b\"}", &r);
    not_your_match(&r, "press by a player of another match");
    res_free(&r);
    unchanged(&f, before, "press by a player of another match");
    json_decref(before);
    refuse(&f.anon, &f, "POST", "clock/press", "{\"side\": \"b\"}", 401, NULL,
           "press with no session");
    /* (a player of the match may press either half: one phone often serves as the clock
     * of the whole board; see the take below) */
    /* CLK-4: only the side whose time runs ends its turn */
    refuse(&f.a, &f, "POST", "clock/press", "{\"side\": \"a\"}", 409, "CLK-",
           "press by the side not running");
    refuse(&S, &f, "POST", "clock/press", "{\"side\": \"a\"}", 409, "CLK-",
           "TD press for the side not running");
    refuse(&f.b, &f, "POST", "clock/press", "{\"side\": \"c\"}", 422, "side", "press side c");
    refuse(&S, &f, "POST", "clock/press", "{}", 422, "side", "press without side");
    /* the cube (CLK-4): a double only by the running side; no take or drop without one */
    refuse(&f.a, &f, "POST", "clock/double", "{\"side\": \"a\"}", 409, "CLK-",
           "double by the side not running");
    refuse(&f.b, &f, "POST", "clock/take", "{\"side\": \"b\"}", 409, "CLK-", "take with no double");
    refuse(&f.b, &f, "POST", "clock/drop", "{\"side\": \"b\"}", 409, "CLK-", "drop with no double");
    /* CLK-5: a pause needs one of the allowed reasons */
    refuse(&f.a, &f, "POST", "clock/pause", "{}", 422, "reason", "pause without reason");
    refuse(&f.a, &f, "POST", "clock/pause", "{\"reason\": \"lunch\"}", 422, "reason",
           "pause for lunch");
    refuse(&f.a, &f, "POST", "clock/pause", "{\"reason\": 5}", 422, "reason",
           "pause with a number");
    refuse(&f.c, &f, "POST", "clock/pause", "{\"reason\": \"dispute\"}", 403, NULL,
           "pause by a player of another match");
    refuse(&f.anon, &f, "POST", "clock/pause", "{\"reason\": \"dispute\"}", 401, NULL,
           "pause with no session");
    refuse(&f.a, &f, "POST", "clock/resume", "{}", 409, "CLK-", "resume a running clock");
    /* PEN-4: no break in the middle of a game */
    refuse(&f.a, &f, "POST", "breaks", "{\"side\": \"a\"}", 409, "PEN-4",
           "break while the clock runs");

    /* paused for a dispute: no press, no second pause, no new game, no break */
    c = clk(&f.b, &f, "clock/pause", "{\"reason\": \"dispute\"}");
    ck_assert_str_eq(cstr(c, "state"), "paused");
    ck_assert_str_eq(cstr(c, "paused_reason"), "dispute");
    json_decref(c);
    refuse(&f.b, &f, "POST", "clock/press", "{\"side\": \"b\"}", 409, "CLK-",
           "press on a paused clock");
    refuse(&f.a, &f, "POST", "clock/pause", "{\"reason\": \"td\"}", 409, "CLK-",
           "pause a paused clock");
    refuse(&f.a, &f, "POST", "clock/start", "{\"lower_die\": \"a\"}", 409, "CLK-",
           "start on a clock paused mid-game");
    refuse(&f.a, &f, "POST", "breaks", "{\"side\": \"a\"}", 409, "PEN-4",
           "break while paused for a dispute");
    refuse(&f.c, &f, "POST", "clock/resume", "{}", 403, NULL,
           "resume by a player of another match");
    /* the side that was running runs again */
    c = clk(&f.a, &f, "clock/resume", "{}");
    ck_assert_str_eq(cstr(c, "state"), "running");
    ck_assert_str_eq(cstr(c, "running"), "b");
    ck_assert_str_eq(cstr(c, "paused_reason"), "null");
    json_decref(c);
}
END_TEST

/* CLK-4: double and press, take and press, drop pauses at the end of the game; the next
 * game starts with the opening roll. */
START_TEST(test_CLK4_double_take_drop_next_game)
{
    struct fx f;
    setup(&f, 7, "{\"clock\": {\"bank_per_point_s\": 60, \"delay_s\": 12}}", 1);
    json_t *c = clk(&S, &f, "clock/start", "{\"lower_die\": \"a\"}");
    ck_assert_str_eq(cstr(c, "running"), "b");
    json_decref(c);
    c = clk(&f.b, &f, "clock/double", "{\"side\": \"b\"}");
    ck_assert_str_eq(cstr(c, "running"), "a");
    ck_assert_str_eq(cstr(c, "cube"), "offered");
    json_decref(c);
    /* a double waits for take or drop */
    refuse(&f.a, &f, "POST", "clock/press", "{\"side\": \"a\"}", 409, "CLK-",
           "press while a double waits");
    refuse(&f.a, &f, "POST", "clock/double", "{\"side\": \"a\"}", 409, "CLK-",
           "redouble while a double waits");
    refuse(&S, &f, "POST", "clock/take", "{\"side\": \"b\"}", 409, "CLK-", "take by the doubler");
    /* b's phone is the clock of the board: a takes on it */
    c = clk(&f.b, &f, "clock/take", "{\"side\": \"a\"}");
    ck_assert_str_eq(cstr(c, "running"), "b");
    ck_assert_str_eq(cstr(c, "cube"), "null");
    ck_assert_str_eq(cstr(c, "state"), "running");
    json_decref(c);
    c = clk(&S, &f, "clock/double", "{\"side\": \"b\"}");
    ck_assert_str_eq(cstr(c, "cube"), "offered");
    json_decref(c);
    c = clk(&f.a, &f, "clock/drop", "{\"side\": \"a\"}");
    ck_assert_str_eq(cstr(c, "state"), "paused");
    ck_assert_str_eq(cstr(c, "paused_reason"), "end_of_game");
    ck_assert_str_eq(cstr(c, "cube"), "null");
    ck_assert_str_eq(cstr(c, "running"), "null");
    json_decref(c);
    /* between games: no resume, no press; the next game starts */
    refuse(&f.a, &f, "POST", "clock/resume", "{}", 409, "CLK-", "resume after a drop");
    refuse(&f.b, &f, "POST", "clock/press", "{\"side\": \"b\"}", 409, "CLK-", "press after a drop");
    c = clk(&f.b, &f, "clock/start", "{\"lower_die\": \"b\"}");
    ck_assert_str_eq(cstr(c, "state"), "running");
    ck_assert_str_eq(cstr(c, "running"), "a");
    ck_assert_str_eq(cstr(c, "paused_reason"), "null");
    json_decref(c);
    /* CLK-5: the end of a game by a pause */
    c = clk(&f.a, &f, "clock/pause", "{\"reason\": \"end_of_game\"}");
    ck_assert_str_eq(cstr(c, "paused_reason"), "end_of_game");
    json_decref(c);
    c = clk(&f.a, &f, "clock/start", "{\"lower_die\": \"a\"}");
    ck_assert_str_eq(cstr(c, "running"), "b");
    json_decref(c);
    struct res r;
    get_match(&f, &r);
    ck_assert_str_eq(jstr(&r, "state"), "playing");
    res_free(&r);
}
END_TEST

/* CLK-6: the TD records a premature pickup; the offender's next turn has no delay. */
START_TEST(test_CLK6_pickup_loses_next_delay)
{
    struct fx f;
    setup(&f, 3, "{\"clock\": {\"bank_per_point_s\": 60, \"delay_s\": 12}}", 1);
    json_t *c = clk(&S, &f, "clock/start", "{\"lower_die\": \"a\"}");
    json_decref(c);
    refuse(&f.a, &f, "POST", "clock/pickup", "{\"side\": \"b\"}", 403, NULL, "pickup by a player");
    refuse(&S, &f, "POST", "clock/pickup", "{\"side\": \"x\"}", 422, "side", "pickup side x");
    c = clk(&S, &f, "clock/pickup", "{\"side\": \"a\"}");
    ck_assert(json_is_true(json_object_get(sd(c, "a"), "lose_next_delay")));
    ck_assert(json_is_false(json_object_get(sd(c, "b"), "lose_next_delay")));
    json_decref(c);
    c = clk(&f.b, &f, "clock/press", "{\"side\": \"b\"}");
    ck_assert_str_eq(cstr(c, "running"), "a");
    ck_assert_int_eq(side_int(c, "a", "delay_ms"), 0);
    ck_assert(json_is_false(json_object_get(sd(c, "a"), "lose_next_delay")));
    json_decref(c);
    sleep_ms(300);
    c = clk(&f.a, &f, "clock/press", "{\"side\": \"a\"}");
    ck_assert_int_le(side_int(c, "a", "bank_ms"), 180000 - 300); /* no delay: the bank ran */
    json_decref(c);
    c = clk(&f.b, &f, "clock/press", "{\"side\": \"b\"}");
    ck_assert_int_gt(side_int(c, "a", "delay_ms"), 10000); /* only once */
    json_decref(c);
}
END_TEST

/* The TD's routes are the TD's: a player gets 403 (logged in, not as the TD), nobody 401
 * (log in first), and nothing changes. */
START_TEST(test_td_routes_refuse_players)
{
    struct fx f;
    setup(&f, 3, "{\"clock\": {\"bank_per_point_s\": 60, \"delay_s\": 12}}", 1);
    json_t *c = clk(&S, &f, "clock/start", "{\"lower_die\": \"a\"}");
    json_decref(c);
    struct srv *who[] = {&f.a, &f.anon};
    for (int i = 0; i < 2; i++) {
        const char *w = i ? "nobody" : "a player";
        int st = i ? 401 : 403; /* log in first; logged in, but not as the TD */
        char what[96];
        snprintf(what, sizeof what, "pickup by %s", w);
        refuse(who[i], &f, "POST", "clock/pickup", "{\"side\": \"b\"}", st, NULL, what);
        snprintf(what, sizeof what, "PUT clock by %s", w);
        refuse(who[i], &f, "PUT", "clock", "{\"a_bank_ms\": 1000, \"b_bank_ms\": 1000}", st, NULL,
               what);
        snprintf(what, sizeof what, "reverse-flag by %s", w);
        refuse(who[i], &f, "POST", "clock/reverse-flag", "{}", st, NULL, what);
        snprintf(what, sizeof what, "penalty by %s", w);
        refuse(who[i], &f, "POST", "penalties",
               "{\"side\": \"b\", \"kind\": \"points\", \"points\": 1, \"reason\": \"x\"}", st,
               NULL, what);
        snprintf(what, sizeof what, "lateness/confirm by %s", w);
        refuse(who[i], &f, "POST", "lateness/confirm", "{\"side\": \"b\"}", st, NULL, what);
        snprintf(what, sizeof what, "lateness/clock by %s", w);
        refuse(who[i], &f, "POST", "lateness/clock", "{\"side\": \"b\"}", st, NULL, what);
    }
}
END_TEST

/* CLK-7: with a 1-second bank the running side flags on its own (the server's tick, no
 * request in between): the match is forfeited to the other side, `clock` and match events
 * go out; every clock op is refused; the TD reverses the flag and sets the times. */
START_TEST(test_CLK7_flag_forfeits_and_reverse)
{
    struct fx f;
    setup(&f, 1, "{\"clock\": {\"mode\": \"delay\", \"bank_per_point_s\": 1, \"delay_s\": 0}}", 1);
    struct stream st;
    stream_open(&st, f.tid, NULL);
    for (int i = 0; i < WAIT_MS / 100 && !strstr(st.text, "retry"); i++)
        stream_pump(&st, 100);
    ck_assert_msg(strstr(st.text, "retry") != NULL, "the event stream did not open");
    json_t *c = clk(&S, &f, "clock/start", "{\"lower_die\": \"a\"}");
    ck_assert_str_eq(cstr(c, "running"), "b");
    ck_assert_int_eq(side_int(c, "b", "bank_ms"), 1000);
    long long since = cint(c, "since_ms");
    json_decref(c);
    /* no request until the flag is seen on the stream: the server finds it by itself */
    struct clock_want flagged = {f.mid, "flagged"};
    json_t *ev = stream_wait(&st, is_clock_event, &flagged, WAIT_MS);
    ck_assert_msg(ev != NULL, "no clock event with state flagged within a minute");
    json_t *ec = json_object_get(ev, "clock");
    ck_assert_str_eq(cstr(ec, "flagged"), "b");
    ck_assert_int_eq(side_int(ec, "b", "bank_ms"), 0);
    json_decref(ev);
    struct clock_want forfeited = {f.mid, "forfeited"};
    ev = stream_wait(&st, is_match_event, &forfeited, WAIT_MS);
    ck_assert_msg(ev != NULL, "no match event with state forfeited");
    ck_assert_str_eq(cstr(json_object_get(ev, "match"), "winner"), "a");
    json_decref(ev);
    stream_close(&st);

    c = clock_now(&f);
    ck_assert_str_eq(cstr(c, "state"), "flagged");
    ck_assert_str_eq(cstr(c, "flagged"), "b");
    ck_assert_str_eq(cstr(c, "running"), "null");
    ck_assert_int_eq(side_int(c, "b", "bank_ms"), 0);
    ck_assert_int_eq(side_int(c, "a", "bank_ms"), 1000);
    ck_assert_int_ge(cint(c, "server_time_ms"), since + 1000);
    json_decref(c);
    struct res r;
    get_match(&f, &r);
    ck_assert_str_eq(jstr(&r, "state"), "forfeited");
    ck_assert_str_eq(jstr(&r, "ended"), "time"); /* CLK-7 */
    ck_assert_str_eq(jstr(&r, "winner"), "a");
    ck_assert_int_eq(score_of(r.json, "a"), 1);
    /* the clock decided it, not the TD: the match's history and the audit log say so */
    json_t *hist = json_object_get(r.json, "history");
    json_t *last = json_array_get(hist, json_array_size(hist) - 1);
    ck_assert_str_eq(json_string_value(json_object_get(last, "state")), "forfeited");
    ck_assert_str_eq(json_string_value(json_object_get(last, "by")), "clock");
    res_free(&r);
    json_t *au = audit_entries(&f);
    int seen = 0;
    for (size_t i = 0; i < json_array_size(au); i++) {
        json_t *e = json_array_get(au, i);
        if (!strcmp(json_string_value(json_object_get(e, "action")), "match.flagged")) {
            ck_assert_str_eq(json_string_value(json_object_get(e, "actor")), "clock");
            seen++;
        }
    }
    json_decref(au);
    ck_assert_int_eq(seen, 1);

    /* a flagged clock on a finished match: every op but GET is refused */
    refuse(&S, &f, "POST", "clock/press", "{\"side\": \"b\"}", 409, NULL, "press after the flag");
    refuse(&f.b, &f, "POST", "clock/press", "{\"side\": \"b\"}", 409, NULL,
           "player press after the flag");
    refuse(&S, &f, "POST", "clock/start", "{\"lower_die\": \"a\"}", 409, NULL,
           "start after the flag");
    refuse(&S, &f, "POST", "clock/pause", "{\"reason\": \"td\"}", 409, NULL,
           "pause after the flag");
    refuse(&S, &f, "POST", "penalties",
           "{\"side\": \"b\", \"kind\": \"points\", \"points\": 1, \"reason\": \"late\"}", 409,
           NULL, "penalty points on a finished match");
    refuse(&f.b, &f, "POST", "clock/reverse-flag", "{}", 403, NULL, "reverse-flag by a player");

    /* CLK-7: b was otherwise guaranteed the win; the TD reverses the flag */
    c = clk(&S, &f, "clock/reverse-flag", "{}");
    ck_assert_str_eq(cstr(c, "state"), "paused");
    ck_assert_str_eq(cstr(c, "paused_reason"), "td");
    ck_assert(json_is_true(json_object_get(c, "flag_reversed")));
    json_decref(c);
    get_match(&f, &r);
    ck_assert_str_eq(jstr(&r, "state"), "playing");
    ck_assert_str_eq(cstr(r.json, "winner"), "null");
    ck_assert_int_eq(score_of(r.json, "a"), 0);
    ck_assert_int_eq(score_of(r.json, "b"), 0);
    res_free(&r);
    refuse(&S, &f, "POST", "clock/reverse-flag", "{}", 409, "CLK-7", "reverse a flag twice");
    /* b has no time left: resuming now would flag again at once */
    refuse(&S, &f, "POST", "clock/resume", "{}", 409, "CLK-7", "resume with no time left");

    /* the TD sets the times (CLK-7), refusing negative ones */
    refuse(&S, &f, "PUT", "clock", "{\"a_bank_ms\": -1, \"b_bank_ms\": 30000}", 422, "a_bank_ms",
           "PUT a negative a bank");
    refuse(&S, &f, "PUT", "clock", "{\"a_bank_ms\": 60000, \"b_bank_ms\": -5}", 422, "b_bank_ms",
           "PUT a negative b bank");
    refuse(&S, &f, "PUT", "clock", "{\"b_bank_ms\": 30000}", 422, "a_bank_ms",
           "PUT without a bank");
    refuse(&S, &f, "PUT", "clock", "{\"a_bank_ms\": 60000, \"b_bank_ms\": \"lots\"}", 422,
           "b_bank_ms", "PUT a bank as text");
    refuse(&S, &f, "PUT", "clock", "{\"a_bank_ms\": 60000, \"b_bank_ms\": 30000, \"mode\": \"x\"}",
           422, "mode", "PUT an unknown mode");
    refuse(&S, &f, "PUT", "clock", "{\"a_bank_ms\": 60000, \"b_bank_ms\": 30000, \"delay_ms\": -1}",
           422, "delay_ms", "PUT a negative delay");
    op(&S, &f, "PUT", "clock", "{\"a_bank_ms\": 60000, \"b_bank_ms\": 30000}", &r);
    ck_ok(&r, "PUT clock");
    c = clock_of(r.json);
    ck_assert_int_eq(side_int(c, "a", "bank_ms"), 60000);
    ck_assert_int_eq(side_int(c, "b", "bank_ms"), 30000);
    ck_assert_str_eq(cstr(c, "state"), "paused");
    res_free(&r);
    /* the flagged side's turn goes on */
    c = clk(&S, &f, "clock/resume", "{}");
    ck_assert_str_eq(cstr(c, "state"), "running");
    ck_assert_str_eq(cstr(c, "running"), "b");
    ck_assert_int_le(side_int(c, "b", "bank_ms"), 30000);
    ck_assert_int_gt(side_int(c, "b", "bank_ms"), 28000);
    json_decref(c);
}
END_TEST

/* CLK-7 (malfunction, any correction): the TD sets the banks, the mode and the delay. */
START_TEST(test_CLK7_td_sets_times)
{
    struct fx f;
    setup(&f, 5, "{\"clock\": {\"bank_per_point_s\": 60, \"delay_s\": 12}}", 1);
    json_t *c = clk(&S, &f, "clock/start", "{\"lower_die\": \"b\"}");
    json_decref(c);
    struct res r;
    op(&S, &f, "PUT", "clock",
       "{\"a_bank_ms\": 50000, \"b_bank_ms\": 7000, \"mode\": \"bronstein\", \"delay_ms\": 3000}",
       &r);
    ck_ok(&r, "PUT clock");
    res_free(&r);
    c = clock_now(&f);
    ck_assert_str_eq(cstr(c, "mode"), "bronstein");
    ck_assert_str_eq(cstr(c, "running"), "a");
    ck_assert_int_le(side_int(c, "a", "bank_ms"), 50000);
    ck_assert_int_gt(side_int(c, "a", "bank_ms"), 0); /* running since the PUT */
    ck_assert_int_eq(side_int(c, "b", "bank_ms"), 7000);
    ck_assert_int_eq(side_int(c, "b", "delay_ms"), 3000);
    json_decref(c);
    refuse(&S, &f, "PUT", "clock", "{\"a_bank_ms\": -100, \"b_bank_ms\": 7000}", 422, "a_bank_ms",
           "PUT a negative bank on a running clock");
}
END_TEST

/* CLK-2 split bank with CLK-7 (the TD sets the best estimate): PUT clock takes a_second_ms /
 * b_second_ms, the second parts; when the first part runs out the clock goes on with the new
 * second part instead of flagging. Negative, or on a clock with no split bank: 422 naming the
 * field, nothing changed. */
START_TEST(test_CLK2_td_sets_second_part)
{
    struct fx f;
    setup(&f, 3,
          "{\"clock\": {\"bank_per_point_s\": 60, \"split_first_per_point_s\": 20, "
          "\"delay_s\": 0}}",
          1);
    json_t *c = clk(&S, &f, "clock/start", "{\"lower_die\": \"b\"}");
    ck_assert_str_eq(cstr(c, "running"), "a");
    json_decref(c);
    refuse_as(&S, &f, "PUT", "clock",
              "{\"a_bank_ms\": 500, \"b_bank_ms\": 60000, \"a_second_ms\": -1}", 422, "a_second_ms",
              "validation", "a_second_ms", "a negative second part for a");
    refuse_as(&S, &f, "PUT", "clock",
              "{\"a_bank_ms\": 500, \"b_bank_ms\": 60000, \"b_second_ms\": -3000}", 422,
              "b_second_ms", "validation", "b_second_ms", "a negative second part for b");
    refuse_as(&S, &f, "PUT", "clock",
              "{\"a_bank_ms\": 500, \"b_bank_ms\": 60000, \"a_second_ms\": 1.5}", 422,
              "a_second_ms", "validation", "a_second_ms", "a second part that is not an integer");
    struct res r;
    op(&S, &f, "PUT", "clock",
       "{\"a_bank_ms\": 500, \"b_bank_ms\": 60000, \"a_second_ms\": 30000, \"b_second_ms\": "
       "5000}",
       &r);
    ck_ok(&r, "PUT clock with second parts");
    c = clock_of(r.json);
    ck_assert_str_eq(cstr(c, "running"), "a");
    ck_assert_int_le(side_int(c, "a", "bank_ms"), 500);
    ck_assert_int_eq(side_int(c, "a", "second_bank_ms"), 30000);
    ck_assert_int_eq(side_int(c, "b", "bank_ms"), 60000);
    ck_assert_int_eq(side_int(c, "b", "second_bank_ms"), 5000);
    long long since = cint(c, "since_ms");
    ck_assert_int_eq(cint(c, "flag_at_ms"), since + 30500); /* both parts, no delay */
    res_free(&r);
    /* the first part (0.5 s) runs out: the new second part runs, no flag (30 s: far
     * more than a loaded machine takes to ask) */
    sleep_ms(1200);
    c = clock_now(&f);
    ck_assert_str_eq(cstr(c, "state"), "running");
    ck_assert_str_eq(cstr(c, "running"), "a");
    ck_assert_str_eq(cstr(c, "flagged"), "null");
    ck_assert_int_eq(side_int(c, "a", "second_bank_ms"), 0);
    long long left = side_int(c, "a", "bank_ms");
    ck_assert_msg(left > 0 && left <= 30500 - 1200, "a's bank %lld after 1.2 s of 0.5 + 30 s",
                  left);
    ck_assert_int_eq(cint(c, "flag_at_ms"), since + 30500);
    json_decref(c);
    c = clk(&f.a, &f, "clock/press", "{\"side\": \"a\"}");
    ck_assert_str_eq(cstr(c, "running"), "b");
    ck_assert_int_le(side_int(c, "a", "bank_ms"), left);
    ck_assert_int_gt(side_int(c, "a", "bank_ms"), 0);
    ck_assert_int_eq(side_int(c, "a", "second_bank_ms"), 0);
    ck_assert_int_eq(side_int(c, "b", "second_bank_ms"), 5000);
    json_decref(c);

    /* a clock with no split bank has no second part to set */
    struct fx g;
    setup(&g, 3, "{\"clock\": {\"bank_per_point_s\": 60, \"delay_s\": 0}}", 1);
    c = clk(&S, &g, "clock/start", "{\"lower_die\": \"b\"}");
    json_decref(c);
    refuse_as(&S, &g, "PUT", "clock",
              "{\"a_bank_ms\": 5000, \"b_bank_ms\": 6000, \"a_second_ms\": 1000}", 422,
              "a_second_ms", "validation", "no split bank", "a second part on an unsplit clock");
    refuse_as(&S, &g, "PUT", "clock",
              "{\"a_bank_ms\": 5000, \"b_bank_ms\": 6000, \"b_second_ms\": 0}", 422, "b_second_ms",
              "validation", "no split bank", "b_second_ms on an unsplit clock");
}
END_TEST

/* The clock survives a restart: time ran on while the server was down, nothing is gained. */
START_TEST(test_clock_survives_restart)
{
    struct srv mine;
    srv_start(&mine, NULL);
    register_server(&mine);
    srv_login(&mine);
    S = mine; /* this test's process only */
    struct fx f;
    setup(&f, 3, "{\"clock\": {\"bank_per_point_s\": 60, \"delay_s\": 0}}", 1);
    json_t *c = clk(&S, &f, "clock/start", "{\"lower_die\": \"a\"}");
    json_decref(c);
    sleep_ms(300);
    c = clk(&f.b, &f, "clock/press", "{\"side\": \"b\"}");
    long long b_bank = side_int(c, "b", "bank_ms");
    ck_assert_int_le(b_bank, 180000 - 300);
    json_decref(c);
    sleep_ms(200);
    json_t *c0 = clock_now(&f);
    ck_assert_int_eq(srv_stop(&S), 0);
    sleep_ms(1000);
    srv_restart(&S);
    register_server(&S);
    json_t *c1 = clock_now(&f);
    long long dt = cint(c1, "server_time_ms") - cint(c0, "server_time_ms");
    ck_assert_int_ge(dt, 1000);
    ck_assert_str_eq(cstr(c1, "state"), "running");
    ck_assert_str_eq(cstr(c1, "running"), "a");
    ck_assert_int_eq(cint(c1, "since_ms"), cint(c0, "since_ms"));
    ck_assert_int_eq(side_int(c1, "b", "bank_ms"), b_bank);
    long long a0 = side_int(c0, "a", "bank_ms"), a1 = side_int(c1, "a", "bank_ms");
    ck_assert_msg(a1 <= a0 - dt + 5, "a gained time over the restart: %lld -> %lld in %lld ms", a0,
                  a1, dt);
    ck_assert_msg(a1 >= a0 - dt - 50, "a lost more than the time elapsed: %lld -> %lld in %lld ms",
                  a0, a1, dt);
    json_decref(c0);
    json_decref(c1);
    /* it still runs: a press after the restart */
    c = clk(&S, &f, "clock/press", "{\"side\": \"a\"}");
    ck_assert_str_eq(cstr(c, "running"), "b");
    json_decref(c);
    ck_assert_int_eq(srv_stop(&S), 0);
    srv_cleanup(&S);
}
END_TEST

/* PEN-1: lateness points are live from the call (grace 0: 1 point at once); the TD confirms
 * them into the opponent's score (MATCH-5); arrive marks a side present. */
START_TEST(test_PEN1_lateness_confirm_and_arrive)
{
    struct fx g;
    setup(&g, 3, "{\"lateness\": {\"grace_minutes\": 0, \"step_minutes\": 1}}", 0);
    struct res r;
    /* not called yet: no absence to count */
    op(&g.anon, &g, "GET", "lateness", NULL, &r);
    ck_assert_msg(r.status == 200, "GET lateness: %ld %s", r.status, r.body);
    ck_assert_str_eq(cstr(r.json, "called_ms"), "null");
    ck_assert_int_eq(json_integer_value(json_object_get(
                         json_object_get(json_object_get(r.json, "sides"), "b"), "points")),
                     0);
    res_free(&r);

    struct fx f;
    setup(&f, 3, "{\"lateness\": {\"grace_minutes\": 0, \"step_minutes\": 1}}", 1);
    op(&f.anon, &f, "GET", "lateness", NULL, &r);
    ck_assert_msg(r.status == 200, "GET lateness: %ld %s", r.status, r.body);
    ck_assert(json_is_integer(json_object_get(r.json, "called_ms")));
    ck_assert_int_eq(jint(&r, "grace_min"), 0);
    ck_assert_int_eq(jint(&r, "step_min"), 1);
    json_t *sides = json_object_get(r.json, "sides");
    for (int i = 0; i < 2; i++) {
        json_t *s = json_object_get(sides, i ? "b" : "a");
        ck_assert(json_is_false(json_object_get(s, "present")));
        ck_assert_int_eq(json_integer_value(json_object_get(s, "points")), 1);
    }
    json_t *conf = json_object_get(r.json, "confirmed");
    ck_assert_int_eq(json_integer_value(json_object_get(conf, "a")), 0);
    ck_assert_int_eq(json_integer_value(json_object_get(conf, "b")), 0);
    res_free(&r);

    /* arrive: the player themselves (or the TD) */
    refuse(&f.a, &f, "POST", "arrive", "{\"side\": \"b\"}", 403, NULL, "a marks b present");
    refuse(&f.c, &f, "POST", "arrive", "{\"side\": \"a\"}", 403, NULL,
           "arrive by a player of another match");
    refuse(&f.anon, &f, "POST", "arrive", "{\"side\": \"a\"}", 401, NULL, "arrive with no session");
    refuse(&S, &f, "POST", "arrive", "{\"side\": \"x\"}", 422, "side", "arrive side x");
    op(&f.a, &f, "POST", "arrive", "{\"side\": \"a\"}", &r);
    ck_ok(&r, "arrive a");
    res_free(&r);
    op(&S, &f, "GET", "lateness", NULL, &r);
    json_t *sa = json_object_get(json_object_get(r.json, "sides"), "a");
    ck_assert(json_is_true(json_object_get(sa, "present")));
    ck_assert(json_is_integer(json_object_get(sa, "arrived_ms")));
    ck_assert(json_is_false(
        json_object_get(json_object_get(json_object_get(r.json, "sides"), "b"), "present")));
    res_free(&r);

    /* the TD confirms b's lateness: a point for a */
    refuse(&S, &f, "POST", "lateness/confirm", "{\"side\": \"q\"}", 422, "side", "confirm side q");
    refuse(&S, &f, "POST", "lateness/confirm", "{}", 422, "side", "confirm without side");
    confirm_b_late(&f);
    get_match(&f, &r);
    ck_assert_int_eq(score_of(r.json, "a"), 1);
    ck_assert_int_eq(score_of(r.json, "b"), 0);
    ck_assert_int_eq(pen_points_of(r.json, "a"), 1);
    ck_assert_int_eq(pen_points_of(r.json, "b"), 0);
    ck_assert_str_eq(jstr(&r, "state"), "called"); /* 1 is not more than half of 3 (PEN-2) */
    res_free(&r);
    op(&S, &f, "GET", "lateness", NULL, &r);
    ck_assert_int_eq(json_integer_value(json_object_get(json_object_get(r.json, "confirmed"), "b")),
                     1);
    res_free(&r);
    /* nothing new is due */
    refuse(&S, &f, "POST", "lateness/confirm", "{\"side\": \"b\"}", 409, NULL,
           "confirm again with nothing due");
    /* the confirmation is a penalty of kind lateness */
    op(&f.a, &f, "GET", "penalties", NULL, &r);
    ck_assert_int_eq(r.status, 200);
    json_t *ps = json_object_get(r.json, "penalties");
    ck_assert_int_eq(json_array_size(ps), 1);
    json_t *p = json_array_get(ps, 0);
    ck_assert_str_eq(cstr(p, "kind"), "lateness");
    ck_assert_str_eq(cstr(p, "side"), "b");
    ck_assert_int_eq(json_integer_value(json_object_get(p, "points")), 1);
    res_free(&r);
    /* lateness events went out (a replay of the stream from the start has them) */
    replayed(&f, is_type_for_match, "lateness", "no lateness event for the match");
}
END_TEST

/* PEN-2: lateness points awarded beyond half the length forfeit the match to the opponent. */
START_TEST(test_PEN2_lateness_forfeit)
{
    struct fx f;
    setup(&f, 1, "{\"lateness\": {\"grace_minutes\": 0, \"step_minutes\": 1}}", 1);
    struct res r;
    confirm_b_late(&f);
    get_match(&f, &r);
    ck_assert_str_eq(jstr(&r, "state"), "forfeited");
    ck_assert_str_eq(jstr(&r, "winner"), "a");
    ck_assert_int_eq(score_of(r.json, "a"), 1);
    ck_assert_int_eq(pen_points_of(r.json, "a"), 1);
    res_free(&r);
    /* the match is over */
    refuse(&S, &f, "POST", "penalties",
           "{\"side\": \"a\", \"kind\": \"points\", \"points\": 1, \"reason\": \"etiquette\"}", 409,
           NULL, "penalty on a forfeited match");
    refuse(&S, &f, "POST", "lateness/confirm", "{\"side\": \"b\"}", 409, NULL,
           "confirm on a forfeited match");
    refuse(&S, &f, "POST", "clock/start", "{\"lower_die\": \"a\"}", 409, NULL,
           "start a clock on a forfeited match");
}
END_TEST

/* PEN-2 on its own (not MATCH-5 as well): a 3-point match, b absent for one step after the
 * grace: 2 points due, more than half of 3 and less than 3: forfeited to a. The one test
 * that waits a real minute (the smallest step). */
START_TEST(test_PEN2_lateness_forfeit_after_a_step)
{
    struct fx f;
    setup(&f, 3, "{\"lateness\": {\"grace_minutes\": 0, \"step_minutes\": 1}}", 1);
    struct res r;
    op(&S, &f, "GET", "lateness", NULL, &r);
    ck_assert_int_eq(r.status, 200);
    long long wait = jint(&r, "called_ms") + 60000 - jint(&r, "server_time_ms") + 300;
    res_free(&r);
    ck_assert_int_le(wait, 61000);
    sleep_ms(wait > 0 ? wait : 0);
    op(&S, &f, "GET", "lateness", NULL, &r);
    ck_assert_int_eq(json_integer_value(json_object_get(
                         json_object_get(json_object_get(r.json, "sides"), "b"), "points")),
                     2);
    res_free(&r);
    confirm_b_late(&f);
    get_match(&f, &r);
    ck_assert_str_eq(jstr(&r, "state"), "forfeited");
    ck_assert_str_eq(jstr(&r, "ended"), "lateness"); /* PEN-2 */
    ck_assert_str_eq(jstr(&r, "winner"), "a");
    ck_assert_int_eq(pen_points_of(r.json, "a"), 2);
    res_free(&r);
}
END_TEST

/* PEN-3: instead of points, the TD starts the late player's clock (creating it). */
START_TEST(test_PEN3_late_players_clock_runs)
{
    struct fx f;
    setup(&f, 5, "{\"clock\": {\"bank_per_point_s\": 60, \"delay_s\": 12}}", 1);
    struct res r;
    op(&S, &f, "POST", "lateness/clock", "{\"side\": \"x\"}", &r);
    assert_refused(&r, 422, "side", "lateness/clock side x");
    res_free(&r);
    op(&S, &f, "POST", "lateness/clock", "{\"side\": \"b\"}", &r);
    ck_ok(&r, "lateness/clock b");
    res_free(&r);
    json_t *c = clock_now(&f);
    ck_assert_str_eq(cstr(c, "state"), "running");
    ck_assert_str_eq(cstr(c, "running"), "b");
    ck_assert_int_eq(side_int(c, "a", "bank_ms"), 300000);
    json_decref(c);
    /* instead of points: the match is under way, no lateness points for this absence */
    get_match(&f, &r);
    ck_assert_str_eq(jstr(&r, "state"), "playing");
    res_free(&r);
    op(&S, &f, "GET", "lateness", NULL, &r);
    json_t *lb = json_object_get(json_object_get(r.json, "sides"), "b");
    ck_assert(json_is_true(json_object_get(lb, "clock_instead")));
    ck_assert_int_eq(json_integer_value(json_object_get(lb, "points")), 0);
    res_free(&r);
    refuse(&S, &f, "POST", "lateness/confirm", "{\"side\": \"b\"}", 409, "PEN-3",
           "lateness points after the late player's clock was started instead");
    /* a side that is present is not late */
    refuse(&S, &f, "POST", "lateness/clock", "{\"side\": \"a\"}", 409, NULL,
           "the clock of a side that is not late");
}
END_TEST

static json_t *get_breaks(const struct fx *f)
{
    return get_json(f, "breaks");
}

/* as starts a break with body: a 201 (r holds it) whose current break, returned, is side's
 * and lasts ms; what names the request. */
static json_t *break_started(struct srv *as, const struct fx *f, const char *body, const char *side,
                             long long ms, const char *what, struct res *r)
{
    op(as, f, "POST", "breaks", body, r);
    ck_assert_msg(r->status == 201, "%s: %ld %s", what, r->status, r->body);
    json_t *cur = json_object_get(r->json, "current");
    ck_assert_str_eq(cstr(cur, "side"), side);
    ck_assert_int_eq(json_integer_value(json_object_get(cur, "ends_ms")) -
                         json_integer_value(json_object_get(cur, "started_ms")),
                     ms);
    return cur;
}

static void allowance_is(const struct fx *f, const char *table, int count, int minutes)
{
    json_t *b = get_breaks(f);
    ck_assert_str_eq(cstr(b, "table"), table);
    json_t *al = json_object_get(b, "allowance");
    ck_assert_msg(json_integer_value(json_object_get(al, "count")) == count &&
                      json_integer_value(json_object_get(al, "minutes")) == minutes,
                  "%s, %d points: allowance %lld x %lld, expected %d x %d", table, f->length,
                  (long long)json_integer_value(json_object_get(al, "count")),
                  (long long)json_integer_value(json_object_get(al, "minutes")), count, minutes);
    json_decref(b);
}

static long long side_used(json_t *b, const char *side)
{
    return json_integer_value(
        json_object_get(json_object_get(json_object_get(b, "sides"), side), "used"));
}

/* PEN-4: breaks between games only, as many as the table gives the match length. */
START_TEST(test_PEN4_breaks)
{
    struct fx f;
    setup(&f, 7, "{\"clock\": {\"bank_per_point_s\": 60, \"delay_s\": 0}}", 1);
    allowance_is(&f, "wbgf", 1, 5);
    json_t *b = get_breaks(&f);
    ck_assert_int_eq(side_used(b, "a"), 0);
    ck_assert_int_eq(side_used(b, "b"), 0);
    ck_assert_str_eq(cstr(b, "current"), "null");
    json_decref(b);
    refuse(&f.b, &f, "POST", "breaks", "{\"side\": \"a\"}", 403, NULL, "b takes a's break");
    refuse(&f.c, &f, "POST", "breaks", "{\"side\": \"a\"}", 403, NULL,
           "break by a player of another match");
    refuse(&f.anon, &f, "POST", "breaks", "{\"side\": \"a\"}", 401, NULL, "break with no session");
    refuse(&S, &f, "POST", "breaks", "{\"side\": \"x\"}", 422, "side", "break side x");
    struct res r;
    op(&f.a, &f, "POST", "arrive", "{\"side\": \"a\"}", &r);
    ck_ok(&r, "arrive a");
    res_free(&r);
    /* before the first game (no clock): a takes the break */
    break_started(&f.a, &f, "{\"side\": \"a\"}", "a", 5 * 60000, "break a", &r);
    ck_assert_int_eq(side_used(r.json, "a"), 1);
    res_free(&r);
    /* absent from the break's start */
    op(&S, &f, "GET", "lateness", NULL, &r);
    ck_assert(json_is_false(
        json_object_get(json_object_get(json_object_get(r.json, "sides"), "a"), "present")));
    res_free(&r);
    refuse(&f.b, &f, "POST", "breaks", "{\"side\": \"b\"}", 409, "PEN-4", "a break while one runs");
    refuse(&f.c, &f, "POST", "breaks/end", "{}", 403, NULL, "breaks/end by another match's player");
    /* the next game waits for the player on a break */
    refuse(&f.b, &f, "POST", "clock/start", "{\"lower_die\": \"a\"}", 409, "PEN-4",
           "a game started while a player is on a break");
    op(&f.a, &f, "POST", "breaks/end", "{}", &r);
    ck_ok(&r, "breaks/end");
    res_free(&r);
    b = get_breaks(&f);
    ck_assert_str_eq(cstr(b, "current"), "null");
    ck_assert_int_eq(side_used(b, "a"), 1);
    json_decref(b);
    op(&S, &f, "GET", "lateness", NULL, &r);
    ck_assert(json_is_true(
        json_object_get(json_object_get(json_object_get(r.json, "sides"), "a"), "present")));
    res_free(&r);
    /* none left for a */
    refuse(&f.a, &f, "POST", "breaks", "{\"side\": \"a\"}", 409, "PEN-4", "a second break for a");
    /* in the middle of a game: no break for b; at the end of the game: yes */
    json_t *c = clk(&f.b, &f, "clock/start", "{\"lower_die\": \"a\"}");
    json_decref(c);
    refuse(&f.b, &f, "POST", "breaks", "{\"side\": \"b\"}", 409, "PEN-4", "a break mid-game");
    c = clk(&f.b, &f, "clock/pause", "{\"reason\": \"end_of_game\"}");
    json_decref(c);
    op(&f.b, &f, "POST", "breaks", "{\"side\": \"b\"}", &r);
    ck_assert_msg(r.status == 201, "break b between games: %ld %s", r.status, r.body);
    ck_assert_int_eq(side_used(r.json, "b"), 1);
    res_free(&r);

    /* the WBGF table: nothing up to 5 points */
    struct fx g;
    setup(&g, 5, NULL, 1);
    allowance_is(&g, "wbgf", 0, 5);
    refuse(&g.a, &g, "POST", "breaks", "{\"side\": \"a\"}", 409, "PEN-4",
           "a break in a 5-point match");
    setup(&g, 13, NULL, 1);
    allowance_is(&g, "wbgf", 2, 5);
    setup(&g, 25, NULL, 1);
    allowance_is(&g, "wbgf", 4, 5);
    /* the Italian table: 10 minutes; 13 points or more: two */
    setup(&g, 7, "{\"break_table\": \"italian\"}", 1);
    allowance_is(&g, "italian", 1, 10);
    setup(&g, 13, "{\"break_table\": \"italian\"}", 1);
    allowance_is(&g, "italian", 2, 10);
}
END_TEST

/* PEN-4 "taken only between games": a clock paused for a break while it runs (a game under
 * way, the cube waiting or not) is 409 mid-game, saying so and that the game ends first;
 * nothing changes. At the end of the game the break is taken with POST breaks. */
START_TEST(test_PEN4_break_pause_refused_mid_game)
{
    struct fx f;
    setup(&f, 7, "{\"clock\": {\"bank_per_point_s\": 60, \"delay_s\": 12}}", 1);
    json_t *c = clk(&f.a, &f, "clock/start", "{\"lower_die\": \"a\"}");
    json_decref(c);
    const char *say = "A break is taken only between games (PEN-4)";
    refuse_as(&f.a, &f, "POST", "clock/pause", "{\"reason\": \"break\"}", 409, "PEN-4", "mid-game",
              say, "a pause for a break while b's time runs");
    refuse_as(&S, &f, "POST", "clock/pause", "{\"reason\": \"break\"}", 409, "PEN-4", "mid-game",
              "press end of game first", "the TD pauses for a break mid-game");
    c = clk(&f.b, &f, "clock/double", "{\"side\": \"b\"}");
    json_decref(c);
    refuse_as(&f.b, &f, "POST", "clock/pause", "{\"reason\": \"break\"}", 409, "PEN-4", "mid-game",
              say, "a pause for a break while a double waits");
    c = clk(&f.a, &f, "clock/take", "{\"side\": \"a\"}");
    json_decref(c);
    /* the end of the game, then the break itself */
    c = clk(&f.b, &f, "clock/pause", "{\"reason\": \"end_of_game\"}");
    ck_assert_str_eq(cstr(c, "paused_reason"), "end_of_game");
    json_decref(c);
    struct res r;
    op(&f.a, &f, "POST", "breaks", "{\"side\": \"a\"}", &r);
    ck_assert_msg(r.status == 201, "break a between games: %ld %s", r.status, r.body);
    res_free(&r);
}
END_TEST

/* GET breaks without its moment of reading, for "nothing changed". */
static json_t *breaks_snapshot(const struct fx *f)
{
    json_t *b = get_breaks(f);
    json_object_del(b, "server_time_ms");
    return b;
}

/* A refused break start: as refuse_as, and the breaks read the same after it. */
static void refuse_break(struct srv *as, const struct fx *f, const char *body, long status,
                         const char *name, const char *slug, const char *sentence, const char *what)
{
    json_t *before = breaks_snapshot(f);
    refuse_as(as, f, "POST", "breaks", body, status, name, slug, sentence, what);
    json_t *after = breaks_snapshot(f);
    ck_assert_msg(json_equal(before, after), "%s changed the breaks", what);
    json_decref(before);
    json_decref(after);
}

/* PEN-4 "may be combined": POST breaks {"count"} takes that many of the side's breaks at
 * once, for count x the minutes of one; more than are left is 409 no-break-left naming how
 * many are left; a count below 1 or not an integer is 422 naming `count`. None of those
 * refusals changes the breaks, the lateness or the clock. */
START_TEST(test_PEN4_breaks_combined)
{
    struct fx f;
    setup(&f, 13, NULL, 1); /* wbgf: two 5-minute breaks each */
    allowance_is(&f, "wbgf", 2, 5);
    const char *bad[] = {"{\"side\": \"a\", \"count\": 0}", "{\"side\": \"a\", \"count\": -1}",
                         "{\"side\": \"a\", \"count\": \"2\"}", "{\"side\": \"a\", \"count\": 1.5}",
                         "{\"side\": \"a\", \"count\": null}"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        refuse_break(&f.a, &f, bad[i], 422, "count", "validation", "count", bad[i]);
    refuse_break(&f.a, &f, "{\"side\": \"a\", \"count\": 3}", 409, "PEN-4", "no-break-left",
                 "Side a has 2 breaks left", "three breaks of two at once");
    /* two at once: ten minutes, both used */
    struct res r;
    json_t *cur = break_started(&f.a, &f, "{\"side\": \"a\", \"count\": 2}", "a", 2 * 5 * 60000,
                                "two breaks for a", &r);
    long long ends = json_integer_value(json_object_get(cur, "ends_ms"));
    res_free(&r);
    json_t *b = get_breaks(&f);
    ck_assert_int_eq(side_used(b, "a"), 2);
    ck_assert_int_eq(json_integer_value(json_object_get(
                         json_object_get(json_object_get(b, "sides"), "a"), "left")),
                     0);
    json_decref(b);
    /* lateness counts from the end of the combined break */
    op(&S, &f, "GET", "lateness", NULL, &r);
    json_t *la = json_object_get(json_object_get(r.json, "sides"), "a");
    ck_assert(json_is_false(json_object_get(la, "present")));
    ck_assert_int_eq(json_integer_value(json_object_get(la, "absent_from_ms")), ends);
    res_free(&r);
    op(&f.a, &f, "POST", "breaks/end", "{}", &r);
    ck_ok(&r, "breaks/end a");
    res_free(&r);
    refuse_break(&f.a, &f, "{\"side\": \"a\", \"count\": 1}", 409, "PEN-4", "no-break-left",
                 "Side a has taken 2 of the 2 breaks", "a break after both were combined");
    /* b: one (the default count), then two when one is left */
    op(&f.b, &f, "POST", "breaks", "{\"side\": \"b\"}", &r);
    ck_assert_msg(r.status == 201, "one break for b: %ld %s", r.status, r.body);
    ck_assert_int_eq(side_used(r.json, "b"), 1);
    res_free(&r);
    op(&f.b, &f, "POST", "breaks/end", "{}", &r);
    ck_ok(&r, "breaks/end b");
    res_free(&r);
    refuse_break(&f.b, &f, "{\"side\": \"b\", \"count\": 2}", 409, "PEN-4", "no-break-left",
                 "Side b has 1 break left", "two breaks when one is left");
}
END_TEST

/* GET lateness without its moment of reading. */
static json_t *lateness_snapshot(const struct fx *f)
{
    json_t *l = get_json(f, "lateness");
    json_object_del(l, "server_time_ms");
    return l;
}

/* A refused postponement: as refuse_as, and the lateness reads the same after it. */
static void refuse_postpone(struct srv *as, const struct fx *f, const char *body, long status,
                            const char *name, const char *slug, const char *sentence,
                            const char *what)
{
    json_t *before = lateness_snapshot(f);
    if (slug)
        refuse_as(as, f, "POST", "postpone", body, status, name, slug, sentence, what);
    else
        refuse(as, f, "POST", "postpone", body, status, name, what);
    json_t *after = lateness_snapshot(f);
    ck_assert_msg(json_equal(before, after), "%s changed the lateness", what);
    json_decref(before);
    json_decref(after);
}

static long long late_points(json_t *late, const char *side)
{
    return json_integer_value(
        json_object_get(json_object_get(json_object_get(late, "sides"), side), "points"));
}

static int is_postponed_lateness(const char *type, json_t *data, const void *ctx)
{
    return is_type_for_match(type, data, ctx) &&
           json_integer_value(
               json_object_get(json_object_get(data, "lateness"), "postponed_min")) == 60;
}

/* PEN-1 (000): the TD postpones a match by one hour, once, before it starts: lateness counts
 * from an hour after the call (GET lateness: postponed_min, late_from_ms; no points due), the
 * postponement is audited and sent as a lateness event. Refused: players (403) and nobody (401,
 * a TD route), a second postponement, a match under way or over, lateness points already
 * confirmed (409); nothing changes. */
START_TEST(test_PEN1_postpone_by_one_hour)
{
    struct fx f;
    setup(&f, 3, "{\"lateness\": {\"grace_minutes\": 0, \"step_minutes\": 1}}", 1);
    json_t *l = lateness_snapshot(&f);
    ck_assert_int_eq(late_points(l, "b"), 1); /* grace 0: a point at the call already */
    ck_assert_int_eq(json_integer_value(json_object_get(l, "postponed_min")), 0);
    long long called = json_integer_value(json_object_get(l, "called_ms"));
    ck_assert_int_eq(json_integer_value(json_object_get(l, "late_from_ms")), called);
    json_decref(l);
    refuse_postpone(&f.a, &f, NULL, 403, NULL, NULL, NULL, "postpone by a player of the match");
    refuse_postpone(&f.c, &f, NULL, 403, NULL, NULL, NULL, "postpone by another player");
    refuse_postpone(&f.anon, &f, NULL, 401, NULL, NULL, NULL, "postpone with no session");
    refuse_postpone(&S, &f, "{\"minutes\": 30}", 422, "minutes", NULL, NULL,
                    "postpone by 30 minutes");

    struct res r;
    op(&S, &f, "POST", "postpone", NULL, &r);
    ck_assert_msg(r.status == 200, "postpone: %ld %s", r.status, r.body);
    ck_assert_int_eq(jint(&r, "postponed_min"), 60);
    ck_assert_int_eq(jint(&r, "late_from_ms"), called + 3600000);
    res_free(&r);
    l = lateness_snapshot(&f);
    ck_assert_int_eq(json_integer_value(json_object_get(l, "postponed_min")), 60);
    ck_assert_int_eq(json_integer_value(json_object_get(l, "called_ms")), called);
    ck_assert_int_eq(json_integer_value(json_object_get(l, "late_from_ms")), called + 3600000);
    for (int i = 0; i < 2; i++) {
        const char *sd_ = i ? "b" : "a";
        ck_assert_int_eq(late_points(l, sd_), 0);
        ck_assert_int_eq(json_integer_value(json_object_get(
                             json_object_get(json_object_get(l, "sides"), sd_), "absent_from_ms")),
                         called + 3600000);
    }
    json_decref(l);
    /* no points due until the grace after the new time */
    refuse(&S, &f, "POST", "lateness/confirm", "{\"side\": \"b\"}", 409, "PEN-1",
           "lateness points before the postponed time");
    /* once only */
    refuse_postpone(&S, &f, NULL, 409, "PEN-1", "already-postponed", "postponed once",
                    "a second postponement");
    /* audited */
    json_t *e = audit_entries(&f);
    int audited = 0;
    for (size_t i = 0; i < json_array_size(e); i++) {
        json_t *en = json_array_get(e, i);
        if (!strcmp(cstr(en, "action"), "match.postponed") &&
            json_integer_value(json_object_get(en, "entity_id")) == f.mid &&
            json_integer_value(json_object_get(json_object_get(en, "after"), "postponed_min")) ==
                60 &&
            json_integer_value(json_object_get(json_object_get(en, "before"), "postponed_min")) ==
                0)
            audited++;
    }
    ck_assert_msg(audited == 1, "%d match.postponed entries in the audit log", audited);
    json_decref(e);
    /* the lateness event */
    replayed(&f, is_postponed_lateness, "lateness", "no lateness event with the postponement");
    /* the match can still start (the players are there): then it is under way */
    json_t *c = clk(&f.a, &f, "clock/start", "{\"lower_die\": \"a\"}");
    json_decref(c);

    /* not called yet: the hour is added to the call when it comes */
    struct fx g;
    setup(&g, 3, "{\"lateness\": {\"grace_minutes\": 0, \"step_minutes\": 1}}", 0);
    op(&S, &g, "POST", "postpone", "{}", &r);
    ck_assert_msg(r.status == 200, "postpone before the call: %ld %s", r.status, r.body);
    ck_assert_str_eq(cstr(r.json, "late_from_ms"), "null");
    res_free(&r);
    char path[160];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/matches/%lld/call", g.tid, g.mid);
    td(&S, "POST", path, "{\"table\": \"2\"}", &r);
    ck_assert_msg(r.status == 200, "call: %ld %s", r.status, r.body);
    res_free(&r);
    l = lateness_snapshot(&g);
    ck_assert_int_eq(json_integer_value(json_object_get(l, "late_from_ms")),
                     json_integer_value(json_object_get(l, "called_ms")) + 3600000);
    ck_assert_int_eq(late_points(l, "a"), 0);
    ck_assert_int_eq(late_points(l, "b"), 0);
    json_decref(l);

    /* under way: refused */
    setup(&g, 3, NULL, 1);
    c = clk(&g.a, &g, "clock/start", "{\"lower_die\": \"a\"}");
    json_decref(c);
    refuse_postpone(&S, &g, NULL, 409, "PEN-1", "match-started", "postponed only before it starts",
                    "postponing a match under way");
    /* lateness points already confirmed: refused */
    setup(&g, 5, "{\"lateness\": {\"grace_minutes\": 0, \"step_minutes\": 1}}", 1);
    confirm_b_late(&g);
    refuse_postpone(&S, &g, NULL, 409, "PEN-1", "lateness-confirmed", "would count that time again",
                    "postponing after lateness points");
    /* over: refused */
    setup(&g, 1, "{\"lateness\": {\"grace_minutes\": 0, \"step_minutes\": 1}}", 1);
    confirm_b_late(&g);
    refuse_postpone(&S, &g, NULL, 409, NULL, "match-finished", "already forfeited",
                    "postponing a forfeited match");
}
END_TEST

/* PEN-5, MATCH-5: warnings and penalty points; points count for the opponent and decide the
 * match when they bring it to the length; listed, audited and sent as events. */
START_TEST(test_PEN5_penalties)
{
    struct fx f;
    setup(&f, 5, NULL, 1);
    struct res r;
    op(&S, &f, "POST", "penalties",
       "{\"side\": \"a\", \"kind\": \"warning\", \"reason\": \"slow play\"}", &r);
    ck_assert_msg(r.status == 201, "warning: %ld %s", r.status, r.body);
    ck_assert_str_eq(jstr(&r, "kind"), "warning");
    ck_assert_str_eq(jstr(&r, "side"), "a");
    ck_assert_str_eq(jstr(&r, "reason"), "slow play");
    ck_assert(json_is_integer(json_object_get(r.json, "id")));
    ck_assert(json_is_integer(json_object_get(r.json, "created_ms")));
    res_free(&r);
    get_match(&f, &r);
    ck_assert_int_eq(score_of(r.json, "a"), 0);
    ck_assert_int_eq(score_of(r.json, "b"), 0);
    ck_assert_int_eq(pen_points_of(r.json, "b"), 0);
    res_free(&r);
    op(&S, &f, "POST", "penalties",
       "{\"side\": \"a\", \"kind\": \"points\", \"points\": 2, \"reason\": \"etiquette\"}", &r);
    ck_assert_msg(r.status == 201, "points: %ld %s", r.status, r.body);
    ck_assert_int_eq(jint(&r, "points"), 2);
    res_free(&r);
    get_match(&f, &r);
    ck_assert_int_eq(score_of(r.json, "b"), 2);
    ck_assert_int_eq(score_of(r.json, "a"), 0);
    ck_assert_int_eq(pen_points_of(r.json, "b"), 2);
    ck_assert_int_eq(pen_points_of(r.json, "a"), 0);
    ck_assert_str_eq(jstr(&r, "state"), "called");
    res_free(&r);

    /* listed (for the match's players too) */
    op(&f.b, &f, "GET", "penalties", NULL, &r);
    ck_assert_int_eq(r.status, 200);
    json_t *ps = json_object_get(r.json, "penalties");
    ck_assert_msg(json_array_size(ps) == 2, "expected the warning and the points: %s", r.body);
    ck_assert_str_eq(cstr(json_array_get(ps, 0), "kind"), "warning");
    ck_assert_str_eq(cstr(json_array_get(ps, 1), "kind"), "points");
    ck_assert_str_eq(cstr(json_array_get(ps, 1), "reason"), "etiquette");
    res_free(&r);
    /* audited */
    json_t *e = audit_entries(&f);
    int audited = 0;
    for (size_t i = 0; i < json_array_size(e); i++) {
        const char *a = json_string_value(json_object_get(json_array_get(e, i), "action"));
        if (a && strstr(a, "penalt"))
            audited++;
    }
    ck_assert_msg(audited >= 2, "%d penalty entries in the audit log", audited);
    json_decref(e);
    /* sent as events */
    replayed(&f, is_type_for_match, "penalty", "no penalty event for the match");

    /* MATCH-5: 3 more points bring b to 5: the match is b's */
    op(&S, &f, "POST", "penalties",
       "{\"side\": \"a\", \"kind\": \"points\", \"points\": 3, \"reason\": \"equipment\"}", &r);
    ck_assert_msg(r.status == 201, "points: %ld %s", r.status, r.body);
    res_free(&r);
    get_match(&f, &r);
    ck_assert_str_eq(jstr(&r, "state"), "verified");
    ck_assert_str_eq(jstr(&r, "winner"), "b");
    ck_assert_int_eq(score_of(r.json, "b"), 5);
    res_free(&r);
    refuse(&S, &f, "POST", "penalties",
           "{\"side\": \"b\", \"kind\": \"warning\", \"reason\": \"after the end\"}", 409, NULL,
           "a penalty on a verified match");
}
END_TEST

/* PEN-5: bad penalties are refused naming their field, and change nothing (the score, the
 * list). */
START_TEST(test_PEN5_bad_penalties_change_nothing)
{
    struct fx f;
    setup(&f, 5, NULL, 1);
    struct res r;
    op(&S, &f, "POST", "penalties",
       "{\"side\": \"b\", \"kind\": \"points\", \"points\": 1, \"reason\": \"etiquette\"}", &r);
    ck_assert_msg(r.status == 201, "points: %ld %s", r.status, r.body);
    res_free(&r);
    /* each naming its field */
    static const struct {
        const char *body, *field;
    } bad[] = {
        {"{\"side\": \"a\", \"kind\": \"fine\", \"points\": 1, \"reason\": \"x\"}", "kind"},
        {"{\"side\": \"a\", \"points\": 1, \"reason\": \"x\"}", "kind"},
        {"{\"side\": \"a\", \"kind\": \"points\", \"points\": 0, \"reason\": \"x\"}", "points"},
        {"{\"side\": \"a\", \"kind\": \"points\", \"reason\": \"x\"}", "points"},
        {"{\"side\": \"a\", \"kind\": \"points\", \"points\": 6, \"reason\": \"x\"}", "points"},
        {"{\"side\": \"a\", \"kind\": \"points\", \"points\": -1, \"reason\": \"x\"}", "points"},
        {"{\"side\": \"a\", \"kind\": \"points\", \"points\": \"2\", \"reason\": \"x\"}", "points"},
        {"{\"side\": \"a\", \"kind\": \"warning\", \"points\": 2, \"reason\": \"x\"}", "points"},
        {"{\"side\": \"c\", \"kind\": \"points\", \"points\": 1, \"reason\": \"x\"}", "side"},
        {"{\"kind\": \"points\", \"points\": 1, \"reason\": \"x\"}", "side"},
        {"{\"side\": \"a\", \"kind\": \"points\", \"points\": 1}", "reason"},
        {"{\"side\": \"a\", \"kind\": \"points\", \"points\": 1, \"reason\": \"\"}", "reason"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        refuse(&S, &f, "POST", "penalties", bad[i].body, 422, bad[i].field, bad[i].body);
    char longer[700];
    snprintf(longer, sizeof longer,
             "{\"side\": \"a\", \"kind\": \"warning\", \"reason\": \"%0501d\"}", 0);
    refuse(&S, &f, "POST", "penalties", longer, 422, "reason", "a reason of 501 characters");
    refuse(&f.b, &f, "POST", "penalties",
           "{\"side\": \"a\", \"kind\": \"points\", \"points\": 1, \"reason\": \"x\"}", 403, NULL,
           "a penalty by a player");
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("http_clock");
    TCase *tc = tcase_create("clock");
    tcase_add_unchecked_fixture(tc, srv_up, srv_down);
    tcase_set_timeout(tc, 90);
    tcase_add_test(tc, test_CLK4_start_creates_clock_from_settings);
    tcase_add_test(tc, test_CLK2_split_bank);
    tcase_add_test(tc, test_CLK3_clock_introduced_mid_match);
    tcase_add_test(tc, test_CLK1_press_switches_and_bank_arithmetic);
    tcase_add_test(tc, test_CLK1_bronstein);
    tcase_add_test(tc, test_refusals_change_nothing);
    tcase_add_test(tc, test_CLK4_double_take_drop_next_game);
    tcase_add_test(tc, test_CLK6_pickup_loses_next_delay);
    tcase_add_test(tc, test_td_routes_refuse_players);
    tcase_add_test(tc, test_CLK7_flag_forfeits_and_reverse);
    tcase_add_test(tc, test_CLK7_td_sets_times);
    tcase_add_test(tc, test_PEN1_lateness_confirm_and_arrive);
    tcase_add_test(tc, test_PEN2_lateness_forfeit);
    tcase_add_test(tc, test_PEN3_late_players_clock_runs);
    tcase_add_test(tc, test_PEN4_breaks);
    tcase_add_test(tc, test_PEN4_break_pause_refused_mid_game);
    tcase_add_test(tc, test_PEN4_breaks_combined);
    tcase_add_test(tc, test_PEN1_postpone_by_one_hour);
    tcase_add_test(tc, test_CLK2_td_sets_second_part);
    tcase_add_test(tc, test_PEN5_penalties);
    tcase_add_test(tc, test_PEN5_bad_penalties_change_nothing);
    tcase_add_test(tc, test_PEN2_lateness_forfeit_after_a_step);
    suite_add_tcase(s, tc);
    TCase *tr = tcase_create("restart");
    tcase_add_unchecked_fixture(tr, up_restart, down_restart);
    tcase_set_timeout(tr, 60);
    tcase_add_test(tr, test_clock_survives_restart);
    suite_add_tcase(s, tr);
    return s;
}

CHECK_MAIN(suite)
