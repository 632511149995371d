/* GOV-8: the rows of the report to the federation, one query a table (store/report.c). The
 * columns are the query's own, named as the report names them (docs/report.schema.json);
 * a column named `flight` or `…_flight` is NULL here (an event's flight is its kind's
 * setting, read by the kind: ops/report/ fills it). No query reads a secret (a PIN, a
 * password's hash, a session). The caller holds the connection, as for store.h. */
#ifndef STORE_REPORT_H
#define STORE_REPORT_H

#include <stdint.h>

#include "store/db.h"

enum db_report_query {
    DBR_TOURNAMENT, /* the tournament: id, name, venue, dates */
    DBR_RESULTS,    /* every decided match */
    DBR_RULINGS,    /* every ruling (GOV-6) */
    DBR_SANCTIONS,  /* every disqualification (WBGF 1.6, 1.7) */
    DBR_ENTRIES,    /* every refused or moved-up entry (GOV-4) */
    DBR_APPEALS,    /* every case before the Committee (GOV-7) */
    DBR_OFFICIALS,  /* the officials (GOV-1) */
    DBR_COMMITTEE,  /* the Committee's members and reserves (GOV-2) */
    DBR_NO_FEDID,   /* the players with no federation id */
};

/* DBC_REAL and DBC_BOOL come from no query: the tables ops/report/ computes (the
 * placings, the ratings) are built of the same cells. */
enum db_cell_type { DBC_NULL, DBC_INT, DBC_TEXT, DBC_REAL, DBC_BOOL };
struct db_cell {
    enum db_cell_type type;
    int64_t i;     /* DBC_INT; DBC_BOOL 0 or 1 */
    double r;      /* DBC_REAL: a rating, written with two decimals */
    const char *s; /* DBC_TEXT: valid during the call */
};

/* row(ctx, n, names, NULL) once (the columns), then row(ctx, n, names, cells) for each row
 * of query q about tournament tid, in order; a call that returns non-zero stops the rows
 * (CW_ENOMEM). CW_OK, or CW_EDB. */
typedef int (*db_report_row)(void *ctx, int n, const char *const *names,
                             const struct db_cell *cells);
int db_report_rows(struct db *db, enum db_report_query q, int64_t tid, db_report_row row,
                   void *ctx);

#endif
