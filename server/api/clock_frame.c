/* The frame of the clock, lateness, break and penalty operations (see clock_frame.h). A
 * flag is found on every request (op_clock_apply_flag), as the tick finds it each second
 * (op_clock_flag_due): the side whose time ran out loses the match (forfeited, CLK-7). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/clock_frame.h"
#include "api/matches.h"
#include "api/reports.h"
#include "api/tx.h"
#include "ops/clock.h"
#include "ops/flag.h"
#include "ops/match.h"

static const char side_name[2][2] = {"a", "b"};

/* ---- the frame every operation runs in ---- */

int api_cx_side_of(json_t *j, const char *field)
{
    const char *s = api_str(j, field);
    return s && !strcmp(s, "b") ? 1 : 0;
}

/* The match is about to change: keep it as it was for the audit log. */
void api_cx_match_touch(struct cx *x, const char *action)
{
    if (!x->match_before)
        x->match_before = op_match_record_json(&x->m);
    x->action = action;
}

/* CLK-7: the running side's time ran out: that side loses the match (unless the match is
 * already decided), and the TD may reverse it; the same operation as the flag's tick. */
static int apply_flag(struct cx *x)
{
    x->flagged_now = 1;
    x->clock_changed = 1;
    if (match_finished(&x->m))
        return 0;
    api_cx_match_touch(x, "match.flagged");
    /* the clock decides, whoever's request found the flag: the match's history and the
     * audit log say so, not "td" or the player who happened to ask */
    struct op o = api_op(x->req);
    snprintf(o.actor, sizeof o.actor, "clock");
    struct problem pb = {0, NULL};
    if (op_clock_apply_flag(&o, &x->m, &x->c, &x->pre_flag, &pb)) {
        api_reply_problem(x->resp, &pb);
        return -1;
    }
    return 0;
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
int api_cx_applied(struct cx *x, enum clk_err e, const char *what)
{
    if (e) {
        clock_refusal(x, e, what);
        return -1;
    }
    x->clock_changed = 1;
    return 0;
}

/* A new clock for the match from the tournament's settings (CLK-2, CLK-3). */
int api_cx_clock_create(struct cx *x)
{
    if (x->m.length < 1) {
        api_problem(x->resp, 409, "no-length", "No match clock",
                    "Match %lld is a single money-style game: clocks are set by match length "
                    "(CLK-2).",
                    (long long)x->m.id);
        return -1;
    }
    int64_t first, second;
    clk_initial_bank(x->m.length, x->m.score[0], x->m.score[1], op_clock_per_point_ms(&x->t),
                     (int64_t)x->t.clock_split_first_per_point_s * 1000, &first, &second);
    enum clk_mode mode = CLK_MODE_DELAY;
    clk_mode_parse(x->t.clock_mode, &mode);
    clk_init(&x->c, mode, first, second, (int64_t)x->t.clock_delay_s * 1000);
    x->has_clock = 1;
    x->clock_changed = 1;
    return 0;
}

int api_cx_need_clock(struct cx *x)
{
    if (x->has_clock)
        return 0;
    api_problem(x->resp, 404, "no-clock", "No clock",
                "Match %lld has no clock yet; it starts with the first game (clock/start).",
                (long long)x->m.id);
    return -1;
}

int api_cx_refuse_finished(struct cx *x)
{
    api_problem(x->resp, 409, "match-finished", "The match is over", "Match %lld is already %s.",
                (long long)x->m.id, match_state_name(x->m.state));
    return -1;
}

/* A player acts only for their own side; the TD for either. */
int api_cx_own_side(struct cx *x, int side)
{
    if (x->side >= 0 && x->side != side) {
        api_problem(x->resp, 403, "not-your-side", "Not your side",
                    "You play side %s of match %lld; you cannot act for side %s.",
                    side_name[x->side], (long long)x->m.id, side_name[side]);
        return -1;
    }
    return 0;
}

/* Stores what changed, tells the stream, answers with the clock unless the operation
 * answered itself. */
static int finish(struct cx *x)
{
    struct api_req *req = x->req;
    struct db *db = req->app->db;
    if (x->clock_changed &&
        op_clock_store(db, &x->m, &x->c, &x->t, x->pre_flag, req->now_ms) != CW_OK)
        return -1;
    if (x->match_before) {
        json_t *b = x->match_before;
        x->match_before = NULL;
        /* a flag's forfeit is the clock's doing, whoever's request found it (CLK-7) */
        struct op o = api_op(req);
        if (!strcmp(x->action, "match.flagged"))
            snprintf(o.actor, sizeof o.actor, "clock");
        int rc = op_match_save(&o, &x->m, b, x->action);
        if (rc)
            return -1;
    }
    if (x->lateness_changed && op_lateness_event(db, &x->m, &x->t, req->now_ms))
        return -1;
    return 0;
}

int api_cx_load(struct cx *x)
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
int api_cx_who(struct cx *x)
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
void api_cx_run(struct api_req *req, struct api_resp *resp, clock_fn op)
{
    if (api_tx_begin(req, resp))
        return;
    struct cx x;
    memset(&x, 0, sizeof x);
    x.req = req;
    x.resp = resp;
    x.side = -1;
    x.status = 200;
    int rc = api_cx_load(&x) || api_cx_who(&x);
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
                           x.has_clock ? op_clock_json(&x.c, &x.m, &x.t, req->now_ms)
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
        api_reply_json(resp, x.status, op_clock_json(&x.c, &x.m, &x.t, req->now_ms));
    api_tx_commit(req, resp);
out:
    free(x.pre_flag);
    json_decref(x.match_before);
}

/* A read under the lock: load the match and its clock, then op answers. */
void api_cx_read_only(struct api_req *req, struct api_resp *resp, clock_fn op)
{
    struct db *db = req->app->db;
    struct cx x;
    memset(&x, 0, sizeof x);
    x.req = req;
    x.resp = resp;
    x.status = 200;
    db_lock(db);
    if (!api_cx_load(&x))
        op(&x);
    db_unlock(db);
    free(x.pre_flag);
}
