/* SQL of matches, their state times and their reports. */
#include "store/store.h"
#include "store/sql.h"
#include "store/deferred.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#define M_COLS                                                                                     \
    "id, tournament_id, coalesce(event_id, 0), coalesce(player_a, 0), coalesce(player_b, 0), "     \
    "length, table_label, state, score_a, score_b, coalesce(winner, -1), "                         \
    "coalesce(result_report, 0), created_ms, updated_ms, round, slot, coalesce(tie_id, 0), "       \
    "rubber, "                                                                                     \
    "penalty_a, penalty_b, first_length, length_fix_game, ended"

/* A state by the name stored in column i: the schema's CHECK list on matches.state holds
 * exactly the names of enum match_state, and match_states rows are written from it. */
static enum match_state col_state(sqlite3_stmt *st, int i)
{
    char name[16];
    db_col_text(st, i, name, sizeof name);
    int s = match_state_from_name(name);
    assert(s >= 0);
    return (enum match_state)s;
}

/* How the match ended, by the name stored in column i (the CHECK list of matches.ended,
 * schema/011, holds exactly the names of enum match_end). */
static enum match_end col_end(sqlite3_stmt *st, int i)
{
    char name[16];
    db_col_text(st, i, name, sizeof name);
    int e = match_end_from_name(name);
    assert(e >= 0);
    return (enum match_end)e;
}

static void read_match(sqlite3_stmt *st, void *row)
{
    struct match *m = row;
    m->id = sqlite3_column_int64(st, 0);
    m->tournament_id = sqlite3_column_int64(st, 1);
    m->event_id = sqlite3_column_int64(st, 2);
    m->player[0] = sqlite3_column_int64(st, 3);
    m->player[1] = sqlite3_column_int64(st, 4);
    m->length = sqlite3_column_int(st, 5);
    db_col_text(st, 6, m->table, sizeof m->table);
    m->state = col_state(st, 7);
    m->score[0] = sqlite3_column_int(st, 8);
    m->score[1] = sqlite3_column_int(st, 9);
    m->winner = sqlite3_column_int(st, 10);
    m->result_report = sqlite3_column_int64(st, 11);
    m->created_ms = sqlite3_column_int64(st, 12);
    m->updated_ms = sqlite3_column_int64(st, 13);
    m->round = sqlite3_column_int(st, 14);
    m->slot = sqlite3_column_int(st, 15);
    m->tie_id = sqlite3_column_int64(st, 16);
    m->rubber = sqlite3_column_int(st, 17);
    m->penalty[0] = sqlite3_column_int(st, 18);
    m->penalty[1] = sqlite3_column_int(st, 19);
    m->first_length = sqlite3_column_int(st, 20);
    m->length_fix_game = sqlite3_column_int(st, 21);
    m->ended = col_end(st, 22);
}

/* ?1..?10 and ?14..?23: the settable columns */
static void bind_match(sqlite3_stmt *st, const struct match *m)
{
    db_bind_nonzero(st, 1, m->event_id);
    db_bind_nonzero(st, 2, m->player[0]);
    db_bind_nonzero(st, 3, m->player[1]);
    sqlite3_bind_int(st, 4, m->length);
    db_bind_text(st, 5, m->table);
    db_bind_text(st, 6, match_state_name(m->state));
    sqlite3_bind_int(st, 7, m->score[0]);
    sqlite3_bind_int(st, 8, m->score[1]);
    if (m->winner >= 0)
        sqlite3_bind_int(st, 9, m->winner);
    else
        sqlite3_bind_null(st, 9);
    db_bind_nonzero(st, 10, m->result_report);
    sqlite3_bind_int(st, 14, m->round);
    sqlite3_bind_int(st, 15, m->slot);
    db_bind_nonzero(st, 16, m->tie_id);
    sqlite3_bind_int(st, 17, m->rubber);
    sqlite3_bind_int(st, 18, m->penalty[0]);
    sqlite3_bind_int(st, 19, m->penalty[1]);
    /* decided_how (schema/005) says "disqualified" as before, for readers of the column */
    db_bind_text(st, 20, m->ended == ME_DISQUALIFIED ? "disqualified" : "");
    sqlite3_bind_int(st, 21, m->first_length);
    sqlite3_bind_int(st, 22, m->length_fix_game);
    db_bind_text(st, 23, match_end_name(m->ended));
}

int db_match_insert(struct db *db, struct match *m, int64_t now_ms)
{
    if (m->event_id)
        db_part_changed(db, DB_EVENTS); /* a bracket may show it (db.h) */
    sqlite3_stmt *st = db_stmt(
        db, "INSERT INTO matches(event_id, player_a, player_b, length, table_label, state, "
            "score_a, score_b, winner, result_report, tournament_id, created_ms, updated_ms, "
            "round, slot, tie_id, rubber, penalty_a, penalty_b, decided_how, first_length, "
            "length_fix_game, ended) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, "
            "?12, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21, ?22, ?23)");
    if (!st)
        return CW_EDB;
    bind_match(st, m);
    sqlite3_bind_int64(st, 11, m->tournament_id);
    sqlite3_bind_int64(st, 12, now_ms);
    int rc = sqlite3_step(st) == SQLITE_DONE ? CW_OK : CW_EDB;
    db_done(st);
    if (rc == CW_OK) {
        m->id = sqlite3_last_insert_rowid(db_handle(db));
        m->created_ms = m->updated_ms = now_ms;
    }
    return rc;
}

int db_match_get(struct db *db, int64_t tournament_id, int64_t id, struct match *m)
{
    sqlite3_stmt *st =
        db_stmt(db, "SELECT " M_COLS " FROM matches WHERE id = ?1 AND tournament_id = ?2");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, id);
    sqlite3_bind_int64(st, 2, tournament_id);
    return db_row(st, read_match, m);
}

/* 1 if m differs from was in its score, the report it stands on, or nothing: what a game
 * changes. */
static int only_score(const struct match *was, const struct match *m)
{
    return was->id == m->id && was->tournament_id == m->tournament_id &&
           was->event_id == m->event_id && was->round == m->round && was->slot == m->slot &&
           was->tie_id == m->tie_id && was->rubber == m->rubber &&
           was->player[0] == m->player[0] && was->player[1] == m->player[1] &&
           was->length == m->length && was->first_length == m->first_length &&
           was->length_fix_game == m->length_fix_game && !strcmp(was->table, m->table) &&
           was->state == m->state && was->winner == m->winner &&
           was->penalty[0] == m->penalty[0] && was->penalty[1] == m->penalty[1] &&
           was->ended == m->ended;
}

/* A match's save kept by a prepared change (store/deferred.h): the row as read and as it is
 * to be, made in the writer's turn. */
struct match_save {
    struct match was, m;
    int64_t now_ms;
};

static int match_save_apply(struct db *db, void *args)
{
    struct match_save *a = args;
    return db_match_update_from(db, &a->was, &a->m, a->now_ms);
}

int db_match_update_from(struct db *db, const struct match *was, struct match *m, int64_t now_ms)
{
    if (was && db_deferring(db)) {
        struct match_save *a = malloc(sizeof *a);
        if (a)
            *a = (struct match_save){*was, *m, now_ms};
        m->updated_ms = now_ms; /* as the save will leave it */
        return db_defer(db, match_save_apply, free, a);
    }
    /* the row is was (read in this transaction) unless written since, which sets its
     * updated_ms to now: a time that differs from was's tells (the same millisecond cannot,
     * and takes db_match_update) */
    if (!was || was->updated_ms == now_ms || !only_score(was, m))
        return db_match_update(db, m, now_ms);
    sqlite3_stmt *st = db_stmt(db, "UPDATE matches SET score_a = ?1, score_b = ?2, "
                                   "result_report = ?3, updated_ms = ?4 WHERE id = ?5 AND "
                                   "updated_ms = ?6");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int(st, 1, m->score[0]);
    sqlite3_bind_int(st, 2, m->score[1]);
    db_bind_nonzero(st, 3, m->result_report);
    sqlite3_bind_int64(st, 4, now_ms);
    sqlite3_bind_int64(st, 5, m->id);
    sqlite3_bind_int64(st, 6, was->updated_ms);
    int rc = sqlite3_step(st) == SQLITE_DONE ? CW_OK : CW_EDB;
    int done = rc == CW_OK && sqlite3_changes(db_handle(db)) == 1;
    db_done(st);
    if (rc != CW_OK)
        return rc;
    if (!done) /* written since it was read: every column, as ever */
        return db_match_update(db, m, now_ms);
    if (m->event_id)
        db_part_changed(db, DB_EVENTS); /* a bracket may show it (db.h) */
    m->updated_ms = now_ms;
    return CW_OK;
}

/* A match is saved in two statements, because SQLite evaluates a column's CHECK list and
 * its foreign key whenever an UPDATE sets that column, changed or not, and a CHECK with an
 * IN list builds a temporary index each time: on every game report that cost as much as the
 * rest of the save. So the columns a report changes (scores, times) are set always, and
 * those with a CHECK list or a foreign key (players, event, tie, state, winner, how it ended)
 * only in the row whose values differ, which a game report's save never is. */
int db_match_update(struct db *db, struct match *m, int64_t now_ms)
{
    if (m->event_id)
        db_part_changed(db, DB_EVENTS); /* a bracket may show it (db.h) */
    /* What a game changes (the score, the report it stands on) in a row whose other columns
     * are as they were: one statement, the common case (a game's report). Setting every
     * column each time rewrote the matches_event index entry (round, slot) and evaluated
     * the CHECKs (length, state, winner, ended) for a score (issue 37). */
    sqlite3_stmt *st = db_stmt(
        db, "UPDATE matches SET score_a = ?7, score_b = ?8, result_report = ?10, "
            "updated_ms = ?11 WHERE id = ?12 AND tournament_id = ?13 AND event_id IS ?1 AND "
            "player_a IS ?2 AND player_b IS ?3 AND length IS ?4 AND table_label IS ?5 AND "
            "state IS ?6 AND winner IS ?9 AND round IS ?14 AND slot IS ?15 AND tie_id IS ?16 "
            "AND rubber IS ?17 AND penalty_a IS ?18 AND penalty_b IS ?19 AND decided_how IS ?20 "
            "AND first_length IS ?21 AND length_fix_game IS ?22 AND ended IS ?23");
    if (!st)
        return CW_EDB;
    bind_match(st, m);
    sqlite3_bind_int64(st, 11, now_ms);
    sqlite3_bind_int64(st, 12, m->id);
    sqlite3_bind_int64(st, 13, m->tournament_id);
    int rc = sqlite3_step(st) == SQLITE_DONE ? CW_OK : CW_EDB;
    int done = rc == CW_OK && sqlite3_changes(db_handle(db)) == 1;
    db_done(st);
    if (rc != CW_OK)
        return rc;
    if (done) {
        m->updated_ms = now_ms;
        return CW_OK;
    }
    /* something else changed: every column set, those with a CHECK list or a foreign key
     * only in a row whose values differ */
    st = db_stmt(db, "UPDATE matches SET length = ?4, table_label = ?5, score_a = ?7, "
                     "score_b = ?8, result_report = ?10, updated_ms = ?11, round = ?14, "
                     "slot = ?15, rubber = ?17, penalty_a = ?18, penalty_b = ?19, "
                     "first_length = ?21, length_fix_game = ?22 WHERE id = ?12 AND "
                     "tournament_id = ?13");
    if (!st)
        return CW_EDB;
    bind_match(st, m);
    sqlite3_bind_int64(st, 11, now_ms);
    sqlite3_bind_int64(st, 12, m->id);
    sqlite3_bind_int64(st, 13, m->tournament_id);
    rc = sqlite3_step(st) == SQLITE_DONE ? CW_OK : CW_EDB;
    if (rc == CW_OK && sqlite3_changes(db_handle(db)) == 0)
        rc = CW_ENOTFOUND;
    db_done(st);
    if (rc != CW_OK)
        return rc;
    st = db_stmt(db, "UPDATE matches SET event_id = ?1, player_a = ?2, player_b = ?3, "
                     "state = ?6, winner = ?9, tie_id = ?16, decided_how = ?20, ended = ?23 "
                     "WHERE id = ?12 AND (event_id IS NOT ?1 OR player_a IS NOT ?2 OR "
                     "player_b IS NOT ?3 OR state IS NOT ?6 OR winner IS NOT ?9 OR "
                     "tie_id IS NOT ?16 OR decided_how IS NOT ?20 OR ended IS NOT ?23)");
    if (!st)
        return CW_EDB;
    bind_match(st, m);
    sqlite3_bind_int64(st, 12, m->id);
    rc = sqlite3_step(st) == SQLITE_DONE ? CW_OK : CW_EDB;
    if (rc != CW_OK || sqlite3_changes(db_handle(db)))
        db_part_changed(db, DB_EVENTS); /* it may have left an event */
    db_done(st);
    if (rc == CW_OK)
        m->updated_ms = now_ms;
    return rc;
}

int db_match_list(struct db *db, int64_t tournament_id, int64_t player_id, struct match **out,
                  int *n)
{
    *out = NULL;
    *n = 0;
    /* a player's matches include the consultation doubles (rubber 3) of their Davis Cup
     * team, which list only the first player of each team */
    sqlite3_stmt *st =
        db_stmt(db, "SELECT " M_COLS " FROM matches WHERE tournament_id = ?1 "
                    "AND (?2 = 0 OR player_a = ?2 OR player_b = ?2 OR (rubber = 3 AND tie_id IN "
                    "(SELECT ti.id FROM davis_ties ti JOIN davis_teams te ON te.id IN (ti.team_a, "
                    "ti.team_b) WHERE te.player1 = ?2 OR te.player2 = ?2))) ORDER BY id");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, tournament_id);
    sqlite3_bind_int64(st, 2, player_id);
    return db_rows(st, read_match, sizeof **out, (void **)out, n);
}

int db_match_state_log(struct db *db, int64_t match_id, enum match_state state, int64_t at_ms,
                       const char *actor)
{
    sqlite3_stmt *st = db_stmt(
        db, "INSERT INTO match_states(match_id, state, at_ms, actor) VALUES (?1, ?2, ?3, ?4)");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, match_id);
    db_bind_text(st, 2, match_state_name(state));
    sqlite3_bind_int64(st, 3, at_ms);
    db_bind_text(st, 4, actor);
    return db_step_ok(st);
}

static void read_state_time(sqlite3_stmt *st, void *row)
{
    struct match_state_time *t = row;
    t->state = col_state(st, 0);
    t->at_ms = sqlite3_column_int64(st, 1);
    db_col_text(st, 2, t->actor, sizeof t->actor);
}

int db_match_state_times(struct db *db, int64_t match_id, struct match_state_time **out, int *n)
{
    *out = NULL;
    *n = 0;
    sqlite3_stmt *st = db_stmt(db, "SELECT state, at_ms, actor FROM match_states "
                                   "WHERE match_id = ?1 ORDER BY at_ms, rowid");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, match_id);
    return db_rows(st, read_state_time, sizeof **out, (void **)out, n);
}

#define R_COLS                                                                                     \
    "id, match_id, coalesce(side, -1), actor, kind, complete, current, score_a, score_b, "         \
    "coalesce(winner, -1), games, transcript, flags, created_ms, conceded, coalesce(resumes, 0), " \
    "replay"

static void read_report(sqlite3_stmt *st, void *row)
{
    struct report *r = row;
    r->id = sqlite3_column_int64(st, 0);
    r->match_id = sqlite3_column_int64(st, 1);
    r->side = sqlite3_column_int(st, 2);
    db_col_text(st, 3, r->actor, sizeof r->actor);
    db_col_text(st, 4, r->kind, sizeof r->kind);
    r->complete = sqlite3_column_int(st, 5);
    r->current = sqlite3_column_int(st, 6);
    r->score[0] = sqlite3_column_int(st, 7);
    r->score[1] = sqlite3_column_int(st, 8);
    r->winner = sqlite3_column_int(st, 9);
    r->games = db_col_strdup(st, 10);
    r->transcript = db_col_strdup(st, 11);
    r->flags = db_col_strdup(st, 12);
    r->created_ms = sqlite3_column_int64(st, 13);
    r->conceded = sqlite3_column_int(st, 14);
    r->resumes = sqlite3_column_int64(st, 15);
    db_col_text(st, 16, r->replay, sizeof r->replay);
}

int db_report_insert(struct db *db, struct report *r)
{
    sqlite3_stmt *st =
        db_stmt(db, "INSERT INTO reports(match_id, side, actor, kind, complete, current, score_a, "
                    "score_b, winner, games, transcript, flags, created_ms, conceded, resumes, replay) "
                    "VALUES (?1, ?2, ?3, ?4, ?5, 1, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, "
                    "?15)");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, r->match_id);
    if (r->side >= 0)
        sqlite3_bind_int(st, 2, r->side);
    else
        sqlite3_bind_null(st, 2);
    db_bind_text(st, 3, r->actor);
    db_bind_text(st, 4, r->kind);
    sqlite3_bind_int(st, 5, r->complete);
    sqlite3_bind_int(st, 6, r->score[0]);
    sqlite3_bind_int(st, 7, r->score[1]);
    if (r->winner >= 0)
        sqlite3_bind_int(st, 8, r->winner);
    else
        sqlite3_bind_null(st, 8);
    db_bind_text(st, 9, r->games ? r->games : "[]");
    db_bind_text(st, 10, r->transcript);
    db_bind_text(st, 11, r->flags);
    sqlite3_bind_int64(st, 12, r->created_ms);
    sqlite3_bind_int(st, 13, r->conceded ? 1 : 0);
    db_bind_nonzero(st, 14, r->resumes);
    if (r->replay[0])
        db_bind_text(st, 15, r->replay);
    int rc = sqlite3_step(st) == SQLITE_DONE ? CW_OK : CW_EDB;
    db_done(st);
    if (rc == CW_OK) {
        r->id = sqlite3_last_insert_rowid(db_handle(db));
        r->current = 1;
    }
    return rc;
}

int db_report_current(struct db *db, int64_t match_id, int side, struct report *r)
{
    sqlite3_stmt *st = db_stmt(db, "SELECT " R_COLS " FROM reports WHERE match_id = ?1 AND "
                                   "coalesce(side, -1) = ?2 AND current = 1 "
                                   "ORDER BY id DESC LIMIT 1");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, match_id);
    sqlite3_bind_int(st, 2, side);
    return db_row(st, read_report, r);
}

int db_report_current_pair(struct db *db, int64_t match_id, struct report r[2], int found[2])
{
    found[0] = found[1] = 0;
    /* each side's newest current report, as db_report_current reads one: the first of its
     * side in this order */
    sqlite3_stmt *st = db_stmt(db, "SELECT " R_COLS " FROM reports WHERE match_id = ?1 AND "
                                   "current = 1 AND side IS NOT NULL ORDER BY id DESC");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, match_id);
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        int s = sqlite3_column_int(st, 2);
        if (s < 0 || s > 1 || found[s])
            continue;
        read_report(st, &r[s]);
        found[s] = 1;
    }
    db_done(st);
    if (rc == SQLITE_DONE)
        return CW_OK;
    for (int s = 0; s < 2; s++)
        if (found[s])
            report_free(&r[s]);
    found[0] = found[1] = 0;
    return CW_EDB;
}

int db_report_get(struct db *db, int64_t match_id, int64_t id, struct report *r)
{
    sqlite3_stmt *st =
        db_stmt(db, "SELECT " R_COLS " FROM reports WHERE match_id = ?1 AND id = ?2");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, match_id);
    sqlite3_bind_int64(st, 2, id);
    return db_row(st, read_report, r);
}

int db_report_supersede(struct db *db, int64_t match_id, int side)
{
    sqlite3_stmt *st = db_stmt(db, "UPDATE reports SET current = 0 WHERE match_id = ?1 AND "
                                   "coalesce(side, -1) = ?2 AND current = 1");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, match_id);
    sqlite3_bind_int(st, 2, side);
    return db_step_ok(st);
}

int db_report_restore(struct db *db, int64_t match_id, int64_t id)
{
    sqlite3_stmt *st = db_stmt(db, "UPDATE reports SET current = 1 WHERE match_id = ?1 AND "
                                   "id = ?2 AND complete = 0");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, match_id);
    sqlite3_bind_int64(st, 2, id);
    return db_step_ok(st);
}

/* A report's games kept by a prepared change: the fields db_report_update_games writes. */
struct games_save {
    struct report r;
};

static int games_save_apply(struct db *db, void *args)
{
    return db_report_update_games(db, &((struct games_save *)args)->r);
}

static void games_save_drop(void *args)
{
    struct games_save *a = args;
    free(a->r.games);
    free(a);
}

int db_report_update_games(struct db *db, struct report *r)
{
    if (db_deferring(db)) {
        struct games_save *a = calloc(1, sizeof *a);
        char *games = a && r->games ? strdup(r->games) : NULL;
        if (a && (games || !r->games)) {
            a->r.id = r->id;
            a->r.games = games;
            a->r.complete = r->complete;
            a->r.score[0] = r->score[0];
            a->r.score[1] = r->score[1];
            a->r.winner = r->winner;
            memcpy(a->r.replay, r->replay, sizeof a->r.replay);
        } else {
            free(a);
            a = NULL;
        }
        return db_defer(db, games_save_apply, games_save_drop, a);
    }
    /* the replay's state with the games it stands for, in one statement (a crash keeps both or
     * neither) */
    sqlite3_stmt *st = db_stmt(db, "UPDATE reports SET games = ?1, complete = ?2, score_a = ?3, "
                                   "score_b = ?4, winner = ?5, replay = ?7 WHERE id = ?6");
    if (!st)
        return CW_EDB;
    db_bind_text(st, 1, r->games ? r->games : "[]");
    sqlite3_bind_int(st, 2, r->complete);
    sqlite3_bind_int(st, 3, r->score[0]);
    sqlite3_bind_int(st, 4, r->score[1]);
    if (r->winner >= 0)
        sqlite3_bind_int(st, 5, r->winner);
    else
        sqlite3_bind_null(st, 5);
    sqlite3_bind_int64(st, 6, r->id);
    if (r->replay[0])
        db_bind_text(st, 7, r->replay);
    else
        sqlite3_bind_null(st, 7);
    return db_step_ok(st);
}
