/* A restored copy held until the TD confirms the times (the TD's guide, "When the laptop
 * dies"; CLK-7): its running clocks paused at serve start, the starts and resumes of
 * clocks refused, and lateness and late-entry deadlines waiting (tourney/clock.h
 * clk_hold_time, store's db_hold_lift) until the TD lifts it. */
#ifndef OPS_HOLD_H
#define OPS_HOLD_H

#include <stdint.h>

#include "ops/frame/op.h"
#include "ops/frame/problem.h"

struct db;

/* At serve start: when the database is held, every running clock is paused (CLK-5, for
 * the TD) at the last moment the copy recorded, or falls as it fell before it (CLK-7).
 * Returns how many clocks were paused, -1 when the database failed, and sets *held. */
int op_hold_start(struct db *db, int64_t now_ms, int *held);
/* 0 when clocks may run; -1 with a 409 naming CLK-7 while the hold waits for the TD. */
int op_hold_refuse(struct db *db, struct problem *pb);
/* The TD confirms the times: the hold ends (audited, a `server.resumed` stream entry in
 * every tournament). 0, or -1 with the refusal (409 when nothing is held). */
int op_hold_lift(const struct op *o, struct problem *pb);

#endif
