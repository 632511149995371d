/* Unit tests of the migrations that rewrite data: a database left at an older schema, with
 * rows of every kind, is opened by db_open (which migrates it) and read through the store.
 * 011: how each decided match ended, from its row and its history.
 * 012: the TD's password and sessions become the head TD's, official #1 (GOV-1).
 * 019 (its number given at merge: found by its name): the events table rebuilt so that its
 * kind takes 'swiss' (SWISS-1), every row and every row naming an event kept.
 * 027 (by its name too): each tournament's counters moved to a narrow row of their own, their
 * values kept.
 * 028 (by its name): the audit rows indexed by tournament are the officials' alone, and the
 * store's queries by tournament still find theirs. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "store/committee.h"
#include "store/migrations.h"
#include "store/sql.h"
#include "store/store.h"
#include "../check_main.h"

static char tmpdir[64];

static void mk_tmp(void)
{
    strcpy(tmpdir, "/tmp/crawford-migr-XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(tmpdir));
}

static void rm_tmp(void)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    ck_assert_int_eq(system(cmd), 0);
}

static void exec_ok(sqlite3 *h, const char *sql)
{
    char *err = NULL;
    int rc = sqlite3_exec(h, sql, NULL, NULL, &err);
    if (rc != SQLITE_OK)
        ck_abort_msg("%s: %s", sql, err ? err : "?");
}

/* The database as a crawford of schema `version` left it: its migrations, one by one. */
static sqlite3 *open_at(const char *path, int version)
{
    sqlite3 *h;
    ck_assert_int_eq(sqlite3_open(path, &h), SQLITE_OK);
    for (int i = 0; i < db_migrations_count && db_migrations[i].version <= version; i++) {
        size_t len = 1;
        for (int k = 0; k < db_migrations[i].n_lines; k++)
            len += strlen(db_migrations[i].lines[k]);
        char *sql = calloc(1, len);
        ck_assert_ptr_nonnull(sql);
        for (int k = 0; k < db_migrations[i].n_lines; k++)
            strcat(sql, db_migrations[i].lines[k]);
        exec_ok(h, sql);
        free(sql);
    }
    char bump[48];
    snprintf(bump, sizeof bump, "PRAGMA user_version = %d", version);
    exec_ok(h, bump);
    return h;
}

/* A decided match of tournament 1 between players 1 and 2 (7 points), as SQL values. */
static void add_match(sqlite3 *h, int id, const char *state, const char *winner,
                      const char *player_b, const char *decided_how)
{
    char sql[512];
    snprintf(sql, sizeof sql,
             "INSERT INTO matches(id, tournament_id, player_a, player_b, length, state, winner, "
             "decided_how, created_ms, updated_ms) VALUES (%d, 1, 1, %s, 7, '%s', %s, '%s', 1, 1)",
             id, player_b, state, winner, decided_how);
    exec_ok(h, sql);
}

static void add_state(sqlite3 *h, int match, const char *state, int at, const char *actor)
{
    char sql[256];
    snprintf(sql, sizeof sql,
             "INSERT INTO match_states(match_id, state, at_ms, actor) VALUES (%d, '%s', %d, '%s')",
             match, state, at, actor);
    exec_ok(h, sql);
}

/* A complete report (side NULL: the TD's) the match's result stands on. */
static void add_result(sqlite3 *h, int match, const char *side, int conceded)
{
    char sql[512];
    snprintf(sql, sizeof sql,
             "INSERT INTO reports(id, match_id, side, actor, kind, complete, score_a, score_b, "
             "winner, games, created_ms, conceded) VALUES (%d, %d, %s, 'x', 'score', 1, 7, 3, 0, "
             "'[]', 1, %d); UPDATE matches SET result_report = %d WHERE id = %d",
             match * 10, match, side, conceded, match * 10, match);
    exec_ok(h, sql);
}

static enum match_end ended_of(struct db *db, int id)
{
    struct match m;
    ck_assert_int_eq(db_match_get(db, 1, id, &m), CW_OK);
    return m.ended;
}

START_TEST(test_011_fills_how_each_decided_match_ended)
{
    char path[128], err[256];
    snprintf(path, sizeof path, "%s/old.db", tmpdir);
    sqlite3 *h = open_at(path, 10);
    exec_ok(h, "INSERT INTO tournaments(id, name, created_ms, updated_ms) VALUES (1, 'T', 1, 1);"
               "INSERT INTO players(id, tournament_id, name, pin, created_ms, updated_ms) VALUES "
               "(1, 1, 'A', '1234', 1, 1), (2, 1, 'B', '5678', 1, 1)");
    add_match(h, 1, "scheduled", "NULL", "2", "");
    /* MATCH-7: both sides' reports agreed (after a dispute they settled themselves) */
    add_match(h, 2, "verified", "0", "2", "");
    add_state(h, 2, "disputed", 1, "player:2");
    add_state(h, 2, "verified", 2, "player:1");
    add_result(h, 2, "1", 0);
    add_match(h, 3, "verified", "0", "2", "");
    add_state(h, 3, "verified", 1, "player:1");
    add_result(h, 3, "1", 1); /* MATCH-7: a concession */
    /* the TD settled a dispute */
    add_match(h, 4, "verified", "0", "2", "");
    add_state(h, 4, "reported", 1, "player:1");
    add_state(h, 4, "disputed", 2, "player:2");
    add_state(h, 4, "verified", 3, "td");
    add_result(h, 4, "NULL", 0);
    /* MATCH-5: penalty points reached the length: no report behind the result */
    add_match(h, 5, "verified", "0", "2", "");
    add_state(h, 5, "verified", 1, "td");
    /* CLK-7: a flag */
    add_match(h, 6, "forfeited", "0", "2", "");
    add_state(h, 6, "forfeited", 1, "clock");
    /* PEN-2: side b's lateness passed half the length (4 of 7) */
    add_match(h, 7, "forfeited", "0", "2", "");
    add_state(h, 7, "forfeited", 1, "td");
    exec_ok(h, "INSERT INTO penalties(match_id, side, kind, points, reason, before_game, actor, "
               "created_ms) VALUES (7, 1, 'lateness', 2, 'r', 0, 'td', 1), "
               "(7, 1, 'lateness', 2, 'r', 0, 'td', 2), (7, 0, 'lateness', 3, 'r', 0, 'td', 2)");
    /* the TD's forfeit, with less lateness than that (3 of 7) */
    add_match(h, 8, "forfeited", "0", "2", "");
    add_state(h, 8, "forfeited", 1, "td");
    exec_ok(h, "INSERT INTO penalties(match_id, side, kind, points, reason, before_game, actor, "
               "created_ms) VALUES (8, 1, 'lateness', 3, 'r', 0, 'td', 1)");
    add_match(h, 9, "withdrawn", "0", "2", "disqualified");
    add_match(h, 10, "withdrawn", "1", "2", "");
    add_match(h, 11, "void", "0", "NULL", ""); /* KO-3: a bye */
    add_match(h, 12, "void", "NULL", "2", ""); /* a dead rubber: nobody won */
    add_match(h, 13, "void", "0", "2", "");
    sqlite3_close(h);

    struct db *db;
    ck_assert_int_eq(db_open(path, 1000, &db, err, sizeof err), 0);
    ck_assert_int_eq(db_schema_version(db), db_schema_latest());
    db_lock(db);
    ck_assert_int_eq(ended_of(db, 1), ME_NONE);
    ck_assert_int_eq(ended_of(db, 2), ME_PLAYED);
    ck_assert_int_eq(ended_of(db, 3), ME_CONCEDED);
    ck_assert_int_eq(ended_of(db, 4), ME_RULING);
    ck_assert_int_eq(ended_of(db, 5), ME_RULING);
    ck_assert_int_eq(ended_of(db, 6), ME_TIME);
    ck_assert_int_eq(ended_of(db, 7), ME_LATENESS);
    ck_assert_int_eq(ended_of(db, 8), ME_RULING);
    ck_assert_int_eq(ended_of(db, 9), ME_DISQUALIFIED);
    ck_assert_int_eq(ended_of(db, 10), ME_WITHDRAWN);
    ck_assert_int_eq(ended_of(db, 11), ME_BYE);
    ck_assert_int_eq(ended_of(db, 12), ME_NONE);
    ck_assert_int_eq(ended_of(db, 13), ME_WALKOVER);
    /* and a save keeps decided_how in step for its readers */
    struct match m;
    ck_assert_int_eq(db_match_get(db, 1, 10, &m), CW_OK);
    m.ended = ME_DISQUALIFIED;
    ck_assert_int_eq(db_match_update(db, &m, 5), CW_OK);
    sqlite3_stmt *st;
    sqlite3_prepare_v2(db_handle(db), "SELECT decided_how, ended FROM matches WHERE id = 10", -1,
                       &st, NULL);
    ck_assert_int_eq(sqlite3_step(st), SQLITE_ROW);
    ck_assert_str_eq((const char *)sqlite3_column_text(st, 0), "disqualified");
    ck_assert_str_eq((const char *)sqlite3_column_text(st, 1), "disqualified");
    sqlite3_finalize(st);
    db_unlock(db);
    db_close(db);
}
END_TEST

/* 012: the one TD password becomes official #1's, the head TD's, and the sessions open at
 * the upgrade stay open, as the head TD's; the setting is gone (one place for a password). */
START_TEST(test_012_td_password_becomes_the_head_td)
{
    char path[128], err[256];
    snprintf(path, sizeof path, "%s/c.db", tmpdir);
    sqlite3 *h = open_at(path, 11);
    exec_ok(h, "INSERT INTO settings(key, value) VALUES ('td_password_hash', '$argon2id$old')");
    exec_ok(h, "INSERT INTO td_sessions(token_hash, created_ms, expires_ms) "
               "VALUES ('abc', 1, 9000000000000)");
    exec_ok(h, "INSERT INTO tournaments(id, name, created_ms, updated_ms) VALUES (1, 'T', 1, 1)");
    exec_ok(h, "INSERT INTO players(id, tournament_id, name, pin, created_ms, updated_ms) "
               "VALUES (1, 1, 'Ann', '123456', 1, 1)");
    sqlite3_close(h);

    struct db *db;
    ck_assert_int_eq(db_open(path, 1000, &db, err, sizeof err), 0);
    db_lock(db);
    struct official o;
    ck_assert_int_eq(db_official_get(db, 1, &o), CW_OK);
    ck_assert_int_eq(o.role, ROLE_HEAD);
    ck_assert_str_eq(o.status, "active");
    ck_assert_str_eq(o.name, "Head TD");
    char hash[200];
    ck_assert_int_eq(db_official_password(db, 1, hash, sizeof hash), CW_OK);
    ck_assert_str_eq(hash, "$argon2id$old");
    ck_assert_int_eq(db_setting_get(db, "td_password_hash", hash, sizeof hash), CW_ENOTFOUND);
    struct session_who w;
    ck_assert_int_eq(db_session_get(db, "abc", 2, &w), CW_OK);
    ck_assert_int_eq(w.official_id, 1);
    ck_assert_int_eq(w.role, ROLE_HEAD);
    ck_assert_int_eq(w.suspended || w.ended, 0);
    struct player p;
    ck_assert_int_eq(db_player_get(db, 1, 1, &p), CW_OK);
    ck_assert_int_eq(p.official_id, 0); /* no player is an official until a TD says so */
    db_unlock(db);
    db_close(db);
}
END_TEST

/* The version of the migration named `name` (NNN_name), or stops the test. */
static int version_of(const char *name)
{
    for (int i = 0; i < db_migrations_count; i++)
        if (strstr(db_migrations[i].name, name))
            return db_migrations[i].version;
    ck_abort_msg("no migration %s", name);
    return 0;
}

START_TEST(test_SWISS1_migration_events_take_swiss_rows_kept)
{
    char path[128], err[256];
    snprintf(path, sizeof path, "%s/c.db", tmpdir);
    sqlite3 *h = open_at(path, version_of("_swiss") - 1);
    exec_ok(h, "INSERT INTO tournaments(id, name, created_ms, updated_ms) VALUES (1, 'T', 1, 1)");
    exec_ok(h, "INSERT INTO players(id, tournament_id, name, pin, created_ms, updated_ms) "
               "VALUES (1, 1, 'Ann', '123456', 1, 1), (2, 1, 'Bob', '654321', 1, 1)");
    exec_ok(h, "INSERT INTO events(id, tournament_id, kind, name, priority, settings, state, "
               "created_ms, updated_ms) VALUES (7, 1, 'knockout', 'Main', 3, "
               "'{\"lengths\":[5]}', 'running', 1, 2), (8, 1, 'swing', 'Pool', 0, "
               "'{\"cpp\":[10],\"start_chips\":100}', 'open', 1, 1)");
    exec_ok(h, "INSERT INTO event_entries(event_id, player_id, entered_ms) VALUES (7, 1, 1), "
               "(7, 2, 1)");
    exec_ok(h, "INSERT INTO swing_rounds(event_id, round, cpp, seed, started_ms) "
               "VALUES (8, 1, 10, 's', 1)");
    sqlite3_close(h);

    struct db *db;
    ck_assert_int_eq(db_open(path, 1000, &db, err, sizeof err), 0);
    db_lock(db);
    struct event e;
    ck_assert_int_eq(db_event_get(db, 1, 7, &e), CW_OK);
    ck_assert_int_eq(e.kind, EK_KNOCKOUT);
    ck_assert_str_eq(e.name, "Main");
    ck_assert_int_eq(e.priority, 3);
    ck_assert_int_eq(e.state, ES_RUNNING);
    ck_assert_int_eq(e.settings.ko.lengths[0], 5);
    int64_t *ids = NULL;
    int n = 0;
    ck_assert_int_eq(db_entries(db, 7, &ids, &n), CW_OK);
    ck_assert_int_eq(n, 2);
    free(ids);
    struct event s;
    memset(&s, 0, sizeof s);
    s.tournament_id = 1;
    s.kind = EK_SWISS;
    snprintf(s.name, sizeof s.name, "Swiss");
    struct kind_fault f;
    ck_assert_int_eq(event_settings_read_text(EK_SWISS, "{\"rounds\":5}", &s.settings, &f), 0);
    ck_assert_int_eq(db_event_insert(db, &s, 3), CW_OK);
    ck_assert_int_eq(db_event_get(db, 1, s.id, &e), CW_OK);
    ck_assert_int_eq(e.kind, EK_SWISS);
    ck_assert_int_eq(e.settings.swiss.rounds, 5);
    db_unlock(db);
    db_close(db);
    /* the rows that name events still name them, and foreign keys hold */
    ck_assert_int_eq(sqlite3_open(path, &h), SQLITE_OK);
    sqlite3_stmt *st;
    ck_assert_int_eq(sqlite3_prepare_v2(h, "PRAGMA foreign_key_check", -1, &st, NULL), SQLITE_OK);
    ck_assert_int_eq(sqlite3_step(st), SQLITE_DONE);
    sqlite3_finalize(st);
    sqlite3_close(h);
}
END_TEST

/* A tournament's revision (its ETag), its stream's last id and its last change keep their
 * values in their own row (schema/027), and go on from them: a client's ETag and
 * Last-Event-ID still mean what they meant. */
START_TEST(test_027_tournament_counters_kept)
{
    char path[128], err[256];
    snprintf(path, sizeof path, "%s/c.db", tmpdir);
    sqlite3 *h = open_at(path, version_of("_tournament_counters") - 1);
    exec_ok(h, "INSERT INTO tournaments(id, name, created_ms, updated_ms, revision, "
               "last_event_id) VALUES (1, 'T', 1, 500, 41, 17), (2, 'U', 1, 600, 3, 0)");
    sqlite3_close(h);

    struct db *db;
    ck_assert_int_eq(db_open(path, 1000, &db, err, sizeof err), 0);
    db_lock(db);
    ck_assert_int_eq(db_tournament_revision(db, 1), 41);
    ck_assert_int_eq(db_tournament_revision(db, 2), 3);
    struct tournament t;
    ck_assert_int_eq(db_tournament_get(db, 1, &t), CW_OK);
    ck_assert_str_eq(t.name, "T");
    ck_assert_int_eq(t.revision, 41);
    ck_assert_int_eq(t.updated_ms, 500);
    db_unlock(db);
    /* the next stream entry follows the last one, and moves the revision */
    ck_assert_int_eq(db_begin(db), 0);
    ck_assert_int_eq(db_stream_add(db, 1, 900, "test.entry", "{}"), CW_OK);
    ck_assert_int_eq(db_commit(db), 0);
    db_lock(db);
    ck_assert_int_eq(db_stream_last_id(db, 1), 18);
    ck_assert_int_eq(db_tournament_revision(db, 1), 42);
    ck_assert_int_eq(db_tournament_get(db, 1, &t), CW_OK);
    ck_assert_int_eq(t.updated_ms, 900);
    ck_assert_int_eq(db_tournament_revision(db, 2), 3);
    db_unlock(db);
    db_close(db);
}
END_TEST

/* The index of audit rows by tournament holds the officials' rows alone (schema/028): a
 * game a player added is no longer written into it, and the queries that read it (an
 * official's decisions on a match, a Swing's corrected matches) still find their rows,
 * through it. */
START_TEST(test_028_audit_index_holds_the_officials_rows)
{
    char path[128], err[256];
    snprintf(path, sizeof path, "%s/c.db", tmpdir);
    sqlite3 *h = open_at(path, version_of("_audit_decisions") - 1);
    exec_ok(h, "INSERT INTO tournaments(id, name, created_ms) VALUES (1, 'T', 1);"
               "INSERT INTO tournament_counters(tournament_id, updated_ms) VALUES (1, 1);"
               "INSERT INTO audit_log(tournament_id, at_ms, actor, action, entity, entity_id) "
               "VALUES (1, 10, 'player:4', 'match.playing', 'match', 7), "
               "(1, 20, 'official:1', 'match.corrected', 'match', 7), "
               "(1, 30, 'player:5', 'match.playing', 'match', 7)");
    sqlite3_close(h);

    struct db *db;
    ck_assert_int_eq(db_open(path, 1000, &db, err, sizeof err), 0);
    db_lock(db);
    sqlite3_stmt *st = db_stmt(db, "SELECT count(*) FROM sqlite_schema WHERE name = "
                                   "'audit_tournament'");
    ck_assert_int_eq(db_int64(st, -1), 0);
    st = db_stmt(db, "SELECT count(*) FROM audit_log INDEXED BY audit_decisions WHERE "
                     "tournament_id = 1 AND actor NOT GLOB 'player:*'");
    ck_assert_int_eq(db_int64(st, -1), 1); /* the index holds the official's row alone */
    struct decision_row *d;
    int n;
    ck_assert_int_eq(db_audit_decisions(db, 1, 7, 0, &d, &n), CW_OK);
    ck_assert_int_eq(n, 1);
    ck_assert_str_eq(d[0].action, "match.corrected");
    free(d);
    int64_t *ids;
    ck_assert_int_eq(db_corrected_matches(db, 1, &ids, &n), CW_OK);
    ck_assert_int_eq(n, 1);
    ck_assert_int_eq(ids[0], 7);
    free(ids);
    db_unlock(db);
    db_close(db);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("migrations");
    TCase *tc = tcase_create("data");
    tcase_add_checked_fixture(tc, mk_tmp, rm_tmp);
    tcase_set_timeout(tc, 30);
    tcase_add_test(tc, test_011_fills_how_each_decided_match_ended);
    tcase_add_test(tc, test_012_td_password_becomes_the_head_td);
    tcase_add_test(tc, test_SWISS1_migration_events_take_swiss_rows_kept);
    tcase_add_test(tc, test_027_tournament_counters_kept);
    tcase_add_test(tc, test_028_audit_index_holds_the_officials_rows);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
