/* Unit and property tests of the knockout's generator and its draw (DOMAIN.md KO-2, KO-3):
 * the seeded generator and the seed's text, the draw's order, size, seeding and lot, and
 * where the byes fall. Consolation and Last Chance fed from a bracket: test_knockout_fed.c;
 * a drawn bracket's life (late places, lengths, tables, advancement, corrections):
 * test_knockout_life.c. Their shared helpers: knockout_fx.h. */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/errors.h"
#include "tourney/knockout.h"
#include "tourney/rng.h"
#include "knockout_fx.h"
#include "../check_main.h"

static int is_bye(const struct ko_bracket *b, int s)
{
    return b->slots[s].kind == KO_SLOT_BYE;
}

static int cmp64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
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
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
