/* What the match files share: a match not found and the side of who asks
 * (match_access.c), the HTTP side of a match's change (match_change.c, over
 * ops/match/match_frame.c); a match's JSON is ops/records/match_json.c's. */
#ifndef API_MATCHES_H
#define API_MATCHES_H

#include <jansson.h>

#include "api/api.h"
#include "ops/records/match.h"
#include "ops/match/match_frame.h"
#include "store/store.h"

void api_match_not_found(struct api_resp *resp, int64_t tid, int64_t mid);
/* The side (0 = a, 1 = b) of the logged-in player in this match, or -1. */
int api_match_side(struct api_req *req, const struct match *m);

/* In a read's frame (api_read): the match of the path read for its players and the
 * officials only (what was said at its table, its rulings, its reports): 0, or -1 with the
 * refusal as the reply (a 403 naming rule for anyone else). */
API_REPLIES int api_match_private(struct api_req *req, const struct op *o, struct api_resp *resp,
                                  struct match *m, const char *rule);

/* A change of one match as a route asks for it (match_change.c). */
struct api_mx {
    enum mx_may may;        /* who may make it */
    const char *action;     /* the stream entry and audit action */
    match_fn fn;            /* the operation (ops/match/match_change.h) */
    void *in;               /* its typed input, or NULL */
    struct problem invalid; /* what the route found wrong with the request (none: empty) */
    const char *reason;     /* the TD's words with a verdict (audited), or NULL */
    int confirm_cascade;    /* the TD confirms that later results it undoes may go */
    /* prepared on a reader, its writes made in the writer's turn when the snapshot is still
     * current (match_change.c): for a change whose common case writes only what
     * store/deferred.h keeps (a game added to a report in progress) */
    int prepare;
    /* match_change.c's: what the reply reads, kept from the writer's turn to write the reply
     * after it (malloc'd there: a route's api_mx is zeroed whole, and this is large) */
    struct op_match_view *view;
};
/* Runs c in the match's frame inside an idempotent transaction and replies: the match (with
 * the members the operation added), or the refusal. c->invalid is consumed. */
void api_match_run(struct api_req *req, struct api_resp *resp, struct api_mx *c);

#endif
