/* The doubling cube (DOMAIN.md CUBE-1..10), the options of play that touch it (CUBE-9/10,
 * MATCH-6) and the scoring of a finished game (ENG-7, ENG-8, CUBE-5). Pure C, no I/O. */
#ifndef BG_CUBE_H
#define BG_CUBE_H

#include "rules/bg_board.h"

/* MATCH-6: what happens to an illegal play found in a reported transcript. */
typedef enum bg_policy {
    BG_POLICY_LEGAL = 0,      /* "Legal Moves" (default): the transcript is refused */
    BG_POLICY_RESPONSIBLE = 1 /* "Responsible Moves": accepted and flagged if physically possible */
} bg_policy;

/* The options a game or match is played under. All zero = a tournament's defaults (the
 * Crawford rule is always on in matches, CUBE-6, so it has no switch). */
typedef struct bg_rules {
    int match_length; /* N > 0: a match to N points; 0: money play, no match score (MATCH-1) */
    int swing;        /* a Swing game: money-style, but CUBE-9 still forbids the money options */
    bg_policy policy; /* MATCH-6 */
    /* Money play only (CUBE-9), refused for matches and Swing by bg_rules_check: */
    int auto_doubles; /* most automatic doubles on equal opening rolls; 0 = off */
    int beavers;      /* immediate redoubles allowed in a row: 1 beaver, 2 +raccoon, 3 +otter */
    int jacoby;       /* gammons and backgammons count single while the cube was never turned */
    /* Matches only (CUBE-10): after the Crawford game the trailer may not double before its
     * third turn. Off by default; ignored in money play. */
    int holland;
} bg_rules;

/* The highest cube value and score the engine accepts: far above any real game, low enough
 * that points (multiplier x cube) and running scores can never overflow an int. */
#define BG_CUBE_MAX (1 << 20)
#define BG_SCORE_MAX 1000000000
#define BG_LENGTH_MAX 10000

/* Checks a set of options (CUBE-9: automatic doubles, beavers and the Jacoby rule are for
 * money play only, not for matches nor Swing). Returns 0, or -1 with err->rule/message. */
int bg_rules_check(const bg_rules *r, bg_err *err);

/* Where the cube stands in a game. */
typedef struct bg_cube {
    int value;   /* value on the cube, 1 at the start (CUBE-1) */
    int owner;   /* -1 centred (both may double), else the side that may redouble */
    int offered; /* value on offer while a double or beaver waits for an answer, else 0 */
    int doubler; /* the side whose offer waits for an answer */
    int keeper;  /* the side that owns the cube once the offer is taken: the doubled side
                    keeps possession through beavers, raccoons and otters (001) */
    int beavers; /* immediate redoubles made since the double that is on offer */
    int turned;  /* the cube was offered at least once in this game (Jacoby rule) */
} bg_cube;

/* What the cube rules need to know about the game and match around it. */
typedef struct bg_cube_ctx {
    const bg_rules *rules;
    int score[2];      /* match score before this game (CUBE-7, CUBE-10) */
    int crawford;      /* this is the Crawford game (CUBE-6) */
    int post_crawford; /* a game after the Crawford game (CUBE-10) */
    int rolls[2];      /* turns each side has rolled in this game (CUBE-10) */
} bg_cube_ctx;

/* The cube at the start of a game, turned `auto_doubles` times (money play, CUBE-9). */
void bg_cube_init(bg_cube *c, int auto_doubles);

/* The cube actions. Each returns 0, or -1 with err->rule and err->message (a clause that
 * names the problem; the caller adds who and where) and the cube unchanged.
 * `side` doubles before rolling: it must be on roll, which the caller checks (CUBE-2). */
int bg_cube_double(bg_cube *c, const bg_cube_ctx *x, int side, bg_err *err);
int bg_cube_take(bg_cube *c, int side, bg_err *err);
/* On success *points is what the doubler wins: the value before the refused offer (CUBE-3). */
int bg_cube_drop(bg_cube *c, int side, int *points, bg_err *err);
/* An immediate redouble by the side that was just doubled (money play only, CUBE-9). */
int bg_cube_beaver(bg_cube *c, const bg_cube_ctx *x, int side, bg_err *err);

/* The cube is dead for `side` (CUBE-7): it holds the cube at a level that already wins it
 * the match, so it may not redouble. */
int bg_cube_dead(const bg_cube *c, const bg_cube_ctx *x, int side);

/* ENG-7: the result multiplier (1 single, 2 gammon, 3 backgammon) of a finished game, from
 * the final position seen by the winner (b->me[0] == 15). */
int bg_result_multiplier(const bg_board *winner_view);

/* ENG-8: the most the resigning side can still lose as a multiplier: 1 once it has borne a
 * checker off (or under the Jacoby rule with the cube never turned), else 3. An offer of this
 * level cannot be rejected. `resigner_view` is the position seen by the resigning side. */
int bg_resign_max_level(const bg_board *resigner_view, const bg_rules *r, const bg_cube *c);

/* Is v a power of two between 1 and BG_CUBE_MAX (a value a cube can show)? */
int bg_cube_valid_value(long long v);

#endif
