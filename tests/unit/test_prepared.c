/* Unit tests of a change prepared beside the writer (issue 37): the marks that say whether a
 * snapshot is still current for a match (store/versions.c), and the writes a reader keeps
 * for the writer's turn (store/deferred.c). Each test orders its writes itself, on one
 * thread: no timing. */
#include <check.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "store/deferred.h"
#include "store/sql.h"
#include "store/store.h"
#include "store/versions.h"
#include "../check_main.h"

static char tmpdir[64], path[128];
static struct db *db;
static int64_t tid, pid[2];
static struct match row[2]; /* two matches, as inserted */

static void setup(void)
{
    strcpy(tmpdir, "/tmp/crawford-prepared-XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(tmpdir));
    char err[512];
    snprintf(path, sizeof path, "%s/p.db", tmpdir);
    ck_assert_int_eq(db_open(path, 1000, &db, err, sizeof err), 0);
    struct tournament t;
    tournament_defaults(&t);
    strcpy(t.name, "Prepared");
    ck_assert_int_eq(db_begin(db), 0);
    ck_assert_int_eq(db_tournament_insert(db, &t, 1000), CW_OK);
    tid = t.id;
    for (int s = 0; s < 2; s++) {
        struct player p;
        memset(&p, 0, sizeof p);
        p.tournament_id = t.id;
        snprintf(p.name, sizeof p.name, "Player %d", s);
        snprintf(p.pin, sizeof p.pin, "123%d", s);
        snprintf(p.status, sizeof p.status, "registered");
        ck_assert_int_eq(db_player_insert(db, &p, 1000), CW_OK);
        pid[s] = p.id;
    }
    for (int k = 0; k < 2; k++) {
        struct match m;
        memset(&m, 0, sizeof m);
        m.tournament_id = t.id;
        m.player[0] = pid[0];
        m.player[1] = pid[1];
        m.length = 7;
        m.state = MS_PLAYING;
        m.winner = -1;
        ck_assert_int_eq(db_match_insert(db, &m, 1000), CW_OK);
        ck_assert_int_eq(db_match_get(db, t.id, m.id, &row[k]), CW_OK);
    }
    ck_assert_int_eq(db_commit(db), 0);
}

static void teardown(void)
{
    db_close(db);
    char cmd[160];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    ck_assert_int_eq(system(cmd), 0);
}

/* A change of match k's score, committed in a batch of its own. */
static void score_match(int k, int score)
{
    struct match m = row[k];
    m.score[0] = score;
    ck_assert_int_eq(db_begin(db), 0);
    ck_assert_int_eq(db_match_update(db, &m, 2000 + score), CW_OK);
    ck_assert_int_eq(db_commit(db), 0);
}

/* A report in progress of side `side` to match k, in the open batch. */
static void insert_report(int k, int side)
{
    struct report r;
    memset(&r, 0, sizeof r);
    r.match_id = row[k].id;
    r.side = side;
    snprintf(r.actor, sizeof r.actor, "player:%lld", (long long)pid[side]);
    strcpy(r.kind, "games");
    r.current = 1;
    r.winner = -1;
    r.games = "";
    r.created_ms = 3000;
    ck_assert_int_eq(db_report_insert(db, &r), CW_OK);
}

/* A reader in a transaction of its own, keeping its writes in d. */
static struct db *deferring_reader(struct db_deferred *d)
{
    struct db *reader = db_reader_new(db);
    ck_assert_ptr_nonnull(reader);
    ck_assert_int_eq(db_read_begin(reader), 0);
    db_defer_start(reader, d);
    return reader;
}

static void reader_end(struct db *reader)
{
    db_defer_stop(reader);
    db_read_end(reader);
    db_close(reader);
}

/* Whether the snapshot of stamp is current for each match, asked in a turn of the writer. */
static void current(int64_t stamp, int *c0, int *c1)
{
    ck_assert_int_eq(db_begin(db), 0);
    *c0 = db_stamp_current(db, stamp, row[0].id);
    *c1 = db_stamp_current(db, stamp, row[1].id);
    db_rollback(db);
}

START_TEST(test_a_snapshot_is_current_until_its_match_is_written)
{
    int64_t stamp = db_stamp(db);
    int c0, c1;
    current(stamp, &c0, &c1);
    ck_assert_msg(c0 && c1, "nothing written since: current for both");
    score_match(0, 1);
    current(stamp, &c0, &c1);
    ck_assert_msg(!c0, "match 0 written after the snapshot: not current for it");
    ck_assert_msg(c1, "match 1 untouched: still current for it");
    current(db_stamp(db), &c0, &c1);
    ck_assert_msg(c0 && c1, "a snapshot begun after the write holds it");
}
END_TEST

/* A report's row is its match's: a game reported to match 1 is a write of match 1. */
START_TEST(test_a_row_with_a_match_id_marks_that_match)
{
    int64_t stamp = db_stamp(db);
    ck_assert_int_eq(db_begin(db), 0);
    insert_report(1, 0);
    ck_assert_int_eq(db_commit(db), 0);
    int c0, c1;
    current(stamp, &c0, &c1);
    ck_assert(c0 && !c1);
}
END_TEST

/* A write of the batch still open when the stamp was taken is not in a snapshot begun then
 * (a reader sees only what is committed), so that snapshot is not current for its match. */
START_TEST(test_a_write_of_the_open_batch_is_after_a_stamp_taken_meanwhile)
{
    struct match m = row[0];
    m.score[1] = 3;
    ck_assert_int_eq(db_begin(db), 0);
    ck_assert_int_eq(db_match_update(db, &m, 2500), CW_OK);
    int64_t stamp = db_stamp(db); /* as a reader beside the open batch takes it */
    ck_assert_int_eq(db_commit(db), 0);
    int c0, c1;
    current(stamp, &c0, &c1);
    ck_assert(!c0 && c1);
}
END_TEST

/* A write of the writer's connection outside any batch (none is made today: a guard) is
 * after every stamp taken before it: its mark is the next batch's (and its commit moved the
 * connection's data version, which marks every match at the next BEGIN). */
START_TEST(test_a_write_outside_a_batch_is_after_every_stamp)
{
    int64_t stamp = db_stamp(db);
    char sql[96];
    snprintf(sql, sizeof sql, "UPDATE matches SET score_a = 5 WHERE id = %lld",
             (long long)row[1].id);
    db_lock(db);
    ck_assert_int_eq(sqlite3_exec(db_handle(db), sql, NULL, NULL, NULL), SQLITE_OK);
    db_unlock(db);
    int c0, c1;
    current(stamp, &c0, &c1);
    ck_assert(!c1);
}
END_TEST

/* A player's row is read by any match's change (its name, its status): every match. */
START_TEST(test_a_row_of_no_match_marks_every_match)
{
    int64_t stamp = db_stamp(db);
    ck_assert_int_eq(db_begin(db), 0);
    ck_assert_int_eq(sqlite3_exec(db_handle(db), "UPDATE players SET name = 'Renamed' WHERE id = 1",
                                  NULL, NULL, NULL),
                     SQLITE_OK);
    ck_assert_int_eq(db_commit(db), 0);
    int c0, c1;
    current(stamp, &c0, &c1);
    ck_assert(!c0 && !c1);
}
END_TEST

/* What a change only adds (its audit row, its stream entry and the counters it moves) is
 * read by no change: it marks nothing, or every report would undo every other's
 * preparation. */
START_TEST(test_the_rows_a_change_only_adds_mark_nothing)
{
    int64_t stamp = db_stamp(db);
    ck_assert_int_eq(db_begin(db), 0);
    ck_assert_int_eq(db_audit(db, tid, 4000, "player:1", "match.playing", "match", row[0].id,
                              "{}", "{}"),
                     CW_OK);
    ck_assert_int_eq(db_stream_add(db, tid, 4000, "match.playing", "{}"), CW_OK);
    ck_assert_int_eq(db_commit(db), 0);
    int c0, c1;
    current(stamp, &c0, &c1);
    ck_assert(c0 && c1);
}
END_TEST

/* Another program's commit (an sqlite3 shell) is seen by the writer's next BEGIN, whatever
 * it wrote, even a table the server's own writes never mark. */
START_TEST(test_another_programs_commit_marks_every_match)
{
    int64_t stamp = db_stamp(db);
    sqlite3 *h;
    ck_assert_int_eq(sqlite3_open(path, &h), SQLITE_OK);
    ck_assert_int_eq(sqlite3_exec(h,
                                  "INSERT INTO audit_log(tournament_id, at_ms, actor, action, "
                                  "entity) VALUES (1, 5000, 'shell', 'x', 'y')",
                                  NULL, NULL, NULL),
                     SQLITE_OK);
    sqlite3_close(h);
    int c0, c1;
    current(stamp, &c0, &c1);
    ck_assert(!c0 && !c1);
}
END_TEST

/* The marks read a row's match from its new values alone: a row never moves to another
 * match, and the writer's connection refuses a statement that would move one. */
START_TEST(test_a_row_keeps_its_match)
{
    ck_assert_int_eq(db_begin(db), 0);
    insert_report(0, 1);
    char sql[96];
    snprintf(sql, sizeof sql, "UPDATE reports SET match_id = %lld", (long long)row[1].id);
    ck_assert_int_ne(sqlite3_exec(db_handle(db), sql, NULL, NULL, NULL), SQLITE_OK);
    ck_assert_ptr_nonnull(strstr(sqlite3_errmsg(db_handle(db)), "stays that match"));
    db_rollback(db);
}
END_TEST

/* A game's writes kept by a reader: made by none of its calls, then all of them, in order,
 * by the writer in its turn. */
START_TEST(test_a_reader_keeps_a_games_writes_for_the_turn)
{
    struct db_deferred d;
    struct db *reader = deferring_reader(&d);
    ck_assert(db_deferring(reader) && !db_deferring(db));
    struct match was = row[0], m = row[0];
    m.score[0] = 2;
    ck_assert_int_eq(db_match_update_from(reader, &was, &m, 6000), CW_OK);
    ck_assert_int_eq(m.updated_ms, 6000); /* as the save will leave it */
    ck_assert_int_eq(db_audit(reader, tid, 6000, "player:1", "match.playing", "match", m.id,
                              "{\"before\":1}", "{\"after\":1}"),
                     CW_OK);
    ck_assert_int_eq(db_stream_add(reader, tid, 6000, "match.playing", "{\"kept\":1}"), CW_OK);
    db_part_changed(reader, DB_EVENTS);
    ck_assert(!db_deferred_given_up(&d));
    struct match back;
    ck_assert_int_eq(db_match_get(reader, tid, m.id, &back), CW_OK);
    ck_assert_int_eq(back.score[0], 0); /* kept, not made */
    reader_end(reader);

    char before[64], after[64];
    db_lock(db);
    db_part_tag(db, DB_EVENTS, before, sizeof before);
    db_unlock(db);
    ck_assert_int_eq(db_begin(db), 0);
    ck_assert_int_eq(db_deferred_apply(db, &d), CW_OK);
    db_part_tag(db, DB_EVENTS, after, sizeof after);
    ck_assert_int_eq(db_commit(db), 0);
    db_deferred_free(&d);
    ck_assert_str_ne(before, after);
    db_lock(db);
    ck_assert_int_eq(db_match_get(db, tid, m.id, &back), CW_OK);
    ck_assert_int_eq(back.score[0], 2);
    ck_assert_int_eq(back.updated_ms, 6000);
    struct db_stream_entry *e;
    int n;
    ck_assert_int_eq(db_stream_range(db, tid, 0, INT64_MAX, 10, &e, &n), CW_OK);
    ck_assert_int_eq(n, 1);
    ck_assert_str_eq(e[0].data, "{\"kept\":1}");
    db_stream_free(e, n);
    sqlite3_stmt *st = db_stmt(db, "SELECT count(*) FROM audit_log WHERE after_json = "
                                   "'{\"after\":1}'");
    ck_assert_int_eq(db_int64(st, -1), 1);
    db_unlock(db);
}
END_TEST

/* Any other write on a deferring reader gives the preparation up (the change is then made
 * in the turn, as before): a state's change here. Nothing is written. */
START_TEST(test_a_write_that_cannot_be_kept_gives_the_preparation_up)
{
    struct db_deferred d;
    struct db *reader = deferring_reader(&d);
    ck_assert_int_ne(db_match_state_log(reader, row[0].id, MS_REPORTED, 7000, "player:1"), CW_OK);
    ck_assert(db_deferred_given_up(&d));
    reader_end(reader);
    db_deferred_free(&d);
    db_lock(db);
    sqlite3_stmt *st = db_stmt(db, "SELECT count(*) FROM match_states WHERE at_ms = 7000");
    ck_assert_int_eq(db_int64(st, -1), 0);
    db_unlock(db);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("prepared");
    TCase *tc = tcase_create("core");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_a_snapshot_is_current_until_its_match_is_written);
    tcase_add_test(tc, test_a_row_with_a_match_id_marks_that_match);
    tcase_add_test(tc, test_a_write_of_the_open_batch_is_after_a_stamp_taken_meanwhile);
    tcase_add_test(tc, test_a_write_outside_a_batch_is_after_every_stamp);
    tcase_add_test(tc, test_a_row_of_no_match_marks_every_match);
    tcase_add_test(tc, test_the_rows_a_change_only_adds_mark_nothing);
    tcase_add_test(tc, test_another_programs_commit_marks_every_match);
    tcase_add_test(tc, test_a_row_keeps_its_match);
    tcase_add_test(tc, test_a_reader_keeps_a_games_writes_for_the_turn);
    tcase_add_test(tc, test_a_write_that_cannot_be_kept_gives_the_preparation_up);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
