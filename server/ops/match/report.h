/* A side's report of a match as operations (report.c). Each stores the change and then
 * settles the match from both sides' current reports (MATCH-7); *action names what
 * happened for the audit log and the stream. 0, or -1 with the problem in pb. */
#ifndef OPS_REPORT_H
#define OPS_REPORT_H

#include <stdint.h>

#include "ops/frame/op.h"
#include "ops/frame/problem.h"
#include "tourney/model.h"

/* Side `side` files report r (checked by the caller), in place of its current one. */
int op_report_file(const struct op *o, struct match *m, int side, struct report *r,
                   struct problem *pb, const char **action);
/* MATCH-7: side `side` concedes: a complete report with the opponent at the match length
 * and the conceder at the points it has (its own sheet in progress, resumed if the
 * concession is withdrawn). */
int op_report_concede(const struct op *o, struct match *m, int side, struct problem *pb,
                      const char **action);
/* Side `side` withdraws its current report (a concession's sheet in progress comes back). */
int op_report_withdraw(const struct op *o, struct match *m, int side, struct problem *pb,
                       const char **action);
/* Side `side` confirms the opponent's complete report, as the player saw it (seen: its
 * id, 0 for whatever is current): refused when it changed since. */
int op_report_confirm(const struct op *o, struct match *m, int side, int64_t seen,
                      struct problem *pb, const char **action);
/* Report id of match m, a current, complete one (what a verdict or a ruling decides
 * for), into r (free with report_free). 0, or -1 with a 422 naming field in pb. */
int op_report_standing(const struct op *o, const struct match *m, int64_t id, const char *field,
                       struct report *r, struct problem *pb);

#endif
