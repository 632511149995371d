/* The kinds' rows of operations (kinds.h): what each kind does when its match is decided,
 * whether its match takes reports now, how its late entry closes. */
#include "ops/event/kinds.h"

#include "ops/davis/davis.h"
#include "ops/knockout/knockout.h"
#include "ops/swing/swing.h"

static int davis_late_close(const struct op *o, struct event *e, struct problem *pb)
{
    return op_davis_late_close(o, e, &e->settings.davis, pb);
}

static const struct event_kind_ops rows[EK_COUNT] = {
    [EK_KNOCKOUT] = {op_knockout_result, NULL, op_knockout_late_close, op_knockout_placings},
    [EK_SWING] = {op_swing_result, op_swing_game_open, NULL, op_swing_placings},
    [EK_DAVIS] = {op_davis_result, op_davis_rubber_open, davis_late_close, op_davis_placings},
};

const struct event_kind_ops *op_kind(enum event_kind_id k)
{
    return &rows[(unsigned)k < EK_COUNT ? k : EK_KNOCKOUT];
}
