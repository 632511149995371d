/* Match clocks (CLK-1..7), lateness (PEN-1..3), breaks (PEN-4) and penalties (PEN-5,
 * MATCH-5) over HTTP. The arithmetic is server/tourney/clock.c, pure functions of
 * (state, now); this file loads a match's clock, checks who may act, applies one
 * operation at the server's time, stores the result and tells the event stream.
 *
 * A flag is found on every request and by a tick each second (api_clock_tick): the side
 * whose time ran out loses the match (forfeited, CLK-7). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/clock.h"
#include "api/fields.h"
#include "api/handlers.h"
#include "api/json.h"
#include "api/matches.h"
#include "api/reports.h"
#include "api/results.h"
#include "api/tx.h"
#include "common/clock.h"
#include "ops/match.h"
#include "store/store.h"
#include "tourney/clock.h"

static const char side_name[2][2] = {"a", "b"};
static const char *const sides_ab[] = {"a", "b", NULL};

/* ---- the frame every operation runs in ---- */

struct cx {
    struct api_req *req;
    struct api_resp *resp;
    struct match m;
    struct tournament t;
    struct clk c;
    int has_clock;
    char *pre_flag;       /* the match before a flag decided it (JSON), or NULL */
    int side;             /* the player's side; -1 for the TD */
    int clock_changed;    /* store the clock and send a `clock` event */
    int lateness_changed; /* send a `lateness` event */
    int wrote;            /* something else was stored (a penalty): commit */
    int flagged_now;      /* this request found the flag */
    json_t *match_before; /* set when the match changes: saved and audited at the end */
    const char *action;   /* the match's audit action */
    int status;           /* the reply's status (200 by default) */
};

typedef int (*clock_fn)(struct cx *x);

static int side_of(json_t *j, const char *field)
{
    const char *s = api_str(j, field);
    return s && !strcmp(s, "b") ? 1 : 0;
}

/* The match is about to change: keep it as it was for the audit log. */
static void match_touch(struct cx *x, const char *action)
{
    if (!x->match_before)
        x->match_before = op_match_record_json(&x->m);
    x->action = action;
}

/* CLK-7: the running side's time ran out: that side loses the match (unless the match is
 * already decided), and the TD may reverse it. */
static int apply_flag(struct cx *x)
{
    x->flagged_now = 1;
    x->clock_changed = 1;
    if (match_finished(&x->m))
        return 0;
    json_t *pre = json_pack("{s:s, s:i, s:i}", "state", match_state_name(x->m.state), "score_a",
                            x->m.score[0], "score_b", x->m.score[1]);
    free(x->pre_flag);
    x->pre_flag = json_dumps(pre, JSON_COMPACT);
    json_decref(pre);
    match_touch(x, "match.flagged");
    /* the clock decides, whoever's request found the flag: the match's history and the
     * audit log say so, not "td" or the player who happened to ask */
    const char *was = x->req->acting;
    x->req->acting = "clock";
    int rc = api_match_decide(x->req, &x->m, x->resp, MS_FORFEITED, 1 - x->c.flagged);
    x->req->acting = was;
    return rc;
}

static void clock_refusal(struct cx *x, enum clk_err e, const char *what)
{
    struct api_resp *resp = x->resp;
    const struct clk *c = &x->c;
    switch (e) {
    case CLK_E_SIDE:
        api_problem(resp, 409, "not-your-turn", "Not that side's turn",
                    "It is side %s's time that runs; side %s cannot %s now (CLK-4).",
                    c->running >= 0 ? side_name[c->running] : "-",
                    c->running >= 0 ? side_name[1 - c->running] : "-", what);
        break;
    case CLK_E_CUBE:
        if (c->cube_offered)
            api_problem(resp, 409, "double-waiting", "A double waits",
                        "A double waits for the taker's take or drop; the clock cannot %s "
                        "until then (CLK-4).",
                        what);
        else
            api_problem(resp, 409, "no-double", "No double",
                        "No double is waiting: there is nothing to %s (CLK-4).", what);
        break;
    case CLK_E_REASON:
        api_problem_field(resp, "reason",
                          "a clock is paused only at the end of a game, for a break, a dispute "
                          "or the TD, an early pickup, after the opponent pressed, an illegal "
                          "move or a claim that the game is over (CLK-5)");
        break;
    case CLK_E_VALUE:
        api_problem_field(resp, "a_bank_ms", "times cannot be negative");
        break;
    case CLK_E_MIDGAME:
        api_problem(resp, 409, "mid-game", "In the middle of a game",
                    "A break is taken only between games (PEN-4): a game is under way on the "
                    "clock (side %s's time runs); press end of game first (pause with reason "
                    "end_of_game), then take the break (breaks).",
                    side_name[c->running < 0 ? 0 : c->running]);
        break;
    default:
        if (c->state == CLK_FLAGGED)
            api_problem(resp, 409, "clock-flagged", "Time ran out",
                        "Side %s's time ran out: the clock cannot %s (CLK-7)%s.",
                        side_name[c->flagged < 0 ? 0 : c->flagged], what,
                        c->flag_reversed ? "" : "; only the TD can reverse the flag");
        else if (c->state == CLK_PAUSED)
            api_problem(resp, 409, "clock-paused", "The clock is paused",
                        "The clock is paused (%s): it cannot %s now (CLK-5).",
                        clk_reason_name(c->paused_reason), what);
        else if (c->state == CLK_WAITING)
            api_problem(resp, 409, "clock-waiting", "No game under way",
                        "No game is under way on the clock: it cannot %s before the opening "
                        "roll starts it (CLK-4).",
                        what);
        else
            api_problem(resp, 409, "clock-running", "The clock is running",
                        "The clock is running (side %s's time): it cannot %s now (CLK-4).",
                        side_name[c->running < 0 ? 0 : c->running], what);
    }
}

/* The outcome of one clock operation: refused with the reason, or the clock to store. */
static int applied(struct cx *x, enum clk_err e, const char *what)
{
    if (e) {
        clock_refusal(x, e, what);
        return -1;
    }
    x->clock_changed = 1;
    return 0;
}

/* A new clock for the match from the tournament's settings (CLK-2, CLK-3). */
static int clock_create(struct cx *x)
{
    if (x->m.length < 1) {
        api_problem(x->resp, 409, "no-length", "No match clock",
                    "Match %lld is a single money-style game: clocks are set by match length "
                    "(CLK-2).",
                    (long long)x->m.id);
        return -1;
    }
    int64_t first, second;
    clk_initial_bank(x->m.length, x->m.score[0], x->m.score[1], api_clock_per_point_ms(&x->t),
                     (int64_t)x->t.clock_split_first_per_point_s * 1000, &first, &second);
    enum clk_mode mode = CLK_MODE_DELAY;
    clk_mode_parse(x->t.clock_mode, &mode);
    clk_init(&x->c, mode, first, second, (int64_t)x->t.clock_delay_s * 1000);
    x->has_clock = 1;
    x->clock_changed = 1;
    return 0;
}

static int need_clock(struct cx *x)
{
    if (x->has_clock)
        return 0;
    api_problem(x->resp, 404, "no-clock", "No clock",
                "Match %lld has no clock yet; it starts with the first game (clock/start).",
                (long long)x->m.id);
    return -1;
}

static int refuse_finished(struct cx *x)
{
    api_problem(x->resp, 409, "match-finished", "The match is over", "Match %lld is already %s.",
                (long long)x->m.id, match_state_name(x->m.state));
    return -1;
}

/* A player acts only for their own side; the TD for either. */
static int own_side(struct cx *x, int side)
{
    if (x->side >= 0 && x->side != side) {
        api_problem(x->resp, 403, "not-your-side", "Not your side",
                    "You play side %s of match %lld; you cannot act for side %s.",
                    side_name[x->side], (long long)x->m.id, side_name[side]);
        return -1;
    }
    return 0;
}

static int lateness_event(struct cx *x);

/* Stores what changed, tells the stream, answers with the clock unless the operation
 * answered itself. */
static int finish(struct cx *x)
{
    struct api_req *req = x->req;
    struct db *db = req->app->db;
    if (x->clock_changed &&
        api_clock_store(db, &x->m, &x->c, &x->t, x->pre_flag, req->now_ms) != CW_OK)
        return -1;
    if (x->match_before) {
        json_t *b = x->match_before;
        x->match_before = NULL;
        /* a flag's forfeit is the clock's doing, whoever's request found it (CLK-7) */
        const char *was = req->acting;
        if (!strcmp(x->action, "match.flagged"))
            req->acting = "clock";
        struct op o = api_op(req);
        req->acting = was;
        int rc = op_match_save(&o, &x->m, b, x->action);
        if (rc)
            return -1;
    }
    if (x->lateness_changed && lateness_event(x))
        return -1;
    return 0;
}

static int load(struct cx *x)
{
    struct db *db = x->req->app->db;
    int rc = db_match_get(db, x->req->ids[0], x->req->ids[1], &x->m);
    if (rc == CW_ENOTFOUND) {
        api_match_not_found(x->resp, x->req->ids[0], x->req->ids[1]);
        return -1;
    }
    if (rc == CW_OK)
        rc = db_tournament_get(db, x->m.tournament_id, &x->t);
    if (rc == CW_OK) {
        rc = db_clock_get(db, x->m.id, &x->c, &x->pre_flag);
        x->has_clock = rc == CW_OK;
        if (rc == CW_ENOTFOUND)
            rc = CW_OK;
    }
    if (rc != CW_OK) {
        api_internal_error(x->resp, "reading the match clock");
        return -1;
    }
    return 0;
}

/* Who may act: the TD, or a logged-in player of the match. */
static int who(struct cx *x)
{
    struct api_req *req = x->req;
    x->side = -1;
    if (req->is_td)
        return 0;
    if (!req->player_id) {
        api_problem(x->resp, 401, "unauthorized", "Login required",
                    "Log in as the TD, or as a player of match %lld with your PIN.",
                    (long long)x->m.id);
        return -1;
    }
    x->side = api_match_side(req, &x->m);
    if (x->side < 0) {
        api_problem(x->resp, 403, "not-your-match", "Not your match",
                    "You are not a player of match %lld; only its players and the TD act on "
                    "its clock.",
                    (long long)x->m.id);
        return -1;
    }
    return 0;
}

/* The frame: transaction, load, permission, the flag as of now, the operation, store. */
static void run(struct api_req *req, struct api_resp *resp, clock_fn op)
{
    if (api_tx_begin(req, resp))
        return;
    struct cx x;
    memset(&x, 0, sizeof x);
    x.req = req;
    x.resp = resp;
    x.side = -1;
    x.status = 200;
    int rc = load(&x) || who(&x);
    if (!rc && x.has_clock && clk_tick(&x.c, req->now_ms))
        rc = apply_flag(&x);
    int refused = 0;
    if (!rc) {
        rc = op(&x);
        refused = rc != 0;
        /* a flag found by a refused request is still the flag */
        if (refused && x.flagged_now && resp->json && resp->status < 500) {
            json_t *problem = resp->json;
            resp->json = NULL;
            int st = resp->status;
            rc = finish(&x);
            if (!rc) {
                api_reply_json(resp, st, problem);
                resp->is_problem = 1;
            } else {
                json_decref(problem);
            }
            refused = 0;
            if (!rc) {
                api_tx_commit(req, resp);
                goto out;
            }
        }
    }
    if (!rc && !x.clock_changed && !x.match_before && !x.lateness_changed && !x.wrote) {
        /* nothing to store (a read, or nothing changed) */
        api_tx_rollback(req);
        if (!resp->json)
            api_reply_json(resp, x.status,
                           x.has_clock ? api_clock_json(&x.c, &x.m, &x.t, req->now_ms)
                                       : json_object());
        goto out;
    }
    if (!rc)
        rc = finish(&x);
    if (rc) {
        api_tx_rollback(req);
        if (!resp->json || (!refused && resp->status < 400))
            api_internal_error(resp, "storing the clock");
        goto out;
    }
    if (!resp->json)
        api_reply_json(resp, x.status, api_clock_json(&x.c, &x.m, &x.t, req->now_ms));
    api_tx_commit(req, resp);
out:
    free(x.pre_flag);
    json_decref(x.match_before);
}

/* ---- the clock ---- */

static int op_none(struct cx *x)
{
    return 0;
}

static int op_read(struct cx *x)
{
    return need_clock(x);
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
    int rc = load(&x);
    int flags = !rc && x.has_clock && clk_tick(&x.c, req->now_ms);
    if (!rc && !flags) {
        if (!need_clock(&x))
            api_reply_json(resp, 200, api_clock_json(&x.c, &x.m, &x.t, req->now_ms));
    }
    db_unlock(db);
    free(x.pre_flag);
    if (flags) {
        int td = req->is_td;
        req->is_td = 1; /* the flag acts for the TD, as the tick does */
        run(req, resp, op_read);
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
        return refuse_finished(x);
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
    if (!x->has_clock && clock_create(x))
        return -1;
    enum clk_err e = clk_start(&x->c, x->req->now_ms, side_of(x->req->json, "lower_die"));
    if (applied(x, e, "start a game"))
        return -1;
    if (x->m.state == MS_SCHEDULED || x->m.state == MS_CALLED) {
        match_touch(x, "match.playing");
        if (op_match_set_state(x->req->app->db, &x->m, MS_PLAYING, x->req->now_ms, "clock"))
            return -1;
    }
    return both_present(x);
}

void api_clock_start(struct api_req *req, struct api_resp *resp)
{
    run(req, resp, op_start);
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
    int side = side_of(x->req->json, "side");
    if (need_clock(x))
        return -1;
    if (match_finished(&x->m) && x->c.state != CLK_FLAGGED)
        return refuse_finished(x);
    return applied(x, f(&x->c, x->req->now_ms, side), what);
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
    run(req, resp, op_press);
}
void api_clock_double(struct api_req *req, struct api_resp *resp)
{
    run(req, resp, op_double);
}
void api_clock_take(struct api_req *req, struct api_resp *resp)
{
    run(req, resp, op_take);
}
void api_clock_drop(struct api_req *req, struct api_resp *resp)
{
    run(req, resp, op_drop);
}
void api_clock_pickup(struct api_req *req, struct api_resp *resp)
{
    run(req, resp, op_pickup);
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
    if (need_clock(x))
        return -1;
    enum clk_reason r;
    clk_reason_parse(api_str(x->req->json, "reason"), &r);
    enum clk_err e = clk_pause(&x->c, x->req->now_ms, r);
    if (applied(x, e, "pause"))
        return -1;
    return 0;
}

void api_clock_pause(struct api_req *req, struct api_resp *resp)
{
    run(req, resp, op_pause);
}

static int op_resume(struct cx *x)
{
    if (x->req->json &&
        api_check_fields(x->req->json, (const struct api_field[]){{NULL}}, 0, x->resp))
        return -1;
    if (need_clock(x))
        return -1;
    if (match_finished(&x->m))
        return refuse_finished(x);
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
    if (applied(x, e, "resume"))
        return -1;
    return 0;
}

void api_clock_resume(struct api_req *req, struct api_resp *resp)
{
    run(req, resp, op_resume);
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
        return refuse_finished(x);
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
    if (!x->has_clock && clock_create(x))
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
    if (applied(x, e, "be set"))
        return -1;
    return 0;
}

void api_clock_set(struct api_req *req, struct api_resp *resp)
{
    run(req, resp, op_set);
}

/* CLK-7: the flagged player was otherwise guaranteed to win: the match goes back to where
 * it stood, the clock waits, paused, for the TD's times. */
static int op_reverse(struct cx *x)
{
    if (need_clock(x))
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
        match_touch(x, "match.flag_reversed");
        x->m.state = (enum match_state)was;
        x->m.score[0] = (int)json_integer_value(json_object_get(pre, "score_a"));
        x->m.score[1] = (int)json_integer_value(json_object_get(pre, "score_b"));
        x->m.winner = -1;
        x->m.result_report = 0;
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
    run(req, resp, op_reverse);
}

/* ---- penalties (PEN-5, MATCH-5) ---- */

static json_t *penalty_json(const struct penalty *p)
{
    return json_pack("{s:I, s:I, s:s, s:s, s:i, s:s, s:i, s:I, s:o}", "id", (json_int_t)p->id,
                     "match_id", (json_int_t)p->match_id, "side", side_name[p->side], "kind",
                     p->kind, "points", p->points, "reason", p->reason, "before_game",
                     p->before_game, "created_ms", (json_int_t)p->created_ms, "created_at",
                     api_time_json(p->created_ms));
}

/* The games of a report so far. */
static int games_in(const struct report *r)
{
    if (!r->games || !r->games[0])
        return 0;
    if (!strcmp(r->kind, "games")) {
        int n = 1;
        for (const char *p = r->games; *p; p++)
            n += *p == ',';
        return n;
    }
    json_t *j = json_loads(r->games, 0, NULL);
    int n = (int)json_array_size(j);
    json_decref(j);
    return n;
}

/* Refuses a penalty when a side has reported the match over: the result is settled first. */
/* Each side's current report: how many games it has and whether it is complete (0 and 0
 * when the side has none). -1 when the database failed. */
static int report_counts(struct cx *x, int games[2], int complete[2])
{
    for (int s = 0; s < 2; s++) {
        struct report r;
        games[s] = complete[s] = 0;
        int rc = db_report_current(x->req->app->db, x->m.id, s, &r);
        if (rc == CW_ENOTFOUND)
            continue;
        if (rc != CW_OK)
            return -1;
        games[s] = games_in(&r);
        complete[s] = r.complete;
        report_free(&r);
    }
    return 0;
}

static int reports_state(struct cx *x, int *max_games)
{
    *max_games = 0;
    int games[2], done[2];
    if (report_counts(x, games, done))
        return -1;
    for (int s = 0; s < 2; s++) {
        int n = games[s], complete = done[s];
        if (complete) {
            api_problem(x->resp, 409, "reported-over", "The match is reported over",
                        "Side %s has reported match %lld as finished; verify or correct the "
                        "result before giving penalty points (MATCH-5).",
                        side_name[s], (long long)x->m.id);
            return -1;
        }
        if (n > *max_games)
            *max_games = n;
    }
    return 0;
}

/* MATCH-5: `points` against `side` go to the opponent's score: in the match and in each
 * side's report in progress (the penalty comes after the games reported so far). Reaching
 * the length decides the match. */
static int give_points(struct cx *x, int side, int points)
{
    struct db *db = x->req->app->db;
    int opp = 1 - side, len = x->m.length;
    match_touch(x, "match.penalty");
    x->m.penalty[opp] += points;
    x->m.score[opp] = x->m.score[opp] + points > len ? len : x->m.score[opp] + points;
    int reports = 0;
    for (int s = 0; s < 2; s++) {
        struct report r;
        int rc = db_report_current(db, x->m.id, s, &r);
        if (rc == CW_ENOTFOUND)
            continue;
        if (rc != CW_OK)
            return -1;
        reports++;
        r.score[opp] = r.score[opp] + points > len ? len : r.score[opp] + points;
        if (r.score[opp] >= len) {
            r.complete = 1;
            r.winner = opp;
        }
        rc = db_report_update_games(db, &r);
        report_free(&r);
        if (rc)
            return -1;
    }
    if (reports) {
        const char *action = x->action;
        if (api_report_settle(x->req, &x->m, x->resp, &action))
            return -1;
        x->action = !strcmp(action, "match.verified") ? action : "match.penalty";
        return 0;
    }
    if (x->m.score[opp] >= len) {
        x->action = "match.verified";
        return api_match_decide(x->req, &x->m, x->resp, MS_VERIFIED, opp);
    }
    return 0;
}

/* Records a penalty (audit, event); apply: its points go to the opponent's score now. */
static int add_penalty(struct cx *x, int side, const char *kind, int points, const char *reason,
                       int before_game, int apply, struct penalty *out)
{
    memset(out, 0, sizeof *out);
    out->match_id = x->m.id;
    out->side = side;
    snprintf(out->kind, sizeof out->kind, "%s", kind);
    out->points = points;
    snprintf(out->reason, sizeof out->reason, "%s", reason);
    out->before_game = before_game;
    api_actor(x->req, out->actor, sizeof out->actor);
    out->created_ms = x->req->now_ms;
    struct db *db = x->req->app->db;
    if (db_penalty_insert(db, out))
        return -1;
    x->wrote = 1;
    json_t *pj = penalty_json(out);
    char *s = json_dumps(pj, JSON_COMPACT);
    char *ev = NULL;
    int rc = s ? db_audit(db, x->m.tournament_id, x->req->now_ms, out->actor, "match.penalty",
                          "penalty", out->id, NULL, s)
               : CW_EDB;
    if (!rc && asprintf(&ev, "{\"penalty\":%s}", s) < 0)
        rc = CW_EDB;
    if (!rc)
        rc = db_event_add(db, x->m.tournament_id, x->req->now_ms, "penalty", ev);
    free(s);
    free(ev);
    json_decref(pj);
    if (rc)
        return -1;
    return points && apply ? give_points(x, side, points) : 0;
}

static const char *const kinds[] = {"warning", "points", NULL};
static const struct api_field penalty_fields[] = {
    {"side", F_ENUM, 1, 0, 0, 0, sides_ab, NULL},     {"kind", F_ENUM, 1, 0, 0, 0, kinds, NULL},
    {"points", F_INT, 0, 0, 0, 99, NULL, NULL},       {"reason", F_STR, 1, 0, 1, 500, NULL, NULL},
    {"before_game", F_INT, 0, 0, 0, 999, NULL, NULL}, {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

static int op_penalty(struct cx *x)
{
    json_t *j = x->req->json;
    if (api_check_fields(j, penalty_fields, 0, x->resp))
        return -1;
    int side = side_of(j, "side");
    int warning = !strcmp(api_str(j, "kind"), "warning");
    int points = (int)json_integer_value(json_object_get(j, "points"));
    if (warning && points) {
        api_problem_field(x->resp, "points", "a warning gives no points (PEN-5)");
        return -1;
    }
    if (!warning && (points < 1 || (x->m.length > 0 && points > x->m.length))) {
        api_problem_field(x->resp, "points", "penalty points are 1 to the match length, %d (PEN-5)",
                          x->m.length);
        return -1;
    }
    if (match_finished(&x->m))
        return refuse_finished(x);
    if (!x->m.player[0] || !x->m.player[1]) {
        api_problem(x->resp, 409, "players-unknown", "Players not known yet",
                    "Match %lld has no opponent yet.", (long long)x->m.id);
        return -1;
    }
    if (!warning && x->m.length < 1) {
        api_problem_field(x->resp, "points",
                          "a single money-style game has no match score to add points to");
        return -1;
    }
    int games;
    if (reports_state(x, &games))
        return x->resp->json ? -1 : (api_internal_error(x->resp, "reading the reports"), -1);
    json_t *bg = json_object_get(j, "before_game");
    struct penalty p;
    if (add_penalty(x, side, warning ? "warning" : "points", warning ? 0 : points,
                    api_str(j, "reason"), bg ? (int)json_integer_value(bg) : games, 1, &p))
        return -1;
    x->status = 201;
    json_t *out = penalty_json(&p);
    json_object_set_new(out, "match", op_match_record_json(&x->m));
    api_reply_json(x->resp, 201, out);
    return 0;
}

void api_penalty_add(struct api_req *req, struct api_resp *resp)
{
    run(req, resp, op_penalty);
}

void api_penalties_list(struct api_req *req, struct api_resp *resp)
{
    struct db *db = req->app->db;
    struct match m;
    db_lock(db);
    int rc = db_match_get(db, req->ids[0], req->ids[1], &m);
    struct penalty *p = NULL;
    int n = 0;
    if (rc == CW_OK)
        rc = db_penalties(db, m.id, &p, &n);
    db_unlock(db);
    if (rc == CW_ENOTFOUND) {
        api_match_not_found(resp, req->ids[0], req->ids[1]);
        return;
    }
    if (rc != CW_OK) {
        api_internal_error(resp, "reading the penalties");
        return;
    }
    json_t *arr = json_array();
    for (int i = 0; i < n; i++)
        json_array_append_new(arr, penalty_json(&p[i]));
    free(p);
    api_reply_json(resp, 200,
                   json_pack("{s:o, s:{s:i, s:i}}", "penalties", arr, "penalty_points", "a",
                             m.penalty[0], "b", m.penalty[1]));
}

/* ---- lateness (PEN-1..3) and breaks (PEN-4) ---- */

/* The last time the match was called to a table, 0 if never. */
static int64_t called_ms(struct db *db, int64_t match_id)
{
    struct match_state_time *t;
    int n;
    int64_t at = 0;
    if (db_match_state_times(db, match_id, &t, &n) == CW_OK) {
        for (int i = 0; i < n; i++)
            if (t[i].state == MS_CALLED)
                at = t[i].at_ms;
        free(t);
    }
    return at;
}

struct late {
    int64_t called;   /* the last call of the match, 0 if never */
    int64_t start;    /* when lateness counts from: the call, plus a postponement (PEN-1) */
    int postpone_min; /* the TD's postponement (PEN-1, 000); 0: none */
    int64_t from[2];
    int clock_instead[2]; /* PEN-3 chosen for this absence */
    int due[2], confirmed[2], total[2];
    struct presence p[2];
};

/* What each side's lateness comes to now: points due since its absence began (the call,
 * or the end of its last break), frozen when it arrived; and what was confirmed. */
static int late_of(struct db *db, const struct match *m, const struct tournament *t, int64_t now_ms,
                   struct late *l)
{
    memset(l, 0, sizeof *l);
    l->called = called_ms(db, m->id);
    if (db_presence_get(db, m->id, l->p))
        return -1;
    struct penalty *p;
    int n;
    if (db_penalties(db, m->id, &p, &n))
        return -1;
    l->postpone_min =
        l->p[0].postpone_min > l->p[1].postpone_min ? l->p[0].postpone_min : l->p[1].postpone_min;
    l->start = l->called ? l->called + (int64_t)l->postpone_min * 60000 : 0;
    for (int s = 0; s < 2; s++) {
        /* a break that ended before the postponed start counts from that start */
        int64_t absent = l->p[s].absent_from_ms;
        if (l->postpone_min && absent && absent < l->start)
            absent = 0;
        l->from[s] = absent ? absent : l->start;
        l->due[s] = pen_absence_points(l->start, absent, l->p[s].arrived_ms, now_ms,
                                       t->late_grace_min, t->late_step_min);
        l->clock_instead[s] = l->p[s].late_clock_ms && l->p[s].late_clock_ms >= l->from[s];
        for (int i = 0; i < n; i++)
            if (p[i].side == s && !strcmp(p[i].kind, "lateness")) {
                l->total[s] += p[i].points;
                if (p[i].created_ms >= l->from[s])
                    l->confirmed[s] += p[i].points;
            }
    }
    free(p);
    return 0;
}

static json_t *ms_or_null(int64_t ms)
{
    return ms ? json_integer(ms) : json_null();
}

static json_t *lateness_json(const struct match *m, const struct tournament *t,
                             const struct late *l, int64_t now_ms)
{
    json_t *sides = json_object();
    for (int s = 0; s < 2; s++)
        json_object_set_new(
            sides, side_name[s],
            json_pack("{s:b, s:o, s:o, s:i, s:b, s:b}", "present", l->p[s].arrived_ms != 0,
                      "arrived_ms", ms_or_null(l->p[s].arrived_ms), "absent_from_ms",
                      ms_or_null(l->from[s]), "points", l->clock_instead[s] ? 0 : l->due[s],
                      "on_break", l->p[s].break_started_ms != 0, "clock_instead",
                      l->clock_instead[s]));
    return json_pack("{s:I, s:o, s:i, s:o, s:i, s:i, s:I, s:o, s:{s:i, s:i}, s:{s:i, s:i}}",
                     "match_id", (json_int_t)m->id, "called_ms", ms_or_null(l->called),
                     "postponed_min", l->postpone_min, "late_from_ms", ms_or_null(l->start),
                     "grace_min", t->late_grace_min, "step_min", t->late_step_min, "server_time_ms",
                     (json_int_t)now_ms, "sides", sides, "confirmed", "a", l->confirmed[0], "b",
                     l->confirmed[1], "confirmed_total", "a", l->total[0], "b", l->total[1]);
}

static int lateness_event(struct cx *x)
{
    struct late l;
    struct db *db = x->req->app->db;
    if (late_of(db, &x->m, &x->t, x->req->now_ms, &l))
        return -1;
    json_t *ev = json_pack("{s:o}", "lateness", lateness_json(&x->m, &x->t, &l, x->req->now_ms));
    char *s = json_dumps(ev, JSON_COMPACT);
    json_decref(ev);
    int rc = s ? db_event_add(db, x->m.tournament_id, x->req->now_ms, "lateness", s) : CW_EDB;
    free(s);
    return rc ? -1 : 0;
}

static int op_lateness_read(struct cx *x)
{
    struct late l;
    if (late_of(x->req->app->db, &x->m, &x->t, x->req->now_ms, &l)) {
        api_internal_error(x->resp, "reading the lateness");
        return -1;
    }
    api_reply_json(x->resp, 200, lateness_json(&x->m, &x->t, &l, x->req->now_ms));
    return 0;
}

/* A read under the lock: load the match and its clock, then op answers. */
static void read_only(struct api_req *req, struct api_resp *resp, clock_fn op)
{
    struct db *db = req->app->db;
    struct cx x;
    memset(&x, 0, sizeof x);
    x.req = req;
    x.resp = resp;
    x.status = 200;
    db_lock(db);
    if (!load(&x))
        op(&x);
    db_unlock(db);
    free(x.pre_flag);
}

void api_lateness_get(struct api_req *req, struct api_resp *resp)
{
    read_only(req, resp, op_lateness_read);
}

/* The side named by a body checked against spec ({"side"} and what else the operation
 * takes) on a match still open, or -1 with the problem. */
static int body_side_of(struct cx *x, const struct api_field *spec)
{
    if (api_check_fields(x->req->json, spec, 0, x->resp))
        return -1;
    if (match_finished(&x->m))
        return refuse_finished(x);
    return side_of(x->req->json, "side");
}

static int body_side(struct cx *x)
{
    return body_side_of(x, side_fields);
}

/* A player's own declaration about their side (arrival, a break): the side of the body,
 * the player's own (or the TD's), on a match not finished; p receives both sides'
 * presence. The side, or -1 with the problem in resp. */
static int own_presence_of(struct cx *x, const struct api_field *spec, struct presence p[2])
{
    int side = body_side_of(x, spec);
    if (side < 0 || own_side(x, side))
        return -1;
    if (db_presence_get(x->req->app->db, x->m.id, p)) {
        api_internal_error(x->resp, "reading who is present");
        return -1;
    }
    return side;
}

static int own_presence(struct cx *x, struct presence p[2])
{
    return own_presence_of(x, side_fields, p);
}

static int op_arrive(struct cx *x)
{
    struct db *db = x->req->app->db;
    struct presence p[2];
    int side = own_presence(x, p);
    if (side < 0)
        return -1;
    if (!p[side].arrived_ms || p[side].break_started_ms) {
        p[side].arrived_ms = x->req->now_ms;
        p[side].break_started_ms = p[side].break_ends_ms = 0;
        if (db_presence_put(db, x->m.id, side, &p[side]))
            return -1;
        x->lateness_changed = 1;
    }
    return op_lateness_read(x);
}

void api_lateness_arrive(struct api_req *req, struct api_resp *resp)
{
    run(req, resp, op_arrive);
}

/* PEN-1: the TD confirms the points due for a side's lateness; PEN-2: past half the length
 * the match is forfeited to the opponent. */
static int op_confirm(struct cx *x)
{
    int side = body_side(x);
    if (side < 0)
        return -1;
    struct db *db = x->req->app->db;
    struct late l;
    if (late_of(db, &x->m, &x->t, x->req->now_ms, &l))
        return -1;
    int add = l.due[side] - l.confirmed[side];
    if (!l.called) {
        api_problem(x->resp, 409, "not-called", "Not called",
                    "Match %lld has not been called: lateness counts from the call (PEN-1).",
                    (long long)x->m.id);
        return -1;
    }
    if (l.clock_instead[side]) {
        api_problem(x->resp, 409, "clock-instead", "The clock runs instead",
                    "The TD started side %s's clock instead of giving lateness points for this "
                    "absence (PEN-3).",
                    side_name[side]);
        return -1;
    }
    if (add <= 0) {
        api_problem(x->resp, 409, "nothing-due", "No points due",
                    "Side %s owes no lateness points now beyond the %d already confirmed "
                    "(PEN-1: the first after %d minutes, one more every %d).",
                    side_name[side], l.confirmed[side], x->t.late_grace_min, x->t.late_step_min);
        return -1;
    }
    int games;
    if (reports_state(x, &games))
        return x->resp->json ? -1 : (api_internal_error(x->resp, "reading the reports"), -1);
    char reason[96];
    snprintf(reason, sizeof reason, "lateness (PEN-1): %d point%s", add, add == 1 ? "" : "s");
    struct penalty p;
    /* PEN-2 before MATCH-5: lateness points past half the length forfeit the match, even
     * when they would also reach the length */
    int forfeit = pen_late_forfeit(l.total[side] + add, x->m.length);
    if (add_penalty(x, side, "lateness", add, reason, games, !forfeit, &p))
        return -1;
    x->lateness_changed = 1;
    if (forfeit) {
        match_touch(x, "match.forfeit");
        x->m.penalty[1 - side] += add;
        if (api_match_decide(x->req, &x->m, x->resp, MS_FORFEITED, 1 - side))
            return -1;
    }
    if (late_of(db, &x->m, &x->t, x->req->now_ms, &l))
        return -1;
    json_t *out = lateness_json(&x->m, &x->t, &l, x->req->now_ms);
    json_object_set_new(out, "match", op_match_record_json(&x->m));
    api_reply_json(x->resp, 200, out);
    return 0;
}

void api_lateness_confirm(struct api_req *req, struct api_resp *resp)
{
    run(req, resp, op_confirm);
}

/* PEN-3: instead of points, the late side's clock runs now. */
static int op_late_clock(struct cx *x)
{
    int side = body_side(x);
    if (side < 0)
        return -1;
    struct db *db = x->req->app->db;
    struct presence p[2];
    if (db_presence_get(db, x->m.id, p))
        return -1;
    if (p[side].arrived_ms && !p[side].break_started_ms) {
        api_problem(x->resp, 409, "present", "Not late",
                    "Side %s is present: there is no lateness to answer with the clock (PEN-3).",
                    side_name[side]);
        return -1;
    }
    if (!x->has_clock && clock_create(x))
        return -1;
    enum clk_err e = clk_start(&x->c, x->req->now_ms, 1 - side);
    if (applied(x, e, "start the late player's time"))
        return -1;
    /* instead of points: this absence owes none from now on */
    p[side].late_clock_ms = x->req->now_ms;
    if (db_presence_put(db, x->m.id, side, &p[side]))
        return -1;
    x->lateness_changed = 1;
    if (x->m.state == MS_SCHEDULED || x->m.state == MS_CALLED) {
        match_touch(x, "match.playing");
        if (op_match_set_state(db, &x->m, MS_PLAYING, x->req->now_ms, "clock"))
            return -1;
    }
    return 0;
}

void api_lateness_clock(struct api_req *req, struct api_resp *resp)
{
    run(req, resp, op_late_clock);
}

/* PEN-1 (000): the TD postpones a match by one hour, once, before it starts: lateness
 * counts from an hour after the call (for a match not yet called, an hour after its call). */
#define POSTPONE_MIN 60

static int op_postpone(struct cx *x)
{
    if (x->req->json &&
        api_check_fields(x->req->json, (const struct api_field[]){{NULL}}, 0, x->resp))
        return -1;
    if (match_finished(&x->m))
        return refuse_finished(x);
    struct db *db = x->req->app->db;
    int started = x->m.state != MS_SCHEDULED && x->m.state != MS_CALLED;
    int counts[2], done[2];
    if (!started && report_counts(x, counts, done))
        return -1;
    int games = started ? 0 : counts[0] + counts[1] + done[0] + done[1];
    if (started || games || (x->has_clock && x->c.state != CLK_WAITING)) {
        api_problem(x->resp, 409, "match-started", "The match has started",
                    "Match %lld is %s: a match is postponed only before it starts (PEN-1).",
                    (long long)x->m.id,
                    games     ? "under way, a game is reported"
                    : started ? match_state_name(x->m.state)
                              : "on the clock");
        return -1;
    }
    struct late l;
    if (late_of(db, &x->m, &x->t, x->req->now_ms, &l))
        return -1;
    if (l.postpone_min) {
        api_problem(x->resp, 409, "already-postponed", "Already postponed",
                    "Match %lld was already postponed by %d minutes; a match is postponed once, "
                    "by one hour (PEN-1).",
                    (long long)x->m.id, l.postpone_min);
        return -1;
    }
    if (l.total[0] || l.total[1]) {
        api_problem(x->resp, 409, "lateness-confirmed", "Lateness points confirmed",
                    "Lateness points of match %lld are already confirmed (side %s); postponing "
                    "it now would count that time again (PEN-1).",
                    (long long)x->m.id, l.total[0] ? "a" : "b");
        return -1;
    }
    json_t *before =
        json_pack("{s:i, s:o}", "postponed_min", 0, "late_from_ms", ms_or_null(l.start));
    for (int s = 0; s < 2; s++) {
        l.p[s].postpone_min = POSTPONE_MIN;
        if (db_presence_put(db, x->m.id, s, &l.p[s])) {
            json_decref(before);
            return -1;
        }
    }
    if (late_of(db, &x->m, &x->t, x->req->now_ms, &l)) {
        json_decref(before);
        return -1;
    }
    json_t *after = json_pack("{s:i, s:o}", "postponed_min", l.postpone_min, "late_from_ms",
                              ms_or_null(l.start));
    char *b = json_dumps(before, JSON_COMPACT), *a = json_dumps(after, JSON_COMPACT);
    char actor[96];
    api_actor(x->req, actor, sizeof actor);
    int rc = b && a ? db_audit(db, x->m.tournament_id, x->req->now_ms, actor, "match.postponed",
                               "match", x->m.id, b, a)
                    : CW_EDB;
    free(b);
    free(a);
    json_decref(before);
    json_decref(after);
    if (rc)
        return -1;
    x->wrote = 1;
    x->lateness_changed = 1;
    api_reply_json(x->resp, 200, lateness_json(&x->m, &x->t, &l, x->req->now_ms));
    return 0;
}

void api_match_postpone(struct api_req *req, struct api_resp *resp)
{
    run(req, resp, op_postpone);
}

static json_t *breaks_json(const struct cx *x, const struct presence p[2])
{
    enum pen_break_table tb = PEN_BREAKS_WBGF;
    pen_break_table_parse(x->t.break_table, &tb);
    int count, minutes;
    pen_break_allowance(tb, x->m.length, &count, &minutes);
    json_t *cur = json_null();
    for (int s = 0; s < 2; s++)
        if (p[s].break_started_ms) {
            json_decref(cur);
            cur = json_pack("{s:s, s:I, s:I}", "side", side_name[s], "started_ms",
                            (json_int_t)p[s].break_started_ms, "ends_ms",
                            (json_int_t)p[s].break_ends_ms);
        }
    return json_pack("{s:I, s:s, s:{s:i, s:i}, s:{s:{s:i, s:i}, s:{s:i, s:i}}, s:o, s:I}",
                     "match_id", (json_int_t)x->m.id, "table", x->t.break_table, "allowance",
                     "count", count, "minutes", minutes, "sides", "a", "used", p[0].breaks_used,
                     "left", count - p[0].breaks_used < 0 ? 0 : count - p[0].breaks_used, "b",
                     "used", p[1].breaks_used, "left",
                     count - p[1].breaks_used < 0 ? 0 : count - p[1].breaks_used, "current", cur,
                     "server_time_ms", (json_int_t)x->req->now_ms);
}

static int op_breaks_read(struct cx *x)
{
    struct presence p[2];
    if (db_presence_get(x->req->app->db, x->m.id, p)) {
        api_internal_error(x->resp, "reading the breaks");
        return -1;
    }
    api_reply_json(x->resp, x->status, breaks_json(x, p));
    return 0;
}

void api_breaks_get(struct api_req *req, struct api_resp *resp)
{
    read_only(req, resp, op_breaks_read);
}

/* PEN-4 "may be combined": `count` breaks at once, count x the minutes of one. */
static const struct api_field break_fields[] = {
    {"side", F_ENUM, 1, 0, 0, 0, sides_ab, NULL},
    {"count", F_INT, 0, 0, 1, 99, NULL, NULL},
    {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

static int op_break(struct cx *x)
{
    struct db *db = x->req->app->db;
    struct presence p[2];
    int side = own_presence_of(x, break_fields, p);
    if (side < 0)
        return -1;
    json_t *cj = json_object_get(x->req->json, "count");
    int take = cj ? (int)json_integer_value(cj) : 1;
    enum pen_break_table tb = PEN_BREAKS_WBGF;
    pen_break_table_parse(x->t.break_table, &tb);
    int count, minutes;
    pen_break_allowance(tb, x->m.length, &count, &minutes);
    for (int s = 0; s < 2; s++)
        if (p[s].break_started_ms) {
            api_problem(x->resp, 409, "break-running", "A break is running",
                        "Side %s is on a break until it ends; breaks are taken one at a time "
                        "(PEN-4).",
                        side_name[s]);
            return -1;
        }
    if (p[side].breaks_used >= count) {
        if (count)
            api_problem(x->resp, 409, "no-break-left", "No break left",
                        "Side %s has taken %d of the %d break%s of a %d-point match (PEN-4).",
                        side_name[side], p[side].breaks_used, count, count == 1 ? "" : "s",
                        x->m.length);
        else
            api_problem(x->resp, 409, "no-break-left", "No break left",
                        "A %d-point match has no breaks (PEN-4: %s table).", x->m.length,
                        x->t.break_table);
        return -1;
    }
    if (take > count - p[side].breaks_used) {
        int left = count - p[side].breaks_used;
        api_problem(x->resp, 409, "no-break-left", "Not so many breaks left",
                    "Side %s has %d break%s left of the %d of a %d-point match; %d cannot be "
                    "taken at once (PEN-4).",
                    side_name[side], left, left == 1 ? "" : "s", count, x->m.length, take);
        return -1;
    }
    if (x->has_clock && (x->c.state == CLK_RUNNING ||
                         (x->c.state == CLK_PAUSED && x->c.paused_reason != CLK_R_END_OF_GAME))) {
        api_problem(x->resp, 409, "mid-game", "In the middle of a game",
                    "A break is taken only between games (PEN-4); the clock shows a game under "
                    "way.");
        return -1;
    }
    int64_t now = x->req->now_ms;
    p[side].breaks_used += take;
    p[side].break_started_ms = now;
    p[side].break_ends_ms = now + (int64_t)take * minutes * 60000;
    p[side].arrived_ms = 0;
    /* overrunning the break is lateness from its end (PEN-4, PEN-1) */
    p[side].absent_from_ms = p[side].break_ends_ms;
    if (db_presence_put(db, x->m.id, side, &p[side]))
        return -1;
    x->lateness_changed = 1;
    x->status = 201;
    return op_breaks_read(x);
}

void api_break_start(struct api_req *req, struct api_resp *resp)
{
    run(req, resp, op_break);
}

static int op_break_end(struct cx *x)
{
    if (x->req->json &&
        api_check_fields(x->req->json, (const struct api_field[]){{NULL}}, 0, x->resp))
        return -1;
    struct db *db = x->req->app->db;
    struct presence p[2];
    if (db_presence_get(db, x->m.id, p))
        return -1;
    int side = p[0].break_started_ms ? 0 : p[1].break_started_ms ? 1 : -1;
    if (side < 0) {
        api_problem(x->resp, 409, "no-break", "No break running",
                    "Nobody is on a break in match %lld.", (long long)x->m.id);
        return -1;
    }
    if (own_side(x, side))
        return -1;
    p[side].break_started_ms = p[side].break_ends_ms = 0;
    p[side].arrived_ms = x->req->now_ms;
    if (db_presence_put(db, x->m.id, side, &p[side]))
        return -1;
    x->lateness_changed = 1;
    return op_breaks_read(x);
}

void api_break_end(struct api_req *req, struct api_resp *resp)
{
    run(req, resp, op_break_end);
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
        struct api_req req;
        struct api_resp resp;
        api_system_req(&req, app, now_ms, ids[i][0], ids[i][1]); /* the clock acts */
        memset(&resp, 0, sizeof resp);
        run(&req, &resp, op_none);
        api_resp_free(&resp);
        json_decref(req.extra);
    }
    return n;
}
