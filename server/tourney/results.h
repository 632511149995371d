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

#endif
