/* Unit tests of the group commit's savepoints (store/commit.c): the first request of a batch
 * is the transaction alone, without a savepoint of its own, and its rollback is the batch's;
 * a request that joins a batch holding others' work takes a savepoint, and its rollback
 * leaves their work to be committed. Each test orders the two writers by the writer's own
 * count of those waiting for it (store/db_impl.h), never by time. */
#include <check.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store/db_impl.h"
#include "store/store.h"
#include "../check_main.h"

static char tmpdir[64];

static void mk_tmp(void)
{
    strcpy(tmpdir, "/tmp/crawford-batch-XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(tmpdir));
}

static void rm_tmp(void)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    ck_assert_int_eq(system(cmd), 0);
}

static struct db *open_db(const char *name)
{
    char path[128], err[512];
    snprintf(path, sizeof path, "%s/%s", tmpdir, name);
    struct db *db;
    ck_assert_msg(db_open(path, 1000, &db, err, sizeof err) == 0, "%s", err);
    return db;
}

static int insert(struct db *db, const char *name)
{
    struct tournament t;
    tournament_defaults(&t);
    snprintf(t.name, sizeof t.name, "%s", name);
    return db_tournament_insert(db, &t, 1000);
}

/* The names of the tournaments stored, comma-separated, in order. */
static void stored(struct db *db, char *out, size_t len)
{
    db_lock(db);
    struct tournament *ts;
    int n;
    ck_assert_int_eq(db_tournament_list(db, &ts, &n), CW_OK);
    out[0] = 0;
    for (int i = 0; i < n; i++)
        snprintf(out + strlen(out), len - strlen(out), "%s%s", i ? "," : "", ts[i].name);
    free(ts);
    db_unlock(db);
}

/* Until the writer counts `n` threads waiting for its lock. */
static void until_waiting(struct db *db, int n)
{
    while (__atomic_load_n(&db->writers_waiting, __ATOMIC_ACQUIRE) != n)
        sched_yield();
}

struct second {
    struct db *db;
    int rollback;  /* the second request changes its mind */
    int savepoint; /* it had a savepoint of its own */
    int rc;        /* its commit's */
};

static void *second_request(void *p)
{
    struct second *s = p;
    ck_assert_int_eq(db_begin(s->db), 0);
    s->savepoint = s->db->request_savepoint;
    ck_assert_int_eq(insert(s->db, "second"), CW_OK);
    if (s->rollback)
        db_rollback(s->db);
    else
        s->rc = db_commit(s->db);
    return NULL;
}

/* The second request's thread joined; the tournaments stored are `names`; closed. */
static void ends_with(struct db *db, pthread_t t, const char *names)
{
    pthread_join(t, NULL);
    char got[200];
    stored(db, got, sizeof got);
    ck_assert_str_eq(got, names);
    db_close(db);
}

/* The first request begun, its work written, and a second sent that waits for the writer
 * (its thread in *t, its outcome in *s). */
static struct db *first_and_second(const char *name, int second_rolls_back, struct second *s,
                                   pthread_t *t)
{
    struct db *db = open_db(name);
    ck_assert_int_eq(db_begin(db), 0);
    ck_assert_int_eq(db->request_savepoint, 0); /* the batch's first: the transaction alone */
    ck_assert_int_eq(insert(db, "first"), CW_OK);
    *s = (struct second){db, second_rolls_back, -1, -1};
    ck_assert_int_eq(pthread_create(t, NULL, second_request, s), 0);
    until_waiting(db, 1);
    return db;
}

/* The first request of a batch rolls back while a second waits for the writer: nothing of
 * the first is kept, the second opens a batch of its own and is committed. */
START_TEST(test_batch_first_request_rolled_back_alone)
{
    struct second s;
    pthread_t t;
    struct db *db = first_and_second("first.db", 0, &s, &t);
    db_rollback(db);
    ends_with(db, t, "second");
    ck_assert_int_eq(s.savepoint, 0); /* a batch of its own: the first's was rolled back */
    ck_assert_int_eq(s.rc, 0);
}
END_TEST

/* A second request joins the batch the first has committed into (it waited for the writer,
 * so the batch stayed open for it) and rolls back: its savepoint goes, the first's work is
 * committed and acknowledged. */
START_TEST(test_batch_joiner_rolled_back_keeps_the_first)
{
    struct second s;
    pthread_t t;
    struct db *db = first_and_second("joiner.db", 1, &s, &t);
    /* returns once the batch is committed: after the second has rolled back */
    ck_assert_int_eq(db_commit(db), 0);
    ends_with(db, t, "first");
    ck_assert_int_eq(s.savepoint, 1);
}
END_TEST

/* The same, the joiner committed: one batch, both kept, in order. */
START_TEST(test_batch_joiner_committed_with_the_first)
{
    struct second s;
    pthread_t t;
    struct db *db = first_and_second("both.db", 0, &s, &t);
    int64_t batch = db->batch_id;
    ck_assert_int_eq(db_commit(db), 0);
    ck_assert_int_eq(db->batch_id, batch); /* one batch served both */
    ends_with(db, t, "first,second");
    ck_assert_int_eq(s.savepoint, 1);
    ck_assert_int_eq(s.rc, 0);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("group_commit");
    TCase *tc = tcase_create("savepoints");
    tcase_add_checked_fixture(tc, mk_tmp, rm_tmp);
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_batch_first_request_rolled_back_alone);
    tcase_add_test(tc, test_batch_joiner_rolled_back_keeps_the_first);
    tcase_add_test(tc, test_batch_joiner_committed_with_the_first);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
