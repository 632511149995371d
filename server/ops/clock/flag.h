/* The flag (CLK-7, flag.c): a match whose clock ran out decided as the clock's doing. */
#ifndef OPS_FLAG_H
#define OPS_FLAG_H

#include "ops/records/clock.h"

/* CLK-7: clock c of match m has just flagged. Unless m is already decided, the running
 * side loses it: *pre_flag (malloc'd JSON, replaced) keeps the match as it was so the TD
 * can reverse the flag, and m is decided as the clock's doing (o's actor is "clock").
 * The caller stores the clock and saves m. 0, or -1 with the problem in pb. */
int op_clock_apply_flag(const struct op *o, struct match *m, const struct clk *c, char **pre_flag,
                        struct problem *pb);
/* The flag's tick for one match whose flag moment passed: the flag falls (as any request
 * would find it, op_clock_apply_flag), the clock is stored and the match saved. 0 (also
 * when nothing fell), or -1 with the problem in pb. */
int op_clock_flag_due(const struct op *o, int64_t tournament_id, int64_t match_id,
                      struct problem *pb);

#endif
