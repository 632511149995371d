/* The reads of a Swiss event (swiss_board.c). The caller holds the database's lock (or a
 * reader) and loaded the event (a Swiss one). */
#ifndef OPS_SWISS_BOARD_H
#define OPS_SWISS_BOARD_H

#include <jansson.h>

#include "store/store.h"

/* The Swiss as the console, the phone and the display read it: its settings, every round
 * (seed, bye, rematches, reasons, pairings with their tables and results), the standings
 * (SWISS-2: place, wins, losses, byes, the tie-breaks by name, out, withdrawn, late) and,
 * once it is over, the placings (PLACE-1); standings_only: without the rounds (the
 * display's standings, a smaller reply). NULL when the database failed. */
json_t *op_swiss_board(struct db *db, const struct event *e, int standings_only);

#endif
