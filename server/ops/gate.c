/* Whether a match takes its players' reports now: each kind of event's rule, called in a
 * stated order (no registry of extensions). */
#include "ops/gate.h"

#include "ops/davis.h"
#include "ops/swing.h"

int op_match_open(const struct op *o, const struct match *m, int by_td, struct problem *pb)
{
    /* SWING: a game of the current round */
    if (op_swing_game_open(o, m, by_td, pb))
        return -1;
    /* DAVIS-2: a rubber of the open phase, both teams known, not dead */
    if (op_davis_rubber_open(o, m, pb))
        return -1;
    return 0;
}
