/* HTTP tests of results: PIN logins, reports, confirmation, disputes, the TD's verification
 * and correction, idempotent retries, the event stream, and durability under SIGKILL. */
#include <check.h>
#include <pthread.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "support/harness.h"
#include "../check_main.h"

static void up(void)
{
    srv_start(&S, "\"pin_max_failures\": 3, \"pin_address_max_failures\": 1000");
    srv_login(&S);
}

/* A tournament with two players and a match between them; the players' sessions. */
struct fixture {
    long long tid, pa, pb, mid;
    char pin_a[8], pin_b[8];
    struct srv a, b; /* the server as seen by each player (their cookies) */
};

static void player_login(struct srv *as, long long tid, long long pid, const char *pin)
{
    srv_player_login(as, &S, tid, pid, pin);
}

static long long register_player(long long tid, const char *name, char pin[8])
{
    return make_player_pin(&S, tid, name, pin);
}

static void setup_match_named(struct fixture *f, int length, const char *name_a, const char *name_b)
{
    f->tid = make_tournament(&S, "Results");
    f->pa = register_player(f->tid, name_a, f->pin_a);
    f->pb = register_player(f->tid, name_b, f->pin_b);
    f->mid = make_match(&S, f->tid, f->pa, f->pb, length);
    player_login(&f->a, f->tid, f->pa, f->pin_a);
    player_login(&f->b, f->tid, f->pb, f->pin_b);
}

static void setup_match(struct fixture *f, int length)
{
    setup_match_named(f, length, "Anna", "Bruno");
}

static void match_path(const struct fixture *f, const char *tail, char *out, size_t len)
{
    snprintf(out, len, "/api/v1/tournaments/%lld/matches/%lld%s", f->tid, f->mid, tail);
}

static void report_score(struct srv *as, const struct fixture *f, int a, int b, struct res *r)
{
    char path[160], body[96];
    match_path(f, "/report", path, sizeof path);
    snprintf(body, sizeof body, "{\"score\": {\"a\": %d, \"b\": %d}}", a, b);
    td(as, "POST", path, body, r);
}

static void get_match(const struct fixture *f, struct res *r)
{
    char path[160];
    match_path(f, "", path, sizeof path);
    req(&S, "GET", path, NULL, NULL, r);
    ck_assert_int_eq(r->status, 200);
}

/* The match's frame refuses in the order a reader checks: the match, who asks, then what
 * the body says; a bad body hides neither a missing match nor a refusal of who asks. */
START_TEST(test_frame_refuses_the_match_and_who_asks_before_the_body)
{
    struct fixture f;
    setup_match(&f, 5);
    char path[160], missing[160];
    const char *bad = "{\"score\": \"five to nil\"}";
    match_path(&f, "/report", path, sizeof path);
    snprintf(missing, sizeof missing, "/api/v1/tournaments/%lld/matches/999999/report", f.tid);
    struct res r;
    td(&f.a, "POST", missing, bad, &r);
    ck_assert_msg(problem_is(&r, 404), "%s", r.body);
    res_free(&r);
    td(&S, "POST", path, bad, &r); /* the TD decides, the players report */
    ck_assert_msg(problem_is(&r, 403), "%s", r.body);
    ck_assert_str_eq(jstr(&r, "type"), "/problems/not-a-player");
    res_free(&r);
    const char *anon[] = {"X-Crawford: 1", "Content-Type: application/json", NULL};
    req(&S, "POST", path, bad, anon, &r);
    ck_assert_msg(problem_is(&r, 401), "%s", r.body);
    res_free(&r);
    td(&f.a, "POST", path, bad, &r); /* now the body: named */
    ck_assert_msg(problem_is(&r, 422), "%s", r.body);
    ck_assert_str_eq(json_string_value(json_object_get(
                         json_array_get(json_object_get(r.json, "errors"), 0), "field")),
                     "score");
    res_free(&r);
    /* the TD: a correction of a match not decided, whatever its body */
    match_path(&f, "/correct", path, sizeof path);
    td(&S, "POST", path, "{\"bogus\": 1}", &r);
    ck_assert_msg(problem_is(&r, 409), "%s", r.body);
    ck_assert_str_eq(jstr(&r, "type"), "/problems/not-decided");
    res_free(&r);
    report_score(&f.a, &f, 5, 0, &r);
    res_free(&r);
    match_path(&f, "/confirm", path, sizeof path);
    td(&f.b, "POST", path, "{\"report_id\": 0}", &r); /* ids start at 1 */
    ck_assert_msg(problem_is(&r, 422), "%s", r.body);
    res_free(&r);
    td(&f.b, "POST", path, NULL, &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    res_free(&r);
    match_path(&f, "/verify", path, sizeof path);
    td(&S, "POST", path, "{\"bogus\": 1}", &r); /* decided: correct it instead */
    ck_assert_msg(problem_is(&r, 409), "%s", r.body);
    ck_assert_str_eq(jstr(&r, "type"), "/problems/match-finished");
    res_free(&r);
}
END_TEST

START_TEST(test_MATCH7_report_then_confirm_verifies)
{
    struct fixture f;
    setup_match(&f, 5);
    struct res r;
    report_score(&f.a, &f, 5, 2, &r);
    ck_assert_int_eq(r.status, 200);
    ck_assert_str_eq(jstr(&r, "state"), "reported");
    res_free(&r);
    char path[160];
    match_path(&f, "/confirm", path, sizeof path);
    td(&f.a, "POST", path, NULL, &r); /* the reporter cannot confirm their own report */
    ck_assert(problem_is(&r, 409));
    res_free(&r);
    td(&f.b, "POST", path, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    ck_assert_str_eq(jstr(&r, "state"), "verified");
    ck_assert_str_eq(jstr(&r, "ended"), "played");
    ck_assert_str_eq(jstr(&r, "winner"), "a");
    json_t *score = json_object_get(r.json, "score");
    ck_assert_int_eq(json_integer_value(json_object_get(score, "a")), 5);
    ck_assert_int_eq(json_integer_value(json_object_get(score, "b")), 2);
    json_t *times = json_object_get(r.json, "times");
    ck_assert(json_is_string(json_object_get(times, "reported")));
    ck_assert(json_is_string(json_object_get(times, "verified")));
    res_free(&r);
    /* final: no more reports */
    report_score(&f.b, &f, 2, 5, &r);
    ck_assert(problem_is(&r, 409));
    res_free(&r);
    /* MATCH-6: the illegal-move policy is set before the tournament starts */
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld", f.tid);
    td(&S, "PATCH", path, "{\"illegal_move_policy\": \"responsible\"}", &r);
    ck_assert(problem_is(&r, 409));
    ck_assert_ptr_nonnull(strstr(jstr(&r, "detail"), "MATCH-6"));
    res_free(&r);
    td(&S, "PATCH", path, "{\"illegal_move_policy\": \"legal\", \"venue\": \"Hall\"}", &r);
    ck_assert_int_eq(r.status, 200); /* the same policy again is no change */
    ck_assert_str_eq(jstr(&r, "illegal_move_policy"), "legal");
    res_free(&r);
}
END_TEST

START_TEST(test_MATCH1_impossible_scores_refused)
{
    struct fixture f;
    setup_match(&f, 7);
    struct res r;
    static const int bad[][2] = {{7, 7}, {3, 4}, {0, 0}, {9, 8}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        report_score(&f.a, &f, bad[i][0], bad[i][1], &r);
        ck_assert_msg(problem_is(&r, 422), "%d-%d: %s", bad[i][0], bad[i][1], r.body);
        ck_assert_ptr_nonnull(strstr(jstr(&r, "detail"), "MATCH-1"));
        res_free(&r);
    }
    char path[160];
    match_path(&f, "", path, sizeof path);
    char body[] = "{\"score\": {\"a\": -1, \"b\": 7}}";
    match_path(&f, "/report", path, sizeof path);
    td(&f.a, "POST", path, body, &r);
    ck_assert(problem_is(&r, 422));
    res_free(&r);
    td(&f.a, "POST", path, "{\"score\": {\"a\": 7}}", &r);
    ck_assert(problem_is(&r, 422));
    res_free(&r);
    td(&f.a, "POST", path, "{\"result\": \"I won\"}", &r);
    ck_assert(problem_is(&r, 422));
    res_free(&r);
    /* nothing was stored */
    get_match(&f, &r);
    ck_assert_str_eq(jstr(&r, "state"), "scheduled");
    res_free(&r);
    /* points beyond the length do not count (MATCH-1): 9-3 is stored as 7-3 */
    report_score(&f.a, &f, 9, 3, &r);
    ck_assert_int_eq(r.status, 200);
    ck_assert_int_eq(json_integer_value(json_object_get(json_object_get(r.json, "score"), "a")), 7);
    res_free(&r);
}
END_TEST

START_TEST(test_only_own_match)
{
    struct fixture f, g;
    setup_match(&f, 3);
    setup_match(&g, 3);
    struct res r;
    /* a player of another match */
    report_score(&g.a, &f, 3, 0, &r);
    ck_assert(problem_is(&r, 403));
    res_free(&r);
    /* nobody logged in */
    struct srv anon = S;
    anon.cookie[0] = 0;
    report_score(&anon, &f, 3, 0, &r);
    ck_assert(problem_is(&r, 401));
    res_free(&r);
    /* the TD does not report as a player: logged in, not as a player (403), and told how the
     * TD decides a match */
    report_score(&S, &f, 3, 0, &r);
    ck_assert(problem_is(&r, 403));
    ck_assert_str_eq(jstr(&r, "type"), "/problems/not-a-player");
    ck_assert_ptr_nonnull(strstr(jstr(&r, "detail"), "/verify"));
    res_free(&r);
    get_match(&f, &r);
    ck_assert_str_eq(jstr(&r, "state"), "scheduled");
    res_free(&r);
    /* reports are seen by the TD and the match's players only */
    char path[160];
    match_path(&f, "/reports", path, sizeof path);
    td(&g.b, "GET", path, NULL, &r);
    ck_assert(problem_is(&r, 403));
    res_free(&r);
}
END_TEST

/* A match's reports are read through the one private read of a match (its players and the
 * officials): anyone else's 403 names the rule of what they would see (MATCH-4). */
START_TEST(test_MATCH4_reports_private_names_rule)
{
    struct fixture f, g;
    setup_match(&f, 3);
    setup_match(&g, 3);
    struct res r;
    report_score(&f.a, &f, 3, 1, &r);
    res_free(&r);
    char path[160];
    match_path(&f, "/reports", path, sizeof path);
    td(&g.a, "GET", path, NULL, &r); /* a player of another match */
    assert_refused(&r, 403, "MATCH-4", "reports read by another match's player");
    ck_assert_str_eq(jstr(&r, "type"), "/problems/not-your-match");
    res_free(&r);
    td(&f.b, "GET", path, NULL, &r); /* the opponent sees them */
    ck_assert_int_eq(r.status, 200);
    res_free(&r);
}
END_TEST

START_TEST(test_dispute_and_td_decides)
{
    struct fixture f;
    setup_match(&f, 5);
    struct res r;
    report_score(&f.a, &f, 5, 4, &r);
    res_free(&r);
    report_score(&f.b, &f, 3, 5, &r);
    ck_assert_int_eq(r.status, 200);
    ck_assert_str_eq(jstr(&r, "state"), "disputed");
    res_free(&r);
    /* the TD sees both versions side by side */
    char path[160];
    match_path(&f, "/reports", path, sizeof path);
    td(&S, "GET", path, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    json_t *reps = json_object_get(r.json, "reports");
    json_t *ra = json_object_get(reps, "a"), *rb = json_object_get(reps, "b");
    ck_assert_str_eq(json_string_value(json_object_get(ra, "winner")), "a");
    ck_assert_str_eq(json_string_value(json_object_get(rb, "winner")), "b");
    long long rid_b = json_integer_value(json_object_get(rb, "id"));
    /* MATCH-4 cannot decide between two final scores alone: said, not decided */
    json_t *d = json_object_get(r.json, "dispute");
    ck_assert(json_is_null(json_object_get(d, "prevails")));
    ck_assert_ptr_nonnull(strstr(json_string_value(json_object_get(d, "why")), "MATCH-4"));
    res_free(&r);
    /* the players cannot settle it by confirming nothing new; the TD decides it with a
     * ruling that states the question and the reasons, not a verdict (GOV-6a) */
    match_path(&f, "/verify", path, sizeof path);
    char body[64];
    snprintf(body, sizeof body, "{\"report_id\": %lld}", rid_b);
    td(&f.a, "POST", path, body, &r); /* not the TD: a player's session */
    ck_assert(problem_is(&r, 403));
    res_free(&r);
    td(&S, "POST", path, body, &r);
    assert_refused(&r, 409, "GOV-6a", "a verdict of a dispute");
    res_free(&r);
    match_path(&f, "/rulings", path, sizeof path);
    td(&S, "POST", path,
       "{\"question\": \"Who won?\", \"facts\": \"5-4 against 3-5\", \"decision\": "
       "\"Bruno, 3-5\", \"reasons\": \"The scoresheet\", \"effect\": {\"kind\": \"score\", "
       "\"score\": {\"a\": 3, \"b\": 5}}}",
       &r);
    ck_assert_msg(r.status == 201, "the ruling: %ld %s", r.status, r.body);
    json_t *m = json_object_get(r.json, "match");
    ck_assert_str_eq(json_string_value(json_object_get(m, "state")), "verified");
    ck_assert_str_eq(json_string_value(json_object_get(m, "winner")), "b");
    res_free(&r);
}
END_TEST

START_TEST(test_td_correction_is_audited)
{
    struct fixture f;
    setup_match(&f, 3);
    struct res r;
    report_score(&f.a, &f, 3, 1, &r);
    res_free(&r);
    char path[160];
    match_path(&f, "/confirm", path, sizeof path);
    td(&f.b, "POST", path, NULL, &r);
    ck_assert_str_eq(jstr(&r, "state"), "verified");
    res_free(&r);
    match_path(&f, "/verify", path, sizeof path);
    td(&S, "POST", path, "{\"score\": {\"a\": 3, \"b\": 2}}", &r);
    ck_assert(problem_is(&r, 409)); /* already verified: correct it */
    res_free(&r);
    match_path(&f, "/correct", path, sizeof path);
    td(&S, "POST", path, "{\"score\": {\"a\": 2, \"b\": 3}, \"reason\": \"scoresheet\"}", &r);
    ck_assert_int_eq(r.status, 200);
    ck_assert_str_eq(jstr(&r, "winner"), "b");
    res_free(&r);
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/audit?limit=1000", f.tid);
    td(&S, "GET", path, NULL, &r);
    json_t *e = json_object_get(r.json, "entries");
    json_t *last = json_array_get(e, json_array_size(e) - 1);
    ck_assert_str_eq(json_string_value(json_object_get(last, "action")), "match.corrected");
    ck_assert_str_eq(json_string_value(json_object_get(last, "actor")), "official:1");
    ck_assert_str_eq(json_string_value(json_object_get(json_object_get(last, "before"), "winner")),
                     "a");
    ck_assert_str_eq(json_string_value(json_object_get(json_object_get(last, "after"), "winner")),
                     "b");
    /* the players' PIN logins are in the log too, under their own names */
    int logins = 0;
    for (size_t i = 0; i < json_array_size(e); i++)
        logins += !strcmp(json_string_value(json_object_get(json_array_get(e, i), "action")),
                          "player.login");
    ck_assert_int_eq(logins, 2);
    res_free(&r);
}
END_TEST

START_TEST(test_reporter_changes_unconfirmed_report)
{
    struct fixture f;
    setup_match(&f, 5);
    struct res r;
    report_score(&f.a, &f, 5, 1, &r);
    res_free(&r);
    report_score(&f.a, &f, 5, 3, &r); /* a correction before the opponent confirms */
    ck_assert_str_eq(jstr(&r, "state"), "reported");
    res_free(&r);
    char path[160];
    match_path(&f, "/confirm", path, sizeof path);
    td(&f.b, "POST", path, NULL, &r);
    ck_assert_int_eq(json_integer_value(json_object_get(json_object_get(r.json, "score"), "b")), 3);
    res_free(&r);
}
END_TEST

START_TEST(test_withdraw_own_report)
{
    struct fixture f;
    setup_match(&f, 5);
    struct res r;
    report_score(&f.a, &f, 5, 1, &r);
    res_free(&r);
    char path[160];
    match_path(&f, "/report", path, sizeof path);
    td(&f.a, "DELETE", path, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    ck_assert_str_ne(jstr(&r, "state"), "reported");
    res_free(&r);
    td(&f.a, "DELETE", path, NULL, &r);
    ck_assert(problem_is(&r, 409));
    res_free(&r);
    /* reported again: the history has both passages, in order, by a player; `times` only
     * the last time of each state */
    report_score(&f.a, &f, 5, 1, &r);
    res_free(&r);
    get_match(&f, &r);
    json_t *h = json_object_get(r.json, "history");
    const char *want[] = {"reported", "scheduled", "reported"};
    ck_assert_msg(json_array_size(h) >= 3, "%s", r.body);
    size_t off = json_array_size(h) - 3;
    for (size_t k = 0; k < 3; k++) {
        json_t *e = json_array_get(h, off + k);
        ck_assert_str_eq(json_string_value(json_object_get(e, "state")), want[k]);
        ck_assert_str_eq(json_string_value(json_object_get(e, "by")), "player");
        ck_assert(json_is_string(json_object_get(e, "at")));
    }
    ck_assert_str_eq(
        json_string_value(json_object_get(json_object_get(r.json, "times"), "reported")),
        json_string_value(json_object_get(json_array_get(h, off + 2), "at")));
    ck_assert_ptr_null(strstr(r.body, "player:")); /* the kind of actor, never who */
    res_free(&r);
}
END_TEST

START_TEST(test_pin_wrong_then_locked)
{
    long long tid = make_tournament(&S, "PINs");
    char pin[8];
    long long pid = register_player(tid, "Lockable", pin);
    char path[128];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/players/%lld/login", tid, pid);
    const char *h[] = {"X-Crawford: 1", "Content-Type: application/json", NULL};
    char wrong[32];
    snprintf(wrong, sizeof wrong, "{\"pin\": \"%06d\"}", (atoi(pin) + 1) % 1000000);
    struct res r;
    for (int i = 0; i < 2; i++) {
        req(&S, "POST", path, wrong, h, &r);
        ck_assert(problem_is(&r, 401));
        res_free(&r);
    }
    req(&S, "POST", path, wrong, h, &r);
    ck_assert(problem_is(&r, 429));
    char ra[16];
    ck_assert_ptr_nonnull(res_header(&r, "Retry-After", ra, sizeof ra));
    ck_assert_int_gt(atoi(ra), 0);
    ck_assert_ptr_nonnull(strstr(jstr(&r, "detail"), "minutes"));
    res_free(&r);
    /* locked: even the right PIN waits */
    char right[32];
    snprintf(right, sizeof right, "{\"pin\": \"%s\"}", pin);
    req(&S, "POST", path, right, h, &r);
    ck_assert(problem_is(&r, 429));
    res_free(&r);
    /* the TD resets the PIN: the new one works at once */
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/players/%lld/pin", tid, pid);
    td(&S, "POST", path, NULL, &r);
    snprintf(right, sizeof right, "{\"pin\": \"%s\"}", jstr(&r, "pin"));
    res_free(&r);
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/players/%lld/login", tid, pid);
    req(&S, "POST", path, right, h, &r);
    ck_assert_int_eq(r.status, 200);
    res_free(&r);
}
END_TEST

START_TEST(test_new_pin_ends_player_sessions)
{
    struct fixture f;
    setup_match(&f, 3);
    struct res r;
    char path[160];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/players/%lld/pin", f.tid, f.pa);
    td(&S, "POST", path, NULL, &r);
    res_free(&r);
    report_score(&f.a, &f, 3, 0, &r);
    ck_assert(problem_is(&r, 401));
    res_free(&r);
}
END_TEST

/* Player A sends body to the match's route twice with one Idempotency-Key (a phone's retry
 * after a lost answer): both answers are 200 and the same. Leaves the headers in h. */
static void send_twice(struct fixture *f, const char *route, const char *key, const char *body,
                       char cookie[200], const char *h[5])
{
    char path[160], idem[80];
    static char keep[80];
    match_path(f, route, path, sizeof path);
    snprintf(cookie, 200, "Cookie: %s", f->a.cookie);
    snprintf(idem, sizeof idem, "Idempotency-Key: %s", key);
    memcpy(keep, idem, sizeof keep);
    h[0] = cookie;
    h[1] = "X-Crawford: 1";
    h[2] = "Content-Type: application/json";
    h[3] = keep;
    h[4] = NULL;
    struct res r1, r2;
    req(&S, "POST", path, body, h, &r1);
    req(&S, "POST", path, body, h, &r2);
    ck_assert_msg(r1.status == 200, "%s", r1.body);
    ck_assert_int_eq(r2.status, 200);
    ck_assert_str_eq(r1.body, r2.body); /* the first answer, again */
    res_free(&r1);
    res_free(&r2);
}

START_TEST(test_idempotent_retry)
{
    struct fixture f;
    setup_match(&f, 5);
    char path[160], cookie[200];
    const char *h[5];
    send_twice(&f, "/report", "phone-7f3a-1", "{\"score\": {\"a\": 5, \"b\": 0}}", cookie, h);
    struct res r1, r3;
    match_path(&f, "/report", path, sizeof path);
    req(&S, "POST", path, "{\"score\": {\"a\": 5, \"b\": 1}}", h, &r3);
    ck_assert(problem_is(&r3, 422)); /* the key names another submission */
    res_free(&r3);
    /* one report stored, not two: the audit log has one report entry */
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/audit?limit=1000", f.tid);
    td(&S, "GET", path, NULL, &r1);
    int reports = 0;
    json_t *e = json_object_get(r1.json, "entries");
    for (size_t i = 0; i < json_array_size(e); i++)
        if (!strcmp(json_string_value(json_object_get(json_array_get(e, i), "action")),
                    "match.reported"))
            reports++;
    ck_assert_int_eq(reports, 1);
    res_free(&r1);
}
END_TEST

/* Reads an event stream for up to ms milliseconds into out. */
/* A quiet stream stays alive: a comment line every 15 s (API_STREAM_HEARTBEAT_MS) when
 * nothing happens, so that proxies and phones do not time the connection out, and a
 * vanished client is noticed. */
START_TEST(test_event_stream_heartbeat)
{
    long long tid = make_tournament(&S, "Quiet");
    char events[160], buf[8192];
    snprintf(events, sizeof events, "/api/v1/tournaments/%lld/events", tid);
    const char *beat[] = {"\n:\n\n", NULL};
    ck_assert_msg(stream_until(&S, events, NULL, beat, 15000 + WAIT_MS, -1, buf, sizeof buf),
                  "no heartbeat in: %s", buf);
}
END_TEST

START_TEST(test_event_stream_and_resume)
{
    struct fixture f;
    setup_match(&f, 3);
    char events[160];
    snprintf(events, sizeof events, "/api/v1/tournaments/%lld/events", f.tid);
    /* a stream opened now sees the report made while it listens: the child says when
     * its stream is open, then reads until both events came */
    int pipefd[2], ready[2];
    ck_assert_int_eq(pipe(pipefd), 0);
    ck_assert_int_eq(pipe(ready), 0);
    pid_t child = fork();
    if (child == 0) {
        char buf[16384];
        const char *both[] = {"event: match.reported", "event: match.verified", NULL};
        stream_until(&S, events, NULL, both, WAIT_MS, ready[1], buf, sizeof buf);
        if (write(pipefd[1], buf, strlen(buf)) < 0)
            _exit(1);
        _exit(0);
    }
    close(pipefd[1]);
    close(ready[1]);
    ck_assert_msg(wait_ready(ready[0], WAIT_MS), "the event stream did not open");
    close(ready[0]);
    struct res r;
    report_score(&f.a, &f, 3, 2, &r);
    ck_assert_int_eq(r.status, 200);
    res_free(&r);
    /* ... and the opponent's confirmation */
    char cpath[160];
    match_path(&f, "/confirm", cpath, sizeof cpath);
    td(&f.b, "POST", cpath, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    res_free(&r);
    char buf[16384];
    size_t n = 0;
    ssize_t k;
    while ((k = read(pipefd[0], buf + n, sizeof buf - 1 - n)) > 0)
        n += (size_t)k;
    buf[n] = 0;
    waitpid(child, NULL, 0);
    ck_assert_ptr_nonnull(strstr(buf, "event: match.reported"));
    ck_assert_ptr_nonnull(strstr(buf, "event: match.verified"));
    ck_assert(strstr(buf, "event: match.reported") < strstr(buf, "event: match.verified"));
    ck_assert_ptr_null(strstr(buf, f.pin_a)); /* no PIN in the stream */
    ck_assert_ptr_null(strstr(buf, "\"pin\""));
    /* every change so far, from the first id: a resume from id 1 loses nothing */
    char all[65536];
    const char *last[] = {"event: match.verified", NULL};
    ck_assert(stream_until(&S, events, "0", last, WAIT_MS, -1, all, sizeof all));
    int ids = 0;
    long long expect = 1;
    for (char *p = strstr(all, "\nid: "); p; p = strstr(p + 1, "\nid: ")) {
        ck_assert_int_eq(atoll(p + 5), expect);
        expect++;
        ids++;
    }
    ck_assert_int_ge(ids, 4); /* two players, the match, the report */
    char from[16];
    snprintf(from, sizeof from, "%d", ids - 1);
    char tail[16384];
    char want[32];
    snprintf(want, sizeof want, "id: %d\n", ids);
    const char *newest[] = {want, NULL};
    ck_assert(stream_until(&S, events, from, newest, WAIT_MS, -1, tail, sizeof tail));
    snprintf(want, sizeof want, "id: %d\n", ids - 1);
    ck_assert_ptr_null(strstr(tail, want));
    /* a stream of a tournament that does not exist */
    req(&S, "GET", "/api/v1/tournaments/999999/events", NULL, NULL, &r);
    ck_assert(problem_is(&r, 404));
    res_free(&r);
}
END_TEST

START_TEST(test_durability_under_sigkill)
{
    struct srv mine;
    srv_start(&mine, NULL);
    srv_login(&mine);
    struct srv saved = S;
    S = mine;
    enum { N = 60 };
    struct fixture f[N];
    for (int i = 0; i < N; i++)
        setup_match(&f[i], 1);
    /* a child reports the matches one after another and tells which got a 2xx */
    int pipefd[2];
    ck_assert_int_eq(pipe(pipefd), 0);
    pid_t child = fork();
    if (child == 0) {
        close(pipefd[0]);
        for (int i = 0; i < N; i++) {
            struct res r;
            report_score(&f[i].a, &f[i], 1, 0, &r);
            if (r.status >= 200 && r.status < 300 &&
                write(pipefd[1], &i, sizeof i) != (ssize_t)sizeof i)
                _exit(1);
            res_free(&r);
        }
        _exit(0);
    }
    close(pipefd[1]);
    /* the kill comes once a first report was acknowledged (the rest are in flight), not
     * after a fixed time that a loaded machine may not have used for any report */
    int acked[N] = {0}, n_acked = 0, i;
    struct pollfd first = {.fd = pipefd[0], .events = POLLIN};
    ck_assert_msg(poll(&first, 1, WAIT_MS) == 1, "no report was acknowledged");
    kill(mine.pid, SIGKILL);
    waitpid(mine.pid, NULL, 0);
    mine.pid = 0;
    while (read(pipefd[0], &i, sizeof i) == (ssize_t)sizeof i) {
        acked[i] = 1;
        n_acked++;
    }
    waitpid(child, NULL, 0);
    ck_assert_int_gt(n_acked, 0);
    ck_assert(db_integrity_ok(mine.db)); /* the file is sound */
    /* and every acknowledged report is there after a restart */
    srv_restart(&mine);
    S = mine;
    for (int k = 0; k < N; k++) {
        if (!acked[k])
            continue;
        struct res r;
        get_match(&f[k], &r);
        ck_assert_msg(!strcmp(jstr(&r, "state"), "reported"), "match %d lost its report", k);
        res_free(&r);
    }
    S = saved;
    srv_cleanup(&mine);
}
END_TEST

static void post_game(struct srv *as, const struct fixture *f, const char *body, struct res *r)
{
    char path[160];
    match_path(f, "/games", path, sizeof path);
    td(as, "POST", path, body, r);
}

static void set_length(const struct fixture *f, int length, struct res *r)
{
    char path[160], body[32];
    match_path(f, "", path, sizeof path);
    snprintf(body, sizeof body, "{\"length\": %d}", length);
    td(&S, "PATCH", path, body, r);
}

/* MATCH-3: the TD finds a match played at a wrong length. Between games the length is
 * corrected from the next game on (the Crawford game follows the correct length); not when
 * the score reached would end the match at it, nor once the match is reported over. */
START_TEST(test_MATCH3_the_TD_corrects_a_wrong_length_between_games)
{
    struct fixture f;
    setup_match(&f, 3); /* should have been 5 */
    struct res r;
    post_game(&f.a, &f, "{\"winner\": \"a\", \"cube\": 1, \"result\": \"gammon\"}", &r);
    ck_assert_int_eq(r.status, 200); /* 2-0: at 3 points the next game is the Crawford game */
    res_free(&r);
    set_length(&f, 5, &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    ck_assert_int_eq(jint(&r, "length"), 5);
    json_t *lc = json_object_get(r.json, "length_corrected");
    ck_assert_int_eq(json_integer_value(json_object_get(lc, "from")), 3);
    ck_assert_int_eq(json_integer_value(json_object_get(lc, "from_game")), 2);
    res_free(&r);
    /* game 2 is played to 5 points: no Crawford game at 2-0, a double is fine */
    post_game(&f.a, &f, "{\"winner\": \"b\", \"cube\": 2, \"result\": \"single\"}", &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    json_t *rep = json_object_get(r.json, "report");
    ck_assert(json_is_false(json_object_get(json_object_get(rep, "last_game"), "crawford")));
    ck_assert_int_eq(json_integer_value(json_object_get(json_object_get(rep, "score"), "b")), 2);
    res_free(&r);
    /* the games as the TD sees them: game 1 at 3 points, game 2 at 5 */
    char path[160];
    match_path(&f, "/reports", path, sizeof path);
    td(&S, "GET", path, NULL, &r);
    json_t *games =
        json_object_get(json_object_get(json_object_get(r.json, "reports"), "a"), "games");
    ck_assert_int_eq(json_array_size(games), 2);
    res_free(&r);
    /* not corrected twice */
    set_length(&f, 7, &r);
    ck_assert_msg(problem_is(&r, 409), "%s", r.body);
    res_free(&r);
    /* a 7-point match that should have been to 3, found at 4-0: the wrong length stands */
    struct fixture g;
    setup_match(&g, 7);
    for (int i = 0; i < 2; i++) {
        post_game(&g.a, &g, "{\"winner\": \"a\", \"cube\": 1, \"result\": \"gammon\"}", &r);
        ck_assert_int_eq(r.status, 200);
        res_free(&r);
    }
    set_length(&g, 3, &r);
    ck_assert_msg(problem_is(&r, 409), "%s", r.body);
    ck_assert_ptr_nonnull(strstr(jstr(&r, "detail"), "At 4-0 a 3-point match would be over"));
    ck_assert_ptr_nonnull(strstr(jstr(&r, "detail"), "MATCH-3"));
    res_free(&r);
    get_match(&g, &r);
    ck_assert_int_eq(jint(&r, "length"), 7);
    ck_assert(json_object_get(r.json, "length_corrected") == NULL);
    res_free(&r);
    /* a match reported over stands at its length */
    struct fixture h;
    setup_match(&h, 3);
    report_score(&h.a, &h, 3, 0, &r);
    ck_assert_int_eq(r.status, 200);
    res_free(&r);
    set_length(&h, 5, &r);
    ck_assert_msg(problem_is(&r, 409), "%s", r.body);
    ck_assert_ptr_nonnull(strstr(jstr(&r, "detail"), "says the match is over"));
    res_free(&r);
}
END_TEST

START_TEST(test_game_by_game_with_running_score)
{
    struct fixture f;
    setup_match(&f, 3);
    struct res r;
    post_game(&f.a, &f, "{\"winner\": \"a\", \"cube\": 1, \"result\": \"gammon\"}", &r);
    ck_assert_int_eq(r.status, 200);
    ck_assert_str_eq(jstr(&r, "state"), "playing");
    json_t *rep = json_object_get(r.json, "report");
    ck_assert_int_eq(json_integer_value(json_object_get(json_object_get(rep, "score"), "a")), 2);
    res_free(&r);
    /* CUBE-6: 2-0 in a 3-point match, the next game is the Crawford game: no cube */
    post_game(&f.a, &f, "{\"winner\": \"b\", \"cube\": 2, \"result\": \"single\"}", &r);
    ck_assert(problem_is(&r, 422));
    ck_assert_str_eq(jstr(&r, "rule"), "CUBE-6");
    ck_assert_int_eq(jint(&r, "game"), 2);
    ck_assert(strlen(jstr(&r, "detail")) > 20);
    res_free(&r);
    post_game(&f.a, &f, "{\"winner\": \"b\", \"cube\": 1, \"result\": \"single\"}", &r);
    ck_assert_int_eq(r.status, 200);
    rep = json_object_get(r.json, "report");
    ck_assert_int_eq(json_integer_value(json_object_get(rep, "games")), 2);
    json_t *g2 = json_object_get(rep, "last_game");
    ck_assert_int_eq(json_integer_value(json_object_get(g2, "game")), 2);
    ck_assert(json_is_true(json_object_get(g2, "crawford")));
    res_free(&r);
    /* a mistake is taken back */
    post_game(&f.a, &f, "{\"winner\": \"b\", \"cube\": 1, \"result\": \"single\"}", &r);
    ck_assert_str_eq(jstr(&r, "state"), "playing");
    res_free(&r);
    char path[160];
    match_path(&f, "/games/last", path, sizeof path);
    td(&f.a, "DELETE", path, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    rep = json_object_get(r.json, "report");
    ck_assert_int_eq(json_integer_value(json_object_get(rep, "games")), 2);
    res_free(&r);
    /* CUBE-3: a dropped double at 2-1 scores the cube before the double: the match ends */
    post_game(&f.a, &f, "{\"winner\": \"a\", \"cube\": 1, \"result\": \"drop\"}", &r);
    ck_assert_int_eq(r.status, 200);
    ck_assert_str_eq(jstr(&r, "state"), "reported");
    res_free(&r);
    /* MATCH-2: no game after the one that ended the match */
    post_game(&f.a, &f, "{\"winner\": \"a\", \"cube\": 1, \"result\": \"single\"}", &r);
    ck_assert(problem_is(&r, 409));
    res_free(&r);
    /* bad input names the field */
    post_game(&f.b, &f, "{\"winner\": \"c\", \"cube\": 1, \"result\": \"single\"}", &r);
    ck_assert(problem_is(&r, 422));
    ck_assert_ptr_nonnull(strstr(r.body, "\"winner\""));
    res_free(&r);
    /* the reports, read back, list every game with the score before and after */
    char rp[160];
    match_path(&f, "/reports", rp, sizeof rp);
    td(&f.b, "GET", rp, NULL, &r);
    json_t *ga = json_object_get(json_object_get(json_object_get(r.json, "reports"), "a"), "games");
    ck_assert_int_eq(json_array_size(ga), 3);
    ck_assert(json_is_true(json_object_get(json_array_get(ga, 1), "crawford")));
    ck_assert_str_eq(json_string_value(json_object_get(json_array_get(ga, 2), "result")), "drop");
    ck_assert_int_eq(json_integer_value(json_object_get(
                         json_object_get(json_array_get(ga, 2), "score_after"), "a")),
                     3);
    res_free(&r);
    char cp[160];
    match_path(&f, "/confirm", cp, sizeof cp);
    td(&f.b, "POST", cp, NULL, &r);
    ck_assert_str_eq(jstr(&r, "state"), "verified");
    res_free(&r);
}
END_TEST

START_TEST(test_games_report_refusals)
{
    struct fixture f;
    setup_match(&f, 5);
    struct res r;
    char path[160];
    match_path(&f, "/report", path, sizeof path);
    /* a cube of 3 (CUBE-1) */
    td(&f.a, "POST", path,
       "{\"games\": [{\"winner\": \"a\", \"cube\": 3, \"result\": \"single\"}]}", &r);
    ck_assert(problem_is(&r, 422));
    ck_assert_int_eq(jint(&r, "game"), 1);
    res_free(&r);
    /* a game after the match ended */
    td(&f.a, "POST", path,
       "{\"games\": [{\"winner\": \"a\", \"cube\": 4, \"result\": \"gammon\"}, "
       "{\"winner\": \"b\", \"cube\": 1, \"result\": \"single\"}]}",
       &r);
    ck_assert(problem_is(&r, 422));
    ck_assert_int_eq(jint(&r, "game"), 2);
    ck_assert_str_eq(jstr(&r, "rule"), "MATCH-2");
    res_free(&r);
    /* a resignation needs its level */
    td(&f.a, "POST", path,
       "{\"games\": [{\"winner\": \"a\", \"cube\": 1, \"result\": \"resign\"}]}", &r);
    ck_assert(problem_is(&r, 422));
    res_free(&r);
    td(&f.a, "POST", path, "{\"games\": \"many\"}", &r);
    ck_assert(problem_is(&r, 422));
    res_free(&r);
    td(&f.a, "POST", path, "{\"score\": {\"a\": 5, \"b\": 0}, \"games\": []}", &r);
    ck_assert(problem_is(&r, 422));
    res_free(&r);
    get_match(&f, &r);
    ck_assert_str_eq(jstr(&r, "state"), "scheduled"); /* nothing stored */
    res_free(&r);
}
END_TEST

/* PEN-5: penalty points are the TD's: a player's transcript that gives itself some is
 * replayed without them (and refused here: one single game does not end a 5-point match). */
START_TEST(test_PEN5_player_transcript_cannot_award_penalties)
{
    struct fixture f;
    setup_match(&f, 5);
    struct res r;
    char path[160];
    match_path(&f, "/report", path, sizeof path);
    td(&f.a, "POST", path,
       "{\"transcript\": {\"match_length\": 5, \"complete\": true, \"games\": [{\"result\": "
       "{\"winner\": 0, \"how\": \"single\", \"cube\": 1}}], \"penalties\": [{\"before_game\": "
       "1, \"side\": 1, \"points\": 4}]}}",
       &r);
    ck_assert_msg(r.status == 422, "self-awarded penalties: %ld %s", r.status, r.body);
    res_free(&r);
    get_match(&f, &r);
    ck_assert_str_eq(jstr(&r, "state"), "scheduled"); /* nothing stored */
    ck_assert_int_eq(json_integer_value(json_object_get(json_object_get(r.json, "score"), "a")), 0);
    res_free(&r);
}
END_TEST

/* MATCH-7: a confirmation names the report the player saw; if the reporter changed it
 * meanwhile the confirmation is refused and nothing changes. */
START_TEST(test_MATCH7_confirm_the_report_seen)
{
    struct fixture f;
    setup_match(&f, 5);
    struct res r;
    report_score(&f.a, &f, 5, 2, &r);
    res_free(&r);
    char path[160];
    match_path(&f, "/reports", path, sizeof path);
    td(&f.b, "GET", path, NULL, &r);
    long long seen = json_integer_value(
        json_object_get(json_object_get(json_object_get(r.json, "reports"), "a"), "id"));
    res_free(&r);
    ck_assert_int_gt(seen, 0);
    report_score(&f.a, &f, 5, 4, &r); /* a changes it before b confirms */
    res_free(&r);
    char cp[160], body[64];
    match_path(&f, "/confirm", cp, sizeof cp);
    snprintf(body, sizeof body, "{\"report_id\": %lld}", seen);
    td(&f.b, "POST", cp, body, &r);
    ck_assert(problem_is(&r, 409));
    ck_assert_str_eq(jstr(&r, "title"), "The report changed");
    res_free(&r);
    get_match(&f, &r);
    ck_assert_str_eq(jstr(&r, "state"), "reported"); /* nothing changed */
    res_free(&r);
    td(&f.b, "POST", cp, "{\"report_id\": \"x\"}", &r);
    ck_assert(problem_is(&r, 422));
    res_free(&r);
    td(&f.b, "GET", path, NULL, &r);
    long long now = json_integer_value(
        json_object_get(json_object_get(json_object_get(r.json, "reports"), "a"), "id"));
    res_free(&r);
    snprintf(body, sizeof body, "{\"report_id\": %lld}", now);
    td(&f.b, "POST", cp, body, &r);
    ck_assert_int_eq(r.status, 200);
    ck_assert_str_eq(jstr(&r, "state"), "verified");
    ck_assert_int_eq(json_integer_value(json_object_get(json_object_get(r.json, "score"), "b")), 4);
    res_free(&r);
}
END_TEST

/* MATCH-4: a dispute between a game-by-game report (a scoresheet) and a final score alone:
 * the reports say the scoresheet prevails, and the TD verifies with it. */
START_TEST(test_MATCH4_scoresheet_prevails_in_a_dispute)
{
    struct fixture f;
    setup_match(&f, 3);
    struct res r;
    post_game(&f.a, &f, "{\"winner\": \"a\", \"cube\": 2, \"result\": \"single\"}", &r);
    res_free(&r);
    post_game(&f.a, &f, "{\"winner\": \"b\", \"cube\": 1, \"result\": \"single\"}", &r);
    res_free(&r);
    post_game(&f.a, &f, "{\"winner\": \"a\", \"cube\": 1, \"result\": \"single\"}", &r);
    ck_assert_str_eq(jstr(&r, "state"), "reported"); /* 3-1 */
    res_free(&r);
    report_score(&f.b, &f, 3, 2, &r);
    ck_assert_str_eq(jstr(&r, "state"), "disputed");
    res_free(&r);
    char path[160];
    match_path(&f, "/reports", path, sizeof path);
    td(&S, "GET", path, NULL, &r);
    json_t *d = json_object_get(r.json, "dispute");
    ck_assert_str_eq(json_string_value(json_object_get(d, "prevails")), "a");
    long long rid = json_integer_value(
        json_object_get(json_object_get(json_object_get(r.json, "reports"), "a"), "id"));
    ck_assert_int_eq(json_integer_value(json_object_get(d, "report_id")), rid);
    ck_assert_ptr_nonnull(strstr(json_string_value(json_object_get(d, "why")), "MATCH-4"));
    res_free(&r);
    /* not a dispute any more once decided (by a ruling for the scoresheet, GOV-6a): no
     * advice */
    match_path(&f, "/rulings", path, sizeof path);
    char body[300];
    snprintf(body, sizeof body,
             "{\"question\": \"3-1 or 3-2?\", \"facts\": \"A scoresheet against a score\", "
             "\"decision\": \"3-1\", \"reasons\": \"MATCH-4\", \"effect\": {\"kind\": "
             "\"score\", \"report_id\": %lld}}",
             rid);
    td(&S, "POST", path, body, &r);
    ck_assert_msg(r.status == 201, "the ruling: %ld %s", r.status, r.body);
    json_t *m = json_object_get(r.json, "match");
    ck_assert_str_eq(json_string_value(json_object_get(m, "state")), "verified");
    ck_assert_int_eq(json_integer_value(json_object_get(m, "result_report_id")), rid);
    res_free(&r);
    match_path(&f, "/reports", path, sizeof path);
    td(&S, "GET", path, NULL, &r);
    ck_assert_ptr_null(json_object_get(r.json, "dispute"));
    res_free(&r);
}
END_TEST

/* MATCH-5 with game-by-game reporting: penalty points given between games go to the
 * opponent's score in the match and in the report in progress; reaching N-1 makes the next
 * game the Crawford game (a cube there is refused, CUBE-6); reaching N ends the match. */
START_TEST(test_MATCH5_penalty_points_in_a_games_report)
{
    struct fixture f;
    setup_match(&f, 5);
    struct res r;
    post_game(&f.a, &f, "{\"winner\": \"a\", \"cube\": 1, \"result\": \"single\"}", &r);
    ck_assert_int_eq(r.status, 200);
    res_free(&r);
    char pp[160];
    match_path(&f, "/penalties", pp, sizeof pp);
    td(&S, "POST", pp,
       "{\"side\": \"a\", \"kind\": \"points\", \"points\": 2, \"reason\": \"slow play\"}", &r);
    ck_assert_int_eq(r.status, 201);
    ck_assert_int_eq(jint(&r, "before_game"), 1); /* after the one game reported */
    res_free(&r);
    get_match(&f, &r);
    json_t *sc = json_object_get(r.json, "score");
    ck_assert_int_eq(json_integer_value(json_object_get(sc, "a")), 1);
    ck_assert_int_eq(json_integer_value(json_object_get(sc, "b")), 2);
    ck_assert_int_eq(
        json_integer_value(json_object_get(json_object_get(r.json, "penalty_points"), "b")), 2);
    res_free(&r);
    /* 1-2, b wins a gammon: 1-4, b is one point from the match */
    post_game(&f.a, &f, "{\"winner\": \"b\", \"cube\": 1, \"result\": \"gammon\"}", &r);
    ck_assert_int_eq(r.status, 200);
    json_t *rs = json_object_get(json_object_get(r.json, "report"), "score");
    ck_assert_int_eq(json_integer_value(json_object_get(rs, "a")), 1);
    ck_assert_int_eq(json_integer_value(json_object_get(rs, "b")), 4);
    res_free(&r);
    /* the Crawford game: no cube */
    post_game(&f.a, &f, "{\"winner\": \"a\", \"cube\": 2, \"result\": \"single\"}", &r);
    ck_assert(problem_is(&r, 422));
    ck_assert_str_eq(jstr(&r, "rule"), "CUBE-6");
    ck_assert_int_eq(jint(&r, "game"), 3);
    res_free(&r);
    post_game(&f.a, &f, "{\"winner\": \"a\", \"cube\": 1, \"result\": \"single\"}", &r);
    ck_assert_int_eq(r.status, 200);
    ck_assert(json_is_true(json_object_get(
        json_object_get(json_object_get(r.json, "report"), "last_game"), "crawford")));
    res_free(&r);
    /* the games read back carry the penalty in their scores */
    char rp[160];
    match_path(&f, "/reports", rp, sizeof rp);
    td(&S, "GET", rp, NULL, &r);
    json_t *ga = json_object_get(json_object_get(json_object_get(r.json, "reports"), "a"), "games");
    ck_assert_int_eq(json_array_size(ga), 3);
    ck_assert_int_eq(json_integer_value(json_object_get(
                         json_object_get(json_array_get(ga, 1), "score_before"), "b")),
                     2);
    res_free(&r);
    /* 2-4: one more penalty point against a brings b to 5: the match is b's */
    td(&S, "POST", pp,
       "{\"side\": \"a\", \"kind\": \"points\", \"points\": 1, \"reason\": \"etiquette\"}", &r);
    ck_assert_int_eq(r.status, 201);
    res_free(&r);
    get_match(&f, &r);
    sc = json_object_get(r.json, "score");
    ck_assert_int_eq(json_integer_value(json_object_get(sc, "b")), 5);
    ck_assert_str_eq(jstr(&r, "state"), "reported"); /* a's report now ends the match: b confirms */
    res_free(&r);
    char cp[160];
    match_path(&f, "/confirm", cp, sizeof cp);
    td(&f.b, "POST", cp, NULL, &r);
    ck_assert_str_eq(jstr(&r, "state"), "verified");
    ck_assert_str_eq(jstr(&r, "winner"), "b");
    res_free(&r);
}
END_TEST

static char *read_file(const char *path)
{
    FILE *fp = fopen(path, "rb");
    ck_assert_ptr_nonnull(fp);
    static char buf[200000];
    size_t n = fread(buf, 1, sizeof buf - 1, fp);
    buf[n] = 0;
    fclose(fp);
    return buf;
}

static void post_mat(struct srv *as, const struct fixture *f, const char *text, struct res *r)
{
    json_t *body = json_pack("{s:s}", "mat", text);
    char *b = json_dumps(body, 0);
    json_decref(body);
    char path[160];
    match_path(f, "/report", path, sizeof path);
    td(as, "POST", path, b, r);
    free(b);
}

START_TEST(test_mat_transcript_replayed)
{
    struct fixture f;
    setup_match(&f, 5);
    struct res r;
    /* data/matches/0003_05pt.mat: LongerPlayerName wins 6-0 (index.jsonl) */
    char *mat = read_file("tests/data/gnubg/matches/0003_05pt.mat");
    post_mat(&f.a, &f, mat, &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    ck_assert_str_eq(jstr(&r, "state"), "reported");
    json_t *score = json_object_get(r.json, "score");
    ck_assert_int_eq(json_integer_value(json_object_get(score, "a")), 5); /* 6 capped, MATCH-1 */
    ck_assert_int_eq(json_integer_value(json_object_get(score, "b")), 0);
    res_free(&r);
    /* an illegal step is refused with the game, the move, the rule and a sentence */
    struct fixture g;
    setup_match(&g, 5);
    char *bad = strdup(mat);
    char *p = strstr(bad, "24/20 13/10 ");
    ck_assert_ptr_nonnull(p);
    memcpy(p, "24/20 13/11 ", 12);
    post_mat(&g.a, &g, bad, &r);
    free(bad);
    ck_assert(problem_is(&r, 422));
    ck_assert_int_eq(jint(&r, "game"), 1);
    ck_assert_int_eq(jint(&r, "move"), 1);
    ck_assert_str_eq(jstr(&r, "rule"), "ENG-3");
    ck_assert_ptr_nonnull(strstr(jstr(&r, "detail"), "13/11"));
    res_free(&r);
    /* not a .mat file at all */
    post_mat(&g.a, &g, "Dear TD, I won 5-0.", &r);
    ck_assert(problem_is(&r, 422));
    res_free(&r);
    get_match(&g, &r);
    ck_assert_str_eq(jstr(&r, "state"), "scheduled");
    res_free(&r);
    /* MATCH-3: the whole match played to 5 points on a 7-point match stands, flagged for
     * the TD; the opponent's confirmation verifies it */
    struct fixture h;
    setup_match(&h, 7);
    post_mat(&h.a, &h, mat, &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    ck_assert_str_eq(jstr(&r, "state"), "reported");
    score = json_object_get(r.json, "score");
    ck_assert_int_eq(json_integer_value(json_object_get(score, "a")), 5); /* 6 capped at 5 */
    ck_assert_int_eq(json_integer_value(json_object_get(score, "b")), 0);
    res_free(&r);
    char path[160];
    match_path(&h, "/reports", path, sizeof path);
    td(&S, "GET", path, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    json_t *flags =
        json_object_get(json_object_get(json_object_get(r.json, "reports"), "a"), "flags");
    int match3 = 0;
    for (size_t i = 0; i < json_array_size(flags); i++) {
        json_t *fl = json_array_get(flags, i);
        if (!strcmp(json_string_value(json_object_get(fl, "rule")), "MATCH-3")) {
            match3 = 1;
            ck_assert_ptr_nonnull(strstr(json_string_value(json_object_get(fl, "message")),
                                         "Played to 5 points, not 7"));
        }
    }
    ck_assert_msg(match3, "no MATCH-3 flag: %s", r.body);
    res_free(&r);
    match_path(&h, "/confirm", path, sizeof path);
    td(&h.b, "POST", path, NULL, &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    ck_assert_str_eq(jstr(&r, "state"), "verified");
    ck_assert_str_eq(jstr(&r, "winner"), "a");
    res_free(&r);
}
END_TEST

START_TEST(test_reads_carry_etags)
{
    struct fixture f;
    setup_match(&f, 3);
    char path[160];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/matches", f.tid);
    struct res r;
    req(&S, "GET", path, NULL, NULL, &r);
    char etag[80], inm[120];
    ck_assert_ptr_nonnull(res_header(&r, "ETag", etag, sizeof etag));
    res_free(&r);
    snprintf(inm, sizeof inm, "If-None-Match: %s", etag);
    const char *h[] = {inm, NULL};
    req(&S, "GET", path, NULL, h, &r);
    ck_assert_int_eq(r.status, 304);
    res_free(&r);
    /* the list holds no PIN: the TD reads the same kept copy, with the same validator
     * (issue 32: the console's reads kept per revision like the public ones) */
    td(&S, "GET", path, NULL, &r);
    char tdtag[80];
    ck_assert_str_eq(res_header(&r, "ETag", tdtag, sizeof tdtag), etag);
    res_free(&r);
    /* a change moves it */
    report_score(&f.a, &f, 3, 1, &r);
    res_free(&r);
    req(&S, "GET", path, NULL, h, &r);
    ck_assert_int_eq(r.status, 200);
    ck_assert_str_eq(json_string_value(json_object_get(
                         json_array_get(json_object_get(r.json, "matches"), 0), "state")),
                     "reported");
    res_free(&r);
}
END_TEST

/* ---- what a refusal leaves: the match, both reports and the audit log, read back ---- */

struct snap {
    char *match, *reports;
    size_t audit;
};

static void snapshot(const struct fixture *f, struct snap *s)
{
    struct res r;
    get_match(f, &r);
    s->match = strdup(r.body);
    res_free(&r);
    char path[160];
    match_path(f, "/reports", path, sizeof path);
    td(&S, "GET", path, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    s->reports = strdup(r.body);
    res_free(&r);
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/audit?limit=1000", f->tid);
    td(&S, "GET", path, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    s->audit = json_array_size(json_object_get(r.json, "entries"));
    res_free(&r);
}

static void snap_free(struct snap *s)
{
    free(s->match);
    free(s->reports);
}

/* Asserts that nothing of the match changed since `before`. */
static void assert_unchanged(const struct fixture *f, struct snap *before, const char *what)
{
    struct snap now;
    snapshot(f, &now);
    ck_assert_msg(!strcmp(before->match, now.match), "%s changed the match: %s -> %s", what,
                  before->match, now.match);
    ck_assert_msg(!strcmp(before->reports, now.reports), "%s changed the reports: %s -> %s", what,
                  before->reports, now.reports);
    ck_assert_msg(before->audit == now.audit, "%s wrote %zu audit entries", what,
                  now.audit - before->audit);
    snap_free(&now);
}

static long long score_of(const struct res *r, const char *side)
{
    return json_integer_value(json_object_get(json_object_get(r->json, "score"), side));
}

static void post_transcript(struct srv *as, const struct fixture *f, json_t *rec, struct res *r)
{
    json_t *body = json_pack("{s:O}", "transcript", rec);
    char *b = json_dumps(body, 0);
    json_decref(body);
    char path[160];
    match_path(f, "/report", path, sizeof path);
    td(as, "POST", path, b, r);
    free(b);
}

static json_t *example_record(void)
{
    json_error_t e;
    json_t *rec = json_load_file("tests/data/json/example_match.json", 0, &e);
    ck_assert_msg(rec != NULL, "example_match.json: %s", e.text);
    return rec;
}

/* The README's JSON game record, reported by a player: replayed move by move and stored.
 * Its penalty point is not the player's to give (PEN-5), so without it game 3 ends the
 * match 1-3 for Bob, side b. */
START_TEST(test_json_transcript_report)
{
    json_t *rec = example_record();
    struct fixture f;
    setup_match_named(&f, 3, "Alice", "Bob");
    struct res r;
    post_transcript(&f.a, &f, rec, &r);
    ck_assert_msg(r.status == 200, "%ld %s", r.status, r.body);
    ck_assert_str_eq(jstr(&r, "state"), "reported");
    ck_assert_int_eq(score_of(&r, "a"), 1);
    ck_assert_int_eq(score_of(&r, "b"), 3);
    res_free(&r);
    char path[160];
    match_path(&f, "/confirm", path, sizeof path);
    td(&f.b, "POST", path, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    ck_assert_str_eq(jstr(&r, "state"), "verified");
    ck_assert_str_eq(jstr(&r, "winner"), "b");
    res_free(&r);
    /* the players' names say which column is side a: Bob is a here */
    struct fixture g;
    setup_match_named(&g, 3, "Bob", "Alice");
    post_transcript(&g.b, &g, rec, &r);
    ck_assert_msg(r.status == 200, "%ld %s", r.status, r.body);
    ck_assert_int_eq(score_of(&r, "a"), 3);
    ck_assert_int_eq(score_of(&r, "b"), 1);
    res_free(&r);
    json_decref(rec);
}
END_TEST

/* A broken record is refused with the game, the move and the rule, and nothing is stored. */
START_TEST(test_json_transcript_refusals)
{
    struct fixture f;
    setup_match_named(&f, 3, "Alice", "Bob");
    struct snap before;
    snapshot(&f, &before);
    struct res r;
    /* an illegal step: 8/4 with a 3-1 */
    json_t *rec = example_record();
    json_t *a0 = json_array_get(
        json_object_get(json_array_get(json_object_get(rec, "games"), 0), "actions"), 0);
    json_object_set_new(a0, "play", json_string("8/4 6/5"));
    post_transcript(&f.a, &f, rec, &r);
    json_decref(rec);
    ck_assert_msg(problem_is(&r, 422), "%ld %s", r.status, r.body);
    ck_assert_int_eq(jint(&r, "game"), 1);
    ck_assert_int_eq(jint(&r, "move"), 1);
    ck_assert_msg(!strncmp(jstr(&r, "rule"), "ENG-", 4), "rule %s", jstr(&r, "rule"));
    res_free(&r);
    assert_unchanged(&f, &before, "an illegal step");
    /* Alice redoubles a cube Bob owns (he took her double) */
    rec = example_record();
    json_t *acts = json_object_get(json_array_get(json_object_get(rec, "games"), 0), "actions");
    json_array_insert_new(acts, 4,
                          json_pack("{s:s, s:i, s:i}", "type", "double", "side", 0, "cube", 4));
    post_transcript(&f.a, &f, rec, &r);
    json_decref(rec);
    ck_assert_msg(problem_is(&r, 422), "%ld %s", r.status, r.body);
    ck_assert_int_eq(jint(&r, "game"), 1);
    ck_assert_int_gt(jint(&r, "move"), 0);
    ck_assert_str_eq(jstr(&r, "rule"), "CUBE-4");
    ck_assert_str_eq(jstr(&r, "side"), "a");
    res_free(&r);
    assert_unchanged(&f, &before, "a wrong double");
    /* wrong points: a resignation of a single at cube 2 is worth 2, not 1 */
    rec = example_record();
    json_t *res1 = json_object_get(json_array_get(json_object_get(rec, "games"), 0), "result");
    json_object_set_new(res1, "points", json_integer(1));
    post_transcript(&f.a, &f, rec, &r);
    json_decref(rec);
    ck_assert_msg(problem_is(&r, 422), "%ld %s", r.status, r.body);
    ck_assert_int_eq(jint(&r, "game"), 1);
    ck_assert_msg(strlen(jstr(&r, "rule")) > 0, "no rule: %s", r.body);
    res_free(&r);
    assert_unchanged(&f, &before, "wrong points");
    /* a record of another length, not over: MATCH-3 has the TD correct the length before
     * the next game, so it is refused (a completed one stands: test_mat_transcript_replayed) */
    struct fixture g;
    setup_match_named(&g, 5, "Alice", "Bob");
    rec = example_record();
    json_object_set_new(rec, "complete", json_false());
    json_t *games = json_object_get(rec, "games");
    json_array_remove(games, json_array_size(games) - 1);
    post_transcript(&g.a, &g, rec, &r);
    json_decref(rec);
    ck_assert_msg(problem_is(&r, 422), "%s", r.body);
    ck_assert_ptr_nonnull(strstr(jstr(&r, "detail"), "3-point match that is not over"));
    ck_assert_ptr_nonnull(strstr(jstr(&r, "detail"), "MATCH-3"));
    res_free(&r);
    get_match(&g, &r);
    ck_assert_str_eq(jstr(&r, "state"), "scheduled");
    res_free(&r);
    snap_free(&before);
}
END_TEST

/* The ids of the matches listed for ?player=PID (or all: pid 0), each checked to have that
 * player on one side; returns how many. */
static int matches_of(long long tid, long long pid, long long *ids, int max)
{
    char path[160];
    if (pid)
        snprintf(path, sizeof path, "/api/v1/tournaments/%lld/matches?player=%lld", tid, pid);
    else
        snprintf(path, sizeof path, "/api/v1/tournaments/%lld/matches", tid);
    struct res r;
    req(&S, "GET", path, NULL, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    json_t *ms = json_object_get(r.json, "matches");
    int n = (int)json_array_size(ms);
    ck_assert_int_le(n, max);
    for (int i = 0; i < n; i++) {
        json_t *m = json_array_get(ms, i);
        ids[i] = json_integer_value(json_object_get(m, "id"));
        if (!pid)
            continue;
        json_t *sides = json_object_get(m, "sides");
        long long p0 = json_integer_value(json_object_get(json_array_get(sides, 0), "player_id"));
        long long p1 = json_integer_value(json_object_get(json_array_get(sides, 1), "player_id"));
        ck_assert_msg(p0 == pid || p1 == pid, "match %lld (%lld-%lld) listed for player %lld",
                      ids[i], p0, p1, pid);
    }
    res_free(&r);
    return n;
}

static int has_id(const long long *ids, int n, long long id)
{
    for (int i = 0; i < n; i++)
        if (ids[i] == id)
            return 1;
    return 0;
}

START_TEST(test_matches_filtered_by_player)
{
    struct fixture f;
    setup_match(&f, 3); /* Anna - Bruno */
    long long pc = register_player(f.tid, "Carla", NULL);
    long long bc = make_match(&S, f.tid, f.pb, pc, 3);
    long long ac = make_match(&S, f.tid, f.pa, pc, 3);
    long long ids[8];
    ck_assert_int_eq(matches_of(f.tid, 0, ids, 8), 3);
    ck_assert_int_eq(matches_of(f.tid, f.pa, ids, 8), 2);
    ck_assert(has_id(ids, 2, f.mid) && has_id(ids, 2, ac));
    ck_assert_int_eq(matches_of(f.tid, f.pb, ids, 8), 2);
    ck_assert(has_id(ids, 2, f.mid) && has_id(ids, 2, bc));
    ck_assert_int_eq(matches_of(f.tid, pc, ids, 8), 2);
    ck_assert(has_id(ids, 2, bc) && has_id(ids, 2, ac));
    /* a player with no match (of this tournament) has none */
    ck_assert_int_eq(matches_of(f.tid, 999999, ids, 8), 0);
    static const char *const bad[] = {"abc", "0", "-2", "12x", "", "1.5"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char path[200];
        snprintf(path, sizeof path, "/api/v1/tournaments/%lld/matches?player=%s", f.tid, bad[i]);
        struct res r;
        req(&S, "GET", path, NULL, NULL, &r);
        ck_assert_msg(problem_is(&r, 400), "player=%s: %ld %s", bad[i], r.status, r.body);
        res_free(&r);
    }
}
END_TEST

/* Two 5-point matches f and g; in f, side a has reported a gammon (2-0); *before is f read
 * back then, for the refusals that follow to compare with. */
static void two_matches_one_game(struct fixture *f, struct fixture *g, struct snap *before)
{
    setup_match(f, 5);
    setup_match(g, 5);
    struct res r;
    post_game(&f->a, f, "{\"winner\": \"a\", \"cube\": 1, \"result\": \"gammon\"}", &r);
    ck_assert_int_eq(r.status, 200);
    res_free(&r);
    snapshot(f, before);
}

/* A player of another match may not confirm, add or take back games, or withdraw reports
 * of this one: 403, and nothing changes. */
START_TEST(test_others_match_refused_and_unchanged)
{
    struct fixture f, g;
    struct snap before;
    two_matches_one_game(&f, &g, &before);
    struct res r;
    char confirm[160], games[160], report[160], last[160];
    match_path(&f, "/confirm", confirm, sizeof confirm);
    match_path(&f, "/games", games, sizeof games);
    match_path(&f, "/report", report, sizeof report);
    match_path(&f, "/games/last", last, sizeof last);
    struct srv *others[] = {&g.a, &g.b};
    for (int k = 0; k < 2; k++) {
        td(others[k], "POST", confirm, NULL, &r);
        ck_assert_msg(problem_is(&r, 403), "confirm: %ld %s", r.status, r.body);
        res_free(&r);
        td(others[k], "POST", games, "{\"winner\": \"b\", \"cube\": 1, \"result\": \"single\"}",
           &r);
        ck_assert_msg(problem_is(&r, 403), "games: %ld %s", r.status, r.body);
        res_free(&r);
        td(others[k], "DELETE", report, NULL, &r);
        ck_assert_msg(problem_is(&r, 403), "DELETE report: %ld %s", r.status, r.body);
        res_free(&r);
        td(others[k], "DELETE", last, NULL, &r);
        ck_assert_msg(problem_is(&r, 403), "DELETE games/last: %ld %s", r.status, r.body);
        res_free(&r);
    }
    assert_unchanged(&f, &before, "another match's player");
    snap_free(&before);
    /* the same requests from the match's own player do work */
    td(&f.a, "DELETE", last, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    res_free(&r);
    get_match(&f, &r);
    ck_assert_int_eq(score_of(&r, "a"), 0);
    res_free(&r);
}
END_TEST

/* /correct is for a decided match: on a scheduled, reported or disputed one it is 409 and
 * nothing changes. */
START_TEST(test_correct_undecided_refused)
{
    struct fixture f;
    setup_match(&f, 5);
    char path[160];
    match_path(&f, "/correct", path, sizeof path);
    const char *body = "{\"score\": {\"a\": 5, \"b\": 1}, \"reason\": \"scoresheet\"}";
    struct res r;
    for (int step = 0; step < 3; step++) {
        if (step == 1) {
            report_score(&f.a, &f, 5, 1, &r);
            ck_assert_str_eq(jstr(&r, "state"), "reported");
            res_free(&r);
        } else if (step == 2) {
            report_score(&f.b, &f, 3, 5, &r);
            ck_assert_str_eq(jstr(&r, "state"), "disputed");
            res_free(&r);
        }
        struct snap before;
        snapshot(&f, &before);
        td(&S, "POST", path, body, &r);
        ck_assert_msg(problem_is(&r, 409), "step %d: %ld %s", step, r.status, r.body);
        res_free(&r);
        assert_unchanged(&f, &before, "/correct");
        snap_free(&before);
    }
}
END_TEST

/* Wrong PINs from one address for different players lock that address (429, Retry-After
 * and a sentence saying when to retry), even for a right PIN; no session is made. */
START_TEST(test_pin_address_lock)
{
    struct srv mine;
    srv_start(&mine, "\"pin_address_max_failures\": 3, \"pin_max_failures\": 10");
    srv_login(&mine);
    long long tid = make_tournament(&mine, "Address lock");
    long long pid[4];
    char pin[4][8];
    for (int i = 0; i < 4; i++) {
        char name[32];
        snprintf(name, sizeof name, "Player %d", i);
        pid[i] = make_player_pin(&mine, tid, name, pin[i]);
    }
    const char *h[] = {"X-Crawford: 1", "Content-Type: application/json", NULL};
    char path[128], body[32], sc[300], ra[16];
    struct res r;
    for (int i = 0; i < 3; i++) {
        snprintf(path, sizeof path, "/api/v1/tournaments/%lld/players/%lld/login", tid, pid[i]);
        snprintf(body, sizeof body, "{\"pin\": \"%06d\"}", (atoi(pin[i]) + 1) % 1000000);
        req(&mine, "POST", path, body, h, &r);
        if (i < 2) {
            ck_assert_msg(problem_is(&r, 401), "wrong PIN %d: %ld %s", i, r.status, r.body);
        } else {
            /* the third wrong PIN from this address, the first for this player */
            ck_assert_msg(problem_is(&r, 429), "wrong PIN %d: %ld %s", i, r.status, r.body);
            ck_assert_ptr_nonnull(res_header(&r, "Retry-After", ra, sizeof ra));
            ck_assert_int_gt(atoi(ra), 0);
            ck_assert_ptr_nonnull(strstr(jstr(&r, "detail"), "address"));
            ck_assert_ptr_nonnull(strstr(jstr(&r, "detail"), "try again in"));
        }
        ck_assert_ptr_null(res_header(&r, "Set-Cookie", sc, sizeof sc));
        res_free(&r);
    }
    /* now even the right PIN of a fourth player waits, and is told how long */
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/players/%lld/login", tid, pid[3]);
    snprintf(body, sizeof body, "{\"pin\": \"%s\"}", pin[3]);
    req(&mine, "POST", path, body, h, &r);
    ck_assert_msg(problem_is(&r, 429), "%ld %s", r.status, r.body);
    ck_assert_ptr_nonnull(res_header(&r, "Retry-After", ra, sizeof ra));
    int secs = atoi(ra);
    ck_assert_int_gt(secs, 0);
    char want[64];
    snprintf(want, sizeof want, "(%d seconds)", secs);
    ck_assert_msg(strstr(jstr(&r, "detail"), want) != NULL, "Retry-After %s, detail: %s", ra,
                  jstr(&r, "detail"));
    ck_assert_ptr_null(res_header(&r, "Set-Cookie", sc, sizeof sc));
    res_free(&r);
    /* no player session was made: the cookie-less client is still public */
    req(&mine, "GET", "/api/v1/session", NULL, NULL, &r);
    ck_assert_str_eq(jstr(&r, "role"), "public");
    res_free(&r);
    ck_assert_int_eq(srv_stop(&mine), 0);
    srv_cleanup(&mine);
}
END_TEST

enum { CONC_THREADS = 8, CONC_PER_THREAD = 10, CONC_N = CONC_THREADS * CONC_PER_THREAD };

struct reporter {
    struct fixture *f;
    int first, fd;
};

static void *reporter_run(void *arg)
{
    struct reporter *rp = arg;
    for (int i = rp->first; i < CONC_N; i += CONC_THREADS) {
        struct res r;
        report_score(&rp->f[i].a, &rp->f[i], 1, 0, &r);
        /* a 4-byte write to a pipe is atomic: the threads' acks do not mix */
        if (r.status >= 200 && r.status < 300 && write(rp->fd, &i, sizeof i) != (ssize_t)sizeof i)
            _exit(1);
        res_free(&r);
    }
    return NULL;
}

/* Eight reporters at once; SIGKILL once a few have been acknowledged, so it lands while the
 * others are in flight. Every acknowledged report survives and the file is sound. */
START_TEST(test_durability_concurrent_reports_under_sigkill)
{
    struct srv mine;
    srv_start(&mine, NULL);
    srv_login(&mine);
    struct srv saved = S;
    S = mine;
    static struct fixture f[CONC_N];
    for (int i = 0; i < CONC_N; i++)
        setup_match(&f[i], 1);
    int pipefd[2];
    ck_assert_int_eq(pipe(pipefd), 0);
    pid_t child = fork();
    if (child == 0) {
        close(pipefd[0]);
        pthread_t th[CONC_THREADS];
        struct reporter rp[CONC_THREADS];
        for (int t = 0; t < CONC_THREADS; t++) {
            rp[t] = (struct reporter){f, t, pipefd[1]};
            if (pthread_create(&th[t], NULL, reporter_run, &rp[t]))
                _exit(1);
        }
        for (int t = 0; t < CONC_THREADS; t++)
            pthread_join(th[t], NULL);
        _exit(0);
    }
    close(pipefd[1]);
    int acked[CONC_N] = {0}, n_acked = 0, i;
    while (n_acked < 2 * CONC_THREADS && read(pipefd[0], &i, sizeof i) == (ssize_t)sizeof i) {
        acked[i] = 1;
        n_acked++;
    }
    kill(mine.pid, SIGKILL);
    waitpid(mine.pid, NULL, 0);
    mine.pid = 0;
    while (read(pipefd[0], &i, sizeof i) == (ssize_t)sizeof i) {
        ck_assert(!acked[i]);
        acked[i] = 1;
        n_acked++;
    }
    close(pipefd[0]);
    waitpid(child, NULL, 0);
    ck_assert_int_ge(n_acked, 2 * CONC_THREADS);
    ck_assert_msg(n_acked < CONC_N, "the kill came after every report");
    ck_assert(db_integrity_ok(mine.db));
    srv_restart(&mine);
    S = mine;
    int stored = 0;
    for (int k = 0; k < CONC_N; k++) {
        struct res r;
        get_match(&f[k], &r);
        int reported = !strcmp(jstr(&r, "state"), "reported");
        ck_assert_msg(reported || !acked[k], "match %d lost its acknowledged report", k);
        ck_assert_msg(reported || !strcmp(jstr(&r, "state"), "scheduled"), "match %d is %s", k,
                      jstr(&r, "state"));
        stored += reported;
        res_free(&r);
    }
    ck_assert_int_ge(stored, n_acked);
    S = saved;
    srv_cleanup(&mine);
}
END_TEST

/* MATCH-5: a final score must include the TD's penalty points */
START_TEST(test_MATCH5_final_score_below_penalty_points_refused)
{
    struct fixture f;
    setup_match(&f, 5);
    char path[160];
    match_path(&f, "/penalties", path, sizeof path);
    struct res r;
    td(&S, "POST", path,
       "{\"side\": \"a\", \"kind\": \"points\", \"points\": 2, \"reason\": \"late\"}", &r);
    ck_assert_msg(r.status == 201, "%s", r.body);
    res_free(&r);
    struct snap before;
    snapshot(&f, &before);
    report_score(&f.a, &f, 5, 0, &r); /* b has the 2 points given against a */
    ck_assert_msg(problem_is(&r, 422), "%s", r.body);
    ck_assert_ptr_nonnull(strstr(jstr(&r, "detail"), "MATCH-5"));
    res_free(&r);
    assert_unchanged(&f, &before, "a score below the penalty points");
    snap_free(&before);
    report_score(&f.a, &f, 5, 2, &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    res_free(&r);
}
END_TEST

/* MATCH-6: the tournament's illegal-move policy decides a transcript with an illegal play
 * the opponent let stand: refused under "legal", accepted and flagged under "responsible". */
START_TEST(test_MATCH6_policy_decides_an_illegal_play)
{
    char *mat = read_file("tests/data/broken/responsible_ok.mat");
    struct fixture f;
    setup_match_named(&f, 3, "gnubg_A", "gnubg_B");
    struct res r;
    post_mat(&f.a, &f, mat, &r);
    ck_assert_msg(problem_is(&r, 422), "%s", r.body);
    ck_assert_str_eq(jstr(&r, "rule"), "ENG-6");
    ck_assert_int_eq(jint(&r, "game"), 2);
    res_free(&r);
    char path[160];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld", f.tid);
    td(&S, "PATCH", path, "{\"illegal_move_policy\": \"responsible\"}", &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    res_free(&r);
    post_mat(&f.a, &f, mat, &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    json_t *score = json_object_get(r.json, "score");
    ck_assert_int_eq(json_integer_value(json_object_get(score, "b")), 3);
    res_free(&r);
    match_path(&f, "/reports", path, sizeof path);
    td(&S, "GET", path, NULL, &r);
    json_t *flags =
        json_object_get(json_object_get(json_object_get(r.json, "reports"), "a"), "flags");
    ck_assert_int_eq(json_array_size(flags), 1);
    ck_assert_str_eq(json_string_value(json_object_get(json_array_get(flags, 0), "rule")), "ENG-6");
    res_free(&r);
}
END_TEST

/* A phone that sends a game again (a retry after a lost answer) with the same
 * Idempotency-Key adds it once. */
START_TEST(test_idempotent_game_retry)
{
    struct fixture f;
    setup_match(&f, 5);
    char path[160], cookie[200];
    const char *h[5];
    const char *game = "{\"winner\": \"a\", \"cube\": 1, \"result\": \"single\"}";
    send_twice(&f, "/games", "phone-game-1", game, cookie, h);
    match_path(&f, "/games", path, sizeof path);
    struct res r1;
    get_match(&f, &r1);
    json_t *score = json_object_get(r1.json, "score");
    ck_assert_int_eq(json_integer_value(json_object_get(score, "a")), 1); /* one game, not two */
    res_free(&r1);
    /* a new key is a new game */
    const char *h2[] = {cookie, "X-Crawford: 1", "Content-Type: application/json",
                        "Idempotency-Key: phone-game-2", NULL};
    req(&S, "POST", path, game, h2, &r1);
    ck_assert_int_eq(r1.status, 200);
    res_free(&r1);
    get_match(&f, &r1);
    score = json_object_get(r1.json, "score");
    ck_assert_int_eq(json_integer_value(json_object_get(score, "a")), 2);
    res_free(&r1);
}
END_TEST

/* A game's reply is written after the writer's turn from what the turn read, unless an
 * Idempotency-Key keeps it with the change (then before the commit): both ways it is the
 * same match, names, states and running score (issue 37). */
static void strip_volatile(json_t *j)
{
    json_object_del(j, "id");
    json_object_del(j, "tournament_id");
    json_object_del(j, "updated_at");
    json_object_del(json_object_get(j, "label"), "text"); /* "Match N" */
    json_object_del(json_object_get(j, "report"), "id");
    for (size_t s = 0; s < 2; s++)
        json_object_del(json_array_get(json_object_get(j, "sides"), s), "player_id");
    json_t *times = json_object_get(j, "times");
    const char *k;
    json_t *v;
    json_object_foreach (times, k, v)
        json_object_set_new(times, k, json_true()); /* the states, not their times */
}

START_TEST(test_MATCH7_game_reply_same_keyed_or_not)
{
    struct fixture f[2];
    struct res r[2];
    const char *game = "{\"winner\": \"b\", \"cube\": 2, \"result\": \"gammon\"}";
    for (int i = 0; i < 2; i++) {
        setup_match(&f[i], 7);
        char path[160], cookie[200];
        match_path(&f[i], "/games", path, sizeof path);
        snprintf(cookie, sizeof cookie, "Cookie: %s", f[i].a.cookie);
        const char *h[] = {cookie, "X-Crawford: 1", "Content-Type: application/json",
                           i ? NULL : "Idempotency-Key: reply-shape-1", NULL};
        req(&S, "POST", path, game, h, &r[i]);
        ck_assert_msg(r[i].status == 200, "%s", r[i].body);
        ck_assert_ptr_nonnull(r[i].json);
        ck_assert_ptr_nonnull(json_object_get(r[i].json, "report"));
        ck_assert_str_eq(json_string_value(json_object_get(
                             json_array_get(json_object_get(r[i].json, "sides"), 1), "name")),
                         "Bruno");
        strip_volatile(r[i].json);
    }
    char *a = json_dumps(r[0].json, JSON_SORT_KEYS), *b = json_dumps(r[1].json, JSON_SORT_KEYS);
    ck_assert_str_eq(a, b);
    free(a);
    free(b);
    res_free(&r[0]);
    res_free(&r[1]);
}
END_TEST

/* ---- MATCH-7: a player concedes the match ---- */

static void concede(struct srv *as, const struct fixture *f, const char *body, struct res *r)
{
    char path[160];
    match_path(f, "/report", path, sizeof path);
    td(as, "POST", path, body ? body : "{\"concede\": true}", r);
}

/* The current report of a side ("a", "b" or "td") as the TD reads it (a copy: json_decref). */
static json_t *report_of(const struct fixture *f, const char *side)
{
    char path[160];
    match_path(f, "/reports", path, sizeof path);
    struct res r;
    td(&S, "GET", path, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    json_t *rep = json_deep_copy(json_object_get(json_object_get(r.json, "reports"), side));
    res_free(&r);
    return rep;
}

static void assert_score(json_t *score, int a, int b)
{
    ck_assert_int_eq(json_integer_value(json_object_get(score, "a")), a);
    ck_assert_int_eq(json_integer_value(json_object_get(score, "b")), b);
}

static const char *last_audit_action(const struct fixture *f)
{
    static char action[64];
    char path[160];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/audit?limit=1000", f->tid);
    struct res r;
    td(&S, "GET", path, NULL, &r);
    json_t *e = json_object_get(r.json, "entries");
    snprintf(
        action, sizeof action, "%s",
        json_string_value(json_object_get(json_array_get(e, json_array_size(e) - 1), "action")));
    res_free(&r);
    return action;
}

/* At 0-0 side a concedes: its complete report gives b the match at 5-0, marked as a's
 * concession, audited as match.conceded; the match waits for b. b confirms: the match is
 * decided for b at 0-5 and b's confirmation says it was a's concession too. */
START_TEST(test_MATCH7_concede_at_0_0_then_the_opponent_confirms)
{
    struct fixture f;
    setup_match(&f, 5);
    struct res r;
    concede(&f.a, &f, NULL, &r);
    ck_assert_msg(r.status == 200, "%ld %s", r.status, r.body);
    ck_assert_str_eq(jstr(&r, "state"), "reported");
    ck_assert(json_is_null(json_object_get(r.json, "winner"))); /* not yet: MATCH-7 */
    assert_score(json_object_get(r.json, "score"), 0, 5);
    res_free(&r);
    ck_assert_str_eq(last_audit_action(&f), "match.conceded");
    json_t *a = report_of(&f, "a");
    ck_assert_str_eq(json_string_value(json_object_get(a, "conceded")), "a");
    ck_assert_str_eq(json_string_value(json_object_get(a, "winner")), "b");
    ck_assert_str_eq(json_string_value(json_object_get(a, "kind")), "score");
    ck_assert(json_is_true(json_object_get(a, "complete")));
    assert_score(json_object_get(a, "score"), 0, 5);
    long long rid = json_integer_value(json_object_get(a, "id"));
    json_decref(a);
    /* the opponent's phone confirms the report it saw */
    char path[160], body[64];
    match_path(&f, "/confirm", path, sizeof path);
    snprintf(body, sizeof body, "{\"report_id\": %lld}", rid);
    td(&f.b, "POST", path, body, &r);
    ck_assert_msg(r.status == 200, "%ld %s", r.status, r.body);
    ck_assert_str_eq(jstr(&r, "state"), "verified");
    ck_assert_str_eq(jstr(&r, "ended"), "conceded");
    ck_assert_str_eq(jstr(&r, "winner"), "b");
    assert_score(json_object_get(r.json, "score"), 0, 5);
    res_free(&r);
    json_t *b = report_of(&f, "b");
    ck_assert_str_eq(json_string_value(json_object_get(b, "conceded")), "a");
    json_decref(b);
    /* an ordinary report is not a concession */
    struct fixture g;
    setup_match(&g, 5);
    report_score(&g.a, &g, 5, 2, &r);
    res_free(&r);
    json_t *ga = report_of(&g, "a");
    ck_assert(json_is_null(json_object_get(ga, "conceded")));
    json_decref(ga);
}
END_TEST

/* Side b reports game by game (2-3 in a 7-point match) while a's own report, the latest,
 * says 2-0: b concedes and keeps the 3 points of its own scoresheet: 7-3 for a. The TD
 * verifies the concession instead of a confirming: the winner is on the board. */
START_TEST(test_MATCH7_concede_keeps_own_game_by_game_points_then_the_TD_verifies)
{
    struct fixture f;
    setup_match(&f, 7);
    struct res r;
    post_game(&f.b, &f, "{\"winner\": \"a\", \"cube\": 1, \"result\": \"gammon\"}", &r);
    ck_assert_int_eq(r.status, 200);
    res_free(&r);
    post_game(&f.b, &f, "{\"winner\": \"b\", \"cube\": 1, \"result\": \"single\"}", &r);
    res_free(&r);
    post_game(&f.b, &f, "{\"winner\": \"b\", \"cube\": 2, \"result\": \"single\"}", &r);
    ck_assert_int_eq(r.status, 200);
    assert_score(json_object_get(json_object_get(r.json, "report"), "score"), 2, 3);
    res_free(&r);
    post_game(&f.a, &f, "{\"winner\": \"a\", \"cube\": 1, \"result\": \"gammon\"}", &r);
    ck_assert_int_eq(r.status, 200);
    assert_score(json_object_get(r.json, "score"), 2, 0); /* the match shows a's, the latest */
    res_free(&r);
    concede(&f.b, &f, NULL, &r);
    ck_assert_msg(r.status == 200, "%ld %s", r.status, r.body);
    ck_assert_str_eq(jstr(&r, "state"), "reported");
    assert_score(json_object_get(r.json, "score"), 7, 3);
    res_free(&r);
    json_t *b = report_of(&f, "b");
    ck_assert_str_eq(json_string_value(json_object_get(b, "conceded")), "b");
    ck_assert_str_eq(json_string_value(json_object_get(b, "winner")), "a");
    assert_score(json_object_get(b, "score"), 7, 3);
    long long rid = json_integer_value(json_object_get(b, "id"));
    json_decref(b);
    /* a's report in progress stays as it was */
    json_t *a = report_of(&f, "a");
    ck_assert(json_is_false(json_object_get(a, "complete")));
    json_decref(a);
    char path[160], body[64];
    match_path(&f, "/verify", path, sizeof path);
    snprintf(body, sizeof body, "{\"report_id\": %lld}", rid);
    td(&S, "POST", path, body, &r);
    ck_assert_msg(r.status == 200, "%ld %s", r.status, r.body);
    ck_assert_str_eq(jstr(&r, "state"), "verified");
    ck_assert_str_eq(jstr(&r, "winner"), "a");
    ck_assert_int_eq(jint(&r, "result_report_id"), rid);
    assert_score(json_object_get(r.json, "score"), 7, 3);
    res_free(&r);
}
END_TEST

/* MATCH-5: the TD gave side a 2 penalty points, so b has 2 before any game. b concedes
 * and keeps them: 5-2 for a; a confirms. */
START_TEST(test_MATCH7_concede_keeps_penalty_points)
{
    struct fixture f;
    setup_match(&f, 5);
    struct res r;
    char pp[160];
    match_path(&f, "/penalties", pp, sizeof pp);
    td(&S, "POST", pp,
       "{\"side\": \"a\", \"kind\": \"points\", \"points\": 2, \"reason\": \"slow play\"}", &r);
    ck_assert_msg(r.status == 201, "%ld %s", r.status, r.body);
    res_free(&r);
    concede(&f.b, &f, NULL, &r);
    ck_assert_msg(r.status == 200, "%ld %s", r.status, r.body);
    assert_score(json_object_get(r.json, "score"), 5, 2);
    res_free(&r);
    json_t *b = report_of(&f, "b");
    ck_assert_str_eq(json_string_value(json_object_get(b, "conceded")), "b");
    assert_score(json_object_get(b, "score"), 5, 2);
    json_decref(b);
    char cp[160];
    match_path(&f, "/confirm", cp, sizeof cp);
    td(&f.a, "POST", cp, NULL, &r);
    ck_assert_str_eq(jstr(&r, "state"), "verified");
    ck_assert_str_eq(jstr(&r, "winner"), "a");
    assert_score(json_object_get(r.json, "score"), 5, 2);
    res_free(&r);
}
END_TEST

/* MATCH-7 when the match as it stands already gives the conceder the length (the opponent
 * reported the conceder winning 5-0): the conceder keeps only their penalty points (none),
 * 5-0 for the opponent, and the two reports now disagree (disputed, MATCH-4). */
START_TEST(test_MATCH7_concede_when_a_report_gives_the_conceder_the_match)
{
    struct fixture f;
    setup_match(&f, 5);
    struct res r;
    report_score(&f.a, &f, 0, 5, &r);
    ck_assert_msg(r.status == 200, "%ld %s", r.status, r.body);
    res_free(&r);
    concede(&f.b, &f, NULL, &r);
    ck_assert_msg(r.status == 200, "%ld %s", r.status, r.body);
    ck_assert_str_eq(jstr(&r, "state"), "disputed");
    res_free(&r);
    json_t *b = report_of(&f, "b");
    ck_assert_str_eq(json_string_value(json_object_get(b, "conceded")), "b");
    assert_score(json_object_get(b, "score"), 5, 0);
    json_decref(b);
}
END_TEST

/* A phone that sends its concession again (a retry after a lost answer) with the same
 * Idempotency-Key gets the first answer and concedes once: one match.conceded entry. */
START_TEST(test_MATCH7_concession_retry_is_idempotent)
{
    struct fixture f;
    setup_match(&f, 5);
    char cookie[200];
    const char *h[5];
    send_twice(&f, "/report", "phone-concede-1", "{\"concede\": true}", cookie, h);
    char path[160];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/audit?limit=1000", f.tid);
    struct res r;
    td(&S, "GET", path, NULL, &r);
    int conceded = 0;
    json_t *e = json_object_get(r.json, "entries");
    for (size_t k = 0; k < json_array_size(e); k++)
        conceded += !strcmp(json_string_value(json_object_get(json_array_get(e, k), "action")),
                            "match.conceded");
    ck_assert_int_eq(conceded, 1);
    res_free(&r);
    json_t *a = report_of(&f, "a");
    ck_assert_str_eq(json_string_value(json_object_get(a, "conceded")), "a");
    assert_score(json_object_get(a, "score"), 0, 5);
    json_decref(a);
}
END_TEST

/* Until the opponent confirms, the conceder takes the concession back like any report: the
 * match goes on from the conceder's scoresheet the concession replaced (1-0 after one
 * game), with nothing for the opponent to confirm. A scoresheet the player had withdrawn
 * before conceding is not brought back. */
START_TEST(test_MATCH7_conceder_withdraws_before_confirmation)
{
    struct fixture f;
    setup_match(&f, 5);
    struct res r;
    post_game(&f.a, &f, "{\"winner\": \"a\", \"cube\": 1, \"result\": \"single\"}", &r);
    res_free(&r);
    concede(&f.a, &f, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    assert_score(json_object_get(r.json, "score"), 1, 5);
    res_free(&r);
    char path[160];
    match_path(&f, "/report", path, sizeof path);
    td(&f.a, "DELETE", path, NULL, &r);
    ck_assert_msg(r.status == 200, "%ld %s", r.status, r.body);
    ck_assert_str_eq(jstr(&r, "state"), "playing");
    assert_score(json_object_get(r.json, "score"), 1, 0);
    ck_assert(json_is_null(json_object_get(r.json, "winner")));
    res_free(&r);
    ck_assert_str_eq(last_audit_action(&f), "match.playing");
    json_t *a = report_of(&f, "a");
    ck_assert(json_is_null(json_object_get(a, "conceded")));
    ck_assert(json_is_false(json_object_get(a, "complete")));
    ck_assert_int_eq(json_array_size(json_object_get(a, "games")), 1);
    json_decref(a);
    char cp[160];
    match_path(&f, "/confirm", cp, sizeof cp);
    td(&f.b, "POST", cp, NULL, &r);
    ck_assert(problem_is(&r, 409));
    res_free(&r);
    /* the game goes on: a 1-0 scoresheet takes the next game */
    post_game(&f.a, &f, "{\"winner\": \"a\", \"cube\": 1, \"result\": \"single\"}", &r);
    ck_assert_int_eq(r.status, 200);
    assert_score(json_object_get(r.json, "score"), 2, 0);
    res_free(&r);
    /* the scoresheet withdrawn, then a concession withdrawn: nothing is left */
    td(&f.a, "DELETE", path, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    res_free(&r);
    concede(&f.a, &f, NULL, &r);
    assert_score(json_object_get(r.json, "score"), 0, 5);
    res_free(&r);
    td(&f.a, "DELETE", path, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    ck_assert_str_eq(jstr(&r, "state"), "scheduled");
    assert_score(json_object_get(r.json, "score"), 0, 0);
    res_free(&r);
    a = report_of(&f, "a");
    ck_assert(json_is_null(a));
}
END_TEST

/* Refusals change nothing (the match, its reports and the audit log read the same):
 * another match's player (403), the TD (403: the TD forfeits instead), no login (401), a
 * concede that is not true or comes with a result (422 naming the field), and a match
 * already decided (409). */
START_TEST(test_MATCH7_concede_refusals_change_nothing)
{
    struct fixture f, g;
    struct snap before;
    two_matches_one_game(&f, &g, &before);
    struct res r;
    concede(&g.a, &f, NULL, &r);
    ck_assert_msg(problem_is(&r, 403), "another's player: %ld %s", r.status, r.body);
    res_free(&r);
    assert_unchanged(&f, &before, "another match's player");
    concede(&S, &f, NULL, &r);
    ck_assert_msg(problem_is(&r, 403), "TD: %ld %s", r.status, r.body);
    ck_assert_ptr_nonnull(strstr(jstr(&r, "detail"), "forfeit"));
    res_free(&r);
    assert_unchanged(&f, &before, "the TD");
    struct srv anon = S;
    anon.cookie[0] = 0;
    concede(&anon, &f, NULL, &r);
    ck_assert(problem_is(&r, 401));
    res_free(&r);
    assert_unchanged(&f, &before, "no login");
    static const struct {
        const char *body, *field;
    } bad[] = {
        {"{\"concede\": false}", "concede"},
        {"{\"concede\": \"yes\"}", "concede"},
        {"{\"concede\": 1}", "concede"},
        {"{\"concede\": null}", "concede"},
        {"{\"concede\": true, \"score\": {\"a\": 2, \"b\": 5}}", "score"},
        {"{\"concede\": true, \"games\": [{\"winner\": \"b\", \"cube\": 1, \"result\": "
         "\"single\"}]}",
         "games"},
        {"{\"concede\": true, \"mat\": \"x\"}", "mat"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        concede(&f.b, &f, bad[i].body, &r);
        ck_assert_msg(problem_is(&r, 422), "%s: %ld %s", bad[i].body, r.status, r.body);
        ck_assert_msg(res_names_field(&r, bad[i].field), "%s: %s", bad[i].body, r.body);
        res_free(&r);
        assert_unchanged(&f, &before, bad[i].body);
    }
    snap_free(&before);
    /* decided: b concedes, a confirms; no concession after that, from either side */
    concede(&f.b, &f, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    res_free(&r);
    char cp[160];
    match_path(&f, "/confirm", cp, sizeof cp);
    td(&f.a, "POST", cp, NULL, &r);
    ck_assert_str_eq(jstr(&r, "state"), "verified");
    res_free(&r);
    snapshot(&f, &before);
    struct srv *players[] = {&f.a, &f.b};
    for (int k = 0; k < 2; k++) {
        concede(players[k], &f, NULL, &r);
        ck_assert_msg(problem_is(&r, 409), "decided: %ld %s", r.status, r.body);
        res_free(&r);
        assert_unchanged(&f, &before, "a concession of a decided match");
    }
    snap_free(&before);
    /* a forfeited match neither */
    char fp[160];
    match_path(&g, "/forfeit", fp, sizeof fp);
    td(&S, "POST", fp, "{\"winner\": \"a\", \"reason\": \"no show\"}", &r);
    ck_assert_msg(r.status == 200, "%ld %s", r.status, r.body);
    res_free(&r);
    snapshot(&g, &before);
    concede(&g.b, &g, NULL, &r);
    ck_assert(problem_is(&r, 409));
    res_free(&r);
    assert_unchanged(&g, &before, "a concession of a forfeited match");
    snap_free(&before);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("http_results");
    TCase *tc = tcase_create("results");
    tcase_add_unchecked_fixture(tc, up, srv_down);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_MATCH7_report_then_confirm_verifies);
    tcase_add_test(tc, test_frame_refuses_the_match_and_who_asks_before_the_body);
    tcase_add_test(tc, test_MATCH1_impossible_scores_refused);
    tcase_add_test(tc, test_only_own_match);
    tcase_add_test(tc, test_dispute_and_td_decides);
    tcase_add_test(tc, test_td_correction_is_audited);
    tcase_add_test(tc, test_reporter_changes_unconfirmed_report);
    tcase_add_test(tc, test_withdraw_own_report);
    tcase_add_test(tc, test_pin_wrong_then_locked);
    tcase_add_test(tc, test_new_pin_ends_player_sessions);
    tcase_add_test(tc, test_idempotent_retry);
    tcase_add_test(tc, test_reads_carry_etags);
    tcase_add_test(tc, test_game_by_game_with_running_score);
    tcase_add_test(tc, test_MATCH3_the_TD_corrects_a_wrong_length_between_games);
    tcase_add_test(tc, test_games_report_refusals);
    tcase_add_test(tc, test_MATCH5_penalty_points_in_a_games_report);
    tcase_add_test(tc, test_MATCH4_scoresheet_prevails_in_a_dispute);
    tcase_add_test(tc, test_MATCH7_confirm_the_report_seen);
    tcase_add_test(tc, test_PEN5_player_transcript_cannot_award_penalties);
    tcase_add_test(tc, test_mat_transcript_replayed);
    tcase_add_test(tc, test_event_stream_and_resume);
    tcase_add_test(tc, test_event_stream_heartbeat);
    tcase_add_test(tc, test_MATCH5_final_score_below_penalty_points_refused);
    tcase_add_test(tc, test_MATCH6_policy_decides_an_illegal_play);
    tcase_add_test(tc, test_idempotent_game_retry);
    tcase_add_test(tc, test_MATCH7_game_reply_same_keyed_or_not);
    tcase_add_test(tc, test_MATCH7_concede_at_0_0_then_the_opponent_confirms);
    tcase_add_test(tc, test_MATCH7_concede_keeps_own_game_by_game_points_then_the_TD_verifies);
    tcase_add_test(tc, test_MATCH7_concede_keeps_penalty_points);
    tcase_add_test(tc, test_MATCH7_concede_when_a_report_gives_the_conceder_the_match);
    tcase_add_test(tc, test_MATCH7_concession_retry_is_idempotent);
    tcase_add_test(tc, test_MATCH7_conceder_withdraws_before_confirmation);
    tcase_add_test(tc, test_MATCH7_concede_refusals_change_nothing);
    tcase_add_test(tc, test_durability_under_sigkill);
    tcase_add_test(tc, test_json_transcript_report);
    tcase_add_test(tc, test_json_transcript_refusals);
    tcase_add_test(tc, test_matches_filtered_by_player);
    tcase_add_test(tc, test_others_match_refused_and_unchanged);
    tcase_add_test(tc, test_MATCH4_reports_private_names_rule);
    tcase_add_test(tc, test_correct_undecided_refused);
    tcase_add_test(tc, test_pin_address_lock);
    tcase_add_test(tc, test_durability_concurrent_reports_under_sigkill);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
