/* The results state machine and final-score checks (MATCH-1, MATCH-4, MATCH-5, MATCH-7). */
#include "tourney/results.h"

#include <stdio.h>
#include <string.h>

#include "tourney/clock.h"

int results_same(const struct report *a, const struct report *b)
{
    return a->complete && b->complete && a->winner == b->winner && a->score[0] == b->score[0] &&
           a->score[1] == b->score[1];
}

enum results_outcome results_outcome(const struct report *r0, const struct report *r1)
{
    int c0 = r0 && r0->complete, c1 = r1 && r1->complete;
    if (c0 && c1)
        return results_same(r0, r1) ? RO_AGREED : RO_DISPUTED;
    if (c0 || c1)
        return RO_REPORTED;
    if (r0 || r1)
        return RO_PLAYING;
    return RO_OPEN;
}

static int is_sheet(const struct report *r)
{
    return r && (!strcmp(r->kind, "games") || !strcmp(r->kind, "transcript"));
}

int results_dispute_prevails(const struct report *r0, const struct report *r1, char *why,
                             size_t whylen)
{
    static const char name[2][2] = {"a", "b"};
    int sheet[2] = {is_sheet(r0), is_sheet(r1)};
    if (sheet[0] != sheet[1]) {
        int s = sheet[0] ? 0 : 1;
        snprintf(why, whylen,
                 "Only side %s reported the match game by game: a kept scoresheet prevails "
                 "over a final score alone (MATCH-4).",
                 name[s]);
        return s;
    }
    if (!sheet[0]) {
        snprintf(why, whylen,
                 "Neither side reported the match game by game, so no scoresheet decides: the "
                 "TD decides (MATCH-4).");
        return -1;
    }
    int t0 = r0->winner >= 0 ? 1 - r0->winner : -1, t1 = r1->winner >= 0 ? 1 - r1->winner : -1;
    if (t0 >= 0 && t0 == t1) {
        snprintf(why, whylen,
                 "Both scoresheets have side %s trailing: the trailing player's scoresheet "
                 "prevails (MATCH-4), if it is clear.",
                 name[t0]);
        return t0;
    }
    snprintf(why, whylen,
             "The two scoresheets disagree on who trails, so the rule does not decide: the TD "
             "decides (MATCH-4).");
    return -1;
}

int results_final_score(int length, int a, int b, int *winner, int score[2], char *err,
                        size_t errlen)
{
    if (a < 0 || b < 0) {
        snprintf(err, errlen, "A score cannot be negative (MATCH-1).");
        return -1;
    }
    if (a >= length && b >= length) {
        snprintf(err, errlen,
                 "%d-%d cannot end a %d-point match: only one player reaches %d (MATCH-1).", a, b,
                 length, length);
        return -1;
    }
    if (a < length && b < length) {
        snprintf(err, errlen,
                 "%d-%d does not end a %d-point match: the winner has %d points (MATCH-1).", a, b,
                 length, length);
        return -1;
    }
    *winner = a >= length ? 0 : 1;
    score[0] = a >= length ? length : a;
    score[1] = b >= length ? length : b;
    return 0;
}

int results_score_holds_penalties(const struct match *m, const int score[2], int told_a, int told_b,
                                  char *err, size_t errlen)
{
    static const char name[2][2] = {"a", "b"};
    for (int s = 0; s < 2; s++)
        if (score[s] < m->penalty[s]) {
            snprintf(err, errlen,
                     "Side %s has %d penalty point%s from the TD, which count in its score "
                     "(MATCH-5): %d-%d is impossible.",
                     name[s], m->penalty[s], m->penalty[s] == 1 ? "" : "s", told_a, told_b);
            return -1;
        }
    return 0;
}

int results_over(int length, const int score[2])
{
    if (length < 1)
        return -1;
    return score[0] >= length ? 0 : score[1] >= length ? 1 : -1;
}

enum results_relength results_relength(struct match *m, const struct results_standing *st, int to,
                                       char *why, size_t whylen)
{
    if (st->games && m->first_length) {
        snprintf(why, whylen,
                 "Match %lld was corrected from %d to %d points before game %d; it is not "
                 "corrected twice (MATCH-3).",
                 (long long)m->id, m->first_length, m->length, m->length_fix_game + 1);
        return RL_TWICE;
    }
    if (results_over(to, st->score) >= 0) {
        snprintf(why, whylen,
                 "At %d-%d a %d-point match would be over%s: match %lld continues to %d points "
                 "and its result stands (MATCH-3).",
                 st->score[0], st->score[1], to,
                 st->games ? "" : " (penalty points count in the score as games do, MATCH-5)",
                 (long long)m->id, m->length);
        return RL_STANDS;
    }
    /* PEN-2: lateness points past half the length forfeit the match; at `to` they would */
    for (int s = 0; s < 2; s++)
        if (pen_late_forfeit(st->late[s], to)) {
            snprintf(why, whylen,
                     "Side %s's %d lateness point%s would be more than half of a %d-point match, "
                     "which forfeits it (PEN-2): match %lld continues to %d points (MATCH-3: a "
                     "correction that would decide the match is not made).",
                     s ? "b" : "a", st->late[s], st->late[s] == 1 ? "" : "s", to, (long long)m->id,
                     m->length);
            return RL_STANDS;
        }
    if (!st->games) {
        m->length = to;
        return RL_SET;
    }
    m->first_length = m->length;
    m->length_fix_game = st->games;
    m->length = to;
    return RL_CORRECT;
}
