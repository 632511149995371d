/* SQL of tournaments. */
#include "store/store.h"
#include "store/sql.h"

#include <stdlib.h>
#include <string.h>

/* the tournament's row and its counters' (schema/027: a narrow row, rewritten by every
 * change inside it) */
#define T_COLS                                                                                     \
    "id, name, venue, start_date, end_date, illegal_move_policy, late_grace_min, late_step_min, "  \
    "break_table, clock_mode, clock_bank_per_point_s, clock_delay_s, "                             \
    "clock_split_first_per_point_s, c.revision, created_ms, c.updated_ms, tables, "                \
    "gap_waits_for_td, minutes_per_point, placing_order, entries_need_approval"
#define T_FROM " FROM tournaments t JOIN tournament_counters c ON c.tournament_id = t.id"

static void read_row(sqlite3_stmt *st, void *row)
{
    struct tournament *t = row;
    t->id = sqlite3_column_int64(st, 0);
    db_col_text(st, 1, t->name, sizeof t->name);
    db_col_text(st, 2, t->venue, sizeof t->venue);
    db_col_text(st, 3, t->start_date, sizeof t->start_date);
    db_col_text(st, 4, t->end_date, sizeof t->end_date);
    db_col_text(st, 5, t->illegal_move_policy, sizeof t->illegal_move_policy);
    t->late_grace_min = sqlite3_column_int(st, 6);
    t->late_step_min = sqlite3_column_int(st, 7);
    db_col_text(st, 8, t->break_table, sizeof t->break_table);
    db_col_text(st, 9, t->clock_mode, sizeof t->clock_mode);
    t->clock_bank_per_point_s = sqlite3_column_int(st, 10);
    t->clock_delay_s = sqlite3_column_int(st, 11);
    t->clock_split_first_per_point_s = sqlite3_column_int(st, 12);
    t->revision = sqlite3_column_int64(st, 13);
    t->created_ms = sqlite3_column_int64(st, 14);
    t->updated_ms = sqlite3_column_int64(st, 15);
    db_col_text(st, 16, t->tables, sizeof t->tables);
    t->gap_waits_for_td = sqlite3_column_int(st, 17);
    t->minutes_per_point = sqlite3_column_int(st, 18);
    db_col_text(st, 19, t->placing_order, sizeof t->placing_order);
    t->entries_need_approval = sqlite3_column_int(st, 20);
}

/* Binds ?1..?12, ?15 to ?19 in the order of the settable columns. */
static void bind_fields(sqlite3_stmt *st, const struct tournament *t)
{
    db_bind_text(st, 1, t->name);
    db_bind_text(st, 2, t->venue);
    db_bind_text(st, 3, t->start_date[0] ? t->start_date : NULL);
    db_bind_text(st, 4, t->end_date[0] ? t->end_date : NULL);
    db_bind_text(st, 5, t->illegal_move_policy);
    sqlite3_bind_int(st, 6, t->late_grace_min);
    sqlite3_bind_int(st, 7, t->late_step_min);
    db_bind_text(st, 8, t->break_table);
    db_bind_text(st, 9, t->clock_mode);
    sqlite3_bind_int(st, 10, t->clock_bank_per_point_s);
    sqlite3_bind_int(st, 11, t->clock_delay_s);
    sqlite3_bind_int(st, 12, t->clock_split_first_per_point_s);
    db_bind_text(st, 15, t->tables[0] ? t->tables : "[]");
    sqlite3_bind_int(st, 16, t->gap_waits_for_td ? 1 : 0);
    sqlite3_bind_int(st, 17, t->minutes_per_point);
    db_bind_text(st, 18, t->placing_order);
    sqlite3_bind_int(st, 19, t->entries_need_approval ? 1 : 0);
}

int db_tournament_insert(struct db *db, struct tournament *t, int64_t now_ms)
{
    sqlite3_stmt *st = db_stmt(
        db, "INSERT INTO tournaments(name, venue, start_date, end_date, illegal_move_policy, "
            "late_grace_min, late_step_min, break_table, clock_mode, clock_bank_per_point_s, "
            "clock_delay_s, clock_split_first_per_point_s, created_ms, "
            "tables, gap_waits_for_td, minutes_per_point, placing_order, entries_need_approval) "
            "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?15, ?16, "
            "?17, ?18, ?19)");
    if (!st)
        return CW_EDB;
    bind_fields(st, t);
    sqlite3_bind_int64(st, 13, now_ms);
    int rc = sqlite3_step(st) == SQLITE_DONE ? CW_OK : CW_EDB;
    db_done(st);
    if (rc == CW_OK) { /* its counters, in the same change */
        t->id = sqlite3_last_insert_rowid(db_handle(db));
        st = db_stmt(db, "INSERT INTO tournament_counters(tournament_id, revision, "
                         "last_event_id, updated_ms) VALUES (?1, 1, 0, ?2)");
        if (!st)
            return CW_EDB;
        sqlite3_bind_int64(st, 1, t->id);
        sqlite3_bind_int64(st, 2, now_ms);
        rc = db_step_done(st) == CW_OK ? CW_OK : CW_EDB;
    }
    if (rc == CW_OK) {
        t->revision = 1;
        t->created_ms = t->updated_ms = now_ms;
    }
    return rc;
}

int db_tournament_get(struct db *db, int64_t id, struct tournament *t)
{
    sqlite3_stmt *st = db_stmt(db, "SELECT " T_COLS T_FROM " WHERE t.id = ?1");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, id);
    return db_row(st, read_row, t);
}

int db_tournament_update(struct db *db, struct tournament *t, int64_t now_ms)
{
    sqlite3_stmt *st =
        db_stmt(db, "UPDATE tournaments SET name = ?1, venue = ?2, start_date = ?3, end_date = ?4, "
                    "illegal_move_policy = ?5, late_grace_min = ?6, late_step_min = ?7, "
                    "break_table = ?8, clock_mode = ?9, clock_bank_per_point_s = ?10, "
                    "clock_delay_s = ?11, clock_split_first_per_point_s = ?12, tables = ?15, "
                    "gap_waits_for_td = ?16, minutes_per_point = ?17, placing_order = ?18, "
                    "entries_need_approval = ?19 WHERE id = ?14");
    if (!st)
        return CW_EDB;
    bind_fields(st, t);
    sqlite3_bind_int64(st, 14, t->id);
    int rc = db_step_done(st);
    if (rc != CW_OK)
        return CW_EDB;
    if (!sqlite3_changes(db_handle(db)))
        return CW_ENOTFOUND;
    if ((rc = db_tournament_touch(db, t->id, now_ms)) != CW_OK)
        return rc;
    t->revision = db_tournament_revision(db, t->id);
    t->updated_ms = now_ms;
    return t->revision > 0 ? CW_OK : CW_EDB;
}

int db_tournament_touch(struct db *db, int64_t id, int64_t now_ms)
{
    sqlite3_stmt *st = db_stmt(
        db, "UPDATE tournament_counters SET revision = revision + 1, updated_ms = ?2 "
            "WHERE tournament_id = ?1");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, id);
    sqlite3_bind_int64(st, 2, now_ms);
    int rc = sqlite3_step(st) == SQLITE_DONE ? CW_OK : CW_EDB;
    if (rc == CW_OK && sqlite3_changes(db_handle(db)) == 0)
        rc = CW_ENOTFOUND;
    db_done(st);
    if (rc == CW_OK)
        db_changed(db, id);
    return rc;
}

int db_tournament_list(struct db *db, struct tournament **out, int *n)
{
    *out = NULL;
    *n = 0;
    sqlite3_stmt *st = db_stmt(db, "SELECT " T_COLS T_FROM " ORDER BY t.id");
    if (!st)
        return CW_EDB;
    return db_rows(st, read_row, sizeof **out, (void **)out, n);
}

int db_tournament_counts(struct db *db, int64_t id, struct tournament_counts *c)
{
    sqlite3_stmt *st =
        db_stmt(db, "SELECT count(*), "
                    "coalesce(sum(status = 'registered' AND checked_in_ms IS NOT NULL), 0), "
                    "coalesce(sum(status = 'withdrawn'), 0) FROM players WHERE tournament_id = ?1");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, id);
    int rc = sqlite3_step(st) == SQLITE_ROW ? CW_OK : CW_EDB;
    if (rc == CW_OK) {
        c->players = sqlite3_column_int(st, 0);
        c->checked_in = sqlite3_column_int(st, 1);
        c->withdrawn = sqlite3_column_int(st, 2);
    }
    db_done(st);
    return rc;
}

int db_tournament_has_reports(struct db *db, int64_t id)
{
    sqlite3_stmt *st = db_stmt(db, "SELECT EXISTS (SELECT 1 FROM reports r JOIN matches m ON "
                                   "m.id = r.match_id WHERE m.tournament_id = ?1)");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, id);
    int rc = sqlite3_step(st) == SQLITE_ROW ? sqlite3_column_int(st, 0) : CW_EDB;
    db_done(st);
    return rc;
}

int64_t db_tournament_revision(struct db *db, int64_t id)
{
    sqlite3_stmt *st =
        db_stmt(db, "SELECT revision FROM tournament_counters WHERE tournament_id = ?1");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, id);
    return db_int64(st, CW_ENOTFOUND);
}

int db_tournament_gap_waits(struct db *db, int64_t id)
{
    sqlite3_stmt *st = db_stmt(db, "SELECT gap_waits_for_td FROM tournaments WHERE id = ?1");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, id);
    return (int)db_int64(st, CW_ENOTFOUND);
}

int db_tournament_policy(struct db *db, int64_t id, char out[12])
{
    sqlite3_stmt *st = db_stmt(db, "SELECT illegal_move_policy FROM tournaments WHERE id = ?1");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, id);
    int rc = sqlite3_step(st);
    int outc = rc == SQLITE_ROW ? CW_OK : rc == SQLITE_DONE ? CW_ENOTFOUND : CW_EDB;
    if (outc == CW_OK)
        db_col_text(st, 0, out, 12);
    db_done(st);
    return outc;
}
