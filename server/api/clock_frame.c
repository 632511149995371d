/* The HTTP side of the clock family's frame (see clock_frame.h). */
#include "api/clock_frame.h"

#include <string.h>

#include "api/fields.h"
#include "api/tx.h"
#include "ops/clock/clock_acts.h"

/* The operation, its input, and what the request adds: the rule a refusal of who acts
 * names, the TD's words with a verdict. */
struct cx_call {
    clock_fn fn;
    const void *in;
    struct problem *invalid;
    const char *rule, *reason;
    int confirm_cascade;
    int as_td; /* a fallen flag found by a read is stored acting for the TD, as the tick */
};

static int cx_cmd(struct api_req *req, const struct op *o, void *in, struct api_resp *resp)
{
    const struct cx_call *c = in;
    struct op with = *o;
    with.reason = c->reason;
    with.confirm_cascade = c->confirm_cascade;
    if (c->as_td)
        with.who.is_td = 1;
    struct op_out out;
    op_cx_run(&with, c->rule, req->ids[0], req->ids[1], c->fn, c->in, c->invalid, &out);
    return api_out(resp, &out);
}

/* The operation in the frame, inside the request's transaction. */
static void run(struct api_req *req, struct api_resp *resp, struct cx_call *c)
{
    api_run(req, resp, cx_cmd, c);
    if (c->invalid) /* consumed, whether or not the frame was reached */
        problem_free(c->invalid);
}

void api_cx_run(struct api_req *req, struct api_resp *resp, clock_fn fn, const void *in,
                struct problem *invalid)
{
    api_cx_run_verdict(req, resp, fn, in, invalid, NULL, 0);
}

void api_cx_run_rule(struct api_req *req, struct api_resp *resp, clock_fn fn, const void *in,
                     struct problem *invalid, const char *rule)
{
    struct cx_call c = {fn, in, invalid, rule, NULL, 0, 0};
    run(req, resp, &c);
}

void api_cx_run_verdict(struct api_req *req, struct api_resp *resp, clock_fn fn, const void *in,
                        struct problem *invalid, const char *reason, int confirm_cascade)
{
    struct cx_call c = {fn, in, invalid, NULL, reason, confirm_cascade, 0};
    run(req, resp, &c);
}

struct cx_read_call {
    clock_fn fn;
    int flag_matters;
    int flags; /* a fallen flag to store: the read answered nothing */
    struct op_out out;
};

static void cx_read(struct api_req *req, void *ctx)
{
    struct cx_read_call *r = ctx;
    struct op o = api_op(req);
    r->flags = op_cx_read(&o, req->ids[0], req->ids[1], r->fn, r->flag_matters, &r->out);
}

void api_cx_read(struct api_req *req, struct api_resp *resp, clock_fn fn, int flag_matters)
{
    /* read from a reader, beside the writer (the phones at the tables read the clock); only
     * a fallen flag to store takes the writer's turn, where the frame reads it again */
    struct cx_read_call r = {fn, flag_matters, 0, {0}};
    if (api_on_reader(req, cx_read, &r))
        cx_read(req, &r);
    if (!r.flags) {
        api_out(resp, &r.out);
        return;
    }
    /* the flag acts for the TD, as the tick does, whoever reads */
    struct cx_call c = {fn, NULL, NULL, NULL, NULL, 0, 1};
    run(req, resp, &c);
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
