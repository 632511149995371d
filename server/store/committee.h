/* SQL of the Tournament Committee (GOV-2) and its cases (GOV-7, schema 024_committee.sql):
 * the form and the appeal window, the members, the cases with their panels, statements,
 * motions and votes, the audit rows a decision names, and which matches a pending case
 * holds. The caller holds the transaction. */
#ifndef STORE_COMMITTEE_H
#define STORE_COMMITTEE_H

#include <stdint.h>

#include "store/db.h"

#define COMMITTEE_TEXT_MAX 4000 /* characters of grounds, a statement, a motion */
#define COMMITTEE_NAME_MAX 100

struct committee_settings {
    char form[16]; /* standing, per_appeal */
    int window_min;
    int stored; /* a row exists (else the defaults) */
};
int db_committee_settings(struct db *db, int64_t tid, struct committee_settings *s);
int db_committee_settings_put(struct db *db, int64_t tid, const struct committee_settings *s,
                              int64_t now_ms);

struct member_row {
    int64_t id, tournament_id, player_id; /* player_id 0: not a player */
    char name[COMMITTEE_NAME_MAX * 4 + 1];
    char pin[16]; /* a non-player member's PIN, else "" */
    int reserve;
    int64_t removed_ms, created_ms;
    int64_t player_official; /* the official the member's player is linked to, or 0 */
};
/* The tournament's members not removed, members before reserves, in order (malloc'd). */
int db_committee_members(struct db *db, int64_t tid, struct member_row **out, int *n);
int db_committee_member_get(struct db *db, int64_t tid, int64_t id, struct member_row *m);
/* The member who is player pid (not removed): CW_ENOTFOUND when none. */
int db_committee_member_of_player(struct db *db, int64_t tid, int64_t pid, struct member_row *m);
int db_committee_member_insert(struct db *db, struct member_row *m); /* CW_ECONFLICT: twice */
int db_committee_member_remove(struct db *db, int64_t id, int64_t now_ms);

struct appeal_row {
    int64_t id, tournament_id, match_id;
    char kind[12]; /* appeal, referral */
    int64_t ruling_id, audit_id;
    char decided_by[96]; /* the actor whose decision is the case's */
    int64_t decision_ms, player_id;
    int side;                     /* the appellant's, -1: none */
    char *grounds, *outcome_text; /* malloc'd when read; outcome_text may be NULL */
    char state[12];               /* pending, withdrawn, decided */
    int released;
    char outcome[12]; /* upheld, replaced, or "" */
    char created_by[96];
    int64_t created_ms, closed_ms;
};
void db_appeals_free(struct appeal_row *a, int n);
void db_appeal_free(struct appeal_row *a);
int db_appeal_insert(struct db *db, struct appeal_row *a);
int db_appeal_get(struct db *db, int64_t tid, int64_t id, struct appeal_row *a);
/* The cases of a tournament (match 0: all; state NULL: every state), in order. */
int db_appeals(struct db *db, int64_t tid, int64_t mid, const char *state, struct appeal_row **out,
               int *n);
/* state, released, outcome, outcome_text, closed_ms */
int db_appeal_update(struct db *db, const struct appeal_row *a);
/* The case (not withdrawn) of a ruling (ruling_id) or an audit row's decision (audit_id): 0
 * with its id in *id, CW_ENOTFOUND when none. */
int db_appeal_of_decision(struct db *db, int64_t ruling_id, int64_t audit_id, int64_t *id);

int db_appeal_panel(struct db *db, int64_t appeal_id, int64_t **ids, int *n);
int db_appeal_panel_set(struct db *db, int64_t appeal_id, const int64_t *ids, int n);
/* WBGF 5.1: side's choice of the panel of case appeal_id (replacing its last), and read
 * back, by member id (malloc'd; n 0: none yet). */
int db_panel_choice_set(struct db *db, int64_t appeal_id, int side, const int64_t *ids, int n,
                        const char *actor, int64_t now_ms);
int db_panel_choice(struct db *db, int64_t appeal_id, int side, int64_t **ids, int *n);

struct statement_row {
    int64_t id, appeal_id, player_id;
    int side;
    char *text;
    char actor[96];
    int64_t created_ms;
};
int db_statement_insert(struct db *db, struct statement_row *s);
int db_statements(struct db *db, int64_t appeal_id, struct statement_row **out, int *n);
void db_statements_free(struct statement_row *s, int n);

struct motion_row {
    int64_t id, appeal_id;
    char kind[12]; /* uphold, replace */
    char *text, *effect_json;
    char state[12]; /* open, carried, failed */
    char created_by[96];
    int64_t created_ms, closed_ms;
};
void db_motion_free(struct motion_row *m);
int db_motion_insert(struct db *db, struct motion_row *m);
/* The case's last motion (CW_ENOTFOUND: none). */
int db_motion_last(struct db *db, int64_t appeal_id, struct motion_row *m);
int db_motion_close(struct db *db, int64_t id, const char *state, int64_t now_ms);

struct vote_row {
    int64_t member_id;
    char vote[4]; /* yes, no */
    char recorded_by[96];
    int64_t created_ms;
};
int db_vote_insert(struct db *db, int64_t motion_id, const struct vote_row *v); /* ECONFLICT */
int db_votes(struct db *db, int64_t motion_id, struct vote_row **out, int *n);

/* A decision about match mid recorded in audit row audit_id: its action, who made it and
 * when. CW_ENOTFOUND when the row is not one about that match. */
struct decision_row {
    int64_t audit_id, at_ms, ruling_id, appeal_id; /* the ruling or case that wrote it, or 0 */
    char action[64], actor[96];
};
int db_audit_decision(struct db *db, int64_t tid, int64_t mid, int64_t audit_id,
                      struct decision_row *d);
/* The audit rows of match mid written since since_ms by an official or a machine token,
 * linked to no ruling nor case, oldest first (malloc'd). */
int db_audit_decisions(struct db *db, int64_t tid, int64_t mid, int64_t since_ms,
                       struct decision_row **out, int *n);
int db_audit_link_appeal(struct db *db, int64_t after_id, int64_t appeal_id);
int db_appeal_audit_ids(struct db *db, int64_t appeal_id, int64_t **out, int *n);

/* A ruling that waited for the Committee (GOV-6) is decided by it. */
int db_ruling_committee_decided(struct db *db, int64_t ruling_id, int decided_match);

/* The pending cases of tournament tid the TD did not release, by id: what may hold the
 * matches that depend on them (GOV-7, ops/match/appeal_hold.c decides which). */
struct appeal_hold_row {
    int64_t appeal_id, match_id;
};
int db_appeals_holding(struct db *db, int64_t tid, struct appeal_hold_row **out, int *n);

#endif
