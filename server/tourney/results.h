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

/* MATCH-4 (WBGF 4.7): in a score dispute the trailing player's clear scoresheet prevails;
 * if only one player kept a scoresheet, that one does. A scoresheet here is a report of the
 * match game by game (games or transcript), not a final score alone. Given the two
 * disputed reports, returns the side whose report prevails (0, 1), or -1 when the rule does
 * not decide (no scoresheet, or the two accounts disagree on who trails): the TD decides.
 * why receives the sentence either way. */
int results_dispute_prevails(const struct report *r0, const struct report *r1, char *why,
                             size_t whylen);

/* Two complete reports tell the same result: the same winner and the same final score. */
int results_same(const struct report *a, const struct report *b);

/* MATCH-1: the final score of a match to `length`: exactly one side reached the length;
 * points beyond it do not count, so the winner's score is stored as the length.
 * Returns 0 with *winner and score[] set, or -1 with a sentence in err. */
int results_final_score(int length, int a, int b, int *winner, int score[2], char *err,
                        size_t errlen);

/* MATCH-5: the penalty points the TD gave each side of match m are in its score already, so
 * a final score (as results_final_score stored it) below them is impossible. told_a and
 * told_b are the score as reported, for the sentence. 0, or -1 with a sentence in err. */
int results_score_holds_penalties(const struct match *m, const int score[2], int told_a, int told_b,
                                  char *err, size_t errlen);

/* MATCH-1, MATCH-5: the side whose points reach `length`, or -1 while neither does (and
 * for a Swing game, length 0, which has no score to reach). score counts games and penalty
 * points alike: penalty points are in a match's score, so they end it as games do. */
int results_over(int length, const int score[2]);

/* Where a match stands when the TD changes its length: how many games are reported (in the
 * report furthest on) and the score reached, games and penalty points alike: after those
 * games, penalty points included; before any game, the penalty points alone (MATCH-5); and
 * the confirmed lateness points awarded to each side (PEN-2: for the opponent's lateness). */
struct results_standing {
    int games;
    int score[2];
    int late[2];
};

enum results_relength {
    RL_SET,     /* no game reported: the length is simply set */
    RL_CORRECT, /* between games: corrected from game `games` + 1 on (MATCH-3) */
    RL_STANDS,  /* the score reached would end the match at the new length, or the lateness
                 * points would be more than half of it (PEN-2): refused, the match continues
                 * to the length it has and that result stands (MATCH-3, WBGF 4.8) */
    RL_TWICE,   /* games reported and the length corrected once already: refused */
};

/* MATCH-3: the TD changes the length of match m, standing at st, to `to` points. The one
 * rule of "would this correction end the match" for every path that changes the length of
 * a match (its own, its knockout round's): the score reached, penalty points included,
 * reaches `to` (results_over), or a side's lateness points are more than half of `to`
 * (pen_late_forfeit), whether games are reported or not. Applies the change to m
 * (length, and first_length and length_fix_game for a correction) and returns RL_SET or
 * RL_CORRECT; or returns a refusal with m unchanged and the sentence in why. */
enum results_relength results_relength(struct match *m, const struct results_standing *st, int to,
                                       char *why, size_t whylen);

#endif
