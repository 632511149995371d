/* An event's kind as operations: the second half of its row (the first, its name and its
 * settings read and written, is tourney/event_kind.c). One row a kind, indexed by enum
 * event_kind_id; an entry a kind has nothing to do for is NULL. The result cascade
 * (results.c), the gate (gate.c), the late-entry deadline's tick (ticks.c) and the
 * routes of any event (its start, its board: api/api_events.c) call the event's own row,
 * never every kind's code. */
#ifndef OPS_KINDS_H
#define OPS_KINDS_H

#include <jansson.h>

#include "ops/frame/op.h"
#include "ops/frame/problem.h"
#include "tourney/model.h"
#include "tourney/placings.h"

struct event_kind_ops {
    /* The result cascade's step: match m of event e decided or corrected from `before`
     * (the chips moved, the tie moved on, the bracket advanced or a cascade undone, and
     * the event finished or reopened). 0, or -1 with the problem in pb. */
    int (*result)(const struct op *o, struct event *e, struct match *m, const struct match *before,
                  struct problem *pb);
    /* Whether match m of event e takes its players' reports now (by_td: the TD's own
     * pass). 0, or -1 with the refusal in pb. */
    int (*gate)(const struct op *o, const struct event *e, const struct match *m, int by_td,
                struct problem *pb);
    /* KO-4: late entry closed, by the TD or the deadline's tick. 0, or -1 with pb. */
    int (*late_close)(const struct op *o, struct event *e, struct problem *pb);
    /* The event started from its entries (open: the caller checked): a knockout's draw,
     * a Swing's first round, a Davis Cup's ties or draw, each from seed (NULL: a fresh
     * one, recorded; KO-2). 0, or -1 with the refusal in pb. */
    int (*start)(const struct op *o, struct event *e, const char *seed, struct problem *pb);
    /* The event as its pages show it (a bracket, a leaderboard, the ties and standings),
     * as of now_ms; NULL when the store fails. The caller holds the database's lock. */
    json_t *(*board)(struct db *db, const struct event *e, int64_t now_ms);
    /* PLACE-1: each entrant of event e added to out (placings_add) with how far it got
     * (`stage`, higher is better: equal stages share a band), whether its place is out
     * of play, and why; out->final when the event is finished. The keys of PLACE-2, the
     * order and the bands are op_event_placings' (ops/event/placings.c), the same for
     * every kind. 0, or -1 with pb. */
    int (*placings)(const struct op *o, const struct event *e, struct placings *out,
                    struct problem *pb);
};

/* The row of kind k. */
const struct event_kind_ops *op_kind(enum event_kind_id k);

#endif
