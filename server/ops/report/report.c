/* The report to the federation (GOV-8); see report.h. Each part of it is a row of the table
 * of sections below: its name, its query (store/report.c) or the function that computes it
 * (figures.c: the placings, the ratings), and the warning it raises when it has rows. A
 * part still to come is one more row and one more query, and the schema's member. */
#include "ops/report/report.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ops/report/figures.h"
#include "ops/report/table.h"
#include "store/store.h"

static const struct section {
    const char *name;
    enum db_report_query query;
    int one;
    const char *warning;
    fed_fill_fn fill; /* computed, not queried (query unused) */
} sections[] = {
    {"tournament", DBR_TOURNAMENT, 1, NULL, NULL},
    {"results", DBR_RESULTS, 0, NULL, NULL},
    {"placings", 0, 0, NULL, op_fed_placings},             /* PLACE-1, PLACE-2 */
    {"ratings", 0, 0, NULL, op_fed_ratings},               /* RAT-1, each player */
    {"rating_changes", 0, 0, NULL, op_fed_rating_changes}, /* RAT-1, each rated match */
    {"rulings", DBR_RULINGS, 0, NULL, NULL},
    {"appeals", DBR_APPEALS, 0, NULL, NULL}, /* GOV-7: each case, its motion and votes */
    {"sanctions", DBR_SANCTIONS, 0, NULL, NULL},
    {"entries", DBR_ENTRIES, 0, NULL, NULL},
    {"officials", DBR_OFFICIALS, 0, NULL, NULL},
    {"committee", DBR_COMMITTEE, 0, NULL, NULL}, /* GOV-2: members and reserves */
    {"players_without_federation_id", DBR_NO_FEDID, 0,
     "players without a federation id: the rating databases cannot take their results", NULL},
};
#define N_SECTIONS (int)(sizeof sections / sizeof sections[0])

const char *const fed_report_formats[] = {"json", "csv", NULL};

/* ---- the tables, built ---- */

static int col(const struct fed_table *t, const char *name)
{
    for (int i = 0; i < t->ncols; i++)
        if (!strcmp(t->cols[i], name))
            return i;
    return -1;
}

static const char *flight_of(const struct event *es, int n, int64_t eid)
{
    for (int i = 0; i < n; i++)
        if (es[i].id == eid)
            return es[i].kind == EK_KNOCKOUT && es[i].settings.ko.flight[0]
                       ? es[i].settings.ko.flight
                       : NULL;
    return NULL;
}

/* Each column `flight` or `X_flight` takes the flight (KO-1) of the event in `event_id` or
 * `X_event_id`: the kind's setting, read by the kind (tourney/event_kind.c). */
static int fill_flights(struct fed_table *t, const struct event *es, int n)
{
    for (int c = 0; c < t->ncols; c++) {
        size_t len = strlen(t->cols[c]);
        if (len < 6 || strcmp(t->cols[c] + len - 6, "flight"))
            continue;
        char idcol[80];
        snprintf(idcol, sizeof idcol, "%.*sevent_id", (int)(len - 6), t->cols[c]);
        int from = col(t, idcol);
        for (size_t r = 0; from >= 0 && r < t->nrows; r++) {
            struct fed_cell *id = &t->cells[r * (size_t)t->ncols + from];
            struct fed_cell *f = &t->cells[r * (size_t)t->ncols + c];
            const char *flight = id->type == DBC_INT ? flight_of(es, n, id->i) : NULL;
            if (flight && !(f->s = strdup(flight)))
                return -1;
            if (flight)
                f->type = DBC_TEXT;
        }
    }
    return 0;
}

int op_fed_report_build(const struct op *o, int64_t tid, struct fed_report *r, struct problem *pb)
{
    memset(r, 0, sizeof *r);
    r->tournament_id = tid;
    r->made_ms = o->now_ms;
    struct tournament t;
    int rc = db_tournament_get(o->db, tid, &t);
    if (rc == CW_ENOTFOUND)
        return op_no_tournament(pb, tid);
    struct event *es = NULL;
    int nes = 0;
    if (rc == CW_OK)
        rc = db_event_list(o->db, tid, &es, &nes);
    for (int i = 0; rc == CW_OK && i < N_SECTIONS; i++) {
        struct fed_table *tb = &r->tables[r->n++];
        tb->name = sections[i].name;
        tb->one = sections[i].one;
        rc = sections[i].fill ? sections[i].fill(o, tid, es, nes, tb)
                              : db_report_rows(o->db, sections[i].query, tid, op_fed_table_row, tb);
        if (rc == CW_OK && fill_flights(tb, es, nes))
            rc = CW_ENOMEM;
        tb->warning = tb->nrows ? sections[i].warning : NULL;
    }
    free(es);
    if (rc != CW_OK) {
        problem_internal(pb, "building the report");
        return -1;
    }
    return 0;
}

void op_fed_report_free(struct fed_report *r)
{
    for (int i = 0; i < r->n; i++) {
        struct fed_table *t = &r->tables[i];
        for (size_t k = 0; k < t->nrows * (size_t)t->ncols; k++)
            free(t->cells[k].s);
        for (int c = 0; c < t->ncols; c++)
            free(t->cols[c]);
        free(t->cols);
        free(t->cells);
    }
    memset(r, 0, sizeof *r);
}
