/* A knockout event's board (knockout_board.c). */
#ifndef OPS_KNOCKOUT_BOARD_H
#define OPS_KNOCKOUT_BOARD_H

#include <jansson.h>

#include "ops/knockout/knockout.h"

/* The bracket of knockout event e as JSON (a fed event before its draw: its entrants so far
 * and the results it awaits), late entry judged open or not at now_ms; NULL when the store
 * fails. The caller holds the database's lock. */
json_t *op_knockout_board(struct db *db, const struct event *e, int64_t now_ms);

#endif
