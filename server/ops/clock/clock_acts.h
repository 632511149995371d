/* The operations of the clock family, each run in the frame of ops/clock/clock_frame.c (pass it
 * as the clock_fn, its input as in): the clock's (clock_acts.c, CLK-1..7), lateness and
 * breaks (lateness_acts.c, PEN-1..4), penalties (penalty.c, PEN-5, MATCH-5). The inputs
 * are typed and already checked by the API; what depends on the match is checked here. */
#ifndef OPS_CLOCK_ACTS_H
#define OPS_CLOCK_ACTS_H

#include "ops/clock/clock_frame.h"

/* ---- the clock (in: as named; NULL where none) ---- */
struct clock_start_in {
    int lower_die; /* the side that rolled the lower die: its opponent's time runs */
};
struct clock_side_in {
    int side;
};
struct clock_pause_in {
    enum clk_reason reason;
};
struct clock_set_in {
    int64_t bank_ms[2];
    int64_t second_ms[2]; /* 0 when not given */
    int has_second[2];
    int mode;         /* enum clk_mode, or -1: unchanged */
    int64_t delay_ms; /* -1: unchanged */
};
int op_clock_read(struct cx *x, const void *in);
int op_clock_start(struct cx *x, const void *in); /* clock_start_in */
int op_clock_press(struct cx *x, const void *in); /* clock_side_in, and the four below */
int op_clock_double(struct cx *x, const void *in);
int op_clock_take(struct cx *x, const void *in);
int op_clock_drop(struct cx *x, const void *in);
int op_clock_pickup(struct cx *x, const void *in);
int op_clock_pause(struct cx *x, const void *in);   /* clock_pause_in */
int op_clock_resume(struct cx *x, const void *in);  /* none */
int op_clock_set(struct cx *x, const void *in);     /* clock_set_in */
int op_clock_reverse(struct cx *x, const void *in); /* none */

/* ---- lateness and breaks ---- */
struct break_in {
    int side;
    int count; /* PEN-4 "may be combined": count breaks at once */
};
int op_lateness_read(struct cx *x, const void *in);
int op_lateness_arrive(struct cx *x, const void *in);  /* clock_side_in */
int op_lateness_confirm(struct cx *x, const void *in); /* clock_side_in */
int op_lateness_clock(struct cx *x, const void *in);   /* clock_side_in */
int op_match_postpone(struct cx *x, const void *in);   /* none */
int op_breaks_read(struct cx *x, const void *in);
int op_break_start(struct cx *x, const void *in); /* break_in */
int op_break_end(struct cx *x, const void *in);   /* none */
/* An official's permission to leave the room (GOV-5) for `minutes`: side is away as on a
 * break (overrunning it is lateness, PEN-1) without using one of its breaks, and a running
 * clock is paused until the players resume it. */
int op_cx_leave(struct cx *x, int side, int minutes);

/* ---- penalties ---- */
struct penalty_in {
    int side;
    int warning; /* a warning (no points), else penalty points */
    int points;
    const char *reason;
    int before_game; /* -1: after the games reported so far */
};
int op_penalty_give(struct cx *x, const void *in); /* penalty_in */
/* Records a penalty (audit, stream entry); apply: its points go to the opponent's score now
 * (MATCH-5; reaching the length decides the match). */
int op_cx_add_penalty(struct cx *x, int side, const char *kind, int points, const char *reason,
                      int before_game, int apply, struct penalty *out);
/* Each side's current report: how many games it has and whether it is complete (0 and 0
 * when the side has none). -1 when the database failed. */
int op_cx_report_counts(struct cx *x, int games[2], int complete[2]);
/* The most games either side has reported, or -1 refused when a side reported the match
 * over (MATCH-5), or -1 without a problem when the database failed. */
int op_cx_reports_state(struct cx *x, int *max_games);

#endif
