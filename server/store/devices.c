/* SQL of device cookies (schema 016), by the hash of their secret: which official's
 * browser logged in before, and the wrong passwords sent with the cookie since. */
#include "store/store.h"
#include "store/sql.h"

int db_device_insert(struct db *db, const char *hash, int64_t official_id, int64_t now_ms)
{
    sqlite3_stmt *st = db_stmt(db, "INSERT INTO device_cookies(hash, official_id, created_ms, "
                                   "last_used_ms) VALUES (?1, ?2, ?3, ?3)");
    if (!st)
        return CW_EDB;
    db_bind_text(st, 1, hash);
    sqlite3_bind_int64(st, 2, official_id);
    sqlite3_bind_int64(st, 3, now_ms);
    return db_step_ok(st);
}

int db_device_get(struct db *db, const char *hash, int64_t *official_id, int *failures)
{
    sqlite3_stmt *st = db_stmt(db, "SELECT d.official_id, d.failures FROM device_cookies d JOIN "
                                   "officials o ON o.id = d.official_id "
                                   "WHERE d.hash = ?1 AND o.status = 'active'");
    if (!st)
        return CW_EDB;
    db_bind_text(st, 1, hash);
    int rc = sqlite3_step(st);
    int out = rc == SQLITE_ROW ? CW_OK : rc == SQLITE_DONE ? CW_ENOTFOUND : CW_EDB;
    if (out == CW_OK) {
        *official_id = sqlite3_column_int64(st, 0);
        *failures = sqlite3_column_int(st, 1);
    }
    db_done(st);
    return out;
}

int db_device_failed(struct db *db, const char *hash, int max)
{
    sqlite3_stmt *st =
        db_stmt(db, "UPDATE device_cookies SET failures = failures + 1 WHERE hash = ?1");
    if (!st)
        return CW_EDB;
    db_bind_text(st, 1, hash);
    if (db_step_ok(st))
        return CW_EDB;
    st = db_stmt(db, "DELETE FROM device_cookies WHERE hash = ?1 AND failures >= ?2");
    if (!st)
        return CW_EDB;
    db_bind_text(st, 1, hash);
    sqlite3_bind_int(st, 2, max);
    return db_step_ok(st);
}

int db_device_delete(struct db *db, const char *hash)
{
    sqlite3_stmt *st = db_stmt(db, "DELETE FROM device_cookies WHERE hash = ?1");
    if (!st)
        return CW_EDB;
    db_bind_text(st, 1, hash);
    return db_step_ok(st);
}

int db_devices_delete_official(struct db *db, int64_t official_id)
{
    sqlite3_stmt *st = db_stmt(db, "DELETE FROM device_cookies WHERE official_id = ?1");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, official_id);
    return db_step_ok(st);
}

int db_devices_keep_newest(struct db *db, int64_t official_id, int keep, int64_t unused_since_ms)
{
    sqlite3_stmt *st = db_stmt(
        db, "DELETE FROM device_cookies WHERE last_used_ms < ?3 OR (official_id = ?1 AND hash "
            "NOT IN (SELECT hash FROM device_cookies WHERE official_id = ?1 "
            "ORDER BY last_used_ms DESC, rowid DESC LIMIT ?2))");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, official_id);
    sqlite3_bind_int(st, 2, keep);
    sqlite3_bind_int64(st, 3, unused_since_ms);
    return db_step_ok(st);
}
