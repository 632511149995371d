/* A game added to a side's report in progress, or the last one taken back (games.c). */
#ifndef OPS_GAMES_H
#define OPS_GAMES_H

#include "ops/frame/op.h"
#include "ops/frame/problem.h"
#include "ops/replay/report_check.h"
#include "tourney/model.h"

/* Side `side` of match m (open for reports, checked by the caller) adds game g to its
 * report in progress (a new report if it has none); the match is settled again and
 * *action names the change. The caller saves m. 0, or -1 with the problem in pb. */
int op_game_add(const struct op *o, struct match *m, int side, const struct game_in *g,
                struct problem *pb, const char **action);
/* The same side takes its last game back (the only one: its report goes). */
int op_game_undo(const struct op *o, struct match *m, int side, struct problem *pb,
                 const char **action);

#endif
