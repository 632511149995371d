/* KO-10: an undone match is a match not yet played (undo.c). One step, the same for every
 * path that undoes a match or replaces its players: a correction's cascade in a knockout
 * (KO-8) or in a Davis Cup bracket of ties, and the rows a changed bracket hands to new
 * players. */
#ifndef OPS_UNDO_H
#define OPS_UNDO_H

#include <jansson.h>

#include "ops/frame/op.h"
#include "tourney/model.h"

/* Whatever belonged to the players who played match m is void: its reports superseded,
 * its penalties (PEN-5 and lateness points) voided and kept, its presence (arrivals, breaks,
 * the postponement) and its clock cleared; m's score, penalty points, winner and MATCH-3
 * correction reset to a match at 0-0 (m's state is the caller's). *voided receives what was
 * there ({"players", "score", "penalty_points", "penalties", "presence", "clock",
 * "reports"}), for the caller's audit row of the match (its `before`), or NULL when there
 * was nothing. CW_* code. */
int op_match_void_play(const struct op *o, struct match *m, json_t **voided);
/* Undoes a match's result (a correction's cascade): op_match_void_play, scheduled again;
 * saved and audited as action (what was voided in the audit row's before.voided). CW_*
 * code. */
int op_match_undo(const struct op *o, struct match *m, const char *action);
/* A match whose players the bracket changes to `player`: an old player replaced in a match
 * not finished voids what was played (op_match_void_play, *voided as there) and schedules
 * it again (the state is set in m only: the caller logs it as it saves, with *voided in its
 * audit row's before.voided). 1 when it did, 0 when nothing was replaced, or a negative
 * CW_* code. */
int op_match_replace_players(const struct op *o, struct match *m, const int64_t player[2],
                             json_t **voided);

#endif
