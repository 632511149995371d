/* Match clocks in a match's life (DOMAIN.md CLK-2..7, PEN-1..4): pauses, the cube flow,
 * refusals that change nothing, a restart from the stored state, banks introduced or split,
 * the TD's adjustments, the names stored, and lateness and breaks. The turn and the flag:
 * test_clock.c. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "clock_fx.h"
#include "../check_main.h"

/* ---- CLK-5: pauses ---- */

START_TEST(test_CLK5_pause_and_resume_keep_the_turn)
{
    for (int mode = 0; mode < 2; mode++) {
        struct clk c = started((enum clk_mode)mode, BANK, 0, DELAY);
        struct clk_view at_pause, v;
        clk_view(&c, T0 + 5000, &at_pause);
        ck_assert_int_eq(clk_pause(&c, T0 + 5000, CLK_R_DISPUTE), CLK_OK);
        ck_assert_int_eq(c.state, CLK_PAUSED);
        ck_assert_int_eq(c.paused_side, 0);
        ck_assert_int_eq(c.running, -1);
        ck_assert_int_eq(c.paused_reason, CLK_R_DISPUTE);
        ck_assert_int_eq(c.turn_used_ms, 5000);
        /* time during the pause is not charged and nobody flags */
        clk_view(&c, T0 + 100 * BANK, &v);
        ck_assert_int_eq(v.bank_ms[0], at_pause.bank_ms[0]);
        ck_assert_int_eq(v.delay_left_ms[0], at_pause.delay_left_ms[0]);
        ck_assert_int_eq(v.flag_at_ms, INT64_MAX);
        ck_assert_int_eq(clk_tick(&c, T0 + 100 * BANK), 0);
        int64_t r = T0 + 10 * MIN;
        ck_assert_int_eq(clk_resume(&c, r), CLK_OK);
        ck_assert_int_eq(c.state, CLK_RUNNING);
        ck_assert_int_eq(c.running, 0);
        ck_assert_int_eq(c.paused_side, -1);
        ck_assert_int_eq(c.paused_reason, CLK_R_NONE);
        clk_view(&c, r, &v);
        ck_assert_int_eq(v.bank_ms[0], at_pause.bank_ms[0]);
        /* the flag moved by exactly the pause */
        ck_assert_int_eq(v.flag_at_ms, at_pause.flag_at_ms + (r - (T0 + 5000)));
        /* the turn goes on: 5 s before, 10 s after = 15 s used, 3 s charged */
        struct clk p = c;
        ck_assert_int_eq(clk_press(&p, r + 10000, 0), CLK_OK);
        ck_assert_int_eq(p.side[0].bank_ms, BANK - 3000);
        /* and flags at the same use as an uninterrupted turn */
        int64_t limit = mode == CLK_MODE_DELAY ? BANK + DELAY : BANK;
        p = c;
        ck_assert_int_eq(clk_tick(&p, r + limit - 5000 - 1), 0);
        ck_assert_int_eq(clk_tick(&p, r + limit - 5000), 1);
        ck_assert_int_eq(p.since_ms, r + limit - 5000);
    }
}
END_TEST

START_TEST(test_CLK5_every_reason_but_end_of_game_resumes)
{
    for (int r = CLK_R_DISPUTE; r < CLK_R_COUNT; r++) {
        struct clk c = started(CLK_MODE_DELAY, BANK, 0, DELAY);
        ck_assert_int_eq(clk_pause(&c, T0 + 1, (enum clk_reason)r), CLK_OK);
        ck_assert_int_eq(c.paused_reason, r);
        ck_assert_int_eq(clk_resume(&c, T0 + 2), CLK_OK);
        ck_assert_int_eq(c.running, 0);
    }
}
END_TEST

/* PEN-4 (breaks only between games) with CLK-5: a running clock is a game under way, so a
 * pause for a break is refused with CLK_E_MIDGAME and changes nothing, whoever runs, with
 * or without a double waiting; after the end of the game the clock is paused already and a
 * second pause is a state refusal. */
START_TEST(test_PEN4_break_pause_refused_mid_game)
{
    for (int mode = 0; mode < 2; mode++) {
        struct clk c = started((enum clk_mode)mode, BANK, 0, DELAY);
        ASSERT_REFUSED(&c, clk_pause(&c, T0 + 3000, CLK_R_BREAK), CLK_E_MIDGAME);
        ck_assert_int_eq(clk_press(&c, T0 + 4000, 0), CLK_OK);
        ASSERT_REFUSED(&c, clk_pause(&c, T0 + 5000, CLK_R_BREAK), CLK_E_MIDGAME);
        ck_assert_int_eq(clk_double(&c, T0 + 6000, 1), CLK_OK);
        ASSERT_REFUSED(&c, clk_pause(&c, T0 + 7000, CLK_R_BREAK), CLK_E_MIDGAME);
        ck_assert_int_eq(clk_take(&c, T0 + 8000, 0), CLK_OK);
        ck_assert_int_eq(clk_pause(&c, T0 + 9000, CLK_R_END_OF_GAME), CLK_OK);
        ASSERT_REFUSED(&c, clk_pause(&c, T0 + 10000, CLK_R_BREAK), CLK_E_STATE);
        ck_assert_int_eq(clk_start(&c, T0 + 11000, 0), CLK_OK);
        ASSERT_REFUSED(&c, clk_pause(&c, T0 + 12000, CLK_R_BREAK), CLK_E_MIDGAME);
    }
}
END_TEST

START_TEST(test_CLK5_pause_twice_keeps_the_turn)
{
    struct clk c = started(CLK_MODE_DELAY, BANK, 0, DELAY);
    ck_assert_int_eq(clk_pause(&c, T0 + 4000, CLK_R_DISPUTE), CLK_OK);
    ck_assert_int_eq(clk_resume(&c, T0 + 60000), CLK_OK);
    ck_assert_int_eq(clk_pause(&c, T0 + 64000, CLK_R_TD), CLK_OK);
    ck_assert_int_eq(c.turn_used_ms, 8000);
    ck_assert_int_eq(clk_resume(&c, T0 + 120000), CLK_OK);
    ck_assert_int_eq(clk_press(&c, T0 + 120000 + 7000, 0), CLK_OK);
    ck_assert_int_eq(c.side[0].bank_ms, BANK - 3000);
}
END_TEST

START_TEST(test_CLK5_end_of_game_and_next_game)
{
    struct clk c = started(CLK_MODE_DELAY, BANK, 0, DELAY);
    ck_assert_int_eq(clk_press(&c, T0 + 20000, 0), CLK_OK);
    ck_assert_int_eq(c.side[0].bank_ms, BANK - 8000);
    /* side 1 bears off its last checker 30 s into its turn */
    ck_assert_int_eq(clk_pause(&c, T0 + 50000, CLK_R_END_OF_GAME), CLK_OK);
    ck_assert_int_eq(c.state, CLK_PAUSED);
    ck_assert_int_eq(c.paused_reason, CLK_R_END_OF_GAME);
    ck_assert_int_eq(c.paused_side, -1);
    ck_assert_int_eq(c.running, -1);
    ck_assert_int_eq(c.side[1].bank_ms, BANK - 18000); /* the turn ended as a press */
    ck_assert_int_eq(c.turn_used_ms, 0);
    struct clk_view v;
    clk_view(&c, T0 + 10 * MIN, &v);
    ck_assert_int_eq(v.bank_ms[0], BANK - 8000);
    ck_assert_int_eq(v.bank_ms[1], BANK - 18000);
    ck_assert_int_eq(v.flag_at_ms, INT64_MAX);
    ASSERT_REFUSED(&c, clk_resume(&c, T0 + 60000), CLK_E_STATE);
    ASSERT_REFUSED(&c, clk_press(&c, T0 + 60000, 0), CLK_E_STATE);
    ASSERT_REFUSED(&c, clk_press(&c, T0 + 60000, 1), CLK_E_STATE);
    ASSERT_REFUSED(&c, clk_start(&c, T0 + 60000, 2), CLK_E_SIDE);
    /* the next game: side 0 rolled the lower die and starts side 1's time */
    ck_assert_int_eq(clk_start(&c, T0 + 90000, 0), CLK_OK);
    ck_assert_int_eq(c.state, CLK_RUNNING);
    ck_assert_int_eq(c.running, 1);
    ck_assert_int_eq(c.paused_reason, CLK_R_NONE);
    ck_assert_int_eq(c.turn_delay_ms, DELAY);
    ck_assert_int_eq(c.since_ms, T0 + 90000);
    ck_assert_int_eq(clk_press(&c, T0 + 90000 + DELAY + 2000, 1), CLK_OK);
    ck_assert_int_eq(c.side[1].bank_ms, BANK - 20000);
    ASSERT_REFUSED(&c, clk_start(&c, T0 + 100000, 0), CLK_E_STATE);
}
END_TEST

/* ---- CLK-4: the cube ---- */

START_TEST(test_CLK4_double_take_flow)
{
    struct clk c = started(CLK_MODE_DELAY, BANK, 0, DELAY);
    ck_assert_int_eq(clk_press(&c, T0 + 3000, 0), CLK_OK);
    /* side 1 doubles 15 s into its turn and presses: side 0's time runs to decide */
    ck_assert_int_eq(clk_double(&c, T0 + 18000, 1), CLK_OK);
    ck_assert(c.cube_offered);
    ck_assert_int_eq(c.running, 0);
    ck_assert_int_eq(c.side[1].bank_ms, BANK - 3000);
    ck_assert_int_eq(c.turn_delay_ms, DELAY);
    ASSERT_REFUSED(&c, clk_press(&c, T0 + 19000, 0), CLK_E_CUBE);
    ASSERT_REFUSED(&c, clk_press(&c, T0 + 19000, 1), CLK_E_SIDE);
    ASSERT_REFUSED(&c, clk_double(&c, T0 + 19000, 0), CLK_E_CUBE);
    ASSERT_REFUSED(&c, clk_double(&c, T0 + 19000, 1), CLK_E_SIDE);
    ASSERT_REFUSED(&c, clk_take(&c, T0 + 19000, 1), CLK_E_SIDE);
    ASSERT_REFUSED(&c, clk_drop(&c, T0 + 19000, 1), CLK_E_SIDE);
    /* side 0 thinks 20 s, takes and presses: the doubler's time runs to roll */
    ck_assert_int_eq(clk_take(&c, T0 + 38000, 0), CLK_OK);
    ck_assert(!c.cube_offered);
    ck_assert_int_eq(c.running, 1);
    ck_assert_int_eq(c.side[0].bank_ms, BANK - 8000);
    ck_assert_int_eq(c.turn_delay_ms, DELAY);
    ASSERT_REFUSED(&c, clk_take(&c, T0 + 39000, 1), CLK_E_CUBE);
    ASSERT_REFUSED(&c, clk_take(&c, T0 + 39000, 0), CLK_E_CUBE);
    ASSERT_REFUSED(&c, clk_drop(&c, T0 + 39000, 1), CLK_E_CUBE);
    ck_assert_int_eq(clk_press(&c, T0 + 40000, 1), CLK_OK);
    ck_assert_int_eq(c.running, 0);
}
END_TEST

START_TEST(test_CLK4_double_drop_ends_the_game)
{
    for (int mode = 0; mode < 2; mode++) {
        struct clk c = started((enum clk_mode)mode, BANK, 0, DELAY);
        ck_assert_int_eq(clk_double(&c, T0 + 2000, 0), CLK_OK);
        ck_assert_int_eq(clk_drop(&c, T0 + 2000 + 15000, 1), CLK_OK);
        ck_assert_int_eq(c.side[1].bank_ms, BANK - 3000);
        ck_assert_int_eq(c.side[0].bank_ms, BANK);
        ck_assert_int_eq(c.state, CLK_PAUSED);
        ck_assert_int_eq(c.paused_reason, CLK_R_END_OF_GAME);
        ck_assert_int_eq(c.running, -1);
        ck_assert_int_eq(c.paused_side, -1);
        ck_assert(!c.cube_offered);
        ASSERT_REFUSED(&c, clk_resume(&c, T0 + 30000), CLK_E_STATE);
        ck_assert_int_eq(clk_start(&c, T0 + 60000, 1), CLK_OK);
        ck_assert_int_eq(c.running, 0);
    }
}
END_TEST

START_TEST(test_CLK4_pause_while_double_waits)
{
    struct clk c = started(CLK_MODE_DELAY, BANK, 0, DELAY);
    ck_assert_int_eq(clk_double(&c, T0 + 1000, 0), CLK_OK);
    ck_assert_int_eq(clk_pause(&c, T0 + 5000, CLK_R_DISPUTE), CLK_OK);
    ck_assert(c.cube_offered); /* the double still waits */
    ck_assert_int_eq(clk_resume(&c, T0 + 90000), CLK_OK);
    ASSERT_REFUSED(&c, clk_press(&c, T0 + 90001, 1), CLK_E_CUBE);
    ck_assert_int_eq(clk_take(&c, T0 + 90000 + 10000, 1), CLK_OK);
    ck_assert_int_eq(c.side[1].bank_ms, BANK - 2000); /* 4 s + 10 s used */
    /* end of game while a double waits clears it */
    struct clk e = started(CLK_MODE_DELAY, BANK, 0, DELAY);
    ck_assert_int_eq(clk_double(&e, T0 + 1000, 0), CLK_OK);
    ck_assert_int_eq(clk_pause(&e, T0 + 2000, CLK_R_END_OF_GAME), CLK_OK);
    ck_assert(!e.cube_offered);
}
END_TEST

/* ---- refusals change nothing ---- */

START_TEST(test_CLK_refusals_change_nothing)
{
    struct clk w;
    clk_init(&w, CLK_MODE_DELAY, BANK, 0, DELAY);
    ASSERT_REFUSED(&w, clk_press(&w, T0, 0), CLK_E_STATE);
    ASSERT_REFUSED(&w, clk_double(&w, T0, 0), CLK_E_STATE);
    ASSERT_REFUSED(&w, clk_take(&w, T0, 0), CLK_E_STATE);
    ASSERT_REFUSED(&w, clk_drop(&w, T0, 0), CLK_E_STATE);
    ASSERT_REFUSED(&w, clk_pause(&w, T0, CLK_R_BREAK), CLK_E_STATE);
    ASSERT_REFUSED(&w, clk_resume(&w, T0), CLK_E_STATE);
    ASSERT_REFUSED(&w, clk_reverse_flag(&w, T0), CLK_E_STATE);
    ASSERT_REFUSED(&w, clk_start(&w, T0, -1), CLK_E_SIDE);
    ASSERT_REFUSED(&w, clk_start(&w, T0, 2), CLK_E_SIDE);

    struct clk r = started(CLK_MODE_BRONSTEIN, BANK, 0, DELAY);
    ASSERT_REFUSED(&r, clk_press(&r, T0 + 10, 1), CLK_E_SIDE);
    ASSERT_REFUSED(&r, clk_press(&r, T0 + 10, -1), CLK_E_SIDE);
    ASSERT_REFUSED(&r, clk_press(&r, T0 + 10, 7), CLK_E_SIDE);
    ASSERT_REFUSED(&r, clk_double(&r, T0 + 10, 1), CLK_E_SIDE);
    ASSERT_REFUSED(&r, clk_take(&r, T0 + 10, 0), CLK_E_CUBE);
    ASSERT_REFUSED(&r, clk_drop(&r, T0 + 10, 0), CLK_E_CUBE);
    ASSERT_REFUSED(&r, clk_pause(&r, T0 + 10, CLK_R_NONE), CLK_E_REASON);
    ASSERT_REFUSED(&r, clk_pause(&r, T0 + 10, CLK_R_COUNT), CLK_E_REASON);
    ASSERT_REFUSED(&r, clk_pause(&r, T0 + 10, (enum clk_reason) - 3), CLK_E_REASON);
    ASSERT_REFUSED(&r, clk_resume(&r, T0 + 10), CLK_E_STATE);
    ASSERT_REFUSED(&r, clk_start(&r, T0 + 10, 0), CLK_E_STATE);
    ASSERT_REFUSED(&r, clk_reverse_flag(&r, T0 + 10), CLK_E_STATE);
    ASSERT_REFUSED(&r, clk_set(&r, T0 + 10, -1, BANK, -1, -1), CLK_E_VALUE);
    ASSERT_REFUSED(&r, clk_set(&r, T0 + 10, BANK, -1, -1, -1), CLK_E_VALUE);
    ASSERT_REFUSED(&r, clk_set(&r, T0 + 10, BANK, BANK, 2, -1), CLK_E_VALUE);
    ASSERT_REFUSED(&r, clk_pickup(&r, T0 + 10, 2), CLK_E_SIDE);

    struct clk p = r;
    ck_assert_int_eq(clk_pause(&p, T0 + 10, CLK_R_ILLEGAL_MOVE), CLK_OK);
    ASSERT_REFUSED(&p, clk_press(&p, T0 + 20, 0), CLK_E_STATE);
    ASSERT_REFUSED(&p, clk_double(&p, T0 + 20, 0), CLK_E_STATE);
    ASSERT_REFUSED(&p, clk_pause(&p, T0 + 20, CLK_R_TD), CLK_E_STATE);
    ASSERT_REFUSED(&p, clk_pause(&p, T0 + 20, CLK_R_NONE), CLK_E_REASON);
    ASSERT_REFUSED(&p, clk_start(&p, T0 + 20, 0), CLK_E_STATE);

    struct clk f = r;
    ck_assert_int_eq(clk_tick(&f, T0 + BANK), 1);
    ASSERT_REFUSED(&f, clk_press(&f, T0 + BANK + 1, 0), CLK_E_STATE);
    ASSERT_REFUSED(&f, clk_press(&f, T0 + BANK + 1, 1), CLK_E_STATE);
    ASSERT_REFUSED(&f, clk_double(&f, T0 + BANK + 1, 0), CLK_E_STATE);
    ASSERT_REFUSED(&f, clk_pause(&f, T0 + BANK + 1, CLK_R_TD), CLK_E_STATE);
    ASSERT_REFUSED(&f, clk_resume(&f, T0 + BANK + 1), CLK_E_STATE);
    ASSERT_REFUSED(&f, clk_start(&f, T0 + BANK + 1, 0), CLK_E_STATE);
    ASSERT_REFUSED(&f, clk_pickup(&f, T0 + BANK + 1, 1), CLK_E_STATE);
    ASSERT_REFUSED(&f, clk_set(&f, T0 + BANK + 1, BANK, BANK, -1, -1), CLK_E_STATE);
}
END_TEST

/* ---- a restart: the stored struct goes on as the original ---- */

START_TEST(test_CLK_restart_from_stored_state)
{
    struct clk c = started(CLK_MODE_DELAY, 30000, 30000, DELAY);
    ck_assert_int_eq(clk_press(&c, T0 + 20000, 0), CLK_OK);
    ck_assert_int_eq(clk_double(&c, T0 + 25000, 1), CLK_OK);
    unsigned char stored[sizeof c];
    memcpy(stored, &c, sizeof c);
    /* the server stops; later it reloads the clock */
    struct clk back;
    memcpy(&back, stored, sizeof back);
    int64_t times[] = {T0 + 25000, T0 + 30000, T0 + 40000, T0 + 70000, T0 + 200000};
    for (size_t i = 0; i < sizeof times / sizeof times[0]; i++) {
        struct clk_view a, b;
        clk_view(&c, times[i], &a);
        clk_view(&back, times[i], &b);
        ck_assert_int_eq(memcmp(&a, &b, sizeof a), 0);
    }
    /* time kept running across the restart: the same take gives the same clock */
    ck_assert_int_eq(clk_take(&c, T0 + 45000, 0), CLK_OK);
    ck_assert_int_eq(clk_take(&back, T0 + 45000, 0), CLK_OK);
    ck_assert_int_eq(memcmp(&c, &back, sizeof c), 0);
    ck_assert_int_eq(c.side[0].bank_ms, 14000); /* 8 s twice */
    ck_assert_int_eq(c.side[0].second_bank_ms, 30000);
    /* and the same flag */
    struct clk_view v;
    clk_view(&back, T0 + 45000, &v);
    ck_assert_int_eq(v.flag_at_ms, T0 + 45000 + 30000 + 30000 + DELAY);
    ck_assert_int_eq(clk_tick(&back, T0 + 45000 + 72000), 1);
    ck_assert_int_eq(clk_tick(&c, T0 + 45000 + 90000), 1);
    ck_assert_int_eq(memcmp(&c, &back, sizeof c), 0);
}
END_TEST

/* ---- CLK-2/CLK-3: banks ---- */

START_TEST(test_CLK3_mid_match_introduction)
{
    int64_t first, second;
    int64_t bpp = 2 * MIN;
    clk_initial_bank(7, 0, 0, bpp, 0, &first, &second);
    ck_assert_int_eq(first, 7 * bpp);
    ck_assert_int_eq(second, 0);
    /* 7 points at 3-5: RA = 4, RB = 2 -> 3 x bpp */
    clk_initial_bank(7, 3, 5, bpp, 0, &first, &second);
    ck_assert_int_eq(first, 3 * bpp);
    ck_assert_int_eq(second, 0);
    /* 7 points at 3-4: RA = 4, RB = 3 -> 3.5 x bpp, exact in ms */
    clk_initial_bank(7, 3, 4, bpp, 0, &first, &second);
    ck_assert_int_eq(first, 7 * bpp / 2);
    ck_assert_int_eq(first, 420000);
    /* 000's example: 3 minutes a point, 9 points at 2-6 -> (7 + 3) / 2 x 3 min */
    clk_initial_bank(9, 2, 6, 3 * MIN, 0, &first, &second);
    ck_assert_int_eq(first, 15 * MIN);
    /* an odd per-point bank and an odd sum: the half millisecond is dropped */
    clk_initial_bank(7, 3, 4, 1001, 0, &first, &second);
    ck_assert_int_eq(first, 3503);
    /* at the Crawford score 6-6 of 7: 1 x bpp */
    clk_initial_bank(7, 6, 6, bpp, 0, &first, &second);
    ck_assert_int_eq(first, bpp);
}
END_TEST

START_TEST(test_CLK2_split_initial_bank)
{
    int64_t first, second;
    int64_t bpp = 2 * MIN;
    clk_initial_bank(7, 0, 0, bpp, MIN, &first, &second);
    ck_assert_int_eq(first, 7 * MIN);
    ck_assert_int_eq(second, 7 * MIN);
    clk_initial_bank(7, 3, 4, bpp, 50000, &first, &second);
    ck_assert_int_eq(first, 175000);
    ck_assert_int_eq(second, 420000 - 175000);
    clk_initial_bank(7, 3, 4, 1001, 333, &first, &second);
    ck_assert_int_eq(first + second, 3503);
    ck_assert_int_eq(first, 7 * 333 / 2);
    /* no split when the first part is not smaller than the whole, or not positive */
    clk_initial_bank(7, 0, 0, bpp, bpp, &first, &second);
    ck_assert_int_eq(first, 7 * bpp);
    ck_assert_int_eq(second, 0);
    clk_initial_bank(7, 0, 0, bpp, bpp + 1, &first, &second);
    ck_assert_int_eq(second, 0);
    clk_initial_bank(7, 0, 0, bpp, -5, &first, &second);
    ck_assert_int_eq(first, 7 * bpp);
    ck_assert_int_eq(second, 0);
}
END_TEST

START_TEST(test_CLK2_split_bank_consumption)
{
    struct clk c = started(CLK_MODE_DELAY, 30000, 30000, 0);
    ck_assert_int_eq(clk_press(&c, T0 + 20000, 0), CLK_OK);
    ck_assert_int_eq(c.side[0].bank_ms, 10000);
    ck_assert_int_eq(c.side[0].second_bank_ms, 30000);
    ck_assert_int_eq(clk_press(&c, T0 + 21000, 1), CLK_OK);
    /* 15 s with 10 s left of the first part: the bank resets to the second, less 5 s */
    ck_assert_int_eq(clk_press(&c, T0 + 36000, 0), CLK_OK);
    ck_assert_int_eq(c.side[0].bank_ms, 25000);
    ck_assert_int_eq(c.side[0].second_bank_ms, 0);
    /* a turn that uses exactly the first part: the bank is the whole second */
    struct clk e = started(CLK_MODE_BRONSTEIN, 30000, 30000, DELAY);
    ck_assert_int_eq(clk_press(&e, T0 + 30000 + DELAY, 0), CLK_OK);
    ck_assert_int_eq(e.side[0].bank_ms, 30000);
    ck_assert_int_eq(e.side[0].second_bank_ms, 0);
    /* one less and the first part still has 1 ms */
    e = started(CLK_MODE_DELAY, 30000, 30000, DELAY);
    ck_assert_int_eq(clk_press(&e, T0 + 30000 + DELAY - 1, 0), CLK_OK);
    ck_assert_int_eq(e.side[0].bank_ms, 1);
    ck_assert_int_eq(e.side[0].second_bank_ms, 30000);
}
END_TEST

/* ---- CLK-7: the TD ---- */

/* CLK-2 with CLK-7: the TD sets the second parts of a split bank with the times; the
 * running side goes on to its new second part when the first runs out, and flags only at
 * the end of both (both modes); negative values are refused and change nothing. */
START_TEST(test_CLK2_td_sets_second_part)
{
    for (int mode = 0; mode < 2; mode++) {
        struct clk c = started((enum clk_mode)mode, 30000, 30000, DELAY);
        ASSERT_REFUSED(&c, clk_set_split(&c, T0 + 1000, 5000, 7000, -1, 0, -1, -1), CLK_E_VALUE);
        ASSERT_REFUSED(&c, clk_set_split(&c, T0 + 1000, 5000, 7000, 0, -1, -1, -1), CLK_E_VALUE);
        ck_assert_int_eq(clk_set_split(&c, T0 + 1000, 5000, 7000, 20000, 9000, -1, -1), CLK_OK);
        ck_assert_int_eq(c.side[0].bank_ms, 5000);
        ck_assert_int_eq(c.side[0].second_bank_ms, 20000);
        ck_assert_int_eq(c.side[1].second_bank_ms, 9000);
        struct clk_view v;
        int64_t dl = mode == CLK_MODE_DELAY ? DELAY - 1000 : 0; /* delay left of the turn */
        clk_view(&c, T0 + 1000, &v);
        ck_assert_int_eq(v.flag_at_ms, T0 + 1000 + dl + 5000 + 20000);
        /* the first part runs out 1 s before the view: the bank is the second part less 1 s */
        int64_t t = T0 + 1000 + dl + 6000;
        clk_view(&c, t, &v);
        ck_assert_int_eq(v.bank_ms[0], 19000);
        ck_assert_int_eq(v.second_bank_ms[0], 0);
        ck_assert_int_eq(clk_tick(&c, t), 0);
        struct clk p = c;
        ck_assert_int_eq(clk_press(&p, t, 0), CLK_OK);
        if (mode == CLK_MODE_DELAY) { /* 6 s past the delay: into the second part */
            ck_assert_int_eq(p.side[0].bank_ms, 19000);
            ck_assert_int_eq(p.side[0].second_bank_ms, 0);
        } else { /* Bronstein gives the 6 s back (within the delay left): both parts stay */
            ck_assert_int_eq(p.side[0].bank_ms, 5000);
            ck_assert_int_eq(p.side[0].second_bank_ms, 20000);
        }
        /* unpressed, it flags at the end of the second part */
        ck_assert_int_eq(clk_tick(&c, T0 + 1000 + dl + 25000 - 1), 0);
        ck_assert_int_eq(clk_tick(&c, T0 + 1000 + dl + 25000), 1);
        ck_assert_int_eq(c.flagged, 0);
    }
}
END_TEST

START_TEST(test_CLK7_set_running_turn_continues)
{
    struct clk c = started(CLK_MODE_DELAY, BANK, 0, DELAY);
    ck_assert_int_eq(clk_set(&c, T0 + 5000, 40000, 50000, -1, -1), CLK_OK);
    ck_assert_int_eq(c.state, CLK_RUNNING);
    ck_assert_int_eq(c.running, 0);
    struct clk_view v;
    clk_view(&c, T0 + 5000, &v);
    ck_assert_int_eq(v.bank_ms[0], 40000);
    ck_assert_int_eq(v.bank_ms[1], 50000);
    ck_assert_int_eq(v.delay_left_ms[0], 7000); /* the delay it had left */
    ck_assert_int_eq(v.flag_at_ms, T0 + 5000 + 40000 + 7000);
    struct clk p = c;
    ck_assert_int_eq(clk_press(&p, T0 + 15000, 0), CLK_OK);
    ck_assert_int_eq(p.side[0].bank_ms, 37000);
    ck_assert_int_eq(p.turn_delay_ms, DELAY); /* side 1's full delay */

    /* a new, shorter delay caps what is left */
    c = started(CLK_MODE_DELAY, BANK, 0, DELAY);
    ck_assert_int_eq(clk_set(&c, T0 + 5000, 40000, 50000, -1, 3000), CLK_OK);
    ck_assert_int_eq(c.delay_ms, 3000);
    clk_view(&c, T0 + 5000, &v);
    ck_assert_int_eq(v.delay_left_ms[0], 3000);
    ck_assert_int_eq(v.delay_left_ms[1], 3000);
    ck_assert_int_eq(clk_press(&c, T0 + 15000, 0), CLK_OK);
    ck_assert_int_eq(c.side[0].bank_ms, 33000);
    ck_assert_int_eq(c.turn_delay_ms, 3000);

    /* a mode change and second banks cleared */
    c = started(CLK_MODE_DELAY, 30000, 30000, DELAY);
    ck_assert_int_eq(clk_set(&c, T0 + 20000, 10000, 20000, CLK_MODE_BRONSTEIN, -1), CLK_OK);
    ck_assert_int_eq(c.mode, CLK_MODE_BRONSTEIN);
    ck_assert_int_eq(c.side[0].second_bank_ms, 0);
    ck_assert_int_eq(c.side[1].second_bank_ms, 0);
    clk_view(&c, T0 + 20000, &v);
    ck_assert_int_eq(v.bank_ms[0], 10000);
    ck_assert_int_eq(v.flag_at_ms, T0 + 30000);

    /* a paused turn keeps being paused, with the new banks */
    c = started(CLK_MODE_DELAY, BANK, 0, DELAY);
    ck_assert_int_eq(clk_pause(&c, T0 + 4000, CLK_R_TD), CLK_OK);
    ck_assert_int_eq(clk_set(&c, T0 + 9000, 1000, 2000, -1, -1), CLK_OK);
    ck_assert_int_eq(c.state, CLK_PAUSED);
    clk_view(&c, T0 + 50000, &v);
    ck_assert_int_eq(v.bank_ms[0], 1000);
    ck_assert_int_eq(v.delay_left_ms[0], DELAY - 4000);
    ck_assert_int_eq(clk_resume(&c, T0 + 60000), CLK_OK);
    ck_assert_int_eq(clk_press(&c, T0 + 60000 + 8500, 0), CLK_OK);
    ck_assert_int_eq(c.side[0].bank_ms, 500);

    /* a waiting clock */
    struct clk w;
    clk_init(&w, CLK_MODE_DELAY, BANK, BANK, DELAY);
    ck_assert_int_eq(clk_set(&w, T0, 0, 5, -1, 0), CLK_OK);
    ck_assert_int_eq(w.side[0].bank_ms, 0);
    ck_assert_int_eq(w.side[1].bank_ms, 5);
    ck_assert_int_eq(w.side[1].second_bank_ms, 0);
    ck_assert_int_eq(w.delay_ms, 0);
    ck_assert_int_eq(w.state, CLK_WAITING);
}
END_TEST

START_TEST(test_CLK7_reverse_flag)
{
    struct clk c = started(CLK_MODE_DELAY, BANK, 0, DELAY);
    ck_assert_int_eq(clk_tick(&c, T0 + BANK + DELAY + 500), 1);
    ck_assert(!c.flag_reversed);
    ck_assert_int_eq(clk_reverse_flag(&c, T0 + BANK + DELAY + 30000), CLK_OK);
    ck_assert_int_eq(c.state, CLK_PAUSED);
    ck_assert_int_eq(c.paused_reason, CLK_R_TD);
    ck_assert(c.flag_reversed);
    ck_assert_int_eq(c.flagged, 0);
    ck_assert_int_eq(c.paused_side, 0);
    ASSERT_REFUSED(&c, clk_reverse_flag(&c, T0 + BANK + DELAY + 30001), CLK_E_STATE);
    /* the TD sets the times and resumes the flagged side's turn */
    int64_t t = T0 + 5 * MIN;
    ck_assert_int_eq(clk_set(&c, t, 30000, 45000, -1, -1), CLK_OK);
    ck_assert_int_eq(clk_resume(&c, t + 1000), CLK_OK);
    ck_assert_int_eq(c.running, 0);
    ck_assert_int_eq(c.state, CLK_RUNNING);
    struct clk_view v;
    clk_view(&c, t + 1000, &v);
    ck_assert_int_eq(v.bank_ms[0], 30000);
    ck_assert_int_eq(v.delay_left_ms[0], 0); /* the delay had elapsed */
    ck_assert_int_eq(v.flag_at_ms, t + 1000 + 30000);
    ck_assert_int_eq(clk_press(&c, t + 1000 + 10000, 0), CLK_OK);
    ck_assert_int_eq(c.side[0].bank_ms, 20000);
    ck_assert_int_eq(c.turn_delay_ms, DELAY);
    /* resumed without new times, it flags again at once */
    struct clk again = started(CLK_MODE_BRONSTEIN, BANK, 0, DELAY);
    ck_assert_int_eq(clk_tick(&again, T0 + BANK), 1);
    ck_assert_int_eq(clk_reverse_flag(&again, T0 + BANK), CLK_OK);
    ck_assert_int_eq(clk_resume(&again, T0 + 2 * BANK), CLK_OK);
    ck_assert_int_eq(clk_tick(&again, T0 + 2 * BANK), 1);
    ck_assert_int_eq(again.flagged, 0);
}
END_TEST

/* ---- names ---- */

START_TEST(test_CLK5_names_round_trip)
{
    const char *reasons[] = {"end_of_game",  "break",          "dispute",
                             "td",           "early_pickup",   "opponent_pressed",
                             "illegal_move", "game_over_claim"};
    ck_assert_int_eq((int)(sizeof reasons / sizeof reasons[0]), CLK_R_COUNT - 1);
    for (int r = CLK_R_NONE + 1; r < CLK_R_COUNT; r++) {
        ck_assert_str_eq(clk_reason_name((enum clk_reason)r), reasons[r - 1]);
        enum clk_reason back = CLK_R_NONE;
        ck_assert_int_eq(clk_reason_parse(reasons[r - 1], &back), 0);
        ck_assert_int_eq(back, r);
    }
    ck_assert_ptr_null(clk_reason_name(CLK_R_NONE));
    ck_assert_ptr_null(clk_reason_name(CLK_R_COUNT));
    const char *bad[] = {"", "none", "END_OF_GAME", "Break", "pause", "end_of_game ", "tdx"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        enum clk_reason out = CLK_R_BREAK;
        ck_assert_int_eq(clk_reason_parse(bad[i], &out), -1);
        ck_assert_int_eq(out, CLK_R_BREAK);
        enum clk_mode m = CLK_MODE_BRONSTEIN;
        ck_assert_int_eq(clk_mode_parse(bad[i], &m), -1);
        ck_assert_int_eq(m, CLK_MODE_BRONSTEIN);
        enum pen_break_table t = PEN_BREAKS_ITALIAN;
        ck_assert_int_eq(pen_break_table_parse(bad[i], &t), -1);
        ck_assert_int_eq(t, PEN_BREAKS_ITALIAN);
    }
    enum clk_reason rout;
    ck_assert_int_eq(clk_reason_parse(NULL, &rout), -1);

    ck_assert_str_eq(clk_mode_name(CLK_MODE_DELAY), "delay");
    ck_assert_str_eq(clk_mode_name(CLK_MODE_BRONSTEIN), "bronstein");
    ck_assert_ptr_null(clk_mode_name((enum clk_mode)2));
    for (int m = 0; m < 2; m++) {
        enum clk_mode back = (enum clk_mode)(1 - m);
        ck_assert_int_eq(clk_mode_parse(clk_mode_name((enum clk_mode)m), &back), 0);
        ck_assert_int_eq(back, m);
    }
    enum clk_mode mout;
    ck_assert_int_eq(clk_mode_parse("Delay", &mout), -1);
    ck_assert_int_eq(clk_mode_parse(NULL, &mout), -1);

    ck_assert_str_eq(clk_state_name(CLK_WAITING), "waiting");
    ck_assert_str_eq(clk_state_name(CLK_RUNNING), "running");
    ck_assert_str_eq(clk_state_name(CLK_PAUSED), "paused");
    ck_assert_str_eq(clk_state_name(CLK_FLAGGED), "flagged");
    ck_assert_ptr_null(clk_state_name((enum clk_state)4));
    ck_assert_ptr_null(clk_state_name((enum clk_state) - 1));

    enum pen_break_table t;
    ck_assert_int_eq(pen_break_table_parse("wbgf", &t), 0);
    ck_assert_int_eq(t, PEN_BREAKS_WBGF);
    ck_assert_int_eq(pen_break_table_parse("italian", &t), 0);
    ck_assert_int_eq(t, PEN_BREAKS_ITALIAN);
    ck_assert_int_eq(pen_break_table_parse("WBGF", &t), -1);
    ck_assert_int_eq(pen_break_table_parse(NULL, &t), -1);
}
END_TEST

/* ---- PEN-1..4 ---- */

START_TEST(test_PEN1_late_points_wbgf_edges)
{
    int64_t f = T0;
    ck_assert_int_eq(pen_late_points(f, f - 1, 5, 5), 0);
    ck_assert_int_eq(pen_late_points(f, f, 5, 5), 0);
    ck_assert_int_eq(pen_late_points(f, f + 5 * MIN - 1, 5, 5), 0);
    ck_assert_int_eq(pen_late_points(f, f + 5 * MIN, 5, 5), 1);
    ck_assert_int_eq(pen_late_points(f, f + 10 * MIN - 1, 5, 5), 1);
    ck_assert_int_eq(pen_late_points(f, f + 10 * MIN, 5, 5), 2);
    ck_assert_int_eq(pen_late_points(f, f + 15 * MIN - 1, 5, 5), 2);
    ck_assert_int_eq(pen_late_points(f, f + 15 * MIN, 5, 5), 3);
    ck_assert_int_eq(pen_late_points(f, f + 60 * MIN, 5, 5), 12);
    /* no grace: one point at once */
    ck_assert_int_eq(pen_late_points(f, f, 0, 5), 1);
    ck_assert_int_eq(pen_late_points(f, f + 5 * MIN, 0, 5), 2);
    /* far from overflowing */
    ck_assert_int_gt(pen_late_points(INT64_MIN, INT64_MAX, 5, 1), 0);
}
END_TEST

/* PEN-4 with PEN-1: overrunning a break is lateness counted from the break's end; the
 * points of an absence stop when the side arrives; nothing is owed before the call. */
START_TEST(test_PEN4_break_overrun_is_lateness)
{
    int64_t called = T0, brk_end = T0 + 90 * MIN;
    /* not called: nothing */
    ck_assert_int_eq(pen_absence_points(0, 0, 0, T0 + 60 * MIN, 5, 5), 0);
    /* late from the call, then arrived 12 minutes after it: 2 points, frozen */
    ck_assert_int_eq(pen_absence_points(called, 0, 0, called + 12 * MIN, 5, 5), 2);
    ck_assert_int_eq(pen_absence_points(called, 0, called + 12 * MIN, called + 80 * MIN, 5, 5), 2);
    /* back in time from a break: nothing, whatever happened at the call */
    ck_assert_int_eq(pen_absence_points(called, brk_end, 0, brk_end - MIN, 5, 5), 0);
    ck_assert_int_eq(pen_absence_points(called, brk_end, 0, brk_end + 5 * MIN - 1, 5, 5), 0);
    /* overrun: 1 point 5 minutes after the break's end, one more every 5 */
    ck_assert_int_eq(pen_absence_points(called, brk_end, 0, brk_end + 5 * MIN, 5, 5), 1);
    ck_assert_int_eq(pen_absence_points(called, brk_end, 0, brk_end + 11 * MIN, 5, 5), 2);
    /* ... until the player is back */
    ck_assert_int_eq(
        pen_absence_points(called, brk_end, brk_end + 7 * MIN, brk_end + 60 * MIN, 5, 5), 1);
}
END_TEST

START_TEST(test_PEN1_late_points_italian_edges)
{
    int64_t f = T0;
    ck_assert_int_eq(pen_late_points(f, f + 20 * MIN - 1, 20, 5), 0);
    ck_assert_int_eq(pen_late_points(f, f + 20 * MIN, 20, 5), 1);
    ck_assert_int_eq(pen_late_points(f, f + 25 * MIN - 1, 20, 5), 1);
    ck_assert_int_eq(pen_late_points(f, f + 25 * MIN, 20, 5), 2);
    ck_assert_int_eq(pen_late_points(f, f + 30 * MIN, 20, 5), 3);
    ck_assert_int_eq(pen_late_points(f, f + 80 * MIN, 20, 5), 13);
}
END_TEST

START_TEST(test_PEN2_late_forfeit)
{
    ck_assert_int_eq(pen_late_forfeit(0, 7), 0);
    ck_assert_int_eq(pen_late_forfeit(3, 7), 0);
    ck_assert_int_eq(pen_late_forfeit(4, 7), 1);
    ck_assert_int_eq(pen_late_forfeit(4, 8), 0); /* exactly half is not more */
    ck_assert_int_eq(pen_late_forfeit(5, 8), 1);
    ck_assert_int_eq(pen_late_forfeit(1, 1), 1);
    ck_assert_int_eq(pen_late_forfeit(0, 1), 0);
    ck_assert_int_eq(pen_late_forfeit(2147483647, 2147483647), 1);
    /* with the WBGF steps, a 7-point match is forfeited 20 minutes late */
    int64_t f = T0;
    ck_assert_int_eq(pen_late_forfeit(pen_late_points(f, f + 20 * MIN - 1, 5, 5), 7), 0);
    ck_assert_int_eq(pen_late_forfeit(pen_late_points(f, f + 20 * MIN, 5, 5), 7), 1);
}
END_TEST

START_TEST(test_PEN4_break_allowance_every_length)
{
    for (int len = 1; len <= 31; len++) {
        int count = -1, minutes = -1;
        pen_break_allowance(PEN_BREAKS_WBGF, len, &count, &minutes);
        int want = len <= 5 ? 0 : len <= 11 ? 1 : len <= 17 ? 2 : len <= 23 ? 3 : 4;
        ck_assert_msg(count == want, "WBGF length %d: %d breaks, want %d", len, count, want);
        ck_assert_int_eq(minutes, 5);
        pen_break_allowance(PEN_BREAKS_ITALIAN, len, &count, &minutes);
        ck_assert_msg(count == (len >= 13 ? 2 : 1), "Italian length %d: %d breaks", len, count);
        ck_assert_int_eq(minutes, 10);
    }
    /* the table's own rows */
    int count, minutes;
    int rows[][2] = {{5, 0},  {6, 1},  {7, 1},  {11, 1}, {12, 2}, {13, 2}, {17, 2},
                     {18, 3}, {19, 3}, {23, 3}, {24, 4}, {25, 4}, {99, 4}};
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        pen_break_allowance(PEN_BREAKS_WBGF, rows[i][0], &count, &minutes);
        ck_assert_int_eq(count, rows[i][1]);
    }
    pen_break_allowance(PEN_BREAKS_ITALIAN, 12, &count, &minutes);
    ck_assert_int_eq(count, 1);
    pen_break_allowance(PEN_BREAKS_ITALIAN, 13, &count, &minutes);
    ck_assert_int_eq(count, 2);
}
END_TEST

/* A restored copy's held time (the TD's guide, "When the laptop dies") is nobody's
 * lateness: a moment in the hold counts as its start, one after it as if the hold had not
 * been; an absence spanning the hold owes for the time outside it only. */
START_TEST(test_PEN1_held_time_taken_out)
{
    const int64_t min = 60000;
    struct clk_hold never = {0, 0}, held = {100 * min, 0}, lifted = {100 * min, 160 * min};
    ck_assert_int_eq(clk_hold_time(&never, 500 * min), 500 * min);
    ck_assert(!clk_hold_active(&never));
    ck_assert(clk_hold_active(&held));
    ck_assert(!clk_hold_active(&lifted));
    ck_assert_int_eq(clk_hold_time(&held, 90 * min), 90 * min);
    ck_assert_int_eq(clk_hold_time(&held, 500 * min), 100 * min);
    ck_assert_int_eq(clk_hold_time(&lifted, 130 * min), 100 * min);
    ck_assert_int_eq(clk_hold_time(&lifted, 170 * min), 110 * min);
    ck_assert_int_eq(clk_hold_time(&lifted, 0), 0); /* "none" stays none */
    /* called at 70, grace 0, a point a minute: 30 minutes before the hold, 10 after */
    int held_pts = pen_absence_points(clk_hold_time(&lifted, 70 * min), 0, 0,
                                      clk_hold_time(&lifted, 170 * min), 0, 1);
    ck_assert_int_eq(held_pts, pen_absence_points(70 * min, 0, 0, 110 * min, 0, 1));
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("clock_life");
    TCase *tc = tcase_create("life");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_CLK5_pause_and_resume_keep_the_turn);
    tcase_add_test(tc, test_CLK5_every_reason_but_end_of_game_resumes);
    tcase_add_test(tc, test_CLK5_pause_twice_keeps_the_turn);
    tcase_add_test(tc, test_PEN4_break_pause_refused_mid_game);
    tcase_add_test(tc, test_CLK5_end_of_game_and_next_game);
    tcase_add_test(tc, test_CLK4_double_take_flow);
    tcase_add_test(tc, test_CLK4_double_drop_ends_the_game);
    tcase_add_test(tc, test_CLK4_pause_while_double_waits);
    tcase_add_test(tc, test_CLK_refusals_change_nothing);
    tcase_add_test(tc, test_CLK_restart_from_stored_state);
    tcase_add_test(tc, test_CLK3_mid_match_introduction);
    tcase_add_test(tc, test_CLK2_split_initial_bank);
    tcase_add_test(tc, test_CLK2_split_bank_consumption);
    tcase_add_test(tc, test_CLK7_set_running_turn_continues);
    tcase_add_test(tc, test_CLK2_td_sets_second_part);
    tcase_add_test(tc, test_CLK7_reverse_flag);
    tcase_add_test(tc, test_CLK5_names_round_trip);
    tcase_add_test(tc, test_PEN1_late_points_wbgf_edges);
    tcase_add_test(tc, test_PEN1_late_points_italian_edges);
    tcase_add_test(tc, test_PEN4_break_overrun_is_lateness);
    tcase_add_test(tc, test_PEN2_late_forfeit);
    tcase_add_test(tc, test_PEN4_break_allowance_every_length);
    tcase_add_test(tc, test_PEN1_held_time_taken_out);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
