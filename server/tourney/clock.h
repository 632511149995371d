/* Match clocks, lateness and breaks as pure logic (DOMAIN.md CLK-1..7, PEN-1..4):
 * functions of (state, now_ms). No SQL, no HTTP, no reading of the time: the caller
 * passes the server's epoch milliseconds, so every edge is testable without sleeping and
 * a clock stored with epoch times survives a restart (time keeps running across it, as it
 * does at the board; nothing is gained or lost beyond the restart itself). */
#ifndef TOURNEY_CLOCK_H
#define TOURNEY_CLOCK_H

#include <stdbool.h>
#include <stdint.h>

/* CLK-1 */
enum clk_mode {
    CLK_MODE_DELAY = 0,     /* simple delay: the bank waits until the delay has elapsed */
    CLK_MODE_BRONSTEIN = 1, /* the bank runs at once; the press gives back up to the delay */
};

enum clk_state {
    CLK_WAITING = 0, /* created, no game started: nobody's time runs */
    CLK_RUNNING = 1,
    CLK_PAUSED = 2,
    CLK_FLAGGED = 3, /* a side's time ran out (CLK-7) */
};

/* CLK-5: the only reasons a clock may be paused. */
enum clk_reason {
    CLK_R_NONE = 0,
    CLK_R_END_OF_GAME,
    CLK_R_BREAK,
    CLK_R_DISPUTE,
    CLK_R_TD,
    CLK_R_EARLY_PICKUP,
    CLK_R_OPPONENT_PRESSED,
    CLK_R_ILLEGAL_MOVE,
    CLK_R_GAME_OVER_CLAIM,
    CLK_R_COUNT
};

/* "end_of_game", "break", "dispute", "td", "early_pickup", "opponent_pressed",
 * "illegal_move", "game_over_claim"; NULL for CLK_R_NONE. */
const char *clk_reason_name(enum clk_reason r);
/* The reason of a name above; -1 for anything else (CLK_R_NONE is never parsed). */
int clk_reason_parse(const char *name, enum clk_reason *out);
const char *clk_mode_name(enum clk_mode m); /* "delay" / "bronstein" */
int clk_mode_parse(const char *name, enum clk_mode *out);
const char *clk_state_name(enum clk_state s); /* "waiting", "running", "paused", "flagged" */

struct clk_side {
    int64_t bank_ms;        /* bank left when the current turn began (the whole bank when
                               this side is not running) */
    int64_t second_bank_ms; /* CLK-2: the second part of a split bank, 0 when none/used */
    bool lose_next_delay;   /* CLK-6: this side's next turn has no delay */
};

/* The whole stored state of one match clock. Sides are 0 (a) and 1 (b). */
struct clk {
    enum clk_mode mode;
    enum clk_state state;
    int running;                   /* side whose turn it is while RUNNING; -1 otherwise */
    int paused_side;               /* side whose turn was interrupted by a pause, or -1 */
    enum clk_reason paused_reason; /* while PAUSED */
    bool cube_offered;             /* CLK-4: a double waits for take or drop */
    int flagged;                   /* side whose time ran out, or -1 */
    bool flag_reversed;            /* CLK-7: the TD undid the flag */
    int64_t delay_ms;              /* D, the delay setting */
    int64_t turn_delay_ms;         /* the delay of the current turn (0 under CLK-6) */
    int64_t turn_used_ms;          /* time of the current turn used before since_ms (a turn
                                      interrupted by a pause keeps what it had used) */
    int64_t since_ms;              /* epoch ms at which the running segment began */
    struct clk_side side[2];
};

/* The values at a given moment, for display and for the flag. */
struct clk_view {
    int64_t bank_ms[2];        /* bank left now (a running side's counts down) */
    int64_t second_bank_ms[2]; /* second part still to come */
    int64_t delay_left_ms[2];  /* the running side: delay left in this turn (simple delay:
                                  before the bank moves; Bronstein: the give-back to come,
                                  min(D, time used)); the other side: its next turn's delay */
    int64_t flag_at_ms;        /* epoch ms at which the running side flags; INT64_MAX if none */
};

enum clk_err {
    CLK_OK = 0,
    CLK_E_STATE,   /* not allowed in the clock's state (waiting, paused, flagged...) */
    CLK_E_SIDE,    /* not that side's turn (a press by the side whose time is not running) */
    CLK_E_CUBE,    /* a double is waiting for take/drop, or take/drop with no double */
    CLK_E_REASON,  /* a pause without an allowed reason */
    CLK_E_VALUE,   /* a negative or absurd time */
    CLK_E_MIDGAME, /* PEN-4: a break while a game is under way (breaks come between games) */
};

/* CLK-2/CLK-3: the initial banks of a clock for a match of `length` points at score
 * (score_a, score_b): ((RA + RB) / 2) x bank_per_point with RA = length - score_a (which is
 * length x bank_per_point at 0-0), exact in milliseconds. With split_first_per_point_ms > 0
 * and smaller than bank_per_point_ms, the bank is split: *first = the same formula with
 * split_first_per_point_ms, *second = the rest; otherwise *second = 0. */
void clk_initial_bank(int length, int score_a, int score_b, int64_t bank_per_point_ms,
                      int64_t split_first_per_point_ms, int64_t *first, int64_t *second);

/* A new clock, WAITING, both sides with the same banks. */
void clk_init(struct clk *c, enum clk_mode mode, int64_t bank_ms, int64_t second_bank_ms,
              int64_t delay_ms);

/* The values at now_ms (now_ms before since_ms counts as since_ms). Pure. */
void clk_view(const struct clk *c, int64_t now_ms, struct clk_view *v);

/* CLK-1/CLK-7: if the running side's time has run out at now_ms, the clock becomes
 * FLAGGED at the exact flag moment (that side's bank and second bank 0, running -1,
 * flagged = the side) and 1 is returned; otherwise 0 and nothing changes. Every operation
 * below first calls this, so an operation after the flag moment finds the clock flagged
 * and returns CLK_E_STATE. Simple delay flags when the turn's use u >= bank + second + D;
 * Bronstein when u >= bank + second. */
int clk_tick(struct clk *c, int64_t now_ms);

/* CLK-4: a game starts after the opening roll: `lower_die_side` starts the other side's
 * time. Allowed when WAITING or PAUSED with CLK_R_END_OF_GAME. */
enum clk_err clk_start(struct clk *c, int64_t now_ms, int lower_die_side);

/* Ends `side`'s turn: the bank keeps bank - max(0, u - turn delay) (both modes; the first
 * bank is used up before the second), and the other side's turn begins (its delay is D, or
 * 0 once when it lost it under CLK-6). RUNNING, side == running, no double waiting. */
enum clk_err clk_press(struct clk *c, int64_t now_ms, int side);

/* CLK-4: the running side doubles and presses (the taker's time runs, cube offered). */
enum clk_err clk_double(struct clk *c, int64_t now_ms, int side);
/* The taker (the running side, double waiting) takes and presses. */
enum clk_err clk_take(struct clk *c, int64_t now_ms, int side);
/* The taker drops: the turn ends as a press would end it, then the clock is PAUSED with
 * CLK_R_END_OF_GAME (the game is over). */
enum clk_err clk_drop(struct clk *c, int64_t now_ms, int side);

/* CLK-5: pause a RUNNING clock for `reason` (not CLK_R_NONE: CLK_E_REASON).
 * CLK_R_BREAK is refused with CLK_E_MIDGAME: a running clock means a game under way, and a
 * break is taken only between games (PEN-4): the game ends first (CLK_R_END_OF_GAME).
 * CLK_R_END_OF_GAME ends the running turn as a press would (without starting the other
 * side's) and the next game begins with clk_start; any other reason keeps the turn, with
 * the time it had used, for clk_resume. */
enum clk_err clk_pause(struct clk *c, int64_t now_ms, enum clk_reason reason);
/* Resumes a clock PAUSED for a reason other than CLK_R_END_OF_GAME: the interrupted turn
 * goes on from where it stopped. */
enum clk_err clk_resume(struct clk *c, int64_t now_ms);

/* CLK-6: `side` picked up the dice early and loses the delay of its next turn. Not on a
 * FLAGGED clock. */
enum clk_err clk_pickup(struct clk *c, int64_t now_ms, int side);

/* CLK-7 / the TD: sets both banks to these values as of now_ms (second banks 0), and the
 * mode and delay when mode_or_neg >= 0 / delay_or_neg >= 0. A running turn goes on from
 * now_ms with the delay it has left (never more than the new delay). A FLAGGED clock stays
 * FLAGGED (reverse the flag first). Negative banks: CLK_E_VALUE. */
enum clk_err clk_set(struct clk *c, int64_t now_ms, int64_t bank_a_ms, int64_t bank_b_ms,
                     int mode_or_neg, int64_t delay_or_neg);
/* CLK-2 with CLK-7: as clk_set, and the second parts of a split bank set to second_a_ms /
 * second_b_ms (the part each side gets when its first runs out; 0: none left). Negative
 * values: CLK_E_VALUE, nothing changed. */
enum clk_err clk_set_split(struct clk *c, int64_t now_ms, int64_t bank_a_ms, int64_t bank_b_ms,
                           int64_t second_a_ms, int64_t second_b_ms, int mode_or_neg,
                           int64_t delay_or_neg);

/* CLK-7: the TD reverses a flag (the player was otherwise guaranteed the win): the clock
 * becomes PAUSED with CLK_R_TD, flag_reversed = true, flagged kept for the record; the TD
 * then sets the times with clk_set and resumes (the flagged side's turn). FLAGGED only. */
enum clk_err clk_reverse_flag(struct clk *c, int64_t now_ms);

/* ---- lateness and breaks (PEN-1..4) ---- */

/* PEN-1: the penalty points due at now_ms for a side absent since from_ms (the call of the
 * match, or the end of a break): 0 before from + grace, then 1 at from + grace exactly and
 * one more at each further step. grace_min >= 0, step_min >= 1. */
int pen_late_points(int64_t from_ms, int64_t now_ms, int grace_min, int step_min);

/* PEN-1/PEN-4: the points a side owes for its current absence: counted from the end of its
 * last break when it took one (absent_from_ms > 0; overrunning a break is lateness), else
 * from the call (called_ms; 0: not called, nothing owed), until it arrived (arrived_ms > 0)
 * or now. */
int pen_absence_points(int64_t called_ms, int64_t absent_from_ms, int64_t arrived_ms,
                       int64_t now_ms, int grace_min, int step_min);

/* A database restored on another laptop (the TD's guide: "When the laptop dies") is held
 * from the last moment the copy recorded (from_ms) until the TD confirms the times
 * (until_ms; 0 while still held): time in between belongs to nobody, as a clock paused
 * for the TD (CLK-5, CLK-7). from_ms 0: never held. */
struct clk_hold {
    int64_t from_ms, until_ms;
};

/* 1 while the hold waits for the TD. */
int clk_hold_active(const struct clk_hold *h);
/* t with the held time taken out, for lateness (PEN-1): unchanged before the hold, the
 * hold's start during it (or ever after while it is active), moved back by the hold's
 * length after it; monotone, so the order of moments stays as it was. */
int64_t clk_hold_time(const struct clk_hold *h, int64_t t);

/* PEN-2: 1 when `points` awarded for lateness exceed half the match length. */
int pen_late_forfeit(int points, int length);

enum pen_break_table {
    PEN_BREAKS_WBGF = 0,    /* WBGF 2.2 ii: 5 minutes; > 5 points only: 7-11: 1, 13-17: 2,
                               19-23: 3, 25 and more: 4 (even lengths go with the range
                               that starts just above: 6 -> 1, 12 -> 2, 18 -> 3, 24 -> 4) */
    PEN_BREAKS_ITALIAN = 1, /* the Italian source: 10 minutes; 13 points or more: 2,
                               shorter: 1 */
};

/* PEN-4: the breaks each player may take in a match of `length` points. */
void pen_break_allowance(enum pen_break_table t, int length, int *count, int *minutes);
int pen_break_table_parse(const char *name, enum pen_break_table *out); /* "wbgf"/"italian" */

#endif
