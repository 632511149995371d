/* SQL of the TD's desk (schema 019_now_claims.sql): the "Now" view's claims, and when each
 * open match entered its state (match_states). */
#include "store/desk.h"

#include <sqlite3.h>
#include <string.h>

#include "common/errors.h"
#include "store/sql.h"

#define CLAIM_COLS "item, actor, " SQL_WHO("actor", "name") ", claimed_ms"

static void read_claim(sqlite3_stmt *st, void *row)
{
    struct now_claim *c = row;
    db_col_text(st, 0, c->item, sizeof c->item);
    db_col_text(st, 1, c->by.actor, sizeof c->by.actor);
    db_col_text(st, 2, c->by.name, sizeof c->by.name);
    c->claimed_ms = sqlite3_column_int64(st, 3);
}

int db_now_claims(struct db *db, int64_t tournament_id, struct now_claim **out, int *n)
{
    *out = NULL;
    *n = 0;
    sqlite3_stmt *st =
        db_stmt(db, "SELECT " CLAIM_COLS " FROM now_claims WHERE tournament_id = ?1 ORDER BY item");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, tournament_id);
    return db_rows(st, read_claim, sizeof **out, (void **)out, n);
}

int db_now_claim_get(struct db *db, int64_t tournament_id, const char *item, struct now_claim *c)
{
    sqlite3_stmt *st =
        db_stmt(db, "SELECT " CLAIM_COLS " FROM now_claims WHERE tournament_id = ?1 AND item = ?2");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, tournament_id);
    db_bind_text(st, 2, item);
    return db_row(st, read_claim, c);
}

int db_now_claim_insert(struct db *db, int64_t tournament_id, const struct now_claim *c)
{
    sqlite3_stmt *st = db_stmt(db, "INSERT INTO now_claims(tournament_id, item, actor, name, "
                                   "claimed_ms) VALUES (?1, ?2, ?3, ?4, ?5)");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, tournament_id);
    db_bind_text(st, 2, c->item);
    db_bind_text(st, 3, c->by.actor);
    db_bind_text(st, 4, c->by.name);
    sqlite3_bind_int64(st, 5, c->claimed_ms);
    return db_step_done(st);
}

int db_now_claim_delete(struct db *db, int64_t tournament_id, const char *item)
{
    sqlite3_stmt *st = db_stmt(db, "DELETE FROM now_claims WHERE tournament_id = ?1 AND item = ?2");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, tournament_id);
    db_bind_text(st, 2, item);
    return db_step_ok(st);
}

static void read_since(sqlite3_stmt *st, void *row)
{
    struct match_since *s = row;
    s->match_id = sqlite3_column_int64(st, 0);
    s->since_ms = sqlite3_column_int64(st, 1);
}

int db_match_since(struct db *db, int64_t tournament_id, struct match_since **out, int *n)
{
    *out = NULL;
    *n = 0;
    sqlite3_stmt *st =
        db_stmt(db, "SELECT m.id, coalesce(max(s.at_ms), m.updated_ms) FROM matches m "
                    "LEFT JOIN match_states s ON s.match_id = m.id AND s.state = m.state "
                    "WHERE m.tournament_id = ?1 AND m.state IN ('called', 'playing', 'reported', "
                    "'disputed') GROUP BY m.id ORDER BY m.id");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, tournament_id);
    return db_rows(st, read_since, sizeof **out, (void **)out, n);
}
