/* The kinds' rows of operations (kinds.h): what each kind does when its match is decided,
 * whether its match takes reports now, how its late entry closes. */
#include "ops/event/kinds.h"

#include "ops/davis/davis.h"
#include "ops/knockout/knockout.h"
#include "ops/swing/swing.h"
#include "ops/swiss/swiss.h"

static int davis_late_close(const struct op *o, struct event *e, struct problem *pb)
{
    return op_davis_late_close(o, e, &e->settings.davis, pb);
}

static const struct event_kind_ops rows[EK_COUNT] = {
    [EK_KNOCKOUT] = {op_knockout_result, NULL, op_knockout_late_close},
    [EK_SWING] = {op_swing_result, op_swing_game_open, NULL},
    [EK_DAVIS] = {op_davis_result, op_davis_rubber_open, davis_late_close},
    /* a Swiss's matches take reports whenever they are paired: only the last round has
     * matches open, the next is paired once they are decided (SWISS-1) */
    [EK_SWISS] = {op_swiss_result, NULL, NULL},
};

const struct event_kind_ops *op_kind(enum event_kind_id k)
{
    return &rows[(unsigned)k < EK_COUNT ? k : EK_KNOCKOUT];
}
