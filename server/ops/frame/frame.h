/* The one transaction frame of every operation, and the Idempotency-Key check that belongs
 * to it. The frame is the store's group commit: op_begin opens a SAVEPOINT for this
 * operation inside the batch of concurrent writers (BEGIN IMMEDIATE when it opens the
 * batch); op_commit releases it and returns once the batch is on disk; the stream entries
 * the operation added are published then, never before. op_rollback undoes this
 * operation alone (and drops its stream entries), the batch's others stay.
 *
 * A key makes a retried submission (phones on venue Wi-Fi retry) get the first answer
 * again and change nothing twice: the answer is stored under (actor, key) in the same
 * transaction as the change.
 *
 * This file and api/tx.c (its HTTP side, api_run) are the only ones that open, commit or
 * roll back a transaction, or take the database's lock for a read (op_read): every change
 * and every read of ops/ and api/ runs in them. */
#ifndef OPS_FRAME_H
#define OPS_FRAME_H

#include "ops/frame/op.h"
#include "ops/frame/problem.h"

struct db_ticket;

/* An Idempotency-Key and what it promises to stand for (e.g. the method, the path and a
 * hash of the body); key NULL: none. */
struct op_key {
    const char *key;
    const char *request;
};

/* The first answer given under a key, replayed: its status and body (malloc'd JSON text,
 * "" for none; free it). */
struct op_replay {
    int status;
    char *body;
};

enum op_begun {
    OP_OPEN = 0,   /* the transaction is open: do the operation, then commit or roll back */
    OP_REPLAY = 1, /* the key was used for this request: *replay holds the first answer */
    OP_BUSY = 2,   /* another program holds the database: nothing was begun, retry later */
    OP_REUSED = 3, /* the key was used for a different request: refused */
    OP_FAILED = 4, /* the database failed: a server fault */
    OP_FULL = 5,   /* the disk is full: nothing was begun, refused until there is room */
    OP_BROKEN = 6, /* writing the files failed and the database is not reopened yet */
};

/* Opens the frame for o; key may be NULL. When it returns anything but OP_OPEN no
 * transaction is open. */
enum op_begun op_begin(const struct op *o, const struct op_key *key, struct op_replay *replay);
/* Stores the answer (status, body text, may be NULL) under the key, if any, and commits.
 * CW_OK, or CW_EDB when nothing was stored (the frame is closed either way). */
int op_commit(const struct op *o, const struct op_key *key, int status, const char *body);
/* op_commit without waiting for the disk (db_commit_async): CW_OK with *ticket to wait for
 * (NULL when it did wait after all), or CW_EDB. */
int op_commit_async(const struct op *o, const struct op_key *key, int status, const char *body,
                    struct db_ticket **ticket);
/* Undoes the operation and closes the frame. */
void op_rollback(const struct op *o);

/* The frame of a change with no request and no key (the server's ticks, a held copy's
 * clocks): fn(o, in) in a transaction of its own, committed when it returns 0, rolled back
 * (with its stream entries) otherwise. 0 once on disk, or -1. */
int op_run(const struct op *o, int (*fn)(const struct op *o, void *in), void *in);
/* op_run with its refusals in pb, for a login's change (under no key: no secret is kept
 * as an answer to replay): 503 while another program holds the database, else a 500
 * (which the router answers as the disk's refusal when the disk is full or failed), or
 * fn's own (fn fills pb; none: a 500). reserved: the change may use the room kept for the
 * TD's login on a full disk. 0 once on disk, or -1. */
int op_run_as(const struct op *o, int reserved, int (*fn)(const struct op *o, void *in), void *in,
              struct problem *pb);
/* A read under the database's lock: fn(o, in), its result returned. Reads see the open
 * batch of changes (the writer's connection); no change is made here. */
int op_read(const struct op *o, int (*fn)(const struct op *o, void *in), void *in);

#endif
