/* SQL of the settings table: small named values (the TD's password hash). */
#include "store/store.h"
#include "store/sql.h"

#include <string.h>

int db_setting_get(struct db *db, const char *key, char *buf, size_t len)
{
    sqlite3_stmt *st = db_stmt(db, "SELECT value FROM settings WHERE key = ?1");
    if (!st)
        return CW_EDB;
    db_bind_text(st, 1, key);
    int rc = sqlite3_step(st);
    int out = CW_ENOTFOUND;
    if (rc == SQLITE_ROW) {
        db_col_text(st, 0, buf, len);
        out = CW_OK;
    } else if (rc != SQLITE_DONE) {
        out = CW_EDB;
    }
    db_done(st);
    return out;
}

int db_setting_set(struct db *db, const char *key, const char *value)
{
    sqlite3_stmt *st = db_stmt(db, "INSERT INTO settings(key, value) VALUES (?1, ?2) "
                                   "ON CONFLICT(key) DO UPDATE SET value = excluded.value");
    if (!st)
        return CW_EDB;
    db_bind_text(st, 1, key);
    db_bind_text(st, 2, value);
    return db_step_ok(st);
}
