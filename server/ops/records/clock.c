/* The clock record of a match: its JSON, its save with the stream entry, and the step of
 * the result cascade (api/results.c) that stops a clock when its match is decided. Apart
 * from the clock's operations (clock_acts.c, clock_frame.c), whose flag decides matches: the cascade calls
 * this file, and this file calls nothing that decides. */
#include "ops/records/clock.h"

#include <stdlib.h>
#include <string.h>

#include "ops/records/match.h"

static const char side_name[2][2] = {"a", "b"};

/* The settings of a new clock come from the tournament (CLK-1, CLK-2). */
int64_t op_clock_per_point_ms(const struct tournament *t)
{
    return (int64_t)t->clock_bank_per_point_s * 1000;
}

json_t *op_clock_json(const struct clk *c, const struct match *m, const struct tournament *t,
                      int64_t now_ms)
{
    struct clk_view v;
    clk_view(c, now_ms, &v);
    json_t *sides = json_object();
    for (int s = 0; s < 2; s++)
        json_object_set_new(sides, side_name[s],
                            json_pack("{s:I, s:I, s:I, s:b}", "bank_ms", (json_int_t)v.bank_ms[s],
                                      "delay_ms", (json_int_t)v.delay_left_ms[s], "second_bank_ms",
                                      (json_int_t)v.second_bank_ms[s], "lose_next_delay",
                                      c->side[s].lose_next_delay));
    const char *reason = c->state == CLK_PAUSED ? clk_reason_name(c->paused_reason) : NULL;
    return json_pack(
        "{s:I, s:s, s:s, s:o, s:o, s:o, s:o, s:o, s:I, s:o, s:o, s:b, s:I, s:{s:I, s:I, s:I}}",
        "match_id", (json_int_t)m->id, "mode", clk_mode_name(c->mode), "state",
        clk_state_name(c->state), "running",
        c->state == CLK_RUNNING ? json_string(side_name[c->running]) : json_null(), "paused_side",
        c->state == CLK_PAUSED && c->paused_side >= 0 ? json_string(side_name[c->paused_side])
                                                      : json_null(),
        "paused_reason", reason ? json_string(reason) : json_null(), "cube",
        c->cube_offered ? json_string("offered") : json_null(), "sides", sides, "server_time_ms",
        (json_int_t)now_ms, "since_ms",
        c->state == CLK_RUNNING ? json_integer(c->since_ms) : json_null(), "flagged",
        c->flagged >= 0 ? json_string(side_name[c->flagged]) : json_null(), "flag_reversed",
        c->flag_reversed, "flag_at_ms", (json_int_t)(v.flag_at_ms == INT64_MAX ? 0 : v.flag_at_ms),
        "settings", "bank_per_point_ms", (json_int_t)op_clock_per_point_ms(t), "delay_ms",
        (json_int_t)c->delay_ms, "split_first_per_point_ms",
        (json_int_t)t->clock_split_first_per_point_s * 1000);
}

int op_clock_store(struct db *db, const struct match *m, const struct clk *c,
                   const struct tournament *t, const char *pre_flag, int64_t now_ms)
{
    struct clk_view v;
    clk_view(c, now_ms, &v);
    if (db_clock_put(db, m->id, c, c->state == CLK_RUNNING ? v.flag_at_ms : INT64_MAX, pre_flag,
                     now_ms))
        return CW_EDB;
    json_t *ev = json_pack("{s:o, s:o}", "clock", op_clock_json(c, m, t, now_ms), "label",
                           op_match_label_json(db, m));
    char *s = json_dumps(ev, JSON_COMPACT);
    json_decref(ev);
    int rc = s ? db_stream_add(db, m->tournament_id, now_ms, "clock", s) : CW_EDB;
    free(s);
    return rc;
}

/* When a match is decided (reports agreed, the TD's verdict, a forfeit), a clock still
 * running stops there, as at the board at the end of the last game. */
int op_clock_result(const struct op *o, struct match *m, const struct match *before,
                    struct problem *pb)
{
    if (m->winner < 0)
        return 0;
    struct db *db = o->db;
    struct clk c;
    char *pre_flag = NULL;
    int rc = db_clock_get(db, m->id, &c, &pre_flag);
    if (rc == CW_ENOTFOUND)
        return 0;
    if (rc == CW_OK && c.state == CLK_RUNNING) {
        struct tournament t;
        rc = db_tournament_get(db, m->tournament_id, &t);
        if (rc == CW_OK && clk_pause(&c, o->now_ms, CLK_R_END_OF_GAME) == CLK_OK)
            rc = op_clock_store(db, m, &c, &t, pre_flag, o->now_ms);
    }
    free(pre_flag);
    if (rc != CW_OK) {
        problem_internal(pb, "stopping the match clock");
        return -1;
    }
    return 0;
}
