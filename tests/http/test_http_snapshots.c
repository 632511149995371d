/* Snapshots while serving and the TD's download of a fresh copy: the status the console
 * shows (the last good snapshot, the last failure, a folder on the database's own disk), a
 * snapshot taken now with the oldest past `snapshot_keep` removed, a folder removed while
 * serving said as a failure that stops no serving, snapshots off refused naming
 * snapshot_folder, and the download: the TD's only, whole, named for the tournament and
 * the time, recorded in the audit log, leaving no file behind. */
#include <check.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "support/harness.h"
#include "../check_main.h"

static char snapdir[64];

/* The server with snapshots into a folder of their own, keeping 2. */
static void up_with_snapshots(void)
{
    snprintf(snapdir, sizeof snapdir, "/tmp/crawford-snap-XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(snapdir));
    char extra[200];
    snprintf(extra, sizeof extra, "\"snapshot_folder\": \"%s\", \"snapshot_keep\": 2", snapdir);
    srv_start(&S, extra);
    srv_login(&S);
}

static void down_with_snapshots(void)
{
    srv_cleanup(&S);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", snapdir);
    ck_assert_int_eq(system(cmd), 0);
}

/* How many files of the folder's names start with prefix. */
static int count_files(const char *folder, const char *prefix)
{
    DIR *d = opendir(folder);
    int n = 0;
    struct dirent *e;
    while (d && (e = readdir(d)))
        n += !strncmp(e->d_name, prefix, strlen(prefix));
    if (d)
        closedir(d);
    return n;
}

static int first_snapshot_done(void *arg)
{
    struct res r;
    td(&S, "GET", "/api/v1/snapshots", NULL, &r);
    int done = r.status == 200 && json_is_integer(json_object_get(r.json, "last_ok_at"));
    res_free(&r);
    return done;
}

START_TEST(test_snapshots_taken_and_kept)
{
    make_tournament(&S, "Snapshots");
    /* the first at the start, on the snapshots' own thread */
    ck_assert(poll_until(first_snapshot_done, NULL, WAIT_MS));
    struct res r;
    td(&S, "GET", "/api/v1/snapshots", NULL, &r);
    ck_assert_int_eq(r.status, 200);
    ck_assert(json_is_true(json_object_get(r.json, "on")));
    ck_assert_str_eq(jstr(&r, "folder"), snapdir);
    ck_assert_int_eq(jint(&r, "interval_minutes"), 5);
    ck_assert_int_eq(jint(&r, "keep"), 2);
    ck_assert(json_is_false(json_object_get(r.json, "failing")));
    /* the folder is in /tmp, as the database is: the same disk, said */
    ck_assert(json_is_true(json_object_get(r.json, "same_disk")));
    char path[400];
    snprintf(path, sizeof path, "%s/%s", snapdir, jstr(&r, "last_ok_file"));
    ck_assert(db_integrity_ok(path));
    res_free(&r);

    /* two older snapshots of this database, and a file of someone else's */
    const char *old[] = {"t-2020-01-01-000000.db", "t-2020-01-02-000000.db", "notes.db"};
    for (int i = 0; i < 3; i++) {
        snprintf(path, sizeof path, "%s/%s", snapdir, old[i]);
        FILE *f = fopen(path, "w");
        ck_assert_ptr_nonnull(f);
        fclose(f);
    }
    td(&S, "POST", "/api/v1/snapshots", NULL, &r);
    ck_assert_int_eq(r.status, 201);
    ck_assert(json_is_false(json_object_get(r.json, "failing")));
    char newest[300];
    snprintf(newest, sizeof newest, "%s", jstr(&r, "last_ok_file"));
    res_free(&r);
    /* the newest 2 kept: the oldest one went, the other's file stays */
    snprintf(path, sizeof path, "%s/%s", snapdir, old[0]);
    ck_assert_int_ne(access(path, F_OK), 0);
    snprintf(path, sizeof path, "%s/%s", snapdir, newest);
    ck_assert(db_integrity_ok(path));
    ck_assert_int_eq(count_files(snapdir, "t-"), 2);
    ck_assert_int_eq(count_files(snapdir, "notes.db"), 1);
    ck_assert_int_eq(db_count(path, "SELECT count(*) FROM tournaments WHERE name = 'Snapshots'"),
                     1);
}
END_TEST

START_TEST(test_snapshot_folder_removed_while_serving)
{
    long long tid = make_tournament(&S, "Stick pulled out");
    ck_assert(poll_until(first_snapshot_done, NULL, WAIT_MS));
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", snapdir);
    ck_assert_int_eq(system(cmd), 0);
    struct res r;
    td(&S, "POST", "/api/v1/snapshots", NULL, &r);
    assert_refused(&r, 503, "snapshot_folder", "a snapshot into a folder removed");
    ck_assert_ptr_nonnull(strstr(jstr(&r, "detail"), "does not exist"));
    res_free(&r);
    /* the status the console shows: failing, with the sentence; the last good one kept */
    td(&S, "GET", "/api/v1/snapshots", NULL, &r);
    ck_assert(json_is_true(json_object_get(r.json, "failing")));
    ck_assert_ptr_nonnull(strstr(jstr(&r, "last_error"), "does not exist"));
    ck_assert(json_is_integer(json_object_get(r.json, "last_ok_at")));
    res_free(&r);
    /* the serving goes on: a change and a read */
    ck_assert_int_gt(make_player(&S, tid, "Still registering"), 0);
    char path[120];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/players", tid);
    td(&S, "GET", path, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    res_free(&r);
    /* the stick back: the next snapshot is good again */
    ck_assert_int_eq(mkdir(snapdir, 0700), 0);
    td(&S, "POST", "/api/v1/snapshots", NULL, &r);
    ck_assert_int_eq(r.status, 201);
    ck_assert(json_is_false(json_object_get(r.json, "failing")));
    res_free(&r);
}
END_TEST

/* The desk (issue 32): a failing snapshot is an item of the "Now" view of every
 * tournament, from the first failure (a retry that fails again moves nothing), with the
 * server's sentence; claimed like any other; gone once a snapshot is good again. */
static json_t *now_backup_item(long long tid, struct res *r)
{
    char path[120];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/now", tid);
    td(&S, "GET", path, NULL, r);
    ck_assert_int_eq(r->status, 200);
    json_t *items = json_object_get(r->json, "items"), *it;
    size_t i;
    json_array_foreach(items, i, it) if (!strcmp(json_string_value(json_object_get(it, "key")),
                                                 "backup:failing")) return it;
    return NULL;
}

START_TEST(test_now_backup_failing)
{
    long long tid = make_tournament(&S, "Backup on the desk");
    ck_assert(poll_until(first_snapshot_done, NULL, WAIT_MS));
    struct res r;
    ck_assert_ptr_null(now_backup_item(tid, &r));
    res_free(&r);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", snapdir);
    ck_assert_int_eq(system(cmd), 0);
    td(&S, "POST", "/api/v1/snapshots", NULL, &r);
    ck_assert_int_eq(r.status, 503);
    res_free(&r);
    json_t *it = now_backup_item(tid, &r);
    ck_assert_ptr_nonnull(it);
    ck_assert_str_eq(json_string_value(json_object_get(it, "kind")), "backup");
    ck_assert_ptr_nonnull(
        strstr(json_string_value(json_object_get(it, "error")), "does not exist"));
    ck_assert(json_is_null(json_object_get(it, "match")));
    json_int_t since = json_integer_value(json_object_get(it, "since_ms"));
    res_free(&r);
    /* it is claimed as any item */
    char path[120];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/now/claims", tid);
    td(&S, "POST", path, "{\"item\": \"backup:failing\"}", &r);
    ck_assert_int_eq(r.status, 200);
    res_free(&r);
    /* a retry that fails again: still one item, waiting since the first failure */
    td(&S, "POST", "/api/v1/snapshots", NULL, &r);
    ck_assert_int_eq(r.status, 503);
    res_free(&r);
    it = now_backup_item(tid, &r);
    ck_assert_ptr_nonnull(it);
    ck_assert_int_eq(json_integer_value(json_object_get(it, "since_ms")), since);
    ck_assert(json_is_object(json_object_get(it, "claim")));
    res_free(&r);
    /* the stick back, a good snapshot: the item is gone */
    ck_assert_int_eq(mkdir(snapdir, 0700), 0);
    td(&S, "POST", "/api/v1/snapshots", NULL, &r);
    ck_assert_int_eq(r.status, 201);
    res_free(&r);
    ck_assert_ptr_null(now_backup_item(tid, &r));
    res_free(&r);
}
END_TEST

START_TEST(test_snapshots_off_refused_naming_the_setting)
{
    struct res r;
    td(&S, "GET", "/api/v1/snapshots", NULL, &r);
    ck_assert_int_eq(r.status, 200);
    ck_assert(json_is_false(json_object_get(r.json, "on")));
    ck_assert(json_is_null(json_object_get(r.json, "last_ok_at")));
    res_free(&r);
    td(&S, "POST", "/api/v1/snapshots", NULL, &r);
    assert_refused(&r, 409, "snapshot_folder", "a snapshot with no folder set");
    res_free(&r);
}
END_TEST

START_TEST(test_backup_download_td_only_named_audited)
{
    long long tid = make_tournament(&S, "Spring Open 2026");
    make_player(&S, tid, "Anna");
    char path[120];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/backup", tid);
    struct res r;
    req(&S, "GET", path, NULL, NULL, &r); /* nobody logged in */
    ck_assert_int_eq(r.status, 401);
    res_free(&r);
    make_official(&S, "Andy", "assistant", "andy password");
    struct srv as_andy;
    srv_login_as(&as_andy, &S, "Andy", "andy password");
    td(&as_andy, "GET", path, NULL, &r);
    assert_refused(&r, 403, "GOV-1", "an assistant's download");
    res_free(&r);

    td(&S, "GET", path, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    char h[400];
    ck_assert_str_eq(res_header(&r, "Content-Type", h, sizeof h), "application/vnd.sqlite3");
    ck_assert_ptr_nonnull(res_header(&r, "Content-Disposition", h, sizeof h));
    ck_assert_ptr_nonnull(strstr(h, "attachment; filename=\"Spring-Open-2026-20"));
    ck_assert_ptr_nonnull(strstr(h, ".db\""));
    ck_assert_ptr_nonnull(strstr(res_header(&r, "Cache-Control", h, sizeof h), "no-store"));
    ck_assert_uint_gt(r.len, 16);
    ck_assert_int_eq(memcmp(r.body, "SQLite format 3", 16), 0);
    char file[400];
    snprintf(file, sizeof file, "%s/download.db", S.dir);
    FILE *f = fopen(file, "wb");
    ck_assert_ptr_nonnull(f);
    ck_assert_uint_eq(fwrite(r.body, 1, r.len, f), r.len);
    fclose(f);
    res_free(&r);
    ck_assert(db_integrity_ok(file));
    ck_assert_int_eq(db_count(file, "SELECT count(*) FROM players WHERE name = 'Anna'"), 1);
    /* who downloaded it is in the audit log, and the copy holds that row too */
    ck_assert_int_eq(db_count(S.db, "SELECT count(*) FROM audit_log WHERE action = "
                                    "'database.downloaded'"),
                     1);
    ck_assert_int_eq(db_count(file, "SELECT count(*) FROM audit_log WHERE action = "
                                    "'database.downloaded'"),
                     1);
    /* the copy streamed was no file of the database's folder */
    char data[400];
    snprintf(data, sizeof data, "%s/data", S.dir);
    ck_assert_int_eq(count_files(data, "t.db.download"), 0);

    td(&S, "GET", "/api/v1/tournaments/999999/backup", NULL, &r);
    assert_refused(&r, 404, NULL, "a download of no tournament");
    res_free(&r);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("http_snapshots");
    TCase *on = tcase_create("snapshots");
    tcase_add_checked_fixture(on, up_with_snapshots, down_with_snapshots);
    tcase_set_timeout(on, 120);
    tcase_add_test(on, test_snapshots_taken_and_kept);
    tcase_add_test(on, test_snapshot_folder_removed_while_serving);
    tcase_add_test(on, test_now_backup_failing);
    suite_add_tcase(s, on);
    TCase *off = tcase_create("download");
    tcase_add_checked_fixture(off, srv_up, srv_down);
    tcase_set_timeout(off, 120);
    tcase_add_test(off, test_snapshots_off_refused_naming_the_setting);
    tcase_add_test(off, test_backup_download_td_only_named_audited);
    suite_add_tcase(s, off);
    return s;
}

CHECK_MAIN(suite)
