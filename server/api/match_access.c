/* Who may act on a match, and when: the player's side (ops/access.c: either member of a
 * pair plays a side of a Davis Cup doubles), whether the match takes reports now
 * (ops/gate.c), and the refusals that say why not. */
#include "api/matches.h"
#include "api/reports.h"
#include "api/tx.h"
#include "ops/access.h"
#include "ops/gate.h"

void api_match_not_found(struct api_resp *resp, int64_t tid, int64_t mid)
{
    api_problem(resp, 404, "not-found", "No such match", "Tournament %lld has no match %lld.",
                (long long)tid, (long long)mid);
}

int api_match_side(struct api_req *req, const struct match *m)
{
    return op_match_side(req->app->db, req->player_id, req->player_tournament, m);
}

int api_match_gate(struct api_req *req, const struct match *m, struct api_resp *resp)
{
    struct op o = api_op(req);
    struct problem pb = {0, NULL};
    if (op_match_open(&o, m, req->is_td, &pb)) {
        api_reply_problem(resp, &pb);
        return -1;
    }
    return 0;
}

int api_player_side(struct api_req *req, const struct match *m, struct api_resp *resp)
{
    if (!req->player_id && req->is_td) {
        /* logged in, but as the TD: the players report; the TD decides */
        api_problem(resp, 403, "not-a-player", "Only the players report",
                    "Match %lld is reported by its players; the TD decides it by verifying a "
                    "report or recording the result (POST …/matches/%lld/verify), or with a "
                    "forfeit (POST /api/v1/tournaments/%lld/matches/%lld/forfeit).",
                    (long long)m->id, (long long)m->id, (long long)m->tournament_id,
                    (long long)m->id);
        return -1;
    }
    if (!req->player_id) {
        api_problem(resp, 401, "unauthorized", "Player login required",
                    "Log in with your PIN first (POST "
                    "/api/v1/tournaments/%lld/players/{your id}/login).",
                    (long long)m->tournament_id);
        return -1;
    }
    int s = api_match_side(req, m);
    if (s < 0)
        api_problem(resp, 403, "not-your-match", "Not your match",
                    "You are not a player of match %lld; only its players report it.",
                    (long long)m->id);
    return s;
}

int api_report_open(struct api_req *req, const struct match *m, struct api_resp *resp)
{
    if (match_finished(m)) {
        api_problem(resp, 409, "match-finished", "The match is over",
                    "Match %lld is already %s; only the TD can change it now.", (long long)m->id,
                    match_state_name(m->state));
        return -1;
    }
    if (!m->player[0] || !m->player[1]) {
        api_problem(resp, 409, "players-unknown", "Players not known yet",
                    "Match %lld has no opponent yet.", (long long)m->id);
        return -1;
    }
    return api_match_gate(req, m, resp);
}

/* The match of the path for its players and the officials only (what was said at the
 * table is theirs): 0 with the lock held, or -1 with the refusal in resp. */
int api_match_private_read(struct api_req *req, struct api_resp *resp, struct match *m,
                           const char *rule)
{
    struct db *db = req->app->db;
    db_lock(db);
    int rc = db_match_get(db, req->ids[0], req->ids[1], m);
    if (rc == CW_OK && !req->is_td && api_match_side(req, m) < 0) {
        db_unlock(db);
        api_problem(resp, 403, "not-your-match", "Not your match",
                    "Only the officials and the players of match %lld see this (%s).",
                    (long long)m->id, rule);
        json_object_set_new(resp->json, "rule", json_string(rule));
        return -1;
    }
    if (rc == CW_OK)
        return 0;
    db_unlock(db);
    if (rc == CW_ENOTFOUND)
        api_match_not_found(resp, req->ids[0], req->ids[1]);
    else
        api_internal_error(resp, "reading the match");
    return -1;
}
