/* GOV-4 (003 1.4; 000 "Iscrizioni"): the TD's decisions about entries, when the tournament
 * asks for approval: a pending entry approved, an entry refused (a reason recorded, never
 * shown to the player), a player moved up from a lower flight into a higher one (a reason
 * recorded); each reported to the federation (GOV-8, ops/report/). */
#ifndef OPS_ENTRIES_H
#define OPS_ENTRIES_H

#include <jansson.h>

#include "ops/frame/op.h"
#include "ops/frame/problem.h"
#include "store/entries.h"
#include "store/store.h"

enum entry_act { EA_APPROVE, EA_REFUSE, EA_MOVE_UP };

/* What the TD decides, checked by the route: the reason (NULL: none; required for a
 * refusal and a move up), and a move up's two knockout events. */
struct entry_in {
    enum entry_act act;
    const char *reason;
    int64_t from_event, to_event;
};

/* Player pid of tournament tid: in applied (its record, and for a move up its entries),
 * audited, told to the stream without the reason. 0 with the player *p and the decision
 * *d, or -1 with the problem (404; 409 naming GOV-4 for a decision the entry's state does
 * not take, a refusal of a player in an event under way, a move up that is not to a
 * higher flight; 422 naming the field of an event that is no knockout of the tournament). */
int op_entry_decide(const struct op *o, int64_t tid, int64_t pid, const struct entry_in *in,
                    struct player *p, struct entry_decision *d, struct problem *pb);

/* A decision as the TD reads it (its reason included: never in a player's view). */
json_t *op_entry_decision_json(const struct entry_decision *d);

/* The TD's list: the entries pending approval, and every decision so far. A new reference,
 * or NULL with the problem (404). */
json_t *op_entries_json(const struct op *o, int64_t tid, struct problem *pb);

#endif
