/* A Davis Cup event as its readers see it (see davis_board.h): the teams, each tie with
 * its five rubbers and where it stands in a knockout of teams, the standings of a round
 * robin (DAVIS-3) and the bracket's summary. */
#include "ops/davis/davis_board.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ops/davis/davis.h"
#include "ops/records/match.h"

json_t *op_davis_team_json(struct db *db, const struct davis_team_row *t, int64_t tid)
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

json_t *op_davis_board(struct db *db, const struct event *ev, int64_t now_ms)
{
    const struct event e = *ev;
    const struct davis_settings s = e.settings.davis;
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
    int ko = rc == CW_OK && s.knockout && e.state != ES_OPEN &&
             op_dko_load(db, &e, &x, err, sizeof err) == CW_OK;
    for (int i = 0; rc == CW_OK && i < n_teams; i++)
        json_array_append_new(jteams, op_davis_team_json(db, &teams[i], e.tournament_id));
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
        int open = ko_late_open(&x.b, now_ms);
        const char *seed = x.b.seed_text; /* as recorded (KO-2) */
        bracket = json_pack("{s:i, s:i, s:i, s:b, s:o, s:s, s:i}", "rounds", x.b.rounds,
                            "late_places", x.b.n_late, "late_open", open, "late_closed",
                            x.b.late_closed, "champion", champ ? json_integer(champ) : json_null(),
                            "seed", seed, "algorithm_version", x.b.version);
    }
    op_dko_free(&x);
    free(teams);
    free(ties);
    free(results);
    if (rc != CW_OK) {
        json_decref(jteams);
        json_decref(jties);
        json_decref(standings);
        json_decref(bracket);
        return NULL;
    }
    return json_pack("{s:I, s:s, s:s, s:s, s:o, s:o, s:o, s:o}", "event_id", (json_int_t)e.id,
                     "name", e.name, "state", event_state_name(e.state), "format",
                     s.knockout ? "knockout" : "round_robin", "teams", jteams, "ties", jties,
                     "standings", standings, "bracket", bracket);
}
