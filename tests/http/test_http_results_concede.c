/* HTTP tests of a player conceding the match (MATCH-7): the conceder's complete report,
 * keeping its own game-by-game and penalty points (MATCH-5), the opponent's confirmation or
 * the TD's verification, a retry, a withdrawal before confirmation, and refusals that change
 * nothing. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/results_fx.h"
#include "../check_main.h"

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

/* Side `side`'s report is a concession by `by`, at a-b. */
static void assert_conceded(const struct fixture *f, const char *side, const char *by, int a,
                            int b)
{
    json_t *rep = report_of(f, side);
    ck_assert_str_eq(json_string_value(json_object_get(rep, "conceded")), by);
    assert_score(json_object_get(rep, "score"), a, b);
    json_decref(rep);
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
    assert_conceded(&f, "b", "b", 5, 2);
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
    assert_conceded(&f, "b", "b", 5, 0);
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
    assert_conceded(&f, "a", "a", 0, 5);
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
    Suite *s = suite_create("http_results_concede");
    TCase *tc = tcase_create("concede");
    tcase_add_unchecked_fixture(tc, results_up, srv_down);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_MATCH7_concede_at_0_0_then_the_opponent_confirms);
    tcase_add_test(tc, test_MATCH7_concede_keeps_own_game_by_game_points_then_the_TD_verifies);
    tcase_add_test(tc, test_MATCH7_concede_keeps_penalty_points);
    tcase_add_test(tc, test_MATCH7_concede_when_a_report_gives_the_conceder_the_match);
    tcase_add_test(tc, test_MATCH7_concession_retry_is_idempotent);
    tcase_add_test(tc, test_MATCH7_conceder_withdraws_before_confirmation);
    tcase_add_test(tc, test_MATCH7_concede_refusals_change_nothing);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
