/* SQL of the TD's decisions about entries (GOV-4); see entries.h. */
#include "store/entries.h"

#include "store/sql.h"
#include "store/store.h"

#define D_COLS                                                                                     \
    "id, tournament_id, player_id, decision, reason, coalesce(from_event, 0), "                   \
    "coalesce(to_event, 0), official, created_ms"

static void read_decision(sqlite3_stmt *st, void *row)
{
    struct entry_decision *d = row;
    d->id = sqlite3_column_int64(st, 0);
    d->tournament_id = sqlite3_column_int64(st, 1);
    d->player_id = sqlite3_column_int64(st, 2);
    db_col_text(st, 3, d->decision, sizeof d->decision);
    db_col_text(st, 4, d->reason, sizeof d->reason);
    d->from_event = sqlite3_column_int64(st, 5);
    d->to_event = sqlite3_column_int64(st, 6);
    db_col_text(st, 7, d->official, sizeof d->official);
    d->created_ms = sqlite3_column_int64(st, 8);
}

int db_entry_decision_insert(struct db *db, struct entry_decision *d)
{
    sqlite3_stmt *st = db_stmt(
        db, "INSERT INTO entry_decisions(tournament_id, player_id, decision, reason, from_event, "
            "to_event, official, created_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, d->tournament_id);
    sqlite3_bind_int64(st, 2, d->player_id);
    db_bind_text(st, 3, d->decision);
    db_bind_text(st, 4, d->reason);
    db_bind_nonzero(st, 5, d->from_event);
    db_bind_nonzero(st, 6, d->to_event);
    db_bind_text(st, 7, d->official);
    sqlite3_bind_int64(st, 8, d->created_ms);
    int rc = db_step_done(st);
    if (rc == CW_OK)
        d->id = sqlite3_last_insert_rowid(db_handle(db));
    return rc;
}

int db_entry_decisions(struct db *db, int64_t tournament_id, struct entry_decision **out, int *n)
{
    *out = NULL;
    *n = 0;
    sqlite3_stmt *st =
        db_stmt(db, "SELECT " D_COLS " FROM entry_decisions WHERE tournament_id = ?1 ORDER BY id");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, tournament_id);
    return db_rows(st, read_decision, sizeof **out, (void **)out, n);
}

static void read_player_event(sqlite3_stmt *st, void *row)
{
    struct player_event *e = row;
    e->event_id = sqlite3_column_int64(st, 0);
    e->open = sqlite3_column_int(st, 1);
}

int db_player_events(struct db *db, int64_t player_id, struct player_event **out, int *n)
{
    *out = NULL;
    *n = 0;
    sqlite3_stmt *st = db_stmt(db, "SELECT x.event_id, e.state = 'open' FROM event_entries x "
                                   "JOIN events e ON e.id = x.event_id WHERE x.player_id = ?1 "
                                   "ORDER BY x.event_id");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, player_id);
    return db_rows(st, read_player_event, sizeof **out, (void **)out, n);
}
