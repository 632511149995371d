/* The server's own ticks, once a second, each the same operations as a person's request
 * in frames of their own (ops/frame.c), with no request built: the late-entry deadline
 * (KO-4) closes the late entry of the brackets whose deadline passed, knockouts of players
 * and of Davis Cup teams alike, as "system" (no official acted: the audit log and the
 * matches' history must not name one, GOV-1); a flag (CLK-7) falls on the clocks
 * whose time ran out. A refusal or a failure changes nothing, and the next tick looks
 * again. */
#include "ops/ticks.h"

#include "ops/flag.h"
#include "ops/frame.h"
#include "ops/kinds.h"
#include "store/store.h"

/* Closes event eid of tournament tid; a refusal (closed meanwhile) or a failure changes
 * nothing, and the next tick tries again while the deadline is due. */
static void close_late_entry(struct db *db, int64_t now_ms, int64_t tid, int64_t eid)
{
    struct op o = {db, now_ms, "system", 0, NULL, NULL, 0, ROLE_NONE, 0};
    struct op_replay none;
    if (op_begin(&o, NULL, &none) != OP_OPEN)
        return;
    struct event e;
    struct problem pb = {0, NULL};
    int rc = db_event_get(db, tid, eid, &e) == CW_OK ? 0 : -1;
    /* the kind's own closing: a knockout's, a knockout of Davis Cup teams' */
    const struct event_kind_ops *k = rc ? NULL : op_kind(e.kind);
    rc = k && k->late_close ? k->late_close(&o, &e, &pb) : -1;
    if (rc) {
        op_rollback(&o);
        problem_free(&pb);
        return;
    }
    op_commit(&o, NULL, 0, NULL);
}

/* 1 while a restored copy waits for the TD (ops/hold.h): no deadline closes, no flag falls
 * (the clocks were paused at start; this keeps it so for a clock the TD set meanwhile). */
static int held(struct db *db)
{
    struct clk_hold h;
    return db_hold_get(db, &h) != CW_OK || clk_hold_active(&h);
}

int op_deadline_tick(struct db *db, int64_t now_ms)
{
    /* the deadlines that passed: late entry closes by itself (KO-4) */
    int64_t ids[16][2];
    db_lock(db);
    int n = held(db) ? 0 : db_ko_deadlines_due(db, now_ms, ids, 16);
    db_unlock(db);
    for (int i = 0; i < n; i++)
        close_late_entry(db, now_ms, ids[i][0], ids[i][1]);
    return n;
}

int op_clock_tick(struct db *db, int64_t now_ms)
{
    int64_t ids[32][2];
    db_lock(db);
    int n = held(db) ? 0 : db_clocks_flag_due(db, now_ms, ids, 32);
    db_unlock(db);
    for (int i = 0; i < n; i++) {
        /* the flag's own operation in a frame of its own; what it refuses or fails at
         * changes nothing, and the next tick looks again */
        struct op o = {db, now_ms, "clock", 0, NULL, NULL, 0, ROLE_NONE, 0};
        struct op_replay none;
        if (op_begin(&o, NULL, &none) != OP_OPEN)
            continue;
        struct problem pb = {0, NULL};
        if (op_clock_flag_due(&o, ids[i][0], ids[i][1], &pb)) {
            op_rollback(&o);
            problem_free(&pb);
        } else {
            op_commit(&o, NULL, 0, NULL);
        }
    }
    return n;
}
