/* A restored copy held until the TD confirms the times (ops/clock/hold.h). */
#include "ops/clock/hold.h"

#include <stdlib.h>
#include <string.h>

#include "ops/records/clock.h"
#include "ops/clock/flag.h"
#include "ops/frame/frame.h"
#include "ops/frame/record.h"
#include "store/store.h"

/* One running clock of a held database: paused for the TD at the hold's start (not at
 * now: the time the laptop was dead is nobody's), or, when its side had run out of time
 * before then, flagged as the old server would have flagged it. */
struct held_clock {
    int64_t at_ms, tid, mid;
    int paused; /* set when it was paused (not flagged) */
};

static int pause_one(const struct op *o, void *in)
{
    struct held_clock *hc = in;
    struct db *db = o->db;
    struct match m;
    struct tournament t;
    struct clk c;
    char *pre_flag = NULL;
    struct problem pb = {0, NULL};
    int rc = db_match_get(db, hc->tid, hc->mid, &m) == CW_OK &&
                     db_tournament_get(db, hc->tid, &t) == CW_OK &&
                     db_clock_get(db, hc->mid, &c, &pre_flag) == CW_OK
                 ? 0
                 : -1;
    if (!rc && c.state == CLK_RUNNING) {
        int64_t at = hc->at_ms > c.since_ms ? hc->at_ms : c.since_ms;
        struct clk trial = c;
        if (clk_tick(&trial, at)) {
            struct op then = *o;
            then.now_ms = at;
            rc = op_clock_flag_due(&then, hc->tid, hc->mid, &pb);
        } else {
            rc = clk_pause(&c, at, CLK_R_TD) == CLK_OK &&
                         op_clock_store(db, &m, &c, &t, pre_flag, o->now_ms) == CW_OK
                     ? 0
                     : -1;
            hc->paused = !rc;
        }
    }
    free(pre_flag);
    problem_free(&pb);
    return rc;
}

/* The hold, and the running clocks (a flag moment is never past the end of time): read
 * under the lock. */
struct hold_read {
    struct clk_hold h;
    int rc;
    int64_t ids[32][2];
    int n;
};

static int read_hold(const struct op *o, void *in)
{
    struct hold_read *r = in;
    r->rc = db_hold_get(o->db, &r->h);
    return 0;
}

static int read_running(const struct op *o, void *in)
{
    struct hold_read *r = in;
    r->n = db_clocks_flag_due(o->db, INT64_MAX, r->ids, 32);
    return 0;
}

int op_hold_start(struct db *db, int64_t now_ms, int *held)
{
    struct op o = op_server(db, now_ms, "system");
    struct hold_read r;
    memset(&r, 0, sizeof r);
    op_read(&o, read_hold, &r);
    *held = r.rc == CW_OK && clk_hold_active(&r.h);
    if (r.rc != CW_OK)
        return -1;
    if (!*held)
        return 0;
    int total = 0;
    for (;;) {
        op_read(&o, read_running, &r);
        if (r.n < 0)
            return -1;
        int done = 0;
        for (int i = 0; i < r.n; i++) {
            /* each in a frame of its own */
            struct held_clock hc = {r.h.from_ms, r.ids[i][0], r.ids[i][1], 0};
            if (op_run(&o, pause_one, &hc))
                return -1;
            total += hc.paused;
            done++;
        }
        if (r.n < 32 || !done)
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
