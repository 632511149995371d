/* What the knockout's unit suites share (test_knockout.c, test_knockout_fed.c,
 * test_knockout_life.c): cheap checks for the property loops, entries and a draw that must
 * succeed, a slot read as a number, the bracket computed, the holes' balance, and matches
 * played at random. */
#ifndef TEST_KNOCKOUT_FX_H
#define TEST_KNOCKOUT_FX_H

#include <check.h>
#include <stdint.h>
#include <stdlib.h>

#include "tourney/knockout.h"
#include "tourney/rng.h"

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

static inline struct ko_entry *entries(int n, int64_t first_id)
{
    struct ko_entry *e = calloc((size_t)n, sizeof *e);
    ck_assert_ptr_nonnull(e);
    for (int i = 0; i < n; i++)
        e[i].id = first_id + i;
    return e;
}

static inline void draw_ok(uint64_t seed, const struct ko_entry *e, int n, int late,
                           const struct ko_draw_opts *o, struct ko_bracket *b)
{
    char err[256] = "";
    int rc = ko_draw(seed, e, n, late, o, b, err, sizeof err);
    if (rc)
        ck_abort_msg("draw of %d entries, %d late failed: %s", n, late, err);
}

/* The slot as a number: an id, BYE, or LATE(k). */
static inline int64_t slot_code(const struct ko_slot *s)
{
    if (s->kind == KO_SLOT_LATE && !s->id)
        return LATE(s->late);
    return s->kind == KO_SLOT_BYE ? BYE : s->id;
}

static inline int64_t id_at(const struct ko_bracket *b, int position)
{
    for (int s = 0; s < b->size; s++)
        if (b->slots[s].position == position)
            return slot_code(&b->slots[s]);
    return -999;
}

static inline void compute_ok(const struct ko_bracket *b, const struct ko_result *res,
                              struct ko_mview *v)
{
    char err[256] = "";
    if (ko_compute(b, res, v, err, sizeof err))
        ck_abort_msg("compute: %s", err);
}

/* Every level of blocks (halves, quarters, ... pairs) holds the slots for which hole()
 * is true within one of each other. */
static inline int balanced(const struct ko_bracket *b, int (*hole)(const struct ko_bracket *, int))
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

/* A bye, or a late place still open (a temporary bye, KO-4). */
static inline int is_hole(const struct ko_bracket *b, int s)
{
    return b->slots[s].kind == KO_SLOT_BYE || (b->slots[s].kind == KO_SLOT_LATE && !b->slots[s].id);
}

/* Plays every ready match with a random winner (sometimes by forfeit) until none is ready.
 * Returns how many matches were decided. */
static inline int play_all(const struct ko_bracket *b, struct ko_result *res, struct ko_mview *v,
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
static inline void play_round(const struct ko_bracket *b, struct ko_result *res, struct ko_mview *v,
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

#endif
