/* SQL of the live stream's log: the entries each change adds for the tournament's streams
 * (the table tournament_events and the id counter last_event_id keep their schema names).
 * Entries added inside a transaction are published, in order, by db_commit after
 * the commit succeeds. */
#include "store/store.h"
#include "store/sql.h"
#include "store/deferred.h"

#include <stdlib.h>
#include <string.h>

/* A stream entry kept by a prepared change (store/deferred.h): its id is the writer's to
 * give, in the turn. */
struct entry_save {
    int64_t tournament_id, now_ms;
    char *type, *data;
};

static int entry_apply(struct db *db, void *args)
{
    struct entry_save *a = args;
    return db_stream_add(db, a->tournament_id, a->now_ms, a->type, a->data);
}

static void entry_drop(void *args)
{
    struct entry_save *a = args;
    free(a->type);
    free(a->data);
    free(a);
}

int db_stream_add(struct db *db, int64_t tournament_id, int64_t now_ms, const char *type,
                  const char *data)
{
    if (db_deferring(db)) {
        struct entry_save *a = calloc(1, sizeof *a);
        if (a && (!(a->type = strdup(type)) || !(a->data = strdup(data)))) {
            entry_drop(a);
            a = NULL;
        }
        if (a) {
            a->tournament_id = tournament_id;
            a->now_ms = now_ms;
        }
        return db_defer(db, entry_apply, entry_drop, a);
    }
    /* a stream entry is a change inside the tournament: its revision (the ETag) moves too.
     * The new id is read by a second statement: RETURNING made SQLite build a table of the
     * returned rows for each entry (issue 37) */
    sqlite3_stmt *st = db_stmt(db, "UPDATE tournament_counters SET last_event_id = "
                                   "last_event_id + 1, revision = revision + 1, updated_ms = ?2 "
                                   "WHERE tournament_id = ?1");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, tournament_id);
    sqlite3_bind_int64(st, 2, now_ms);
    int rc = sqlite3_step(st);
    int changed = rc == SQLITE_DONE ? sqlite3_changes(db_handle(db)) : 0;
    db_done(st);
    if (rc != SQLITE_DONE)
        return CW_EDB;
    if (!changed)
        return CW_ENOTFOUND;
    int64_t id = db_stream_last_id(db, tournament_id);
    if (id <= 0)
        return CW_EDB;
    db_changed(db, tournament_id);
    st = db_stmt(db, "INSERT INTO tournament_events(tournament_id, id, type, data, at_ms) "
                     "VALUES (?1, ?2, ?3, ?4, ?5)");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, tournament_id);
    sqlite3_bind_int64(st, 2, id);
    db_bind_text(st, 3, type);
    db_bind_text(st, 4, data);
    sqlite3_bind_int64(st, 5, now_ms);
    rc = sqlite3_step(st) == SQLITE_DONE ? CW_OK : CW_EDB;
    db_done(st);
    if (rc == CW_OK && db_stream_pending(db, tournament_id, id, type, data))
        rc = CW_EDB;
    return rc;
}

int db_stream_since(struct db *db, int64_t tournament_id, int64_t after_id, int limit,
                    struct db_stream_entry **out, int *n)
{
    /* only what is on disk: a stream must never send an entry that could still be lost */
    return db_stream_range(db, tournament_id, after_id,
                           db_stream_undurable_from(db, tournament_id) - 1, limit, out, n);
}

int db_stream_range(struct db *db, int64_t tournament_id, int64_t after_id, int64_t upto, int limit,
                    struct db_stream_entry **out, int *n)
{
    *out = NULL;
    *n = 0;
    sqlite3_stmt *st =
        db_stmt(db, "SELECT id, type, data FROM tournament_events WHERE "
                    "tournament_id = ?1 AND id > ?2 AND id <= ?4 ORDER BY id LIMIT ?3");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, tournament_id);
    sqlite3_bind_int64(st, 2, after_id);
    sqlite3_bind_int(st, 3, limit);
    sqlite3_bind_int64(st, 4, upto);
    struct db_stream_entry *entries = calloc((size_t)(limit > 0 ? limit : 1), sizeof *entries);
    if (!entries) {
        db_done(st);
        return CW_EDB;
    }
    int rc, k = 0;
    while (k < limit && (rc = sqlite3_step(st)) == SQLITE_ROW) {
        entries[k].id = sqlite3_column_int64(st, 0);
        db_col_text(st, 1, entries[k].type, sizeof entries[k].type);
        entries[k].data = db_col_strdup(st, 2);
        k++;
    }
    db_done(st);
    *out = entries;
    *n = k;
    return CW_OK;
}

void db_stream_free(struct db_stream_entry *entries, int n)
{
    if (!entries)
        return;
    for (int i = 0; i < n; i++)
        free(entries[i].data);
    free(entries);
}

int64_t db_stream_last_id(struct db *db, int64_t tournament_id)
{
    sqlite3_stmt *st =
        db_stmt(db, "SELECT last_event_id FROM tournament_counters WHERE tournament_id = ?1");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, tournament_id);
    return db_int64(st, CW_ENOTFOUND);
}
