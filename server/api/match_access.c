/* Who asks about a match, as the reads of the match routes need it: the match not found,
 * a match read for its players and officials only (ops/records/load.c, in a read's frame), and the player's
 * side (ops/people/access.c: either member of a pair plays a side of a Davis Cup doubles). The checks of
 * who may change a match are the frame's (ops/match/match_frame.c). */
#include "api/matches.h"
#include "api/tx.h"
#include "ops/people/access.h"
#include "ops/records/load.h"

void api_match_not_found(struct api_resp *resp, int64_t tid, int64_t mid)
{
    api_problem(resp, 404, "not-found", "No such match", "Tournament %lld has no match %lld.",
                (long long)tid, (long long)mid);
}

int api_match_side(struct api_req *req, const struct match *m)
{
    return op_match_side(req->app->db, req->player_id, req->player_tournament, m);
}

int api_match_private(struct api_req *req, const struct op *o, struct api_resp *resp,
                      struct match *m, const char *rule)
{
    struct problem pb = {0, NULL};
    if (op_match_private(o, req->ids[0], req->ids[1], rule, m, &pb))
        return api_refuse(resp, &pb);
    return 0;
}
