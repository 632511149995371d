/* The server's own ticks, once a second, each the same operations as a person's request
 * in frames of their own (ops/frame/frame.c), with no request built: the late-entry deadline
 * (KO-4) closes the late entry of the brackets whose deadline passed, knockouts of players
 * and of Davis Cup teams alike, as "system" (no official acted: the audit log and the
 * matches' history must not name one, GOV-1); a flag (CLK-7) falls on the clocks
 * whose time ran out. A refusal or a failure changes nothing, and the next tick looks
 * again. */
#include "ops/clock/ticks.h"

#include "ops/clock/flag.h"
#include "ops/frame/frame.h"
#include "ops/event/kinds.h"
#include "store/store.h"

struct due {
    int64_t tid, eid; /* the event (the late-entry deadline), or the match (a flag) */
};

/* Closes the late entry of the event; a refusal (closed meanwhile) or a failure changes
 * nothing, and the next tick tries again while the deadline is due. */
static int close_late_entry(const struct op *o, void *in)
{
    const struct due *d = in;
    struct event e;
    struct problem pb = {0, NULL};
    int rc = db_event_get(o->db, d->tid, d->eid, &e) == CW_OK ? 0 : -1;
    /* the kind's own closing: a knockout's, a knockout of Davis Cup teams' */
    const struct event_kind_ops *k = rc ? NULL : op_kind(e.kind);
    rc = k && k->late_close ? k->late_close(o, &e, &pb) : -1;
    problem_free(&pb);
    return rc;
}

/* The flag's own operation; what it refuses or fails at changes nothing, and the next
 * tick looks again. */
static int flag_due(const struct op *o, void *in)
{
    const struct due *d = in;
    struct problem pb = {0, NULL};
    int rc = op_clock_flag_due(o, d->tid, d->eid, &pb);
    problem_free(&pb);
    return rc;
}

/* 1 while a restored copy waits for the TD (ops/clock/hold.h): no deadline closes, no flag falls
 * (the clocks were paused at start; this keeps it so for a clock the TD set meanwhile). */
static int held(struct db *db)
{
    struct clk_hold h;
    return db_hold_get(db, &h) != CW_OK || clk_hold_active(&h);
}

/* What is due: the late-entry deadlines that passed, or the clocks whose flag fell (each a
 * tournament's id and the event's or match's), none while a restored copy is held. */
struct due_list {
    int64_t now_ms;
    int flags; /* the clocks, not the deadlines */
    int64_t ids[32][2];
    int n;
};

static int list_due(const struct op *o, void *in)
{
    struct due_list *l = in;
    if (held(o->db))
        l->n = 0;
    else if (l->flags)
        l->n = db_clocks_flag_due(o->db, l->now_ms, l->ids, 32);
    else
        l->n = db_ko_deadlines_due(o->db, l->now_ms, l->ids, 16);
    return 0;
}

/* Each thing due in a frame of its own, acting as actor. */
static int run_due(struct db *db, int64_t now_ms, int flags, const char *actor,
                   int (*fn)(const struct op *o, void *in))
{
    struct op o = op_server(db, now_ms, actor);
    struct due_list l = {now_ms, flags, {{0}}, 0};
    op_read(&o, list_due, &l);
    for (int i = 0; i < l.n; i++) {
        struct due d = {l.ids[i][0], l.ids[i][1]};
        op_run(&o, fn, &d);
    }
    return l.n;
}

int op_deadline_tick(struct db *db, int64_t now_ms)
{
    /* the deadlines that passed: late entry closes by itself (KO-4) */
    return run_due(db, now_ms, 0, "system", close_late_entry);
}

int op_clock_tick(struct db *db, int64_t now_ms)
{
    return run_due(db, now_ms, 1, "clock", flag_due);
}
