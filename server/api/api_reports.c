/* Results from the players and the TD: a side reports (final score, game by game, or a
 * transcript), the opponent confirms or reports otherwise (a dispute), the TD verifies
 * or corrects. Each report is checked before anything is stored (MATCH-1..7). */

#include <stdio.h>
#include <string.h>

#include "api/handlers.h"
#include "api/json.h"
#include "api/matches.h"
#include "api/reports.h"
#include "api/tx.h"
#include "ops/decide.h"
#include "ops/report.h"
#include "ops/report_check.h"
#include "ops/report_replay.h"
#include "tourney/results.h"

static const char side_name[2][2] = {"a", "b"};

json_t *api_report_json(struct db *db, const struct report *r, const struct match *m)
{
    json_t *games = op_report_games_json(db, r, m);
    json_t *flags = r->flags ? json_loads(r->flags, 0, NULL) : NULL;
    return json_pack(
        "{s:I, s:o, s:s, s:s, s:b, s:b, s:{s:i, s:i}, s:o, s:o, s:o, s:o, s:o}", "id",
        (json_int_t)r->id, "side",
        r->side >= 0 ? json_string(side_name[r->side]) : json_string("td"), "by", r->actor, "kind",
        r->kind, "complete", r->complete, "current", r->current, "score", "a", r->score[0], "b",
        r->score[1], "winner", r->winner >= 0 ? json_string(side_name[r->winner]) : json_null(),
        "games", games ? games : json_array(), "flags", flags ? flags : json_array(), "reported_at",
        op_time_json(r->created_ms), "conceded",
        r->conceded && r->winner >= 0 ? json_string(side_name[1 - r->winner]) : json_null());
}

static const struct api_field score_fields[] = {
    {"a", F_INT, 1, 0, 0, 999, NULL, NULL},
    {"b", F_INT, 1, 0, 0, 999, NULL, NULL},
    {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

static const char *const orders[] = {"ab", "ba", NULL};

/* exactly one of: the final score, one money-style game, the games one by one, a JSON game
 * record, a .mat file (with "order": which of its players is side a) */
static const struct api_field report_fields[] = {
    {"score", F_OBJ, 0, 0, 0, 0, NULL, score_fields},
    {"game", F_OBJ, 0, 0, 0, 0, NULL, api_game_fields},
    {"games", F_ANY, 0, 0, 0, 0, NULL, NULL},
    {"transcript", F_ANY, 0, 0, 0, 0, NULL, NULL},
    {"mat", F_STR_MULTILINE, 0, 0, 1, 1024 * 1024, NULL, NULL},
    {"order", F_ENUM, 0, 0, 0, 0, orders, NULL},
    {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

int api_report_from_json(struct api_req *req, const struct match *m, json_t *body, struct report *r,
                         struct api_resp *resp)
{
    memset(r, 0, sizeof *r);
    r->winner = -1;
    r->created_ms = req->now_ms;
    if (api_check_fields(body, report_fields, 0, resp))
        return -1;
    int kinds = !!json_object_get(body, "score") + !!json_object_get(body, "game") +
                !!json_object_get(body, "games") + !!json_object_get(body, "transcript") +
                !!json_object_get(body, "mat");
    if (kinds != 1) {
        api_problem(resp, 422, "validation", "Which result?",
                    "A report gives exactly one of: score (the final score), game (one "
                    "money-style game), games (game by game), transcript (a JSON game record) "
                    "or mat (a .mat file).");
        return -1;
    }
    json_t *score = json_object_get(body, "score");
    if (score && m->length == 0) {
        /* a score says who won, not by what: a money game's chips need the cube and
         * whether it was a gammon (SWING-3) */
        api_problem(resp, 422, "validation", "Report the game, not a score",
                    "Match %lld is one money-style game of a Swing event: report it as one "
                    "game (\"game\": {\"winner\", \"cube\", \"result\"}), or as \"games\" "
                    "or a \"transcript\" with that one game; a score does not say the cube or "
                    "the gammon the chips depend on (SWING-3).",
                    (long long)m->id);
        api_problem_field(resp, "score",
                          "a Swing game is reported as one game (game, games or transcript), "
                          "not as a score");
        return -1;
    }
    if (score) {
        struct problem pb = {0, NULL};
        int a = (int)json_integer_value(json_object_get(score, "a"));
        int b = (int)json_integer_value(json_object_get(score, "b"));
        if (op_report_of_score(m, a, b, req->now_ms, "score", r, &pb)) {
            api_reply_problem(resp, &pb);
            return -1;
        }
        return 0;
    }
    return api_report_games(req, m, body, r, resp);
}

/* ---- the state after a change of reports ---- */

/* ---- a concession (MATCH-7) ---- */

/* The body {"concede": true} and nothing else; a Swing game is not conceded (its chips
 * depend on the cube and the gammon, SWING-3). 0, or -1 with a 422 naming the field. */
static int check_concede(const struct match *m, json_t *body, struct api_resp *resp)
{
    if (!json_is_true(json_object_get(body, "concede")))
        api_problem_field(resp, "concede",
                          "must be true: {\"concede\": true} concedes the match to your opponent");
    const char *key;
    json_t *v;
    json_object_foreach(body, key, v)
    {
        if (strcmp(key, "concede"))
            api_problem_field(resp, key,
                              "is not allowed with concede: a concession gives the opponent the "
                              "match at the score as it stands");
    }
    if (!resp->json && m->length == 0) {
        api_problem(resp, 422, "validation", "A Swing game is not conceded",
                    "Match %lld is one money-style game of a Swing event: report the game "
                    "(\"game\": {\"winner\", \"cube\", \"result\"}); its chips depend on the "
                    "cube and the gammon (SWING-3).",
                    (long long)m->id);
        api_problem_field(resp, "concede", "a Swing game is reported, not conceded");
    }
    return resp->json ? -1 : 0;
}

static int do_report(struct api_req *req, struct match *m, struct api_resp *resp,
                     const char **action)
{
    int conceding = json_is_object(req->json) && json_object_get(req->json, "concede");
    int side = api_player_side(req, m, resp);
    if (side < 0 || api_report_open(req, m, resp))
        return -1;
    if (conceding && check_concede(m, req->json, resp))
        return -1;
    struct op o = api_op(req);
    struct problem pb = {0, NULL};
    int rc;
    if (conceding) {
        rc = op_report_concede(&o, m, side, &pb, action);
    } else {
        struct report r;
        if (api_report_from_json(req, m, req->json, &r, resp)) {
            report_free(&r);
            if (!resp->json)
                api_internal_error(resp, "reading the report");
            return -1;
        }
        rc = op_report_file(&o, m, side, &r, &pb, action);
        report_free(&r);
    }
    if (rc) {
        api_reply_problem(resp, &pb);
        return -1;
    }
    return 0;
}

void api_match_report(struct api_req *req, struct api_resp *resp)
{
    api_match_change(req, resp, "match.reported", do_report);
}

static int do_unreport(struct api_req *req, struct match *m, struct api_resp *resp,
                       const char **action)
{
    int side = api_player_side(req, m, resp);
    if (side < 0 || api_report_open(req, m, resp))
        return -1;
    struct op o = api_op(req);
    struct problem pb = {0, NULL};
    if (op_report_withdraw(&o, m, side, &pb, action)) {
        api_reply_problem(resp, &pb);
        return -1;
    }
    return 0;
}

void api_match_unreport(struct api_req *req, struct api_resp *resp)
{
    api_match_change(req, resp, "match.report_withdrawn", do_unreport);
}

static int do_confirm(struct api_req *req, struct match *m, struct api_resp *resp,
                      const char **action)
{
    int side = api_player_side(req, m, resp);
    if (side < 0 || api_report_open(req, m, resp))
        return -1;
    /* the report the player saw: the reporter may have changed it meanwhile */
    json_t *seen = req->json ? json_object_get(req->json, "report_id") : NULL;
    if (req->json &&
        (json_object_size(req->json) > 1 || (json_object_size(req->json) == 1 && !seen) ||
         (seen && (!json_is_integer(seen) || json_integer_value(seen) < 1)))) {
        api_problem_field(
            resp, "report_id",
            "the body is {\"report_id\": the id of the report you confirm}, or empty");
        return -1;
    }
    struct op o = api_op(req);
    struct problem pb = {0, NULL};
    if (op_report_confirm(&o, m, side, seen ? json_integer_value(seen) : 0, &pb, action)) {
        api_reply_problem(resp, &pb);
        return -1;
    }
    return 0;
}

void api_match_confirm(struct api_req *req, struct api_resp *resp)
{
    api_match_change(req, resp, "match.verified", do_confirm);
}

/* ---- the TD ---- */

static const struct api_field verify_fields[] = {
    {"report_id", F_INT, 0, 0, 1, 1000000000000L, NULL, NULL},
    {"score", F_OBJ, 0, 0, 0, 0, NULL, score_fields},
    {"game", F_OBJ, 0, 0, 0, 0, NULL, api_game_fields},
    {"games", F_ANY, 0, 0, 0, 0, NULL, NULL},
    {"transcript", F_ANY, 0, 0, 0, 0, NULL, NULL},
    {"mat", F_STR_MULTILINE, 0, 0, 1, 1024 * 1024, NULL, NULL},
    {"order", F_ENUM, 0, 0, 0, 0, orders, NULL},
    {"reason", F_STR, 0, 0, 0, 500, NULL, NULL},
    {"confirm_cascade", F_BOOL, 0, 0, 0, 0, NULL, NULL},
    {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

/* The TD's decision: an existing complete report (report_id) or one the TD gives. */
static int td_decide(struct api_req *req, struct match *m, struct api_resp *resp)
{
    if (api_check_fields(req->json, verify_fields, 0, resp))
        return -1;
    if (!m->player[0] || !m->player[1]) {
        api_problem(resp, 409, "players-unknown", "Players not known yet",
                    "Match %lld has no opponent yet.", (long long)m->id);
        return -1;
    }
    struct db *db = req->app->db;
    struct report r;
    json_t *rid = json_object_get(req->json, "report_id");
    if (rid &&
        (int)json_object_size(req->json) > 1 + !!json_object_get(req->json, "reason") +
                                               !!json_object_get(req->json, "confirm_cascade")) {
        api_problem(resp, 422, "validation", "Which result?",
                    "Give report_id (one of the players' reports) or a result of the TD's own "
                    "(score, game, games, transcript or mat), not both.");
        return -1;
    }
    if (rid) {
        int rc = db_report_get(db, m->id, json_integer_value(rid), &r);
        if (rc == CW_ENOTFOUND || (rc == CW_OK && (!r.complete || !r.current))) {
            if (rc == CW_OK)
                report_free(&r);
            api_problem(resp, 422, "validation", "No such report",
                        "Match %lld has no current, complete report %lld.", (long long)m->id,
                        (long long)json_integer_value(rid));
            api_problem_field(resp, "report_id", "is not a current, complete report of match %lld",
                              (long long)m->id);
            return -1;
        }
        if (rc != CW_OK) {
            api_internal_error(resp, "reading the report");
            return -1;
        }
    } else {
        json_t *body = json_deep_copy(req->json);
        json_object_del(body, "reason");
        json_object_del(body, "confirm_cascade");
        int rc = api_report_from_json(req, m, body, &r, resp);
        json_decref(body);
        if (rc) {
            report_free(&r);
            return -1;
        }
        if (!r.complete) {
            report_free(&r);
            api_problem(resp, 422, "incomplete-result", "The match is not over",
                        "The games given end at %d-%d in a %d-point match: the TD verifies "
                        "only a finished match.",
                        r.score[0], r.score[1], m->length);
            return -1;
        }
    }
    /* the verdict itself: ops/decide.c */
    struct op o = api_op(req);
    struct problem pb = {0, NULL};
    int rc = op_match_verify(&o, m, &r, !rid, &pb);
    report_free(&r);
    if (rc) {
        api_reply_problem(resp, &pb);
        return -1;
    }
    return 0;
}

static int do_verify(struct api_req *req, struct match *m, struct api_resp *resp,
                     const char **action)
{
    if (api_match_gate(req, m, resp))
        return -1;
    if (match_finished(m)) {
        api_problem(resp, 409, "match-finished", "Already decided",
                    "Match %lld is already %s; use correct to change its result.", (long long)m->id,
                    match_state_name(m->state));
        return -1;
    }
    return td_decide(req, m, resp);
}

void api_match_verify(struct api_req *req, struct api_resp *resp)
{
    api_match_change(req, resp, "match.verified", do_verify);
}

static int do_correct(struct api_req *req, struct match *m, struct api_resp *resp,
                      const char **action)
{
    if (!match_finished(m)) {
        api_problem(resp, 409, "not-decided", "Nothing to correct",
                    "Match %lld is %s, not decided; verify it instead.", (long long)m->id,
                    match_state_name(m->state));
        return -1;
    }
    return td_decide(req, m, resp);
}

void api_match_correct(struct api_req *req, struct api_resp *resp)
{
    api_match_change(req, resp, "match.corrected", do_correct);
}

void api_match_reports(struct api_req *req, struct api_resp *resp)
{
    struct db *db = req->app->db;
    struct match m;
    db_lock(db);
    int rc = db_match_get(db, req->ids[0], req->ids[1], &m);
    if (rc != CW_OK) {
        db_unlock(db);
        if (rc == CW_ENOTFOUND)
            api_match_not_found(resp, req->ids[0], req->ids[1]);
        else
            api_internal_error(resp, "reading the match");
        return;
    }
    if (!req->is_td && api_match_side(req, &m) < 0) {
        db_unlock(db);
        api_problem(resp, 403, "not-your-match", "Not your match",
                    "Only the TD and the players of match %lld see its reports.", (long long)m.id);
        return;
    }
    /* side by side: a, b, and the TD's own */
    json_t *out = json_object();
    static const char *keys[3] = {"a", "b", "td"};
    struct report r[3];
    int have[3];
    for (int s = 0; s < 3; s++) {
        have[s] = db_report_current(db, m.id, s == 2 ? -1 : s, &r[s]) == CW_OK;
        json_object_set_new(out, keys[s], have[s] ? api_report_json(db, &r[s], &m) : json_null());
    }
    json_t *reply = json_pack("{s:o, s:o}", "match", op_match_json(db, &m), "reports", out);
    if (m.state == MS_DISPUTED && have[0] && have[1]) {
        /* what MATCH-4 says about the dispute, for the TD who decides it */
        char why[256];
        int p = results_dispute_prevails(&r[0], &r[1], why, sizeof why);
        json_object_set_new(reply, "dispute",
                            json_pack("{s:o, s:o, s:s}", "prevails",
                                      p >= 0 ? json_string(keys[p]) : json_null(), "report_id",
                                      p >= 0 ? json_integer(r[p].id) : json_null(), "why", why));
    }
    for (int s = 0; s < 3; s++)
        if (have[s])
            report_free(&r[s]);
    db_unlock(db);
    api_reply_json(resp, 200, reply);
}
