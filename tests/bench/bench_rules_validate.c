/* bench rules.validate: turns (roll cells) per second replaying the whole gnubg matches corpus,
 * .mat parsing included, on one core for at least a second; run from the repository root. */
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "rules/bg_mat.h"

#define CORPUS "tests/data/gnubg/matches/*.mat"

/* CPU time of this thread: the figure is per core and the machine may be shared. */
static double cpu_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

int main(void)
{
    glob_t gl;
    if (glob(CORPUS, 0, NULL, &gl) != 0 || gl.gl_pathc == 0) {
        fprintf(stderr, "bench_rules_validate: no files match %s (run from the repository root)\n",
                CORPUS);
        return 1;
    }
    size_t n = gl.gl_pathc;
    char **text = calloc(n, sizeof *text);
    size_t *len = calloc(n, sizeof *len);
    for (size_t i = 0; i < n; i++) {
        FILE *f = fopen(gl.gl_pathv[i], "rb");
        if (!f || fseek(f, 0, SEEK_END) != 0) {
            fprintf(stderr, "bench_rules_validate: cannot read %s\n", gl.gl_pathv[i]);
            return 1;
        }
        long sz = ftell(f);
        rewind(f);
        text[i] = malloc((size_t)sz);
        len[i] = fread(text[i], 1, (size_t)sz, f);
        fclose(f);
    }
    /* One pass that must succeed everywhere: a benchmark of refusals would measure nothing. */
    long turns_per_pass = 0;
    for (size_t i = 0; i < n; i++) {
        bg_match_rec rec;
        bg_match_report rep;
        bg_mat_parse(text[i], len[i], &rec, NULL);
        if (bg_match_replay(&rec, &rep) != 0) {
            fprintf(stderr, "bench_rules_validate: %s: %s\n", gl.gl_pathv[i], rep.err.message);
            return 1;
        }
        turns_per_pass += rep.turns;
        bg_match_report_free(&rep);
        bg_match_rec_free(&rec);
    }
    long turns = 0;
    double t0 = cpu_seconds(), el = 0;
    do {
        for (size_t i = 0; i < n; i++) {
            bg_match_rec rec;
            bg_match_report rep;
            bg_mat_parse(text[i], len[i], &rec, NULL);
            bg_match_replay(&rec, &rep);
            turns += rep.turns;
            bg_match_report_free(&rep);
            bg_match_rec_free(&rec);
        }
        el = cpu_seconds() - t0;
    } while (el < 1.0);
    if (turns % turns_per_pass != 0) {
        fprintf(stderr, "bench_rules_validate: replays disagree between passes\n");
        return 1;
    }
    printf("bench rules.validate %.0f turns/s\n", (double)turns / el);
    for (size_t i = 0; i < n; i++)
        free(text[i]);
    free(text);
    free(len);
    globfree(&gl);
    return 0;
}
