/* Lateness (PEN-1..3) and breaks (PEN-4) over HTTP: each route checks its body into the
 * typed input of its operation (ops/clock/lateness_acts.c) and runs it in the frame
 * (ops/clock/clock_frame.c, by api/clock_frame.c). */

#include "api/clock_frame.h"
#include "api/fields.h"
#include "api/handlers.h"
#include "ops/clock/clock_acts.h"

static const char *const sides_ab[] = {"a", "b", NULL};

void api_lateness_get(struct api_req *req, struct api_resp *resp)
{
    api_cx_read(req, resp, op_lateness_read, 0);
}

void api_lateness_arrive(struct api_req *req, struct api_resp *resp)
{
    api_cx_side_route(req, resp, op_lateness_arrive);
}

void api_lateness_confirm(struct api_req *req, struct api_resp *resp)
{
    api_cx_side_route(req, resp, op_lateness_confirm);
}

void api_lateness_clock(struct api_req *req, struct api_resp *resp)
{
    api_cx_side_route(req, resp, op_lateness_clock);
}

void api_match_postpone(struct api_req *req, struct api_resp *resp)
{
    api_cx_bare_route(req, resp, op_match_postpone);
}

void api_breaks_get(struct api_req *req, struct api_resp *resp)
{
    api_cx_read(req, resp, op_breaks_read, 0);
}

/* PEN-4 "may be combined": `count` breaks at once, count x the minutes of one. */
static const struct api_field break_fields[] = {
    {"side", F_ENUM, 1, 0, 0, 0, sides_ab, NULL},
    {"count", F_INT, 0, 0, 1, 99, NULL, NULL},
    {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

void api_break_start(struct api_req *req, struct api_resp *resp)
{
    struct problem bad = {0, NULL};
    struct api_val v[2];
    api_fields_check(req->json, break_fields, 0, v, &bad);
    struct break_in in = {api_val_side(&v[0]), v[1].set ? (int)v[1].i : 1};
    api_cx_run(req, resp, op_break_start, &in, &bad);
}

void api_break_end(struct api_req *req, struct api_resp *resp)
{
    api_cx_bare_route(req, resp, op_break_end);
}
