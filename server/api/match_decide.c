/* The match routes' way into deciding a match (ops/decide.c) and into the result cascade
 * (ops/results.c): the request's operation context in, the problem out as the reply. */
#include "api/matches.h"
#include "api/reports.h"
#include "api/tx.h"
#include "ops/decide.h"
#include "ops/results.h"

/* The operation's problem, if any, becomes the reply: -1; else 0. */
static int replied(struct api_resp *resp, struct problem *pb, int rc)
{
    if (rc)
        api_reply_problem(resp, pb);
    return rc ? -1 : 0;
}

int api_report_settle(struct api_req *req, struct match *m, struct api_resp *resp,
                      const char **action)
{
    struct op o = api_op(req);
    struct problem pb = {0, NULL};
    return replied(resp, &pb, op_match_settle(&o, m, &pb, action));
}

int api_match_decide(struct api_req *req, struct match *m, struct api_resp *resp,
                     enum match_state state, int winner, enum match_end how)
{
    struct op o = api_op(req);
    struct problem pb = {0, NULL};
    return replied(resp, &pb, op_match_decide(&o, m, &pb, state, winner, how));
}

int api_result_follows(struct api_req *req, struct match *m, const struct match *before,
                       struct api_resp *resp)
{
    struct op o = api_op(req);
    struct problem pb = {0, NULL};
    return replied(resp, &pb, op_result_follows(&o, m, before, &pb));
}
