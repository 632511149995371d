/* Table assignment: the order of ready matches and the tables they get (KO-1, KO-7). */
#include "tourney/tables.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

int tables_flight_priority(const char *flight)
{
    return flight && (!strcasecmp(flight, "championship") || !strcasecmp(flight, "intermediate"))
               ? 0
               : 1;
}

int tables_priority(int event_priority, int flight_priority)
{
    return (1000 - event_priority) * 2 + (flight_priority ? 1 : 0);
}

int tables_ready_cmp(const struct tables_ready *x, const struct tables_ready *y)
{
    if (x->priority != y->priority)
        return x->priority < y->priority ? -1 : 1;
    if (x->ready_ms != y->ready_ms)
        return x->ready_ms < y->ready_ms ? -1 : 1;
    if (x->round != y->round)
        return x->round < y->round ? -1 : 1;
    return (x->match_id > y->match_id) - (x->match_id < y->match_id);
}

static int cmp_ready(const void *a, const void *b)
{
    return tables_ready_cmp(*(const struct tables_ready *const *)a,
                            *(const struct tables_ready *const *)b);
}

int tables_assign(const struct tables_ready *ready, int n, const char *const *free_tables,
                  int nfree, const char *const *busy, int nbusy, struct tables_assignment *out)
{
    const struct tables_ready **ord = malloc((size_t)(n ? n : 1) * sizeof *ord);
    char *taken = calloc((size_t)(nfree ? nfree : 1), 1);
    int given = 0;
    if (!ord || !taken) {
        free(ord), free(taken);
        for (int i = 0; i < n; i++)
            out[i] = (struct tables_assignment){ready[i].match_id, NULL};
        return 0;
    }
    for (int i = 0; i < n; i++)
        ord[i] = &ready[i];
    qsort(ord, (size_t)n, sizeof *ord, cmp_ready);
    for (int i = 0; i < n; i++)
        out[i] = (struct tables_assignment){ord[i]->match_id, NULL};
    /* Pass 1: the TD's fixed tables, first come in the order above. */
    for (int i = 0; i < n; i++) {
        const char *t = ord[i]->fixed;
        if (!t)
            continue;
        int dup = 0;
        for (int j = 0; j < i && !dup; j++)
            dup = out[j].table && !strcmp(out[j].table, t);
        for (int j = 0; j < nbusy && !dup; j++)
            dup = !strcmp(busy[j], t); /* someone plays there: the match waits for it */
        if (dup)
            continue;
        out[i].table = t;
        given++;
        for (int k = 0; k < nfree; k++)
            if (!strcmp(free_tables[k], t))
                taken[k] = 1;
    }
    /* Pass 2: the free tables, in the TD's list order. */
    int k = 0;
    for (int i = 0; i < n; i++) {
        if (ord[i]->fixed)
            continue;
        while (k < nfree && taken[k])
            k++;
        if (k == nfree)
            break;
        out[i].table = free_tables[k];
        taken[k] = 1;
        given++;
    }
    free(ord), free(taken);
    return given;
}
