/* The head TD's management of officials and machine tokens (GOV-1), each change audited
 * in the log of no tournament (officials are the server's, as the TD password was). */
#ifndef OPS_OFFICIALS_H
#define OPS_OFFICIALS_H

#include <jansson.h>

#include "common/secret.h"
#include "ops/frame/op.h"
#include "ops/frame/problem.h"
#include "store/store.h"

/* The record as replies and the audit log show it (never a password). */
json_t *op_official_json(const struct official *w);
json_t *op_token_json(const struct machine_token *k);

/* Official w (name, role: td or assistant) is added with the password's hash. 0 with its
 * id, or -1 with pb (409 name-taken). */
int op_official_add(const struct op *o, struct official *w, const char *hash,
                    struct problem *pb);

/* What the head TD changes of an official: each part only when given. */
struct official_in {
    const char *name;   /* NULL: unchanged */
    int role;           /* ROLE_TD, ROLE_ASSISTANT, or -1: unchanged */
    const char *status; /* "active" (reinstated), "suspended", or NULL: unchanged */
    const char *hash;   /* a new password's hash, or NULL */
};
/* Official id is read into *w and changed. A suspension ends their sessions at once; a new
 * password ends them too. The head TD may be renamed (and given a new password) but keeps
 * the role and cannot be suspended (409 head-td, GOV-1). 0, or -1 with pb (404, 409). */
int op_official_change(const struct op *o, int64_t id, const struct official_in *in,
                       struct official *w, struct problem *pb);
/* Official id is removed (kept, for the audit log's names; their sessions ended, their
 * name free again). 0, or -1 with pb (404, 409 head-td). */
int op_official_remove(const struct op *o, int64_t id, struct official *w, struct problem *pb);

/* A machine token k (label, role: td or assistant) is made by o's official: secret is the
 * token, shown once; only its hash is stored. 0, or -1 with pb. */
int op_token_create(const struct op *o, struct machine_token *k, char secret[CW_TOKEN_LEN + 1],
                    struct problem *pb);
/* Token id is revoked: it stops working at once. 0, or -1 with pb (404, 409 revoked). */
int op_token_revoke(const struct op *o, int64_t id, struct machine_token *k,
                    struct problem *pb);

#endif
