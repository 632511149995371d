/* The kinds' rows of operations (kinds.h): what each kind does when its match is decided,
 * whether its match takes reports now, how its late entry closes, how it starts, its
 * board. */
#include "ops/event/kinds.h"

#include "ops/davis/davis.h"
#include "ops/davis/davis_acts.h"
#include "ops/davis/davis_board.h"
#include "ops/knockout/knockout.h"
#include "ops/knockout/knockout_acts.h"
#include "ops/knockout/knockout_board.h"
#include "ops/swing/swing.h"
#include "ops/swing/swing_board.h"
#include "ops/swing/swing_round.h"

static int davis_late_close(const struct op *o, struct event *e, struct problem *pb)
{
    return op_davis_late_close(o, e, &e->settings.davis, pb);
}

static int davis_start(const struct op *o, struct event *e, const char *seed,
                       struct problem *pb)
{
    return op_davis_start(o, e, &e->settings.davis, seed, pb);
}

/* A Swing starts with its first round (its later rounds: op_swing_round_start's route). */
static int swing_start(const struct op *o, struct event *e, const char *seed, struct problem *pb)
{
    struct swing_round_in in = {0, seed, NULL};
    json_t *round = NULL;
    int rc = op_swing_round_start(o, e, &in, &round, pb);
    json_decref(round);
    return rc;
}

static json_t *swing_board(struct db *db, const struct event *e, int64_t now_ms)
{
    return op_swing_board(db, e);
}

static const struct event_kind_ops rows[EK_COUNT] = {
    [EK_KNOCKOUT] = {.result = op_knockout_result,
                     .late_close = op_knockout_late_close,
                     .start = op_ko_draw,
                     .board = op_knockout_board,
                     .placings = op_knockout_placings},
    [EK_SWING] = {.result = op_swing_result,
                  .gate = op_swing_game_open,
                  .start = swing_start,
                  .board = swing_board,
                  .placings = op_swing_placings},
    [EK_DAVIS] = {.result = op_davis_result,
                  .gate = op_davis_rubber_open,
                  .late_close = davis_late_close,
                  .start = davis_start,
                  .board = op_davis_board,
                  .placings = op_davis_placings},
};

const struct event_kind_ops *op_kind(enum event_kind_id k)
{
    return &rows[(unsigned)k < EK_COUNT ? k : EK_KNOCKOUT];
}
