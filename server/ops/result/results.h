/* What follows a decided or corrected result: one function, its steps in order. */
#ifndef OPS_RESULTS_H
#define OPS_RESULTS_H

#include "ops/frame/op.h"
#include "ops/frame/problem.h"
#include "tourney/model.h"

/* Runs, inside the frame of the operation that decides or corrects match m (from
 * `before`), every consequence of its result, in the order written in results.c. A step
 * may refuse (-1, the problem in pb), which undoes the whole operation. */
int op_result_follows(const struct op *o, struct match *m, const struct match *before,
                      struct problem *pb);

#endif
