/* Davis Cup team events over HTTP (DAVIS-1..3): pairs, the round-robin schedule of ties,
 * the three phases of each tie opening in turn, the tie's winner, and the grid with its
 * standings. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/events.h"
#include "api/fields.h"
#include "api/handlers.h"
#include "api/json.h"
#include "api/matches.h"
#include "api/reports.h"
#include "api/results.h"
#include "api/tx.h"
#include "common/clock.h"
#include "common/secret.h"
#include "ops/match.h"
#include "store/store.h"
#include "tourney/davis.h"
#include "tourney/knockout.h"
#include "tourney/rng.h"

static const char *const formats[] = {"round_robin", "knockout", NULL};

static const struct api_field davis_fields[] = {
    {"format", F_ENUM, 0, 0, 0, 0, formats, NULL},
    {"lengths", F_ANY, 0, 0, 0, 0, NULL, NULL},
    {"play_dead", F_BOOL, 0, 0, 0, 0, NULL, NULL},
    {"late_places", F_INT, 0, 0, 0, 64, NULL, NULL},
    {"late_deadline", F_STR, 0, 1, 17, 30, NULL, NULL},
    {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

struct davis_settings {
    int lengths[3]; /* match length of phases 1, 2, 3 */
    int play_dead;  /* DAVIS-2: rubbers that can no longer change the winner are played */
    int knockout;   /* DAVIS-3: a knockout of teams (else a round robin) */
    int late_places;
    int64_t late_deadline_ms;
};

static void settings_of(const struct event *e, struct davis_settings *s)
{
    memset(s, 0, sizeof *s);
    json_t *j = json_loads(e->settings, 0, NULL);
    json_t *l = json_object_get(j, "lengths");
    for (int i = 0; i < 3; i++)
        s->lengths[i] = (int)json_integer_value(json_array_get(l, (size_t)i));
    s->play_dead = json_is_true(json_object_get(j, "play_dead"));
    const char *f = json_string_value(json_object_get(j, "format"));
    s->knockout = f && !strcmp(f, "knockout");
    s->late_places = (int)json_integer_value(json_object_get(j, "late_places"));
    const char *dl = json_string_value(json_object_get(j, "late_deadline"));
    if (dl)
        cw_parse_iso8601(dl, &s->late_deadline_ms);
    json_decref(j);
}

int api_davis_settings(json_t *in, json_t **out, struct api_resp *resp)
{
    if (in && !json_is_object(in)) {
        api_problem_field(resp, "davis", "must be an object");
        return -1;
    }
    if (in && api_check_fields(in, davis_fields, 0, resp))
        return -1;
    json_t *l = in ? json_object_get(in, "lengths") : NULL;
    if (l && (!json_is_array(l) || json_array_size(l) != 3)) {
        api_problem_field(resp, "davis.lengths",
                          "must list the match length of the three phases, e.g. [7, 7, 7]");
        return -1;
    }
    for (size_t i = 0; l && i < 3; i++) {
        json_t *v = json_array_get(l, i);
        if (!json_is_integer(v) || json_integer_value(v) < 1 || json_integer_value(v) > 99) {
            api_problem_field(resp, "davis.lengths", "phase %zu: a length from 1 to 99", i + 1);
            return -1;
        }
    }
    json_t *dl = in ? json_object_get(in, "late_deadline") : NULL;
    int64_t ms;
    if (json_is_string(dl) && cw_parse_iso8601(json_string_value(dl), &ms)) {
        api_problem_field(resp, "davis.late_deadline",
                          "must be a UTC time written YYYY-MM-DDTHH:MM[:SS]Z");
        return -1;
    }
    const char *format = in ? json_string_value(json_object_get(in, "format")) : NULL;
    json_t *lengths = l ? json_incref(l) : json_pack("[i, i, i]", 5, 5, 5);
    *out = json_pack("{s:s, s:o, s:b, s:i, s:O}", "format", format ? format : "round_robin",
                     "lengths", lengths, "play_dead",
                     in && json_is_true(json_object_get(in, "play_dead")), "late_places",
                     in ? (int)json_integer_value(json_object_get(in, "late_places")) : 0,
                     "late_deadline", json_is_string(dl) ? dl : json_null());
    return 0;
}

static int load_davis(struct api_req *req, struct event *e, struct api_resp *resp)
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
static int davis_tx(struct api_req *req, struct event *e, struct davis_settings *s,
                    struct api_resp *resp)
{
    if (api_tx_begin(req, resp))
        return -1;
    if (load_davis(req, e, resp)) {
        api_tx_rollback(req);
        return -1;
    }
    settings_of(e, s);
    return 0;
}

/* ---- the schedule (DAVIS-3) ---- */

static int make_rubbers(struct api_req *req, const struct event *e, const struct davis_settings *s,
                        const struct davis_tie_row *tie, const struct davis_team_row *a,
                        const struct davis_team_row *b)
{
    struct db *db = req->app->db;
    for (int i = 0; i < DAVIS_RUBBERS; i++) {
        const struct davis_rubber *rb = &davis_rubbers[i];
        struct match m;
        memset(&m, 0, sizeof m);
        m.tournament_id = e->tournament_id;
        m.event_id = e->id;
        m.round = tie->round;
        m.slot = tie->slot * 10 + i + 1;
        m.tie_id = tie->id;
        m.rubber = i + 1;
        /* the doubles name each pair's first player; either member plays it (side_of) */
        m.player[0] = a->player[rb->a_member ? rb->a_member - 1 : 0];
        m.player[1] = b->player[rb->b_member ? rb->b_member - 1 : 0];
        m.length = s->lengths[rb->phase - 1];
        m.winner = -1;
        m.state = MS_SCHEDULED;
        int rc = db_match_insert(db, &m, req->now_ms);
        if (rc == CW_OK)
            rc = db_match_state_log(db, m.id, MS_SCHEDULED, req->now_ms, "td");
        if (rc != CW_OK)
            return rc;
    }
    return CW_OK;
}

/* ---- a knockout of teams (DAVIS-3 with the knockout's draw, byes and late places) ---- */

/* The bracket of a Davis knockout: its matches are ties, one row each in davis_ties at
 * (round, index + 1); a tie's result is its winner. */
struct dko {
    struct ko_bracket b;
    int loaded;
    int nm;
    struct davis_tie_row *ties;
    int n_ties;
    int *at; /* at[k]: index in ties of bracket match k, -1 when none */
    struct ko_result *res;
    struct ko_mview *v;
    struct davis_team_row *teams;
    int n_teams;
};

static void dko_free(struct dko *x)
{
    if (x->loaded)
        ko_bracket_free(&x->b);
    free(x->ties);
    free(x->at);
    free(x->res);
    free(x->v);
    free(x->teams);
    memset(x, 0, sizeof *x);
}

static const struct davis_team_row *team_by_id(const struct dko *x, int64_t id)
{
    for (int i = 0; i < x->n_teams; i++)
        if (x->teams[i].id == id)
            return &x->teams[i];
    return NULL;
}

static int dko_load(struct db *db, const struct event *e, struct dko *x, char *err, size_t len)
{
    memset(x, 0, sizeof *x);
    int rc = db_ko_load(db, e->id, &x->b);
    if (rc != CW_OK)
        return rc;
    x->loaded = 1;
    x->nm = ko_match_count(&x->b);
    x->at = malloc((size_t)x->nm * sizeof *x->at);
    x->res = calloc((size_t)x->nm, sizeof *x->res);
    x->v = calloc((size_t)x->nm, sizeof *x->v);
    if (!x->at || !x->res || !x->v)
        return CW_EDB;
    rc = db_davis_ties(db, e->id, &x->ties, &x->n_ties);
    if (rc == CW_OK)
        rc = db_davis_teams(db, e->id, &x->teams, &x->n_teams);
    if (rc != CW_OK)
        return rc;
    for (int k = 0; k < x->nm; k++)
        x->at[k] = -1;
    for (int i = 0; i < x->n_ties; i++) {
        int k = ko_match_index(&x->b, x->ties[i].round, x->ties[i].slot - 1);
        if (k < 0 || k >= x->nm)
            continue;
        x->at[k] = i;
        const struct davis_tie_row *t = &x->ties[i];
        if (t->team[0] && t->team[1] && t->winner >= 0) {
            x->res[k].decision = KO_PLAYED;
            x->res[k].winner = t->winner;
        }
    }
    return ko_compute(&x->b, x->res, x->v, err, len);
}

/* Ties follow the bracket: their teams as known, the rubbers of ready ties made, a
 * walkover's winner recorded (KO-3, KO-8). */
static int dko_sync(struct api_req *req, const struct event *e, const struct davis_settings *s,
                    struct dko *x)
{
    struct db *db = req->app->db;
    for (int k = 0; k < x->nm; k++) {
        const struct ko_mview *mv = &x->v[k];
        int64_t want[2];
        for (int sd = 0; sd < 2; sd++)
            want[sd] = mv->side[sd].kind == KO_SIDE_PLAYER ? mv->side[sd].id : 0;
        struct davis_tie_row tie;
        int rc = CW_OK;
        if (x->at[k] < 0) {
            memset(&tie, 0, sizeof tie);
            tie.event_id = e->id;
            ko_match_pos(&x->b, k, &tie.round, &tie.slot);
            tie.slot += 1;
            tie.team[0] = want[0];
            tie.team[1] = want[1];
            tie.winner = -1;
            rc = db_davis_tie_insert(db, &tie);
        } else {
            tie = x->ties[x->at[k]];
            if (tie.team[0] != want[0] || tie.team[1] != want[1]) {
                tie.team[0] = want[0];
                tie.team[1] = want[1];
                rc = db_davis_tie_set_teams(db, tie.id, want[0], want[1]);
            }
        }
        int walk = mv->state == KO_M_WALKOVER ? mv->winner : -1;
        if (rc == CW_OK && mv->state != KO_M_DONE && tie.winner != walk)
            rc = db_davis_tie_set_winner(db, tie.id, walk);
        struct match rubbers[5];
        if (rc == CW_OK)
            rc = db_tie_matches(db, e->tournament_id, tie.id, rubbers);
        if (rc != CW_OK)
            return rc;
        const struct davis_team_row *a = team_by_id(x, want[0]), *b = team_by_id(x, want[1]);
        if (!rubbers[0].id && mv->state == KO_M_READY && a && b) {
            rc = make_rubbers(req, e, s, &tie, a, b);
        } else if (rubbers[0].id) {
            /* the teams changed (a correction): the rubbers follow them */
            for (int i = 0; rc == CW_OK && i < DAVIS_RUBBERS; i++) {
                const struct davis_rubber *rb = &davis_rubbers[i];
                int64_t pa = a ? a->player[rb->a_member ? rb->a_member - 1 : 0] : 0;
                int64_t pb = b ? b->player[rb->b_member ? rb->b_member - 1 : 0] : 0;
                if (rubbers[i].player[0] != pa || rubbers[i].player[1] != pb) {
                    json_t *before = op_match_record_json(&rubbers[i]);
                    rubbers[i].player[0] = pa;
                    rubbers[i].player[1] = pb;
                    struct op o = api_op(req);
                    rc = op_match_save(&o, &rubbers[i], before, "davis.rubber_teams");
                }
            }
        }
        if (rc != CW_OK)
            return rc;
    }
    return CW_OK;
}

/* A changed bracket (late places) stored, x freed, and the ties brought in line; rc is the
 * result so far (nothing is stored unless CW_OK). */
static int dko_store(struct api_req *req, const struct event *e, const struct davis_settings *s,
                     struct dko *x, int rc)
{
    char err[256] = "";
    if (rc == CW_OK)
        rc = db_ko_update(req->app->db, e->id, &x->b);
    dko_free(x);
    if (rc == CW_OK)
        rc = dko_load(req->app->db, e, x, err, sizeof err);
    if (rc == CW_OK)
        rc = dko_sync(req, e, s, x);
    dko_free(x);
    return rc;
}

static int dko_draw(struct api_req *req, struct event *e, const struct davis_settings *s,
                    const struct davis_team_row *teams, int n, uint64_t seed, char *err,
                    size_t errlen)
{
    struct ko_entry *en = calloc((size_t)n, sizeof *en);
    if (!en)
        return CW_EDB;
    for (int i = 0; i < n; i++)
        en[i].id = teams[i].id; /* ascending team id: the order the draw is re-derived from */
    struct ko_bracket b;
    int rc = ko_draw(seed, en, n, s->late_places, NULL, &b, err, errlen);
    free(en);
    if (rc != CW_OK)
        return rc;
    b.late_deadline_ms = s->late_deadline_ms;
    rc = db_ko_save(req->app->db, e->id, &b, req->now_ms);
    ko_bracket_free(&b);
    if (rc != CW_OK)
        return rc;
    struct dko x;
    rc = dko_load(req->app->db, e, &x, err, errlen);
    if (rc == CW_OK)
        rc = dko_sync(req, e, s, &x);
    dko_free(&x);
    return rc;
}

/* ---- teams (DAVIS-1) ---- */

static const struct api_field team_fields[] = {
    {"name", F_STR, 1, 0, 1, 200, NULL, NULL},
    {"player1", F_INT, 1, 0, 1, 1000000000L, NULL, NULL},
    {"player2", F_INT, 1, 0, 1, 1000000000L, NULL, NULL},
    {NULL, 0, 0, 0, 0, 0, NULL, NULL},
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
    if (api_check_fields(req->json, team_fields, 0, resp))
        return;
    struct davis_team_row t;
    memset(&t, 0, sizeof t);
    snprintf(t.name, sizeof t.name, "%s", api_str(req->json, "name"));
    t.player[0] = json_integer_value(json_object_get(req->json, "player1"));
    t.player[1] = json_integer_value(json_object_get(req->json, "player2"));
    if (t.player[0] == t.player[1]) {
        api_problem_field(resp, "player2", "is player1 again: a pair has two players (DAVIS-1)");
        return;
    }
    struct db *db = req->app->db;
    struct event e;
    struct davis_settings s;
    if (davis_tx(req, &e, &s, resp))
        return;
    int late = !strcmp(e.state, "running") && s.knockout; /* KO-4: a late team */
    if (strcmp(e.state, "open") && !late) {
        api_tx_rollback(req);
        api_problem(resp, 409, "event-started", "Teams are closed",
                    "%s has started; teams can no longer be added.", e.name);
        return;
    }
    t.event_id = e.id;
    static const char *const field[2] = {"player1", "player2"};
    for (int k = 0; k < 2; k++) {
        struct player p;
        int rc = db_player_get(db, e.tournament_id, t.player[k], &p);
        int64_t other = rc == CW_OK ? db_davis_team_of_player(db, e.id, t.player[k]) : 0;
        const char *why = rc == CW_ENOTFOUND ? "is not a player of this tournament"
                          : rc == CW_OK && !strcmp(p.status, "withdrawn") ? "has withdrawn"
                          : other > 0 ? "is already in another team of this event (DAVIS-1)"
                                      : NULL;
        if (rc != CW_OK && rc != CW_ENOTFOUND) {
            api_tx_rollback(req);
            api_internal_error(resp, "reading a player");
            return;
        }
        if (why) {
            api_tx_rollback(req);
            api_problem(resp, other > 0 ? 409 : 422, other > 0 ? "player-in-team" : "validation",
                        "Cannot form this team", "Player %lld %s.", (long long)t.player[k], why);
            api_problem_field(resp, field[k], "%s", why);
            resp->status = other > 0 ? 409 : 422;
            json_object_set_new(resp->json, "status", json_integer(resp->status));
            return;
        }
    }
    json_t *before = api_event_json(db, &e);
    int rc = db_davis_team_insert(db, &t, req->now_ms);
    if (rc == CW_OK && late) {
        /* the team takes the next late place of the bracket, or is refused */
        struct dko x;
        char err[256] = "";
        int late_no = 0;
        rc = dko_load(db, &e, &x, err, sizeof err);
        if (rc == CW_OK) {
            ko_late_expire(&x.b, req->now_ms);
            int arc = ko_late_arrive(&x.b, t.id, req->now_ms, &late_no, err, sizeof err);
            if (arc != CW_OK) {
                dko_free(&x);
                json_decref(before);
                api_tx_rollback(req);
                api_problem(resp, 409, "late-refused", "Late arrival refused", "%s", err);
                return;
            }
        }
        rc = dko_store(req, &e, &s, &x, rc);
    }
    if (rc == CW_OK)
        rc = api_event_save(req, &e, before, late ? "davis.late_team" : "davis.team_add");
    else
        json_decref(before);
    if (rc != CW_OK) {
        api_tx_rollback(req);
        api_internal_error(resp, "adding the team");
        return;
    }
    api_reply_json(resp, 201, team_json(db, &t, e.tournament_id));
    api_tx_commit(req, resp);
}

/* DAVIS-3: the round robin's ties by the circle method, a bye for an odd number. */
static int rr_schedule(struct api_req *req, const struct event *e, const struct davis_settings *s,
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
            rc = db_davis_tie_insert(req->app->db, &tie);
            if (rc == CW_OK && p[1])
                rc = make_rubbers(req, e, s, &tie, &teams[p[0] - 1], &teams[p[1] - 1]);
        }
    }
    free(pairs);
    return rc;
}

void api_davis_start(struct api_req *req, struct api_resp *resp)
{
    struct db *db = req->app->db;
    struct event e;
    struct davis_settings s;
    if (davis_tx(req, &e, &s, resp))
        return;
    struct davis_team_row *teams = NULL;
    int n = 0, rc = db_davis_teams(db, e.id, &teams, &n);
    if (rc == CW_OK && (strcmp(e.state, "open") || n < 2)) {
        free(teams);
        api_tx_rollback(req);
        api_problem(resp, 409, "cannot-start", "The event cannot start",
                    strcmp(e.state, "open") ? "%s has already started."
                                            : "%s needs at least two teams.",
                    e.name);
        return;
    }
    if (rc == CW_OK && s.knockout) {
        /* DAVIS-3: the knockout's own draw over the teams (KO-2..KO-4) */
        const char *given = req->json ? api_str(req->json, "seed") : NULL;
        uint64_t seed = (uint64_t)cw_random_u64();
        char err[256] = "";
        if (given && rng_seed_parse(given, &seed)) {
            free(teams);
            api_tx_rollback(req);
            api_problem_field(resp, "seed", "must be a number: decimal, or 0x and hex digits");
            return;
        }
        rc = dko_draw(req, &e, &s, teams, n, seed, err, sizeof err);
        if (rc == CW_EINVAL || rc == CW_ECONFLICT) {
            free(teams);
            api_tx_rollback(req);
            api_problem(resp, 422, "cannot-draw", "The draw cannot be made", "%s", err);
            return;
        }
    } else if (rc == CW_OK) {
        rc = rr_schedule(req, &e, &s, teams, n);
    }
    free(teams);
    if (rc == CW_OK) {
        json_t *before = api_event_json(db, &e);
        strcpy(e.state, "running");
        rc = api_event_save(req, &e, before, "davis.start");
    }
    if (rc != CW_OK) {
        api_tx_rollback(req);
        api_internal_error(resp, s.knockout ? "making the draw" : "making the schedule");
        return;
    }
    api_reply_json(resp, 201, api_event_json(db, &e));
    api_tx_commit(req, resp);
}

/* KO-4: the late places still open are closed (by the TD, or by the deadline's tick); an
 * unfilled place leaves its opponent a walkover. */
void api_davis_late_close(struct api_req *req, struct api_resp *resp)
{
    struct db *db = req->app->db;
    struct event e;
    struct davis_settings s;
    if (davis_tx(req, &e, &s, resp))
        return;
    struct dko x;
    char err[256] = "";
    int rc = s.knockout && strcmp(e.state, "open") ? dko_load(db, &e, &x, err, sizeof err)
                                                   : CW_ENOTFOUND;
    if (rc == CW_ENOTFOUND || (rc == CW_OK && (x.b.late_closed || x.b.late_filled >= x.b.n_late))) {
        if (rc == CW_OK)
            dko_free(&x);
        api_tx_rollback(req);
        api_problem(resp, 409, "late-closed", "Late entry is not open",
                    "%s has no open late places.", e.name);
        return;
    }
    int unfilled = rc == CW_OK ? ko_late_close(&x.b) : 0;
    rc = dko_store(req, &e, &s, &x, rc);
    if (rc == CW_OK) {
        char actor[96], after[64];
        api_actor(req, actor, sizeof actor);
        snprintf(after, sizeof after, "{\"unfilled\":%d}", unfilled);
        rc = db_audit(db, e.tournament_id, req->now_ms, actor, "davis.late_closed", "event", e.id,
                      NULL, after);
    }
    if (rc != CW_OK) {
        api_tx_rollback(req);
        api_internal_error(resp, "closing late entry");
        return;
    }
    api_reply_json(resp, 200, api_event_json(db, &e));
    api_tx_commit(req, resp);
}

/* ---- the rubbers: who plays, when, and what a result decides ---- */

static int tie_results(const struct match *rubbers, const struct match *fresh, int out[5])
{
    for (int i = 0; i < DAVIS_RUBBERS; i++) {
        const struct match *x = fresh && rubbers[i].id == fresh->id ? fresh : &rubbers[i];
        out[i] = x->state == MS_VOID ? DAVIS_VOID : match_decided(x) ? x->winner : DAVIS_OPEN;
    }
    return 0;
}

static int side_of(struct api_req *req, const struct match *m)
{
    if (!m->tie_id || davis_rubbers[(m->rubber - 1) % 5].phase != 2)
        return -1;
    struct db *db = req->app->db;
    struct davis_tie_row tie;
    if (db_davis_tie_get(db, m->tie_id, &tie) != CW_OK)
        return -1;
    int64_t team = db_davis_team_of_player(db, m->event_id, req->player_id);
    return team > 0 && team == tie.team[0] ? 0 : team > 0 && team == tie.team[1] ? 1 : -1;
}

static int gate(struct api_req *req, const struct match *m, struct api_resp *resp)
{
    if (!m->tie_id || m->rubber < 1 || m->rubber > 5)
        return 0;
    struct db *db = req->app->db;
    struct match rubbers[5];
    struct event e;
    if (db_tie_matches(db, m->tournament_id, m->tie_id, rubbers) != CW_OK ||
        db_event_get(db, m->tournament_id, m->event_id, &e) != CW_OK) {
        api_internal_error(resp, "reading the tie");
        return -1;
    }
    struct davis_tie_row tie;
    if (db_davis_tie_get(db, m->tie_id, &tie) == CW_OK && (!tie.team[0] || !tie.team[1])) {
        api_problem(resp, 409, "tie-waiting", "The other team is not known yet",
                    "This match belongs to a tie of %s whose %s team is still to be decided "
                    "(KO-3): it is played when both teams are known.",
                    e.name, tie.team[0] ? "second" : "first");
        return -1;
    }
    struct davis_settings s;
    settings_of(&e, &s);
    int res[5];
    tie_results(rubbers, NULL, res);
    struct davis_tie_state st;
    davis_tie_state(res, s.play_dead, &st);
    int phase = davis_rubbers[m->rubber - 1].phase;
    if (st.dead[m->rubber - 1] && !s.play_dead) {
        api_problem(resp, 409, "dead-rubber", "This match is not played",
                    "The tie is decided (%d-%d) and matches that can no longer change it are "
                    "not played in %s (DAVIS-2).",
                    st.wins[0], st.wins[1], e.name);
        return -1;
    }
    if (st.open_phase && phase > st.open_phase) {
        api_problem(resp, 409, "phase-closed", "This phase has not started",
                    "This is a phase-%d match: phase %d opens when every match of phase %d "
                    "is decided (DAVIS-2).",
                    phase, phase, phase - 1);
        return -1;
    }
    return 0;
}

/* The ties after tie on its winner's path: the rubbers played or reported there (added to
 * undo, up to max) and the ties to take back (reset); a knockout's cascade (KO-8). */
static int dko_path(struct db *db, const struct event *e, const struct davis_tie_row *tie,
                    struct match *undo, int *n_undo, int max, int64_t *reset, int *n_reset)
{
    struct dko x;
    char err[256] = "";
    int rc = dko_load(db, e, &x, err, sizeof err);
    int k = rc == CW_OK ? ko_match_index(&x.b, tie->round, tie->slot - 1) : -1;
    for (int nxt = k >= 0 ? ko_next(&x.b, k, NULL) : -1; rc == CW_OK && nxt >= 0;
         nxt = ko_next(&x.b, nxt, NULL)) {
        if (x.at[nxt] < 0)
            break;
        const struct davis_tie_row *t = &x.ties[x.at[nxt]];
        struct match rubbers[5];
        rc = db_tie_matches(db, e->tournament_id, t->id, rubbers);
        int played = 0;
        for (int i = 0; rc == CW_OK && i < DAVIS_RUBBERS && *n_undo < max; i++)
            if (rubbers[i].id && rubbers[i].state != MS_SCHEDULED &&
                rubbers[i].state != MS_CALLED && rubbers[i].state != MS_VOID) {
                undo[(*n_undo)++] = rubbers[i];
                played = 1;
            }
        if (played || t->winner >= 0)
            reset[(*n_reset)++] = t->id;
    }
    dko_free(&x);
    return rc;
}

/* After a tie's winner changed: the bracket moves on (the next tie's teams and rubbers),
 * and the event is finished when the final is decided. */
static int dko_advance(struct api_req *req, struct event *e, const struct davis_settings *s,
                       struct api_resp *resp)
{
    struct db *db = req->app->db;
    struct dko x;
    char err[256] = "";
    int rc = dko_load(db, e, &x, err, sizeof err);
    if (rc == CW_ECONFLICT || rc == CW_EINVAL) {
        dko_free(&x);
        api_problem(resp, 409, "bracket-conflict", "The bracket cannot take this result", "%s",
                    err);
        return -1;
    }
    if (rc == CW_OK)
        rc = dko_sync(req, e, s, &x);
    int64_t champ = rc == CW_OK ? ko_champion(&x.b, x.v) : 0;
    dko_free(&x);
    const char *want = champ ? "finished" : "running";
    if (rc == CW_OK && strcmp(e->state, want)) {
        json_t *eb = api_event_json(db, e);
        snprintf(e->state, sizeof e->state, "%s", want);
        rc = api_event_save(req, e, eb, champ ? "davis.finished" : "davis.reopened");
    }
    if (rc != CW_OK)
        return api_internal_error(resp, "advancing the bracket"), -1;
    return 0;
}

/* A round robin is finished when every tie is complete (each rubber decided, or void or
 * dead when dead rubbers are not played; a bye has nothing to play), and running again when
 * a correction reopens a tie. fresh: the match being decided, not yet stored. */
static int rr_settle(struct api_req *req, struct event *e, const struct davis_settings *s,
                     const struct match *fresh, struct api_resp *resp)
{
    struct db *db = req->app->db;
    struct davis_tie_row *ties = NULL;
    int n = 0, rc = db_davis_ties(db, e->id, &ties, &n), done = n > 0;
    for (int i = 0; rc == CW_OK && done && i < n; i++) {
        if (!ties[i].team[0] || !ties[i].team[1])
            continue;
        struct match rubbers[5];
        rc = db_tie_matches(db, e->tournament_id, ties[i].id, rubbers);
        if (rc != CW_OK)
            break;
        int res[5];
        tie_results(rubbers, fresh, res);
        struct davis_tie_state st;
        davis_tie_state(res, s->play_dead, &st);
        done = st.complete;
    }
    free(ties);
    const char *want = done ? "finished" : "running";
    if (rc == CW_OK && strcmp(e->state, want)) {
        json_t *eb = api_event_json(db, e);
        snprintf(e->state, sizeof e->state, "%s", want);
        rc = api_event_save(req, e, eb, done ? "davis.finished" : "davis.reopened");
    }
    if (rc != CW_OK)
        return api_internal_error(resp, "finishing the round robin"), -1;
    return 0;
}

/* A rubber's result decides or changes its tie. A correction in a phase whose later phases
 * were already played is refused unless the TD confirms the cascade; in a knockout, so is
 * one that changes the winner of a tie whose winner played on. Confirmed, the later
 * matches' results are undone, latest first, and audited. */
int api_davis_result(struct api_req *req, struct match *m, const struct match *before,
                     struct api_resp *resp)
{
    if (!m->tie_id || m->rubber < 1 || m->rubber > 5)
        return 0;
    struct db *db = req->app->db;
    struct match rubbers[5];
    struct event e;
    struct davis_tie_row tie;
    if (db_tie_matches(db, m->tournament_id, m->tie_id, rubbers) != CW_OK ||
        db_event_get(db, m->tournament_id, m->event_id, &e) != CW_OK ||
        db_davis_tie_get(db, m->tie_id, &tie) != CW_OK) {
        api_internal_error(resp, "reading the tie");
        return -1;
    }
    struct davis_settings s;
    settings_of(&e, &s);
    int phase = davis_rubbers[m->rubber - 1].phase;
    int correcting = before->winner >= 0 && before->winner != m->winner;
    /* undo: the later ties' rubbers (latest first), then this tie's later phases */
    struct match undo[(KO_MAX_ROUNDS + 1) * DAVIS_RUBBERS];
    int64_t reset[KO_MAX_ROUNDS];
    int n_undo = 0, n_reset = 0, later[5], n_later = 0;
    for (int i = DAVIS_RUBBERS - 1; correcting && i >= 0; i--)
        if (davis_rubbers[i].phase > phase && rubbers[i].id && rubbers[i].state != MS_SCHEDULED &&
            rubbers[i].state != MS_CALLED &&
            rubbers[i].state != MS_VOID) /* a void rubber was never played */
            later[n_later++] = i;
    int res[5];
    tie_results(rubbers, m, res);
    for (int k = 0; k < n_later; k++)
        res[later[k]] = DAVIS_OPEN;
    struct davis_tie_state st;
    davis_tie_state(res, s.play_dead, &st);
    if (s.knockout && st.winner != tie.winner && tie.winner >= 0 &&
        dko_path(db, &e, &tie, undo, &n_undo, KO_MAX_ROUNDS * DAVIS_RUBBERS, reset, &n_reset))
        return api_internal_error(resp, "reading the bracket"), -1;
    int n_path = n_undo;
    for (int k = 0; k < n_later; k++)
        undo[n_undo++] = rubbers[later[k]];
    if (n_undo && !json_is_true(json_object_get(req->json, "confirm_cascade"))) {
        api_problem(resp, 409, "cascade", "Later matches depend on this result",
                    "%d match%s of later phases of this tie%s %s already been played or "
                    "reported; send \"confirm_cascade\": true to undo them (latest first) with "
                    "this correction.",
                    n_undo, n_undo == 1 ? "" : "es",
                    n_path ? ", or of the later ties its winner played (KO-8)," : "",
                    n_undo == 1 ? "has" : "have");
        json_t *list = json_array();
        for (int k = n_path - 1; k >= 0; k--)
            json_array_append_new(list, json_integer(undo[k].id));
        for (int k = n_path; k < n_undo; k++)
            json_array_append_new(list, json_integer(undo[k].id));
        json_object_set_new(resp->json, "would_undo", list);
        return -1;
    }
    struct op o = api_op(req);
    for (int k = n_path - 1; k >= 0; k--)
        if (op_match_undo(&o, &undo[k], "davis.cascade_undo"))
            return api_internal_error(resp, "undoing a later match"), -1;
    for (int k = n_reset - 1; k >= 0; k--)
        if (db_davis_tie_set_winner(db, reset[k], -1))
            return api_internal_error(resp, "undoing a later tie"), -1;
    for (int k = 0; k < n_later; k++)
        if (op_match_undo(&o, &rubbers[later[k]], "davis.cascade_undo"))
            return api_internal_error(resp, "undoing a later match"), -1;
    /* dead rubbers are not played unless the setting says so; a correction may revive them */
    for (int i = 0; i < DAVIS_RUBBERS; i++) {
        struct match *x = &rubbers[i];
        if (!x->id || x->id == m->id)
            continue;
        int want = -1;
        if (!s.play_dead && st.dead[i] && x->state != MS_VOID)
            want = MS_VOID;
        else if (!st.dead[i] && x->state == MS_VOID)
            want = MS_SCHEDULED;
        if (want >= 0) {
            json_t *b = op_match_record_json(x);
            if (op_match_set_state(db, x, (enum match_state)want, req->now_ms, "system") ||
                op_match_save(&o, x, b,
                              want == MS_VOID ? "davis.rubber_void" : "davis.rubber_revived"))
                return api_internal_error(resp, "updating the tie"), -1;
        }
    }
    if (st.winner != tie.winner) {
        if (db_davis_tie_set_winner(db, tie.id, st.winner) ||
            api_emit(db, m->tournament_id, req->now_ms, "davis.tie",
                     json_pack("{s:I, s:I, s:o, s:[i, i]}", "event_id", (json_int_t)e.id, "tie_id",
                               (json_int_t)tie.id, "winner",
                               st.winner >= 0 ? json_string(st.winner ? "b" : "a") : json_null(),
                               "rubbers_won", st.wins[0], st.wins[1])))
            return api_internal_error(resp, "recording the tie"), -1;
        if (s.knockout && dko_advance(req, &e, &s, resp))
            return -1;
    }
    /* every result may complete the round robin (with play_dead, after the winner is known)
     * or, corrected, reopen it */
    if (!s.knockout && rr_settle(req, &e, &s, m, resp))
        return -1;
    return 0;
}

static const struct api_match_ext ext = {side_of, gate};

void api_davis_register(void)
{
    api_match_ext_register(&ext);
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
    settings_of(&e, &s);
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
             dko_load(db, &e, &x, err, sizeof err) == CW_OK;
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
            tie_results(rubbers, NULL, res);
            davis_tie_state(res, s.play_dead, &st);
            int points[2] = {0, 0};
            for (int k = 0; rc == CW_OK && k < DAVIS_RUBBERS; k++) {
                json_t *mj = api_match_json(db, &rubbers[k]);
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
    dko_free(&x);
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
