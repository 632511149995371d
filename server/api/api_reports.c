/* Results from the players and the TD over HTTP: a side reports (final score, game by game,
 * or a transcript), concedes, withdraws its report, the opponent confirms or reports
 * otherwise (a dispute), the TD verifies or corrects. Each body is parsed into its typed
 * input (report_games.c) and run in the match's frame (ops/match/match_frame.c, the operations of
 * ops/match/match_change.c), where it is checked against the match before anything is stored
 * (MATCH-1..7); and both sides' reports read side by side (ops/records/match_read.c). */

#include <stdio.h>
#include <string.h>

#include "api/handlers.h"
#include "api/json.h"
#include "api/matches.h"
#include "api/reports.h"
#include "api/tx.h"
#include "ops/match/match_change.h"
#include "ops/records/match_read.h"

/* ---- a side's report, run in the match's frame (who may act: MX_PLAYER) ---- */

/* The body {"concede": true} and nothing else (MATCH-7). 0, or -1 with a 422 naming the
 * field in pb. */
static int check_concede(json_t *body, struct problem *pb)
{
    if (!json_is_true(json_object_get(body, "concede")))
        problem_field(pb, "concede",
                      "must be true: {\"concede\": true} concedes the match to your opponent");
    const char *key;
    json_t *v;
    json_object_foreach(body, key, v)
    {
        if (strcmp(key, "concede"))
            problem_field(pb, key,
                          "is not allowed with concede: a concession gives the opponent the "
                          "match at the score as it stands");
    }
    return pb->json ? -1 : 0;
}

void api_match_report(struct api_req *req, struct api_resp *resp)
{
    struct api_mx c = {.may = MX_PLAYER, .action = "match.reported", .fn = op_mx_report};
    if (json_is_object(req->json) && json_object_get(req->json, "concede")) {
        check_concede(req->json, &c.invalid);
        c.fn = op_mx_concede;
        api_match_run(req, resp, &c);
        return;
    }
    struct api_val v[R__PLAYERS];
    struct report_in in;
    memset(&in, 0, sizeof in);
    if (!api_fields_check(req->json, api_report_fields, 0, v, &c.invalid))
        api_report_in(v, &in, &c.invalid);
    in.is_td = req->is_td;
    c.in = &in;
    api_match_run(req, resp, &c);
    report_in_free(&in);
}

void api_match_unreport(struct api_req *req, struct api_resp *resp)
{
    struct api_mx c = {.may = MX_PLAYER, .action = "match.report_withdrawn", .fn = op_mx_unreport};
    api_match_run(req, resp, &c);
}

/* the report the player saw, optional: the reporter may have changed it meanwhile */
static const struct api_field confirm_fields[] = {
    {"report_id", F_INT, 0, 0, 1, 1000000000000L, NULL, NULL},
    {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

void api_match_confirm(struct api_req *req, struct api_resp *resp)
{
    struct api_mx c = {.may = MX_PLAYER, .action = "match.verified", .fn = op_mx_confirm};
    struct api_val v[1];
    api_fields_check(req->json, confirm_fields, 0, v, &c.invalid);
    int64_t seen = v[0].i; /* 0: whatever is current */
    c.in = &seen;
    api_match_run(req, resp, &c);
}

/* ---- the TD's verdict: an existing complete report (report_id) or one the TD gives ---- */

static void verdict(struct api_req *req, struct api_resp *resp, enum mx_may may, const char *action)
{
    struct api_mx c = {.may = may, .action = action, .fn = op_mx_verdict};
    struct api_val v[R__N];
    struct verdict_in in;
    memset(&in, 0, sizeof in);
    if (!api_fields_check(req->json, api_verdict_fields, 0, v, &c.invalid)) {
        int result = v[R_SCORE].set || v[R_GAME].set || v[R_GAMES].set || v[R_TRANSCRIPT].set ||
                     v[R_MAT].set || v[R_ORDER].set;
        if (v[R_REPORT_ID].set && result)
            problem_set(&c.invalid, 422, "validation", "Which result?",
                        "Give report_id (one of the players' reports) or a result of the TD's "
                        "own (score, game, games, transcript or mat), not both.");
        else if (v[R_REPORT_ID].set)
            in.report_id = v[R_REPORT_ID].i;
        else
            api_report_in(v, &in.result, &c.invalid);
        c.reason = v[R_REASON].s;
        c.confirm_cascade = (int)v[R_CASCADE].i;
    }
    in.result.is_td = req->is_td;
    c.in = &in;
    api_match_run(req, resp, &c);
    report_in_free(&in.result);
}

void api_match_verify(struct api_req *req, struct api_resp *resp)
{
    verdict(req, resp, MX_TD_UNDECIDED, "match.verified");
}

void api_match_correct(struct api_req *req, struct api_resp *resp)
{
    verdict(req, resp, MX_TD_DECIDED, "match.corrected");
}

static int read_reports(struct api_req *req, const struct op *o, void *in, struct api_resp *resp)
{
    struct match m;
    if (api_match_private(req, o, resp, &m, "MATCH-4"))
        return -1;
    api_reply_json(resp, 200, op_match_reports_json(o->db, &m));
    return 0;
}

void api_match_reports(struct api_req *req, struct api_resp *resp)
{
    api_read(req, resp, read_reports, NULL);
}
