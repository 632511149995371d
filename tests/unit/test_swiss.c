/* Swiss events as pure logic (DOMAIN.md SWISS-1, SWISS-2, PLACE-1): hand cases of the
 * pairing and the standings, then seeded random events whose every round is checked
 * against an exhaustive search over all pairings of the round. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "tourney/rng.h"
#include "tourney/swiss.h"
#include "../check_main.h"

/* A player for the hand cases: id, rank, wins, byes, and up to 8 opponents met. */
struct hand {
    struct swiss_player p;
    int64_t met[8];
};

static void hand(struct hand *h, int64_t id, int rank, int wins, int byes)
{
    memset(h, 0, sizeof *h);
    h->p.id = id, h->p.rank = rank, h->p.wins = wins, h->p.byes = byes, h->p.active = 1;
    h->p.met = h->met;
}

static void meet(struct hand *h, int n, int64_t a, int64_t b)
{
    for (int i = 0; i < n; i++) {
        if (h[i].p.id == a)
            h[i].met[h[i].p.n_met++] = b;
        if (h[i].p.id == b)
            h[i].met[h[i].p.n_met++] = a;
    }
}

static void pair_hand(struct hand *h, int n, uint64_t seed, struct swiss_pairing *out)
{
    struct swiss_player ps[16];
    for (int i = 0; i < n; i++)
        ps[i] = h[i].p, ps[i].met = h[i].met;
    struct swiss_options opt = {.seed = seed};
    char err[128];
    ck_assert_msg(swiss_pair(ps, n, &opt, out, err, sizeof err) == 0, "%s", err);
}

static int paired(const struct swiss_pairing *p, int64_t a, int64_t b)
{
    for (int k = 0; k < p->n_pairs; k++)
        if ((p->pairs[k][0] == a && p->pairs[k][1] == b) ||
            (p->pairs[k][0] == b && p->pairs[k][1] == a))
            return 1;
    return 0;
}

static const struct swiss_reason *reason_of(const struct swiss_pairing *p, enum swiss_why kind)
{
    for (int k = 0; k < p->n_reasons; k++)
        if (p->reasons[k].kind == kind)
            return &p->reasons[k];
    return NULL;
}

/* The figure of a reason by name (-1 when it has none of that name). */
static int64_t arg_of(const struct swiss_reason *r, const char *name)
{
    for (int k = 0; k < r->n_args; k++)
        if (!strcmp(r->arg[k], name))
            return r->val[k];
    return -1;
}

/* SWISS-1's reasons are said in the page's language: each carries its sentence's code and
 * its figures by name, beside the English text (the players by id, a and b). */
START_TEST(test_SWISS1_reasons_carry_code_and_figures)
{
    struct hand h[4];
    hand(&h[0], 1, 1, 2, 0), hand(&h[1], 2, 2, 1, 0), hand(&h[2], 3, 3, 0, 0);
    struct swiss_pairing p;
    pair_hand(h, 3, 7, &p);
    const struct swiss_reason *b = reason_of(&p, SWISS_WHY_BYE);
    ck_assert_str_eq(b->code, "bye_lowest");
    ck_assert_int_eq(b->a, 3);
    ck_assert_int_eq(arg_of(b, "wins"), 0);
    ck_assert_int_eq(arg_of(b, "pos"), 3);
    ck_assert_int_eq(arg_of(b, "of"), 3);
    const struct swiss_reason *f = reason_of(&p, SWISS_WHY_FLOAT);
    ck_assert_str_eq(f->code, "float_uneven");
    ck_assert_int_eq(f->a, 1);
    ck_assert_int_eq(f->b, 2);
    ck_assert_int_eq(arg_of(f, "wins_a"), 2);
    ck_assert_int_eq(arg_of(f, "wins_b"), 1);
    swiss_pairing_free(&p);
    /* a forced rematch: how few there can be */
    for (int i = 0; i < 4; i++)
        hand(&h[i], i + 1, i + 1, 1, 0);
    meet(h, 4, 1, 2), meet(h, 4, 3, 4), meet(h, 4, 1, 3), meet(h, 4, 2, 4), meet(h, 4, 1, 4);
    pair_hand(h, 4, 11, &p);
    const struct swiss_reason *r = reason_of(&p, SWISS_WHY_REMATCH);
    ck_assert_str_eq(r->code, "rematch");
    ck_assert_int_eq(arg_of(r, "fewest"), 1);
    swiss_pairing_free(&p);
    /* floats instead of a rematch: how many the closest pairing by score would make */
    hand(&h[0], 1, 1, 1, 0), hand(&h[1], 2, 2, 1, 0), hand(&h[2], 3, 3, 0, 0);
    hand(&h[3], 4, 4, 0, 0);
    meet(h, 4, 1, 2);
    pair_hand(h, 4, 5, &p);
    const struct swiss_reason *a = reason_of(&p, SWISS_WHY_REMATCH_AVOIDED);
    ck_assert_str_eq(a->code, "rematch_avoided");
    ck_assert_int_eq(arg_of(a, "would"), 1);
    ck_assert_int_eq(arg_of(a, "makes"), 0);
    ck_assert_str_eq(reason_of(&p, SWISS_WHY_FLOAT)->code, "float_met_all");
    swiss_pairing_free(&p);
}
END_TEST

START_TEST(test_SWISS1_two_one_one_zero_floats_one_group_each)
{
    /* 2, 1, 1, 0 wins: 2-1 and 1-0 (squared differences 2), not 2-0 and 1-1 (4) */
    struct hand h[4];
    hand(&h[0], 1, 1, 2, 0), hand(&h[1], 2, 2, 1, 0), hand(&h[2], 3, 3, 1, 0);
    hand(&h[3], 4, 4, 0, 0);
    for (uint64_t seed = 1; seed <= 20; seed++) {
        struct swiss_pairing p;
        pair_hand(h, 4, seed, &p);
        ck_assert_int_eq(p.n_pairs, 2);
        ck_assert(!paired(&p, 1, 4));
        ck_assert(paired(&p, 1, 2) || paired(&p, 1, 3));
        ck_assert_int_eq(p.levels.sq_diff, 2);
        ck_assert_int_eq(p.levels.rematches, 0);
        const struct swiss_reason *f = reason_of(&p, SWISS_WHY_FLOAT);
        ck_assert_ptr_nonnull(f);
        ck_assert_ptr_nonnull(strstr(f->text, "floats down"));
        swiss_pairing_free(&p);
    }
}
END_TEST

START_TEST(test_SWISS1_bye_to_the_bottom)
{
    /* 2, 1, 0: the bye to the 0 (a phantom at the lowest wins: 1 + 0), not to the 2 */
    struct hand h[5];
    hand(&h[0], 1, 1, 2, 0), hand(&h[1], 2, 2, 1, 0), hand(&h[2], 3, 3, 0, 0);
    struct swiss_pairing p;
    pair_hand(h, 3, 7, &p);
    ck_assert_int_eq(p.bye, 3);
    ck_assert(paired(&p, 1, 2));
    const struct swiss_reason *b = reason_of(&p, SWISS_WHY_BYE);
    ck_assert_ptr_nonnull(b);
    ck_assert_ptr_nonnull(strstr(b->text, "Bye to #3"));
    swiss_pairing_free(&p);
    /* 2, 1, 1, 0, 0: the lowest-ranked of the two with no wins */
    hand(&h[0], 1, 1, 2, 0), hand(&h[1], 2, 2, 1, 0), hand(&h[2], 3, 3, 1, 0);
    hand(&h[3], 4, 4, 0, 0), hand(&h[4], 5, 5, 0, 0);
    for (uint64_t seed = 1; seed <= 10; seed++) {
        pair_hand(h, 5, seed, &p);
        ck_assert_int_eq(p.bye, 5);
        swiss_pairing_free(&p);
    }
}
END_TEST

START_TEST(test_SWISS1_bye_to_the_lowest_ranked_without_one)
{
    /* the bottom player had a bye: the next one up without one gets it */
    struct hand h[5];
    hand(&h[0], 1, 1, 2, 0), hand(&h[1], 2, 2, 1, 0), hand(&h[2], 3, 3, 1, 0);
    hand(&h[3], 4, 4, 0, 0), hand(&h[4], 5, 5, 1, 1);
    h[4].p.wins = 0; /* no wins but had a bye: possible with a start below the others */
    struct swiss_pairing p;
    pair_hand(h, 5, 3, &p);
    ck_assert_int_eq(p.bye, 4);
    ck_assert_int_eq(p.levels.bye_repeat, 0);
    swiss_pairing_free(&p);
    /* everyone has had one: the lowest-ranked with the fewest wins again */
    for (int i = 0; i < 5; i++)
        h[i].p.byes = 1;
    pair_hand(h, 5, 3, &p);
    ck_assert_int_eq(p.bye, 5);
    ck_assert_int_eq(p.levels.bye_repeat, 1);
    ck_assert_ptr_nonnull(strstr(reason_of(&p, SWISS_WHY_BYE)->text, "every player has had"));
    swiss_pairing_free(&p);
    /* one player without a bye: said so */
    h[3].p.byes = 0;
    pair_hand(h, 5, 3, &p);
    ck_assert_int_eq(p.bye, 4);
    ck_assert_ptr_nonnull(strstr(reason_of(&p, SWISS_WHY_BYE)->text, "the only player"));
    swiss_pairing_free(&p);
}
END_TEST

START_TEST(test_SWISS1_forced_rematch_minimized)
{
    /* four players who met A-B, C-D, A-C, B-D and A-D: every pairing repeats a match;
     * A-D with B-C repeats only one */
    struct hand h[4];
    for (int i = 0; i < 4; i++)
        hand(&h[i], i + 1, i + 1, 1, 0);
    meet(h, 4, 1, 2), meet(h, 4, 3, 4), meet(h, 4, 1, 3), meet(h, 4, 2, 4), meet(h, 4, 1, 4);
    struct swiss_pairing p;
    pair_hand(h, 4, 11, &p);
    ck_assert(paired(&p, 1, 4) && paired(&p, 2, 3));
    ck_assert_int_eq(p.levels.rematches, 1);
    const struct swiss_reason *r = reason_of(&p, SWISS_WHY_REMATCH);
    ck_assert_ptr_nonnull(r);
    ck_assert_ptr_nonnull(strstr(r->text, "meet again"));
    ck_assert_ptr_nonnull(strstr(r->text, "fewer than 1 rematch"));
    swiss_pairing_free(&p);
}
END_TEST

START_TEST(test_SWISS1_rematch_avoided_by_floating)
{
    /* 1, 1, 0, 0 wins, the two with one win met: they float, each to a 0, and say why */
    struct hand h[4];
    hand(&h[0], 1, 1, 1, 0), hand(&h[1], 2, 2, 1, 0), hand(&h[2], 3, 3, 0, 0);
    hand(&h[3], 4, 4, 0, 0);
    meet(h, 4, 1, 2);
    struct swiss_pairing p;
    pair_hand(h, 4, 5, &p);
    ck_assert(!paired(&p, 1, 2));
    ck_assert_int_eq(p.levels.rematches, 0);
    ck_assert_int_eq(p.levels.sq_diff, 2);
    const struct swiss_reason *a = reason_of(&p, SWISS_WHY_REMATCH_AVOIDED);
    ck_assert_ptr_nonnull(a);
    ck_assert_ptr_nonnull(strstr(a->text, "#1 and #2 again"));
    const struct swiss_reason *f = reason_of(&p, SWISS_WHY_FLOAT);
    ck_assert_ptr_nonnull(strstr(f->text, "has met every other player with 1 win"));
    swiss_pairing_free(&p);
}
END_TEST

START_TEST(test_SWISS1_bye_moved_up_to_avoid_a_rematch)
{
    /* 1, 0, 0 wins, 1 met 2: a bye to 3 (the lowest-ranked) would pair 1 with 2 again;
     * a bye to 2 pairs 1-3 with no rematch and the bye still at the bottom */
    struct hand h[3];
    hand(&h[0], 1, 1, 1, 0), hand(&h[1], 2, 2, 0, 0), hand(&h[2], 3, 3, 0, 0);
    meet(h, 3, 1, 2);
    struct swiss_pairing p;
    pair_hand(h, 3, 5, &p);
    ck_assert_int_eq(p.bye, 2); /* 3 is lower-ranked, but a bye to 3 repeats 1-2 */
    ck_assert_int_eq(p.levels.rematches, 0);
    ck_assert_ptr_nonnull(strstr(reason_of(&p, SWISS_WHY_BYE)->text, "would leave 1 rematch"));
    swiss_pairing_free(&p);
}
END_TEST

START_TEST(test_SWISS2_withdrawn_and_out_of_lives_not_paired)
{
    struct hand h[5];
    for (int i = 0; i < 5; i++)
        hand(&h[i], i + 1, i + 1, 1, 0);
    h[1].p.active = 0; /* withdrew between rounds */
    h[4].p.losses = 2; /* out with two lives */
    struct swiss_player ps[5];
    for (int i = 0; i < 5; i++)
        ps[i] = h[i].p;
    struct swiss_options opt = {.seed = 1, .lives = 2};
    struct swiss_pairing p;
    char err[128];
    ck_assert_int_eq(swiss_pair(ps, 5, &opt, &p, err, sizeof err), 0);
    ck_assert_int_eq(p.n_pairs, 1);
    ck_assert(p.bye == 1 || p.bye == 3 || p.bye == 4);
    for (int k = 0; k < p.n_pairs; k++)
        for (int s = 0; s < 2; s++)
            ck_assert(p.pairs[k][s] != 2 && p.pairs[k][s] != 5);
    swiss_pairing_free(&p);
    /* fewer than two left: refused, not paired */
    ps[0].active = ps[2].active = 0;
    ck_assert_int_eq(swiss_pair(ps, 5, &opt, &p, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "at least two"));
    /* bad input named */
    ps[0].active = 1, ps[0].wins = SWISS_MAX_ROUNDS + 1;
    ck_assert_int_eq(swiss_pair(ps, 5, &opt, &p, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "wins"));
    ps[0].wins = 0, ps[2].active = 1, ps[2].id = 1;
    ck_assert_int_eq(swiss_pair(ps, 5, &opt, &p, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "twice"));
}
END_TEST

START_TEST(test_SWISS2_late_entry_joins_with_zero_wins)
{
    /* after round 1 (1 beat 2, 3 beat 4) a late entry 5 comes with no wins: the 0 group
     * is 2, 4, 5, odd, and the bye goes to its lowest-ranked (the late entry) */
    struct swiss_entry e[5] = {
        {1, 1, 0, 0}, {2, 2, 0, 0}, {3, 3, 0, 0}, {4, 4, 0, 0}, {5, 5, 0, 0}};
    struct swiss_match m[2] = {{1, 1, 2, 1, 7, 3, 0}, {1, 3, 4, 3, 7, 5, 0}};
    struct swiss_rules rules = {0};
    struct swiss_standing st[5];
    char err[128];
    ck_assert_int_eq(swiss_standings(e, 5, m, 2, &rules, st, err, sizeof err), 0);
    ck_assert_int_eq(st[4].id, 5);
    struct swiss_player ps[5];
    int64_t *block;
    ck_assert_int_eq(swiss_players_from(e, 5, m, 2, st, ps, &block), 0);
    struct swiss_options opt = {.seed = 9};
    struct swiss_pairing p;
    ck_assert_int_eq(swiss_pair(ps, 5, &opt, &p, err, sizeof err), 0);
    ck_assert_int_eq(p.bye, 5);
    ck_assert(paired(&p, 1, 3));
    ck_assert(paired(&p, 2, 4));
    swiss_pairing_free(&p);
    /* the TD starts the late entry on one win: 1, 3, 5 have one; the bye stays at the
     * bottom (4, the lower-ranked with none) and one of the three floats down to 2 */
    e[4].start_wins = 1;
    ck_assert_int_eq(swiss_standings(e, 5, m, 2, &rules, st, err, sizeof err), 0);
    free(block);
    ck_assert_int_eq(swiss_players_from(e, 5, m, 2, st, ps, &block), 0);
    ck_assert_int_eq(swiss_pair(ps, 5, &opt, &p, err, sizeof err), 0);
    ck_assert_int_eq(p.bye, 4);
    ck_assert_int_eq(p.levels.sq_diff, 1);
    swiss_pairing_free(&p);
    free(block);
}
END_TEST

START_TEST(test_SWISS1_same_seed_same_pairing)
{
    struct hand h[12];
    for (int i = 0; i < 12; i++)
        hand(&h[i], 100 + i, i + 1, i % 3, 0);
    struct swiss_pairing a, b, c;
    pair_hand(h, 12, 42, &a);
    /* the same facts given in another order */
    struct hand r[12];
    for (int i = 0; i < 12; i++)
        r[i] = h[11 - i], r[i].p.met = r[i].met;
    pair_hand(r, 12, 42, &b);
    ck_assert_int_eq(a.n_pairs, b.n_pairs);
    ck_assert_mem_eq(a.pairs, b.pairs, (size_t)a.n_pairs * sizeof *a.pairs);
    /* other seeds draw other pairings among the equally good ones */
    int differ = 0;
    for (uint64_t s = 1; s <= 20 && !differ; s++) {
        pair_hand(h, 12, s, &c);
        differ = memcmp(a.pairs, c.pairs, (size_t)a.n_pairs * sizeof *a.pairs) != 0;
        ck_assert_int_eq(swiss_levels_cmp(&a.levels, &c.levels), 0);
        swiss_pairing_free(&c);
    }
    ck_assert(differ);
    swiss_pairing_free(&a), swiss_pairing_free(&b);
}
END_TEST

START_TEST(test_SWISS1_first_round_by_rating)
{
    /* a first round (no wins, no byes, nobody met) with ratings: the bye to the
     * lowest-ranked, the rest folded by rating, the top half against the bottom half (1-5,
     * 2-6, 3-7, 4-8 of eight), whatever the seed; the unrated after the rated, by lot */
    struct hand h[9];
    for (int i = 0; i < 9; i++) {
        hand(&h[i], 109 - i, i + 1, 0, 0);
        h[i].p.seed = i < 7 ? i + 1 : 0; /* 102 and 101 unrated */
    }
    for (uint64_t seed = 1; seed <= 20; seed++) {
        struct swiss_pairing p;
        pair_hand(h, 9, seed, &p);
        ck_assert_int_eq(p.n_pairs, 4);
        ck_assert_int_eq(p.bye, 101);
        ck_assert(paired(&p, 109, 105));
        ck_assert(paired(&p, 108, 104));
        ck_assert(paired(&p, 107, 103));
        ck_assert(paired(&p, 106, 102));
        ck_assert_int_eq(p.levels.rematches + p.levels.sq_diff + p.levels.bye_above, 0);
        const struct swiss_reason *r = reason_of(&p, SWISS_WHY_SEEDED);
        ck_assert_ptr_nonnull(r);
        ck_assert_ptr_nonnull(strstr(r->text, "rating"));
        swiss_pairing_free(&p);
    }
    /* once a player has met another it is no first round: the seeds are not read */
    meet(h, 9, 109, 105);
    struct swiss_pairing p;
    pair_hand(h, 9, 1, &p);
    ck_assert(!paired(&p, 109, 105));
    ck_assert_ptr_null(reason_of(&p, SWISS_WHY_SEEDED));
    swiss_pairing_free(&p);
}
END_TEST

/* ---- standings ---- */

/* Five entries, three rounds of 5-point matches:
 * r1: 1 beat 2 5-3, 3 beat 4 5-1, 5 bye
 * r2: 1 beat 3 5-4, 5 beat 2 5-0, 4 bye
 * r3: 5 beat 1 5-2, 3 beat 2 5-4, 4 bye (a hand case: a real pairing would not repeat it) */
static const struct swiss_entry E5[5] = {
    {1, 1, 0, 0}, {2, 2, 0, 0}, {3, 3, 0, 0}, {4, 4, 0, 0}, {5, 5, 0, 0}};
static const struct swiss_match M5[] = {
    {1, 1, 2, 1, 5, 3, 0}, {1, 3, 4, 3, 5, 1, 0}, {1, 5, 0, 0, 0, 0, 0},
    {2, 1, 3, 1, 5, 4, 0}, {2, 5, 2, 5, 5, 0, 0}, {2, 4, 0, 0, 0, 0, 0},
    {3, 5, 1, 5, 5, 2, 0}, {3, 3, 2, 3, 5, 4, 0}, {3, 4, 0, 0, 0, 0, 0},
};
#define N_M5 (int)(sizeof M5 / sizeof M5[0])

static const struct swiss_standing *find_st(const struct swiss_standing *st, int n, int64_t id)
{
    for (int i = 0; i < n; i++)
        if (st[i].id == id)
            return &st[i];
    return NULL;
}

START_TEST(test_SWISS2_tiebreaks_in_the_TDs_order)
{
    /* wins: 1: 2, 2: 0, 3: 2, 4: 2 (two byes), 5: 3 (a bye) */
    struct swiss_rules r = {.n_tiebreaks = 4,
                            .tiebreaks = {SWISS_TB_BUCHHOLZ, SWISS_TB_SONNEBORN_BERGER,
                                          SWISS_TB_POINTS_DIFF, SWISS_TB_MEDIAN_BUCHHOLZ}};
    struct swiss_standing st[5];
    char err[128];
    ck_assert_int_eq(swiss_standings(E5, 5, M5, N_M5, &r, st, err, sizeof err), 0);
    ck_assert_int_eq(st[0].id, 5);
    ck_assert_int_eq(st[0].wins, 3);
    const struct swiss_standing *s1 = find_st(st, 5, 1), *s3 = find_st(st, 5, 3);
    const struct swiss_standing *s4 = find_st(st, 5, 4);
    /* 1 met 2 (0), 3 (2), 5 (3): Buchholz 5, SB 0 + 2 = 2, points 5-3 + 5-4 + 2-5 = 0 */
    ck_assert_int_eq(s1->tb[0], 5);
    ck_assert_int_eq(s1->tb[1], 2);
    ck_assert_int_eq(s1->tb[2], 0);
    ck_assert_int_eq(s1->tb[3], 2); /* median: 5 without 3 and 0 */
    /* 3 met 4 (2), 1 (2), 2 (0): Buchholz 4 */
    ck_assert_int_eq(s3->tb[0], 4);
    /* 4: 3 (2) and two byes counted as zero: Buchholz 2 */
    ck_assert_int_eq(s4->tb[0], 2);
    ck_assert_int_eq(st[1].id, 1);
    ck_assert_int_eq(st[2].id, 3);
    ck_assert_int_eq(st[3].id, 4);
    ck_assert_int_eq(st[4].id, 2);
    /* points difference first: 3 (+4) over 1 (0) over 4 (-4) */
    r.n_tiebreaks = 1, r.tiebreaks[0] = SWISS_TB_POINTS_DIFF;
    ck_assert_int_eq(swiss_standings(E5, 5, M5, N_M5, &r, st, err, sizeof err), 0);
    ck_assert_int_eq(st[1].id, 3);
    ck_assert_int_eq(st[2].id, 1);
    ck_assert_int_eq(st[3].id, 4);
    ck_assert_int_eq(st[1].place, 2);
}
END_TEST

START_TEST(test_SWISS2_bye_counts_setting)
{
    struct swiss_rules r = {
        .n_tiebreaks = 1, .tiebreaks = {SWISS_TB_BUCHHOLZ}, .bye_counts = SWISS_BYE_COUNTS_OWN};
    struct swiss_standing st[5];
    char err[128];
    ck_assert_int_eq(swiss_standings(E5, 5, M5, N_M5, &r, st, err, sizeof err), 0);
    /* 4: 3 (2) and two byes as opponents with 4's own 2 wins: 6, now ahead of 1 (5) */
    ck_assert_int_eq(find_st(st, 5, 4)->tb[0], 6);
    ck_assert_int_eq(st[1].id, 4);
}
END_TEST

START_TEST(test_SWISS2_walkover_counts_setting)
{
    /* 2 withdrew during round 3: 3 won 3-2 by walkover */
    struct swiss_match m[N_M5];
    memcpy(m, M5, sizeof m);
    m[7].walkover = 1;
    struct swiss_rules r = {.n_tiebreaks = 2,
                            .tiebreaks = {SWISS_TB_SONNEBORN_BERGER, SWISS_TB_POINTS_DIFF}};
    struct swiss_standing st[5];
    char err[128];
    ck_assert_int_eq(swiss_standings(E5, 5, m, N_M5, &r, st, err, sizeof err), 0);
    const struct swiss_standing *s3 = find_st(st, 5, 3);
    ck_assert_int_eq(s3->wins, 2);
    ck_assert_int_eq(s3->played, 2);
    ck_assert_int_eq(s3->tb[1], 3); /* 5-1 and 4-5: the walkover's points do not count */
    r.walkover_counts = SWISS_WALKOVER_AS_BYE, r.bye_counts = SWISS_BYE_COUNTS_OWN;
    r.tiebreaks[0] = SWISS_TB_BUCHHOLZ;
    ck_assert_int_eq(swiss_standings(E5, 5, m, N_M5, &r, st, err, sizeof err), 0);
    /* 3: 4 (2), 1 (2), and the walkover as a bye worth 3's own 2 = 6 (as played: 4) */
    ck_assert_int_eq(find_st(st, 5, 3)->tb[0], 6);
}
END_TEST

START_TEST(test_SWISS2_lives_out_after_L_losses)
{
    struct swiss_rules r = {.lives = 2};
    struct swiss_standing st[5];
    char err[128];
    ck_assert_int_eq(swiss_standings(E5, 5, M5, N_M5, &r, st, err, sizeof err), 0);
    ck_assert_int_eq(find_st(st, 5, 2)->losses, 3);
    ck_assert_int_eq(find_st(st, 5, 2)->out, 1);
    ck_assert_int_eq(find_st(st, 5, 1)->out, 0);
    struct swiss_player ps[5];
    int64_t *block;
    ck_assert_int_eq(swiss_players_from(E5, 5, M5, N_M5, st, ps, &block), 0);
    for (int i = 0; i < 5; i++)
        ck_assert_int_eq(ps[i].active, ps[i].id != 2);
    free(block);
    r.lives = -1;
    ck_assert_int_eq(swiss_check_rules(&r, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "lives"));
}
END_TEST

START_TEST(test_SWISS2_head_to_head_within_the_tied)
{
    /* 1, 3 and 4 tie on two wins; among them 1 beat 3 and 3 beat 4: 1 (1), 3 (1), 4 (0);
     * then points difference splits 1 and 3 */
    struct swiss_rules r = {.n_tiebreaks = 2,
                            .tiebreaks = {SWISS_TB_HEAD_TO_HEAD, SWISS_TB_POINTS_DIFF}};
    struct swiss_standing st[5];
    char err[128];
    ck_assert_int_eq(swiss_standings(E5, 5, M5, N_M5, &r, st, err, sizeof err), 0);
    ck_assert_int_eq(st[1].id, 3);
    ck_assert_int_eq(st[2].id, 1);
    ck_assert_int_eq(st[3].id, 4);
    ck_assert_int_eq(st[1].tb[0], 1);
    ck_assert_int_eq(st[3].tb[0], 0);
    r.tiebreaks[1] = SWISS_TB_HEAD_TO_HEAD; /* twice: refused */
    ck_assert_int_eq(swiss_check_rules(&r, err, sizeof err), -1);
}
END_TEST

START_TEST(test_PLACE1_swiss_equals_share_a_place)
{
    /* no tie-breaks: 1, 3 and 4 share second place; the entries' order lists them */
    struct swiss_rules r = {0};
    struct swiss_standing st[5];
    char err[128];
    ck_assert_int_eq(swiss_standings(E5, 5, M5, N_M5, &r, st, err, sizeof err), 0);
    ck_assert_int_eq(st[0].place, 1);
    for (int i = 1; i < 4; i++)
        ck_assert_int_eq(st[i].place, 2);
    ck_assert_int_eq(st[1].id, 1);
    ck_assert_int_eq(st[3].id, 4);
    ck_assert_int_eq(st[4].place, 5);
}
END_TEST

/* ---- the exact check over random events ---- */

/* The order of item 1 computed here from the players as given, independently of
 * swiss_pair: an exhaustive search over every pairing of the round (with every choice of
 * bye), pruned only where a partial pairing is already worse (every level only grows). */
struct exh {
    int m, wmin;
    const struct swiss_player *p[16];
    int pos[16];
    int64_t best[5], cur[5];
    int64_t best_first_bye[5]; /* the best with a bye to a player without one */
    int have_first_bye;
};

static int met(const struct swiss_player *a, const struct swiss_player *b)
{
    for (int k = 0; k < a->n_met; k++)
        if (a->met[k] == b->id)
            return 1;
    return 0;
}

static int lex_less(const int64_t *a, const int64_t *b)
{
    for (int i = 0; i < 5; i++)
        if (a[i] != b[i])
            return a[i] < b[i];
    return 0;
}

static void exh_rec(struct exh *x, unsigned used, int bye_is_first)
{
    /* worth going on only while it could still beat the best, or the best first bye */
    if (!lex_less(x->cur, x->best) && !(bye_is_first && lex_less(x->cur, x->best_first_bye)))
        return;
    int i = 0;
    while (i < x->m && (used >> i & 1))
        i++;
    if (i == x->m) {
        if (lex_less(x->cur, x->best))
            memcpy(x->best, x->cur, sizeof x->best);
        if (bye_is_first && lex_less(x->cur, x->best_first_bye))
            memcpy(x->best_first_bye, x->cur, sizeof x->cur), x->have_first_bye = 1;
        return;
    }
    for (int j = i + 1; j < x->m; j++) {
        if (used >> j & 1)
            continue;
        int64_t d = x->p[i]->wins - x->p[j]->wins, r = met(x->p[i], x->p[j]);
        x->cur[0] += r, x->cur[2] += d * d;
        exh_rec(x, used | 1u << i | 1u << j, bye_is_first);
        x->cur[0] -= r, x->cur[2] -= d * d;
    }
}

static void exhaustive(struct exh *x)
{
    for (int l = 0; l < 5; l++)
        x->best[l] = x->best_first_bye[l] = INT64_MAX, x->cur[l] = 0;
    x->have_first_bye = 0;
    if (x->m % 2 == 0) {
        exh_rec(x, 0, 0);
        return;
    }
    for (int b = 0; b < x->m; b++) {
        int64_t d = x->p[b]->wins - x->wmin;
        x->cur[1] = x->p[b]->byes, x->cur[2] = d * d, x->cur[3] = d;
        x->cur[4] = x->m - 1 - x->pos[b];
        exh_rec(x, 1u << b, x->p[b]->byes == 0);
    }
}

/* A random event: n entries (2..12 at most at once), late entries and withdrawals between
 * rounds, withdrawals during a round (walkovers), lives sometimes. Every round's pairing
 * is checked against the exhaustive search, its byes against "a different player while
 * possible", and re-paired with the same seed and the players in another order. */
static int random_event(uint64_t seed)
{
    struct rng g;
    rng_seed(&g, seed);
    struct swiss_entry e[12];
    struct swiss_match m[12 * 8];
    int n = 2 + (int)rng_below(&g, 9), nm = 0, rounds = 1 + (int)rng_below(&g, 7), checks = 0;
    for (int i = 0; i < n; i++)
        e[i] = (struct swiss_entry){1000 + i, i + 1, 0, 0};
    struct swiss_rules rules = {.n_tiebreaks = (int)rng_below(&g, 3),
                                .tiebreaks = {SWISS_TB_BUCHHOLZ, SWISS_TB_HEAD_TO_HEAD},
                                .lives = rng_below(&g, 3) == 0 ? 2 + (int)rng_below(&g, 2) : 0};
    for (int round = 1; round <= rounds; round++) {
        if (round > 1 && n < 12 && rng_below(&g, 4) == 0) { /* a late entry */
            e[n] = (struct swiss_entry){1000 + n, n + 1, (int)rng_below(&g, 2), 0};
            n++;
        }
        if (round > 1 && rng_below(&g, 5) == 0) /* a withdrawal between rounds */
            e[rng_below(&g, (uint64_t)n)].withdrawn = 1;
        struct swiss_standing st[12];
        struct swiss_player ps[12], shuffled[12];
        int64_t *block;
        char err[128];
        ck_assert_int_eq(swiss_standings(e, n, m, nm, &rules, st, err, sizeof err), 0);
        ck_assert_int_eq(swiss_players_from(e, n, m, nm, st, ps, &block), 0);
        struct exh x = {0};
        x.wmin = SWISS_MAX_ROUNDS;
        for (int i = 0; i < n; i++)
            if (ps[i].active) {
                x.pos[x.m] = x.m; /* ps is in rank order */
                x.p[x.m++] = &ps[i];
                x.wmin = ps[i].wins < x.wmin ? ps[i].wins : x.wmin;
            }
        if (x.m < 2) {
            free(block);
            break;
        }
        struct swiss_options opt = {.seed = rng_next(&g), .lives = rules.lives};
        struct swiss_pairing p, q;
        ck_assert_msg(swiss_pair(ps, n, &opt, &p, err, sizeof err) == 0, "%s", err);
        exhaustive(&x);
        int64_t got[5] = {p.levels.rematches, p.levels.bye_repeat, p.levels.sq_diff,
                          p.levels.bye_wins, p.levels.bye_above};
        /* the levels as claimed are the pairing's own, and none is better */
        struct swiss_levels own;
        ck_assert_int_eq(
            swiss_levels_of(ps, n, &opt, (const int64_t(*)[2])p.pairs, p.n_pairs, p.bye, &own), 0);
        ck_assert_int_eq(swiss_levels_cmp(&own, &p.levels), 0);
        for (int l = 0; l < 5; l++)
            ck_assert_msg(got[l] == x.best[l], "seed %llu round %d level %d: %lld, best %lld",
                          (unsigned long long)seed, round, l, (long long)got[l],
                          (long long)x.best[l]);
        /* a reason for every rematch, float and bye */
        int want = (p.bye != 0), have = 0;
        for (int k = 0; k < p.n_pairs; k++) {
            const struct swiss_player *a = NULL, *b = NULL;
            for (int i = 0; i < n; i++) {
                a = ps[i].id == p.pairs[k][0] ? &ps[i] : a;
                b = ps[i].id == p.pairs[k][1] ? &ps[i] : b;
            }
            want += met(a, b) + (a->wins != b->wins);
        }
        for (int k = 0; k < p.n_reasons; k++)
            have += p.reasons[k].kind != SWISS_WHY_REMATCH_AVOIDED;
        ck_assert_int_eq(have, want);
        /* a second bye only when every first bye makes more rematches */
        if (p.bye && p.levels.bye_repeat > 0 && x.have_first_bye)
            ck_assert_int_gt(x.best_first_bye[0], got[0]);
        /* the same seed, the players in another order: the same pairing */
        for (int i = 0; i < n; i++)
            shuffled[i] = ps[(i * 5 + 3) % n];
        if (n % 5 != 0) {
            ck_assert_int_eq(swiss_pair(shuffled, n, &opt, &q, err, sizeof err), 0);
            ck_assert_int_eq(q.bye, p.bye);
            ck_assert_mem_eq(q.pairs, p.pairs, (size_t)p.n_pairs * sizeof *p.pairs);
            swiss_pairing_free(&q);
        }
        /* play the round: random winners, one in ten a walkover by a withdrawal */
        for (int k = 0; k < p.n_pairs; k++) {
            int64_t a = p.pairs[k][0], b = p.pairs[k][1];
            int64_t w = rng_below(&g, 2) ? a : b;
            int wo = rng_below(&g, 10) == 0;
            if (wo)
                e[(w == a ? b : a) - 1000].withdrawn = 1;
            m[nm++] = (struct swiss_match){round,
                                           a,
                                           b,
                                           w,
                                           w == a ? 5 : (int)rng_below(&g, 5),
                                           w == b ? 5 : (int)rng_below(&g, 5),
                                           wo};
        }
        if (p.bye)
            m[nm++] = (struct swiss_match){round, p.bye, 0, 0, 0, 0, 0};
        swiss_pairing_free(&p);
        free(block);
        checks++;
    }
    return checks;
}

/* Past the exhaustive search's reach, a weaker check that still catches a matching gone
 * wrong: no exchange of partners between two pairs (or between a pair and the bye) makes
 * the round better in the order of item 1. */
struct big {
    const struct swiss_player *p[400];
    int pos[400], m, wmin;
};

static void vec_pair(const struct big *b, int i, int j, int64_t *v)
{
    int64_t d = b->p[i]->wins - b->p[j]->wins;
    v[0] += met(b->p[i], b->p[j]), v[2] += d * d;
}

static void vec_bye(const struct big *b, int i, int64_t *v)
{
    int64_t d = b->p[i]->wins - b->wmin;
    v[1] += b->p[i]->byes, v[2] += d * d, v[3] += d, v[4] += b->m - 1 - b->pos[i];
}

static int big_index(const struct big *b, int64_t id)
{
    for (int i = 0; i < b->m; i++)
        if (b->p[i]->id == id)
            return i;
    return -1;
}

static void no_better_swap(const struct big *b, const struct swiss_pairing *p)
{
    int np = p->n_pairs, x = p->bye ? big_index(b, p->bye) : -1, ia[200], ic[200];
    for (int k = 0; k < np; k++)
        ia[k] = big_index(b, p->pairs[k][0]), ic[k] = big_index(b, p->pairs[k][1]);
    for (int k = 0; k < np; k++) {
        int a = ia[k], c = ic[k];
        for (int l = k + 1; l <= np; l++) {
            int64_t now[5] = {0}, s1[5] = {0}, s2[5] = {0};
            vec_pair(b, a, c, now);
            if (l < np) {
                int d = ia[l], e = ic[l];
                vec_pair(b, d, e, now);
                vec_pair(b, a, d, s1), vec_pair(b, c, e, s1);
                vec_pair(b, a, e, s2), vec_pair(b, c, d, s2);
            } else if (x >= 0) { /* the bye changes hands with a or c */
                vec_bye(b, x, now);
                vec_pair(b, x, c, s1), vec_bye(b, a, s1);
                vec_pair(b, x, a, s2), vec_bye(b, c, s2);
            } else {
                continue;
            }
            ck_assert(!lex_less(s1, now) && !lex_less(s2, now));
        }
    }
}

START_TEST(test_SWISS1_large_events_no_better_exchange)
{
    for (uint64_t seed = 1; seed <= 3; seed++) {
        int n = 151 + (int)seed * 30, nm = 0;
        struct swiss_entry *e = calloc((size_t)n, sizeof *e);
        struct swiss_match *m = calloc((size_t)n * 10, sizeof *m);
        struct swiss_standing *st = calloc((size_t)n, sizeof *st);
        struct swiss_player *ps = calloc((size_t)n, sizeof *ps);
        ck_assert(e && m && st && ps);
        for (int i = 0; i < n; i++)
            e[i] = (struct swiss_entry){1 + i, 1 + i, 0, 0};
        struct swiss_rules rules = {.lives = seed == 3 ? 3 : 0};
        struct rng g;
        rng_seed(&g, seed);
        for (int round = 1; round <= 8; round++) {
            char err[128];
            int64_t *block;
            ck_assert_int_eq(swiss_standings(e, n, m, nm, &rules, st, err, sizeof err), 0);
            ck_assert_int_eq(swiss_players_from(e, n, m, nm, st, ps, &block), 0);
            struct big b = {.m = 0, .wmin = SWISS_MAX_ROUNDS};
            for (int i = 0; i < n; i++)
                if (ps[i].active) {
                    b.pos[b.m] = b.m;
                    b.p[b.m++] = &ps[i];
                    b.wmin = ps[i].wins < b.wmin ? ps[i].wins : b.wmin;
                }
            struct swiss_options opt = {.seed = rng_next(&g), .lives = rules.lives};
            struct swiss_pairing p;
            ck_assert_int_eq(swiss_pair(ps, n, &opt, &p, err, sizeof err), 0);
            ck_assert_int_eq(p.n_pairs, b.m / 2);
            no_better_swap(&b, &p);
            for (int k = 0; k < p.n_pairs; k++) {
                int64_t a = p.pairs[k][0], c = p.pairs[k][1], w = rng_below(&g, 2) ? a : c;
                m[nm++] = (struct swiss_match){round, a, c, w, 3, 1, 0};
            }
            if (p.bye)
                m[nm++] = (struct swiss_match){round, p.bye, 0, 0, 0, 0, 0};
            swiss_pairing_free(&p);
            free(block);
        }
        free(e), free(m), free(st), free(ps);
    }
}
END_TEST

START_TEST(test_SWISS1_exact_against_exhaustive_search)
{
    int rounds = 0;
    for (uint64_t seed = 1; seed <= 2500; seed++)
        rounds += random_event(seed * 0x9e3779b97f4a7c15ULL);
    ck_assert_int_gt(rounds, 5000);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("swiss");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_SWISS1_two_one_one_zero_floats_one_group_each);
    tcase_add_test(tc, test_SWISS1_reasons_carry_code_and_figures);
    tcase_add_test(tc, test_SWISS1_bye_to_the_bottom);
    tcase_add_test(tc, test_SWISS1_bye_to_the_lowest_ranked_without_one);
    tcase_add_test(tc, test_SWISS1_forced_rematch_minimized);
    tcase_add_test(tc, test_SWISS1_rematch_avoided_by_floating);
    tcase_add_test(tc, test_SWISS1_bye_moved_up_to_avoid_a_rematch);
    tcase_add_test(tc, test_SWISS2_withdrawn_and_out_of_lives_not_paired);
    tcase_add_test(tc, test_SWISS2_late_entry_joins_with_zero_wins);
    tcase_add_test(tc, test_SWISS1_same_seed_same_pairing);
    tcase_add_test(tc, test_SWISS1_first_round_by_rating);
    tcase_add_test(tc, test_SWISS2_tiebreaks_in_the_TDs_order);
    tcase_add_test(tc, test_SWISS2_bye_counts_setting);
    tcase_add_test(tc, test_SWISS2_walkover_counts_setting);
    tcase_add_test(tc, test_SWISS2_lives_out_after_L_losses);
    tcase_add_test(tc, test_SWISS2_head_to_head_within_the_tied);
    tcase_add_test(tc, test_PLACE1_swiss_equals_share_a_place);
    tcase_add_test(tc, test_SWISS1_exact_against_exhaustive_search);
    tcase_add_test(tc, test_SWISS1_large_events_no_better_exchange);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
