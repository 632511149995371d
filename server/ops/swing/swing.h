/* A Swing event's chips as operations (swing.c): its state replayed from its games, and the
 * result cascade's step that rewrites the chip ledger. */
#ifndef OPS_SWING_H
#define OPS_SWING_H

#include <jansson.h>

#include "ops/frame/op.h"
#include "ops/frame/problem.h"
#include "store/store.h"
#include "tourney/placings.h"
#include "tourney/swing.h"

struct swing_state {
    struct swing_settings s;
    int64_t *ids;
    int n;
    struct swing_round_row *rounds;
    int n_rounds;
    struct match *matches;
    int n_matches;
    struct swing_standing *st; /* per ids[i] */
    struct swing_game *games;  /* per matches[i], as the replay reads them */
    int64_t *transfers;        /* per matches[i] */
    int *bad, n_bad;
};

/* Loads entries, rounds and games and replays them (SWING-3/4); `fresh`, when not NULL, is
 * a match whose new result is not stored yet. Free with op_swing_state_free whatever it
 * returns. CW_* code. */
int op_swing_state_load(struct db *db, const struct event *e, const struct match *fresh,
                        struct swing_state *x);
void op_swing_state_free(struct swing_state *x);

/* The result cascade's step (ops/result/results.c, through ops/event/kinds.c): game m of Swing event e
 * decided or corrected from
 * `before` (a game decided without play is worth a single game at cube 1: written into
 * m's score) rewrites the ledger, says which later pairings no longer fit
 * (swing_eligibility_changed in *o->extra), and finishes or reopens the event. 0, or -1
 * with the problem in pb. */
int op_swing_result(const struct op *o, struct event *e, struct match *m,
                    const struct match *before, struct problem *pb);

/* Players report and confirm only the games of a Swing event's current round (a game of an
 * earlier round, left open when the TD forced the next one, would otherwise move chips
 * from stacks that later rounds already played on); the TD (by_td) still verifies or
 * corrects it. 0 (also for any other match), or -1 with the refusal in pb. */
int op_swing_game_open(const struct op *o, const struct event *e, const struct match *m, int by_td,
                       struct problem *pb);

/* PLACE-1: the players by the Swing's standings (swing_placings.c; the kinds' row). 0, or
 * -1 with pb. */
int op_swing_placings(const struct op *o, const struct event *e, struct placings *out,
                      struct problem *pb);

#endif
