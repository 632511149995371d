/* Legal plays (ENG-3..7) on hand-made positions and on the 3000 gnubg cases, and the check of
 * a play someone made (bg_check_play) with the rule each refusal names. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "rules/bg_board.h"
#include "rules/bg_movegen.h"
#include "rules_cases.h"
#include "../check_main.h"

static bg_playlist PL; /* about 300 KB: not on the stack */

#define S(a, b) ((bg_step){(a), (b)})

/* Plays p from b with physical steps only and compares with what the generator says. */
static void assert_replays(const bg_board *b, const bg_play *p, const bg_board *after)
{
    bg_board x = *b;
    for (int i = 0; i < p->n; i++)
        ck_assert_int_eq(bg_apply_step(&x, p->steps[i].from, p->steps[i].to, NULL), 0);
    ck_assert_mem_eq(&x, after, sizeof x);
}

static int find_after(const bg_playlist *pl, const bg_board *want)
{
    for (int i = 0; i < pl->n; i++)
        if (!memcmp(&pl->after[i], want, sizeof *want))
            return i;
    return -1;
}

/* The position after the given physical steps (the test states what it expects). */
static bg_board after_steps(const bg_board *b, const bg_step *s, int n)
{
    bg_board x = *b;
    for (int i = 0; i < n; i++)
        ck_assert_int_eq(bg_apply_step(&x, s[i].from, s[i].to, NULL), 0);
    return x;
}

static int cmp_board(const void *a, const void *b)
{
    return memcmp(a, b, sizeof(bg_board));
}

static void assert_no_duplicates(const bg_playlist *pl)
{
    static bg_board sorted[BG_MAX_PLAYS];
    memcpy(sorted, pl->after, (size_t)pl->n * sizeof sorted[0]);
    qsort(sorted, (size_t)pl->n, sizeof sorted[0], cmp_board);
    for (int i = 1; i < pl->n; i++)
        ck_assert_msg(memcmp(&sorted[i - 1], &sorted[i], sizeof sorted[i]) != 0,
                      "two plays reach the same position");
}

/* Refusal helper: the play must be refused under `rule`, and the message must contain
 * `needle` (the checker or the reason) and end with the rule id. */
static void assert_refused(const bg_board *b, int d1, int d2, const bg_step *s, int n,
                           const char *rule, const char *needle)
{
    bg_err e;
    memset(&e, 0, sizeof e);
    e.game = 3;
    e.side = 1;
    ck_assert_int_eq(bg_check_play(b, d1, d2, s, n, NULL, &e), -1);
    ck_assert_str_eq(e.rule, rule);
    ck_assert_msg(strstr(e.message, needle) != NULL, "message '%s' lacks '%s'", e.message, needle);
    ck_assert_msg(strstr(e.message, rule) != NULL, "message '%s' lacks the rule", e.message);
    ck_assert_int_eq(e.game, 3); /* the caller's context is left alone */
    ck_assert_int_eq(e.side, 1);
}

/* ---- ENG-3 movement ---- */

START_TEST(test_ENG3_blocked_point_is_never_landed_on)
{
    /* 6-1 with the 7-point made against us: 13/7 is impossible, so the only way to use both
     * dice is 13/12/6. */
    bg_board b = rules_pos("13:2 6:13", "7:2 1:13");
    bg_legal_plays(&b, 6, 1, &PL);
    ck_assert_int_eq(PL.max_dice, 2);
    ck_assert_int_eq(PL.n, 1);
    ck_assert_int_eq(PL.after[0].me[7], 0);
    bg_step s[2] = {S(13, 12), S(12, 6)};
    bg_board want = after_steps(&b, s, 2);
    ck_assert_mem_eq(&PL.after[0], &want, sizeof want);
}
END_TEST

START_TEST(test_ENG3_intermediate_point_must_be_open)
{
    /* 6-5 from the 24-point with the 18-point made: 24/13 must go through 19. */
    bg_board b = rules_pos("24:1 6:14", "18:2 22:13");
    bg_legal_plays(&b, 6, 5, &PL);
    ck_assert_int_eq(PL.n, 1);
    ck_assert_int_eq(PL.plays[0].n, 2);
    ck_assert_int_eq(PL.plays[0].steps[0].from, 24);
    ck_assert_int_eq(PL.plays[0].steps[0].to, 19);
    ck_assert_int_eq(PL.plays[0].steps[1].to, 13);
    /* with 19 made as well the checker cannot move at all; 6/1 alone is left */
    b = rules_pos("24:1 6:14", "18:2 19:2 22:11");
    bg_legal_plays(&b, 6, 5, &PL);
    ck_assert_int_eq(PL.max_dice, 1);
    for (int i = 0; i < PL.n; i++)
        ck_assert_int_eq(PL.after[i].me[24], 1);
}
END_TEST

START_TEST(test_ENG3_hit_on_the_way_is_another_play)
{
    /* 3-1 from 13 with a blot on 10: through 10 (hitting) or through 12 the checker ends on 9,
     * but only one of the two hits: two plays. */
    bg_board b = rules_pos("13:1 6:14", "10:1 2:14");
    bg_legal_plays(&b, 3, 1, &PL);
    assert_no_duplicates(&PL);
    bg_step hit[2] = {S(13, 10), S(10, 9)}, quiet[2] = {S(13, 12), S(12, 9)};
    bg_board h = after_steps(&b, hit, 2), q = after_steps(&b, quiet, 2);
    ck_assert_int_eq(h.opp[BG_BAR], 1);
    ck_assert_int_eq(h.opp[10], 0);
    ck_assert_int_ge(find_after(&PL, &h), 0);
    ck_assert_int_ge(find_after(&PL, &q), 0);
}
END_TEST

START_TEST(test_ENG3_double_gives_four_moves)
{
    bg_board b;
    bg_board_init(&b);
    bg_legal_plays(&b, 6, 6, &PL);
    ck_assert_int_eq(PL.max_dice, 4);
    ck_assert_int_eq(PL.n, 11); /* gnubg lists 11 for the opening 6-6 (case c00001) */
    for (int i = 0; i < PL.n; i++) {
        ck_assert_int_eq(PL.plays[i].n, 4);
        assert_replays(&b, &PL.plays[i], &PL.after[i]);
    }
    assert_no_duplicates(&PL);
}
END_TEST

START_TEST(test_ENG6_same_position_is_one_play)
{
    /* Opening 6-5: 24/18/13 and 24/19/13 reach the same position: one play, seven in all. */
    bg_board b;
    bg_board_init(&b);
    bg_legal_plays(&b, 6, 5, &PL);
    ck_assert_int_eq(PL.n, 7);
    assert_no_duplicates(&PL);
    bg_legal_plays(&b, 5, 6, &PL); /* dice in either order */
    ck_assert_int_eq(PL.n, 7);
}
END_TEST

/* ---- ENG-4 bar ---- */

START_TEST(test_ENG4_bar_checker_enters_first)
{
    /* 3-1 with a checker on the bar and the 22-point made: enter with the 1, then the 3. */
    bg_board b = rules_pos("25:1 13:5 6:9", "22:2 1:13");
    bg_legal_plays(&b, 3, 1, &PL);
    ck_assert_int_eq(PL.max_dice, 2);
    ck_assert_int_gt(PL.n, 1);
    for (int i = 0; i < PL.n; i++) {
        ck_assert_int_eq(PL.plays[i].steps[0].from, BG_BAR);
        ck_assert_int_eq(PL.plays[i].steps[0].to, 24);
        assert_replays(&b, &PL.plays[i], &PL.after[i]);
    }
}
END_TEST

START_TEST(test_ENG4_closed_board_loses_the_turn)
{
    bg_board b = rules_pos("25:1 6:14", "19:2 20:2 21:2 22:2 23:2 24:2");
    for (int d1 = 1; d1 <= 6; d1++)
        for (int d2 = 1; d2 <= 6; d2++) {
            bg_legal_plays(&b, d1, d2, &PL);
            ck_assert_int_eq(PL.n, 0);
            ck_assert_int_eq(PL.max_dice, 0);
            ck_assert_int_eq(bg_max_dice(&b, d1, d2), 0);
        }
    /* the empty play is the legal one */
    ck_assert_int_eq(bg_check_play(&b, 6, 5, NULL, 0, NULL, NULL), 0);
}
END_TEST

START_TEST(test_ENG4_die_that_cannot_enter_is_lost)
{
    /* Two on the bar, 5-4, only the 20-point open: one enters, the 4 is lost and nothing
     * else may move. */
    bg_board b = rules_pos("25:2 6:13", "19:2 21:2 22:2 23:2 24:2 1:5");
    bg_legal_plays(&b, 5, 4, &PL);
    ck_assert_int_eq(PL.max_dice, 1);
    ck_assert_int_eq(PL.n, 1);
    ck_assert_int_eq(PL.after[0].me[BG_BAR], 1);
    ck_assert_int_eq(PL.after[0].me[20], 1);
}
END_TEST

START_TEST(test_ENG4_after_entering_the_rest_is_played)
{
    bg_board b = rules_pos("25:1 13:5 6:9", "1:15");
    bg_legal_plays(&b, 6, 6, &PL);
    ck_assert_int_eq(PL.max_dice, 4);
    for (int i = 0; i < PL.n; i++) {
        ck_assert_int_eq(PL.plays[i].steps[0].from, BG_BAR);
        ck_assert_int_eq(PL.plays[i].steps[1].from != BG_BAR, 1);
    }
}
END_TEST

/* ---- ENG-5 bearing off ---- */

START_TEST(test_ENG5_bear_off_with_exact_die)
{
    bg_board b = rules_pos("6:2 5:2", "24:15");
    bg_legal_plays(&b, 6, 5, &PL);
    bg_step s[2] = {S(6, 0), S(5, 0)};
    bg_board want = after_steps(&b, s, 2);
    ck_assert_int_ge(find_after(&PL, &want), 0);
}
END_TEST

START_TEST(test_ENG5_higher_die_bears_off_highest_checker)
{
    /* 6-5 with checkers only on 3 and 2: both dice bear off from the 3-point. */
    bg_board b = rules_pos("3:2 2:1", "24:15");
    bg_legal_plays(&b, 6, 5, &PL);
    ck_assert_int_eq(PL.n, 1);
    ck_assert_int_eq(PL.after[0].me[3], 0);
    ck_assert_int_eq(PL.after[0].me[2], 1);
    ck_assert_int_eq(PL.after[0].me[BG_OFF], 14);
}
END_TEST

START_TEST(test_ENG5_must_move_from_higher_point_first)
{
    /* 5-4 with checkers on 6 and 3: neither die may bear off the 3 while the 6 stands above
     * it; the 6 moves first (6/1 or 6/2), then the 3 comes off as the highest. */
    bg_board b = rules_pos("6:1 3:1", "24:15");
    bg_legal_plays(&b, 5, 4, &PL);
    ck_assert_int_eq(PL.n, 2);
    for (int i = 0; i < PL.n; i++) {
        ck_assert_int_eq(PL.after[i].me[6], 0);
        ck_assert_int_eq(PL.plays[i].steps[0].from, 6);
    }
}
END_TEST

START_TEST(test_ENG5_no_bear_off_with_checker_outside)
{
    /* 6-1 with one checker on the 7-point: nothing comes off before it is home. */
    bg_board b = rules_pos("7:1 6:14", "24:15");
    bg_legal_plays(&b, 6, 1, &PL);
    int bears = 0;
    for (int i = 0; i < PL.n; i++) {
        ck_assert_int_ne(PL.plays[i].steps[0].to, BG_OFF);
        bears += PL.after[i].me[BG_OFF] > 0;
    }
    ck_assert_int_gt(bears, 0); /* 7/6 then 6/off is fine */
}
END_TEST

START_TEST(test_ENG5_bearing_off_is_not_compulsory)
{
    /* 1-1 with checkers on 4 and 3: 4/2 3/1 stays on the board and is legal. */
    bg_board b = rules_pos("4:1 3:1", "24:15");
    bg_legal_plays(&b, 1, 1, &PL);
    ck_assert_int_eq(PL.n, 2);
    int inside = 0;
    for (int i = 0; i < PL.n; i++)
        inside += PL.after[i].me[BG_OFF] == 13;
    ck_assert_int_eq(inside, 1);
}
END_TEST

START_TEST(test_ENG5_hit_checker_reenters_before_bearing_off)
{
    bg_board b = rules_pos("25:1 5:2", "24:2 1:13");
    bg_legal_plays(&b, 6, 5, &PL);
    ck_assert_int_gt(PL.n, 0);
    for (int i = 0; i < PL.n; i++)
        ck_assert_int_eq(PL.after[i].me[BG_OFF], 12);
}
END_TEST

/* ---- ENG-6 compulsory play ---- */

START_TEST(test_ENG6_both_dice_when_possible)
{
    /* 6-1: 8/7 first would leave the 6 unplayable (7/1 blocked, no bear-off with 7 out), but
     * 8/2 3/2 uses both, so it is the only play. */
    bg_board b = rules_pos("8:1 3:1", "1:2 24:13");
    bg_legal_plays(&b, 6, 1, &PL);
    ck_assert_int_eq(PL.max_dice, 2);
    ck_assert_int_eq(PL.n, 1);
    ck_assert_int_eq(PL.after[0].me[2], 2);
    bg_step s[1] = {S(8, 7)};
    assert_refused(&b, 6, 1, s, 1, "ENG-6", "2 can be played");
}
END_TEST

START_TEST(test_ENG6_higher_die_required)
{
    /* One checker on 20; 20/14/9 and 20/15/9 are blocked at 9: either die alone, so the 6. */
    bg_board b = rules_pos("20:1", "9:2 1:13");
    bg_legal_plays(&b, 6, 5, &PL);
    ck_assert_int_eq(PL.max_dice, 1);
    ck_assert_int_eq(PL.n, 1);
    ck_assert_int_eq(PL.after[0].me[14], 1);
    bg_step lower[1] = {S(20, 15)}, higher[1] = {S(20, 14)};
    assert_refused(&b, 6, 5, lower, 1, "ENG-6", "higher die");
    ck_assert_int_eq(bg_check_play(&b, 5, 6, higher, 1, NULL, NULL), 0);
}
END_TEST

START_TEST(test_ENG6_only_lower_die_playable)
{
    bg_board b = rules_pos("20:1", "14:2 9:2 1:11");
    bg_legal_plays(&b, 6, 5, &PL);
    ck_assert_int_eq(PL.max_dice, 1);
    ck_assert_int_eq(PL.n, 1);
    ck_assert_int_eq(PL.after[0].me[15], 1);
    bg_step lower[1] = {S(20, 15)};
    ck_assert_int_eq(bg_check_play(&b, 6, 5, lower, 1, NULL, NULL), 0);
}
END_TEST

START_TEST(test_ENG6_double_played_as_far_as_possible)
{
    /* 4-4 from 20 with the 8-point made: 20/16/12, then stuck. */
    bg_board b = rules_pos("20:1", "8:2 1:13");
    bg_legal_plays(&b, 4, 4, &PL);
    ck_assert_int_eq(PL.max_dice, 2);
    ck_assert_int_eq(PL.n, 1);
    ck_assert_int_eq(PL.after[0].me[12], 1);
    ck_assert_int_eq(bg_max_dice(&b, 4, 4), 2);
    bg_step one[1] = {S(20, 16)};
    assert_refused(&b, 4, 4, one, 1, "ENG-6", "uses 1 die");
}
END_TEST

START_TEST(test_ENG6_no_move_when_one_is_possible)
{
    bg_board b;
    bg_board_init(&b);
    assert_refused(&b, 6, 1, NULL, 0, "ENG-6", "no move");
}
END_TEST

/* ---- ENG-7 end of the game ---- */

START_TEST(test_ENG7_game_ends_before_all_dice_are_used)
{
    bg_board b = rules_pos("1:1", "24:15");
    bg_legal_plays(&b, 6, 5, &PL);
    ck_assert_int_eq(PL.n, 1);
    ck_assert_int_eq(PL.max_dice, 1); /* as gnubg counts it */
    ck_assert_int_eq(PL.after[0].me[BG_OFF], 15);
    /* one checker left on 2 with 2-1: "2/off" is the play 2/1/off */
    b = rules_pos("2:1", "24:15");
    bg_step s[1] = {S(2, 0)};
    bg_board after;
    ck_assert_int_eq(bg_check_play(&b, 2, 1, s, 1, &after, NULL), 0);
    ck_assert_int_eq(after.me[BG_OFF], 15);
}
END_TEST

/* ---- bg_check_play: every kind of refusal, and what it must accept ---- */

START_TEST(test_ENG3_check_refuses_blocked_point)
{
    bg_board b = rules_pos("13:2 6:13", "7:2 1:13");
    bg_step s[2] = {S(13, 7), S(13, 12)};
    assert_refused(&b, 6, 1, s, 2, "ENG-3", "13/7: the 7-point is blocked");
}
END_TEST

START_TEST(test_ENG3_check_refuses_no_checker_there)
{
    bg_board b;
    bg_board_init(&b);
    bg_step s[2] = {S(12, 6), S(8, 7)};
    assert_refused(&b, 6, 1, s, 2, "ENG-3", "no checker on the 12-point");
}
END_TEST

START_TEST(test_ENG3_check_refuses_wrong_die_value)
{
    bg_board b;
    bg_board_init(&b);
    bg_step s[2] = {S(13, 8), S(8, 7)};
    assert_refused(&b, 6, 1, s, 2, "ENG-3", "13/8");
    bg_step twice[2] = {S(13, 7), S(13, 7)}; /* two sixes from one six */
    assert_refused(&b, 6, 1, twice, 2, "ENG-3", "no die left");
}
END_TEST

START_TEST(test_ENG3_check_refuses_backward_and_too_many_steps)
{
    bg_board b;
    bg_board_init(&b);
    bg_step back[1] = {S(6, 9)};
    assert_refused(&b, 3, 3, back, 1, "ENG-3", "lower point numbers");
    bg_step three[3] = {S(13, 7), S(8, 7), S(6, 5)};
    assert_refused(&b, 6, 1, three, 3, "ENG-3", "3 steps");
    bg_step outside[1] = {S(30, 24)};
    assert_refused(&b, 6, 1, outside, 1, "ENG-1", "points are 1 to 24");
}
END_TEST

START_TEST(test_ENG4_check_refuses_move_while_on_bar)
{
    bg_board b = rules_pos("25:1 13:5 6:9", "1:15");
    bg_step s[2] = {S(13, 7), S(13, 12)};
    assert_refused(&b, 6, 1, s, 2, "ENG-4", "must enter");
}
END_TEST

START_TEST(test_ENG4_check_refuses_blocked_entry)
{
    bg_board b = rules_pos("25:1 13:5 6:9", "19:2 1:13");
    bg_step s[2] = {S(25, 19), S(19, 18)};
    assert_refused(&b, 6, 1, s, 2, "ENG-4", "19-point is blocked");
}
END_TEST

START_TEST(test_ENG5_check_refuses_bear_off_with_checker_outside)
{
    bg_board b = rules_pos("7:1 6:14", "24:15");
    bg_step s[2] = {S(6, 0), S(6, 5)};
    assert_refused(&b, 6, 1, s, 2, "ENG-5", "7-point");
}
END_TEST

START_TEST(test_ENG5_check_refuses_wrong_checker_off)
{
    bg_board b = rules_pos("6:1 3:1", "24:15");
    bg_step s[1] = {S(3, 0)};
    assert_refused(&b, 5, 4, s, 1, "ENG-5", "6-point");
}
END_TEST

START_TEST(test_ENG3_check_accepts_any_step_order)
{
    /* 4-4 written the way a .mat file may: one checker's steps after another's. */
    bg_board b, after, want;
    bg_board_init(&b);
    bg_step s[4] = {S(9, 5), S(24, 20), S(13, 9), S(24, 20)};
    bg_step sorted[4] = {S(24, 20), S(24, 20), S(13, 9), S(9, 5)};
    bg_play played;
    ck_assert_int_eq(bg_check_play_ordered(&b, 4, 4, s, 4, &after, &played, NULL), 0);
    want = after_steps(&b, sorted, 4);
    ck_assert_mem_eq(&after, &want, sizeof want);
    assert_replays(&b, &played, &after);
    /* entering written after the move it allows */
    b = rules_pos("25:1 13:5 6:9", "1:15");
    bg_step e[2] = {S(19, 18), S(25, 19)};
    ck_assert_int_eq(bg_check_play(&b, 6, 1, e, 2, NULL, NULL), 0);
}
END_TEST

START_TEST(test_ENG6_check_accepts_fewer_dice_reaching_a_legal_position)
{
    /* 6-1 with checkers on 3 and 1: "3/off" with the 6 is also 3/2/off, a legal play. */
    bg_board b = rules_pos("3:1 1:1", "24:15"), after;
    bg_step s[1] = {S(3, 0)};
    ck_assert_int_eq(bg_check_play(&b, 6, 1, s, 1, &after, NULL), 0);
    ck_assert_int_eq(after.me[1], 1);
    ck_assert_int_eq(after.me[3], 0);
}
END_TEST

/* ---- against gnubg ---- */

static rules_case *CASES;
static int NCASES;

static void load_cases(void)
{
    NCASES = rules_load_cases(&CASES);
}

static void free_cases(void)
{
    rules_free_cases(CASES, NCASES);
}

START_TEST(test_ENG6_gnubg_cases_match_exactly)
{
    ck_assert_int_eq(NCASES, 3000);
    int matched = 0;
    for (int i = 0; i < NCASES; i++) {
        const rules_case *c = &CASES[i];
        ck_assert_int_eq(bg_legal_plays(&c->b, c->d1, c->d2, &PL), 0);
        ck_assert_msg(PL.n == c->n, "%s: %d plays, gnubg %d", c->id, PL.n, c->n);
        ck_assert_msg(PL.max_dice == c->max_dice, "%s: max dice %d, gnubg %d", c->id, PL.max_dice,
                      c->max_dice);
        for (int k = 0; k < PL.n; k++) {
            char key[53];
            bg_board_key(&PL.after[k], key);
            ck_assert_msg(rules_find_key(c, key) >= 0, "%s: play %d not in gnubg's list", c->id, k);
            assert_replays(&c->b, &PL.plays[k], &PL.after[k]);
            ck_assert_int_eq(PL.plays[k].n, PL.max_dice);
            /* every legal play passes the check, its steps reversed */
            bg_step rev[4];
            bg_board after;
            bg_err e;
            for (int j = 0; j < PL.plays[k].n; j++)
                rev[j] = PL.plays[k].steps[PL.plays[k].n - 1 - j];
            ck_assert_msg(bg_check_play(&c->b, c->d1, c->d2, rev, PL.plays[k].n, &after, &e) == 0,
                          "%s: legal play refused: %s", c->id, e.message);
            ck_assert_mem_eq(&after, &PL.after[k], sizeof after);
        }
        ck_assert_int_eq(bg_max_dice(&c->b, c->d1, c->d2), c->max_dice);
        matched++;
    }
    ck_assert_int_eq(matched, 3000);
}
END_TEST

/* Every sequence of single steps that obeys ENG-3..5 one step at a time (the search a careless
 * player might make) is accepted by bg_check_play exactly when gnubg lists its position. */
static const rules_case *CUR;
static int DICE[4], ND;
static bg_step SEQ[4];
static long TRIED, ACCEPTED;

static int rule_step(const bg_board *b, int p, int d, int *to)
{
    if (b->me[BG_BAR] && p != BG_BAR)
        return 0;
    if (!b->me[p])
        return 0;
    int t = p - d;
    if (t > 0) {
        *to = t;
        return b->opp[t] < 2;
    }
    for (int q = 7; q <= 25; q++)
        if (b->me[q])
            return 0;
    if (t < 0)
        for (int q = p + 1; q <= 6; q++)
            if (b->me[q])
                return 0;
    *to = 0;
    return 1;
}

static void walk(const bg_board *b, int depth, unsigned used)
{
    bg_step rev[4];
    bg_board after;
    bg_err e;
    char key[53];
    for (int i = 0; i < depth; i++)
        rev[i] = SEQ[depth - 1 - i];
    bg_board_key(b, key);
    int expect = rules_find_key(CUR, key) >= 0 || (depth == 0 && CUR->n == 0);
    int got = bg_check_play(&CUR->b, CUR->d1, CUR->d2, rev, depth, &after, &e) == 0;
    ck_assert_msg(got == expect, "%s: %d steps from %d/%d: engine %d, gnubg %d (%s)", CUR->id,
                  depth, depth ? SEQ[0].from : 0, depth ? SEQ[0].to : 0, got, expect,
                  got ? "" : e.message);
    if (!got)
        ck_assert_str_eq(e.rule, "ENG-6"); /* each step obeyed ENG-3..5 */
    else
        ck_assert_mem_eq(&after, b, sizeof after);
    TRIED++;
    ACCEPTED += got;
    if (depth == ND)
        return;
    for (int j = 0; j < ND; j++) {
        if ((used & (1u << j)) || (j > 0 && ND == 4 && !(used & (1u << (j - 1)))))
            continue;
        for (int p = 25; p >= 1; p--) {
            /* doubles: steps from non-increasing points, enough to reach every set */
            if (ND == 4 && depth && p > SEQ[depth - 1].from)
                continue;
            int to;
            if (!rule_step(b, p, DICE[j], &to))
                continue;
            bg_board x = *b;
            bg_apply_step(&x, p, to, NULL);
            SEQ[depth] = (bg_step){(int8_t)p, (int8_t)to};
            walk(&x, depth + 1, used | (1u << j));
        }
    }
}

START_TEST(test_ENG6_check_play_agrees_with_gnubg)
{
    ck_assert_int_eq(NCASES, 3000);
    TRIED = ACCEPTED = 0;
    for (int i = 0; i < NCASES; i++) {
        CUR = &CASES[i];
        ND = CUR->d1 == CUR->d2 ? 4 : 2;
        DICE[0] = CUR->d1 > CUR->d2 ? CUR->d1 : CUR->d2;
        DICE[1] = CUR->d1 > CUR->d2 ? CUR->d2 : CUR->d1;
        DICE[2] = DICE[3] = DICE[0];
        walk(&CUR->b, 0, 0);
    }
    /* both answers occur many times: the test can fail either way */
    ck_assert_int_gt(ACCEPTED, 10000);
    ck_assert_int_gt(TRIED - ACCEPTED, 10000);
}
END_TEST

START_TEST(test_ENG6_dense_position_fits_the_play_list)
{
    /* 15 single checkers spread out with 1-1: one of the largest lists a search found (2226
     * plays; the proven bound is 3060 < BG_MAX_PLAYS). All distinct, all replayable. */
    bg_board b =
        rules_pos("3:1 4:1 6:1 8:1 9:1 11:1 12:1 14:1 15:1 17:1 18:1 20:1 21:1 23:1 24:1", "");
    bg_legal_plays(&b, 1, 1, &PL);
    ck_assert_int_gt(PL.n, 2000);
    ck_assert_int_lt(PL.n, BG_MAX_PLAYS);
    assert_no_duplicates(&PL);
    for (int i = 0; i < PL.n; i++)
        assert_replays(&b, &PL.plays[i], &PL.after[i]);
}
END_TEST

START_TEST(test_ENG3_dice_out_of_range_refused)
{
    bg_board b;
    bg_board_init(&b);
    ck_assert_int_eq(bg_legal_plays(&b, 0, 3, &PL), -1);
    ck_assert_int_eq(PL.n, 0);
    ck_assert_int_eq(bg_legal_plays(&b, 3, 7, &PL), -1);
    bg_err e;
    ck_assert_int_eq(bg_check_play(&b, 7, 1, NULL, 0, NULL, &e), -1);
    ck_assert_ptr_nonnull(strstr(e.message, "1 to 6"));
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("rules.movegen");
    TCase *t = tcase_create("rules");
    tcase_set_timeout(t, 60);
    tcase_add_test(t, test_ENG3_blocked_point_is_never_landed_on);
    tcase_add_test(t, test_ENG3_intermediate_point_must_be_open);
    tcase_add_test(t, test_ENG3_hit_on_the_way_is_another_play);
    tcase_add_test(t, test_ENG3_double_gives_four_moves);
    tcase_add_test(t, test_ENG6_same_position_is_one_play);
    tcase_add_test(t, test_ENG4_bar_checker_enters_first);
    tcase_add_test(t, test_ENG4_closed_board_loses_the_turn);
    tcase_add_test(t, test_ENG4_die_that_cannot_enter_is_lost);
    tcase_add_test(t, test_ENG4_after_entering_the_rest_is_played);
    tcase_add_test(t, test_ENG5_bear_off_with_exact_die);
    tcase_add_test(t, test_ENG5_higher_die_bears_off_highest_checker);
    tcase_add_test(t, test_ENG5_must_move_from_higher_point_first);
    tcase_add_test(t, test_ENG5_no_bear_off_with_checker_outside);
    tcase_add_test(t, test_ENG5_bearing_off_is_not_compulsory);
    tcase_add_test(t, test_ENG5_hit_checker_reenters_before_bearing_off);
    tcase_add_test(t, test_ENG6_both_dice_when_possible);
    tcase_add_test(t, test_ENG6_higher_die_required);
    tcase_add_test(t, test_ENG6_only_lower_die_playable);
    tcase_add_test(t, test_ENG6_double_played_as_far_as_possible);
    tcase_add_test(t, test_ENG6_no_move_when_one_is_possible);
    tcase_add_test(t, test_ENG7_game_ends_before_all_dice_are_used);
    tcase_add_test(t, test_ENG3_check_refuses_blocked_point);
    tcase_add_test(t, test_ENG3_check_refuses_no_checker_there);
    tcase_add_test(t, test_ENG3_check_refuses_wrong_die_value);
    tcase_add_test(t, test_ENG3_check_refuses_backward_and_too_many_steps);
    tcase_add_test(t, test_ENG4_check_refuses_move_while_on_bar);
    tcase_add_test(t, test_ENG4_check_refuses_blocked_entry);
    tcase_add_test(t, test_ENG5_check_refuses_bear_off_with_checker_outside);
    tcase_add_test(t, test_ENG5_check_refuses_wrong_checker_off);
    tcase_add_test(t, test_ENG3_check_accepts_any_step_order);
    tcase_add_test(t, test_ENG6_check_accepts_fewer_dice_reaching_a_legal_position);
    tcase_add_test(t, test_ENG6_dense_position_fits_the_play_list);
    tcase_add_test(t, test_ENG3_dice_out_of_range_refused);
    suite_add_tcase(s, t);

    TCase *g = tcase_create("gnubg");
    tcase_add_unchecked_fixture(g, load_cases, free_cases);
    tcase_set_timeout(g, 300);
    tcase_add_test(g, test_ENG6_gnubg_cases_match_exactly);
    tcase_add_test(g, test_ENG6_check_play_agrees_with_gnubg);
    suite_add_tcase(s, g);
    return s;
}

CHECK_MAIN(suite)
