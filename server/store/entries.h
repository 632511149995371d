/* GOV-4: the TD's decisions about entries (store/entries.c): each approval, refusal and
 * move up to a higher flight, with its reason (never shown to the player; GOV-8 reports
 * it), and the events a player is entered in. The caller holds the connection, as for
 * store.h. */
#ifndef STORE_ENTRIES_H
#define STORE_ENTRIES_H

#include <stdint.h>

#include "store/db.h"

#define ENTRY_REASON_MAX 500 /* characters of the TD's reason */

struct entry_decision {
    int64_t id, tournament_id, player_id;
    char decision[12]; /* "approved" | "refused" | "moved_up" */
    char reason[ENTRY_REASON_MAX * 4 + 1];
    int64_t from_event, to_event; /* a move up's; 0 otherwise */
    char official[96];            /* as the audit log names who acted */
    int64_t created_ms;
};

/* Stores d (its id filled). */
int db_entry_decision_insert(struct db *db, struct entry_decision *d);
/* The tournament's decisions, oldest first (malloc'd). */
int db_entry_decisions(struct db *db, int64_t tournament_id, struct entry_decision **out, int *n);

/* An event a player is entered in, and whether it is still open (not drawn, not started). */
struct player_event {
    int64_t event_id;
    int open;
};
int db_player_events(struct db *db, int64_t player_id, struct player_event **out, int *n);

#endif
