/* Unit tests of a match's save as a game makes it (store/matches.c db_match_update_from):
 * the score alone set where the row is still the one read in the change, every column
 * written where anything else changed or the row was written since (issue 37). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "store/sql.h"
#include "store/store.h"
#include "../check_main.h"

static char tmpdir[64];
static struct db *db;
static struct match row; /* the match as inserted */

static void setup(void)
{
    strcpy(tmpdir, "/tmp/crawford-save-XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(tmpdir));
    char path[128], err[512];
    snprintf(path, sizeof path, "%s/s.db", tmpdir);
    ck_assert_int_eq(db_open(path, 1000, &db, err, sizeof err), 0);
    struct tournament t;
    tournament_defaults(&t);
    strcpy(t.name, "Save");
    ck_assert_int_eq(db_begin(db), 0);
    ck_assert_int_eq(db_tournament_insert(db, &t, 1000), CW_OK);
    struct player p[2];
    for (int s = 0; s < 2; s++) {
        memset(&p[s], 0, sizeof p[s]);
        p[s].tournament_id = t.id;
        snprintf(p[s].name, sizeof p[s].name, "Player %d", s);
        snprintf(p[s].pin, sizeof p[s].pin, "123%d", s);
        snprintf(p[s].status, sizeof p[s].status, "registered");
        ck_assert_int_eq(db_player_insert(db, &p[s], 1000), CW_OK);
    }
    struct match m;
    memset(&m, 0, sizeof m);
    m.tournament_id = t.id;
    m.player[0] = p[0].id;
    m.player[1] = p[1].id;
    m.length = 7;
    m.state = MS_PLAYING;
    m.winner = -1;
    strcpy(m.table, "T1");
    ck_assert_int_eq(db_match_insert(db, &m, 1000), CW_OK);
    ck_assert_int_eq(db_match_get(db, t.id, m.id, &row), CW_OK);
}

static void teardown(void)
{
    db_rollback(db);
    db_close(db);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    ck_assert_int_eq(system(cmd), 0);
}

/* A game: the score set alone, on the row as read. */
START_TEST(test_game_save_sets_the_score)
{
    struct match was = row, m = row;
    m.score[1] = 2;
    ck_assert_int_eq(db_match_update_from(db, &was, &m, 2000), CW_OK);
    struct match back;
    ck_assert_int_eq(db_match_get(db, row.tournament_id, row.id, &back), CW_OK);
    ck_assert_int_eq(back.score[1], 2);
    ck_assert_int_eq(back.updated_ms, 2000);
    ck_assert_str_eq(back.table, "T1");
}
END_TEST

/* The row written since it was read (its table moved, at another time): the save is not
 * the score alone on a row it no longer knows, but the match as the change holds it, every
 * column, as db_match_update writes it. Without the compare of updated_ms the table moved
 * meanwhile would stay. */
START_TEST(test_game_save_of_a_row_written_since_writes_every_column)
{
    struct match was = row, moved = row, m = row;
    strcpy(moved.table, "T9");
    ck_assert_int_eq(db_match_update(db, &moved, 1500), CW_OK);
    m.score[0] = 1;
    ck_assert_int_eq(db_match_update_from(db, &was, &m, 2000), CW_OK);
    struct match back;
    ck_assert_int_eq(db_match_get(db, row.tournament_id, row.id, &back), CW_OK);
    ck_assert_int_eq(back.score[0], 1);
    ck_assert_str_eq(back.table, "T1"); /* the change's match, whole */
    ck_assert_int_eq(back.updated_ms, 2000);
}
END_TEST

/* Anything but the score changed (here the state): every column, as ever. */
START_TEST(test_save_of_more_than_the_score_writes_every_column)
{
    struct match was = row, m = row;
    m.state = MS_REPORTED;
    m.score[0] = 7;
    ck_assert_int_eq(db_match_update_from(db, &was, &m, 2000), CW_OK);
    struct match back;
    ck_assert_int_eq(db_match_get(db, row.tournament_id, row.id, &back), CW_OK);
    ck_assert_int_eq(back.state, MS_REPORTED);
    ck_assert_int_eq(back.score[0], 7);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("match_save");
    TCase *tc = tcase_create("save");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_game_save_sets_the_score);
    tcase_add_test(tc, test_game_save_of_a_row_written_since_writes_every_column);
    tcase_add_test(tc, test_save_of_more_than_the_score_writes_every_column);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
