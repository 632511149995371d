/* What phones and screens poll is served like the tournament: kept serialized per
 * revision, with an ETag and gzip, and never stale after a change. */
#include <check.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/harness.h"
#include "../check_main.h"

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

/* A query string is no way around the kept copy of a polled list: "?x=RANDOM" (a poller's
 * cache-buster, or someone making every poll a rebuild on the writer's connection) gets the
 * kept copy, gzipped, with the list's own ETag, and still sees a change at once; the one
 * parameter a list reads (the matches' ?player=) still filters it. */
START_TEST(test_query_string_gets_the_kept_copy)
{
    long long tid = make_tournament(&S, "Busted");
    long long ids[60];
    make_players(&S, tid, 60, ids, NULL);
    char path[128], busted[160], etag[96], etag2[96];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/players", tid);
    const char *gz[] = {"Accept-Encoding: gzip", NULL};
    struct res r;
    req(&S, "GET", path, NULL, gz, &r);
    ck_assert_int_eq(r.status, 200);
    ck_assert(gzipped(&r));
    ck_assert_ptr_nonnull(res_header(&r, "ETag", etag, sizeof etag));
    res_free(&r);
    for (int i = 0; i < 3; i++) {
        snprintf(busted, sizeof busted, "%s?x=%d%d&_=%d", path, rand(), i, i);
        req(&S, "GET", busted, NULL, gz, &r);
        ck_assert_int_eq(r.status, 200);
        ck_assert_msg(gzipped(&r), "%s was built anew, not the kept copy", busted);
        ck_assert_str_eq(res_header(&r, "ETag", etag2, sizeof etag2), etag);
        res_free(&r);
    }
    add_and_see(tid, busted, NULL, "Seen through the query");

    long long m1 = make_match(&S, tid, ids[0], ids[1], 3);
    long long m2 = make_match(&S, tid, ids[2], ids[3], 3);
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/matches", tid);
    req(&S, "GET", path, NULL, NULL, &r); /* the whole list, kept */
    ck_assert_int_eq(r.status, 200);
    ck_assert_int_eq(json_array_size(json_object_get(r.json, "matches")), 2);
    res_free(&r);
    snprintf(busted, sizeof busted, "%s?player=%lld&x=1", path, ids[2]);
    req(&S, "GET", busted, NULL, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    json_t *ms = json_object_get(r.json, "matches");
    ck_assert_int_eq(json_array_size(ms), 1);
    ck_assert_int_eq(json_integer_value(json_object_get(json_array_get(ms, 0), "id")), m2);
    ck_assert_int_ne(m1, m2);
    res_free(&r);
    snprintf(busted, sizeof busted, "%s?player=abc", path);
    req(&S, "GET", busted, NULL, NULL, &r);
    ck_assert_int_eq(r.status, 400);
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

/* The bracket follows the events' own revision: a change of a match outside any event moves
 * the tournament's revision (the matches list changes) and leaves the bracket's ETag as it
 * was; a change of one of its matches is seen at once, by the ETag that answered 304 before
 * and by the TD, who gets the same kept copy and tag. */
START_TEST(test_bracket_survives_changes_outside_its_event)
{
    long long tid = make_tournament(&S, "Bracket revision");
    char path[160], body[160], mpath[160];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/competitions", tid);
    struct res r;
    td(&S, "POST", path, "{\"kind\": \"knockout\", \"name\": \"Main\", \"knockout\": {}}", &r);
    ck_assert_int_eq(r.status, 201);
    long long eid = jint(&r, "id");
    res_free(&r);
    for (int i = 0; i < 4; i++) {
        char name[32], epath[160];
        snprintf(name, sizeof name, "Entrant %d", i);
        snprintf(body, sizeof body, "{\"player_id\": %lld}", make_player(&S, tid, name));
        snprintf(epath, sizeof epath, "%s/%lld/entries", path, eid);
        td(&S, "POST", epath, body, &r);
        ck_assert_int_lt(r.status, 300);
        res_free(&r);
    }
    snprintf(mpath, sizeof mpath, "%s/%lld/knockout/draw", path, eid);
    td(&S, "POST", mpath, "{\"seed\": \"7\"}", &r);
    ck_assert_int_lt(r.status, 300);
    res_free(&r);
    long long a = make_player(&S, tid, "Outside A"), b = make_player(&S, tid, "Outside B");
    snprintf(mpath, sizeof mpath, "/api/v1/tournaments/%lld/matches", tid);
    snprintf(body, sizeof body, "{\"player_a\": %lld, \"player_b\": %lld, \"length\": 5}", a, b);
    td(&S, "POST", mpath, body, &r);
    ck_assert_int_eq(r.status, 201);
    long long outside = jint(&r, "id");
    res_free(&r);

    char bpath[160], etag[96], etag2[96], inm[128];
    snprintf(bpath, sizeof bpath, "%s/%lld/knockout", path, eid);
    req(&S, "GET", bpath, NULL, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    ck_assert_ptr_nonnull(res_header(&r, "ETag", etag, sizeof etag));
    json_t *m0 = json_array_get(
        json_object_get(json_array_get(json_object_get(r.json, "rounds"), 0), "matches"), 0);
    long long inside = json_integer_value(json_object_get(m0, "match_id"));
    ck_assert_int_gt(inside, 0);
    res_free(&r);
    snprintf(inm, sizeof inm, "If-None-Match: %s", etag);
    const char *again[] = {inm, NULL};

    /* outside the event: the bracket stands, the matches list does not */
    snprintf(body, sizeof body, "%s/%lld", mpath, outside);
    td(&S, "PATCH", body, "{\"table\": \"T1\"}", &r);
    ck_assert_int_eq(r.status, 200);
    res_free(&r);
    req(&S, "GET", bpath, NULL, again, &r);
    ck_assert_msg(r.status == 304, "a match outside the event changed the bracket's ETag (%ld)",
                  r.status);
    res_free(&r);
    req(&S, "GET", mpath, NULL, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    ck_assert_ptr_nonnull(strstr(r.body, "\"T1\""));
    res_free(&r);

    /* one of its matches: a new bracket at once, for the crowd and the TD alike */
    snprintf(body, sizeof body, "%s/%lld", mpath, inside);
    td(&S, "PATCH", body, "{\"table\": \"T7\"}", &r);
    ck_assert_int_eq(r.status, 200);
    res_free(&r);
    req(&S, "GET", bpath, NULL, again, &r);
    ck_assert_int_eq(r.status, 200);
    ck_assert_ptr_nonnull(strstr(r.body, "\"T7\""));
    ck_assert_ptr_nonnull(res_header(&r, "ETag", etag2, sizeof etag2));
    ck_assert_str_ne(etag2, etag);
    res_free(&r);
    td(&S, "GET", bpath, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    ck_assert_ptr_nonnull(strstr(r.body, "\"T7\""));
    ck_assert_str_eq(res_header(&r, "ETag", etag, sizeof etag), etag2);
    res_free(&r);
}
END_TEST

/* A crowd of readers right after a change: the list is rebuilt once for them, off the HTTP
 * threads (api/rebuild.h), and every one of them sees the change. */
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
    tcase_add_checked_fixture(tc, srv_up, srv_down);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_players_list_cached_gzipped_fresh);
    tcase_add_test(tc, test_query_string_gets_the_kept_copy);
    tcase_add_test(tc, test_crowd_after_a_change_sees_it);
    tcase_add_test(tc, test_players_list_survives_other_changes);
    tcase_add_test(tc, test_bracket_survives_changes_outside_its_event);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
