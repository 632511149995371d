/* Who asks about a match, as the reads of the match routes need it: the match not found,
 * a match read for its players and officials only, and the player's side (ops/access.c: either
 * member of a pair plays a side of a Davis Cup doubles). The checks of who may change a match are
 * the frame's (ops/match_frame.c). */
#include "api/matches.h"
#include "ops/access.h"

void api_match_not_found(struct api_resp *resp, int64_t tid, int64_t mid)
{
    api_problem(resp, 404, "not-found", "No such match", "Tournament %lld has no match %lld.",
                (long long)tid, (long long)mid);
}

int api_match_side(struct api_req *req, const struct match *m)
{
    return op_match_side(req->app->db, req->player_id, req->player_tournament, m);
}

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
