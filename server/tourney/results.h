/* Results of a match as pure logic: what state two sides' reports put a match in, and the
 * checks of a final score (DOMAIN.md MATCH-1, MATCH-7). No SQL, no HTTP, no clock. */
#ifndef TOURNEY_RESULTS_H
#define TOURNEY_RESULTS_H

#include <stddef.h>

#include "tourney/model.h"

enum results_outcome {
    RO_OPEN,     /* nothing complete yet, nothing reported */
    RO_PLAYING,  /* games reported, the match not over in any report */
    RO_REPORTED, /* one side reported the end of the match: waiting for confirmation */
    RO_AGREED,   /* both sides reported the same result: final (MATCH-7) */
    RO_DISPUTED, /* the sides reported different results: the TD decides */
};

/* r0 and r1 are the current reports of side a and side b, NULL when absent. */
enum results_outcome results_outcome(const struct report *r0, const struct report *r1);

/* Two complete reports tell the same result: the same winner and the same final score. */
int results_same(const struct report *a, const struct report *b);

/* MATCH-1: the final score of a match to `length`: exactly one side reached the length;
 * points beyond it do not count, so the winner's score is stored as the length.
 * Returns 0 with *winner and score[] set, or -1 with a sentence in err. */
int results_final_score(int length, int a, int b, int *winner, int score[2], char *err,
                        size_t errlen);

/* A single money-style game (a Swing pairing, a match of length 0): `how` is "single",
 * "gammon", "backgammon", "drop" or "resign" (with level 1..3); `cube` the value the
 * points count from (for a drop, the value before the refused double). Returns the points
 * (multiplier x cube, CUBE-5), or -1 with a sentence in err (CUBE-1: the cube is a power of
 * two). */
int results_money_game(int length, const char *how, int cube, int level, char *err, size_t errlen);

#endif
