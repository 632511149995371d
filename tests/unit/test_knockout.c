/* Unit and property tests of the knockout logic (DOMAIN.md KO-1..KO-8) and its generator:
 * draws, byes, late places, Consolation and Last Chance feeding, advancement, tables. */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/knockout_text.h"
#include "common/errors.h"
#include "tourney/knockout.h"
#include "tourney/rng.h"
#include "tourney/tables.h"
#include "../check_main.h"

/* ---- helpers ---- */

/* Checks for the property loops: Check records the place of every passing ck_assert, which
 * costs more than the draws themselves over millions of checks; these cost nothing until
 * they fail, and then report like ck_assert. */
#define REQ(c)                                                                                     \
    do {                                                                                           \
        if (!(c))                                                                                  \
            ck_abort_msg("%s:%d: assertion '%s' failed", __FILE__, __LINE__, #c);                  \
    } while (0)
#define REQ_EQ(a, b)                                                                               \
    do {                                                                                           \
        long long a_ = (long long)(a), b_ = (long long)(b);                                        \
        if (a_ != b_)                                                                              \
            ck_abort_msg("%s:%d: '%s == %s' failed: %lld != %lld", __FILE__, __LINE__, #a, #b, a_, \
                         b_);                                                                      \
    } while (0)

#define BYE 0
#define LATE(k) (-(k))

static struct ko_entry *entries(int n, int64_t first_id)
{
    struct ko_entry *e = calloc((size_t)n, sizeof *e);
    ck_assert_ptr_nonnull(e);
    for (int i = 0; i < n; i++)
        e[i].id = first_id + i;
    return e;
}

static void draw_ok(uint64_t seed, const struct ko_entry *e, int n, int late,
                    const struct ko_draw_opts *o, struct ko_bracket *b)
{
    char err[256] = "";
    int rc = ko_draw(seed, e, n, late, o, b, err, sizeof err);
    if (rc)
        ck_abort_msg("draw of %d entries, %d late failed: %s", n, late, err);
}

/* The slot as a number: an id, BYE, or LATE(k). */
static int64_t slot_code(const struct ko_slot *s)
{
    if (s->kind == KO_SLOT_LATE && !s->id)
        return LATE(s->late);
    return s->kind == KO_SLOT_BYE ? BYE : s->id;
}

static int64_t id_at(const struct ko_bracket *b, int position)
{
    for (int s = 0; s < b->size; s++)
        if (b->slots[s].position == position)
            return slot_code(&b->slots[s]);
    return -999;
}

static void compute_ok(const struct ko_bracket *b, const struct ko_result *res, struct ko_mview *v)
{
    char err[256] = "";
    if (ko_compute(b, res, v, err, sizeof err))
        ck_abort_msg("compute: %s", err);
}

/* Every level of blocks (halves, quarters, ... pairs) holds the slots for which hole()
 * is true within one of each other. */
static int balanced(const struct ko_bracket *b, int (*hole)(const struct ko_bracket *, int))
{
    for (int blk = b->size; blk >= 2; blk /= 2) {
        int lo = b->size, hi = -1;
        for (int start = 0; start < b->size; start += blk) {
            int c = 0;
            for (int s = start; s < start + blk; s++)
                c += hole(b, s);
            if (c < lo)
                lo = c;
            if (c > hi)
                hi = c;
        }
        if (hi - lo > 1)
            return 0;
    }
    return 1;
}

static int is_bye(const struct ko_bracket *b, int s)
{
    return b->slots[s].kind == KO_SLOT_BYE;
}

/* A bye, or a late place still open (a temporary bye, KO-4). */
static int is_hole(const struct ko_bracket *b, int s)
{
    return b->slots[s].kind == KO_SLOT_BYE || (b->slots[s].kind == KO_SLOT_LATE && !b->slots[s].id);
}

static int cmp64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

/* Plays every ready match with a random winner (sometimes by forfeit) until none is ready.
 * Returns how many matches were decided. */
static int play_all(const struct ko_bracket *b, struct ko_result *res, struct ko_mview *v,
                    struct rng *r)
{
    int decided = 0, *ready = malloc((size_t)ko_match_count(b) * sizeof *ready);
    ck_assert_ptr_nonnull(ready);
    for (;;) {
        compute_ok(b, res, v);
        int n = ko_ready(b, v, ready);
        if (!n)
            break;
        for (int i = 0; i < n; i++) {
            res[ready[i]].decision = rng_below(r, 10) == 0 ? KO_FORFEIT : KO_PLAYED;
            res[ready[i]].winner = (int)rng_below(r, 2);
            decided++;
        }
    }
    free(ready);
    return decided;
}

/* Plays only the ready matches of round `round` (once). */
static void play_round(const struct ko_bracket *b, struct ko_result *res, struct ko_mview *v,
                       int round, struct rng *r)
{
    compute_ok(b, res, v);
    for (int m = 0; m < ko_match_count(b); m++)
        if (v[m].round == round && v[m].state == KO_M_READY) {
            res[m].decision = KO_PLAYED;
            res[m].winner = (int)rng_below(r, 2);
        }
    compute_ok(b, res, v);
}

/* ---- the generator ---- */

START_TEST(test_rng_seeding_is_splitmix64)
{
    /* The published splitmix64 sequence for seed 1234567 is the seeded state. */
    struct rng r;
    rng_seed(&r, 1234567);
    ck_assert_uint_eq(r.s[0], 6457827717110365317ULL);
    ck_assert_uint_eq(r.s[1], 3203168211198807973ULL);
    ck_assert_uint_eq(r.s[2], 9817491932198370423ULL);
    ck_assert_uint_eq(r.s[3], 4593380528125082431ULL);
}
END_TEST

START_TEST(test_rng_matches_reference)
{
    /* Values from an independent Python implementation of the documented rules. */
    struct rng r;
    rng_seed(&r, 42);
    ck_assert_uint_eq(rng_next(&r), 1546998764402558742ULL);
    ck_assert_uint_eq(rng_next(&r), 6990951692964543102ULL);
    ck_assert_uint_eq(rng_next(&r), 12544586762248559009ULL);
    rng_seed(&r, 7);
    int a[10] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, want[10] = {8, 3, 9, 0, 7, 2, 1, 6, 5, 4};
    rng_shuffle(&r, a, 10, sizeof a[0]);
    for (int i = 0; i < 10; i++)
        ck_assert_int_eq(a[i], want[i]);
    rng_seed(&r, 2026);
    ck_assert_uint_eq(rng_below(&r, 1), 0);
    ck_assert_uint_eq(rng_below(&r, 2), 1);
    ck_assert_uint_eq(rng_below(&r, 3), 1);
    ck_assert_uint_eq(rng_below(&r, 10), 8);
    ck_assert_uint_eq(rng_below(&r, 1000), 586);
    ck_assert_uint_eq(rng_below(&r, (1ULL << 63) + 5), 5756035153803754181ULL);
}
END_TEST

START_TEST(test_rng_below_is_uniform)
{
    struct rng r;
    rng_seed(&r, 99);
    int count[6] = {0};
    for (int i = 0; i < 60000; i++) {
        uint64_t x = rng_below(&r, 6);
        REQ((x) < (6));
        count[x]++;
    }
    /* 10,000 expected each; the standard deviation is about 91. */
    for (int i = 0; i < 6; i++)
        ck_assert_msg(abs(count[i] - 10000) < 500, "face %d: %d", i, count[i]);
}
END_TEST

START_TEST(test_rng_seed_parse)
{
    uint64_t s;
    ck_assert_int_eq(rng_seed_parse("0", &s), 0);
    ck_assert_uint_eq(s, 0);
    ck_assert_int_eq(rng_seed_parse("18446744073709551615", &s), 0);
    ck_assert_uint_eq(s, UINT64_MAX);
    ck_assert_int_eq(rng_seed_parse("0xFFffFFffFFffFFff", &s), 0);
    ck_assert_uint_eq(s, UINT64_MAX);
    ck_assert_int_eq(rng_seed_parse("0x2a", &s), 0);
    ck_assert_uint_eq(s, 42);
    ck_assert_int_eq(rng_seed_parse("18446744073709551616", &s), -1);
    ck_assert_int_eq(rng_seed_parse("-1", &s), -1);
    ck_assert_int_eq(rng_seed_parse("", &s), -1);
    ck_assert_int_eq(rng_seed_parse("12 ", &s), -1);
    ck_assert_int_eq(rng_seed_parse("0x", &s), -1);
    ck_assert_int_eq(rng_seed_parse("0x12345678901234567", &s), -1);
}
END_TEST

/* KO-2: a seed is text, read the same everywhere: text that is a number reads as that
 * number (every seed stored as a number reads as it always did, and its draw re-derives
 * the same), other text as its FNV-1a 64-bit hash; the record of a number is its digits. */
START_TEST(test_KO2_seed_text_reads_as_recorded)
{
    char rec[RNG_SEED_BYTES];
    ck_assert_uint_eq(rng_seed_read("12345"), 12345);
    ck_assert_uint_eq(rng_seed_read("18446744073709551615"), UINT64_MAX);
    /* FNV-1a 64 of the bytes, computed apart (Python) */
    ck_assert_uint_eq(rng_seed_read("roma-2026"), 3926547238968013881ull);
    ck_assert_uint_eq(rng_seed_read(""), 14695981039346656037ull);
    ck_assert_uint_eq(rng_seed_record("0x67932", rec, sizeof rec), 424242);
    ck_assert_str_eq(rec, "424242");
    ck_assert_uint_eq(rng_seed_record("roma-2026", rec, sizeof rec), 3926547238968013881ull);
    ck_assert_str_eq(rec, "roma-2026");
    /* text past 2^64 - 1 or with a sign is no number: text */
    ck_assert_uint_ne(rng_seed_record("-3", rec, sizeof rec), 3);
    ck_assert_str_eq(rec, "-3");
    /* a stored version 1 draw (its seed's digits) re-derives the same, its record kept */
    struct ko_entry e[6];
    for (int i = 0; i < 6; i++)
        e[i] = (struct ko_entry){.id = 100 + i};
    struct ko_bracket a, b, c;
    char err[200];
    ck_assert_int_eq(ko_draw(rng_seed_read("12345"), e, 6, 1, NULL, &a, err, sizeof err), 0);
    ck_assert_int_eq(a.version, 1);
    ck_assert_str_eq(a.seed_text, "12345");
    ck_assert_int_eq(ko_rederive(&a, &b, err, sizeof err), 0);
    ck_assert(ko_same_draw(&a, &b));
    ko_bracket_free(&b);
    /* a text seed: the draw of the number it reads as, and the text kept on re-derivation */
    ck_assert_int_eq(ko_draw(rng_seed_read("roma-2026"), e, 6, 1, NULL, &b, err, sizeof err), 0);
    snprintf(b.seed_text, sizeof b.seed_text, "%s", "roma-2026");
    ck_assert_int_eq(ko_rederive(&b, &c, err, sizeof err), 0);
    ck_assert(ko_same_draw(&b, &c));
    ck_assert_str_eq(c.seed_text, "roma-2026");
    ko_bracket_free(&a), ko_bracket_free(&b), ko_bracket_free(&c);
}
END_TEST

/* ---- KO-2 the draw ---- */

START_TEST(test_KO2_standard_order)
{
    int o8[8], o16[16];
    int w8[8] = {1, 8, 4, 5, 2, 7, 3, 6};
    int w16[16] = {1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11};
    ko_standard_order(8, o8);
    ko_standard_order(16, o16);
    for (int i = 0; i < 8; i++)
        ck_assert_int_eq(o8[i], w8[i]);
    for (int i = 0; i < 16; i++)
        ck_assert_int_eq(o16[i], w16[i]);
}
END_TEST

START_TEST(test_KO2_bracket_size)
{
    ck_assert_int_eq(ko_bracket_size(0), 2);
    ck_assert_int_eq(ko_bracket_size(2), 2);
    ck_assert_int_eq(ko_bracket_size(3), 4);
    ck_assert_int_eq(ko_bracket_size(64), 64);
    ck_assert_int_eq(ko_bracket_size(65), 128);
    ck_assert_int_eq(ko_bracket_size(KO_MAX_SIZE + 1), -1);
    struct ko_entry *e = entries(37, 1);
    struct ko_bracket b;
    draw_ok(1, e, 37, 3, NULL, &b);
    ck_assert_int_eq(b.size, 64);
    ck_assert_int_eq(b.rounds, 6);
    ck_assert_int_eq(ko_match_count(&b), 63);
    ko_bracket_free(&b);
    draw_ok(1, e, 30, 2, NULL, &b); /* 32 exactly: no bye */
    ck_assert_int_eq(b.size, 32);
    for (int s = 0; s < 32; s++)
        ck_assert_int_ne(b.slots[s].kind, KO_SLOT_BYE);
    ko_bracket_free(&b);
    free(e);
}
END_TEST

/* Golden draws from an independent Python implementation of the algorithm in knockout.h:
 * anyone can re-derive a draw from its seed, its entries in order and the version. */
START_TEST(test_KO2_matches_documented_algorithm)
{
    struct ko_bracket b;
    struct ko_entry *e = entries(10, 101);
    int64_t w1[16] = {108, BYE, 102, 101, 110, BYE, 106, BYE,
                      104, BYE, 105, 103, 109, BYE, 107, BYE};
    draw_ok(42, e, 10, 0, NULL, &b);
    for (int s = 0; s < 16; s++)
        ck_assert_int_eq(slot_code(&b.slots[s]), w1[s]);
    ko_bracket_free(&b);
    free(e);

    e = entries(37, 1);
    int64_t w2[64] = {33, BYE, 34, 13, 1,  BYE, 16, BYE, 29, BYE, 27, LATE(3), 10, BYE, 15, BYE,
                      3,  BYE, 5,  17, 28, BYE, 20, BYE, 7,  BYE, 37, 26,      32, BYE, 36, BYE,
                      4,  BYE, 18, 9,  23, BYE, 14, BYE, 22, BYE, 25, LATE(2), 35, BYE, 11, BYE,
                      2,  BYE, 30, 24, 21, BYE, 31, BYE, 8,  BYE, 19, LATE(1), 6,  BYE, 12, BYE};
    draw_ok(2026, e, 37, 3, NULL, &b);
    for (int s = 0; s < 64; s++)
        ck_assert_int_eq(slot_code(&b.slots[s]), w2[s]);
    ko_bracket_free(&b);
    free(e);

    /* Seeded: ratings 1500 + 10 i, every third entry unrated. */
    e = entries(13, 1);
    for (int i = 0; i < 13; i++)
        if (i % 3) {
            e[i].has_rating = 1;
            e[i].rating = 1500 + 10 * i;
        }
    struct ko_draw_opts o = {.seeded = 1};
    int64_t w3[16] = {12, BYE, 10, 2, 8, 7, 13, 3, 11, BYE, 4, 6, 9, BYE, 1, 5};
    draw_ok(7, e, 13, 0, &o, &b);
    for (int s = 0; s < 16; s++)
        ck_assert_int_eq(slot_code(&b.slots[s]), w3[s]);
    ko_bracket_free(&b);
    free(e);

    /* Seeded, 29 entries rated 1000 + 7 i: 8 seeds, 3 byes to seeds 1-3. */
    e = entries(29, 1);
    for (int i = 0; i < 29; i++) {
        e[i].has_rating = 1;
        e[i].rating = 1000 + 7 * i;
    }
    int64_t w4[32] = {29, BYE, 21, 14, 23, 8,  5, 20, 26, 1,   6, 18, 24, 7,  9,  15,
                      28, BYE, 4,  13, 22, 19, 3, 17, 27, BYE, 2, 16, 25, 10, 12, 11};
    draw_ok(5, e, 29, 0, &o, &b);
    for (int s = 0; s < 32; s++)
        ck_assert_int_eq(slot_code(&b.slots[s]), w4[s]);
    ko_bracket_free(&b);
    free(e);
}
END_TEST

START_TEST(test_KO2_same_seed_same_draw_other_seed_other_draw)
{
    struct ko_entry *e = entries(64, 1);
    struct ko_bracket a, b, c;
    draw_ok(123, e, 50, 2, NULL, &a);
    draw_ok(123, e, 50, 2, NULL, &b);
    draw_ok(124, e, 50, 2, NULL, &c);
    ck_assert(ko_same_draw(&a, &b));
    ck_assert(!ko_same_draw(&a, &c));
    int differ = 0;
    for (int s = 0; s < a.size; s++)
        differ += a.slots[s].drawn != c.slots[s].drawn;
    ck_assert_int_gt(differ, 10);
    ko_bracket_free(&a);
    ko_bracket_free(&b);
    ko_bracket_free(&c);
    free(e);
}
END_TEST

START_TEST(test_KO2_refuses_bad_input)
{
    struct ko_entry *e = entries(8, 1);
    struct ko_bracket b;
    char err[256];
    ck_assert_int_eq(ko_draw(1, e, 1, 0, NULL, &b, err, sizeof err), CW_EINVAL);
    ck_assert_ptr_nonnull(strstr(err, "at least 2"));
    ck_assert_int_eq(ko_draw(1, e, 1, 5, NULL, &b, err, sizeof err), CW_EINVAL);
    e[3].id = 2;
    ck_assert_int_eq(ko_draw(1, e, 8, 0, NULL, &b, err, sizeof err), CW_EINVAL);
    ck_assert_ptr_nonnull(strstr(err, "Entry 2 appears twice"));
    e[3].id = 0;
    ck_assert_int_eq(ko_draw(1, e, 8, 0, NULL, &b, err, sizeof err), CW_EINVAL);
    ck_assert_ptr_nonnull(strstr(err, "positive"));
    e[3].id = 4;
    e[5].has_rating = 1;
    e[5].rating = NAN;
    ck_assert_int_eq(ko_draw(1, e, 8, 0, NULL, &b, err, sizeof err), CW_EINVAL);
    e[5].has_rating = 0;
    ck_assert_int_eq(ko_draw(1, e, 8, -1, NULL, &b, err, sizeof err), CW_EINVAL);
    ck_assert_int_eq(ko_draw(1, e, 8, KO_MAX_SIZE, NULL, &b, err, sizeof err), CW_EINVAL);
    ck_assert_ptr_nonnull(strstr(err, "largest"));
    ck_assert_int_eq(ko_draw(1, e, 8, 0, NULL, &b, err, sizeof err), 0);
    /* A draw of an algorithm this build does not know is refused, not guessed. */
    struct ko_bracket c;
    b.version = 2;
    ck_assert_int_eq(ko_rederive(&b, &c, err, sizeof err), CW_EINVAL);
    ck_assert_ptr_nonnull(strstr(err, "algorithm 2"));
    ko_bracket_free(&b);
    free(e);
}
END_TEST

START_TEST(test_KO2_seeding_off_by_default)
{
    /* With ratings given but seeding off, the best-rated entry lands anywhere. */
    struct ko_entry *e = entries(16, 1);
    for (int i = 0; i < 16; i++) {
        e[i].has_rating = 1;
        e[i].rating = 1000 + i;
    }
    int at_top = 0;
    for (uint64_t seed = 0; seed < 200; seed++) {
        struct ko_bracket b;
        draw_ok(seed, e, 16, 0, NULL, &b);
        at_top += b.slots[0].id == 16;
        for (int s = 0; s < 16; s++)
            REQ_EQ(b.slots[s].rating_seed, 0);
        ko_bracket_free(&b);
    }
    REQ((at_top) < (40)); /* about 200/16 expected */
    free(e);
}
END_TEST

START_TEST(test_KO2_seeded_positions)
{
    /* 29 entries, 32 slots, 8 seeds: 1 and 2 at the two ends, 3-4 in the other quarters,
     * 5-8 one in each remaining eighth; the top 3 seeds receive the 3 byes. */
    struct ko_entry *e = entries(29, 1);
    for (int i = 0; i < 29; i++) {
        e[i].has_rating = 1;
        e[i].rating = 1000 + 7 * i; /* entry 29 is the best */
    }
    struct ko_draw_opts o = {.seeded = 1};
    for (uint64_t seed = 0; seed < 50; seed++) {
        struct ko_bracket b;
        draw_ok(seed, e, 29, 0, &o, &b);
        REQ_EQ(b.slots[0].id, 29);
        REQ_EQ(b.slots[0].rating_seed, 1);
        REQ_EQ(b.slots[16].id, 28);
        int quarter[4] = {0}, eighth[8] = {0};
        for (int s = 0; s < 32; s++) {
            int rs = b.slots[s].rating_seed;
            if (rs >= 1 && rs <= 4)
                quarter[s / 8]++;
            if (rs >= 1 && rs <= 8)
                eighth[s / 4]++;
            if (rs >= 1 && rs <= 3)
                REQ_EQ(b.slots[s ^ 1].kind, KO_SLOT_BYE);
            if (rs)
                REQ_EQ(b.slots[s].id, 30 - rs); /* seed k = the k-th best */
        }
        for (int q = 0; q < 4; q++)
            REQ_EQ(quarter[q], 1);
        for (int x = 0; x < 8; x++)
            REQ_EQ(eighth[x], 1);
        ko_bracket_free(&b);
    }
    /* Fewer rated entries than seeds: only the rated are seeded. */
    for (int i = 0; i < 29; i++)
        e[i].has_rating = i < 3;
    struct ko_bracket b;
    draw_ok(5, e, 29, 0, &o, &b);
    int seeds = 0;
    for (int s = 0; s < 32; s++)
        seeds += b.slots[s].rating_seed != 0;
    REQ_EQ(seeds, 3);
    ko_bracket_free(&b);
    o.seeds = 2;
    draw_ok(5, e, 29, 0, &o, &b);
    seeds = 0;
    for (int s = 0; s < 32; s++)
        seeds += b.slots[s].rating_seed != 0;
    REQ_EQ(seeds, 2);
    ko_bracket_free(&b);
    free(e);
}
END_TEST

START_TEST(test_KO2_lot_is_fair)
{
    /* 5 entries in 8 slots: 3 byes; each entry should get one 3 times in 5. */
    struct ko_entry *e = entries(5, 1);
    int byes[6] = {0};
    for (uint64_t seed = 0; seed < 5000; seed++) {
        struct ko_bracket b;
        draw_ok(seed, e, 5, 0, NULL, &b);
        for (int s = 0; s < 8; s++)
            if (b.slots[s].kind == KO_SLOT_ENTRY && b.slots[s ^ 1].kind == KO_SLOT_BYE)
                byes[b.slots[s].id]++;
        ko_bracket_free(&b);
    }
    for (int i = 1; i <= 5; i++) /* 3,000 expected, standard deviation about 35 */
        ck_assert_msg(abs(byes[i] - 3000) < 200, "entry %d: %d byes", i, byes[i]);
    free(e);
}
END_TEST

/* Property: over entry counts 2..130, late places and seeds, every entry appears exactly
 * once, a re-derived draw equals the original, byes never meet and are balanced at every
 * level, and the late places sit exactly where knockout.h says. */
START_TEST(test_KO2_KO3_properties_over_seeds_and_sizes)
{
    struct ko_entry *e = entries(130, 1000);
    for (int i = 0; i < 130; i++)
        if (i % 2) {
            e[i].has_rating = 1;
            e[i].rating = (i * 37) % 101;
        }
    int draws = 0;
    for (int n = 2; n <= 130; n++)
        for (int late = 0; late <= 4; late += (n % 2 ? 4 : 1))
            for (uint64_t seed = 0; seed < 12; seed++) {
                struct ko_draw_opts o = {.seeded = (int)(seed % 3 == 0)};
                struct ko_bracket b, c;
                char err[256];
                uint64_t sd = seed * 0x9e3779b97f4a7c15ULL + (uint64_t)n;
                draw_ok(sd, e, n, late, &o, &b);
                REQ_EQ(b.size, ko_bracket_size(n + late));
                int64_t *seen = malloc((size_t)n * sizeof *seen);
                int k = 0, nbye = 0, nlate = 0;
                for (int s = 0; s < b.size; s++) {
                    const struct ko_slot *sl = &b.slots[s];
                    if (sl->kind == KO_SLOT_ENTRY) {
                        REQ((k) < (n));
                        seen[k++] = sl->id;
                        REQ((sl->position) <= (n));
                    } else if (sl->kind == KO_SLOT_BYE) {
                        nbye++;
                        REQ((sl->position) > (n + late));
                        REQ((b.slots[s ^ 1].kind) != (KO_SLOT_BYE)); /* KO-3 */
                    } else {
                        nlate++;
                        REQ_EQ(sl->position, n + sl->late); /* KO-4 */
                    }
                }
                REQ_EQ(k, n);
                REQ_EQ(nlate, late);
                REQ_EQ(nbye, b.size - n - late);
                qsort(seen, (size_t)n, sizeof *seen, cmp64);
                for (int i = 0; i < n; i++)
                    REQ_EQ(seen[i], 1000 + i); /* each entry exactly once */
                free(seen);
                if (!balanced(&b, is_bye))
                    ck_abort_msg("byes unbalanced: n=%d late=%d", n, late);
                if (!balanced(&b, is_hole))
                    ck_abort_msg("holes unbalanced: n=%d late=%d", n, late);
                REQ_EQ(ko_rederive(&b, &c, err, sizeof err), 0);
                REQ(ko_same_draw(&b, &c));
                ko_bracket_free(&c);
                ko_bracket_free(&b);
                draws++;
            }
    REQ((draws) > (4000));
    free(e);
}
END_TEST

/* KO-2, KO-3: a draw with nobody seeded. Seeding asked for with no rated entry seeds
 * nobody and is exactly the unseeded draw; either way the byes face positions 1..byes
 * (the lowest), never meet, and are balanced at every level. */
START_TEST(test_KO2_KO3_no_rated_entry_no_seed)
{
    struct ko_entry *e = entries(130, 1); /* nobody rated */
    struct ko_draw_opts on = {.seeded = 1}, four = {.seeded = 1, .seeds = 4};
    for (int n = 2; n <= 130; n += (n < 20 ? 1 : 7))
        for (uint64_t seed = 0; seed < 8; seed++) {
            struct ko_bracket u, s, s4;
            draw_ok(seed, e, n, 0, NULL, &u);
            draw_ok(seed, e, n, 0, &on, &s);
            draw_ok(seed, e, n, 0, &four, &s4);
            int byes = u.size - n;
            for (int k = 0; k < u.size; k++) {
                REQ_EQ(s.slots[k].kind, u.slots[k].kind);
                REQ_EQ(s.slots[k].id, u.slots[k].id);
                REQ_EQ(s4.slots[k].id, u.slots[k].id);
                REQ_EQ(s.slots[k].rating_seed, 0);
                REQ_EQ(s4.slots[k].rating_seed, 0);
                if (u.slots[k].kind == KO_SLOT_BYE) {
                    REQ((u.slots[k].position) > (n));
                    REQ_EQ(u.slots[k ^ 1].kind, KO_SLOT_ENTRY);
                    REQ((u.slots[k ^ 1].position) <= (byes)); /* the lowest positions */
                }
            }
            REQ(balanced(&u, is_bye));
            ko_bracket_free(&u);
            ko_bracket_free(&s);
            ko_bracket_free(&s4);
        }
    free(e);
}
END_TEST

/* ---- KO-3 byes ---- */

START_TEST(test_KO3_byes_never_meet)
{
    struct ko_entry *e = entries(130, 1);
    for (int n = 2; n <= 130; n++)
        for (uint64_t seed = 0; seed < 20; seed++) {
            struct ko_bracket b;
            draw_ok(seed, e, n, 0, NULL, &b);
            for (int s = 0; s < b.size; s += 2)
                REQ(!(is_bye(&b, s) && is_bye(&b, s + 1)));
            ko_bracket_free(&b);
        }
    free(e);
}
END_TEST

START_TEST(test_KO3_byes_balanced_by_half_and_quarter)
{
    struct ko_entry *e = entries(130, 1);
    for (int n = 2; n <= 130; n++) {
        struct ko_bracket b;
        draw_ok((uint64_t)n, e, n, 0, NULL, &b);
        int half[2] = {0}, quarter[4] = {0};
        for (int s = 0; s < b.size; s++)
            if (is_bye(&b, s)) {
                half[s / (b.size / 2)]++;
                if (b.size >= 4)
                    quarter[s / (b.size / 4)]++;
            }
        REQ((abs(half[0] - half[1])) <= (1));
        for (int i = 0; i < 4; i++)
            for (int j = 0; j < 4; j++)
                REQ((abs(quarter[i] - quarter[j])) <= (1));
        REQ(balanced(&b, is_bye));
        ko_bracket_free(&b);
    }
    free(e);
}
END_TEST

START_TEST(test_KO3_bye_player_walks_into_round_2)
{
    struct ko_entry *e = entries(5, 1);
    struct ko_bracket b;
    draw_ok(3, e, 5, 0, NULL, &b);
    struct ko_result res[7] = {0};
    struct ko_mview v[7];
    compute_ok(&b, res, v);
    int walk = 0, ready = 0;
    for (int m = 0; m < 4; m++) {
        walk += v[m].state == KO_M_WALKOVER;
        ready += v[m].state == KO_M_READY;
    }
    ck_assert_int_eq(walk, 3);
    ck_assert_int_eq(ready, 1);
    /* Position 1 faces the bye at 8, and positions 2, 3 those at 7, 6: in round 2 the
     * players of positions 2 and 3 meet, known before anything is played. */
    int m5 = ko_match_index(&b, 2, 1);
    ck_assert_int_eq(v[m5].state, KO_M_READY);
    ck_assert_int_eq(v[m5].side[0].id, id_at(&b, 2));
    ck_assert_int_eq(v[m5].side[1].id, id_at(&b, 3));
    int m4 = ko_match_index(&b, 2, 0);
    ck_assert_int_eq(v[m4].state, KO_M_WAITING);
    ck_assert_int_eq(v[m4].side[0].id, id_at(&b, 1));
    ck_assert_int_eq(v[m4].side[1].kind, KO_SIDE_PENDING);
    ck_assert_int_eq(v[m4].side[1].from, 1);
    ko_bracket_free(&b);
    free(e);
}
END_TEST

/* ---- KO-4 late places ---- */

START_TEST(test_KO4_late_places_fill_in_order)
{
    struct ko_entry *e = entries(20, 1);
    struct ko_bracket b;
    char err[256];
    draw_ok(11, e, 20, 4, NULL, &b);
    for (int k = 1; k <= 4; k++) {
        int no = 0;
        ck_assert(ko_late_open(&b, 0));
        ck_assert_int_eq(ko_late_arrive(&b, 100 + k, 0, &no, err, sizeof err), 0);
        ck_assert_int_eq(no, k);
        ck_assert_int_eq(id_at(&b, 20 + k), 100 + k);
        ck_assert_int_eq(b.late_filled, k);
    }
    ck_assert(!ko_late_open(&b, 0));
    int no = 0;
    ck_assert_int_eq(ko_late_arrive(&b, 200, 0, &no, err, sizeof err), CW_ECONFLICT);
    ck_assert_ptr_nonnull(strstr(err, "All 4 late places are taken"));
    /* Late fills happen after the draw: re-derivation still matches. */
    struct ko_bracket c;
    ck_assert_int_eq(ko_rederive(&b, &c, err, sizeof err), 0);
    ck_assert(ko_same_draw(&b, &c));
    ko_bracket_free(&c);
    ko_bracket_free(&b);
    free(e);
}
END_TEST

START_TEST(test_KO4_late_refusals_change_nothing)
{
    struct ko_entry *e = entries(6, 1);
    struct ko_bracket b;
    char err[256];
    int no = 0;
    draw_ok(5, e, 6, 2, NULL, &b);
    b.late_deadline_ms = 1000;
    ck_assert_int_eq(ko_late_arrive(&b, 3, 0, &no, err, sizeof err), CW_ECONFLICT);
    ck_assert_ptr_nonnull(strstr(err, "already in the draw"));
    ck_assert_int_eq(ko_late_arrive(&b, 0, 0, &no, err, sizeof err), CW_EINVAL);
    ck_assert_int_eq(ko_late_arrive(&b, 50, 1000, &no, err, sizeof err), CW_ECONFLICT);
    ck_assert_ptr_nonnull(strstr(err, "closed"));
    ck_assert_int_eq(b.late_filled, 0);
    ck_assert(!b.late_closed);
    ck_assert_int_eq(ko_late_arrive(&b, 50, 999, &no, err, sizeof err), 0);
    ck_assert_int_eq(ko_late_arrive(&b, 50, 999, &no, err, sizeof err), CW_ECONFLICT);
    ck_assert_int_eq(ko_late_expire(&b, 999), 0);
    ck_assert_int_eq(ko_late_expire(&b, 1000), 1);
    ck_assert(b.late_closed);
    ck_assert_int_eq(ko_late_expire(&b, 5000), 0);
    ck_assert_int_eq(ko_late_arrive(&b, 51, 10, &no, err, sizeof err), CW_ECONFLICT);
    ko_bracket_free(&b);
    draw_ok(5, e, 6, 0, NULL, &b);
    ck_assert_int_eq(ko_late_arrive(&b, 51, 10, &no, err, sizeof err), CW_ECONFLICT);
    ck_assert_ptr_nonnull(strstr(err, "no late places"));
    ko_bracket_free(&b);
    free(e);
}
END_TEST

START_TEST(test_KO4_unfilled_places_become_byes_opponents_advance)
{
    struct ko_entry *e = entries(13, 1);
    struct ko_bracket b;
    char err[256];
    int no;
    draw_ok(77, e, 13, 3, NULL, &b); /* 16 slots, no bye, 3 late places */
    ck_assert_int_eq(ko_late_arrive(&b, 99, 0, &no, err, sizeof err), 0);
    struct ko_result res[15] = {0};
    struct ko_mview v[15];
    compute_ok(&b, res, v);
    int waiting_late = 0;
    for (int m = 0; m < 8; m++)
        for (int s = 0; s < 2; s++)
            if (v[m].side[s].kind == KO_SIDE_LATE) {
                waiting_late++;
                ck_assert_int_eq(v[m].state, KO_M_WAITING);
                ck_assert_int_eq(v[m].side[1 - s].kind, KO_SIDE_PLAYER);
            }
    ck_assert_int_eq(waiting_late, 2);
    ck_assert_int_eq(ko_late_close(&b), 2);
    compute_ok(&b, res, v);
    int walk = 0;
    for (int m = 0; m < 8; m++) {
        ck_assert_int_ne(v[m].side[0].kind, KO_SIDE_LATE);
        ck_assert_int_ne(v[m].side[1].kind, KO_SIDE_LATE);
        if (v[m].state == KO_M_WALKOVER) {
            walk++;
            int s = v[m].winner;
            int sl = 2 * m + (1 - s);
            ck_assert_int_eq(b.slots[sl].kind,
                             KO_SLOT_LATE); /* the late place that went unfilled */
            ck_assert_int_ge(b.slots[sl].late, 2);
        }
    }
    ck_assert_int_eq(walk, 2);
    ko_bracket_free(&b);
    free(e);
}
END_TEST

START_TEST(test_KO4_holes_stay_balanced_during_late_entry)
{
    struct ko_entry *e = entries(130, 1);
    char err[256];
    for (int n = 2; n <= 130; n += 3)
        for (int late = 1; late <= 9; late += 4) {
            struct ko_bracket b;
            draw_ok((uint64_t)(n * 31 + late), e, n, late, NULL, &b);
            for (int k = 0; k <= late; k++) {
                REQ(balanced(&b, is_hole));
                /* Filled in numbered order: places 1..k taken, the rest open. */
                for (int s = 0; s < b.size; s++)
                    if (b.slots[s].kind == KO_SLOT_LATE)
                        REQ_EQ(b.slots[s].id != 0, b.slots[s].late <= k);
                if (n + k >= b.size / 2) /* enough players: no two holes meet */
                    for (int s = 0; s < b.size; s += 2)
                        REQ(!(is_hole(&b, s) && is_hole(&b, s + 1)));
                int no;
                if (k < late)
                    REQ_EQ(ko_late_arrive(&b, 5000 + k, 0, &no, err, sizeof err), 0);
            }
            ko_bracket_free(&b);
        }
    free(e);
}
END_TEST

START_TEST(test_KO4_waiting_player_is_told_deadline)
{
    struct ko_entry *e = entries(7, 1);
    struct ko_bracket b;
    draw_ok(8, e, 7, 1, NULL, &b); /* 8 slots: position 8 is late place 1, facing position 1 */
    b.late_deadline_ms = 1777645800000LL;
    struct ko_result res[7] = {0};
    struct ko_mview v[7];
    compute_ok(&b, res, v);
    struct ko_pstatus st;
    int64_t who = id_at(&b, 1);
    ck_assert_int_eq(ko_player_status(&b, res, v, who, &st), 0);
    ck_assert_int_eq(st.state, KO_P_WAIT_LATE);
    ck_assert_int_eq(st.late, 1);
    char text[256];
    api_knockout_status_text(&st, NULL, text, sizeof text);
    ck_assert_str_eq(text, "Round 1: you wait for late arrival 1 until 2026-05-01T14:30:00Z; if "
                           "nobody takes that place by then, you advance to round 2.");
    b.late_deadline_ms = 0;
    ko_player_status(&b, res, v, who, &st);
    api_knockout_status_text(&st, NULL, text, sizeof text);
    ck_assert_ptr_nonnull(strstr(text, "until the director closes late entry"));
    ko_late_close(&b);
    compute_ok(&b, res, v);
    ko_player_status(&b, res, v, who, &st);
    ck_assert_int_eq(st.state, KO_P_WAIT_OPPONENT);
    ck_assert_int_eq(st.round, 2);
    api_knockout_status_text(&st, NULL, text, sizeof text);
    ck_assert_str_eq(text, "Round 2: you wait for the winner of round 1 match 2.");
    ko_bracket_free(&b);
    free(e);
}
END_TEST

/* ---- KO-5, KO-6 Consolation and Last Chance ---- */

/* 5 entries in 8: positions 1, 2, 3 face byes; 4 v 5 is the only round-1 match. */
static void five_player_main(struct ko_bracket *b, struct ko_result *res, struct ko_mview *v)
{
    struct ko_entry *e = entries(5, 1);
    draw_ok(17, e, 5, 0, NULL, b);
    free(e);
    memset(res, 0, 7 * sizeof *res);
    compute_ok(b, res, v);
}

static int side_of(const struct ko_mview *v, int64_t id)
{
    for (int s = 0; s < 2; s++)
        if (v->side[s].kind == KO_SIDE_PLAYER && v->side[s].id == id)
            return s;
    return -1;
}

/* Decides match m so that player `loser` loses. */
static void lose(struct ko_result *res, const struct ko_mview *v, int m, int64_t loser,
                 enum ko_decision d)
{
    int s = side_of(&v[m], loser);
    ck_assert_int_ge(s, 0);
    res[m].decision = d;
    res[m].winner = 1 - s;
}

START_TEST(test_KO5_first_match_losers_enter)
{
    struct ko_bracket b;
    struct ko_result res[7];
    struct ko_mview v[7];
    five_player_main(&b, res, v);
    int64_t p[6];
    for (int i = 1; i <= 5; i++)
        p[i] = id_at(&b, i);
    struct ko_entry out[8];
    int missing;
    /* 4 v 5, both round-2 matches (each holds a first-timer) and the final (a player who
     * only ever wins by forfeit is still a first-timer) may all still feed. */
    ck_assert_int_eq(ko_feed(&b, res, v, 0, out, &missing), 0);
    ck_assert_int_eq(missing, 4);
    lose(res, v, 1, p[5], KO_PLAYED);
    compute_ok(&b, res, v);
    ck_assert_int_eq(ko_feed(&b, res, v, 0, out, &missing), 1);
    ck_assert_int_eq(missing, 3);
    ck_assert_int_eq(out[0].id, p[5]);
    ck_assert_int_eq(out[0].round, 1);
    ck_assert_int_eq(out[0].had_bye, 0);
    lose(res, v, 4, p[1], KO_PLAYED);  /* the bye player loses its first match */
    lose(res, v, 5, p[3], KO_FORFEIT); /* a forfeit loser stays in; p2 has still not played */
    compute_ok(&b, res, v);
    ck_assert_int_eq(ko_feed(&b, res, v, 0, out, &missing), 3);
    ck_assert_int_eq(missing, 1);
    ck_assert_int_eq(out[1].id, p[1]);
    ck_assert_int_eq(out[1].had_bye, 1);
    ck_assert_int_eq(out[2].id, p[3]);
    ck_assert_int_eq(out[2].had_bye, 1);
    lose(res, v, 6, p[4], KO_PLAYED); /* p4 had played: not fed */
    compute_ok(&b, res, v);
    ck_assert_int_eq(ko_feed(&b, res, v, 0, out, &missing), 3);
    ck_assert_int_eq(missing, 0);
    /* Consolation byes go to the player with no bye in the Main, whatever the lot. */
    for (uint64_t seed = 0; seed < 50; seed++) {
        struct ko_bracket c;
        char err[256];
        ck_assert_int_eq(ko_draw_fed(seed, out, 3, &c, err, sizeof err), 0);
        ck_assert_int_eq(c.size, 4);
        ck_assert_int_eq(id_at(&c, 1), p[5]);
        ck_assert_int_eq(id_at(&c, 4), BYE);
        ko_bracket_free(&c);
    }
    /* Had p2 lost the final instead, it would enter too: its first match played. */
    res[6].winner = 1 - res[6].winner;
    compute_ok(&b, res, v);
    ck_assert_int_eq(ko_feed(&b, res, v, 0, out, &missing), 4);
    ck_assert_int_eq(out[3].id, p[2]);
    ck_assert_int_eq(out[3].had_bye, 1);
    ko_bracket_free(&b);
}
END_TEST

START_TEST(test_KO5_progressive_round2_losers_enter_round2)
{
    struct ko_bracket b;
    struct ko_result res[7];
    struct ko_mview v[7];
    five_player_main(&b, res, v);
    int64_t p[6];
    for (int i = 1; i <= 5; i++)
        p[i] = id_at(&b, i);
    struct ko_entry out[8];
    int missing;
    lose(res, v, 1, p[5], KO_PLAYED);
    compute_ok(&b, res, v);
    lose(res, v, 4, p[4], KO_PLAYED); /* won round 1 by playing, lost round 2 */
    compute_ok(&b, res, v);
    ck_assert_int_eq(ko_feed(&b, res, v, 1, out, &missing), 2);
    ck_assert_int_eq(missing, 2); /* round-2 match 2 v 3, and the final it leads to */
    lose(res, v, 5, p[2], KO_PLAYED);
    compute_ok(&b, res, v);
    ck_assert_int_eq(ko_feed(&b, res, v, 1, out, &missing), 3);
    ck_assert_int_eq(missing, 0);
    ck_assert_int_eq(out[0].id, p[5]);
    ck_assert_int_eq(out[0].round, 1);
    ck_assert_int_eq(out[1].id, p[4]);
    ck_assert_int_eq(out[1].round, 2);
    ck_assert_int_eq(out[2].id, p[2]);
    ck_assert_int_eq(out[2].round, 1);
    ck_assert_int_eq(out[2].had_bye, 1);
    /* Non-progressive, p4 (who played and won round 1) does not enter. */
    ck_assert_int_eq(ko_feed(&b, res, v, 0, out, &missing), 2);
    ck_assert_int_eq(out[1].id, p[2]);
    /* The progressive draw: p4 enters behind a structural bye, meets the round-1 winner. */
    ko_feed(&b, res, v, 1, out, &missing);
    struct ko_bracket c;
    char err[256];
    ck_assert_int_eq(ko_draw_fed(5, out, 3, &c, err, sizeof err), 0);
    ck_assert_int_eq(c.size, 4);
    ck_assert_int_eq(id_at(&c, 1), p[4]);
    struct ko_result cr[3] = {0};
    struct ko_mview cv[3];
    compute_ok(&c, cr, cv);
    ck_assert_int_eq(cv[0].state, KO_M_WALKOVER); /* positions 1 v 4 */
    ck_assert_int_eq(cv[1].state, KO_M_READY);    /* positions 2 v 3 */
    ko_bracket_free(&c);
    ko_bracket_free(&b);
}
END_TEST

START_TEST(test_KO5_withdrawn_and_disqualified_do_not_enter)
{
    struct ko_bracket b;
    struct ko_result res[7];
    struct ko_mview v[7];
    five_player_main(&b, res, v);
    int64_t p4 = id_at(&b, 4), p5 = id_at(&b, 5), p2 = id_at(&b, 2);
    lose(res, v, 1, p5, KO_WITHDRAWAL);
    lose(res, v, 5, p2, KO_DISQUALIFIED);
    compute_ok(&b, res, v);
    struct ko_entry out[8];
    int missing;
    ck_assert_int_eq(ko_feed(&b, res, v, 0, out, &missing), 0);
    ck_assert_int_eq(missing, 2); /* p1 v p4, both first-timers, and the final */
    /* p4 advanced without playing (its opponent withdrew): that counts as a bye. */
    lose(res, v, 4, p4, KO_PLAYED);
    compute_ok(&b, res, v);
    ck_assert_int_eq(ko_feed(&b, res, v, 0, out, &missing), 1);
    ck_assert_int_eq(out[0].id, p4);
    ck_assert_int_eq(out[0].had_bye, 1);
    ko_bracket_free(&b);
}
END_TEST

START_TEST(test_KO5_full_progressive_structure)
{
    /* A full Main of 32: 16 round-1 losers and 8 round-2 losers; the Consolation has 32
     * slots and every round-2 match pairs a round-2 entrant with a round-1 winner. */
    struct ko_entry *e = entries(32, 1);
    struct ko_bracket b, c;
    struct ko_result res[31] = {0};
    struct ko_mview v[31];
    struct rng r;
    rng_seed(&r, 3);
    draw_ok(9, e, 32, 0, NULL, &b);
    play_round(&b, res, v, 1, &r);
    play_round(&b, res, v, 2, &r);
    struct ko_entry out[32];
    int missing, n = ko_feed(&b, res, v, 1, out, &missing);
    ck_assert_int_eq(missing, 0);
    ck_assert_int_eq(n, 24);
    char err[256];
    ck_assert_int_eq(ko_draw_fed(44, out, n, &c, err, sizeof err), 0);
    ck_assert_int_eq(c.size, 32);
    struct ko_result cr[31] = {0};
    struct ko_mview cv[31];
    play_round(&c, cr, cv, 1, &r);
    for (int i = 0; i < 8; i++) {
        const struct ko_mview *m = &cv[ko_match_index(&c, 2, i)];
        ck_assert_int_eq(m->state, KO_M_READY);
        int r2 = 0;
        for (int s = 0; s < 2; s++)
            for (int k = 0; k < n; k++)
                if (out[k].id == m->side[s].id)
                    r2 += out[k].round == 2;
        ck_assert_int_eq(r2, 1);
    }
    ko_bracket_free(&c);
    ko_bracket_free(&b);
    free(e);
}
END_TEST

/* Property: over Main sizes and seeds, a Consolation bye goes to a player who had a Main bye
 * only when every player without one already has a Consolation bye or a round-2 entry. */
START_TEST(test_KO5_consolation_bye_preference_property)
{
    struct ko_entry *e = entries(130, 1);
    int checked = 0, contested = 0;
    for (int n = 3; n <= 130; n += 1)
        for (uint64_t seed = 0; seed < 6; seed++) {
            struct ko_bracket b, c;
            struct rng r;
            rng_seed(&r, seed * 1000 + (uint64_t)n);
            draw_ok(seed + (uint64_t)n, e, n, 0, NULL, &b);
            int nm = ko_match_count(&b);
            struct ko_result *res = calloc((size_t)nm, sizeof *res);
            struct ko_mview *v = calloc((size_t)nm, sizeof *v);
            struct ko_entry *out = calloc((size_t)b.size, sizeof *out);
            int progressive = (int)(seed % 2), missing, k = 0;
            for (int round = 1; round <= b.rounds; round++) {
                play_round(&b, res, v, round, &r);
                k = ko_feed(&b, res, v, progressive, out, &missing);
                if (!missing)
                    break;
            }
            REQ_EQ(missing, 0);
            char err[256];
            if (k >= 2) {
                REQ_EQ(ko_draw_fed(seed, out, k, &c, err, sizeof err), 0);
                int nobye_played = 0, bye_got_bye = 0, nb = 0;
                for (int s = 0; s < c.size; s++) {
                    const struct ko_slot *sl = &c.slots[s];
                    if (sl->kind != KO_SLOT_ENTRY || sl->round2)
                        continue;
                    int got = c.slots[s ^ 1].kind == KO_SLOT_BYE;
                    nb += sl->had_bye;
                    if (!sl->had_bye && !got)
                        nobye_played++;
                    if (sl->had_bye && got)
                        bye_got_bye++;
                }
                if (nobye_played && bye_got_bye)
                    ck_abort_msg("n=%d seed=%llu: a Main-bye player got a Consolation bye while "
                                 "a player without one plays round 1",
                                 n, (unsigned long long)seed);
                contested += nb > 0;
                struct ko_bracket d;
                REQ_EQ(ko_rederive(&c, &d, err, sizeof err), 0);
                REQ(ko_same_draw(&c, &d));
                ko_bracket_free(&d);
                ko_bracket_free(&c);
                checked++;
            }
            free(res), free(v), free(out);
            ko_bracket_free(&b);
        }
    REQ((checked) > (600));
    REQ((contested) > (100)); /* the preference was actually put to the test */
    free(e);
}
END_TEST

START_TEST(test_KO5_fed_draw_refusals)
{
    struct ko_entry e[3] = {{.id = 1}, {.id = 2, .round = 3}, {.id = 3}};
    struct ko_bracket c;
    char err[256];
    ck_assert_int_eq(ko_draw_fed(1, e, 1, &c, err, sizeof err), CW_EINVAL);
    ck_assert_int_eq(ko_draw_fed(1, e, 3, &c, err, sizeof err), CW_EINVAL);
    ck_assert_ptr_nonnull(strstr(err, "round 3"));
    e[1].round = 2;
    e[2].id = 1;
    ck_assert_int_eq(ko_draw_fed(1, e, 3, &c, err, sizeof err), CW_EINVAL);
    e[2].id = 3;
    ck_assert_int_eq(ko_draw_fed(1, e, 3, &c, err, sizeof err), 0);
    ck_assert_int_eq(c.kind, KO_FED);
    ko_bracket_free(&c);
}
END_TEST

START_TEST(test_KO5_fed_draw_matches_documented_algorithm)
{
    /* From the Python re-implementation: 5 round-1 entrants (2 with a Main bye) and 2
     * round-2 entrants: 16 slots; every round-1 entrant gets a bye here (X >= n1). */
    struct ko_entry e[7] = {{.id = 11, .round = 1},
                            {.id = 12, .round = 1, .had_bye = 1},
                            {.id = 13, .round = 1},
                            {.id = 14, .round = 2},
                            {.id = 15, .round = 1},
                            {.id = 16, .round = 2},
                            {.id = 17, .round = 1, .had_bye = 1}};
    int64_t want[16] = {16, BYE, BYE, BYE, 13, BYE, 11, BYE, 14, BYE, 12, BYE, 15, BYE, 17, BYE};
    struct ko_bracket c;
    char err[256];
    ck_assert_int_eq(ko_draw_fed(99, e, 7, &c, err, sizeof err), 0);
    for (int s = 0; s < 16; s++)
        ck_assert_int_eq(slot_code(&c.slots[s]), want[s]);
    ko_bracket_free(&c);
}
END_TEST

START_TEST(test_KO5_waiting_for_the_draw_text)
{
    struct ko_entry out[2] = {{.id = 5, .round = 1}, {.id = 9, .round = 2}};
    struct ko_pstatus st;
    char text[256];
    ck_assert_int_eq(ko_feed_status(out, 2, 3, 9, &st), 0);
    ck_assert_int_eq(st.state, KO_P_WAIT_DRAW);
    api_knockout_status_text(&st, NULL, text, sizeof text);
    ck_assert_str_eq(text, "You enter round 2 of this event. Its draw is made when the 3 results "
                           "that may still add players are in.");
    ck_assert_int_eq(ko_feed_status(out, 2, 0, 5, &st), 0);
    api_knockout_status_text(&st, NULL, text, sizeof text);
    ck_assert_ptr_nonnull(strstr(text, "the draw can be made"));
    ck_assert_int_eq(ko_feed_status(out, 2, 0, 6, &st), CW_ENOTFOUND);
}
END_TEST

START_TEST(test_KO5_correction_swaps_consolation_entrant)
{
    /* 8 entries, no byes. After the Consolation draw the TD corrects a round-1 result:
     * the old loser advances in the Main, the new loser takes its Consolation place. */
    struct ko_entry *e = entries(8, 1);
    struct ko_bracket b, c;
    struct ko_result res[7] = {0}, cr[3] = {0};
    struct ko_mview v[7], cv[3];
    struct rng r;
    rng_seed(&r, 1);
    draw_ok(21, e, 8, 0, NULL, &b);
    play_round(&b, res, v, 1, &r);
    struct ko_entry out[8];
    int missing, n = ko_feed(&b, res, v, 0, out, &missing);
    ck_assert_int_eq(n, 4);
    ck_assert_int_eq(missing, 0);
    char err[256];
    ck_assert_int_eq(ko_draw_fed(3, out, n, &c, err, sizeof err), 0);
    compute_ok(&c, cr, cv);
    int64_t old = v[0].side[1 - res[0].winner].id, neu = v[0].side[res[0].winner].id;
    /* The old loser's Consolation match was played. */
    int cm = -1;
    for (int m = 0; m < 2; m++)
        if (side_of(&cv[m], old) >= 0)
            cm = m;
    ck_assert_int_ge(cm, 0);
    cr[cm].decision = KO_PLAYED;
    cr[cm].winner = side_of(&cv[cm], old);
    compute_ok(&c, cr, cv);
    /* The correction in the Main. */
    res[0].winner = 1 - res[0].winner;
    compute_ok(&b, res, v);
    n = ko_feed(&b, res, v, 0, out, &missing);
    int undo[3], nundo;
    struct ko_slot_change ch[4];
    int nch = ko_feed_follow(&c, cr, cv, out, n, missing, undo, &nundo, ch, err, sizeof err);
    ck_assert_msg(nch == 1, "%d: %s", nch, err);
    ck_assert_int_eq(ch[0].old_id, old);
    ck_assert_int_eq(ch[0].new_id, neu);
    ck_assert_int_eq(ch[0].closed, 0);
    ck_assert_int_eq(nundo, 1); /* the old entrant's match is undone */
    ck_assert_int_eq(undo[0], cm);
    ck_assert_int_eq(cr[cm].decision, KO_UNDECIDED);
    ck_assert_int_ge(side_of(&cv[cm], neu), 0); /* the new one takes the old one's place */
    ck_assert_int_eq(cv[cm].state, KO_M_READY);
    ck_assert_int_eq(c.slots[ch[0].slot].vacant, 0);
    /* followed again: nothing to change */
    ck_assert_int_eq(ko_feed_follow(&c, cr, cv, out, n, missing, undo, &nundo, ch, err, sizeof err),
                     0);
    ck_assert_int_eq(nundo, 0);
    /* The draw's record is unchanged by the substitution. */
    struct ko_bracket d;
    ck_assert_int_eq(ko_rederive(&c, &d, err, sizeof err), 0);
    ck_assert(ko_same_draw(&c, &d));
    ko_bracket_free(&d);
    ko_bracket_free(&c);
    ko_bracket_free(&b);
    free(e);
}
END_TEST

/* A full Main of 8 and its drawn progressive Consolation (4 round-1 and 2 round-2 entrants).
 * The winner W of Main round-1 match 0 lost round 2, so entered Consolation round 2; L, the
 * loser, entered round 1 and played there. */
struct prog {
    struct ko_bracket b, c;
    struct ko_result res[7], cr[7];
    struct ko_mview v[7], cv[7];
    struct ko_entry out[8];
    int n, missing, cm; /* cm: L's Consolation match */
    int64_t w, l, q;    /* q: who beat W in Main round 2 */
};

static void prog_setup(struct prog *p)
{
    memset(p, 0, sizeof *p);
    struct ko_entry *e = entries(8, 1);
    struct rng r;
    rng_seed(&r, 5);
    draw_ok(33, e, 8, 0, NULL, &p->b);
    free(e);
    play_round(&p->b, p->res, p->v, 1, &r);
    p->w = p->v[0].side[p->res[0].winner].id;
    p->l = p->v[0].side[1 - p->res[0].winner].id;
    int m2 = ko_match_index(&p->b, 2, 0);
    lose(p->res, p->v, m2, p->w, KO_PLAYED);
    play_round(&p->b, p->res, p->v, 2, &r);
    p->q = p->v[m2].side[p->res[m2].winner].id;
    p->n = ko_feed(&p->b, p->res, p->v, 1, p->out, &p->missing);
    ck_assert_int_eq(p->n, 6);
    ck_assert_int_eq(p->missing, 0);
    char err[256];
    ck_assert_int_eq(ko_draw_fed(8, p->out, p->n, &p->c, err, sizeof err), 0);
    ck_assert_int_eq(p->c.size, 8);
    compute_ok(&p->c, p->cr, p->cv);
    p->cm = -1;
    for (int m = 0; m < 4; m++)
        if (side_of(&p->cv[m], p->l) >= 0)
            p->cm = m;
    ck_assert_int_ge(p->cm, 0);
    ck_assert_int_eq(p->cv[p->cm].state, KO_M_READY);
    lose(p->cr, p->cv, p->cm, p->l, KO_PLAYED);
    compute_ok(&p->c, p->cr, p->cv);
    /* the correction: L beat W. Main round 2 match 0 (W's loss) is undone with it. */
    p->res[0].winner = 1 - p->res[0].winner;
    int later[KO_MAX_ROUNDS];
    ck_assert_int_eq(ko_cascade(&p->b, p->res, 0, later), 1);
    ck_assert_int_eq(later[0], m2);
    memset(&p->res[m2], 0, sizeof p->res[m2]);
    compute_ok(&p->b, p->res, p->v);
    p->n = ko_feed(&p->b, p->res, p->v, 1, p->out, &p->missing);
}

static int slot_of(const struct ko_bracket *b, int64_t id)
{
    for (int s = 0; s < b->size; s++)
        if (b->slots[s].id == id)
            return s;
    return -1;
}

/* KO-5, KO-8: the correction takes W out of Consolation round 2 with nobody to replace them
 * until Main round 2 is played again: W takes L's round-1 place, W's round-2 place waits
 * (vacant), and the loser of the replayed match fills it. */
START_TEST(test_KO5_KO8_progressive_correction_leaves_a_vacant_place)
{
    struct prog p;
    prog_setup(&p);
    ck_assert_int_eq(p.n, 5); /* W in round 1; Main round 2 match 0 still to come */
    ck_assert_int_eq(p.missing, 1);
    int lslot = slot_of(&p.c, p.l), wslot = slot_of(&p.c, p.w);
    ck_assert(p.c.slots[wslot].round2);
    int undo[7], nundo;
    struct ko_slot_change ch[8];
    char err[256] = "";
    int nch =
        ko_feed_follow(&p.c, p.cr, p.cv, p.out, p.n, p.missing, undo, &nundo, ch, err, sizeof err);
    ck_assert_msg(nch == 2, "%d: %s", nch, err);
    ck_assert_int_eq(nundo, 1); /* L's Consolation match */
    ck_assert_int_eq(undo[0], p.cm);
    ck_assert_int_eq(p.c.slots[lslot].id, p.w); /* W plays L's round-1 match instead */
    ck_assert_int_eq(p.cv[p.cm].state, KO_M_READY);
    ck_assert_int_eq(p.c.slots[wslot].id, 0); /* W's round-2 place waits */
    ck_assert_int_eq(p.c.slots[wslot].vacant, 1);
    const struct ko_mview *hold = &p.cv[wslot / 2];
    ck_assert_int_eq(hold->side[wslot % 2].kind, KO_SIDE_TO_ENTER);
    ck_assert_int_eq(hold->state, KO_M_WAITING);
    for (int i = 0; i < nch; i++) {
        if (ch[i].slot == lslot) {
            ck_assert_int_eq(ch[i].old_id, p.l);
            ck_assert_int_eq(ch[i].new_id, p.w);
        } else {
            ck_assert_int_eq(ch[i].slot, wslot);
            ck_assert_int_eq(ch[i].old_id, p.w);
            ck_assert_int_eq(ch[i].new_id, 0);
            ck_assert_int_eq(ch[i].closed, 0);
        }
    }
    /* the draw's record is kept */
    struct ko_bracket d;
    ck_assert_int_eq(ko_rederive(&p.c, &d, err, sizeof err), 0);
    ck_assert(ko_same_draw(&p.c, &d));
    ko_bracket_free(&d);
    /* Main round 2 match 0 again: Q beats L, who played and won round 1: L fills the place */
    int m2 = ko_match_index(&p.b, 2, 0);
    lose(p.res, p.v, m2, p.l, KO_PLAYED);
    compute_ok(&p.b, p.res, p.v);
    p.n = ko_feed(&p.b, p.res, p.v, 1, p.out, &p.missing);
    ck_assert_int_eq(p.missing, 0);
    nch =
        ko_feed_follow(&p.c, p.cr, p.cv, p.out, p.n, p.missing, undo, &nundo, ch, err, sizeof err);
    ck_assert_msg(nch == 1, "%d: %s", nch, err);
    ck_assert_int_eq(ch[0].slot, wslot);
    ck_assert_int_eq(ch[0].old_id, 0);
    ck_assert_int_eq(ch[0].new_id, p.l);
    ck_assert_int_eq(p.c.slots[wslot].vacant, 0);
    ck_assert_int_eq(p.cv[wslot / 2].state, KO_M_WALKOVER); /* behind its structural bye */
    /* the Consolation plays to its end with one champion */
    struct rng r;
    rng_seed(&r, 9);
    play_all(&p.c, p.cr, p.cv, &r);
    ck_assert_int_gt(ko_champion(&p.c, p.cv), 0);
    ko_bracket_free(&p.c);
    ko_bracket_free(&p.b);
}
END_TEST

/* The place closes when nobody can come (the replayed match ends in a withdrawal), and a
 * round-1 entrant takes a round-2 place when no round-1 place is vacant. */
START_TEST(test_KO5_vacant_place_closes_or_takes_the_other_round)
{
    for (int variant = 0; variant < 2; variant++) {
        struct prog p;
        prog_setup(&p);
        int undo[7], nundo;
        struct ko_slot_change ch[8];
        char err[256] = "";
        ck_assert_int_eq(ko_feed_follow(&p.c, p.cr, p.cv, p.out, p.n, p.missing, undo, &nundo, ch,
                                        err, sizeof err),
                         2);
        int wslot = -1;
        for (int s = 0; s < p.c.size; s++)
            if (p.c.slots[s].vacant)
                wslot = s;
        ck_assert_int_ge(wslot, 0);
        int m2 = ko_match_index(&p.b, 2, 0);
        if (variant == 0) {
            /* L withdraws from Main round 2: nobody enters, the place closes */
            lose(p.res, p.v, m2, p.l, KO_WITHDRAWAL);
            compute_ok(&p.b, p.res, p.v);
            p.n = ko_feed(&p.b, p.res, p.v, 1, p.out, &p.missing);
            ck_assert_int_eq(p.missing, 0);
            ck_assert_int_eq(ko_feed_follow(&p.c, p.cr, p.cv, p.out, p.n, p.missing, undo, &nundo,
                                            ch, err, sizeof err),
                             1);
            ck_assert_int_eq(ch[0].slot, wslot);
            ck_assert_int_eq(ch[0].closed, 1);
            ck_assert_int_eq(p.c.slots[wslot].vacant, 0);
            ck_assert_int_eq(p.cv[wslot / 2].state, KO_M_EMPTY);
            /* its round-2 opponent walks over once known */
            struct rng r;
            rng_seed(&r, 2);
            play_round(&p.c, p.cr, p.cv, 1, &r);
            const struct ko_mview *r2 = &p.cv[ko_match_index(&p.c, 2, wslot / 4)];
            ck_assert_int_eq(r2->state, KO_M_WALKOVER);
        } else {
            /* a round-1 entrant (made up: X) with no round-1 place free takes the round-2 one */
            p.out[p.n++] = (struct ko_entry){99, 0, 0, 1, 0};
            ck_assert_int_eq(
                ko_feed_follow(&p.c, p.cr, p.cv, p.out, p.n, 0, undo, &nundo, ch, err, sizeof err),
                1);
            ck_assert_int_eq(p.c.slots[wslot].id, 99);
            ck_assert_int_eq(p.cv[wslot / 2].state, KO_M_WALKOVER);
            /* one more has no place at all: refused with the reason */
            p.out[p.n++] = (struct ko_entry){100, 0, 0, 1, 0};
            ck_assert_int_eq(
                ko_feed_follow(&p.c, p.cr, p.cv, p.out, p.n, 0, undo, &nundo, ch, err, sizeof err),
                -1);
            ck_assert_ptr_nonnull(strstr(err, "player 100 would enter round 1"));
            ck_assert_ptr_nonnull(strstr(err, "does not grow (KO-5)"));
        }
        ko_bracket_free(&p.c);
        ko_bracket_free(&p.b);
    }
}
END_TEST

/* KO-6 through the same function: a Consolation entrant replaced after their first
 * Consolation match was played leaves a Last Chance place with nobody to fill it until that
 * match is played again; their opponent there is told so. */
START_TEST(test_KO6_last_chance_place_waits_for_the_replay)
{
    struct prog p;
    prog_setup(&p);
    /* before the correction: the Consolation played rounds 1 and 2; the Last Chance was
     * drawn from its early losers, L one of them */
    struct ko_result cr0[7];
    struct ko_mview cv0[7];
    memcpy(cr0, p.cr, sizeof cr0);
    struct rng r;
    rng_seed(&r, 4);
    play_round(&p.c, cr0, cv0, 1, &r);
    play_round(&p.c, cr0, cv0, 2, &r);
    struct ko_entry lc_in[8];
    int lmiss, ln = ko_feed(&p.c, cr0, cv0, 0, lc_in, &lmiss);
    ck_assert_int_eq(lmiss, 0);
    ck_assert_int_ge(ln, 2);
    struct ko_bracket lc;
    char err[256] = "";
    ck_assert_int_eq(ko_draw_fed(6, lc_in, ln, &lc, err, sizeof err), 0);
    struct ko_result lr[7] = {0};
    struct ko_mview lv[7];
    compute_ok(&lc, lr, lv);
    memcpy(p.cr, cr0, sizeof cr0);
    memcpy(p.cv, cv0, sizeof cv0);
    /* the Main correction reaches the Consolation: W takes L's place, L's matches undone */
    int undo[7], nundo;
    struct ko_slot_change ch[8];
    ck_assert_int_eq(
        ko_feed_follow(&p.c, p.cr, p.cv, p.out, p.n, p.missing, undo, &nundo, ch, err, sizeof err),
        2);
    ck_assert_int_ge(nundo, 2); /* L's round-1 match and the round-2 match after it */
    ck_assert_int_eq(p.cv[p.cm].state, KO_M_READY);
    /* and the Consolation's change reaches the Last Chance: L's place waits */
    int lslot = slot_of(&lc, p.l);
    ck_assert_int_ge(lslot, 0);
    int64_t opp = lc.slots[lslot ^ 1].id;
    ln = ko_feed(&p.c, p.cr, p.cv, 0, lc_in, &lmiss);
    ck_assert_int_ge(lmiss, 1);
    int lundo[7], nlundo;
    struct ko_slot_change lch[8];
    ck_assert_int_ge(
        ko_feed_follow(&lc, lr, lv, lc_in, ln, lmiss, lundo, &nlundo, lch, err, sizeof err), 1);
    ck_assert_int_eq(lc.slots[lslot].id, 0);
    ck_assert_int_eq(lc.slots[lslot].vacant, 1);
    ck_assert_int_gt(opp, 0);
    struct ko_pstatus st;
    ck_assert_int_eq(lc.slots[lslot ^ 1].id, opp); /* the opponent keeps their place */
    ck_assert_int_eq(ko_player_status(&lc, lr, lv, opp, &st), 0);
    ck_assert_int_eq(st.state, KO_P_WAIT_ENTRANT);
    ck_assert_str_eq(ko_pstate_name(st.state), "waiting_entrant"); /* every state has a name */
    for (int a = KO_P_ABSENT; a <= KO_P_WAIT_ENTRANT; a++)
        for (int b2 = KO_P_ABSENT; b2 < a; b2++)
            ck_assert_str_ne(ko_pstate_name((enum ko_pstate)a), ko_pstate_name((enum ko_pstate)b2));
    char text[256];
    api_knockout_status_text(&st, NULL, text, sizeof text);
    ck_assert_ptr_nonnull(strstr(text, "your opponent is not known yet"));
    /* everything is played again as before: Main round 2 (L loses it as W did), then the
     * undone Consolation matches, each level followed by the one it feeds */
    int m2 = ko_match_index(&p.b, 2, 0);
    lose(p.res, p.v, m2, p.l, KO_PLAYED);
    compute_ok(&p.b, p.res, p.v);
    p.n = ko_feed(&p.b, p.res, p.v, 1, p.out, &p.missing);
    ck_assert_int_eq(
        ko_feed_follow(&p.c, p.cr, p.cv, p.out, p.n, p.missing, undo, &nundo, ch, err, sizeof err),
        1);
    for (int m = 0; m < ko_match_count(&p.c); m++)
        if (cr0[m].decision && !p.cr[m].decision)
            p.cr[m] = cr0[m];
    compute_ok(&p.c, p.cr, p.cv);
    ln = ko_feed(&p.c, p.cr, p.cv, 0, lc_in, &lmiss);
    ck_assert_int_eq(lmiss, 0);
    ck_assert_msg(
        ko_feed_follow(&lc, lr, lv, lc_in, ln, lmiss, lundo, &nlundo, lch, err, sizeof err) >= 1,
        "%s", err);
    for (int s = 0; s < lc.size; s++)
        ck_assert_int_eq(lc.slots[s].vacant, 0);
    for (int i = 0; i < ln; i++)
        ck_assert_int_ge(slot_of(&lc, lc_in[i].id), 0);
    ck_assert_int_eq(lc.slots[lslot].id, p.w); /* W lost L's match: W takes L's place */
    ck_assert_int_eq(ko_player_status(&lc, lr, lv, opp, &st), 0);
    ck_assert_int_eq(st.state, KO_P_READY);
    ko_bracket_free(&lc);
    ko_bracket_free(&p.c);
    ko_bracket_free(&p.b);
}
END_TEST

/* A weekend: 37 entries and 3 late places (2 taken), a progressive Consolation drawn once
 * its entrants are known, a Last Chance fed by early Consolation losers through the same
 * functions, all played to the three finals. */
START_TEST(test_KO5_KO6_simulated_weekend)
{
    struct ko_entry *e = entries(37, 1);
    struct ko_bracket main, cons, lc;
    char err[256];
    int no;
    struct rng r;
    rng_seed(&r, 37);
    draw_ok(2026, e, 37, 3, NULL, &main);
    main.late_deadline_ms = 5000;
    ck_assert_int_eq(ko_late_arrive(&main, 38, 1000, &no, err, sizeof err), 0);
    ck_assert_int_eq(ko_late_arrive(&main, 39, 2000, &no, err, sizeof err), 0);
    ck_assert_int_eq(no, 2);
    ck_assert_int_eq(ko_late_expire(&main, 6000), 1);
    struct ko_result mres[63] = {0}, cres[63] = {0}, lres[63] = {0};
    struct ko_mview mv[63], cv[63], lv[63];
    struct ko_entry cin[64], lin[64];
    int missing, nc;
    play_round(&main, mres, mv, 1, &r);
    nc = ko_feed(&main, mres, mv, 1, cin, &missing);
    ck_assert_int_gt(missing, 0); /* round 2 still to play */
    play_round(&main, mres, mv, 2, &r);
    nc = ko_feed(&main, mres, mv, 1, cin, &missing);
    ck_assert_int_eq(missing, 0);
    /* 39 players in 64 slots: 25 holes, so 7 round-1 matches and 16 round-2 matches: 23
     * entrants, of whom those who had played round 1 enter round 2. */
    ck_assert_int_eq(nc, 23);
    int n2 = 0;
    for (int i = 0; i < nc; i++)
        n2 += cin[i].round == 2;
    ck_assert_int_le(n2, 7);
    ck_assert_int_eq(ko_draw_fed(77, cin, nc, &cons, err, sizeof err), 0);
    /* The Main and the Consolation proceed; the Last Chance is drawn once complete. */
    int lc_drawn = 0, nl = 0;
    for (int step = 0; step < 20; step++) {
        play_all(&main, mres, mv, &r);
        play_all(&cons, cres, cv, &r);
        if (!lc_drawn) {
            nl = ko_feed(&cons, cres, cv, 0, lin, &missing);
            if (!missing && nl >= 2) {
                ck_assert_int_eq(ko_draw_fed(78, lin, nl, &lc, err, sizeof err), 0);
                lc_drawn = 1;
            }
        }
        if (lc_drawn)
            play_all(&lc, lres, lv, &r);
    }
    ck_assert(lc_drawn);
    int64_t c1 = ko_champion(&main, mv), c2 = ko_champion(&cons, cv), c3 = ko_champion(&lc, lv);
    ck_assert_int_gt(c1, 0);
    ck_assert_int_gt(c2, 0);
    ck_assert_int_gt(c3, 0);
    ck_assert_int_ne(c1, c2);
    ck_assert_int_ne(c2, c3);
    ck_assert_int_ne(c1, c3);
    /* Every Consolation entrant lost in the Main; every Last Chance entrant in both. */
    for (int i = 0; i < nc; i++) {
        struct ko_pstatus st;
        ck_assert_int_eq(ko_player_status(&main, mres, mv, cin[i].id, &st), 0);
        ck_assert_int_eq(st.state, KO_P_OUT);
        ck_assert_int_le(st.round, 2);
    }
    for (int i = 0; i < nl; i++) {
        struct ko_pstatus st;
        ck_assert_int_eq(ko_player_status(&cons, cres, cv, lin[i].id, &st), 0);
        ck_assert_int_eq(st.state, KO_P_OUT);
    }
    struct ko_pstatus st;
    ck_assert_int_eq(ko_player_status(&main, mres, mv, c1, &st), 0);
    ck_assert_int_eq(st.state, KO_P_CHAMPION);
    ko_bracket_free(&lc);
    ko_bracket_free(&cons);
    ko_bracket_free(&main);
    free(e);
}
END_TEST

/* ---- KO-7 lengths, KO-1 tables ---- */

START_TEST(test_KO7_lengths_counted_back_from_final)
{
    struct ko_entry *e = entries(40, 1);
    struct ko_bracket b;
    char err[256];
    draw_ok(1, e, 40, 0, NULL, &b); /* 64: 6 rounds */
    int l1[5] = {7, 7, 9, 11, 13};
    ck_assert_int_eq(ko_set_lengths(&b, l1, 5, err, sizeof err), 0);
    int want[7] = {0, 7, 7, 7, 9, 11, 13};
    for (int round = 1; round <= 6; round++)
        ck_assert_int_eq(ko_length(&b, round), want[round]);
    struct ko_result res[63] = {0};
    struct ko_mview v[63];
    compute_ok(&b, res, v);
    ck_assert_int_eq(v[62].length, 13);
    ck_assert_int_eq(v[0].length, 7);
    ck_assert_int_eq(v[ko_match_index(&b, 5, 1)].length, 11);
    ko_bracket_free(&b);
    draw_ok(1, e, 4, 0, NULL, &b); /* 2 rounds, more lengths than rounds */
    int l2[4] = {5, 7, 9, 11};
    ck_assert_int_eq(ko_set_lengths(&b, l2, 4, err, sizeof err), 0);
    ck_assert_int_eq(ko_length(&b, 1), 9);
    ck_assert_int_eq(ko_length(&b, 2), 11);
    int bad[2] = {7, 0};
    ck_assert_int_eq(ko_set_lengths(&b, bad, 2, err, sizeof err), CW_EINVAL);
    ck_assert_ptr_nonnull(strstr(err, "Match length 2 is 0"));
    ck_assert_int_eq(ko_length(&b, 2), 11); /* refused: unchanged */
    bad[1] = 100;
    ck_assert_int_eq(ko_set_lengths(&b, bad, 2, err, sizeof err), CW_EINVAL);
    ck_assert_int_eq(ko_set_lengths(&b, bad, 0, err, sizeof err), CW_EINVAL);
    ko_bracket_free(&b);
    free(e);
}
END_TEST

START_TEST(test_KO1_championship_and_intermediate_first)
{
    ck_assert_int_eq(tables_flight_priority("Championship"), 0);
    ck_assert_int_eq(tables_flight_priority("intermediate"), 0);
    ck_assert_int_eq(tables_flight_priority("beginners"), 1);
    ck_assert_int_eq(tables_flight_priority(NULL), 1);
    /* KO-1: the TD's event priority (higher first) decides, the flight breaks ties */
    ck_assert_int_lt(tables_priority(10, 1), tables_priority(0, 0));
    ck_assert_int_lt(tables_priority(0, 0), tables_priority(0, 1));
    ck_assert_int_lt(tables_priority(0, 1), tables_priority(-1, 0));
    ck_assert_int_lt(tables_priority(1000, 1), tables_priority(999, 0));
    ck_assert_int_lt(tables_priority(-999, 1), tables_priority(-1000, 0));
    struct tables_ready m[6] = {
        {.match_id = 1, .priority = 1, .ready_ms = 100, .round = 1},
        {.match_id = 2, .priority = 0, .ready_ms = 200, .round = 1},
        {.match_id = 3, .priority = 0, .ready_ms = 150, .round = 2},
        {.match_id = 4, .priority = 1, .ready_ms = 50, .round = 1, .fixed = "T9"},
        {.match_id = 5, .priority = 0, .ready_ms = 150, .round = 1},
        {.match_id = 6, .priority = 1, .ready_ms = 60, .round = 1, .fixed = "T9"},
    };
    const char *tables[4] = {"T1", "T2", "T9", "T3"};
    struct tables_assignment out[6];
    ck_assert_int_eq(tables_assign(m, 6, tables, 4, NULL, 0, out), 4);
    int64_t order[6] = {5, 3, 2, 4, 6, 1};
    const char *want[6] = {"T1", "T2", "T3", "T9", NULL, NULL};
    for (int i = 0; i < 6; i++) {
        ck_assert_int_eq(out[i].match_id, order[i]);
        if (want[i])
            ck_assert_str_eq(out[i].table, want[i]);
        else
            ck_assert_ptr_null(out[i].table);
    }
    /* The TD's fixed table holds even when it is not in the free list. */
    const char *two[2] = {"T1", "T2"};
    struct tables_ready f[2] = {{.match_id = 7, .priority = 1, .fixed = "T20"},
                                {.match_id = 8, .priority = 0}};
    ck_assert_int_eq(tables_assign(f, 2, two, 2, NULL, 0, out), 2);
    ck_assert_int_eq(out[0].match_id, 8);
    ck_assert_str_eq(out[0].table, "T1");
    ck_assert_str_eq(out[1].table, "T20");
    ck_assert_int_eq(tables_assign(f, 0, two, 2, NULL, 0, out), 0);
}
END_TEST

/* KO-7: a match whose fixed table is busy (another match called there or playing) waits
 * for it; it neither takes that table nor another one. */
START_TEST(test_KO7_busy_fixed_table_waits)
{
    const char *tables[2] = {"T1", "T2"}, *busy[1] = {"T5"};
    struct tables_ready f[3] = {{.match_id = 1, .priority = 0, .fixed = "T5"},
                                {.match_id = 2, .priority = 1},
                                {.match_id = 3, .priority = 1, .fixed = "T6"}};
    struct tables_assignment out[3];
    ck_assert_int_eq(tables_assign(f, 3, tables, 2, busy, 1, out), 2);
    ck_assert_int_eq(out[0].match_id, 1);
    ck_assert_ptr_null(out[0].table);
    ck_assert_int_eq(out[1].match_id, 2);
    ck_assert_str_eq(out[1].table, "T1");
    ck_assert_int_eq(out[2].match_id, 3);
    ck_assert_str_eq(out[2].table, "T6");
    /* T5 free again: the match gets it */
    ck_assert_int_eq(tables_assign(f, 1, tables, 2, NULL, 0, out), 1);
    ck_assert_str_eq(out[0].table, "T5");
}
END_TEST

/* ---- KO-8 advancement and corrections ---- */

START_TEST(test_KO8_match_numbering)
{
    struct ko_entry *e = entries(8, 1);
    struct ko_bracket b;
    draw_ok(1, e, 8, 0, NULL, &b);
    int side, r, i;
    ck_assert_int_eq(ko_next(&b, 0, &side), 4);
    ck_assert_int_eq(side, 0);
    ck_assert_int_eq(ko_next(&b, 3, &side), 5);
    ck_assert_int_eq(side, 1);
    ck_assert_int_eq(ko_next(&b, 5, &side), 6);
    ck_assert_int_eq(side, 1);
    ck_assert_int_eq(ko_next(&b, 6, &side), -1);
    ko_match_pos(&b, 5, &r, &i);
    ck_assert_int_eq(r, 2);
    ck_assert_int_eq(i, 1);
    ck_assert_int_eq(ko_match_index(&b, 3, 0), 6);
    ck_assert_int_eq(ko_match_index(&b, 4, 0), -1);
    ck_assert_int_eq(ko_match_index(&b, 2, 2), -1);
    ko_bracket_free(&b);
    free(e);
}
END_TEST

START_TEST(test_KO8_winner_advances_forfeit_advances_opponent)
{
    struct ko_entry *e = entries(8, 1);
    struct ko_bracket b;
    draw_ok(4, e, 8, 0, NULL, &b);
    struct ko_result res[7] = {0};
    struct ko_mview v[7];
    compute_ok(&b, res, v);
    int ready[7];
    ck_assert_int_eq(ko_ready(&b, v, ready), 4);
    res[0] = (struct ko_result){KO_PLAYED, 1};
    res[1] = (struct ko_result){KO_FORFEIT, 0}; /* side b forfeited: side a advances */
    compute_ok(&b, res, v);
    ck_assert_int_eq(v[4].state, KO_M_READY);
    ck_assert_int_eq(v[4].side[0].id, b.slots[1].id);
    ck_assert_int_eq(v[4].side[1].id, b.slots[2].id);
    ck_assert_int_eq(ko_ready(&b, v, ready), 3);
    ck_assert_int_eq(ready[2], 4);
    ck_assert_int_eq(ko_champion(&b, v), 0);
    struct ko_pstatus st;
    ko_player_status(&b, res, v, b.slots[0].id, &st);
    ck_assert_int_eq(st.state, KO_P_OUT);
    ck_assert_int_eq(st.decision, KO_PLAYED);
    ko_player_status(&b, res, v, b.slots[1].id, &st);
    ck_assert_int_eq(st.state, KO_P_READY);
    ck_assert_int_eq(st.opponent, b.slots[2].id);
    char text[128];
    api_knockout_status_text(&st, "Anna", text, sizeof text);
    ck_assert_str_eq(text, "Round 2: you play Anna; wait for the call to your table.");
    ko_bracket_free(&b);
    free(e);
}
END_TEST

START_TEST(test_KO8_decision_needs_known_players)
{
    struct ko_entry *e = entries(6, 1);
    struct ko_bracket b;
    char err[256];
    draw_ok(4, e, 6, 1, NULL, &b); /* 8 slots, 1 bye, 1 late place */
    struct ko_result res[7] = {0};
    struct ko_mview v[7];
    compute_ok(&b, res, v);
    int late_match = -1, bye_match = -1;
    for (int m = 0; m < 4; m++) {
        if (v[m].side[0].kind == KO_SIDE_LATE || v[m].side[1].kind == KO_SIDE_LATE)
            late_match = m;
        if (v[m].state == KO_M_WALKOVER)
            bye_match = m;
    }
    ck_assert_int_ge(late_match, 0);
    ck_assert_int_ge(bye_match, 0);
    res[late_match] = (struct ko_result){KO_PLAYED, 0};
    ck_assert_int_eq(ko_compute(&b, res, v, err, sizeof err), CW_ECONFLICT);
    ck_assert_ptr_nonnull(strstr(err, "not both known"));
    res[late_match].decision = KO_UNDECIDED;
    res[bye_match] = (struct ko_result){KO_PLAYED, 0};
    ck_assert_int_eq(ko_compute(&b, res, v, err, sizeof err), CW_ECONFLICT);
    res[bye_match].decision = KO_UNDECIDED;
    res[6] = (struct ko_result){KO_FORFEIT, 0};
    ck_assert_int_eq(ko_compute(&b, res, v, err, sizeof err), CW_ECONFLICT);
    ck_assert_ptr_nonnull(strstr(err, "Round 3 match 1 has a forfeit"));
    res[6] = (struct ko_result){KO_PLAYED, 2};
    ck_assert_int_eq(ko_compute(&b, res, v, err, sizeof err), CW_EINVAL);
    ko_bracket_free(&b);
    free(e);
}
END_TEST

START_TEST(test_KO8_withdrawal_before_opponent_known)
{
    struct ko_entry *e = entries(5, 1);
    struct ko_bracket b;
    draw_ok(17, e, 5, 0, NULL, &b);
    struct ko_result res[7] = {0};
    struct ko_mview v[7];
    compute_ok(&b, res, v);
    /* Position 1 waits in round 2 for the winner of 4 v 5, and withdraws. */
    int64_t p1 = id_at(&b, 1);
    ck_assert_int_eq(v[4].side[0].id, p1);
    res[4] = (struct ko_result){KO_WITHDRAWAL, 1};
    compute_ok(&b, res, v);
    ck_assert_int_eq(v[4].state, KO_M_WAITING);
    struct ko_pstatus st;
    ko_player_status(&b, res, v, p1, &st);
    ck_assert_int_eq(st.state, KO_P_OUT);
    ck_assert_int_eq(st.decision, KO_WITHDRAWAL);
    res[1] = (struct ko_result){KO_PLAYED, 0};
    compute_ok(&b, res, v);
    ck_assert_int_eq(v[4].state, KO_M_DONE);
    ck_assert_int_eq(v[6].side[0].id, v[1].side[0].id); /* the round-1 winner moves on */
    ko_bracket_free(&b);
    free(e);
}
END_TEST

START_TEST(test_KO8_cascade_deepest_first)
{
    struct ko_entry *e = entries(8, 1);
    struct ko_bracket b;
    draw_ok(4, e, 8, 0, NULL, &b);
    struct ko_result res[7] = {0};
    struct ko_mview v[7];
    struct rng r;
    rng_seed(&r, 2);
    int undo[KO_MAX_ROUNDS];
    play_round(&b, res, v, 1, &r);
    ck_assert_int_eq(ko_cascade(&b, res, 0, undo), 0); /* nothing played on yet */
    play_round(&b, res, v, 2, &r);
    ck_assert_int_eq(ko_cascade(&b, res, 0, undo), 1);
    ck_assert_int_eq(undo[0], 4);
    play_round(&b, res, v, 3, &r);
    ck_assert_int_eq(ko_cascade(&b, res, 0, undo), 2);
    ck_assert_int_eq(undo[0], 6);
    ck_assert_int_eq(undo[1], 4);
    ck_assert_int_eq(ko_cascade(&b, res, 3, undo), 2);
    ck_assert_int_eq(undo[0], 6);
    ck_assert_int_eq(undo[1], 5);
    ck_assert_int_eq(ko_cascade(&b, res, 6, undo), 0);
    /* An opponent's withdrawal holds whoever comes: it is kept. */
    res[4] = (struct ko_result){KO_WITHDRAWAL, 0};
    ck_assert_int_eq(ko_cascade(&b, res, 0, undo), 1);
    ck_assert_int_eq(undo[0], 6);
    /* The path player's own withdrawal is not. */
    res[4] = (struct ko_result){KO_WITHDRAWAL, 1};
    ck_assert_int_eq(ko_cascade(&b, res, 0, undo), 2);
    /* Undoing in that order leaves a bracket that computes at every step. */
    res[4] = (struct ko_result){KO_PLAYED, 0};
    int n = ko_cascade(&b, res, 1, undo);
    for (int i = 0; i < n; i++) {
        res[undo[i]].decision = KO_UNDECIDED;
        compute_ok(&b, res, v);
    }
    res[1].winner = 1 - res[1].winner;
    compute_ok(&b, res, v);
    ck_assert_int_eq(v[4].state, KO_M_READY);
    ko_bracket_free(&b);
    free(e);
}
END_TEST

/* Property: with random results, forfeits and late arrivals, every bracket ends with exactly
 * one champion and every other player out exactly once. */
START_TEST(test_KO8_exactly_one_champion_property)
{
    struct ko_entry *e = entries(130, 1);
    char err[256];
    for (int n = 2; n <= 130; n++)
        for (uint64_t seed = 0; seed < 4; seed++) {
            int late = (int)(seed % 3);
            struct ko_bracket b;
            struct rng r;
            rng_seed(&r, seed * 131 + (uint64_t)n);
            draw_ok(seed ^ (uint64_t)n, e, n, late, NULL, &b);
            int arrivals = (int)rng_below(&r, (uint64_t)late + 1), no;
            for (int k = 0; k < arrivals; k++)
                REQ_EQ(ko_late_arrive(&b, 1000 + k, 0, &no, err, sizeof err), 0);
            int nm = ko_match_count(&b);
            struct ko_result *res = calloc((size_t)nm, sizeof *res);
            struct ko_mview *v = calloc((size_t)nm, sizeof *v);
            play_all(&b, res, v, &r);
            if (late) { /* nothing can finish while a late place is open */
                compute_ok(&b, res, v);
                REQ_EQ(ko_champion(&b, v) != 0, arrivals == late);
                ko_late_close(&b);
                play_all(&b, res, v, &r);
            }
            int64_t champ = ko_champion(&b, v);
            REQ((champ) > (0));
            int players = n + arrivals, champions = 0, out = 0;
            for (int i = 0; i < players; i++) {
                int64_t id = i < n ? e[i].id : 1000 + (i - n);
                struct ko_pstatus st;
                REQ_EQ(ko_player_status(&b, res, v, id, &st), 0);
                champions += st.state == KO_P_CHAMPION;
                out += st.state == KO_P_OUT;
            }
            REQ_EQ(champions, 1);
            REQ_EQ(out, players - 1);
            int decided = 0;
            for (int m = 0; m < nm; m++)
                decided += res[m].decision != KO_UNDECIDED;
            REQ_EQ(decided, players - 1); /* one decided match per loser */
            free(res), free(v);
            ko_bracket_free(&b);
        }
    free(e);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("knockout");
    TCase *tc = tcase_create("units");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, test_rng_seeding_is_splitmix64);
    tcase_add_test(tc, test_rng_matches_reference);
    tcase_add_test(tc, test_rng_below_is_uniform);
    tcase_add_test(tc, test_rng_seed_parse);
    tcase_add_test(tc, test_KO2_seed_text_reads_as_recorded);
    tcase_add_test(tc, test_KO2_standard_order);
    tcase_add_test(tc, test_KO2_bracket_size);
    tcase_add_test(tc, test_KO2_matches_documented_algorithm);
    tcase_add_test(tc, test_KO2_same_seed_same_draw_other_seed_other_draw);
    tcase_add_test(tc, test_KO2_refuses_bad_input);
    tcase_add_test(tc, test_KO2_seeding_off_by_default);
    tcase_add_test(tc, test_KO2_seeded_positions);
    tcase_add_test(tc, test_KO2_KO3_no_rated_entry_no_seed);
    tcase_add_test(tc, test_KO2_lot_is_fair);
    tcase_add_test(tc, test_KO2_KO3_properties_over_seeds_and_sizes);
    tcase_add_test(tc, test_KO3_byes_never_meet);
    tcase_add_test(tc, test_KO3_byes_balanced_by_half_and_quarter);
    tcase_add_test(tc, test_KO3_bye_player_walks_into_round_2);
    tcase_add_test(tc, test_KO4_late_places_fill_in_order);
    tcase_add_test(tc, test_KO4_late_refusals_change_nothing);
    tcase_add_test(tc, test_KO4_unfilled_places_become_byes_opponents_advance);
    tcase_add_test(tc, test_KO4_holes_stay_balanced_during_late_entry);
    tcase_add_test(tc, test_KO4_waiting_player_is_told_deadline);
    tcase_add_test(tc, test_KO5_first_match_losers_enter);
    tcase_add_test(tc, test_KO5_progressive_round2_losers_enter_round2);
    tcase_add_test(tc, test_KO5_withdrawn_and_disqualified_do_not_enter);
    tcase_add_test(tc, test_KO5_full_progressive_structure);
    tcase_add_test(tc, test_KO5_consolation_bye_preference_property);
    tcase_add_test(tc, test_KO5_fed_draw_refusals);
    tcase_add_test(tc, test_KO5_fed_draw_matches_documented_algorithm);
    tcase_add_test(tc, test_KO5_waiting_for_the_draw_text);
    tcase_add_test(tc, test_KO5_correction_swaps_consolation_entrant);
    tcase_add_test(tc, test_KO5_KO8_progressive_correction_leaves_a_vacant_place);
    tcase_add_test(tc, test_KO5_vacant_place_closes_or_takes_the_other_round);
    tcase_add_test(tc, test_KO6_last_chance_place_waits_for_the_replay);
    tcase_add_test(tc, test_KO5_KO6_simulated_weekend);
    tcase_add_test(tc, test_KO7_lengths_counted_back_from_final);
    tcase_add_test(tc, test_KO1_championship_and_intermediate_first);
    tcase_add_test(tc, test_KO7_busy_fixed_table_waits);
    tcase_add_test(tc, test_KO8_match_numbering);
    tcase_add_test(tc, test_KO8_winner_advances_forfeit_advances_opponent);
    tcase_add_test(tc, test_KO8_decision_needs_known_players);
    tcase_add_test(tc, test_KO8_withdrawal_before_opponent_known);
    tcase_add_test(tc, test_KO8_cascade_deepest_first);
    tcase_add_test(tc, test_KO8_exactly_one_champion_property);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
