/* The frame of the clock, lateness, break and penalty operations (see clock_frame.h). A
 * flag is found on every request (op_clock_apply_flag), as the tick finds it each second
 * (op_clock_flag_due): the side whose time ran out loses the match (forfeited, CLK-7). */
#include "ops/clock/clock_frame.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ops/people/access.h"
#include "ops/records/clock.h"
#include "ops/clock/flag.h"
#include "ops/frame/frame.h"
#include "ops/records/load.h"
#include "ops/records/match.h"
#include "store/calls.h"

static const char side_name[2][2] = {"a", "b"};

void op_cx_reply(struct cx *x, int status, json_t *body)
{
    json_decref(x->reply);
    x->status = status;
    x->reply = body;
}

/* The match is about to change: keep it as it was for the audit log. */
void op_cx_match_touch(struct cx *x, const char *action)
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
    op_cx_match_touch(x, "match.flagged");
    /* the clock decides, whoever's request found the flag: the match's history and the
     * audit log say so, not "td" or the player who happened to ask */
    struct op o = x->o;
    snprintf(o.who.actor, sizeof o.who.actor, "clock");
    return op_clock_apply_flag(&o, &x->m, &x->c, &x->pre_flag, &x->pb);
}

static void clock_refusal(struct cx *x, enum clk_err e, const char *what)
{
    const struct clk *c = &x->c;
    switch (e) {
    case CLK_E_SIDE:
        problem_set(&x->pb, 409, "not-your-turn", "Not that side's turn",
                    "It is side %s's time that runs; side %s cannot %s now (CLK-4).",
                    c->running >= 0 ? side_name[c->running] : "-",
                    c->running >= 0 ? side_name[1 - c->running] : "-", what);
        break;
    case CLK_E_CUBE:
        if (c->cube_offered)
            problem_set(&x->pb, 409, "double-waiting", "A double waits",
                        "A double waits for the taker's take or drop; the clock cannot %s "
                        "until then (CLK-4).",
                        what);
        else
            problem_set(&x->pb, 409, "no-double", "No double",
                        "No double is waiting: there is nothing to %s (CLK-4).", what);
        break;
    case CLK_E_REASON:
        problem_field(&x->pb, "reason",
                      "a clock is paused only at the end of a game, for a break, a dispute "
                      "or the TD, an early pickup, after the opponent pressed, an illegal "
                      "move or a claim that the game is over (CLK-5)");
        break;
    case CLK_E_VALUE:
        problem_field(&x->pb, "a_bank_ms", "times cannot be negative");
        break;
    case CLK_E_MIDGAME:
        problem_set(&x->pb, 409, "mid-game", "In the middle of a game",
                    "A break is taken only between games (PEN-4): a game is under way on the "
                    "clock (side %s's time runs); press end of game first (pause with reason "
                    "end_of_game), then take the break (breaks).",
                    side_name[c->running < 0 ? 0 : c->running]);
        break;
    default:
        if (c->state == CLK_FLAGGED)
            problem_set(&x->pb, 409, "clock-flagged", "Time ran out",
                        "Side %s's time ran out: the clock cannot %s (CLK-7)%s.",
                        side_name[c->flagged < 0 ? 0 : c->flagged], what,
                        c->flag_reversed ? "" : "; only the TD can reverse the flag");
        else if (c->state == CLK_PAUSED)
            problem_set(&x->pb, 409, "clock-paused", "The clock is paused",
                        "The clock is paused (%s): it cannot %s now (CLK-5).",
                        clk_reason_name(c->paused_reason), what);
        else if (c->state == CLK_WAITING)
            problem_set(&x->pb, 409, "clock-waiting", "No game under way",
                        "No game is under way on the clock: it cannot %s before the opening "
                        "roll starts it (CLK-4).",
                        what);
        else
            problem_set(&x->pb, 409, "clock-running", "The clock is running",
                        "The clock is running (side %s's time): it cannot %s now (CLK-4).",
                        side_name[c->running < 0 ? 0 : c->running], what);
    }
}

/* The outcome of one clock operation: refused with the reason, or the clock to store. */
int op_cx_applied(struct cx *x, enum clk_err e, const char *what)
{
    if (e) {
        clock_refusal(x, e, what);
        return -1;
    }
    x->clock_changed = 1;
    return 0;
}

/* A new clock for the match from the tournament's settings (CLK-2, CLK-3). */
int op_cx_clock_create(struct cx *x)
{
    if (x->m.length < 1) {
        problem_set(&x->pb, 409, "no-length", "No match clock",
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

int op_cx_need_clock(struct cx *x)
{
    if (x->has_clock)
        return 0;
    problem_set(&x->pb, 404, "no-clock", "No clock",
                "Match %lld has no clock yet; it starts with the first game (clock/start).",
                (long long)x->m.id);
    return -1;
}

int op_cx_refuse_finished(struct cx *x)
{
    problem_set(&x->pb, 409, "match-finished", "The match is over", "Match %lld is already %s.",
                (long long)x->m.id, match_state_name(x->m.state));
    return -1;
}

/* A player acts only for their own side; the TD for either. */
int op_cx_own_side(struct cx *x, int side)
{
    if (x->side >= 0 && x->side != side) {
        problem_set(&x->pb, 403, "not-your-side", "Not your side",
                    "You play side %s of match %lld; you cannot act for side %s.",
                    side_name[x->side], (long long)x->m.id, side_name[side]);
        return -1;
    }
    return 0;
}

/* Stores what changed and tells the stream. */
static int finish(struct cx *x)
{
    struct db *db = x->o.db;
    if (x->clock_changed &&
        op_clock_store(db, &x->m, &x->c, &x->t, x->pre_flag, x->o.now_ms) != CW_OK)
        return -1;
    if (x->match_before) {
        json_t *b = x->match_before;
        x->match_before = NULL;
        /* a flag's forfeit is the clock's doing, whoever's request found it (CLK-7) */
        struct op o = x->o;
        if (!strcmp(x->action, "match.flagged"))
            snprintf(o.who.actor, sizeof o.who.actor, "clock");
        if (op_match_save(&o, &x->m, b, x->action))
            return -1;
    }
    if (x->lateness_changed && op_lateness_emit(db, &x->m, &x->t, x->o.now_ms))
        return -1;
    if (x->ruling_id && db_audit_link_ruling(db, x->audit_mark, x->ruling_id))
        return -1;
    /* the ruling's reply lists the audit rows now linked to it, as its reads do (GOV-6) */
    if (x->ruling_id && x->reply && json_object_get(x->reply, "audit_ids")) {
        int64_t *ids = NULL;
        int n = 0;
        if (db_ruling_audit_ids(db, x->ruling_id, &ids, &n) != CW_OK)
            return -1;
        json_t *audit = json_array();
        for (int i = 0; i < n; i++)
            json_array_append_new(audit, json_integer(ids[i]));
        free(ids);
        json_object_set_new(x->reply, "audit_ids", audit);
    }
    return 0;
}

static int load(struct cx *x, int64_t tid, int64_t mid)
{
    struct db *db = x->o.db;
    if (op_match_load(&x->o, tid, mid, &x->m, &x->pb))
        return -1;
    int rc = db_tournament_get(db, x->m.tournament_id, &x->t);
    if (rc == CW_OK) {
        rc = db_clock_get(db, x->m.id, &x->c, &x->pre_flag);
        x->has_clock = rc == CW_OK;
        if (rc == CW_ENOTFOUND)
            rc = CW_OK;
    }
    if (rc != CW_OK) {
        problem_internal(&x->pb, "reading the match clock");
        return -1;
    }
    return 0;
}

/* The rule a refusal of who asks names, when the operation has one. */
static int who_refused(struct cx *x, const char *rule)
{
    if (rule)
        json_object_set_new(x->pb.json, "rule", json_string(rule));
    return -1;
}

/* Who may act: the TD, or a logged-in player of the match. */
static int who(struct cx *x, const char *rule)
{
    const struct op_who *w = &x->o.who;
    x->side = -1;
    x->is_td = w->is_td;
    if (w->is_td)
        return 0;
    if (!w->player_id) {
        problem_set(&x->pb, 401, "unauthorized", "Login required",
                    "Log in as the TD, or as a player of match %lld with your PIN.",
                    (long long)x->m.id);
        return who_refused(x, rule);
    }
    x->side = op_match_side(x->o.db, w->player_id, w->player_tournament, &x->m);
    x->player_id = w->player_id;
    if (x->side < 0) {
        problem_set(&x->pb, 403, "not-your-match", "Not your match",
                    "You are not a player of match %lld; only its players and the TD act on "
                    "its clock%s.",
                    (long long)x->m.id, rule ? " and call an official to its table" : "");
        return who_refused(x, rule);
    }
    return 0;
}

static void cx_init(struct cx *x, const struct op *o)
{
    memset(x, 0, sizeof *x);
    x->o = *o;
    x->side = -1;
    x->status = 200;
}

static void cx_free(struct cx *x)
{
    free(x->pre_flag);
    json_decref(x->match_before);
    json_decref(x->reply);
    problem_free(&x->pb);
}

/* The answer: the operation's problem (or a 500 when it has none), taken from x. */
static void out_problem(struct cx *x, struct op_out *out, const char *what)
{
    if (!x->pb.json)
        problem_internal(&x->pb, what);
    out->status = x->pb.status;
    out->json = x->pb.json;
    out->is_problem = 1;
    x->pb.json = NULL;
}

/* The answer: the operation's own reply, or the clock (or {} without one). */
static void out_reply(struct cx *x, struct op_out *out)
{
    out->status = x->status;
    out->json = x->reply       ? x->reply
                : x->has_clock ? op_clock_json(&x->c, &x->m, &x->t, x->o.now_ms)
                               : json_object();
    out->is_problem = 0;
    x->reply = NULL;
}

void op_cx_run(const struct op *o, const char *rule, int64_t tid, int64_t mid, clock_fn fn,
               const void *in, struct problem *invalid, struct op_out *out)
{
    struct cx x;
    cx_init(&x, o);
    memset(out, 0, sizeof *out);
    int rc = load(&x, tid, mid) || who(&x, rule);
    if (!rc && x.has_clock && clk_tick(&x.c, o->now_ms))
        rc = apply_flag(&x);
    if (rc) {
        out_problem(&x, out, "storing the clock");
        goto done;
    }
    if (invalid && invalid->json) {
        problem_free(&x.pb);
        x.pb = *invalid;
        invalid->json = NULL;
        invalid->status = 0;
        rc = -1;
    } else {
        rc = fn(&x, in);
    }
    if (rc) {
        /* a flag found by a refused request is still the flag */
        if (x.flagged_now && x.pb.json && x.pb.status < 500) {
            if (finish(&x))
                problem_free(&x.pb);
            else
                out->keep = 1;
        }
        out_problem(&x, out, "storing the clock");
        goto done;
    }
    if (!x.clock_changed && !x.match_before && !x.lateness_changed && !x.wrote) {
        /* nothing to store (a read, or nothing changed) */
        out_reply(&x, out);
        goto done;
    }
    if (finish(&x)) {
        problem_free(&x.pb);
        out_problem(&x, out, "storing the clock");
        goto done;
    }
    out_reply(&x, out);
    out->keep = 1;
done:
    if (invalid) /* consumed, whether or not the operation was reached */
        problem_free(invalid);
    cx_free(&x);
}

struct cx_read {
    struct cx x;
    int64_t tid, mid;
    clock_fn fn;
    int flag_matters;
    int flags; /* the flag fell and is not stored */
};

static int read_locked(const struct op *o, void *in)
{
    struct cx_read *r = in;
    int rc = load(&r->x, r->tid, r->mid);
    r->flags = r->flag_matters && !rc && r->x.has_clock && clk_tick(&r->x.c, o->now_ms);
    if (!rc && !r->flags)
        rc = r->fn(&r->x, NULL);
    return rc;
}

int op_cx_read(const struct op *o, int64_t tid, int64_t mid, clock_fn fn, int flag_matters,
               struct op_out *out)
{
    struct cx_read r = {.tid = tid, .mid = mid, .fn = fn, .flag_matters = flag_matters};
    cx_init(&r.x, o);
    memset(out, 0, sizeof *out);
    int rc = op_read(o, read_locked, &r);
    if (!r.flags) {
        if (rc)
            out_problem(&r.x, out, "reading the match clock");
        else
            out_reply(&r.x, out);
    }
    cx_free(&r.x);
    return r.flags;
}
