/* A knockout event's bracket as an operation: its settings, the bracket with its match
 * rows and results loaded from the store, and its effects (the rows kept in step, the
 * events it feeds drawn and followed, the draw stored), and the result cascade's step. */
#ifndef OPS_KNOCKOUT_H
#define OPS_KNOCKOUT_H

#include <stddef.h>
#include <stdint.h>

#include "ops/frame/op.h"
#include "ops/frame/problem.h"
#include "store/store.h"
#include "tourney/knockout.h"
#include "tourney/placings.h"

/* A bracket with its match rows and results, and the views computed from them. */
struct ko_state {
    struct event e;
    struct ko_settings s; /* e's settings (tourney/event_kind.h) */
    struct ko_bracket b;
    int drawn;
    int nm;                /* matches of the bracket */
    struct match *rows;    /* rows[m]: the match row of bracket match m (id 0 = none) */
    struct ko_result *res; /* res[m] */
    struct ko_mview *v;    /* v[m] */
    struct match playoff;  /* PLACE-1: the play-off for 3rd (third_place), id 0: none */
};

/* Loads the bracket of event e, its match rows and their results; `fresh` (may be NULL) is
 * a match whose new result is not stored yet. Computes the views. Free with
 * op_ko_state_free whatever it returns. */
int op_ko_state_load(struct db *db, const struct event *e, const struct match *fresh,
                     struct ko_state *x, char *err, size_t errlen);
void op_ko_state_free(struct ko_state *x);
/* After any change of a bracket: rows in step, the events it feeds drawn once their
 * entrants are all known (KO-5, KO-6), their vacant places filled or closed. CW_* code. */
int op_ko_settle(const struct op *o, struct ko_state *x);
/* Stores a fresh bracket of event e, its match rows and the event as running; then settles
 * it. CW_* code. */
int op_ko_store_draw(const struct op *o, struct event *e, struct ko_bracket *b, const char *action);

/* The result cascade's step (ops/result/results.c, through ops/event/kinds.c): match m of knockout
 * event e decided or corrected from `before`. Advances the winner; a changed result whose winner
 * played on undoes the later matches (latest first) and the fed events' entrants only when
 * o->confirm_cascade, else refuses with a 409 listing them (would_undo). 0, or -1 with
 * the problem in pb. */
int op_knockout_result(const struct op *o, struct event *e, struct match *m,
                       const struct match *before, struct problem *pb);

/* KO-4: the late places still open close (by the TD, or by the deadline's tick): unfilled
 * ones become byes and their opponents advance; audited with how many stayed unfilled.
 * 0, or -1 with the problem in pb (not drawn, late entry not open). */
int op_knockout_late_close(const struct op *o, struct event *e, struct problem *pb);

/* PLACE-1: the bracket's entrants by the round they lost in (knockout_placings.c; the
 * kinds' row). 0, or -1 with pb. */
int op_knockout_placings(const struct op *o, const struct event *e, struct placings *out,
                         struct problem *pb);

#endif
