/* What the TD does to events and their entries (event_acts.c). Each returns 0, or -1 with
 * the problem in pb. */
#ifndef OPS_EVENT_ACTS_H
#define OPS_EVENT_ACTS_H

#include <stdint.h>

#include "ops/frame/op.h"
#include "ops/frame/problem.h"
#include "tourney/model.h"

/* Event e (tournament, kind, name, priority, settings read by its kind; open) is created;
 * a knockout's feeds_from is the knockout that feeds it (KO-5/KO-6), 0 for none. 404
 * without the tournament, 422 naming knockout.feeds_from when that is no knockout of it. */
int op_event_create(const struct op *o, struct event *e, struct problem *pb);

/* A change of an event: each part only when given. */
struct event_update_in {
    const char *name; /* NULL: unchanged */
    int has_priority, priority;
    int has_deadline;     /* the late-entry deadline is set (KO-4) */
    const char *deadline; /* as written (a UTC time), or NULL: until the TD closes it */
    int64_t deadline_ms;  /* deadline read, 0 for NULL */
};
/* Loaded event e changes (409 late-closed: a deadline for an event without late entry
 * open). */
int op_event_update(const struct op *o, struct event *e, const struct event_update_in *in,
                    struct problem *pb);
/* Player pid enters open event e (not a Davis Cup event: teams; not a fed knockout). */
int op_entry_add(const struct op *o, struct event *e, int64_t pid, struct problem *pb);
/* The same for an event that has started (the caller's kind takes late entries: a
 * Swiss's next round, SWISS-1); the same checks but the event's state. */
int op_entry_add_late(const struct op *o, struct event *e, int64_t pid, struct problem *pb);
/* Player pid leaves open event e (404 when not entered). */
int op_entry_remove(const struct op *o, struct event *e, int64_t pid, struct problem *pb);

#endif
