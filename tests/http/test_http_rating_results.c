/* HTTP tests of each decided match's rating change in the results (RAT-1, issue 34): the
 * match's JSON (its GET and the matches list) carries both players' rating before, change
 * and after, or "not rated" with the kinds that leave it out; a correction of an earlier
 * match changes a later match's figures. A conceded match is a decided result, rated
 * unless the TD leaves conceded matches out. */
#include <check.h>
#include <math.h>
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

static void decide(long long tid, long long mid, const char *tail, const char *body)
{
    struct res r;
    match_op(&S, tid, mid, "POST", tail, body, &r);
    ck_assert_msg(r.status == 200, "%s %s", tail, r.body);
    res_free(&r);
}

/* The "rating" of match mid as its GET gives it (a new reference; NULL when none). */
static json_t *rating_of_match(long long tid, long long mid)
{
    char path[96];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/matches/%lld", tid, mid);
    struct res r;
    req(&S, "GET", path, NULL, NULL, &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    json_t *x = json_incref(json_object_get(r.json, "rating"));
    res_free(&r);
    return x;
}

/* The "rating" of match mid in the matches list (?player= when pid) (a new reference). */
static json_t *rating_in_list(long long tid, long long mid, long long pid)
{
    char path[128];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/matches%s", tid, pid ? "?player=" : "");
    if (pid)
        snprintf(path + strlen(path), sizeof path - strlen(path), "%lld", pid);
    struct res r;
    req(&S, "GET", path, NULL, NULL, &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    json_t *ms = json_object_get(r.json, "matches"), *x = NULL;
    for (size_t i = 0; i < json_array_size(ms); i++)
        if (json_integer_value(json_object_get(json_array_get(ms, i), "id")) == mid)
            x = json_incref(json_object_get(json_array_get(ms, i), "rating"));
    res_free(&r);
    return x;
}

static double side_num(json_t *rating, int side, const char *key)
{
    json_t *s = json_array_get(json_object_get(rating, "sides"), (size_t)side);
    ck_assert_msg(s != NULL, "no side %d in the rating", side);
    return json_number_value(json_object_get(s, key));
}

static int excluded_has(json_t *rating, const char *kind)
{
    json_t *x = json_object_get(rating, "excluded");
    for (size_t i = 0; i < json_array_size(x); i++)
        if (!strcmp(json_string_value(json_array_get(x, i)), kind))
            return 1;
    return 0;
}

/* Fav (1600) beats Dog (1500) to 7: the match's JSON says Fav 1600 + g = after, Dog 1500 -
 * g; Dog then beats Third (1550) to 5, from Dog's rating after the first. The list (all,
 * and a player's) says the same as the match's GET; an undecided match has no rating; a
 * forfeit is "not rated" naming "forfeit". The first match corrected (Dog won it): the
 * second match's "before" and "after" are computed again from Dog's new rating. */
START_TEST(test_RAT1_match_json_carries_the_change)
{
    long long tid = make_tournament(&S, "Rated results");
    long long fav = add_player(tid, "{\"name\": \"Fav\", \"rating\": 1600}");
    long long dog = add_player(tid, "{\"name\": \"Dog\", \"rating\": 1500}");
    long long third = add_player(tid, "{\"name\": \"Third\", \"rating\": 1550}");
    long long m1 = make_match(&S, tid, fav, dog, 7);
    decide(tid, m1, "verify", "{\"score\": {\"a\": 7, \"b\": 3}}");
    long long m2 = make_match(&S, tid, dog, third, 5);
    decide(tid, m2, "verify", "{\"score\": {\"a\": 5, \"b\": 1}}");
    long long m3 = make_match(&S, tid, fav, third, 3);
    long long m4 = make_match(&S, tid, fav, dog, 3);
    decide(tid, m4, "forfeit", "{\"winner\": \"a\", \"reason\": \"absent\"}");

    double pu = 1.0 / (pow(10.0, 100.0 * sqrt(7.0) / 2000.0) + 1.0), g1 = 20 * sqrt(7.0) * pu;
    json_t *r1 = rating_of_match(tid, m1);
    ck_assert_msg(r1 && json_is_true(json_object_get(r1, "rated")), "m1 rated");
    ck_assert_int_eq(json_integer_value(json_object_get(
                         json_array_get(json_object_get(r1, "sides"), 0), "player_id")),
                     fav);
    ck_assert(fabs(side_num(r1, 0, "before") - 1600) < 0.006);
    ck_assert(fabs(side_num(r1, 0, "change") - g1) < 0.006);
    ck_assert(fabs(side_num(r1, 0, "after") - (1600 + g1)) < 0.006);
    ck_assert(fabs(side_num(r1, 1, "before") - 1500) < 0.006);
    ck_assert(fabs(side_num(r1, 1, "change") + g1) < 0.006);
    ck_assert(fabs(side_num(r1, 1, "after") - (1500 - g1)) < 0.006);
    json_decref(r1);

    json_t *r2 = rating_of_match(tid, m2);
    double dog_before = side_num(r2, 0, "before"), dog_after = side_num(r2, 0, "after");
    ck_assert(fabs(dog_before - (1500 - g1)) < 0.006);
    ck_assert(dog_after > dog_before);
    json_t *l2 = rating_in_list(tid, m2, 0), *p2 = rating_in_list(tid, m2, third);
    ck_assert_msg(json_equal(l2, r2) && json_equal(p2, r2), "the list and the GET agree");
    json_decref(l2);
    json_decref(p2);
    json_decref(r2);

    json_t *none = rating_of_match(tid, m3);
    ck_assert_msg(none == NULL, "an undecided match has no rating");
    json_t *r4 = rating_in_list(tid, m4, fav);
    ck_assert(json_is_false(json_object_get(r4, "rated")));
    ck_assert(excluded_has(r4, "forfeit"));
    ck_assert(json_object_get(r4, "sides") == NULL);
    json_decref(r4);

    /* the correction: Dog won the first match 7-5; m2 follows from Dog's new rating */
    decide(tid, m1, "correct", "{\"score\": {\"a\": 5, \"b\": 7}, \"reason\": \"scoresheet\"}");
    double d1 = 20 * sqrt(7.0) * (1 - pu);
    r2 = rating_of_match(tid, m2);
    ck_assert_msg(fabs(side_num(r2, 0, "before") - (1500 + d1)) < 0.006, "before %f",
                  side_num(r2, 0, "before"));
    ck_assert(fabs(side_num(r2, 0, "after") - dog_after) > 0.5);
    l2 = rating_in_list(tid, m2, 0);
    ck_assert_msg(json_equal(l2, r2), "the list after the correction");
    json_decref(l2);
    json_decref(r2);
}
END_TEST

/* MATCH-7 and RAT-1: Anna concedes to Bruno at 0-0 (5 points), Bruno confirms: a decided
 * result (the loser resigned the match), rated by default, where it used to be counted as
 * unfinished and left out. The TD leaves conceded matches out: not rated, naming
 * "conceded", in the match's GET and at once in the lists (read before the change: kept
 * per revision); the settings say so. */
START_TEST(test_RAT1_conceded_match_rated_by_default)
{
    long long tid = make_tournament(&S, "Conceded");
    char pin_a[8], pin_b[8];
    long long a = make_player_pin(&S, tid, "Anna", pin_a);
    long long b = make_player_pin(&S, tid, "Bruno", pin_b);
    long long mid = make_match(&S, tid, a, b, 5);
    struct srv sa, sb;
    srv_player_login(&sa, &S, tid, a, pin_a);
    srv_player_login(&sb, &S, tid, b, pin_b);
    char path[128], body[64];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/matches/%lld/report", tid, mid);
    struct res r;
    td(&sa, "POST", path, "{\"concede\": true}", &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    res_free(&r);
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/matches/%lld/reports", tid, mid);
    td(&S, "GET", path, NULL, &r);
    long long rid =
        json_integer_value(json_object_get(json_object_get(json_object_get(r.json, "reports"), "a"), "id"));
    res_free(&r);
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/matches/%lld/confirm", tid, mid);
    snprintf(body, sizeof body, "{\"report_id\": %lld}", rid);
    td(&sb, "POST", path, body, &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    ck_assert_str_eq(jstr(&r, "ended"), "conceded");
    res_free(&r);

    json_t *x = rating_of_match(tid, mid);
    ck_assert_msg(x && json_is_true(json_object_get(x, "rated")), "a conceded match is rated");
    ck_assert(fabs(side_num(x, 1, "change") - 20 * sqrt(5.0) * 0.5) < 0.006);
    json_decref(x);

    /* the list read (and kept for its revision) before the settings change */
    x = rating_in_list(tid, mid, 0);
    ck_assert(json_is_true(json_object_get(x, "rated")));
    json_decref(x);
    x = rating_in_list(tid, mid, a);
    json_decref(x);
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/ratings/settings", tid);
    td(&S, "PATCH", path, "{\"exclude\": {\"conceded\": true}}", &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    json_t *ex = json_object_get(r.json, "exclude");
    ck_assert(json_is_true(json_object_get(ex, "conceded")));
    ck_assert(json_is_false(json_object_get(ex, "time")));
    ck_assert(json_is_true(json_object_get(ex, "unfinished")));
    res_free(&r);
    x = rating_of_match(tid, mid);
    ck_assert(json_is_false(json_object_get(x, "rated")));
    ck_assert(excluded_has(x, "conceded"));
    json_decref(x);
    /* the lists say so at once: the change of settings is a new revision */
    x = rating_in_list(tid, mid, 0);
    ck_assert_msg(json_is_false(json_object_get(x, "rated")), "the kept list after the settings");
    json_decref(x);
    x = rating_in_list(tid, mid, a);
    ck_assert(json_is_false(json_object_get(x, "rated")));
    json_decref(x);
    td(&S, "PATCH", path, "{\"exclude\": {\"time\": 1}}", &r);
    assert_refused(&r, 422, "exclude.time", "an exclusion that is no boolean");
    res_free(&r);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("rating_results");
    TCase *tc = tcase_create("rating_results");
    tcase_add_checked_fixture(tc, srv_up, srv_down);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_RAT1_match_json_carries_the_change);
    tcase_add_test(tc, test_RAT1_conceded_match_rated_by_default);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
