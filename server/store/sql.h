/* What the files of store/ share to write SQL: cached prepared statements and the readers
 * of their rows. Included by the .c files of store/ only: no SQLite type leaves this floor (the
 * other floors see struct db and the functions of store.h). */
#ifndef STORE_SQL_H
#define STORE_SQL_H

#include <sqlite3.h>
#include <stddef.h>
#include <stdint.h>

#include "store/db.h"

/* A prepared statement cached for the connection's lifetime, keyed by the address of
 * the SQL text (always a string literal). Call with the lock held; db_done resets it. */
sqlite3_stmt *db_stmt(struct db *db, const char *sql);
void db_done(sqlite3_stmt *st);
sqlite3 *db_handle(struct db *db);

/* Makes room in *arr (an array of elements of `size` bytes, *cap of them allocated) for
 * element n: grows to `first`, then doubles. 0, or -1 when out of memory (*arr kept). */
int db_grow(void **arr, int *cap, int n, size_t size, int first);

/* Steps st (prepared and bound) to its end, reading each row with read into a new array
 * (*out, *n) of elements of `size` bytes, and resets it. CW_OK, or CW_EDB with *out NULL and
 * *n 0. db_read_id reads column 0 into an int64_t. */
int db_rows(sqlite3_stmt *st, void (*read)(sqlite3_stmt *st, void *row), size_t size, void **out,
            int *n);
void db_read_id(sqlite3_stmt *st, void *row);
/* Steps st (prepared and bound) once and resets it: CW_OK with the row read into *row by
 * read, CW_ENOTFOUND when there is no row, CW_EDB on an error. */
int db_row(sqlite3_stmt *st, void (*read)(sqlite3_stmt *st, void *row), void *row);
/* Steps st (prepared and bound: a change) once and resets it: CW_OK when done, CW_ECONFLICT
 * when a constraint refused it, CW_EDB on another error. */
int db_step_done(sqlite3_stmt *st);
/* The same for a change no constraint should refuse: CW_OK when done, CW_EDB on any error. */
int db_step_ok(sqlite3_stmt *st);
/* Steps st (a query of one integer) once and resets it: the first column of its row, none
 * when it has no row, CW_EDB on an error. */
int64_t db_int64(sqlite3_stmt *st, int64_t none);

/* SQL: the name of who acted, by the actor's text as the audit log keeps it (ref, a column):
 * the official's name or the token's label as it is now (a renamed official shows the new
 * name), NULL for any other actor. One expression for every table that names who acted;
 * SQL_WHO falls back on the name a row recorded (name, a column). */
#define SQL_ACTOR_NAME(ref)                                                                        \
    "(CASE WHEN " ref " LIKE 'official:%' THEN (SELECT name FROM officials WHERE id = "            \
    "CAST(substr(" ref ", 10) AS INTEGER)) WHEN " ref " LIKE 'token:%' THEN (SELECT label "        \
    "FROM machine_tokens WHERE id = CAST(substr(" ref ", 7) AS INTEGER)) END)"
#define SQL_WHO(ref, name) "coalesce(" SQL_ACTOR_NAME(ref) ", " name ")"

/* Binds v, or NULL when v is 0 (an id, a time or an amount that is not there). */
void db_bind_nonzero(sqlite3_stmt *st, int i, int64_t v);
/* Binds a text, or NULL when s is NULL. */
int db_bind_text(sqlite3_stmt *st, int i, const char *s);
/* Copies column i into buf (empty string for NULL). */
void db_col_text(sqlite3_stmt *st, int i, char *buf, size_t len);
/* A malloc'd copy of column i, or NULL when it is NULL. */
char *db_col_strdup(sqlite3_stmt *st, int i);

#endif
