/* What phones and screens poll is served like the tournament: kept serialized per
 * revision, with an ETag and gzip, and never stale after a change. */
#include <check.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/harness.h"
#include "../check_main.h"

static struct srv S;

static void up(void)
{
    srv_start(&S, NULL);
    srv_login(&S);
}

static void down(void)
{
    srv_cleanup(&S);
}

static int gzipped(const struct res *r)
{
    char ce[32];
    return res_header(r, "Content-Encoding", ce, sizeof ce) && !strcmp(ce, "gzip");
}

/* A player added, and the next anonymous poll (with headers) lists them at once. */
static void add_and_see(long long tid, const char *path, const char *const *headers,
                        const char *name)
{
    make_player(&S, tid, name);
    struct res r;
    req(&S, "GET", path, NULL, headers, &r);
    ck_assert_int_eq(r.status, 200);
    ck_assert_ptr_nonnull(strstr(r.body, name));
    res_free(&r);
}

START_TEST(test_players_list_cached_gzipped_fresh)
{
    long long tid = make_tournament(&S, "Polled");
    for (int i = 0; i < 60; i++) {
        char name[32];
        snprintf(name, sizeof name, "Player number %d", i);
        make_player(&S, tid, name);
    }
    char path[128];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/players", tid);
    const char *gz[] = {"Accept-Encoding: gzip", NULL};
    struct res r;
    int got_gzip = 0;
    char etag[96] = "";
    for (int i = 0; i < 2; i++) { /* the first reader fills the cache, the second hits it */
        req(&S, "GET", path, NULL, gz, &r);
        ck_assert_int_eq(r.status, 200);
        if (gzipped(&r)) {
            got_gzip = 1;
            ck_assert_ptr_nonnull(res_header(&r, "ETag", etag, sizeof etag));
            ck_assert_ptr_nonnull(strstr(etag, "-gz\""));
        }
        res_free(&r);
    }
    ck_assert_msg(got_gzip, "the players list is never gzipped");
    /* unchanged: 304 for the gzip tag */
    char inm[128];
    snprintf(inm, sizeof inm, "If-None-Match: %s", etag);
    const char *again[] = {"Accept-Encoding: gzip", inm, NULL};
    req(&S, "GET", path, NULL, again, &r);
    ck_assert_int_eq(r.status, 304);
    res_free(&r);
    /* a change: the next poll has it */
    add_and_see(tid, path, NULL, "The late one");
    req(&S, "GET", path, NULL, again, &r);
    ck_assert_int_eq(r.status, 200);
    res_free(&r);
    /* the TD's view is not the cached one: still no PIN, and private */
    td(&S, "GET", path, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    ck_assert_ptr_nonnull(strstr(r.body, "The late one"));
    res_free(&r);
}
END_TEST

/* The players list follows the players' own revision: a match (or a game report) moves the
 * tournament's revision and leaves the list's ETag, and its kept copy, as they were; a
 * player's change is seen at once. */
START_TEST(test_players_list_survives_other_changes)
{
    long long tid = make_tournament(&S, "Own revision");
    long long a = make_player(&S, tid, "Anna"), b = make_player(&S, tid, "Bruno");
    char path[128], mpath[128], body[128];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/players", tid);
    snprintf(mpath, sizeof mpath, "/api/v1/tournaments/%lld/matches", tid);
    struct res r;
    req(&S, "GET", path, NULL, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    char etag[96], inm[128];
    ck_assert_ptr_nonnull(res_header(&r, "ETag", etag, sizeof etag));
    res_free(&r);
    snprintf(body, sizeof body, "{\"player_a\": %lld, \"player_b\": %lld, \"length\": 5}", a, b);
    td(&S, "POST", mpath, body, &r);
    ck_assert_int_eq(r.status, 201);
    res_free(&r);
    snprintf(inm, sizeof inm, "If-None-Match: %s", etag);
    const char *again[] = {inm, NULL};
    req(&S, "GET", path, NULL, again, &r);
    ck_assert_msg(r.status == 304, "a new match changed the players list's ETag (%ld)", r.status);
    res_free(&r);
    add_and_see(tid, path, again, "Carla");
}
END_TEST

/* A crowd of readers right after a change: one of them rebuilds the list, the others wait
 * for its answer (api/flight.h), and every one of them sees the change. */
#define CROWD 16
struct reader {
    const char *path;
    int players; /* how many the answer listed; -1: no answer */
};

static void *read_players(void *arg)
{
    struct reader *rd = arg;
    struct res r;
    req(&S, "GET", rd->path, NULL, NULL, &r);
    json_t *ps = r.status == 200 ? json_object_get(r.json, "players") : NULL;
    rd->players = json_is_array(ps) ? (int)json_array_size(ps) : -1;
    res_free(&r);
    return NULL;
}

START_TEST(test_crowd_after_a_change_sees_it)
{
    long long tid = make_tournament(&S, "Crowded");
    char path[128];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/players", tid);
    int expect = 0;
    for (int round = 0; round < 12; round++) {
        for (int k = 0; k < 20; k++) {
            char name[48];
            snprintf(name, sizeof name, "Round %d player %d", round, k);
            make_player(&S, tid, name);
            expect++;
        }
        pthread_t th[CROWD];
        struct reader rd[CROWD];
        for (int i = 0; i < CROWD; i++) {
            rd[i] = (struct reader){path, -1};
            ck_assert_int_eq(pthread_create(&th[i], NULL, read_players, &rd[i]), 0);
        }
        for (int i = 0; i < CROWD; i++) {
            pthread_join(th[i], NULL);
            ck_assert_msg(rd[i].players == expect, "round %d: a reader saw %d players of %d",
                          round, rd[i].players, expect);
        }
    }
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("http_polls");
    TCase *tc = tcase_create("polls");
    tcase_add_checked_fixture(tc, up, down);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_players_list_cached_gzipped_fresh);
    tcase_add_test(tc, test_crowd_after_a_change_sees_it);
    tcase_add_test(tc, test_players_list_survives_other_changes);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
