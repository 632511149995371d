/* The Swing suites' fixture (test_http_swing*.c): an event of n players, its rounds and
 * verified games, the leaderboard, and snapshots to show that a refusal changed nothing. */
#ifndef TEST_SWING_FX_H
#define TEST_SWING_FX_H

#include <stddef.h>

#include "harness.h"

/* The first game of a round: its tournament, its match, and the players of sides a, b. */
struct game {
    long long tid, mid, a, b;
};

/* The leaderboard, the pool's ledger and the event as the server shows them. */
struct swing_snap {
    char *board, *ledger, *event;
};

/* A tournament with n players entered in a Swing event; returns the tournament's id, the
 * event's path in epath. With pins, each player's PIN is kept there (pins[i], 8 bytes) for
 * a player login. */
long long make_swing_pins(int n, const char *swing_json, char *epath, size_t len,
                          long long *players, char (*pins)[8]);
long long make_swing(int n, const char *swing_json, char *epath, size_t len, long long *players);

/* The player id of side 0 (a) or 1 (b) of a game of a round's reply. */
long long side_player(json_t *game, int side);

/* The leaderboard's row of a player. */
json_t *board_row(struct res *r, long long pid);

/* A player's chips and status on the leaderboard r. */
long long chips_of(struct res *r, long long pid);
const char *status_of(struct res *r, long long pid);

/* The TD's POST of tail on match mid (e.g. "correct"), which must answer 200. */
void match_post_ok(long long tid, long long mid, const char *tail, const char *body);

/* The TD starts the next round of the Swing at epath (body: the request's, or NULL), which
 * must answer 201; its first game. */
struct game start_round(const char *epath, const char *body);

/* The TD verifies game mid: `winner` ("a"/"b") won `result` with the cube at `cube`. */
void verify_game(long long tid, long long mid, const char *winner, int cube, const char *result);

/* The leaderboard of the event at epath (must answer 200). */
void get_board(const char *epath, struct res *r);
/* The body of a GET of path (must answer 200), malloc'd. */
char *get_body(const char *path);
/* Takes, and frees, a snapshot of the event at epath. */
void swing_snap(const char *epath, struct swing_snap *s);
void swing_snap_free(struct swing_snap *s);

/* Asserts the leaderboard, the ledger and the event are byte-equal to `before`. */
void swing_unchanged(const char *epath, struct swing_snap *before, const char *what);

#endif
