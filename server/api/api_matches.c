/* Matches over HTTP: create (standalone), edit and call (ops/match/match_acts.c), forfeit,
 * withdraw and disqualify (ops/result/decide.c), each body checked into its operation's typed
 * input and run in the match's frame (ops/match/match_frame.c); list and read. Reports are in
 * api_reports.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/fields.h"
#include "api/handlers.h"
#include "api/json.h"
#include "api/matches.h"
#include "api/ratings_kept.h"
#include "api/tx.h"
#include "ops/records/match.h"
#include "ops/match/match_acts.h"
#include "ops/match/match_change.h"
#include "ops/records/match_read.h"
#include "ops/table/table_acts.h"
#include "store/store.h"

/* ---- TD: create, edit, call, forfeit ---- */

enum { MC_A, MC_B, MC_LENGTH, MC_TABLE, MC__N };
static const struct api_field match_fields[] = {
    [MC_A] = {"player_a", F_INT, 1, 0, 1, 1000000000L, NULL, NULL},
    [MC_B] = {"player_b", F_INT, 1, 0, 1, 1000000000L, NULL, NULL},
    [MC_LENGTH] = {"length", F_INT, 1, 0, 1, 99, NULL, NULL},
    [MC_TABLE] = {"table", F_STR, 0, 0, 0, M_TABLE_MAX, NULL, NULL},
    [MC__N] = {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

static int match_create(struct api_req *req, const struct op *o, void *in, struct api_resp *resp)
{
    struct match *m = in;
    struct problem pb = {0, NULL};
    if (op_match_create(o, m, &pb))
        return api_refuse(resp, &pb);
    snprintf(resp->location, sizeof resp->location, "/api/v1/tournaments/%lld/matches/%lld",
             (long long)m->tournament_id, (long long)m->id);
    api_reply_json(resp, 201, op_match_json(o->db, m));
    return API_DONE;
}

void api_match_create(struct api_req *req, struct api_resp *resp)
{
    struct api_val v[MC__N];
    if (api_fields(req->json, match_fields, 0, v, resp))
        return;
    struct match m;
    memset(&m, 0, sizeof m);
    m.tournament_id = req->ids[0];
    m.player[0] = v[MC_A].i;
    m.player[1] = v[MC_B].i;
    m.length = (int)v[MC_LENGTH].i;
    snprintf(m.table, sizeof m.table, "%s", v[MC_TABLE].s ? v[MC_TABLE].s : "");
    m.state = MS_SCHEDULED;
    m.winner = -1;
    if (m.player[0] == m.player[1]) {
        api_problem_field(resp, "player_b", "is the same player as player_a");
        return;
    }
    api_run(req, resp, match_create, &m);
}

/* The tournament's matches (in: a player's only, or 0: all). */
static int list_matches(struct api_req *req, const struct op *o, void *in, struct api_resp *resp)
{
    struct db *db = o->db;
    int64_t player = *(int64_t *)in;
    struct tournament t;
    struct match *ms = NULL;
    int n = 0;
    int rc = db_tournament_get(db, req->ids[0], &t);
    if (rc == CW_OK)
        rc = db_match_list(db, t.id, player, &ms, &n);
    json_t *arr = rc == CW_OK ? op_matches_json(db, ms, n) : NULL;
    if (rc == CW_OK && !arr)
        rc = CW_ENOMEM;
    if (arr)
        api_with_ratings(req, db, t.id, arr);
    free(ms);
    if (rc == CW_ENOTFOUND) {
        json_decref(arr);
        api_problem(resp, 404, "not-found", "No such tournament", "There is no tournament %lld.",
                    (long long)req->ids[0]);
        return -1;
    }
    if (rc != CW_OK) {
        json_decref(arr);
        api_internal_error(resp, "listing matches");
        return -1;
    }
    api_reply_json(resp, 200, json_pack("{s:o}", "matches", arr));
    return 0;
}

void api_matches_list(struct api_req *req, struct api_resp *resp)
{
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
    api_read(req, resp, list_matches, &player);
}

static int read_match(struct api_req *req, const struct op *o, void *in, struct api_resp *resp)
{
    struct db *db = o->db;
    struct match m;
    int rc = db_match_get(db, req->ids[0], req->ids[1], &m);
    json_t *j = rc == CW_OK ? op_match_json(db, &m) : NULL;
    if (j) {
        json_object_set_new(j, "history", op_match_history_json(db, m.id));
        api_with_ratings(req, db, m.tournament_id, j);
    }
    /* GOV-3: who observes the match is public, as at the table */
    json_t *obs = j ? op_observers_json(db, m.id) : NULL;
    if (j)
        json_object_set_new(j, "observers", obs ? obs : json_array());
    if (rc == CW_ENOTFOUND) {
        api_match_not_found(resp, req->ids[0], req->ids[1]);
        return -1;
    }
    if (rc != CW_OK) {
        api_internal_error(resp, "reading the match");
        return -1;
    }
    api_reply_json(resp, 200, j);
    return 0;
}

void api_match_get(struct api_req *req, struct api_resp *resp)
{
    api_read(req, resp, read_match, NULL);
}

/* ---- the TD's changes, each run in the match's frame (api_match_run) ---- */

enum { ME_LENGTH, ME_TABLE, ME__N };
static const struct api_field edit_fields[] = {
    [ME_LENGTH] = {"length", F_INT, 0, 0, 1, 99, NULL, NULL},
    [ME_TABLE] = {"table", F_STR, 0, 0, 0, M_TABLE_MAX, NULL, NULL},
    [ME__N] = {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

void api_match_update(struct api_req *req, struct api_resp *resp)
{
    struct api_val v[ME__N];
    struct api_mx c = {.may = MX_TD, .action = "match.update", .fn = op_mx_edit};
    api_fields_check(req->json, edit_fields, 1, v, &c.invalid);
    struct match_edit_in in = {(int)v[ME_LENGTH].i, v[ME_TABLE].s};
    c.in = &in;
    api_match_run(req, resp, &c);
}

static const struct api_field call_fields[] = {
    {"table", F_STR, 0, 0, 0, M_TABLE_MAX, NULL, NULL},
    {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

void api_match_call(struct api_req *req, struct api_resp *resp)
{
    struct api_val v[1];
    struct api_mx c = {.may = MX_TD, .action = "match.call", .fn = op_mx_call};
    api_fields_check(req->json, call_fields, 1, v, &c.invalid);
    c.in = (void *)v[0].s; /* the table, or NULL: the one it has */
    api_match_run(req, resp, &c);
}

/* KO-8 (ops/result/decide.c): a forfeit, a withdrawal or a disqualification; the opponent
 * advances. The body names a side and the TD's reason (required but for a withdrawal). */
static const char *const sides[] = {"a", "b", NULL};
enum { UP_SIDE, UP_REASON, UP__N };

static void decide_unplayed(struct api_req *req, struct api_resp *resp, const char *side_field,
                            int reason_required, const char *action, match_fn fn)
{
    const struct api_field fields[] = {
        [UP_SIDE] = {side_field, F_ENUM, 1, 0, 0, 0, sides, NULL},
        [UP_REASON] = {"reason", F_STR, reason_required, 0, reason_required, 500, NULL, NULL},
        [UP__N] = {NULL, 0, 0, 0, 0, 0, NULL, NULL},
    };
    struct api_val v[UP__N];
    struct api_mx c = {.may = MX_TD, .action = action, .fn = fn};
    api_fields_check(req->json, fields, 0, v, &c.invalid);
    int side = api_val_side(&v[UP_SIDE]);
    c.in = &side;
    c.reason = v[UP_REASON].s;
    api_match_run(req, resp, &c);
}

void api_match_forfeit(struct api_req *req, struct api_resp *resp)
{
    decide_unplayed(req, resp, "winner", 1, "match.forfeit", op_mx_forfeit);
}

void api_match_withdraw(struct api_req *req, struct api_resp *resp)
{
    decide_unplayed(req, resp, "side", 0, "match.withdraw", op_mx_withdraw);
}

/* KO-8: the TD disqualifies the player of a side; the opponent advances, and the player is
 * out as after a withdrawal (no Consolation, KO-5). Stored as state "withdrawn", ended
 * ME_DISQUALIFIED (decided_how "disqualified" in the API). */
void api_match_disqualify(struct api_req *req, struct api_resp *resp)
{
    decide_unplayed(req, resp, "side", 1, "match.disqualify", op_mx_disqualify);
}
