/* Matches (DOMAIN.md MATCH-1..6, CUBE-6/7 at match level): running score, Crawford and
 * post-Crawford games, end of match, penalties, wrong lengths, score-only reports. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules_replay_util.h"
#include "../check_main.h"

/* A match record of score-only results. */
static bg_match_rec report(int length)
{
    bg_match_rec m;
    memset(&m, 0, sizeof m);
    m.rules.match_length = length;
    snprintf(m.names[0], sizeof m.names[0], "Alice");
    snprintf(m.names[1], sizeof m.names[1], "Bob");
    m.complete = length > 0;
    return m;
}

static void add_result(bg_match_rec *m, int winner, int how, int cube, int points)
{
    bg_game_rec *g = bg_match_rec_add_game(m);
    ck_assert_ptr_nonnull(g);
    g->score_only = 1;
    g->has_result = 1;
    g->result = (bg_result){.winner = winner, .how = how, .cube = cube, .points = points};
}

/* Replays m and checks it is refused at game `game` under `rule`. */
static void refused_at(bg_match_rec *m, int game, const char *rule)
{
    bg_match_report rep;
    ck_assert_int_ne(bg_match_replay(m, &rep), 0);
    ck_assert(!rep.valid);
    ck_assert_msg(rep.err.game == game && !strcmp(rep.err.rule, rule),
                  "game %d rule %s (expected %d %s): %s", rep.err.game, rep.err.rule, game, rule,
                  rep.err.message);
    bg_match_report_free(&rep);
}

START_TEST(test_MATCH_1_first_to_n_wins_and_points_beyond_do_not_count)
{
    bg_match m;
    bg_err e;
    ck_assert_int_eq(bg_match_init(&m, &(bg_rules){.match_length = 3}, "Alice", "Bob", &e), 0);
    bg_game_ctx cx;
    bg_match_next_ctx(&m, &cx);
    ck_assert_int_eq(cx.number, 1);
    bg_outcome o = {.winner = 1, .points = 2};
    ck_assert_int_eq(bg_match_add_game(&m, &cx, &o, &e), 0);
    ck_assert(!m.over);
    bg_match_next_ctx(&m, &cx);
    o = (bg_outcome){.winner = 1, .points = 4};
    ck_assert_int_eq(bg_match_add_game(&m, &cx, &o, &e), 0);
    ck_assert(m.over);
    ck_assert_int_eq(m.winner, 1);
    ck_assert_int_eq(m.score[1], 6);
    ck_assert_int_eq(bg_match_points(&m, 1), 3);
    ck_assert_int_eq(bg_match_points(&m, 0), 0);
    /* A match shorter than one point, or absurdly long, is refused. */
    ck_assert_int_ne(bg_match_init(&m, &(bg_rules){.match_length = -1}, "A", "B", &e), 0);
    ck_assert_str_eq(e.rule, "MATCH-1");
}
END_TEST

START_TEST(test_MATCH_2_no_game_follows_the_end_of_the_match)
{
    bg_match_rec m = report(3);
    add_result(&m, 0, BG_HOW_GAMMON, 1, 0);
    add_result(&m, 0, BG_HOW_SINGLE, 1, 0);
    add_result(&m, 1, BG_HOW_SINGLE, 1, 0);
    refused_at(&m, 3, "MATCH-2");
    /* Stated scores must follow from the games before. */
    m.n_games = 2;
    m.games[1].has_score = 1;
    m.games[1].score_before[0] = 1;
    refused_at(&m, 2, "MATCH-2");
    m.games[1].score_before[0] = 2;
    bg_match_report rep;
    ck_assert_int_eq(bg_match_replay(&m, &rep), 0);
    ck_assert(rep.over);
    ck_assert_int_eq(rep.winner, 0);
    ck_assert_int_eq(rep.games[1].score_before[0], 2);
    ck_assert_int_eq(rep.games[1].score_after[0], 3);
    bg_match_report_free(&rep);
    m.n_games = 3;
    bg_match_rec_free(&m);
}
END_TEST

START_TEST(test_MATCH_2_a_complete_record_must_end_the_match)
{
    bg_match_rec m = report(5);
    add_result(&m, 0, BG_HOW_GAMMON, 1, 0);
    refused_at(&m, 1, "MATCH-1");
    m.complete = 0; /* a match in progress: the running score is what is wanted */
    bg_match_report rep;
    ck_assert_int_eq(bg_match_replay(&m, &rep), 0);
    ck_assert(!rep.over);
    ck_assert_int_eq(rep.winner, -1);
    ck_assert_int_eq(rep.score[0], 2);
    bg_match_report_free(&rep);
    bg_match_rec_free(&m);
}
END_TEST

START_TEST(test_CUBE_6_the_crawford_game_and_post_crawford_games)
{
    bg_match m;
    bg_err e;
    bg_game_ctx cx;
    bg_match_init(&m, &(bg_rules){.match_length = 5}, "Alice", "Bob", &e);
    bg_match_next_ctx(&m, &cx);
    ck_assert(!cx.crawford && !cx.post_crawford);
    bg_outcome o = {.winner = 0, .points = 4}; /* Alice reaches 4 = N-1 */
    bg_match_add_game(&m, &cx, &o, &e);
    bg_match_next_ctx(&m, &cx);
    ck_assert(cx.crawford);
    ck_assert(!cx.post_crawford);
    o = (bg_outcome){.winner = 1, .points = 1};
    bg_match_add_game(&m, &cx, &o, &e);
    bg_match_next_ctx(&m, &cx);
    ck_assert(!cx.crawford); /* only the first such game */
    ck_assert(cx.post_crawford);
    o = (bg_outcome){.winner = 1, .points = 3}; /* Bob reaches 4 too: still post-Crawford */
    bg_match_add_game(&m, &cx, &o, &e);
    bg_match_next_ctx(&m, &cx);
    ck_assert(!cx.crawford && cx.post_crawford);
    /* In a 1-point match both sides are one point away from the start: no cube there. */
    bg_match_init(&m, &(bg_rules){.match_length = 1}, "Alice", "Bob", &e);
    bg_match_next_ctx(&m, &cx);
    ck_assert(cx.crawford);
    /* Money play has no Crawford game. */
    bg_match_init(&m, &(bg_rules){0}, "Alice", "Bob", &e);
    bg_match_next_ctx(&m, &cx);
    ck_assert(!cx.crawford && !cx.post_crawford);
}
END_TEST

START_TEST(test_CUBE_6_score_only_crawford_game_has_cube_1)
{
    bg_match_rec m = report(5);
    add_result(&m, 0, BG_HOW_GAMMON, 2, 0); /* 4-0: next is the Crawford game */
    add_result(&m, 1, BG_HOW_SINGLE, 2, 0);
    refused_at(&m, 2, "CUBE-6");
    m.games[1].result.cube = 1;
    m.games[1].result.how = BG_HOW_DROP; /* a drop means someone doubled */
    refused_at(&m, 2, "CUBE-6");
    m.games[1].result.how = BG_HOW_SINGLE;
    add_result(&m, 1, BG_HOW_DROP, 1, 1); /* post-Crawford: Bob doubles, Alice drops */
    m.complete = 0;
    bg_match_report rep;
    ck_assert_int_eq(bg_match_replay(&m, &rep), 0);
    ck_assert(rep.games[1].crawford);
    ck_assert(rep.games[2].post_crawford);
    ck_assert_int_eq(rep.score[0], 4);
    ck_assert_int_eq(rep.score[1], 2);
    bg_match_report_free(&rep);
    bg_match_rec_free(&m);
}
END_TEST

START_TEST(test_CUBE_7_score_only_cube_cannot_pass_a_dead_cube)
{
    /* Post-Crawford at 4-1 in a 5-point match the cube can reach 4 (Alice doubles, Bob
     * redoubles), never 8: whoever doubled to 8 held a cube of 4, dead for both. */
    bg_match_rec m = report(5);
    m.complete = 0;
    add_result(&m, 0, BG_HOW_GAMMON, 2, 0);
    add_result(&m, 1, BG_HOW_SINGLE, 1, 0); /* Crawford: 4-1 */
    add_result(&m, 1, BG_HOW_SINGLE, 8, 0);
    refused_at(&m, 3, "CUBE-7");
    m.games[2].result.cube = 4;
    bg_match_report rep;
    ck_assert_int_eq(bg_match_replay(&m, &rep), 0);
    ck_assert_int_eq(rep.score[1], 5);
    bg_match_report_free(&rep);
    /* A dropped redouble: Alice (holding 2 at 4-1) redoubling is dead, so Bob cannot have
     * dropped her double to 4. */
    m.games[2].result = (bg_result){.winner = 0, .how = BG_HOW_DROP, .cube = 2};
    refused_at(&m, 3, "CUBE-7");
    /* But Bob, holding 2 at 1, may redouble to 4 and Alice drop it. */
    m.games[2].result = (bg_result){.winner = 1, .how = BG_HOW_DROP, .cube = 2};
    ck_assert_int_eq(bg_match_replay(&m, &rep), 0);
    ck_assert_int_eq(rep.games[2].out.points, 2);
    bg_match_report_free(&rep);
    bg_match_rec_free(&m);
    /* The edge: at 3-1 in a 5-point match a cube of 2 held by Alice wins her exactly 5. */
    m = report(5);
    m.complete = 0;
    add_result(&m, 0, BG_HOW_BACKGAMMON, 1, 0);
    add_result(&m, 1, BG_HOW_SINGLE, 1, 0);
    add_result(&m, 0, BG_HOW_DROP, 2, 0);
    refused_at(&m, 3, "CUBE-7");
    m.games[2].result.winner = 1; /* Bob at 1 holding 2 is alive */
    ck_assert_int_eq(bg_match_replay(&m, &rep), 0);
    bg_match_report_free(&rep);
    bg_match_rec_free(&m);
}
END_TEST

START_TEST(test_CUBE_3_score_only_drop_scores_the_cube_before_the_double)
{
    bg_match_rec m = report(7);
    m.complete = 0;
    add_result(&m, 0, BG_HOW_DROP, 2, 4);
    refused_at(&m, 1, "CUBE-3");
    m.games[0].result.points = 2;
    bg_match_report rep;
    ck_assert_int_eq(bg_match_replay(&m, &rep), 0);
    ck_assert_int_eq(rep.score[0], 2);
    ck_assert_int_eq(rep.games[0].out.how, BG_HOW_DROP);
    bg_match_report_free(&rep);
    bg_match_rec_free(&m);
}
END_TEST

START_TEST(test_CUBE_5_score_only_values_and_multipliers)
{
    bg_match_rec m = report(7);
    m.complete = 0;
    add_result(&m, 0, BG_HOW_SINGLE, 3, 0); /* not a power of two */
    refused_at(&m, 1, "CUBE-1");
    m.games[0].result = (bg_result){.winner = 0, .how = BG_HOW_GAMMON, .cube = 2, .points = 2};
    refused_at(&m, 1, "CUBE-5");
    m.games[0].result = (bg_result){.winner = 0, .how = BG_HOW_RESIGN, .cube = 2, .level = 4};
    refused_at(&m, 1, "ENG-8");
    m.games[0].result = (bg_result){.winner = 2, .how = BG_HOW_SINGLE};
    refused_at(&m, 1, "ENG-7");
    m.games[0].result = (bg_result){.winner = 0, .cube = 2, .points = 7};
    refused_at(&m, 1, "CUBE-5"); /* neither how nor 1-3 times the cube */
    /* Points alone, 3 x cube: a backgammon. */
    m.games[0].result = (bg_result){.winner = 0, .cube = 2, .points = 6};
    bg_match_report rep;
    ck_assert_int_eq(bg_match_replay(&m, &rep), 0);
    ck_assert_int_eq(rep.games[0].out.how, BG_HOW_BACKGAMMON);
    ck_assert_int_eq(rep.score[0], 6);
    bg_match_report_free(&rep);
    m.games[0].result = (bg_result){.winner = 1, .how = BG_HOW_RESIGN, .cube = 4, .level = 2};
    ck_assert_int_eq(bg_match_replay(&m, &rep), 0);
    ck_assert_int_eq(rep.games[0].out.points, 8);
    ck_assert(rep.games[0].out.resigned);
    bg_match_report_free(&rep);
    bg_match_rec_free(&m);
}
END_TEST

START_TEST(test_MATCH_3_a_wrong_length_is_corrected_unless_that_ends_the_match)
{
    bg_match m;
    bg_err e;
    bg_match_init(&m, &(bg_rules){.match_length = 7}, "Alice", "Bob", &e);
    m.score[0] = 3;
    m.score[1] = 1;
    ck_assert_int_eq(bg_match_correct_length(&m, 5), 1);
    ck_assert_int_eq(m.rules.match_length, 5);
    m.score[0] = 5; /* at the correct length 5-1 would be over: the wrong length stands */
    m.rules.match_length = 7;
    ck_assert_int_eq(bg_match_correct_length(&m, 5), 0);
    ck_assert_int_eq(m.rules.match_length, 7);
    m.over = 1; /* a completed match stands */
    ck_assert_int_eq(bg_match_correct_length(&m, 9), -1);
}
END_TEST

/* MATCH-3 in a replay: the length found wrong is corrected before the game given, and the
 * games after it follow the correct length (Crawford included); a correction that would
 * end the match is not made. */
START_TEST(test_MATCH_3_replay_follows_the_corrected_length)
{
    bg_match_rec m = report(5);
    m.complete = 0;
    for (int i = 0; i < 4; i++)
        add_result(&m, 0, BG_HOW_SINGLE, 1, 1); /* 4-0 */
    add_result(&m, 1, BG_HOW_SINGLE, 2, 2);     /* a double in game 5 */
    refused_at(&m, 5, "CUBE-6");                /* at 5 points, game 5 is the Crawford game */
    m.length_fix = 7;
    m.length_fix_game = 3; /* found after game 3: games 4 and 5 are played to 7 */
    bg_match_report rep;
    ck_assert_int_eq(bg_match_replay(&m, &rep), 0);
    ck_assert(!rep.games[4].crawford);
    ck_assert_int_eq(rep.score[0], 4);
    ck_assert_int_eq(rep.score[1], 2);
    ck_assert(!rep.over);
    bg_match_report_free(&rep);
    bg_match_rec_free(&m);
    /* a 7-point match that should have been to 5, found at 5-0: the wrong length stands */
    m = report(7);
    m.complete = 0;
    for (int i = 0; i < 6; i++)
        add_result(&m, 0, BG_HOW_SINGLE, 1, 1);
    m.length_fix = 5;
    m.length_fix_game = 5;
    ck_assert_int_eq(bg_match_replay(&m, &rep), 0);
    ck_assert_int_eq(rep.score[0], 6);
    ck_assert(!rep.over);
    bg_match_report_free(&rep);
    bg_match_rec_free(&m);
}
END_TEST

START_TEST(test_MATCH_5_penalty_points_go_to_the_opponent)
{
    bg_match m;
    bg_err e;
    bg_game_ctx cx;
    bg_match_init(&m, &(bg_rules){.match_length = 5}, "Alice", "Bob", &e);
    ck_assert_int_eq(bg_match_penalty(&m, 0, 2, &e), 0); /* Alice penalised: Bob +2 */
    ck_assert_int_eq(m.score[1], 2);
    ck_assert_int_eq(m.score[0], 0);
    ck_assert_int_eq(bg_match_penalty(&m, 0, 2, &e), 0); /* Bob at 4 = N-1 */
    bg_match_next_ctx(&m, &cx);
    ck_assert(cx.crawford);
    ck_assert_int_ne(bg_match_penalty(&m, 0, 0, &e), 0);
    ck_assert_str_eq(e.rule, "MATCH-5");
    ck_assert_int_ne(bg_match_penalty(&m, 2, 1, &e), 0);
    ck_assert_int_eq(bg_match_penalty(&m, 0, 1, &e), 0); /* Bob reaches N: he wins */
    ck_assert(m.over);
    ck_assert_int_eq(m.winner, 1);
    ck_assert_int_ne(bg_match_penalty(&m, 1, 1, &e), 0); /* nothing after the end */
    ck_assert_str_eq(e.rule, "MATCH-5");
}
END_TEST

START_TEST(test_MATCH_5_penalties_between_games_of_a_record)
{
    bg_match_rec m = report(5);
    add_result(&m, 0, BG_HOW_SINGLE, 1, 0);
    add_result(&m, 1, BG_HOW_SINGLE, 1, 0);
    /* Before game 2 Bob is penalised 3: Alice 4 = N-1, so game 2 is the Crawford game. */
    bg_penalty p = {.before_game = 1, .side = 1, .points = 3};
    bg_match_rec_add_penalty(&m, &p);
    m.complete = 0;
    bg_match_report rep;
    ck_assert_int_eq(bg_match_replay(&m, &rep), 0);
    ck_assert_int_eq(rep.games[1].score_before[0], 4);
    ck_assert(rep.games[1].crawford);
    bg_match_report_free(&rep);
    /* A penalty that ends the match leaves no room for game 2. */
    m.pen[0].points = 4;
    refused_at(&m, 2, "MATCH-2");
    bg_match_rec_free(&m);
}
END_TEST

START_TEST(test_MATCH_6_policy_applies_to_every_game_of_a_record)
{
    /* Full records: Bob's 6-4 played 24/15 13/9 in game 1, then Alice resigns. */
    bg_match_rec m = report(0);
    bg_game_rec *g = bg_match_rec_add_game(&m);
    bg_action a[2] = {ev_move(0, 3, 1, "8/5 6/5"), ev_move(1, 6, 4, "24/15 13/9")};
    bg_game_rec_push(g, &a[0]);
    bg_game_rec_push(g, &a[1]);
    g->has_result = 1;
    g->result = (bg_result){.winner = 1, .points = 1};
    bg_match_report rep;
    ck_assert_int_ne(bg_match_replay(&m, &rep), 0);
    ck_assert_str_eq(rep.err.rule, "ENG-3");
    ck_assert_int_eq(rep.err.move, 2);
    bg_match_report_free(&rep);
    m.rules.policy = BG_POLICY_RESPONSIBLE;
    ck_assert_int_eq(bg_match_replay(&m, &rep), 0);
    ck_assert_int_eq(rep.notes.n, 1);
    ck_assert_int_eq(rep.notes.v[0].game, 1);
    ck_assert_int_eq(rep.games[0].out.illegal, 1);
    ck_assert_int_eq(rep.score[1], 1);
    bg_match_report_free(&rep);
    bg_match_rec_free(&m);
}
END_TEST

START_TEST(test_match_mixes_full_records_and_score_only_results)
{
    bg_match_rec m = report(3);
    bg_game_rec *g = bg_match_rec_add_game(&m);
    bg_action a[3] = {ev_move(0, 3, 1, "8/5 6/5"), ev(BG_ACT_DOUBLE, 1, 2), ev(BG_ACT_DROP, 0, 0)};
    for (int i = 0; i < 3; i++)
        bg_game_rec_push(g, &a[i]);
    add_result(&m, 1, BG_HOW_GAMMON, 1, 2);
    bg_match_report rep;
    ck_assert_int_eq(bg_match_replay(&m, &rep), 0);
    ck_assert(rep.over);
    ck_assert_int_eq(rep.winner, 1);
    ck_assert_int_eq(rep.score[1], 3);
    ck_assert(!rep.games[0].score_only);
    ck_assert(rep.games[1].score_only);
    ck_assert(!rep.games[1].crawford); /* at 0-1 in a 3-point match nobody is 1-away */
    bg_match_report_free(&rep);
    bg_match_rec_free(&m);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("rules_match");
    TCase *tc = tcase_create("match");
    tcase_add_test(tc, test_MATCH_1_first_to_n_wins_and_points_beyond_do_not_count);
    tcase_add_test(tc, test_MATCH_2_no_game_follows_the_end_of_the_match);
    tcase_add_test(tc, test_MATCH_2_a_complete_record_must_end_the_match);
    tcase_add_test(tc, test_CUBE_6_the_crawford_game_and_post_crawford_games);
    tcase_add_test(tc, test_CUBE_6_score_only_crawford_game_has_cube_1);
    tcase_add_test(tc, test_CUBE_7_score_only_cube_cannot_pass_a_dead_cube);
    tcase_add_test(tc, test_CUBE_3_score_only_drop_scores_the_cube_before_the_double);
    tcase_add_test(tc, test_CUBE_5_score_only_values_and_multipliers);
    tcase_add_test(tc, test_MATCH_3_a_wrong_length_is_corrected_unless_that_ends_the_match);
    tcase_add_test(tc, test_MATCH_5_penalty_points_go_to_the_opponent);
    tcase_add_test(tc, test_MATCH_5_penalties_between_games_of_a_record);
    tcase_add_test(tc, test_MATCH_6_policy_applies_to_every_game_of_a_record);
    tcase_add_test(tc, test_match_mixes_full_records_and_score_only_results);
    tcase_add_test(tc, test_MATCH_3_replay_follows_the_corrected_length);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
