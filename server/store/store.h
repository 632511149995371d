/* All SQL of the server lives under server/store/. These functions expect the caller to
 * hold the connection (db_lock, or db_begin for changes) and return CW_* codes. */
#ifndef STORE_H
#define STORE_H

#include <stddef.h>
#include <stdint.h>

#include "common/errors.h"
#include "store/db.h"
#include "tourney/clock.h"
#include "tourney/knockout.h"
#include "tourney/model.h"
#include "tourney/roles.h"

/* settings: small named values */
int db_setting_get(struct db *db, const char *key, char *buf, size_t len);
int db_setting_set(struct db *db, const char *key, const char *value);
/* The hold of a restored copy (from_ms 0: never held). */
int db_hold_get(struct db *db, struct clk_hold *h);
/* The TD confirmed the times at until_ms: the hold ends, and the late-entry deadlines that
 * fell in it move on by its length. */
int db_hold_lift(struct db *db, int64_t until_ms);

/* officials (GOV-1): named accounts with a role; never deleted (status "removed") */
struct official {
    int64_t id;
    char name[O_NAME_MAX * 4 + 1];
    enum role role;
    char status[12]; /* "active" | "suspended" | "removed" */
    int has_password;
    int64_t created_ms, updated_ms;
};
int db_official_get(struct db *db, int64_t id, struct official *o);
/* The official not removed whose name reads as name (NFKC, any case, white space as one). */
int db_official_by_name(struct db *db, const char *name, struct official *o);
int db_officials_list(struct db *db, struct official **out, int *n);
/* The password hash; CW_ENOTFOUND when the official has none (or is no official). */
int db_official_password(struct db *db, int64_t id, char *buf, size_t len);
int db_official_set_password(struct db *db, int64_t id, const char *hash, int64_t now_ms);
/* Inserts o (name, role) with the hash (may be NULL), active; fills id. CW_ECONFLICT: the
 * name is taken. */
int db_official_insert(struct db *db, struct official *o, const char *hash, int64_t now_ms);
/* Writes o's name, role and status. CW_ECONFLICT: the name is taken. */
int db_official_update(struct db *db, struct official *o, int64_t now_ms);

/* machine tokens: a role for a laptop or a script; only the hash of the secret is kept */
struct machine_token {
    int64_t id;
    char label[O_NAME_MAX * 4 + 1];
    enum role role;     /* ROLE_TD or ROLE_ASSISTANT */
    int64_t created_by; /* the official who created it */
    int64_t created_ms;
    int64_t revoked_ms; /* 0 while usable */
};
int db_token_insert(struct db *db, struct machine_token *k, const char *token_hash,
                    int64_t now_ms);
int db_token_get(struct db *db, int64_t id, struct machine_token *k);
int db_token_by_hash(struct db *db, const char *token_hash, struct machine_token *k);
int db_tokens_list(struct db *db, struct machine_token **out, int *n);
/* CW_ENOTFOUND when there is no such token not revoked yet. */
int db_token_revoke(struct db *db, int64_t id, int64_t now_ms);

/* officials' sessions, by the hash of their token */
struct session_who {
    int64_t official_id;
    enum role role;
    int suspended; /* the official is suspended (or removed) */
    int ended;     /* the session was ended by a suspension */
};
int db_session_insert(struct db *db, const char *token_hash, int64_t official_id, int64_t now_ms,
                      int64_t expires_ms);
/* The unexpired session of that hash and its official: CW_OK, CW_ENOTFOUND or CW_EDB. */
int db_session_get(struct db *db, const char *token_hash, int64_t now_ms, struct session_who *w);
int db_session_delete(struct db *db, const char *token_hash);
int db_sessions_purge(struct db *db, int64_t now_ms);
/* Ends (keeping them, to say why) every session of the official: a suspension. */
int db_sessions_end(struct db *db, int64_t official_id, int64_t now_ms);
int db_sessions_delete_official(struct db *db, int64_t official_id);
/* Deletes the official's sessions but the keep newest (before a login adds one: the
 * sessions of one official stay bounded however often they log in). */
int db_sessions_keep_newest(struct db *db, int64_t official_id, int keep);

/* device cookies (store/devices.c), by the hash of their secret: a browser an official
 * logged in from before (ops/people/login.c) */
int db_device_insert(struct db *db, const char *hash, int64_t official_id, int64_t now_ms);
/* The cookie's official (active ones only) and its wrong passwords: CW_OK, CW_ENOTFOUND or
 * CW_EDB. */
int db_device_get(struct db *db, const char *hash, int64_t *official_id, int *failures);
/* A wrong password sent with the cookie: counted, and the cookie deleted at max. */
int db_device_failed(struct db *db, const char *hash, int max);
int db_device_delete(struct db *db, const char *hash);
/* A new password, a suspension, a removal: the official's browsers are known no more. */
int db_devices_delete_official(struct db *db, int64_t official_id);
/* Deletes the official's cookies but the keep last used, and anyone's unused since
 * unused_since_ms (before a login adds one). */
int db_devices_keep_newest(struct db *db, int64_t official_id, int keep, int64_t unused_since_ms);

/* tournaments */
int db_tournament_insert(struct db *db, struct tournament *t, int64_t now_ms);
int db_tournament_get(struct db *db, int64_t id, struct tournament *t);
int db_tournament_update(struct db *db, struct tournament *t, int64_t now_ms);
/* Bumps the revision after a change of something inside the tournament. */
int db_tournament_touch(struct db *db, int64_t id, int64_t now_ms);
/* Whether a report with a gap waits for the TD in the tournament: 1 or 0, or CW_ENOTFOUND,
 * CW_EDB (negative). */
int db_tournament_gap_waits(struct db *db, int64_t id);
/* The tournament's illegal-move policy (MATCH-6), without reading the whole row. */
int db_tournament_policy(struct db *db, int64_t id, char out[12]);
/* The tournament's revision, or CW_ENOTFOUND / CW_EDB. */
int64_t db_tournament_revision(struct db *db, int64_t id);
int db_tournament_list(struct db *db, struct tournament **out, int *n);
struct tournament_counts {
    int players, checked_in, withdrawn;
};
int db_tournament_counts(struct db *db, int64_t id, struct tournament_counts *c);
/* 1 once any match of the tournament has a report (or a TD result), 0 before; <0 error. */
int db_tournament_has_reports(struct db *db, int64_t id);

/* players */
int db_player_insert(struct db *db, struct player *p, int64_t now_ms);
int db_player_get(struct db *db, int64_t tournament_id, int64_t id, struct player *p);
/* Only the id, name and country of the player (what a match's sides show), the rest of p
 * left as it is: a fraction of db_player_get's cost, on every reply naming a match. */
int db_player_name(struct db *db, int64_t tournament_id, int64_t id, struct player *p);
int db_player_update(struct db *db, struct player *p, int64_t now_ms);
int db_player_list(struct db *db, int64_t tournament_id, struct player **out, int *n);
/* GOV-4: the tournament's players whose entry waits for the TD's approval, by id. */
int db_player_list_pending(struct db *db, int64_t tournament_id, struct player **out, int *n);
/* The id of a player of the tournament with this name (case-insensitive) and country, or 0. */
int64_t db_player_find_same(struct db *db, int64_t tournament_id, const char *name,
                            const char *country, int64_t except_id);

/* the audit log */
struct audit_row {
    int64_t id, tournament_id, at_ms, entity_id;
    char actor[64], action[64], entity[32];
    char actor_name[O_NAME_MAX * 4 + 1]; /* the official's name, the token's label, or "" */
    int64_t ruling_id;              /* GOV-6: the ruling whose state change this is, or 0 */
    char *before_json, *after_json; /* malloc'd; NULL when absent */
};
int db_audit(struct db *db, int64_t tournament_id, int64_t at_ms, const char *actor,
             const char *action, const char *entity, int64_t entity_id, const char *before_json,
             const char *after_json);
/* Rows with id > after_id, oldest first, at most limit; tournament_id 0 = rows of no
 * tournament (logins, password changes). */
int db_audit_list(struct db *db, int64_t tournament_id, int64_t after_id, int limit,
                  struct audit_row **out, int *n);
void db_audit_rows_free(struct audit_row *rows, int n);

/* matches and reports (store/matches.c) */
int db_match_insert(struct db *db, struct match *m, int64_t now_ms);
int db_match_get(struct db *db, int64_t tournament_id, int64_t id, struct match *m);
int db_match_update(struct db *db, struct match *m, int64_t now_ms);
/* The same where was is the row as read in this transaction: a change of the score and the
 * report it stands on alone (a game's) sets those, in a statement of five values; anything
 * else, or a row written since, is db_match_update. */
int db_match_update_from(struct db *db, const struct match *was, struct match *m, int64_t now_ms);
/* player 0 = every match of the tournament; otherwise those where the player plays. */
int db_match_list(struct db *db, int64_t tournament_id, int64_t player_id, struct match **out,
                  int *n);
int db_match_state_log(struct db *db, int64_t match_id, enum match_state state, int64_t at_ms,
                       const char *actor);
struct match_state_time {
    enum match_state state;
    int64_t at_ms;
    char actor[40];
};
int db_match_state_times(struct db *db, int64_t match_id, struct match_state_time **out, int *n);
int db_report_insert(struct db *db, struct report *r);
/* The current report of a side (0, 1, or -1 for the TD); CW_ENOTFOUND if none. */
int db_report_current(struct db *db, int64_t match_id, int side, struct report *r);
/* Both sides' current reports in one statement (a game's report reads both: issue 37):
 * found[s] 1 where r[s] was read (the caller frees it). CW_* code. */
int db_report_current_pair(struct db *db, int64_t match_id, struct report r[2], int found[2]);
int db_report_get(struct db *db, int64_t match_id, int64_t id, struct report *r);
/* Marks the side's current report as superseded. */
int db_report_supersede(struct db *db, int64_t match_id, int side);
/* Makes report `id` of the match current again if it is a report in progress (not
 * complete); CW_OK also when it is not. */
int db_report_restore(struct db *db, int64_t match_id, int64_t id);
/* Replaces the games, score and completeness of a report (game-by-game reporting). */
int db_report_update_games(struct db *db, struct report *r);

/* match clocks, presence and breaks, penalties (store/clocks.c) */
struct clk;
/* CW_ENOTFOUND when the match has no clock; pre_flag (may be NULL) receives the match as it
 * was before a flag decided it (malloc'd JSON, or NULL). */
int db_clock_get(struct db *db, int64_t match_id, struct clk *c, char **pre_flag);
/* Inserts or replaces; flag_at_ms is when the running side flags (INT64_MAX if none). */
int db_clock_put(struct db *db, int64_t match_id, const struct clk *c, int64_t flag_at_ms,
                 const char *pre_flag, int64_t now_ms);
/* Running clocks whose flag moment is at or before now: up to max {tournament, match}. */
int db_clocks_flag_due(struct db *db, int64_t now_ms, int64_t (*out)[2], int max);
struct presence {
    int64_t arrived_ms;     /* 0: not present */
    int64_t absent_from_ms; /* 0: from the call */
    int breaks_used;
    int64_t break_started_ms, break_ends_ms; /* 0: no break running */
    int64_t late_clock_ms; /* PEN-3: the late side's clock started instead of points; 0: no */
    int postpone_min;      /* PEN-1 (000): the TD postponed the match; lateness counts from
                              the call plus these minutes. 0: not postponed */
};
/* Both sides (a missing row reads as all zero). */
int db_presence_get(struct db *db, int64_t match_id, struct presence p[2]);
int db_presence_put(struct db *db, int64_t match_id, int side, const struct presence *p);
/* KO-10: the match's clock, and both sides' presence (breaks, lateness's start, the
 * postponement), cleared: an undone match starts afresh. */
int db_clock_clear(struct db *db, int64_t match_id);
int db_presence_clear(struct db *db, int64_t match_id);
struct penalty {
    int64_t id, match_id;
    int side; /* the penalised side */
    char kind[12];
    int points, before_game;
    char reason[2001];
    char actor[96];
    int64_t created_ms;
    int64_t void_ms; /* KO-10: when its match was undone (it no longer counts); 0: stands */
};
int db_penalty_insert(struct db *db, struct penalty *p);
/* The match's penalties that stand (voided 0) or those voided by an undoing (voided 1), in
 * the order given. */
int db_penalties(struct db *db, int64_t match_id, int voided, struct penalty **out, int *n);
/* KO-10: every standing penalty of the match voided at now_ms (kept, no longer counting). */
int db_penalties_void(struct db *db, int64_t match_id, int64_t now_ms);
/* The points of the side's standing penalties of one kind ("lateness"), or of every kind
 * (NULL). */
int db_penalty_points(struct db *db, int64_t match_id, int side, const char *kind, int *points);

/* events and their entries (store/events.c) */
int db_event_insert(struct db *db, struct event *e, int64_t now_ms);
int db_event_get(struct db *db, int64_t tournament_id, int64_t id, struct event *e);
int db_event_update(struct db *db, struct event *e, int64_t now_ms);
int db_event_list(struct db *db, int64_t tournament_id, struct event **out, int *n);
/* What a match's label needs of its event, in one read: its name (name_len bytes), its
 * kind, and the rounds of its bracket (0 before a draw, or for a kind without one). */
int db_event_label(struct db *db, int64_t id, char *name, size_t name_len, enum event_kind_id *kind,
                   int *rounds);
int db_entry_add(struct db *db, int64_t event_id, int64_t player_id, int64_t now_ms);
int db_entry_remove(struct db *db, int64_t event_id, int64_t player_id);
/* The entered players' ids, in the order they entered. */
int db_entries(struct db *db, int64_t event_id, int64_t **out, int *n);
/* The matches of an event (round 0 = every round), by round and slot. */
int db_event_matches(struct db *db, int64_t event_id, int round, struct match **out, int *n);

/* Swiss rounds and the Swiss's entries (store/swiss.c) */
struct swiss_round_row {
    int round;
    char seed[RNG_SEED_BYTES]; /* as recorded (tourney/rng.h) */
    int64_t bye;               /* 0 = nobody */
    int rematches;
    char *reasons; /* JSON list, malloc'd when read */
    int swapped;
    int64_t paired_ms;
};
/* The round's row written (a new round, or a re-pair or a swap of it). */
int db_swiss_round_put(struct db *db, int64_t event_id, const struct swiss_round_row *r);
/* Every round of the event, in order (malloc'd; free with db_swiss_rounds_free). */
int db_swiss_rounds(struct db *db, int64_t event_id, struct swiss_round_row **out, int *n);
void db_swiss_rounds_free(struct swiss_round_row *r, int n);
/* A late entry's starting wins, the round joined, a withdrawal between rounds. */
struct swiss_entry_row {
    int64_t player_id;
    int start_wins, joined_round, withdrawn_round;
};
int db_swiss_entry_put(struct db *db, int64_t event_id, const struct swiss_entry_row *r);
/* The rows of the event's entries that have one, by player id (malloc'd). */
int db_swiss_entries(struct db *db, int64_t event_id, struct swiss_entry_row **out, int *n);

/* Swing rounds and the chip ledger (store/swing.c) */
struct swing_round_row {
    int round;
    int64_t cpp;
    char seed[RNG_SEED_BYTES]; /* as recorded (tourney/rng.h) */
    int64_t sitter;            /* 0 = nobody */
    int forced;
    int64_t started_ms;
};
int db_swing_round_insert(struct db *db, int64_t event_id, const struct swing_round_row *r);
/* Every round of the event, in order (malloc'd). */
int db_swing_rounds(struct db *db, int64_t event_id, struct swing_round_row **out, int *n);
int db_ledger_add(struct db *db, int64_t event_id, int round, int64_t match_id, int64_t from_player,
                  int64_t to_player, int64_t chips, const char *why, int64_t now_ms);
/* Deletes the rows that games wrote (a correction replays them). */
int db_ledger_clear_games(struct db *db, int64_t event_id);
/* Each entered player's balance (the ledger's sum), in the order of ids. */
int db_ledger_balances(struct db *db, int64_t event_id, const int64_t *ids, int n, int64_t *chips);
/* The chips that entered the pool (the starting stacks): constant (conservation). */
int db_ledger_total(struct db *db, int64_t event_id, int64_t *total);
/* One row of the chip ledger (from_player 0: the starting stack entering the pool). */
struct ledger_row {
    int64_t id;
    int round;
    int64_t match_id, from_player, to_player, chips;
    char why[512];
    int64_t at_ms;
};
/* The rows of the event in order (round, then id); player_id != 0 keeps those of one
 * player (as payer or payee). malloc'd. */
int db_ledger_rows(struct db *db, int64_t event_id, int64_t player_id, struct ledger_row **out,
                   int *n);
/* The matches of a tournament the TD corrected (audit entries "match.corrected"), each id
 * once (malloc'd). */
int db_corrected_matches(struct db *db, int64_t tournament_id, int64_t **ids, int *n);

/* Davis Cup teams and ties (store/davis.c) */
struct davis_team_row {
    int64_t id, event_id;
    char name[801];
    int64_t player[2];
    int number; /* 1-based, in the order registered */
};
struct davis_tie_row {
    int64_t id, event_id;
    int round, slot;
    int64_t team[2]; /* team[1] == 0: team[0] has the bye */
    int winner;      /* 0, 1, -1 */
};
int db_davis_team_insert(struct db *db, struct davis_team_row *t, int64_t now_ms);
int db_davis_teams(struct db *db, int64_t event_id, struct davis_team_row **out, int *n);
/* The team of the player in the event, 0 if none. */
int db_davis_team_get(struct db *db, int64_t id, struct davis_team_row *t);
int64_t db_davis_team_of_player(struct db *db, int64_t event_id, int64_t player_id);
int db_davis_tie_insert(struct db *db, struct davis_tie_row *t);
int db_davis_ties(struct db *db, int64_t event_id, struct davis_tie_row **out, int *n);
int db_davis_tie_get(struct db *db, int64_t id, struct davis_tie_row *t);
int db_davis_tie_set_winner(struct db *db, int64_t id, int winner);
/* A knockout of teams: the teams of a tie as the bracket has them now (0 = not known). */
int db_davis_tie_set_teams(struct db *db, int64_t id, int64_t team_a, int64_t team_b);
/* The five rubbers of a tie: out[i] is rubber i+1 (id 0 when missing). */
int db_tie_matches(struct db *db, int64_t tournament_id, int64_t tie_id, struct match *out);

/* knockout brackets (store/knockout.c) */
int db_ko_save(struct db *db, int64_t event_id, const struct ko_bracket *b, int64_t now_ms);
/* CW_ENOTFOUND before the draw; free the bracket with ko_bracket_free. */
int db_ko_load(struct db *db, int64_t event_id, struct ko_bracket *b);
/* Stores what changes after the draw: late fills and closing, slot holders, lengths. */
int db_ko_update(struct db *db, int64_t event_id, const struct ko_bracket *b);
/* Brackets whose late-entry deadline has passed with places still open: up to max
 * {tournament id, event id} pairs. Returns the count. */
int db_ko_deadlines_due(struct db *db, int64_t now_ms, int64_t (*out)[2], int max);

/* the live stream's log (store/stream.c); entries added in a transaction are published by
 * db_commit once the commit succeeded */
struct db_stream_entry {
    int64_t id;
    char type[48];
    char *data;
};
int db_stream_add(struct db *db, int64_t tournament_id, int64_t now_ms, const char *type,
                  const char *data);
int db_stream_since(struct db *db, int64_t tournament_id, int64_t after_id, int limit,
                    struct db_stream_entry **out, int *n);
/* The entries after after_id up to upto, which the caller knows are on disk (a stream's
 * start, api_stream_start): for a reader (db_readers_take), which sees what is committed
 * and cannot tell what is not yet durable. */
int db_stream_range(struct db *db, int64_t tournament_id, int64_t after_id, int64_t upto,
                    int limit, struct db_stream_entry **out, int *n);
void db_stream_free(struct db_stream_entry *entries, int n);
int64_t db_stream_last_id(struct db *db, int64_t tournament_id);

/* player sessions (PIN logins) */
int db_player_session_insert(struct db *db, const char *token_hash, int64_t player_id,
                             int64_t tournament_id, int64_t now_ms, int64_t expires_ms);
int db_player_session_get(struct db *db, const char *token_hash, int64_t now_ms, int64_t *player_id,
                          int64_t *tournament_id);
/* All sessions of the player, or only the one of token_hash when it is not NULL. */
int db_player_sessions_delete(struct db *db, int64_t player_id, const char *token_hash);

/* idempotency keys */
int db_idem_get(struct db *db, const char *scope, const char *key, char *request, size_t reqlen,
                int *status, char **body);
int db_idem_put(struct db *db, const char *scope, const char *key, const char *request, int status,
                const char *body, int64_t now_ms);
int db_idem_purge(struct db *db, int64_t before_ms);

#endif
