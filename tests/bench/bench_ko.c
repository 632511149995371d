/* Knockout draw benchmark: the Main draw of 4,096 entries (a bracket of 4,096, no byes) from
 * a fresh seed each run, with its advancement computed once; the median of 51 runs.
 * Prints `bench ko.draw_4096_ms VALUE ms` (target under 5 ms). */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "support/benchlib.h"
#include "tourney/knockout.h"

#define ENTRIES 4096
#define RUNS 51

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

int main(void)
{
    struct ko_entry *e = calloc(ENTRIES, sizeof *e);
    struct ko_result *res = calloc(ENTRIES, sizeof *res);
    struct ko_mview *v = calloc(ENTRIES, sizeof *v);
    if (!e || !res || !v)
        return 1;
    for (int i = 0; i < ENTRIES; i++) {
        e[i].id = 1000 + i;
        e[i].has_rating = 1;
        e[i].rating = 1500 + (i * 7919) % 400;
    }
    double t[RUNS];
    long check = 0;
    char err[256];
    for (int r = 0; r < RUNS; r++) {
        struct ko_bracket b;
        double t0 = now_ms();
        if (ko_draw(0x9e3779b97f4a7c15ULL * (uint64_t)(r + 1), e, ENTRIES, 0, NULL, &b, err,
                    sizeof err) ||
            ko_compute(&b, res, v, err, sizeof err)) {
            fprintf(stderr, "bench_ko: %s\n", err);
            return 1;
        }
        t[r] = now_ms() - t0;
        /* Use the result so the work cannot be optimised away, and check it is a draw. */
        int ready[ENTRIES];
        if (ko_ready(&b, v, ready) != ENTRIES / 2) {
            fprintf(stderr, "bench_ko: the draw of %d entries is not %d ready matches\n", ENTRIES,
                    ENTRIES / 2);
            return 1;
        }
        check += b.slots[0].id;
        ko_bracket_free(&b);
    }
    bench_sort(t, RUNS);
    printf("bench ko.draw_4096_ms %.3f ms\n", t[RUNS / 2]);
    free(e), free(res), free(v);
    return check > 0 ? 0 : 1;
}
