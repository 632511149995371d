/* Test helpers of the rules suites: the gnubg cases file (tests/data/gnubg/cases.jsonl.gz,
 * read through gzip so no new dependency) and positions written by hand. Header-only. */
#ifndef RULES_CASES_H
#define RULES_CASES_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "rules/bg_board.h"

typedef struct rules_move {
    char key[53];
    char gnubg[64];
} rules_move;

typedef struct rules_case {
    char id[16];
    bg_board b;
    int d1, d2;
    int max_dice;
    int n;
    rules_move *moves;
} rules_case;

/* Loads every case; returns the count (0 when the file cannot be read). The path can be
 * changed with CRAWFORD_CASES; by default it is relative to the repository root, where
 * `make test` runs. */
static inline int rules_load_cases(rules_case **out)
{
    const char *path = getenv("CRAWFORD_CASES");
    char cmd[512];
    snprintf(cmd, sizeof cmd, "gzip -dc '%s'", path ? path : "tests/data/gnubg/cases.jsonl.gz");
    FILE *f = popen(cmd, "r");
    if (!f) return 0;
    int n = 0, cap = 0;
    rules_case *v = NULL;
    char *line = NULL;
    size_t lcap = 0;
    while (getline(&line, &lcap, f) > 0) {
        json_error_t e;
        json_t *c = json_loads(line, 0, &e);
        if (!c) continue;
        if (n == cap) {
            cap = cap ? cap * 2 : 1024;
            v = realloc(v, (size_t)cap * sizeof *v);
        }
        rules_case *k = &v[n++];
        memset(k, 0, sizeof *k);
        snprintf(k->id, sizeof k->id, "%s", json_string_value(json_object_get(c, "id")));
        json_t *board = json_object_get(c, "board");
        for (size_t i = 0; i < 26; i++) {
            k->b.me[i] =
                (uint8_t)json_integer_value(json_array_get(json_object_get(board, "me"), i));
            k->b.opp[i] =
                (uint8_t)json_integer_value(json_array_get(json_object_get(board, "opp"), i));
        }
        k->d1 = (int)json_integer_value(json_array_get(json_object_get(c, "dice"), 0));
        k->d2 = (int)json_integer_value(json_array_get(json_object_get(c, "dice"), 1));
        k->max_dice = (int)json_integer_value(json_object_get(c, "max_dice"));
        json_t *mv = json_object_get(c, "moves");
        k->n = (int)json_array_size(mv);
        k->moves = calloc((size_t)k->n + 1, sizeof *k->moves);
        for (int i = 0; i < k->n; i++) {
            json_t *m = json_array_get(mv, (size_t)i);
            snprintf(k->moves[i].key, sizeof k->moves[i].key, "%s",
                     json_string_value(json_object_get(m, "key")));
            snprintf(k->moves[i].gnubg, sizeof k->moves[i].gnubg, "%s",
                     json_string_value(json_object_get(m, "gnubg")));
        }
        json_decref(c);
    }
    free(line);
    pclose(f);
    *out = v;
    return n;
}

static inline void rules_free_cases(rules_case *v, int n)
{
    for (int i = 0; i < n; i++)
        free(v[i].moves);
    free(v);
}

/* Index of the gnubg move with this key, or -1. */
static inline int rules_find_key(const rules_case *c, const char *key)
{
    for (int i = 0; i < c->n; i++)
        if (!strcmp(c->moves[i].key, key)) return i;
    return -1;
}

/* A position written by hand: "6:5 8:3 13:5 24:2" for the mover and the same for the
 * opponent (points in the mover's numbering, 25 = bar); the checkers not placed are off. */
static inline bg_board rules_pos(const char *me, const char *opp)
{
    bg_board b;
    memset(&b, 0, sizeof b);
    const char *src[2] = {me, opp};
    uint8_t *dst[2] = {b.me, b.opp};
    for (int s = 0; s < 2; s++) {
        int placed = 0;
        const char *p = src[s];
        while (p && *p) {
            int pt, cnt, used;
            if (sscanf(p, " %d:%d%n", &pt, &cnt, &used) != 2) break;
            dst[s][pt] = (uint8_t)(dst[s][pt] + cnt);
            placed += cnt;
            p += used;
        }
        dst[s][0] = (uint8_t)(dst[s][0] + 15 - placed);
    }
    return b;
}

#endif
