/* SQL of calls (GOV-5), warnings of a slow match and observers (GOV-3), schema
 * 013_calls_rulings.sql. */
#include "store/calls.h"

#include <sqlite3.h>
#include <string.h>

#include "common/errors.h"
#include "store/sql.h"

/* ---- calls ---- */

/* who took and closed a call, by id (store/sql.h) */
#define TAKEN_BY SQL_WHO("c.taken_by_actor", "c.taken_by")
#define CLOSED_BY SQL_WHO("c.closed_by_actor", "c.closed_by")
#define CALL_COLS                                                                                  \
    "c.id, c.tournament_id, c.match_id, c.player_id, c.side, c.reason, c.text, c.state, "          \
    "c.created_ms, " TAKEN_BY ", coalesce(c.taken_ms, 0), " CLOSED_BY ", "                         \
    "coalesce(c.closed_ms, 0), c.outcome, coalesce(c.leave_minutes, 0), "                          \
    "coalesce(c.leave_until_ms, 0), m.table_label, c.taken_by_actor, c.closed_by_actor"

static void read_call(sqlite3_stmt *st, void *row)
{
    struct call_row *c = row;
    c->id = sqlite3_column_int64(st, 0);
    c->tournament_id = sqlite3_column_int64(st, 1);
    c->match_id = sqlite3_column_int64(st, 2);
    c->player_id = sqlite3_column_int64(st, 3);
    c->side = sqlite3_column_int(st, 4);
    db_col_text(st, 5, c->reason, sizeof c->reason);
    db_col_text(st, 6, c->text, sizeof c->text);
    db_col_text(st, 7, c->state, sizeof c->state);
    c->created_ms = sqlite3_column_int64(st, 8);
    db_col_text(st, 9, c->taken_by.name, sizeof c->taken_by.name);
    c->taken_ms = sqlite3_column_int64(st, 10);
    db_col_text(st, 11, c->closed_by.name, sizeof c->closed_by.name);
    c->closed_ms = sqlite3_column_int64(st, 12);
    db_col_text(st, 13, c->outcome, sizeof c->outcome);
    c->leave_minutes = sqlite3_column_int(st, 14);
    c->leave_until_ms = sqlite3_column_int64(st, 15);
    db_col_text(st, 16, c->table, sizeof c->table);
    db_col_text(st, 17, c->taken_by.actor, sizeof c->taken_by.actor);
    db_col_text(st, 18, c->closed_by.actor, sizeof c->closed_by.actor);
}

/* Binds who acted (name at ?i, actor at ?i+1), NULL both when nobody did. */
static void bind_who(sqlite3_stmt *st, int i, const struct who *w)
{
    db_bind_text(st, i, w->name[0] ? w->name : NULL);
    db_bind_text(st, i + 1, w->actor[0] ? w->actor : NULL);
}

int db_call_insert(struct db *db, struct call_row *c)
{
    sqlite3_stmt *st = db_stmt(db, "INSERT INTO calls(tournament_id, match_id, player_id, side, "
                                   "reason, text, state, created_ms) VALUES (?1, ?2, ?3, ?4, ?5, "
                                   "?6, 'open', ?7)");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, c->tournament_id);
    sqlite3_bind_int64(st, 2, c->match_id);
    sqlite3_bind_int64(st, 3, c->player_id);
    sqlite3_bind_int(st, 4, c->side);
    db_bind_text(st, 5, c->reason);
    db_bind_text(st, 6, c->text);
    sqlite3_bind_int64(st, 7, c->created_ms);
    int rc = db_step_done(st);
    if (rc == CW_OK) {
        c->id = sqlite3_last_insert_rowid(db_handle(db));
        strcpy(c->state, "open");
    }
    return rc;
}

int db_call_get(struct db *db, int64_t match_id, int64_t id, struct call_row *c)
{
    sqlite3_stmt *st = db_stmt(db, "SELECT " CALL_COLS " FROM calls c JOIN matches m ON "
                                   "m.id = c.match_id WHERE c.match_id = ?1 AND c.id = ?2");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, match_id);
    sqlite3_bind_int64(st, 2, id);
    return db_row(st, read_call, c);
}

int db_call_open_of_match(struct db *db, int64_t match_id, struct call_row *c)
{
    sqlite3_stmt *st =
        db_stmt(db, "SELECT " CALL_COLS " FROM calls c JOIN matches m ON m.id = c.match_id "
                    "WHERE c.match_id = ?1 AND c.state <> 'closed'");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, match_id);
    return db_row(st, read_call, c);
}

int db_call_update(struct db *db, const struct call_row *c)
{
    sqlite3_stmt *st =
        db_stmt(db, "UPDATE calls SET state = ?2, taken_by = ?3, taken_by_actor = ?4, "
                    "taken_ms = ?5, closed_by = ?6, closed_by_actor = ?7, closed_ms = ?8, "
                    "outcome = ?9, leave_minutes = ?10, leave_until_ms = ?11 WHERE id = ?1");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, c->id);
    db_bind_text(st, 2, c->state);
    bind_who(st, 3, &c->taken_by);
    db_bind_nonzero(st, 5, c->taken_ms);
    bind_who(st, 6, &c->closed_by);
    db_bind_nonzero(st, 8, c->closed_ms);
    db_bind_text(st, 9, c->closed_ms ? c->outcome : NULL);
    if (c->leave_minutes)
        sqlite3_bind_int(st, 10, c->leave_minutes);
    else
        sqlite3_bind_null(st, 10);
    db_bind_nonzero(st, 11, c->leave_until_ms);
    return db_step_done(st);
}

int db_calls_since(struct db *db, int64_t player_id, int64_t since_ms, int *count,
                   int64_t *first_ms)
{
    sqlite3_stmt *st = db_stmt(db, "SELECT count(*), coalesce(min(created_ms), 0) FROM calls "
                                   "WHERE player_id = ?1 AND created_ms >= ?2");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, player_id);
    sqlite3_bind_int64(st, 2, since_ms);
    int rc = sqlite3_step(st) == SQLITE_ROW ? CW_OK : CW_EDB;
    if (rc == CW_OK) {
        *count = sqlite3_column_int(st, 0);
        *first_ms = sqlite3_column_int64(st, 1);
    }
    db_done(st);
    return rc;
}

int db_calls_of_match(struct db *db, int64_t match_id, struct call_row **out, int *n)
{
    sqlite3_stmt *st =
        db_stmt(db, "SELECT " CALL_COLS " FROM calls c JOIN matches m ON m.id = c.match_id "
                    "WHERE c.match_id = ?1 ORDER BY c.id DESC");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, match_id);
    return db_rows(st, read_call, sizeof **out, (void **)out, n);
}

int db_calls_open(struct db *db, int64_t tournament_id, struct call_row **out, int *n)
{
    sqlite3_stmt *st =
        db_stmt(db, "SELECT " CALL_COLS " FROM calls c JOIN matches m ON m.id = c.match_id "
                    "WHERE c.tournament_id = ?1 AND c.state <> 'closed' ORDER BY c.id");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, tournament_id);
    return db_rows(st, read_call, sizeof **out, (void **)out, n);
}

/* ---- warnings of a slow match ---- */

int db_warning_insert(struct db *db, struct warning_row *w)
{
    sqlite3_stmt *st = db_stmt(db, "INSERT INTO match_warnings(match_id, text, actor, by_actor, "
                                   "created_ms) VALUES (?1, ?2, ?3, ?4, ?5)");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, w->match_id);
    db_bind_text(st, 2, w->text);
    bind_who(st, 3, &w->by);
    sqlite3_bind_int64(st, 5, w->created_ms);
    int rc = db_step_done(st);
    if (rc == CW_OK)
        w->id = sqlite3_last_insert_rowid(db_handle(db));
    return rc;
}

static void read_warning(sqlite3_stmt *st, void *row)
{
    struct warning_row *w = row;
    w->id = sqlite3_column_int64(st, 0);
    w->match_id = sqlite3_column_int64(st, 1);
    db_col_text(st, 2, w->text, sizeof w->text);
    db_col_text(st, 3, w->by.name, sizeof w->by.name);
    w->created_ms = sqlite3_column_int64(st, 4);
    db_col_text(st, 5, w->by.actor, sizeof w->by.actor);
}

/* who warned, by id (store/sql.h) */
#define WARNED_BY SQL_WHO("by_actor", "actor")

int db_warnings(struct db *db, int64_t match_id, struct warning_row **out, int *n)
{
    sqlite3_stmt *st = db_stmt(db, "SELECT id, match_id, text, " WARNED_BY ", created_ms, by_actor "
                                   "FROM match_warnings WHERE match_id = ?1 ORDER BY id");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, match_id);
    return db_rows(st, read_warning, sizeof **out, (void **)out, n);
}

/* ---- observers ---- */

static void read_observer(sqlite3_stmt *st, void *row)
{
    struct observer_row *o = row;
    o->id = sqlite3_column_int64(st, 0);
    o->match_id = sqlite3_column_int64(st, 1);
    db_col_text(st, 2, o->name, sizeof o->name);
    o->fee_cents = sqlite3_column_int64(st, 3);
    db_col_text(st, 4, o->fee_payer, sizeof o->fee_payer);
    o->call_id = sqlite3_column_int64(st, 5);
    db_col_text(st, 6, o->appointed_by.name, sizeof o->appointed_by.name);
    o->appointed_ms = sqlite3_column_int64(st, 7);
    db_col_text(st, 8, o->removed_by.name, sizeof o->removed_by.name);
    o->removed_ms = sqlite3_column_int64(st, 9);
    db_col_text(st, 10, o->appointed_by.actor, sizeof o->appointed_by.actor);
    db_col_text(st, 11, o->removed_by.actor, sizeof o->removed_by.actor);
}

#define APPOINTED_BY SQL_WHO("appointed_by_actor", "appointed_by")
#define REMOVED_BY SQL_WHO("removed_by_actor", "removed_by")
#define OBSERVER_COLS                                                                              \
    "id, match_id, name, coalesce(fee_cents, -1), coalesce(fee_payer, ''), "                       \
    "coalesce(call_id, 0), " APPOINTED_BY ", appointed_ms, " REMOVED_BY ", "                       \
    "coalesce(removed_ms, 0), appointed_by_actor, removed_by_actor"

int db_observer_insert(struct db *db, struct observer_row *o)
{
    sqlite3_stmt *st =
        db_stmt(db, "INSERT INTO observers(match_id, name, fee_cents, fee_payer, call_id, "
                    "appointed_by, appointed_by_actor, appointed_ms) VALUES (?1, ?2, ?3, ?4, ?5, "
                    "?6, ?7, ?8)");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, o->match_id);
    db_bind_text(st, 2, o->name);
    if (o->fee_cents >= 0)
        sqlite3_bind_int64(st, 3, o->fee_cents);
    else
        sqlite3_bind_null(st, 3);
    db_bind_text(st, 4, o->fee_payer[0] ? o->fee_payer : NULL);
    db_bind_nonzero(st, 5, o->call_id);
    bind_who(st, 6, &o->appointed_by);
    sqlite3_bind_int64(st, 8, o->appointed_ms);
    int rc = db_step_done(st);
    if (rc == CW_OK)
        o->id = sqlite3_last_insert_rowid(db_handle(db));
    return rc;
}

int db_observer_get(struct db *db, int64_t match_id, int64_t id, struct observer_row *o)
{
    sqlite3_stmt *st = db_stmt(db, "SELECT " OBSERVER_COLS " FROM observers WHERE "
                                   "match_id = ?1 AND id = ?2");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, match_id);
    sqlite3_bind_int64(st, 2, id);
    return db_row(st, read_observer, o);
}

int db_observer_remove(struct db *db, const struct observer_row *o)
{
    sqlite3_stmt *st =
        db_stmt(db, "UPDATE observers SET removed_by = ?2, removed_by_actor = ?3, removed_ms = ?4 "
                    "WHERE id = ?1");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, o->id);
    bind_who(st, 2, &o->removed_by);
    sqlite3_bind_int64(st, 4, o->removed_ms);
    return db_step_done(st);
}

int db_observers(struct db *db, int64_t match_id, int current_only, struct observer_row **out,
                 int *n)
{
    sqlite3_stmt *st =
        db_stmt(db, "SELECT " OBSERVER_COLS " FROM observers WHERE match_id = ?1 AND "
                    "(?2 = 0 OR removed_ms IS NULL) ORDER BY id");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, match_id);
    sqlite3_bind_int(st, 2, current_only);
    return db_rows(st, read_observer, sizeof **out, (void **)out, n);
}
