/* Placings (placings.h): bands from the kinds' stages (PLACE-1), split in the TD's order
 * (PLACE-2). */
#include "tourney/placings.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const key_names[PLACE_MAX_KEYS + 1] = {
    [PLACE_KEY_ROUNDS_WON] = "rounds_won",
    [PLACE_KEY_POINTS_DIFF] = "points_diff",
    [PLACE_KEY_RATING] = "rating",
};

static const char *const reason_names[PLACE_R_COUNT] = {
    "", "not_drawn", "in_play", "won", "lost", "chips", "out", "ties", "standing", "playoff",
};

const char *place_reason_name(enum place_reason r)
{
    return (unsigned)r < PLACE_R_COUNT ? reason_names[r] : "";
}

struct placing *placings_add(struct placings *ps, int64_t entrant)
{
    if (ps->n == ps->cap) {
        int cap = ps->cap ? ps->cap * 2 : 16;
        struct placing *p = realloc(ps->p, (size_t)cap * sizeof *p);
        if (!p)
            return NULL;
        ps->p = p;
        ps->cap = cap;
    }
    struct placing *p = &ps->p[ps->n++];
    memset(p, 0, sizeof *p);
    p->entrant = entrant;
    p->players[0] = entrant;
    return p;
}

struct placing *placings_find(struct placings *ps, int64_t entrant)
{
    for (int i = 0; i < ps->n; i++)
        if (ps->p[i].entrant == entrant)
            return &ps->p[i];
    return NULL;
}

struct placing *placings_of_player(struct placings *ps, int64_t player)
{
    for (int i = 0; player && i < ps->n; i++)
        if (ps->p[i].players[0] == player || ps->p[i].players[1] == player)
            return &ps->p[i];
    return NULL;
}

void placings_free(struct placings *ps)
{
    free(ps->p);
    memset(ps, 0, sizeof *ps);
}

void placings_tally(struct placings *ps, const struct place_match *m, int n)
{
    for (int i = 0; i < n; i++) {
        if (m[i].winner != 0 && m[i].winner != 1)
            continue;
        for (int s = 0; s < 2; s++) {
            struct placing *p = placings_of_player(ps, m[i].player[s]);
            /* a consultation rubber names one player of each team: counted once */
            if (!p)
                continue;
            p->rounds_won += m[i].winner == s;
            p->points_diff += m[i].score[s] - m[i].score[1 - s];
        }
    }
}

/* <0 when a is ahead of b by key k, 0 equal. */
static int key_cmp(const struct placing *a, const struct placing *b, enum place_key k)
{
    switch (k) {
    case PLACE_KEY_ROUNDS_WON:
        return (b->rounds_won > a->rounds_won) - (b->rounds_won < a->rounds_won);
    case PLACE_KEY_POINTS_DIFF:
        return (b->points_diff > a->points_diff) - (b->points_diff < a->points_diff);
    case PLACE_KEY_RATING:
        if (a->has_rating != b->has_rating)
            return a->has_rating ? -1 : 1; /* unrated last */
        return (b->rating > a->rating) - (b->rating < a->rating);
    }
    return 0;
}

/* Within one stage, by the TD's order only: 0 when the order cannot tell them apart. */
static int order_cmp(const struct placing *a, const struct placing *b, const struct place_order *o)
{
    for (int i = 0; o && i < o->n; i++) {
        int c = key_cmp(a, b, o->keys[i]);
        if (c)
            return c;
    }
    return 0;
}

static const struct place_order *sort_order;

static int placing_cmp(const void *x, const void *y)
{
    const struct placing *a = x, *b = y;
    if (a->stage != b->stage)
        return a->stage > b->stage ? -1 : 1;
    int c = order_cmp(a, b, sort_order);
    if (c)
        return c;
    return (a->entrant > b->entrant) - (a->entrant < b->entrant);
}

void placings_order(struct placings *ps, const struct place_order *order)
{
    if (order)
        ps->order = *order;
    sort_order = order; /* qsort has no context; placings are computed under the lock */
    if (ps->n > 1)
        qsort(ps->p, (size_t)ps->n, sizeof *ps->p, placing_cmp);
    sort_order = NULL;
    for (int i = 0; i < ps->n;) {
        int j = i;
        while (j < ps->n && ps->p[j].stage == ps->p[i].stage)
            j++;
        /* the band: i entrants got further, j - i share this stage (unless the kind fixed
         * it) */
        for (int k = i; k < j; k++) {
            struct placing *p = &ps->p[k];
            if (!p->place_from) {
                p->place_from = i + 1;
                p->place_to = j;
            }
            /* the band is sorted by the order: ahead are those before k it tells apart */
            int r = k;
            while (r > i && !order_cmp(&ps->p[r - 1], p, order))
                r--;
            p->rank = p->place_from + (r - i);
        }
        i = j;
    }
}

void placings_ko_why(struct placing *p, int round, int rounds, int won)
{
    char *why = p->why;
    size_t len = sizeof p->why;
    p->reason = won ? PLACE_R_WON : PLACE_R_LOST;
    p->why_n = won ? rounds : round;
    p->why_m = rounds;
    if (won)
        snprintf(why, len, "won the final");
    else if (round >= rounds)
        snprintf(why, len, "lost in the final");
    else if (round == rounds - 1)
        snprintf(why, len, "lost in the semi-finals");
    else if (round == rounds - 2)
        snprintf(why, len, "lost in the quarter-finals");
    else
        snprintf(why, len, "lost in round %d", round);
}

void placings_playoff(struct placings *ps, int64_t winner, int64_t loser)
{
    for (int won = 1; won >= 0; won--) {
        struct placing *p = placings_find(ps, won ? winner : loser);
        if (!p)
            continue;
        p->place_from = p->place_to = won ? 3 : 4;
        p->stage += won; /* ahead of the other semi-final loser (stages are doubled) */
        p->reason = PLACE_R_PLAYOFF;
        p->why_n = won;
        snprintf(p->why, sizeof p->why, "%s the play-off for 3rd", won ? "won" : "lost");
    }
}

const char *place_key_name(enum place_key k)
{
    return (unsigned)k <= PLACE_MAX_KEYS && key_names[k] ? key_names[k] : "";
}

void placing_band(const struct placing *p, char *buf, size_t len)
{
    if (p->place_from == p->place_to)
        snprintf(buf, len, "%d", p->place_from);
    else
        snprintf(buf, len, "%d-%d", p->place_from, p->place_to);
}

int place_order_parse(const char *text, struct place_order *o, char *err, size_t errlen)
{
    memset(o, 0, sizeof *o);
    const char *s = text ? text : "";
    while (*s) {
        size_t l = strcspn(s, ",");
        int k = 0;
        for (int i = 1; i <= PLACE_MAX_KEYS; i++)
            if (strlen(key_names[i]) == l && !strncmp(key_names[i], s, l))
                k = i;
        if (!k) {
            snprintf(err, errlen, "\"%.*s\" is no order: rounds_won, points_diff or rating",
                     (int)(l > 40 ? 40 : l), s);
            return -1;
        }
        for (int i = 0; i < o->n; i++)
            if (o->keys[i] == (enum place_key)k) {
                snprintf(err, errlen, "%s is named twice", key_names[k]);
                return -1;
            }
        o->keys[o->n++] = (enum place_key)k;
        s += l;
        if (*s == ',')
            s++;
    }
    return 0;
}

void place_order_text(const struct place_order *o, char *buf, size_t len)
{
    size_t at = 0;
    buf[0] = 0;
    for (int i = 0; i < o->n && at < len; i++)
        at += (size_t)snprintf(buf + at, len - at, "%s%s", i ? "," : "", place_key_name(o->keys[i]));
}
