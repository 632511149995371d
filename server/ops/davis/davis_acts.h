/* What the TD does to a Davis Cup event's teams (davis_acts.c): add a team, start. */
#ifndef OPS_DAVIS_ACTS_H
#define OPS_DAVIS_ACTS_H

#include "ops/davis/davis.h"

/* DAVIS-1: team t (name and two different players filled) joins Davis Cup event e (with
 * settings s): while it is open, or late into a running knockout of teams (KO-4, the next
 * late place). t's id and number are set. 0, or -1 with the problem in pb (409 the event
 * started or a player in another team, 422 naming player1 or player2). */
int op_davis_team_add(const struct op *o, struct event *e, const struct davis_settings *s,
                      struct davis_team_row *t, struct problem *pb);
/* DAVIS-3: open event e starts with its teams (at least two): a round robin's ties, or a
 * knockout of teams drawn from seed_text (NULL: a fresh seed; not a number: 422 naming
 * seed). The event runs. 0, or -1 with the problem in pb. */
int op_davis_start(const struct op *o, struct event *e, const struct davis_settings *s,
                   const char *seed_text, struct problem *pb);

#endif
