/* The doubling cube (DOMAIN.md CUBE-1..10), result multipliers (ENG-7) and resignation levels
 * (ENG-8), through the cube functions and through game replay. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/bg_cube.h"
#include "rules_replay_util.h"
#include "../check_main.h"

START_TEST(test_CUBE_1_cube_starts_centred_at_1)
{
    bg_cube c;
    bg_cube_init(&c, 0);
    ck_assert_int_eq(c.value, 1);
    ck_assert_int_eq(c.owner, -1);
    ck_assert_int_eq(c.offered, 0);
    /* Centred: either side may make the first double. */
    for (int first = 0; first < 2; first++) {
        bg_game g;
        bg_game_ctx cx = ctx_match(7, 0, 0, 0, 0);
        start_opened(&g, &cx, first);
        ok(&g, ev(BG_ACT_DOUBLE, 1 - first, 0));
        ck_assert_int_eq(g.cube.offered, 2);
    }
}
END_TEST

START_TEST(test_CUBE_2_only_the_side_on_roll_doubles_before_rolling)
{
    bg_game g;
    bg_game_ctx cx = ctx_match(7, 0, 0, 0, 0);
    start_opened(&g, &cx, 0);
    /* Bob is on roll: Alice may not double. */
    bg_action a = ev(BG_ACT_DOUBLE, 0, 0);
    a.move = 2;
    bg_err e = refused(&g, a, "CUBE-2");
    ck_assert_int_eq(e.side, 0);
    ck_assert_int_eq(e.move, 2);
    ck_assert_int_eq(e.game, 1);
    ck_assert_ptr_nonnull(strstr(e.message, "Alice"));
    ck_assert_ptr_nonnull(strstr(e.message, "CUBE-2"));
    /* After rolling, the turn passes: the next double is by the next side on roll. */
    play_legal(&g, 1, 4, 2);
    ok(&g, ev(BG_ACT_DOUBLE, 0, 0));
}
END_TEST

START_TEST(test_CUBE_2_no_double_before_the_opening_roll)
{
    bg_game g;
    bg_game_ctx cx = ctx_match(7, 0, 0, 0, 0);
    bg_err e;
    ck_assert_int_eq(bg_game_start(&g, &cx, 0, &e), 0);
    refused(&g, ev(BG_ACT_DOUBLE, 0, 0), "ENG-2");
}
END_TEST

START_TEST(test_CUBE_2_may_double_when_it_cannot_move)
{
    /* Alice is on the bar against a closed board: she may still double, then dances. */
    static const int me[26] = {[6] = 5, [8] = 5, [13] = 4, [25] = 1};
    static const int opp[26] = {
        [12] = 3, [19] = 2, [20] = 2, [21] = 2, [22] = 2, [23] = 2, [24] = 2};
    bg_game g;
    bg_game_ctx cx = ctx_match(7, 0, 0, 0, 0);
    start_opened(&g, &cx, 1);
    set_position(&g, 0, board_of(me, opp));
    ok(&g, ev(BG_ACT_DOUBLE, 0, 0));
    ok(&g, ev(BG_ACT_TAKE, 1, 0));
    ok(&g, ev_move(0, 6, 5, "")); /* no legal play: the turn is lost */
    ck_assert_int_eq(g.turn, 1);
    ck_assert_int_eq(g.cube.value, 2);
    ck_assert_int_eq(g.cube.owner, 1);
}
END_TEST

START_TEST(test_CUBE_3_take_doubles_the_cube_and_gives_it_to_the_taker)
{
    bg_game g;
    bg_game_ctx cx = ctx_match(7, 0, 0, 0, 0);
    start_opened(&g, &cx, 0);
    ok(&g, ev(BG_ACT_DOUBLE, 1, 0));
    /* Nothing but an answer may follow a double. */
    refused(&g, ev_move(1, 4, 2, "8/4 6/4"), "CUBE-3");
    refused(&g, ev(BG_ACT_TAKE, 1, 0), "CUBE-3"); /* its own double */
    ok(&g, ev(BG_ACT_TAKE, 0, 0));
    ck_assert_int_eq(g.cube.value, 2);
    ck_assert_int_eq(g.cube.owner, 0);
    ck_assert_int_eq(g.turn, 1);                  /* the doubler now rolls */
    refused(&g, ev(BG_ACT_TAKE, 0, 0), "CUBE-3"); /* no double on offer */
    refused(&g, ev(BG_ACT_DROP, 0, 0), "CUBE-3");
}
END_TEST

START_TEST(test_CUBE_3_drop_scores_the_value_before_the_double)
{
    bg_game g;
    bg_game_ctx cx = ctx_match(7, 0, 0, 0, 0);
    start_opened(&g, &cx, 0);
    ok(&g, ev(BG_ACT_DOUBLE, 1, 0));
    ok(&g, ev(BG_ACT_TAKE, 0, 0));
    play_legal(&g, 1, 4, 2);
    ok(&g, ev(BG_ACT_DOUBLE, 0, 0)); /* Alice owns the cube at 2: redouble to 4 */
    ok(&g, ev(BG_ACT_DROP, 1, 0));
    ck_assert_int_eq(g.phase, BG_PH_OVER);
    ck_assert_int_eq(g.out.winner, 0);
    ck_assert_int_eq(g.out.how, BG_HOW_DROP);
    ck_assert_int_eq(g.out.points, 2);
    bg_err e;
    bg_result st = {.winner = 0, .points = 4};
    ck_assert_int_ne(bg_game_finish(&g, &st, 7, NULL, &e), 0);
    ck_assert_str_eq(e.rule, "CUBE-3");
    ck_assert_int_eq(e.move, 7);
    st.points = 2;
    ck_assert_int_eq(bg_game_finish(&g, &st, 7, NULL, &e), 0);
}
END_TEST

START_TEST(test_CUBE_4_no_side_doubles_twice_in_a_row)
{
    bg_game g;
    bg_game_ctx cx = ctx_match(7, 0, 0, 0, 0);
    start_opened(&g, &cx, 0);
    ok(&g, ev(BG_ACT_DOUBLE, 1, 0));
    ok(&g, ev(BG_ACT_TAKE, 0, 0));
    play_legal(&g, 1, 4, 2);
    play_legal(&g, 0, 5, 2);
    /* Bob doubled and Alice took: the cube is Alice's, Bob may not double again. */
    bg_err e = refused(&g, ev(BG_ACT_DOUBLE, 1, 0), "CUBE-4");
    ck_assert_int_eq(e.side, 1);
    ck_assert_ptr_nonnull(strstr(e.message, "Bob"));
}
END_TEST

START_TEST(test_CUBE_5_points_are_multiplier_times_cube)
{
    /* Alice bears off her last checker: Bob has borne none off and none is back: gammon. */
    static const int me[26] = {[0] = 14, [1] = 1};
    static const int opp[26] = {[18] = 15};
    bg_game g;
    bg_game_ctx cx = ctx_match(0, 0, 0, 0, 0);
    start_opened(&g, &cx, 0);
    play_legal(&g, 1, 4, 2);
    set_position(&g, 0, board_of(me, opp));
    g.cube.value = 4;
    g.cube.owner = 0;
    ok(&g, ev_move(0, 6, 2, "1/0"));
    ck_assert_int_eq(g.phase, BG_PH_OVER);
    ck_assert_int_eq(g.out.how, BG_HOW_GAMMON);
    ck_assert_int_eq(g.out.mult, 2);
    ck_assert_int_eq(g.out.points, 8);
    bg_err e;
    bg_result wrong = {.winner = 0, .points = 4};
    ck_assert_int_ne(bg_game_finish(&g, &wrong, 30, NULL, &e), 0);
    ck_assert_str_eq(e.rule, "CUBE-5");
}
END_TEST

START_TEST(test_CUBE_6_no_cube_action_in_the_crawford_game)
{
    bg_game g;
    bg_game_ctx cx = ctx_match(5, 4, 2, 1, 0);
    start_opened(&g, &cx, 0);
    bg_err e = refused(&g, ev(BG_ACT_DOUBLE, 1, 0), "CUBE-6");
    ck_assert_ptr_nonnull(strstr(e.message, "Crawford"));
    /* The same double after the Crawford game is allowed. */
    cx = ctx_match(5, 4, 2, 0, 1);
    start_opened(&g, &cx, 0);
    ok(&g, ev(BG_ACT_DOUBLE, 1, 0));
}
END_TEST

START_TEST(test_CUBE_7_a_dead_cube_cannot_be_redoubled)
{
    bg_rules r = {.match_length = 5};
    bg_cube c;
    bg_cube_ctx x = {.rules = &r, .score = {3, 1}};
    bg_err e;
    bg_cube_init(&c, 0);
    /* Centred: never dead, whatever the score (WBGF 4.4 vii speaks of a held cube). */
    ck_assert(!bg_cube_dead(&c, &x, 0));
    c.value = 2;
    c.owner = 0; /* 3 + 2 >= 5: holding 2 already wins Alice the match */
    ck_assert(bg_cube_dead(&c, &x, 0));
    ck_assert_int_ne(bg_cube_double(&c, &x, 0, &e), 0);
    ck_assert_str_eq(e.rule, "CUBE-7");
    c.owner = 1; /* 1 + 2 < 5: Bob's cube is alive */
    ck_assert(!bg_cube_dead(&c, &x, 1));
    ck_assert_int_eq(bg_cube_double(&c, &x, 1, &e), 0);
    /* Money play has no dead cube. */
    bg_rules money = {0};
    x.rules = &money;
    bg_cube_init(&c, 0);
    c.value = 64;
    c.owner = 0;
    ck_assert(!bg_cube_dead(&c, &x, 0));
}
END_TEST

START_TEST(test_CUBE_8_a_double_at_a_wrong_level_is_corrected)
{
    bg_game g;
    bg_game_ctx cx = ctx_match(7, 0, 0, 0, 0);
    bg_notes notes = {0};
    bg_err e;
    start_opened(&g, &cx, 0);
    bg_action d = ev(BG_ACT_DOUBLE, 1, 8); /* written "Doubles => 8" from a cube of 1 */
    d.move = 2;
    ck_assert_int_eq(bg_game_apply(&g, &d, &notes, &e), 0);
    ck_assert_int_eq(g.cube.offered, 2);
    ck_assert_int_eq(notes.n, 1);
    ck_assert_str_eq(notes.v[0].rule, "CUBE-8");
    ck_assert_int_eq(notes.v[0].move, 2);
    bg_action t = ev(BG_ACT_TAKE, 0, 0);
    ck_assert_int_eq(bg_game_apply(&g, &t, &notes, &e), 0);
    ck_assert_int_eq(g.cube.value, 2);
    bg_notes_free(&notes);
}
END_TEST

START_TEST(test_CUBE_9_money_options_are_refused_in_matches_and_swing)
{
    bg_err e;
    bg_rules r = {.match_length = 7, .beavers = 1};
    ck_assert_int_ne(bg_rules_check(&r, &e), 0);
    ck_assert_str_eq(e.rule, "CUBE-9");
    r = (bg_rules){.match_length = 7, .jacoby = 1};
    ck_assert_int_ne(bg_rules_check(&r, &e), 0);
    r = (bg_rules){.match_length = 7, .auto_doubles = 1};
    ck_assert_int_ne(bg_rules_check(&r, &e), 0);
    r = (bg_rules){.swing = 1, .beavers = 1};
    ck_assert_int_ne(bg_rules_check(&r, &e), 0);
    ck_assert_ptr_nonnull(strstr(e.message, "Swing"));
    r = (bg_rules){.beavers = 2, .jacoby = 1, .auto_doubles = 3};
    ck_assert_int_eq(bg_rules_check(&r, &e), 0);
    r = (bg_rules){.match_length = 7};
    ck_assert_int_eq(bg_rules_check(&r, &e), 0);

    /* Off by default even in money play: a beaver is refused. */
    bg_game g;
    bg_game_ctx cx = ctx_match(0, 0, 0, 0, 0);
    start_opened(&g, &cx, 0);
    ok(&g, ev(BG_ACT_DOUBLE, 1, 0));
    refused(&g, ev(BG_ACT_BEAVER, 0, 0), "CUBE-9");
    ck_assert_int_ne(bg_game_start(&g, &cx, 1, &e), 0); /* automatic doubles */
    ck_assert_str_eq(e.rule, "CUBE-9");
}
END_TEST

START_TEST(test_CUBE_9_beavers_and_automatic_doubles_in_money_play)
{
    bg_game g;
    bg_game_ctx cx = ctx_match(0, 0, 0, 0, 0);
    cx.rules.beavers = 1;
    cx.rules.auto_doubles = 2;
    bg_err e;
    /* One automatic double on equal opening dice: the cube starts at 2, centred. */
    ck_assert_int_eq(bg_game_start(&g, &cx, 1, &e), 0);
    ck_assert_int_eq(g.cube.value, 2);
    ck_assert_int_eq(g.cube.owner, -1);
    ck_assert_int_ne(bg_game_start(&g, &cx, 3, &e), 0); /* more than the session allows */
    start_opened(&g, &cx, 0);
    ok(&g, ev(BG_ACT_DOUBLE, 1, 0));
    ok(&g, ev(BG_ACT_BEAVER, 0, 4));                /* Alice beavers: 4, and she keeps the cube */
    refused(&g, ev(BG_ACT_BEAVER, 1, 0), "CUBE-9"); /* only one beaver allowed */
    ok(&g, ev(BG_ACT_TAKE, 1, 0));
    ck_assert_int_eq(g.cube.value, 4);
    ck_assert_int_eq(g.cube.owner, 0);
    /* A raccoon with two immediate redoubles allowed; dropping it scores the beaver's 4. */
    cx.rules.beavers = 2;
    start_opened(&g, &cx, 0);
    ok(&g, ev(BG_ACT_DOUBLE, 1, 0));
    ok(&g, ev(BG_ACT_BEAVER, 0, 0));
    ok(&g, ev(BG_ACT_BEAVER, 1, 0));
    ok(&g, ev(BG_ACT_DROP, 0, 0));
    ck_assert_int_eq(g.out.winner, 1);
    ck_assert_int_eq(g.out.points, 4);
}
END_TEST

START_TEST(test_CUBE_9_jacoby_gammon_counts_single_with_the_cube_unturned)
{
    static const int me[26] = {[0] = 14, [1] = 1};
    static const int opp[26] = {[18] = 15};
    bg_game g;
    bg_game_ctx cx = ctx_match(0, 0, 0, 0, 0);
    cx.rules.jacoby = 1;
    start_opened(&g, &cx, 0);
    play_legal(&g, 1, 4, 2);
    set_position(&g, 0, board_of(me, opp));
    ok(&g, ev_move(0, 6, 2, "1/0"));
    ck_assert_int_eq(g.out.points, 1);
    ck_assert_int_eq(g.out.how, BG_HOW_SINGLE);
    /* Once the cube was turned, the gammon counts. */
    start_opened(&g, &cx, 0);
    ok(&g, ev(BG_ACT_DOUBLE, 1, 0));
    ok(&g, ev(BG_ACT_TAKE, 0, 0));
    play_legal(&g, 1, 4, 2);
    set_position(&g, 0, board_of(me, opp));
    ok(&g, ev_move(0, 6, 2, "1/0"));
    ck_assert_int_eq(g.out.points, 4);
}
END_TEST

START_TEST(test_CUBE_10_holland_rule_trailer_waits_for_its_third_turn)
{
    bg_game g;
    /* Post-Crawford, Alice trails 1-4 in a 5-point match. */
    bg_game_ctx cx = ctx_match(5, 1, 4, 0, 1);
    cx.rules.holland = 1;
    start_opened(&g, &cx, 0); /* Alice's first turn */
    play_legal(&g, 1, 4, 2);
    refused(&g, ev(BG_ACT_DOUBLE, 0, 0), "CUBE-10"); /* her second turn */
    play_legal(&g, 0, 5, 3);
    play_legal(&g, 1, 6, 1);
    ok(&g, ev(BG_ACT_DOUBLE, 0, 0)); /* her third turn */
    /* Off by default. */
    cx.rules.holland = 0;
    start_opened(&g, &cx, 0);
    play_legal(&g, 1, 4, 2);
    ok(&g, ev(BG_ACT_DOUBLE, 0, 0));
}
END_TEST

START_TEST(test_ENG_7_result_multipliers)
{
    bg_board b;
    memset(&b, 0, sizeof b);
    b.me[0] = 15;
    b.opp[0] = 1;
    b.opp[20] = 14;
    ck_assert_int_eq(bg_result_multiplier(&b), 1); /* loser bore one off: single */
    b.opp[0] = 0;
    b.opp[20] = 15;
    ck_assert_int_eq(bg_result_multiplier(&b), 2); /* none off: gammon, even if all home */
    b.opp[20] = 14;
    b.opp[25] = 1;
    ck_assert_int_eq(bg_result_multiplier(&b), 3); /* one on the bar: backgammon */
    b.opp[25] = 0;
    b.opp[3] = 1;
    ck_assert_int_eq(bg_result_multiplier(&b), 3); /* one in the winner's home board */
}
END_TEST

START_TEST(test_ENG_8_resignation_maximum_level)
{
    bg_board b;
    bg_rules r = {0};
    bg_cube c;
    bg_cube_init(&c, 0);
    bg_board_init(&b);
    ck_assert_int_eq(bg_resign_max_level(&b, &r, &c), 3);
    b.me[6]--;
    b.me[0]++; /* the resigner bore a checker off: only a single game can be lost */
    ck_assert_int_eq(bg_resign_max_level(&b, &r, &c), 1);
    bg_board_init(&b);
    r.jacoby = 1;
    ck_assert_int_eq(bg_resign_max_level(&b, &r, &c), 1);
    c.turned = 1;
    ck_assert_int_eq(bg_resign_max_level(&b, &r, &c), 3);
}
END_TEST

START_TEST(test_cube_values_are_powers_of_two)
{
    ck_assert(bg_cube_valid_value(1));
    ck_assert(bg_cube_valid_value(64));
    ck_assert(!bg_cube_valid_value(0));
    ck_assert(!bg_cube_valid_value(3));
    ck_assert(!bg_cube_valid_value(-2));
    ck_assert(!bg_cube_valid_value((long long)BG_CUBE_MAX * 2));
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("rules_cube");
    TCase *tc = tcase_create("cube");
    tcase_add_test(tc, test_CUBE_1_cube_starts_centred_at_1);
    tcase_add_test(tc, test_CUBE_2_only_the_side_on_roll_doubles_before_rolling);
    tcase_add_test(tc, test_CUBE_2_no_double_before_the_opening_roll);
    tcase_add_test(tc, test_CUBE_2_may_double_when_it_cannot_move);
    tcase_add_test(tc, test_CUBE_3_take_doubles_the_cube_and_gives_it_to_the_taker);
    tcase_add_test(tc, test_CUBE_3_drop_scores_the_value_before_the_double);
    tcase_add_test(tc, test_CUBE_4_no_side_doubles_twice_in_a_row);
    tcase_add_test(tc, test_CUBE_5_points_are_multiplier_times_cube);
    tcase_add_test(tc, test_CUBE_6_no_cube_action_in_the_crawford_game);
    tcase_add_test(tc, test_CUBE_7_a_dead_cube_cannot_be_redoubled);
    tcase_add_test(tc, test_CUBE_8_a_double_at_a_wrong_level_is_corrected);
    tcase_add_test(tc, test_CUBE_9_money_options_are_refused_in_matches_and_swing);
    tcase_add_test(tc, test_CUBE_9_beavers_and_automatic_doubles_in_money_play);
    tcase_add_test(tc, test_CUBE_9_jacoby_gammon_counts_single_with_the_cube_unturned);
    tcase_add_test(tc, test_CUBE_10_holland_rule_trailer_waits_for_its_third_turn);
    tcase_add_test(tc, test_ENG_7_result_multipliers);
    tcase_add_test(tc, test_ENG_8_resignation_maximum_level);
    tcase_add_test(tc, test_cube_values_are_powers_of_two);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
