/* HTTP tests of a database restored on another laptop (the TD's guide, "When the laptop
 * dies"): served from a copy put in place by `crawford restore`, its running clocks start
 * paused, clocks do not start or resume, lateness waits, until the TD confirms the times
 * (CLK-7; POST /api/v1/resume, the TDs' only); the TD's and the players' sessions survive.
 * Each test makes its own server, stops it, restores a copy of its database over it and
 * starts it again on the copy. */
#include <check.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "support/harness.h"
#include "../check_main.h"

static long long T, M, PA, PB;
static struct srv A, ANON; /* player a's session; nobody's */

static void request(struct srv *as, const char *method, const char *tail, const char *body,
                    struct res *r)
{
    char path[200];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/matches/%lld/%s", T, M, tail);
    td(as, method, path, body, r);
}

static void ok(struct srv *as, const char *method, const char *tail, const char *body)
{
    struct res r;
    request(as, method, tail, body, &r);
    ck_assert_msg(r.status == 200 || r.status == 201, "%s %s: %ld %s", method, tail, r.status,
                  r.body);
    res_free(&r);
}

/* A tournament (lateness settings: NULL for the defaults), a match between a and b called
 * to a table, player a logged in. */
static void setup(const char *settings)
{
    srv_up();
    T = make_tournament(&S, "Weekend open");
    char path[160];
    struct res r;
    if (settings) {
        snprintf(path, sizeof path, "/api/v1/tournaments/%lld", T);
        td(&S, "PATCH", path, settings, &r);
        ck_assert_msg(r.status == 200, "settings: %ld %s", r.status, r.body);
        res_free(&r);
    }
    char pa[8], pb[8];
    PA = make_player_pin(&S, T, "Anna", pa);
    PB = make_player_pin(&S, T, "Bruno", pb);
    M = make_match(&S, T, PA, PB, 5);
    ok(&S, "POST", "call", "{\"table\": \"1\"}");
    srv_player_login(&A, &S, T, PA, pa);
    ANON = S;
    ANON.cookie[0] = 0;
}

static void exec_sql(const char *db, const char *sql)
{
    sqlite3 *h;
    ck_assert_int_eq(sqlite3_open(db, &h), SQLITE_OK);
    char *err = NULL;
    ck_assert_msg(sqlite3_exec(h, sql, NULL, NULL, &err) == SQLITE_OK, "%s: %s", sql, err);
    sqlite3_close(h);
}

/* The laptop dies: the server stops, a copy of its database is restored over it with
 * `crawford restore --force`, then sql (NULL: none) is run on it, and it is served again:
 * the same sessions, another process. */
static void restore_and_serve(const char *sql)
{
    ck_assert_int_eq(srv_stop(&S), 0);
    char cmd[1400];
    snprintf(cmd, sizeof cmd,
             "cp '%s' '%s/copy.db' && { [ ! -e '%s-wal' ] || cp '%s-wal' '%s/copy.db-wal'; } && "
             "'%s' restore '%s/copy.db' --db '%s' --force >/dev/null",
             S.db, S.dir, S.db, S.db, S.dir,
             getenv("CRAWFORD_BIN") ? getenv("CRAWFORD_BIN") : "build/asan/crawford", S.dir, S.db);
    ck_assert_msg(system(cmd) == 0, "restore failed: %s", cmd);
    if (sql)
        exec_sql(S.db, sql);
    srv_restart(&S);
    A.port = S.port;
    ANON.port = S.port;
}

static json_t *server_info(void)
{
    struct res r;
    td(&S, "GET", "/api/v1/session", NULL, &r);
    ck_assert_msg(r.status == 200 && !strcmp(jstr(&r, "role"), "td"),
                  "the TD's session did not survive: %ld %s", r.status, r.body);
    json_t *s = json_incref(json_object_get(r.json, "server"));
    res_free(&r);
    ck_assert_ptr_nonnull(s);
    return s;
}

static int held(void)
{
    json_t *s = server_info();
    int h = json_is_true(json_object_get(s, "held"));
    json_decref(s);
    return h;
}

START_TEST(test_CLK7_restored_clocks_paused_until_td_confirms)
{
    setup(NULL);
    ok(&A, "POST", "clock/start", "{\"lower_die\": \"a\"}");
    ck_assert(!held());
    restore_and_serve(NULL);

    /* the player's phone keeps its session; the clock is paused for the TD */
    struct res r;
    td(&A, "GET", "/api/v1/session", NULL, &r);
    ck_assert_str_eq(jstr(&r, "role"), "player");
    res_free(&r);
    request(&A, "GET", "clock", NULL, &r);
    ck_assert_int_eq(r.status, 200);
    ck_assert_str_eq(jstr(&r, "state"), "paused");
    ck_assert_str_eq(jstr(&r, "paused_reason"), "td");
    res_free(&r);
    ck_assert(held());

    /* nobody's clock runs again before the TD confirms */
    request(&A, "POST", "clock/resume", NULL, &r);
    assert_refused(&r, 409, "CLK-7", "a resume while held");
    res_free(&r);
    request(&S, "POST", "clock/resume", NULL, &r);
    assert_refused(&r, 409, "CLK-7", "the TD's resume while held");
    res_free(&r);

    /* the TD's only */
    td(&A, "POST", "/api/v1/resume", NULL, &r);
    assert_refused(&r, 403, NULL, "a player confirming");
    res_free(&r);
    td(&ANON, "POST", "/api/v1/resume", NULL, &r);
    assert_refused(&r, 401, NULL, "anyone confirming");
    res_free(&r);
    ck_assert(held());

    td(&S, "POST", "/api/v1/resume", NULL, &r);
    ck_assert_msg(r.status == 200, "confirm: %ld %s", r.status, r.body);
    ck_assert(json_is_false(json_object_get(r.json, "held")));
    res_free(&r);
    ck_assert(!held());
    td(&S, "POST", "/api/v1/resume", NULL, &r);
    assert_refused(&r, 409, NULL, "a second confirmation");
    res_free(&r);

    request(&A, "POST", "clock/resume", NULL, &r);
    ck_assert_msg(r.status == 200, "resume: %ld %s", r.status, r.body);
    ck_assert_str_eq(jstr(&r, "state"), "running");
    res_free(&r);
}
END_TEST

static long long points_a(void)
{
    struct res r;
    request(&S, "GET", "lateness", NULL, &r);
    ck_assert_int_eq(r.status, 200);
    long long p = json_integer_value(
        json_object_get(json_object_get(json_object_get(r.json, "sides"), "a"), "points"));
    res_free(&r);
    return p;
}

/* The laptop died an hour ago, two hours after the call: the hour since is nobody's
 * lateness, while held and after the TD confirms; the TD confirms no lateness meanwhile. */
START_TEST(test_PEN1_held_time_is_no_lateness)
{
    setup("{\"lateness\": {\"grace_minutes\": 0, \"step_minutes\": 1}}");
    restore_and_serve("UPDATE match_states SET at_ms = at_ms - 7200000; "
                      "UPDATE settings SET value = CAST(value AS INTEGER) - 3600000 "
                      "WHERE key = 'hold_from_ms'");
    long long held_points = points_a();
    /* an hour of lateness (grace 0, a point a minute), not two */
    ck_assert_msg(held_points >= 55 && held_points <= 65, "points while held: %lld", held_points);
    struct res r;
    request(&S, "POST", "lateness/confirm", "{\"side\": \"a\"}", &r);
    assert_refused(&r, 409, "CLK-7", "lateness confirmed while held");
    res_free(&r);
    td(&S, "POST", "/api/v1/resume", NULL, &r);
    ck_assert_int_eq(r.status, 200);
    res_free(&r);
    long long after = points_a();
    ck_assert_msg(after >= held_points && after <= held_points + 1, "points after: %lld (%lld)",
                  after, held_points);
}
END_TEST

static json_t *late_of_bracket(long long eid)
{
    char path[160];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/competitions/%lld/knockout", T, eid);
    struct res r;
    req(&S, "GET", path, NULL, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    json_t *late = json_incref(json_object_get(r.json, "late"));
    res_free(&r);
    return late;
}

/* KO-4: a late-entry deadline that fell while the laptop was dead waits as lateness does:
 * no tick closes it while held, and when the TD confirms it moves on by the held time (a
 * minute after the hold began: a minute after the confirmation). */
START_TEST(test_KO4_deadline_in_the_hold_moves_on)
{
    setup(NULL);
    long long pc = make_player(&S, T, "Carla");
    char path[160];
    struct res r;
    long long e = make_competition(&S, T,
                             "{\"kind\": \"knockout\", \"name\": \"Main\", \"knockout\": "
                             "{\"late_places\": 1, \"late_deadline\": \"2099-01-01T10:00Z\", "
                             "\"lengths\": [3]}}");
    long long who[3] = {PA, PB, pc};
    enter_players(&S, T, e, 3, who);
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/competitions/%lld/knockout/draw", T, e);
    td(&S, "POST", path, "{\"seed\": \"4040\"}", &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    res_free(&r);
    /* the laptop died an hour ago; the deadline came a minute later */
    restore_and_serve("UPDATE settings SET value = CAST(value AS INTEGER) - 3600000 "
                      "WHERE key = 'hold_from_ms'; "
                      "UPDATE ko_brackets SET late_deadline_ms = 60000 + (SELECT CAST(value AS "
                      "INTEGER) FROM settings WHERE key = 'hold_from_ms')");
    json_t *late = late_of_bracket(e);
    ck_assert(json_is_false(json_object_get(late, "closed")));
    json_decref(late);
    time_t before = time(NULL);
    td(&S, "POST", "/api/v1/resume", NULL, &r);
    ck_assert_int_eq(r.status, 200);
    res_free(&r);
    late = late_of_bracket(e);
    /* ISO 8601 UTC strings of one form compare as the times they name */
    char soon[32];
    time_t at = before + 50;
    strftime(soon, sizeof soon, "%Y-%m-%dT%H:%M:%S", gmtime(&at));
    const char *deadline = json_string_value(json_object_get(late, "deadline"));
    ck_assert_msg(deadline && strcmp(deadline, soon) > 0, "deadline %s, not after %s",
                  deadline ? deadline : "none", soon);
    ck_assert(json_is_false(json_object_get(late, "closed")));
    ck_assert(json_is_true(json_object_get(late, "open")));
    json_decref(late);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("http_resume");
    TCase *tc = tcase_create("resume");
    tcase_add_checked_fixture(tc, NULL, srv_down);
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_CLK7_restored_clocks_paused_until_td_confirms);
    tcase_add_test(tc, test_PEN1_held_time_is_no_lateness);
    tcase_add_test(tc, test_KO4_deadline_in_the_hold_moves_on);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
