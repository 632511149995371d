/* bench rules.movegen: positions per second generating every legal play for each case of the
 * gnubg cases file, on one core. Run from the repository root (make bench does). */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include <jansson.h>

#include "rules/bg_board.h"

#define CASES "tests/data/gnubg/cases.jsonl.gz"

static bg_playlist PL;

/* CPU time of this thread: the figure is per core, and the machine may be shared, so the
 * time other processes hold the core is not charged to the generator. */
static double cpu_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

int main(void)
{
    FILE *f = popen("gzip -dc " CASES, "r");
    if (!f) {
        fprintf(stderr, "bench_rules_movegen: cannot read %s\n", CASES);
        return 1;
    }
    int n = 0, cap = 0;
    bg_board *b = NULL;
    int(*dice)[2] = NULL;
    char *line = NULL;
    size_t lcap = 0;
    while (getline(&line, &lcap, f) > 0) {
        json_error_t e;
        json_t *c = json_loads(line, 0, &e);
        if (!c)
            continue;
        if (n == cap) {
            cap = cap ? cap * 2 : 4096;
            b = realloc(b, (size_t)cap * sizeof *b);
            dice = realloc(dice, (size_t)cap * sizeof *dice);
        }
        json_t *board = json_object_get(c, "board");
        for (size_t i = 0; i < 26; i++) {
            b[n].me[i] =
                (uint8_t)json_integer_value(json_array_get(json_object_get(board, "me"), i));
            b[n].opp[i] =
                (uint8_t)json_integer_value(json_array_get(json_object_get(board, "opp"), i));
        }
        dice[n][0] = (int)json_integer_value(json_array_get(json_object_get(c, "dice"), 0));
        dice[n][1] = (int)json_integer_value(json_array_get(json_object_get(c, "dice"), 1));
        n++;
        json_decref(c);
    }
    free(line);
    pclose(f);
    if (n == 0) {
        fprintf(stderr, "bench_rules_movegen: no cases in %s (run from the repository root)\n",
                CASES);
        return 1;
    }
    long positions = 0, plays = 0;
    double start = cpu_seconds(), elapsed;
    do {
        for (int i = 0; i < n; i++) {
            bg_legal_plays(&b[i], dice[i][0], dice[i][1], &PL);
            plays += PL.n; /* used below, so the work cannot be optimised away */
        }
        positions += n;
        elapsed = cpu_seconds() - start;
    } while (elapsed < 1.0);
    if (plays <= 0)
        return 1;
    printf("bench rules.movegen %.0f positions/s\n", (double)positions / elapsed);
    free(b);
    free(dice);
    return 0;
}
