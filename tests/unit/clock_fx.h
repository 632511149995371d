/* What the clock's unit suites share (test_clock.c, test_clock_life.c): times in ms, a
 * clock whose game has started, and a refusal that must leave every byte as it was. */
#ifndef TEST_CLOCK_FX_H
#define TEST_CLOCK_FX_H

#include <check.h>
#include <string.h>

#include "tourney/clock.h"

#define T0 1700000000000LL /* an epoch in ms: the game starts here */
#define BANK 60000LL       /* one minute */
#define DELAY 12000LL      /* the WBGF delay */
#define MIN 60000LL

/* a clock whose game started at T0 with side 0's time running (side 1 had the lower die) */
static inline struct clk started(enum clk_mode mode, int64_t bank, int64_t second, int64_t delay)
{
    struct clk c;
    clk_init(&c, mode, bank, second, delay);
    ck_assert_int_eq(clk_start(&c, T0, 1), CLK_OK);
    ck_assert_int_eq(c.running, 0);
    return c;
}

/* a refused operation leaves every byte as it was */
#define ASSERT_REFUSED(c, call, err)                                                               \
    do {                                                                                           \
        struct clk before_;                                                                        \
        memcpy(&before_, (c), sizeof before_);                                                     \
        ck_assert_int_eq((call), (err));                                                           \
        ck_assert_msg(memcmp(&before_, (c), sizeof before_) == 0, "%s changed the clock", #call);  \
    } while (0)

#endif
