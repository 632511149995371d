/* Officials (GOV-1): the head TD (official #1, today's TD password), named logins, the
 * official named in the audit log, and which player of a tournament is an official (the
 * link GOV-6 reads). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/harness.h"
#include "../check_main.h"

static const char *const H[] = {"X-Crawford: 1", "Content-Type: application/json", NULL};

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

/* The member of a member of the reply, as a string ("" when absent). */
static const char *jstr2(const struct res *r, const char *outer, const char *key)
{
    const char *v = json_string_value(json_object_get(json_object_get(r->json, outer), key));
    return v ? v : "";
}

/* The password alone logs in the head TD, as before officials; so does the head TD's name
 * (in any case) with it; the session says who the official is. A wrong name answers as a
 * wrong password does: a guesser learns no names. */
START_TEST(test_GOV1_head_td_is_official_one)
{
    struct res r;
    req(&S, "POST", "/api/v1/login", "{\"password\": \"" TD_PASSWORD "\"}", H, &r);
    ck_assert_int_eq(r.status, 200);
    ck_assert_str_eq(jstr(&r, "role"), "td");
    ck_assert_str_eq(jstr2(&r, "official", "name"), "Head TD");
    ck_assert_str_eq(jstr2(&r, "official", "role"), "head");
    res_free(&r);
    req(&S, "POST", "/api/v1/login",
        "{\"name\": \"head td\", \"password\": \"" TD_PASSWORD "\"}", H, &r);
    ck_assert_int_eq(r.status, 200);
    ck_assert_int_eq(json_integer_value(json_object_get(json_object_get(r.json, "official"), "id")),
                     1);
    res_free(&r);
    req(&S, "POST", "/api/v1/login", "{\"name\": \"Nobody\", \"password\": \"" TD_PASSWORD "\"}",
        H, &r);
    ck_assert_int_eq(r.status, 401);
    ck_assert_str_eq(jstr(&r, "type"), "/problems/wrong-password");
    res_free(&r);
    td(&S, "GET", "/api/v1/session", NULL, &r);
    ck_assert_int_eq(r.status, 200);
    ck_assert_str_eq(jstr(&r, "role"), "td");
    ck_assert_str_eq(jstr2(&r, "official", "name"), "Head TD");
    ck_assert_str_eq(jstr2(&r, "official", "role"), "head");
    res_free(&r);
}
END_TEST

/* Every audit row names the official who acted ("official:1") and the reply shows their
 * name; logins are in the log of no tournament under the official too. */
START_TEST(test_GOV1_audit_names_the_official)
{
    long long tid = make_tournament(&S, "Audited");
    char path[96];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/audit", tid);
    struct res r;
    td(&S, "GET", path, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    json_t *e = json_array_get(json_object_get(r.json, "entries"), 0);
    ck_assert_str_eq(json_string_value(json_object_get(e, "action")), "tournament.create");
    ck_assert_str_eq(json_string_value(json_object_get(e, "actor")), "official:1");
    ck_assert_str_eq(json_string_value(json_object_get(e, "actor_name")), "Head TD");
    res_free(&r);
    td(&S, "GET", "/api/v1/audit", NULL, &r);
    ck_assert_int_eq(r.status, 200);
    json_t *all = json_object_get(r.json, "entries");
    int logins = 0;
    for (size_t i = 0; i < json_array_size(all); i++) {
        json_t *x = json_array_get(all, i);
        if (!strcmp(json_string_value(json_object_get(x, "action")), "td.login")) {
            logins++;
            ck_assert_str_eq(json_string_value(json_object_get(x, "actor")), "official:1");
        }
    }
    ck_assert_int_ge(logins, 1);
    res_free(&r);
}
END_TEST

/* A TD says which player is an official (official_id): shown with the player, refused
 * naming the field for an official that does not exist (nothing changes), cleared with
 * null. */
START_TEST(test_GOV1_player_who_is_an_official)
{
    long long tid = make_tournament(&S, "Linked");
    long long pid = make_player(&S, tid, "Tess Director");
    char path[128];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/players/%lld", tid, pid);
    struct res r;
    td(&S, "PATCH", path, "{\"official_id\": 1}", &r);
    ck_assert_int_eq(r.status, 200);
    ck_assert_int_eq(jint(&r, "official_id"), 1);
    res_free(&r);
    struct raw before;
    ck_assert_int_eq(raw_get(&S, path, &before), 0);
    td(&S, "PATCH", path, "{\"official_id\": 99}", &r);
    ck_assert_int_eq(r.status, 422);
    ck_assert_str_eq(json_string_value(json_object_get(
                         json_array_get(json_object_get(r.json, "errors"), 0), "field")),
                     "official_id");
    res_free(&r);
    struct raw after;
    ck_assert_int_eq(raw_get(&S, path, &after), 0);
    ck_assert(raw_same(&before, &after));
    raw_free(&before);
    raw_free(&after);
    td(&S, "PATCH", path, "{\"official_id\": null}", &r);
    ck_assert_int_eq(r.status, 200);
    ck_assert(json_is_null(json_object_get(r.json, "official_id")));
    res_free(&r);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("http_officials");
    TCase *tc = tcase_create("officials");
    tcase_add_checked_fixture(tc, up, down);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_GOV1_head_td_is_official_one);
    tcase_add_test(tc, test_GOV1_audit_names_the_official);
    tcase_add_test(tc, test_GOV1_player_who_is_an_official);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
