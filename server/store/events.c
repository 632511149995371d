/* SQL of events (knockout, swing, davis) and their entries. */
#include "store/store.h"
#include "store/sql.h"

#include <stdlib.h>
#include <string.h>

#define E_COLS "id, tournament_id, kind, name, priority, settings, state, created_ms, updated_ms"

/* The kind of the name in column i (the schema's CHECK keeps it one of them). */
static enum event_kind_id col_kind(sqlite3_stmt *st, int i)
{
    int k = event_kind_from_name((const char *)sqlite3_column_text(st, i));
    return k >= 0 ? (enum event_kind_id)k : EK_KNOCKOUT;
}

/* The row, its settings read once here, by its kind (tourney/event_kind.c): they were
 * read by the same reader before they were stored. */
static void read_event(sqlite3_stmt *st, void *row)
{
    struct event *e = row;
    e->id = sqlite3_column_int64(st, 0);
    e->tournament_id = sqlite3_column_int64(st, 1);
    e->kind = col_kind(st, 2);
    db_col_text(st, 3, e->name, sizeof e->name);
    e->priority = sqlite3_column_int(st, 4);
    struct kind_fault f;
    event_settings_read_text(e->kind, (const char *)sqlite3_column_text(st, 5), &e->settings, &f);
    int state = event_state_from_name((const char *)sqlite3_column_text(st, 6));
    e->state = state >= 0 ? (enum event_state)state : ES_OPEN;
    e->created_ms = sqlite3_column_int64(st, 7);
    e->updated_ms = sqlite3_column_int64(st, 8);
}

/* The settings' storage form: the kind's JSON, compact with sorted keys (malloc'd). */
static char *settings_text(const struct event *e)
{
    char *text = event_settings_text(e->kind, &e->settings);
    if (text && strlen(text) >= E_SETTINGS_MAX) {
        free(text);
        text = NULL;
    }
    return text;
}

int db_event_insert(struct db *db, struct event *e, int64_t now_ms)
{
    db_part_changed(db, DB_EVENTS); /* a bracket may show it (db.h) */
    char *settings = settings_text(e);
    sqlite3_stmt *st = settings ? db_stmt(db, "INSERT INTO events(tournament_id, kind, name, "
                                              "priority, settings, state, created_ms, "
                                              "updated_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?7)")
                                : NULL;
    if (!st) {
        free(settings);
        return CW_EDB;
    }
    sqlite3_bind_int64(st, 1, e->tournament_id);
    db_bind_text(st, 2, event_kind_name(e->kind));
    db_bind_text(st, 3, e->name);
    sqlite3_bind_int(st, 4, e->priority);
    db_bind_text(st, 5, settings);
    db_bind_text(st, 6, event_state_name(e->state));
    sqlite3_bind_int64(st, 7, now_ms);
    int rc = sqlite3_step(st) == SQLITE_DONE ? CW_OK : CW_EDB;
    db_done(st);
    free(settings);
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

int db_event_label(struct db *db, int64_t id, char *name, size_t name_len, enum event_kind_id *kind,
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
    *kind = col_kind(st, 1);
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
    char *settings = settings_text(e);
    sqlite3_stmt *st = settings ? db_stmt(db, "UPDATE events SET name = ?1, priority = ?2, "
                                              "settings = ?3, state = ?4, updated_ms = ?5 "
                                              "WHERE id = ?6")
                                : NULL;
    if (!st) {
        free(settings);
        return CW_EDB;
    }
    db_bind_text(st, 1, e->name);
    sqlite3_bind_int(st, 2, e->priority);
    db_bind_text(st, 3, settings);
    db_bind_text(st, 4, event_state_name(e->state));
    sqlite3_bind_int64(st, 5, now_ms);
    sqlite3_bind_int64(st, 6, e->id);
    int rc = sqlite3_step(st) == SQLITE_DONE ? CW_OK : CW_EDB;
    db_done(st);
    free(settings);
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
