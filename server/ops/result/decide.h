/* A match decided (decide.c): from its players' reports, or without play; then the result
 * cascade (ops/result/results.c). */
#ifndef OPS_DECIDE_H
#define OPS_DECIDE_H

#include "ops/frame/op.h"
#include "ops/frame/problem.h"
#include "tourney/model.h"

/* MATCH-7: recomputes match m's state from both sides' current reports (agreed: verified,
 * and the cascade follows; different: disputed; one complete: reported; games: playing;
 * none: back to called or scheduled). *action names the change for the audit log and the
 * stream. 0, or -1 with the problem in pb. */
int op_match_settle(const struct op *o, struct match *m, struct problem *pb, const char **action);
/* The same from mine, the current report of its side as just written, and theirs, the other
 * side's as read in this change (NULL: it has none): no report read again (a game's report
 * is the writer's turn, issue 37). */
int op_match_settle_pair(const struct op *o, struct match *m, const struct report *mine,
                         const struct report *theirs, struct problem *pb, const char **action);
/* Decides match m without (more) play: `winner` wins at the length, in `state`
 * (MS_FORFEITED, MS_WITHDRAWN, MS_VERIFIED for penalty points), ended `how`; the cascade
 * follows. 0, or -1 with the problem in pb. */
int op_match_decide(const struct op *o, struct match *m, struct problem *pb, enum match_state state,
                    int winner, enum match_end how);

/* KO-8: a forfeit, a withdrawal or a disqualification by the TD advances the opponent (the
 * score shows the winner at the match length). A player leaving (state MS_WITHDRAWN) a
 * knockout match may do so before the opponent is known: the opponent, once known,
 * advances by walkover. Refused for a match already over or whose players are not known.
 * 0, or -1 with the problem in pb. */
int op_match_decide_unplayed(const struct op *o, struct match *m, struct problem *pb,
                             enum match_state state, int winner, enum match_end how);
/* MATCH-4, MATCH-7: the TD verifies or corrects match m with complete report r: a player's
 * current report, or (is_new) the TD's own, stored now in place of any earlier one. The
 * match takes its winner and score and is verified (ended ruling when it was disputed,
 * conceded when r is a concession, else played); the cascade follows (a correction's
 * undoing of later matches needs o->confirm_cascade). 0, or -1 with the problem in pb. */
int op_match_verify(const struct op *o, struct match *m, struct report *r, int is_new,
                    struct problem *pb);
/* The refusal of a change to a match that is over (409 match-finished); returns -1. */
int op_match_refuse_finished(const struct match *m, struct problem *pb);

#endif
