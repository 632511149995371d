/* HTTP tests of a game prepared beside the writer (issue 37, api/match_change.c): a game
 * added to a report in progress is checked on a reader's snapshot and only its writes are
 * made in the writer's turn, when nothing it read was written since. Games sent at once to
 * one match are each kept, in turn (a preparation that raced another is made again in the
 * turn); a match another program changed meanwhile is answered as it now stands. */
#include <check.h>
#include <pthread.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "support/results_fx.h"
#include "../check_main.h"

static void up(void)
{
    /* several HTTP threads, so that games sent at once are prepared at once */
    srv_start(&S, "\"threads\": 4");
    srv_login(&S);
}

#define AT_ONCE 8

struct sent {
    struct fixture *f;
    int i; /* odd: with an Idempotency-Key of its own */
    struct res r;
};

static void *send_game(void *p)
{
    struct sent *s = p;
    char path[160], cookie[200], key[64];
    match_path(s->f, "/games", path, sizeof path);
    snprintf(cookie, sizeof cookie, "Cookie: %s", s->f->a.cookie);
    snprintf(key, sizeof key, "Idempotency-Key: at-once-%d", s->i);
    const char *h[] = {cookie, "X-Crawford: 1", "Content-Type: application/json",
                       s->i % 2 ? key : NULL, NULL};
    req(&S, "POST", path, "{\"winner\": \"a\", \"cube\": 1, \"result\": \"single\"}", h, &s->r);
    return NULL;
}

/* The running score's count of games in a game's answer. */
static long long games_in(const struct res *r)
{
    return json_integer_value(json_object_get(json_object_get(r->json, "report"), "games"));
}

/* Eight games of side a sent at once to a 99-point match holding two: all eight are kept,
 * each answered with its own running score (3 to 10 games, each once), and the report holds
 * ten. Prepared on one snapshot, each but the first to reach the turn finds the match
 * written since and is made again there: had it been made as prepared, it would have
 * written the report as it stood with 3 games, over the others, and acknowledged a game
 * that is lost. */
START_TEST(test_games_sent_at_once_are_each_kept)
{
    struct fixture f;
    setup_match(&f, 99);
    struct res r;
    for (int g = 0; g < 2; g++) {
        post_game(&f.a, &f, "{\"winner\": \"a\", \"cube\": 1, \"result\": \"single\"}", &r);
        ck_assert_msg(r.status == 200, "%s", r.body);
        res_free(&r);
    }
    struct sent s[AT_ONCE];
    pthread_t t[AT_ONCE];
    for (int i = 0; i < AT_ONCE; i++) {
        s[i] = (struct sent){.f = &f, .i = i};
        ck_assert_int_eq(pthread_create(&t[i], NULL, send_game, &s[i]), 0);
    }
    int seen[2 + AT_ONCE + 1] = {0};
    for (int i = 0; i < AT_ONCE; i++) {
        pthread_join(t[i], NULL);
        ck_assert_msg(s[i].r.status == 200, "game %d: %ld %s", i, s[i].r.status, s[i].r.body);
        long long n = games_in(&s[i].r);
        ck_assert_msg(n >= 3 && n <= 2 + AT_ONCE, "game %d answered %lld games", i, n);
        seen[n]++;
    }
    for (int n = 3; n <= 2 + AT_ONCE; n++)
        ck_assert_msg(seen[n] == 1, "%d answers said %d games", seen[n], n);
    char path[160];
    match_path(&f, "/reports", path, sizeof path);
    td(&S, "GET", path, NULL, &r);
    json_t *a = json_object_get(json_object_get(r.json, "reports"), "a");
    ck_assert_int_eq(json_array_size(json_object_get(a, "games")), 2 + AT_ONCE);
    ck_assert_int_eq(json_integer_value(json_object_get(json_object_get(a, "score"), "a")),
                     2 + AT_ONCE);
    res_free(&r);
    /* a retried key is answered as it was the first time, and adds nothing */
    struct sent again = {.f = &f, .i = 1};
    send_game(&again);
    ck_assert_int_eq(again.r.status, 200);
    ck_assert_int_eq(games_in(&again.r), games_in(&s[1].r));
    res_free(&again.r);
    for (int i = 0; i < AT_ONCE; i++)
        res_free(&s[i].r);
    td(&S, "GET", path, NULL, &r);
    a = json_object_get(json_object_get(r.json, "reports"), "a");
    ck_assert_int_eq(json_array_size(json_object_get(a, "games")), 2 + AT_ONCE);
    res_free(&r);
}
END_TEST

struct one {
    struct fixture *f;
    struct res r;
    int done;
};

static void *send_one(void *p)
{
    struct one *o = p;
    post_game(&o->f->a, o->f, "{\"winner\": \"b\", \"cube\": 1, \"result\": \"single\"}", &o->r);
    __atomic_store_n(&o->done, 1, __ATOMIC_RELEASE);
    return NULL;
}

/* Another program (an sqlite3 shell) withdraws side a's report in progress while a's next
 * game waits for the database's write lock, already prepared on the report as it stood: the
 * game is answered as the match now stands, the first game of a new report, and the
 * withdrawn report keeps its one game. */
START_TEST(test_a_game_prepared_while_another_program_changes_the_match)
{
    struct fixture f;
    setup_match(&f, 99);
    struct res r;
    post_game(&f.a, &f, "{\"winner\": \"a\", \"cube\": 1, \"result\": \"single\"}", &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    long long first = json_integer_value(json_object_get(json_object_get(r.json, "report"), "id"));
    res_free(&r);
    sqlite3 *h;
    ck_assert_int_eq(sqlite3_open(S.db, &h), SQLITE_OK);
    ck_assert_int_eq(sqlite3_exec(h, "BEGIN IMMEDIATE", NULL, NULL, NULL), SQLITE_OK);
    char sql[96];
    snprintf(sql, sizeof sql, "UPDATE reports SET current = 0 WHERE id = %lld", first);
    ck_assert_int_eq(sqlite3_exec(h, sql, NULL, NULL, NULL), SQLITE_OK);
    struct one o = {.f = &f};
    pthread_t t;
    ck_assert_int_eq(pthread_create(&t, NULL, send_one, &o), 0);
    /* the game prepared and waiting for the lock first: had it not got there yet, it reads
     * the withdrawal and the test proves nothing (it does not fail) */
    usleep(300 * 1000);
    int waited = !__atomic_load_n(&o.done, __ATOMIC_ACQUIRE);
    ck_assert_int_eq(sqlite3_exec(h, "COMMIT", NULL, NULL, NULL), SQLITE_OK);
    sqlite3_close(h);
    pthread_join(t, NULL);
    ck_assert_msg(waited, "the game was answered while another program held the lock");
    ck_assert_msg(o.r.status == 200, "%s", o.r.body);
    json_t *rep = json_object_get(o.r.json, "report");
    ck_assert_int_eq(json_integer_value(json_object_get(rep, "games")), 1);
    ck_assert_int_ne(json_integer_value(json_object_get(rep, "id")), first);
    res_free(&o.r);
    snprintf(sql, sizeof sql, "SELECT length(games) - length(replace(games, ',', '')) + 1 FROM "
                              "reports WHERE id = %lld",
             first);
    ck_assert_int_eq(db_count(S.db, sql), 1);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("http_prepared");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 120);
    tcase_add_unchecked_fixture(tc, up, srv_down);
    tcase_add_test(tc, test_games_sent_at_once_are_each_kept);
    tcase_add_test(tc, test_a_game_prepared_while_another_program_changes_the_match);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
