/* The one SQLite connection: opened with durable settings, migrated at start, shared by
 * every thread behind one mutex (one writer path; see README "Storage"). */
#ifndef DB_H
#define DB_H

#include <sqlite3.h>
#include <stddef.h>
#include <stdint.h>

struct db;

/* Opens (creating the file and its folder if needed) and migrates. Returns 0, or -1 with
 * a sentence in err. */
int db_open(const char *path, int busy_timeout_ms, struct db **out, char *err, size_t errlen);
void db_close(struct db *db);

/* The schema version of the database and the newest this binary knows. */
int db_schema_version(struct db *db);
int db_schema_latest(void);

/* Exclusive access for reads (no transaction) and for writes (BEGIN IMMEDIATE ..
 * COMMIT). Every state change happens between db_begin and db_commit, audit row
 * included; db_commit returns -1 when the commit failed (then nothing was written). */
void db_lock(struct db *db);
void db_unlock(struct db *db);
/* db_begin returns DB_BUSY when another program holds the database's write lock past the
 * busy timeout (a backup, an sqlite3 shell): nothing was begun and a retry may succeed. */
#define DB_BUSY (-2)
int db_begin(struct db *db);
int db_commit(struct db *db);
void db_rollback(struct db *db);

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

/* Binds a text, or NULL when s is NULL. */
int db_bind_text(sqlite3_stmt *st, int i, const char *s);
/* Copies column i into buf (empty string for NULL). */
void db_col_text(sqlite3_stmt *st, int i, char *buf, size_t len);
/* A malloc'd copy of column i, or NULL when it is NULL. */
char *db_col_strdup(sqlite3_stmt *st, int i);

/* A function told, with the lock held, whenever something inside a tournament changes
 * (its revision is bumped): the response cache drops what it holds for it. */
void db_set_change_hook(struct db *db, void (*fn)(void *ctx, int64_t tournament_id), void *ctx);
void db_changed(struct db *db, int64_t tournament_id);

/* Events are published after the commit that wrote them, before the lock is released,
 * so subscribers see them in id order. */
void db_set_publish_hook(struct db *db,
                         void (*fn)(void *ctx, int64_t tournament_id, int64_t id, const char *type,
                                    const char *data),
                         void *ctx);
/* Queues an event written in the current transaction for publishing (store/eventlog.c). */
/* The lowest id of the tournament's events not yet durable (in the open batch, or committed
 * and not yet synced), or INT64_MAX: readers of the event log stop below it, so a stream
 * never sends an event that could still be lost. Lock held. */
int64_t db_event_undurable_from(struct db *db, int64_t tournament_id);
int db_pending_event(struct db *db, int64_t tournament_id, int64_t id, const char *type,
                     const char *data);

/* The last SQLite error message of the connection (for the server log). */
const char *db_errmsg(struct db *db);

#endif
