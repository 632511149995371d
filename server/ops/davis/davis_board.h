/* The reads of a Davis Cup event (davis_board.c): a team's JSON, and the whole grid with
 * its standings, composed from the stored ties and rubbers. */
#ifndef OPS_DAVIS_BOARD_H
#define OPS_DAVIS_BOARD_H

#include <jansson.h>
#include <stdint.h>

#include "store/store.h"

/* Team t of tournament tid, its members named. */
json_t *op_davis_team_json(struct db *db, const struct davis_team_row *t, int64_t tid);
/* Davis Cup event e (loaded; the caller holds the database's lock) at now_ms: its teams,
 * ties with their rubbers, standings and bracket, or NULL when the database failed. */
json_t *op_davis_board(struct db *db, const struct event *e, int64_t now_ms);

#endif
