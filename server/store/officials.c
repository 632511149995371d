/* SQL of officials (GOV-1) and of the machine tokens the head TD creates. */
#include "store/store.h"
#include "store/sql.h"

#include <stdlib.h>
#include <string.h>

#include "common/utf8.h"

#define O_COLS "id, name, role, status, password_hash IS NOT NULL, created_ms, updated_ms"

static void read_official(sqlite3_stmt *st, void *row)
{
    struct official *o = row;
    char role[16];
    o->id = sqlite3_column_int64(st, 0);
    db_col_text(st, 1, o->name, sizeof o->name);
    db_col_text(st, 2, role, sizeof role);
    int r = role_from_name(role);
    o->role = r > 0 ? (enum role)r : ROLE_NONE;
    db_col_text(st, 3, o->status, sizeof o->status);
    o->has_password = sqlite3_column_int(st, 4);
    o->created_ms = sqlite3_column_int64(st, 5);
    o->updated_ms = sqlite3_column_int64(st, 6);
}

static int step_write(sqlite3_stmt *st)
{
    int rc = sqlite3_step(st);
    if (rc == SQLITE_DONE)
        return CW_OK;
    return (rc & 0xff) == SQLITE_CONSTRAINT ? CW_ECONFLICT : CW_EDB;
}

int db_official_get(struct db *db, int64_t id, struct official *o)
{
    sqlite3_stmt *st = db_stmt(db, "SELECT " O_COLS " FROM officials WHERE id = ?1");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, id);
    return db_row(st, read_official, o);
}

/* The official a login names: compared as names read (cw_name_key: NFKC, any case, white
 * space as one space), as GOV-1 keeps them apart, so "JÜRGEN" finds "Jürgen" (SQLite's
 * lower() folds ASCII only). The officials are few: all are read and compared, the same
 * work for a name nobody has. */
int db_official_by_name(struct db *db, const char *name, struct official *o)
{
    struct official *all = NULL;
    int n = 0;
    char *key = cw_name_key(name);
    int rc = key ? db_officials_list(db, &all, &n) : CW_EDB;
    int found = 0;
    for (int i = 0; rc == CW_OK && i < n; i++) {
        if (!strcmp(all[i].status, "removed"))
            continue;
        char *k = cw_name_key(all[i].name);
        if (!k)
            rc = CW_EDB;
        else if (!found && !strcmp(k, key)) {
            *o = all[i];
            found = 1;
        }
        free(k);
    }
    free(key);
    free(all);
    if (rc != CW_OK)
        return rc;
    return found ? CW_OK : CW_ENOTFOUND;
}

int db_officials_list(struct db *db, struct official **out, int *n)
{
    sqlite3_stmt *st = db_stmt(db, "SELECT " O_COLS " FROM officials ORDER BY id");
    if (!st)
        return CW_EDB;
    return db_rows(st, read_official, sizeof **out, (void **)out, n);
}

int db_official_password(struct db *db, int64_t id, char *buf, size_t len)
{
    sqlite3_stmt *st =
        db_stmt(db, "SELECT password_hash FROM officials WHERE id = ?1 AND password_hash NOT NULL");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, id);
    int rc = sqlite3_step(st);
    int out = rc == SQLITE_ROW ? CW_OK : rc == SQLITE_DONE ? CW_ENOTFOUND : CW_EDB;
    if (out == CW_OK)
        db_col_text(st, 0, buf, len);
    db_done(st);
    return out;
}

int db_official_set_password(struct db *db, int64_t id, const char *hash, int64_t now_ms)
{
    sqlite3_stmt *st = db_stmt(
        db, "UPDATE officials SET password_hash = ?2, updated_ms = ?3 WHERE id = ?1");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, id);
    db_bind_text(st, 2, hash);
    sqlite3_bind_int64(st, 3, now_ms);
    int rc = step_write(st);
    if (rc == CW_OK && sqlite3_changes(db_handle(db)) == 0)
        rc = CW_ENOTFOUND;
    db_done(st);
    return rc;
}

int db_official_insert(struct db *db, struct official *o, const char *hash, int64_t now_ms)
{
    sqlite3_stmt *st = db_stmt(db, "INSERT INTO officials(name, role, password_hash, status, "
                                   "created_ms, updated_ms) VALUES (?1, ?2, ?3, 'active', ?4, ?4)");
    if (!st)
        return CW_EDB;
    db_bind_text(st, 1, o->name);
    db_bind_text(st, 2, role_name(o->role));
    db_bind_text(st, 3, hash);
    sqlite3_bind_int64(st, 4, now_ms);
    int rc = step_write(st);
    db_done(st);
    if (rc == CW_OK) {
        o->id = sqlite3_last_insert_rowid(db_handle(db));
        o->created_ms = o->updated_ms = now_ms;
        o->has_password = hash != NULL;
        strcpy(o->status, "active");
    }
    return rc;
}

int db_official_update(struct db *db, struct official *o, int64_t now_ms)
{
    sqlite3_stmt *st = db_stmt(db, "UPDATE officials SET name = ?2, role = ?3, status = ?4, "
                                   "updated_ms = ?5 WHERE id = ?1");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, o->id);
    db_bind_text(st, 2, o->name);
    db_bind_text(st, 3, role_name(o->role));
    db_bind_text(st, 4, o->status);
    sqlite3_bind_int64(st, 5, now_ms);
    int rc = step_write(st);
    if (rc == CW_OK && sqlite3_changes(db_handle(db)) == 0)
        rc = CW_ENOTFOUND;
    db_done(st);
    if (rc == CW_OK)
        o->updated_ms = now_ms;
    return rc;
}

#define K_COLS "id, label, role, created_by, created_ms, coalesce(revoked_ms, 0)"

static void read_token(sqlite3_stmt *st, void *row)
{
    struct machine_token *k = row;
    char role[16];
    k->id = sqlite3_column_int64(st, 0);
    db_col_text(st, 1, k->label, sizeof k->label);
    db_col_text(st, 2, role, sizeof role);
    int r = role_from_name(role);
    k->role = r > 0 ? (enum role)r : ROLE_NONE;
    k->created_by = sqlite3_column_int64(st, 3);
    k->created_ms = sqlite3_column_int64(st, 4);
    k->revoked_ms = sqlite3_column_int64(st, 5);
}

int db_token_insert(struct db *db, struct machine_token *k, const char *token_hash,
                    int64_t now_ms)
{
    sqlite3_stmt *st = db_stmt(db, "INSERT INTO machine_tokens(label, role, token_hash, "
                                   "created_by, created_ms) VALUES (?1, ?2, ?3, ?4, ?5)");
    if (!st)
        return CW_EDB;
    db_bind_text(st, 1, k->label);
    db_bind_text(st, 2, role_name(k->role));
    db_bind_text(st, 3, token_hash);
    sqlite3_bind_int64(st, 4, k->created_by);
    sqlite3_bind_int64(st, 5, now_ms);
    int rc = step_write(st);
    db_done(st);
    if (rc == CW_OK) {
        k->id = sqlite3_last_insert_rowid(db_handle(db));
        k->created_ms = now_ms;
        k->revoked_ms = 0;
    }
    return rc;
}

int db_token_get(struct db *db, int64_t id, struct machine_token *k)
{
    sqlite3_stmt *st = db_stmt(db, "SELECT " K_COLS " FROM machine_tokens WHERE id = ?1");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, id);
    return db_row(st, read_token, k);
}

int db_token_by_hash(struct db *db, const char *token_hash, struct machine_token *k)
{
    sqlite3_stmt *st =
        db_stmt(db, "SELECT " K_COLS " FROM machine_tokens WHERE token_hash = ?1");
    if (!st)
        return CW_EDB;
    db_bind_text(st, 1, token_hash);
    return db_row(st, read_token, k);
}

int db_tokens_list(struct db *db, struct machine_token **out, int *n)
{
    sqlite3_stmt *st = db_stmt(db, "SELECT " K_COLS " FROM machine_tokens ORDER BY id");
    if (!st)
        return CW_EDB;
    return db_rows(st, read_token, sizeof **out, (void **)out, n);
}

int db_token_revoke(struct db *db, int64_t id, int64_t now_ms)
{
    sqlite3_stmt *st = db_stmt(
        db, "UPDATE machine_tokens SET revoked_ms = ?2 WHERE id = ?1 AND revoked_ms IS NULL");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, id);
    sqlite3_bind_int64(st, 2, now_ms);
    int rc = step_write(st);
    if (rc == CW_OK && sqlite3_changes(db_handle(db)) == 0)
        rc = CW_ENOTFOUND;
    db_done(st);
    return rc;
}
