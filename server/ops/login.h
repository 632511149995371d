/* Logins: an official's (GOV-1: the name and password checked) and a player's (the PIN),
 * each session stored with its audit row; an official's logout. The HTTP side
 * (api/api_auth.c) limits the tries per address and sets the cookies. */
#ifndef OPS_LOGIN_H
#define OPS_LOGIN_H

#include "common/secret.h"
#include "ops/op.h"
#include "ops/problem.h"
#include "store/store.h"

struct login_in {
    const char *name; /* NULL: the head TD (a login with the password alone, as before) */
    const char *password;
    int64_t session_ms; /* how long the session lasts */
    int hashes_max;     /* password checks at once (Argon2id: 64 MiB and a CPU each) */
};

struct login_out {
    struct official who;
    char token[CW_TOKEN_LEN + 1]; /* the session's secret, for the cookie only */
    int64_t expires_ms;
};

/* Checks the password of the official (outside the database lock: the hash is slow) and
 * opens a session in its own transaction (o->db; the room kept for the TD on a full disk
 * may be used). 0, or -1 with the problem in pb: 401 wrong-password (an unknown name
 * says the same), 403 official-suspended (GOV-1), 409 no-password, 503 busy (too many
 * checks at once: not a try). */
int op_login(const struct op *o, const struct login_in *in, struct login_out *out,
             struct problem *pb);

/* A player's PIN login to their tournament tid: the PIN checked (in constant time) and the
 * session stored with its audit row, in its own transaction. 0 with the player in *p and
 * the session's secret in token, or -1 with pb: 404 no such player, 401 wrong-pin, 403
 * player-withdrawn. */
int op_player_login(const struct op *o, int64_t tid, int64_t pid, const char *pin,
                    int64_t session_ms, struct player *p, char token[CW_TOKEN_LEN + 1],
                    struct problem *pb);

/* A logout ends the sessions the request carries, each audited when it was a live one:
 * the official's of official_hash, and the player's of player_hash (the player
 * player_id of tournament player_tournament, found by the API). Either hash may be NULL.
 * Runs in o's open transaction. 0, or -1 with pb. */
int op_logout(const struct op *o, const char *official_hash, const char *player_hash,
              int64_t player_id, int64_t player_tournament, struct problem *pb);

#endif
