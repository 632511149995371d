/* An event's placings (placings.h): the kind's row says how far each entrant got; the
 * keys of PLACE-2, the order and the bands are the same for every kind, here and in
 * tourney/placings.c. */
#include "ops/event/placings.h"

#include <stdlib.h>
#include <string.h>

#include "ops/event/kinds.h"
#include "store/store.h"

/* PLACE-2's keys: wins and points from the event's decided matches, ratings from the
 * players (a team's: the mean of its rated players). */
static int keys(const struct op *o, const struct event *e, struct placings *ps)
{
    struct match *ms = NULL;
    int n = 0, rc = db_event_matches(o->db, e->id, 0, &ms, &n);
    struct place_match *pm = calloc((size_t)(n ? n : 1), sizeof *pm);
    int k = 0;
    for (int i = 0; rc == CW_OK && pm && i < n; i++)
        if (match_decided(&ms[i]))
            pm[k++] = (struct place_match){{ms[i].player[0], ms[i].player[1]},
                                           ms[i].winner,
                                           {ms[i].score[0], ms[i].score[1]}};
    if (rc == CW_OK && pm)
        placings_tally(ps, pm, k);
    free(pm);
    free(ms);
    struct player *pl = NULL;
    int np = 0;
    if (rc == CW_OK)
        rc = db_player_list(o->db, e->tournament_id, &pl, &np);
    for (int i = 0; rc == CW_OK && i < ps->n; i++) {
        struct placing *p = &ps->p[i];
        double sum = 0;
        int rated = 0;
        for (int j = 0; j < np; j++)
            if (pl[j].has_rating && (pl[j].id == p->players[0] || pl[j].id == p->players[1]))
                sum += pl[j].rating, rated++;
        for (int j = 0; !p->name[0] && j < np; j++)
            if (pl[j].id == p->entrant && !p->players[1])
                snprintf(p->name, sizeof p->name, "%s", pl[j].name);
        p->has_rating = rated > 0;
        p->rating = rated ? sum / rated : 0;
    }
    free(pl);
    return rc;
}

int op_event_placings(const struct op *o, const struct event *e, const struct place_order *order,
                      struct placings *out, struct problem *pb)
{
    memset(out, 0, sizeof *out);
    const struct event_kind_ops *k = op_kind(e->kind);
    if (!k->placings) {
        problem_set(pb, 409, "no-placings", "No placings for this kind of event",
                    "this kind of event has no placings yet (PLACE-1)");
        return -1;
    }
    struct place_order own;
    if (!order) {
        struct tournament t;
        char err[120];
        if (db_tournament_get(o->db, e->tournament_id, &t) != CW_OK ||
            place_order_parse(t.placing_order, &own, err, sizeof err))
            memset(&own, 0, sizeof own); /* a stored order always parses; else shared */
        order = &own;
    }
    if (k->placings(o, e, out, pb))
        return -1;
    if (keys(o, e, out) != CW_OK) {
        placings_free(out);
        problem_internal(pb, "the placings' keys");
        return -1;
    }
    placings_order(out, order);
    return 0;
}

json_t *op_placings_json(const struct event *e, const struct placings *ps)
{
    json_t *l = json_array();
    for (int i = 0; i < ps->n; i++) {
        const struct placing *p = &ps->p[i];
        char band[32];
        placing_band(p, band, sizeof band);
        json_t *players = json_array();
        for (int k = 0; k < 2; k++)
            if (p->players[k])
                json_array_append_new(players, json_integer(p->players[k]));
        json_array_append_new(
            l, json_pack("{s:I, s:s, s:o, s:s, s:i, s:i, s:i, s:b, s:s, s:{s:s, s:I, s:I}, s:i, "
                         "s:i, s:o}",
                         "entrant_id", (json_int_t)p->entrant, "name", p->name, "players",
                         players, "place", band, "place_from", p->place_from, "place_to",
                         p->place_to, "rank", p->rank, "out", p->out, "why", p->why, "reason",
                         "code", place_reason_name(p->reason), "n", (json_int_t)p->why_n, "m",
                         (json_int_t)p->why_m, "rounds_won", p->rounds_won, "points_diff",
                         p->points_diff, "rating",
                         p->has_rating ? json_real(p->rating) : json_null()));
    }
    json_t *order = json_array();
    for (int i = 0; i < ps->order.n; i++)
        json_array_append_new(order, json_string(place_key_name(ps->order.keys[i])));
    return json_pack("{s:I, s:s, s:s, s:s, s:b, s:o, s:o}", "event_id", (json_int_t)e->id, "name",
                     e->name, "kind", event_kind_name(e->kind), "state",
                     event_state_name(e->state), "final", ps->final, "order", order,
                     "placings", l);
}
