/* The server's own ticks (ticks.c), called about once a second by `crawford serve`. */
#ifndef OPS_TICKS_H
#define OPS_TICKS_H

#include <stdint.h>

struct db;

/* Closes the late entry of brackets whose deadline passed (KO-4); how many were due. */
int op_deadline_tick(struct db *db, int64_t now_ms);
/* Finds the flags of clocks whose time ran out (CLK-7); how many were due. */
int op_clock_tick(struct db *db, int64_t now_ms);

#endif
