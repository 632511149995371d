/* A Swing event's next round started (swing_round.c). */
#ifndef OPS_SWING_ROUND_H
#define OPS_SWING_ROUND_H

#include <jansson.h>

#include "ops/frame/op.h"
#include "ops/frame/problem.h"
#include "tourney/model.h"

/* What the TD says when starting a round. */
struct swing_round_in {
    int force;          /* past games of the last round without a verified result */
    const char *seed;   /* the pairing's seed as given; NULL: a fresh one, recorded */
    const char *reason; /* why (a forced round says why), audited; may be NULL */
};

/* Starts the next round of Swing event e (loaded; 409 not-swing if it is another kind).
 * *reply: the round (event, number, CPP, seed, forced, sitter, games). 0, or -1 with the
 * problem in pb (409 round-refused: fewer than two entries, the event over, games open
 * without force, fewer than two players holding chips). */
int op_swing_round_start(const struct op *o, struct event *e, const struct swing_round_in *in,
                         json_t **reply, struct problem *pb);

#endif
