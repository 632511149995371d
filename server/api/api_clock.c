/* Match clocks over HTTP (CLK-1..7): each route checks its body into the typed input of
 * its operation (ops/clock_acts.c) and runs it in the frame (ops/clock_frame.c, by
 * api/clock_frame.c). The tick that finds flags without a request is ops/ticks.c.
 * Lateness and breaks are api_lateness.c, penalties api_penalties.c. */

#include <string.h>

#include "api/clock_frame.h"
#include "api/fields.h"
#include "api/handlers.h"
#include "ops/clock_acts.h"

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
    api_check_fields_pb(req->json, start_fields, 0, &bad);
    struct clock_start_in in = {api_cx_side_of(req->json, "lower_die")};
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
    /* name the rule with the field */
    if (api_check_fields_pb(req->json, pause_fields, 0, &bad))
        json_object_set_new(bad.json, "rule", json_string("CLK-5"));
    struct clock_pause_in in = {CLK_R_END_OF_GAME};
    if (!bad.json)
        clk_reason_parse(api_str(req->json, "reason"), &in.reason);
    api_cx_run(req, resp, op_clock_pause, &in, &bad);
}

void api_clock_resume(struct api_req *req, struct api_resp *resp)
{
    api_cx_bare_route(req, resp, op_clock_resume);
}

static const char *const modes[] = {"delay", "bronstein", NULL};
static const struct api_field set_fields[] = {
    {"a_bank_ms", F_INT, 1, 0, 0, 24L * 3600 * 1000, NULL, NULL},
    {"b_bank_ms", F_INT, 1, 0, 0, 24L * 3600 * 1000, NULL, NULL},
    {"mode", F_ENUM, 0, 0, 0, 0, modes, NULL},
    {"delay_ms", F_INT, 0, 0, 0, 600L * 1000, NULL, NULL},
    {"a_second_ms", F_INT, 0, 0, 0, 24L * 3600 * 1000, NULL, NULL},
    {"b_second_ms", F_INT, 0, 0, 0, 24L * 3600 * 1000, NULL, NULL},
    {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

void api_clock_set(struct api_req *req, struct api_resp *resp)
{
    json_t *j = req->json;
    struct problem bad = {0, NULL};
    struct clock_set_in in = {{0, 0}, {0, 0}, {0, 0}, -1, -1};
    if (!api_check_fields_pb(j, set_fields, 0, &bad)) {
        for (int s = 0; s < 2; s++) {
            in.bank_ms[s] = json_integer_value(json_object_get(j, s ? "b_bank_ms" : "a_bank_ms"));
            json_t *sec = json_object_get(j, s ? "b_second_ms" : "a_second_ms");
            in.has_second[s] = sec != NULL;
            in.second_ms[s] = json_integer_value(sec);
        }
        const char *ms = api_str(j, "mode");
        if (ms) {
            enum clk_mode md;
            clk_mode_parse(ms, &md);
            in.mode = (int)md;
        }
        json_t *d = json_object_get(j, "delay_ms");
        if (d)
            in.delay_ms = json_integer_value(d);
    }
    api_cx_run(req, resp, op_clock_set, &in, &bad);
}

void api_clock_reverse_flag(struct api_req *req, struct api_resp *resp)
{
    /* its optional body is not read */
    api_cx_run(req, resp, op_clock_reverse, NULL, NULL);
}
