/* The event record (a competition of the tournament: knockout, Swing, Davis Cup): its JSON,
 * as replies, audit rows and stream entries carry it, and a change saved with both. */
#ifndef OPS_EVENT_H
#define OPS_EVENT_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

#include "ops/frame/op.h"
#include "tourney/model.h"

json_t *op_event_json(struct db *db, const struct event *e);
/* Writes the event, bumps the tournament, audits (before is consumed) and adds the stream
 * entry `action`. CW_* code. */
int op_event_save(const struct op *o, struct event *e, json_t *before, const char *action);

/* The event finished (done) or running again when a correction took its end away (KO-8:
 * a knockout has its champion; a Swing, one player with chips; a Davis Cup, its winner or
 * every tie played), saved as action "<kind>.finished" or "<kind>.reopened" only when that
 * changes it. An open event is started by its draw, never here. CW_* code. */
int op_event_mark_finished(const struct op *o, struct event *e, int done);

/* KO-4: late entry of event e closed (by the TD or the deadline), audited as action with
 * how many late places stayed unfilled. CW_* code. */
int op_event_late_closed(const struct op *o, const struct event *e, const char *action,
                         int unfilled);

/* KO-2, SWISS-1: the seed an event's draw or round is made from: the TD's (any text, see
 * tourney/rng.h; NULL: a fresh one from the operating system), recorded into recorded
 * (len bytes, RNG_SEED_BYTES) as it is stored and shown; returns the number it reads as. */
uint64_t op_seed_of(const char *given, char *recorded, size_t len);

#endif
