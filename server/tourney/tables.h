/* Tables as pure logic (DOMAIN.md KO-1, KO-7): which ready match gets which free table,
 * tournament-wide (knockout, Swing and Davis Cup matches share the venue's tables). No SQL,
 * no HTTP, no clock reads: the ready times come in as parameters. */
#ifndef TOURNEY_TABLES_H
#define TOURNEY_TABLES_H

#include <stdint.h>

struct tables_ready {
    int64_t match_id;
    int priority;      /* lower first: tables_priority() */
    int64_t ready_ms;  /* when it became ready: longer waits first */
    int round;         /* then earlier rounds first */
    const char *fixed; /* the TD's table for this match, or NULL */
};

struct tables_assignment {
    int64_t match_id;
    const char *table; /* one of the given strings, or NULL: waits for a table */
};

/* KO-1: Championship and Intermediate matches take precedence: 0 for "championship" and
 * "intermediate" (any case), 1 for every other flight. */
int tables_flight_priority(const char *flight);
/* The sort key of struct tables_ready (lower first) for a match of an event whose TD-set
 * priority is event_priority (-1000..1000, higher first) and whose flight priority is
 * tables_flight_priority(): the event's priority decides, the flight breaks ties. */
int tables_priority(int event_priority, int flight_priority);
/* The order in which ready matches get tables: priority, then the longest wait, then the
 * earlier round, then the match id. <0, 0 or >0 like strcmp. */
int tables_ready_cmp(const struct tables_ready *x, const struct tables_ready *y);
/* Assigns tables to ready matches. First every match with a fixed table gets it (the TD's
 * override, even if it is not in the free list), unless that table is busy (one of the nbusy
 * labels of busy: a match is already called to it or playing there) or fixed for a match
 * earlier in the order below: then the match waits, it does not take another table. Then the
 * others, ordered by priority, ready time, round, match id, take the free tables not fixed
 * above, in the list's order. out[n] follows that order; returns how many got a table. */
int tables_assign(const struct tables_ready *ready, int n, const char *const *free_tables,
                  int nfree, const char *const *busy, int nbusy, struct tables_assignment *out);

#endif
