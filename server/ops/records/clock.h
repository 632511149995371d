/* The clock record of a match (clock.c): its JSON, its save with the stream entry,
 * and the result cascade's step that stops it; and its lateness (lateness.c): what
 * each side's lateness comes to, its JSON and its stream entry. The operations
 * are clock_acts.c, lateness_acts.c and penalty.c, in the frame of clock_frame.c. */
#ifndef OPS_CLOCK_H
#define OPS_CLOCK_H

#include <jansson.h>
#include <stdint.h>

#include "ops/frame/op.h"
#include "ops/frame/problem.h"
#include "store/store.h"
#include "tourney/clock.h"

/* The settings of a new clock come from the tournament (CLK-1, CLK-2). */
int64_t op_clock_per_point_ms(const struct tournament *t);
/* The clock as replies and stream entries show it, at now_ms. */
json_t *op_clock_json(const struct clk *c, const struct match *m, const struct tournament *t,
                      int64_t now_ms);
/* Stores clock c of match m (with the match as it was before a flag, pre_flag, may be NULL)
 * and adds its `clock` stream entry. CW_* code. */
int op_clock_store(struct db *db, const struct match *m, const struct clk *c,
                   const struct tournament *t, const char *pre_flag, int64_t now_ms);

/* The result cascade's step (api/results.c): a decided match's clock still running stops,
 * as at the board after the last game. 0, or -1 with the problem in pb. */
int op_clock_result(const struct op *o, struct match *m, const struct match *before,
                    struct problem *pb);

/* ---- lateness (PEN-1..3), lateness.c ---- */

/* What each side's lateness comes to at a moment. */
struct late {
    int64_t called;   /* the last call of the match, 0 if never */
    int64_t start;    /* when lateness counts from: the call, plus a postponement (PEN-1) */
    int postpone_min; /* the TD's postponement (PEN-1, 000); 0: none */
    int64_t from[2];
    int clock_instead[2]; /* PEN-3 chosen for this absence */
    int due[2], confirmed[2], total[2];
    struct presence p[2];
};

/* The last time the match was called to a table, 0 if never or if it was undone since
 * (scheduled again, KO-10: its lateness counts from its next call). */
int64_t op_called_ms(struct db *db, int64_t match_id);
/* What each side's lateness comes to now: points due since its absence began (the call,
 * or the end of its last break), frozen when it arrived; and what was confirmed. */
int op_late_of(struct db *db, const struct match *m, const struct tournament *t, int64_t now_ms,
               struct late *l);
json_t *op_lateness_json(const struct match *m, const struct tournament *t, const struct late *l,
                         int64_t now_ms);
int op_lateness_emit(struct db *db, const struct match *m, const struct tournament *t,
                     int64_t now_ms);
/* A penalty (PEN-5, or confirmed lateness points) as replies, the stream and the history
 * show it (a voided one with its void_ms, KO-10). */
json_t *op_penalty_json(const struct penalty *p);

#endif
