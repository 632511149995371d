/* The copies' names and the copy itself (store/backup.c): a name made of the label and the
 * time, recognised as this database's (and no other file); a copy of a database on a
 * second connection, whole, with nothing left beside it; a copy refused onto the database
 * itself or into a folder that is not there, the database untouched. */
#include <check.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "store/backup.h"
#include "../check_main.h"

START_TEST(test_backup_names)
{
    char name[200], label[80];
    db_backup_name("Spring Open 2026 (Roma)", 1795823821239, name, sizeof name);
    ck_assert_int_eq(strncmp(name, "Spring-Open-2026-Roma-20", 24), 0);
    ck_assert_str_eq(name + strlen(name) - 3, ".db");
    ck_assert(db_backup_is_name("Spring Open 2026 (Roma)", name));
    ck_assert(!db_backup_is_name("Spring Open", name));
    db_backup_name("", 0, name, sizeof name); /* no letters: "crawford" */
    ck_assert_int_eq(strncmp(name, "crawford-", 9), 0);
    db_backup_label("data/crawford.db", label, sizeof label);
    ck_assert_str_eq(label, "crawford");
    db_backup_label("/srv/.hidden", label, sizeof label);
    ck_assert_str_eq(label, ".hidden");
    ck_assert(db_backup_is_name("crawford", "crawford-2026-11-28-093000.db"));
    ck_assert(!db_backup_is_name("crawford", "crawford-2026-11-28-093000.db.tmp-AbC123"));
    ck_assert(!db_backup_is_name("crawford", "crawford-2026-11-28-0930.db"));
    ck_assert(!db_backup_is_name("crawford", "crawford-notes-11-28-093000.db"));
    ck_assert(!db_backup_is_name("crawford", "crawfordx2026-11-28-093000.db"));
}
END_TEST

START_TEST(test_backup_copy_and_refusals)
{
    char dir[] = "/tmp/crawford-unit-backup-XXXXXX", db[96], copy[96], err[600], cmd[128];
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(db, sizeof db, "%s/live.db", dir);
    snprintf(copy, sizeof copy, "%s/copy.db", dir);
    sqlite3 *h;
    ck_assert_int_eq(sqlite3_open(db, &h), SQLITE_OK);
    ck_assert_int_eq(sqlite3_exec(h,
                                  "PRAGMA journal_mode=WAL; CREATE TABLE t(x); "
                                  "INSERT INTO t VALUES (1), (2), (3);",
                                  NULL, NULL, NULL),
                     SQLITE_OK);
    /* the writer's connection stays open, as the server's does */
    ck_assert_int_eq(db_backup(db, copy, err, sizeof err), 0);
    sqlite3 *c;
    sqlite3_stmt *st;
    ck_assert_int_eq(sqlite3_open_v2(copy, &c, SQLITE_OPEN_READONLY, NULL), SQLITE_OK);
    ck_assert_int_eq(sqlite3_prepare_v2(c, "SELECT count(*) FROM t", -1, &st, NULL), SQLITE_OK);
    ck_assert_int_eq(sqlite3_step(st), SQLITE_ROW);
    ck_assert_int_eq(sqlite3_column_int(st, 0), 3);
    sqlite3_finalize(st);
    sqlite3_close(c);
    struct stat sb;
    ck_assert_int_eq(stat(copy, &sb), 0);
    ck_assert_int_eq(sb.st_mode & 077, 0); /* its owner's alone: it holds the PINs */

    ck_assert_int_eq(db_backup(db, db, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "is the database itself"));
    snprintf(copy, sizeof copy, "%s/nowhere/copy.db", dir);
    ck_assert_int_eq(db_backup(db, copy, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "does not exist"));
    ck_assert_int_eq(sqlite3_exec(h, "INSERT INTO t VALUES (4)", NULL, NULL, NULL), SQLITE_OK);
    sqlite3_close(h);
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    ck_assert_int_eq(system(cmd), 0);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("backup");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_backup_names);
    tcase_add_test(tc, test_backup_copy_and_refusals);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
