/* SWISS-1: a Swiss round paired exactly. The order of item 1 of docs/swiss.md (rematches,
 * a repeated bye, the squared win differences with the bye as a pair with a phantom at the
 * round's lowest wins, the bye's wins, the bye's rank) is encoded in one integer cost per
 * pair, mixed-radix, each level's multiplier above the most the levels below can add up to
 * over a whole round; a minimum-cost perfect matching (tourney/matching.c) then finds a
 * pairing no other beats in that order. Ties fall to the vertex order, which is the
 * players (by id) shuffled with the round's seed; in a first round with ratings, to the
 * players' seeds (seeded_first). */
#include "tourney/swiss.h"

#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tourney/matching.h"
#include "tourney/rng.h"

/* The round as the costs see it: the active players in vertex order, and the phantom (the
 * bye) as vertex m when m is odd. */
struct round {
    int m, nv;
    const struct swiss_player **p; /* [m] */
    int *pos;                      /* [m] place in the rank order, 0 = first */
    int *w;                        /* [m] wins, beside each other for the costs' sake */
    unsigned char *met;            /* [m * m] bits */
    int wmin, wmax, bmax;
    int64_t sq_bound;       /* most the squared differences can add to */
    int64_t a1, a2, a3, a4; /* the levels' multipliers */
    int relaxed;            /* 1: rematches cost nothing (a "what if") */
    const int *map;         /* solve vertex -> round vertex, or NULL */
};

static int met_bit(const struct round *r, int i, int j)
{
    size_t k = (size_t)i * (size_t)r->m + (size_t)j;
    return (r->met[k / 8] >> (k % 8)) & 1;
}

static int64_t bye_cost(const struct round *r, int i)
{
    const struct swiss_player *p = r->p[i];
    int64_t dw = p->wins - r->wmin;
    return r->a2 * p->byes + r->a3 * dw * dw + r->a4 * dw + (r->m - 1 - r->pos[i]);
}

static int64_t pair_cost(void *ctx, int i, int j)
{
    const struct round *r = ctx;
    if (r->map)
        i = r->map[i], j = r->map[j];
    if (j == r->m)
        return bye_cost(r, i);
    if (i == r->m)
        return bye_cost(r, j);
    int64_t dw = r->w[i] - r->w[j];
    return (!r->relaxed && met_bit(r, i, j) ? r->a1 : 0) + r->a3 * dw * dw;
}

static int cmp_id(const void *a, const void *b)
{
    int64_t x = (*(const struct swiss_player *const *)a)->id;
    int64_t y = (*(const struct swiss_player *const *)b)->id;
    return (x > y) - (x < y);
}

/* A sort key: qsort has no context, so the keys travel with the vertex. */
struct keyed {
    int64_t k1, k2;
    int v, u;
};

static int cmp_keyed(const void *a, const void *b)
{
    const struct keyed *x = a, *y = b;
    if (x->k1 != y->k1)
        return (x->k1 > y->k1) - (x->k1 < y->k1);
    return (x->k2 > y->k2) - (x->k2 < y->k2);
}

static int find(const struct round *r, const struct swiss_player **by_id, int64_t id)
{
    int lo = 0, hi = r->m - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        if (by_id[mid]->id == id)
            return mid;
        if (by_id[mid]->id < id)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return -1;
}

static void round_free(struct round *r)
{
    free(r->p), free(r->pos), free(r->w), free(r->met);
    memset(r, 0, sizeof *r);
}

static int is_active(const struct swiss_player *p, const struct swiss_options *opt)
{
    return p->active && !(opt->lives > 0 && p->losses >= opt->lives);
}

/* Checks the players and builds the round; shuffle 1 draws the vertex order from the seed
 * (0 keeps the order by id). */
static int round_build(struct round *r, const struct swiss_player *players, int n,
                       const struct swiss_options *opt, int shuffle, char *err, size_t errlen)
{
    memset(r, 0, sizeof *r);
    if (n < 0 || n > SWISS_MAX_PLAYERS || (n > 0 && !players)) {
        snprintf(err, errlen, "a round pairs at most %d players", SWISS_MAX_PLAYERS);
        return -1;
    }
    r->p = calloc((size_t)n + 1, sizeof *r->p);
    r->pos = calloc((size_t)n + 1, sizeof *r->pos);
    r->w = calloc((size_t)n + 1, sizeof *r->w);
    if (!r->p || !r->pos || !r->w)
        goto oom;
    for (int i = 0; i < n; i++) {
        const struct swiss_player *p = &players[i];
        if (p->id <= 0) {
            snprintf(err, errlen, "player %d: the id must be positive", i + 1);
            goto fail;
        }
        if (p->wins < 0 || p->wins > SWISS_MAX_ROUNDS || p->losses < 0 ||
            p->losses > SWISS_MAX_ROUNDS || p->byes < 0 || p->byes > SWISS_MAX_ROUNDS) {
            snprintf(err, errlen, "player %" PRId64 ": wins, losses and byes must be 0..%d", p->id,
                     SWISS_MAX_ROUNDS);
            goto fail;
        }
        if (p->n_met < 0 || (p->n_met > 0 && !p->met)) {
            snprintf(err, errlen, "player %" PRId64 ": no opponents met given", p->id);
            goto fail;
        }
        if (is_active(p, opt))
            r->p[r->m++] = p;
    }
    qsort(r->p, (size_t)r->m, sizeof *r->p, cmp_id);
    for (int i = 1; i < r->m; i++)
        if (r->p[i]->id == r->p[i - 1]->id) {
            snprintf(err, errlen, "player %" PRId64 " is given twice", r->p[i]->id);
            goto fail;
        }
    if (shuffle) {
        struct rng g;
        rng_seed(&g, opt->seed);
        rng_shuffle(&g, r->p, (size_t)r->m, sizeof *r->p);
    }
    r->nv = r->m + (r->m & 1);
    size_t bits = (size_t)r->m * (size_t)r->m;
    r->met = calloc(bits / 8 + 1, 1);
    const struct swiss_player **by_id = calloc((size_t)r->m + 1, sizeof *by_id);
    int *vertex_of = calloc((size_t)r->m + 1, sizeof *vertex_of);
    if (!r->met || !by_id || !vertex_of) {
        free(by_id), free(vertex_of);
        goto oom;
    }
    /* vertex_of[k]: the vertex of the k-th player by id, to read the met lists */
    memcpy(by_id, r->p, (size_t)r->m * sizeof *by_id);
    qsort(by_id, (size_t)r->m, sizeof *by_id, cmp_id);
    for (int v = 0; v < r->m; v++)
        vertex_of[find(r, by_id, r->p[v]->id)] = v;
    r->wmin = SWISS_MAX_ROUNDS, r->wmax = 0;
    for (int v = 0; v < r->m; v++) {
        const struct swiss_player *p = r->p[v];
        for (int k = 0; k < p->n_met; k++) {
            int o = find(r, by_id, p->met[k]);
            if (o < 0 || vertex_of[o] == v)
                continue;
            int u = vertex_of[o];
            size_t a = (size_t)v * (size_t)r->m + (size_t)u, b = (size_t)u * (size_t)r->m + v;
            r->met[a / 8] |= (unsigned char)(1u << (a % 8));
            r->met[b / 8] |= (unsigned char)(1u << (b % 8));
        }
        r->w[v] = p->wins;
        if (p->wins < r->wmin)
            r->wmin = p->wins;
        if (p->wins > r->wmax)
            r->wmax = p->wins;
        if (p->byes > r->bmax)
            r->bmax = p->byes;
    }
    free(by_id), free(vertex_of);
    struct keyed *order = calloc((size_t)r->m + 1, sizeof *order);
    if (!order)
        goto oom;
    for (int v = 0; v < r->m; v++)
        order[v] = (struct keyed){r->p[v]->rank, r->p[v]->id, v, 0};
    qsort(order, (size_t)r->m, sizeof *order, cmp_keyed);
    for (int k = 0; k < r->m; k++)
        r->pos[order[k].v] = k;
    free(order);
    /* The multipliers (docs/swiss.md proves the bounds): the bye's rank adds at most m - 1
     * < a4; its wins above the lowest at most D = wmax - wmin, so a4 D + m - 1 < a3 =
     * a4 (D + 1); the squared differences at most sq_bound = sum of (w - wmin)^2, since
     * (x - y)^2 <= (x - wmin)^2 + (y - wmin)^2, so everything below a2 = a3 (sq_bound + 1)
     * adds up to less than a2; a repeated bye at most bmax x a2 < a1 = a2 (bmax + 1). */
    int64_t d = r->wmax - r->wmin;
    for (int v = 0; v < r->m; v++) {
        int64_t dw = r->p[v]->wins - r->wmin;
        r->sq_bound += dw * dw;
    }
    r->a4 = r->m > 0 ? r->m : 1;
    r->a3 = r->a4 * (d + 1);
    r->a2 = r->a3 * (r->sq_bound + 1);
    r->a1 = r->a2 * (r->bmax + 1);
    return 0;
oom:
    snprintf(err, errlen, "out of memory");
fail:
    round_free(r);
    return -1;
}

/* The levels of a pairing given as mate[] over the round's vertices. */
static void levels_of_mate(const struct round *r, const int *mate, struct swiss_levels *lv)
{
    memset(lv, 0, sizeof *lv);
    for (int v = 0; v < r->nv; v++) {
        int u = mate[v];
        if (u < v)
            continue;
        if (u == r->m || v == r->m) {
            int b = v == r->m ? u : v;
            int64_t dw = r->p[b]->wins - r->wmin;
            lv->bye_repeat = r->p[b]->byes;
            lv->sq_diff += dw * dw;
            lv->bye_wins = (int)dw;
            lv->bye_above = r->m - 1 - r->pos[b];
            continue;
        }
        int64_t dw = r->p[v]->wins - r->p[u]->wins;
        lv->sq_diff += dw * dw;
        lv->rematches += met_bit(r, v, u);
    }
}

int swiss_levels_cmp(const struct swiss_levels *a, const struct swiss_levels *b)
{
    int64_t x[5] = {a->rematches, a->bye_repeat, a->sq_diff, a->bye_wins, a->bye_above};
    int64_t y[5] = {b->rematches, b->bye_repeat, b->sq_diff, b->bye_wins, b->bye_above};
    for (int i = 0; i < 5; i++)
        if (x[i] != y[i])
            return x[i] < y[i] ? -1 : 1;
    return 0;
}

static int vertex_by_id(const struct round *r, int64_t id)
{
    for (int v = 0; v < r->m; v++)
        if (r->p[v]->id == id)
            return v;
    return -1;
}

int swiss_levels_of(const struct swiss_player *players, int n, const struct swiss_options *opt,
                    const int64_t (*pairs)[2], int n_pairs, int64_t bye, struct swiss_levels *out)
{
    struct round r;
    char err[128];
    if (round_build(&r, players, n, opt, 0, err, sizeof err))
        return -1;
    int *mate = malloc(((size_t)r.nv + 1) * sizeof *mate);
    int rc = mate ? 0 : -1;
    for (int v = 0; mate && v < r.nv; v++)
        mate[v] = -1;
    for (int k = 0; rc == 0 && k < n_pairs; k++) {
        int a = vertex_by_id(&r, pairs[k][0]), b = vertex_by_id(&r, pairs[k][1]);
        if (a < 0 || b < 0 || a == b || mate[a] >= 0 || mate[b] >= 0)
            rc = -1;
        else
            mate[a] = b, mate[b] = a;
    }
    if (rc == 0 && bye) {
        int b = vertex_by_id(&r, bye);
        if (b < 0 || mate[b] >= 0 || r.nv == r.m)
            rc = -1;
        else
            mate[b] = r.m, mate[r.m] = b;
    }
    for (int v = 0; rc == 0 && v < r.nv; v++)
        if (mate[v] < 0)
            rc = -1;
    if (rc == 0)
        levels_of_mate(&r, mate, out);
    free(mate);
    round_free(&r);
    return rc;
}

/* ---- the reasons ---- */

static const char *name_of(const struct swiss_player *p, char *buf, size_t len)
{
    if (p->name && *p->name)
        return p->name;
    snprintf(buf, len, "#%" PRId64, p->id);
    return buf;
}

static struct swiss_reason *reason(struct swiss_pairing *out, enum swiss_why kind, int64_t a,
                                   int64_t b)
{
    struct swiss_reason *x = &out->reasons[out->n_reasons++];
    x->kind = kind, x->a = a, x->b = b;
    return x;
}

/* The reason's code and figures (name, value pairs: n of them), for the pages. */
static void said(struct swiss_reason *w, const char *code, int n, ...)
{
    va_list ap;
    va_start(ap, n);
    w->code = code;
    w->n_args = n < SWISS_REASON_ARGS ? n : SWISS_REASON_ARGS;
    for (int i = 0; i < w->n_args; i++) {
        w->arg[i] = va_arg(ap, const char *);
        w->val[i] = va_arg(ap, int64_t);
    }
    va_end(ap);
}

static const char *wins_word(int w)
{
    return w == 1 ? "win" : "wins";
}

/* The least the squared differences can be with rematches and byes set aside: players in
 * win order paired neighbour to neighbour (the best pairing of points on a line under a
 * convex cost), the phantom among the lowest. */
static int64_t sq_diff_free(const struct round *r)
{
    int count[SWISS_MAX_ROUNDS + 1] = {0};
    for (int v = 0; v < r->m; v++)
        count[r->p[v]->wins]++;
    if (r->nv > r->m)
        count[r->wmin]++;
    int64_t total = 0;
    int held = -1; /* wins of a player left waiting for a partner */
    for (int w = SWISS_MAX_ROUNDS; w >= 0; w--)
        for (int c = 0; c < count[w]; c++) {
            if (held < 0) {
                held = w;
            } else {
                total += (int64_t)(held - w) * (held - w);
                held = -1;
            }
        }
    return total;
}

/* Solves the round (map NULL) or part of it; the levels of the result. -1: memory. */
static int solve(struct round *r, const int *map, int nv, int *mate)
{
    r->map = map;
    int rc = matching_min_cost(nv, pair_cost, r, mate);
    r->map = NULL;
    return rc;
}

static void bye_reason(struct round *r, const int *mate, struct swiss_pairing *out)
{
    int x = mate[r->m];
    /* the player the plain rule names: fewest byes, then fewest wins, then lowest-ranked */
    int y = 0;
    for (int v = 1; v < r->m; v++) {
        const struct swiss_player *a = r->p[v], *b = r->p[y];
        if (a->byes < b->byes || (a->byes == b->byes && a->wins < b->wins) ||
            (a->byes == b->byes && a->wins == b->wins && r->pos[v] > r->pos[y]))
            y = v;
    }
    const struct swiss_player *px = r->p[x], *py = r->p[y];
    char nx[32], ny[32];
    struct swiss_reason *why = reason(out, SWISS_WHY_BYE, px->id, 0);
    int len = snprintf(why->text, sizeof why->text,
                       "Bye to %s (%d %s, ranked %d of %d): ", name_of(px, nx, sizeof nx), px->wins,
                       wins_word(px->wins), r->pos[x] + 1, r->m);
    char *t = why->text + len;
    size_t left = sizeof why->text - (size_t)len;
#define BYE_ARGS "wins", (int64_t)px->wins, "pos", (int64_t)r->pos[x] + 1, "of", (int64_t)r->m
    if (x == y) {
        int without = 0;
        for (int v = 0; v < r->m; v++)
            without += r->p[v]->byes == 0;
        if (px->byes == 0 && without == 1) {
            said(why, "bye_only", 3, BYE_ARGS);
            snprintf(t, left, "the only player who has not had a bye.");
        } else if (px->byes == 0) {
            said(why, "bye_lowest", 3, BYE_ARGS);
            snprintf(t, left,
                     "the lowest-ranked with the fewest wins of those who have not "
                     "had a bye.");
        } else {
            said(why, "bye_all_had", 3, BYE_ARGS);
            snprintf(t, left,
                     "every player has had a bye; the lowest-ranked with the fewest "
                     "wins of those with the fewest byes.");
        }
        return;
    }
    why->b = py->id;
    /* what a bye to y would cost: the rest paired at best without y */
    int *map = malloc((size_t)r->m * sizeof *map), *m2 = malloc((size_t)r->m * sizeof *m2);
    struct swiss_levels ly, lx;
    levels_of_mate(r, mate, &lx);
    int k = 0;
    for (int v = 0; map && v < r->m; v++)
        if (v != y)
            map[k++] = v;
    if (!map || !m2 || solve(r, map, k, m2)) {
        said(why, "bye_worse", 3, BYE_ARGS);
        snprintf(t, left, "a bye to %s would be worse in the pairing's order.",
                 name_of(py, ny, sizeof ny));
        free(map), free(m2);
        return;
    }
    int *full = malloc(((size_t)r->nv) * sizeof *full);
    if (full) {
        for (int i = 0; i < k; i++)
            full[map[i]] = map[m2[i]];
        full[y] = r->m, full[r->m] = y;
        levels_of_mate(r, full, &ly);
    }
    free(map), free(m2);
    if (!full) {
        said(why, "bye_worse", 3, BYE_ARGS);
        snprintf(t, left, "a bye to %s would be worse in the pairing's order.",
                 name_of(py, ny, sizeof ny));
        return;
    }
    free(full);
    if (ly.rematches != lx.rematches) {
        said(why, py->byes == 0 ? "bye_rematches_no_bye" : "bye_rematches", 5, BYE_ARGS, "would",
             (int64_t)ly.rematches, "makes", (int64_t)lx.rematches);
        snprintf(t, left, "a bye to %s (%s) would leave %d rematch%s, not %d.",
                 name_of(py, ny, sizeof ny),
                 py->byes == 0 ? "lower-ranked without a bye" : "lower-ranked", ly.rematches,
                 ly.rematches == 1 ? "" : "es", lx.rematches);
    } else {
        said(why, "bye_floats", 5, BYE_ARGS, "would", ly.sq_diff, "makes", lx.sq_diff);
        snprintf(t, left,
                 "a bye to %s (lower-ranked) would float the round more (squared "
                 "differences %" PRId64 ", not %" PRId64 ").",
                 name_of(py, ny, sizeof ny), ly.sq_diff, lx.sq_diff);
    }
#undef BYE_ARGS
}

/* When the floats are more than score alone needs, what pairing by score alone would
 * have cost in rematches. */
static void avoided_reason(struct round *r, const struct swiss_levels *lv,
                           struct swiss_pairing *out)
{
    if (lv->sq_diff <= sq_diff_free(r))
        return;
    int *m2 = malloc((size_t)r->nv * sizeof *m2);
    r->relaxed = 1;
    int rc = m2 ? solve(r, NULL, r->nv, m2) : -1;
    r->relaxed = 0;
    struct swiss_levels lf;
    if (rc == 0)
        levels_of_mate(r, m2, &lf);
    if (rc == 0 && lf.sq_diff < lv->sq_diff && lf.rematches > lv->rematches) {
        int a = -1, b = -1;
        for (int v = 0; v < r->m && a < 0; v++)
            if (m2[v] < r->m && met_bit(r, v, m2[v]))
                a = v, b = m2[v];
        char na[32], nb[32];
        struct swiss_reason *why = reason(out, SWISS_WHY_REMATCH_AVOIDED, r->p[a]->id, r->p[b]->id);
        said(why, "rematch_avoided", 2, "would", (int64_t)lf.rematches, "makes",
             (int64_t)lv->rematches);
        snprintf(why->text, sizeof why->text,
                 "Floats instead of rematches: the pairing closest by score would make %d "
                 "rematch%s (%s and %s again, ...); this one makes %d.",
                 lf.rematches, lf.rematches == 1 ? "" : "es", name_of(r->p[a], na, sizeof na),
                 name_of(r->p[b], nb, sizeof nb), lv->rematches);
    }
    free(m2);
}

/* v has met every other player of its score group, and there is one: a player alone in
 * the group floats because the groups do not pair off evenly, not for having met all. */
static int met_all_in_group(const struct round *r, int v)
{
    int others = 0;
    for (int u = 0; u < r->m; u++)
        if (u != v && r->p[u]->wins == r->p[v]->wins) {
            if (!met_bit(r, u, v))
                return 0;
            others++;
        }
    return others > 0;
}

static void pair_reasons(const struct round *r, const struct keyed *vp,
                         const struct swiss_levels *lv, struct swiss_pairing *out)
{
    for (int k = 0; k < out->n_pairs; k++) {
        int a = vp[k].v, b = vp[k].u;
        const struct swiss_player *pa = r->p[a], *pb = r->p[b];
        char na[32], nb[32];
        if (met_bit(r, a, b)) {
            struct swiss_reason *why = reason(out, SWISS_WHY_REMATCH, pa->id, pb->id);
            said(why, "rematch", 1, "fewest", (int64_t)lv->rematches);
            snprintf(why->text, sizeof why->text,
                     "%s and %s meet again: no pairing of this round has fewer than %d "
                     "rematch%s.",
                     name_of(pa, na, sizeof na), name_of(pb, nb, sizeof nb), lv->rematches,
                     lv->rematches == 1 ? "" : "es");
        }
        if (pa->wins != pb->wins) {
            int hi = pa->wins > pb->wins ? a : b, lo = hi == a ? b : a;
            const struct swiss_player *ph = r->p[hi], *pl = r->p[lo];
            struct swiss_reason *why = reason(out, SWISS_WHY_FLOAT, ph->id, pl->id);
            int len = snprintf(why->text, sizeof why->text, "%s (%d %s) floats down to %s (%d %s)",
                               name_of(ph, na, sizeof na), ph->wins, wins_word(ph->wins),
                               name_of(pl, nb, sizeof nb), pl->wins, wins_word(pl->wins));
            int met_all = met_all_in_group(r, hi);
            said(why, met_all ? "float_met_all" : "float_uneven", 2, "wins_a", (int64_t)ph->wins,
                 "wins_b", (int64_t)pl->wins);
            if (met_all)
                snprintf(why->text + len, sizeof why->text - (size_t)len,
                         ": %s has met every other player with %d %s.", name_of(ph, na, sizeof na),
                         ph->wins, wins_word(ph->wins));
            else
                snprintf(why->text + len, sizeof why->text - (size_t)len,
                         ": the score groups do not pair off evenly.");
        }
    }
}

/* A first round seeded by rating (swiss.h): 1 with mate[] filled, 0 when the round is not
 * a first round or nobody has a seed (the matching pairs it by lot), -1: memory. Every
 * pairing of a first round makes no rematch and no float, so with the bye to the
 * lowest-ranked no pairing is better: the fold only picks one of the best. */
static int seeded_first(const struct round *r, int *mate, struct swiss_pairing *out)
{
    int seeded = 0;
    for (int v = 0; v < r->m; v++) {
        if (r->p[v]->byes || r->w[v] != r->wmin)
            return 0;
        seeded |= r->p[v]->seed > 0;
    }
    for (size_t k = 0, bytes = (size_t)r->m * (size_t)r->m / 8 + 1; k < bytes; k++)
        if (r->met[k])
            return 0;
    if (!seeded)
        return 0;
    struct keyed *l = malloc((size_t)r->m * sizeof *l);
    if (!l)
        return -1;
    int k = 0;
    for (int v = 0; v < r->m; v++) {
        if (r->nv > r->m && r->pos[v] == r->m - 1) {
            mate[v] = r->m, mate[r->m] = v;
            continue;
        }
        /* the unrated after the seeded, in vertex order: by lot */
        l[k++] = (struct keyed){r->p[v]->seed > 0 ? r->p[v]->seed : INT_MAX, v, v, 0};
    }
    qsort(l, (size_t)k, sizeof *l, cmp_keyed);
    int h = k / 2;
    for (int i = 0; i < h; i++)
        mate[l[i].v] = l[i + h].v, mate[l[i + h].v] = l[i].v;
    char na[32], nb[32];
    struct swiss_reason *why = reason(out, SWISS_WHY_SEEDED, r->p[l[0].v]->id, r->p[l[h].v]->id);
    said(why, "seeded", 1, "pos_b", (int64_t)h + 1);
    snprintf(why->text, sizeof why->text,
             "First round by rating: the top half meets the bottom half, %s (first) against "
             "%s (%d%s).",
             name_of(r->p[l[0].v], na, sizeof na), name_of(r->p[l[h].v], nb, sizeof nb), h + 1,
             (h + 1) % 10 == 1 && (h + 1) % 100 != 11   ? "st"
             : (h + 1) % 10 == 2 && (h + 1) % 100 != 12 ? "nd"
             : (h + 1) % 10 == 3 && (h + 1) % 100 != 13 ? "rd"
                                                        : "th");
    free(l);
    return 1;
}

int swiss_pair(const struct swiss_player *players, int n, const struct swiss_options *opt,
               struct swiss_pairing *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    struct round r;
    if (round_build(&r, players, n, opt, 1, err, errlen))
        return -1;
    if (r.m < 2) {
        snprintf(err, errlen, "a round needs at least two players to pair");
        round_free(&r);
        return -1;
    }
    int *mate = malloc((size_t)r.nv * sizeof *mate);
    struct keyed *vp = malloc((size_t)(r.nv / 2) * sizeof *vp);
    out->pairs = malloc((size_t)(r.nv / 2) * sizeof *out->pairs);
    out->reasons = calloc((size_t)r.m + 4, sizeof *out->reasons);
    int seeded = mate && out->reasons ? seeded_first(&r, mate, out) : -1;
    if (!mate || !vp || !out->pairs || !out->reasons || seeded < 0 ||
        (!seeded && solve(&r, NULL, r.nv, mate))) {
        snprintf(err, errlen, "out of memory");
        free(mate), free(vp);
        swiss_pairing_free(out);
        round_free(&r);
        return -1;
    }
    for (int v = 0; v < r.m; v++) {
        int u = mate[v];
        if (u == r.m) {
            out->bye = r.p[v]->id;
        } else if (v < u) {
            int a = r.pos[v] < r.pos[u] ? v : u, b = a == v ? u : v;
            vp[out->n_pairs++] = (struct keyed){r.pos[a], 0, a, b};
        }
    }
    qsort(vp, (size_t)out->n_pairs, sizeof *vp, cmp_keyed);
    for (int k = 0; k < out->n_pairs; k++) {
        out->pairs[k][0] = r.p[vp[k].v]->id;
        out->pairs[k][1] = r.p[vp[k].u]->id;
    }
    levels_of_mate(&r, mate, &out->levels);
    pair_reasons(&r, vp, &out->levels, out);
    free(vp);
    if (out->bye)
        bye_reason(&r, mate, out);
    avoided_reason(&r, &out->levels, out);
    free(mate);
    round_free(&r);
    return 0;
}

void swiss_pairing_free(struct swiss_pairing *p)
{
    free(p->pairs);
    free(p->reasons);
    memset(p, 0, sizeof *p);
}
