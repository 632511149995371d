/* A table of the report grown row by row (table.h). */
#include "ops/report/table.h"

#include <stdlib.h>
#include <string.h>

int op_fed_table_row(void *ctx, int n, const char *const *names, const struct db_cell *cells)
{
    struct fed_table *t = ctx;
    if (!t->cols) {
        t->cols = calloc((size_t)n, sizeof *t->cols);
        if (!t->cols)
            return -1;
        t->ncols = n;
        for (int i = 0; i < n; i++)
            if (!(t->cols[i] = strdup(names[i])))
                return -1;
    }
    if (!cells)
        return 0;
    if (t->nrows == t->cap) {
        size_t cap = t->cap ? t->cap * 2 : 16;
        struct fed_cell *c = realloc(t->cells, cap * (size_t)n * sizeof *c);
        if (!c)
            return -1;
        t->cells = c;
        t->cap = cap;
    }
    struct fed_cell *row = &t->cells[t->nrows * (size_t)n];
    memset(row, 0, (size_t)n * sizeof *row);
    t->nrows++;
    for (int i = 0; i < n; i++) {
        row[i].type = cells[i].type;
        row[i].i = cells[i].i;
        row[i].r = cells[i].r;
        if (cells[i].type == DBC_TEXT && !(row[i].s = strdup(cells[i].s)))
            return -1;
    }
    return 0;
}
