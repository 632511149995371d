/* SQL of Davis Cup teams and ties. */
#include "store/store.h"
#include "store/sql.h"

#include <stdlib.h>
#include <string.h>

int db_davis_team_insert(struct db *db, struct davis_team_row *t, int64_t now_ms)
{
    sqlite3_stmt *st =
        db_stmt(db, "INSERT INTO davis_teams(event_id, name, player1, player2, number, created_ms) "
                    "VALUES (?1, ?2, ?3, ?4, (SELECT coalesce(max(number), 0) + 1 FROM davis_teams "
                    "WHERE event_id = ?1), ?5) RETURNING id, number");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, t->event_id);
    db_bind_text(st, 2, t->name);
    sqlite3_bind_int64(st, 3, t->player[0]);
    sqlite3_bind_int64(st, 4, t->player[1]);
    sqlite3_bind_int64(st, 5, now_ms);
    int rc = sqlite3_step(st);
    if (rc == SQLITE_ROW) {
        t->id = sqlite3_column_int64(st, 0);
        t->number = sqlite3_column_int(st, 1);
        while (sqlite3_step(st) == SQLITE_ROW) {
        }
    }
    db_done(st);
    return rc == SQLITE_ROW ? CW_OK : (rc & 0xff) == SQLITE_CONSTRAINT ? CW_ECONFLICT : CW_EDB;
}

static void read_team(sqlite3_stmt *st, void *row)
{
    struct davis_team_row *t = row;
    t->id = sqlite3_column_int64(st, 0);
    t->event_id = sqlite3_column_int64(st, 1);
    db_col_text(st, 2, t->name, sizeof t->name);
    t->player[0] = sqlite3_column_int64(st, 3);
    t->player[1] = sqlite3_column_int64(st, 4);
    t->number = sqlite3_column_int(st, 5);
}

int db_davis_teams(struct db *db, int64_t event_id, struct davis_team_row **out, int *n)
{
    *out = NULL;
    *n = 0;
    sqlite3_stmt *st = db_stmt(db, "SELECT id, event_id, name, player1, player2, number FROM "
                                   "davis_teams WHERE event_id = ?1 ORDER BY number");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, event_id);
    return db_rows(st, read_team, sizeof **out, (void **)out, n);
}

int db_davis_team_get(struct db *db, int64_t id, struct davis_team_row *t)
{
    sqlite3_stmt *st = db_stmt(db, "SELECT id, event_id, name, player1, player2, number FROM "
                                   "davis_teams WHERE id = ?1");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, id);
    return db_row(st, read_team, t);
}

int64_t db_davis_team_of_player(struct db *db, int64_t event_id, int64_t player_id)
{
    sqlite3_stmt *st = db_stmt(db, "SELECT id FROM davis_teams WHERE event_id = ?1 AND "
                                   "(player1 = ?2 OR player2 = ?2) LIMIT 1");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, event_id);
    sqlite3_bind_int64(st, 2, player_id);
    return db_int64(st, 0);
}

int db_davis_tie_insert(struct db *db, struct davis_tie_row *t)
{
    sqlite3_stmt *st = db_stmt(db, "INSERT INTO davis_ties(event_id, round, slot, team_a, team_b, "
                                   "winner) VALUES (?1, ?2, ?3, ?4, ?5, ?6)");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, t->event_id);
    sqlite3_bind_int(st, 2, t->round);
    sqlite3_bind_int(st, 3, t->slot);
    for (int s = 0; s < 2; s++) {
        db_bind_nonzero(st, 4 + s, t->team[s]);
    }
    if (t->winner >= 0)
        sqlite3_bind_int(st, 6, t->winner);
    else
        sqlite3_bind_null(st, 6);
    int rc = sqlite3_step(st) == SQLITE_DONE ? CW_OK : CW_EDB;
    db_done(st);
    if (rc == CW_OK)
        t->id = sqlite3_last_insert_rowid(db_handle(db));
    return rc;
}

#define TIE_COLS                                                                                   \
    "id, event_id, round, slot, coalesce(team_a, 0), coalesce(team_b, 0), coalesce(winner, -1)"

static void read_tie(sqlite3_stmt *st, void *row)
{
    struct davis_tie_row *t = row;
    t->id = sqlite3_column_int64(st, 0);
    t->event_id = sqlite3_column_int64(st, 1);
    t->round = sqlite3_column_int(st, 2);
    t->slot = sqlite3_column_int(st, 3);
    t->team[0] = sqlite3_column_int64(st, 4);
    t->team[1] = sqlite3_column_int64(st, 5);
    t->winner = sqlite3_column_int(st, 6);
}

int db_davis_ties(struct db *db, int64_t event_id, struct davis_tie_row **out, int *n)
{
    *out = NULL;
    *n = 0;
    sqlite3_stmt *st = db_stmt(db, "SELECT " TIE_COLS " FROM davis_ties WHERE event_id = ?1 "
                                   "ORDER BY round, slot");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, event_id);
    return db_rows(st, read_tie, sizeof **out, (void **)out, n);
}

int db_davis_tie_get(struct db *db, int64_t id, struct davis_tie_row *t)
{
    sqlite3_stmt *st = db_stmt(db, "SELECT " TIE_COLS " FROM davis_ties WHERE id = ?1");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, id);
    return db_row(st, read_tie, t);
}

int db_davis_tie_set_winner(struct db *db, int64_t id, int winner)
{
    sqlite3_stmt *st = db_stmt(db, "UPDATE davis_ties SET winner = ?2 WHERE id = ?1");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, id);
    if (winner >= 0)
        sqlite3_bind_int(st, 2, winner);
    else
        sqlite3_bind_null(st, 2);
    return db_step_ok(st);
}

int db_tie_matches(struct db *db, int64_t tournament_id, int64_t tie_id, struct match *out)
{
    /* the five rubbers, by rubber number; out[i] for rubber i+1, id 0 when missing */
    memset(out, 0, 5 * sizeof *out);
    sqlite3_stmt *st =
        db_stmt(db, "SELECT id, rubber FROM matches WHERE tie_id = ?1 ORDER BY rubber");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, tie_id);
    int64_t ids[5] = {0};
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        int r = sqlite3_column_int(st, 1);
        if (r >= 1 && r <= 5)
            ids[r - 1] = sqlite3_column_int64(st, 0);
    }
    db_done(st);
    if (rc != SQLITE_DONE)
        return CW_EDB;
    for (int i = 0; i < 5; i++)
        if (ids[i] && (rc = db_match_get(db, tournament_id, ids[i], &out[i])) != CW_OK)
            return rc;
    return CW_OK;
}

int db_davis_tie_set_teams(struct db *db, int64_t id, int64_t team_a, int64_t team_b)
{
    sqlite3_stmt *st = db_stmt(db, "UPDATE davis_ties SET team_a = ?2, team_b = ?3 WHERE id = ?1");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, id);
    db_bind_nonzero(st, 2, team_a);
    db_bind_nonzero(st, 3, team_b);
    return db_step_ok(st);
}
