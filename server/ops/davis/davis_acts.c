/* What the TD does to a Davis Cup event's teams (DAVIS-1, DAVIS-3): a team of two added
 * (before the start, or late into a knockout of teams, taking the next late place), and
 * the start: the round robin's ties by the circle method, or the knockout's draw. Each on
 * an event the route loaded as a Davis Cup event, in the caller's transaction frame. The
 * routes are api/api_davis.c. */
#include "ops/davis/davis_acts.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ops/people/players.h"
#include "ops/records/event.h"

int op_davis_team_add(const struct op *o, struct event *e, const struct davis_settings *s,
                      struct davis_team_row *t, struct problem *pb)
{
    struct db *db = o->db;
    int late = e->state == ES_RUNNING && s->knockout; /* KO-4: a late team */
    if (e->state != ES_OPEN && !late) {
        problem_set(pb, 409, "event-started", "Teams are closed",
                    "%s has started; teams can no longer be added.", e->name);
        return -1;
    }
    t->event_id = e->id;
    static const char *const field[2] = {"player1", "player2"};
    for (int k = 0; k < 2; k++) {
        struct player p;
        int rc = db_player_get(db, e->tournament_id, t->player[k], &p);
        int64_t other = rc == CW_OK ? db_davis_team_of_player(db, e->id, t->player[k]) : 0;
        const char *why = rc == CW_ENOTFOUND ? "is not a player of this tournament"
                          : rc == CW_OK && !strcmp(p.status, "withdrawn") ? "has withdrawn"
                          : other > 0 ? "is already in another team of this event (DAVIS-1)"
                                      : NULL;
        if (rc != CW_OK && rc != CW_ENOTFOUND) {
            problem_internal(pb, "reading a player");
            return -1;
        }
        if (!why && op_entry_accepted(&p, field[k], pb)) /* GOV-4 */
            return -1;
        if (why) {
            problem_set(pb, other > 0 ? 409 : 422, other > 0 ? "player-in-team" : "validation",
                        "Cannot form this team", "Player %lld %s.", (long long)t->player[k], why);
            problem_field(pb, field[k], "%s", why);
            return -1;
        }
    }
    json_t *before = op_event_json(db, e);
    int rc = db_davis_team_insert(db, t, o->now_ms);
    if (rc == CW_OK && late) {
        /* the team takes the next late place of the bracket, or is refused */
        struct dko x;
        char err[256] = "";
        int late_no = 0;
        rc = op_dko_load(db, e, &x, err, sizeof err);
        if (rc == CW_OK) {
            ko_late_expire(&x.b, o->now_ms);
            int arc = ko_late_arrive(&x.b, t->id, o->now_ms, &late_no, err, sizeof err);
            if (arc != CW_OK) {
                op_dko_free(&x);
                json_decref(before);
                problem_set(pb, 409, "late-refused", "Late arrival refused", "%s", err);
                return -1;
            }
        }
        rc = op_dko_store(o, e, s, &x, rc);
    }
    if (rc == CW_OK)
        rc = op_event_save(o, e, before, late ? "davis.late_team" : "davis.team_add");
    else
        json_decref(before);
    if (rc != CW_OK) {
        problem_internal(pb, "adding the team");
        return -1;
    }
    return 0;
}

/* DAVIS-3: the round robin's ties by the circle method, a bye for an odd number. */
static int rr_schedule(const struct op *o, const struct event *e, const struct davis_settings *s,
                       const struct davis_team_row *teams, int n)
{
    int m = n % 2 ? n + 1 : n;
    int(*pairs)[2] = calloc((size_t)(m * m), sizeof *pairs);
    int rounds = pairs ? davis_round_robin(n, pairs, m * m) : -1;
    int rc = rounds < 0 ? CW_EDB : CW_OK;
    for (int r = 0; rc == CW_OK && r < rounds; r++) {
        for (int k = 0; rc == CW_OK && k < m / 2; k++) {
            int *p = pairs[r * (m / 2) + k];
            struct davis_tie_row tie;
            memset(&tie, 0, sizeof tie);
            tie.event_id = e->id;
            tie.round = r + 1;
            tie.slot = k + 1;
            tie.team[0] = teams[p[0] - 1].id;
            tie.team[1] = p[1] ? teams[p[1] - 1].id : 0;
            tie.winner = p[1] ? -1 : 0; /* a bye: nothing to play */
            rc = db_davis_tie_insert(o->db, &tie);
            if (rc == CW_OK && p[1])
                rc = op_davis_make_rubbers(o, e, s, &tie, &teams[p[0] - 1], &teams[p[1] - 1]);
        }
    }
    free(pairs);
    return rc;
}

int op_davis_start(const struct op *o, struct event *e, const struct davis_settings *s,
                   const char *seed_text, struct problem *pb)
{
    struct db *db = o->db;
    struct davis_team_row *teams = NULL;
    int n = 0, rc = db_davis_teams(db, e->id, &teams, &n);
    if (rc == CW_OK && (e->state != ES_OPEN || n < 2)) {
        free(teams);
        problem_set(pb, 409, "cannot-start", "The event cannot start",
                    e->state != ES_OPEN ? "%s has already started."
                                        : "%s needs at least two teams.",
                    e->name);
        return -1;
    }
    if (rc == CW_OK && s->knockout) {
        /* DAVIS-3: the knockout's own draw over the teams (KO-2..KO-4) */
        char err[256] = "";
        rc = op_dko_draw(o, e, s, teams, n, seed_text, err, sizeof err);
        if (rc == CW_EINVAL || rc == CW_ECONFLICT) {
            free(teams);
            problem_set(pb, 422, "cannot-draw", "The draw cannot be made", "%s", err);
            return -1;
        }
    } else if (rc == CW_OK) {
        rc = rr_schedule(o, e, s, teams, n);
    }
    free(teams);
    if (rc == CW_OK) {
        json_t *before = op_event_json(db, e);
        e->state = ES_RUNNING;
        rc = op_event_save(o, e, before, "davis.start");
    }
    if (rc != CW_OK) {
        problem_internal(pb, s->knockout ? "making the draw" : "making the schedule");
        return -1;
    }
    return 0;
}
