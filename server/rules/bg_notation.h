/* Standard backgammon notation, both ways: reading what players and .mat files write
 * ("24/18 13/10", "bar/22*", "13/7(2)", "25/22 3/0", "24/13"; dice "52", "5-2") and writing
 * plays the way gnubg's hint list does. Pure C: no I/O, no allocation. */
#ifndef BG_NOTATION_H
#define BG_NOTATION_H

#include <stddef.h>

#include "rules/bg_board.h"

/* One written checker path, e.g. "24/13", "8/2*" then "/1", or "13/7(2)": pts[0] is where
 * the checker starts, pts[npts-1] where it ends (25 = bar, 0 = off), with the points between
 * as written. hit[i] is 1 when a '*' follows pts[i]. count is the "(n)" repeat (1 if none). */
typedef struct bg_path {
    int8_t pts[5];
    uint8_t hit[5];
    uint8_t npts;  /* 2..5 */
    uint8_t count; /* 1..4 */
} bg_path;

/* A play as written: its paths in the order written. No path at all = no move. The parser
 * guarantees that the paths need at most four dice (one per point-to-point leg at least). */
typedef struct bg_written {
    bg_path path[4];
    int n;
} bg_written;

/* Reads a play from text[0..len) (not necessarily NUL-terminated; any bytes). Accepts points
 * 1..24, "bar" or 25 as a start, "off" or 0 as an end (any case), '*' after any point, "(n)"
 * after a path, and paths separated by spaces or commas. Checks the form and that each path
 * goes toward lower numbers, not the dice or the board. Returns 0, or -1 with err->rule
 * ("NOTATION" for text that is not a play, "ENG-3" for a backward path) and err->message. */
int bg_parse_play(const char *text, size_t len, bg_written *out, bg_err *err);

/* Reads a roll: "52", "5-2" or "5 2" (spaces around allowed). Returns 0, or -1 with a
 * sentence in err (rule "NOTATION"). */
int bg_parse_dice(const char *text, size_t len, int *d1, int *d2, bg_err *err);

/* Turns a written play into the legal play it is for dice d1, d2 from b (mover's view): each
 * path is split into single-die steps (a merged path such as "24/13" with 6-5 goes through
 * whichever intermediate point makes the play legal; if both do, the one whose hits agree
 * with the '*' marks: "24/13" does not hit on the way, while a starred intermediate point
 * does), in any step order. Returns 0 with *play (steps in an order that can be played) and *after
 * (either may be NULL), or -1 with the rule and reason in err, as bg_check_play (bg_movegen.h). */
int bg_resolve_play(const bg_board *b, int d1, int d2, const bg_written *w, bg_play *play,
                    bg_board *after, bg_err *err);

/* bg_parse_play then bg_resolve_play. */
int bg_read_play(const bg_board *b, int d1, int d2, const char *text, size_t len, bg_play *play,
                 bg_board *after, bg_err *err);

/* Enough for any play in either format below, with its terminating NUL. */
#define BG_PLAY_TEXT 64

/* Writes play p, made from position `before`, the way gnubg's hint list does: steps from the
 * highest point down, one checker's steps merged ("24/13"; a point where it hit on the way
 * is kept and starred), repeats counted ("13/7(2)"), "bar" and "off", '*' on the first landing
 * on a point that held an opposing checker. The empty play is "". Returns the length, or -1
 * (and "" if outlen > 0) when out is too small; BG_PLAY_TEXT is always enough. */
int bg_format_play(const bg_board *before, const bg_play *p, char *out, size_t outlen);

/* Writes play p the way a .mat file does: one "from/to" per step in the order of p, 25 for
 * the bar, 0 for off, '*' when the step lands on a point that held an opposing checker before
 * the play and no earlier step landed there (never on "/0"). Returns as bg_format_play. */
int bg_format_steps(const bg_board *before, const bg_play *p, char *out, size_t outlen);

#endif
