/* What follows a decided or corrected result: one function, its steps in order. */
#ifndef API_RESULTS_H
#define API_RESULTS_H

#include "api/api.h"
#include "tourney/model.h"

/* Runs, inside the transaction that decides or corrects match m (from `before`), every
 * consequence of its result, in the order written in results.c. A step may refuse (a
 * problem in resp, -1), which undoes the whole request. */
int api_result_follows(struct api_req *req, struct match *m, const struct match *before,
                       struct api_resp *resp);

/* The steps, each in the file of its competition; each does nothing for a match that is
 * not its own (another kind of event, a standalone match, no clock). */
int api_clock_result(struct api_req *req, struct match *m, const struct match *before,
                     struct api_resp *resp);

#endif
