/* SQL of match clocks, presence and breaks, and penalties (schema/004_clocks.sql). */
#include "store/store.h"
#include "store/sql.h"

#include <stdlib.h>
#include <string.h>

#include "tourney/clock.h"

int db_clock_get(struct db *db, int64_t match_id, struct clk *c, char **pre_flag)
{
    if (pre_flag)
        *pre_flag = NULL;
    sqlite3_stmt *st = db_stmt(
        db, "SELECT mode, state, running, paused_side, paused_reason, cube_offered, flagged, "
            "flag_reversed, delay_ms, turn_delay_ms, turn_used_ms, since_ms, a_bank_ms, "
            "a_second_ms, a_lose_delay, b_bank_ms, b_second_ms, b_lose_delay, pre_flag "
            "FROM match_clocks WHERE match_id = ?1");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, match_id);
    int rc = sqlite3_step(st);
    int out = rc == SQLITE_ROW ? CW_OK : rc == SQLITE_DONE ? CW_ENOTFOUND : CW_EDB;
    if (out == CW_OK) {
        memset(c, 0, sizeof *c);
        c->mode = sqlite3_column_int(st, 0) ? CLK_MODE_BRONSTEIN : CLK_MODE_DELAY;
        c->state = (enum clk_state)sqlite3_column_int(st, 1);
        c->running = sqlite3_column_int(st, 2);
        c->paused_side = sqlite3_column_int(st, 3);
        c->paused_reason = (enum clk_reason)sqlite3_column_int(st, 4);
        c->cube_offered = sqlite3_column_int(st, 5);
        c->flagged = sqlite3_column_int(st, 6);
        c->flag_reversed = sqlite3_column_int(st, 7);
        c->delay_ms = sqlite3_column_int64(st, 8);
        c->turn_delay_ms = sqlite3_column_int64(st, 9);
        c->turn_used_ms = sqlite3_column_int64(st, 10);
        c->since_ms = sqlite3_column_int64(st, 11);
        for (int s = 0; s < 2; s++) {
            c->side[s].bank_ms = sqlite3_column_int64(st, 12 + 3 * s);
            c->side[s].second_bank_ms = sqlite3_column_int64(st, 13 + 3 * s);
            c->side[s].lose_next_delay = sqlite3_column_int(st, 14 + 3 * s);
        }
        const unsigned char *pf = sqlite3_column_text(st, 18);
        if (pre_flag && pf && !(*pre_flag = strdup((const char *)pf)))
            out = CW_EDB;
    }
    db_done(st);
    return out;
}

int db_clock_put(struct db *db, int64_t match_id, const struct clk *c, int64_t flag_at_ms,
                 const char *pre_flag, int64_t now_ms)
{
    sqlite3_stmt *st = db_stmt(
        db, "INSERT OR REPLACE INTO match_clocks(match_id, mode, state, running, paused_side, "
            "paused_reason, cube_offered, flagged, flag_reversed, delay_ms, turn_delay_ms, "
            "turn_used_ms, since_ms, a_bank_ms, a_second_ms, a_lose_delay, b_bank_ms, "
            "b_second_ms, b_lose_delay, flag_at_ms, pre_flag, updated_ms) VALUES (?1, ?2, ?3, "
            "?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21, "
            "?22)");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, match_id);
    sqlite3_bind_int(st, 2, (int)c->mode);
    sqlite3_bind_int(st, 3, (int)c->state);
    sqlite3_bind_int(st, 4, c->running);
    sqlite3_bind_int(st, 5, c->paused_side);
    sqlite3_bind_int(st, 6, (int)c->paused_reason);
    sqlite3_bind_int(st, 7, c->cube_offered);
    sqlite3_bind_int(st, 8, c->flagged);
    sqlite3_bind_int(st, 9, c->flag_reversed);
    sqlite3_bind_int64(st, 10, c->delay_ms);
    sqlite3_bind_int64(st, 11, c->turn_delay_ms);
    sqlite3_bind_int64(st, 12, c->turn_used_ms);
    sqlite3_bind_int64(st, 13, c->since_ms);
    for (int s = 0; s < 2; s++) {
        sqlite3_bind_int64(st, 14 + 3 * s, c->side[s].bank_ms);
        sqlite3_bind_int64(st, 15 + 3 * s, c->side[s].second_bank_ms);
        sqlite3_bind_int(st, 16 + 3 * s, c->side[s].lose_next_delay);
    }
    sqlite3_bind_int64(st, 20, flag_at_ms);
    if (pre_flag)
        db_bind_text(st, 21, pre_flag);
    else
        sqlite3_bind_null(st, 21);
    sqlite3_bind_int64(st, 22, now_ms);
    return db_step_ok(st);
}

int db_clocks_flag_due(struct db *db, int64_t now_ms, int64_t (*out)[2], int max)
{
    sqlite3_stmt *st = db_stmt(db, "SELECT m.tournament_id, c.match_id FROM match_clocks c "
                                   "JOIN matches m ON m.id = c.match_id "
                                   "WHERE c.state = 1 AND c.flag_at_ms <= ?1 LIMIT ?2");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, now_ms);
    sqlite3_bind_int(st, 2, max);
    int n = 0, rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW && n < max) {
        out[n][0] = sqlite3_column_int64(st, 0);
        out[n][1] = sqlite3_column_int64(st, 1);
        n++;
    }
    db_done(st);
    return rc == SQLITE_DONE || rc == SQLITE_ROW ? n : CW_EDB;
}

static int64_t col_ms(sqlite3_stmt *st, int i)
{
    return sqlite3_column_type(st, i) == SQLITE_NULL ? 0 : sqlite3_column_int64(st, i);
}

int db_presence_get(struct db *db, int64_t match_id, struct presence p[2])
{
    memset(p, 0, 2 * sizeof *p);
    sqlite3_stmt *st =
        db_stmt(db, "SELECT side, arrived_ms, absent_from_ms, breaks_used, break_started_ms, "
                    "break_ends_ms, late_clock_ms, postpone_min FROM match_presence WHERE "
                    "match_id = ?1");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, match_id);
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        int s = sqlite3_column_int(st, 0) ? 1 : 0;
        p[s].arrived_ms = col_ms(st, 1);
        p[s].absent_from_ms = col_ms(st, 2);
        p[s].breaks_used = sqlite3_column_int(st, 3);
        p[s].break_started_ms = col_ms(st, 4);
        p[s].break_ends_ms = col_ms(st, 5);
        p[s].late_clock_ms = col_ms(st, 6);
        p[s].postpone_min = sqlite3_column_int(st, 7);
    }
    db_done(st);
    return rc == SQLITE_DONE ? CW_OK : CW_EDB;
}

int db_presence_put(struct db *db, int64_t match_id, int side, const struct presence *p)
{
    sqlite3_stmt *st = db_stmt(
        db, "INSERT OR REPLACE INTO match_presence(match_id, side, arrived_ms, absent_from_ms, "
            "breaks_used, break_started_ms, break_ends_ms, late_clock_ms, postpone_min) VALUES "
            "(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, match_id);
    sqlite3_bind_int(st, 2, side);
    db_bind_nonzero(st, 3, p->arrived_ms);
    db_bind_nonzero(st, 4, p->absent_from_ms);
    sqlite3_bind_int(st, 5, p->breaks_used);
    db_bind_nonzero(st, 6, p->break_started_ms);
    db_bind_nonzero(st, 7, p->break_ends_ms);
    db_bind_nonzero(st, 8, p->late_clock_ms);
    sqlite3_bind_int(st, 9, p->postpone_min);
    return db_step_ok(st);
}

static int clear_of(struct db *db, const char *sql, int64_t match_id)
{
    sqlite3_stmt *st = db_stmt(db, sql);
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, match_id);
    return db_step_ok(st);
}

int db_clock_clear(struct db *db, int64_t match_id)
{
    return clear_of(db, "DELETE FROM match_clocks WHERE match_id = ?1", match_id);
}

int db_presence_clear(struct db *db, int64_t match_id)
{
    return clear_of(db, "DELETE FROM match_presence WHERE match_id = ?1", match_id);
}

int db_penalty_insert(struct db *db, struct penalty *p)
{
    sqlite3_stmt *st = db_stmt(db, "INSERT INTO penalties(match_id, side, kind, points, reason, "
                                   "before_game, actor, created_ms) VALUES (?1, ?2, ?3, ?4, ?5, "
                                   "?6, ?7, ?8)");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, p->match_id);
    sqlite3_bind_int(st, 2, p->side);
    db_bind_text(st, 3, p->kind);
    sqlite3_bind_int(st, 4, p->points);
    db_bind_text(st, 5, p->reason);
    sqlite3_bind_int(st, 6, p->before_game);
    db_bind_text(st, 7, p->actor);
    sqlite3_bind_int64(st, 8, p->created_ms);
    int rc = sqlite3_step(st) == SQLITE_DONE ? CW_OK : CW_EDB;
    db_done(st);
    if (rc == CW_OK)
        p->id = sqlite3_last_insert_rowid(db_handle(db));
    return rc;
}

static void read_penalty(sqlite3_stmt *st, void *row)
{
    struct penalty *p = row;
    p->id = sqlite3_column_int64(st, 0);
    p->match_id = sqlite3_column_int64(st, 8);
    p->side = sqlite3_column_int(st, 1);
    db_col_text(st, 2, p->kind, sizeof p->kind);
    p->points = sqlite3_column_int(st, 3);
    db_col_text(st, 4, p->reason, sizeof p->reason);
    p->before_game = sqlite3_column_int(st, 5);
    db_col_text(st, 6, p->actor, sizeof p->actor);
    p->created_ms = sqlite3_column_int64(st, 7);
    p->void_ms = col_ms(st, 9);
}

int db_penalties(struct db *db, int64_t match_id, int voided, struct penalty **out, int *n)
{
    *out = NULL;
    *n = 0;
    sqlite3_stmt *st = db_stmt(
        db, voided ? "SELECT id, side, kind, points, reason, before_game, actor, created_ms, "
                     "match_id, void_ms FROM penalties WHERE match_id = ?1 AND void_ms IS NOT "
                     "NULL ORDER BY id"
                   : "SELECT id, side, kind, points, reason, before_game, actor, created_ms, "
                     "match_id, void_ms FROM penalties WHERE match_id = ?1 AND void_ms IS NULL "
                     "ORDER BY id");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, match_id);
    return db_rows(st, read_penalty, sizeof **out, (void **)out, n);
}

int db_penalties_void(struct db *db, int64_t match_id, int64_t now_ms)
{
    sqlite3_stmt *st =
        db_stmt(db, "UPDATE penalties SET void_ms = ?2 WHERE match_id = ?1 AND void_ms IS NULL");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, match_id);
    sqlite3_bind_int64(st, 2, now_ms);
    return db_step_ok(st);
}

int db_penalty_points(struct db *db, int64_t match_id, int side, const char *kind, int *points)
{
    sqlite3_stmt *st = db_stmt(db, "SELECT coalesce(sum(points), 0) FROM penalties WHERE "
                                   "match_id = ?1 AND side = ?2 AND (?3 IS NULL OR kind = ?3) AND "
                                   "void_ms IS NULL");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, match_id);
    sqlite3_bind_int(st, 2, side);
    if (kind)
        db_bind_text(st, 3, kind);
    else
        sqlite3_bind_null(st, 3);
    int rc = sqlite3_step(st) == SQLITE_ROW ? CW_OK : CW_EDB;
    if (rc == CW_OK)
        *points = sqlite3_column_int(st, 0);
    db_done(st);
    return rc;
}
