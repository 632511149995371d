/* Davis Cup team events over HTTP (DAVIS-1..3): the settings checked; a team added and
 * the start (ops/davis_acts.c), late entry closed (ops/davis.c), each body checked into
 * its operation's input; and the grid with its standings. */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/events.h"
#include "api/fields.h"
#include "api/handlers.h"
#include "api/matches.h"
#include "api/reports.h"
#include "api/tx.h"
#include "common/clock.h"
#include "ops/davis_acts.h"

static const char *const formats[] = {"round_robin", "knockout", NULL};

enum { DS_FORMAT, DS_LENGTHS, DS_DEAD, DS_LATE, DS_DEADLINE, DS__N };
static const struct api_field davis_fields[] = {
    [DS_FORMAT] = {"format", F_ENUM, 0, 0, 0, 0, formats, NULL},
    [DS_LENGTHS] = {"lengths", F_ANY, 0, 0, 0, 0, NULL, NULL},
    [DS_DEAD] = {"play_dead", F_BOOL, 0, 0, 0, 0, NULL, NULL},
    [DS_LATE] = {"late_places", F_INT, 0, 0, 0, 64, NULL, NULL},
    [DS_DEADLINE] = {"late_deadline", F_STR, 0, 1, 17, 30, NULL, NULL},
    [DS__N] = {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

int api_davis_settings(json_t *in, json_t **out, struct api_resp *resp)
{
    if (in && !json_is_object(in)) {
        api_problem_field(resp, "davis", "must be an object");
        return -1;
    }
    struct api_val v[DS__N];
    if (api_fields(in, davis_fields, 0, v, resp))
        return -1;
    json_t *l = v[DS_LENGTHS].j;
    if (l && (!json_is_array(l) || json_array_size(l) != 3)) {
        api_problem_field(resp, "davis.lengths",
                          "must list the match length of the three phases, e.g. [7, 7, 7]");
        return -1;
    }
    for (size_t i = 0; l && i < 3; i++) {
        json_t *len = json_array_get(l, i);
        if (!json_is_integer(len) || json_integer_value(len) < 1 || json_integer_value(len) > 99) {
            api_problem_field(resp, "davis.lengths", "phase %zu: a length from 1 to 99", i + 1);
            return -1;
        }
    }
    const char *dl = v[DS_DEADLINE].s;
    int64_t ms;
    if (dl && cw_parse_iso8601(dl, &ms)) {
        api_problem_field(resp, "davis.late_deadline",
                          "must be a UTC time written YYYY-MM-DDTHH:MM[:SS]Z");
        return -1;
    }
    const char *format = v[DS_FORMAT].s;
    json_t *lengths = l ? json_incref(l) : json_pack("[i, i, i]", 5, 5, 5);
    *out = json_pack("{s:s, s:o, s:b, s:i, s:o}", "format", format ? format : "round_robin",
                     "lengths", lengths, "play_dead", (int)v[DS_DEAD].i, "late_places",
                     (int)v[DS_LATE].i, "late_deadline", dl ? json_string(dl) : json_null());
    return 0;
}

API_REPLIES static int load_davis(struct api_req *req, struct event *e, struct api_resp *resp)
{
    if (api_event_load(req, e, resp))
        return -1;
    if (strcmp(e->kind, "davis")) {
        api_problem(resp, 409, "not-davis", "Not a Davis Cup event", "%s is a %s event.", e->name,
                    e->kind);
        return -1;
    }
    return 0;
}

/* A change of a Davis event: the transaction begun, the event and its settings read. */
API_REPLIES static int davis_tx(struct api_req *req, struct event *e, struct davis_settings *s,
                    struct api_resp *resp)
{
    if (api_tx_begin(req, resp))
        return -1;
    if (load_davis(req, e, resp)) {
        api_tx_rollback(req);
        return -1;
    }
    op_davis_settings_of(e, s);
    return 0;
}

/* ---- teams (DAVIS-1) ---- */

enum { DT_NAME, DT_P1, DT_P2, DT__N };
static const struct api_field team_fields[] = {
    [DT_NAME] = {"name", F_STR, 1, 0, 1, 200, NULL, NULL},
    [DT_P1] = {"player1", F_INT, 1, 0, 1, 1000000000L, NULL, NULL},
    [DT_P2] = {"player2", F_INT, 1, 0, 1, 1000000000L, NULL, NULL},
    [DT__N] = {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

static json_t *team_json(struct db *db, const struct davis_team_row *t, int64_t tid)
{
    json_t *members = json_array();
    for (int k = 0; k < 2; k++) {
        struct player p;
        int ok = db_player_get(db, tid, t->player[k], &p) == CW_OK;
        json_array_append_new(members,
                              json_pack("{s:I, s:o}", "player_id", (json_int_t)t->player[k], "name",
                                        ok ? json_string(p.name) : json_null()));
    }
    return json_pack("{s:I, s:i, s:s, s:o}", "id", (json_int_t)t->id, "number", t->number, "name",
                     t->name, "players", members);
}

void api_davis_team_add(struct api_req *req, struct api_resp *resp)
{
    struct api_val v[DT__N];
    if (api_fields(req->json, team_fields, 0, v, resp))
        return;
    struct davis_team_row t;
    memset(&t, 0, sizeof t);
    snprintf(t.name, sizeof t.name, "%s", v[DT_NAME].s);
    t.player[0] = v[DT_P1].i;
    t.player[1] = v[DT_P2].i;
    if (t.player[0] == t.player[1]) {
        api_problem_field(resp, "player2", "is player1 again: a pair has two players (DAVIS-1)");
        return;
    }
    struct db *db = req->app->db;
    struct event e;
    struct davis_settings s;
    if (davis_tx(req, &e, &s, resp))
        return;
    struct op o = api_op(req);
    struct problem pb = {0, NULL};
    if (op_davis_team_add(&o, &e, &s, &t, &pb)) {
        api_tx_rollback(req);
        api_reply_problem(resp, &pb);
        return;
    }
    api_reply_json(resp, 201, team_json(db, &t, e.tournament_id));
    api_tx_commit(req, resp);
}

/* the seed of a knockout of teams' draw, optional (a fresh one is recorded) */
static const struct api_field start_fields[] = {
    {"seed", F_STR, 0, 0, 1, 32, NULL, NULL},
    {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

void api_davis_start(struct api_req *req, struct api_resp *resp)
{
    struct api_val v[1];
    if (api_fields(req->json, start_fields, 0, v, resp))
        return;
    struct db *db = req->app->db;
    struct event e;
    struct davis_settings s;
    if (davis_tx(req, &e, &s, resp))
        return;
    struct op o = api_op(req);
    struct problem pb = {0, NULL};
    if (op_davis_start(&o, &e, &s, v[0].s, &pb)) {
        api_tx_rollback(req);
        api_reply_problem(resp, &pb);
        return;
    }
    api_reply_json(resp, 201, op_event_json(db, &e));
    api_tx_commit(req, resp);
}

/* KO-4: the late places still open are closed (by the TD, or by the deadline's tick); an
 * unfilled place leaves its opponent a walkover. */
void api_davis_late_close(struct api_req *req, struct api_resp *resp)
{
    struct event e;
    struct davis_settings s;
    if (davis_tx(req, &e, &s, resp))
        return;
    struct op o = api_op(req);
    struct problem pb = {0, NULL};
    if (op_davis_late_close(&o, &e, &s, &pb)) {
        api_tx_rollback(req);
        api_reply_problem(resp, &pb);
        return;
    }
    api_reply_json(resp, 200, op_event_json(o.db, &e));
    api_tx_commit(req, resp);
}

/* ---- the grid and the standings ---- */

void api_davis_board(struct api_req *req, struct api_resp *resp)
{
    struct db *db = req->app->db;
    struct event e;
    db_lock(db);
    if (load_davis(req, &e, resp)) {
        db_unlock(db);
        if (resp->status == 409) { /* a GET of another kind of event: not found here */
            resp->status = 404;
            json_object_set_new(resp->json, "status", json_integer(404));
        }
        return;
    }
    struct davis_settings s;
    op_davis_settings_of(&e, &s);
    struct davis_team_row *teams = NULL;
    struct davis_tie_row *ties = NULL;
    int n_teams = 0, n_ties = 0;
    int rc = db_davis_teams(db, e.id, &teams, &n_teams);
    if (rc == CW_OK)
        rc = db_davis_ties(db, e.id, &ties, &n_ties);
    json_t *jteams = json_array(), *jties = json_array();
    struct davis_tie_result *results = calloc((size_t)(n_ties ? n_ties : 1), sizeof *results);
    int n_results = 0;
    /* a knockout of teams: where each tie stands in the bracket */
    struct dko x;
    char err[256] = "";
    memset(&x, 0, sizeof x);
    int ko = rc == CW_OK && s.knockout && strcmp(e.state, "open") &&
             op_dko_load(db, &e, &x, err, sizeof err) == CW_OK;
    for (int i = 0; rc == CW_OK && i < n_teams; i++)
        json_array_append_new(jteams, team_json(db, &teams[i], e.tournament_id));
    for (int i = 0; rc == CW_OK && i < n_ties; i++) {
        struct davis_tie_row *t = &ties[i];
        json_t *rub = json_array();
        struct davis_tie_state st;
        memset(&st, 0, sizeof st);
        int num[2] = {0, 0};
        for (int k = 0; k < n_teams; k++)
            for (int sd = 0; sd < 2; sd++)
                if (teams[k].id == t->team[sd])
                    num[sd] = teams[k].number;
        struct match rubbers[5];
        memset(rubbers, 0, sizeof rubbers);
        if (t->team[1] || ko) /* a knockout tie keeps its rubbers while a team is pending */
            rc = db_tie_matches(db, e.tournament_id, t->id, rubbers);
        if (rubbers[0].id) {
            int res[5];
            op_davis_tie_results(rubbers, NULL, res);
            davis_tie_state(res, s.play_dead, &st);
            int points[2] = {0, 0};
            for (int k = 0; rc == CW_OK && k < DAVIS_RUBBERS; k++) {
                json_t *mj = op_match_json(db, &rubbers[k]);
                json_object_set_new(mj, "rubber", json_integer(k + 1));
                json_object_set_new(mj, "phase", json_integer(davis_rubbers[k].phase));
                json_object_set_new(mj, "doubles", json_boolean(davis_rubbers[k].phase == 2));
                json_array_append_new(rub, mj);
                points[0] += rubbers[k].score[0];
                points[1] += rubbers[k].score[1];
            }
            if (st.complete && st.winner >= 0) {
                struct davis_tie_result *r = &results[n_results++];
                r->team[0] = num[0], r->team[1] = num[1];
                r->matches[0] = st.wins[0], r->matches[1] = st.wins[1];
                r->points[0] = points[0], r->points[1] = points[1];
                r->winner = st.winner;
            }
        }
        int k = ko ? ko_match_index(&x.b, t->round, t->slot - 1) : -1;
        const struct ko_mview *mv = k >= 0 && k < x.nm ? &x.v[k] : NULL;
        static const char *const ko_states[] = {"waiting", "ready", "done", "walkover", "empty"};
        json_t *tj =
            json_pack("{s:I, s:i, s:i, s:o, s:o, s:o, s:[i, i], s:i, s:b, s:o}", "id",
                      (json_int_t)t->id, "round", t->round, "slot", t->slot, "team_a",
                      t->team[0] ? json_integer(t->team[0]) : json_null(), "team_b",
                      t->team[1] ? json_integer(t->team[1]) : json_null(), "winner",
                      t->winner >= 0 ? json_string(t->winner ? "b" : "a") : json_null(),
                      "rubbers_won", st.wins[0], st.wins[1], "open_phase", st.open_phase, "bye",
                      mv ? mv->state == KO_M_WALKOVER : t->team[1] == 0, "rubbers", rub);
        if (mv)
            json_object_set_new(tj, "bracket_state", json_string(ko_states[mv->state]));
        json_array_append_new(jties, tj);
    }
    json_t *standings = json_array();
    if (rc == CW_OK && n_teams) {
        struct davis_standing *st = calloc((size_t)n_teams, sizeof *st);
        if (st) {
            davis_standings(n_teams, results, n_results, st);
            for (int i = 0; i < n_teams; i++) {
                const struct davis_team_row *t = &teams[st[i].team - 1];
                json_array_append_new(
                    standings,
                    json_pack("{s:i, s:I, s:s, s:i, s:i, s:i, s:i, s:i, s:i}", "rank", st[i].rank,
                              "team_id", (json_int_t)t->id, "name", t->name, "ties_played",
                              st[i].ties_played, "ties_won", st[i].ties_won, "matches_won",
                              st[i].matches_won, "matches_lost", st[i].matches_lost,
                              "points_difference", st[i].points_for - st[i].points_against,
                              "points_for", st[i].points_for));
            }
            free(st);
        }
    }
    json_t *bracket = json_null();
    if (ko) {
        int64_t champ = ko_champion(&x.b, x.v);
        int open = ko_late_open(&x.b, req->now_ms);
        char seed[24];
        snprintf(seed, sizeof seed, "%llu", (unsigned long long)x.b.seed);
        bracket = json_pack("{s:i, s:i, s:i, s:b, s:o, s:s, s:i}", "rounds", x.b.rounds,
                            "late_places", x.b.n_late, "late_open", open, "late_closed",
                            x.b.late_closed, "champion", champ ? json_integer(champ) : json_null(),
                            "seed", seed, "algorithm_version", x.b.version);
    }
    op_dko_free(&x);
    db_unlock(db);
    free(teams);
    free(ties);
    free(results);
    if (rc != CW_OK) {
        json_decref(jteams);
        json_decref(jties);
        json_decref(standings);
        api_internal_error(resp, "reading the Davis Cup event");
        return;
    }
    api_reply_json(resp, 200,
                   json_pack("{s:I, s:s, s:s, s:s, s:o, s:o, s:o, s:o}", "event_id",
                             (json_int_t)e.id, "name", e.name, "state", e.state, "format",
                             s.knockout ? "knockout" : "round_robin", "teams", jteams, "ties",
                             jties, "standings", standings, "bracket", bracket));
}
