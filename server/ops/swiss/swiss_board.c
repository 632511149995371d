/* The Swiss board (SWISS-1, SWISS-2): rounds with their pairings and reasons, the
 * standings, the placings once it is over; computed from the state (swiss.c) each time. */
#include "ops/swiss/swiss_board.h"

#include <stdlib.h>

#include "ops/swiss/swiss.h"

static json_t *pairing_json(const struct swiss_state *x, const struct match *m)
{
    json_t *score = m->winner >= 0 ? json_pack("[i, i]", m->score[0], m->score[1]) : json_null();
    return json_pack("{s:I, s:i, s:s, s:s, s:[I, I], s:[s, s], s:o, s:o, s:s, s:i}", "match_id",
                     (json_int_t)m->id, "slot", m->slot, "table", m->table, "state",
                     match_state_name(m->state), "players", (json_int_t)m->player[0],
                     (json_int_t)m->player[1], "names", op_swiss_name(x, m->player[0]),
                     op_swiss_name(x, m->player[1]), "winner",
                     m->winner >= 0 ? json_integer(m->player[m->winner]) : json_null(), "score",
                     score, "ended", match_end_name(m->ended), "length", m->length);
}

json_t *op_swiss_board(struct db *db, const struct event *e, int standings_only)
{
    struct swiss_state x;
    if (op_swiss_state_load(db, e, NULL, 0, &x) != CW_OK) {
        op_swiss_state_free(&x);
        return NULL;
    }
    json_t *rounds = json_array();
    for (int r = 0; !standings_only && r < x.n_rounds; r++) {
        const struct swiss_round_row *row = &x.rounds[r];
        json_t *pairings = json_array();
        for (int i = 0; i < x.n_matches; i++)
            if (x.matches[i].round == row->round)
                json_array_append_new(pairings, pairing_json(&x, &x.matches[i]));
        json_t *reasons = json_loads(row->reasons, 0, NULL);
        json_array_append_new(
            rounds,
            json_pack("{s:i, s:s, s:o, s:o, s:i, s:i, s:o, s:o}", "round", row->round, "seed",
                      row->seed, "bye", row->bye ? json_integer(row->bye) : json_null(), "bye_name",
                      row->bye ? json_string(op_swiss_name(&x, row->bye)) : json_null(),
                      "rematches", row->rematches, "swapped", row->swapped, "reasons",
                      reasons ? reasons : json_array(), "pairings", pairings));
    }
    json_t *tbs = json_array();
    for (int t = 0; t < x.rules.n_tiebreaks; t++)
        json_array_append_new(tbs, json_string(swiss_tiebreak_names[x.rules.tiebreaks[t] - 1]));
    json_t *standings = json_array();
    for (int i = 0; i < x.n; i++) {
        const struct swiss_standing *s = &x.st[i];
        int k = op_swiss_entry_index(&x, s->id);
        json_t *tb = json_object();
        for (int t = 0; t < x.rules.n_tiebreaks; t++)
            json_object_set_new(tb, swiss_tiebreak_names[x.rules.tiebreaks[t] - 1],
                                json_integer(s->tb[t]));
        json_array_append_new(
            standings,
            json_pack("{s:i, s:I, s:s, s:i, s:i, s:i, s:i, s:o, s:b, s:b, s:i, s:i}", "place",
                      s->place, "player_id", (json_int_t)s->id, "name", op_swiss_name(&x, s->id),
                      "wins", s->wins, "losses", s->losses, "byes", s->byes, "played", s->played,
                      "tiebreaks", tb, "out", s->out, "withdrawn", s->withdrawn, "joined_round",
                      k >= 0 ? x.joined[k] : 1, "start_wins",
                      k >= 0 ? x.entries[k].start_wins : 0));
    }
    int last = x.n_rounds ? x.rounds[x.n_rounds - 1].round : 0;
    int over = op_swiss_over(&x);
    json_t *out =
        json_pack("{s:I, s:s, s:s, s:i, s:o, s:o, s:i, s:b, s:b, s:o, s:o, s:o}", "event_id",
                  (json_int_t)e->id, "name", e->name, "state", event_state_name(e->state), "round",
                  last, "rounds_total", x.s.rounds ? json_integer(x.s.rounds) : json_null(),
                  "lives", x.s.lives ? json_integer(x.s.lives) : json_null(), "open_matches",
                  x.open_last, "may_pair", !x.open_last && !over && x.n >= 2, "over", over,
                  "tiebreaks", tbs, "rounds", rounds, "standings", standings);
    if (standings_only)
        json_object_del(out, "rounds");
    json_object_set_new(out, "placings",
                        e->state == ES_FINISHED ? op_swiss_placings_of(&x) : json_null());
    op_swiss_state_free(&x);
    return out;
}
