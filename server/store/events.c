/* SQL of events (knockout, swing, davis) and their entries. */
#include "store/store.h"
#include "store/sql.h"

#include <stdlib.h>
#include <string.h>

#define E_COLS "id, tournament_id, kind, name, priority, settings, state, created_ms, updated_ms"

static void read_event(sqlite3_stmt *st, void *row)
{
    struct event *e = row;
    e->id = sqlite3_column_int64(st, 0);
    e->tournament_id = sqlite3_column_int64(st, 1);
    db_col_text(st, 2, e->kind, sizeof e->kind);
    db_col_text(st, 3, e->name, sizeof e->name);
    e->priority = sqlite3_column_int(st, 4);
    db_col_text(st, 5, e->settings, sizeof e->settings);
    db_col_text(st, 6, e->state, sizeof e->state);
    e->created_ms = sqlite3_column_int64(st, 7);
    e->updated_ms = sqlite3_column_int64(st, 8);
}

int db_event_insert(struct db *db, struct event *e, int64_t now_ms)
{
    db_part_changed(db, DB_EVENTS); /* a bracket may show it (db.h) */
    sqlite3_stmt *st = db_stmt(db, "INSERT INTO events(tournament_id, kind, name, priority, "
                                   "settings, state, created_ms, updated_ms) "
                                   "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?7)");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, e->tournament_id);
    db_bind_text(st, 2, e->kind);
    db_bind_text(st, 3, e->name);
    sqlite3_bind_int(st, 4, e->priority);
    db_bind_text(st, 5, e->settings);
    db_bind_text(st, 6, e->state);
    sqlite3_bind_int64(st, 7, now_ms);
    int rc = sqlite3_step(st) == SQLITE_DONE ? CW_OK : CW_EDB;
    db_done(st);
    if (rc == CW_OK) {
        e->id = sqlite3_last_insert_rowid(db_handle(db));
        e->created_ms = e->updated_ms = now_ms;
    }
    return rc;
}

int db_event_get(struct db *db, int64_t tournament_id, int64_t id, struct event *e)
{
    sqlite3_stmt *st =
        db_stmt(db, "SELECT " E_COLS " FROM events WHERE id = ?1 AND tournament_id = ?2");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, id);
    sqlite3_bind_int64(st, 2, tournament_id);
    return db_row(st, read_event, e);
}

int db_event_label(struct db *db, int64_t id, char *name, size_t name_len, char kind[10],
                   int *rounds)
{
    sqlite3_stmt *st = db_stmt(db, "SELECT name, kind, (SELECT size FROM ko_brackets WHERE "
                                   "event_id = events.id) FROM events WHERE id = ?1");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, id);
    int rc = sqlite3_step(st);
    if (rc != SQLITE_ROW) {
        db_done(st);
        return rc == SQLITE_DONE ? CW_ENOTFOUND : CW_EDB;
    }
    db_col_text(st, 0, name, name_len);
    db_col_text(st, 1, kind, 10);
    /* a bracket's size is a power of two: its rounds are the halvings down to the final */
    int size = sqlite3_column_int(st, 2);
    *rounds = 0;
    while (size > 1) {
        size >>= 1;
        ++*rounds;
    }
    db_done(st);
    return CW_OK;
}

int db_event_update(struct db *db, struct event *e, int64_t now_ms)
{
    db_part_changed(db, DB_EVENTS); /* a bracket may show it (db.h) */
    sqlite3_stmt *st = db_stmt(db, "UPDATE events SET name = ?1, priority = ?2, settings = ?3, "
                                   "state = ?4, updated_ms = ?5 WHERE id = ?6");
    if (!st)
        return CW_EDB;
    db_bind_text(st, 1, e->name);
    sqlite3_bind_int(st, 2, e->priority);
    db_bind_text(st, 3, e->settings);
    db_bind_text(st, 4, e->state);
    sqlite3_bind_int64(st, 5, now_ms);
    sqlite3_bind_int64(st, 6, e->id);
    int rc = sqlite3_step(st) == SQLITE_DONE ? CW_OK : CW_EDB;
    db_done(st);
    if (rc == CW_OK)
        e->updated_ms = now_ms;
    return rc;
}

int db_event_list(struct db *db, int64_t tournament_id, struct event **out, int *n)
{
    *out = NULL;
    *n = 0;
    sqlite3_stmt *st =
        db_stmt(db, "SELECT " E_COLS " FROM events WHERE tournament_id = ?1 ORDER BY id");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, tournament_id);
    return db_rows(st, read_event, sizeof **out, (void **)out, n);
}

int db_entry_add(struct db *db, int64_t event_id, int64_t player_id, int64_t now_ms)
{
    db_part_changed(db, DB_EVENTS); /* a bracket may show it (db.h) */
    sqlite3_stmt *st = db_stmt(
        db, "INSERT INTO event_entries(event_id, player_id, entered_ms) VALUES (?1, ?2, ?3)");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, event_id);
    sqlite3_bind_int64(st, 2, player_id);
    sqlite3_bind_int64(st, 3, now_ms);
    return db_step_done(st);
}

int db_entry_remove(struct db *db, int64_t event_id, int64_t player_id)
{
    db_part_changed(db, DB_EVENTS); /* a bracket may show it (db.h) */
    sqlite3_stmt *st =
        db_stmt(db, "DELETE FROM event_entries WHERE event_id = ?1 AND player_id = ?2");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, event_id);
    sqlite3_bind_int64(st, 2, player_id);
    int rc = sqlite3_step(st) == SQLITE_DONE ? CW_OK : CW_EDB;
    if (rc == CW_OK && sqlite3_changes(db_handle(db)) == 0)
        rc = CW_ENOTFOUND;
    db_done(st);
    return rc;
}

int db_entries(struct db *db, int64_t event_id, int64_t **out, int *n)
{
    *out = NULL;
    *n = 0;
    sqlite3_stmt *st = db_stmt(db, "SELECT player_id FROM event_entries WHERE event_id = ?1 "
                                   "ORDER BY entered_ms, player_id");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, event_id);
    return db_rows(st, db_read_id, sizeof **out, (void **)out, n);
}

static void read_id_pair(sqlite3_stmt *st, void *row)
{
    int64_t *ids = row;
    ids[0] = sqlite3_column_int64(st, 0);
    ids[1] = sqlite3_column_int64(st, 1);
}

int db_event_matches(struct db *db, int64_t event_id, int round, struct match **out, int *n)
{
    *out = NULL;
    *n = 0;
    sqlite3_stmt *st = db_stmt(db, "SELECT id, tournament_id FROM matches WHERE event_id = ?1 "
                                   "AND (?2 = 0 OR round = ?2) ORDER BY round, slot, id");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, event_id);
    sqlite3_bind_int(st, 2, round);
    int64_t(*ids)[2] = NULL;
    int k = 0, rc;
    if (db_rows(st, read_id_pair, sizeof *ids, (void **)&ids, &k))
        return CW_EDB;
    *out = k ? calloc((size_t)k, sizeof **out) : NULL;
    if (k && !*out) {
        free(ids);
        return CW_EDB;
    }
    for (int i = 0; i < k; i++) {
        rc = db_match_get(db, ids[i][1], ids[i][0], &(*out)[i]);
        if (rc != CW_OK) {
            free(ids);
            free(*out);
            *out = NULL;
            return rc;
        }
    }
    free(ids);
    *n = k;
    return CW_OK;
}
