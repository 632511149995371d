/* Davis Cup: tie phases, the circle method, standings with their tie-breaks. */
#include "tourney/davis.h"

#include <stdlib.h>
#include <string.h>

const struct davis_rubber davis_rubbers[DAVIS_RUBBERS] = {
    {1, 1, 2}, /* A1 v B2 */
    {1, 2, 1}, /* A2 v B1 */
    {2, 0, 0}, /* A v B, consultation doubles */
    {3, 1, 1}, /* A1 v B1 */
    {3, 2, 2}, /* A2 v B2 */
};

void davis_tie_state(const int result[DAVIS_RUBBERS], int play_dead, struct davis_tie_state *out)
{
    memset(out, 0, sizeof *out);
    out->winner = -1;
    int open = 0;
    for (int i = 0; i < DAVIS_RUBBERS; i++) {
        if (result[i] == 0 || result[i] == 1)
            out->wins[result[i]]++;
        else if (result[i] == DAVIS_OPEN)
            open++;
    }
    if (out->wins[0] >= 3)
        out->winner = 0;
    else if (out->wins[1] >= 3)
        out->winner = 1;
    /* with a winner, the open rubbers cannot change it */
    for (int i = 0; i < DAVIS_RUBBERS; i++)
        out->dead[i] = out->winner >= 0 && result[i] == DAVIS_OPEN;
    int pending = 0;
    for (int i = 0; i < DAVIS_RUBBERS; i++)
        if (result[i] == DAVIS_OPEN && (play_dead || !out->dead[i]))
            pending++;
    out->complete = pending == 0;
    out->open_phase = 0;
    if (!out->complete)
        for (int phase = 1; phase <= 3 && !out->open_phase; phase++)
            for (int i = 0; i < DAVIS_RUBBERS; i++)
                if (davis_rubbers[i].phase == phase && result[i] == DAVIS_OPEN &&
                    (play_dead || !out->dead[i]))
                    out->open_phase = phase;
    (void)open;
}

int davis_round_robin(int n, int (*pairs)[2], int max_pairs)
{
    if (n < 2)
        return 0;
    int m = n % 2 ? n + 1 : n; /* with a bye, team "0" joins the circle */
    int rounds = m - 1, half = m / 2;
    if (rounds * half > max_pairs)
        return -1;
    int *circle = malloc((size_t)m * sizeof *circle);
    if (!circle)
        return -1;
    for (int i = 0; i < m; i++)
        circle[i] = i < n ? i + 1 : 0;
    for (int r = 0; r < rounds; r++) {
        for (int k = 0; k < half; k++) {
            int a = circle[k], b = circle[m - 1 - k];
            /* alternate who is named first so nobody is always "home" */
            int *p = pairs[r * half + k];
            if ((r + k) % 2) {
                p[0] = b, p[1] = a;
            } else {
                p[0] = a, p[1] = b;
            }
            if (p[0] == 0) { /* the bye is always written second */
                p[0] = p[1];
                p[1] = 0;
            }
        }
        /* keep circle[0], rotate the rest one step clockwise */
        int last = circle[m - 1];
        for (int i = m - 1; i > 1; i--)
            circle[i] = circle[i - 1];
        circle[1] = last;
    }
    free(circle);
    return rounds;
}

struct ctx {
    const struct davis_tie_result *ties;
    int n_ties;
};

static int primary(const struct davis_standing *a, const struct davis_standing *b)
{
    if (a->ties_won != b->ties_won)
        return b->ties_won - a->ties_won;
    if (a->matches_won != b->matches_won)
        return b->matches_won - a->matches_won;
    int da = a->points_for - a->points_against, dbb = b->points_for - b->points_against;
    return dbb - da;
}

static int cmp_primary(const void *x, const void *y)
{
    int c = primary(x, y);
    return c ? c
             : ((const struct davis_standing *)x)->team - ((const struct davis_standing *)y)->team;
}

/* Ties won by team t against the teams in group[0..k). */
static int h2h_wins(int t, const int *group, int k, const struct davis_tie_result *ties, int n_ties)
{
    int w = 0;
    for (int i = 0; i < n_ties; i++) {
        for (int s = 0; s < 2; s++) {
            if (ties[i].team[s] != t)
                continue;
            int other = ties[i].team[1 - s];
            for (int g = 0; g < k; g++)
                if (group[g] == other && ties[i].winner == s)
                    w++;
        }
    }
    return w;
}

void davis_standings(int n_teams, const struct davis_tie_result *ties, int n_ties,
                     struct davis_standing *st)
{
    if (n_teams <= 0)
        return;
    memset(st, 0, (size_t)n_teams * sizeof *st);
    for (int t = 0; t < n_teams; t++)
        st[t].team = t + 1;
    for (int i = 0; i < n_ties; i++) {
        for (int s = 0; s < 2; s++) {
            int t = ties[i].team[s] - 1;
            if (t < 0 || t >= n_teams)
                continue;
            st[t].ties_played++;
            st[t].ties_won += ties[i].winner == s;
            st[t].matches_won += ties[i].matches[s];
            st[t].matches_lost += ties[i].matches[1 - s];
            st[t].points_for += ties[i].points[s];
            st[t].points_against += ties[i].points[1 - s];
        }
    }
    qsort(st, (size_t)n_teams, sizeof *st, cmp_primary);
    /* groups level on the first three keys are ordered by head-to-head */
    int *group = malloc((size_t)n_teams * sizeof *group);
    int *h2h = malloc((size_t)n_teams * sizeof *h2h);
    for (int i = 0; group && h2h && i < n_teams;) {
        int j = i + 1;
        while (j < n_teams && primary(&st[i], &st[j]) == 0)
            j++;
        int k = j - i;
        for (int g = 0; g < k; g++)
            group[g] = st[i + g].team;
        for (int g = 0; g < k; g++)
            h2h[g] = h2h_wins(st[i + g].team, group, k, ties, n_ties);
        /* insertion sort of the group by head-to-head wins (stable) */
        for (int a = 1; a < k; a++)
            for (int b = a; b > 0 && h2h[b] > h2h[b - 1]; b--) {
                struct davis_standing ts = st[i + b];
                st[i + b] = st[i + b - 1];
                st[i + b - 1] = ts;
                int th = h2h[b];
                h2h[b] = h2h[b - 1];
                h2h[b - 1] = th;
            }
        for (int g = 0; g < k; g++)
            st[i + g].rank = g > 0 && h2h[g] == h2h[g - 1] ? st[i + g - 1].rank : i + g + 1;
        i = j;
    }
    free(group);
    free(h2h);
}
