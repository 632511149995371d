/* MATCH-3: the TD changes the length of a match (match_length.c). */
#ifndef OPS_MATCH_LENGTH_H
#define OPS_MATCH_LENGTH_H

#include "ops/frame/op.h"
#include "ops/frame/problem.h"
#include "tourney/model.h"

/* The TD changes the length of match m to `to` (a PATCH of the match, a knockout round's
 * new length): results_relength on where the match stands, games and penalty points alike.
 * 0 with m changed (not saved), or -1 with a 409 naming the rule (or a 500) in pb. */
int op_match_relength(const struct op *o, struct match *m, int to, struct problem *pb);

#endif
