/* Match clocks (DOMAIN.md CLK-1, CLK-2, CLK-6, CLK-7): both modes at every edge of a turn
 * and of the flag, the split bank, the lost delay, what is shown during a turn, and a
 * property test over random sequences of presses. Pauses, the cube, refusals, a restart,
 * banks, the TD's adjustments, lateness and breaks: test_clock_life.c. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "clock_fx.h"
#include "../check_main.h"

/* ---- CLK-1: the two modes on a turn ---- */

START_TEST(test_CLK1_delay_turn_shorter_than_delay)
{
    struct clk c = started(CLK_MODE_DELAY, BANK, 0, DELAY);
    ck_assert_int_eq(c.turn_delay_ms, DELAY);
    ck_assert_int_eq(clk_press(&c, T0 + 5000, 0), CLK_OK);
    ck_assert_int_eq(c.side[0].bank_ms, BANK); /* unused delay is lost, the bank untouched */
    ck_assert_int_eq(c.running, 1);
    ck_assert_int_eq(c.since_ms, T0 + 5000);
    ck_assert_int_eq(c.turn_used_ms, 0);
    ck_assert_int_eq(c.turn_delay_ms, DELAY);
}
END_TEST

START_TEST(test_CLK1_delay_turn_exactly_delay)
{
    struct clk c = started(CLK_MODE_DELAY, BANK, 0, DELAY);
    ck_assert_int_eq(clk_press(&c, T0 + DELAY, 0), CLK_OK);
    ck_assert_int_eq(c.side[0].bank_ms, BANK);
}
END_TEST

START_TEST(test_CLK1_delay_turn_longer_than_delay)
{
    struct clk c = started(CLK_MODE_DELAY, BANK, 0, DELAY);
    ck_assert_int_eq(clk_press(&c, T0 + DELAY + 1, 0), CLK_OK);
    ck_assert_int_eq(c.side[0].bank_ms, BANK - 1);
    ck_assert_int_eq(clk_press(&c, T0 + DELAY + 1 + 20000, 1), CLK_OK);
    ck_assert_int_eq(c.side[1].bank_ms, BANK - 8000);
    ck_assert_int_eq(c.side[0].bank_ms, BANK - 1);
}
END_TEST

START_TEST(test_CLK1_bronstein_turn_shorter_than_delay)
{
    struct clk c = started(CLK_MODE_BRONSTEIN, BANK, 0, DELAY);
    ck_assert_int_eq(clk_press(&c, T0 + 5000, 0), CLK_OK);
    ck_assert_int_eq(c.side[0].bank_ms, BANK); /* all 5 s given back */
    ck_assert_int_eq(c.running, 1);
}
END_TEST

START_TEST(test_CLK1_bronstein_turn_exactly_delay)
{
    struct clk c = started(CLK_MODE_BRONSTEIN, BANK, 0, DELAY);
    ck_assert_int_eq(clk_press(&c, T0 + DELAY, 0), CLK_OK);
    ck_assert_int_eq(c.side[0].bank_ms, BANK);
}
END_TEST

START_TEST(test_CLK1_bronstein_turn_longer_than_delay)
{
    struct clk c = started(CLK_MODE_BRONSTEIN, BANK, 0, DELAY);
    ck_assert_int_eq(clk_press(&c, T0 + 20000, 0), CLK_OK);
    ck_assert_int_eq(c.side[0].bank_ms, BANK - 8000); /* the same as simple delay */
}
END_TEST

/* ---- CLK-1/CLK-7: the flag at the exact edge ---- */

START_TEST(test_CLK1_delay_flag_edge)
{
    /* simple delay flags at u = B + D */
    struct clk c = started(CLK_MODE_DELAY, BANK, 0, DELAY);
    struct clk_view v;
    clk_view(&c, T0, &v);
    ck_assert_int_eq(v.flag_at_ms, T0 + BANK + DELAY);
    struct clk ok = c;
    ck_assert_int_eq(clk_tick(&ok, T0 + BANK + DELAY - 1), 0);
    ck_assert_int_eq(ok.state, CLK_RUNNING);
    ck_assert_int_eq(clk_press(&ok, T0 + BANK + DELAY - 1, 0), CLK_OK);
    ck_assert_int_eq(ok.side[0].bank_ms, 1);

    struct clk edge = c;
    ck_assert_int_eq(clk_tick(&edge, T0 + BANK + DELAY), 1);
    ck_assert_int_eq(edge.state, CLK_FLAGGED);
    ck_assert_int_eq(edge.flagged, 0);
    ck_assert_int_eq(edge.running, -1);
    ck_assert_int_eq(edge.side[0].bank_ms, 0);
    ck_assert_int_eq(edge.side[0].second_bank_ms, 0);
    ck_assert_int_eq(edge.side[1].bank_ms, BANK);
    ck_assert_int_eq(edge.since_ms, T0 + BANK + DELAY);
    ck_assert_int_eq(clk_tick(&edge, T0 + BANK + DELAY + 5), 0); /* once */

    /* a press at the edge, or 1 ms after, finds the clock flagged at the exact moment */
    struct clk late = c;
    ck_assert_int_eq(clk_press(&late, T0 + BANK + DELAY, 0), CLK_E_STATE);
    ck_assert_int_eq(late.state, CLK_FLAGGED);
    late = c;
    ck_assert_int_eq(clk_press(&late, T0 + BANK + DELAY + 1, 0), CLK_E_STATE);
    ck_assert_int_eq(late.state, CLK_FLAGGED);
    ck_assert_int_eq(late.since_ms, T0 + BANK + DELAY);
    ck_assert_int_eq(memcmp(&late, &edge, sizeof late), 0);
    clk_view(&late, T0 + BANK + DELAY + 1, &v);
    ck_assert_int_eq(v.flag_at_ms, INT64_MAX);
    ck_assert_int_eq(v.bank_ms[0], 0);
}
END_TEST

START_TEST(test_CLK1_bronstein_flag_edge)
{
    /* Bronstein flags at u = B: the give-back comes only with the press */
    struct clk c = started(CLK_MODE_BRONSTEIN, BANK, 0, DELAY);
    struct clk_view v;
    clk_view(&c, T0, &v);
    ck_assert_int_eq(v.flag_at_ms, T0 + BANK);
    struct clk ok = c;
    ck_assert_int_eq(clk_tick(&ok, T0 + BANK - 1), 0);
    ck_assert_int_eq(clk_press(&ok, T0 + BANK - 1, 0), CLK_OK);
    ck_assert_int_eq(ok.side[0].bank_ms, BANK - (BANK - 1 - DELAY));
    struct clk edge = c;
    ck_assert_int_eq(clk_tick(&edge, T0 + BANK), 1);
    ck_assert_int_eq(edge.flagged, 0);
    ck_assert_int_eq(edge.since_ms, T0 + BANK);
    struct clk late = c;
    ck_assert_int_eq(clk_press(&late, T0 + BANK + 1, 0), CLK_E_STATE);
    ck_assert_int_eq(late.state, CLK_FLAGGED);
    ck_assert_int_eq(memcmp(&late, &edge, sizeof late), 0);
}
END_TEST

START_TEST(test_CLK2_split_bank_flag_edge_both_modes)
{
    /* 30 s + 30 s: the flag waits for both parts */
    struct clk d = started(CLK_MODE_DELAY, 30000, 30000, DELAY);
    struct clk x = d;
    ck_assert_int_eq(clk_tick(&x, T0 + 60000 + DELAY - 1), 0);
    ck_assert_int_eq(clk_press(&x, T0 + 60000 + DELAY - 1, 0), CLK_OK);
    ck_assert_int_eq(x.side[0].bank_ms, 1);
    ck_assert_int_eq(x.side[0].second_bank_ms, 0);
    x = d;
    ck_assert_int_eq(clk_tick(&x, T0 + 60000 + DELAY), 1);
    ck_assert_int_eq(x.side[0].bank_ms, 0);
    ck_assert_int_eq(x.side[0].second_bank_ms, 0);

    struct clk b = started(CLK_MODE_BRONSTEIN, 30000, 30000, DELAY);
    x = b;
    ck_assert_int_eq(clk_tick(&x, T0 + 60000 - 1), 0);
    ck_assert_int_eq(clk_press(&x, T0 + 60000 - 1, 0), CLK_OK);
    ck_assert_int_eq(x.side[0].bank_ms, DELAY + 1);
    ck_assert_int_eq(x.side[0].second_bank_ms, 0);
    x = b;
    ck_assert_int_eq(clk_tick(&x, T0 + 60000), 1);
    ck_assert_int_eq(x.state, CLK_FLAGGED);
}
END_TEST

START_TEST(test_CLK6_lost_delay_flag_edge)
{
    for (int mode = 0; mode < 2; mode++) {
        struct clk c = started((enum clk_mode)mode, BANK, 0, DELAY);
        /* side 1 picks up the dice before side 0 pressed */
        ck_assert_int_eq(clk_pickup(&c, T0 + 1000, 1), CLK_OK);
        ck_assert(c.side[1].lose_next_delay);
        struct clk_view v;
        clk_view(&c, T0 + 1000, &v);
        ck_assert_int_eq(v.delay_left_ms[1], 0); /* its next turn's delay */
        ck_assert_int_eq(clk_press(&c, T0 + 2000, 0), CLK_OK);
        ck_assert_int_eq(c.turn_delay_ms, 0);
        ck_assert(!c.side[1].lose_next_delay);
        /* both modes flag at u = B now */
        clk_view(&c, T0 + 2000, &v);
        ck_assert_int_eq(v.flag_at_ms, T0 + 2000 + BANK);
        ck_assert_int_eq(v.delay_left_ms[1], 0);
        struct clk x = c;
        ck_assert_int_eq(clk_tick(&x, T0 + 2000 + BANK - 1), 0);
        ck_assert_int_eq(clk_press(&x, T0 + 2000 + BANK - 1, 1), CLK_OK);
        ck_assert_int_eq(x.side[1].bank_ms, 1);
        /* its following turn has the delay back */
        ck_assert_int_eq(clk_press(&x, T0 + 2000 + BANK - 1 + 100, 0), CLK_OK);
        ck_assert_int_eq(x.turn_delay_ms, DELAY);
        x = c;
        ck_assert_int_eq(clk_tick(&x, T0 + 2000 + BANK), 1);
        ck_assert_int_eq(x.flagged, 1);
        x = c;
        ck_assert_int_eq(clk_press(&x, T0 + 2000 + BANK + 1, 1), CLK_E_STATE);
        ck_assert_int_eq(x.flagged, 1);
        ck_assert_int_eq(x.since_ms, T0 + 2000 + BANK);
    }
}
END_TEST

START_TEST(test_CLK6_lost_delay_charges_whole_turn)
{
    struct clk c = started(CLK_MODE_BRONSTEIN, BANK, 0, DELAY);
    ck_assert_int_eq(clk_pickup(&c, T0, 1), CLK_OK);
    ck_assert_int_eq(clk_press(&c, T0 + 1000, 0), CLK_OK);
    ck_assert_int_eq(clk_press(&c, T0 + 1000 + 5000, 1), CLK_OK);
    ck_assert_int_eq(c.side[1].bank_ms, BANK - 5000); /* nothing given back */
    /* a pickup while waiting applies to the first turn */
    struct clk w;
    clk_init(&w, CLK_MODE_DELAY, BANK, 0, DELAY);
    ck_assert_int_eq(clk_pickup(&w, T0, 0), CLK_OK);
    ck_assert_int_eq(clk_start(&w, T0, 1), CLK_OK);
    ck_assert_int_eq(w.turn_delay_ms, 0);
    ck_assert_int_eq(clk_press(&w, T0 + 3000, 0), CLK_OK);
    ck_assert_int_eq(w.side[0].bank_ms, BANK - 3000);
    ck_assert_int_eq(clk_pickup(&w, T0, 2), CLK_E_SIDE);
}
END_TEST

/* ---- CLK-1: what is shown during a turn ---- */

START_TEST(test_CLK1_view_delay_mode)
{
    struct clk c = started(CLK_MODE_DELAY, BANK, 0, DELAY);
    struct clk_view v;
    clk_view(&c, T0 - 500, &v); /* before since: as at since */
    ck_assert_int_eq(v.bank_ms[0], BANK);
    ck_assert_int_eq(v.delay_left_ms[0], DELAY);
    clk_view(&c, T0 + 5000, &v);
    ck_assert_int_eq(v.bank_ms[0], BANK);
    ck_assert_int_eq(v.delay_left_ms[0], DELAY - 5000);
    ck_assert_int_eq(v.bank_ms[1], BANK);
    ck_assert_int_eq(v.delay_left_ms[1], DELAY);
    ck_assert_int_eq(v.second_bank_ms[0], 0);
    ck_assert_int_eq(v.flag_at_ms, T0 + BANK + DELAY);
    clk_view(&c, T0 + 20000, &v);
    ck_assert_int_eq(v.bank_ms[0], BANK - 8000);
    ck_assert_int_eq(v.delay_left_ms[0], 0);
    ck_assert_int_eq(v.flag_at_ms, T0 + BANK + DELAY); /* it does not move */
    /* split: the first part, then the second running */
    struct clk s = started(CLK_MODE_DELAY, 30000, 20000, DELAY);
    clk_view(&s, T0 + DELAY + 10000, &v);
    ck_assert_int_eq(v.bank_ms[0], 20000);
    ck_assert_int_eq(v.second_bank_ms[0], 20000);
    clk_view(&s, T0 + DELAY + 30000, &v);
    ck_assert_int_eq(v.bank_ms[0], 20000); /* the first used up: the second shown */
    ck_assert_int_eq(v.second_bank_ms[0], 0);
    clk_view(&s, T0 + DELAY + 45000, &v);
    ck_assert_int_eq(v.bank_ms[0], 5000);
    ck_assert_int_eq(v.second_bank_ms[0], 0);
    ck_assert_int_eq(v.second_bank_ms[1], 20000);
    /* the view is pure */
    struct clk before = s;
    clk_view(&s, T0 + 10 * BANK, &v);
    ck_assert_int_eq(memcmp(&before, &s, sizeof s), 0);
    ck_assert_int_eq(v.bank_ms[0], 0);
}
END_TEST

START_TEST(test_CLK1_view_bronstein_mode)
{
    struct clk c = started(CLK_MODE_BRONSTEIN, BANK, 0, DELAY);
    struct clk_view v;
    clk_view(&c, T0 + 5000, &v);
    ck_assert_int_eq(v.bank_ms[0], BANK - 5000);
    ck_assert_int_eq(v.delay_left_ms[0], 5000); /* the give-back to come */
    ck_assert_int_eq(v.delay_left_ms[1], DELAY);
    ck_assert_int_eq(v.flag_at_ms, T0 + BANK);
    clk_view(&c, T0 + 20000, &v);
    ck_assert_int_eq(v.bank_ms[0], BANK - 20000);
    ck_assert_int_eq(v.delay_left_ms[0], DELAY);
    /* the shown bank plus the give-back is what the press leaves */
    ck_assert_int_eq(clk_press(&c, T0 + 20000, 0), CLK_OK);
    ck_assert_int_eq(c.side[0].bank_ms, v.bank_ms[0] + v.delay_left_ms[0]);
    struct clk s = started(CLK_MODE_BRONSTEIN, 30000, 20000, DELAY);
    clk_view(&s, T0 + 10000, &v);
    ck_assert_int_eq(v.bank_ms[0], 20000);
    ck_assert_int_eq(v.second_bank_ms[0], 20000);
    clk_view(&s, T0 + 40000, &v);
    ck_assert_int_eq(v.bank_ms[0], 10000);
    ck_assert_int_eq(v.second_bank_ms[0], 0);
    ck_assert_int_eq(v.flag_at_ms, T0 + 50000);
}
END_TEST

START_TEST(test_CLK1_waiting_clock_shows_banks)
{
    struct clk c;
    clk_init(&c, CLK_MODE_DELAY, BANK, 7000, DELAY);
    ck_assert_int_eq(c.state, CLK_WAITING);
    ck_assert_int_eq(c.running, -1);
    ck_assert_int_eq(c.paused_side, -1);
    ck_assert_int_eq(c.flagged, -1);
    struct clk_view v;
    clk_view(&c, T0 + 99999, &v);
    for (int i = 0; i < 2; i++) {
        ck_assert_int_eq(v.bank_ms[i], BANK);
        ck_assert_int_eq(v.second_bank_ms[i], 7000);
        ck_assert_int_eq(v.delay_left_ms[i], DELAY);
    }
    ck_assert_int_eq(v.flag_at_ms, INT64_MAX);
    ck_assert_int_eq(clk_tick(&c, T0 + 100 * BANK), 0);
}
END_TEST

START_TEST(test_CLK1_huge_bank_never_overflows)
{
    struct clk c = started(CLK_MODE_DELAY, BANK, 0, DELAY);
    ck_assert_int_eq(clk_set(&c, T0, INT64_MAX, INT64_MAX - 1, -1, INT64_MAX), CLK_OK);
    struct clk_view v;
    clk_view(&c, INT64_MAX, &v);
    ck_assert_int_eq(v.flag_at_ms, INT64_MAX);
    ck_assert_int_eq(clk_tick(&c, INT64_MAX), 0);
    ck_assert_int_eq(clk_press(&c, INT64_MAX - 1, 0), CLK_OK);
    ck_assert_int_ge(c.side[0].bank_ms, 0);
    struct clk b;
    clk_init(&b, CLK_MODE_BRONSTEIN, INT64_MAX, INT64_MAX, INT64_MAX);
    ck_assert_int_eq(clk_start(&b, INT64_MIN, 0), CLK_OK);
    clk_view(&b, INT64_MAX, &v);
    ck_assert_int_eq(v.flag_at_ms, INT64_MAX);
    ck_assert_int_ge(v.bank_ms[1], 0);
    ck_assert_int_eq(clk_tick(&b, INT64_MAX), 0);
    ck_assert_int_eq(clk_press(&b, INT64_MAX, 1), CLK_OK);
}
END_TEST

/* a small deterministic generator for the tests */
static uint32_t lcg_below(uint64_t *st, uint32_t n)
{
    *st = *st * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)((*st >> 33) % n);
}

/* ---- property: random presses ---- */

START_TEST(test_CLK_property_random_presses)
{
    for (uint64_t seed = 1; seed <= 300; seed++) {
        uint64_t st = seed;
        enum clk_mode mode = (enum clk_mode)lcg_below(&st, 2);
        int64_t first = 1 + lcg_below(&st, 600000);
        int64_t second = lcg_below(&st, 3) ? 0 : lcg_below(&st, 600000);
        int64_t delay = lcg_below(&st, 4) ? 12000 : lcg_below(&st, 30000);
        struct clk c;
        clk_init(&c, mode, first, second, delay);
        int64_t now = T0 + lcg_below(&st, 100000);
        ck_assert_int_eq(clk_start(&c, now, (int)lcg_below(&st, 2)), CLK_OK);
        int64_t spent[2] = {0, 0};
        for (int step = 0; step < 400 && c.state != CLK_FLAGGED; step++) {
            int side = c.running;
            ck_assert(side == 0 || side == 1);
            if (lcg_below(&st, 20) == 0)
                clk_pickup(&c, now, (int)lcg_below(&st, 2));
            struct clk_view v;
            clk_view(&c, now, &v);
            int64_t left = v.flag_at_ms - now; /* time until the flag */
            ck_assert_int_gt(left, 0);
            int64_t total = c.side[side].bank_ms + c.side[side].second_bank_ms;
            int64_t d = c.turn_delay_ms;
            /* mostly presses before the flag; now and then the flag itself */
            int64_t u = lcg_below(&st, 50) == 0 ? left + lcg_below(&st, 3)
                                                : (int64_t)lcg_below(&st, (uint32_t)left);
            int64_t paused = 0, part = 0;
            if (lcg_below(&st, 10) == 0) { /* a pause in the middle of the turn */
                part = u / 2;
                ck_assert_int_eq(clk_pause(&c, now + part, CLK_R_DISPUTE), CLK_OK);
                paused = lcg_below(&st, 1000000);
                ck_assert_int_eq(clk_resume(&c, now + part + paused), CLK_OK);
            }
            now += u + paused;
            enum clk_err e = clk_press(&c, now, side);
            for (int i = 0; i < 2; i++) {
                ck_assert_int_ge(c.side[i].bank_ms, 0);
                ck_assert_int_ge(c.side[i].second_bank_ms, 0);
            }
            if (u >= left) {
                ck_assert_int_eq(e, CLK_E_STATE);
                ck_assert_int_eq(c.state, CLK_FLAGGED);
                ck_assert_int_eq(c.flagged, side);
                ck_assert_int_eq(c.since_ms, v.flag_at_ms + paused);
                ck_assert_int_eq(c.side[side].bank_ms + c.side[side].second_bank_ms, 0);
                break;
            }
            ck_assert_int_eq(e, CLK_OK);
            /* the consumption is max(0, u - turn delay), taken from the banks */
            int64_t used = u > d ? u - d : 0;
            int64_t after = c.side[side].bank_ms + c.side[side].second_bank_ms;
            ck_assert_int_eq(total - after, used);
            ck_assert_int_gt(after, 0);
            spent[side] += used;
            ck_assert_int_eq(first + second - spent[side], after);
            /* the first part is used before the second */
            if (c.side[side].second_bank_ms > 0)
                ck_assert_int_eq(c.side[side].second_bank_ms, second);
        }
    }
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("clock");
    TCase *tc = tcase_create("clock");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_CLK1_delay_turn_shorter_than_delay);
    tcase_add_test(tc, test_CLK1_delay_turn_exactly_delay);
    tcase_add_test(tc, test_CLK1_delay_turn_longer_than_delay);
    tcase_add_test(tc, test_CLK1_bronstein_turn_shorter_than_delay);
    tcase_add_test(tc, test_CLK1_bronstein_turn_exactly_delay);
    tcase_add_test(tc, test_CLK1_bronstein_turn_longer_than_delay);
    tcase_add_test(tc, test_CLK1_delay_flag_edge);
    tcase_add_test(tc, test_CLK1_bronstein_flag_edge);
    tcase_add_test(tc, test_CLK2_split_bank_flag_edge_both_modes);
    tcase_add_test(tc, test_CLK6_lost_delay_flag_edge);
    tcase_add_test(tc, test_CLK6_lost_delay_charges_whole_turn);
    tcase_add_test(tc, test_CLK1_view_delay_mode);
    tcase_add_test(tc, test_CLK1_view_bronstein_mode);
    tcase_add_test(tc, test_CLK1_waiting_clock_shows_banks);
    tcase_add_test(tc, test_CLK1_huge_bank_never_overflows);
    tcase_add_test(tc, test_CLK_property_random_presses);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
