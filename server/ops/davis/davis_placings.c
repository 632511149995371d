/* A Davis Cup's placings (PLACE-1, the kinds' row ops/event/kinds.c), team by team: a
 * knockout of teams by the round a team lost in (tourney/placings_bracket.c, as a
 * knockout's players), a round robin by its DAVIS-3 standings as the board ranks them
 * (ties won, matches won, points difference, head to head), equal ranks sharing a band. */
#include <stdio.h>
#include <stdlib.h>

#include "ops/davis/davis.h"
#include "ops/davis/davis_board.h"

/* The round robin's ranks from the board's standings (one reading of DAVIS-3). */
static int round_robin(const struct op *o, const struct event *e, struct placings *out)
{
    json_t *board = op_davis_board(o->db, e, o->now_ms);
    if (!board)
        return CW_EDB;
    json_t *st = json_object_get(board, "standings"), *t;
    size_t i;
    int rc = CW_OK;
    json_array_foreach(st, i, t)
    {
        struct placing *p =
            placings_add(out, (int64_t)json_integer_value(json_object_get(t, "team_id")));
        if (!p) {
            rc = CW_ENOMEM;
            break;
        }
        p->stage = -json_integer_value(json_object_get(t, "rank"));
        p->out = e->state == ES_FINISHED;
        p->reason = PLACE_R_TIES;
        p->why_n = json_integer_value(json_object_get(t, "ties_won"));
        p->why_m = json_integer_value(json_object_get(t, "ties_played"));
        snprintf(p->why, sizeof p->why, "ties won %d of %d",
                 (int)json_integer_value(json_object_get(t, "ties_won")),
                 (int)json_integer_value(json_object_get(t, "ties_played")));
    }
    json_decref(board);
    return rc;
}

int op_davis_placings(const struct op *o, const struct event *e, struct placings *out,
                      struct problem *pb)
{
    struct davis_team_row *teams = NULL;
    int n = 0, rc = db_davis_teams(o->db, e->id, &teams, &n);
    if (rc == CW_OK && e->settings.davis.knockout && e->state != ES_OPEN) {
        struct dko x;
        char err[256] = "";
        rc = op_dko_load(o->db, e, &x, err, sizeof err);
        if (rc == CW_ENOTFOUND) /* not drawn: every team in the last band below */
            rc = CW_OK;
        else if (rc == CW_OK && placings_bracket(out, &x.b, x.v))
            rc = CW_ENOMEM;
        op_dko_free(&x);
    } else if (rc == CW_OK) {
        rc = round_robin(o, e, out);
    }
    /* every team, with its players (a team not drawn yet shares the last band) */
    for (int i = 0; rc == CW_OK && i < n; i++) {
        struct placing *p = placings_find(out, teams[i].id);
        if (!p && !(p = placings_add(out, teams[i].id))) {
            rc = CW_ENOMEM;
            break;
        }
        if (!p->why[0]) {
            p->stage = INT64_MIN / 2;
            p->reason = PLACE_R_NOT_DRAWN;
            snprintf(p->why, sizeof p->why, "not drawn yet");
        }
        snprintf(p->name, sizeof p->name, "%s", teams[i].name);
        p->players[0] = teams[i].player[0];
        p->players[1] = teams[i].player[1];
    }
    free(teams);
    out->final = e->state == ES_FINISHED;
    if (rc != CW_OK)
        problem_internal(pb, "the Davis Cup's placings");
    return rc == CW_OK ? 0 : -1;
}
