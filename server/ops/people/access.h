/* Who plays a side of a match (access.c): the player named on it, or either member of a
 * Davis Cup consultation pair (DAVIS-1). The clock's frame and the API's checks share it. */
#ifndef OPS_ACCESS_H
#define OPS_ACCESS_H

#include <stdint.h>

#include "store/store.h"

/* The side (0 = a, 1 = b) that player player_id (logged in to tournament
 * player_tournament; 0: nobody) plays in match m, or -1. */
int op_match_side(struct db *db, int64_t player_id, int64_t player_tournament,
                  const struct match *m);
/* Every player who plays in match m: the player of each side, or both members of each
 * pair of a Davis Cup consultation doubles (DAVIS-1). Fills out (up to 4), returns how
 * many, or -1 when the database failed. GOV-6a reads it: who is a party to the match. */
int op_match_players(struct db *db, const struct match *m, int64_t out[4]);

#endif
