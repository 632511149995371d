/* Game records and their replay: opening roll, rolls and plays, cube actions, resignations
 * -> who won, how and how many points, or the first illegal event (ENG-2..9, CUBE-*, MATCH-6). */
#ifndef BG_GAME_H
#define BG_GAME_H

#include "rules/bg_board.h"
#include "rules/bg_cube.h"

/* One event of a game, by one side. */
typedef enum bg_act_type {
    BG_ACT_MOVE = 1, /* a roll and its play (0..4 single-die steps) */
    BG_ACT_DOUBLE,   /* the side on roll doubles, before rolling (CUBE-2) */
    BG_ACT_TAKE,
    BG_ACT_DROP,
    BG_ACT_BEAVER, /* money play only (CUBE-9) */
    BG_ACT_RESIGN, /* offers to resign: value = 1 single, 2 gammon, 3 backgammon (ENG-8) */
    BG_ACT_ACCEPT, /* accepts the resignation offer */
    BG_ACT_REJECT  /* rejects it; play goes on */
} bg_act_type;

typedef struct bg_action {
    uint8_t type;     /* bg_act_type */
    uint8_t side;     /* 0 = player 0 (left column of a .mat), 1 = player 1 */
    uint8_t d1, d2;   /* BG_ACT_MOVE: the dice, as written */
    uint8_t n;        /* BG_ACT_MOVE: steps used (0..4) */
    uint8_t stars;    /* BG_ACT_MOVE: bit i = step i was written with '*' (not checked) */
    uint8_t unwritten; /* BG_ACT_MOVE: the record gives the roll but not its play (a .mat
                          roll with nothing after it, Studio's "????"), as opposed to a roll
                          said to have no play ("Cannot Move", a JSON record's empty play):
                          see bg_game_replay */
    bg_step steps[4]; /* mover's numbering, 25 = bar, 0 = off, in the order written */
    int32_t value;    /* DOUBLE/BEAVER: new cube value as written, 0 = not written;
                         RESIGN: the level 1..3 */
    int32_t move;     /* move number to quote in messages (a .mat line number); 0 = the
                         action's 1-based index in its game */
} bg_action;

/* How a game ended. */
typedef enum bg_how {
    BG_HOW_NONE = 0,   /* not over / not stated */
    BG_HOW_SINGLE,     /* borne off, loser bore off a checker: 1 x cube */
    BG_HOW_GAMMON,     /* 2 x cube */
    BG_HOW_BACKGAMMON, /* 3 x cube */
    BG_HOW_DROP,       /* a double was dropped: the cube before the double */
    BG_HOW_RESIGN      /* a resignation was accepted: level x cube */
} bg_how;

/* A game result as a report or transcript states it. Fields left 0 are "not stated". In a
 * score-only report `cube` is the cube value the points are counted from: for a dropped
 * double, the value before the double (the offer was twice that). */
typedef struct bg_result {
    int winner; /* 0 or 1 */
    int how;    /* bg_how */
    int cube;   /* 0 = not stated */
    int level;  /* resignation level 1..3, BG_HOW_RESIGN */
    int points; /* 0 = not stated */
} bg_result;

/* A game record: the events, and what the transcript says around them. Either a full record
 * (actions) or, with score_only set, a result without moves. Allocated by bg_game_rec_push;
 * release with bg_game_rec_free. */
typedef struct bg_game_rec {
    bg_action *act;
    int n_act, cap_act;
    int auto_doubles; /* money play: automatic doubles before the opening roll */
    int has_score;    /* score_before is stated (a .mat score line) and is checked */
    int score_before[2];
    int has_result; /* result is stated (a .mat "Wins" line, a report) and is checked */
    bg_result result;
    int result_move; /* move number the result is quoted at (last .mat line of the game) */
    int score_only;  /* no actions: validate `result` alone (bg_match.h) */
    int truncated;   /* the transcript is cut off inside this game (after its actions) */
    int ends_match;  /* the result claims the match too ("Wins 3 points and the match") */
} bg_game_rec;

/* Appends an action (copied); returns 0 or -1 when out of memory. */
int bg_game_rec_push(bg_game_rec *g, const bg_action *a);
void bg_game_rec_free(bg_game_rec *g);

/* What a finished game came to. */
typedef struct bg_outcome {
    int winner;   /* 0 or 1 */
    int how;      /* bg_how */
    int mult;     /* 1..3 (a drop counts 1) */
    int cube;     /* cube value the points are counted from */
    int points;   /* mult x cube (CUBE-5) */
    int level;    /* resignation level, BG_HOW_RESIGN */
    int resigned; /* the game ended by a resignation (stated or inferred) */
    int turns;    /* roll cells replayed, including rolls with no legal play */
    int doubles, takes, drops, beavers, resigns;
    int illegal; /* illegal plays let stand under Responsible Moves (MATCH-6) */
    int gap;     /* a play the record lost (bg_game_replay): the game after it is not checked
                    move by move, its result stands as stated */
} bg_outcome;

/* Events accepted with a remark: illegal plays let stand under Responsible Moves (MATCH-6), a
 * double written at a wrong level and corrected (CUBE-8), a resignation of more than the
 * position could lose (ENG-8), a play the record lost (rule BG_GAP_RULE, bg_game_replay).
 * Grown with malloc; bg_notes_free. */
#define BG_GAP_RULE "GAP"
typedef struct bg_notes {
    bg_err *v;
    int n, cap;
    int lost; /* notes not kept for lack of memory */
} bg_notes;
void bg_notes_free(bg_notes *n);

/* The game around a replay: where it stands in its match and how to name things. */
typedef struct bg_game_ctx {
    int number;           /* 1-based, for messages */
    const char *names[2]; /* NULL: "player 1" / "player 2" */
    bg_rules rules;
    int score[2];      /* match score before the game */
    int crawford;      /* the Crawford game (CUBE-6) */
    int post_crawford; /* after the Crawford game (CUBE-10) */
} bg_game_ctx;

enum bg_phase {
    BG_PH_START = 0, /* waiting for the opening roll */
    BG_PH_ROLL,      /* `turn` may double, roll, or either side may resign */
    BG_PH_CUBE,      /* a double waits for take, drop or beaver */
    BG_PH_RESIGN,    /* a resignation offer waits for accept or reject */
    BG_PH_OVER
};

/* A game being replayed event by event (what the HTTP layer uses for a live game too). */
typedef struct bg_game {
    bg_game_ctx ctx;
    bg_board pos; /* seen by `turn` (before the opening roll: either side) */
    int turn;     /* side on roll; -1 before the opening roll */
    int phase;    /* enum bg_phase */
    int resume;   /* phase to go back to after a rejected resignation */
    bg_cube cube;
    int rolls[2]; /* turns rolled by each side (CUBE-10) */
    int resigner, resign_level;
    int n_done;     /* events applied */
    int blind;      /* after a gap: the position is unknown, plays are not checked */
    bg_outcome out; /* counts so far; the result once phase == BG_PH_OVER */
} bg_game;

/* Starts a game: cube centred (turned auto_doubles times in money play), no turn yet. */
int bg_game_start(bg_game *g, const bg_game_ctx *ctx, int auto_doubles, bg_err *err);

/* Applies one event. Returns 0, or -1 with err filled (game, move, side, rule, a sentence
 * that names the player and the problem) and the game unchanged. Remarks go to notes (may
 * be NULL). When the event's move is 0, index+1 of the event in its game is quoted. */
int bg_game_apply(bg_game *g, const bg_action *a, bg_notes *notes, bg_err *err);

/* The record has no more events. If the game is over, checks the stated result (may be NULL)
 * against it. If it is not over, a stated result is read as a resignation accepted by its
 * loser, as in .mat files where resignations are invisible (ENG-8); without one the game is
 * unfinished. After a gap (g->blind) a stated result stands when the cube can give it. An
 * accepted offer of more than the position could lose stands as offered, with a remark in
 * notes (may be NULL). Returns 0 with g->out complete, or -1 with err. */
int bg_game_finish(bg_game *g, const bg_result *stated, int result_move, bg_notes *notes,
                   bg_err *err);

/* Replays a full record from start to finish (bg_game_start, each bg_game_apply,
 * bg_game_finish). What a record leaves out of a roll's play (a->unwritten, or any roll
 * with no play just before the result) is read as its writer meant:
 * - just before the stated result, by either side: "rolled, then the game was resigned"
 *   (gnubg and Studio write the resigner's roll so, XG Mobile the winner's);
 * - the last event of a truncated record: the record ends before the play (a log cut off
 *   while the player was moving), as if the roll were not there;
 * - elsewhere, where a play was possible (ENG-6 would refuse it): a gap, a line the record
 *   lost. A note with rule BG_GAP_RULE names the game and move; the rest of the game is
 *   replayed without its position (turns, dice and the cube still checked) and its stated
 *   result stands if the cube can give it (out->gap set). Whether it stands is the TD's
 *   decision, not MATCH-6's, which governs illegal plays.
 * Returns 0 (out filled), -1 (err filled), or 1 when rec->truncated and every event it
 * holds was legal. */
int bg_game_replay(const bg_game_rec *rec, const bg_game_ctx *ctx, bg_outcome *out, bg_notes *notes,
                   bg_err *err);

/* Writes a play as a player reads it: "24/18 13/9", "bar/22 6/off"; "no play" when n == 0. */
void bg_play_text(char *buf, size_t len, const bg_step *steps, int n);

/* "single game", "gammon", ... */
const char *bg_how_name(int how);

#endif
