/* SQL of ratings (RAT-1): settings, the order of first decisions, the decided matches. */
#include "store/ratings.h"

#include <string.h>

#include "store/sql.h"
#include "store/store.h"
#include "tourney/davis.h"
#include "tourney/event_kind.h"
#include "tourney/model.h"

static void read_cfg(sqlite3_stmt *st, void *row)
{
    struct rating_cfg *c = row;
    c->rat.start_rating = sqlite3_column_double(st, 0);
    c->rat.count_this_match = sqlite3_column_int(st, 1);
    /* the first seven kinds in rating_exclude (schema/022), the conceded and lost on time
     * in rating_exclude_ends (schema/025) */
    c->rat.exclude = (unsigned)sqlite3_column_int(st, 2) | (unsigned)sqlite3_column_int(st, 6) << 7;
    c->rat.provisional_below = sqlite3_column_int64(st, 3);
    c->seed_live = !strcmp((const char *)sqlite3_column_text(st, 4), "live");
    c->import_max_rows = sqlite3_column_int(st, 5);
}

int db_rating_cfg_get(struct db *db, int64_t tournament_id, struct rating_cfg *c)
{
    sqlite3_stmt *st = db_stmt(db, "SELECT rating_start, rating_count_this_match, rating_exclude, "
                                   "rating_provisional_below, rating_seed, import_max_rows, "
                                   "rating_exclude_ends FROM tournaments WHERE id = ?1");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, tournament_id);
    return db_row(st, read_cfg, c);
}

int db_rating_cfg_put(struct db *db, int64_t tournament_id, const struct rating_cfg *c)
{
    sqlite3_stmt *st = db_stmt(db, "UPDATE tournaments SET rating_start = ?2, "
                                   "rating_count_this_match = ?3, rating_exclude = ?4, "
                                   "rating_provisional_below = ?5, rating_seed = ?6, "
                                   "import_max_rows = ?7, rating_exclude_ends = ?8 WHERE id = ?1");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, tournament_id);
    sqlite3_bind_double(st, 2, c->rat.start_rating);
    sqlite3_bind_int(st, 3, c->rat.count_this_match ? 1 : 0);
    sqlite3_bind_int(st, 4, (int)(c->rat.exclude & 0x7Fu));
    sqlite3_bind_int64(st, 5, c->rat.provisional_below);
    db_bind_text(st, 6, c->seed_live ? "live" : "entry");
    sqlite3_bind_int(st, 7, c->import_max_rows);
    sqlite3_bind_int(st, 8, (int)(c->rat.exclude >> 7 & 3u));
    return db_step_done(st);
}

int db_rating_order_add(struct db *db, int64_t tournament_id, int64_t match_id)
{
    sqlite3_stmt *st = db_stmt(db, "INSERT OR IGNORE INTO rating_order(match_id, tournament_id, "
                                   "seq) VALUES (?2, ?1, (SELECT coalesce(max(seq), 0) + 1 FROM "
                                   "rating_order WHERE tournament_id = ?1))");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, tournament_id);
    sqlite3_bind_int64(st, 2, match_id);
    return db_step_done(st);
}

int db_rating_order_drop(struct db *db, int64_t match_id)
{
    sqlite3_stmt *st = db_stmt(db, "DELETE FROM rating_order WHERE match_id = ?1");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, match_id);
    return db_step_done(st);
}

static void read_match(sqlite3_stmt *st, void *row)
{
    struct rat_match *m = row;
    memset(m, 0, sizeof *m);
    m->id = sqlite3_column_int64(st, 0);
    m->order = sqlite3_column_int64(st, 1);
    m->player[0][0] = sqlite3_column_int64(st, 2);
    m->player[1][0] = sqlite3_column_int64(st, 3);
    m->length = sqlite3_column_int(st, 4);
    m->winner = sqlite3_column_int(st, 5);
    int ended = match_end_from_name((const char *)sqlite3_column_text(st, 6));
    int won = sqlite3_column_int(st, m->winner ? 11 : 10); /* the winner's score */
    m->kind = rat_kind(ended < 0 ? ME_PLAYED : (enum match_end)ended, m->length,
                       won >= m->length);
    int kind = event_kind_from_name((const char *)sqlite3_column_text(st, 7));
    int rubber = sqlite3_column_int(st, 8);
    /* the TD's forfeit (or a ruling that forfeits) ends as a ruling, but was never played */
    if (ended == ME_RULING && !strcmp((const char *)sqlite3_column_text(st, 9), "forfeited"))
        m->kind |= RAT_X_FORFEIT;
    if (kind == EK_SWING)
        m->kind |= RAT_X_SWING;
    if (kind == EK_DAVIS && rubber >= 1 && rubber <= DAVIS_RUBBERS &&
        davis_rubbers[rubber - 1].a_member == 0)
        m->kind |= RAT_X_DAVIS_DOUBLES;
    if (m->length < 1) /* a Swing game (SWING-2) counts as a 1-point match when rated */
        m->length = 1;
}

int db_rating_matches(struct db *db, int64_t tournament_id, struct rat_match **out, int *n)
{
    *out = NULL;
    *n = 0;
    sqlite3_stmt *st = db_stmt(
        db, "SELECT m.id, o.seq, coalesce(m.player_a, 0), coalesce(m.player_b, 0), m.length, "
            "m.winner, m.ended, coalesce(e.kind, ''), m.rubber, m.state, m.score_a, m.score_b "
            "FROM matches m "
            "JOIN rating_order o ON o.match_id = m.id LEFT JOIN events e ON e.id = m.event_id "
            "WHERE m.tournament_id = ?1 AND m.winner IS NOT NULL "
            "AND m.state IN ('verified', 'forfeited', 'withdrawn')");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, tournament_id);
    return db_rows(st, read_match, sizeof **out, (void **)out, n);
}
