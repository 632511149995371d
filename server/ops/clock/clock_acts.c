/* The match clock's operations (CLK-1..7): start, press, the cube's double, take and drop,
 * pause and resume, the TD's settings and a flag's reversal. The arithmetic is
 * tourney/clock.c, pure functions of (state, now); each operation runs in the frame of
 * clock_frame.c. Lateness and breaks are lateness_acts.c, penalties penalty.c. */
#include "ops/clock/clock_acts.h"

#include <stdlib.h>

#include "common/clock.h"
#include "ops/records/clock.h"
#include "ops/people/deciders.h"
#include "ops/clock/hold.h"
#include "ops/records/match.h"
#include "ops/result/results.h"

static const char side_name[2][2] = {"a", "b"};

int op_clock_read(struct cx *x, const void *in)
{
    (void)in;
    return op_cx_need_clock(x);
}

/* Both players are at the board when a game starts. */
static int both_present(struct cx *x)
{
    struct db *db = x->o.db;
    struct presence p[2];
    if (db_presence_get(db, x->m.id, p))
        return -1;
    for (int s = 0; s < 2; s++)
        if (!p[s].arrived_ms && !p[s].break_started_ms) {
            p[s].arrived_ms = x->o.now_ms;
            if (db_presence_put(db, x->m.id, s, &p[s]))
                return -1;
            x->lateness_changed = 1;
        }
    return 0;
}

int op_clock_start(struct cx *x, const void *in)
{
    if (op_hold_refuse(x->o.db, &x->pb)) /* a restored copy: the TD confirms first */
        return -1;
    if (match_finished(&x->m))
        return op_cx_refuse_finished(x);
    struct presence p[2];
    if (db_presence_get(x->o.db, x->m.id, p))
        return -1;
    for (int s = 0; s < 2; s++)
        if (p[s].break_started_ms) {
            char at[32];
            cw_iso8601(p[s].break_ends_ms, at, sizeof at);
            problem_set(&x->pb, 409, "on-break", "A player is on a break",
                        "Side %s is on a break (until %s); the next game starts when the break "
                        "is over (breaks/end, PEN-4).",
                        side_name[s], at);
            return -1;
        }
    if (!x->m.player[0] || !x->m.player[1]) {
        problem_set(&x->pb, 409, "players-unknown", "Players not known yet",
                    "Match %lld has no opponent yet.", (long long)x->m.id);
        return -1;
    }
    if (!x->has_clock && op_cx_clock_create(x))
        return -1;
    enum clk_err e = clk_start(&x->c, x->o.now_ms, ((const struct clock_start_in *)in)->lower_die);
    if (op_cx_applied(x, e, "start a game"))
        return -1;
    if (x->m.state == MS_SCHEDULED || x->m.state == MS_CALLED) {
        op_cx_match_touch(x, "match.playing");
        if (op_match_set_state(x->o.db, &x->m, MS_PLAYING, x->o.now_ms, "clock"))
            return -1;
    }
    return both_present(x);
}

typedef enum clk_err (*side_op)(struct clk *c, int64_t now_ms, int side);

static int side_action(struct cx *x, const void *in, side_op f, const char *what)
{
    /* either player of the match operates either half: one phone is often the clock of
     * the whole board (arrivals and breaks, below, are each player's own) */
    int side = ((const struct clock_side_in *)in)->side;
    if (op_cx_need_clock(x))
        return -1;
    if (match_finished(&x->m) && x->c.state != CLK_FLAGGED)
        return op_cx_refuse_finished(x);
    return op_cx_applied(x, f(&x->c, x->o.now_ms, side), what);
}

int op_clock_press(struct cx *x, const void *in)
{
    return side_action(x, in, clk_press, "press");
}
int op_clock_double(struct cx *x, const void *in)
{
    return side_action(x, in, clk_double, "double");
}
int op_clock_take(struct cx *x, const void *in)
{
    return side_action(x, in, clk_take, "take");
}
int op_clock_drop(struct cx *x, const void *in)
{
    return side_action(x, in, clk_drop, "drop");
}
int op_clock_pickup(struct cx *x, const void *in)
{
    return side_action(x, in, clk_pickup, "take the delay away");
}

int op_clock_pause(struct cx *x, const void *in)
{
    if (op_cx_need_clock(x))
        return -1;
    enum clk_reason r = ((const struct clock_pause_in *)in)->reason;
    enum clk_err e = clk_pause(&x->c, x->o.now_ms, r);
    if (op_cx_applied(x, e, "pause"))
        return -1;
    return 0;
}

int op_clock_resume(struct cx *x, const void *in)
{
    (void)in;
    if (op_hold_refuse(x->o.db, &x->pb)) /* a restored copy: the TD confirms first */
        return -1;
    if (op_cx_need_clock(x))
        return -1;
    if (match_finished(&x->m))
        return op_cx_refuse_finished(x);
    if (x->c.state == CLK_PAUSED && x->c.paused_reason == CLK_R_END_OF_GAME) {
        problem_set(&x->pb, 409, "game-over", "The game is over",
                    "The clock was paused at the end of a game: the next game starts with "
                    "the opening roll (clock/start), not with resume (CLK-4).");
        return -1;
    }
    if (x->c.state == CLK_PAUSED && x->c.flag_reversed && !x->is_td &&
        x->c.paused_reason == CLK_R_TD) {
        problem_set(&x->pb, 409, "td-pause", "Paused by the TD",
                    "The TD paused this clock after reversing a flag; the TD resumes it "
                    "(CLK-7).");
        return -1;
    }
    /* a side with no time left would lose at once (a flag reversed leaves it at zero): the
     * TD sets the times first */
    struct clk trial = x->c;
    struct clk_view tv;
    if (clk_resume(&trial, x->o.now_ms) == CLK_OK) {
        clk_view(&trial, x->o.now_ms, &tv);
        if (tv.flag_at_ms <= x->o.now_ms) {
            problem_set(&x->pb, 409, "no-time", "No time left",
                        "Side %s has no time left on this clock and would lose on time the "
                        "moment it resumed: the TD sets the times (PUT clock) first (CLK-7).",
                        side_name[trial.running]);
            return -1;
        }
    }
    enum clk_err e = clk_resume(&x->c, x->o.now_ms);
    if (op_cx_applied(x, e, "resume"))
        return -1;
    return 0;
}

/* CLK-2: the tournament splits its clocks' banks in two parts (as clk_initial_bank does). */
static int split_bank(const struct tournament *t)
{
    return t->clock_split_first_per_point_s > 0 &&
           t->clock_split_first_per_point_s < t->clock_bank_per_point_s;
}

int op_clock_set(struct cx *x, const void *in)
{
    const struct clock_set_in *v = in;
    if (match_finished(&x->m) && x->c.state != CLK_FLAGGED)
        return op_cx_refuse_finished(x);
    if (!split_bank(&x->t)) {
        int bad = 0;
        for (int s = 0; s < 2; s++) {
            const char *f = s ? "b_second_ms" : "a_second_ms";
            if (v->has_second[s]) {
                problem_field(&x->pb, f,
                              "this clock has no split bank: the tournament's clock setting "
                              "split_first_per_point_s is not set, so there is no second "
                              "part to set (CLK-2)");
                bad++;
            }
        }
        if (bad)
            return -1;
    }
    if (!x->has_clock && op_cx_clock_create(x))
        return -1;
    /* a second part not given is 0: the TD's times replace the whole bank (CLK-7) */
    enum clk_err e = clk_set_split(&x->c, x->o.now_ms, v->bank_ms[0], v->bank_ms[1],
                                   v->second_ms[0], v->second_ms[1], v->mode, v->delay_ms);
    if (op_cx_applied(x, e, "be set"))
        return -1;
    return 0;
}

/* CLK-7: the flagged player was otherwise guaranteed to win: the match goes back to where
 * it stood, the clock waits, paused, for the TD's times. */
int op_clock_reverse(struct cx *x, const void *in)
{
    (void)in;
    if (op_decider_check(&x->o, &x->m, 0, &x->pb))
        return -1;
    if (op_cx_need_clock(x))
        return -1;
    enum clk_err e = clk_reverse_flag(&x->c, x->o.now_ms);
    if (e) {
        problem_set(&x->pb, 409, "not-flagged", "No flag",
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
            problem_internal(&x->pb, "reading the match as it was before the flag");
            return -1;
        }
        struct match before = x->m;
        op_cx_match_touch(x, "match.flag_reversed");
        x->m.state = (enum match_state)was;
        x->m.score[0] = (int)json_integer_value(json_object_get(pre, "score_a"));
        x->m.score[1] = (int)json_integer_value(json_object_get(pre, "score_b"));
        x->m.winner = -1;
        x->m.result_report = 0;
        x->m.ended = ME_NONE;
        int rc = db_match_state_log(x->o.db, x->m.id, x->m.state, x->o.now_ms, x->o.who.actor);
        if (!rc)
            rc = op_result_follows(&x->o, &x->m, &before, &x->pb);
        json_decref(pre);
        free(x->pre_flag);
        x->pre_flag = NULL;
        return rc;
    }
    json_decref(pre);
    return 0;
}
