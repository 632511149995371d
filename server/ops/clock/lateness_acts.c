/* Lateness (PEN-1..3) and breaks (PEN-4): a side arrives, the TD confirms the lateness
 * points or starts the late side's clock instead, postpones a match, and a side takes and
 * ends a break; each in the frame of clock_frame.c. */
#include "ops/clock/clock_acts.h"

#include <stdio.h>
#include <stdlib.h>

#include "ops/records/clock.h"
#include "ops/result/decide.h"
#include "ops/people/deciders.h"
#include "ops/clock/hold.h"
#include "ops/records/match.h"

static const char side_name[2][2] = {"a", "b"};

static json_t *ms_or_null(int64_t ms)
{
    return ms ? json_integer(ms) : json_null();
}

/* ---- lateness (PEN-1..3) and breaks (PEN-4) ---- */

int op_lateness_read(struct cx *x, const void *in)
{
    (void)in;
    struct late l;
    if (op_late_of(x->o.db, &x->m, &x->t, x->o.now_ms, &l)) {
        problem_internal(&x->pb, "reading the lateness");
        return -1;
    }
    op_cx_reply(x, 200, op_lateness_json(&x->m, &x->t, &l, x->o.now_ms));
    return 0;
}

/* The side the input names, on a match still open, or -1 with the problem. */
static int body_side(struct cx *x, int side)
{
    if (match_finished(&x->m))
        return op_cx_refuse_finished(x);
    return side;
}

/* A player's own declaration about their side (arrival, a break): the side of the body,
 * the player's own (or the TD's), on a match not finished; p receives both sides'
 * presence. The side, or -1 with the problem in x->pb. */
static int own_presence(struct cx *x, int side, struct presence p[2])
{
    side = body_side(x, side);
    if (side < 0 || op_cx_own_side(x, side))
        return -1;
    if (db_presence_get(x->o.db, x->m.id, p)) {
        problem_internal(&x->pb, "reading who is present");
        return -1;
    }
    return side;
}

int op_lateness_arrive(struct cx *x, const void *in)
{
    struct db *db = x->o.db;
    struct presence p[2];
    int side = own_presence(x, ((const struct clock_side_in *)in)->side, p);
    if (side < 0)
        return -1;
    if (!p[side].arrived_ms || p[side].break_started_ms) {
        p[side].arrived_ms = x->o.now_ms;
        p[side].break_started_ms = p[side].break_ends_ms = 0;
        if (db_presence_put(db, x->m.id, side, &p[side]))
            return -1;
        x->lateness_changed = 1;
    }
    return op_lateness_read(x, NULL);
}

/* PEN-1: the TD confirms the points due for a side's lateness; PEN-2: past half the length
 * the match is forfeited to the opponent. */
int op_lateness_confirm(struct cx *x, const void *in)
{
    if (op_hold_refuse(x->o.db, &x->pb)) /* lateness waits for the TD's confirmation */
        return -1;
    if (op_decider_check(&x->o, &x->m, 0, &x->pb))
        return -1;
    int side = body_side(x, ((const struct clock_side_in *)in)->side);
    if (side < 0)
        return -1;
    struct db *db = x->o.db;
    struct late l;
    if (op_late_of(db, &x->m, &x->t, x->o.now_ms, &l))
        return -1;
    int add = l.due[side] - l.confirmed[side];
    if (!l.called) {
        problem_set(&x->pb, 409, "not-called", "Not called",
                    "Match %lld has not been called: lateness counts from the call (PEN-1).",
                    (long long)x->m.id);
        return -1;
    }
    if (l.clock_instead[side]) {
        problem_set(&x->pb, 409, "clock-instead", "The clock runs instead",
                    "The TD started side %s's clock instead of giving lateness points for this "
                    "absence (PEN-3).",
                    side_name[side]);
        return -1;
    }
    if (add <= 0) {
        problem_set(&x->pb, 409, "nothing-due", "No points due",
                    "Side %s owes no lateness points now beyond the %d already confirmed "
                    "(PEN-1: the first after %d minutes, one more every %d).",
                    side_name[side], l.confirmed[side], x->t.late_grace_min, x->t.late_step_min);
        return -1;
    }
    int games;
    if (op_cx_reports_state(x, &games))
        return x->pb.json ? -1 : (problem_internal(&x->pb, "reading the reports"), -1);
    char reason[96];
    snprintf(reason, sizeof reason, "lateness (PEN-1): %d point%s", add, add == 1 ? "" : "s");
    struct penalty p;
    /* PEN-2 before MATCH-5: lateness points past half the length forfeit the match, even
     * when they would also reach the length */
    int forfeit = pen_late_forfeit(l.total[side] + add, x->m.length);
    if (op_cx_add_penalty(x, side, "lateness", add, reason, games, !forfeit, &p))
        return -1;
    x->lateness_changed = 1;
    if (forfeit) {
        op_cx_match_touch(x, "match.forfeit");
        x->m.penalty[1 - side] += add;
        if (op_match_decide(&x->o, &x->m, &x->pb, MS_FORFEITED, 1 - side, ME_LATENESS))
            return -1;
    }
    if (op_late_of(db, &x->m, &x->t, x->o.now_ms, &l))
        return -1;
    json_t *out = op_lateness_json(&x->m, &x->t, &l, x->o.now_ms);
    json_object_set_new(out, "match", op_match_record_json(&x->m));
    op_cx_reply(x, 200, out);
    return 0;
}

/* PEN-3: instead of points, the late side's clock runs now. */
int op_lateness_clock(struct cx *x, const void *in)
{
    if (op_hold_refuse(x->o.db, &x->pb)) /* a restored copy: the TD confirms first */
        return -1;
    int side = body_side(x, ((const struct clock_side_in *)in)->side);
    if (side < 0)
        return -1;
    struct db *db = x->o.db;
    struct presence p[2];
    if (db_presence_get(db, x->m.id, p))
        return -1;
    if (p[side].arrived_ms && !p[side].break_started_ms) {
        problem_set(&x->pb, 409, "present", "Not late",
                    "Side %s is present: there is no lateness to answer with the clock (PEN-3).",
                    side_name[side]);
        return -1;
    }
    if (!x->has_clock && op_cx_clock_create(x))
        return -1;
    enum clk_err e = clk_start(&x->c, x->o.now_ms, 1 - side);
    if (op_cx_applied(x, e, "start the late player's time"))
        return -1;
    /* instead of points: this absence owes none from now on */
    p[side].late_clock_ms = x->o.now_ms;
    if (db_presence_put(db, x->m.id, side, &p[side]))
        return -1;
    x->lateness_changed = 1;
    if (x->m.state == MS_SCHEDULED || x->m.state == MS_CALLED) {
        op_cx_match_touch(x, "match.playing");
        if (op_match_set_state(db, &x->m, MS_PLAYING, x->o.now_ms, "clock"))
            return -1;
    }
    return 0;
}

/* PEN-1 (000): the TD postpones a match by one hour, once, before it starts: lateness
 * counts from an hour after the call (for a match not yet called, an hour after its call);
 * a called match frees its table meanwhile (KO-9). */
#define POSTPONE_MIN 60

int op_match_postpone(struct cx *x, const void *in)
{
    (void)in;
    if (match_finished(&x->m))
        return op_cx_refuse_finished(x);
    struct db *db = x->o.db;
    int started = x->m.state != MS_SCHEDULED && x->m.state != MS_CALLED;
    int counts[2], done[2];
    if (!started && op_cx_report_counts(x, counts, done))
        return -1;
    int games = started ? 0 : counts[0] + counts[1] + done[0] + done[1];
    if (started || games || (x->has_clock && x->c.state != CLK_WAITING)) {
        problem_set(&x->pb, 409, "match-started", "The match has started",
                    "Match %lld is %s: a match is postponed only before it starts (PEN-1).",
                    (long long)x->m.id,
                    games     ? "under way, a game is reported"
                    : started ? match_state_name(x->m.state)
                              : "on the clock");
        return -1;
    }
    struct late l;
    if (op_late_of(db, &x->m, &x->t, x->o.now_ms, &l))
        return -1;
    if (l.postpone_min) {
        problem_set(&x->pb, 409, "already-postponed", "Already postponed",
                    "Match %lld was already postponed by %d minutes; a match is postponed once, "
                    "by one hour (PEN-1).",
                    (long long)x->m.id, l.postpone_min);
        return -1;
    }
    if (l.total[0] || l.total[1]) {
        problem_set(&x->pb, 409, "lateness-confirmed", "Lateness points confirmed",
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
    /* KO-9: a postponed match gives its table back at once; it stays called (its lateness
     * counts from an hour after that call) and tables/assign gives it a table again from
     * then, or the TD does by hand */
    if (x->m.state == MS_CALLED && x->m.table[0]) {
        op_cx_match_touch(x, "match.update");
        x->m.table[0] = 0;
    }
    if (op_late_of(db, &x->m, &x->t, x->o.now_ms, &l)) {
        json_decref(before);
        return -1;
    }
    json_t *after = json_pack("{s:i, s:o}", "postponed_min", l.postpone_min, "late_from_ms",
                              ms_or_null(l.start));
    char *b = json_dumps(before, JSON_COMPACT), *a = json_dumps(after, JSON_COMPACT);
    const char *actor = x->o.who.actor;
    int rc = b && a ? db_audit(db, x->m.tournament_id, x->o.now_ms, actor, "match.postponed",
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
    op_cx_reply(x, 200, op_lateness_json(&x->m, &x->t, &l, x->o.now_ms));
    return 0;
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
                     "server_time_ms", (json_int_t)x->o.now_ms);
}

int op_breaks_read(struct cx *x, const void *in)
{
    (void)in;
    struct presence p[2];
    if (db_presence_get(x->o.db, x->m.id, p)) {
        problem_internal(&x->pb, "reading the breaks");
        return -1;
    }
    op_cx_reply(x, x->status, breaks_json(x, p));
    return 0;
}

/* A side away from the table for `minutes` from now (a break, or an official's permission
 * to leave the room): not present, and overrunning it is lateness from its end (PEN-4,
 * PEN-1). */
static int absence_start(struct cx *x, struct presence p[2], int side, int minutes)
{
    int64_t now = x->o.now_ms;
    p[side].break_started_ms = now;
    p[side].break_ends_ms = now + (int64_t)minutes * 60000;
    p[side].arrived_ms = 0;
    p[side].absent_from_ms = p[side].break_ends_ms;
    if (db_presence_put(x->o.db, x->m.id, side, &p[side]))
        return -1;
    x->lateness_changed = 1;
    return 0;
}

int op_break_start(struct cx *x, const void *in)
{
    struct presence p[2];
    int side = own_presence(x, ((const struct break_in *)in)->side, p);
    if (side < 0)
        return -1;
    int take = ((const struct break_in *)in)->count;
    enum pen_break_table tb = PEN_BREAKS_WBGF;
    pen_break_table_parse(x->t.break_table, &tb);
    int count, minutes;
    pen_break_allowance(tb, x->m.length, &count, &minutes);
    for (int s = 0; s < 2; s++)
        if (p[s].break_started_ms) {
            problem_set(&x->pb, 409, "break-running", "A break is running",
                        "Side %s is on a break until it ends; breaks are taken one at a time "
                        "(PEN-4).",
                        side_name[s]);
            return -1;
        }
    if (p[side].breaks_used >= count) {
        if (count)
            problem_set(&x->pb, 409, "no-break-left", "No break left",
                        "Side %s has taken %d of the %d break%s of a %d-point match (PEN-4).",
                        side_name[side], p[side].breaks_used, count, count == 1 ? "" : "s",
                        x->m.length);
        else
            problem_set(&x->pb, 409, "no-break-left", "No break left",
                        "A %d-point match has no breaks (PEN-4: %s table).", x->m.length,
                        x->t.break_table);
        return -1;
    }
    if (take > count - p[side].breaks_used) {
        int left = count - p[side].breaks_used;
        problem_set(&x->pb, 409, "no-break-left", "Not so many breaks left",
                    "Side %s has %d break%s left of the %d of a %d-point match; %d cannot be "
                    "taken at once (PEN-4).",
                    side_name[side], left, left == 1 ? "" : "s", count, x->m.length, take);
        return -1;
    }
    if (x->has_clock && (x->c.state == CLK_RUNNING ||
                         (x->c.state == CLK_PAUSED && x->c.paused_reason != CLK_R_END_OF_GAME))) {
        problem_set(&x->pb, 409, "mid-game", "In the middle of a game",
                    "A break is taken only between games (PEN-4); the clock shows a game under "
                    "way.");
        return -1;
    }
    p[side].breaks_used += take;
    if (absence_start(x, p, side, take * minutes))
        return -1;
    x->status = 201;
    return op_breaks_read(x, NULL);
}

int op_cx_leave(struct cx *x, int side, int minutes)
{
    struct presence p[2];
    if (match_finished(&x->m))
        return op_cx_refuse_finished(x);
    if (db_presence_get(x->o.db, x->m.id, p)) {
        problem_internal(&x->pb, "reading who is present");
        return -1;
    }
    if (p[0].break_started_ms || p[1].break_started_ms) {
        problem_set(&x->pb, 409, "break-running", "A break is running",
                    "Side %s is away on a break until it ends; permission to leave the room is "
                    "given when both players are back (PEN-4).",
                    side_name[p[0].break_started_ms ? 0 : 1]);
        return -1;
    }
    /* the player away spends no time, as on a break; mid-game it is the official who
     * stopped the clock (CLK-5: a break is not a pause reason, the TD is) */
    if (x->has_clock && x->c.state == CLK_RUNNING &&
        op_cx_applied(x, clk_pause(&x->c, x->o.now_ms, CLK_R_TD), "pause for the absence"))
        return -1;
    return absence_start(x, p, side, minutes);
}

int op_break_end(struct cx *x, const void *in)
{
    (void)in;
    struct db *db = x->o.db;
    struct presence p[2];
    if (db_presence_get(db, x->m.id, p))
        return -1;
    int side = p[0].break_started_ms ? 0 : p[1].break_started_ms ? 1 : -1;
    if (side < 0) {
        problem_set(&x->pb, 409, "no-break", "No break running",
                    "Nobody is on a break in match %lld.", (long long)x->m.id);
        return -1;
    }
    if (op_cx_own_side(x, side))
        return -1;
    p[side].break_started_ms = p[side].break_ends_ms = 0;
    p[side].arrived_ms = x->o.now_ms;
    if (db_presence_put(db, x->m.id, side, &p[side]))
        return -1;
    x->lateness_changed = 1;
    return op_breaks_read(x, NULL);
}
