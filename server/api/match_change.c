/* The HTTP side of a match's change (ops/match/match_frame.c): the operation run in the match's
 * frame as a command of the request's frame (api_run), its answer (the match, with what
 * the operation added) or its refusal as the reply. */
#include "api/matches.h"
#include "api/tx.h"

static int match_cmd(struct api_req *req, const struct op *o, void *in, struct api_resp *resp)
{
    struct api_mx *c = in;
    struct op with = *o; /* the TD's words with a verdict */
    with.reason = c->reason;
    with.confirm_cascade = c->confirm_cascade;
    struct op_out out;
    op_match_change(&with, c->may, req->ids[0], req->ids[1], c->action, c->fn, c->in, &c->invalid,
                    &out);
    int rc = api_out(resp, &out);
    if (rc == API_DONE && req->extra)
        json_object_update(resp->json, req->extra);
    return rc;
}

void api_match_run(struct api_req *req, struct api_resp *resp, struct api_mx *c)
{
    api_run(req, resp, match_cmd, c);
    problem_free(&c->invalid); /* consumed, whether or not the frame was reached */
}
