/* Whether a match takes its players' reports now (gate.c). */
#ifndef OPS_GATE_H
#define OPS_GATE_H

#include "ops/frame/op.h"
#include "ops/frame/problem.h"
#include "tourney/model.h"

/* What the kind of match m's event says of it (ops/event/kinds.c: a Swing game only in its
 * round unless by the TD, a Davis Cup rubber only in its open phase). 0, or -1 with the
 * refusal in pb. */
int op_match_open(const struct op *o, const struct match *m, int by_td, struct problem *pb);
/* The same for match m of event e, already read. */
int op_event_match_open(const struct op *o, const struct event *e, const struct match *m, int by_td,
                        struct problem *pb);

#endif
