/* Knockout brackets: the draws (Main and fed), late places, advancement, corrections,
 * feeding, player status, lengths and tables. The algorithms are documented in knockout.h. */
#include "tourney/knockout.h"

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

static int cmp_i64(const void *a, const void *b)
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
    qsort(ids, (size_t)n, sizeof *ids, cmp_i64);
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

static int draw_main(uint64_t seed, const struct ko_entry *entries, int n, int late,
                     const struct ko_draw_opts *opts, int version, struct ko_bracket *out,
                     char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    if (version != 1) {
        snprintf(err, errlen, "Draw algorithm %d is not known to this crawford (it knows 1).",
                 version);
        return CW_EINVAL;
    }
    if (n < 2) {
        snprintf(err, errlen, "A draw needs at least 2 entries; this one has %d.", n);
        return CW_EINVAL;
    }
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
    int rc = check_entries(entries, n, 0, err, errlen);
    if (rc)
        return rc;
    int size = ko_bracket_size(n + late);
    if (ko_bracket_alloc(out, size, n)) {
        snprintf(err, errlen, "Out of memory.");
        return CW_ENOMEM;
    }
    out->kind = KO_MAIN;
    out->seed = seed;
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
    memset(out, 0, sizeof *out);
    if (version != 1) {
        snprintf(err, errlen, "Draw algorithm %d is not known to this crawford (it knows 1).",
                 version);
        return CW_EINVAL;
    }
    if (n < 2) {
        snprintf(err, errlen, "A draw needs at least 2 entrants; this one has %d.", n);
        return CW_EINVAL;
    }
    if (n > KO_MAX_SIZE / 2) {
        snprintf(err, errlen, "%d entrants exceed the largest fed bracket (%d).", n,
                 KO_MAX_SIZE / 2);
        return CW_EINVAL;
    }
    int rc = check_entries(e, n, 1, err, errlen);
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
    if (b->kind == KO_FED)
        return draw_fed(b->seed, b->entries, b->n_entries, b->version, out, err, errlen);
    return draw_main(b->seed, b->entries, b->n_entries, b->n_late, &b->opts, b->version, out, err,
                     errlen);
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

int ko_late_open(const struct ko_bracket *b, int64_t now_ms)
{
    return !b->late_closed && b->late_filled < b->n_late &&
           !(b->late_deadline_ms && now_ms >= b->late_deadline_ms);
}

static int find_slot(const struct ko_bracket *b, int64_t id)
{
    for (int s = 0; s < b->size; s++)
        if (b->slots[s].id == id)
            return s;
    return -1;
}

int ko_late_arrive(struct ko_bracket *b, int64_t id, int64_t now_ms, int *late_no, char *err,
                   size_t errlen)
{
    if (id <= 0) {
        snprintf(err, errlen, "A late arrival needs a positive id.");
        return CW_EINVAL;
    }
    if (b->n_late == 0) {
        snprintf(err, errlen, "This draw keeps no late places.");
        return CW_ECONFLICT;
    }
    if (b->late_closed || (b->late_deadline_ms && now_ms >= b->late_deadline_ms)) {
        snprintf(err, errlen, "Late entry is closed: the unfilled places are byes now (KO-4).");
        return CW_ECONFLICT;
    }
    if (b->late_filled >= b->n_late) {
        snprintf(err, errlen, "All %d late places are taken.", b->n_late);
        return CW_ECONFLICT;
    }
    if (find_slot(b, id) >= 0) {
        snprintf(err, errlen, "Player %lld is already in the draw.", (long long)id);
        return CW_ECONFLICT;
    }
    int k = b->late_filled + 1;
    for (int s = 0; s < b->size; s++)
        if (b->slots[s].kind == KO_SLOT_LATE && b->slots[s].late == k) {
            b->slots[s].id = id;
            b->late_filled = k;
            *late_no = k;
            return 0;
        }
    snprintf(err, errlen, "Late place %d is missing from the bracket.", k);
    return CW_ECONFLICT;
}

int ko_late_close(struct ko_bracket *b)
{
    b->late_closed = 1;
    return b->n_late - b->late_filled;
}

int ko_late_expire(struct ko_bracket *b, int64_t now_ms)
{
    if (b->late_closed || !b->late_deadline_ms || now_ms < b->late_deadline_ms)
        return 0;
    ko_late_close(b);
    return 1;
}

/* ---- lengths ---- */

int ko_set_lengths(struct ko_bracket *b, const int *lengths, int n, char *err, size_t errlen)
{
    if (n < 1) {
        snprintf(err, errlen, "Give at least one match length (the final's).");
        return CW_EINVAL;
    }
    for (int i = 0; i < n; i++)
        if (lengths[i] < 1 || lengths[i] > KO_LENGTH_MAX) {
            snprintf(err, errlen, "Match length %d is %d; lengths are 1 to %d points (KO-7).",
                     i + 1, lengths[i], KO_LENGTH_MAX);
            return CW_EINVAL;
        }
    for (int r = 1; r <= b->rounds; r++) {
        int i = n - 1 - (b->rounds - r); /* counted back from the final */
        b->lengths[r - 1] = lengths[i < 0 ? 0 : i];
    }
    return 0;
}

int ko_length(const struct ko_bracket *b, int round)
{
    return round >= 1 && round <= b->rounds ? b->lengths[round - 1] : 0;
}

/* ---- match numbering ---- */

int ko_match_count(const struct ko_bracket *b)
{
    return b->size - 1;
}

int ko_match_index(const struct ko_bracket *b, int round, int i)
{
    if (round < 1 || round > b->rounds || i < 0 || i >= (b->size >> round))
        return -1;
    return b->size - (b->size >> (round - 1)) + i;
}

void ko_match_pos(const struct ko_bracket *b, int m, int *round, int *i)
{
    int r = 1;
    while (m >= b->size - (b->size >> r))
        r++;
    *round = r;
    *i = m - (b->size - (b->size >> (r - 1)));
}

int ko_next(const struct ko_bracket *b, int m, int *side)
{
    int r, i;
    ko_match_pos(b, m, &r, &i);
    if (r >= b->rounds)
        return -1;
    if (side)
        *side = i & 1;
    return ko_match_index(b, r + 1, i / 2);
}

/* ---- advancement ---- */

static struct ko_side slot_side(const struct ko_bracket *b, const struct ko_slot *s)
{
    struct ko_side d = {KO_SIDE_EMPTY, 0, 0, -1};
    if (s->kind == KO_SLOT_ENTRY) {
        d.kind = s->id ? KO_SIDE_PLAYER : s->vacant ? KO_SIDE_TO_ENTER : KO_SIDE_EMPTY;
        d.id = s->id;
    } else if (s->kind == KO_SLOT_LATE) {
        if (s->id) {
            d.kind = KO_SIDE_PLAYER;
            d.id = s->id;
        } else if (!b->late_closed) {
            d.kind = KO_SIDE_LATE;
            d.late = s->late;
        }
    }
    return d;
}

static const char *decision_name(enum ko_decision d)
{
    switch (d) {
    case KO_PLAYED:
        return "a result";
    case KO_FORFEIT:
        return "a forfeit";
    case KO_WITHDRAWAL:
        return "a withdrawal";
    case KO_DISQUALIFIED:
        return "a disqualification";
    default:
        return "no decision";
    }
}

int ko_compute(const struct ko_bracket *b, const struct ko_result *res, struct ko_mview *out,
               char *err, size_t errlen)
{
    int nm = ko_match_count(b);
    for (int m = 0; m < nm; m++) {
        struct ko_mview *v = &out[m];
        ko_match_pos(b, m, &v->round, &v->index);
        v->length = ko_length(b, v->round);
        v->winner = -1;
        for (int s = 0; s < 2; s++) {
            if (v->round == 1) {
                v->side[s] = slot_side(b, &b->slots[2 * v->index + s]);
                continue;
            }
            int f = ko_match_index(b, v->round - 1, 2 * v->index + s);
            const struct ko_mview *fv = &out[f];
            struct ko_side d = {KO_SIDE_PENDING, 0, 0, f};
            if (fv->state == KO_M_DONE || fv->state == KO_M_WALKOVER) {
                d = fv->side[fv->winner];
                d.from = f;
            } else if (fv->state == KO_M_EMPTY) {
                d.kind = KO_SIDE_EMPTY;
            }
            v->side[s] = d;
        }
        int p0 = v->side[0].kind == KO_SIDE_PLAYER, p1 = v->side[1].kind == KO_SIDE_PLAYER;
        int e0 = v->side[0].kind == KO_SIDE_EMPTY, e1 = v->side[1].kind == KO_SIDE_EMPTY;
        const struct ko_result *r = &res[m];
        if (r->decision != KO_UNDECIDED) {
            if (r->winner != 0 && r->winner != 1) {
                snprintf(err, errlen, "Round %d match %d: the winner must be side 0 or 1.",
                         v->round, v->index + 1);
                return CW_EINVAL;
            }
            int w = r->winner,
                leaving = r->decision == KO_WITHDRAWAL || r->decision == KO_DISQUALIFIED;
            if (p0 && p1) {
                v->state = KO_M_DONE;
                v->winner = w;
            } else if (leaving && v->side[1 - w].kind == KO_SIDE_PLAYER) {
                /* The leaving player is known; the other side advances once known. */
                if (v->side[w].kind == KO_SIDE_EMPTY)
                    v->state = KO_M_EMPTY;
                else
                    v->state = KO_M_WAITING;
            } else {
                snprintf(err, errlen,
                         "Round %d match %d has %s, but its players are not both known yet.",
                         v->round, v->index + 1, decision_name(r->decision));
                return CW_ECONFLICT;
            }
        } else if (p0 && p1) {
            v->state = KO_M_READY;
        } else if ((p0 && e1) || (p1 && e0)) {
            v->state = KO_M_WALKOVER;
            v->winner = p0 ? 0 : 1;
        } else if (e0 && e1) {
            v->state = KO_M_EMPTY;
        } else {
            v->state = KO_M_WAITING;
        }
    }
    return 0;
}

int ko_ready(const struct ko_bracket *b, const struct ko_mview *v, int *out)
{
    int n = 0;
    for (int m = 0; m < ko_match_count(b); m++)
        if (v[m].state == KO_M_READY)
            out[n++] = m;
    return n;
}

int64_t ko_champion(const struct ko_bracket *b, const struct ko_mview *v)
{
    const struct ko_mview *f = &v[ko_match_count(b) - 1];
    if (f->state == KO_M_DONE || f->state == KO_M_WALKOVER)
        return f->side[f->winner].id;
    return 0;
}

/* ---- corrections ---- */

int ko_cascade(const struct ko_bracket *b, const struct ko_result *res, int m, int *out)
{
    int path[KO_MAX_ROUNDS], n = 0, side;
    for (int x = ko_next(b, m, &side); x >= 0; x = ko_next(b, x, &side)) {
        const struct ko_result *r = &res[x];
        /* side = the side x's path player arrives on; a leaving opponent's decision holds
         * whoever arrives, so it stays. */
        int kept =
            (r->decision == KO_WITHDRAWAL || r->decision == KO_DISQUALIFIED) && r->winner == side;
        if (r->decision != KO_UNDECIDED && !kept)
            path[n++] = x;
    }
    for (int i = 0; i < n; i++)
        out[i] = path[n - 1 - i];
    return n;
}

int ko_cascade_entry(const struct ko_bracket *b, const struct ko_result *res,
                     const struct ko_mview *v, int64_t id, int *out)
{
    for (int m = 0; m < ko_match_count(b); m++) {
        int in = (v[m].side[0].kind == KO_SIDE_PLAYER && v[m].side[0].id == id) ||
                 (v[m].side[1].kind == KO_SIDE_PLAYER && v[m].side[1].id == id);
        if (in && res[m].decision != KO_UNDECIDED) {
            int n = ko_cascade(b, res, m, out);
            out[n++] = m;
            return n;
        }
    }
    return 0;
}

/* ---- feeding ---- */

/* What is known of the player a side brings: whether they have played (won a played
 * match), advanced without playing, or may still be a first-timer (unknown side). */
struct fstate {
    int played, lucky, maybe_first;
};

int ko_feed(const struct ko_bracket *from, const struct ko_result *res, const struct ko_mview *v,
            int progressive, struct ko_entry *out, int *missing)
{
    int nm = ko_match_count(from), n = 0;
    struct fstate *win = calloc((size_t)nm, sizeof *win);
    *missing = 0;
    if (!win) {
        *missing = nm;
        return 0;
    }
    for (int m = 0; m < nm; m++) {
        const struct ko_mview *mv = &v[m];
        struct fstate st[2];
        for (int s = 0; s < 2; s++) {
            const struct ko_side *d = &mv->side[s];
            memset(&st[s], 0, sizeof st[s]);
            if (d->kind == KO_SIDE_EMPTY)
                continue;
            if (mv->round > 1)
                st[s] = win[ko_match_index(from, mv->round - 1, 2 * mv->index + s)];
            else
                st[s].maybe_first = 1; /* an entry, or the late arrival still to come */
        }
        const struct ko_result *r = &res[m];
        struct fstate *w = &win[m];
        if (mv->state == KO_M_WALKOVER) {
            *w = st[mv->winner];
            /* A round-2 entrant's walkover is its way in, not luck. */
            if (!(mv->round == 1 && from->slots[2 * mv->index + mv->winner].round2))
                w->lucky = 1;
        } else if (mv->state == KO_M_DONE) {
            int l = 1 - r->winner;
            if (r->decision == KO_PLAYED || r->decision == KO_FORFEIT) {
                if (!st[l].played)
                    out[n++] = (struct ko_entry){mv->side[l].id, 0, 0, 1, st[l].lucky};
                else if (progressive && mv->round == 2)
                    out[n++] = (struct ko_entry){mv->side[l].id, 0, 0, 2, 0};
            }
            *w = st[r->winner];
            if (r->decision == KO_PLAYED) {
                w->played = 1;
                w->maybe_first = 0;
            } else {
                w->lucky = 1;
            }
        } else if (mv->state == KO_M_EMPTY) {
            memset(w, 0, sizeof *w);
        } else {
            /* Undecided, or a withdrawal waiting for the other side to be known. A match
             * with an empty side will be a walkover: it has no loser to feed. */
            int pre = r->decision != KO_UNDECIDED;
            int empty = mv->side[0].kind == KO_SIDE_EMPTY || mv->side[1].kind == KO_SIDE_EMPTY;
            int first = st[0].maybe_first || st[1].maybe_first;
            if (!pre && !empty && (first || (progressive && mv->round == 2)))
                (*missing)++;
            memset(w, 0, sizeof *w);
            w->maybe_first = pre ? st[r->winner].maybe_first : first;
        }
    }
    free(win);
    return n;
}

static int has_id(const int64_t *sorted, int n, int64_t id)
{
    return bsearch(&id, sorted, (size_t)n, sizeof *sorted, cmp_i64) != NULL;
}

/* An entrant's key: id and round, so that a player moving between rounds leaves a place. */
static int64_t entrant_key(int64_t id, int round2)
{
    return id * 2 + (round2 ? 1 : 0);
}

/* The change recorded for slot s, made when missing. */
static struct ko_slot_change *change_of(struct ko_slot_change *ch, int *nch, int s)
{
    for (int i = 0; i < *nch; i++)
        if (ch[i].slot == s)
            return &ch[i];
    ch[*nch] = (struct ko_slot_change){s, 0, 0, 0};
    return &ch[(*nch)++];
}

static int vacant_slot(const struct ko_bracket *b, int round2, int any)
{
    for (int s = 0; s < b->size; s++) {
        const struct ko_slot *sl = &b->slots[s];
        if (sl->kind == KO_SLOT_ENTRY && !sl->id && sl->vacant && (any || !sl->round2 == !round2))
            return s;
    }
    return -1;
}

int ko_feed_follow(struct ko_bracket *fed, struct ko_result *res, struct ko_mview *v,
                   const struct ko_entry *entrants, int n, int missing, int *undo, int *nundo,
                   struct ko_slot_change *ch, char *err, size_t errlen)
{
    int nch = 0, nh = 0, rc = 0;
    *nundo = 0;
    int64_t *want = malloc((size_t)(n ? n : 1) * sizeof *want);
    int64_t *held = malloc((size_t)fed->size * sizeof *held);
    if (!want || !held) {
        free(want), free(held);
        snprintf(err, errlen, "Out of memory.");
        return CW_ENOMEM;
    }
    for (int i = 0; i < n; i++)
        want[i] = entrant_key(entrants[i].id, entrants[i].round == 2);
    qsort(want, (size_t)n, sizeof *want, cmp_i64);
    /* 1. the holders who no longer enter (or not in that round) leave their places */
    for (int s = 0; rc == 0 && s < fed->size; s++) {
        struct ko_slot *sl = &fed->slots[s];
        if (sl->kind != KO_SLOT_ENTRY || !sl->id ||
            has_id(want, n, entrant_key(sl->id, sl->round2)))
            continue;
        int later[KO_MAX_ROUNDS + 1];
        int c = ko_cascade_entry(fed, res, v, sl->id, later);
        for (int t = 0; t < c; t++) {
            undo[(*nundo)++] = later[t];
            memset(&res[later[t]], 0, sizeof res[later[t]]);
        }
        struct ko_slot_change *x = change_of(ch, &nch, s);
        x->old_id = sl->id;
        sl->id = 0;
        sl->vacant = 1;
        rc = ko_compute(fed, res, v, err, errlen) ? -1 : 0;
    }
    /* 2. the entrants it does not hold take vacant places, their own round's first */
    for (int s = 0; s < fed->size; s++)
        if (fed->slots[s].id)
            held[nh++] = fed->slots[s].id;
    qsort(held, (size_t)nh, sizeof *held, cmp_i64);
    for (int i = 0; rc == 0 && i < n; i++) {
        if (has_id(held, nh, entrants[i].id))
            continue;
        int r2 = entrants[i].round == 2, s = vacant_slot(fed, r2, 0);
        if (s < 0)
            s = vacant_slot(fed, r2, 1);
        if (s < 0) {
            snprintf(err, errlen,
                     "player %lld would enter round %d, and no place of the drawn bracket is "
                     "free for them: a drawn event follows a change by moving entrants between "
                     "its places, it does not grow (KO-5).",
                     (long long)entrants[i].id, r2 ? 2 : 1);
            rc = -1;
            break;
        }
        fed->slots[s].id = entrants[i].id;
        fed->slots[s].vacant = 0;
        change_of(ch, &nch, s)->new_id = entrants[i].id;
    }
    /* 3. nobody else can come: the places left vacant close */
    for (int s = 0; rc == 0 && missing == 0 && s < fed->size; s++)
        if (fed->slots[s].vacant && !fed->slots[s].id) {
            fed->slots[s].vacant = 0;
            change_of(ch, &nch, s)->closed = 1;
        }
    if (rc == 0)
        rc = ko_compute(fed, res, v, err, errlen) ? -1 : 0;
    free(want), free(held);
    return rc ? -1 : nch;
}

/* ---- player status ---- */

int ko_player_status(const struct ko_bracket *b, const struct ko_result *res,
                     const struct ko_mview *v, int64_t id, struct ko_pstatus *st)
{
    memset(st, 0, sizeof *st);
    st->match = -1;
    st->from = -1;
    int last = -1, side = -1;
    for (int m = 0; m < ko_match_count(b); m++)
        for (int s = 0; s < 2; s++)
            if (v[m].side[s].kind == KO_SIDE_PLAYER && v[m].side[s].id == id) {
                last = m;
                side = s;
            }
    if (last < 0) {
        st->state = KO_P_ABSENT;
        return CW_ENOTFOUND;
    }
    const struct ko_mview *mv = &v[last];
    const struct ko_side *o = &mv->side[1 - side];
    st->match = last;
    st->round = mv->round;
    switch (mv->state) {
    case KO_M_READY:
        st->state = KO_P_READY;
        st->opponent = o->id;
        break;
    case KO_M_WAITING:
        if (res[last].decision != KO_UNDECIDED) {
            st->state = KO_P_OUT;
            st->decision = res[last].decision;
        } else if (o->kind == KO_SIDE_TO_ENTER) {
            st->state = KO_P_WAIT_ENTRANT;
        } else if (o->kind == KO_SIDE_LATE) {
            st->state = KO_P_WAIT_LATE;
            st->late = o->late;
            st->deadline_ms = b->late_deadline_ms;
        } else {
            st->state = KO_P_WAIT_OPPONENT;
            st->from = o->from;
            ko_match_pos(b, o->from, &st->from_round, &st->from_index);
        }
        break;
    case KO_M_EMPTY: /* only a leaving player empties a match they are in */
        st->state = KO_P_OUT;
        st->decision = res[last].decision;
        break;
    case KO_M_DONE:
    case KO_M_WALKOVER:
        if (mv->winner != side) {
            st->state = KO_P_OUT;
            st->decision = res[last].decision;
            st->opponent = o->id;
        } else {
            st->state = KO_P_CHAMPION; /* the last match won is the final */
        }
        break;
    }
    return 0;
}

int ko_feed_status(const struct ko_entry *entrants, int n, int missing, int64_t id,
                   struct ko_pstatus *st)
{
    memset(st, 0, sizeof *st);
    st->match = st->from = -1;
    for (int i = 0; i < n; i++)
        if (entrants[i].id == id) {
            st->state = KO_P_WAIT_DRAW;
            st->round = entrants[i].round == 2 ? 2 : 1;
            st->missing = missing;
            return 0;
        }
    st->state = KO_P_ABSENT;
    return CW_ENOTFOUND;
}

const char *ko_pstate_name(enum ko_pstate s)
{
    switch (s) {
    case KO_P_ABSENT:
        return "absent";
    case KO_P_READY:
        return "ready";
    case KO_P_WAIT_OPPONENT:
        return "waiting_opponent";
    case KO_P_WAIT_LATE:
        return "waiting_late";
    case KO_P_OUT:
        return "out";
    case KO_P_CHAMPION:
        return "champion";
    case KO_P_WAIT_DRAW:
        return "waiting_draw";
    case KO_P_WAIT_ENTRANT:
        return "waiting_entrant";
    }
    return "absent";
}

const char *ko_out_name(enum ko_decision d)
{
    switch (d) {
    case KO_FORFEIT:
        return "forfeited";
    case KO_WITHDRAWAL:
        return "withdrew";
    case KO_DISQUALIFIED:
        return "disqualified";
    default:
        return "lost";
    }
}

enum ko_decision ko_decision_of(const struct match *m)
{
    if (m->winner < 0)
        return KO_UNDECIDED;
    switch (m->state) {
    case MS_VERIFIED:
        return KO_PLAYED;
    case MS_FORFEITED:
        return KO_FORFEIT;
    case MS_WITHDRAWN:
        return m->ended == ME_DISQUALIFIED ? KO_DISQUALIFIED : KO_WITHDRAWAL;
    default:
        return KO_UNDECIDED;
    }
}
