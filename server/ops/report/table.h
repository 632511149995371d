/* One of the report's tables grown a row at a time, the same for a query's rows
 * (store/report.c hands them so) and a computed table's (figures.c): below both, so that
 * neither calls the other. */
#ifndef OPS_REPORT_TABLE_H
#define OPS_REPORT_TABLE_H

#include "ops/report/report.h"

/* One row of the fed_table ctx (cells NULL: its columns alone, set by the first call), its
 * texts copied. 0, or -1 when memory ran out. */
int op_fed_table_row(void *ctx, int n, const char *const *names, const struct db_cell *cells);

#endif
