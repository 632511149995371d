/* Two registrations of one player merged by the TD (issue 34): one stays, the other's
 * entries, matches and other records become the one that stays's, where that is consistent:
 * refused (409, nothing changed) when a match is between them, when both are in one event
 * (entered, played, in a team...), when both sit on the Committee, or when their federation
 * ids (or the officials they are) differ. */
#ifndef OPS_MERGE_H
#define OPS_MERGE_H

#include "ops/frame/op.h"
#include "ops/frame/problem.h"
#include "tourney/model.h"

/* Player dup of tournament tid merged into player keep: keep's empty fields (country,
 * club, federation id, email, flight, the official it is, the rating) filled from dup's,
 * the larger experience kept; dup's records moved to keep, dup's logins ended and dup
 * deleted; audited (player.merge, both records before) and told to the stream. 0 with
 * *out the player that stays, or -1 with the problem (404, 422 the same player, 409). */
int op_player_merge(const struct op *o, int64_t tid, int64_t keep, int64_t dup, struct player *out,
                    struct problem *pb);

#endif
