/* Ratings benchmark (RAT-1): a book of 10,000 decided matches among 1,000 players, then the
 * first of them corrected (its winner changed), which recomputes every later change; the
 * median of 51 corrections. Prints `bench ratings.recompute_10000_ms VALUE ms` (target under
 * 200 ms). The pure part only: the stored ratings add the database's part when the route
 * lands. */
#include <stdio.h>
#include <stdlib.h>

#include "support/benchlib.h"
#include "tourney/ratings.h"
#include "tourney/rng.h"

#define MATCHES 10000
#define PLAYERS 1000
#define RUNS 51

int main(void)
{
    struct rng r;
    rng_seed(&r, 34);
    struct rat_settings s;
    rat_settings_default(&s);
    struct rat_match *m = calloc(MATCHES, sizeof *m);
    if (!m)
        return 1;
    for (int i = 0; i < MATCHES; i++) {
        m[i].id = i + 1;
        m[i].order = i;
        m[i].player[0][0] = 1 + (int64_t)rng_below(&r, PLAYERS);
        do
            m[i].player[1][0] = 1 + (int64_t)rng_below(&r, PLAYERS);
        while (m[i].player[1][0] == m[i].player[0][0]);
        m[i].length = 3 + 2 * (int)rng_below(&r, 6);
        m[i].winner = (int)rng_below(&r, 2);
    }
    struct rat_book *b = rat_book_new(&s, NULL, 0);
    char err[128];
    if (!b || rat_book_load(b, m, MATCHES, err, sizeof err)) {
        fprintf(stderr, "bench_ratings: %s\n", b ? err : "out of memory");
        return 1;
    }
    double t[RUNS];
    struct rat_standing before, after;
    rat_book_standing(b, m[MATCHES - 1].player[0][0], &before);
    for (int k = 0; k < RUNS; k++) {
        m[0].winner = 1 - m[0].winner;
        double t0 = bench_now_ms();
        if (rat_book_decide(b, &m[0], err, sizeof err)) {
            fprintf(stderr, "bench_ratings: %s\n", err);
            return 1;
        }
        t[k] = bench_now_ms() - t0;
    }
    /* an odd number of corrections: the last match's player stands elsewhere now (the
     * change went all the way through) */
    rat_book_standing(b, m[MATCHES - 1].player[0][0], &after);
    if (after.rating == before.rating) {
        fprintf(stderr, "bench_ratings: the correction changed nothing at the end\n");
        return 1;
    }
    bench_sort(t, RUNS);
    printf("bench ratings.recompute_10000_ms %.3f ms\n", t[RUNS / 2]);
    rat_book_free(b);
    free(m);
    return 0;
}
