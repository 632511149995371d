/* Match clocks over HTTP (CLK-1..7): read, start, press, the cube's double, take and drop,
 * pause and resume, the TD's settings and a flag's reversal, and the tick that finds flags
 * without a request. The arithmetic is tourney/clock.c, pure functions of (state, now);
 * each operation runs in the frame of clock_frame.c. Lateness and breaks are
 * api_lateness.c, penalties api_penalties.c. */

#include <stdlib.h>
#include <string.h>

#include "api/clock_frame.h"
#include "api/handlers.h"
#include "api/matches.h"
#include "api/reports.h"
#include "api/tx.h"
#include "common/clock.h"
#include "ops/clock.h"
#include "ops/flag.h"
#include "ops/frame.h"
#include "ops/match.h"

static const char side_name[2][2] = {"a", "b"};
static const char *const sides_ab[] = {"a", "b", NULL};

/* ---- the clock ---- */

static int op_read(struct cx *x)
{
    return api_cx_need_clock(x);
}

void api_clock_get(struct api_req *req, struct api_resp *resp)
{
    /* a read: anyone who may read the tournament (the venue display) sees the clock; the
     * flag, if its moment passed, is stored on the way (as the tick would) */
    struct db *db = req->app->db;
    struct cx x;
    memset(&x, 0, sizeof x);
    x.req = req;
    x.resp = resp;
    db_lock(db);
    int rc = api_cx_load(&x);
    int flags = !rc && x.has_clock && clk_tick(&x.c, req->now_ms);
    if (!rc && !flags) {
        if (!api_cx_need_clock(&x))
            api_reply_json(resp, 200, op_clock_json(&x.c, &x.m, &x.t, req->now_ms));
    }
    db_unlock(db);
    free(x.pre_flag);
    if (flags) {
        int td = req->is_td;
        req->is_td = 1; /* the flag acts for the TD, as the tick does */
        api_cx_run(req, resp, op_read);
        req->is_td = td;
    }
}

static const struct api_field start_fields[] = {
    {"lower_die", F_ENUM, 1, 0, 0, 0, sides_ab, NULL},
    {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

/* Both players are at the board when a game starts. */
static int both_present(struct cx *x)
{
    struct db *db = x->req->app->db;
    struct presence p[2];
    if (db_presence_get(db, x->m.id, p))
        return -1;
    for (int s = 0; s < 2; s++)
        if (!p[s].arrived_ms && !p[s].break_started_ms) {
            p[s].arrived_ms = x->req->now_ms;
            if (db_presence_put(db, x->m.id, s, &p[s]))
                return -1;
            x->lateness_changed = 1;
        }
    return 0;
}

static int op_start(struct cx *x)
{
    if (api_check_fields(x->req->json, start_fields, 0, x->resp))
        return -1;
    if (match_finished(&x->m))
        return api_cx_refuse_finished(x);
    struct presence p[2];
    if (db_presence_get(x->req->app->db, x->m.id, p))
        return -1;
    for (int s = 0; s < 2; s++)
        if (p[s].break_started_ms) {
            char at[32];
            cw_iso8601(p[s].break_ends_ms, at, sizeof at);
            api_problem(x->resp, 409, "on-break", "A player is on a break",
                        "Side %s is on a break (until %s); the next game starts when the break "
                        "is over (breaks/end, PEN-4).",
                        side_name[s], at);
            return -1;
        }
    if (!x->m.player[0] || !x->m.player[1]) {
        api_problem(x->resp, 409, "players-unknown", "Players not known yet",
                    "Match %lld has no opponent yet.", (long long)x->m.id);
        return -1;
    }
    if (!x->has_clock && api_cx_clock_create(x))
        return -1;
    enum clk_err e = clk_start(&x->c, x->req->now_ms, api_cx_side_of(x->req->json, "lower_die"));
    if (api_cx_applied(x, e, "start a game"))
        return -1;
    if (x->m.state == MS_SCHEDULED || x->m.state == MS_CALLED) {
        api_cx_match_touch(x, "match.playing");
        if (op_match_set_state(x->req->app->db, &x->m, MS_PLAYING, x->req->now_ms, "clock"))
            return -1;
    }
    return both_present(x);
}

void api_clock_start(struct api_req *req, struct api_resp *resp)
{
    api_cx_run(req, resp, op_start);
}

static const struct api_field side_fields[] = {
    {"side", F_ENUM, 1, 0, 0, 0, sides_ab, NULL},
    {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

typedef enum clk_err (*side_op)(struct clk *c, int64_t now_ms, int side);

static int side_action(struct cx *x, side_op f, const char *what)
{
    if (api_check_fields(x->req->json, side_fields, 0, x->resp))
        return -1;
    /* either player of the match operates either half: one phone is often the clock of
     * the whole board (arrivals and breaks, below, are each player's own) */
    int side = api_cx_side_of(x->req->json, "side");
    if (api_cx_need_clock(x))
        return -1;
    if (match_finished(&x->m) && x->c.state != CLK_FLAGGED)
        return api_cx_refuse_finished(x);
    return api_cx_applied(x, f(&x->c, x->req->now_ms, side), what);
}

static int op_press(struct cx *x)
{
    return side_action(x, clk_press, "press");
}
static int op_double(struct cx *x)
{
    return side_action(x, clk_double, "double");
}
static int op_take(struct cx *x)
{
    return side_action(x, clk_take, "take");
}
static int op_drop(struct cx *x)
{
    return side_action(x, clk_drop, "drop");
}
static int op_pickup(struct cx *x)
{
    return side_action(x, clk_pickup, "take the delay away");
}

void api_clock_press(struct api_req *req, struct api_resp *resp)
{
    api_cx_run(req, resp, op_press);
}
void api_clock_double(struct api_req *req, struct api_resp *resp)
{
    api_cx_run(req, resp, op_double);
}
void api_clock_take(struct api_req *req, struct api_resp *resp)
{
    api_cx_run(req, resp, op_take);
}
void api_clock_drop(struct api_req *req, struct api_resp *resp)
{
    api_cx_run(req, resp, op_drop);
}
void api_clock_pickup(struct api_req *req, struct api_resp *resp)
{
    api_cx_run(req, resp, op_pickup);
}

static const char *const reasons[] = {"end_of_game",  "break",           "dispute",
                                      "td",           "early_pickup",    "opponent_pressed",
                                      "illegal_move", "game_over_claim", NULL};
static const struct api_field pause_fields[] = {
    {"reason", F_ENUM, 1, 0, 0, 0, reasons, NULL},
    {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

static int op_pause(struct cx *x)
{
    if (api_check_fields(x->req->json, pause_fields, 0, x->resp)) {
        /* name the rule with the field */
        json_object_set_new(x->resp->json, "rule", json_string("CLK-5"));
        return -1;
    }
    if (api_cx_need_clock(x))
        return -1;
    enum clk_reason r;
    clk_reason_parse(api_str(x->req->json, "reason"), &r);
    enum clk_err e = clk_pause(&x->c, x->req->now_ms, r);
    if (api_cx_applied(x, e, "pause"))
        return -1;
    return 0;
}

void api_clock_pause(struct api_req *req, struct api_resp *resp)
{
    api_cx_run(req, resp, op_pause);
}

static int op_resume(struct cx *x)
{
    if (x->req->json &&
        api_check_fields(x->req->json, (const struct api_field[]){{NULL}}, 0, x->resp))
        return -1;
    if (api_cx_need_clock(x))
        return -1;
    if (match_finished(&x->m))
        return api_cx_refuse_finished(x);
    if (x->c.state == CLK_PAUSED && x->c.paused_reason == CLK_R_END_OF_GAME) {
        api_problem(x->resp, 409, "game-over", "The game is over",
                    "The clock was paused at the end of a game: the next game starts with "
                    "the opening roll (clock/start), not with resume (CLK-4).");
        return -1;
    }
    if (x->c.state == CLK_PAUSED && x->c.flag_reversed && !x->req->is_td &&
        x->c.paused_reason == CLK_R_TD) {
        api_problem(x->resp, 409, "td-pause", "Paused by the TD",
                    "The TD paused this clock after reversing a flag; the TD resumes it "
                    "(CLK-7).");
        return -1;
    }
    /* a side with no time left would lose at once (a flag reversed leaves it at zero): the
     * TD sets the times first */
    struct clk trial = x->c;
    struct clk_view tv;
    if (clk_resume(&trial, x->req->now_ms) == CLK_OK) {
        clk_view(&trial, x->req->now_ms, &tv);
        if (tv.flag_at_ms <= x->req->now_ms) {
            api_problem(x->resp, 409, "no-time", "No time left",
                        "Side %s has no time left on this clock and would lose on time the "
                        "moment it resumed: the TD sets the times (PUT clock) first (CLK-7).",
                        side_name[trial.running]);
            return -1;
        }
    }
    enum clk_err e = clk_resume(&x->c, x->req->now_ms);
    if (api_cx_applied(x, e, "resume"))
        return -1;
    return 0;
}

void api_clock_resume(struct api_req *req, struct api_resp *resp)
{
    api_cx_run(req, resp, op_resume);
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

/* CLK-2: the tournament splits its clocks' banks in two parts (as clk_initial_bank does). */
static int split_bank(const struct tournament *t)
{
    return t->clock_split_first_per_point_s > 0 &&
           t->clock_split_first_per_point_s < t->clock_bank_per_point_s;
}

static int op_set(struct cx *x)
{
    json_t *j = x->req->json;
    if (api_check_fields(j, set_fields, 0, x->resp))
        return -1;
    if (match_finished(&x->m) && x->c.state != CLK_FLAGGED)
        return api_cx_refuse_finished(x);
    if (!split_bank(&x->t)) {
        int bad = 0;
        for (int s = 0; s < 2; s++) {
            const char *f = s ? "b_second_ms" : "a_second_ms";
            if (json_object_get(j, f)) {
                api_problem_field(x->resp, f,
                                  "this clock has no split bank: the tournament's clock setting "
                                  "split_first_per_point_s is not set, so there is no second "
                                  "part to set (CLK-2)");
                bad++;
            }
        }
        if (bad)
            return -1;
    }
    if (!x->has_clock && api_cx_clock_create(x))
        return -1;
    int mode = -1;
    const char *ms = api_str(j, "mode");
    if (ms) {
        enum clk_mode md;
        clk_mode_parse(ms, &md);
        mode = (int)md;
    }
    json_t *d = json_object_get(j, "delay_ms");
    /* a second part not given is 0: the TD's times replace the whole bank (CLK-7) */
    enum clk_err e =
        clk_set_split(&x->c, x->req->now_ms, json_integer_value(json_object_get(j, "a_bank_ms")),
                      json_integer_value(json_object_get(j, "b_bank_ms")),
                      json_integer_value(json_object_get(j, "a_second_ms")),
                      json_integer_value(json_object_get(j, "b_second_ms")), mode,
                      d ? json_integer_value(d) : -1);
    if (api_cx_applied(x, e, "be set"))
        return -1;
    return 0;
}

void api_clock_set(struct api_req *req, struct api_resp *resp)
{
    api_cx_run(req, resp, op_set);
}

/* CLK-7: the flagged player was otherwise guaranteed to win: the match goes back to where
 * it stood, the clock waits, paused, for the TD's times. */
static int op_reverse(struct cx *x)
{
    if (api_cx_need_clock(x))
        return -1;
    enum clk_err e = clk_reverse_flag(&x->c, x->req->now_ms);
    if (e) {
        api_problem(x->resp, 409, "not-flagged", "No flag",
                    "The clock of match %lld has not flagged: there is nothing to reverse "
                    "(CLK-7).",
                    (long long)x->m.id);
        return -1;
    }
    x->clock_changed = 1;
    json_t *pre = x->pre_flag ? json_loads(x->pre_flag, 0, NULL) : NULL;
    if (pre && x->m.state == MS_FORFEITED) {
        const char *name = json_string_value(json_object_get(pre, "state"));
        int was = name ? match_state_from_name(name) : -1;
        if (was < 0) {
            json_decref(pre);
            api_internal_error(x->resp, "reading the match as it was before the flag");
            return -1;
        }
        struct match before = x->m;
        api_cx_match_touch(x, "match.flag_reversed");
        x->m.state = (enum match_state)was;
        x->m.score[0] = (int)json_integer_value(json_object_get(pre, "score_a"));
        x->m.score[1] = (int)json_integer_value(json_object_get(pre, "score_b"));
        x->m.winner = -1;
        x->m.result_report = 0;
        x->m.ended = ME_NONE;
        int rc = db_match_state_log(x->req->app->db, x->m.id, x->m.state, x->req->now_ms, "td");
        if (!rc)
            rc = api_result_follows(x->req, &x->m, &before, x->resp);
        json_decref(pre);
        free(x->pre_flag);
        x->pre_flag = NULL;
        return rc;
    }
    json_decref(pre);
    return 0;
}

void api_clock_reverse_flag(struct api_req *req, struct api_resp *resp)
{
    api_cx_run(req, resp, op_reverse);
}

/* ---- the tick: flags found without a request ---- */

int api_clock_tick(struct app *app, int64_t now_ms)
{
    struct db *db = app->db;
    int64_t ids[32][2];
    db_lock(db);
    int n = db_clocks_flag_due(db, now_ms, ids, 32);
    db_unlock(db);
    for (int i = 0; i < n; i++) {
        /* the flag's own operation in a frame of its own; what it refuses or fails at
         * changes nothing, and the next tick looks again */
        struct op o = {db, now_ms, "td", 0, NULL, NULL};
        struct op_replay none;
        if (op_begin(&o, NULL, &none) != OP_OPEN)
            continue;
        struct problem pb = {0, NULL};
        if (op_clock_flag_due(&o, ids[i][0], ids[i][1], &pb)) {
            op_rollback(&o);
            problem_free(&pb);
        } else {
            op_commit(&o, NULL, 0, NULL);
        }
    }
    return n;
}
