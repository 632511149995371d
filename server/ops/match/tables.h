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

/* GOV-7: 0 when no pending appeal of one of m's players holds m (the TD released it, or
 * none), -1 with a 409 appeal-pending naming GOV-7 in pb (or the server's failure). */
int op_appeal_hold_check(const struct op *o, const struct match *m, struct problem *pb);

/* KO-9: 0 when match m may be at table (NULL or "": none), -1 with a 409 naming KO-9 and
 * the match that holds it (called, playing, reported or disputed there) in pb. */
int op_table_free_for(const struct op *o, const struct match *m, const char *table,
                      struct problem *pb);

#endif
