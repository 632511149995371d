/* HTTP tests of results reported as a final score: PIN logins and their locks, reports,
 * confirmation of the report seen, disputes, the TD's verification and correction, who may
 * report on a match, an idempotent retry, and the reads of matches (ETags, ?player=). Game by
 * game: test_http_results_games.c; transcripts: _transcripts.c; a concession: _concede.c;
 * the event stream and durability under SIGKILL: _durable.c. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/results_fx.h"
#include "../check_main.h"

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

static Suite *suite(void)
{
    Suite *s = suite_create("http_results");
    TCase *tc = tcase_create("results");
    tcase_add_unchecked_fixture(tc, results_up, srv_down);
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
    tcase_add_test(tc, test_MATCH7_confirm_the_report_seen);
    tcase_add_test(tc, test_MATCH5_final_score_below_penalty_points_refused);
    tcase_add_test(tc, test_matches_filtered_by_player);
    tcase_add_test(tc, test_others_match_refused_and_unchanged);
    tcase_add_test(tc, test_MATCH4_reports_private_names_rule);
    tcase_add_test(tc, test_correct_undecided_refused);
    tcase_add_test(tc, test_pin_address_lock);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
