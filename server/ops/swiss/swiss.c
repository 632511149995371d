/* A Swiss event's state (SWISS-1, SWISS-2): its entries (a late entry's starting wins, a
 * withdrawal), rounds (the byes) and decided matches put into the engine's terms
 * (tourney/swiss.h), the standings computed from them, never stored: a decided or
 * corrected match moves them by being what they are computed from. */
#include "ops/swiss/swiss.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ops/ratings/ratings.h"
#include "ops/records/event.h"

void op_swiss_state_free(struct swiss_state *x)
{
    free(x->entries);
    free(x->names);
    free(x->joined);
    free(x->seed);
    free(x->players);
    db_swiss_rounds_free(x->rounds, x->n_rounds);
    free(x->matches);
    free(x->sm);
    free(x->st);
    memset(x, 0, sizeof *x);
}

int op_swiss_entry_index(const struct swiss_state *x, int64_t id)
{
    for (int i = 0; i < x->n; i++)
        if (x->entries[i].id == id)
            return i;
    return -1;
}

const char *op_swiss_name(const struct swiss_state *x, int64_t id)
{
    int i = op_swiss_entry_index(x, id);
    return i >= 0 && x->names[i] ? x->names[i] : "?";
}

/* A decided match whose loser left the event rather than lost at the board (SWISS-1: a
 * withdrawal during a round is a walkover; KO-8's withdrawal and disqualification the
 * same for a Swiss). */
static int left_event(const struct match *m)
{
    return m->ended == ME_WALKOVER || m->ended == ME_WITHDRAWN || m->ended == ME_DISQUALIFIED;
}

/* The entries' rating or seed order: the rated first, higher first, then as entered. The
 * rating is RAT-1's seeding reading (op_rating_seed: at entry, or live when the tournament
 * says), the one the knockout's seeded draw reads. */
struct order_ctx {
    const int *rated;
    const double *rating;
};
static int by_rating(const void *pa, const void *pb, void *arg)
{
    const struct order_ctx *c = arg;
    int a = *(const int *)pa, b = *(const int *)pb;
    if (c->rated[a] != c->rated[b])
        return c->rated[b] - c->rated[a];
    if (c->rated[a] && c->rating[a] != c->rating[b])
        return c->rating[a] < c->rating[b] ? 1 : -1;
    return a - b;
}

int op_swiss_state_load(struct db *db, const struct event *e, const struct match *fresh, int upto,
                        struct swiss_state *x)
{
    memset(x, 0, sizeof *x);
    if (e->kind != EK_SWISS)
        return CW_EINVAL;
    x->s = e->settings.swiss;
    x->rules.n_tiebreaks = x->s.n_tiebreaks;
    for (int i = 0; i < x->s.n_tiebreaks; i++)
        x->rules.tiebreaks[i] = (enum swiss_tiebreak)x->s.tiebreaks[i];
    x->rules.bye_counts = (enum swiss_bye_counts)x->s.bye_counts;
    x->rules.walkover_counts = (enum swiss_walkover_counts)x->s.walkover_counts;
    x->rules.lives = x->s.lives;
    int64_t *ids = NULL;
    struct swiss_entry_row *rows = NULL;
    int n_rows = 0;
    int rc = db_entries(db, e->id, &ids, &x->n);
    if (rc == CW_OK)
        rc = db_player_list(db, e->tournament_id, &x->players, &x->n_players);
    if (rc == CW_OK)
        rc = db_swiss_entries(db, e->id, &rows, &n_rows);
    if (rc == CW_OK)
        rc = db_swiss_rounds(db, e->id, &x->rounds, &x->n_rounds);
    if (rc == CW_OK)
        rc = db_event_matches(db, e->id, 0, &x->matches, &x->n_matches);
    size_t n1 = (size_t)x->n + 1;
    int *pi = calloc(n1, sizeof *pi), *order = calloc(n1, sizeof *order);
    int *rated = calloc(n1, sizeof *rated);
    double *rating = calloc(n1, sizeof *rating);
    x->seed = calloc(n1, sizeof *x->seed);
    x->entries = calloc(n1, sizeof *x->entries);
    x->names = calloc(n1, sizeof *x->names);
    x->joined = calloc(n1, sizeof *x->joined);
    x->st = calloc(n1, sizeof *x->st);
    x->sm = calloc((size_t)x->n_matches + (size_t)x->n_rounds + 1, sizeof *x->sm);
    if (rc == CW_OK &&
        (!pi || !order || !rated || !rating || !x->seed || !x->entries || !x->names ||
         !x->joined || !x->st || !x->sm))
        rc = CW_EDB;
    struct ratings_view live;
    int is_live = rc == CW_OK && op_ratings_seed_live(db, e->tournament_id, &live);
    for (int i = 0; rc == CW_OK && i < x->n; i++) {
        pi[i] = -1;
        for (int p = 0; p < x->n_players; p++)
            if (x->players[p].id == ids[i]) {
                pi[i] = p;
                break;
            }
        order[i] = i;
        struct swiss_entry *en = &x->entries[i];
        en->id = ids[i];
        x->names[i] = pi[i] >= 0 ? x->players[pi[i]].name : NULL;
        if (pi[i] >= 0)
            rated[i] = op_rating_seed(is_live ? &live : NULL, &x->players[pi[i]], &rating[i]);
        en->withdrawn = pi[i] >= 0 && !strcmp(x->players[pi[i]].status, "withdrawn");
        x->joined[i] = 1;
        for (int r = 0; r < n_rows; r++)
            if (rows[r].player_id == ids[i]) {
                en->start_wins = rows[r].start_wins;
                x->joined[i] = rows[r].joined_round;
                en->withdrawn |=
                    rows[r].withdrawn_round > 0 && (!upto || rows[r].withdrawn_round < upto);
            }
    }
    if (rc == CW_OK) {
        struct order_ctx c = {rated, rating};
        qsort_r(order, (size_t)x->n, sizeof *order, by_rating, &c);
        for (int k = 0; k < x->n; k++) {
            x->entries[order[k]].order = k + 1;
            x->seed[order[k]] = rated[order[k]] ? k + 1 : 0;
        }
    }
    if (is_live)
        op_ratings_free(&live);
    int last = x->n_rounds ? x->rounds[x->n_rounds - 1].round : 0;
    for (int i = 0; rc == CW_OK && i < x->n_matches; i++) {
        struct match *m = &x->matches[i];
        if (fresh && m->id == fresh->id)
            *m = *fresh;
        x->open_last += m->round == last && !match_decided(m);
        if ((upto && m->round >= upto) || !match_decided(m))
            continue;
        int w = m->winner;
        x->sm[x->n_sm++] =
            (struct swiss_match){m->round,    m->player[0], m->player[1], m->player[w],
                                 m->score[0], m->score[1],  left_event(m)};
        int k = op_swiss_entry_index(x, m->player[1 - w]);
        if (k >= 0 && left_event(m))
            x->entries[k].withdrawn = 1;
    }
    for (int r = 0; rc == CW_OK && r < x->n_rounds; r++)
        if (x->rounds[r].bye && (!upto || x->rounds[r].round < upto))
            x->sm[x->n_sm++] = (struct swiss_match){
                x->rounds[r].round, x->rounds[r].bye, 0, x->rounds[r].bye, 0, 0, 0};
    char err[200];
    if (rc == CW_OK &&
        swiss_standings(x->entries, x->n, x->sm, x->n_sm, &x->rules, x->st, err, sizeof err))
        rc = CW_EDB;
    free(ids);
    free(rows);
    free(pi);
    free(order);
    free(rated);
    free(rating);
    return rc;
}

int op_swiss_over(const struct swiss_state *x)
{
    if (x->n_rounds == 0 || x->open_last)
        return 0;
    if (x->s.rounds && x->n_rounds >= x->s.rounds)
        return 1;
    int left = 0;
    for (int i = 0; i < x->n; i++)
        left += !x->st[i].withdrawn && !x->st[i].out;
    return left < 2 || x->n_rounds >= SWISS_MAX_ROUNDS;
}

/* Whether the Swiss is over with m decided: its last round's matches read alone (a big
 * Swiss decides hundreds of matches a round, each asking this), the whole state only when
 * lives may have ended it. CW_* code. */
static int over_after(struct db *db, const struct event *e, const struct match *m, int *over)
{
    *over = 0;
    struct swiss_round_row *rounds = NULL;
    int n_rounds = 0, rc = db_swiss_rounds(db, e->id, &rounds, &n_rounds);
    int last = n_rounds ? rounds[n_rounds - 1].round : 0;
    db_swiss_rounds_free(rounds, n_rounds);
    struct match *ms = NULL;
    int n = 0, open = 0;
    if (rc == CW_OK && last)
        rc = db_event_matches(db, e->id, last, &ms, &n);
    for (int i = 0; rc == CW_OK && i < n; i++)
        open += !match_decided(ms[i].id == m->id ? m : &ms[i]);
    free(ms);
    const struct swiss_settings *s = &e->settings.swiss;
    if (rc != CW_OK || !last || open)
        return rc;
    if ((s->rounds && last >= s->rounds) || last >= SWISS_MAX_ROUNDS) {
        *over = 1;
        return CW_OK;
    }
    if (!s->lives)
        return CW_OK;
    struct swiss_state x;
    rc = op_swiss_state_load(db, e, m, 0, &x);
    if (rc == CW_OK)
        *over = op_swiss_over(&x);
    op_swiss_state_free(&x);
    return rc;
}

int op_swiss_result(const struct op *o, struct event *e, struct match *m,
                    const struct match *before, struct problem *pb)
{
    (void)before;
    int over = 0;
    int rc = over_after(o->db, e, m, &over);
    if (rc == CW_OK)
        rc = op_event_mark_finished(o, e, over);
    if (rc != CW_OK) {
        problem_internal(pb, "updating the Swiss standings");
        return -1;
    }
    return 0;
}

json_t *op_swiss_placings_of(const struct swiss_state *x)
{
    json_t *out = json_array();
    for (int i = 0; i < x->n; i++)
        json_array_append_new(out, json_pack("{s:i, s:I, s:s, s:i}", "place", x->st[i].place,
                                             "player_id", (json_int_t)x->st[i].id, "name",
                                             op_swiss_name(x, x->st[i].id), "wins", x->st[i].wins));
    return out;
}

json_t *op_swiss_placings(struct db *db, const struct event *e)
{
    struct swiss_state x;
    json_t *out =
        op_swiss_state_load(db, e, NULL, 0, &x) == CW_OK ? op_swiss_placings_of(&x) : NULL;
    op_swiss_state_free(&x);
    return out;
}
