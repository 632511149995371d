/* The kinds' rows of operations (kinds.h): what each kind does when its match is decided,
 * whether its match takes reports now, how its late entry closes, how it starts, its
 * board. */
#include "ops/event/kinds.h"

#include <stdio.h>

#include "ops/davis/davis.h"
#include "ops/davis/davis_acts.h"
#include "ops/davis/davis_board.h"
#include "ops/knockout/knockout.h"
#include "ops/knockout/knockout_acts.h"
#include "ops/knockout/knockout_board.h"
#include "ops/swing/swing.h"
#include "ops/swing/swing_board.h"
#include "ops/swing/swing_round.h"
#include "ops/swiss/swiss.h"
#include "ops/swiss/swiss_board.h"
#include "ops/swiss/swiss_round.h"

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

/* A Swiss starts with its first round paired (its later rounds: op_swiss_pair_next's route). */
static int swiss_start(const struct op *o, struct event *e, const char *seed, struct problem *pb)
{
    struct swiss_round_in in = {seed};
    json_t *round = NULL;
    int rc = op_swiss_pair_next(o, e, &in, &round, pb);
    json_decref(round);
    return rc;
}

static json_t *swiss_board(struct db *db, const struct event *e, int64_t now_ms)
{
    return op_swiss_board(db, e, 0);
}

/* PLACE-1: a Swiss places by its standings (SWISS-2), equal players sharing a place. */
static int swiss_placings(const struct op *o, const struct event *e, struct placings *out,
                          struct problem *pb)
{
    json_t *list = op_swiss_placings(o->db, e);
    size_t i;
    json_t *row;
    int rc = list ? 0 : -1;
    json_array_foreach(list, i, row) {
        struct placing *p = placings_add(out, json_integer_value(json_object_get(row, "player_id")));
        if (!p) {
            rc = -1;
            break;
        }
        p->players[0] = p->entrant;
        p->stage = -json_integer_value(json_object_get(row, "place"));
        p->out = e->state == ES_FINISHED;
        p->reason = PLACE_R_STANDING;
        p->why_n = json_integer_value(json_object_get(row, "wins"));
        snprintf(p->why, sizeof p->why, "%lld wins", (long long)p->why_n);
        const char *name = json_string_value(json_object_get(row, "name"));
        snprintf(p->name, sizeof p->name, "%s", name ? name : "");
    }
    json_decref(list);
    out->final = e->state == ES_FINISHED;
    if (rc)
        problem_internal(pb, "the Swiss's placings");
    return rc;
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
    /* a Swiss's matches take reports whenever they are paired: only the last round has
     * matches open, the next is paired once they are decided (SWISS-1) */
    [EK_SWISS] = {.result = op_swiss_result,
                  .start = swiss_start,
                  .board = swiss_board,
                  .placings = swiss_placings},
};

const struct event_kind_ops *op_kind(enum event_kind_id k)
{
    return &rows[(unsigned)k < EK_COUNT ? k : EK_KNOCKOUT];
}
