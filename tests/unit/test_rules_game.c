/* Game replay (ENG-2..9, ENG-8, MATCH-6): winner, how and points, and the first illegal event
 * refused with game, move, side, rule and a sentence naming the play and the problem. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules_replay_util.h"
#include "../check_main.h"

START_TEST(test_ENG_2_opening_roll_is_never_a_double)
{
    bg_game g;
    bg_game_ctx cx = ctx_match(5, 0, 0, 0, 0);
    bg_err e;
    ck_assert_int_eq(bg_game_start(&g, &cx, 0, &e), 0);
    bg_action a = ev_move(1, 4, 4, "24/20 24/20 13/9 13/9");
    a.move = 1;
    e = refused(&g, a, "ENG-2");
    ck_assert_int_eq(e.move, 1);
    ck_assert_int_eq(e.side, 1);
    /* Nothing comes before the opening roll. */
    refused(&g, ev(BG_ACT_RESIGN, 0, 1), "ENG-2");
    refused(&g, ev(BG_ACT_TAKE, 0, 0), "CUBE-3");
    /* Whoever wins the opening roll moves first; then the sides alternate. */
    ok(&g, ev_move(1, 6, 5, "24/18 18/13"));
    e = refused(&g, ev_move(1, 3, 1, "8/5 6/5"), "ENG-2");
    ck_assert_ptr_nonnull(strstr(e.message, "Alice's turn"));
    ok(&g, ev_move(0, 3, 1, "8/5 6/5"));
}
END_TEST

START_TEST(test_ENG_3_a_blocked_point_is_refused_naming_the_play)
{
    bg_game g;
    bg_game_ctx cx = ctx_match(7, 2, 1, 0, 0);
    cx.number = 3;
    start_opened(&g, &cx, 0); /* Alice made her 5-point: Bob's 20-point */
    bg_action a = ev_move(1, 6, 4, "24/20 13/7");
    a.move = 12;
    bg_err e = refused(&g, a, "ENG-3");
    ck_assert_int_eq(e.game, 3);
    ck_assert_int_eq(e.move, 12);
    ck_assert_int_eq(e.side, 1);
    static const char head[] = "Game 3, move 12, Bob: 6-4: 24/20 13/7 — ";
    ck_assert_msg(!strncmp(e.message, head, strlen(head)), "%s", e.message);
    ck_assert_ptr_nonnull(strstr(e.message, "20-point is blocked"));
    /* A step that matches no die, and a backward step. */
    refused(&g, ev_move(1, 6, 4, "24/17 13/9"), "ENG-3");
    refused(&g, ev_move(1, 6, 4, "13/19 13/9"), "ENG-3");
    /* No checker there. */
    refused(&g, ev_move(1, 6, 4, "22/16 13/9"), "ENG-3");
    ok(&g, ev_move(1, 6, 4, "24/18 13/9"));
}
END_TEST

START_TEST(test_ENG_4_a_checker_on_the_bar_enters_first)
{
    bg_game g;
    bg_game_ctx cx = ctx_match(7, 0, 0, 0, 0);
    start_opened(&g, &cx, 1);
    /* Alice on the bar, Bob holding his 6-point (Alice's 19). */
    static const int me[26] = {[6] = 5, [8] = 3, [13] = 5, [24] = 1, [25] = 1};
    static const int opp[26] = {[1] = 2, [12] = 5, [17] = 3, [19] = 5};
    set_position(&g, 0, board_of(me, opp));
    refused(&g, ev_move(0, 5, 3, "13/8 13/10"), "ENG-4");
    refused(&g, ev_move(0, 6, 3, "25/19 13/10"), "ENG-4"); /* the 19 is closed */
    ok(&g, ev_move(0, 5, 3, "25/20 13/10"));
}
END_TEST

START_TEST(test_ENG_5_bearing_off_needs_every_checker_home)
{
    bg_game g;
    bg_game_ctx cx = ctx_match(0, 0, 0, 0, 0);
    start_opened(&g, &cx, 1);
    static const int me[26] = {[0] = 10, [2] = 2, [3] = 2, [7] = 1};
    static const int opp[26] = {[18] = 15};
    set_position(&g, 0, board_of(me, opp));
    refused(&g, ev_move(0, 3, 2, "3/0 2/0"), "ENG-5");
    /* From a lower point only when no checker stands higher. */
    static const int me2[26] = {[0] = 10, [2] = 2, [5] = 3};
    set_position(&g, 0, board_of(me2, opp));
    refused(&g, ev_move(0, 6, 1, "2/0 5/4"), "ENG-5");
    ok(&g, ev_move(0, 6, 1, "5/0 2/1"));
}
END_TEST

/* Alice's last checker on her 24-point, Bob holding his 12-point (Alice's 13): the 6 and the
 * 5 can each be played but not both, so the 6 must be (ENG-6). */
static void one_die_position(bg_game *g)
{
    static const int me[26] = {[0] = 14, [24] = 1};
    static const int opp[26] = {[13] = 2, [3] = 13};
    set_position(g, 0, board_of(me, opp));
}

START_TEST(test_ENG_6_the_higher_die_when_only_one_can_be_played)
{
    bg_game g;
    bg_game_ctx cx = ctx_match(0, 0, 0, 0, 0);
    start_opened(&g, &cx, 1);
    one_die_position(&g);
    bg_err e = refused(&g, ev_move(0, 6, 5, "24/19"), "ENG-6");
    ck_assert_ptr_nonnull(strstr(e.message, "higher"));
    ok(&g, ev_move(0, 6, 5, "24/18"));
}
END_TEST

START_TEST(test_ENG_6_as_many_dice_as_possible)
{
    bg_game g;
    bg_game_ctx cx = ctx_match(0, 0, 0, 0, 0);
    start_opened(&g, &cx, 1);
    one_die_position(&g);
    refused(&g, ev_move(0, 6, 5, ""), "ENG-6"); /* one die can be played */
    bg_game_ctx cx2 = ctx_match(0, 0, 0, 0, 0);
    start_opened(&g, &cx2, 0);
    bg_err e = refused(&g, ev_move(1, 6, 4, "24/18"), "ENG-6");
    ck_assert_ptr_nonnull(strstr(e.message, "24/18"));
    refused(&g, ev_move(1, 2, 2, "13/11 13/11 6/4"), "ENG-6");
    ok(&g, ev_move(1, 2, 2, "13/11 13/11 6/4 6/4"));
}
END_TEST

START_TEST(test_ENG_7_game_over_and_result_multiplier)
{
    bg_game g;
    bg_game_ctx cx = ctx_match(0, 0, 0, 0, 0);
    start_opened(&g, &cx, 1);
    /* Bob still has a checker on the bar: a backgammon. */
    static const int me[26] = {[0] = 13, [1] = 2};
    static const int opp[26] = {[25] = 1, [20] = 14};
    set_position(&g, 0, board_of(me, opp));
    ok(&g, ev_move(0, 2, 1, "1/0 1/0"));
    ck_assert_int_eq(g.phase, BG_PH_OVER);
    ck_assert_int_eq(g.out.winner, 0);
    ck_assert_int_eq(g.out.how, BG_HOW_BACKGAMMON);
    ck_assert_int_eq(g.out.points, 3);
    bg_err e = refused(&g, ev_move(1, 3, 1, ""), "ENG-7");
    ck_assert_ptr_nonnull(strstr(e.message, "already over"));
    refused(&g, ev(BG_ACT_DOUBLE, 1, 0), "ENG-7");
    bg_result st = {.winner = 1, .points = 3};
    ck_assert_int_ne(bg_game_finish(&g, &st, 40, NULL, &e), 0);
    ck_assert_str_eq(e.rule, "ENG-7");
    ck_assert_int_eq(e.move, 40);
    st = (bg_result){.winner = 0, .how = BG_HOW_GAMMON};
    ck_assert_int_ne(bg_game_finish(&g, &st, 40, NULL, &e), 0);
    ck_assert_str_eq(e.rule, "ENG-7");
    st = (bg_result){.winner = 0, .points = 3, .how = BG_HOW_BACKGAMMON};
    ck_assert_int_eq(bg_game_finish(&g, &st, 40, NULL, &e), 0);
}
END_TEST

START_TEST(test_ENG_7_an_unfinished_game_has_no_result)
{
    bg_game g;
    bg_game_ctx cx = ctx_match(5, 0, 0, 0, 0);
    bg_err e;
    start_opened(&g, &cx, 0);
    ck_assert_int_ne(bg_game_finish(&g, NULL, 0, NULL, &e), 0);
    ck_assert_str_eq(e.rule, "ENG-7");
    ok(&g, ev(BG_ACT_DOUBLE, 1, 0));
    ck_assert_int_ne(bg_game_finish(&g, NULL, 0, NULL, &e), 0);
    ck_assert_str_eq(e.rule, "CUBE-3"); /* a double nobody answered */
}
END_TEST

START_TEST(test_ENG_8_resignation_offers_and_answers)
{
    bg_game g;
    bg_game_ctx cx = ctx_match(0, 0, 0, 0, 0);
    start_opened(&g, &cx, 0);
    refused(&g, ev(BG_ACT_ACCEPT, 1, 0), "ENG-8"); /* nothing offered */
    refused(&g, ev(BG_ACT_RESIGN, 0, 4), "ENG-8"); /* no such level */
    ok(&g, ev(BG_ACT_RESIGN, 0, 1));
    refused(&g, ev_move(1, 4, 2, "8/4 6/4"), "ENG-8"); /* answer first */
    refused(&g, ev(BG_ACT_REJECT, 0, 0), "ENG-8");     /* its own offer */
    ok(&g, ev(BG_ACT_REJECT, 1, 0));                   /* a single is not enough */
    ok(&g, ev_move(1, 4, 2, "8/4 6/4"));
    /* A backgammon is the most Alice can lose: that offer cannot be rejected. */
    ok(&g, ev(BG_ACT_RESIGN, 0, 3));
    refused(&g, ev(BG_ACT_REJECT, 1, 0), "ENG-8");
    refused(&g, ev(BG_ACT_RESIGN, 0, 2), "ENG-8"); /* one offer at a time */
    ok(&g, ev(BG_ACT_ACCEPT, 1, 0));
    ck_assert_int_eq(g.phase, BG_PH_OVER);
    ck_assert_int_eq(g.out.winner, 1);
    ck_assert_int_eq(g.out.how, BG_HOW_RESIGN);
    ck_assert_int_eq(g.out.points, 3);
    ck_assert(g.out.resigned);
}
END_TEST

/* ENG-8: an offer is accepted or rejected, and one accepted scores what was offered, even a
 * gammon offered after bearing a checker off (as FIBS scores it and gnubg reads it), with a
 * remark for the TD; the same when a .mat result says so. */
START_TEST(test_ENG_8_a_gammon_offered_after_bearing_off_stands_as_offered)
{
    bg_game g;
    bg_game_ctx cx = ctx_match(0, 0, 0, 0, 0);
    start_opened(&g, &cx, 1);
    static const int me[26] = {[0] = 1, [2] = 14};
    static const int opp[26] = {[20] = 15};
    set_position(&g, 0, board_of(me, opp));
    bg_game before = g;
    ok(&g, ev(BG_ACT_RESIGN, 0, 2));
    bg_notes notes = {0};
    bg_err e;
    bg_action acc = ev(BG_ACT_ACCEPT, 1, 0);
    acc.move = 30;
    ck_assert_int_eq(bg_game_apply(&g, &acc, &notes, &e), 0);
    ck_assert_int_eq(g.out.winner, 1);
    ck_assert_int_eq(g.out.how, BG_HOW_RESIGN);
    ck_assert_int_eq(g.out.points, 2);
    ck_assert_int_eq(notes.n, 1);
    ck_assert_str_eq(notes.v[0].rule, "ENG-8");
    ck_assert_int_eq(notes.v[0].move, 30);
    ck_assert_int_eq(notes.v[0].side, 0);
    ck_assert_ptr_nonnull(strstr(notes.v[0].message, "stands as offered"));
    bg_notes_free(&notes);
    /* A result stated before the end (a .mat file): Bob wins 2, a gammon resigned. */
    g = before;
    bg_result st = {.winner = 1, .points = 2};
    ck_assert_int_eq(bg_game_finish(&g, &st, 31, &notes, &e), 0);
    ck_assert_int_eq(g.out.points, 2);
    ck_assert_int_eq(g.out.level, 2);
    ck_assert_int_eq(notes.n, 1);
    bg_notes_free(&notes);
    /* More than a backgammon is no offer at all: refused. */
    g = before;
    st.points = 4;
    ck_assert_int_ne(bg_game_finish(&g, &st, 31, NULL, &e), 0);
    ck_assert_str_eq(e.rule, "ENG-8");
    /* A single is the most she can lose: rejecting that is not allowed. */
    g = before;
    ok(&g, ev(BG_ACT_RESIGN, 0, 1));
    refused(&g, ev(BG_ACT_REJECT, 1, 0), "ENG-8");
}
END_TEST

START_TEST(test_ENG_8_a_stated_result_before_the_end_is_a_resignation)
{
    bg_game g;
    bg_game_ctx cx = ctx_match(0, 0, 0, 0, 0);
    bg_err e;
    start_opened(&g, &cx, 0);
    ok(&g, ev(BG_ACT_DOUBLE, 1, 0));
    ok(&g, ev(BG_ACT_TAKE, 0, 0));
    play_legal(&g, 1, 4, 2);
    bg_game saved = g;
    bg_result st = {.winner = 0, .points = 5}; /* not 1, 2 or 3 times the cube of 2 */
    ck_assert_int_ne(bg_game_finish(&g, &st, 9, NULL, &e), 0);
    ck_assert_str_eq(e.rule, "ENG-8");
    ck_assert_int_eq(e.move, 9);
    g = saved;
    st.points = 4; /* Bob resigned a gammon at cube 2 */
    ck_assert_int_eq(bg_game_finish(&g, &st, 9, NULL, &e), 0);
    ck_assert_int_eq(g.out.how, BG_HOW_RESIGN);
    ck_assert_int_eq(g.out.level, 2);
    ck_assert_int_eq(g.out.points, 4);
    ck_assert(g.out.resigned);
    g = saved;
    st = (bg_result){.winner = 0, .how = BG_HOW_SINGLE, .points = 2};
    ck_assert_int_ne(bg_game_finish(&g, &st, 9, NULL, &e), 0); /* not over: no single by bear-off */
    ck_assert_str_eq(e.rule, "ENG-7");
}
END_TEST

START_TEST(test_ENG_8_rolled_then_resigned_as_gnubg_writes_it)
{
    bg_game_rec rec;
    memset(&rec, 0, sizeof rec);
    bg_action a[3] = {ev_move(0, 3, 1, "8/5 6/5"), ev_move(1, 4, 2, "8/4 6/4"),
                      ev_move(0, 6, 5, "")};
    for (int i = 0; i < 3; i++) {
        a[i].move = i / 2 + 1;
        ck_assert_int_eq(bg_game_rec_push(&rec, &a[i]), 0);
    }
    rec.has_result = 1;
    rec.result = (bg_result){.winner = 1, .points = 1};
    bg_game_ctx cx = ctx_match(0, 0, 0, 0, 0);
    bg_outcome out;
    bg_err e;
    ck_assert_int_eq(bg_game_replay(&rec, &cx, &out, NULL, &e), 0);
    ck_assert_int_eq(out.turns, 3);
    ck_assert(out.resigned);
    /* XG Mobile writes the winner's roll so when the opponent resigned on it. */
    rec.result.winner = 0;
    ck_assert_int_eq(bg_game_replay(&rec, &cx, &out, NULL, &e), 0);
    ck_assert_int_eq(out.winner, 0);
    ck_assert(out.resigned);
    /* Without a result after it, the unplayed roll is an ENG-6 refusal. */
    rec.has_result = 0;
    ck_assert_int_ne(bg_game_replay(&rec, &cx, &out, NULL, &e), 0);
    ck_assert_str_eq(e.rule, "ENG-6");
    ck_assert_int_eq(e.move, 2);
    /* A record cut off inside the game replays its events and reports nothing more. */
    rec.n_act = 2;
    rec.truncated = 1;
    ck_assert_int_eq(bg_game_replay(&rec, &cx, &out, NULL, &e), 1);
    bg_game_rec_free(&rec);
}
END_TEST

/* Alice on the bar against Bob's closed board, Bob on the bar against her five points. */
static void near_deadlock(bg_game *g)
{
    static const int me[26] = {
        [1] = 2, [2] = 1, [3] = 2, [4] = 2, [5] = 2, [6] = 2, [8] = 3, [25] = 1};
    static const int opp[26] = {
        [12] = 2, [19] = 2, [20] = 2, [21] = 2, [22] = 2, [23] = 2, [24] = 2, [25] = 1};
    set_position(g, 0, board_of(me, opp));
}

START_TEST(test_ENG_9_a_deadlock_is_never_reached)
{
    bg_game g;
    bg_game_ctx cx = ctx_match(0, 0, 0, 0, 0);
    start_opened(&g, &cx, 1);
    near_deadlock(&g);
    refused(&g, ev_move(0, 6, 1, "8/2"), "ENG-4"); /* Legal Moves: illegal, she is on the bar */
    cx.rules.policy = BG_POLICY_RESPONSIBLE;
    start_opened(&g, &cx, 1);
    near_deadlock(&g);
    /* Physically possible, so Responsible Moves would let it stand, but it closes her board
     * with both sides on the bar: a position legal play cannot reach. */
    bg_err e = refused(&g, ev_move(0, 6, 1, "8/2"), "ENG-9");
    ck_assert_ptr_nonnull(strstr(e.message, "closed boards"));
}
END_TEST

START_TEST(test_MATCH_6_responsible_moves_let_a_physical_play_stand)
{
    bg_game g;
    bg_game_ctx cx = ctx_match(5, 0, 0, 0, 0);
    cx.rules.policy = BG_POLICY_RESPONSIBLE;
    bg_notes notes = {0};
    bg_err e;
    start_opened(&g, &cx, 0);
    /* 6-4 played as 24/15 13/9: 24/15 matches no die, but the checker can go there. */
    bg_action a = ev_move(1, 6, 4, "24/15 13/9");
    a.move = 1;
    ck_assert_int_eq(bg_game_apply(&g, &a, &notes, &e), 0);
    ck_assert_int_eq(notes.n, 1);
    ck_assert_str_eq(notes.v[0].rule, "ENG-3");
    ck_assert_int_eq(notes.v[0].side, 1);
    ck_assert_int_eq(notes.v[0].move, 1);
    ck_assert_ptr_nonnull(strstr(notes.v[0].message, "Responsible Moves"));
    ck_assert_int_eq(g.out.illegal, 1);
    /* Play goes on from the position reached: Bob's 15-point is Alice's 10. */
    ck_assert_int_eq(g.pos.opp[10], 1);
    ck_assert_int_eq(g.pos.opp[1], 1);
    /* Onto Bob's 13-point (Alice's 12), held by four: not physically possible, refused. */
    e = refused(&g, ev_move(0, 6, 5, "13/12 13/8"), "ENG-3");
    ck_assert_ptr_nonnull(strstr(e.message, "Responsible Moves"));
    ck_assert_int_eq(notes.n, 1);
    bg_notes_free(&notes);
}
END_TEST

START_TEST(test_MATCH_6_legal_moves_refuse_the_same_play)
{
    bg_game g;
    bg_game_ctx cx = ctx_match(5, 0, 0, 0, 0);
    start_opened(&g, &cx, 0);
    refused(&g, ev_move(1, 6, 4, "24/15 13/9"), "ENG-3");
    ck_assert_int_eq(g.out.illegal, 0);
}
END_TEST

START_TEST(test_replay_counts_and_numbers_events)
{
    /* Without printed move numbers the event's index in its game is quoted. */
    bg_game_rec rec;
    memset(&rec, 0, sizeof rec);
    bg_action a[4] = {ev_move(0, 3, 1, "8/5 6/5"), ev(BG_ACT_DOUBLE, 1, 2), ev(BG_ACT_TAKE, 0, 0),
                      ev_move(1, 4, 2, "8/5 6/4")};
    for (int i = 0; i < 4; i++)
        bg_game_rec_push(&rec, &a[i]);
    bg_game_ctx cx = ctx_match(5, 0, 0, 0, 0);
    bg_outcome out;
    bg_err e;
    ck_assert_int_ne(bg_game_replay(&rec, &cx, &out, NULL, &e), 0);
    ck_assert_int_eq(e.move, 4);
    ck_assert_str_eq(e.rule, "ENG-3"); /* 8/5 is three pips: no die shows it */
    bg_game_rec_free(&rec);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("rules_game");
    TCase *tc = tcase_create("game");
    tcase_add_test(tc, test_ENG_2_opening_roll_is_never_a_double);
    tcase_add_test(tc, test_ENG_3_a_blocked_point_is_refused_naming_the_play);
    tcase_add_test(tc, test_ENG_4_a_checker_on_the_bar_enters_first);
    tcase_add_test(tc, test_ENG_5_bearing_off_needs_every_checker_home);
    tcase_add_test(tc, test_ENG_6_the_higher_die_when_only_one_can_be_played);
    tcase_add_test(tc, test_ENG_6_as_many_dice_as_possible);
    tcase_add_test(tc, test_ENG_7_game_over_and_result_multiplier);
    tcase_add_test(tc, test_ENG_7_an_unfinished_game_has_no_result);
    tcase_add_test(tc, test_ENG_8_resignation_offers_and_answers);
    tcase_add_test(tc, test_ENG_8_a_gammon_offered_after_bearing_off_stands_as_offered);
    tcase_add_test(tc, test_ENG_8_a_stated_result_before_the_end_is_a_resignation);
    tcase_add_test(tc, test_ENG_8_rolled_then_resigned_as_gnubg_writes_it);
    tcase_add_test(tc, test_ENG_9_a_deadlock_is_never_reached);
    tcase_add_test(tc, test_MATCH_6_responsible_moves_let_a_physical_play_stand);
    tcase_add_test(tc, test_MATCH_6_legal_moves_refuse_the_same_play);
    tcase_add_test(tc, test_replay_counts_and_numbers_events);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
