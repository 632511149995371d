/* RAT-1: the FIBS rating formula and the book of rated matches. */
#include "tourney/ratings.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void rat_settings_default(struct rat_settings *s)
{
    memset(s, 0, sizeof *s);
    s->start_rating = 1500;
    s->exclude = RAT_X_DEFAULT;
}

unsigned rat_kind(enum match_end ended, int length, int reached)
{
    unsigned k = length == 1 ? RAT_X_ONE_POINT : 0;
    switch (ended) {
    case ME_BYE:
        return k | RAT_X_BYE;
    case ME_WALKOVER:
        return k | RAT_X_WALKOVER;
    case ME_LATENESS:
    case ME_DISQUALIFIED:
    case ME_WITHDRAWN:
        return k | RAT_X_FORFEIT;
    case ME_CONCEDED:
        return k | RAT_X_CONCEDED;
    case ME_TIME:
        return k | RAT_X_TIME;
    case ME_RULING:
        return reached ? k : k | RAT_X_UNFINISHED;
    case ME_NONE:
    case ME_PLAYED:
        break;
    }
    return k;
}

double rat_underdog_p(double r1, double r2, int n)
{
    return 1.0 / (pow(10.0, fabs(r1 - r2) * sqrt((double)n) / 2000.0) + 1.0);
}

double rat_k(const struct rat_settings *s, int64_t experience, int n)
{
    double x = (double)experience + (s->count_this_match ? n : 0);
    double k = 5.0 - x / 100.0;
    return k > 1.0 ? k : 1.0;
}

/* The chance the winner had of losing: the underdog's when the favourite won, the
 * favourite's when the underdog did (equal ratings: one half either way). */
static double loss_p(double r_winner, double r_loser, int n)
{
    double pu = rat_underdog_p(r_winner, r_loser, n);
    return r_winner < r_loser ? 1.0 - pu : pu;
}

void rat_fibs(const struct rat_settings *s, double r_winner, int64_t x_winner, double r_loser,
              int64_t x_loser, int n, double *gain, double *loss)
{
    double p = loss_p(r_winner, r_loser, n), sn = sqrt((double)n);
    *gain = 4.0 * rat_k(s, x_winner, n) * sn * p;
    *loss = 4.0 * rat_k(s, x_loser, n) * sn * p;
}

/* ---- a map of ids (open addressing, linear probing; id 0 is no key) ---- */

struct idmap {
    int64_t *keys;
    size_t *vals;
    size_t cap, n;
};

static size_t slot_of(const struct idmap *m, int64_t key)
{
    uint64_t h = (uint64_t)key * 0x9E3779B97F4A7C15ULL;
    size_t i = (size_t)(h >> 17) & (m->cap - 1);
    while (m->keys[i] && m->keys[i] != key)
        i = (i + 1) & (m->cap - 1);
    return i;
}

/* The value of key, or (size_t)-1. */
static size_t idmap_get(const struct idmap *m, int64_t key)
{
    if (!m->cap)
        return (size_t)-1;
    size_t i = slot_of(m, key);
    return m->keys[i] ? m->vals[i] : (size_t)-1;
}

static int idmap_put(struct idmap *m, int64_t key, size_t val)
{
    if ((m->n + 1) * 2 > m->cap) {
        struct idmap g = {.cap = m->cap ? m->cap * 2 : 64};
        g.keys = calloc(g.cap, sizeof *g.keys);
        g.vals = malloc(g.cap * sizeof *g.vals);
        if (!g.keys || !g.vals) {
            free(g.keys), free(g.vals);
            return -1;
        }
        for (size_t i = 0; i < m->cap; i++)
            if (m->keys[i]) {
                size_t j = slot_of(&g, m->keys[i]);
                g.keys[j] = m->keys[i], g.vals[j] = m->vals[i], g.n++;
            }
        free(m->keys), free(m->vals);
        *m = g;
    }
    size_t i = slot_of(m, key);
    if (!m->keys[i])
        m->n++;
    m->keys[i] = key;
    m->vals[i] = val;
    return 0;
}

static void idmap_clear(struct idmap *m)
{
    if (m->cap)
        memset(m->keys, 0, m->cap * sizeof *m->keys);
    m->n = 0;
}

static void idmap_free(struct idmap *m)
{
    free(m->keys), free(m->vals);
    memset(m, 0, sizeof *m);
}

/* ---- the book ---- */

/* A player's values after the matches applied so far (before the first match: the
 * starting values, which rewind_to brings back from the first match's record). */
struct pstate {
    double rating;
    int64_t exp;
    int matches;
};

struct entry {
    struct rat_match m;
    struct rat_change c;
};

struct rat_book {
    struct rat_settings s;
    struct pstate *ps; /* the players, by the index of pmap */
    size_t n_ps, cap_ps;
    struct idmap pmap;
    struct entry *e; /* the matches in order */
    size_t n, cap;
    struct idmap mmap; /* match id -> position in e */
};

/* The index of player id, made with the starting values when new; (size_t)-1 on memory. */
static size_t player(struct rat_book *b, int64_t id)
{
    size_t k = idmap_get(&b->pmap, id);
    if (k != (size_t)-1)
        return k;
    if (b->n_ps == b->cap_ps) {
        size_t cap = b->cap_ps ? b->cap_ps * 2 : 64;
        struct pstate *p = realloc(b->ps, cap * sizeof *p);
        if (!p)
            return (size_t)-1;
        b->ps = p, b->cap_ps = cap;
    }
    if (idmap_put(&b->pmap, id, b->n_ps))
        return (size_t)-1;
    b->ps[b->n_ps] = (struct pstate){.rating = b->s.start_rating};
    return b->n_ps++;
}

struct rat_book *rat_book_new(const struct rat_settings *s, const struct rat_player *players,
                              size_t n)
{
    struct rat_book *b = calloc(1, sizeof *b);
    if (!b)
        return NULL;
    b->s = *s;
    for (size_t i = 0; i < n; i++)
        if (players[i].id && rat_book_set_player(b, &players[i])) {
            rat_book_free(b);
            return NULL;
        }
    return b;
}

void rat_book_free(struct rat_book *b)
{
    if (!b)
        return;
    idmap_free(&b->pmap);
    idmap_free(&b->mmap);
    free(b->ps);
    free(b->e);
    free(b);
}

static int bad(char *err, size_t errlen, const struct rat_match *m, const char *why)
{
    snprintf(err, errlen, "match %lld: %s", (long long)m->id, why);
    return -1;
}

static int check_match(const struct rat_match *m, char *err, size_t errlen)
{
    if (!m->id)
        return bad(err, errlen, m, "no id");
    if (m->length < 1)
        return bad(err, errlen, m, "a length under 1");
    if (m->winner != 0 && m->winner != 1)
        return bad(err, errlen, m, "a winner that is not side 0 or 1");
    for (int s = 0; s < 2; s++) {
        if (!m->player[s][0] && m->player[s][1])
            return bad(err, errlen, m, "a pair's second member without a first");
        if (!m->player[s][0] && !(m->kind & RAT_X_BYE))
            return bad(err, errlen, m, "a side without a player in a match that is no bye");
    }
    const int64_t *p = &m->player[0][0];
    for (int i = 0; i < 4; i++)
        for (int j = i + 1; j < 4; j++)
            if (p[i] && p[i] == p[j])
                return bad(err, errlen, m, "a player twice");
    return 0;
}

/* Each player of the match known to the book (so that nothing fails midway later). */
static int know_players(struct rat_book *b, const struct rat_match *m)
{
    for (int s = 0; s < 2; s++)
        for (int k = 0; k < 2; k++)
            if (m->player[s][k] && player(b, m->player[s][k]) == (size_t)-1)
                return -1;
    return 0;
}

static int before(const struct rat_match *a, const struct rat_match *b)
{
    return a->order < b->order || (a->order == b->order && a->id < b->id);
}

/* The match at e[i] computed from the players' states now, which it then moves on. */
static void apply(struct rat_book *b, struct entry *e)
{
    const struct rat_match *m = &e->m;
    struct rat_change *c = &e->c;
    memset(c, 0, sizeof *c);
    struct pstate *p[2][2] = {{NULL}};
    double side[2] = {0, 0};
    for (int s = 0; s < 2; s++) {
        int members = 0;
        for (int k = 0; k < 2; k++)
            if (m->player[s][k]) {
                /* known: rat_book_decide and rat_book_load made them before */
                p[s][k] = &b->ps[idmap_get(&b->pmap, m->player[s][k])];
                c->before[s][k] = p[s][k]->rating;
                c->exp_before[s][k] = p[s][k]->exp;
                side[s] += p[s][k]->rating;
                members++;
            }
        if (members)
            side[s] /= members;
    }
    c->rated = !(m->kind & b->s.exclude) && p[0][0] && p[1][0];
    if (!c->rated)
        return;
    int w = m->winner, n = m->length;
    double prob = loss_p(side[w], side[1 - w], n), sn = sqrt((double)n);
    for (int s = 0; s < 2; s++)
        for (int k = 0; k < 2; k++)
            if (p[s][k]) {
                double d = 4.0 * rat_k(&b->s, p[s][k]->exp, n) * sn * prob;
                c->delta[s][k] = s == w ? d : -d;
                p[s][k]->rating += c->delta[s][k];
                p[s][k]->exp += n;
                p[s][k]->matches++;
            }
}

/* The players put back as they were before e[from] (the later matches read backwards, each
 * player's values before each). */
static void rewind_to(struct rat_book *b, size_t from)
{
    for (size_t j = b->n; j-- > from;) {
        const struct entry *e = &b->e[j];
        for (int s = 0; s < 2; s++)
            for (int k = 0; k < 2; k++)
                if (e->m.player[s][k]) {
                    struct pstate *p = &b->ps[idmap_get(&b->pmap, e->m.player[s][k])];
                    p->rating = e->c.before[s][k];
                    p->exp = e->c.exp_before[s][k];
                    p->matches -= e->c.rated;
                }
    }
}

static void forward_from(struct rat_book *b, size_t from)
{
    for (size_t j = from; j < b->n; j++)
        apply(b, &b->e[j]);
}

static int reindex(struct rat_book *b, size_t from)
{
    for (size_t j = from; j < b->n; j++)
        if (idmap_put(&b->mmap, b->e[j].m.id, j))
            return -1;
    return 0;
}

static int reserve(struct rat_book *b, size_t n)
{
    if (n <= b->cap)
        return 0;
    size_t cap = b->cap ? b->cap : 256;
    while (cap < n)
        cap *= 2;
    struct entry *e = realloc(b->e, cap * sizeof *e);
    if (!e)
        return -1;
    b->e = e, b->cap = cap;
    return 0;
}

int rat_book_decide(struct rat_book *b, const struct rat_match *m, char *err, size_t errlen)
{
    if (check_match(m, err, errlen))
        return -1;
    size_t i = idmap_get(&b->mmap, m->id);
    /* all that may fail first (the players made, room for one more): nothing changed then */
    if (know_players(b, m) || reserve(b, b->n + 1) ||
        (i == (size_t)-1 && idmap_put(&b->mmap, m->id, b->n))) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    if (i != (size_t)-1) { /* a correction, where it stands */
        rewind_to(b, i);
        int64_t order = b->e[i].m.order;
        b->e[i].m = *m;
        b->e[i].m.order = order;
    } else { /* a new decision, in its place (the end, unless it came late) */
        i = b->n;
        while (i > 0 && before(m, &b->e[i - 1].m))
            i--;
        rewind_to(b, i);
        memmove(&b->e[i + 1], &b->e[i], (b->n - i) * sizeof *b->e);
        b->e[i].m = *m;
        b->n++;
        if (i + 1 < b->n)
            reindex(b, i); /* only keys the map holds: no growth, no failure */
    }
    forward_from(b, i);
    return 0;
}

int rat_book_undo(struct rat_book *b, int64_t match_id)
{
    size_t i = idmap_get(&b->mmap, match_id);
    if (i == (size_t)-1)
        return -1;
    rewind_to(b, i);
    memmove(&b->e[i], &b->e[i + 1], (b->n - i - 1) * sizeof *b->e);
    b->n--;
    /* the map rebuilt without it: positions moved */
    idmap_clear(&b->mmap);
    reindex(b, 0);
    forward_from(b, i);
    return 0;
}

int rat_book_set_player(struct rat_book *b, const struct rat_player *p)
{
    size_t k = player(b, p->id);
    if (k == (size_t)-1)
        return -1;
    size_t first = 0;
    while (first < b->n) {
        const struct rat_match *m = &b->e[first].m;
        if (m->player[0][0] == p->id || m->player[0][1] == p->id || m->player[1][0] == p->id ||
            m->player[1][1] == p->id)
            break;
        first++;
    }
    rewind_to(b, first);
    struct pstate *st = &b->ps[k];
    st->rating = p->rating;
    st->exp = p->experience;
    forward_from(b, first);
    return 0;
}

static int cmp_match(const void *x, const void *y)
{
    const struct rat_match *a = x, *b = y;
    return before(a, b) ? -1 : before(b, a) ? 1 : 0;
}

int rat_book_load(struct rat_book *b, const struct rat_match *list, size_t n, char *err,
                  size_t errlen)
{
    for (size_t i = 0; i < n; i++)
        if (check_match(&list[i], err, errlen))
            return -1;
    struct rat_match *sorted = malloc((n ? n : 1) * sizeof *sorted);
    if (!sorted) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    if (n) /* list may be NULL when empty: memcpy may not be given one */
        memcpy(sorted, list, n * sizeof *sorted);
    qsort(sorted, n, sizeof *sorted, cmp_match);
    for (size_t i = 1; i < n; i++)
        if (sorted[i].id == sorted[i - 1].id) {
            free(sorted);
            return bad(err, errlen, &list[i], "twice in the list");
        }
    int rc = -1;
    for (size_t i = 0; i < n; i++)
        if (know_players(b, &sorted[i]))
            goto out;
    if (reserve(b, n))
        goto out;
    /* every player back to the starting values, then the list, once */
    rewind_to(b, 0);
    idmap_clear(&b->mmap);
    for (size_t i = 0; i < n; i++)
        b->e[i].m = sorted[i];
    b->n = n;
    if (reindex(b, 0))
        goto out;
    forward_from(b, 0);
    rc = 0;
out:
    if (rc)
        snprintf(err, errlen, "out of memory");
    free(sorted);
    return rc;
}

size_t rat_book_count(const struct rat_book *b)
{
    return b->n;
}

int rat_book_at(const struct rat_book *b, size_t i, struct rat_match *m, struct rat_change *c)
{
    if (i >= b->n)
        return -1;
    if (m)
        *m = b->e[i].m;
    if (c)
        *c = b->e[i].c;
    return 0;
}

long rat_book_index(const struct rat_book *b, int64_t match_id)
{
    size_t i = idmap_get(&b->mmap, match_id);
    return i == (size_t)-1 ? -1 : (long)i;
}

int rat_book_change(const struct rat_book *b, int64_t match_id, struct rat_change *c)
{
    size_t i = idmap_get(&b->mmap, match_id);
    if (i == (size_t)-1)
        return -1;
    *c = b->e[i].c;
    return 0;
}

void rat_book_standing(const struct rat_book *b, int64_t player_id, struct rat_standing *st)
{
    size_t k = idmap_get(&b->pmap, player_id);
    if (k == (size_t)-1) {
        *st = (struct rat_standing){.rating = b->s.start_rating};
    } else {
        const struct pstate *p = &b->ps[k];
        *st =
            (struct rat_standing){.rating = p->rating, .experience = p->exp, .matches = p->matches};
    }
    st->provisional = st->experience < b->s.provisional_below;
}
