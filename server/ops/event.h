/* The event record (a competition of the tournament: knockout, Swing, Davis Cup): its JSON,
 * as replies, audit rows and stream entries carry it, and a change saved with both. */
#ifndef OPS_EVENT_H
#define OPS_EVENT_H

#include <jansson.h>

#include "ops/op.h"
#include "tourney/model.h"

json_t *op_event_json(struct db *db, const struct event *e);
/* Writes the event, bumps the tournament, audits (before is consumed) and adds the stream
 * entry `action`. CW_* code. */
int op_event_save(const struct op *o, struct event *e, json_t *before, const char *action);

/* KO-4: late entry of event e closed (by the TD or the deadline), audited as action with
 * how many late places stayed unfilled. CW_* code. */
int op_event_late_closed(const struct op *o, const struct event *e, const char *action,
                         int unfilled);

#endif
