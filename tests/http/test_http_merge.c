/* HTTP tests of two registrations of one player merged by the TD (issue 34, item 1): one
 * stays, its empty fields filled from the other's; the other's entries and matches move to
 * it (the ratings follow, RAT-1); audited. Refused with a 409 naming the field, nothing
 * changed, where the two cannot be one player: a match between them, both in one event,
 * two federation ids; 422 for merging a player into itself or a player that is not there. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/harness.h"
#include "../check_main.h"

static long long add_player(long long tid, const char *body)
{
    char path[96];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/players", tid);
    struct res r;
    td(&S, "POST", path, body, &r);
    ck_assert_msg(r.status == 201, "%s", r.body);
    long long id = jint(&r, "id");
    res_free(&r);
    return id;
}

static void merge(long long tid, long long keep, long long dup, struct res *r)
{
    char path[128], body[64];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/players/%lld/merge", tid, keep);
    snprintf(body, sizeof body, "{\"player_id\": %lld}", dup);
    td(&S, "POST", path, body, r);
}

/* The players list, as the TD reads it (a new reference). */
static json_t *players(long long tid)
{
    char path[96];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/players", tid);
    struct res r;
    td(&S, "GET", path, NULL, &r);
    json_t *x = json_incref(json_object_get(r.json, "players"));
    res_free(&r);
    return x;
}

static json_t *player(json_t *ps, long long id)
{
    for (size_t i = 0; i < json_array_size(ps); i++)
        if (json_integer_value(json_object_get(json_array_get(ps, i), "id")) == id)
            return json_array_get(ps, i);
    return NULL;
}

/* A refusal changes nothing: the same players, with the same records. */
static void refused(long long tid, long long keep, long long dup, long status, const char *field,
                    const char *what)
{
    json_t *before = players(tid);
    struct res r;
    merge(tid, keep, dup, &r);
    assert_refused(&r, status, NULL, what);
    ck_assert_msg(res_names_field(&r, field), "%s: does not name %s: %s", what, field, r.body);
    res_free(&r);
    json_t *after = players(tid);
    ck_assert_msg(json_equal(before, after), "%s: the players changed", what);
    json_decref(before);
    json_decref(after);
}

/* Anna registered from the federation's file (id 00042, rating 1600) and again by hand at
 * the desk ("Anna Maria Rossi", club and email, entered in the Main, a match won against Bruno):
 * the TD merges the second into the first. Anna keeps her federation id and rating and
 * gains the club and email; the Main lists her; the match is hers, and so is its rating
 * change (both matches of hers rated from her own rating); the second registration is
 * gone, audited as player.merge. */
START_TEST(test_import_merge_registered_players)
{
    long long tid = make_tournament(&S, "Merge");
    long long anna = add_player(tid, "{\"name\": \"Anna Rossi\", \"federation_id\": \"00042\", "
                                     "\"rating\": 1600}");
    long long dup = add_player(tid, "{\"name\": \"Anna Maria Rossi\", \"club\": \"Roma\", "
                                    "\"email\": \"anna@example.org\", \"experience\": 250}");
    long long bruno = add_player(tid, "{\"name\": \"Bruno\"}");
    long long eid = make_competition(&S, tid, "{\"kind\": \"knockout\", \"name\": \"Main\"}");
    long long in[2] = {dup, bruno};
    enter_players(&S, tid, eid, 2, in);
    long long mid = make_match(&S, tid, dup, bruno, 5);
    struct res r;
    match_op(&S, tid, mid, "POST", "verify", "{\"score\": {\"a\": 5, \"b\": 2}}", &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    res_free(&r);

    merge(tid, anna, dup, &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    ck_assert_int_eq(jint(&r, "id"), anna);
    ck_assert_str_eq(jstr(&r, "name"), "Anna Rossi");
    ck_assert_str_eq(jstr(&r, "federation_id"), "00042");
    ck_assert_str_eq(jstr(&r, "club"), "Roma");
    ck_assert_int_eq(jint(&r, "experience"), 250);
    res_free(&r);
    json_t *ps = players(tid);
    ck_assert_int_eq(json_array_size(ps), 2);
    ck_assert(player(ps, dup) == NULL);
    json_decref(ps);
    char path[128];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/export/players.csv", tid);
    td(&S, "GET", path, NULL, &r);
    ck_assert_msg(strstr(r.body, "anna@example.org") != NULL, "the email kept: %s", r.body);
    res_free(&r);

    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/competitions/%lld", tid, eid);
    req(&S, "GET", path, NULL, NULL, &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    json_t *entries = json_object_get(r.json, "entries");
    int has_anna = 0, has_dup = 0;
    for (size_t i = 0; i < json_array_size(entries); i++) {
        long long e = json_integer_value(json_array_get(entries, i));
        has_anna |= e == anna;
        has_dup |= e == dup;
    }
    ck_assert_msg(has_anna && !has_dup, "the Main's entries: %s", r.body);
    res_free(&r);
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/matches/%lld", tid, mid);
    req(&S, "GET", path, NULL, NULL, &r);
    json_t *a = json_array_get(json_object_get(r.json, "sides"), 0);
    ck_assert_int_eq(json_integer_value(json_object_get(a, "player_id")), anna);
    json_t *ra = json_array_get(json_object_get(json_object_get(r.json, "rating"), "sides"), 0);
    ck_assert_int_eq(json_integer_value(json_object_get(ra, "player_id")), anna);
    ck_assert(json_number_value(json_object_get(ra, "before")) == 1600);
    res_free(&r);
    /* a login with the merged registration's PIN no longer exists: the player is gone */
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/players/%lld", tid, dup);
    td(&S, "GET", path, NULL, &r);
    ck_assert_int_eq(r.status, 404);
    res_free(&r);
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/audit?limit=1000", tid);
    td(&S, "GET", path, NULL, &r);
    ck_assert_msg(strstr(r.body, "\"player.merge\"") != NULL, "audited");
    res_free(&r);
}
END_TEST

/* Each refusal names its field and changes nothing: a player merged into itself, one that
 * is not there (422); two federation ids; a match between the two; both in one event (409). */
START_TEST(test_import_merge_refusals)
{
    long long tid = make_tournament(&S, "Merge refusals");
    long long a = add_player(tid, "{\"name\": \"Carla\", \"federation_id\": \"001\"}");
    long long b = add_player(tid, "{\"name\": \"Carla R.\", \"federation_id\": \"002\"}");
    long long c = add_player(tid, "{\"name\": \"Carla B.\"}");
    long long d = add_player(tid, "{\"name\": \"Carla Bianchi\"}");
    long long e = add_player(tid, "{\"name\": \"Dario\"}");
    refused(tid, a, a, 422, "player_id", "a player merged into itself");
    refused(tid, a, 999999, 422, "player_id", "a player that is not there");
    refused(tid, a, b, 409, "federation_id", "two federation ids");
    long long mid = make_match(&S, tid, a, c, 3);
    (void)mid;
    refused(tid, a, c, 409, "player_id", "a match between them");
    long long eid = make_competition(&S, tid, "{\"kind\": \"knockout\", \"name\": \"Main\"}");
    long long in[3] = {a, d, e};
    enter_players(&S, tid, eid, 3, in);
    refused(tid, a, d, 409, "player_id", "both in one event");
    struct res r;
    merge(tid, a, d, &r);
    ck_assert_msg(strstr(r.body, "Main") != NULL, "the event named: %s", r.body);
    res_free(&r);
    /* the body checked: no player_id */
    char path[128];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/players/%lld/merge", tid, a);
    td(&S, "POST", path, "{}", &r);
    assert_refused(&r, 422, "player_id", "no player_id");
    res_free(&r);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("merge");
    TCase *tc = tcase_create("merge");
    tcase_add_checked_fixture(tc, srv_up, srv_down);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_import_merge_registered_players);
    tcase_add_test(tc, test_import_merge_refusals);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
