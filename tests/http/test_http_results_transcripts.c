/* HTTP tests of results reported as a transcript, a .mat file or a JSON game record,
 * replayed move by move: illegal steps and doubles refused with the game, the move and the
 * rule, a wrong length (MATCH-3), self-awarded penalty points (PEN-5), and the illegal-move
 * policy (MATCH-6). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/results_fx.h"
#include "../check_main.h"

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

/* The session `as` reports body (consumed) on the match. */
static void post_report(struct srv *as, const struct fixture *f, json_t *body, struct res *r)
{
    char *b = json_dumps(body, 0);
    json_decref(body);
    char path[160];
    match_path(f, "/report", path, sizeof path);
    td(as, "POST", path, b, r);
    free(b);
}

static void post_mat(struct srv *as, const struct fixture *f, const char *text, struct res *r)
{
    post_report(as, f, json_pack("{s:s}", "mat", text), r);
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

static void post_transcript(struct srv *as, const struct fixture *f, json_t *rec, struct res *r)
{
    post_report(as, f, json_pack("{s:O}", "transcript", rec), r);
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

static Suite *suite(void)
{
    Suite *s = suite_create("http_results_transcripts");
    TCase *tc = tcase_create("transcripts");
    tcase_add_unchecked_fixture(tc, results_up, srv_down);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_PEN5_player_transcript_cannot_award_penalties);
    tcase_add_test(tc, test_mat_transcript_replayed);
    tcase_add_test(tc, test_MATCH6_policy_decides_an_illegal_play);
    tcase_add_test(tc, test_json_transcript_report);
    tcase_add_test(tc, test_json_transcript_refusals);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
