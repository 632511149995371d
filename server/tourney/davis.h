/* Davis Cup team events as pure logic (DOMAIN.md DAVIS-1..3): the five matches of a tie
 * and its phases, the round-robin schedule, and the standings. No SQL, no HTTP. */
#ifndef TOURNEY_DAVIS_H
#define TOURNEY_DAVIS_H

#include <stdint.h>

#define DAVIS_RUBBERS 5

/* DAVIS-2: who plays each of the five matches of a tie between pairs A and B. member 1 or
 * 2 of each pair, or 0 for the pair itself (the consultation doubles of phase 2). */
struct davis_rubber {
    int phase; /* 1, 2, 3 */
    int a_member, b_member;
};
extern const struct davis_rubber davis_rubbers[DAVIS_RUBBERS];

/* The result of each rubber: 0 = A won, 1 = B won, DAVIS_OPEN = not decided yet, DAVIS_VOID =
 * not played because it could no longer change the winner. */
#define DAVIS_OPEN (-1)
#define DAVIS_VOID (-2)

struct davis_tie_state {
    int wins[2];             /* rubbers won by A and B */
    int open_phase;          /* the phase being played (1..3), 0 when the tie is complete */
    int winner;              /* 0, 1, or -1 while undecided: the first to 3 wins */
    int dead[DAVIS_RUBBERS]; /* rubbers that can no longer change the winner */
    int complete;            /* every rubber decided or void */
};

/* Where a tie stands. A phase opens when every rubber of the phase before is decided (or
 * void). play_dead: whether rubbers that can no longer change the winner are still played
 * (a setting); when not, they are dead and the tie completes without them. */
void davis_tie_state(const int result[DAVIS_RUBBERS], int play_dead, struct davis_tie_state *out);

/* DAVIS-3 round robin by the circle method: n teams (1-based numbers), a bye when n is odd.
 * Fills rounds (n - 1 rounds, or n when odd) of n/2 pairs each into pairs[round][k] = {home,
 * away}; a team paired with 0 has the bye. Returns the number of rounds. The first team
 * stays in place and the others rotate one step each round. */
int davis_round_robin(int n, int (*pairs)[2], int max_pairs);

/* One tie's outcome for the standings. */
struct davis_tie_result {
    int team[2];    /* team numbers (1-based indexes into the standings) */
    int matches[2]; /* rubbers won by each */
    int points[2];  /* match points scored by each, over the tie's rubbers */
    int winner;     /* 0, 1 */
};

struct davis_standing {
    int team;
    int ties_played, ties_won;
    int matches_won, matches_lost;
    int points_for, points_against;
    int rank;
};

/* DAVIS-3 standings, in order: ties won, then matches won, then points difference, then
 * head-to-head (ties won among the teams still level, in the ties they played each other),
 * then equal. Fills st[0..n_teams) sorted, with ranks (equal teams share a rank). */
void davis_standings(int n_teams, const struct davis_tie_result *ties, int n_ties,
                     struct davis_standing *st);

#endif
