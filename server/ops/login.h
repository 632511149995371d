/* An official's login and logout (GOV-1): the name and password checked, the session
 * stored with its audit row. The HTTP side (api/api_auth.c) limits the tries per address
 * and sets the cookie. */
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

/* Ends the session of token_hash, audited when it was a live one. 0, or -1 with pb. */
int op_logout(const struct op *o, const char *token_hash, struct problem *pb);

#endif
