/* A Swiss's entrants' lives (swiss_acts.c): a late entry, a withdrawal. Each takes the
 * loaded event (409 not-swiss for another kind); 0, or -1 with the problem in pb. The
 * entry itself (ops/event/event_acts.c) and a walkover (ops/match/match_change.c) are the
 * rooms above this one's: the route (api/api_swiss.c) runs them in the same command. */
#ifndef OPS_SWISS_ACTS_H
#define OPS_SWISS_ACTS_H

#include <jansson.h>
#include <stdint.h>

#include "ops/frame/op.h"
#include "ops/frame/problem.h"
#include "tourney/model.h"

/* SWISS-1: player pid may enter Swiss e (not over), joining the next round with start_wins
 * wins (< 0: the event's late_wins for a late entry, 0 before round 1); the Swiss's row written.
 * The caller enters the player in the same command. *reply: {event_id, player_id, start_wins,
 * joins_round}. */
int op_swiss_enter(const struct op *o, struct event *e, int64_t pid, int start_wins, json_t **reply,
                   struct problem *pb);

/* SWISS-1: player pid withdraws from running Swiss e: out of pairing from the next round.
 * *mid: their match of the round under way, not decided (0: none), which the caller
 * decides by walkover for side *winner. *reply: {event_id, player_id, withdrawn_round}. */
int op_swiss_withdraw(const struct op *o, struct event *e, int64_t pid, int64_t *mid, int *winner,
                      json_t **reply, struct problem *pb);

#endif
