/* Knockout draws (KO-2, KO-3, KO-5, KO-6): the bracket's size and standard order, the Main
 * draw by lot with its byes, seeds and late places, the fed events' draws, and a draw
 * re-derived from its record. The algorithms are documented in knockout.h. */
#include "tourney/knockout.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/errors.h"
#include "tourney/rng.h"

/* ---- sizes and the standard order ---- */

int ko_bracket_size(int n)
{
    if (n > KO_MAX_SIZE)
        return -1;
    int s = 2;
    while (s < n)
        s *= 2;
    return s;
}

void ko_standard_order(int size, int *seed_at_slot)
{
    /* Doubling in place from the back, so each x of order(n) can still be read when its
     * pair is written at 2i, 2i+1. */
    seed_at_slot[0] = 1;
    for (int n = 1; n < size; n *= 2)
        for (int i = n - 1; i >= 0; i--) {
            int x = seed_at_slot[i];
            seed_at_slot[2 * i] = x;
            seed_at_slot[2 * i + 1] = 2 * n + 1 - x;
        }
}

static int log2i(int s)
{
    int r = 0;
    while ((1 << r) < s)
        r++;
    return r;
}

int ko_bracket_alloc(struct ko_bracket *b, int size, int n_entries)
{
    memset(b, 0, sizeof *b);
    if (size < 2 || size > KO_MAX_SIZE || (size & (size - 1)) || n_entries < 0 || n_entries > size)
        return -1;
    b->slots = calloc((size_t)size, sizeof *b->slots);
    b->entries = calloc((size_t)(n_entries ? n_entries : 1), sizeof *b->entries);
    if (!b->slots || !b->entries) {
        ko_bracket_free(b);
        return -1;
    }
    b->version = KO_DRAW_VERSION;
    b->size = size;
    b->rounds = log2i(size);
    b->n_entries = n_entries;
    return 0;
}

void ko_bracket_free(struct ko_bracket *b)
{
    free(b->slots);
    free(b->entries);
    b->slots = NULL;
    b->entries = NULL;
}

/* ---- checks shared by both draws ---- */

int ko_cmp_i64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

static int check_entries(const struct ko_entry *e, int n, int fed, char *err, size_t errlen)
{
    for (int i = 0; i < n; i++) {
        if (e[i].id <= 0) {
            snprintf(err, errlen, "Entry %d has id %lld; ids are positive numbers.", i + 1,
                     (long long)e[i].id);
            return CW_EINVAL;
        }
        if (e[i].has_rating && !isfinite(e[i].rating)) {
            snprintf(err, errlen, "Entry %lld has a rating that is not a number.",
                     (long long)e[i].id);
            return CW_EINVAL;
        }
        if (fed && e[i].round != 0 && e[i].round != 1 && e[i].round != 2) {
            snprintf(err, errlen, "Entrant %lld enters round %d; only rounds 1 and 2 exist.",
                     (long long)e[i].id, e[i].round);
            return CW_EINVAL;
        }
    }
    int64_t *ids = malloc((size_t)n * sizeof *ids);
    if (!ids) {
        snprintf(err, errlen, "Out of memory.");
        return CW_ENOMEM;
    }
    for (int i = 0; i < n; i++)
        ids[i] = e[i].id;
    qsort(ids, (size_t)n, sizeof *ids, ko_cmp_i64);
    for (int i = 1; i < n; i++)
        if (ids[i] == ids[i - 1]) {
            snprintf(err, errlen, "Entry %lld appears twice in the draw.", (long long)ids[i]);
            free(ids);
            return CW_EINVAL;
        }
    free(ids);
    return 0;
}

/* Builds the slots from who holds each standard position: positions 1..late_from hold the
 * entry pos_entry[p] (an index into b->entries), late_from+1..n_players are late places
 * 1, 2, ..., and the positions beyond are byes. */
static int fill_slots(struct ko_bracket *b, const int *pos_entry, int n_players, int late_from,
                      const int *rating_seed)
{
    int *order = malloc((size_t)b->size * sizeof *order);
    if (!order)
        return -1;
    ko_standard_order(b->size, order);
    for (int s = 0; s < b->size; s++) {
        struct ko_slot *sl = &b->slots[s];
        int p = order[s];
        memset(sl, 0, sizeof *sl);
        sl->position = p;
        if (p > n_players) {
            sl->kind = KO_SLOT_BYE;
        } else if (p > late_from) {
            sl->kind = KO_SLOT_LATE;
            sl->late = p - late_from;
        } else {
            const struct ko_entry *e = &b->entries[pos_entry[p]];
            sl->kind = KO_SLOT_ENTRY;
            sl->drawn = sl->id = e->id;
            sl->rating_seed = rating_seed ? rating_seed[p] : 0;
            if (b->kind == KO_FED) {
                sl->round2 = e->round == 2;
                sl->had_bye = e->round == 2 ? 0 : !!e->had_bye;
            }
        }
    }
    free(order);
    return 0;
}

/* ---- the Main draw ---- */

struct ranked {
    int idx; /* entry index */
    int lot; /* its place in the shuffled list: the tie-break */
    int has_rating;
    double rating;
};

static int cmp_rank(const void *a, const void *b)
{
    const struct ranked *x = a, *y = b;
    if (x->has_rating != y->has_rating)
        return x->has_rating ? -1 : 1;
    if (x->has_rating && x->rating != y->rating)
        return x->rating > y->rating ? -1 : 1;
    return x->lot - y->lot;
}

/* Step 4 of the Main draw: seeds into their groups' positions, the rest by lot. Positions
 * 1..byes face a bye. */
static int place_seeded(struct rng *rng, const struct ko_entry *e, int n, const int *lot,
                        const struct ko_draw_opts *opts, int size, int byes, int *pos_entry,
                        int *rating_seed)
{
    int rated = 0;
    for (int i = 0; i < n; i++)
        rated += e[i].has_rating != 0;
    int p = opts->seeds > 0 ? opts->seeds : (size / 4 > 2 ? size / 4 : 2);
    if (p > rated)
        p = rated;
    if (p > n)
        p = n;
    struct ranked *r = malloc((size_t)n * sizeof *r);
    int *is_seed = calloc((size_t)n, sizeof *is_seed);
    int *group = malloc((size_t)n * sizeof *group);
    if (!r || !is_seed || !group) {
        free(r), free(is_seed), free(group);
        return -1;
    }
    for (int i = 0; i < n; i++)
        r[i] = (struct ranked){lot[i], i, e[lot[i]].has_rating, e[lot[i]].rating};
    /* Sorting on (rating, lot) is the stable sort of the shuffled list that knockout.h
     * describes; qsort alone is not stable. */
    qsort(r, (size_t)n, sizeof *r, cmp_rank);
    for (int i = 1; i <= n; i++)
        pos_entry[i] = -1;
    for (int lo = 1, hi = 1; lo <= p; lo = hi + 1, hi *= 2) {
        /* The byes stay at their fixed positions (that keeps them balanced); within the
         * group, the better seeds take the positions facing a bye. */
        int top = hi < n ? hi : n, m = 0, split;
        for (int q = lo; q <= top && q <= byes; q++)
            group[m++] = q;
        split = m;
        for (int q = lo > byes ? lo : byes + 1; q <= top; q++)
            group[m++] = q;
        rng_shuffle(rng, group, (size_t)split, sizeof *group);
        rng_shuffle(rng, group + split, (size_t)(m - split), sizeof *group);
        for (int s = lo; s <= hi && s <= p; s++) {
            int q = group[s - lo];
            pos_entry[q] = r[s - 1].idx;
            rating_seed[q] = s;
            is_seed[r[s - 1].idx] = 1;
        }
    }
    int q = 1;
    for (int i = 0; i < n; i++) {
        if (is_seed[lot[i]])
            continue;
        while (pos_entry[q] >= 0)
            q++;
        pos_entry[q] = lot[i];
    }
    free(r), free(is_seed), free(group);
    return 0;
}

/* What every draw checks first, out emptied: an algorithm this crawford knows, and two
 * to draw (who: "entries" or "entrants"). 0 or CW_EINVAL with err. */
static int draw_begin(int version, int n, const char *who, struct ko_bracket *out, char *err,
                      size_t errlen)
{
    memset(out, 0, sizeof *out);
    if (version != 1) {
        snprintf(err, errlen, "Draw algorithm %d is not known to this crawford (it knows 1).",
                 version);
        return CW_EINVAL;
    }
    if (n < 2) {
        snprintf(err, errlen, "A draw needs at least 2 %s; this one has %d.", who, n);
        return CW_EINVAL;
    }
    return 0;
}

static int draw_main(uint64_t seed, const struct ko_entry *entries, int n, int late,
                     const struct ko_draw_opts *opts, int version, struct ko_bracket *out,
                     char *err, size_t errlen)
{
    int rc = draw_begin(version, n, "entries", out, err, errlen);
    if (rc)
        return rc;
    if (late < 0) {
        snprintf(err, errlen, "The number of late places cannot be negative.");
        return CW_EINVAL;
    }
    if (n > KO_MAX_SIZE || late > KO_MAX_SIZE - n) {
        snprintf(err, errlen, "%d entries and %d late places exceed the largest bracket (%d).", n,
                 late, KO_MAX_SIZE);
        return CW_EINVAL;
    }
    if (opts && opts->seeds < 0) {
        snprintf(err, errlen, "The number of seeds cannot be negative.");
        return CW_EINVAL;
    }
    rc = check_entries(entries, n, 0, err, errlen);
    if (rc)
        return rc;
    int size = ko_bracket_size(n + late);
    if (ko_bracket_alloc(out, size, n)) {
        snprintf(err, errlen, "Out of memory.");
        return CW_ENOMEM;
    }
    out->kind = KO_MAIN;
    out->seed = seed;
    snprintf(out->seed_text, sizeof out->seed_text, "%" PRIu64, seed);
    if (opts)
        out->opts = *opts;
    out->n_late = late;
    memcpy(out->entries, entries, (size_t)n * sizeof *entries);

    struct rng rng;
    rng_seed(&rng, seed);
    int *lot = malloc((size_t)n * sizeof *lot);
    int *pos_entry = malloc((size_t)(n + 1) * sizeof *pos_entry);
    int *rating_seed = calloc((size_t)(n + 1), sizeof *rating_seed);
    rc = !lot || !pos_entry || !rating_seed;
    if (!rc) {
        for (int i = 0; i < n; i++)
            lot[i] = i;
        rng_shuffle(&rng, lot, (size_t)n, sizeof *lot);
        if (opts && opts->seeded) {
            rc = place_seeded(&rng, entries, n, lot, opts, size, size - n - late, pos_entry,
                              rating_seed);
        } else {
            for (int i = 0; i < n; i++)
                pos_entry[i + 1] = lot[i];
        }
    }
    if (!rc)
        rc = fill_slots(out, pos_entry, n + late, n, rating_seed);
    free(lot), free(pos_entry), free(rating_seed);
    if (rc) {
        ko_bracket_free(out);
        snprintf(err, errlen, "Out of memory.");
        return CW_ENOMEM;
    }
    return 0;
}

int ko_draw(uint64_t seed, const struct ko_entry *entries, int n, int late,
            const struct ko_draw_opts *opts, struct ko_bracket *out, char *err, size_t errlen)
{
    return draw_main(seed, entries, n, late, opts, KO_DRAW_VERSION, out, err, errlen);
}

/* ---- the fed draw ---- */

static int draw_fed(uint64_t seed, const struct ko_entry *e, int n, int version,
                    struct ko_bracket *out, char *err, size_t errlen)
{
    int rc = draw_begin(version, n, "entrants", out, err, errlen);
    if (rc)
        return rc;
    if (n > KO_MAX_SIZE / 2) {
        snprintf(err, errlen, "%d entrants exceed the largest fed bracket (%d).", n,
                 KO_MAX_SIZE / 2);
        return CW_EINVAL;
    }
    rc = check_entries(e, n, 1, err, errlen);
    if (rc)
        return rc;
    int n1 = 0, n2 = 0;
    for (int i = 0; i < n; i++) {
        if (e[i].round == 2)
            n2++;
        else
            n1++;
    }
    int size = ko_bracket_size(n1 + 2 * n2);
    if (ko_bracket_alloc(out, size, n)) {
        snprintf(err, errlen, "Out of memory.");
        return CW_ENOMEM;
    }
    out->kind = KO_FED;
    out->seed = seed;
    snprintf(out->seed_text, sizeof out->seed_text, "%" PRIu64, seed);
    out->late_closed = 1; /* a fed event has no late places */
    memcpy(out->entries, e, (size_t)n * sizeof *e);

    int holes = size - n, extra = holes - n2;
    int *r2 = malloc((size_t)n * sizeof *r2), *a = malloc((size_t)n * sizeof *a);
    int *bb = malloc((size_t)n * sizeof *bb),
        *pos_entry = malloc((size_t)(n + 1) * sizeof *pos_entry);
    if (!r2 || !a || !bb || !pos_entry) {
        free(r2), free(a), free(bb), free(pos_entry);
        ko_bracket_free(out);
        snprintf(err, errlen, "Out of memory.");
        return CW_ENOMEM;
    }
    int na = 0, nb = 0, nr2 = 0;
    for (int i = 0; i < n; i++) {
        if (e[i].round == 2)
            r2[nr2++] = i;
        else if (e[i].had_bye)
            bb[nb++] = i;
        else
            a[na++] = i;
    }
    struct rng rng;
    rng_seed(&rng, seed);
    rng_shuffle(&rng, r2, (size_t)nr2, sizeof *r2);
    rng_shuffle(&rng, a, (size_t)na, sizeof *a);
    rng_shuffle(&rng, bb, (size_t)nb, sizeof *bb);
    /* pref = A then B, written into a[] after A (a has room for n). */
    memcpy(a + na, bb, (size_t)nb * sizeof *bb);
    int p = 1;
    for (int i = 0; i < nr2; i++)
        pos_entry[p++] = r2[i];
    int x = extra < n1 ? extra : n1;
    for (int i = 0; i < x; i++)
        pos_entry[p++] = a[i];
    rng_shuffle(&rng, a + x, (size_t)(n1 - x), sizeof *a);
    for (int i = x; i < n1; i++)
        pos_entry[p++] = a[i];
    rc = fill_slots(out, pos_entry, n, n, NULL);
    free(r2), free(a), free(bb), free(pos_entry);
    if (rc) {
        ko_bracket_free(out);
        snprintf(err, errlen, "Out of memory.");
        return CW_ENOMEM;
    }
    return 0;
}

int ko_draw_fed(uint64_t seed, const struct ko_entry *entrants, int n, struct ko_bracket *out,
                char *err, size_t errlen)
{
    return draw_fed(seed, entrants, n, KO_DRAW_VERSION, out, err, errlen);
}

int ko_rederive(const struct ko_bracket *b, struct ko_bracket *out, char *err, size_t errlen)
{
    int rc = b->kind == KO_FED
                 ? draw_fed(b->seed, b->entries, b->n_entries, b->version, out, err, errlen)
                 : draw_main(b->seed, b->entries, b->n_entries, b->n_late, &b->opts, b->version,
                             out, err, errlen);
    if (rc == 0 && b->seed_text[0])
        snprintf(out->seed_text, sizeof out->seed_text, "%s", b->seed_text);
    return rc;
}

int ko_same_draw(const struct ko_bracket *a, const struct ko_bracket *b)
{
    if (a->version != b->version || a->kind != b->kind || a->seed != b->seed ||
        a->size != b->size || a->n_entries != b->n_entries || a->n_late != b->n_late)
        return 0;
    for (int s = 0; s < a->size; s++) {
        const struct ko_slot *x = &a->slots[s], *y = &b->slots[s];
        if (x->kind != y->kind || x->position != y->position || x->drawn != y->drawn ||
            x->late != y->late || x->rating_seed != y->rating_seed || x->round2 != y->round2)
            return 0;
    }
    return 1;
}

/* ---- late places ---- */
