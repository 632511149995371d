/* Swing: stakes, transfers, pairings, ledger replay and standings. */
#include "tourney/swing.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int swing_check_settings(const struct swing_settings *s, char *err, size_t errlen)
{
    if (s->start_chips <= 0) {
        snprintf(err, errlen, "start_chips must be positive (SWING-1)");
        return -1;
    }
    if (s->n_schedule < 0 || s->n_schedule > SWING_MAX_SCHEDULE) {
        snprintf(err, errlen, "the CPP schedule has 1 to %d rounds", SWING_MAX_SCHEDULE);
        return -1;
    }
    if (s->n_schedule == 0 && s->cpp_start <= 0) {
        snprintf(err, errlen, "cpp must be positive: a stake of zero or less plays for nothing");
        return -1;
    }
    for (int i = 0; i < s->n_schedule; i++) {
        if (s->schedule[i] <= 0) {
            snprintf(err, errlen, "cpp of round %d must be positive", i + 1);
            return -1;
        }
        if (i > 0 && s->schedule[i] < s->schedule[i - 1] && !s->allow_decrease) {
            snprintf(err, errlen,
                     "cpp of round %d (%lld) is lower than round %d's (%lld): the CPP rises "
                     "(SWING-5) unless allow_decrease is set",
                     i + 1, (long long)s->schedule[i], i, (long long)s->schedule[i - 1]);
            return -1;
        }
    }
    if (s->n_schedule == 0 && (s->growth_percent < 0 || s->growth_add < 0) && !s->allow_decrease) {
        snprintf(err, errlen, "a negative growth lowers the CPP: set allow_decrease to mean it");
        return -1;
    }
    if (s->growth_percent < -99 || s->growth_percent > 1000) {
        snprintf(err, errlen, "growth_percent must be -99 to 1000");
        return -1;
    }
    if (s->allin != SWING_ALLIN_SHORT_STACK && s->allin != SWING_ALLIN_CPP) {
        snprintf(err, errlen, "unknown all-in rule");
        return -1;
    }
    return 0;
}

int64_t swing_cpp(const struct swing_settings *s, int round)
{
    if (round < 1)
        round = 1;
    if (s->n_schedule > 0)
        return s->schedule[(round <= s->n_schedule ? round : s->n_schedule) - 1];
    int64_t c = s->cpp_start;
    for (int r = 2; r <= round; r++) {
        int64_t next = c * (100 + s->growth_percent) / 100 + s->growth_add;
        if ((s->growth_percent > 0 || s->growth_add > 0) && next <= c)
            next = c + 1;
        if (next < 1)
            next = 1;
        if (next > (int64_t)1 << 50)
            next = (int64_t)1 << 50; /* far beyond any pool; keeps products in range */
        c = next;
    }
    return c;
}

int64_t swing_transfer(const struct swing_settings *s, int64_t cpp, int64_t points,
                       int64_t winner_chips, int64_t loser_chips)
{
    if (points <= 0 || loser_chips <= 0 || cpp <= 0)
        return 0;
    int64_t stake = cpp;
    if (s->allin == SWING_ALLIN_SHORT_STACK) {
        int64_t smaller = winner_chips < loser_chips ? winner_chips : loser_chips;
        if (smaller < stake)
            stake = smaller;
    }
    if (stake <= 0)
        return 0;
    /* points are at most 3 x 2^k; cap before multiplying so nothing overflows */
    if (points > loser_chips / stake + 1)
        return loser_chips;
    int64_t t = points * stake;
    return t < loser_chips ? t : loser_chips;
}

static int same_pair(int64_t a, int64_t b, const int64_t (*prev)[2], int n_prev)
{
    for (int i = 0; i < n_prev; i++)
        if ((prev[i][0] == a && prev[i][1] == b) || (prev[i][0] == b && prev[i][1] == a))
            return 1;
    return 0;
}

static int repeats(const int64_t *order, int n, const int64_t (*prev)[2], int n_prev)
{
    int r = 0;
    for (int i = 0; i + 1 < n; i += 2)
        r += same_pair(order[i], order[i + 1], prev, n_prev);
    return r;
}

/* Whether the players order[0..m) can all be paired with nobody meeting a previous
 * opponent: a depth-first search that pairs the first unpaired player with each fresh
 * partner in turn. When found, order is rearranged into such a pairing (neighbours).
 * The previous round's pairs are a matching, so the search succeeds at once except with
 * two players; *budget bounds it for any other input (spent: answer "not found"). */
static int fresh_pairing(int64_t *order, int m, const int64_t (*prev)[2], int n_prev, long *budget)
{
    if (m == 0)
        return 1;
    if (--*budget < 0)
        return 0;
    for (int j = 1; j < m; j++) {
        if (same_pair(order[0], order[j], prev, n_prev))
            continue;
        int64_t t = order[1];
        order[1] = order[j];
        order[j] = t;
        if (fresh_pairing(order + 2, m - 2, prev, n_prev, budget))
            return 1;
        order[j] = order[1];
        order[1] = t;
    }
    return 0;
}

/* Whether the players other than `sitter` can be paired without a repeat. */
static int fresh_without(const int64_t *players, int n, int64_t sitter, int64_t *scratch,
                         const int64_t (*prev)[2], int n_prev)
{
    int m = 0;
    for (int i = 0; i < n; i++)
        if (players[i] != sitter)
            scratch[m++] = players[i];
    long budget = 100000;
    return fresh_pairing(scratch, m, prev, n_prev, &budget);
}

int swing_pair(const int64_t *players, const int *sat_out, int n, int64_t last_sitter,
               const int64_t (*prev_pairs)[2], int n_prev, struct swing_rng rng,
               int64_t (*pairs)[2], int64_t *sitter)
{
    *sitter = 0;
    if (n < 2)
        return 0;
    int64_t *order = malloc((size_t)n * sizeof *order);
    char *ok = calloc((size_t)n, 1);
    if (!order || !ok) {
        free(order);
        free(ok);
        return -1;
    }
    int m = 0;
    if (n % 2) {
        /* The sitter, by rules in this order of precedence (SWING-6):
         * 1. never last round's sitter when someone else can sit;
         * 2. among those, one whose sitting leaves a pairing with no repeat of the
         *    previous round, when any does;
         * 3. among those, the ones who sat out least, drawn by lot. */
        int allowed = 0, fresh = 0;
        for (int i = 0; i < n; i++)
            allowed += players[i] != last_sitter;
        for (int i = 0; i < n; i++) {
            ok[i] = players[i] != last_sitter || !allowed;
            /* ok[i] == 2: i may sit, and sitting leaves a pairing with no repeat */
            if (ok[i] && n_prev && fresh_without(players, n, players[i], order, prev_pairs, n_prev))
                ok[i] = 2;
            fresh += ok[i] == 2;
        }
        int want = fresh ? 2 : 1;
        int least = -1;
        for (int i = 0; i < n; i++)
            if (ok[i] >= want && (least < 0 || sat_out[i] < least))
                least = sat_out[i];
        int cands = 0;
        for (int i = 0; i < n; i++)
            cands += ok[i] >= want && sat_out[i] == least;
        int pick = cands ? (int)rng.below(rng.ctx, (uint32_t)cands) : 0;
        for (int i = 0; i < n; i++) {
            if (ok[i] >= want && sat_out[i] == least && pick-- == 0) {
                *sitter = players[i];
                break;
            }
        }
        if (!*sitter) /* only possible with one player, excluded above */
            *sitter = players[0];
    }
    free(ok);
    for (int i = 0; i < n; i++)
        if (players[i] != *sitter)
            order[m++] = players[i];
    /* A random order pairs neighbours; swaps between pairs then remove repeats of the
     * previous round where a swap can (a greedy repair: each swap fixes one repeat and
     * creates none). */
    for (int i = m - 1; i > 0; i--) {
        int j = (int)rng.below(rng.ctx, (uint32_t)(i + 1));
        int64_t t = order[i];
        order[i] = order[j];
        order[j] = t;
    }
    for (int pass = 0; pass < 4 && repeats(order, m, prev_pairs, n_prev); pass++) {
        for (int i = 0; i + 1 < m; i += 2) {
            if (!same_pair(order[i], order[i + 1], prev_pairs, n_prev))
                continue;
            for (int j = 0; j + 1 < m; j += 2) {
                if (j == i)
                    continue;
                /* swap order[i+1] with order[j+1] if both new pairs are fresh */
                if (!same_pair(order[i], order[j + 1], prev_pairs, n_prev) &&
                    !same_pair(order[j], order[i + 1], prev_pairs, n_prev)) {
                    int64_t t = order[i + 1];
                    order[i + 1] = order[j + 1];
                    order[j + 1] = t;
                    break;
                }
            }
        }
    }
    /* previous pairs that are not a matching can defeat the swaps: search from the drawn
     * order for a pairing without repeats (it keeps the draw where it can) */
    if (repeats(order, m, prev_pairs, n_prev)) {
        int64_t *alt = malloc((size_t)(m ? m : 1) * sizeof *alt);
        long budget = 100000;
        if (alt) {
            memcpy(alt, order, (size_t)m * sizeof *alt);
            if (fresh_pairing(alt, m, prev_pairs, n_prev, &budget))
                memcpy(order, alt, (size_t)m * sizeof *alt);
            free(alt);
        }
    }
    for (int i = 0; i + 1 < m; i += 2) {
        pairs[i / 2][0] = order[i];
        pairs[i / 2][1] = order[i + 1];
    }
    int rep = repeats(order, m, prev_pairs, n_prev);
    free(order);
    return rep;
}

static int index_of(const int64_t *ids, int n, int64_t id)
{
    for (int i = 0; i < n; i++)
        if (ids[i] == id)
            return i;
    return -1;
}

int swing_replay(const struct swing_settings *s, const int64_t *ids, int n,
                 const struct swing_game *games, int n_games, struct swing_standing *out,
                 int64_t *transfers, int *bad, int *n_bad)
{
    *n_bad = 0;
    int64_t *round_start = calloc((size_t)n, sizeof *round_start);
    if (!round_start)
        return -1;
    for (int i = 0; i < n; i++) {
        out[i].id = ids[i];
        out[i].chips = s->start_chips;
        out[i].out_round = 0;
        out[i].chips_at_out_round_start = 0;
        out[i].last_round_change = 0;
    }
    int current_round = 0, last_round = 0;
    for (int g = 0; g < n_games; g++)
        if (games[g].round > last_round)
            last_round = games[g].round;
    int rc = 0;
    for (int g = 0; g < n_games; g++) {
        const struct swing_game *gm = &games[g];
        if (gm->round != current_round) {
            /* stakes depend on the stacks at the start of the round's games */
            for (int i = 0; i < n; i++)
                round_start[i] = out[i].chips;
            current_round = gm->round;
        }
        transfers[g] = 0;
        if (!gm->winner && !gm->loser)
            continue;
        int w = index_of(ids, n, gm->winner), l = index_of(ids, n, gm->loser);
        if (w < 0 || l < 0 || w == l) {
            rc = -1;
            break;
        }
        if (round_start[w] <= 0 || round_start[l] <= 0) {
            bad[(*n_bad)++] = g;
            continue;
        }
        int64_t t =
            swing_transfer(s, swing_cpp(s, gm->round), gm->points, round_start[w], round_start[l]);
        out[w].chips += t;
        out[l].chips -= t;
        transfers[g] = t;
        if (gm->round == last_round) {
            out[w].last_round_change += t;
            out[l].last_round_change -= t;
        }
        if (out[l].chips == 0) {
            out[l].out_round = gm->round;
            out[l].chips_at_out_round_start = round_start[l];
        }
    }
    free(round_start);
    /* conservation: what the ledger moves, it moves between players */
    int64_t total = 0;
    for (int i = 0; i < n; i++)
        total += out[i].chips;
    if (rc == 0 && total != s->start_chips * n)
        rc = -1;
    return rc;
}

static int better(const struct swing_standing *a, const struct swing_standing *b)
{
    if (a->chips != b->chips)
        return a->chips > b->chips ? -1 : 1;
    int ar = a->out_round ? a->out_round : 1 << 30, br = b->out_round ? b->out_round : 1 << 30;
    if (ar != br)
        return ar > br ? -1 : 1;
    if (a->chips_at_out_round_start != b->chips_at_out_round_start)
        return a->chips_at_out_round_start > b->chips_at_out_round_start ? -1 : 1;
    return 0;
}

static int cmp(const void *x, const void *y)
{
    int c = better(x, y);
    if (c)
        return c;
    const struct swing_standing *a = x, *b = y;
    return a->id < b->id ? -1 : a->id > b->id; /* a stable order for equal places */
}

void swing_standings(struct swing_standing *st, int n, int *rank)
{
    qsort(st, (size_t)n, sizeof *st, cmp);
    for (int i = 0; i < n; i++)
        rank[i] = i > 0 && better(&st[i - 1], &st[i]) == 0 ? rank[i - 1] : i + 1;
}

int64_t swing_champion(const struct swing_standing *st, int n)
{
    int64_t total = 0, top = 0, id = 0;
    for (int i = 0; i < n; i++) {
        total += st[i].chips;
        if (st[i].chips > top) {
            top = st[i].chips;
            id = st[i].id;
        }
    }
    return total > 0 && top == total ? id : 0;
}

/* ---- the ledger's why ---- */

struct text {
    char *buf;
    size_t len, used;
};

static void add(struct text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void add(struct text *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    size_t room = t->used < t->len ? t->len - t->used : 0;
    int n = vsnprintf(room ? t->buf + t->used : NULL, room, fmt, ap);
    va_end(ap);
    if (n > 0)
        t->used += (size_t)n;
}

static const char *plural(int64_t n)
{
    return n == 1 ? "" : "s";
}

int swing_why_text(const struct swing_settings *s, const struct swing_why *w, char *buf, size_t len)
{
    struct text t = {buf, len, 0};
    if (len)
        buf[0] = '\0';
    add(&t, "Round %d, match %lld: ", w->round, (long long)w->match_id);
    static const char *const kinds[] = {"single", "gammon", "backgammon"};
    static const char *const games[] = {"a single game", "a gammon", "a backgammon"};
    if (!w->result) {
        const char *d = w->decided ? w->decided : "forfeit";
        if (!strcmp(d, "score"))
            add(&t, "%s beat %s", w->winner, w->loser);
        else if (!strcmp(d, "withdrawal"))
            add(&t, "%s withdrew, %s wins", w->loser, w->winner);
        else if (!strcmp(d, "disqualification"))
            add(&t, "%s was disqualified, %s wins", w->loser, w->winner);
        else
            add(&t, "%s wins by forfeit", w->winner);
        if (strcmp(d, "score"))
            add(&t, " (decided without play: a single game at cube 1)");
    } else if (!strcmp(w->result, "drop")) {
        add(&t, "%s dropped %s's double with the cube at %d", w->loser, w->winner, w->cube);
    } else if (!strcmp(w->result, "resign")) {
        int lv = w->level >= 1 && w->level <= 3 ? w->level : 1;
        add(&t, "%s resigned %s (x%d) to %s with the cube at %d", w->loser, games[lv - 1], lv,
            w->winner, w->cube);
    } else {
        int k = 0;
        for (int i = 0; i < 3; i++)
            if (!strcmp(w->result, kinds[i]))
                k = i;
        add(&t, "%s beat %s by %s (x%d) with the cube at %d", w->winner, w->loser, games[k], k + 1,
            w->cube);
    }
    /* the stake per point, as swing_transfer takes it */
    int64_t stake = w->cpp;
    int64_t smaller = w->winner_chips < w->loser_chips ? w->winner_chips : w->loser_chips;
    const char *short_name = w->winner_chips < w->loser_chips ? w->winner : w->loser;
    int allin = s->allin == SWING_ALLIN_SHORT_STACK && smaller < stake;
    if (allin)
        stake = smaller;
    add(&t, ": %lld point%s x %lld chips per point", (long long)w->points, plural(w->points),
        (long long)stake);
    if (allin)
        add(&t, " (all-in, SWING-4: %s held %lld chip%s, less than the round's CPP of %lld)",
            short_name, (long long)smaller, plural(smaller), (long long)w->cpp);
    else
        add(&t, " (the round's CPP, SWING-3)");
    int64_t nominal = stake > 0 && w->points <= INT64_MAX / stake ? w->points * stake : -1;
    if (nominal == w->chips)
        add(&t, " = %lld chip%s from %s to %s", (long long)w->chips, plural(w->chips), w->loser,
            w->winner);
    else
        add(&t,
            " = %s%lld, capped at the %lld chip%s %s held (all-in, SWING-4: nobody pays "
            "more than they hold): %lld chip%s from %s to %s",
            nominal < 0 ? "more than " : "", (long long)(nominal < 0 ? w->loser_chips : nominal),
            (long long)w->loser_chips, plural(w->loser_chips), w->loser, (long long)w->chips,
            plural(w->chips), w->loser, w->winner);
    if (w->by == 2)
        add(&t, "; as corrected by the TD");
    else if (w->by == 1 && w->result)
        add(&t, "; the TD's verdict");
    else if (w->result)
        add(&t, "; as the players reported");
    add(&t, ".");
    return (int)t.used;
}
