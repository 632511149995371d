/* The TD's own changes to a match (match_acts.c): create, edit, call. */
#ifndef OPS_MATCH_ACTS_H
#define OPS_MATCH_ACTS_H

#include "ops/frame/op.h"
#include "ops/frame/problem.h"
#include "tourney/model.h"

/* A standalone match m (tournament, players, length, table filled; scheduled) between two
 * players of the tournament still playing: stored, its state logged, saved and audited.
 * 0 with m's id, or -1 with the problem in pb (404 without the tournament, 422 naming
 * player_a or player_b). */
int op_match_create(const struct op *o, struct match *m, struct problem *pb);

/* An edit: a new length (0: unchanged; MATCH-3) and table (NULL: unchanged). */
struct match_edit_in {
    int length;
    const char *table;
};
/* Edits match m, not saved (the caller saves it). 0, or -1 with the problem in pb. */
int op_match_edit(const struct op *o, struct match *m, const struct match_edit_in *in,
                  struct problem *pb);
/* Calls scheduled match m (both players known) to a table (NULL: the one it has). Not
 * saved. 0, or -1 with a 409 in pb (none: the database failed). */
int op_match_call(const struct op *o, struct match *m, const char *table, struct problem *pb);

#endif
