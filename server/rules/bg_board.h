/* Backgammon positions and legal plays (DOMAIN.md ENG-1..7, ENG-9).
 * Pure C: no I/O, no clock, no allocation. Shared by every other rules module. */
#ifndef BG_BOARD_H
#define BG_BOARD_H

#include <stdint.h>
#include <stddef.h>

/* A position always seen from the side on roll ("me"), in the canonical encoding of
 * ../shared/tools/gnubg/README.md:
 *   index 1..24  checkers on that point, numbered from the mover's side (mover's home
 *                board = 1..6; the mover moves 24 -> 1; the opponent moves 1 -> 24 and
 *                its home board is 19..24 in this numbering)
 *   index 25     checkers on the bar
 *   index 0      checkers borne off
 * sum(me) == sum(opp) == 15 and never both sides on one point. */
typedef struct bg_board {
    uint8_t me[26];
    uint8_t opp[26];
} bg_board;

#define BG_BAR 25
#define BG_OFF 0

/* One single-die step in the mover's numbering: from 25 (bar) .. 1, to 24 .. 0 (off). */
typedef struct bg_step {
    int8_t from, to;
} bg_step;

/* A play: up to four single-die steps, in an order in which they can be played. */
typedef struct bg_play {
    bg_step steps[4];
    uint8_t n;
} bg_play;

/* Every distinct legal play for one roll: one entry per distinct resulting position
 * (ENG-6: two plays are the same play when they reach the same position). */
#define BG_MAX_PLAYS 4096 /* proven bound: 3060 (see bg_movegen.c) */
#define BG_HASH_SLOTS (2 * BG_MAX_PLAYS)
typedef struct bg_playlist {
    int n;        /* number of distinct legal plays; 0 = the roll cannot be played */
    int max_dice; /* dice every legal play uses (0..4) */
    bg_play plays[BG_MAX_PLAYS];
    bg_board after[BG_MAX_PLAYS]; /* after[i]: position after plays[i], mover's view */
    /* Scratch space of bg_legal_plays (duplicate detection), not part of the answer: kept
     * here so the generator needs neither allocation nor a large stack frame. */
    uint64_t hash_[BG_MAX_PLAYS];
    uint16_t slot_[BG_HASH_SLOTS];
} bg_playlist;

/* Why something was refused: where (game and move numbers are 1-based, 0 when they do
 * not apply; side 0 = player 0 / left column of a .mat, 1 = player 1, -1 unknown), which
 * rule of DOMAIN.md (e.g. "ENG-6"), and a sentence a player can read. */
typedef struct bg_err {
    int game;
    int move;
    int side;
    char rule[16];
    char message[256];
} bg_err;

/* The starting position (ENG-1). */
void bg_board_init(bg_board *b);

/* Checks the invariants above; returns 0, or -1 and writes a sentence into msg. */
int bg_board_check(const bg_board *b, char *msg, size_t msglen);

/* The same position seen from the other side. */
void bg_board_swap(bg_board *b);

/* Moves one checker of the mover from `from` to `to` (mover's numbering, 25 = bar,
 * 0 = off) if that is physically possible: a checker of the mover stands on `from`, the
 * move goes forward, and `to` is not held by two or more opposing checkers. A single
 * opposing checker on `to` is hit (sent to the opponent's bar) and *hit is set to 1.
 * It does not check the dice or the rules of ENG-4..6. Returns 0, or -1 unchanged. */
int bg_apply_step(bg_board *b, int from, int to, int *hit);

/* The result key of ../shared/tools/gnubg/README.md: 52 lowercase hex digits,
 * me[0..25] then opp[0..25]. out must hold 53 bytes. */
void bg_board_key(const bg_board *b, char out[53]);

/* A point as standard notation names it, the one name every message and play text uses:
 * "bar" (25), "off" (0) or its number. Writes buf (4 bytes hold any point) and returns
 * it. */
const char *bg_point_name(char *buf, size_t len, int p);

/* Fills out with every legal play for dice d1, d2 (1..6, either order), in an order in which
 * each can be played. Returns 0, or -1 (and out->n = 0) for dice outside 1..6. b must pass
 * bg_board_check. */
int bg_legal_plays(const bg_board *b, int d1, int d2, bg_playlist *out);

#endif
