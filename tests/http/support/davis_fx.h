/* The Davis Cup suites' fixture (test_http_davis*.c): an event of teams of two, its phases
 * started and rubbers decided by the TD, the board, the players' sessions and the audit. */
#ifndef TEST_DAVIS_FX_H
#define TEST_DAVIS_FX_H

#include <stdint.h>

#include "harness.h"

/* An event of n teams: its tournament, path and players (team t: players 2t and 2t+1), with
 * their PINs. */
struct dc {
    long long tid, eid;
    char epath[128];
    int n;
    long long players[20];
    char pins[20][8];
};

/* A tournament of 2 * teams players and its Davis Cup of those teams (settings: the event's
 * "davis" JSON, or NULL for lengths 3, 5, 3). */
void make_event(struct dc *d, int teams, const char *settings);
/* The TD starts the event (body: the request's, or NULL); it must answer 201. */
void start_with(struct dc *d, const char *body);
void start(struct dc *d);
/* The event's board (GET …/davis, must answer 200). */
void board(struct dc *d, struct res *r);

/* The session of the event's player i (a PIN login). */
void as_player(struct dc *d, int i, struct srv *out);

/* verify a rubber as the TD: side "a" or "b" wins at its length */
void td_decide(struct dc *d, long long mid, int length, int b_wins, const char *extra,
               struct res *r);

/* Rubber k (0-4) of a tie of the board. */
json_t *rubber(json_t *tie, int k);

/* The match ids of the five rubbers of the board's first tie. */
void rubber_ids(struct dc *d, long long m[5]);

/* how many audit entries of the tournament have this action (all of them when NULL) */
int audit_count(struct dc *d, const char *action);

/* the event's own state, as GET …/competitions/{eid} gives it */
void assert_event_state(struct dc *d, const char *state);

/* the open-phase scheduled rubbers of the ties of `round` (0: every round) decided: side a
 * wins, or at random from *seed; returns how many */
int decide_open(struct dc *d, int round, uint64_t *seed);

/* The board's tie at that round and slot, or NULL. */
json_t *tie_at(json_t *board_json, int round, int slot);

#endif
