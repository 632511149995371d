/* Reading rows into arrays and binding and reading text: the helpers every SQL file of the
 * store uses (store/sql.h). */
#include "store/sql.h"
#include "common/errors.h"
#include "common/utf8.h"

#include <stdlib.h>
#include <string.h>

int db_grow(void **arr, int *cap, int n, size_t size, int first)
{
    if (n < *cap)
        return 0;
    int grown = *cap ? *cap * 2 : first;
    void *p = realloc(*arr, (size_t)grown * size);
    if (!p)
        return -1;
    *arr = p;
    *cap = grown;
    return 0;
}

int db_rows(sqlite3_stmt *st, void (*read)(sqlite3_stmt *st, void *row), size_t size, void **out,
            int *n)
{
    *out = NULL;
    *n = 0;
    int cap = 0, rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        if (db_grow(out, &cap, *n, size, 16)) {
            rc = SQLITE_NOMEM;
            break;
        }
        read(st, (char *)*out + (size_t)(*n)++ * size);
    }
    db_done(st);
    if (rc != SQLITE_DONE) {
        free(*out);
        *out = NULL;
        *n = 0;
        return CW_EDB;
    }
    return CW_OK;
}

int db_row(sqlite3_stmt *st, void (*read)(sqlite3_stmt *st, void *row), void *row)
{
    int rc = sqlite3_step(st);
    int out = rc == SQLITE_ROW ? CW_OK : rc == SQLITE_DONE ? CW_ENOTFOUND : CW_EDB;
    if (out == CW_OK)
        read(st, row);
    db_done(st);
    return out;
}

int db_step_done(sqlite3_stmt *st)
{
    int rc = sqlite3_step(st);
    db_done(st);
    return rc == SQLITE_DONE ? CW_OK : (rc & 0xff) == SQLITE_CONSTRAINT ? CW_ECONFLICT : CW_EDB;
}

int64_t db_int64(sqlite3_stmt *st, int64_t none)
{
    int rc = sqlite3_step(st);
    int64_t v = rc == SQLITE_ROW ? sqlite3_column_int64(st, 0) : rc == SQLITE_DONE ? none : CW_EDB;
    db_done(st);
    return v;
}

int db_step_ok(sqlite3_stmt *st)
{
    int rc = sqlite3_step(st);
    db_done(st);
    return rc == SQLITE_DONE ? CW_OK : CW_EDB;
}

void db_bind_nonzero(sqlite3_stmt *st, int i, int64_t v)
{
    if (v)
        sqlite3_bind_int64(st, i, v);
    else
        sqlite3_bind_null(st, i);
}

void db_read_id(sqlite3_stmt *st, void *row)
{
    *(int64_t *)row = sqlite3_column_int64(st, 0);
}

int db_bind_text(sqlite3_stmt *st, int i, const char *s)
{
    return s ? sqlite3_bind_text(st, i, s, -1, SQLITE_STATIC) : sqlite3_bind_null(st, i);
}

void db_col_text(sqlite3_stmt *st, int i, char *buf, size_t len)
{
    const unsigned char *t = sqlite3_column_text(st, i);
    size_t n = t ? (size_t)sqlite3_column_bytes(st, i) : 0;
    /* too long for buf: cut between two characters, never inside one */
    if (n >= len)
        n = cw_utf8_fit((const char *)t, len - 1);
    if (n)
        memcpy(buf, t, n);
    buf[n] = 0;
}

char *db_col_strdup(sqlite3_stmt *st, int i)
{
    const unsigned char *t = sqlite3_column_text(st, i);
    return t ? strdup((const char *)t) : NULL;
}
