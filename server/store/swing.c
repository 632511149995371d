/* SQL of Swing rounds and the chip ledger. */
#include "store/store.h"
#include "store/sql.h"

#include <stdlib.h>
#include <string.h>

int db_swing_round_insert(struct db *db, int64_t event_id, const struct swing_round_row *r)
{
    sqlite3_stmt *st = db_stmt(db, "INSERT INTO swing_rounds(event_id, round, cpp, seed, sitter, "
                                   "forced, started_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, event_id);
    sqlite3_bind_int(st, 2, r->round);
    sqlite3_bind_int64(st, 3, r->cpp);
    db_bind_text(st, 4, r->seed);
    db_bind_nonzero(st, 5, r->sitter);
    sqlite3_bind_int(st, 6, r->forced);
    sqlite3_bind_int64(st, 7, r->started_ms);
    return db_step_done(st);
}

static void read_round(sqlite3_stmt *st, void *row)
{
    struct swing_round_row *r = row;
    r->round = sqlite3_column_int(st, 0);
    r->cpp = sqlite3_column_int64(st, 1);
    db_col_text(st, 2, r->seed, sizeof r->seed);
    r->sitter = sqlite3_column_int64(st, 3);
    r->forced = sqlite3_column_int(st, 4);
    r->started_ms = sqlite3_column_int64(st, 5);
}

int db_swing_rounds(struct db *db, int64_t event_id, struct swing_round_row **out, int *n)
{
    *out = NULL;
    *n = 0;
    sqlite3_stmt *st =
        db_stmt(db, "SELECT round, cpp, seed, coalesce(sitter, 0), forced, "
                    "started_ms FROM swing_rounds WHERE event_id = ?1 ORDER BY round");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, event_id);
    return db_rows(st, read_round, sizeof **out, (void **)out, n);
}

int db_ledger_add(struct db *db, int64_t event_id, int round, int64_t match_id, int64_t from_player,
                  int64_t to_player, int64_t chips, const char *why, int64_t now_ms)
{
    sqlite3_stmt *st = db_stmt(db, "INSERT INTO chip_ledger(event_id, round, match_id, "
                                   "from_player, to_player, chips, why, at_ms) "
                                   "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, event_id);
    sqlite3_bind_int(st, 2, round);
    db_bind_nonzero(st, 3, match_id);
    db_bind_nonzero(st, 4, from_player);
    sqlite3_bind_int64(st, 5, to_player);
    sqlite3_bind_int64(st, 6, chips);
    db_bind_text(st, 7, why);
    sqlite3_bind_int64(st, 8, now_ms);
    return db_step_ok(st);
}

int db_ledger_clear_games(struct db *db, int64_t event_id)
{
    sqlite3_stmt *st =
        db_stmt(db, "DELETE FROM chip_ledger WHERE event_id = ?1 AND match_id IS NOT NULL");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, event_id);
    return db_step_ok(st);
}

int db_ledger_balances(struct db *db, int64_t event_id, const int64_t *ids, int n, int64_t *chips)
{
    sqlite3_stmt *st = db_stmt(
        db, "SELECT coalesce(sum(CASE WHEN to_player = ?2 THEN chips ELSE 0 END), 0) - "
            "coalesce(sum(CASE WHEN from_player = ?2 THEN chips ELSE 0 END), 0) "
            "FROM chip_ledger WHERE event_id = ?1 AND (to_player = ?2 OR from_player = ?2)");
    if (!st)
        return CW_EDB;
    for (int i = 0; i < n; i++) {
        sqlite3_bind_int64(st, 1, event_id);
        sqlite3_bind_int64(st, 2, ids[i]);
        int rc = sqlite3_step(st);
        if (rc != SQLITE_ROW) {
            db_done(st);
            return CW_EDB;
        }
        chips[i] = sqlite3_column_int64(st, 0);
        sqlite3_reset(st);
    }
    db_done(st);
    return CW_OK;
}

int db_ledger_total(struct db *db, int64_t event_id, int64_t *total)
{
    /* what flows in from outside the pool: the starting stacks (from_player NULL) */
    sqlite3_stmt *st = db_stmt(db, "SELECT coalesce(sum(chips), 0) FROM chip_ledger "
                                   "WHERE event_id = ?1 AND from_player IS NULL");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, event_id);
    int rc = sqlite3_step(st) == SQLITE_ROW ? CW_OK : CW_EDB;
    if (rc == CW_OK)
        *total = sqlite3_column_int64(st, 0);
    db_done(st);
    return rc;
}

static void read_ledger_row(sqlite3_stmt *st, void *row)
{
    struct ledger_row *r = row;
    r->id = sqlite3_column_int64(st, 0);
    r->round = sqlite3_column_int(st, 1);
    r->match_id = sqlite3_column_int64(st, 2);
    r->from_player = sqlite3_column_int64(st, 3);
    r->to_player = sqlite3_column_int64(st, 4);
    r->chips = sqlite3_column_int64(st, 5);
    db_col_text(st, 6, r->why, sizeof r->why);
    r->at_ms = sqlite3_column_int64(st, 7);
}

int db_ledger_rows(struct db *db, int64_t event_id, int64_t player_id, struct ledger_row **out,
                   int *n)
{
    *out = NULL;
    *n = 0;
    sqlite3_stmt *st =
        db_stmt(db, "SELECT id, round, coalesce(match_id, 0), coalesce(from_player, 0), to_player, "
                    "chips, why, at_ms FROM chip_ledger WHERE event_id = ?1 AND (?2 = 0 OR "
                    "from_player = ?2 OR to_player = ?2) ORDER BY round, id");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, event_id);
    sqlite3_bind_int64(st, 2, player_id);
    return db_rows(st, read_ledger_row, sizeof **out, (void **)out, n);
}

int db_corrected_matches(struct db *db, int64_t tournament_id, int64_t **ids, int *n)
{
    *ids = NULL;
    *n = 0;
    sqlite3_stmt *st = db_stmt(db, "SELECT DISTINCT entity_id FROM audit_log WHERE "
                                   "tournament_id = ?1 AND entity = 'match' AND "
                                   "action = 'match.corrected' AND entity_id IS NOT NULL "
                                   /* the TD's: the words of the index of officials' rows */
                                   "AND actor NOT GLOB 'player:*'");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, tournament_id);
    return db_rows(st, db_read_id, sizeof **ids, (void **)ids, n);
}
