/* Penalties (PEN-5, MATCH-5) as the lateness routes share them (api_penalties.c). */
#ifndef API_PENALTIES_H
#define API_PENALTIES_H

#include "api/clock_frame.h"

/* Each side's current report: how many games it has and whether it is complete (0 and 0
 * when the side has none). -1 when the database failed. */
int api_cx_report_counts(struct cx *x, int games[2], int complete[2]);
int api_cx_reports_state(struct cx *x, int *max_games);
/* MATCH-5: `points` against `side` go to the opponent's score: in the match and in each
 * side's report in progress (the penalty comes after the games reported so far). Reaching
 * the length decides the match. */
int api_cx_give_points(struct cx *x, int side, int points);
/* Records a penalty (audit, event); apply: its points go to the opponent's score now. */
int api_cx_add_penalty(struct cx *x, int side, const char *kind, int points, const char *reason,
                       int before_game, int apply, struct penalty *out);

#endif
