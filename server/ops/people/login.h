/* Logins: an official's (GOV-1: the name and password checked) and a player's (the PIN),
 * each session stored with its audit row; an official's logout. The HTTP side
 * (api/api_auth.c) limits the tries per address and the logins per official, and sets
 * the cookies; an official's login is three steps so that those limits sit between them. */
#ifndef OPS_LOGIN_H
#define OPS_LOGIN_H

#include "common/secret.h"
#include "ops/frame/op.h"
#include "ops/frame/problem.h"
#include "store/store.h"

/* Who a login names: the official and their stored hash, or, for a name no official has,
 * a dummy hash of the same cost, so that the two are answered alike (the same hash, the
 * same gate, the same 401). */
struct login_account {
    const char *name;    /* as the login gave it; NULL: none (the head TD's login) */
    struct official who; /* who.id 0: no such official */
    char stored[CW_PWHASH_LEN + 1];
    /* the hash of the device cookie the login brought, when it is a live one of this
     * official (op_login_device): the login takes the device lane; else "" */
    char device[CW_TOKEN_HASH_LEN + 1];
};

/* Device cookies (OWASP's defence against online guessing): a browser that logged in as
 * an official keeps a long-lived cookie, given anew at each login. A login that brings it
 * for the official it names has a password check of its own, beyond login_hashes_max, and
 * is held by no address's wrong passwords: guessers from any number of addresses cannot
 * keep that official out. Its wrong passwords count against the cookie, which is revoked
 * at DEVICE_FAILURES_MAX; an official keeps DEVICE_COOKIES_MAX of them, the last used. */
#define DEVICE_FAILURES_MAX 5
#define DEVICE_COOKIES_MAX 10
#define DEVICE_COOKIE_DAYS 365

/* The official a device cookie (token, or NULL) is a live one of: 0 with *official_id and
 * its hash in hash, or -1 (none, or not a live one: the login is an ordinary one). */
int op_login_device(const struct op *o, const char *token, int64_t *official_id,
                    char hash[CW_TOKEN_HASH_LEN + 1]);

/* A wrong password sent with a's device cookie: counted against it (not the address), the
 * cookie revoked at DEVICE_FAILURES_MAX. In its own transaction; 0, or -1 on a failure of
 * the database (the cookie then stays as it was). */
int op_login_device_failed(const struct op *o, const struct login_account *a);

/* One password check. */
struct login_try {
    const char *password;
    const char *from; /* the client's address, as the limits count it */
    int clean;        /* from has no wrong password standing: it may take the kept check */
    int hashes_max;   /* password checks at once (Argon2id: 64 MiB and a CPU each) */
    int device;       /* a device cookie's login (from: the cookie's hash): its own check */
};

/* Officials' live sessions kept each: a new login beyond ends the oldest. */
#define LOGIN_SESSIONS_MAX 10

/* The account of name (NULL: the head TD, a login with the password alone). 0, or -1 with
 * pb: 409 no-password, 500. An unknown name is no refusal here (see login_account). */
int op_login_find(const struct op *o, const char *name, struct login_account *a,
                  struct problem *pb);

/* Checks t's password against a (outside the database lock: the hash is slow), at most
 * t->hashes_max at once, one of them kept for a clean address (the head TD at their desk
 * while others flood: see README, Security), and one at a time from one address; one
 * more check kept for device cookies' logins, one at a time per cookie. 0 when
 * right, or -1 with pb: 401 wrong-password (an unknown name says the same, after the same
 * hash), 403 official-suspended (GOV-1, said only to who knows the password), 503 busy
 * (no check free for this address now: not a try). */
int op_login_check(const struct login_account *a, const struct login_try *t, struct problem *pb);

struct login_out {
    char token[CW_TOKEN_LEN + 1]; /* the session's secret, for the cookie only */
    int64_t expires_ms;
    char device[CW_TOKEN_LEN + 1]; /* the new device cookie's secret, for the cookie only */
};

/* Opens a session of a's official for session_ms, with its audit row, in its own
 * transaction (o->db; the room kept for the TD on a full disk may be used), ending the
 * official's oldest sessions beyond LOGIN_SESSIONS_MAX; and gives the browser a new
 * device cookie (the one it brought, a->device, is replaced). 0, or -1 with pb. */
int op_login_open(const struct op *o, const struct login_account *a, int64_t session_ms,
                  struct login_out *out, struct problem *pb);

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
/* The expired sessions deleted (the server's tick, every ten minutes), in a frame of
 * their own; a failure is tried again next time. */
void op_sessions_purge(struct db *db, int64_t now_ms);

#endif
