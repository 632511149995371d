/* Table assignment as an operation (tables.c): the TD's one request calls every match that
 * may start to a free table. */
#ifndef OPS_TABLES_H
#define OPS_TABLES_H

#include <jansson.h>

#include "ops/frame/op.h"
#include "ops/frame/problem.h"
#include "tourney/model.h"

/* KO-1, KO-7: the matches of tournament t that may start now (scheduled, or called
 * without a table once their postponed time has come; both players known, no player
 * engaged at another table, taking reports now) get the free tables (KO-9: no undecided
 * match holds them) in tourney/tables.c's order; each is called and saved. *assigned and *waiting
 * count them; *calls lists {match_id, table} (owned). 0, or -1 with the problem in pb. */
int op_tables_assign(const struct op *o, const struct tournament *t, int *assigned, int *waiting,
                     json_t **calls, struct problem *pb);

/* The matches of ms (n of them, tournament t's) that may start now, as op_tables_assign
 * reads them, in the order tables go to them (KO-1): ready (room for n) and *nready. A
 * match one of whose players has a ready match that comes first waits: when shared is not
 * NULL (room for 2n + 1), each such pair is added to it (the one that waits, then the one
 * that goes first), the list ending with 0. CW_OK or CW_EDB. */
struct tables_ready;
int op_tables_ready(const struct op *o, const struct tournament *t, const struct match *ms, int n,
                    struct tables_ready *ready, int *nready, int64_t *shared);

/* KO-9: 0 when match m may be at table (NULL or "": none), -1 with a 409 naming KO-9 and
 * the match that holds it (called, playing, reported or disputed there) in pb. */
int op_table_free_for(const struct op *o, const struct match *m, const char *table,
                      struct problem *pb);

#endif
