/* The HTTP side of the clock family's frame (see clock_frame.h). */
#include "api/clock_frame.h"

#include <string.h>

#include "api/fields.h"
#include "api/tx.h"
#include "ops/clock_acts.h"

int api_cx_side_of(json_t *j, const char *field)
{
    const char *s = api_str(j, field);
    return s && !strcmp(s, "b") ? 1 : 0;
}

static void write_out(struct api_resp *resp, struct cx_out *out)
{
    api_reply_json(resp, out->status, out->json);
    resp->is_problem = out->is_problem;
}

void api_cx_run(struct api_req *req, struct api_resp *resp, clock_fn fn, const void *in,
                struct problem *invalid)
{
    api_cx_run_rule(req, resp, fn, in, invalid, NULL);
}

void api_cx_run_rule(struct api_req *req, struct api_resp *resp, clock_fn fn, const void *in,
                     struct problem *invalid, const char *rule)
{
    if (api_tx_begin(req, resp)) {
        if (invalid)
            problem_free(invalid);
        return;
    }
    struct op o = api_op(req);
    struct cx_who who = {req->is_td, req->player_id, req->player_tournament, rule};
    struct cx_out out;
    op_cx_run(&o, &who, req->ids[0], req->ids[1], fn, in, invalid, &out);
    write_out(resp, &out);
    if (out.keep)
        api_tx_commit(req, resp);
    else
        api_tx_rollback(req);
}

void api_cx_read(struct api_req *req, struct api_resp *resp, clock_fn fn, int flag_matters)
{
    struct op o = api_op(req);
    struct cx_out out;
    if (!op_cx_read(&o, req->ids[0], req->ids[1], fn, flag_matters, &out)) {
        write_out(resp, &out);
        return;
    }
    int td = req->is_td;
    req->is_td = 1; /* the flag acts for the TD, as the tick does */
    api_cx_run(req, resp, fn, NULL, NULL);
    req->is_td = td;
}

static const char *const sides_ab[] = {"a", "b", NULL};
/* {"side": "a" | "b"} */
static const struct api_field side_fields[] = {
    {"side", F_ENUM, 1, 0, 0, 0, sides_ab, NULL},
    {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

void api_cx_side_route(struct api_req *req, struct api_resp *resp, clock_fn fn)
{
    struct problem bad = {0, NULL};
    api_check_fields_pb(req->json, side_fields, 0, &bad);
    struct clock_side_in in = {api_cx_side_of(req->json, "side")};
    api_cx_run(req, resp, fn, &in, &bad);
}

void api_cx_bare_route(struct api_req *req, struct api_resp *resp, clock_fn fn)
{
    struct problem bad = {0, NULL};
    if (req->json)
        api_check_fields_pb(req->json, (const struct api_field[]){{NULL}}, 0, &bad);
    api_cx_run(req, resp, fn, NULL, &bad);
}
