/* What a person does to one match, each as the match's frame runs it (match_frame.h:
 * loaded, who may act checked, saved after), with its typed input (match_change.c). */
#ifndef OPS_MATCH_CHANGE_H
#define OPS_MATCH_CHANGE_H

#include "ops/match/match_frame.h"
#include "ops/replay/report_in.h"

/* ---- a side's report (MX_PLAYER) ---- */
/* in: struct report_in (its owned parts taken) */
int op_mx_report(const struct op *o, struct match *m, int side, void *in, struct problem *pb,
                 const char **action);
/* MATCH-7, no input; a Swing game is not conceded (SWING-3). */
int op_mx_concede(const struct op *o, struct match *m, int side, void *in, struct problem *pb,
                  const char **action);
int op_mx_unreport(const struct op *o, struct match *m, int side, void *in, struct problem *pb,
                   const char **action);
/* in: int64_t, the id of the report the player saw (0: whatever is current) */
int op_mx_confirm(const struct op *o, struct match *m, int side, void *in, struct problem *pb,
                  const char **action);
/* in: struct game_in */
int op_mx_game_add(const struct op *o, struct match *m, int side, void *in, struct problem *pb,
                   const char **action);
int op_mx_game_undo(const struct op *o, struct match *m, int side, void *in, struct problem *pb,
                    const char **action);

/* ---- the TD's verdict (MX_TD_UNDECIDED to verify, MX_TD_DECIDED to correct) ---- */
struct verdict_in {
    int64_t report_id;       /* one of the players' current, complete reports; or 0 and: */
    struct report_in result; /* the TD's own result */
};
int op_mx_verdict(const struct op *o, struct match *m, int side, void *in, struct problem *pb,
                  const char **action);

/* ---- the TD's own changes (MX_TD) ---- */
/* in: struct match_edit_in (ops/match/match_acts.h) */
int op_mx_edit(const struct op *o, struct match *m, int side, void *in, struct problem *pb,
               const char **action);
/* in: const char *, the table (NULL: the one it has) */
int op_mx_call(const struct op *o, struct match *m, int side, void *in, struct problem *pb,
               const char **action);
/* KO-8, in: int, the side (0 = a, 1 = b) that wins a forfeit, or that leaves (a withdrawal,
 * a disqualification) */
int op_mx_forfeit(const struct op *o, struct match *m, int side, void *in, struct problem *pb,
                  const char **action);
int op_mx_withdraw(const struct op *o, struct match *m, int side, void *in, struct problem *pb,
                   const char **action);
/* SWISS-1, in: int, the side that wins: the other left the Swiss during the round (ended
 * walkover, counted as the Swiss's walkover_counts says) */
int op_mx_walkover(const struct op *o, struct match *m, int side, void *in, struct problem *pb,
                   const char **action);
int op_mx_disqualify(const struct op *o, struct match *m, int side, void *in, struct problem *pb,
                     const char **action);

#endif
