/* Swiss pairing benchmark (SWISS-1): a 1,024-player Swiss played for six rounds with
 * seeded results (the better-ranked player wins three times in five), then round 7 paired
 * exactly; the median of 5 pairings of that round, each from its own seed. Prints
 * `bench swiss.pair_1024_ms VALUE ms` (target under 100 ms). */
#include <stdio.h>
#include <stdlib.h>

#include "support/benchlib.h"
#include "tourney/rng.h"
#include "tourney/swiss.h"

#define PLAYERS 1024
#define ROUNDS_BEFORE 6
#define RUNS 5

static struct swiss_entry entries[PLAYERS];
static struct swiss_match matches[PLAYERS * ROUNDS_BEFORE];
static struct swiss_standing standings[PLAYERS];
static struct swiss_player players[PLAYERS];

static void fail(const char *what, const char *err)
{
    fprintf(stderr, "bench_swiss: %s: %s\n", what, err);
    exit(1);
}

/* The pairing's input after the matches so far. */
static int64_t *round_input(const struct swiss_rules *rules, int nm)
{
    char err[128];
    int64_t *block;
    if (swiss_standings(entries, PLAYERS, matches, nm, rules, standings, err, sizeof err))
        fail("standings", err);
    if (swiss_players_from(entries, PLAYERS, matches, nm, standings, players, &block))
        fail("players", "out of memory");
    return block;
}

int main(void)
{
    struct swiss_rules rules = {.n_tiebreaks = 2,
                                .tiebreaks = {SWISS_TB_BUCHHOLZ, SWISS_TB_POINTS_DIFF}};
    for (int i = 0; i < PLAYERS; i++)
        entries[i] = (struct swiss_entry){1 + i, 1 + i, 0, 0};
    struct rng g;
    rng_seed(&g, 20260704);
    int nm = 0;
    char err[128];
    for (int round = 1; round <= ROUNDS_BEFORE; round++) {
        int64_t *block = round_input(&rules, nm);
        struct swiss_options opt = {.seed = rng_next(&g)};
        struct swiss_pairing p;
        if (swiss_pair(players, PLAYERS, &opt, &p, err, sizeof err))
            fail("pairing", err);
        for (int k = 0; k < p.n_pairs; k++) {
            int64_t a = p.pairs[k][0], b = p.pairs[k][1], w = rng_below(&g, 5) < 3 ? a : b;
            matches[nm++] = (struct swiss_match){round, a, b, w, w == a ? 7 : 3, w == b ? 7 : 3, 0};
        }
        swiss_pairing_free(&p);
        free(block);
    }
    int64_t *block = round_input(&rules, nm);
    double t[RUNS];
    int64_t check = 0;
    for (int r = 0; r < RUNS; r++) {
        struct swiss_options opt = {.seed = 0x9e3779b97f4a7c15ULL * (uint64_t)(r + 1)};
        struct swiss_pairing p;
        double t0 = bench_now_ms();
        if (swiss_pair(players, PLAYERS, &opt, &p, err, sizeof err))
            fail("round 7", err);
        t[r] = bench_now_ms() - t0;
        if (p.n_pairs != PLAYERS / 2 || p.levels.rematches != 0)
            fail("round 7", "not 512 pairs without a rematch");
        check += p.pairs[0][0] + p.levels.sq_diff;
        swiss_pairing_free(&p);
    }
    free(block);
    bench_sort(t, RUNS);
    printf("bench swiss.pair_1024_ms %.3f ms\n", t[RUNS / 2]);
    return check > 0 ? 0 : 1;
}
