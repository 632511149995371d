/* A Swiss event as operations (swiss.c): its state read from its entries, rounds and
 * matches into the pure engine's terms (tourney/swiss.h), the standings (SWISS-2), the
 * result cascade's step, and the placings from the standings (PLACE-1). */
#ifndef OPS_SWISS_H
#define OPS_SWISS_H

#include <jansson.h>

#include "ops/frame/op.h"
#include "ops/frame/problem.h"
#include "store/store.h"
#include "tourney/swiss.h"

struct swiss_state {
    struct swiss_settings s;
    struct swiss_rules rules;
    int n;                       /* entries */
    struct swiss_entry *entries; /* in the order entered */
    const char **names;          /* per entries[i] (into players) */
    int *joined;            /* per entries[i]: the round a late entry joined (1: at the start) */
    int *seed;              /* per entries[i]: its place by rating, 1 = the highest rated; 0:
                             * unrated (the first round's seeding, swiss_player.seed) */
    struct player *players; /* the tournament's */
    int n_players;
    struct swiss_round_row *rounds; /* every round paired, in order */
    int n_rounds;
    struct match *matches; /* the event's, by round and slot (fresh in place of its row) */
    int n_matches;
    struct swiss_match *sm; /* the decided matches and byes counted (rounds before `upto`) */
    int n_sm;
    struct swiss_standing *st; /* the standings, best first */
    int open_last;             /* matches of the last round not decided */
};

/* Loads event e (a Swiss) and computes its standings from the rounds before `upto` (0:
 * every round); `fresh`, when not NULL, is a match whose new result is not stored yet.
 * Free with op_swiss_state_free whatever it returns. CW_* code. */
int op_swiss_state_load(struct db *db, const struct event *e, const struct match *fresh, int upto,
                        struct swiss_state *x);
void op_swiss_state_free(struct swiss_state *x);
/* The index of entry id in x, or -1. */
int op_swiss_entry_index(const struct swiss_state *x, int64_t id);
/* The name of player id ("#id" when unknown), for reasons and replies. */
const char *op_swiss_name(const struct swiss_state *x, int64_t id);

/* Whether the Swiss is over once its last round is decided: its rounds all played, or
 * (lives) fewer than two players left to pair. */
int op_swiss_over(const struct swiss_state *x);

/* The result cascade's step (ops/result/results.c, through ops/event/kinds.c): a match of
 * Swiss event e decided or corrected moves the standings (they are computed from the
 * matches), and the event finishes when its last round is decided and it is over, or runs
 * again when a correction takes that away. 0, or -1 with the problem in pb. */
int op_swiss_result(const struct op *o, struct event *e, struct match *m,
                    const struct match *before, struct problem *pb);

/* PLACE-1 for a Swiss: each entrant's place from the standings (equals share a place), as
 * [{place, player_id, name, wins}], best first; the placings interface of every kind calls
 * this for a Swiss. NULL when the database failed. */
json_t *op_swiss_placings(struct db *db, const struct event *e);
/* The same from a state already loaded. */
json_t *op_swiss_placings_of(const struct swiss_state *x);

#endif
