/* HTTP tests of a knockout's placings (PLACE-1, PLACE-2): bands of a knockout and its
 * Consolation, the placing order splitting bands, and the play-off for 3rd. The draw and late
 * arrivals: test_http_knockout.c. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "support/knockout_fx.h"
#include "../check_main.h"

/* ---- placings (PLACE-1, PLACE-2) ---- */

static void get_placings(struct ko *k, long long eid, struct res *r)
{
    char path[160];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/competitions/%lld/placings", k->tid, eid);
    req(&S, "GET", path, NULL, NULL, r);
    ck_assert_msg(r->status == 200, "%s", r->body);
}

/* How many placings of r have that band. */
static int in_band(struct res *r, const char *band)
{
    int n = 0;
    json_t *l = json_object_get(r->json, "placings");
    for (size_t i = 0; i < json_array_size(l); i++)
        n += !strcmp(json_string_value(json_object_get(json_array_get(l, i), "place")), band);
    return n;
}

static json_t *placing_at(struct res *r, size_t i)
{
    return json_array_get(json_object_get(r->json, "placings"), i);
}

START_TEST(test_PLACE1_knockout_bands_and_its_consolation)
{
    struct ko k;
    ko_setup(&k, 6, NULL);
    long long e = ko_make_event(&k, "Main", "{\"lengths\": [1]}");
    long long c = fed_event(&k, "Consolation", e, "\"lengths\": [1]");
    enter(&k, e, 0, 6);
    struct res r;
    get_placings(&k, e, &r); /* before the draw: one band */
    ck_assert_int_eq(in_band(&r, "1-6"), 6);
    ck_assert_str_eq(json_string_value(json_object_get(placing_at(&r, 0), "why")), "not drawn yet");
    res_free(&r);
    draw(&k, e, "placings", &r);
    ck_assert_int_eq(r.status, 200);
    res_free(&r);
    uint64_t seed = 33;
    ck_assert_int_gt(play_ready(&k, e, &seed), 0); /* round 1: 2 matches, 2 byes */
    get_placings(&k, e, &r);                       /* so far: 4 in play, 2 out */
    ck_assert(json_is_false(json_object_get(r.json, "final")));
    ck_assert_int_eq(in_band(&r, "1-4"), 4);
    ck_assert_int_eq(in_band(&r, "5-6"), 2);
    ck_assert(json_is_false(json_object_get(placing_at(&r, 0), "out")));
    ck_assert(json_is_true(json_object_get(placing_at(&r, 5), "out")));
    res_free(&r);
    while (play_ready(&k, e, &seed) || play_ready(&k, c, &seed))
        ;
    get_placings(&k, e, &r);
    ck_assert_str_eq(jstr(&r, "state"), "finished");
    ck_assert(json_is_true(json_object_get(r.json, "final")));
    ck_assert_int_eq(in_band(&r, "1"), 1);
    ck_assert_int_eq(in_band(&r, "2"), 1);
    ck_assert_int_eq(in_band(&r, "3-4"), 2);
    ck_assert_int_eq(in_band(&r, "5-6"), 2);
    ck_assert_str_eq(json_string_value(json_object_get(placing_at(&r, 0), "why")), "won the final");
    ck_assert_str_eq(json_string_value(json_object_get(placing_at(&r, 2), "why")),
                     "lost in the semi-finals");
    ck_assert_int_gt(strlen(json_string_value(json_object_get(placing_at(&r, 0), "name"))), 0);
    res_free(&r);
    /* KO-5: the Consolation places its own entrants, by its own bracket */
    get_placings(&k, c, &r);
    ck_assert(json_is_true(json_object_get(r.json, "final")));
    size_t n = json_array_size(json_object_get(r.json, "placings"));
    ck_assert_int_ge(n, 2);
    ck_assert_int_eq(in_band(&r, "1"), 1);
    ck_assert_int_eq(in_band(&r, "2"), 1);
    res_free(&r);
}
END_TEST

START_TEST(test_PLACE2_placing_order_splits_bands)
{
    struct ko k;
    ko_setup(&k, 8, NULL);
    char path[160], body[96];
    for (int i = 0; i < 8; i++) { /* ratings 1500, 1510, ... */
        snprintf(path, sizeof path, "/api/v1/tournaments/%lld/players/%lld", k.tid, k.players[i]);
        snprintf(body, sizeof body, "{\"rating\": %d}", 1500 + 10 * i);
        struct res r;
        td(&S, "PATCH", path, body, &r);
        ck_assert_msg(r.status == 200, "%s", r.body);
        res_free(&r);
    }
    struct res r;
    long long e = drawn_main(&k, "{\"lengths\": [1]}", 8, "split", &r);
    res_free(&r);
    uint64_t seed = 7;
    while (play_ready(&k, e, &seed))
        ;
    get_placings(&k, e, &r);
    ck_assert_int_eq(json_array_size(json_object_get(r.json, "order")), 0);
    ck_assert_int_eq(in_band(&r, "5-8"), 4);
    for (size_t i = 4; i < 8; i++) /* shared */
        ck_assert_int_eq(json_integer_value(json_object_get(placing_at(&r, i), "rank")), 5);
    res_free(&r);
    /* bad orders: refused naming the field and the rule, nothing changes */
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld", k.tid);
    static const char *const bad[] = {
        "{\"placing_order\": \"rating\"}",
        "{\"placing_order\": [\"luck\"]}",
        "{\"placing_order\": [\"rating\", \"rating\"]}",
        "{\"placing_order\": [\"rating\", 3]}",
        "{\"placing_order\": [\"rating\", \"rounds_won\", \"points_diff\", \"rating\"]}",
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        td(&S, "PATCH", path, bad[i], &r);
        assert_refused(&r, 422, "placing_order", bad[i]);
        ck_assert_msg(res_names_rule(&r, "PLACE-2"), "%s", r.body);
        res_free(&r);
    }
    req(&S, "GET", path, NULL, NULL, &r);
    ck_assert_int_eq(json_array_size(json_object_get(r.json, "placing_order")), 0);
    res_free(&r);
    td(&S, "PATCH", path, "{\"placing_order\": [\"rating\"]}", &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    ck_assert_str_eq(json_string_value(json_array_get(json_object_get(r.json, "placing_order"), 0)),
                     "rating");
    res_free(&r);
    get_placings(&k, e, &r);
    ck_assert_str_eq(json_string_value(json_array_get(json_object_get(r.json, "order"), 0)),
                     "rating");
    double last = 1e9;
    for (size_t i = 4; i < 8; i++) { /* the band 5-8 split by rating, best first */
        json_t *p = placing_at(&r, i);
        ck_assert_str_eq(json_string_value(json_object_get(p, "place")), "5-8");
        ck_assert_int_eq(json_integer_value(json_object_get(p, "rank")), (int)i + 1);
        double rating = json_real_value(json_object_get(p, "rating"));
        ck_assert(rating < last);
        last = rating;
    }
    res_free(&r);
}
END_TEST

/* The play-off for 3rd of event eid (its label says so), as its JSON; NULL when none. */
static json_t *playoff_of(struct ko *k, long long eid)
{
    char path[128];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/matches", k->tid);
    struct res r;
    req(&S, "GET", path, NULL, NULL, &r);
    json_t *ms = json_object_get(r.json, "matches"), *found = NULL;
    for (size_t i = 0; i < json_array_size(ms); i++) {
        json_t *m = json_array_get(ms, i);
        if (json_integer_value(json_object_get(m, "event_id")) == eid &&
            json_is_true(json_object_get(json_object_get(m, "label"), "playoff")))
            found = json_incref(m);
    }
    res_free(&r);
    return found;
}

static long long side_player_of(json_t *m, int s)
{
    return json_integer_value(
        json_object_get(json_array_get(json_object_get(m, "sides"), (size_t)s), "player_id"));
}

START_TEST(test_PLACE1_playoff_for_third)
{
    struct ko k;
    ko_setup(&k, 4, NULL);
    struct res r;
    /* a setting that is no boolean is refused */
    char path[160];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/competitions", k.tid);
    td(&S, "POST", path,
       "{\"kind\": \"knockout\", \"name\": \"X\", \"knockout\": {\"third_place\": \"yes\"}}", &r);
    assert_refused(&r, 422, "third_place", "third_place not a boolean");
    res_free(&r);
    long long e = drawn_main(&k, "{\"lengths\": [1], \"third_place\": true}", 4, "third", &r);
    long long s1 = match_at(&r, 1, 0), s2 = match_at(&r, 1, 1);
    res_free(&r);
    json_t *po = playoff_of(&k, e);
    ck_assert_ptr_nonnull(po);
    ck_assert_str_eq(json_string_value(json_object_get(json_object_get(po, "label"), "round_name")),
                     "Play-off for 3rd");
    ck_assert_int_eq(side_player_of(po, 0), 0); /* waits for the semi-finals */
    long long pid = json_integer_value(json_object_get(po, "id"));
    json_decref(po);
    verify(&k, s1, 1, 0, NULL, &r); /* side a wins both semi-finals */
    res_free(&r);
    verify(&k, s2, 1, 0, NULL, &r);
    res_free(&r);
    bracket(&k, e, &r);
    long long lose1 = side_at(&r, 1, 0, 1), lose2 = side_at(&r, 1, 1, 1);
    long long fin = match_at(&r, 2, 0);
    res_free(&r);
    po = playoff_of(&k, e);
    ck_assert_int_eq(side_player_of(po, 0), lose1);
    ck_assert_int_eq(side_player_of(po, 1), lose2);
    json_decref(po);
    verify(&k, fin, 1, 0, NULL, &r);
    res_free(&r);
    get_placings(&k, e, &r); /* the final alone does not end the event */
    ck_assert_str_eq(jstr(&r, "state"), "running");
    ck_assert_int_eq(in_band(&r, "3-4"), 2);
    res_free(&r);
    verify(&k, pid, 1, 1, NULL, &r); /* the second semi-final's loser takes 3rd */
    ck_assert_msg(r.status == 200, "%s", r.body);
    res_free(&r);
    get_placings(&k, e, &r);
    ck_assert_str_eq(jstr(&r, "state"), "finished");
    for (int i = 0; i < 4; i++) {
        char band[4];
        snprintf(band, sizeof band, "%d", i + 1);
        ck_assert_int_eq(in_band(&r, band), 1);
    }
    ck_assert_int_eq(json_integer_value(json_object_get(placing_at(&r, 2), "entrant_id")), lose2);
    ck_assert_str_eq(json_string_value(json_object_get(placing_at(&r, 2), "why")),
                     "won the play-off for 3rd");
    ck_assert_int_eq(json_integer_value(json_object_get(placing_at(&r, 3), "entrant_id")), lose1);
    res_free(&r);
    /* KO-8: a semi-final corrected undoes the play-off its loser played, with the final */
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/matches/%lld/correct", k.tid, s1);
    td(&S, "POST", path, "{\"score\": {\"a\": 0, \"b\": 1}, \"reason\": \"wrong sheet\"}", &r);
    ck_assert_int_eq(r.status, 409);
    json_t *undo = json_object_get(r.json, "would_undo");
    int names_playoff = 0;
    for (size_t i = 0; i < json_array_size(undo); i++)
        names_playoff |= json_integer_value(json_array_get(undo, i)) == pid;
    ck_assert_msg(names_playoff, "%s", r.body);
    res_free(&r);
    td(&S, "POST", path,
       "{\"score\": {\"a\": 0, \"b\": 1}, \"reason\": \"wrong sheet\", \"confirm_cascade\": true}",
       &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    res_free(&r);
    po = playoff_of(&k, e);
    ck_assert_str_eq(json_string_value(json_object_get(po, "state")), "scheduled");
    ck_assert_int_eq(side_player_of(po, 1), lose2);
    ck_assert_int_ne(side_player_of(po, 0), lose1); /* the first semi-final's new loser */
    json_decref(po);
    get_placings(&k, e, &r);
    ck_assert_str_eq(jstr(&r, "state"), "running");
    res_free(&r);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("http_knockout_placings");
    TCase *tc = tcase_create("knockout");
    tcase_add_unchecked_fixture(tc, srv_up, srv_down);
    tcase_set_timeout(tc, 240);
    tcase_add_test(tc, test_PLACE1_knockout_bands_and_its_consolation);
    tcase_add_test(tc, test_PLACE2_placing_order_splits_bands);
    tcase_add_test(tc, test_PLACE1_playoff_for_third);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
