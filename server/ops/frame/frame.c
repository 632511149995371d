/* The transaction frame of an operation: a savepoint in the group commit, and the
 * Idempotency-Key's first answer, stored with the change. */
#include "ops/frame/frame.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store/store.h"

enum op_begun op_begin(const struct op *o, const struct op_key *key, struct op_replay *replay)
{
    int rc = db_begin(o->db);
    if (rc == DB_BUSY)
        return OP_BUSY;
    if (rc == DB_FULL)
        return OP_FULL;
    if (rc == DB_BROKEN)
        return OP_BROKEN;
    if (rc)
        return OP_FAILED;
    if (!key || !key->key)
        return OP_OPEN;
    /* the key belongs to who acts: one player's key never answers another's request */
    char stored[600];
    int status;
    char *body = NULL;
    rc = db_idem_get(o->db, o->who.actor, key->key, stored, sizeof stored, &status, &body);
    if (rc == CW_ENOTFOUND)
        return OP_OPEN;
    if (rc != CW_OK) {
        db_rollback(o->db);
        return OP_FAILED;
    }
    if (strcmp(stored, key->request)) {
        db_rollback(o->db);
        free(body);
        return OP_REUSED;
    }
    /* the first answer, again, but not before the first request's change is on disk: it may
     * be in the open batch, or syncing; this empty operation joins the batch and waits */
    if (db_commit(o->db)) {
        free(body);
        return OP_FAILED;
    }
    replay->status = status;
    replay->body = body;
    return OP_REPLAY;
}

/* The answer stored under the key, if any; CW_OK, or CW_EDB having rolled back. */
static int keep_answer(const struct op *o, const struct op_key *key, int status, const char *body)
{
    if (key && key->key &&
        db_idem_put(o->db, o->who.actor, key->key, key->request, status, body ? body : "",
                    o->now_ms) != CW_OK) {
        db_rollback(o->db);
        return CW_EDB;
    }
    return CW_OK;
}

int op_commit(const struct op *o, const struct op_key *key, int status, const char *body)
{
    if (keep_answer(o, key, status, body))
        return CW_EDB;
    return db_commit(o->db) ? CW_EDB : CW_OK;
}

int op_commit_async(const struct op *o, const struct op_key *key, int status, const char *body,
                    struct db_ticket **ticket)
{
    *ticket = NULL;
    if (keep_answer(o, key, status, body))
        return CW_EDB;
    return db_commit_async(o->db, ticket) ? CW_EDB : CW_OK;
}

void op_rollback(const struct op *o)
{
    db_rollback(o->db);
}

struct op op_server(struct db *db, int64_t now_ms, const char *actor)
{
    struct op o = {db, now_ms, {"", 0, ROLE_NONE, 0, 0, 0, 0}, 0, NULL, NULL, NULL};
    snprintf(o.who.actor, sizeof o.who.actor, "%s", actor);
    return o;
}

int op_run(const struct op *o, int (*fn)(const struct op *o, void *in), void *in)
{
    struct op_replay none;
    if (op_begin(o, NULL, &none) != OP_OPEN)
        return -1;
    if (fn(o, in)) {
        op_rollback(o);
        return -1;
    }
    return op_commit(o, NULL, 0, NULL) == CW_OK ? 0 : -1;
}

int op_read(const struct op *o, int (*fn)(const struct op *o, void *in), void *in)
{
    db_lock(o->db);
    int rc = fn(o, in);
    db_unlock(o->db);
    return rc;
}

int op_run_as(const struct op *o, int reserved, int (*fn)(const struct op *o, void *in), void *in,
              struct problem *pb)
{
    int rc = reserved ? db_begin_reserved(o->db) : db_begin(o->db);
    if (rc == DB_BUSY) {
        problem_set(pb, 503, "database-busy", "The database is busy",
                    "Another program holds the tournament's database (a backup or an sqlite3 "
                    "shell?); nothing was changed. Try again in a moment.");
        return -1;
    }
    if (rc) {
        problem_internal(pb, "starting a transaction");
        return -1;
    }
    if (fn(o, in)) {
        db_rollback(o->db);
        if (!pb->json)
            problem_internal(pb, "storing the change");
        return -1;
    }
    if (db_commit(o->db)) {
        problem_internal(pb, "committing");
        return -1;
    }
    return 0;
}
