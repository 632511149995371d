/* What happens at a table between the players and the officials (store/calls.c): calls
 * (GOV-5), warnings of a slow match (003 2.3 i), observers (GOV-3); and rulings (GOV-6,
 * store/rulings.c) with the audit rows their state changes wrote. The caller holds the
 * connection, as for store.h. */
#ifndef STORE_CALLS_H
#define STORE_CALLS_H

#include <stdint.h>

#include "store/db.h"
#include "tourney/model.h"
#include "tourney/roles.h"

#define CALL_TEXT_MAX 200    /* characters of a player's line of text */
#define CALL_OUTCOME_MAX 500 /* characters of an official's outcome, a warning, a name */
#define RULING_TEXT_MAX 4000 /* characters of each part of a ruling */
/* who acted, by name: an official's name or a token's label, whole (O_NAME_MAX characters
 * of up to 4 bytes each), so that no name is ever cut */
#define ACTOR_NAME_SIZE (O_NAME_MAX * 4 + 1)

/* Who acted at a table: as the audit log names them ("official:3", "token:2"), which is
 * what identifies them, and their name: when read, the official's or token's name now
 * (a renamed official shows the new name), else the name recorded at the time. */
struct who {
    char actor[96];
    char name[ACTOR_NAME_SIZE];
};

struct call_row {
    int64_t id, tournament_id, match_id, player_id;
    int side;
    char reason[16];
    char text[CALL_TEXT_MAX * 4 + 1];
    char state[8]; /* open, taken, closed */
    int64_t created_ms;
    struct who taken_by; /* "" when not taken */
    int64_t taken_ms;
    struct who closed_by;
    int64_t closed_ms;
    char outcome[CALL_OUTCOME_MAX * 4 + 1];
    int leave_minutes;
    int64_t leave_until_ms;
    char table[M_TABLE_MAX * 4 + 1]; /* the match's table, as lists read it */
};
int db_call_insert(struct db *db, struct call_row *c); /* CW_ECONFLICT: one is open */
int db_call_get(struct db *db, int64_t match_id, int64_t id, struct call_row *c);
/* The match's open or taken call, CW_ENOTFOUND when none. */
int db_call_open_of_match(struct db *db, int64_t match_id, struct call_row *c);
int db_call_update(struct db *db, const struct call_row *c);
/* How many calls the player opened at or after since_ms, and the first of them. */
int db_calls_since(struct db *db, int64_t player_id, int64_t since_ms, int *count,
                   int64_t *first_ms);
/* The match's calls, newest first (malloc'd). */
int db_calls_of_match(struct db *db, int64_t match_id, struct call_row **out, int *n);
/* The tournament's calls not closed yet, oldest first (malloc'd). */
int db_calls_open(struct db *db, int64_t tournament_id, struct call_row **out, int *n);

struct warning_row {
    int64_t id, match_id;
    char text[CALL_OUTCOME_MAX * 4 + 1];
    struct who by;
    int64_t created_ms;
};
int db_warning_insert(struct db *db, struct warning_row *w);
int db_warnings(struct db *db, int64_t match_id, struct warning_row **out, int *n);

struct observer_row {
    int64_t id, match_id;
    char name[P_NAME_MAX * 4 + 1];
    int64_t fee_cents; /* -1: no fee */
    char fee_payer[8]; /* "", a, b, both */
    int64_t call_id;   /* 0: of the official's own motion */
    struct who appointed_by;
    int64_t appointed_ms;
    struct who removed_by;
    int64_t removed_ms; /* 0: still observing */
};
int db_observer_insert(struct db *db, struct observer_row *o);
int db_observer_get(struct db *db, int64_t match_id, int64_t id, struct observer_row *o);
int db_observer_remove(struct db *db, const struct observer_row *o);
/* The match's observers (all, or only those still observing), in order (malloc'd). */
int db_observers(struct db *db, int64_t match_id, int current_only, struct observer_row **out,
                 int *n);

struct ruling_row {
    int64_t id, tournament_id, match_id, call_id;
    char *question, *facts, *decision, *reasons; /* malloc'd when read */
    char effect[12];                             /* none, score, penalty, forfeit, clock */
    char *effect_json;                           /* what the effect was given (may be NULL) */
    char state[24];                              /* decided, awaiting_committee */
    int decided_match;
    struct who official; /* who ruled (an official, or a token acting for one) */
    int64_t official_id; /* 0: a machine token */
    int64_t created_ms;
};
void db_ruling_free(struct ruling_row *r);
void db_rulings_free(struct ruling_row *r, int n);
int db_ruling_insert(struct db *db, struct ruling_row *r);
/* The rulings of a match (match_id != 0) or of a tournament (match_id 0; state NULL: every
 * state), in order (malloc'd; free with db_rulings_free). */
int db_rulings(struct db *db, int64_t tournament_id, int64_t match_id, const char *state,
               struct ruling_row **out, int *n);
/* The last audit row's id (0 for none): a ruling marks where its state changes begin. */
int db_audit_last_id(struct db *db, int64_t *id);
/* Names the ruling in the audit rows written after after_id (this transaction's own: the
 * connection is held until the commit). */
int db_audit_link_ruling(struct db *db, int64_t after_id, int64_t ruling_id);
/* The ids of the audit rows a ruling is named in, in order (malloc'd). */
int db_ruling_audit_ids(struct db *db, int64_t ruling_id, int64_t **out, int *n);

#endif
