/* HTTP tests of the foundation against a real server: TD login, tournaments, players,
 * audit log, ETags, idempotent changes, and the refusals of bad input (each a 4xx problem
 * that names the field and changes nothing). The server as a program (logins throttled, the
 * access log, restarts and signals, the transport, static files): test_http_server.c. */
#include <arpa/inet.h>
#include <check.h>
#include <curl/curl.h>
#include <pthread.h>
#include <regex.h>
#include <sqlite3.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "support/harness.h"
#include "../check_main.h"

/* The number of audit entries of a tournament. */
static int audit_count(long long tid)
{
    char path[128];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/audit?limit=1000", tid);
    struct res r;
    td(&S, "GET", path, NULL, &r);
    int n = (int)json_array_size(json_object_get(r.json, "entries"));
    res_free(&r);
    return n;
}

START_TEST(test_login_wrong_password_then_right)
{
    const char *h[] = {"X-Crawford: 1", "Content-Type: application/json", NULL};
    struct res r;
    req(&S, "POST", "/api/v1/login", "{\"password\": \"wrong password\"}", h, &r);
    assert_problem(&r, 401, NULL);
    char sc[200];
    ck_assert_ptr_null(res_header(&r, "Set-Cookie", sc, sizeof sc));
    res_free(&r);
    req(&S, "POST", "/api/v1/login", "{\"password\": \"" TD_PASSWORD "\"}", h, &r);
    ck_assert_int_eq(r.status, 200);
    ck_assert_str_eq(jstr(&r, "role"), "td");
    ck_assert_ptr_nonnull(res_header(&r, "Set-Cookie", sc, sizeof sc));
    ck_assert_ptr_nonnull(strstr(sc, "HttpOnly"));
    ck_assert_ptr_nonnull(strstr(sc, "SameSite=Strict"));
    ck_assert_ptr_nonnull(strstr(sc, "Max-Age="));
    /* the token is 256 random bits, base64url: 43 characters */
    char *eq = strchr(sc, '='), *semi = strchr(sc, ';');
    ck_assert_int_eq(semi - eq - 1, 43);
    res_free(&r);
}
END_TEST

START_TEST(test_state_change_without_session_refused)
{
    const char *h[] = {"X-Crawford: 1", "Content-Type: application/json", NULL};
    struct res r;
    req(&S, "POST", "/api/v1/tournaments", "{\"name\": \"Sneaky\"}", h, &r);
    assert_problem(&r, 401, NULL);
    res_free(&r);
    /* a forged cookie is no session */
    const char *h2[] = {"X-Crawford: 1", "Content-Type: application/json",
                        "Cookie: crawford_td=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", NULL};
    req(&S, "POST", "/api/v1/tournaments", "{\"name\": \"Sneaky\"}", h2, &r);
    assert_problem(&r, 401, NULL);
    res_free(&r);
    req(&S, "GET", "/api/v1/tournaments", NULL, NULL, &r);
    json_t *ts = json_object_get(r.json, "tournaments");
    for (size_t i = 0; i < json_array_size(ts); i++)
        ck_assert_str_ne(json_string_value(json_object_get(json_array_get(ts, i), "name")),
                         "Sneaky");
    res_free(&r);
}
END_TEST

START_TEST(test_csrf_header_and_origin_required)
{
    char cookie[200];
    snprintf(cookie, sizeof cookie, "Cookie: %s", S.cookie);
    const char *no_header[] = {cookie, "Content-Type: application/json", NULL};
    struct res r;
    req(&S, "POST", "/api/v1/tournaments", "{\"name\": \"CSRF\"}", no_header, &r);
    assert_problem(&r, 403, NULL);
    res_free(&r);
    const char *evil[] = {cookie, "X-Crawford: 1", "Content-Type: application/json",
                          "Origin: http://evil.example", NULL};
    req(&S, "POST", "/api/v1/tournaments", "{\"name\": \"CSRF\"}", evil, &r);
    assert_problem(&r, 403, NULL);
    res_free(&r);
    char origin[80];
    snprintf(origin, sizeof origin, "Origin: http://127.0.0.1:%d", S.port);
    const char *same[] = {cookie, "X-Crawford: 1", "Content-Type: application/json", origin, NULL};
    req(&S, "POST", "/api/v1/tournaments", "{\"name\": \"Same origin\"}", same, &r);
    ck_assert_int_eq(r.status, 201);
    res_free(&r);
}
END_TEST

START_TEST(test_logout_ends_session)
{
    struct srv mine = S;
    srv_login(&mine); /* a second session of its own */
    struct res r;
    td(&mine, "GET", "/api/v1/session", NULL, &r);
    ck_assert_str_eq(jstr(&r, "role"), "td");
    res_free(&r);
    td(&mine, "POST", "/api/v1/logout", NULL, &r);
    ck_assert_int_eq(r.status, 204);
    res_free(&r);
    td(&mine, "GET", "/api/v1/session", NULL, &r);
    ck_assert_str_eq(jstr(&r, "role"), "public");
    res_free(&r);
    td(&mine, "POST", "/api/v1/tournaments", "{\"name\": \"After logout\"}", &r);
    assert_problem(&r, 401, NULL);
    res_free(&r);
}
END_TEST

START_TEST(test_tournament_create_read_update)
{
    struct res r;
    td(&S, "POST", "/api/v1/tournaments",
       "{\"name\": \"Campionato Italiano\", \"venue\": \"Roma\", \"start_date\": \"2026-05-01\","
       " \"end_date\": \"2026-05-03\", \"illegal_move_policy\": \"responsible\","
       " \"lateness\": {\"grace_minutes\": 20, \"step_minutes\": 5}, \"break_table\": \"italian\","
       " \"clock\": {\"mode\": \"bronstein\", \"bank_per_point_s\": 180, \"delay_s\": 12}}",
       &r);
    ck_assert_int_eq(r.status, 201);
    long long id = jint(&r, "id");
    char loc[128], want[128];
    snprintf(want, sizeof want, "/api/v1/tournaments/%lld", id);
    ck_assert_str_eq(res_header(&r, "Location", loc, sizeof loc), want);
    res_free(&r);

    req(&S, "GET", want, NULL, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    ck_assert_str_eq(jstr(&r, "name"), "Campionato Italiano");
    ck_assert_str_eq(jstr(&r, "illegal_move_policy"), "responsible"); /* MATCH-6 */
    ck_assert_int_eq(
        json_integer_value(json_object_get(json_object_get(r.json, "lateness"), "grace_minutes")),
        20);                                              /* PEN-1 */
    ck_assert_str_eq(jstr(&r, "break_table"), "italian"); /* PEN-4 */
    json_t *clock = json_object_get(r.json, "clock");
    ck_assert_str_eq(json_string_value(json_object_get(clock, "mode")), "bronstein"); /* CLK-1 */
    ck_assert_int_eq(json_integer_value(json_object_get(clock, "bank_per_point_s")), 180);
    res_free(&r);

    td(&S, "PATCH", want, "{\"venue\": \"Milano\", \"clock\": {\"delay_s\": 15}}", &r);
    ck_assert_int_eq(r.status, 200);
    ck_assert_str_eq(jstr(&r, "venue"), "Milano");
    ck_assert_str_eq(jstr(&r, "name"), "Campionato Italiano");
    clock = json_object_get(r.json, "clock");
    ck_assert_int_eq(json_integer_value(json_object_get(clock, "delay_s")), 15);
    ck_assert_str_eq(json_string_value(json_object_get(clock, "mode")), "bronstein");
    res_free(&r);
}
END_TEST

START_TEST(test_tournament_defaults_are_wbgf)
{
    long long id = make_tournament(&S, "Defaults");
    char path[64];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld", id);
    struct res r;
    req(&S, "GET", path, NULL, NULL, &r);
    ck_assert_str_eq(jstr(&r, "illegal_move_policy"), "legal"); /* MATCH-6 default */
    json_t *l = json_object_get(r.json, "lateness");
    ck_assert_int_eq(json_integer_value(json_object_get(l, "grace_minutes")), 5); /* PEN-1 */
    ck_assert_int_eq(json_integer_value(json_object_get(l, "step_minutes")), 5);
    ck_assert_str_eq(jstr(&r, "break_table"), "wbgf"); /* PEN-4 */
    json_t *c = json_object_get(r.json, "clock");
    ck_assert_str_eq(json_string_value(json_object_get(c, "mode")), "delay");          /* CLK-1 */
    ck_assert_int_eq(json_integer_value(json_object_get(c, "bank_per_point_s")), 120); /* CLK-2 */
    ck_assert_int_eq(json_integer_value(json_object_get(c, "delay_s")), 12);
    res_free(&r);
}
END_TEST

START_TEST(test_etag_and_304)
{
    long long id = make_tournament(&S, "ETag");
    char path[64];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld", id);
    struct res r;
    req(&S, "GET", path, NULL, NULL, &r);
    char etag[80], inm[120];
    ck_assert_ptr_nonnull(res_header(&r, "ETag", etag, sizeof etag));
    res_free(&r);
    snprintf(inm, sizeof inm, "If-None-Match: %s", etag);
    const char *h[] = {inm, NULL};
    req(&S, "GET", path, NULL, h, &r);
    ck_assert_int_eq(r.status, 304);
    ck_assert_int_eq(r.len, 0);
    res_free(&r);
    /* a change inside the tournament (a new player) moves the ETag */
    make_player(&S, id, "Etag Player");
    req(&S, "GET", path, NULL, h, &r);
    ck_assert_int_eq(r.status, 200);
    char etag2[80];
    ck_assert_str_ne(res_header(&r, "ETag", etag2, sizeof etag2), etag);
    ck_assert_int_eq(
        json_integer_value(json_object_get(json_object_get(r.json, "players"), "registered")), 1);
    res_free(&r);
}
END_TEST

START_TEST(test_players_register_checkin_withdraw)
{
    long long tid = make_tournament(&S, "Players");
    char path[128];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/players", tid);
    struct res r;
    td(&S, "POST", path,
       "{\"name\": \"Marco Rossi\", \"country\": \"ITA\", \"rating\": 1620.5,"
       " \"federation_id\": \"FIBiS-123\"}",
       &r);
    ck_assert_int_eq(r.status, 201);
    long long pid = jint(&r, "id");
    const char *pin = jstr(&r, "pin");
    ck_assert_int_eq(strlen(pin), 6);
    for (const char *p = pin; *p; p++)
        ck_assert(*p >= '0' && *p <= '9');
    char pin_copy[8];
    strcpy(pin_copy, pin);
    res_free(&r);

    /* PINs are never in a list */
    req(&S, "GET", path, NULL, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    ck_assert_ptr_null(strstr(r.body, pin_copy));
    ck_assert_ptr_null(strstr(r.body, "\"pin\""));
    res_free(&r);
    td(&S, "GET", path, NULL, &r); /* nor in the TD's list: read one at a time */
    ck_assert_ptr_null(strstr(r.body, pin_copy));
    res_free(&r);

    char one[160];
    snprintf(one, sizeof one, "%s/%lld/check-in", path, pid);
    td(&S, "POST", one, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    ck_assert(json_is_true(json_object_get(r.json, "checked_in")));
    ck_assert(json_is_string(json_object_get(r.json, "checked_in_at")));
    res_free(&r);
    td(&S, "POST", one, NULL, &r); /* twice: refused, says why */
    assert_problem(&r, 409, NULL);
    res_free(&r);

    snprintf(one, sizeof one, "%s/%lld/withdraw", path, pid);
    td(&S, "POST", one, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    ck_assert_str_eq(jstr(&r, "status"), "withdrawn");
    res_free(&r);

    snprintf(one, sizeof one, "%s/%lld", path, pid);
    req(&S, "GET", one, NULL, NULL, &r);
    ck_assert_str_eq(jstr(&r, "name"), "Marco Rossi");
    ck_assert_str_eq(jstr(&r, "status"), "withdrawn");
    ck_assert(json_real_value(json_object_get(r.json, "rating")) == 1620.5);
    res_free(&r);

    td(&S, "PATCH", one, "{\"name\": \"Marco Rossi Jr\", \"rating\": null}", &r);
    ck_assert_int_eq(r.status, 200);
    ck_assert_str_eq(jstr(&r, "name"), "Marco Rossi Jr");
    ck_assert(json_is_null(json_object_get(r.json, "rating")));
    res_free(&r);

    snprintf(one, sizeof one, "%s/%lld/pin", path, pid);
    td(&S, "POST", one, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    ck_assert_str_ne(jstr(&r, "pin"), pin_copy);
    res_free(&r);
}
END_TEST

START_TEST(test_duplicate_player_refused)
{
    long long tid = make_tournament(&S, "Duplicates");
    char path[128];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/players", tid);
    struct res r;
    td(&S, "POST", path, "{\"name\": \"Lucia\", \"federation_id\": \"X1\"}", &r);
    ck_assert_int_eq(r.status, 201);
    res_free(&r);
    td(&S, "POST", path, "{\"name\": \"lucia\"}", &r);
    assert_problem(&r, 409, NULL);
    res_free(&r);
    td(&S, "POST", path, "{\"name\": \"Someone else\", \"federation_id\": \"X1\"}", &r);
    assert_problem(&r, 409, "federation_id");
    res_free(&r);
    req(&S, "GET", path, NULL, NULL, &r);
    ck_assert_int_eq(json_array_size(json_object_get(r.json, "players")), 1);
    res_free(&r);
}
END_TEST

START_TEST(test_audit_records_before_and_after)
{
    long long tid = make_tournament(&S, "Audited");
    long long pid = make_player(&S, tid, "Audrey");
    char path[128];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/players/%lld/check-in", tid, pid);
    struct res r;
    td(&S, "POST", path, NULL, &r);
    res_free(&r);
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/audit", tid);
    td(&S, "GET", path, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    json_t *e = json_object_get(r.json, "entries");
    ck_assert_int_eq(json_array_size(e), 3);
    ck_assert_str_eq(json_string_value(json_object_get(json_array_get(e, 0), "action")),
                     "tournament.create");
    ck_assert_str_eq(json_string_value(json_object_get(json_array_get(e, 1), "action")),
                     "player.register");
    json_t *ci = json_array_get(e, 2);
    ck_assert_str_eq(json_string_value(json_object_get(ci, "action")), "player.check_in");
    /* the official who acted, by id and by name (GOV-1) */
    ck_assert_str_eq(json_string_value(json_object_get(ci, "actor")), "official:1");
    ck_assert_str_eq(json_string_value(json_object_get(ci, "actor_name")), "Head TD");
    ck_assert(json_is_false(json_object_get(json_object_get(ci, "before"), "checked_in")));
    ck_assert(json_is_true(json_object_get(json_object_get(ci, "after"), "checked_in")));
    ck_assert(json_is_string(json_object_get(ci, "at")));
    /* no PIN in the audit log */
    ck_assert_ptr_null(strstr(r.body, "\"pin\""));
    res_free(&r);
    /* only the TD reads it */
    req(&S, "GET", path, NULL, NULL, &r);
    assert_problem(&r, 401, NULL);
    res_free(&r);
}
END_TEST

/* ---- bad input: a 4xx problem naming the field, and nothing written ---- */

START_TEST(test_bad_malformed_json)
{
    long long tid = make_tournament(&S, "Malformed");
    int before = audit_count(tid);
    char path[128];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld", tid);
    struct res r;
    td(&S, "PATCH", path, "{\"name\": \"x\",", &r);
    assert_problem(&r, 400, NULL);
    ck_assert_ptr_nonnull(strstr(jstr(&r, "detail"), "line"));
    res_free(&r);
    td(&S, "PATCH", path, "[1, 2]", &r);
    assert_problem(&r, 422, NULL);
    res_free(&r);
    td(&S, "PATCH", path, "{\"name\": \"a\", \"name\": \"b\"}", &r);
    assert_problem(&r, 400, NULL);
    res_free(&r);
    td(&S, "PATCH", path, "", &r);
    assert_problem(&r, 400, NULL);
    res_free(&r);
    ck_assert_int_eq(audit_count(tid), before);
}
END_TEST

START_TEST(test_bad_wrong_types)
{
    struct res r;
    td(&S, "POST", "/api/v1/tournaments",
       "{\"name\": 42, \"lateness\": {\"grace_minutes\": \"five\"}, \"clock\": []}", &r);
    assert_problem(&r, 422, "name");
    assert_problem(&r, 422, "lateness.grace_minutes");
    assert_problem(&r, 422, "clock");
    res_free(&r);
    long long tid = make_tournament(&S, "Types");
    char path[128];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/players", tid);
    td(&S, "POST", path, "{\"name\": \"Bob\", \"rating\": \"high\"}", &r);
    assert_problem(&r, 422, "rating");
    res_free(&r);
    td(&S, "POST", path, "{\"name\": \"Bob\", \"rating\": -5}", &r);
    assert_problem(&r, 422, "rating");
    res_free(&r);
    req(&S, "GET", path, NULL, NULL, &r);
    ck_assert_int_eq(json_array_size(json_object_get(r.json, "players")), 0);
    res_free(&r);
}
END_TEST

START_TEST(test_bad_missing_and_unknown_fields)
{
    struct res r;
    td(&S, "POST", "/api/v1/tournaments", "{\"venue\": \"Nowhere\"}", &r);
    assert_problem(&r, 422, "name");
    res_free(&r);
    td(&S, "POST", "/api/v1/tournaments", "{\"name\": \"U\", \"colour\": \"red\"}", &r);
    assert_problem(&r, 422, "colour");
    res_free(&r);
    td(&S, "POST", "/api/v1/tournaments", "{\"name\": \"U\", \"clock\": {\"speed\": 3}}", &r);
    assert_problem(&r, 422, "clock.speed");
    ck_assert_ptr_nonnull(strstr(r.body, "\"/clock/speed\""));
    res_free(&r);
    td(&S, "POST", "/api/v1/tournaments",
       "{\"name\": \"U\", \"illegal_move_policy\": \"lenient\", \"start_date\": \"2026-02-30\"}",
       &r);
    assert_problem(&r, 422, "illegal_move_policy");
    assert_problem(&r, 422, "start_date");
    res_free(&r);
    td(&S, "POST", "/api/v1/tournaments",
       "{\"name\": \"U\", \"start_date\": \"2026-05-03\", \"end_date\": \"2026-05-01\"}", &r);
    assert_problem(&r, 422, "end_date");
    res_free(&r);
    td(&S, "POST", "/api/v1/tournaments",
       "{\"name\": \"U\", \"clock\": {\"bank_per_point_s\": 60, \"split_first_per_point_s\": 60}}",
       &r);
    assert_problem(&r, 422, "clock.split_first_per_point_s");
    res_free(&r);
    td(&S, "POST", "/api/v1/tournaments", "{\"name\": \"\"}", &r);
    assert_problem(&r, 422, "name");
    res_free(&r);
    req(&S, "GET", "/api/v1/tournaments", NULL, NULL, &r);
    json_t *ts = json_object_get(r.json, "tournaments");
    for (size_t i = 0; i < json_array_size(ts); i++)
        ck_assert_str_ne(json_string_value(json_object_get(json_array_get(ts, i), "name")), "U");
    res_free(&r);
}
END_TEST

START_TEST(test_bad_overlong_strings)
{
    char body[2048], name[1200];
    memset(name, 'a', 201);
    name[201] = 0;
    snprintf(body, sizeof body, "{\"name\": \"%s\"}", name);
    struct res r;
    td(&S, "POST", "/api/v1/tournaments", body, &r);
    assert_problem(&r, 422, "name");
    ck_assert_ptr_nonnull(strstr(jstr(&r, "detail"), "200"));
    res_free(&r);
    /* 200 characters of 2 bytes each are fine: limits count characters */
    name[0] = 0;
    for (int i = 0; i < 200; i++)
        strcat(name, "\xc3\xa8");
    snprintf(body, sizeof body, "{\"name\": \"%s\"}", name);
    td(&S, "POST", "/api/v1/tournaments", body, &r);
    ck_assert_int_eq(r.status, 201);
    res_free(&r);
    td(&S, "POST", "/api/v1/tournaments", "{\"name\": \"tab\\there\"}", &r);
    assert_problem(&r, 422, "name");
    res_free(&r);
    /* a string beyond the parser's limit (max_string_bytes) is refused before parsing, and
     * the refusal names the member it is the value of; nothing is written */
    req(&S, "GET", "/api/v1/tournaments", NULL, NULL, &r);
    size_t before = json_array_size(json_object_get(r.json, "tournaments"));
    res_free(&r);
    size_t n = 70000;
    char *big = malloc(n + 64);
    strcpy(big, "{\"name\": \"x\", \"venue\": \"");
    memset(big + strlen(big), 'v', n);
    strcpy(big + strlen("{\"name\": \"x\", \"venue\": \"") + n, "\"}");
    td(&S, "POST", "/api/v1/tournaments", big, &r);
    free(big);
    assert_problem(&r, 413, "venue");
    ck_assert_str_eq(json_string_value(json_object_get(
                         json_array_get(json_object_get(r.json, "errors"), 0), "pointer")),
                     "/venue");
    res_free(&r);
    req(&S, "GET", "/api/v1/tournaments", NULL, NULL, &r);
    ck_assert_int_eq(json_array_size(json_object_get(r.json, "tournaments")), before);
    res_free(&r);
}
END_TEST

START_TEST(test_bad_deep_nesting)
{
    char body[512] = "{\"name\": \"deep\", \"clock\": ";
    for (int i = 0; i < 40; i++)
        strcat(body, "[");
    for (int i = 0; i < 40; i++)
        strcat(body, "]");
    strcat(body, "}");
    size_t before = tournament_count(&S);
    struct res r;
    td(&S, "POST", "/api/v1/tournaments", body, &r);
    assert_problem(&r, 400, NULL);
    ck_assert_ptr_nonnull(strstr(jstr(&r, "detail"), "deep"));
    res_free(&r);
    ck_assert_int_eq(tournament_count(&S), before);
    /* the same body at the limit's side of the depth is read (and refused for the clock
     * being a list, 422, not for its depth): the 400 above was the depth */
    td(&S, "POST", "/api/v1/tournaments", "{\"name\": \"deep\", \"clock\": [[]]}", &r);
    assert_problem(&r, 422, "clock");
    res_free(&r);
    ck_assert_int_eq(tournament_count(&S), before);
}
END_TEST

START_TEST(test_bad_content_type)
{
    char cookie[200];
    snprintf(cookie, sizeof cookie, "Cookie: %s", S.cookie);
    const char *h[] = {cookie, "X-Crawford: 1", "Content-Type: text/plain", NULL};
    struct res r;
    req(&S, "POST", "/api/v1/tournaments", "{\"name\": \"Plain\"}", h, &r);
    assert_problem(&r, 415, NULL);
    res_free(&r);
}
END_TEST

START_TEST(test_bad_paths_and_methods)
{
    size_t before = tournament_count(&S);
    struct res r;
    req(&S, "GET", "/api/v1/nothing", NULL, NULL, &r);
    assert_problem(&r, 404, NULL);
    res_free(&r);
    req(&S, "GET", "/api/v1/tournaments/abc", NULL, NULL, &r);
    assert_problem(&r, 404, NULL);
    res_free(&r);
    req(&S, "GET", "/api/v1/tournaments/999999", NULL, NULL, &r);
    assert_problem(&r, 404, NULL);
    res_free(&r);
    req(&S, "GET", "/api/v1/tournaments/99999999999999999999999", NULL, NULL, &r);
    assert_problem(&r, 404, NULL);
    res_free(&r);
    td(&S, "DELETE", "/api/v1/tournaments", NULL, &r);
    assert_problem(&r, 405, NULL);
    char allow[64];
    ck_assert_ptr_nonnull(res_header(&r, "Allow", allow, sizeof allow));
    ck_assert_ptr_nonnull(strstr(allow, "POST"));
    res_free(&r);
    td(&S, "POST", "/api/v1/tournaments/999999/players", "{\"name\": \"Ghost\"}", &r);
    assert_problem(&r, 404, NULL);
    res_free(&r);
    td(&S, "PUT", "/api/v1/tournaments", "{\"name\": \"Put\"}", &r);
    assert_problem(&r, 405, NULL);
    res_free(&r);
    td(&S, "POST", "/api/v1/tournament", "{\"name\": \"Typo\"}", &r);
    assert_problem(&r, 404, NULL);
    res_free(&r);
    ck_assert_int_eq(tournament_count(&S), before);
    /* an action that takes no body refuses one */
    long long tid = make_tournament(&S, "Bodies");
    long long pid = make_player(&S, tid, "Body");
    char path[128];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/players/%lld/check-in", tid, pid);
    int audits = audit_count(tid);
    td(&S, "POST", path, "{\"when\": \"now\"}", &r);
    assert_problem(&r, 422, NULL);
    res_free(&r);
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/players/%lld", tid, pid);
    req(&S, "GET", path, NULL, NULL, &r);
    ck_assert(json_is_false(json_object_get(r.json, "checked_in")));
    res_free(&r);
    ck_assert_int_eq(audit_count(tid), audits);
}
END_TEST

START_TEST(test_bad_huge_body)
{
    size_t n = 2 * 1024 * 1024;
    char *body = malloc(n + 32);
    strcpy(body, "{\"name\": \"");
    memset(body + 10, 'x', n);
    strcpy(body + 10 + n, "\"}");
    size_t before = tournament_count(&S);
    struct res r;
    td(&S, "POST", "/api/v1/tournaments", body, &r);
    free(body);
    assert_problem(&r, 413, NULL);
    res_free(&r);
    ck_assert_int_eq(tournament_count(&S), before);
    /* the server is still up */
    req(&S, "GET", "/api/v1/health", NULL, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    res_free(&r);
}
END_TEST

/* The audit logs read in pages: `limit` entries after the entry `after`, and `next_after`
 * to go on; only the TD reads them (anyone else, a logged-in player too, is refused). */
START_TEST(test_audit_paging_and_who_reads_it)
{
    /* entries of no tournament: TD logins */
    struct srv extra = S;
    for (int i = 0; i < 3; i++)
        srv_login(&extra);
    struct res r;
    td(&S, "GET", "/api/v1/audit?limit=1000", NULL, &r);
    ck_assert_int_eq(r.status, 200);
    json_t *all = json_incref(json_object_get(r.json, "entries"));
    res_free(&r);
    size_t n = json_array_size(all);
    ck_assert_int_ge(n, 4);
    long long prev = 0;
    for (size_t i = 0; i < n; i++) {
        json_t *e = json_array_get(all, i);
        long long id = json_integer_value(json_object_get(e, "id"));
        ck_assert_int_gt(id, prev); /* oldest first, ids ascending */
        prev = id;
        char *text = json_dumps(e, 0);
        ck_assert_ptr_null(strstr(text, TD_PASSWORD)); /* never the password */
        free(text);
    }
    ck_assert_str_eq(json_string_value(json_object_get(json_array_get(all, n - 1), "action")),
                     "td.login");
    /* page through it two at a time: the same entries, in the same order */
    long long after = 0;
    size_t seen = 0;
    for (int pages = 0; pages < 1000; pages++) {
        char path[128];
        snprintf(path, sizeof path, "/api/v1/audit?limit=2&after=%lld", after);
        td(&S, "GET", path, NULL, &r);
        ck_assert_int_eq(r.status, 200);
        json_t *e = json_object_get(r.json, "entries");
        size_t k = json_array_size(e);
        ck_assert_int_le(k, 2);
        for (size_t i = 0; i < k; i++)
            ck_assert_int_eq(
                json_integer_value(json_object_get(json_array_get(e, i), "id")),
                json_integer_value(json_object_get(json_array_get(all, seen + i), "id")));
        seen += k;
        long long next = jint(&r, "next_after");
        res_free(&r);
        if (!k) {
            ck_assert_int_eq(next, after); /* the end: next_after stays */
            break;
        }
        ck_assert_int_gt(next, after);
        after = next;
    }
    ck_assert_int_eq(seen, n);
    json_decref(all);

    /* a tournament's log pages the same way */
    long long tid = make_tournament(&S, "Paged");
    char pin[8];
    long long pid = make_player_pin(&S, tid, "Page One", pin);
    make_player(&S, tid, "Page Two");
    char path[160];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/audit?limit=1", tid);
    td(&S, "GET", path, NULL, &r);
    ck_assert_int_eq(json_array_size(json_object_get(r.json, "entries")), 1);
    ck_assert_str_eq(json_string_value(json_object_get(
                         json_array_get(json_object_get(r.json, "entries"), 0), "action")),
                     "tournament.create");
    long long next = jint(&r, "next_after");
    res_free(&r);
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/audit?limit=5&after=%lld", tid, next);
    td(&S, "GET", path, NULL, &r);
    ck_assert_int_eq(json_array_size(json_object_get(r.json, "entries")), 2);
    ck_assert_ptr_null(strstr(r.body, "tournament.create"));
    res_free(&r);
    /* bad paging arguments: 400 naming the argument */
    td(&S, "GET", "/api/v1/audit?limit=0", NULL, &r);
    assert_problem(&r, 400, "limit");
    res_free(&r);
    td(&S, "GET", "/api/v1/audit?limit=1001", NULL, &r);
    assert_problem(&r, 400, "limit");
    res_free(&r);
    td(&S, "GET", "/api/v1/audit?after=-1", NULL, &r);
    assert_problem(&r, 400, "after");
    res_free(&r);
    /* not for the public, nor for a logged-in player */
    struct srv player;
    srv_player_login(&player, &S, tid, pid, pin);
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/audit", tid);
    const char *paths[] = {"/api/v1/audit", path};
    for (int i = 0; i < 2; i++) {
        req(&S, "GET", paths[i], NULL, NULL, &r);
        assert_problem(&r, 401, NULL);
        ck_assert_ptr_null(strstr(r.body, "entries"));
        res_free(&r);
        td(&player, "GET", paths[i], NULL, &r);
        assert_problem(&r, 403, NULL); /* logged in, but as a player */
        ck_assert_ptr_null(strstr(r.body, "entries"));
        res_free(&r);
    }
}
END_TEST

/* Sends body to path twice as the TD with one Idempotency-Key: both answers are the first
 * one (status and body). */
static void td_twice(const char *method, const char *path, const char *body, const char *key,
                     int status)
{
    char cookie[200], idem[120];
    snprintf(cookie, sizeof cookie, "Cookie: %s", S.cookie);
    snprintf(idem, sizeof idem, "Idempotency-Key: %s", key);
    const char *h[] = {cookie, "X-Crawford: 1", "Content-Type: application/json", idem, NULL};
    struct res r1, r2;
    req(&S, method, path, body, h, &r1);
    req(&S, method, path, body, h, &r2);
    ck_assert_msg(r1.status == status, "%s %s: %ld %s", method, path, r1.status, r1.body);
    ck_assert_int_eq(r2.status, status);
    ck_assert_str_eq(r1.body, r2.body);
    res_free(&r1);
    res_free(&r2);
}

/* A tournament, a player and a change of the player run in the one frame with their
 * Idempotency-Key, as results do: a retry gets the first answer and changes nothing twice
 * (one tournament, one player with one PIN, one audit entry each). */
START_TEST(test_idempotent_tournament_and_player_changes)
{
    size_t before = tournament_count(&S);
    td_twice("POST", "/api/v1/tournaments", "{\"name\": \"Retried\"}", "t-retry-1", 201);
    ck_assert_int_eq(tournament_count(&S), before + 1);
    long long tid = make_tournament(&S, "Players retried");
    int audits = audit_count(tid);
    char path[160];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/players", tid);
    td_twice("POST", path, "{\"name\": \"Anna Bianchi\"}", "p-retry-1", 201);
    struct res r;
    req(&S, "GET", path, NULL, NULL, &r);
    ck_assert_int_eq(json_array_size(json_object_get(r.json, "players")), 1);
    long long pid = json_integer_value(
        json_object_get(json_array_get(json_object_get(r.json, "players"), 0), "id"));
    res_free(&r);
    ck_assert_int_eq(audit_count(tid), audits + 1);
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/players/%lld", tid, pid);
    td_twice("PATCH", path, "{\"country\": \"ITA\"}", "p-retry-2", 200);
    ck_assert_int_eq(audit_count(tid), audits + 2);
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld", tid);
    td_twice("PATCH", path, "{\"venue\": \"Bar Roma\"}", "t-retry-2", 200);
    ck_assert_int_eq(audit_count(tid), audits + 3);
}
END_TEST

/* A refused change leaves the record exactly as it was: the same bytes and the same ETag,
 * even when the refused body also held valid changes. */
START_TEST(test_refused_change_leaves_bytes_equal)
{
    long long tid = make_tournament(&S, "Untouched");
    long long pid = make_player(&S, tid, "Unmoved");
    char tpath[96], ppath[128];
    snprintf(tpath, sizeof tpath, "/api/v1/tournaments/%lld", tid);
    snprintf(ppath, sizeof ppath, "/api/v1/tournaments/%lld/players/%lld", tid, pid);
    struct res before_t, before_p, r;
    td(&S, "GET", tpath, NULL, &before_t);
    td(&S, "GET", ppath, NULL, &before_p);
    ck_assert_int_eq(before_t.status, 200);
    ck_assert_int_eq(before_p.status, 200);
    int audits = audit_count(tid);
    static const char *const bad_t[] = {
        "{\"venue\": \"Moved\", \"clock\": {\"mode\": \"hourglass\"}}",
        "{\"name\": \"Renamed\", \"lateness\": {\"grace_minutes\": -1}}",
        "{\"venue\": \"Moved\", \"start_date\": \"2026-05-03\", \"end_date\": \"2026-05-01\"}",
        "{\"break_table\": \"italian\", \"colour\": \"red\"}",
        "{\"name\": \"\"}",
        "{\"venue\": \"Moved\"",
    };
    for (size_t i = 0; i < sizeof bad_t / sizeof bad_t[0]; i++) {
        td(&S, "PATCH", tpath, bad_t[i], &r);
        ck_assert_msg(r.status >= 400 && r.status < 500, "%s: %ld", bad_t[i], r.status);
        res_free(&r);
    }
    static const char *const bad_p[] = {
        "{\"country\": \"FRA\", \"rating\": \"high\"}",
        "{\"name\": \"Moved\", \"federation_id\": 12}",
    };
    for (size_t i = 0; i < sizeof bad_p / sizeof bad_p[0]; i++) {
        td(&S, "PATCH", ppath, bad_p[i], &r);
        ck_assert_msg(r.status >= 400 && r.status < 500, "%s: %ld", bad_p[i], r.status);
        res_free(&r);
    }
    /* without the TD session, a valid change is refused too */
    req(&S, "PATCH", tpath, "{\"venue\": \"Moved\"}",
        (const char *const[]){"X-Crawford: 1", "Content-Type: application/json", NULL}, &r);
    ck_assert_int_eq(r.status, 401);
    res_free(&r);
    struct res after_t, after_p;
    td(&S, "GET", tpath, NULL, &after_t);
    td(&S, "GET", ppath, NULL, &after_p);
    ck_assert_int_eq(after_t.len, before_t.len);
    ck_assert_msg(!memcmp(after_t.body, before_t.body, before_t.len), "before %s\nafter %s",
                  before_t.body, after_t.body);
    ck_assert_int_eq(after_p.len, before_p.len);
    ck_assert(!memcmp(after_p.body, before_p.body, before_p.len));
    char e1[80], e2[80];
    ck_assert_str_eq(res_header(&after_t, "ETag", e1, sizeof e1),
                     res_header(&before_t, "ETag", e2, sizeof e2));
    ck_assert_int_eq(audit_count(tid), audits);
    res_free(&before_t);
    res_free(&before_p);
    res_free(&after_t);
    res_free(&after_p);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("http_api");
    TCase *tc = tcase_create("api");
    tcase_add_unchecked_fixture(tc, srv_up, srv_down);
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_login_wrong_password_then_right);
    tcase_add_test(tc, test_state_change_without_session_refused);
    tcase_add_test(tc, test_csrf_header_and_origin_required);
    tcase_add_test(tc, test_logout_ends_session);
    tcase_add_test(tc, test_tournament_create_read_update);
    tcase_add_test(tc, test_tournament_defaults_are_wbgf);
    tcase_add_test(tc, test_etag_and_304);
    tcase_add_test(tc, test_players_register_checkin_withdraw);
    tcase_add_test(tc, test_duplicate_player_refused);
    tcase_add_test(tc, test_audit_records_before_and_after);
    tcase_add_test(tc, test_bad_malformed_json);
    tcase_add_test(tc, test_bad_wrong_types);
    tcase_add_test(tc, test_bad_missing_and_unknown_fields);
    tcase_add_test(tc, test_bad_overlong_strings);
    tcase_add_test(tc, test_bad_deep_nesting);
    tcase_add_test(tc, test_bad_content_type);
    tcase_add_test(tc, test_bad_paths_and_methods);
    tcase_add_test(tc, test_bad_huge_body);
    tcase_add_test(tc, test_audit_paging_and_who_reads_it);
    tcase_add_test(tc, test_refused_change_leaves_bytes_equal);
    tcase_add_test(tc, test_idempotent_tournament_and_player_changes);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
