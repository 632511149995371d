/* Penalties (PEN-5, MATCH-5): the TD gives a warning or penalty points, which go to the
 * opponent's score (in the match and in each side's report in progress); reaching the
 * length decides the match. Lateness points (lateness_acts.c) are penalties too. Each in
 * the frame of clock_frame.c. */
#include "ops/clock/clock_acts.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ops/records/clock.h"
#include "ops/result/decide.h"
#include "ops/people/deciders.h"
#include "ops/records/match.h"
#include "ops/frame/record.h"
#include "tourney/results.h"

static const char side_name[2][2] = {"a", "b"};

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

/* Each side's current report: how many games it has and whether it is complete (0 and 0
 * when the side has none). -1 when the database failed. */
int op_cx_report_counts(struct cx *x, int games[2], int complete[2])
{
    for (int s = 0; s < 2; s++) {
        struct report r;
        games[s] = complete[s] = 0;
        int rc = db_report_current(x->o.db, x->m.id, s, &r);
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

int op_cx_reports_state(struct cx *x, int *max_games)
{
    *max_games = 0;
    int games[2], done[2];
    if (op_cx_report_counts(x, games, done))
        return -1;
    for (int s = 0; s < 2; s++) {
        int n = games[s], complete = done[s];
        if (complete) {
            problem_set(&x->pb, 409, "reported-over", "The match is reported over",
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
static int give_points(struct cx *x, int side, int points)
{
    struct db *db = x->o.db;
    int opp = 1 - side, len = x->m.length;
    op_cx_match_touch(x, "match.penalty");
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
        if (op_match_settle(&x->o, &x->m, &x->pb, &action))
            return -1;
        x->action = !strcmp(action, "match.verified") ? action : "match.penalty";
        return 0;
    }
    if (results_over(len, x->m.score) == opp) {
        x->action = "match.verified";
        return op_match_decide(&x->o, &x->m, &x->pb, MS_VERIFIED, opp, ME_RULING);
    }
    return 0;
}

/* Records a penalty (audit, stream entry); apply: its points go to the opponent's score now. */
int op_cx_add_penalty(struct cx *x, int side, const char *kind, int points, const char *reason,
                      int before_game, int apply, struct penalty *out)
{
    memset(out, 0, sizeof *out);
    out->match_id = x->m.id;
    out->side = side;
    snprintf(out->kind, sizeof out->kind, "%s", kind);
    out->points = points;
    snprintf(out->reason, sizeof out->reason, "%s", reason);
    out->before_game = before_game;
    snprintf(out->actor, sizeof out->actor, "%s", x->o.who.actor);
    out->created_ms = x->o.now_ms;
    struct db *db = x->o.db;
    if (db_penalty_insert(db, out))
        return -1;
    x->wrote = 1;
    json_t *pj = op_penalty_json(out);
    char *s = json_dumps(pj, JSON_COMPACT);
    char *ev = NULL;
    int rc = s ? db_audit(db, x->m.tournament_id, x->o.now_ms, out->actor, "match.penalty",
                          "penalty", out->id, NULL, s)
               : CW_EDB;
    if (!rc) {
        json_t *entry =
            json_pack("{s:O, s:o}", "penalty", pj, "label", op_match_label_json(db, &x->m));
        ev = entry ? json_dumps(entry, JSON_COMPACT) : NULL;
        json_decref(entry);
        if (!ev)
            rc = CW_EDB;
    }
    if (!rc)
        rc = db_stream_add(db, x->m.tournament_id, x->o.now_ms, "penalty", ev);
    free(s);
    free(ev);
    json_decref(pj);
    if (rc)
        return -1;
    return points && apply ? give_points(x, side, points) : 0;
}

int op_penalty_give(struct cx *x, const void *in)
{
    const struct penalty_in *v = in;
    int side = v->side, warning = v->warning, points = v->points;
    /* points decide (GOV-6a); a warning does not */
    if (!warning && op_decider_check(&x->o, &x->m, 0, &x->pb))
        return -1;
    if (warning && points) {
        problem_field(&x->pb, "points", "a warning gives no points (PEN-5)");
        return -1;
    }
    if (!warning && (points < 1 || (x->m.length > 0 && points > x->m.length))) {
        problem_field(&x->pb, "points", "penalty points are 1 to the match length, %d (PEN-5)",
                      x->m.length);
        return -1;
    }
    if (match_finished(&x->m))
        return op_cx_refuse_finished(x);
    if (!x->m.player[0] || !x->m.player[1]) {
        problem_set(&x->pb, 409, "players-unknown", "Players not known yet",
                    "Match %lld has no opponent yet.", (long long)x->m.id);
        return -1;
    }
    if (!warning && x->m.length < 1) {
        problem_field(&x->pb, "points",
                      "a single money-style game has no match score to add points to");
        return -1;
    }
    int games;
    if (op_cx_reports_state(x, &games))
        return x->pb.json ? -1 : (problem_internal(&x->pb, "reading the reports"), -1);
    struct penalty p;
    if (op_cx_add_penalty(x, side, warning ? "warning" : "points", warning ? 0 : points, v->reason,
                          v->before_game >= 0 ? v->before_game : games, 1, &p))
        return -1;
    x->status = 201;
    json_t *out = op_penalty_json(&p);
    json_object_set_new(out, "match", op_match_record_json(&x->m));
    op_cx_reply(x, 201, out);
    return 0;
}
