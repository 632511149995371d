/* HTTP tests of the TD's desk: a player's club beside the name, country, federation id
 * and rating (the console's edit form), kept, shown and refused when too long; the
 * tournament's minutes per point, the pace the pages' estimate of the day's end starts
 * from (8 by default, BGT's measure; 1 to 60). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/harness.h"
#include "../check_main.h"

/* A player registered with a club, then edited at the desk: name, country, club,
 * federation id and rating together; the list shows them; a club over 80 characters is
 * refused naming the field, and changes nothing. */
START_TEST(test_desk_player_edit_with_club)
{
    long long tid = make_tournament(&S, "Desk");
    char path[160], one[200];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/players", tid);
    struct res r;
    td(&S, "POST", path, "{\"name\": \"Elena Bianchi\", \"club\": \"BG Roma\"}", &r);
    ck_assert_int_eq(r.status, 201);
    ck_assert_str_eq(jstr(&r, "club"), "BG Roma");
    long long pid = json_integer_value(json_object_get(r.json, "id"));
    res_free(&r);

    snprintf(one, sizeof one, "%s/%lld", path, pid);
    td(&S, "PATCH", one,
       "{\"name\": \"Elena Bianchi-Neri\", \"country\": \"ITA\", \"club\": \"Circolo Milano\", "
       "\"federation_id\": \"FIBG-77\", \"rating\": 1712}",
       &r);
    ck_assert_int_eq(r.status, 200);
    ck_assert_str_eq(jstr(&r, "name"), "Elena Bianchi-Neri");
    ck_assert_str_eq(jstr(&r, "club"), "Circolo Milano");
    res_free(&r);

    char longclub[100];
    memset(longclub, 'x', 81);
    longclub[81] = '\0';
    char body[160];
    snprintf(body, sizeof body, "{\"club\": \"%s\"}", longclub);
    td(&S, "PATCH", one, body, &r);
    assert_refused(&r, 422, "club", "a club over 80 characters");
    res_free(&r);

    req(&S, "GET", path, NULL, NULL, &r);
    json_t *p = json_array_get(json_object_get(r.json, "players"), 0);
    ck_assert_str_eq(json_string_value(json_object_get(p, "club")), "Circolo Milano");
    ck_assert_str_eq(json_string_value(json_object_get(p, "country")), "ITA");
    ck_assert_str_eq(json_string_value(json_object_get(p, "federation_id")), "FIBG-77");
    ck_assert(json_number_value(json_object_get(p, "rating")) == 1712);
    res_free(&r);
}
END_TEST

/* The estimate's pace: 8 minutes a point unless set; set and kept; 0 and 61 refused naming
 * the field, changing nothing. */
START_TEST(test_desk_minutes_per_point_setting)
{
    long long tid = make_tournament(&S, "Pace");
    char path[96];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld", tid);
    struct res r;
    req(&S, "GET", path, NULL, NULL, &r);
    ck_assert_int_eq(json_integer_value(json_object_get(r.json, "minutes_per_point")), 8);
    res_free(&r);
    td(&S, "PATCH", path, "{\"minutes_per_point\": 6}", &r);
    ck_assert_int_eq(r.status, 200);
    ck_assert_int_eq(json_integer_value(json_object_get(r.json, "minutes_per_point")), 6);
    res_free(&r);
    td(&S, "PATCH", path, "{\"minutes_per_point\": 0}", &r);
    assert_refused(&r, 422, "minutes_per_point", "0 minutes a point");
    res_free(&r);
    td(&S, "PATCH", path, "{\"minutes_per_point\": 61}", &r);
    assert_refused(&r, 422, "minutes_per_point", "61 minutes a point");
    res_free(&r);
    req(&S, "GET", path, NULL, NULL, &r);
    ck_assert_int_eq(json_integer_value(json_object_get(r.json, "minutes_per_point")), 6);
    res_free(&r);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("http_desk");
    TCase *tc = tcase_create("desk");
    tcase_add_checked_fixture(tc, srv_up, srv_down);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_desk_player_edit_with_club);
    tcase_add_test(tc, test_desk_minutes_per_point_setting);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
