/* Matches over HTTP: create (standalone), edit and call (ops/match_acts.c), forfeit,
 * withdraw and disqualify (ops/decide.c), each body checked into its operation's input;
 * list and read. Reports and their validation are in api_reports.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/fields.h"
#include "api/handlers.h"
#include "api/json.h"
#include "api/matches.h"
#include "ops/table_acts.h"
#include "api/reports.h"
#include "api/tx.h"
#include "ops/decide.h"
#include "ops/match.h"
#include "ops/match_acts.h"
#include "store/store.h"

/* ---- TD: create, edit, call, forfeit ---- */

static const struct api_field match_fields[] = {
    {"player_a", F_INT, 1, 0, 1, 1000000000L, NULL, NULL},
    {"player_b", F_INT, 1, 0, 1, 1000000000L, NULL, NULL},
    {"length", F_INT, 1, 0, 1, 99, NULL, NULL},
    {"table", F_STR, 0, 0, 0, M_TABLE_MAX, NULL, NULL},
    {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

void api_match_create(struct api_req *req, struct api_resp *resp)
{
    if (api_check_fields(req->json, match_fields, 0, resp))
        return;
    struct match m;
    memset(&m, 0, sizeof m);
    m.tournament_id = req->ids[0];
    m.player[0] = json_integer_value(json_object_get(req->json, "player_a"));
    m.player[1] = json_integer_value(json_object_get(req->json, "player_b"));
    m.length = (int)json_integer_value(json_object_get(req->json, "length"));
    const char *table = api_str(req->json, "table");
    snprintf(m.table, sizeof m.table, "%s", table ? table : "");
    m.state = MS_SCHEDULED;
    m.winner = -1;
    if (m.player[0] == m.player[1]) {
        api_problem_field(resp, "player_b", "is the same player as player_a");
        return;
    }
    if (api_tx_begin(req, resp))
        return;
    struct db *db = req->app->db;
    struct op o = api_op(req);
    struct problem pb = {0, NULL};
    if (op_match_create(&o, &m, &pb)) {
        api_tx_rollback(req);
        api_reply_problem(resp, &pb);
        return;
    }
    snprintf(resp->location, sizeof resp->location, "/api/v1/tournaments/%lld/matches/%lld",
             (long long)m.tournament_id, (long long)m.id);
    api_reply_json(resp, 201, op_match_json(db, &m));
    api_tx_commit(req, resp);
}

void api_matches_list(struct api_req *req, struct api_resp *resp)
{
    struct db *db = req->app->db;
    const char *ps = api_arg(req, "player");
    int64_t player = 0;
    if (ps) {
        char *end;
        player = strtoll(ps, &end, 10);
        if (!*ps || *end || player <= 0) {
            api_problem(resp, 400, "validation", "Bad query", "player must be a player id.");
            return;
        }
    }
    db_lock(db);
    struct tournament t;
    struct match *ms = NULL;
    int n = 0;
    int rc = db_tournament_get(db, req->ids[0], &t);
    if (rc == CW_OK)
        rc = db_match_list(db, t.id, player, &ms, &n);
    json_t *arr = rc == CW_OK ? op_matches_json(db, ms, n) : NULL;
    db_unlock(db);
    if (rc == CW_OK && !arr)
        rc = CW_ENOMEM;
    free(ms);
    if (rc == CW_ENOTFOUND) {
        json_decref(arr);
        api_problem(resp, 404, "not-found", "No such tournament", "There is no tournament %lld.",
                    (long long)req->ids[0]);
        return;
    }
    if (rc != CW_OK) {
        json_decref(arr);
        api_internal_error(resp, "listing matches");
        return;
    }
    api_reply_json(resp, 200, json_pack("{s:o}", "matches", arr));
}

/* Every state the match has passed through, in order, with its time and who moved it: the
 * kind of actor ("td", "player", "clock", "system"), never an address or an id (`times`
 * keeps only the last time of each state). */
static json_t *state_history(struct db *db, int64_t match_id)
{
    json_t *h = json_array();
    struct match_state_time *st;
    int n;
    if (db_match_state_times(db, match_id, &st, &n) != CW_OK)
        return h;
    for (int i = 0; i < n; i++) {
        char by[sizeof st[i].actor];
        snprintf(by, sizeof by, "%.*s", (int)strcspn(st[i].actor, ":"), st[i].actor);
        if (!strcmp(by, "official") || !strcmp(by, "token"))
            snprintf(by, sizeof by, "td"); /* an official of any role, or their token */
        json_t *e = json_pack("{s:s, s:o}", "state", match_state_name(st[i].state), "at",
                              op_time_json(st[i].at_ms));
        json_object_set_new(e, "by", by[0] && strcmp(by, "anon") ? json_string(by) : json_null());
        json_array_append_new(h, e);
    }
    free(st);
    return h;
}

void api_match_get(struct api_req *req, struct api_resp *resp)
{
    struct db *db = req->app->db;
    struct match m;
    db_lock(db);
    int rc = db_match_get(db, req->ids[0], req->ids[1], &m);
    json_t *j = rc == CW_OK ? op_match_json(db, &m) : NULL;
    if (j)
        json_object_set_new(j, "history", state_history(db, m.id));
    /* GOV-3: who observes the match is public, as at the table */
    json_t *obs = j ? op_observers_json(db, m.id) : NULL;
    if (j)
        json_object_set_new(j, "observers", obs ? obs : json_array());
    db_unlock(db);
    if (rc == CW_ENOTFOUND) {
        api_match_not_found(resp, req->ids[0], req->ids[1]);
        return;
    }
    if (rc != CW_OK) {
        api_internal_error(resp, "reading the match");
        return;
    }
    api_reply_json(resp, 200, j);
}

static const struct api_field edit_fields[] = {
    {"length", F_INT, 0, 0, 1, 99, NULL, NULL},
    {"table", F_STR, 0, 0, 0, M_TABLE_MAX, NULL, NULL},
    {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

/* The operation's problem, if any, becomes the reply: -1; else 0. */
static int replied(struct api_resp *resp, struct problem *pb, int rc)
{
    if (rc && pb->json)
        api_reply_problem(resp, pb);
    return rc ? -1 : 0;
}

static int do_edit(struct api_req *req, struct match *m, struct api_resp *resp, const char **action)
{
    if (api_check_fields(req->json, edit_fields, 1, resp))
        return -1;
    json_t *len = json_object_get(req->json, "length");
    struct match_edit_in in = {len ? (int)json_integer_value(len) : 0, api_str(req->json, "table")};
    struct op o = api_op(req);
    struct problem pb = {0, NULL};
    return replied(resp, &pb, op_match_edit(&o, m, &in, &pb));
}

void api_match_update(struct api_req *req, struct api_resp *resp)
{
    api_match_change(req, resp, "match.update", do_edit);
}

static const struct api_field call_fields[] = {
    {"table", F_STR, 0, 0, 0, M_TABLE_MAX, NULL, NULL},
    {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

static int do_call(struct api_req *req, struct match *m, struct api_resp *resp, const char **action)
{
    if (req->json && api_check_fields(req->json, call_fields, 1, resp))
        return -1;
    struct op o = api_op(req);
    struct problem pb = {0, NULL};
    return replied(resp, &pb,
                   op_match_call(&o, m, req->json ? api_str(req->json, "table") : NULL, &pb));
}

void api_match_call(struct api_req *req, struct api_resp *resp)
{
    api_match_change(req, resp, "match.call", do_call);
}

static const char *const sides[] = {"a", "b", NULL};
static const struct api_field forfeit_fields[] = {
    {"winner", F_ENUM, 1, 0, 0, 0, sides, NULL},
    {"reason", F_STR, 1, 0, 1, 500, NULL, NULL},
    {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

/* KO-8 (ops/decide.c): the opponent advances; the operation's refusal is the reply. */
static int decide_without_play(struct api_req *req, struct match *m, struct api_resp *resp,
                               enum match_state state, int winner, enum match_end how)
{
    struct op o = api_op(req);
    struct problem pb = {0, NULL};
    return replied(resp, &pb, op_match_decide_unplayed(&o, m, &pb, state, winner, how));
}

static int do_forfeit(struct api_req *req, struct match *m, struct api_resp *resp,
                      const char **action)
{
    if (api_check_fields(req->json, forfeit_fields, 0, resp))
        return -1;
    int w = !strcmp(api_str(req->json, "winner"), "b");
    return decide_without_play(req, m, resp, MS_FORFEITED, w, ME_RULING);
}

void api_match_forfeit(struct api_req *req, struct api_resp *resp)
{
    api_match_change(req, resp, "match.forfeit", do_forfeit);
}

static const struct api_field withdraw_fields[] = {
    {"side", F_ENUM, 1, 0, 0, 0, sides, NULL},
    {"reason", F_STR, 0, 0, 0, 500, NULL, NULL},
    {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

static int do_withdraw(struct api_req *req, struct match *m, struct api_resp *resp,
                       const char **action)
{
    if (api_check_fields(req->json, withdraw_fields, 0, resp))
        return -1;
    int leaving = !strcmp(api_str(req->json, "side"), "b");
    return decide_without_play(req, m, resp, MS_WITHDRAWN, 1 - leaving, ME_WITHDRAWN);
}

void api_match_withdraw(struct api_req *req, struct api_resp *resp)
{
    api_match_change(req, resp, "match.withdraw", do_withdraw);
}

/* KO-8: the TD disqualifies the player of a side; the opponent advances, and the player is
 * out as after a withdrawal (no Consolation, KO-5). Stored as state "withdrawn", ended
 * ME_DISQUALIFIED (decided_how "disqualified" in the API). */
static const struct api_field disqualify_fields[] = {
    {"side", F_ENUM, 1, 0, 0, 0, sides, NULL},
    {"reason", F_STR, 1, 0, 1, 500, NULL, NULL},
    {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

static int do_disqualify(struct api_req *req, struct match *m, struct api_resp *resp,
                         const char **action)
{
    if (api_check_fields(req->json, disqualify_fields, 0, resp))
        return -1;
    int leaving = !strcmp(api_str(req->json, "side"), "b");
    return decide_without_play(req, m, resp, MS_WITHDRAWN, 1 - leaving, ME_DISQUALIFIED);
}

void api_match_disqualify(struct api_req *req, struct api_resp *resp)
{
    api_match_change(req, resp, "match.disqualify", do_disqualify);
}
