/* The HTTP side of a match's change (ops/match_frame.c): the request's transaction with
 * its Idempotency-Key, who asks, the operation run in the frame, and its answer (the match,
 * with what the operation added) or its refusal as the reply. */
#include "api/matches.h"
#include "api/tx.h"

void api_match_run(struct api_req *req, struct api_resp *resp, struct api_mx *c)
{
    if (api_tx_begin(req, resp)) {
        problem_free(&c->invalid);
        return;
    }
    struct op o = api_op(req);
    o.reason = c->reason;
    o.confirm_cascade = c->confirm_cascade;
    struct op_who who = {req->is_td, req->player_id, req->player_tournament};
    struct problem pb = {0, NULL};
    json_t *after = NULL;
    if (op_match_change(&o, &who, c->may, req->ids[0], req->ids[1], c->action, c->fn, c->in,
                        &c->invalid, &after, &pb)) {
        api_tx_rollback(req);
        api_reply_problem(resp, &pb);
        return;
    }
    api_reply_json(resp, 200, after);
    if (req->extra)
        json_object_update(resp->json, req->extra);
    api_tx_commit(req, resp);
}
