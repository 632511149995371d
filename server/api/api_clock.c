/* Match clocks over HTTP (CLK-1..7): each route checks its body into the typed input of
 * its operation (ops/clock/clock_acts.c) and runs it in the frame (ops/clock/clock_frame.c, by
 * api/clock_frame.c). The tick that finds flags without a request is ops/clock/ticks.c.
 * Lateness and breaks are api_lateness.c, penalties api_penalties.c. */

#include "api/clock_frame.h"
#include "api/fields.h"
#include "api/handlers.h"
#include "ops/clock/clock_acts.h"

static const char *const sides_ab[] = {"a", "b", NULL};

void api_clock_get(struct api_req *req, struct api_resp *resp)
{
    /* a read: anyone who may read the tournament (the venue display) sees the clock; the
     * flag, if its moment passed, is stored on the way (as the tick would) */
    api_cx_read(req, resp, op_clock_read, 1);
}

static const struct api_field start_fields[] = {
    {"lower_die", F_ENUM, 1, 0, 0, 0, sides_ab, NULL},
    {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

void api_clock_start(struct api_req *req, struct api_resp *resp)
{
    struct problem bad = {0, NULL};
    struct api_val v[1];
    api_fields_check(req->json, start_fields, 0, v, &bad);
    struct clock_start_in in = {api_val_side(&v[0])};
    api_cx_run(req, resp, op_clock_start, &in, &bad);
}

void api_clock_press(struct api_req *req, struct api_resp *resp)
{
    api_cx_side_route(req, resp, op_clock_press);
}
void api_clock_double(struct api_req *req, struct api_resp *resp)
{
    api_cx_side_route(req, resp, op_clock_double);
}
void api_clock_take(struct api_req *req, struct api_resp *resp)
{
    api_cx_side_route(req, resp, op_clock_take);
}
void api_clock_drop(struct api_req *req, struct api_resp *resp)
{
    api_cx_side_route(req, resp, op_clock_drop);
}
void api_clock_pickup(struct api_req *req, struct api_resp *resp)
{
    api_cx_side_route(req, resp, op_clock_pickup);
}

static const char *const reasons[] = {"end_of_game",  "break",           "dispute",
                                      "td",           "early_pickup",    "opponent_pressed",
                                      "illegal_move", "game_over_claim", NULL};
static const struct api_field pause_fields[] = {
    {"reason", F_ENUM, 1, 0, 0, 0, reasons, NULL},
    {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

void api_clock_pause(struct api_req *req, struct api_resp *resp)
{
    struct problem bad = {0, NULL};
    struct api_val v[1];
    /* name the rule with the field */
    if (api_fields_check(req->json, pause_fields, 0, v, &bad))
        json_object_set_new(bad.json, "rule", json_string("CLK-5"));
    struct clock_pause_in in = {CLK_R_END_OF_GAME};
    if (!bad.json)
        clk_reason_parse(v[0].s, &in.reason);
    api_cx_run(req, resp, op_clock_pause, &in, &bad);
}

void api_clock_resume(struct api_req *req, struct api_resp *resp)
{
    api_cx_bare_route(req, resp, op_clock_resume);
}

static const char *const modes[] = {"delay", "bronstein", NULL};
/* a side's fields at [side a] and [side a + 1] */
enum { CS_BANK, CS_BANK_B, CS_SECOND, CS_SECOND_B, CS_MODE, CS_DELAY, CS__N };
static const struct api_field set_fields[] = {
    [CS_BANK] = {"a_bank_ms", F_INT, 1, 0, 0, 24L * 3600 * 1000, NULL, NULL},
    [CS_BANK_B] = {"b_bank_ms", F_INT, 1, 0, 0, 24L * 3600 * 1000, NULL, NULL},
    [CS_SECOND] = {"a_second_ms", F_INT, 0, 0, 0, 24L * 3600 * 1000, NULL, NULL},
    [CS_SECOND_B] = {"b_second_ms", F_INT, 0, 0, 0, 24L * 3600 * 1000, NULL, NULL},
    [CS_MODE] = {"mode", F_ENUM, 0, 0, 0, 0, modes, NULL},
    [CS_DELAY] = {"delay_ms", F_INT, 0, 0, 0, 600L * 1000, NULL, NULL},
    [CS__N] = {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

void api_clock_set(struct api_req *req, struct api_resp *resp)
{
    struct problem bad = {0, NULL};
    struct api_val v[CS__N];
    struct clock_set_in in = {{0, 0}, {0, 0}, {0, 0}, -1, -1};
    if (!api_fields_check(req->json, set_fields, 0, v, &bad)) {
        for (int s = 0; s < 2; s++) {
            in.bank_ms[s] = v[CS_BANK + s].i;
            in.has_second[s] = v[CS_SECOND + s].set;
            in.second_ms[s] = v[CS_SECOND + s].i;
        }
        if (v[CS_MODE].s) {
            enum clk_mode md;
            clk_mode_parse(v[CS_MODE].s, &md);
            in.mode = (int)md;
        }
        if (v[CS_DELAY].set)
            in.delay_ms = v[CS_DELAY].i;
    }
    api_cx_run(req, resp, op_clock_set, &in, &bad);
}

/* KO-8: a reversal that undoes later results of a bracket needs the TD's confirmation */
enum { RF_CASCADE, RF_REASON, RF__N };
static const struct api_field reverse_fields[] = {
    [RF_CASCADE] = {"confirm_cascade", F_BOOL, 0, 0, 0, 0, NULL, NULL},
    [RF_REASON] = {"reason", F_STR, 0, 0, 0, 500, NULL, NULL},
    [RF__N] = {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

void api_clock_reverse_flag(struct api_req *req, struct api_resp *resp)
{
    struct problem bad = {0, NULL};
    struct api_val v[RF__N];
    api_fields_check(req->json, reverse_fields, 0, v, &bad);
    api_cx_run_verdict(req, resp, op_clock_reverse, NULL, &bad, v[RF_REASON].s,
                       (int)v[RF_CASCADE].i);
}
