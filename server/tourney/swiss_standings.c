/* SWISS-2: a Swiss event's standings (match wins, then the TD's tie-breaks in the TD's
 * order, then the entries' rating or seed order), lives, and the pairing's input for the
 * next round built from them. */
#include "tourney/swiss.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int swiss_check_rules(const struct swiss_rules *r, char *err, size_t errlen)
{
    if (r->n_tiebreaks < 0 || r->n_tiebreaks > SWISS_MAX_TIEBREAKS) {
        snprintf(err, errlen, "tiebreaks: at most %d", SWISS_MAX_TIEBREAKS);
        return -1;
    }
    for (int i = 0; i < r->n_tiebreaks; i++) {
        if (r->tiebreaks[i] < SWISS_TB_BUCHHOLZ || r->tiebreaks[i] > SWISS_TB_HEAD_TO_HEAD) {
            snprintf(err, errlen, "tiebreaks: %d is not a tie-break", (int)r->tiebreaks[i]);
            return -1;
        }
        for (int j = 0; j < i; j++)
            if (r->tiebreaks[j] == r->tiebreaks[i]) {
                snprintf(err, errlen, "tiebreaks: each at most once");
                return -1;
            }
    }
    if (r->bye_counts != SWISS_BYE_COUNTS_ZERO && r->bye_counts != SWISS_BYE_COUNTS_OWN) {
        snprintf(err, errlen, "bye_counts: zero or own");
        return -1;
    }
    if (r->walkover_counts != SWISS_WALKOVER_AS_PLAYED &&
        r->walkover_counts != SWISS_WALKOVER_AS_BYE) {
        snprintf(err, errlen, "walkover_counts: as_played or as_bye");
        return -1;
    }
    if (r->lives < 0 || r->lives > SWISS_MAX_ROUNDS) {
        snprintf(err, errlen, "lives: 0 (none) to %d", SWISS_MAX_ROUNDS);
        return -1;
    }
    return 0;
}

struct idx {
    int64_t id;
    int i;
};

static int cmp_idx(const void *a, const void *b)
{
    int64_t x = ((const struct idx *)a)->id, y = ((const struct idx *)b)->id;
    return (x > y) - (x < y);
}

static int lookup(const struct idx *ids, int n, int64_t id)
{
    struct idx key = {id, 0};
    const struct idx *f = bsearch(&key, ids, (size_t)n, sizeof *ids, cmp_idx);
    return f ? f->i : -1;
}

/* The entries by id; NULL (memory, or an id twice: *dup set). */
static struct idx *index_ids(const struct swiss_entry *e, int n, int *dup)
{
    struct idx *ids = calloc((size_t)n + 1, sizeof *ids);
    *dup = 0;
    if (!ids)
        return NULL;
    for (int i = 0; i < n; i++)
        ids[i] = (struct idx){e[i].id, i};
    qsort(ids, (size_t)n, sizeof *ids, cmp_idx);
    for (int i = 1; i < n; i++)
        if (ids[i].id == ids[i - 1].id) {
            *dup = 1;
            free(ids);
            return NULL;
        }
    return ids;
}

/* A sort key of one entry in the standings being built. */
struct key {
    int64_t value;
    int at, i;
};

static int cmp_key(const void *a, const void *b)
{
    const struct key *x = a, *y = b;
    if (x->value != y->value)
        return x->value > y->value ? -1 : 1; /* more is better */
    return x->at - y->at;
}

/* What one entry's opponent is worth to the Buchholz family: the opponent's wins, or the
 * bye's value; won 1 when the entry won. */
struct opp {
    int i; /* -1: a bye (or a walkover counted as one) */
    int won;
};

int swiss_standings(const struct swiss_entry *entries, int n, const struct swiss_match *m,
                    int n_matches, const struct swiss_rules *rules, struct swiss_standing *out,
                    char *err, size_t errlen)
{
    if (swiss_check_rules(rules, err, errlen))
        return -1;
    int dup;
    struct idx *ids = index_ids(entries, n, &dup);
    struct opp *opps = calloc((size_t)n_matches * 2 + 1, sizeof *opps);
    int *first = calloc((size_t)n + 1, sizeof *first), *cnt = calloc((size_t)n + 1, sizeof *cnt);
    int64_t *pd = calloc((size_t)n + 1, sizeof *pd);
    struct key *keys = calloc((size_t)n + 1, sizeof *keys);
    int *order = calloc((size_t)n + 1, sizeof *order), *blk = calloc((size_t)n + 1, sizeof *blk);
    int rc = -1;
    if (!ids || !opps || !first || !cnt || !pd || !keys || !order || !blk) {
        snprintf(err, errlen, dup ? "an entry is given twice" : "out of memory");
        goto done;
    }
    for (int i = 0; i < n; i++) {
        memset(&out[i], 0, sizeof out[i]);
        out[i].id = entries[i].id;
        out[i].wins = entries[i].start_wins;
        out[i].withdrawn = entries[i].withdrawn;
    }
    /* two passes over the matches: count each entry's opponents, then list them */
    for (int pass = 0; pass < 2; pass++) {
        if (pass == 1) {
            for (int i = 0, at = 0; i < n; i++)
                first[i] = at, at += cnt[i], cnt[i] = 0;
        }
        for (int k = 0; k < n_matches; k++) {
            const struct swiss_match *x = &m[k];
            int a = lookup(ids, n, x->a), b = x->b ? lookup(ids, n, x->b) : -1;
            if (a < 0 || (x->b && b < 0) || a == b ||
                (x->b && x->winner && x->winner != x->a && x->winner != x->b)) {
                snprintf(err, errlen, "match %d: a player or winner that is not an entry", k + 1);
                goto done;
            }
            if (!x->b) { /* a bye: a win (SWISS-1) */
                if (pass == 0) {
                    out[a].wins++, out[a].byes++;
                    cnt[a]++;
                } else {
                    opps[first[a] + cnt[a]++] = (struct opp){-1, 1};
                }
                continue;
            }
            if (!x->winner)
                continue;
            int w = x->winner == x->a ? a : b, l = w == a ? b : a;
            if (pass == 0) {
                out[w].wins++, out[l].losses++;
                cnt[a]++, cnt[b]++;
                if (!x->walkover) {
                    out[a].played++, out[b].played++;
                    pd[a] += x->points_a - x->points_b;
                    pd[b] += x->points_b - x->points_a;
                }
                continue;
            }
            int as_bye = x->walkover && rules->walkover_counts == SWISS_WALKOVER_AS_BYE;
            opps[first[w] + cnt[w]++] = (struct opp){as_bye ? -1 : l, 1};
            opps[first[l] + cnt[l]++] = (struct opp){w, 0};
        }
    }
    for (int i = 0; i < n; i++)
        out[i].out = rules->lives > 0 && out[i].losses >= rules->lives;
    /* the tie-breaks' values; head to head waits for its blocks */
    for (int t = 0; t < rules->n_tiebreaks; t++) {
        enum swiss_tiebreak tb = rules->tiebreaks[t];
        for (int i = 0; i < n; i++) {
            int64_t sum = 0, sb = 0, hi = INT64_MIN, lo = INT64_MAX;
            for (int k = first[i]; k < first[i] + cnt[i]; k++) {
                int64_t v = opps[k].i >= 0                              ? out[opps[k].i].wins
                            : rules->bye_counts == SWISS_BYE_COUNTS_OWN ? out[i].wins
                                                                        : 0;
                sum += v;
                sb += opps[k].won ? v : 0;
                hi = v > hi ? v : hi;
                lo = v < lo ? v : lo;
            }
            out[i].tb[t] = tb == SWISS_TB_BUCHHOLZ           ? sum
                           : tb == SWISS_TB_MEDIAN_BUCHHOLZ  ? (cnt[i] >= 3 ? sum - hi - lo : 0)
                           : tb == SWISS_TB_SONNEBORN_BERGER ? sb
                           : tb == SWISS_TB_POINTS_DIFF      ? pd[i]
                                                             : 0;
        }
    }
    /* Sort by wins, then split the blocks of equals by each tie-break in turn: head to
     * head counts wins within the block it splits, so it can stand anywhere in the order. */
    for (int i = 0; i < n; i++)
        keys[i] = (struct key){out[i].wins, i, i};
    qsort(keys, (size_t)n, sizeof *keys, cmp_key);
    for (int p = 0; p < n; p++) {
        order[p] = keys[p].i;
        blk[p] = p > 0 && out[order[p]].wins == out[order[p - 1]].wins ? blk[p - 1] : p;
    }
    for (int t = 0; t <= rules->n_tiebreaks; t++) {
        int last = t == rules->n_tiebreaks; /* the entries' own order: the last word */
        for (int s = 0; s < n;) {
            int e = s + 1;
            while (e < n && blk[e] == blk[s])
                e++;
            for (int p = s; p < e; p++) {
                int i = order[p];
                if (!last && rules->tiebreaks[t] == SWISS_TB_HEAD_TO_HEAD) {
                    int64_t h = 0;
                    for (int k = first[i]; k < first[i] + cnt[i]; k++)
                        for (int q = s; opps[k].won && opps[k].i >= 0 && q < e; q++)
                            h += order[q] == opps[k].i;
                    out[i].tb[t] = h;
                }
                keys[p] = (struct key){last ? -(int64_t)entries[i].order : out[i].tb[t], p, i};
            }
            qsort(keys + s, (size_t)(e - s), sizeof *keys, cmp_key);
            for (int p = s; p < e; p++)
                order[p] = keys[p].i;
            for (int p = s; p < e; p++)
                blk[p] = p > s && keys[p].value == keys[p - 1].value && !last ? blk[p - 1] : p;
            s = e;
        }
    }
    /* places: equal on wins and every tie-break share one (the entries' order only
     * lists them) */
    struct swiss_standing *sorted = calloc((size_t)n + 1, sizeof *sorted);
    if (!sorted) {
        snprintf(err, errlen, "out of memory");
        goto done;
    }
    for (int p = 0; p < n; p++) {
        sorted[p] = out[order[p]];
        int same = p > 0 && sorted[p].wins == sorted[p - 1].wins;
        for (int t = 0; same && t < rules->n_tiebreaks; t++)
            same = sorted[p].tb[t] == sorted[p - 1].tb[t];
        sorted[p].place = same ? sorted[p - 1].place : p + 1;
    }
    memcpy(out, sorted, (size_t)n * sizeof *out);
    free(sorted);
    rc = 0;
done:
    free(ids), free(opps), free(first), free(cnt), free(pd), free(keys), free(order), free(blk);
    return rc;
}

int swiss_players_from(const struct swiss_entry *entries, int n, const struct swiss_match *m,
                       int n_matches, const struct swiss_standing *standings,
                       struct swiss_player *players, int64_t **met_block)
{
    int dup;
    struct idx *ids = index_ids(entries, n, &dup);
    int *cnt = calloc((size_t)n + 1, sizeof *cnt), *at = calloc((size_t)n + 1, sizeof *at);
    *met_block = NULL;
    /* position in the standings of each entry (by the entry's index) */
    for (int p = 0; ids && cnt && at && p < n; p++)
        at[lookup(ids, n, standings[p].id)] = p;
    for (int k = 0; ids && cnt && at && k < n_matches; k++) {
        int a = lookup(ids, n, m[k].a), b = m[k].b ? lookup(ids, n, m[k].b) : -1;
        if (a >= 0 && b >= 0)
            cnt[at[a]]++, cnt[at[b]]++;
    }
    size_t total = 0;
    for (int p = 0; cnt && p < n; p++)
        total += (size_t)cnt[p];
    int64_t *block = ids && cnt && at ? calloc(total + 1, sizeof *block) : NULL;
    if (!block) {
        free(ids), free(cnt), free(at);
        return -1;
    }
    /* cnt[p] becomes where player p's list starts in the block */
    size_t off = 0;
    for (int p = 0; p < n; p++) {
        const struct swiss_standing *s = &standings[p];
        players[p] = (struct swiss_player){.id = s->id,
                                           .rank = p + 1,
                                           .wins = s->wins,
                                           .losses = s->losses,
                                           .byes = s->byes,
                                           .active = !s->withdrawn && !s->out,
                                           .met = block + off};
        size_t c = (size_t)cnt[p];
        cnt[p] = (int)off;
        off += c;
    }
    for (int k = 0; k < n_matches; k++) {
        int a = lookup(ids, n, m[k].a), b = m[k].b ? lookup(ids, n, m[k].b) : -1;
        if (a < 0 || b < 0)
            continue;
        block[cnt[at[a]] + players[at[a]].n_met++] = m[k].b;
        block[cnt[at[b]] + players[at[b]].n_met++] = m[k].a;
    }
    free(ids), free(cnt), free(at);
    *met_block = block;
    return 0;
}
