/* Checking a play someone made against the rules (DOMAIN.md ENG-3..7): the game replay and
 * the notation parser call this; bg_legal_plays (bg_board.h) lists every legal play. */
#ifndef BG_MOVEGEN_H
#define BG_MOVEGEN_H

#include "rules/bg_board.h"

/* Is `steps` (n single-die steps, 0..4, in ANY order: a .mat file writes them in gnubg's
 * play order, one checker's steps may be interleaved with another's, and a bear-off step
 * "3/0" does not say which die it used) one of the legal plays for dice d1, d2 (1..6, either
 * order) from b (mover's view)?
 *
 * Returns 0 when it is: *after (if not NULL) receives the resulting position, mover's view,
 * not swapped. Two plays are the same play when they reach the same position (ENG-6), so
 * "2/off" is accepted for dice 2-1 with one checker left on the 2-point.
 *
 * Returns -1 when it is not: err->rule gets the rule id ("ENG-3" blocked point, no checker
 * there, a step that matches no die, a backward step; "ENG-4" a checker moved while one is on
 * the bar, an entry point blocked; "ENG-5" bearing off with checkers outside the home board
 * or from the wrong point; "ENG-6" fewer dice than can be played, or the lower die when the
 * higher was required) and err->message a sentence naming the step, e.g.
 * "13/7: the 7-point is blocked (two or more opposing checkers), ENG-3".
 * err->game, err->move and err->side are left as the caller set them. err may be NULL.
 * Pure: no I/O, no allocation; cost is a few microseconds. */
int bg_check_play(const bg_board *b, int d1, int d2, const bg_step *steps, int n, bg_board *after,
                  bg_err *err);

/* As bg_check_play, and on success *played (if not NULL) receives the same steps in an order
 * in which they can be played one after the other. */
int bg_check_play_ordered(const bg_board *b, int d1, int d2, const bg_step *steps, int n,
                          bg_board *after, bg_play *played, bg_err *err);

/* How many dice a legal play of d1, d2 from b uses (0..4): the ENG-6 maximum. */
int bg_max_dice(const bg_board *b, int d1, int d2);

#endif
