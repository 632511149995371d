/* The report's tables written (report.h): one JSON document, whose shape is
 * docs/report.schema.json's, or one CSV file a table (UTF-8, RFC 4180, a header row:
 * common/csv.h's writer), and the files in one zip (common/zip.h). */
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/csv.h"
#include "common/zip.h"
#include "ops/frame/record.h"
#include "ops/report/report.h"

/* A rating with two decimals, as the lists print it (the book keeps the full value). */
static double two_decimals(double x)
{
    return round(x * 100.0) / 100.0;
}

static json_t *cell_json(const struct fed_cell *c)
{
    return c->type == DBC_INT    ? json_integer(c->i)
           : c->type == DBC_TEXT ? json_string(c->s)
           : c->type == DBC_REAL ? json_real(two_decimals(c->r))
           : c->type == DBC_BOOL ? json_boolean(c->i)
                                 : json_null();
}

static json_t *row_json(const struct fed_table *t, size_t r)
{
    json_t *o = json_object();
    for (int c = 0; c < t->ncols; c++)
        json_object_set_new(o, t->cols[c], cell_json(&t->cells[r * (size_t)t->ncols + c]));
    return o;
}

static json_t *warning_json(const struct fed_table *t)
{
    return json_pack("{s:s, s:I, s:s}", "table", t->name, "count", (json_int_t)t->nrows, "message",
                     t->warning);
}

static json_t *report_json(const struct fed_report *r)
{
    json_t *j = json_pack("{s:s, s:o}", "schema", FED_REPORT_SCHEMA, "generated_at",
                          op_time_json(r->made_ms));
    json_t *warnings = json_array();
    for (int i = 0; i < r->n; i++) {
        const struct fed_table *t = &r->tables[i];
        if (t->one) {
            json_object_set_new(j, t->name, t->nrows ? row_json(t, 0) : json_null());
            continue;
        }
        json_t *rows = json_array();
        for (size_t k = 0; k < t->nrows; k++)
            json_array_append_new(rows, row_json(t, k));
        json_object_set_new(j, t->name, rows);
        if (t->warning)
            json_array_append_new(warnings, warning_json(t));
    }
    json_object_set_new(j, "warnings", warnings);
    return j;
}

static void csv_int(struct csv_writer *w, int64_t v)
{
    char buf[24];
    snprintf(buf, sizeof buf, "%lld", (long long)v);
    csv_write_cell(w, buf);
}

static char *table_csv(const struct fed_table *t, size_t *len)
{
    struct csv_writer w;
    csv_writer_init(&w, ',');
    for (int c = 0; c < t->ncols; c++)
        csv_write_cell(&w, t->cols[c]);
    csv_write_end(&w);
    for (size_t r = 0; r < t->nrows; r++) {
        for (int c = 0; c < t->ncols; c++) {
            const struct fed_cell *x = &t->cells[r * (size_t)t->ncols + c];
            char num[32];
            if (x->type == DBC_INT)
                csv_int(&w, x->i);
            else if (x->type == DBC_REAL) {
                snprintf(num, sizeof num, "%.2f", x->r);
                csv_write_cell(&w, num);
            } else if (x->type == DBC_BOOL)
                csv_write_cell(&w, x->i ? "yes" : "no");
            else
                csv_write_cell(&w, x->type == DBC_TEXT ? x->s : "");
        }
        csv_write_end(&w);
    }
    return csv_writer_take(&w, len);
}

/* The warnings as a table of their own (table, count, message). */
static char *warnings_csv(const struct fed_report *r, size_t *len)
{
    struct csv_writer w;
    csv_writer_init(&w, ',');
    csv_write_cell(&w, "table");
    csv_write_cell(&w, "count");
    csv_write_cell(&w, "message");
    csv_write_end(&w);
    for (int i = 0; i < r->n; i++)
        if (r->tables[i].warning) {
            csv_write_cell(&w, r->tables[i].name);
            csv_int(&w, (int64_t)r->tables[i].nrows);
            csv_write_cell(&w, r->tables[i].warning);
            csv_write_end(&w);
        }
    return csv_writer_take(&w, len);
}

int op_fed_report_files(const struct fed_report *r, enum fed_report_format f,
                        fed_report_file_fn file, void *ctx)
{
    if (f == FED_REPORT_JSON) {
        json_t *j = report_json(r);
        char *text =
            j ? json_dumps(j, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(15))
              : NULL;
        json_decref(j);
        if (!text)
            return -1;
        int rc = file(ctx, "report.json", text, strlen(text));
        free(text);
        return rc;
    }
    for (int i = 0; i <= r->n; i++) {
        char name[80];
        size_t len;
        char *data = i < r->n ? table_csv(&r->tables[i], &len) : warnings_csv(r, &len);
        snprintf(name, sizeof name, "%s.csv", i < r->n ? r->tables[i].name : "warnings");
        if (!data)
            return -1;
        int rc = file(ctx, name, data, len);
        free(data);
        if (rc)
            return rc;
    }
    return 0;
}

struct zipping {
    struct zip_writer z;
    int64_t at_ms;
};

static int to_zip(void *ctx, const char *name, const char *data, size_t len)
{
    struct zipping *zp = ctx;
    zip_add(&zp->z, name, data, len, zp->at_ms);
    return 0;
}

char *op_fed_report_zip(const struct fed_report *r, enum fed_report_format f, size_t *len)
{
    struct zipping zp;
    zip_init(&zp.z);
    zp.at_ms = r->made_ms;
    int rc = op_fed_report_files(r, f, to_zip, &zp);
    char *out = zip_take(&zp.z, len);
    if (rc) {
        free(out);
        return NULL;
    }
    return out;
}
