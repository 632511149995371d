/* Penalties over HTTP (PEN-5, MATCH-5): the TD gives a warning or penalty points, which go
 * to the opponent's score (in the match and in each side's report in progress); reaching
 * the length decides the match. */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/clock_frame.h"
#include "api/handlers.h"
#include "api/json.h"
#include "api/matches.h"
#include "api/penalties.h"
#include "api/reports.h"
#include "api/tx.h"
#include "ops/match.h"
#include "tourney/results.h"

static const char side_name[2][2] = {"a", "b"};
static const char *const sides_ab[] = {"a", "b", NULL};

/* ---- penalties (PEN-5, MATCH-5) ---- */

static json_t *penalty_json(const struct penalty *p)
{
    return json_pack("{s:I, s:I, s:s, s:s, s:i, s:s, s:i, s:I, s:o}", "id", (json_int_t)p->id,
                     "match_id", (json_int_t)p->match_id, "side", side_name[p->side], "kind",
                     p->kind, "points", p->points, "reason", p->reason, "before_game",
                     p->before_game, "created_ms", (json_int_t)p->created_ms, "created_at",
                     op_time_json(p->created_ms));
}

/* The games of a report so far. */
static int games_in(const struct report *r)
{
    if (!r->games || !r->games[0])
        return 0;
    if (!strcmp(r->kind, "games")) {
        int n = 1;
        for (const char *p = r->games; *p; p++)
            n += *p == ',';
        return n;
    }
    json_t *j = json_loads(r->games, 0, NULL);
    int n = (int)json_array_size(j);
    json_decref(j);
    return n;
}

/* Refuses a penalty when a side has reported the match over: the result is settled first. */
/* Each side's current report: how many games it has and whether it is complete (0 and 0
 * when the side has none). -1 when the database failed. */
int api_cx_report_counts(struct cx *x, int games[2], int complete[2])
{
    for (int s = 0; s < 2; s++) {
        struct report r;
        games[s] = complete[s] = 0;
        int rc = db_report_current(x->req->app->db, x->m.id, s, &r);
        if (rc == CW_ENOTFOUND)
            continue;
        if (rc != CW_OK)
            return -1;
        games[s] = games_in(&r);
        complete[s] = r.complete;
        report_free(&r);
    }
    return 0;
}

int api_cx_reports_state(struct cx *x, int *max_games)
{
    *max_games = 0;
    int games[2], done[2];
    if (api_cx_report_counts(x, games, done))
        return -1;
    for (int s = 0; s < 2; s++) {
        int n = games[s], complete = done[s];
        if (complete) {
            api_problem(x->resp, 409, "reported-over", "The match is reported over",
                        "Side %s has reported match %lld as finished; verify or correct the "
                        "result before giving penalty points (MATCH-5).",
                        side_name[s], (long long)x->m.id);
            return -1;
        }
        if (n > *max_games)
            *max_games = n;
    }
    return 0;
}

/* MATCH-5: `points` against `side` go to the opponent's score: in the match and in each
 * side's report in progress (the penalty comes after the games reported so far). Reaching
 * the length decides the match. */
int api_cx_give_points(struct cx *x, int side, int points)
{
    struct db *db = x->req->app->db;
    int opp = 1 - side, len = x->m.length;
    api_cx_match_touch(x, "match.penalty");
    x->m.penalty[opp] += points;
    x->m.score[opp] = x->m.score[opp] + points > len ? len : x->m.score[opp] + points;
    int reports = 0;
    for (int s = 0; s < 2; s++) {
        struct report r;
        int rc = db_report_current(db, x->m.id, s, &r);
        if (rc == CW_ENOTFOUND)
            continue;
        if (rc != CW_OK)
            return -1;
        reports++;
        r.score[opp] = r.score[opp] + points > len ? len : r.score[opp] + points;
        if (results_over(len, r.score) == opp) {
            r.complete = 1;
            r.winner = opp;
        }
        rc = db_report_update_games(db, &r);
        report_free(&r);
        if (rc)
            return -1;
    }
    if (reports) {
        const char *action = x->action;
        if (api_report_settle(x->req, &x->m, x->resp, &action))
            return -1;
        x->action = !strcmp(action, "match.verified") ? action : "match.penalty";
        return 0;
    }
    if (results_over(len, x->m.score) == opp) {
        x->action = "match.verified";
        return api_match_decide(x->req, &x->m, x->resp, MS_VERIFIED, opp, ME_RULING);
    }
    return 0;
}

/* Records a penalty (audit, event); apply: its points go to the opponent's score now. */
int api_cx_add_penalty(struct cx *x, int side, const char *kind, int points, const char *reason,
                       int before_game, int apply, struct penalty *out)
{
    memset(out, 0, sizeof *out);
    out->match_id = x->m.id;
    out->side = side;
    snprintf(out->kind, sizeof out->kind, "%s", kind);
    out->points = points;
    snprintf(out->reason, sizeof out->reason, "%s", reason);
    out->before_game = before_game;
    api_actor(x->req, out->actor, sizeof out->actor);
    out->created_ms = x->req->now_ms;
    struct db *db = x->req->app->db;
    if (db_penalty_insert(db, out))
        return -1;
    x->wrote = 1;
    json_t *pj = penalty_json(out);
    char *s = json_dumps(pj, JSON_COMPACT);
    char *ev = NULL;
    int rc = s ? db_audit(db, x->m.tournament_id, x->req->now_ms, out->actor, "match.penalty",
                          "penalty", out->id, NULL, s)
               : CW_EDB;
    if (!rc && asprintf(&ev, "{\"penalty\":%s}", s) < 0)
        rc = CW_EDB;
    if (!rc)
        rc = db_event_add(db, x->m.tournament_id, x->req->now_ms, "penalty", ev);
    free(s);
    free(ev);
    json_decref(pj);
    if (rc)
        return -1;
    return points && apply ? api_cx_give_points(x, side, points) : 0;
}

static const char *const kinds[] = {"warning", "points", NULL};
static const struct api_field penalty_fields[] = {
    {"side", F_ENUM, 1, 0, 0, 0, sides_ab, NULL},     {"kind", F_ENUM, 1, 0, 0, 0, kinds, NULL},
    {"points", F_INT, 0, 0, 0, 99, NULL, NULL},       {"reason", F_STR, 1, 0, 1, 500, NULL, NULL},
    {"before_game", F_INT, 0, 0, 0, 999, NULL, NULL}, {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

static int op_penalty(struct cx *x)
{
    json_t *j = x->req->json;
    if (api_check_fields(j, penalty_fields, 0, x->resp))
        return -1;
    int side = api_cx_side_of(j, "side");
    int warning = !strcmp(api_str(j, "kind"), "warning");
    int points = (int)json_integer_value(json_object_get(j, "points"));
    if (warning && points) {
        api_problem_field(x->resp, "points", "a warning gives no points (PEN-5)");
        return -1;
    }
    if (!warning && (points < 1 || (x->m.length > 0 && points > x->m.length))) {
        api_problem_field(x->resp, "points", "penalty points are 1 to the match length, %d (PEN-5)",
                          x->m.length);
        return -1;
    }
    if (match_finished(&x->m))
        return api_cx_refuse_finished(x);
    if (!x->m.player[0] || !x->m.player[1]) {
        api_problem(x->resp, 409, "players-unknown", "Players not known yet",
                    "Match %lld has no opponent yet.", (long long)x->m.id);
        return -1;
    }
    if (!warning && x->m.length < 1) {
        api_problem_field(x->resp, "points",
                          "a single money-style game has no match score to add points to");
        return -1;
    }
    int games;
    if (api_cx_reports_state(x, &games))
        return x->resp->json ? -1 : (api_internal_error(x->resp, "reading the reports"), -1);
    json_t *bg = json_object_get(j, "before_game");
    struct penalty p;
    if (api_cx_add_penalty(x, side, warning ? "warning" : "points", warning ? 0 : points,
                           api_str(j, "reason"), bg ? (int)json_integer_value(bg) : games, 1, &p))
        return -1;
    x->status = 201;
    json_t *out = penalty_json(&p);
    json_object_set_new(out, "match", op_match_record_json(&x->m));
    api_reply_json(x->resp, 201, out);
    return 0;
}

void api_penalty_add(struct api_req *req, struct api_resp *resp)
{
    api_cx_run(req, resp, op_penalty);
}

void api_penalties_list(struct api_req *req, struct api_resp *resp)
{
    struct db *db = req->app->db;
    struct match m;
    db_lock(db);
    int rc = db_match_get(db, req->ids[0], req->ids[1], &m);
    struct penalty *p = NULL;
    int n = 0;
    if (rc == CW_OK)
        rc = db_penalties(db, m.id, &p, &n);
    db_unlock(db);
    if (rc == CW_ENOTFOUND) {
        api_match_not_found(resp, req->ids[0], req->ids[1]);
        return;
    }
    if (rc != CW_OK) {
        api_internal_error(resp, "reading the penalties");
        return;
    }
    json_t *arr = json_array();
    for (int i = 0; i < n; i++)
        json_array_append_new(arr, penalty_json(&p[i]));
    free(p);
    api_reply_json(resp, 200,
                   json_pack("{s:o, s:{s:i, s:i}}", "penalties", arr, "penalty_points", "a",
                             m.penalty[0], "b", m.penalty[1]));
}
