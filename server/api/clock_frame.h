/* The HTTP side of the clock family's frame (ops/clock/clock_frame.c): the request's
 * transaction (with its Idempotency-Key), its operation context and who asks, and the
 * frame's answer written as the reply. */
#ifndef API_CLOCK_FRAME_H
#define API_CLOCK_FRAME_H

#include "api/api.h"
#include "ops/clock/clock_frame.h"

/* Runs fn(in) in the frame for the match of the path; invalid (may be NULL, consumed) is
 * the problem the request's fields came with. */
void api_cx_run(struct api_req *req, struct api_resp *resp, clock_fn fn, const void *in,
                struct problem *invalid);
/* The same; a refusal of who asks names rule (e.g. "GOV-5"). */
void api_cx_run_rule(struct api_req *req, struct api_resp *resp, clock_fn fn, const void *in,
                     struct problem *invalid, const char *rule);
/* The same for a TD's verdict that may undo later results (a flag reversed): its reason
 * (may be NULL) and whether the undoing is confirmed (struct op). */
void api_cx_run_verdict(struct api_req *req, struct api_resp *resp, clock_fn fn, const void *in,
                        struct problem *invalid, const char *reason, int confirm_cascade);
/* A read under the lock (op_cx_read); flag_matters: a fallen flag is stored on the way,
 * in the frame, acting for the TD as the tick does. */
void api_cx_read(struct api_req *req, struct api_resp *resp, clock_fn fn, int flag_matters);
/* A route whose body is {"side": "a" | "b"} (struct clock_side_in). */
void api_cx_side_route(struct api_req *req, struct api_resp *resp, clock_fn fn);
/* A route whose body, if any, is empty (no input). */
void api_cx_bare_route(struct api_req *req, struct api_resp *resp, clock_fn fn);

#endif
