/* A Davis Cup event's ties as operations (davis.c): the settings, the rubbers of a tie, a
 * knockout of teams, late entry closed, and the result cascade's step. */
#ifndef OPS_DAVIS_H
#define OPS_DAVIS_H

#include <stddef.h>
#include <stdint.h>

#include "ops/frame/op.h"
#include "ops/frame/problem.h"
#include "store/store.h"
#include "tourney/davis.h"
#include "tourney/knockout.h"
#include "tourney/placings.h"

/* The bracket of a Davis knockout: its matches are ties, one row each in davis_ties at
 * (round, index + 1); a tie's result is its winner. */
struct dko {
    struct ko_bracket b;
    int loaded;
    int nm;
    struct davis_tie_row *ties;
    int n_ties;
    int *at; /* at[k]: index in ties of bracket match k, -1 when none */
    struct ko_result *res;
    struct ko_mview *v;
    struct davis_team_row *teams;
    int n_teams;
};

/* ---- the schedule (DAVIS-3) ---- */
int op_davis_make_rubbers(const struct op *o, const struct event *e, const struct davis_settings *s,
                          const struct davis_tie_row *tie, const struct davis_team_row *a,
                          const struct davis_team_row *b);
/* ---- a knockout of teams (DAVIS-3 with the knockout's draw, byes and late places) ---- */
void op_dko_free(struct dko *x);
int op_dko_load(struct db *db, const struct event *e, struct dko *x, char *err, size_t len);
/* A changed bracket (late places) stored, x freed, and the ties brought in line; rc is the
 * result so far (nothing is stored unless CW_OK). */
int op_dko_store(const struct op *o, const struct event *e, const struct davis_settings *s,
                 struct dko *x, int rc);
/* DAVIS-3: the knockout of teams drawn with the TD's seed (any text, tourney/rng.h; NULL:
 * a fresh one), recorded (KO-2). */
int op_dko_draw(const struct op *o, struct event *e, const struct davis_settings *s,
                const struct davis_team_row *teams, int n, const char *seed, char *err,
                size_t errlen);
/* ---- the rubbers: who plays, when, and what a result decides ---- */
int op_davis_tie_results(const struct match *rubbers, const struct match *fresh, int out[5]);

/* The result cascade's step (ops/result/results.c, through ops/event/kinds.c): rubber m of event e
 * decided or corrected from `before`
 * moves its tie on (dead rubbers void or revived, the tie's winner into the bracket or the
 * round robin); a correction that undoes later ties' rubbers needs o->confirm_cascade.
 * 0, or -1 with the problem in pb. */
int op_davis_result(const struct op *o, struct event *e, struct match *m,
                    const struct match *before, struct problem *pb);
/* KO-4 for a knockout of teams: its open late places close; audited with how many stayed
 * unfilled. 0, or -1 with the problem in pb (late entry not open). */
int op_davis_late_close(const struct op *o, const struct event *e, const struct davis_settings *s,
                        struct problem *pb);

/* DAVIS-2, KO-3: whether rubber m takes reports now: both teams known, the rubber not dead
 * (unless dead rubbers are played), its phase open. 0 (also for any other match), or -1
 * with the refusal in pb. */
int op_davis_rubber_open(const struct op *o, const struct event *e, const struct match *m,
                         int by_td, struct problem *pb);

/* PLACE-1: the teams by the round they lost in, or by the round robin's standings
 * (davis_placings.c; the kinds' row). 0, or -1 with pb. */
int op_davis_placings(const struct op *o, const struct event *e, struct placings *out,
                      struct problem *pb);

#endif
