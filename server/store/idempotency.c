/* SQL of idempotency keys: the first answer given under a key, per actor, kept for the
 * retries of the same request (ops/frame/frame.c) until purged. */
#include "store/store.h"
#include "store/sql.h"

#include <stdlib.h>
#include <string.h>

int db_idem_get(struct db *db, const char *scope, const char *key, char *request, size_t reqlen,
                int *status, char **body)
{
    sqlite3_stmt *st =
        db_stmt(db, "SELECT request, status, body FROM idempotency WHERE scope = ?1 AND key = ?2");
    if (!st)
        return CW_EDB;
    db_bind_text(st, 1, scope);
    db_bind_text(st, 2, key);
    int rc = sqlite3_step(st);
    int out = rc == SQLITE_ROW ? CW_OK : rc == SQLITE_DONE ? CW_ENOTFOUND : CW_EDB;
    if (out == CW_OK) {
        db_col_text(st, 0, request, reqlen);
        *status = sqlite3_column_int(st, 1);
        *body = db_col_strdup(st, 2);
    }
    db_done(st);
    return out;
}

int db_idem_put(struct db *db, const char *scope, const char *key, const char *request, int status,
                const char *body, int64_t now_ms)
{
    sqlite3_stmt *st = db_stmt(db, "INSERT INTO idempotency(scope, key, request, status, body, "
                                   "created_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6)");
    if (!st)
        return CW_EDB;
    db_bind_text(st, 1, scope);
    db_bind_text(st, 2, key);
    db_bind_text(st, 3, request);
    sqlite3_bind_int(st, 4, status);
    db_bind_text(st, 5, body);
    sqlite3_bind_int64(st, 6, now_ms);
    return db_step_ok(st);
}

int db_idem_purge(struct db *db, int64_t before_ms)
{
    sqlite3_stmt *st = db_stmt(db, "DELETE FROM idempotency WHERE created_ms < ?1");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, before_ms);
    return db_step_ok(st);
}
