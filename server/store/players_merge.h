/* SQL of two registrations of one player merged (issue 34): what keeps them apart, and
 * every record of the one that goes moved to the one that stays. */
#ifndef STORE_PLAYERS_MERGE_H
#define STORE_PLAYERS_MERGE_H

#include <stdint.h>

#include "store/store.h"

/* What makes a merge of players a and b of tournament tid inconsistent: a match between
 * them (MERGE_MATCH, its id), an event both are in (MERGE_EVENT: entered, in a match, a
 * team, a Swiss or a Swing record of it; its id and name), or both members of the
 * Tournament Committee (MERGE_COMMITTEE). */
enum merge_clash { MERGE_NONE, MERGE_MATCH, MERGE_EVENT, MERGE_COMMITTEE };
struct merge_conflict {
    enum merge_clash clash;
    int64_t id;
    char name[801];
};
/* CW_OK with *c (MERGE_NONE when none), or CW_EDB. */
int db_player_merge_conflict(struct db *db, int64_t tid, int64_t a, int64_t b,
                             struct merge_conflict *c);

/* Every record naming player from (entries, matches, teams, Swiss and Swing records, calls,
 * the TD's entry decisions, the Committee's) names player to instead; from's logins end
 * and from is deleted. Only after db_player_merge_conflict found none. CW_OK or CW_EDB. */
int db_player_merge_move(struct db *db, int64_t from, int64_t to);

#endif
