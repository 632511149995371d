/* HTTP tests of .mat transcripts from other programs (Backgammon Galaxy, Studio, FIBS logs):
 * their syntax is a player's report like any other; a partial record reports the games so
 * far; one that starts later than 0-0 continues the match's verified games or is refused
 * (MATCH-2); a wrong length follows MATCH-3; an illegal play follows the policy (MATCH-6). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/harness.h"
#include "../check_main.h"

/* One match between two logged-in players, and the path of its reports. */
struct pairing {
    long long tid, mid;
    struct srv side[2];
    char base[128];
};

static void pair(struct pairing *p, int length, const char *name_a, const char *name_b)
{
    char pin[2][8];
    long long pid[2];
    p->tid = make_tournament(&S, "Transcripts");
    pid[0] = make_player_pin(&S, p->tid, name_a, pin[0]);
    pid[1] = make_player_pin(&S, p->tid, name_b, pin[1]);
    p->mid = make_match(&S, p->tid, pid[0], pid[1], length);
    snprintf(p->base, sizeof p->base, "/api/v1/tournaments/%lld/matches/%lld", p->tid, p->mid);
    for (int s = 0; s < 2; s++)
        srv_player_login(&p->side[s], &S, p->tid, pid[s], pin[s]);
}

/* POST {base}{tail} as side s (0 = a, 1 = b) or as the TD (s = -1). */
static void post(struct pairing *p, int s, const char *tail, const char *body, struct res *r)
{
    char path[192];
    snprintf(path, sizeof path, "%s%s", p->base, tail);
    td(s < 0 ? &S : &p->side[s], "POST", path, body, r);
}

static void post_mat_file(struct pairing *p, int s, const char *file, struct res *r)
{
    FILE *f = fopen(file, "rb");
    ck_assert_msg(f != NULL, "%s", file);
    static char text[200000];
    size_t n = fread(text, 1, sizeof text - 1, f);
    text[n] = '\0';
    fclose(f);
    json_t *body = json_pack("{s:s}", "mat", text);
    char *b = json_dumps(body, 0);
    json_decref(body);
    post(p, s, "/report", b, r);
    free(b);
}

static int score_is(const struct res *r, int a, int b)
{
    json_t *sc = json_object_get(r->json, "score");
    return json_integer_value(json_object_get(sc, "a")) == a &&
           json_integer_value(json_object_get(sc, "b")) == b;
}

/* The reports of the match, side by side; the caller frees r. */
static json_t *report_of(struct pairing *p, const char *side, struct res *r)
{
    char path[192];
    snprintf(path, sizeof path, "%s/reports", p->base);
    td(&S, "GET", path, NULL, r);
    ck_assert_int_eq(r->status, 200);
    return json_object_get(json_object_get(r->json, "reports"), side);
}

/* A Galaxy file with its own syntax (combined steps, "Cannot Move", the loser's line, a last
 * game capped at the length) reports the match like a gnubg file; the opponent confirms. */
START_TEST(test_MATCH7_galaxy_transcript_is_a_report)
{
    struct pairing p;
    pair(&p, 3, "lasse", "balarau");
    struct res r;
    post_mat_file(&p, 1, "tests/data/realworld/galaxy_0152_match1888398.mat", &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    ck_assert_str_eq(jstr(&r, "state"), "reported");
    ck_assert(score_is(&r, 3, 2)); /* 5-2 in the file, capped at the length (MATCH-1) */
    res_free(&r);
    json_t *a = report_of(&p, "b", &r);
    ck_assert_int_eq(json_array_size(json_object_get(a, "games")), 3);
    ck_assert(json_is_true(json_object_get(a, "complete")));
    long long id = json_integer_value(json_object_get(a, "id"));
    res_free(&r);
    char body[64];
    snprintf(body, sizeof body, "{\"report_id\": %lld}", id);
    post(&p, 0, "/confirm", body, &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    ck_assert_str_eq(jstr(&r, "state"), "verified");
    res_free(&r);
}
END_TEST

/* MATCH-2: a partial record from 0-0 reports the games so far; the match goes on. */
START_TEST(test_MATCH2_partial_transcript_reports_games_so_far)
{
    struct pairing p;
    pair(&p, 3, "gnubg_A", "gnubg_B");
    struct res r;
    post_mat_file(&p, 0, "tests/data/partial/truncated.mat", &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    ck_assert_str_eq(jstr(&r, "state"), "playing");
    ck_assert(score_is(&r, 0, 1)); /* game 2 is cut off: not counted */
    res_free(&r);
    json_t *a = report_of(&p, "a", &r);
    ck_assert_int_eq(json_array_size(json_object_get(a, "games")), 1);
    ck_assert(!json_is_true(json_object_get(a, "complete")));
    res_free(&r);
    /* nothing to confirm while the match is not over */
    post(&p, 1, "/confirm", NULL, &r);
    ck_assert_int_eq(r.status, 409);
    res_free(&r);
    /* MATCH-3 as before: a partial record at a wrong length is not a completed match */
    struct pairing q;
    pair(&q, 5, "gnubg_A", "gnubg_B");
    post_mat_file(&q, 0, "tests/data/partial/match_not_over.mat", &r);
    ck_assert_msg(r.status == 422, "%s", r.body);
    ck_assert_str_eq(jstr(&r, "type") + strlen(jstr(&r, "type")) - strlen("wrong-length"),
                     "wrong-length");
    res_free(&r);
}
END_TEST

/* Both players report games 1-2 game by game: 0-2, then 4-2. */
static void two_verified_games(struct pairing *p, int sides)
{
    static const char *const games[] = {
        "{\"winner\": \"b\", \"cube\": 2, \"result\": \"single\"}",
        "{\"winner\": \"a\", \"cube\": 2, \"result\": \"gammon\"}",
    };
    for (int g = 0; g < 2; g++)
        for (int s = 0; s < sides; s++) {
            struct res r;
            post(p, s, "/games", games[g], &r);
            ck_assert_msg(r.status == 200, "%s", r.body);
            res_free(&r);
        }
}

/* MATCH-2: a FIBS log of the match resumed at 4-2 continues the games both players reported
 * (its first game is then the Crawford game); the report holds the whole match. */
START_TEST(test_MATCH2_resumed_transcript_continues_verified_games)
{
    struct pairing p;
    pair(&p, 5, "BlueNote", "nori");
    two_verified_games(&p, 2);
    struct res r;
    post_mat_file(&p, 0, "tests/data/partial/resumed_fibs.mat", &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    ck_assert(score_is(&r, 4, 3));
    ck_assert_str_eq(jstr(&r, "state"), "playing");
    res_free(&r);
    json_t *a = report_of(&p, "a", &r);
    json_t *games = json_object_get(a, "games");
    ck_assert_int_eq(json_array_size(games), 3);
    ck_assert(json_is_true(json_object_get(json_array_get(games, 2), "crawford")));
    ck_assert_str_eq(json_string_value(json_object_get(a, "kind")), "transcript");
    res_free(&r);
}
END_TEST

/* MATCH-2: a resumed log whose first score is not what the verified games give is refused:
 * with no verified game (only one side reported), and with games that make another score. */
START_TEST(test_MATCH2_resumed_transcript_refused_off_the_verified_score)
{
    struct pairing p;
    pair(&p, 5, "BlueNote", "nori");
    two_verified_games(&p, 1); /* side b never repeated them: nothing is verified */
    struct res r;
    post_mat_file(&p, 0, "tests/data/partial/resumed_fibs.mat", &r);
    ck_assert_msg(r.status == 422, "%s", r.body);
    ck_assert_str_eq(jstr(&r, "rule"), "MATCH-2");
    ck_assert_int_eq(jint(&r, "game"), 1);
    ck_assert_ptr_nonnull(strstr(jstr(&r, "detail"), "starts at 4-2"));
    ck_assert_ptr_nonnull(strstr(jstr(&r, "detail"), "make it 0-0"));
    res_free(&r);
    struct pairing q;
    pair(&q, 5, "BlueNote", "nori");
    const char *g = "{\"winner\": \"a\", \"cube\": 1, \"result\": \"single\"}";
    for (int s = 0; s < 2; s++) {
        post(&q, s, "/games", g, &r);
        ck_assert_int_eq(r.status, 200);
        res_free(&r);
    }
    post_mat_file(&q, 1, "tests/data/partial/resumed_fibs.mat", &r);
    ck_assert_msg(r.status == 422, "%s", r.body);
    ck_assert_str_eq(jstr(&r, "rule"), "MATCH-2");
    ck_assert_int_eq(jint(&r, "game"), 2);
    ck_assert_ptr_nonnull(strstr(jstr(&r, "detail"), "1 verified game "));
    ck_assert_ptr_nonnull(strstr(jstr(&r, "detail"), "make it 1-0"));
    res_free(&r);
}
END_TEST

/* MATCH-6: Galaxy's "Cannot Move" on a roll that could be played is an illegal play:
 * refused under Legal Moves, accepted and flagged under Responsible Moves. */
START_TEST(test_MATCH6_galaxy_illegal_play_follows_the_policy)
{
    const char *mat = "16 point match\n\n Game 1\n Ann : 0                         Bob : 0\n"
                      "  1) 42: 8/4 6/4                 66: Cannot Move\n"
                      "  2) 31: 8/5 6/5                 \n"
                      "      Wins 1 point\n";
    json_t *body = json_pack("{s:s}", "mat", mat);
    char *b = json_dumps(body, 0);
    json_decref(body);
    struct pairing p;
    pair(&p, 16, "Ann", "Bob");
    struct res r;
    post(&p, 0, "/report", b, &r);
    ck_assert_msg(r.status == 422, "%s", r.body);
    ck_assert_str_eq(jstr(&r, "rule"), "ENG-6");
    ck_assert_int_eq(jint(&r, "move"), 1);
    ck_assert_str_eq(jstr(&r, "side"), "b");
    res_free(&r);
    char path[96];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld", p.tid);
    td(&S, "PATCH", path, "{\"illegal_move_policy\": \"responsible\"}", &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    res_free(&r);
    post(&p, 0, "/report", b, &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    ck_assert(score_is(&r, 1, 0));
    res_free(&r);
    json_t *flags = json_object_get(report_of(&p, "a", &r), "flags");
    ck_assert_int_eq(json_array_size(flags), 1);
    ck_assert_str_eq(json_string_value(json_object_get(json_array_get(flags, 0), "rule")), "ENG-6");
    res_free(&r);
    free(b);
}
END_TEST

/* ENG-6, MATCH-6: a FIBS log that lost a play (a roll without it, where one was possible) is
 * read as a gap, not refused as an illegal play: the report carries a GAP flag naming the
 * game and the move, and even once both players agree it waits for the TD, who accepts it by
 * verifying it; a tournament with gap_waits_for_td false lets the agreement settle it. */
START_TEST(test_ENG6_transcript_with_a_gap_waits_for_the_TD)
{
    for (int waits = 1; waits >= 0; waits--) {
        struct pairing p;
        pair(&p, 1, "Alice", "Bob");
        struct res r;
        char path[96];
        snprintf(path, sizeof path, "/api/v1/tournaments/%lld", p.tid);
        if (!waits) {
            /* a setting is a boolean, or refused naming it */
            td(&S, "PATCH", path, "{\"gap_waits_for_td\": \"no\"}", &r);
            assert_refused(&r, 422, "gap_waits_for_td", "a boolean setting");
            res_free(&r);
            td(&S, "PATCH", path, "{\"gap_waits_for_td\": false}", &r);
            ck_assert_msg(r.status == 200, "%s", r.body);
            res_free(&r);
        }
        td(&S, "GET", path, NULL, &r);
        ck_assert_int_eq(json_is_true(json_object_get(r.json, "gap_waits_for_td")), waits);
        res_free(&r);
        post_mat_file(&p, 0, "tests/data/longtail/fibs_gap.mat", &r);
        ck_assert_msg(r.status == 200, "%s", r.body);
        ck_assert_str_eq(jstr(&r, "state"), "reported");
        res_free(&r);
        json_t *a = report_of(&p, "a", &r);
        json_t *flag = json_array_get(json_object_get(a, "flags"), 0);
        ck_assert_str_eq(json_string_value(json_object_get(flag, "rule")), "GAP");
        ck_assert_int_eq(json_integer_value(json_object_get(flag, "game")), 1);
        ck_assert_int_eq(json_integer_value(json_object_get(flag, "move")), 4);
        long long id = json_integer_value(json_object_get(a, "id"));
        res_free(&r);
        char body[64];
        snprintf(body, sizeof body, "{\"report_id\": %lld}", id);
        post(&p, 1, "/confirm", body, &r);
        ck_assert_msg(r.status == 200, "%s", r.body);
        ck_assert_str_eq(jstr(&r, "state"), waits ? "reported" : "verified");
        res_free(&r);
        if (waits) {
            post(&p, -1, "/verify", body, &r);
            ck_assert_msg(r.status == 200, "%s", r.body);
            ck_assert_str_eq(jstr(&r, "state"), "verified");
            ck_assert(score_is(&r, 0, 1));
            res_free(&r);
        }
    }
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("http_transcripts");
    TCase *tc = tcase_create("transcripts");
    tcase_add_unchecked_fixture(tc, srv_up, srv_down);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_MATCH7_galaxy_transcript_is_a_report);
    tcase_add_test(tc, test_MATCH2_partial_transcript_reports_games_so_far);
    tcase_add_test(tc, test_MATCH2_resumed_transcript_continues_verified_games);
    tcase_add_test(tc, test_MATCH2_resumed_transcript_refused_off_the_verified_score);
    tcase_add_test(tc, test_MATCH6_galaxy_illegal_play_follows_the_policy);
    tcase_add_test(tc, test_ENG6_transcript_with_a_gap_waits_for_the_TD);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
