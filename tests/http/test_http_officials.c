/* Officials (GOV-1): the head TD (official #1, today's TD password), named logins, the
 * official named in the audit log, which player of a tournament is an official (the link
 * GOV-6 reads); the head TD's officials (added, renamed, suspended, removed) and machine
 * tokens; an assistant within their role. The role table route by route is
 * test_http_roles.c. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/harness.h"
#include "../check_main.h"

static const char *const H[] = {"X-Crawford: 1", "Content-Type: application/json", NULL};

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
    /* another official than the one who links (GOV-6a: nobody changes which player they
     * are) */
    long long tess = make_official(&S, "Tess", "td", "tess password");
    char path[128], body[64];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/players/%lld", tid, pid);
    snprintf(body, sizeof body, "{\"official_id\": %lld}", tess);
    struct res r;
    td(&S, "PATCH", path, body, &r);
    ck_assert_int_eq(r.status, 200);
    ck_assert_int_eq(jint(&r, "official_id"), tess);
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

/* A request with a machine token (Authorization: Bearer) instead of a cookie. */
static void bearer(const char *token, const char *method, const char *path, const char *body,
                   struct res *r)
{
    char auth[128];
    snprintf(auth, sizeof auth, "Authorization: Bearer %s", token);
    const char *h[] = {auth, "X-Crawford: 1", "Content-Type: application/json", NULL};
    req(&S, method, path, body, h, r);
}

/* The type of a problem, and its rule and role when it names them. */
static void ck_problem(const struct res *r, long status, const char *type, const char *rule)
{
    ck_assert_msg(r->status == status, "%ld %s", r->status, r->body);
    ck_assert(strstr(r->headers, "application/problem+json") != NULL);
    ck_assert_str_eq(jstr(r, "type"), type);
    if (rule)
        ck_assert_str_eq(jstr(r, "rule"), rule);
}

/* The body of a GET as the head TD, to compare before and after a refusal. */
static char *snapshot(const char *path)
{
    struct res r;
    td(&S, "GET", path, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    char *body = strdup(r.body);
    res_free(&r);
    return body;
}

/* The head TD adds a TD and an assistant, each logging in with their own name and
 * password; renames one (the old name no longer logs in); a name taken is 409 naming
 * `name`, and changes nothing; the head TD renames themselves but is never suspended,
 * removed or given another role (409 naming GOV-1); a removed official cannot log in and
 * their name is free again; the audit log names who did each. */
START_TEST(test_GOV1_head_td_manages_officials)
{
    long long tina = make_official(&S, "Tina", "td", "tina password");
    long long andy = make_official(&S, "Andy", "assistant", "andy password");
    struct srv as_andy;
    srv_login_as(&as_andy, &S, "andy", "andy password");
    struct res r;
    td(&as_andy, "GET", "/api/v1/session", NULL, &r);
    ck_assert_str_eq(jstr2(&r, "official", "name"), "Andy");
    ck_assert_str_eq(jstr2(&r, "official", "role"), "assistant");
    res_free(&r);
    char path[64];
    snprintf(path, sizeof path, "/api/v1/officials/%lld", andy);
    td(&S, "PATCH", path, "{\"name\": \"Andrea\"}", &r);
    ck_assert_int_eq(r.status, 200);
    ck_assert_str_eq(jstr(&r, "name"), "Andrea");
    res_free(&r);
    req(&S, "POST", "/api/v1/login", "{\"name\": \"Andy\", \"password\": \"andy password\"}", H,
        &r);
    ck_assert_int_eq(r.status, 401);
    res_free(&r);
    srv_login_as(&as_andy, &S, "Andrea", "andy password");
    char *before = snapshot("/api/v1/officials");
    td(&S, "PATCH", path, "{\"name\": \"TINA\"}", &r);
    ck_problem(&r, 409, "/problems/name-taken", NULL);
    ck_assert_str_eq(json_string_value(json_object_get(
                         json_array_get(json_object_get(r.json, "errors"), 0), "field")),
                     "name");
    res_free(&r);
    td(&S, "PATCH", "/api/v1/officials/1", "{\"status\": \"suspended\"}", &r);
    ck_problem(&r, 409, "/problems/head-td", "GOV-1");
    res_free(&r);
    td(&S, "PATCH", "/api/v1/officials/1", "{\"role\": \"assistant\"}", &r);
    ck_problem(&r, 409, "/problems/head-td", "GOV-1");
    res_free(&r);
    td(&S, "DELETE", "/api/v1/officials/1", NULL, &r);
    ck_problem(&r, 409, "/problems/head-td", "GOV-1");
    res_free(&r);
    char *after = snapshot("/api/v1/officials");
    ck_assert_str_eq(before, after);
    free(before);
    free(after);
    td(&S, "PATCH", "/api/v1/officials/1", "{\"name\": \"Chief\"}", &r);
    ck_assert_int_eq(r.status, 200);
    res_free(&r);
    td(&S, "GET", "/api/v1/session", NULL, &r);
    ck_assert_str_eq(jstr2(&r, "official", "name"), "Chief");
    res_free(&r);
    snprintf(path, sizeof path, "/api/v1/officials/%lld", tina);
    td(&S, "DELETE", path, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    ck_assert_str_eq(jstr(&r, "status"), "removed");
    res_free(&r);
    req(&S, "POST", "/api/v1/login", "{\"name\": \"Tina\", \"password\": \"tina password\"}", H,
        &r);
    ck_assert_int_eq(r.status, 401);
    res_free(&r);
    ck_assert_int_gt(make_official(&S, "Tina", "td", "another password"), tina);
    /* the log of no tournament: who added, renamed and removed, by name */
    td(&S, "GET", "/api/v1/audit?limit=1000", NULL, &r);
    json_t *e = json_object_get(r.json, "entries");
    int seen = 0;
    for (size_t i = 0; i < json_array_size(e); i++) {
        json_t *x = json_array_get(e, i);
        const char *action = json_string_value(json_object_get(x, "action"));
        if (!strcmp(action, "official.add") || !strcmp(action, "official.edit") ||
            !strcmp(action, "official.remove")) {
            ck_assert_str_eq(json_string_value(json_object_get(x, "actor")), "official:1");
            ck_assert_str_eq(json_string_value(json_object_get(x, "actor_name")), "Chief");
            seen++;
        }
    }
    ck_assert_int_eq(seen, 6); /* Tina, Andy and Tina again added; two renamed; one removed */
    res_free(&r);
}
END_TEST

/* Suspending an official ends their sessions at once: the next request of the session is
 * 403 naming GOV-1 and changes nothing, and so is their login; once reinstated they log
 * in again (the old session stays ended). */
START_TEST(test_GOV1_suspended_official_is_refused)
{
    long long tina = make_official(&S, "Tina", "td", "tina password");
    struct srv as_tina;
    srv_login_as(&as_tina, &S, "Tina", "tina password");
    long long tid = make_tournament(&S, "Suspense");
    char path[64], tpath[64];
    snprintf(path, sizeof path, "/api/v1/officials/%lld", tina);
    snprintf(tpath, sizeof tpath, "/api/v1/tournaments/%lld", tid);
    struct res r;
    td(&S, "PATCH", path, "{\"status\": \"suspended\"}", &r);
    ck_assert_int_eq(r.status, 200);
    ck_assert_str_eq(jstr(&r, "status"), "suspended");
    res_free(&r);
    struct raw before, after;
    ck_assert_int_eq(raw_get(&S, tpath, &before), 0);
    char *list = snapshot("/api/v1/tournaments");
    td(&as_tina, "PATCH", tpath, "{\"name\": \"Mine now\"}", &r);
    ck_problem(&r, 403, "/problems/official-suspended", "GOV-1");
    res_free(&r);
    td(&as_tina, "POST", "/api/v1/tournaments", "{\"name\": \"Another\"}", &r);
    ck_problem(&r, 403, "/problems/official-suspended", "GOV-1");
    res_free(&r);
    ck_assert_int_eq(raw_get(&S, tpath, &after), 0);
    ck_assert(raw_same(&before, &after));
    char *list2 = snapshot("/api/v1/tournaments");
    ck_assert_str_eq(list, list2);
    free(list);
    free(list2);
    raw_free(&before);
    raw_free(&after);
    req(&S, "POST", "/api/v1/login", "{\"name\": \"Tina\", \"password\": \"tina password\"}", H,
        &r);
    ck_problem(&r, 403, "/problems/official-suspended", "GOV-1");
    res_free(&r);
    td(&S, "PATCH", path, "{\"status\": \"active\"}", &r);
    ck_assert_int_eq(r.status, 200);
    res_free(&r);
    td(&as_tina, "PATCH", tpath, "{\"name\": \"Mine now\"}", &r);
    ck_assert_int_eq(r.status, 403); /* that session ended with the suspension */
    res_free(&r);
    srv_login_as(&as_tina, &S, "Tina", "tina password");
    td(&as_tina, "PATCH", tpath, "{\"venue\": \"Roma\"}", &r);
    ck_assert_int_eq(r.status, 200);
    res_free(&r);
}
END_TEST

/* A machine token: made by the head TD with a role, its secret shown once and stored only
 * hashed (the database files never hold it); usable as Authorization: Bearer within its
 * role, named in the audit log by its label; beyond its role 403 naming the role and
 * GOV-1, changing nothing; revoked, it stops working at once. */
START_TEST(test_GOV1_machine_token)
{
    struct res r;
    td(&S, "POST", "/api/v1/tokens", "{\"label\": \"Desk laptop\", \"role\": \"assistant\"}", &r);
    ck_assert_int_eq(r.status, 201);
    char secret[64];
    snprintf(secret, sizeof secret, "%s", jstr(&r, "token"));
    ck_assert_int_eq((int)strlen(secret), 43);
    long long kid = jint(&r, "id");
    res_free(&r);
    td(&S, "GET", "/api/v1/officials", NULL, &r);
    ck_assert_int_eq(r.status, 200);
    ck_assert_ptr_null(strstr(r.body, secret));
    ck_assert_int_eq((int)json_array_size(json_object_get(r.json, "tokens")), 1);
    res_free(&r);
    long long tid = make_tournament(&S, "Tokens");
    long long pid = make_player(&S, tid, "Carla");
    char path[128];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/players/%lld/check-in", tid, pid);
    bearer(secret, "POST", path, NULL, &r);
    ck_assert_msg(r.status == 200, "%ld %s", r.status, r.body);
    res_free(&r);
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/audit?limit=1000", tid);
    td(&S, "GET", path, NULL, &r);
    json_t *e = json_object_get(r.json, "entries");
    json_t *last = json_array_get(e, json_array_size(e) - 1);
    char actor[32];
    snprintf(actor, sizeof actor, "token:%lld", kid);
    ck_assert_str_eq(json_string_value(json_object_get(last, "actor")), actor);
    ck_assert_str_eq(json_string_value(json_object_get(last, "actor_name")), "Desk laptop");
    res_free(&r);
    /* beyond its role: an assistant's token does not create events or officials */
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/competitions", tid);
    char *events = snapshot(path);
    bearer(secret, "POST", path, "{\"kind\": \"knockout\", \"name\": \"Main\"}", &r);
    ck_problem(&r, 403, "/problems/role-forbidden", "GOV-1");
    ck_assert_str_eq(jstr(&r, "role"), "assistant");
    res_free(&r);
    char *events2 = snapshot(path);
    ck_assert_str_eq(events, events2);
    free(events);
    free(events2);
    bearer(secret, "POST", "/api/v1/officials",
           "{\"name\": \"Eve\", \"role\": \"td\", \"password\": \"eve password\"}", &r);
    ck_problem(&r, 403, "/problems/role-forbidden", "GOV-1");
    res_free(&r);
    /* stored hashed: the secret is in no file of the database */
    char cmd[512];
    snprintf(cmd, sizeof cmd, "cat '%s'* | grep -c -a '%s' > /dev/null", S.db, secret);
    ck_assert_int_ne(system(cmd), 0);
    snprintf(path, sizeof path, "/api/v1/tokens/%lld", kid);
    td(&S, "DELETE", path, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    ck_assert(json_is_string(json_object_get(r.json, "revoked_at")));
    res_free(&r);
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/players/%lld/check-in", tid, pid);
    bearer(secret, "DELETE", path, NULL, &r);
    ck_problem(&r, 401, "/problems/token-revoked", "GOV-1");
    res_free(&r);
}
END_TEST

/* An assistant runs the room within their role: checks a player in (the audit row names
 * them), but a draw or a correction is 403 naming the role and GOV-1 and changes nothing. */
START_TEST(test_GOV1_assistant_within_role)
{
    make_official(&S, "Andy", "assistant", "andy password");
    struct srv as_andy;
    srv_login_as(&as_andy, &S, "Andy", "andy password");
    long long tid = make_tournament(&S, "Room");
    long long pid = make_player(&S, tid, "Dora");
    char path[128];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/players/%lld/check-in", tid, pid);
    struct res r;
    td(&as_andy, "POST", path, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    ck_assert(json_is_true(json_object_get(r.json, "checked_in")));
    res_free(&r);
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/audit?limit=1000", tid);
    td(&S, "GET", path, NULL, &r);
    json_t *e = json_object_get(r.json, "entries");
    json_t *last = json_array_get(e, json_array_size(e) - 1);
    ck_assert_str_eq(json_string_value(json_object_get(last, "action")), "player.check_in");
    ck_assert_str_eq(json_string_value(json_object_get(last, "actor_name")), "Andy");
    res_free(&r);
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld", tid);
    struct raw before, after;
    ck_assert_int_eq(raw_get(&S, path, &before), 0);
    td(&as_andy, "PATCH", path, "{\"name\": \"Renamed\"}", &r);
    ck_problem(&r, 403, "/problems/role-forbidden", "GOV-1");
    ck_assert_str_eq(jstr(&r, "role"), "assistant");
    res_free(&r);
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/competitions", tid);
    td(&as_andy, "POST", path, "{\"kind\": \"knockout\", \"name\": \"Main\"}", &r);
    ck_problem(&r, 403, "/problems/role-forbidden", "GOV-1");
    res_free(&r);
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld", tid);
    ck_assert_int_eq(raw_get(&S, path, &after), 0);
    ck_assert(raw_same(&before, &after));
    raw_free(&before);
    raw_free(&after);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("http_officials");
    TCase *tc = tcase_create("officials");
    tcase_add_checked_fixture(tc, srv_up, srv_down);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_GOV1_head_td_is_official_one);
    tcase_add_test(tc, test_GOV1_audit_names_the_official);
    tcase_add_test(tc, test_GOV1_player_who_is_an_official);
    tcase_add_test(tc, test_GOV1_head_td_manages_officials);
    tcase_add_test(tc, test_GOV1_suspended_official_is_refused);
    tcase_add_test(tc, test_GOV1_machine_token);
    tcase_add_test(tc, test_GOV1_assistant_within_role);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
