/* SQL of players. */
#include "store/store.h"
#include "store/sql.h"

#include <stdlib.h>
#include <string.h>

#define P_COLS                                                                                     \
    "id, tournament_id, name, country, rating, federation_id, pin, status, checked_in_ms, "        \
    "withdrawn_ms, created_ms, updated_ms, coalesce(official_id, 0), club, experience, email, "    \
    "flight, entry"

static void read_row(sqlite3_stmt *st, void *row)
{
    struct player *p = row;
    p->id = sqlite3_column_int64(st, 0);
    p->tournament_id = sqlite3_column_int64(st, 1);
    db_col_text(st, 2, p->name, sizeof p->name);
    db_col_text(st, 3, p->country, sizeof p->country);
    p->has_rating = sqlite3_column_type(st, 4) != SQLITE_NULL;
    p->rating = p->has_rating ? sqlite3_column_double(st, 4) : 0;
    db_col_text(st, 5, p->federation_id, sizeof p->federation_id);
    db_col_text(st, 6, p->pin, sizeof p->pin);
    db_col_text(st, 7, p->status, sizeof p->status);
    p->checked_in_ms = sqlite3_column_int64(st, 8);
    p->withdrawn_ms = sqlite3_column_int64(st, 9);
    p->created_ms = sqlite3_column_int64(st, 10);
    p->updated_ms = sqlite3_column_int64(st, 11);
    p->official_id = sqlite3_column_int64(st, 12);
    db_col_text(st, 13, p->club, sizeof p->club);
    p->experience = sqlite3_column_int64(st, 14);
    db_col_text(st, 15, p->email, sizeof p->email);
    db_col_text(st, 16, p->flight, sizeof p->flight);
    db_col_text(st, 17, p->entry, sizeof p->entry);
}

static void bind_fields(sqlite3_stmt *st, const struct player *p)
{
    db_bind_text(st, 1, p->name);
    db_bind_text(st, 2, p->country);
    if (p->has_rating)
        sqlite3_bind_double(st, 3, p->rating);
    else
        sqlite3_bind_null(st, 3);
    db_bind_text(st, 4, p->federation_id);
    db_bind_text(st, 5, p->pin);
    db_bind_text(st, 6, p->status);
    db_bind_nonzero(st, 7, p->checked_in_ms);
    db_bind_nonzero(st, 8, p->withdrawn_ms);
    db_bind_nonzero(st, 12, p->official_id);
    db_bind_text(st, 13, p->club);
    sqlite3_bind_int64(st, 14, p->experience);
    db_bind_text(st, 15, p->email);
    db_bind_text(st, 16, p->flight);
    db_bind_text(st, 17, p->entry[0] ? p->entry : "accepted");
}

static int step_write(struct db *db, sqlite3_stmt *st)
{
    int rc = sqlite3_step(st);
    if (rc == SQLITE_DONE)
        return CW_OK;
    return (rc & 0xff) == SQLITE_CONSTRAINT ? CW_ECONFLICT : CW_EDB;
}

int db_player_insert(struct db *db, struct player *p, int64_t now_ms)
{
    sqlite3_stmt *st =
        db_stmt(db, "INSERT INTO players(name, country, rating, federation_id, pin, status, "
                    "checked_in_ms, withdrawn_ms, tournament_id, created_ms, updated_ms, official_id, "
                    "club, experience, email, flight, entry) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, "
                    "?8, ?9, ?10, ?10, ?12, ?13, ?14, ?15, ?16, ?17)");
    if (!st)
        return CW_EDB;
    bind_fields(st, p);
    sqlite3_bind_int64(st, 9, p->tournament_id);
    sqlite3_bind_int64(st, 10, now_ms);
    db_part_changed(db, DB_PLAYERS); /* even when it fails: a needless rebuild, never a stale list */
    int rc = step_write(db, st);
    db_done(st);
    if (rc == CW_OK) {
        p->id = sqlite3_last_insert_rowid(db_handle(db));
        p->created_ms = p->updated_ms = now_ms;
    }
    return rc;
}

int db_player_get(struct db *db, int64_t tournament_id, int64_t id, struct player *p)
{
    sqlite3_stmt *st =
        db_stmt(db, "SELECT " P_COLS " FROM players WHERE id = ?1 AND tournament_id = ?2");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, id);
    sqlite3_bind_int64(st, 2, tournament_id);
    return db_row(st, read_row, p);
}

int db_player_name(struct db *db, int64_t tournament_id, int64_t id, struct player *p)
{
    sqlite3_stmt *st =
        db_stmt(db, "SELECT name, country FROM players WHERE id = ?1 AND tournament_id = ?2");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, id);
    sqlite3_bind_int64(st, 2, tournament_id);
    int rc = sqlite3_step(st);
    if (rc == SQLITE_ROW) {
        p->id = id;
        p->tournament_id = tournament_id;
        db_col_text(st, 0, p->name, sizeof p->name);
        db_col_text(st, 1, p->country, sizeof p->country);
    }
    db_done(st);
    return rc == SQLITE_ROW ? CW_OK : rc == SQLITE_DONE ? CW_ENOTFOUND : CW_EDB;
}

int db_player_update(struct db *db, struct player *p, int64_t now_ms)
{
    sqlite3_stmt *st =
        db_stmt(db, "UPDATE players SET name = ?1, country = ?2, rating = ?3, federation_id = ?4, "
                    "pin = ?5, status = ?6, checked_in_ms = ?7, withdrawn_ms = ?8, updated_ms = ?9, "
                    "official_id = ?12, club = ?13, experience = ?14, email = ?15, flight = ?16, "
                    "entry = ?17 WHERE id = ?10 AND tournament_id = ?11");
    if (!st)
        return CW_EDB;
    bind_fields(st, p);
    sqlite3_bind_int64(st, 9, now_ms);
    sqlite3_bind_int64(st, 10, p->id);
    sqlite3_bind_int64(st, 11, p->tournament_id);
    db_part_changed(db, DB_PLAYERS);
    int rc = step_write(db, st);
    if (rc == CW_OK && sqlite3_changes(db_handle(db)) == 0)
        rc = CW_ENOTFOUND;
    db_done(st);
    if (rc == CW_OK)
        p->updated_ms = now_ms;
    return rc;
}

int db_player_list(struct db *db, int64_t tournament_id, struct player **out, int *n)
{
    *out = NULL;
    *n = 0;
    sqlite3_stmt *st =
        db_stmt(db, "SELECT " P_COLS " FROM players WHERE tournament_id = ?1 ORDER BY id");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, tournament_id);
    return db_rows(st, read_row, sizeof **out, (void **)out, n);
}

int db_player_list_pending(struct db *db, int64_t tournament_id, struct player **out, int *n)
{
    *out = NULL;
    *n = 0;
    sqlite3_stmt *st = db_stmt(db, "SELECT " P_COLS " FROM players WHERE tournament_id = ?1 AND "
                                   "entry = 'pending' ORDER BY id");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, tournament_id);
    return db_rows(st, read_row, sizeof **out, (void **)out, n);
}

int64_t db_player_find_same(struct db *db, int64_t tournament_id, const char *name,
                            const char *country, int64_t except_id)
{
    sqlite3_stmt *st = db_stmt(db, "SELECT id FROM players WHERE tournament_id = ?1 AND "
                                   "name = ?2 COLLATE NOCASE AND country = ?3 COLLATE NOCASE "
                                   "AND id <> ?4 AND status <> 'withdrawn' LIMIT 1");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, tournament_id);
    db_bind_text(st, 2, name);
    db_bind_text(st, 3, country);
    sqlite3_bind_int64(st, 4, except_id);
    return db_int64(st, 0);
}
