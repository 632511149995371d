/* GOV-8 (003 5.5, 1.4 iii): the report to the federation after the tournament, built once
 * as tables (report.c) and written as JSON (one document, docs/report.schema.json) or CSV
 * (one file a table), for the console's download (a zip, api/api_fed_report.c) and the
 * offline command (`crawford report`, cli/cli_report.c) alike. */
#ifndef OPS_REPORT_H
#define OPS_REPORT_H

#include <stddef.h>
#include <stdint.h>

#include "ops/frame/op.h"
#include "ops/frame/problem.h"
#include "store/report.h"

#define FED_REPORT_SCHEMA "crawford-report/1"

struct fed_cell {
    enum db_cell_type type;
    int64_t i;
    double r; /* DBC_REAL */
    char *s;  /* DBC_TEXT: malloc'd */
};

/* One table: its name (the JSON member, the CSV file name.csv), its columns, its rows. */
struct fed_table {
    const char *name;
    const char *warning; /* a sentence when the table has rows (NULL: none) */
    int one;             /* one row, an object in JSON (the tournament) */
    int ncols;
    char **cols;
    struct fed_cell *cells; /* nrows x ncols */
    size_t nrows, cap;
};

#define FED_TABLES_MAX 16
struct fed_report {
    int64_t tournament_id, made_ms;
    struct fed_table tables[FED_TABLES_MAX];
    int n;
};

/* The report of tournament tid as it stands: 0, or -1 with the problem (404 for a
 * tournament that does not exist, 500). r is to be freed either way. */
int op_fed_report_build(const struct op *o, int64_t tid, struct fed_report *r, struct problem *pb);
void op_fed_report_free(struct fed_report *r);

enum fed_report_format { FED_REPORT_JSON, FED_REPORT_CSV };
/* "json", "csv", NULL-terminated: the choices of a format. */
extern const char *const fed_report_formats[];

/* Each file of the report in format f, in order, to file(ctx, name, data, len); a file
 * that returns non-zero stops them. 0, -1 when memory ran out, or what file returned. */
typedef int (*fed_report_file_fn)(void *ctx, const char *name, const char *data, size_t len);
int op_fed_report_files(const struct fed_report *r, enum fed_report_format f, fed_report_file_fn file, void *ctx);

/* The report's files in one zip (malloc'd, *len its bytes), or NULL when memory ran out. */
char *op_fed_report_zip(const struct fed_report *r, enum fed_report_format f, size_t *len);

#endif
