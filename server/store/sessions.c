/* SQL of login sessions, by the hash of their token: the officials' (password) and the players'
 * (PIN, one tournament each). */
#include "store/store.h"
#include "store/sql.h"

#include <string.h>

int db_session_insert(struct db *db, const char *token_hash, int64_t official_id, int64_t now_ms,
                      int64_t expires_ms)
{
    sqlite3_stmt *st = db_stmt(db, "INSERT INTO td_sessions(token_hash, official_id, created_ms, "
                                   "expires_ms) VALUES (?1, ?2, ?3, ?4)");
    if (!st)
        return CW_EDB;
    db_bind_text(st, 1, token_hash);
    sqlite3_bind_int64(st, 2, official_id);
    sqlite3_bind_int64(st, 3, now_ms);
    sqlite3_bind_int64(st, 4, expires_ms);
    return db_step_ok(st);
}

int db_session_get(struct db *db, const char *token_hash, int64_t now_ms, struct session_who *w)
{
    sqlite3_stmt *st = db_stmt(
        db, "SELECT o.id, o.role, o.status, s.ended_ms IS NOT NULL FROM td_sessions s "
            "JOIN officials o ON o.id = s.official_id WHERE s.token_hash = ?1 AND s.expires_ms > ?2");
    if (!st)
        return CW_EDB;
    db_bind_text(st, 1, token_hash);
    sqlite3_bind_int64(st, 2, now_ms);
    int rc = sqlite3_step(st);
    int out = rc == SQLITE_ROW ? CW_OK : rc == SQLITE_DONE ? CW_ENOTFOUND : CW_EDB;
    if (out == CW_OK) {
        char role[16], status[12];
        w->official_id = sqlite3_column_int64(st, 0);
        db_col_text(st, 1, role, sizeof role);
        db_col_text(st, 2, status, sizeof status);
        int r = role_from_name(role);
        w->role = r > 0 ? (enum role)r : ROLE_NONE;
        w->suspended = strcmp(status, "active") != 0;
        w->ended = sqlite3_column_int(st, 3);
    }
    db_done(st);
    return out;
}

int db_sessions_end(struct db *db, int64_t official_id, int64_t now_ms)
{
    sqlite3_stmt *st = db_stmt(db, "UPDATE td_sessions SET ended_ms = ?2 "
                                   "WHERE official_id = ?1 AND ended_ms IS NULL");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, official_id);
    sqlite3_bind_int64(st, 2, now_ms);
    return db_step_ok(st);
}

int db_session_delete(struct db *db, const char *token_hash)
{
    sqlite3_stmt *st = db_stmt(db, "DELETE FROM td_sessions WHERE token_hash = ?1");
    if (!st)
        return CW_EDB;
    db_bind_text(st, 1, token_hash);
    return db_step_ok(st);
}

int db_sessions_purge(struct db *db, int64_t now_ms)
{
    sqlite3_stmt *st = db_stmt(db, "DELETE FROM td_sessions WHERE expires_ms <= ?1");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, now_ms);
    return db_step_ok(st);
}

int db_sessions_delete_official(struct db *db, int64_t official_id)
{
    sqlite3_stmt *st = db_stmt(db, "DELETE FROM td_sessions WHERE official_id = ?1");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, official_id);
    return db_step_ok(st);
}

int db_sessions_keep_newest(struct db *db, int64_t official_id, int keep)
{
    sqlite3_stmt *st = db_stmt(db, "DELETE FROM td_sessions WHERE official_id = ?1 AND token_hash "
                                   "NOT IN (SELECT token_hash FROM td_sessions WHERE official_id "
                                   "= ?1 ORDER BY created_ms DESC, rowid DESC LIMIT ?2)");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, official_id);
    sqlite3_bind_int(st, 2, keep);
    return db_step_ok(st);
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
    return db_step_ok(st);
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
    return db_step_ok(st);
}
