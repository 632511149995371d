/* A knockout event's board as the pages show it (KO-2, KO-7, KO-8): the bracket with its
 * matches, sides and scores, or, before a fed event's draw, who has entered so far and what
 * it waits for. The kinds table's board of a knockout (ops/event/kinds.c); the bracket's
 * route keeps its copy per revision (api/knockout_json.c, api/shared_reply.c). */
#include "ops/knockout/knockout_board.h"

#include <stdlib.h>

#include "common/clock.h"
#include "ops/records/match.h"

static const char side_name[2][2] = {"a", "b"};

/* ---- the bracket as JSON (KO-2, KO-7, KO-8) ---- */

static json_t *side_json(struct db *db, int64_t tid, const struct ko_bracket *b,
                         const struct ko_side *s)
{
    switch (s->kind) {
    case KO_SIDE_PLAYER: {
        struct player p;
        int ok = db_player_get(db, tid, s->id, &p) == CW_OK;
        /* a side without "kind" is a player: the common case, kept short (a bracket of
         * 1,024 entries is sent often to the venue screens) */
        return json_pack("{s:I, s:o}", "player_id", (json_int_t)s->id, "name",
                         ok ? json_string(p.name) : json_null());
    }
    case KO_SIDE_LATE:
        return json_pack("{s:s, s:i}", "kind", "late", "late_place", s->late);
    case KO_SIDE_TO_ENTER: /* a vacant place: the entrant a result in the feeding event sends */
        return json_pack("{s:s}", "kind", "to_enter");
    case KO_SIDE_PENDING: {
        int r, i;
        ko_match_pos(b, s->from, &r, &i);
        return json_pack("{s:s, s:i, s:i}", "kind", "winner_of", "round", r, "index", i);
    }
    default:
        return json_pack("{s:s}", "kind", "bye");
    }
}

static const char *mstate_name(enum ko_mstate s)
{
    static const char *names[] = {"waiting", "ready", "done", "walkover", "empty"};
    return names[s];
}

/* PLACE-1: the play-off for 3rd, beside the final: its row's players once the semi-finals
 * give them (before, "loser_of" each semi-final), its score, state, table and winner, in the
 * shape of a bracket's match. NULL when the event has none. */
static json_t *playoff_json(struct db *db, const struct ko_state *x)
{
    const struct match *row = &x->playoff;
    if (!row->id || x->b.rounds < 2)
        return NULL;
    json_t *sides = json_array();
    for (int s = 0; s < 2; s++) {
        json_t *sj;
        if (row->player[s]) {
            struct ko_side side = {.kind = KO_SIDE_PLAYER, .id = row->player[s]};
            sj = side_json(db, x->e.tournament_id, &x->b, &side);
        } else {
            sj = json_pack("{s:s, s:i, s:i}", "kind", "loser_of", "round", x->b.rounds - 1,
                           "index", s);
        }
        json_object_set_new(sj, "score", json_integer(row->score[s]));
        json_array_append_new(sides, sj);
    }
    return json_pack("{s:I, s:s, s:s, s:i, s:o, s:o}", "match_id", (json_int_t)row->id,
                     "match_state", match_state_name(row->state), "table", row->table, "length",
                     row->length, "sides", sides, "winner",
                     row->winner >= 0 && match_decided(row) ? json_string(side_name[row->winner])
                                                            : json_null());
}

static json_t *bracket_json(struct db *db, struct ko_state *x, int64_t now_ms)
{
    struct event *e = &x->e;
    if (!x->drawn) {
        /* a fed event before its draw: who has entered so far, and what it waits for */
        json_t *out = json_pack("{s:I, s:s, s:s, s:b}", "event_id", (json_int_t)e->id, "name",
                                e->name, "state", event_state_name(e->state), "drawn", 0);
        if (x->s.feeds_from) {
            struct event from;
            struct ko_state y;
            char err[256];
            if (db_event_get(db, e->tournament_id, x->s.feeds_from, &from) == CW_OK &&
                op_ko_state_load(db, &from, NULL, &y, err, sizeof err) == CW_OK && y.drawn) {
                struct ko_entry *in = calloc((size_t)y.b.size, sizeof *in);
                int missing = 0,
                    n = in ? ko_feed(&y.b, y.res, y.v, x->s.progressive, in, &missing) : 0;
                json_t *list = json_array();
                for (int i = 0; i < n; i++)
                    json_array_append_new(list, json_pack("{s:I, s:i, s:b}", "player_id",
                                                          (json_int_t)in[i].id, "round",
                                                          in[i].round ? in[i].round : 1, "had_bye",
                                                          in[i].had_bye));
                json_object_set_new(out, "entrants", list);
                json_object_set_new(out, "results_awaited", json_integer(missing));
                free(in);
            }
            op_ko_state_free(&y);
            json_object_set_new(out, "feeds_from", json_integer(x->s.feeds_from));
        }
        return out;
    }
    struct ko_bracket *b = &x->b;
    const char *seed = b->seed_text; /* as recorded (KO-2) */
    char deadline[32];
    json_t *entries = json_array();
    for (int i = 0; i < b->n_entries; i++)
        json_array_append_new(entries, json_integer(b->entries[i].id));
    json_t *rounds = json_array();
    for (int r = 1; r <= b->rounds; r++) {
        json_t *matches = json_array();
        for (int i = 0; i < b->size >> r; i++) {
            int k = ko_match_index(b, r, i);
            const struct ko_mview *mv = &x->v[k];
            const struct match *row = &x->rows[k];
            json_t *sides = json_array();
            for (int s = 0; s < 2; s++) {
                json_t *sj = side_json(db, e->tournament_id, b, &mv->side[s]);
                json_object_set_new(sj, "score", json_integer(row->score[s]));
                json_array_append_new(sides, sj);
            }
            json_array_append_new(
                matches,
                json_pack("{s:i, s:o, s:s, s:s, s:s, s:o, s:o}", "index", i, "match_id",
                          row->id ? json_integer(row->id) : json_null(), "state",
                          mstate_name(mv->state), "match_state", match_state_name(row->state),
                          "table", row->table, "sides", sides, "winner",
                          mv->winner >= 0 ? json_string(side_name[mv->winner]) : json_null()));
        }
        json_array_append_new(rounds, json_pack("{s:i, s:i, s:o}", "round", r, "length",
                                                ko_length(b, r), "matches", matches));
    }
    if (b->late_deadline_ms)
        cw_iso8601(b->late_deadline_ms, deadline, sizeof deadline);
    int64_t champ = ko_champion(b, x->v);
    json_t *playoff = playoff_json(db, x);
    return json_pack(
        "{s:I, s:s, s:s, s:b, s:s, s:i, s:s, s:b, s:i, s:i, s:o, s:{s:i, s:i, s:b, s:o, s:b}, "
        "s:o, s:o, s:o, s:o}",
        "event_id", (json_int_t)e->id, "name", e->name, "state", event_state_name(e->state),
        "drawn", 1, "kind", b->kind == KO_FED ? "fed" : "main", "algorithm_version", b->version,
        "seed", seed, "seeded", b->opts.seeded, "size", b->size, "rounds_count", b->rounds,
        "entries", entries, "late", "places", b->n_late, "filled", b->late_filled, "closed",
        b->late_closed, "deadline", b->late_deadline_ms ? json_string(deadline) : json_null(),
        "open", ko_late_open(b, now_ms), "rounds", rounds, "champion",
        champ ? json_integer(champ) : json_null(), "feeds_from",
        x->s.feeds_from ? json_integer(x->s.feeds_from) : json_null(), "playoff",
        playoff ? playoff : json_null());
}

json_t *op_knockout_board(struct db *db, const struct event *e, int64_t now_ms)
{
    struct ko_state x;
    char err[256];
    json_t *j = op_ko_state_load(db, e, NULL, &x, err, sizeof err) == CW_OK
                    ? bracket_json(db, &x, now_ms)
                    : NULL;
    op_ko_state_free(&x);
    return j;
}
