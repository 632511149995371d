/* A Swiss's entrants' lives (swiss_acts.c): a late entry, a withdrawal. Each takes the
 * loaded event (409 not-swiss for another kind); 0, or -1 with the problem in pb. */
#ifndef OPS_SWISS_ACTS_H
#define OPS_SWISS_ACTS_H

#include <jansson.h>
#include <stdint.h>

#include "ops/frame/op.h"
#include "ops/frame/problem.h"
#include "tourney/model.h"

/* SWISS-1: player pid enters, joining the next round with start_wins wins (< 0: the
 * event's late_wins). Before the first round, an entry as any other. *reply: the entry. */
int op_swiss_enter(const struct op *o, struct event *e, int64_t pid, int start_wins,
                   json_t **reply, struct problem *pb);

/* SWISS-1: player pid withdraws: out of pairing from the next round; a match of theirs in
 * the round under way is lost by walkover (ended walkover, counted for the opponent as the
 * event's walkover_counts says). *reply: {player_id, withdrawn_round, walkover}. */
int op_swiss_withdraw(const struct op *o, struct event *e, int64_t pid, json_t **reply,
                      struct problem *pb);

#endif
