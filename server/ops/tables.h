/* Table assignment as an operation (tables.c): the TD's one request calls every match that
 * may start to a free table. */
#ifndef OPS_TABLES_H
#define OPS_TABLES_H

#include <jansson.h>

#include "ops/op.h"
#include "ops/problem.h"
#include "tourney/model.h"

/* KO-1, KO-7: the matches of tournament t that may start now (scheduled, both players
 * known, no player engaged at another table, taking reports now) get the free tables in
 * tourney/tables.c's order; each is called and saved. *assigned and *waiting count them;
 * *calls lists {match_id, table} (owned). 0, or -1 with the problem in pb. */
int op_tables_assign(const struct op *o, const struct tournament *t, int *assigned, int *waiting,
                     json_t **calls, struct problem *pb);

#endif
