/* The HTTP side of the clock family's frame (see clock_frame.h). */
#include "api/clock_frame.h"

#include <string.h>

#include "api/fields.h"
#include "api/tx.h"
#include "ops/clock_acts.h"

static void write_out(struct api_resp *resp, struct cx_out *out)
{
    api_reply_json(resp, out->status, out->json);
    resp->is_problem = out->is_problem;
}

int api_cx_side_of(json_t *j, const char *field)
{
    const char *s = api_str(j, field);
    return s && !strcmp(s, "b") ? 1 : 0;
}

/* The operation in the frame for `who`, inside the request's transaction. */
static void run(struct api_req *req, struct api_resp *resp, const struct cx_who *who, clock_fn fn,
                const void *in, struct problem *invalid, const char *reason, int confirm_cascade)
{
    if (api_tx_begin(req, resp)) {
        if (invalid)
            problem_free(invalid);
        return;
    }
    struct op o = api_op(req);
    o.reason = reason;
    o.confirm_cascade = confirm_cascade;
    struct cx_out out;
    op_cx_run(&o, who, req->ids[0], req->ids[1], fn, in, invalid, &out);
    write_out(resp, &out);
    if (out.keep)
        api_tx_commit(req, resp);
    else
        api_tx_rollback(req);
}

void api_cx_run(struct api_req *req, struct api_resp *resp, clock_fn fn, const void *in,
                struct problem *invalid)
{
    api_cx_run_verdict(req, resp, fn, in, invalid, NULL, 0);
}

void api_cx_run_rule(struct api_req *req, struct api_resp *resp, clock_fn fn, const void *in,
                     struct problem *invalid, const char *rule)
{
    struct cx_who who = {req->is_td, req->player_id, req->player_tournament, rule};
    run(req, resp, &who, fn, in, invalid, NULL, 0);
}

void api_cx_run_verdict(struct api_req *req, struct api_resp *resp, clock_fn fn, const void *in,
                        struct problem *invalid, const char *reason, int confirm_cascade)
{
    struct cx_who who = {req->is_td, req->player_id, req->player_tournament, NULL};
    run(req, resp, &who, fn, in, invalid, reason, confirm_cascade);
}

void api_cx_read(struct api_req *req, struct api_resp *resp, clock_fn fn, int flag_matters)
{
    struct op o = api_op(req);
    struct cx_out out;
    if (!op_cx_read(&o, req->ids[0], req->ids[1], fn, flag_matters, &out)) {
        write_out(resp, &out);
        return;
    }
    /* the flag acts for the TD, as the tick does, whoever reads */
    struct cx_who as_td = {1, req->player_id, req->player_tournament, NULL};
    run(req, resp, &as_td, fn, NULL, NULL, NULL, 0);
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
    struct api_val v[1];
    api_fields_check(req->json, side_fields, 0, v, &bad);
    struct clock_side_in in = {api_val_side(&v[0])};
    api_cx_run(req, resp, fn, &in, &bad);
}

void api_cx_bare_route(struct api_req *req, struct api_resp *resp, clock_fn fn)
{
    struct problem bad = {0, NULL};
    api_fields_check(req->json, (const struct api_field[]){{NULL}}, 0, NULL, &bad);
    api_cx_run(req, resp, fn, NULL, &bad);
}
