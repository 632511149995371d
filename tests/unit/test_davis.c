/* Davis Cup logic (DOMAIN.md DAVIS-1..3): the tie's phases and its winner, dead rubbers,
 * the circle-method round robin, and standings with their tie-breaks. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "tourney/davis.h"
#include "../check_main.h"

#define O DAVIS_OPEN
#define V DAVIS_VOID

START_TEST(test_DAVIS2_rubbers_and_phases)
{
    /* phase 1: A1 v B2 and A2 v B1; phase 2: the pairs; phase 3: A1 v B1, A2 v B2 */
    ck_assert_int_eq(davis_rubbers[0].phase, 1);
    ck_assert(davis_rubbers[0].a_member == 1 && davis_rubbers[0].b_member == 2);
    ck_assert(davis_rubbers[1].a_member == 2 && davis_rubbers[1].b_member == 1);
    ck_assert(davis_rubbers[2].phase == 2 && davis_rubbers[2].a_member == 0);
    ck_assert(davis_rubbers[3].a_member == 1 && davis_rubbers[3].b_member == 1);
    ck_assert(davis_rubbers[4].a_member == 2 && davis_rubbers[4].b_member == 2);
    struct davis_tie_state s;
    int r[5] = {O, O, O, O, O};
    davis_tie_state(r, 1, &s);
    ck_assert_int_eq(s.open_phase, 1);
    r[0] = 0; /* phase 1 half done: still phase 1 */
    davis_tie_state(r, 1, &s);
    ck_assert_int_eq(s.open_phase, 1);
    r[1] = 1; /* a phase opens when the one before is complete */
    davis_tie_state(r, 1, &s);
    ck_assert_int_eq(s.open_phase, 2);
    r[2] = 0;
    davis_tie_state(r, 1, &s);
    ck_assert_int_eq(s.open_phase, 3);
    ck_assert_int_eq(s.winner, -1);
    r[3] = 1;
    r[4] = 0;
    davis_tie_state(r, 1, &s);
    ck_assert_int_eq(s.winner, 0); /* the majority of five: 3-2 */
    ck_assert(s.complete);
    ck_assert_int_eq(s.open_phase, 0);
}
END_TEST

START_TEST(test_DAVIS2_dead_rubbers_setting)
{
    struct davis_tie_state s;
    int r[5] = {0, 0, 0, O, O}; /* A won the first three */
    davis_tie_state(r, 0, &s);
    ck_assert_int_eq(s.winner, 0);
    ck_assert(s.dead[3] && s.dead[4]);
    ck_assert(s.complete); /* dead rubbers are not played */
    davis_tie_state(r, 1, &s);
    ck_assert_int_eq(s.winner, 0);
    ck_assert(!s.complete); /* ... unless the setting says so */
    ck_assert_int_eq(s.open_phase, 3);
    int v[5] = {0, 0, 0, V, V};
    davis_tie_state(v, 0, &s);
    ck_assert(s.complete);
    ck_assert_int_eq(s.wins[0], 3);
}
END_TEST

START_TEST(test_DAVIS3_round_robin_circle_method)
{
    for (int n = 2; n <= 12; n++) {
        int pairs[200][2];
        int rounds = davis_round_robin(n, pairs, 200);
        int m = n % 2 ? n + 1 : n;
        ck_assert_int_eq(rounds, m - 1);
        int met[13][13];
        memset(met, 0, sizeof met);
        for (int r = 0; r < rounds; r++) {
            int seen[13] = {0};
            for (int k = 0; k < m / 2; k++) {
                int a = pairs[r * (m / 2) + k][0], b = pairs[r * (m / 2) + k][1];
                ck_assert(a >= 1 && a <= n);
                ck_assert(b >= 0 && b <= n);
                seen[a]++;
                if (b)
                    seen[b]++, met[a][b]++, met[b][a]++;
            }
            for (int t = 1; t <= n; t++)
                ck_assert_int_eq(seen[t], 1); /* everyone plays or has the bye, once */
        }
        for (int a = 1; a <= n; a++)
            for (int b = 1; b <= n; b++)
                ck_assert_int_eq(met[a][b], a == b ? 0 : 1); /* each pair meets once */
    }
}
END_TEST

START_TEST(test_DAVIS3_standings_order_and_head_to_head)
{
    /* ties won: 3 three, 1 two, 2 one, 4 none */
    struct davis_tie_result t[] = {
        {{1, 2}, {3, 2}, {30, 28}, 0}, {{3, 4}, {3, 2}, {25, 20}, 0}, {{1, 3}, {2, 3}, {20, 25}, 1},
        {{2, 4}, {3, 2}, {28, 20}, 0}, {{1, 4}, {3, 2}, {28, 20}, 0}, {{2, 3}, {2, 3}, {27, 30}, 1},
    };
    struct davis_standing st[4];
    davis_standings(4, t, 6, st);
    /* ties won: 1: 2, 2: 1, 3: 3, 4: 0 */
    ck_assert_int_eq(st[0].team, 3);
    ck_assert_int_eq(st[0].ties_won, 3);
    ck_assert_int_eq(st[1].team, 1);
    ck_assert_int_eq(st[2].team, 2);
    ck_assert_int_eq(st[3].team, 4);
    ck_assert_int_eq(st[1].matches_won, 8);
    /* level on ties, matches and points: head-to-head decides */
    struct davis_tie_result h[] = {
        {{1, 2}, {2, 3}, {20, 20}, 1}, /* 2 beat 1 */
        {{1, 3}, {3, 2}, {20, 20}, 0},
        {{2, 3}, {2, 3}, {20, 20}, 1},
    };
    davis_standings(3, h, 3, st);
    /* all have 1 tie won, 5 matches won, difference 0; head-to-head among all three is
     * 1 each: a true tie, equal ranks */
    ck_assert_int_eq(st[0].rank, 1);
    ck_assert_int_eq(st[1].rank, 1);
    ck_assert_int_eq(st[2].rank, 1);
    struct davis_tie_result two[] = {
        {{1, 2}, {2, 3}, {20, 20}, 1}, /* 2 beat 1 */
        {{1, 3}, {3, 2}, {25, 20}, 0},
        {{2, 3}, {3, 2}, {25, 20}, 0},
    };
    davis_standings(3, two, 3, st);
    /* 2: 2 ties; 1: 1 tie; 3: 0 */
    ck_assert_int_eq(st[0].team, 2);
    ck_assert_int_eq(st[1].team, 1);
    ck_assert_int_eq(st[1].rank, 2);
}
END_TEST

/* The order of the teams in st[0..n), and their ranks. */
static void assert_order(const struct davis_standing *st, int n, const int *teams, const int *ranks)
{
    for (int i = 0; i < n; i++) {
        ck_assert_msg(st[i].team == teams[i], "place %d: team %d, expected %d", i + 1, st[i].team,
                      teams[i]);
        ck_assert_int_eq(st[i].rank, ranks[i]);
    }
}

/* Four teams, two rounds of the circle (1 v 2, 3 v 4; 1 v 3, 2 v 4): in each case teams 1
 * and 2 win one tie each and team 1 beat team 2, so head-to-head and the team numbers put 1
 * first; a key before head-to-head that favours 2 must put 2 first. */
START_TEST(test_DAVIS3_standings_matches_won_decide)
{
    struct davis_tie_result t[] = {
        {{1, 2}, {3, 2}, {40, 10}, 0}, /* 1 beat 2 */
        {{3, 4}, {3, 0}, {15, 0}, 0},
        {{1, 3}, {1, 3}, {5, 15}, 1}, /* 1 won one match only */
        {{2, 4}, {3, 0}, {15, 0}, 0},
    };
    struct davis_standing st[4];
    davis_standings(4, t, 4, st);
    /* 1 and 2: one tie each; matches won 1: 4, 2: 5; points difference 1: +20, 2: -15 */
    assert_order(st, 4, (int[]){3, 2, 1, 4}, (int[]){1, 2, 3, 4});
    ck_assert_int_eq(st[1].ties_won, 1);
    ck_assert_int_eq(st[2].ties_won, 1);
    ck_assert_int_eq(st[1].matches_won, 5);
    ck_assert_int_eq(st[2].matches_won, 4);
    ck_assert_int_gt(st[2].points_for - st[2].points_against,
                     st[1].points_for - st[1].points_against);
}
END_TEST

START_TEST(test_DAVIS3_standings_points_difference_decides)
{
    struct davis_tie_result t[] = {
        {{1, 2}, {3, 2}, {20, 18}, 0}, /* 1 beat 2 */
        {{3, 4}, {3, 0}, {15, 0}, 0},
        {{1, 3}, {2, 3}, {20, 22}, 1},
        {{2, 4}, {3, 2}, {30, 10}, 0},
    };
    struct davis_standing st[4];
    davis_standings(4, t, 4, st);
    /* 1 and 2: one tie and five matches each; points difference 1: 0, 2: +18 */
    assert_order(st, 4, (int[]){3, 2, 1, 4}, (int[]){1, 2, 3, 4});
    ck_assert_int_eq(st[1].matches_won, 5);
    ck_assert_int_eq(st[2].matches_won, 5);
    ck_assert_int_eq(st[1].points_for - st[1].points_against, 18);
    ck_assert_int_eq(st[2].points_for - st[2].points_against, 0);
}
END_TEST

START_TEST(test_DAVIS3_standings_head_to_head_separates_two)
{
    struct davis_tie_result t[] = {
        {{1, 2}, {2, 3}, {20, 22}, 1}, /* 2 beat 1 */
        {{3, 4}, {3, 0}, {15, 0}, 0},
        {{1, 3}, {3, 2}, {22, 20}, 0},
        {{2, 4}, {2, 3}, {20, 22}, 1},
    };
    struct davis_standing st[4];
    davis_standings(4, t, 4, st);
    /* every team won one tie; 3 leads on points (+13); 1 and 2 are level on matches (5) and
     * points difference (0): 2 beat 1, so 2 is ahead (the team numbers would say 1) */
    assert_order(st, 4, (int[]){3, 2, 1, 4}, (int[]){1, 2, 3, 4});
    for (int i = 1; i < 3; i++) {
        ck_assert_int_eq(st[i].ties_won, 1);
        ck_assert_int_eq(st[i].matches_won, 5);
        ck_assert_int_eq(st[i].points_for - st[i].points_against, 0);
    }
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("davis");
    TCase *tc = tcase_create("davis");
    tcase_add_test(tc, test_DAVIS2_rubbers_and_phases);
    tcase_add_test(tc, test_DAVIS2_dead_rubbers_setting);
    tcase_add_test(tc, test_DAVIS3_round_robin_circle_method);
    tcase_add_test(tc, test_DAVIS3_standings_order_and_head_to_head);
    tcase_add_test(tc, test_DAVIS3_standings_matches_won_decide);
    tcase_add_test(tc, test_DAVIS3_standings_points_difference_decides);
    tcase_add_test(tc, test_DAVIS3_standings_head_to_head_separates_two);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
