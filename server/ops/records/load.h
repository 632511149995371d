/* The records a request names, read in the caller's frame (a transaction, or op_read's
 * lock), each with its refusal when there is none: a 404 naming what is missing, a 500
 * when the database failed; a match read for its players and officials only. The frames
 * of a match's change and of its clock read their match here too. */
#ifndef OPS_LOAD_H
#define OPS_LOAD_H

#include "ops/frame/op.h"
#include "ops/frame/problem.h"
#include "store/store.h"

/* Each: 0, or -1 with the refusal in pb. */
int op_tournament_load(const struct op *o, int64_t tid, struct tournament *t, struct problem *pb);
int op_event_load(const struct op *o, int64_t tid, int64_t eid, struct event *e,
                  struct problem *pb);
int op_match_load(const struct op *o, int64_t tid, int64_t mid, struct match *m,
                  struct problem *pb);
int op_player_load(const struct op *o, int64_t tid, int64_t pid, struct player *p,
                   struct problem *pb);
/* Tournament tid and its players (*ps, n of them: the caller frees *ps). */
int op_players_load(const struct op *o, int64_t tid, struct tournament *t, struct player **ps,
                    int *n, struct problem *pb);
/* Match (tid, mid) for its players and the officials only (what was said at its table, its
 * rulings, its reports): anyone else is refused with a 403 naming rule. */
int op_match_private(const struct op *o, int64_t tid, int64_t mid, const char *rule,
                     struct match *m, struct problem *pb);

#endif
