/* The report's tables that are computed rather than queried (GOV-8): each event's placings
 * and finishing order (PLACE-1, PLACE-2: ops/event/placings.c) and the rating changes
 * (RAT-1: ops/ratings/ratings.c), each read where the pages read them, so the report says
 * what the console says. Internal to ops/report/. */
#ifndef OPS_REPORT_FIGURES_H
#define OPS_REPORT_FIGURES_H

#include "ops/report/report.h"
#include "tourney/model.h"

/* A section's table filled for tournament tid, whose events are es (n of them). CW_OK, or a
 * CW_ code. */
typedef int (*fed_fill_fn)(const struct op *o, int64_t tid, const struct event *es, int n,
                           struct fed_table *t);

/* Each started event's entrants, best first: the band, the finishing order, why. */
int op_fed_placings(const struct op *o, int64_t tid, const struct event *es, int n,
                    struct fed_table *t);
/* Each player's rating at entry, change and rating now. */
int op_fed_ratings(const struct op *o, int64_t tid, const struct event *es, int n,
                   struct fed_table *t);
/* Each rated match's change to each of its players, in the order the book computed them. */
int op_fed_rating_changes(const struct op *o, int64_t tid, const struct event *es, int n,
                          struct fed_table *t);

#endif
