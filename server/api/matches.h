/* What the match files share: access (match_access.c), the frame of a change
 * (match_change.c) and the way into deciding a match (match_decide.c, over ops/decide.c);
 * a match's JSON is ops/match_json.c's. */
#ifndef API_MATCHES_H
#define API_MATCHES_H

#include <jansson.h>

#include "api/api.h"
#include "ops/match.h"
#include "store/store.h"

/* A change of a match; it may rename the stream entry it causes through *action. */
typedef int (*api_match_fn)(struct api_req *req, struct match *m, struct api_resp *resp,
                            const char **action);

void api_match_not_found(struct api_resp *resp, int64_t tid, int64_t mid);
/* The side (0 = a, 1 = b) of the logged-in player in this match, or -1. */
int api_match_side(struct api_req *req, const struct match *m);

/* The match of the path read for its players and the officials only (what was said at its
 * table, its rulings): 0 with the database's lock held (the caller unlocks), or -1 with
 * the refusal in resp (a 403 naming rule for anyone else). */
int api_match_private_read(struct api_req *req, struct api_resp *resp, struct match *m,
                           const char *rule);
/* 0 when the match takes its players' reports now (ops/gate.c); else the refusal in resp. */
int api_match_gate(struct api_req *req, const struct match *m, struct api_resp *resp);
/* op_match_save for this request's actor; *after_out (may be NULL) receives the match's
 * public JSON. */
int api_match_save(struct api_req *req, struct match *m, json_t *before, const char *action,
                   json_t **after_out);
/* Decides the match without (more) play: `winner` wins at the length, in `state`
 * (MS_FORFEITED, MS_WITHDRAWN, MS_VERIFIED for penalty points), ended `how`, and what
 * depends on results follows (ops/results.c). 0, or -1 with the problem in resp. */
int api_match_decide(struct api_req *req, struct match *m, struct api_resp *resp,
                     enum match_state state, int winner, enum match_end how);
/* The result cascade (ops/results.c) for match m decided or corrected from `before` by this
 * request: 0, or -1 with the problem in resp. */
int api_result_follows(struct api_req *req, struct match *m, const struct match *before,
                       struct api_resp *resp);
/* The common frame of a change: idempotent transaction, read, change, save, answer. */
void api_match_change(struct api_req *req, struct api_resp *resp, const char *action,
                      api_match_fn change);

#endif
