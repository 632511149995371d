/* GOV-7: what a pending appeal holds. While a case is pending (and the TD has not released
 * it) the matches that depend on the match it is about wait: the later rounds of its event
 * (the next round's match its winner goes on to) and the matches of an event its losers
 * feed (a Consolation or Last Chance, KO-5, KO-6), for the players of that match. Any other
 * match of theirs (another event, a match of its own) is called as usual. */
#ifndef OPS_APPEAL_HOLD_H
#define OPS_APPEAL_HOLD_H

#include <stdint.h>

#include "ops/frame/op.h"
#include "ops/frame/problem.h"
#include "tourney/model.h"

struct appeal_held {
    int64_t appeal_id;
    struct match m;    /* the match the case is about */
    int64_t people[4]; /* who plays it (a Davis Cup doubles' partners too) */
};
struct appeal_holds {
    struct appeal_held *c;
    int n;
};

/* The pending cases of tournament tid that hold matches, read once for a pass over many
 * matches. CW_OK, or CW_EDB; free with op_appeal_holds_free. */
int op_appeal_holds_load(struct db *db, int64_t tid, struct appeal_holds *h);
void op_appeal_holds_free(struct appeal_holds *h);
/* The case holding match m (people: who plays it, 4; e: m's event, NULL when none), or 0. */
int64_t op_appeal_holding(const struct appeal_holds *h, const struct match *m,
                          const int64_t people[4], const struct event *e);
/* 0 when no pending case holds m, -1 with a 409 appeal-pending naming GOV-7 in pb (or the
 * server's failure). */
int op_appeal_hold_check(const struct op *o, const struct match *m, struct problem *pb);

#endif
