/* Swing chip-pool logic (DOMAIN.md SWING-1..6): stakes, all-in, pairings, the ledger
 * replay, standings, and property tests over many random events. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "tourney/swing.h"
#include "../check_main.h"

static struct swing_settings settings(int64_t start, int64_t cpp)
{
    struct swing_settings s;
    memset(&s, 0, sizeof s);
    s.start_chips = start;
    s.cpp_start = cpp;
    return s;
}

/* a small deterministic generator for the tests */
static uint32_t lcg_below(void *ctx, uint32_t n)
{
    uint64_t *st = ctx;
    *st = *st * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)((*st >> 33) % n);
}

START_TEST(test_SWING3_source_example_gammon_cube4_cpp300)
{
    struct swing_settings s = settings(10000, 300);
    /* a gammon (2) with the cube at 4 and CPP 300 wins 2,400 chips */
    ck_assert_int_eq(swing_transfer(&s, 300, 2 * 4, 10000, 10000), 2400);
}
END_TEST

START_TEST(test_SWING4_short_stack_wins_gammon)
{
    struct swing_settings s = settings(1000, 300);
    /* the short stack (100 chips) plays for its stack: 2 points x 100 */
    ck_assert_int_eq(swing_transfer(&s, 300, 2, 100, 5000), 200);
    s.allin = SWING_ALLIN_CPP;
    ck_assert_int_eq(swing_transfer(&s, 300, 2, 100, 5000), 600);
}
END_TEST

START_TEST(test_SWING4_short_stack_loses_backgammon)
{
    struct swing_settings s = settings(1000, 300);
    /* 3 x 100 would be 300, but nobody pays more than they hold */
    ck_assert_int_eq(swing_transfer(&s, 300, 3, 5000, 100), 100);
    s.allin = SWING_ALLIN_CPP;
    ck_assert_int_eq(swing_transfer(&s, 300, 3, 5000, 100), 100);
    /* and with a big cube the product is capped before it could overflow */
    ck_assert_int_eq(swing_transfer(&s, (int64_t)1 << 50, 3 * 1024, 5000, 4000), 4000);
}
END_TEST

/* The ledger's why (SWING-3/4): each row says which match, how the game ended, the cube,
 * the points, the stake per point and why it is that stake, the cap, and who decided. */
static void why(const struct swing_settings *s, const struct swing_why *w, char *buf, size_t len)
{
    int n = swing_why_text(s, w, buf, len);
    ck_assert_int_eq(n, (int)strlen(buf));
}

START_TEST(test_SWING3_ledger_why_names_the_game_and_the_stake)
{
    struct swing_settings s = settings(10000, 300);
    char buf[512];
    struct swing_why w = {.round = 2,
                          .match_id = 14,
                          .winner = "Ann",
                          .loser = "Bob",
                          .result = "gammon",
                          .cube = 4,
                          .points = 8,
                          .cpp = 300,
                          .winner_chips = 10000,
                          .loser_chips = 10000,
                          .chips = 2400};
    why(&s, &w, buf, sizeof buf);
    ck_assert_str_eq(buf, "Round 2, match 14: Ann beat Bob by a gammon (x2) with the cube at 4: "
                          "8 points x 300 chips per point (the round's CPP, SWING-3) = 2400 "
                          "chips from Bob to Ann; as the players reported.");
    /* a drop, decided by the TD */
    struct swing_why d = w;
    d.result = "drop";
    d.cube = 2;
    d.points = 2;
    d.chips = 600;
    d.by = 1;
    why(&s, &d, buf, sizeof buf);
    ck_assert_ptr_nonnull(strstr(buf, "Bob dropped Ann's double with the cube at 2"));
    ck_assert_ptr_nonnull(strstr(buf, "2 points x 300 chips per point"));
    ck_assert_ptr_nonnull(strstr(buf, "the TD's verdict"));
    /* a resignation of a backgammon, corrected by the TD */
    struct swing_why rs = w;
    rs.result = "resign";
    rs.level = 3;
    rs.cube = 1;
    rs.points = 3;
    rs.chips = 900;
    rs.by = 2;
    why(&s, &rs, buf, sizeof buf);
    ck_assert_ptr_nonnull(strstr(buf, "Bob resigned a backgammon (x3) to Ann with the cube at 1"));
    ck_assert_ptr_nonnull(strstr(buf, "as corrected by the TD"));
    /* decided without play */
    struct swing_why f = w;
    f.result = NULL;
    f.decided = "withdrawal";
    f.points = 1;
    f.chips = 300;
    why(&s, &f, buf, sizeof buf);
    ck_assert_ptr_nonnull(strstr(buf, "Bob withdrew, Ann wins (decided without play: a single "
                                      "game at cube 1): 1 point x 300"));
    /* a short buffer is cut, the length needed is returned */
    char small[16];
    ck_assert_int_gt(swing_why_text(&s, &w, small, sizeof small), (int)sizeof small);
    ck_assert_int_eq(strlen(small), sizeof small - 1);
}
END_TEST

START_TEST(test_SWING4_ledger_why_explains_all_in)
{
    struct swing_settings s = settings(1000, 300);
    char buf[512];
    /* the short stack (100) wins a gammon: the stake per point is its stack */
    struct swing_why w = {.round = 3,
                          .match_id = 7,
                          .winner = "Short",
                          .loser = "Big",
                          .result = "gammon",
                          .cube = 1,
                          .points = 2,
                          .cpp = 300,
                          .winner_chips = 100,
                          .loser_chips = 5000,
                          .chips = 200};
    why(&s, &w, buf, sizeof buf);
    ck_assert_ptr_nonnull(strstr(buf, "2 points x 100 chips per point (all-in, SWING-4: Short "
                                      "held 100 chips, less than the round's CPP of 300) = 200 "
                                      "chips from Big to Short"));
    /* the short stack loses a backgammon: 3 x 100 = 300, capped at its 100 */
    struct swing_why l = {.round = 3,
                          .match_id = 8,
                          .winner = "Big",
                          .loser = "Short",
                          .result = "backgammon",
                          .cube = 1,
                          .points = 3,
                          .cpp = 300,
                          .winner_chips = 5000,
                          .loser_chips = 100,
                          .chips = 100};
    why(&s, &l, buf, sizeof buf);
    ck_assert_ptr_nonnull(strstr(buf, "3 points x 100 chips per point (all-in, SWING-4"));
    ck_assert_ptr_nonnull(strstr(buf, "= 300, capped at the 100 chips Short held (all-in, "
                                      "SWING-4: nobody pays more than they hold): 100 chips "
                                      "from Short to Big"));
    /* allin "cpp": the stake stays the CPP, only the cap applies */
    s.allin = SWING_ALLIN_CPP;
    l.chips = 100;
    why(&s, &l, buf, sizeof buf);
    ck_assert_ptr_nonnull(strstr(buf, "3 points x 300 chips per point (the round's CPP"));
    ck_assert_ptr_nonnull(strstr(buf, "= 900, capped at the 100 chips Short held"));
}
END_TEST

START_TEST(test_SWING5_schedule_and_growth)
{
    struct swing_settings s = settings(1000, 100);
    s.n_schedule = 3;
    s.schedule[0] = 100, s.schedule[1] = 200, s.schedule[2] = 400;
    ck_assert_int_eq(swing_cpp(&s, 1), 100);
    ck_assert_int_eq(swing_cpp(&s, 3), 400);
    ck_assert_int_eq(swing_cpp(&s, 9), 400); /* the last value holds */
    struct swing_settings g = settings(1000, 100);
    g.growth_percent = 50;
    ck_assert_int_eq(swing_cpp(&g, 1), 100);
    ck_assert_int_eq(swing_cpp(&g, 2), 150);
    ck_assert_int_eq(swing_cpp(&g, 3), 225);
    struct swing_settings a = settings(1000, 100);
    a.growth_add = 25;
    ck_assert_int_eq(swing_cpp(&a, 4), 175);
    struct swing_settings tiny = settings(1000, 1);
    tiny.growth_percent = 10; /* 1 x 1.1 rounds down to 1: it still rises by one */
    ck_assert_int_eq(swing_cpp(&tiny, 2), 2);
}
END_TEST

START_TEST(test_SWING5_decreasing_schedule_refused_unless_allowed)
{
    char err[256];
    struct swing_settings s = settings(1000, 100);
    s.n_schedule = 2;
    s.schedule[0] = 200, s.schedule[1] = 100;
    ck_assert_int_eq(swing_check_settings(&s, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "SWING-5"));
    s.allow_decrease = 1;
    ck_assert_int_eq(swing_check_settings(&s, err, sizeof err), 0);
    struct swing_settings z = settings(1000, 0);
    ck_assert_int_eq(swing_check_settings(&z, err, sizeof err), -1);
    struct swing_settings neg = settings(0, 100);
    ck_assert_int_eq(swing_check_settings(&neg, err, sizeof err), -1);
    struct swing_settings shrink = settings(1000, 100);
    shrink.growth_percent = -10;
    ck_assert_int_eq(swing_check_settings(&shrink, err, sizeof err), -1);
}
END_TEST

START_TEST(test_SWING6_odd_player_sits_never_twice)
{
    int64_t players[5] = {1, 2, 3, 4, 5};
    int sat[5] = {0, 0, 0, 0, 0};
    int64_t pairs[2][2], sitter, last = 0;
    uint64_t seed = 42;
    struct swing_rng rng = {lcg_below, &seed};
    for (int round = 0; round < 200; round++) {
        swing_pair(players, sat, 5, last, NULL, 0, rng, pairs, &sitter);
        ck_assert_int_ne(sitter, last);
        ck_assert_int_ne(sitter, 0);
        /* every player once: the two pairs and the sitter */
        int seen[6] = {0};
        seen[sitter]++;
        for (int p = 0; p < 2; p++)
            seen[pairs[p][0]]++, seen[pairs[p][1]]++;
        for (int k = 1; k <= 5; k++)
            ck_assert_int_eq(seen[k], 1);
        sat[sitter - 1]++;
        last = sitter;
    }
    /* rotation: sit-outs are spread evenly, 40 each over 200 rounds */
    for (int k = 0; k < 5; k++)
        ck_assert_int_eq(sat[k], 40);
}
END_TEST

START_TEST(test_SWING6_previous_pairs_avoided)
{
    int64_t players[6] = {10, 20, 30, 40, 50, 60};
    int sat[6] = {0};
    int64_t prev[3][2] = {{10, 20}, {30, 40}, {50, 60}};
    for (uint64_t seed = 1; seed < 300; seed++) {
        uint64_t st = seed;
        struct swing_rng rng = {lcg_below, &st};
        int64_t pairs[3][2], sitter;
        int rep = swing_pair(players, sat, 6, 0, (const int64_t(*)[2])prev, 3, rng, pairs, &sitter);
        ck_assert_int_eq(rep, 0);
        for (int p = 0; p < 3; p++)
            for (int q = 0; q < 3; q++)
                ck_assert(!((pairs[p][0] == prev[q][0] && pairs[p][1] == prev[q][1]) ||
                            (pairs[p][0] == prev[q][1] && pairs[p][1] == prev[q][0])));
    }
    /* two players: the repeat cannot be avoided, and it is said */
    int64_t two[2] = {1, 2}, prev2[1][2] = {{2, 1}}, pairs2[1][2], sitter;
    uint64_t st = 7;
    struct swing_rng rng = {lcg_below, &st};
    ck_assert_int_eq(
        swing_pair(two, sat, 2, 0, (const int64_t(*)[2])prev2, 1, rng, pairs2, &sitter), 1);
}
END_TEST

/* The audit's case: three players still hold chips, the last round was A-B and C-D (D is
 * out now). Drawing the sitter first among those who sat least (C) forced A-B again; the
 * sitter is now chosen so that the pairing left is fresh, even over the sit-out count. */
START_TEST(test_SWING6_sitter_chosen_to_avoid_a_repeat)
{
    int64_t players[3] = {1, 2, 3}; /* A, B, C */
    int64_t prev[2][2] = {{1, 2}, {3, 4}};
    int sat_even[3] = {0, 0, 0}, sat_ab[3] = {1, 1, 0};
    for (uint64_t seed = 1; seed <= 500; seed++) {
        for (int k = 0; k < 2; k++) {
            uint64_t st = seed;
            struct swing_rng rng = {lcg_below, &st};
            int64_t pairs[1][2], sitter;
            int rep = swing_pair(players, k ? sat_ab : sat_even, 3, 0, (const int64_t(*)[2])prev, 2,
                                 rng, pairs, &sitter);
            ck_assert_int_eq(rep, 0);
            ck_assert(sitter == 1 || sitter == 2); /* C plays: A-B is not repeated */
            ck_assert(pairs[0][0] == 3 || pairs[0][1] == 3);
        }
    }
    /* among several sitters that leave a fresh pairing, the fairness order holds: with
     * five players and the last round's pairs a matching, everyone qualifies, so the one
     * who sat least sits */
    int64_t five[5] = {1, 2, 3, 4, 5}, prev5[2][2] = {{1, 2}, {3, 4}};
    int sat5[5] = {1, 1, 1, 0, 1};
    uint64_t st = 9;
    struct swing_rng rng = {lcg_below, &st};
    int64_t pairs5[2][2], sitter;
    ck_assert_int_eq(
        swing_pair(five, sat5, 5, 5, (const int64_t(*)[2])prev5, 2, rng, pairs5, &sitter), 0);
    ck_assert_int_eq(sitter, 4);
}
END_TEST

/* When both cannot hold, not sitting twice in a row wins over avoiding a repeat. (With
 * real rounds the previous pairs are a matching and the last sitter played nobody, so
 * this needs pairs no round produces.) */
START_TEST(test_SWING6_no_sitting_twice_beats_avoiding_repeats)
{
    int64_t players[3] = {1, 2, 3};
    int64_t prev[2][2] = {{1, 2}, {1, 3}}; /* only 1 sitting leaves 2-3 fresh */
    int sat[3] = {1, 0, 0};
    for (uint64_t seed = 1; seed <= 200; seed++) {
        uint64_t st = seed;
        struct swing_rng rng = {lcg_below, &st};
        int64_t pairs[1][2], sitter;
        int rep = swing_pair(players, sat, 3, 1, (const int64_t(*)[2])prev, 2, rng, pairs, &sitter);
        ck_assert_int_ne(sitter, 1);
        ck_assert_int_eq(rep, 1);
    }
}
END_TEST

/* SWING-2: the pairing is a function of the recorded seed and the state: drawn twice from
 * the same seed, a round comes out the same, sitter included. */
START_TEST(test_SWING2_same_seed_same_state_same_pairing)
{
    int64_t players[9] = {11, 12, 13, 14, 15, 16, 17, 18, 19};
    int sat[9] = {1, 0, 0, 1, 0, 0, 0, 1, 0};
    int64_t prev[4][2] = {{11, 12}, {13, 14}, {15, 16}, {17, 18}};
    int differs = 0;
    int64_t first[4][2] = {{0}};
    for (uint64_t seed = 1; seed <= 100; seed++) {
        int64_t pairs[2][4][2], sitter[2];
        for (int k = 0; k < 2; k++) {
            uint64_t st = seed;
            struct swing_rng rng = {lcg_below, &st};
            swing_pair(players, sat, 9, 19, (const int64_t(*)[2])prev, 4, rng, pairs[k],
                       &sitter[k]);
        }
        ck_assert_int_eq(sitter[0], sitter[1]);
        ck_assert(!memcmp(pairs[0], pairs[1], sizeof pairs[0]));
        if (seed == 1)
            memcpy(first, pairs[0], sizeof first);
        else
            differs += memcmp(first, pairs[0], sizeof first) != 0;
    }
    ck_assert_int_gt(differs, 0); /* and the seed does matter */
}
END_TEST

START_TEST(test_SWING1_replay_standings_and_champion)
{
    struct swing_settings s = settings(1000, 100);
    int64_t ids[3] = {1, 2, 3};
    struct swing_game games[] = {
        {
            1,
            1,
            2,
            2,
        }, /* round 1: 1 beats 2 for 2 points: 200 */
        {
            2,
            3,
            1,
            1,
        }, /* round 2: 3 beats 1, 1 point at CPP 100 */
        {
            3,
            3,
            2,
            8,
        }, /* round 3: 2 has 800, pays 8 x 100 = 800: out */
    };
    struct swing_standing st[3];
    int64_t tr[3];
    int bad[3], nbad;
    ck_assert_int_eq(swing_replay(&s, ids, 3, games, 3, st, tr, bad, &nbad), 0);
    ck_assert_int_eq(nbad, 0);
    ck_assert_int_eq(tr[0], 200);
    ck_assert_int_eq(tr[2], 800);
    ck_assert_int_eq(st[1].chips, 0);
    ck_assert_int_eq(st[1].out_round, 3);
    ck_assert_int_eq(st[1].chips_at_out_round_start, 800);
    ck_assert_int_eq(st[0].chips + st[1].chips + st[2].chips, 3000); /* conserved */
    int rank[3];
    swing_standings(st, 3, rank);
    ck_assert_int_eq(st[0].id, 3); /* 1900 */
    ck_assert_int_eq(st[1].id, 1); /* 1100 */
    ck_assert_int_eq(st[2].id, 2);
    ck_assert_int_eq(swing_champion(st, 3), 0); /* not over while two hold chips */
    /* a game played by a player who had nothing left is found by the replay */
    struct swing_game after[] = {games[0], games[1], games[2], {4, 2, 1, 1}};
    struct swing_standing st2[3];
    int64_t tr2[4];
    ck_assert_int_eq(swing_replay(&s, ids, 3, after, 4, st2, tr2, bad, &nbad), 0);
    ck_assert_int_eq(nbad, 1);
    ck_assert_int_eq(bad[0], 3);
    ck_assert_int_eq(tr2[3], 0);
}
END_TEST

START_TEST(test_SWING5_standings_out_round_and_ties)
{
    struct swing_standing st[4] = {
        {1, 0, 2, 500, 0}, {2, 0, 3, 100, 0}, {3, 0, 3, 300, 0}, {4, 4000, 0, 0, 0}};
    int rank[4];
    swing_standings(st, 4, rank);
    ck_assert_int_eq(st[0].id, 4);
    ck_assert_int_eq(st[1].id, 3); /* out in round 3 with 300 at its start */
    ck_assert_int_eq(st[2].id, 2); /* out in round 3 with 100 */
    ck_assert_int_eq(st[3].id, 1); /* out earlier */
    ck_assert_int_eq(swing_champion(st, 4), 4);
    struct swing_standing tie[2] = {{7, 0, 2, 100, 0}, {5, 0, 2, 100, 0}};
    swing_standings(tie, 2, rank);
    ck_assert_int_eq(rank[0], 1);
    ck_assert_int_eq(rank[1], 1);
}
END_TEST

/* Whole random events: chips are conserved after every round, nobody sits twice in a row
 * when avoidable, and every event ends with one player holding everything. */
START_TEST(test_SWING_property_random_events)
{
    for (uint64_t seed = 1; seed <= 300; seed++) {
        uint64_t st = seed;
        struct swing_rng rng = {lcg_below, &st};
        int n = 2 + (int)lcg_below(&st, 19);
        struct swing_settings s = settings(1000 + 100 * (int64_t)lcg_below(&st, 10), 50);
        s.growth_percent = 20;
        s.allin = lcg_below(&st, 2) ? SWING_ALLIN_CPP : SWING_ALLIN_SHORT_STACK;
        int64_t ids[32];
        int sat[32] = {0};
        for (int i = 0; i < n; i++)
            ids[i] = 100 + i;
        struct swing_game *games = NULL;
        int n_games = 0, cap = 0;
        int64_t last_sitter = 0, prev[16][2];
        int n_prev = 0;
        struct swing_standing standing[32];
        int64_t *tr = NULL;
        int *bad = NULL, nbad;
        int round;
        for (round = 1; round < 5000; round++) {
            /* who still holds chips */
            int64_t alive[32];
            int alive_sat[32], na = 0;
            if (round > 1 || n_games)
                swing_replay(&s, ids, n, games, n_games, standing, tr, bad, &nbad);
            for (int i = 0; i < n; i++) {
                int64_t chips = round == 1 ? s.start_chips : standing[i].chips;
                if (chips > 0) {
                    alive_sat[na] = sat[i];
                    alive[na++] = ids[i];
                }
            }
            if (na == 1)
                break;
            int64_t pairs[16][2], sitter;
            swing_pair(alive, alive_sat, na, last_sitter, (const int64_t(*)[2])prev, n_prev, rng,
                       pairs, &sitter);
            if (na > 2 && na % 2)
                ck_assert_int_ne(sitter, last_sitter);
            if (sitter)
                sat[sitter - 100]++;
            last_sitter = sitter;
            for (int p = 0; p < na / 2; p++) {
                if (n_games == cap) {
                    cap = cap ? 2 * cap : 64;
                    games = realloc(games, (size_t)cap * sizeof *games);
                    tr = realloc(tr, (size_t)cap * sizeof *tr);
                    bad = realloc(bad, (size_t)cap * sizeof *bad);
                }
                int w = (int)lcg_below(&st, 2);
                int64_t points = (1 + lcg_below(&st, 3)) * (1 << lcg_below(&st, 3));
                games[n_games++] = (struct swing_game){round, pairs[p][w], pairs[p][1 - w], points};
                prev[p][0] = pairs[p][0];
                prev[p][1] = pairs[p][1];
            }
            n_prev = na / 2;
            ck_assert_int_eq(swing_replay(&s, ids, n, games, n_games, standing, tr, bad, &nbad), 0);
            ck_assert_int_eq(nbad, 0);
            int64_t total = 0;
            for (int i = 0; i < n; i++) {
                ck_assert_int_ge(standing[i].chips, 0);
                total += standing[i].chips;
            }
            ck_assert_int_eq(total, s.start_chips * n);
        }
        ck_assert_msg(round < 5000, "seed %llu: the event did not end", (unsigned long long)seed);
        int rank[32];
        swing_standings(standing, n, rank);
        ck_assert_int_ne(swing_champion(standing, n), 0);
        free(games);
        free(tr);
        free(bad);
    }
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("swing");
    TCase *tc = tcase_create("swing");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_SWING3_source_example_gammon_cube4_cpp300);
    tcase_add_test(tc, test_SWING4_short_stack_wins_gammon);
    tcase_add_test(tc, test_SWING4_short_stack_loses_backgammon);
    tcase_add_test(tc, test_SWING3_ledger_why_names_the_game_and_the_stake);
    tcase_add_test(tc, test_SWING4_ledger_why_explains_all_in);
    tcase_add_test(tc, test_SWING5_schedule_and_growth);
    tcase_add_test(tc, test_SWING5_decreasing_schedule_refused_unless_allowed);
    tcase_add_test(tc, test_SWING6_odd_player_sits_never_twice);
    tcase_add_test(tc, test_SWING6_previous_pairs_avoided);
    tcase_add_test(tc, test_SWING6_sitter_chosen_to_avoid_a_repeat);
    tcase_add_test(tc, test_SWING6_no_sitting_twice_beats_avoiding_repeats);
    tcase_add_test(tc, test_SWING2_same_seed_same_state_same_pairing);
    tcase_add_test(tc, test_SWING1_replay_standings_and_champion);
    tcase_add_test(tc, test_SWING5_standings_out_round_and_ties);
    tcase_add_test(tc, test_SWING_property_random_events);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
