/* Who asks about a match, as the reads of the match routes need it: the match not found,
 * and the player's side (ops/access.c: either member of a pair plays a side of a Davis Cup
 * doubles). The checks of who may change a match are the frame's (ops/match_frame.c). */
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
