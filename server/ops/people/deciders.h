/* Who may decide about a match (GOV-6, GOV-6a; deciders.c): the one check every deciding
 * door makes (a verdict or correction, a forfeit, a withdrawal or disqualification, penalty
 * and lateness points, a flag reversed, a ruling), and whose link to a player an official
 * may change. */
#ifndef OPS_DECIDERS_H
#define OPS_DECIDERS_H

#include "ops/frame/op.h"
#include "ops/frame/problem.h"
#include "tourney/model.h"

/* The official who acts in o: the official of the session, or the one who made the machine
 * token (a token acts for its maker); 0 for nobody (a player, anyone, the server), -1 when
 * the database failed. */
int64_t op_acting_official(const struct op *o);

/* Whether the one who acts in o may decide about match m. agreed: the decision only
 * records what both players agree on, which an assistant may do; otherwise an assistant
 * decides nothing (403 naming GOV-6a). An official who is a party (linked to a player who
 * plays in m, a Davis Cup doubles' whole pair included) is refused (403
 * party-to-the-match naming GOV-6a) while another TD can decide: an official with the role
 * of TD or head TD, active, not a party. 0: may decide; 1: a party and no other TD, the
 * decision is the Committee's (a ruling records it as waiting for the Committee); -1 with
 * the refusal (or the server's failure) in pb. */
int op_may_decide(const struct op *o, const struct match *m, int agreed, struct problem *pb);

/* The same for a door that is not a ruling: the Committee's case is refused too (409
 * committee-decides naming GOV-6a: the decision is to be recorded as a ruling, which waits
 * for the Committee). 0, or -1 with the refusal in pb. */
int op_decider_check(const struct op *o, const struct match *m, int agreed, struct problem *pb);

/* GOV-6a: nobody changes which player they are. The player's official link going from
 * `before` to `after` (0: none): refused (403 own-link naming GOV-6a) when it changes and
 * either is the official who acts. 0, or -1 with the refusal in pb. */
int op_link_check(const struct op *o, int64_t before, int64_t after, struct problem *pb);

#endif
