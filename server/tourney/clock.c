/* Match clocks, lateness and breaks (DOMAIN.md CLK-1..7, PEN-1..4): pure arithmetic on
 * (state, now_ms). No I/O, no allocation, no reading of the time. Sums that a TD's
 * absurd value could push past int64 saturate at INT64_MAX, which means "never". */
#include "tourney/clock.h"

#include <limits.h>
#include <stddef.h>
#include <string.h>

static const char *const reason_names[CLK_R_COUNT] = {
    [CLK_R_END_OF_GAME] = "end_of_game",   [CLK_R_BREAK] = "break",
    [CLK_R_DISPUTE] = "dispute",           [CLK_R_TD] = "td",
    [CLK_R_EARLY_PICKUP] = "early_pickup", [CLK_R_OPPONENT_PRESSED] = "opponent_pressed",
    [CLK_R_ILLEGAL_MOVE] = "illegal_move", [CLK_R_GAME_OVER_CLAIM] = "game_over_claim",
};

static const char *const mode_names[] = {"delay", "bronstein"};
static const char *const state_names[] = {"waiting", "running", "paused", "flagged"};

const char *clk_reason_name(enum clk_reason r)
{
    if ((int)r <= (int)CLK_R_NONE || (int)r >= (int)CLK_R_COUNT)
        return NULL;
    return reason_names[r];
}

int clk_reason_parse(const char *name, enum clk_reason *out)
{
    if (!name)
        return -1;
    for (int r = CLK_R_NONE + 1; r < CLK_R_COUNT; r++) {
        if (strcmp(name, reason_names[r]) == 0) {
            *out = (enum clk_reason)r;
            return 0;
        }
    }
    return -1;
}

const char *clk_mode_name(enum clk_mode m)
{
    if (m != CLK_MODE_DELAY && m != CLK_MODE_BRONSTEIN)
        return NULL;
    return mode_names[m];
}

int clk_mode_parse(const char *name, enum clk_mode *out)
{
    if (!name)
        return -1;
    for (int m = 0; m < 2; m++) {
        if (strcmp(name, mode_names[m]) == 0) {
            *out = (enum clk_mode)m;
            return 0;
        }
    }
    return -1;
}

const char *clk_state_name(enum clk_state s)
{
    if ((int)s < (int)CLK_WAITING || (int)s > (int)CLK_FLAGGED)
        return NULL;
    return state_names[s];
}

/* ---- arithmetic that cannot overflow ---- */

/* a + b for a, b >= 0, INT64_MAX when the sum does not fit */
static int64_t sat_add(int64_t a, int64_t b)
{
    return a > INT64_MAX - b ? INT64_MAX : a + b;
}

/* max(0, a - b) for a, b >= 0 */
static int64_t pos_sub(int64_t a, int64_t b)
{
    return a > b ? a - b : 0;
}

/* the milliseconds from `since` to `now`, 0 when now is earlier; INT64_MAX if too far */
static int64_t elapsed(int64_t since, int64_t now)
{
    if (now <= since)
        return 0;
    uint64_t d = (uint64_t)now - (uint64_t)since;
    return d > (uint64_t)INT64_MAX ? INT64_MAX : (int64_t)d;
}

static int64_t clamp0(int64_t v)
{
    return v < 0 ? 0 : v;
}

/* ---- the turn ---- */

/* the use u of the running turn at now_ms */
static int64_t turn_use(const struct clk *c, int64_t now_ms)
{
    return sat_add(c->turn_used_ms, elapsed(c->since_ms, now_ms));
}

/* the use at which the running side flags (CLK-1): simple delay B + S + D, Bronstein
 * B + S; INT64_MAX when it cannot be reached */
static int64_t flag_limit(const struct clk *c, int side)
{
    int64_t total = sat_add(c->side[side].bank_ms, c->side[side].second_bank_ms);
    if (c->mode == CLK_MODE_DELAY)
        return sat_add(total, c->turn_delay_ms);
    return total;
}

/* Takes `spent` off a side's banks, the first before the second (CLK-2): when the first
 * runs out the bank resets to the second part, less what is left to take. */
static void consume(const struct clk_side *s, int64_t spent, int64_t *bank, int64_t *second)
{
    if (spent < s->bank_ms) {
        *bank = s->bank_ms - spent;
        *second = s->second_bank_ms;
    } else {
        *bank = pos_sub(sat_add(s->bank_ms, s->second_bank_ms), spent);
        *second = 0;
    }
}

/* a side's turn begins at now_ms, with the delay D or none once under CLK-6 */
static void begin_turn(struct clk *c, int64_t now_ms, int side)
{
    c->state = CLK_RUNNING;
    c->running = side;
    c->paused_side = -1;
    c->paused_reason = CLK_R_NONE;
    c->turn_delay_ms = c->side[side].lose_next_delay ? 0 : c->delay_ms;
    c->side[side].lose_next_delay = false;
    c->turn_used_ms = 0;
    c->since_ms = now_ms;
}

/* the running turn ends at now_ms: bank - max(0, u - turn delay), both modes (CLK-1) */
static void end_turn(struct clk *c, int64_t now_ms)
{
    struct clk_side *s = &c->side[c->running];
    int64_t spent = pos_sub(turn_use(c, now_ms), c->turn_delay_ms);
    consume(s, spent, &s->bank_ms, &s->second_bank_ms);
    c->turn_used_ms = 0;
    c->turn_delay_ms = 0;
    c->since_ms = now_ms;
}

static int valid_side(int side)
{
    return side == 0 || side == 1;
}

/* ---- the clock ---- */

void clk_initial_bank(int length, int score_a, int score_b, int64_t bank_per_point_ms,
                      int64_t split_first_per_point_ms, int64_t *first, int64_t *second)
{
    int64_t ra = clamp0((int64_t)length - score_a);
    int64_t rb = clamp0((int64_t)length - score_b);
    int64_t bpp = clamp0(bank_per_point_ms);
    /* RA + RB is at most 2^32; per-point banks beyond 2^30 ms (12 days) are not a clock */
    if (bpp > (int64_t)1 << 30)
        bpp = (int64_t)1 << 30;
    int64_t total = (ra + rb) * bpp / 2;
    if (split_first_per_point_ms > 0 && split_first_per_point_ms < bpp) {
        *first = (ra + rb) * split_first_per_point_ms / 2;
        *second = total - *first;
    } else {
        *first = total;
        *second = 0;
    }
}

void clk_init(struct clk *c, enum clk_mode mode, int64_t bank_ms, int64_t second_bank_ms,
              int64_t delay_ms)
{
    memset(c, 0, sizeof *c);
    c->mode = mode;
    c->state = CLK_WAITING;
    c->running = -1;
    c->paused_side = -1;
    c->paused_reason = CLK_R_NONE;
    c->flagged = -1;
    c->delay_ms = clamp0(delay_ms);
    for (int i = 0; i < 2; i++) {
        c->side[i].bank_ms = clamp0(bank_ms);
        c->side[i].second_bank_ms = clamp0(second_bank_ms);
        c->side[i].lose_next_delay = false;
    }
}

/* the shown values of the side whose turn it is (running, or interrupted by a pause) at
 * a turn use of u */
static void view_turn(const struct clk *c, int side, int64_t u, struct clk_view *v)
{
    const struct clk_side *s = &c->side[side];
    if (c->mode == CLK_MODE_DELAY) {
        consume(s, pos_sub(u, c->turn_delay_ms), &v->bank_ms[side], &v->second_bank_ms[side]);
        v->delay_left_ms[side] = pos_sub(c->turn_delay_ms, u);
    } else {
        consume(s, u, &v->bank_ms[side], &v->second_bank_ms[side]);
        v->delay_left_ms[side] = u < c->turn_delay_ms ? u : c->turn_delay_ms;
    }
}

void clk_view(const struct clk *c, int64_t now_ms, struct clk_view *v)
{
    for (int i = 0; i < 2; i++) {
        v->bank_ms[i] = c->side[i].bank_ms;
        v->second_bank_ms[i] = c->side[i].second_bank_ms;
        v->delay_left_ms[i] = c->side[i].lose_next_delay ? 0 : c->delay_ms;
    }
    v->flag_at_ms = INT64_MAX;
    if (c->state == CLK_RUNNING && valid_side(c->running)) {
        view_turn(c, c->running, turn_use(c, now_ms), v);
        int64_t limit = flag_limit(c, c->running);
        if (limit != INT64_MAX)
            v->flag_at_ms = sat_add(c->since_ms, pos_sub(limit, c->turn_used_ms));
    } else if (c->state == CLK_PAUSED && valid_side(c->paused_side)) {
        view_turn(c, c->paused_side, c->turn_used_ms, v);
    }
}

int clk_tick(struct clk *c, int64_t now_ms)
{
    if (c->state != CLK_RUNNING || !valid_side(c->running))
        return 0;
    int64_t limit = flag_limit(c, c->running);
    if (limit == INT64_MAX || turn_use(c, now_ms) < limit)
        return 0;
    int side = c->running;
    c->since_ms = sat_add(c->since_ms, pos_sub(limit, c->turn_used_ms));
    c->turn_used_ms = limit;
    c->side[side].bank_ms = 0;
    c->side[side].second_bank_ms = 0;
    c->state = CLK_FLAGGED;
    c->running = -1;
    c->paused_side = -1;
    c->paused_reason = CLK_R_NONE;
    c->flagged = side;
    return 1;
}

enum clk_err clk_start(struct clk *c, int64_t now_ms, int lower_die_side)
{
    clk_tick(c, now_ms);
    if (c->state != CLK_WAITING &&
        !(c->state == CLK_PAUSED && c->paused_reason == CLK_R_END_OF_GAME))
        return CLK_E_STATE;
    if (!valid_side(lower_die_side))
        return CLK_E_SIDE;
    c->cube_offered = false;
    begin_turn(c, now_ms, 1 - lower_die_side);
    return CLK_OK;
}

/* the checks of a press: RUNNING, the running side */
static enum clk_err press_check(struct clk *c, int64_t now_ms, int side)
{
    clk_tick(c, now_ms);
    if (c->state != CLK_RUNNING)
        return CLK_E_STATE;
    if (side != c->running)
        return CLK_E_SIDE;
    return CLK_OK;
}

enum clk_err clk_press(struct clk *c, int64_t now_ms, int side)
{
    enum clk_err e = press_check(c, now_ms, side);
    if (e != CLK_OK)
        return e;
    if (c->cube_offered)
        return CLK_E_CUBE;
    end_turn(c, now_ms);
    begin_turn(c, now_ms, 1 - side);
    return CLK_OK;
}

enum clk_err clk_double(struct clk *c, int64_t now_ms, int side)
{
    enum clk_err e = press_check(c, now_ms, side);
    if (e != CLK_OK)
        return e;
    if (c->cube_offered)
        return CLK_E_CUBE;
    end_turn(c, now_ms);
    c->cube_offered = true;
    begin_turn(c, now_ms, 1 - side);
    return CLK_OK;
}

enum clk_err clk_take(struct clk *c, int64_t now_ms, int side)
{
    clk_tick(c, now_ms);
    if (c->state != CLK_RUNNING)
        return CLK_E_STATE;
    if (!c->cube_offered)
        return CLK_E_CUBE;
    if (side != c->running)
        return CLK_E_SIDE;
    end_turn(c, now_ms);
    c->cube_offered = false;
    begin_turn(c, now_ms, 1 - side);
    return CLK_OK;
}

/* the running turn ends and the game is over: PAUSED for the end of the game */
static void end_game(struct clk *c, int64_t now_ms)
{
    end_turn(c, now_ms);
    c->cube_offered = false;
    c->state = CLK_PAUSED;
    c->running = -1;
    c->paused_side = -1;
    c->paused_reason = CLK_R_END_OF_GAME;
}

enum clk_err clk_drop(struct clk *c, int64_t now_ms, int side)
{
    clk_tick(c, now_ms);
    if (c->state != CLK_RUNNING)
        return CLK_E_STATE;
    if (!c->cube_offered)
        return CLK_E_CUBE;
    if (side != c->running)
        return CLK_E_SIDE;
    end_game(c, now_ms);
    return CLK_OK;
}

enum clk_err clk_pause(struct clk *c, int64_t now_ms, enum clk_reason reason)
{
    clk_tick(c, now_ms);
    if ((int)reason <= (int)CLK_R_NONE || (int)reason >= (int)CLK_R_COUNT)
        return CLK_E_REASON;
    if (c->state != CLK_RUNNING)
        return CLK_E_STATE;
    /* PEN-4: breaks only between games; a running clock is a game under way */
    if (reason == CLK_R_BREAK)
        return CLK_E_MIDGAME;
    if (reason == CLK_R_END_OF_GAME) {
        end_game(c, now_ms);
        return CLK_OK;
    }
    /* the turn keeps what it has used; the double, if one waits, still waits */
    c->turn_used_ms = turn_use(c, now_ms);
    c->since_ms = now_ms;
    c->state = CLK_PAUSED;
    c->paused_side = c->running;
    c->running = -1;
    c->paused_reason = reason;
    return CLK_OK;
}

enum clk_err clk_resume(struct clk *c, int64_t now_ms)
{
    clk_tick(c, now_ms);
    if (c->state != CLK_PAUSED || c->paused_reason == CLK_R_END_OF_GAME ||
        !valid_side(c->paused_side))
        return CLK_E_STATE;
    c->state = CLK_RUNNING;
    c->running = c->paused_side;
    c->paused_side = -1;
    c->paused_reason = CLK_R_NONE;
    c->since_ms = now_ms;
    return CLK_OK;
}

enum clk_err clk_pickup(struct clk *c, int64_t now_ms, int side)
{
    clk_tick(c, now_ms);
    if (c->state == CLK_FLAGGED)
        return CLK_E_STATE;
    if (!valid_side(side))
        return CLK_E_SIDE;
    c->side[side].lose_next_delay = true;
    return CLK_OK;
}

enum clk_err clk_set(struct clk *c, int64_t now_ms, int64_t bank_a_ms, int64_t bank_b_ms,
                     int mode_or_neg, int64_t delay_or_neg)
{
    return clk_set_split(c, now_ms, bank_a_ms, bank_b_ms, 0, 0, mode_or_neg, delay_or_neg);
}

enum clk_err clk_set_split(struct clk *c, int64_t now_ms, int64_t bank_a_ms, int64_t bank_b_ms,
                           int64_t second_a_ms, int64_t second_b_ms, int mode_or_neg,
                           int64_t delay_or_neg)
{
    clk_tick(c, now_ms);
    if (c->state == CLK_FLAGGED)
        return CLK_E_STATE;
    if (bank_a_ms < 0 || bank_b_ms < 0 || second_a_ms < 0 || second_b_ms < 0)
        return CLK_E_VALUE;
    if (mode_or_neg >= 0 && mode_or_neg != CLK_MODE_DELAY && mode_or_neg != CLK_MODE_BRONSTEIN)
        return CLK_E_VALUE;
    int64_t delay = delay_or_neg >= 0 ? delay_or_neg : c->delay_ms;
    /* the turn under way (running, or interrupted by a pause) starts again from now_ms
     * with the delay that had not elapsed, never more than the new delay */
    int turn = c->state == CLK_RUNNING ? c->running : c->state == CLK_PAUSED ? c->paused_side : -1;
    if (valid_side(turn)) {
        int64_t u = c->state == CLK_RUNNING ? turn_use(c, now_ms) : c->turn_used_ms;
        int64_t left = pos_sub(c->turn_delay_ms, u);
        c->turn_delay_ms = left < delay ? left : delay;
        c->turn_used_ms = 0;
        c->since_ms = now_ms;
    }
    c->side[0].bank_ms = bank_a_ms;
    c->side[1].bank_ms = bank_b_ms;
    c->side[0].second_bank_ms = second_a_ms;
    c->side[1].second_bank_ms = second_b_ms;
    if (mode_or_neg >= 0)
        c->mode = (enum clk_mode)mode_or_neg;
    c->delay_ms = delay;
    return CLK_OK;
}

enum clk_err clk_reverse_flag(struct clk *c, int64_t now_ms)
{
    clk_tick(c, now_ms);
    if (c->state != CLK_FLAGGED || !valid_side(c->flagged))
        return CLK_E_STATE;
    c->state = CLK_PAUSED;
    c->paused_reason = CLK_R_TD;
    c->paused_side = c->flagged;
    c->running = -1;
    c->flag_reversed = true;
    return CLK_OK;
}

/* ---- lateness and breaks ---- */

int clk_hold_active(const struct clk_hold *h)
{
    return h->from_ms > 0 && h->until_ms == 0;
}

int64_t clk_hold_time(const struct clk_hold *h, int64_t t)
{
    if (h->from_ms <= 0 || t <= h->from_ms)
        return t;
    if (h->until_ms == 0 || t <= h->until_ms)
        return h->from_ms;
    return t - (h->until_ms - h->from_ms);
}

int pen_absence_points(int64_t called_ms, int64_t absent_from_ms, int64_t arrived_ms,
                       int64_t now_ms, int grace_min, int step_min)
{
    int64_t from = absent_from_ms ? absent_from_ms : called_ms;
    int64_t until = arrived_ms ? arrived_ms : now_ms;
    return from && until > from ? pen_late_points(from, until, grace_min, step_min) : 0;
}

int pen_late_points(int64_t from_ms, int64_t now_ms, int grace_min, int step_min)
{
    if (grace_min < 0)
        grace_min = 0;
    if (step_min < 1)
        step_min = 1;
    if (now_ms < from_ms)
        return 0;
    int64_t late = elapsed(from_ms, now_ms);
    int64_t grace = (int64_t)grace_min * 60000;
    if (late < grace)
        return 0;
    int64_t points = 1 + (late - grace) / ((int64_t)step_min * 60000);
    return points > INT_MAX ? INT_MAX : (int)points;
}

int pen_late_forfeit(int points, int length)
{
    return (int64_t)points * 2 > (int64_t)length;
}

void pen_break_allowance(enum pen_break_table t, int length, int *count, int *minutes)
{
    if (t == PEN_BREAKS_ITALIAN) {
        *minutes = 10;
        *count = length >= 13 ? 2 : 1;
        return;
    }
    *minutes = 5;
    if (length <= 5)
        *count = 0;
    else if (length <= 11)
        *count = 1;
    else if (length <= 17)
        *count = 2;
    else if (length <= 23)
        *count = 3;
    else
        *count = 4;
}

int pen_break_table_parse(const char *name, enum pen_break_table *out)
{
    if (!name)
        return -1;
    if (strcmp(name, "wbgf") == 0) {
        *out = PEN_BREAKS_WBGF;
        return 0;
    }
    if (strcmp(name, "italian") == 0) {
        *out = PEN_BREAKS_ITALIAN;
        return 0;
    }
    return -1;
}
