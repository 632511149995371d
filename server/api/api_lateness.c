/* Lateness (PEN-1..3) and breaks (PEN-4) over HTTP: a side arrives, the TD confirms the
 * lateness points or starts the late side's clock instead, postpones a match, and a side
 * takes and ends a break. */

#include <stdio.h>
#include <stdlib.h>

#include "ops/clock.h"
#include "api/clock_frame.h"
#include "api/handlers.h"
#include "api/matches.h"
#include "api/penalties.h"
#include "api/reports.h"
#include "api/tx.h"
#include "ops/match.h"

static const char side_name[2][2] = {"a", "b"};
static const char *const sides_ab[] = {"a", "b", NULL};

/* {"side": "a" | "b"}: the TD names the side it acts for */
static const struct api_field side_fields[] = {
    {"side", F_ENUM, 1, 0, 0, 0, sides_ab, NULL},
    {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

static json_t *ms_or_null(int64_t ms)
{
    return ms ? json_integer(ms) : json_null();
}

/* ---- lateness (PEN-1..3) and breaks (PEN-4) ---- */

static int op_lateness_read(struct cx *x)
{
    struct late l;
    if (op_late_of(x->req->app->db, &x->m, &x->t, x->req->now_ms, &l)) {
        api_internal_error(x->resp, "reading the lateness");
        return -1;
    }
    api_reply_json(x->resp, 200, op_lateness_json(&x->m, &x->t, &l, x->req->now_ms));
    return 0;
}

void api_lateness_get(struct api_req *req, struct api_resp *resp)
{
    api_cx_read_only(req, resp, op_lateness_read);
}

/* The side named by a body checked against spec ({"side"} and what else the operation
 * takes) on a match still open, or -1 with the problem. */
static int body_side_of(struct cx *x, const struct api_field *spec)
{
    if (api_check_fields(x->req->json, spec, 0, x->resp))
        return -1;
    if (match_finished(&x->m))
        return api_cx_refuse_finished(x);
    return api_cx_side_of(x->req->json, "side");
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
    if (side < 0 || api_cx_own_side(x, side))
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
    api_cx_run(req, resp, op_arrive);
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
    if (op_late_of(db, &x->m, &x->t, x->req->now_ms, &l))
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
    if (api_cx_reports_state(x, &games))
        return x->resp->json ? -1 : (api_internal_error(x->resp, "reading the reports"), -1);
    char reason[96];
    snprintf(reason, sizeof reason, "lateness (PEN-1): %d point%s", add, add == 1 ? "" : "s");
    struct penalty p;
    /* PEN-2 before MATCH-5: lateness points past half the length forfeit the match, even
     * when they would also reach the length */
    int forfeit = pen_late_forfeit(l.total[side] + add, x->m.length);
    if (api_cx_add_penalty(x, side, "lateness", add, reason, games, !forfeit, &p))
        return -1;
    x->lateness_changed = 1;
    if (forfeit) {
        api_cx_match_touch(x, "match.forfeit");
        x->m.penalty[1 - side] += add;
        if (api_match_decide(x->req, &x->m, x->resp, MS_FORFEITED, 1 - side, ME_LATENESS))
            return -1;
    }
    if (op_late_of(db, &x->m, &x->t, x->req->now_ms, &l))
        return -1;
    json_t *out = op_lateness_json(&x->m, &x->t, &l, x->req->now_ms);
    json_object_set_new(out, "match", op_match_record_json(&x->m));
    api_reply_json(x->resp, 200, out);
    return 0;
}

void api_lateness_confirm(struct api_req *req, struct api_resp *resp)
{
    api_cx_run(req, resp, op_confirm);
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
    if (!x->has_clock && api_cx_clock_create(x))
        return -1;
    enum clk_err e = clk_start(&x->c, x->req->now_ms, 1 - side);
    if (api_cx_applied(x, e, "start the late player's time"))
        return -1;
    /* instead of points: this absence owes none from now on */
    p[side].late_clock_ms = x->req->now_ms;
    if (db_presence_put(db, x->m.id, side, &p[side]))
        return -1;
    x->lateness_changed = 1;
    if (x->m.state == MS_SCHEDULED || x->m.state == MS_CALLED) {
        api_cx_match_touch(x, "match.playing");
        if (op_match_set_state(db, &x->m, MS_PLAYING, x->req->now_ms, "clock"))
            return -1;
    }
    return 0;
}

void api_lateness_clock(struct api_req *req, struct api_resp *resp)
{
    api_cx_run(req, resp, op_late_clock);
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
        return api_cx_refuse_finished(x);
    struct db *db = x->req->app->db;
    int started = x->m.state != MS_SCHEDULED && x->m.state != MS_CALLED;
    int counts[2], done[2];
    if (!started && api_cx_report_counts(x, counts, done))
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
    if (op_late_of(db, &x->m, &x->t, x->req->now_ms, &l))
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
    if (op_late_of(db, &x->m, &x->t, x->req->now_ms, &l)) {
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
    api_reply_json(x->resp, 200, op_lateness_json(&x->m, &x->t, &l, x->req->now_ms));
    return 0;
}

void api_match_postpone(struct api_req *req, struct api_resp *resp)
{
    api_cx_run(req, resp, op_postpone);
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
    api_cx_read_only(req, resp, op_breaks_read);
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
    api_cx_run(req, resp, op_break);
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
    if (api_cx_own_side(x, side))
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
    api_cx_run(req, resp, op_break_end);
}
