/* HTTP tests of results reported game by game: the running score, the Crawford game
 * (CUBE-6), taking the last game back, refusals naming the game, a length corrected between
 * games (MATCH-3), a scoresheet prevailing in a dispute (MATCH-4), the TD's penalty points
 * between games (MATCH-5), and a game's retry and reply (MATCH-7). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/results_fx.h"
#include "../check_main.h"

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

static Suite *suite(void)
{
    Suite *s = suite_create("http_results_games");
    TCase *tc = tcase_create("games");
    tcase_add_unchecked_fixture(tc, results_up, srv_down);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_game_by_game_with_running_score);
    tcase_add_test(tc, test_MATCH3_the_TD_corrects_a_wrong_length_between_games);
    tcase_add_test(tc, test_games_report_refusals);
    tcase_add_test(tc, test_MATCH5_penalty_points_in_a_games_report);
    tcase_add_test(tc, test_MATCH4_scoresheet_prevails_in_a_dispute);
    tcase_add_test(tc, test_idempotent_game_retry);
    tcase_add_test(tc, test_MATCH7_game_reply_same_keyed_or_not);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
