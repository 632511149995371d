/* SQL of login sessions, by the hash of their token: the TD's (password) and the players'
 * (PIN, one tournament each). */
#include "store/store.h"
#include "store/sql.h"

#include <string.h>

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

int db_player_session_insert(struct db *db, const char *token_hash, int64_t player_id,
                             int64_t tournament_id, int64_t now_ms, int64_t expires_ms)
{
    sqlite3_stmt *st =
        db_stmt(db, "INSERT INTO player_sessions(token_hash, player_id, tournament_id, created_ms, "
                    "expires_ms) VALUES (?1, ?2, ?3, ?4, ?5)");
    if (!st)
        return CW_EDB;
    db_bind_text(st, 1, token_hash);
    sqlite3_bind_int64(st, 2, player_id);
    sqlite3_bind_int64(st, 3, tournament_id);
    sqlite3_bind_int64(st, 4, now_ms);
    sqlite3_bind_int64(st, 5, expires_ms);
    int rc = sqlite3_step(st) == SQLITE_DONE ? CW_OK : CW_EDB;
    db_done(st);
    return rc;
}

int db_player_session_get(struct db *db, const char *token_hash, int64_t now_ms, int64_t *player_id,
                          int64_t *tournament_id)
{
    sqlite3_stmt *st = db_stmt(db, "SELECT player_id, tournament_id FROM player_sessions "
                                   "WHERE token_hash = ?1 AND expires_ms > ?2");
    if (!st)
        return CW_EDB;
    db_bind_text(st, 1, token_hash);
    sqlite3_bind_int64(st, 2, now_ms);
    int rc = sqlite3_step(st);
    int out = rc == SQLITE_ROW ? CW_OK : rc == SQLITE_DONE ? CW_ENOTFOUND : CW_EDB;
    if (out == CW_OK) {
        *player_id = sqlite3_column_int64(st, 0);
        *tournament_id = sqlite3_column_int64(st, 1);
    }
    db_done(st);
    return out;
}

int db_player_sessions_delete(struct db *db, int64_t player_id, const char *token_hash)
{
    sqlite3_stmt *st = db_stmt(db, "DELETE FROM player_sessions WHERE player_id = ?1 AND "
                                   "(?2 IS NULL OR token_hash = ?2)");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, player_id);
    db_bind_text(st, 2, token_hash);
    int rc = sqlite3_step(st) == SQLITE_DONE ? CW_OK : CW_EDB;
    db_done(st);
    return rc;
}
