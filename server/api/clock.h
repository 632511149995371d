/* The clock record of a match (clock_record.c): its JSON, its save with the stream entry,
 * and the result cascade's step that stops it. The operations on clocks are api_clock.c. */
#ifndef API_CLOCK_H
#define API_CLOCK_H

#include <jansson.h>
#include <stdint.h>

#include "store/store.h"
#include "tourney/clock.h"

/* The settings of a new clock come from the tournament (CLK-1, CLK-2). */
int64_t api_clock_per_point_ms(const struct tournament *t);
/* The clock as replies and stream entries show it, at now_ms. */
json_t *api_clock_json(const struct clk *c, const struct match *m, const struct tournament *t,
                       int64_t now_ms);
/* Stores clock c of match m (with the match as it was before a flag, pre_flag, may be NULL)
 * and adds its `clock` stream entry. CW_* code. */
int api_clock_store(struct db *db, const struct match *m, const struct clk *c,
                    const struct tournament *t, const char *pre_flag, int64_t now_ms);

#endif
