/* HTTP tests of calls from the tables (GOV-5), observers (GOV-3) and rulings (GOV-6)
 * against a real `crawford serve`. Every refusal is checked three ways: the status, a
 * problem+json body naming the rule (or the field), and nothing changed (the tournament's
 * bytes and ETag, which carry its revision, and the match's calls read again). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/harness.h"
#include "../check_main.h"

/* ---- fixture: a match between a and b at table 7, an outsider c ---- */

struct fx {
    long long tid, pa, pb, pc, mid;
    struct srv a, b, c, anon;
};

static void setup(struct fx *f, int length)
{
    memset(f, 0, sizeof *f);
    f->tid = make_tournament(&S, "Calls");
    char pa[8], pb[8], pc[8], path[160];
    f->pa = make_player_pin(&S, f->tid, "Anna", pa);
    f->pb = make_player_pin(&S, f->tid, "Bruno", pb);
    f->pc = make_player_pin(&S, f->tid, "Carla", pc);
    struct res r;
    f->mid = make_match(&S, f->tid, f->pa, f->pb, length);
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/matches/%lld/call", f->tid, f->mid);
    td(&S, "POST", path, "{\"table\": \"7\"}", &r);
    ck_assert_int_eq(r.status, 200);
    res_free(&r);
    srv_player_login(&f->a, &S, f->tid, f->pa, pa);
    srv_player_login(&f->b, &S, f->tid, f->pb, pb);
    srv_player_login(&f->c, &S, f->tid, f->pc, pc);
    f->anon = S;
    f->anon.cookie[0] = 0;
}

/* A request on the match as `as` (&S: the TD; &f->a: a player). */
static void op(struct srv *as, const struct fx *f, const char *method, const char *tail,
               const char *body, struct res *r)
{
    match_op(as, f->tid, f->mid, method, tail, body, r);
}

/* What a refusal must leave as it was: the tournament (bytes and ETag: its revision) and
 * the match's calls, warnings, observers and rulings as the TD reads them. */
static char *snapshot(struct fx *f)
{
    char path[160];
    struct raw t;
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld", f->tid);
    ck_assert_int_eq(raw_get(&S, path, &t), 0);
    struct res c, m, g;
    op(&S, f, "GET", "calls", NULL, &c);
    op(&S, f, "GET", "", NULL, &m);
    op(&S, f, "GET", "rulings", NULL, &g);
    char *out = NULL;
    json_t *calls = json_object_get(c.json, "calls");
    /* the age of a call moves with time: the rest does not */
    for (size_t i = 0; i < json_array_size(calls); i++)
        json_object_del(json_array_get(calls, i), "age_s");
    json_object_del(c.json, "server_time_ms");
    char *cs = json_dumps(c.json, JSON_SORT_KEYS | JSON_COMPACT);
    char *ms = json_dumps(m.json, JSON_SORT_KEYS | JSON_COMPACT);
    ck_assert_int_ge(asprintf(&out, "%s|%s|%s|%s|%s", t.etag, t.body, cs, ms, g.body), 0);
    free(cs);
    free(ms);
    raw_free(&t);
    res_free(&c);
    res_free(&m);
    res_free(&g);
    return out;
}

static void refuse(struct srv *as, struct fx *f, const char *method, const char *tail,
                   const char *body, long status, const char *name, const char *what)
{
    char *before = snapshot(f);
    struct res r;
    op(as, f, method, tail, body, &r);
    assert_refused(&r, status, name, what);
    res_free(&r);
    char *after = snapshot(f);
    ck_assert_msg(!strcmp(before, after), "%s changed something:\n%s\n%s", what, before, after);
    free(before);
    free(after);
}

static long long open_call(struct fx *f, struct srv *as, const char *reason)
{
    char body[120];
    snprintf(body, sizeof body, "{\"reason\": \"%s\", \"text\": \"please come\"}", reason);
    struct res r;
    op(as, f, "POST", "calls", body, &r);
    ck_assert_msg(r.status == 201, "call: %ld %s", r.status, r.body);
    long long id = jint(&r, "id");
    res_free(&r);
    return id;
}

static void call_act(struct fx *f, long long cid, const char *act, const char *body, struct res *r)
{
    char tail[80];
    snprintf(tail, sizeof tail, "calls/%lld/%s", cid, act);
    op(&S, f, "POST", tail, body, r);
}

static json_t *first_call(const struct res *r)
{
    return json_array_get(json_object_get(r->json, "calls"), 0);
}

/* The tournament's stream, from its start, holds every needle. */
static void stream_has(struct fx *f, const char *const *needles, char *buf, size_t len)
{
    char path[120];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/events", f->tid);
    ck_assert_msg(stream_until(&S, path, "0", needles, WAIT_MS, -1, buf, len),
                  "the stream lacks an entry: %s", buf);
}

/* GOV-5: a player calls, the console sees it (table, match, reason, age), an official
 * takes it (the phone sees who) and closes it with an outcome; the stream tells each step
 * without the player's text. */
START_TEST(test_GOV5_call_taken_and_closed)
{
    struct fx f;
    setup(&f, 7);
    long long cid = open_call(&f, &f.a, "dispute");
    struct res r;
    char path[120];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/calls", f.tid);
    td(&S, "GET", path, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    json_t *c = first_call(&r);
    ck_assert_int_eq(json_integer_value(json_object_get(c, "id")), cid);
    ck_assert_str_eq(json_string_value(json_object_get(c, "table")), "7");
    ck_assert_int_eq(json_integer_value(json_object_get(c, "match_id")), f.mid);
    ck_assert_str_eq(json_string_value(json_object_get(c, "reason")), "dispute");
    ck_assert_str_eq(json_string_value(json_object_get(c, "state")), "open");
    ck_assert_str_eq(json_string_value(json_object_get(c, "text")), "please come");
    ck_assert(json_is_integer(json_object_get(c, "age_s")));
    res_free(&r);
    /* the console's list is the officials' */
    td(&f.a, "GET", path, NULL, &r);
    assert_refused(&r, 403, NULL, "a player reading the console's calls");
    res_free(&r);

    call_act(&f, cid, "take", NULL, &r);
    ck_assert_msg(r.status == 200, "take: %ld %s", r.status, r.body);
    ck_assert_str_eq(jstr(&r, "state"), "taken");
    res_free(&r);
    /* the phone shows who is on the way, and so does the opponent's */
    op(&f.b, &f, "GET", "calls", NULL, &r);
    ck_assert_int_eq(r.status, 200);
    ck_assert_str_eq(json_string_value(json_object_get(first_call(&r), "taken_by")), "Head TD");
    res_free(&r);
    call_act(&f, cid, "take", NULL, &r);
    assert_refused(&r, 409, "GOV-5", "taking a call taken");
    res_free(&r);

    call_act(&f, cid, "close", "{\"outcome\": \"Dispute settled: the dice were cocked\"}", &r);
    ck_assert_msg(r.status == 200, "close: %ld %s", r.status, r.body);
    ck_assert_str_eq(jstr(&r, "state"), "closed");
    ck_assert_str_eq(jstr(&r, "outcome"), "Dispute settled: the dice were cocked");
    res_free(&r);
    td(&S, "GET", path, NULL, &r);
    ck_assert_int_eq(json_array_size(json_object_get(r.json, "calls")), 0);
    res_free(&r);
    call_act(&f, cid, "close", "{\"outcome\": \"again\"}", &r);
    assert_refused(&r, 409, "GOV-5", "closing a closed call");
    res_free(&r);

    char buf[16384];
    const char *const needles[] = {"event: call.opened", "event: call.taken", "event: call.closed",
                                   "\"table\":\"7\"", NULL};
    stream_has(&f, needles, buf, sizeof buf);
    ck_assert_msg(!strstr(buf, "please come") && !strstr(buf, "cocked"),
                  "the public stream carries what was said at the table: %s", buf);
}
END_TEST

/* The tournament's open calls as anyone reads them (GET .../calls/tables), as anon. */
static json_t *public_calls(struct fx *f, struct srv *as, struct res *r)
{
    char path[120];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/calls/tables", f->tid);
    td(as, "GET", path, NULL, r);
    ck_assert_msg(r->status == 200, "the public calls: %ld %s", r->status, r->body);
    json_t *calls = json_object_get(r->json, "calls");
    ck_assert(json_is_array(calls));
    return calls;
}

/* GOV-5: a screen opened at any time shows the tables a TD was called to: the public list
 * of open calls holds only each call's table and time (no text, reason, side or caller),
 * for anyone without a login, until the call is closed. */
START_TEST(test_GOV5_open_calls_public_table_and_time)
{
    struct fx f;
    setup(&f, 7);
    struct res r;
    ck_assert_int_eq(json_array_size(public_calls(&f, &f.anon, &r)), 0);
    res_free(&r);
    long long cid = open_call(&f, &f.a, "dispute");
    struct srv *who[] = {&f.anon, &f.b, &S};
    for (int i = 0; i < 3; i++) {
        json_t *calls = public_calls(&f, who[i], &r);
        ck_assert_int_eq(json_array_size(calls), 1);
        json_t *c = json_array_get(calls, 0);
        ck_assert_str_eq(json_string_value(json_object_get(c, "table")), "7");
        ck_assert(json_integer_value(json_object_get(c, "created_ms")) > 0);
        ck_assert(json_is_string(json_object_get(c, "created_at")));
        ck_assert_msg(json_object_size(c) == 3, "the public call says more: %s", r.body);
        ck_assert_msg(!strstr(r.body, "please come") && !strstr(r.body, "dispute") &&
                          !strstr(r.body, "Anna") && !strstr(r.body, "player"),
                      "the public list carries more than table and time: %s", r.body);
        res_free(&r);
    }
    /* taken: still open at the table */
    call_act(&f, cid, "take", NULL, &r);
    ck_assert_int_eq(r.status, 200);
    res_free(&r);
    ck_assert_int_eq(json_array_size(public_calls(&f, &f.anon, &r)), 1);
    ck_assert_ptr_null(strstr(r.body, "Head TD"));
    res_free(&r);
    call_act(&f, cid, "close", "{\"outcome\": \"dice replaced\"}", &r);
    ck_assert_int_eq(r.status, 200);
    res_free(&r);
    ck_assert_int_eq(json_array_size(public_calls(&f, &f.anon, &r)), 0);
    res_free(&r);
    char path[120];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/calls/tables", f.tid + 1000);
    td(&f.anon, "GET", path, NULL, &r);
    ck_assert_int_eq(r.status, 404);
    res_free(&r);
}
END_TEST

/* GOV-5 refusals: a call on a match that is not the caller's, a second open call, past
 * the rate limit (429 with Retry-After), by the TD, a bad reason; each changes nothing. */
START_TEST(test_GOV5_refusals_change_nothing)
{
    struct fx f;
    setup(&f, 7);
    refuse(&f.c, &f, "POST", "calls", "{\"reason\": \"dispute\"}", 403, "GOV-5",
           "a call on another player's match");
    refuse(&f.anon, &f, "POST", "calls", "{\"reason\": \"dispute\"}", 401, "GOV-5",
           "a call without a login");
    refuse(&S, &f, "POST", "calls", "{\"reason\": \"dispute\"}", 403, "GOV-5", "a call by the TD");
    refuse(&f.a, &f, "POST", "calls", "{\"reason\": \"a cup of tea\"}", 422, "reason",
           "a call for no known reason");
    char longtext[400];
    memset(longtext, 'x', 250);
    longtext[250] = 0;
    char body[512];
    snprintf(body, sizeof body, "{\"reason\": \"other\", \"text\": \"%s\"}", longtext);
    refuse(&f.a, &f, "POST", "calls", body, 422, "text", "a call's text too long");

    long long cid = open_call(&f, &f.a, "equipment");
    refuse(&f.b, &f, "POST", "calls", "{\"reason\": \"dispute\"}", 409, "GOV-5",
           "a second open call on the match");
    refuse(&f.a, &f, "POST", "calls/999/take", NULL, 403, NULL, "a player taking a call");
    struct res r;
    call_act(&f, cid, "close", "{\"outcome\": \"new dice\", \"leave_minutes\": 5}", &r);
    assert_refused(&r, 422, "leave_minutes", "minutes for a call that did not ask to leave");
    res_free(&r);
    /* the rate limit: three calls by one player in ten minutes, then 429 */
    call_act(&f, cid, "close", "{\"outcome\": \"new dice\"}", &r);
    ck_assert_int_eq(r.status, 200);
    res_free(&r);
    for (int i = 0; i < 2; i++) {
        cid = open_call(&f, &f.a, "spectators");
        call_act(&f, cid, "close", "{\"outcome\": \"asked them to step back\"}", &r);
        ck_assert_int_eq(r.status, 200);
        res_free(&r);
    }
    char *before = snapshot(&f);
    op(&f.a, &f, "POST", "calls", "{\"reason\": \"other\"}", &r);
    assert_refused(&r, 429, "GOV-5", "a call past the rate limit");
    char ra[24];
    ck_assert_msg(res_header(&r, "Retry-After", ra, sizeof ra) && atoi(ra) > 0,
                  "429 without Retry-After: %s", r.headers);
    ck_assert_int_ge(jint(&r, "retry_after_s"), 1);
    res_free(&r);
    char *after = snapshot(&f);
    ck_assert_str_eq(before, after);
    free(before);
    free(after);
    /* the limit is the player's: the opponent still calls */
    open_call(&f, &f.b, "other");
}
END_TEST

/* GOV-5: a phone that retries its call (venue Wi-Fi) with the same Idempotency-Key gets
 * the first answer again, and the match has one call, not a refusal of a second one. */
START_TEST(test_GOV5_call_retried_with_its_key)
{
    struct fx f;
    setup(&f, 5);
    char path[160], cookie[200];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/matches/%lld/calls", f.tid, f.mid);
    snprintf(cookie, sizeof cookie, "Cookie: %s", f.a.cookie);
    const char *hd[] = {cookie, "X-Crawford: 1", "Content-Type: application/json",
                        "Idempotency-Key: call-once-1", NULL};
    struct res r1, r2;
    req(&S, "POST", path, "{\"reason\": \"equipment\"}", hd, &r1);
    req(&S, "POST", path, "{\"reason\": \"equipment\"}", hd, &r2);
    ck_assert_msg(r1.status == 201 && r2.status == 201, "%ld %s / %ld %s", r1.status, r1.body,
                  r2.status, r2.body);
    ck_assert_int_eq(jint(&r1, "id"), jint(&r2, "id"));
    res_free(&r1);
    res_free(&r2);
    op(&f.a, &f, "GET", "calls", NULL, &r1);
    ck_assert_int_eq(json_array_size(json_object_get(r1.json, "calls")), 1);
    res_free(&r1);
}
END_TEST

/* GOV-5: permission to leave the room is a break of N minutes (PEN-4's presence: shown
 * on both phones, overrunning it is lateness) that uses none of the side's breaks, and a
 * running clock stops. */
START_TEST(test_GOV5_leave_room_is_a_break)
{
    struct fx f;
    setup(&f, 7);
    struct res r;
    op(&f.a, &f, "POST", "clock/start", "{\"lower_die\": \"a\"}", &r);
    ck_assert_msg(r.status == 200 || r.status == 201, "clock: %ld %s", r.status, r.body);
    res_free(&r);
    long long cid = open_call(&f, &f.b, "leave_room");
    call_act(&f, cid, "close", "{\"outcome\": \"granted\", \"leave_minutes\": 10}", &r);
    ck_assert_msg(r.status == 200, "grant: %ld %s", r.status, r.body);
    ck_assert_int_eq(jint(&r, "leave_minutes"), 10);
    ck_assert(jint(&r, "leave_until_ms") > 0);
    res_free(&r);
    op(&f.a, &f, "GET", "breaks", NULL, &r);
    json_t *cur = json_object_get(r.json, "current");
    ck_assert_msg(json_is_object(cur), "no absence running: %s", r.body);
    ck_assert_str_eq(json_string_value(json_object_get(cur, "side")), "b");
    long long len = json_integer_value(json_object_get(cur, "ends_ms")) -
                    json_integer_value(json_object_get(cur, "started_ms"));
    ck_assert_int_eq(len, 10 * 60000);
    json_t *sb = json_object_get(json_object_get(r.json, "sides"), "b");
    ck_assert_int_eq(json_integer_value(json_object_get(sb, "used")), 0);
    res_free(&r);
    op(&f.b, &f, "GET", "clock", NULL, &r);
    ck_assert_str_eq(jstr(&r, "state"), "paused");
    res_free(&r);
    /* both phones read the permission from the match's calls */
    op(&f.a, &f, "GET", "calls", NULL, &r);
    ck_assert_int_eq(json_integer_value(json_object_get(first_call(&r), "leave_minutes")), 10);
    res_free(&r);
}
END_TEST

/* GOV-5 (003 2.3 i): an official warns a slow match of their own motion: recorded, shown
 * on both phones, on the stream without its text; a player cannot. */
START_TEST(test_GOV5_warning_of_a_slow_match)
{
    struct fx f;
    setup(&f, 5);
    struct res r;
    op(&S, &f, "POST", "warnings", "{\"text\": \"Play faster or points follow\"}", &r);
    ck_assert_msg(r.status == 201, "warn: %ld %s", r.status, r.body);
    res_free(&r);
    for (int s = 0; s < 2; s++) {
        op(s ? &f.b : &f.a, &f, "GET", "calls", NULL, &r);
        json_t *w = json_array_get(json_object_get(r.json, "warnings"), 0);
        ck_assert_str_eq(json_string_value(json_object_get(w, "text")),
                         "Play faster or points follow");
        res_free(&r);
    }
    op(&f.c, &f, "GET", "calls", NULL, &r);
    assert_refused(&r, 403, "GOV-5", "another player reading the match's calls");
    res_free(&r);
    refuse(&f.a, &f, "POST", "warnings", "{\"text\": \"hurry\"}", 403, NULL, "a player warning");
    refuse(&S, &f, "POST", "warnings", "{\"text\": \"\"}", 422, "text", "an empty warning");
    char buf[8192];
    const char *const needles[] = {"event: match.warned", NULL};
    stream_has(&f, needles, buf, sizeof buf);
    ck_assert(!strstr(buf, "Play faster"));
}
END_TEST

/* GOV-3: an official appoints an observer (at a player's request: the call; a fee and who
 * pays), the match's JSON shows it; removed, it is gone. */
START_TEST(test_GOV3_observer_appointed_and_removed)
{
    struct fx f;
    setup(&f, 7);
    long long cid = open_call(&f, &f.a, "observer");
    char body[200];
    snprintf(body, sizeof body,
             "{\"name\": \"Olga Osservatrice\", \"fee_cents\": 500, \"fee_payer\": \"a\", "
             "\"call_id\": %lld}",
             cid);
    struct res r;
    op(&S, &f, "POST", "observers", body, &r);
    ck_assert_msg(r.status == 201, "appoint: %ld %s", r.status, r.body);
    long long oid = jint(&r, "id");
    ck_assert_int_eq(jint(&r, "fee_cents"), 500);
    ck_assert_int_eq(jint(&r, "call_id"), cid);
    res_free(&r);
    op(&f.anon, &f, "GET", "", NULL, &r);
    json_t *o = json_array_get(json_object_get(r.json, "observers"), 0);
    ck_assert_str_eq(json_string_value(json_object_get(o, "name")), "Olga Osservatrice");
    ck_assert_str_eq(json_string_value(json_object_get(o, "fee_payer")), "a");
    res_free(&r);
    refuse(&f.a, &f, "POST", "observers", "{\"name\": \"Me\"}", 403, NULL,
           "a player appointing an observer");
    refuse(&S, &f, "POST", "observers", "{\"name\": \"X\", \"fee_payer\": \"b\"}", 422, "fee_payer",
           "a payer without a fee");
    refuse(&S, &f, "POST", "observers", "{\"name\": \"X\", \"call_id\": 99999}", 422, "call_id",
           "an observer for a call of another match");
    char tail[64];
    snprintf(tail, sizeof tail, "observers/%lld", oid);
    op(&S, &f, "DELETE", tail, NULL, &r);
    ck_assert_msg(r.status == 200, "remove: %ld %s", r.status, r.body);
    res_free(&r);
    op(&f.anon, &f, "GET", "", NULL, &r);
    ck_assert_int_eq(json_array_size(json_object_get(r.json, "observers")), 0);
    res_free(&r);
    refuse(&S, &f, "DELETE", tail, NULL, 409, "GOV-3", "removing an observer twice");
    char buf[8192];
    const char *const needles[] = {"event: observer.appointed", "event: observer.removed", NULL};
    stream_has(&f, needles, buf, sizeof buf);
}
END_TEST

/* ---- rulings ---- */

static void ruling(struct fx *f, const char *effect, struct res *r)
{
    char body[600];
    snprintf(body, sizeof body,
             "{\"question\": \"Who won the last game?\", \"facts\": \"Both claim it.\", "
             "\"decision\": \"As below\", \"reasons\": \"The scoresheets (5.5 i)\"%s%s}",
             effect ? ", \"effect\": " : "", effect ? effect : "");
    op(&S, f, "POST", "rulings", body, r);
}

/* The audit rows of the tournament with the given ids: their actions, in order. */
static void audit_actions(struct fx *f, json_t *ids, char *out, size_t len)
{
    char path[120];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/audit?limit=1000", f->tid);
    struct res r;
    td(&S, "GET", path, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    json_t *rows = json_is_array(r.json) ? r.json : json_object_get(r.json, "entries");
    out[0] = 0;
    for (size_t i = 0; i < json_array_size(ids); i++)
        for (size_t k = 0; k < json_array_size(rows); k++) {
            json_t *row = json_array_get(rows, k);
            if (json_integer_value(json_object_get(row, "id")) ==
                json_integer_value(json_array_get(ids, i))) {
                /* the row itself names the ruling */
                ck_assert_msg(json_is_integer(json_object_get(row, "ruling_id")),
                              "audit row %lld names no ruling",
                              (long long)json_integer_value(json_object_get(row, "id")));
                strncat(out, json_string_value(json_object_get(row, "action")),
                        len - strlen(out) - 2);
                strncat(out, " ", len - strlen(out) - 1);
            }
        }
    res_free(&r);
}

/* GOV-6: a ruling records the question, the facts, the decision, the reasons, the official
 * and the time; its penalty points go through PEN-5's operation, its audit rows name it;
 * only the match's players (and the officials) read it. */
START_TEST(test_GOV6_ruling_recorded_and_only_for_the_players)
{
    struct fx f;
    setup(&f, 7);
    struct res r;
    ruling(&f, "{\"kind\": \"penalty\", \"side\": \"a\", \"points\": 1}", &r);
    ck_assert_msg(r.status == 201, "ruling: %ld %s", r.status, r.body);
    ck_assert_str_eq(jstr(&r, "question"), "Who won the last game?");
    ck_assert_str_eq(jstr(&r, "reasons"), "The scoresheets (5.5 i)");
    ck_assert_str_eq(jstr(&r, "official"), "Head TD");
    ck_assert_int_eq(jint(&r, "official_id"), 1);
    ck_assert_str_eq(jstr(&r, "state"), "decided");
    ck_assert_str_eq(jstr(&r, "effect"), "penalty");
    ck_assert(strlen(jstr(&r, "created_at")) > 0);
    res_free(&r);
    op(&S, &f, "GET", "penalties", NULL, &r);
    json_t *p = json_array_get(json_object_get(r.json, "penalties"), 0);
    ck_assert_int_eq(json_integer_value(json_object_get(p, "points")), 1);
    ck_assert_str_eq(json_string_value(json_object_get(p, "reason")), "As below");
    res_free(&r);
    op(&f.a, &f, "GET", "rulings", NULL, &r);
    ck_assert_int_eq(r.status, 200);
    json_t *g = json_array_get(json_object_get(r.json, "rulings"), 0);
    ck_assert_str_eq(json_string_value(json_object_get(g, "facts")), "Both claim it.");
    char acts[512];
    audit_actions(&f, json_object_get(g, "audit_ids"), acts, sizeof acts);
    ck_assert_msg(strstr(acts, "match.penalty") && strstr(acts, "ruling.recorded"),
                  "the ruling's audit rows: %s", acts);
    res_free(&r);
    op(&f.b, &f, "GET", "rulings", NULL, &r);
    ck_assert_int_eq(r.status, 200);
    res_free(&r);
    op(&f.c, &f, "GET", "rulings", NULL, &r);
    assert_refused(&r, 403, "GOV-6", "another player reading the match's rulings");
    res_free(&r);
    op(&f.anon, &f, "GET", "rulings", NULL, &r);
    assert_refused(&r, 403, "GOV-6", "anyone reading the match's rulings");
    res_free(&r);
    char buf[8192];
    const char *const needles[] = {"event: ruling.recorded", NULL};
    stream_has(&f, needles, buf, sizeof buf);
    ck_assert_msg(!strstr(buf, "Who won the last game"), "the stream carries a ruling's text");
    /* refusals */
    refuse(&f.a, &f, "POST", "rulings",
           "{\"question\": \"q\", \"facts\": \"f\", \"decision\": \"d\", \"reasons\": \"r\"}", 403,
           NULL, "a ruling by a player");
    refuse(&S, &f, "POST", "rulings",
           "{\"question\": \"q\", \"facts\": \"f\", \"decision\": \"d\"}", 422, "reasons",
           "a ruling without reasons");
    refuse(&S, &f, "POST", "rulings",
           "{\"question\": \"q\", \"facts\": \"f\", \"decision\": \"d\", \"reasons\": \"r\", "
           "\"effect\": {\"kind\": \"score\"}}",
           422, "effect.score", "a score ruling without the score");
    refuse(&S, &f, "POST", "rulings",
           "{\"question\": \"q\", \"facts\": \"f\", \"decision\": \"d\", \"reasons\": \"r\", "
           "\"effect\": {\"kind\": \"score\", \"score\": {\"a\": 7, \"b\": 7}}}",
           422, "effect.score", "an impossible score");
}
END_TEST

/* GOV-6: a ruling that forfeits the match ends it "ruling"; one that imposes a clock gives
 * the match its clock (003 2.3). */
START_TEST(test_GOV6_ruling_forfeit_and_clock)
{
    struct fx f;
    setup(&f, 5);
    struct res r;
    ruling(&f, "{\"kind\": \"clock\"}", &r);
    ck_assert_msg(r.status == 201, "clock ruling: %ld %s", r.status, r.body);
    res_free(&r);
    op(&f.a, &f, "GET", "clock", NULL, &r);
    ck_assert_msg(r.status == 200, "no clock after the ruling: %s", r.body);
    res_free(&r);
    refuse(&S, &f, "POST", "rulings",
           "{\"question\": \"q\", \"facts\": \"f\", \"decision\": \"d\", \"reasons\": \"r\", "
           "\"effect\": {\"kind\": \"clock\"}}",
           409, NULL, "a second clock");
    ruling(&f, "{\"kind\": \"forfeit\", \"winner\": \"b\"}", &r);
    ck_assert_msg(r.status == 201, "forfeit ruling: %ld %s", r.status, r.body);
    ck_assert(json_is_true(json_object_get(r.json, "decided_match")));
    res_free(&r);
    op(&f.anon, &f, "GET", "", NULL, &r);
    ck_assert_str_eq(jstr(&r, "state"), "forfeited");
    ck_assert_str_eq(jstr(&r, "ended"), "ruling");
    res_free(&r);
}
END_TEST

/* The player of a side of a match's JSON, 0 when not known. */
static long long side_player(json_t *m, int side)
{
    json_t *s = json_array_get(json_object_get(m, "sides"), (size_t)side);
    return json_integer_value(json_object_get(s, "player_id"));
}

/* GOV-6: a ruling that sets a score verifies the match through the TD's verdict, ended
 * "ruling", and the bracket moves on: the winner is in the next round's match. */
START_TEST(test_GOV6_ruling_score_moves_the_bracket)
{
    struct fx f;
    memset(&f, 0, sizeof f);
    f.tid = make_tournament(&S, "Ruled cup");
    f.anon = S;
    f.anon.cookie[0] = 0;
    long long p[4];
    for (int i = 0; i < 4; i++) {
        char name[16];
        snprintf(name, sizeof name, "Ruled %d", i + 1);
        p[i] = make_player(&S, f.tid, name);
    }
    char path[200], body[200];
    struct res r;
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/competitions", f.tid);
    td(&S, "POST", path,
       "{\"kind\": \"knockout\", \"name\": \"Main\", \"knockout\": {\"lengths\": [5]}}", &r);
    ck_assert_msg(r.status == 201, "%s", r.body);
    long long eid = jint(&r, "id");
    res_free(&r);
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/competitions/%lld/entries", f.tid, eid);
    for (int i = 0; i < 4; i++) {
        snprintf(body, sizeof body, "{\"player_id\": %lld}", p[i]);
        td(&S, "POST", path, body, &r);
        ck_assert_int_eq(r.status, 201);
        res_free(&r);
    }
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/competitions/%lld/knockout/draw", f.tid,
             eid);
    td(&S, "POST", path, "{\"seed\": \"6\"}", &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    res_free(&r);
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/matches", f.tid);
    req(&S, "GET", path, NULL, NULL, &r);
    json_t *ms = json_is_array(r.json) ? r.json : json_object_get(r.json, "matches");
    long long winner = 0, final = 0;
    /* four entries: two first-round matches with both players, a final with none yet */
    for (size_t i = 0; i < json_array_size(ms); i++) {
        json_t *m = json_array_get(ms, i);
        long long b = side_player(m, 1);
        if (b && !f.mid) {
            f.mid = json_integer_value(json_object_get(m, "id"));
            winner = b;
        }
        if (!side_player(m, 0) && !b)
            final = json_integer_value(json_object_get(m, "id"));
    }
    res_free(&r);
    ck_assert_msg(f.mid && final && winner, "no first-round match and final");
    ruling(&f, "{\"kind\": \"score\", \"score\": {\"a\": 2, \"b\": 5}}", &r);
    ck_assert_msg(r.status == 201, "score ruling: %ld %s", r.status, r.body);
    long long rid = jint(&r, "id");
    res_free(&r);
    op(&f.anon, &f, "GET", "", NULL, &r);
    ck_assert_str_eq(jstr(&r, "state"), "verified");
    ck_assert_str_eq(jstr(&r, "ended"), "ruling");
    res_free(&r);
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/matches/%lld", f.tid, final);
    req(&S, "GET", path, NULL, NULL, &r);
    ck_assert_msg(side_player(r.json, 0) == winner || side_player(r.json, 1) == winner,
                  "the winner %lld did not move on: %s", winner, r.body);
    res_free(&r);
    /* the verdict's audit row names the ruling */
    op(&S, &f, "GET", "rulings", NULL, &r);
    json_t *g = json_array_get(json_object_get(r.json, "rulings"), 0);
    ck_assert_int_eq(json_integer_value(json_object_get(g, "id")), rid);
    char acts[512];
    audit_actions(&f, json_object_get(g, "audit_ids"), acts, sizeof acts);
    ck_assert_msg(strstr(acts, "match.verified") && strstr(acts, "ruling.recorded"),
                  "the ruling's audit rows: %s", acts);
    res_free(&r);
    /* a second ruling corrects the result: the other player moves on instead */
    ruling(&f, "{\"kind\": \"score\", \"score\": {\"a\": 5, \"b\": 4}}", &r);
    ck_assert_msg(r.status == 201, "correcting ruling: %ld %s", r.status, r.body);
    res_free(&r);
    op(&f.anon, &f, "GET", "", NULL, &r);
    ck_assert_str_eq(jstr(&r, "winner"), "a");
    ck_assert_str_eq(jstr(&r, "ended"), "ruling");
    json_t *g0 = json_array_get(json_object_get(r.json, "sides"), 0);
    long long now_winner = json_integer_value(json_object_get(g0, "player_id"));
    res_free(&r);
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/matches/%lld", f.tid, final);
    req(&S, "GET", path, NULL, NULL, &r);
    ck_assert_msg(side_player(r.json, 0) == now_winner || side_player(r.json, 1) == now_winner,
                  "the corrected winner %lld did not move on: %s", now_winner, r.body);
    res_free(&r);
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/rulings", f.tid);
    td(&S, "GET", path, NULL, &r);
    ck_assert_int_eq(json_array_size(json_object_get(r.json, "rulings")), 2);
    res_free(&r);
}
END_TEST

/* GOV-6: an official who plays in the match does not rule on it; with no other TD the
 * ruling is recorded as waiting for the Committee and changes nothing yet. The head TD is
 * linked by another official (GOV-6a), who is then removed. */
START_TEST(test_GOV6_party_ruling_waits_for_the_committee)
{
    struct fx f;
    setup(&f, 5);
    long long lina = make_official(&S, "Lina", "td", "lina password");
    struct srv as_lina;
    srv_login_as(&as_lina, &S, "Lina", "lina password");
    char path[160];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/players/%lld", f.tid, f.pa);
    struct res r;
    td(&as_lina, "PATCH", path, "{\"official_id\": 1}", &r); /* Anna is the head TD */
    ck_assert_int_eq(r.status, 200);
    res_free(&r);
    snprintf(path, sizeof path, "/api/v1/officials/%lld", lina);
    td(&S, "DELETE", path, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    res_free(&r);
    ruling(&f, "{\"kind\": \"score\", \"score\": {\"a\": 5, \"b\": 0}}", &r);
    ck_assert_msg(r.status == 201, "party ruling: %ld %s", r.status, r.body);
    ck_assert_str_eq(jstr(&r, "state"), "awaiting_committee");
    ck_assert(json_is_false(json_object_get(r.json, "decided_match")));
    res_free(&r);
    op(&f.anon, &f, "GET", "", NULL, &r);
    ck_assert_str_eq(jstr(&r, "state"), "called");
    ck_assert_int_eq(json_integer_value(json_object_get(json_object_get(r.json, "score"), "a")), 0);
    res_free(&r);
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/rulings?state=awaiting_committee", f.tid);
    td(&S, "GET", path, NULL, &r);
    ck_assert_int_eq(json_array_size(json_object_get(r.json, "rulings")), 1);
    res_free(&r);
}
END_TEST

/* GOV-6 with officials (GOV-1): a TD who plays in the match is refused (403 naming GOV-6,
 * nothing changed) since the head TD is there to rule, and the head TD's ruling stands;
 * an assistant answers a call (the phone shows their name) but does not rule (GOV-1).
 * Runs last: the TD it adds is "another TD" for every later ruling of the server. */
START_TEST(test_GOV6_party_refused_another_td_rules)
{
    struct fx f;
    setup(&f, 5);
    long long tina = make_official(&S, "Tina", "td", "tina password");
    make_official(&S, "Andy", "assistant", "andy password");
    struct srv as_tina, as_andy;
    srv_login_as(&as_tina, &S, "Tina", "tina password");
    srv_login_as(&as_andy, &S, "Andy", "andy password");
    char path[160], body[64];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/players/%lld", f.tid, f.pb);
    snprintf(body, sizeof body, "{\"official_id\": %lld}", tina); /* Bruno is Tina */
    struct res r;
    td(&S, "PATCH", path, body, &r);
    ck_assert_int_eq(r.status, 200);
    res_free(&r);
    const char *score =
        "{\"question\": \"q\", \"facts\": \"f\", \"decision\": \"d\", \"reasons\": "
        "\"r\", \"effect\": {\"kind\": \"score\", \"score\": {\"a\": 5, \"b\": 1}}}";
    refuse(&as_tina, &f, "POST", "rulings", score, 403, "GOV-6", "a ruling by a party");
    refuse(&as_andy, &f, "POST", "rulings", score, 403, "GOV-1", "a ruling by an assistant");
    long long cid = open_call(&f, &f.a, "dispute");
    char tail[64];
    snprintf(tail, sizeof tail, "calls/%lld/take", cid);
    op(&as_andy, &f, "POST", tail, NULL, &r);
    ck_assert_msg(r.status == 200, "an assistant taking a call: %ld %s", r.status, r.body);
    res_free(&r);
    op(&f.a, &f, "GET", "calls", NULL, &r);
    ck_assert_str_eq(json_string_value(json_object_get(first_call(&r), "taken_by")), "Andy");
    res_free(&r);
    op(&S, &f, "POST", "rulings", score, &r);
    ck_assert_msg(r.status == 201, "the head TD's ruling: %ld %s", r.status, r.body);
    ck_assert_str_eq(jstr(&r, "state"), "decided");
    res_free(&r);
    op(&f.anon, &f, "GET", "", NULL, &r);
    ck_assert_str_eq(jstr(&r, "state"), "verified");
    ck_assert_str_eq(jstr(&r, "ended"), "ruling");
    res_free(&r);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("http_calls");
    TCase *tc = tcase_create("calls");
    tcase_add_unchecked_fixture(tc, srv_up, srv_down);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_GOV5_call_taken_and_closed);
    tcase_add_test(tc, test_GOV5_open_calls_public_table_and_time);
    tcase_add_test(tc, test_GOV5_refusals_change_nothing);
    tcase_add_test(tc, test_GOV5_call_retried_with_its_key);
    tcase_add_test(tc, test_GOV5_leave_room_is_a_break);
    tcase_add_test(tc, test_GOV5_warning_of_a_slow_match);
    tcase_add_test(tc, test_GOV3_observer_appointed_and_removed);
    tcase_add_test(tc, test_GOV6_ruling_recorded_and_only_for_the_players);
    tcase_add_test(tc, test_GOV6_ruling_forfeit_and_clock);
    tcase_add_test(tc, test_GOV6_ruling_score_moves_the_bracket);
    tcase_add_test(tc, test_GOV6_party_ruling_waits_for_the_committee);
    tcase_add_test(tc, test_GOV6_party_refused_another_td_rules);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
