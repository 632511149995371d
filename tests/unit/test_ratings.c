/* Unit tests of tourney/ratings.c, RAT-1: the FIBS formula against values worked by hand
 * (the rec.games.backgammon FAQ's 0.576 among them), each variant and exclusion, and the
 * book: a correction, an undone match and a late result recompute what follows, so that
 * any sequence of results and corrections ends where a fresh computation over the final
 * results does. */
#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tourney/ratings.h"
#include "tourney/rng.h"
#include "../check_main.h"

#define NEAR(a, b)                                                                                 \
    ck_assert_msg(fabs((a) - (b)) < 1e-9, "%.15f, not %.15f", (double)(a), (double)(b))

/* The FAQ's check: 100 points apart, a 7-point match, the favourite wins with probability
 * 0.576. By hand: 100 x sqrt(7) / 2000 = 0.1322876; 10^0.1322876 = 1.3560869; the underdog
 * 1 / 2.3560869 = 0.4244325, the favourite 0.5755675. */
START_TEST(test_RAT1_favourite_wins_0576)
{
    double pu = rat_underdog_p(1600, 1500, 7);
    NEAR(pu, 0.4244325370487623);
    ck_assert_int_eq((int)lround((1 - pu) * 1000), 576);
    ck_assert(rat_underdog_p(1500, 1600, 7) == pu); /* D is a distance */
    NEAR(rat_underdog_p(1500, 1500, 11), 0.5);
}
END_TEST

/* K = max(1, 5 - experience / 100); MacFIBS counts this match's length too. */
START_TEST(test_RAT1_k_from_experience)
{
    struct rat_settings s;
    rat_settings_default(&s);
    NEAR(rat_k(&s, 0, 7), 5);
    NEAR(rat_k(&s, 150, 7), 3.5);
    NEAR(rat_k(&s, 399, 7), 1.01);
    NEAR(rat_k(&s, 400, 7), 1);
    NEAR(rat_k(&s, 5000, 7), 1);
    s.count_this_match = 1;
    NEAR(rat_k(&s, 150, 7), 3.43);
    NEAR(rat_k(&s, 0, 5), 4.95);
}
END_TEST

/* Worked by hand (sqrt 7 = 2.6457513, P_u = 0.4244325 as above): the favourite (1600,
 * experience 500, K 1) beats the underdog (1500, experience 200, K 3): P = P_u; the winner
 * gains 4 x 1 x 2.6457513 x 0.4244325 = 4.4917718, the loser loses 4 x 3 x ... = 13.4753153.
 * The underdog beats the favourite: P = 0.5755675; gains 4 x 3 x 2.6457513 x 0.5755675 =
 * 18.2737004, the favourite loses 4 x 1 x ... = 6.0912335. */
START_TEST(test_RAT1_fibs_changes_by_hand)
{
    struct rat_settings s;
    rat_settings_default(&s);
    double gain, loss;
    rat_fibs(&s, 1600, 500, 1500, 200, 7, &gain, &loss);
    NEAR(gain, 4.491771765420934);
    NEAR(loss, 13.475315296262801);
    rat_fibs(&s, 1500, 200, 1600, 500, 7, &gain, &loss);
    NEAR(gain, 18.27370043651229);
    NEAR(loss, 6.09123347883743);
    /* two new players, a 5-point match: P = 1/2, K = 5: 4 x 5 x sqrt 5 x 1/2 = 22.3606798 */
    rat_fibs(&s, 1500, 0, 1500, 0, 5, &gain, &loss);
    NEAR(gain, 22.360679774997898);
    NEAR(loss, 22.360679774997898);
}
END_TEST

static struct rat_match match(int64_t id, int64_t a, int64_t b, int length, int winner)
{
    return (struct rat_match){
        .id = id, .order = id, .player = {{a, 0}, {b, 0}}, .length = length, .winner = winner};
}

static void decide(struct rat_book *b, struct rat_match m)
{
    char err[128];
    ck_assert_msg(rat_book_decide(b, &m, err, sizeof err) == 0, "%s", err);
}

static double rating(const struct rat_book *b, int64_t id)
{
    struct rat_standing st;
    rat_book_standing(b, id, &st);
    return st.rating;
}

/* The book applies the formula with each player's own values: new players start at 1500
 * with no experience, the starting values given by hand are used, experience adds up. */
START_TEST(test_RAT1_book_applies_formula)
{
    struct rat_settings s;
    rat_settings_default(&s);
    const struct rat_player start[] = {{1, 1600, 500}, {2, 1500, 200}};
    struct rat_book *b = rat_book_new(&s, start, 2);
    decide(b, match(100, 1, 2, 7, 0));
    NEAR(rating(b, 1), 1600 + 4.491771765420934);
    NEAR(rating(b, 2), 1500 - 13.475315296262801);
    decide(b, match(101, 3, 4, 5, 1)); /* two new players */
    NEAR(rating(b, 4), 1522.360679774998);
    NEAR(rating(b, 3), 1477.639320225002);
    struct rat_standing st;
    rat_book_standing(b, 2, &st);
    ck_assert_int_eq(st.experience, 207);
    ck_assert_int_eq(st.matches, 1);
    rat_book_standing(b, 99, &st); /* nobody the book knows */
    NEAR(st.rating, 1500);
    struct rat_change c;
    ck_assert_int_eq(rat_book_change(b, 100, &c), 0);
    ck_assert(c.rated);
    NEAR(c.before[1][0], 1500);
    ck_assert_int_eq(c.exp_before[0][0], 500);
    NEAR(c.delta[0][0], 4.491771765420934);
    ck_assert_int_eq(rat_book_change(b, 555, &c), -1);
    rat_book_free(b);
}
END_TEST

/* The variant that counts this match in the experience (MacFIBS): equal ratings, both at
 * experience 150, a 7-point match: K 3.43 and not 3.5: 4 x 3.43 x sqrt 7 x 1/2 = 18.1498540
 * and not 18.5202592. */
START_TEST(test_RAT1_variant_count_this_match)
{
    struct rat_settings s;
    rat_settings_default(&s);
    const struct rat_player start[] = {{1, 1500, 150}, {2, 1500, 150}};
    for (int v = 0; v < 2; v++) {
        s.count_this_match = v;
        struct rat_book *b = rat_book_new(&s, start, 2);
        decide(b, match(1, 1, 2, 7, 0));
        NEAR(rating(b, 1) - 1500, v ? 18.149853993903093 : 18.520259177452136);
        NEAR(1500 - rating(b, 2), v ? 18.149853993903093 : 18.520259177452136);
        rat_book_free(b);
    }
}
END_TEST

/* Each exclusion: by default a match of that kind changes neither rating nor experience;
 * with the exclusion off it is rated. And how a match's end maps to its kinds. */
START_TEST(test_RAT1_exclusions_each)
{
    static const unsigned kinds[] = {RAT_X_FORFEIT, RAT_X_WALKOVER,      RAT_X_ONE_POINT,
                                     RAT_X_UNFINISHED, RAT_X_SWING, RAT_X_DAVIS_DOUBLES,
                                     RAT_X_CONCEDED, RAT_X_TIME};
    for (size_t i = 0; i < sizeof kinds / sizeof *kinds; i++) {
        for (int on = 0; on < 2; on++) {
            struct rat_settings s;
            rat_settings_default(&s);
            s.exclude = on ? s.exclude | kinds[i] : s.exclude & ~kinds[i];
            struct rat_book *b = rat_book_new(&s, NULL, 0);
            struct rat_match m = match(1, 1, 2, kinds[i] == RAT_X_ONE_POINT ? 1 : 5, 0);
            m.kind = kinds[i];
            decide(b, m);
            struct rat_change c;
            rat_book_change(b, 1, &c);
            struct rat_standing st;
            rat_book_standing(b, 1, &st);
            ck_assert_msg(c.rated == !on, "kind %x excluded %d", kinds[i], on);
            ck_assert_int_eq(st.experience, on ? 0 : m.length);
            ck_assert(on ? st.rating == 1500 : st.rating > 1500);
            rat_book_free(b);
        }
    }
    /* a bye is never rated: there is nobody to rate it against */
    struct rat_settings s;
    rat_settings_default(&s);
    s.exclude = 0;
    struct rat_book *b = rat_book_new(&s, NULL, 0);
    struct rat_match m = match(1, 1, 0, 5, 0);
    m.kind = RAT_X_BYE;
    decide(b, m);
    NEAR(rating(b, 1), 1500);
    rat_book_free(b);
    ck_assert_uint_eq(rat_kind(ME_PLAYED, 7, 1), 0);
    ck_assert_uint_eq(rat_kind(ME_RULING, 7, 1), 0);
    ck_assert_uint_eq(rat_kind(ME_PLAYED, 1, 1), RAT_X_ONE_POINT);
    ck_assert_uint_eq(rat_kind(ME_BYE, 5, 1), RAT_X_BYE);
    ck_assert_uint_eq(rat_kind(ME_WALKOVER, 5, 1), RAT_X_WALKOVER);
    ck_assert_uint_eq(rat_kind(ME_LATENESS, 5, 0), RAT_X_FORFEIT);
    ck_assert_uint_eq(rat_kind(ME_DISQUALIFIED, 5, 0), RAT_X_FORFEIT);
    ck_assert_uint_eq(rat_kind(ME_WITHDRAWN, 1, 0), RAT_X_FORFEIT | RAT_X_ONE_POINT);
}
END_TEST

/* RAT-1 and the tournament rules (WBGF 2.1): a conceded match (MATCH-7, the loser resigned
 * it) and one lost on time (CLK-7, the clock rule decides it) are decided results, rated by
 * default, each a kind a list may leave out; only a match the TD's ruling stopped short of
 * its length is unfinished (excluded by default, as UK lists do). */
START_TEST(test_RAT1_conceded_and_time_are_rated_results)
{
    ck_assert_uint_eq(rat_kind(ME_CONCEDED, 5, 0), RAT_X_CONCEDED);
    ck_assert_uint_eq(rat_kind(ME_TIME, 5, 0), RAT_X_TIME);
    ck_assert_uint_eq(rat_kind(ME_RULING, 5, 0), RAT_X_UNFINISHED);
    struct rat_settings s;
    rat_settings_default(&s);
    ck_assert_uint_eq(s.exclude & (RAT_X_CONCEDED | RAT_X_TIME), 0);
    ck_assert_uint_eq(s.exclude & RAT_X_UNFINISHED, RAT_X_UNFINISHED);
    struct rat_book *b = rat_book_new(&s, NULL, 0);
    struct rat_match m = match(1, 1, 2, 5, 0);
    m.kind = rat_kind(ME_CONCEDED, 5, 0);
    decide(b, m);
    m = match(2, 1, 2, 5, 1);
    m.kind = rat_kind(ME_TIME, 5, 0);
    decide(b, m);
    struct rat_change c;
    rat_book_change(b, 1, &c);
    ck_assert(c.rated);
    rat_book_change(b, 2, &c);
    ck_assert(c.rated);
    rat_book_free(b);
}
END_TEST

/* A Davis Cup doubles rubber, when rated: each side's rating the mean of its pair, each
 * member's change by their own K. Pairs of mean 1500 each, a 3-point match: P = 1/2; a
 * member of experience 0 gains 4 x 5 x sqrt 3 x 1/2 = 17.3205081, one of 300 (K 2)
 * 6.9282032. */
START_TEST(test_RAT1_doubles_pair_mean)
{
    struct rat_settings s;
    rat_settings_default(&s);
    s.exclude = 0;
    const struct rat_player start[] = {{1, 1600, 0}, {2, 1400, 300}, {3, 1500, 0}, {4, 1500, 0}};
    struct rat_book *b = rat_book_new(&s, start, 4);
    struct rat_match m = {
        .id = 1, .player = {{1, 2}, {3, 4}}, .length = 3, .winner = 0, .kind = RAT_X_DAVIS_DOUBLES};
    decide(b, m);
    NEAR(rating(b, 1), 1600 + 17.320508075688775);
    NEAR(rating(b, 2), 1400 + 6.928203230275509);
    NEAR(rating(b, 3), 1500 - 17.320508075688775);
    NEAR(rating(b, 4), 1500 - 17.320508075688775);
    rat_book_free(b);
}
END_TEST

/* Provisional while the experience is under the threshold: 93 + a 7-point match = 100. */
START_TEST(test_RAT1_provisional_threshold)
{
    struct rat_settings s;
    rat_settings_default(&s);
    s.provisional_below = 100;
    const struct rat_player start[] = {{1, 1500, 93}, {2, 1500, 400}};
    struct rat_book *b = rat_book_new(&s, start, 2);
    struct rat_standing st;
    rat_book_standing(b, 1, &st);
    ck_assert(st.provisional);
    rat_book_standing(b, 2, &st);
    ck_assert(!st.provisional);
    rat_book_standing(b, 3, &st); /* new */
    ck_assert(st.provisional);
    decide(b, match(1, 1, 2, 7, 1));
    rat_book_standing(b, 1, &st);
    ck_assert(!st.provisional);
    rat_book_free(b);
}
END_TEST

/* A correction keeps its match's place and changes what follows; an undone match is taken
 * out and what followed computed again; a result decided late goes to its place. */
START_TEST(test_RAT1_correction_and_undo_recompute_later)
{
    struct rat_settings s;
    rat_settings_default(&s);
    struct rat_book *b = rat_book_new(&s, NULL, 0);
    decide(b, match(1, 1, 2, 5, 0));
    decide(b, match(2, 2, 3, 7, 0));
    double after_win = rating(b, 3);
    struct rat_change c;
    rat_book_change(b, 2, &c);
    NEAR(c.before[0][0], 1500 - 22.360679774997898);
    /* match 1 corrected: player 2 won it; match 2 now starts from 1522.36 */
    struct rat_match m = match(1, 1, 2, 5, 1);
    m.order = 99; /* a correction keeps the first decision's place */
    decide(b, m);
    struct rat_match first;
    rat_book_at(b, 0, &first, NULL);
    ck_assert_int_eq(first.id, 1);
    ck_assert_int_eq(first.winner, 1);
    rat_book_change(b, 2, &c);
    NEAR(c.before[0][0], 1500 + 22.360679774997898);
    ck_assert(rating(b, 3) != after_win);
    /* undone: match 2 as if match 1 had never been */
    ck_assert_int_eq(rat_book_undo(b, 1), 0);
    ck_assert_int_eq(rat_book_undo(b, 1), -1);
    ck_assert_uint_eq(rat_book_count(b), 1);
    rat_book_change(b, 2, &c);
    NEAR(c.before[0][0], 1500);
    NEAR(rating(b, 1), 1500);
    /* a result first decided before match 2 (order 0) but given late goes before it */
    struct rat_match late = match(3, 2, 4, 5, 1);
    late.order = 0;
    decide(b, late);
    ck_assert_int_eq(rat_book_at(b, 0, &first, NULL), 0);
    ck_assert_int_eq(first.id, 3);
    rat_book_change(b, 2, &c);
    NEAR(c.before[0][0], 1500 - 22.360679774997898);
    /* a player's starting values changed by hand */
    const struct rat_player p2 = {2, 1700, 0};
    ck_assert_int_eq(rat_book_set_player(b, &p2), 0);
    rat_book_change(b, 3, &c);
    NEAR(c.before[0][0], 1700);
    rat_book_free(b);
}
END_TEST

/* What is no match is refused and changes nothing. */
START_TEST(test_RAT1_bad_matches_refused)
{
    struct rat_settings s;
    rat_settings_default(&s);
    struct rat_book *b = rat_book_new(&s, NULL, 0);
    decide(b, match(1, 1, 2, 5, 0));
    double r1 = rating(b, 1);
    struct rat_match bad[] = {match(2, 1, 2, 0, 0), match(2, 1, 2, 5, 2), match(2, 1, 0, 5, 0),
                              match(2, 1, 1, 5, 0), match(1, 1, 1, 5, 0), match(0, 1, 2, 5, 0)};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        char err[128] = "";
        ck_assert_int_eq(rat_book_decide(b, &bad[i], err, sizeof err), -1);
        ck_assert_msg(err[0], "no reason for %zu", i);
    }
    ck_assert_uint_eq(rat_book_count(b), 1);
    ck_assert(rating(b, 1) == r1);
    char err[128];
    struct rat_match twice[] = {match(5, 1, 2, 5, 0), match(5, 1, 3, 5, 0)};
    ck_assert_int_eq(rat_book_load(b, twice, 2, err, sizeof err), -1);
    ck_assert_uint_eq(rat_book_count(b), 1);
    rat_book_free(b);
}
END_TEST

#define PLAYERS 24
#define OPS 3000

/* The property: a random sequence of results, corrections (winner, length, kind, even the
 * players), undone matches, late results and starting values changed, applied one at a
 * time, ends with exactly the changes and ratings of a fresh computation over the final
 * results (given in another order), match by match and player by player. */
START_TEST(test_RAT1_random_sequence_equals_fresh)
{
    struct rng r;
    rng_seed(&r, 0x5EED0034);
    struct rat_settings s;
    rat_settings_default(&s);
    s.exclude = RAT_X_BYE | RAT_X_FORFEIT | RAT_X_ONE_POINT;
    s.count_this_match = 1;
    struct rat_player start[PLAYERS];
    for (int i = 0; i < PLAYERS; i++)
        start[i] = (struct rat_player){i + 1, 1300 + (double)rng_below(&r, 500),
                                       (int64_t)rng_below(&r, 600)};
    struct rat_book *b = rat_book_new(&s, start, PLAYERS);
    struct rat_match *live = calloc(OPS, sizeof *live); /* the decided matches now */
    size_t n = 0;
    int64_t next_id = 1, clock = 1000;
    int corrections = 0, undos = 0, lates = 0;
    for (int op = 0; op < OPS; op++) {
        uint64_t what = rng_below(&r, 100);
        char err[128];
        if (what < 55 || n == 0) { /* a new result, now or (sometimes) late */
            struct rat_match m = match(next_id++, 0, 0, 1 + (int)rng_below(&r, 13), 0);
            m.player[0][0] = 1 + (int64_t)rng_below(&r, PLAYERS);
            do
                m.player[1][0] = 1 + (int64_t)rng_below(&r, PLAYERS);
            while (m.player[1][0] == m.player[0][0]);
            m.winner = (int)rng_below(&r, 2);
            m.kind = rng_below(&r, 10) == 0 ? RAT_X_FORFEIT : 0;
            m.order = clock++;
            if (rng_below(&r, 10) == 0 && clock > 1010)
                m.order = clock - 1 - (int64_t)rng_below(&r, 10), lates++;
            ck_assert_msg(rat_book_decide(b, &m, err, sizeof err) == 0, "%s", err);
            live[n++] = m;
        } else if (what < 85) { /* a correction */
            size_t i = rng_below(&r, n);
            struct rat_match m = live[i];
            m.winner = 1 - m.winner;
            if (rng_below(&r, 3) == 0)
                m.length = 1 + (int)rng_below(&r, 13);
            if (rng_below(&r, 5) == 0)
                m.kind ^= RAT_X_FORFEIT;
            if (rng_below(&r, 8) == 0) /* handed to another player (KO-10) */
                do
                    m.player[1][0] = 1 + (int64_t)rng_below(&r, PLAYERS);
                while (m.player[1][0] == m.player[0][0]);
            m.order = clock++; /* ignored: the match keeps its place */
            ck_assert_msg(rat_book_decide(b, &m, err, sizeof err) == 0, "%s", err);
            m.order = live[i].order;
            live[i] = m;
            corrections++;
        } else if (what < 97) { /* undone */
            size_t i = rng_below(&r, n);
            ck_assert_int_eq(rat_book_undo(b, live[i].id), 0);
            live[i] = live[--n];
            undos++;
        } else { /* a starting value changed */
            struct rat_player *p = &start[rng_below(&r, PLAYERS)];
            p->rating = 1300 + (double)rng_below(&r, 500);
            ck_assert_int_eq(rat_book_set_player(b, p), 0);
        }
    }
    ck_assert(corrections > 500 && undos > 200 && lates > 50);
    /* the fresh computation, from the list shuffled */
    rng_shuffle(&r, live, n, sizeof *live);
    struct rat_book *fresh = rat_book_new(&s, start, PLAYERS);
    char err[128];
    ck_assert_msg(rat_book_load(fresh, live, n, err, sizeof err) == 0, "%s", err);
    ck_assert_uint_eq(rat_book_count(b), n);
    ck_assert_uint_eq(rat_book_count(fresh), n);
    for (size_t i = 0; i < n; i++) {
        struct rat_match ma, mb;
        struct rat_change ca, cb;
        rat_book_at(b, i, &ma, &ca);
        rat_book_at(fresh, i, &mb, &cb);
        ck_assert_int_eq(ma.id, mb.id);
        ck_assert_msg(ca.rated == cb.rated && !memcmp(ca.before, cb.before, sizeof ca.before) &&
                          !memcmp(ca.delta, cb.delta, sizeof ca.delta) &&
                          !memcmp(ca.exp_before, cb.exp_before, sizeof ca.exp_before),
                      "match %lld differs", (long long)ma.id);
    }
    for (int64_t p = 1; p <= PLAYERS; p++) {
        struct rat_standing sa, sb;
        rat_book_standing(b, p, &sa);
        rat_book_standing(fresh, p, &sb);
        ck_assert_msg(sa.rating == sb.rating && sa.experience == sb.experience &&
                          sa.matches == sb.matches,
                      "player %lld: %.17g/%lld, fresh %.17g/%lld", (long long)p, sa.rating,
                      (long long)sa.experience, sb.rating, (long long)sb.experience);
    }
    free(live);
    rat_book_free(b);
    rat_book_free(fresh);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("ratings");
    TCase *tc = tcase_create("ratings");
    tcase_add_test(tc, test_RAT1_favourite_wins_0576);
    tcase_add_test(tc, test_RAT1_k_from_experience);
    tcase_add_test(tc, test_RAT1_fibs_changes_by_hand);
    tcase_add_test(tc, test_RAT1_book_applies_formula);
    tcase_add_test(tc, test_RAT1_variant_count_this_match);
    tcase_add_test(tc, test_RAT1_exclusions_each);
    tcase_add_test(tc, test_RAT1_conceded_and_time_are_rated_results);
    tcase_add_test(tc, test_RAT1_doubles_pair_mean);
    tcase_add_test(tc, test_RAT1_provisional_threshold);
    tcase_add_test(tc, test_RAT1_correction_and_undo_recompute_later);
    tcase_add_test(tc, test_RAT1_bad_matches_refused);
    tcase_add_test(tc, test_RAT1_random_sequence_equals_fresh);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
