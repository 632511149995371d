/* A Swiss round paired, re-paired or swapped by hand (swiss_round.c). Each takes the loaded
 * event (409 not-swiss for another kind) and answers the round as
 * {event_id, round, seed, bye, rematches, levels, reasons, matches}. 0, or -1 with the
 * problem in pb. */
#ifndef OPS_SWISS_ROUND_H
#define OPS_SWISS_ROUND_H

#include <jansson.h>
#include <stdint.h>

#include "ops/frame/op.h"
#include "ops/frame/problem.h"
#include "tourney/model.h"

struct swiss_round_in {
    const char *seed; /* the pairing's seed as given; NULL: a fresh one, recorded */
};

/* SWISS-1: the next round paired from the standings, its matches created, the event
 * running. Refused (409 naming SWISS-1) while the last round has a match not decided, or
 * when the Swiss is over; never for rematches: the reply says how many it made. */
int op_swiss_pair_next(const struct op *o, struct event *e, const struct swiss_round_in *in,
                       json_t **reply, struct problem *pb);

/* The last round, `round`, paired again (a new seed) before any of its matches started
 * (409 naming SWISS-1 after), with the same players. */
int op_swiss_repair(const struct op *o, struct event *e, int round, const struct swiss_round_in *in,
                    json_t **reply, struct problem *pb);

/* Two players of round `round` change places (a with b's opponent, or with the bye),
 * audited with the TD's reason; refused (422 naming a or b) for a player not in that round,
 * or two of the same pair, and (409 SWISS-1) when either's match has started. */
struct swiss_swap_in {
    int64_t a, b;
    const char *reason;
};
int op_swiss_swap(const struct op *o, struct event *e, int round, const struct swiss_swap_in *in,
                  json_t **reply, struct problem *pb);

#endif
