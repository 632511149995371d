/* A restored copy held until the TD confirms the times (ops/hold.h). */
#include "ops/hold.h"

#include <stdlib.h>

#include "ops/clock.h"
#include "ops/flag.h"
#include "ops/frame.h"
#include "ops/record.h"
#include "store/store.h"

/* One running clock of a held database, in a frame of its own: paused for the TD at the
 * hold's start (not at now: the time the laptop was dead is nobody's), or, when its side
 * had run out of time before then, flagged as the old server would have flagged it. */
static int pause_one(struct db *db, int64_t now_ms, int64_t at_ms, int64_t tid, int64_t mid)
{
    struct op o = {db, now_ms, "system", 0, NULL, NULL, 0, ROLE_NONE, 0};
    struct op_replay none;
    if (op_begin(&o, NULL, &none) != OP_OPEN)
        return -1;
    struct match m;
    struct tournament t;
    struct clk c;
    char *pre_flag = NULL;
    struct problem pb = {0, NULL};
    int rc = db_match_get(db, tid, mid, &m) == CW_OK && db_tournament_get(db, tid, &t) == CW_OK &&
                     db_clock_get(db, mid, &c, &pre_flag) == CW_OK
                 ? 0
                 : -1;
    int paused = 0;
    if (!rc && c.state == CLK_RUNNING) {
        int64_t at = at_ms > c.since_ms ? at_ms : c.since_ms;
        struct clk trial = c;
        if (clk_tick(&trial, at)) {
            struct op then = o;
            then.now_ms = at;
            rc = op_clock_flag_due(&then, tid, mid, &pb);
        } else {
            rc = clk_pause(&c, at, CLK_R_TD) == CLK_OK &&
                         op_clock_store(db, &m, &c, &t, pre_flag, now_ms) == CW_OK
                     ? 0
                     : -1;
            paused = !rc;
        }
    }
    free(pre_flag);
    problem_free(&pb);
    if (rc) {
        op_rollback(&o);
        return -1;
    }
    return op_commit(&o, NULL, 0, NULL) ? -1 : paused;
}

int op_hold_start(struct db *db, int64_t now_ms, int *held)
{
    struct clk_hold h;
    db_lock(db);
    int rc = db_hold_get(db, &h);
    db_unlock(db);
    *held = rc == CW_OK && clk_hold_active(&h);
    if (rc != CW_OK)
        return -1;
    if (!*held)
        return 0;
    int total = 0;
    for (;;) {
        int64_t ids[32][2];
        db_lock(db);
        /* every running clock (a flag moment is never past the end of time) */
        int n = db_clocks_flag_due(db, INT64_MAX, ids, 32);
        db_unlock(db);
        if (n < 0)
            return -1;
        int done = 0;
        for (int i = 0; i < n; i++) {
            int k = pause_one(db, now_ms, h.from_ms, ids[i][0], ids[i][1]);
            if (k < 0)
                return -1;
            total += k;
            done++;
        }
        if (n < 32 || !done)
            return total;
    }
}

int op_hold_refuse(struct db *db, struct problem *pb)
{
    struct clk_hold h;
    if (db_hold_get(db, &h) != CW_OK) {
        problem_internal(pb, "reading the hold");
        return -1;
    }
    if (!clk_hold_active(&h))
        return 0;
    problem_set(pb, 409, "held", "Waiting for the TD",
                "This database was restored on another laptop: the clocks, the lateness and "
                "the deadlines wait until the TD has confirmed or set the times and confirms "
                "the resume (POST /api/v1/resume) (CLK-7).");
    return -1;
}

int op_hold_lift(const struct op *o, struct problem *pb)
{
    struct clk_hold h;
    if (db_hold_get(o->db, &h) != CW_OK) {
        problem_internal(pb, "reading the hold");
        return -1;
    }
    if (!clk_hold_active(&h)) {
        problem_set(pb, 409, "not-held", "Nothing is held",
                    "This database is not waiting for the TD: nothing to resume.");
        return -1;
    }
    if (db_hold_lift(o->db, o->now_ms) != CW_OK ||
        op_audit_change(o, 0, "server.resumed", "server", 0, NULL,
                        json_pack("{s:I, s:I}", "held_from_ms", (json_int_t)h.from_ms, "resumed_ms",
                                  (json_int_t)o->now_ms))) {
        problem_internal(pb, "lifting the hold");
        return -1;
    }
    /* every screen and console hears that play goes on (and their copies are refreshed) */
    struct tournament *ts;
    int n;
    if (db_tournament_list(o->db, &ts, &n) != CW_OK) {
        problem_internal(pb, "listing the tournaments");
        return -1;
    }
    int rc = 0;
    for (int i = 0; i < n && !rc; i++)
        rc = op_emit(o->db, ts[i].id, o->now_ms, "server.resumed",
                     json_pack("{s:I, s:I}", "held_from_ms", (json_int_t)h.from_ms, "resumed_ms",
                               (json_int_t)o->now_ms));
    free(ts);
    if (rc)
        problem_internal(pb, "telling the tournaments");
    return rc ? -1 : 0;
}
