/* SQL of Swiss rounds and the Swiss's entries' lives (schema/019_swiss.sql). */
#include "store/store.h"
#include "store/sql.h"

#include <stdlib.h>
#include <string.h>

int db_swiss_round_put(struct db *db, int64_t event_id, const struct swiss_round_row *r)
{
    db_part_changed(db, DB_EVENTS); /* the Swiss's board shows its rounds (db.h) */
    sqlite3_stmt *st = db_stmt(
        db, "INSERT INTO swiss_rounds(event_id, round, seed, bye, rematches, reasons, swapped, "
            "paired_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8) ON CONFLICT(event_id, round) DO "
            "UPDATE SET seed = ?3, bye = ?4, rematches = ?5, reasons = ?6, swapped = ?7, "
            "paired_ms = ?8");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, event_id);
    sqlite3_bind_int(st, 2, r->round);
    db_bind_text(st, 3, r->seed);
    db_bind_nonzero(st, 4, r->bye);
    sqlite3_bind_int(st, 5, r->rematches);
    db_bind_text(st, 6, r->reasons ? r->reasons : "[]");
    sqlite3_bind_int(st, 7, r->swapped);
    sqlite3_bind_int64(st, 8, r->paired_ms);
    return db_step_done(st);
}

static void read_round(sqlite3_stmt *st, void *row)
{
    struct swiss_round_row *r = row;
    r->round = sqlite3_column_int(st, 0);
    db_col_text(st, 1, r->seed, sizeof r->seed);
    r->bye = sqlite3_column_int64(st, 2);
    r->rematches = sqlite3_column_int(st, 3);
    const char *t = (const char *)sqlite3_column_text(st, 4);
    r->reasons = strdup(t ? t : "[]");
    r->swapped = sqlite3_column_int(st, 5);
    r->paired_ms = sqlite3_column_int64(st, 6);
}

int db_swiss_rounds(struct db *db, int64_t event_id, struct swiss_round_row **out, int *n)
{
    *out = NULL;
    *n = 0;
    sqlite3_stmt *st = db_stmt(db, "SELECT round, seed, coalesce(bye, 0), rematches, reasons, "
                                   "swapped, paired_ms FROM swiss_rounds WHERE event_id = ?1 "
                                   "ORDER BY round");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, event_id);
    return db_rows(st, read_round, sizeof **out, (void **)out, n);
}

void db_swiss_rounds_free(struct swiss_round_row *r, int n)
{
    for (int i = 0; r && i < n; i++)
        free(r[i].reasons);
    free(r);
}

int db_swiss_entry_put(struct db *db, int64_t event_id, const struct swiss_entry_row *r)
{
    db_part_changed(db, DB_EVENTS); /* the Swiss's board shows its entries' lives (db.h) */
    sqlite3_stmt *st = db_stmt(
        db, "INSERT INTO swiss_entries(event_id, player_id, start_wins, joined_round, "
            "withdrawn_round) VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT(event_id, player_id) DO "
            "UPDATE SET start_wins = ?3, joined_round = ?4, withdrawn_round = ?5");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, event_id);
    sqlite3_bind_int64(st, 2, r->player_id);
    sqlite3_bind_int(st, 3, r->start_wins);
    sqlite3_bind_int(st, 4, r->joined_round);
    sqlite3_bind_int(st, 5, r->withdrawn_round);
    return db_step_done(st);
}

static void read_entry(sqlite3_stmt *st, void *row)
{
    struct swiss_entry_row *r = row;
    r->player_id = sqlite3_column_int64(st, 0);
    r->start_wins = sqlite3_column_int(st, 1);
    r->joined_round = sqlite3_column_int(st, 2);
    r->withdrawn_round = sqlite3_column_int(st, 3);
}

int db_swiss_entries(struct db *db, int64_t event_id, struct swiss_entry_row **out, int *n)
{
    *out = NULL;
    *n = 0;
    sqlite3_stmt *st = db_stmt(db, "SELECT player_id, start_wins, joined_round, withdrawn_round "
                                   "FROM swiss_entries WHERE event_id = ?1 ORDER BY player_id");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, event_id);
    return db_rows(st, read_entry, sizeof **out, (void **)out, n);
}
