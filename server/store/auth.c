/* SQL of the TD's credentials: the settings table and login sessions. */
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
    int rc = sqlite3_step(st) == SQLITE_DONE ? CW_OK : CW_EDB;
    db_done(st);
    return rc;
}

int db_session_insert(struct db *db, const char *token_hash, int64_t now_ms, int64_t expires_ms)
{
    sqlite3_stmt *st = db_stmt(
        db, "INSERT INTO td_sessions(token_hash, created_ms, expires_ms) VALUES (?1, ?2, ?3)");
    if (!st)
        return CW_EDB;
    db_bind_text(st, 1, token_hash);
    sqlite3_bind_int64(st, 2, now_ms);
    sqlite3_bind_int64(st, 3, expires_ms);
    int rc = sqlite3_step(st) == SQLITE_DONE ? CW_OK : CW_EDB;
    db_done(st);
    return rc;
}

int db_session_valid(struct db *db, const char *token_hash, int64_t now_ms)
{
    sqlite3_stmt *st =
        db_stmt(db, "SELECT 1 FROM td_sessions WHERE token_hash = ?1 AND expires_ms > ?2");
    if (!st)
        return CW_EDB;
    db_bind_text(st, 1, token_hash);
    sqlite3_bind_int64(st, 2, now_ms);
    int rc = sqlite3_step(st);
    int out = rc == SQLITE_ROW ? 1 : rc == SQLITE_DONE ? 0 : CW_EDB;
    db_done(st);
    return out;
}

int db_session_delete(struct db *db, const char *token_hash)
{
    sqlite3_stmt *st = db_stmt(db, "DELETE FROM td_sessions WHERE token_hash = ?1");
    if (!st)
        return CW_EDB;
    db_bind_text(st, 1, token_hash);
    int rc = sqlite3_step(st) == SQLITE_DONE ? CW_OK : CW_EDB;
    db_done(st);
    return rc;
}

int db_sessions_purge(struct db *db, int64_t now_ms)
{
    sqlite3_stmt *st = db_stmt(db, "DELETE FROM td_sessions WHERE expires_ms <= ?1");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, now_ms);
    int rc = sqlite3_step(st) == SQLITE_DONE ? CW_OK : CW_EDB;
    db_done(st);
    return rc;
}

int db_sessions_delete_all(struct db *db)
{
    sqlite3_stmt *st = db_stmt(db, "DELETE FROM td_sessions");
    if (!st)
        return CW_EDB;
    int rc = sqlite3_step(st) == SQLITE_DONE ? CW_OK : CW_EDB;
    db_done(st);
    return rc;
}
