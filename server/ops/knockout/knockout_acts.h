/* What the TD does to a knockout's bracket (knockout_acts.c): draw it, place a late
 * arrival, change the lengths by round. Each takes an event loaded as a knockout, runs in
 * the caller's transaction frame (ops/frame/frame.c) and returns 0, or -1 with the problem in
 * pb (roll back). */
#ifndef OPS_KNOCKOUT_ACTS_H
#define OPS_KNOCKOUT_ACTS_H

#include <jansson.h>
#include <stdint.h>

#include "ops/knockout/knockout.h"

/* KO-1..3: draws open Main event e with the TD's seed (any text, tourney/rng.h; NULL: a
 * fresh one), recorded: the draw can be re-derived (KO-2). */
int op_ko_draw(const struct op *o, struct event *e, const char *seed, struct problem *pb);
/* KO-4: player pid arrives late into drawn event e and takes the next late place. 1 when
 * refused (pb) because the late-entry deadline passed just now: the closing it found is
 * stored, so the caller commits it. */
int op_ko_late_arrive(const struct op *o, const struct event *e, int64_t pid, struct problem *pb);
/* KO-7: the lengths by round become lengths[0..n) (checked: ko_lengths_read), kept in the
 * event's settings too; rounds under way keep theirs (409). */
int op_ko_lengths(const struct op *o, struct event *e, const int *lengths, int n,
                  struct problem *pb);

#endif
