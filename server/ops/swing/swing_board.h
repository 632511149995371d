/* The reads of a Swing event (swing_board.c). The caller holds the database's lock and
 * loaded the event (a Swing one). */
#ifndef OPS_SWING_BOARD_H
#define OPS_SWING_BOARD_H

#include <jansson.h>
#include <stdint.h>

#include "ops/frame/problem.h"
#include "store/store.h"

/* The leaderboard: each player's rank, chips, change in the last round and status; the
 * round, its CPP and the next, the chips in play, the champion. NULL when the database
 * failed. */
json_t *op_swing_board(struct db *db, const struct event *e);
/* The ledger of the pool (pid 0: every row), or of player pid (each row with the signed
 * change and the balance after it; 404 in pb when pid has no entry). NULL with pb. */
json_t *op_swing_ledger(struct db *db, const struct event *e, int64_t pid, struct problem *pb);

#endif
