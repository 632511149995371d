/* HTTP tests of the venue's tables (KO-9): a table is held by its match from the call until
 * the match is decided. A reported or disputed match keeps its table (tables/assign gives
 * it to nobody else), the TD moves a match by hand to a table no undecided match holds, a
 * postponed match gives its table back, a decided one frees it. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/harness.h"
#include "../check_main.h"

/* A tournament with tables 8 and 9 and six players: m[0] Anna v Bruno, m[1] Carla v Dario,
 * m[2] Elena v Fabio, each scheduled, 5 points; the players logged in. */
struct fx {
    long long tid, p[6], m[3];
    struct srv as[6];
};

static void setup(struct fx *f)
{
    static const char *const names[6] = {"Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio"};
    memset(f, 0, sizeof *f);
    struct res r;
    td(&S, "POST", "/api/v1/tournaments", "{\"name\": \"Tables\", \"tables\": [\"8\", \"9\"]}", &r);
    ck_assert_int_eq(r.status, 201);
    f->tid = jint(&r, "id");
    res_free(&r);
    for (int i = 0; i < 6; i++) {
        char pin[8];
        f->p[i] = make_player_pin(&S, f->tid, names[i], pin);
        srv_player_login(&f->as[i], &S, f->tid, f->p[i], pin);
    }
    for (int i = 0; i < 3; i++)
        f->m[i] = make_match(&S, f->tid, f->p[2 * i], f->p[2 * i + 1], 5);
}

static void match_req(struct srv *as, const struct fx *f, int i, const char *method,
                      const char *tail, const char *body, struct res *r)
{
    char path[200];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/matches/%lld%s", f->tid, f->m[i], tail);
    td(as, method, path, body, r);
}

/* tables/assign: how many matches it called. */
static int assign(const struct fx *f)
{
    char path[120];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/tables/assign", f->tid);
    struct res r;
    td(&S, "POST", path, NULL, &r);
    ck_assert_msg(r.status == 200, "assign: %ld %s", r.status, r.body);
    int n = (int)jint(&r, "assigned");
    res_free(&r);
    return n;
}

/* Match i's state and table, as anyone reads them. */
static void match_of(const struct fx *f, int i, char *state, char *table)
{
    struct res r;
    match_req(&S, f, i, "GET", "", NULL, &r);
    ck_assert_int_eq(r.status, 200);
    snprintf(state, 16, "%s", jstr(&r, "state"));
    snprintf(table, 16, "%s", jstr(&r, "table"));
    res_free(&r);
}

/* KO-9 across the tournament: no table names two undecided matches that hold one (called,
 * playing, reported or disputed), as the venue's display lists them. */
static void no_table_twice(const struct fx *f, const char *what)
{
    char path[120];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/matches", f->tid);
    struct res r;
    req(&S, "GET", path, NULL, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    json_t *ms = json_object_get(r.json, "matches");
    if (!ms)
        ms = r.json;
    static const char *const held[] = {"called", "playing", "reported", "disputed"};
    const char *seen[16];
    int n = 0;
    for (size_t i = 0; i < json_array_size(ms); i++) {
        json_t *m = json_array_get(ms, i);
        const char *st = json_string_value(json_object_get(m, "state"));
        const char *tb = json_string_value(json_object_get(m, "table"));
        int holds = 0;
        for (int k = 0; k < 4; k++)
            holds |= st && !strcmp(st, held[k]);
        if (!holds || !tb || !tb[0])
            continue;
        for (int k = 0; k < n; k++)
            ck_assert_msg(strcmp(seen[k], tb), "%s: table %s holds two undecided matches: %s", what,
                          tb, r.body);
        if (n < 16)
            seen[n++] = tb;
    }
    res_free(&r);
}

/* The tournament (bytes and ETag: its revision) and its matches, to compare after a
 * refusal. */
static char *snapshot(const struct fx *f)
{
    char path[120];
    struct raw t, m;
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld", f->tid);
    ck_assert_int_eq(raw_get(&S, path, &t), 0);
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/matches", f->tid);
    ck_assert_int_eq(raw_get(&S, path, &m), 0);
    char *out = NULL;
    ck_assert_int_ge(asprintf(&out, "%s|%s|%s", t.etag, t.body, m.body), 0);
    raw_free(&t);
    raw_free(&m);
    return out;
}

static void refused_ko9(const struct fx *f, int i, const char *tail, const char *method,
                        const char *body, const char *what)
{
    char *before = snapshot(f);
    struct res r;
    match_req(&S, f, i, method, tail, body, &r);
    assert_refused(&r, 409, "KO-9", what);
    ck_assert_msg(strstr(jstr(&r, "detail"), "table"), "%s: %s", what, r.body);
    res_free(&r);
    char *after = snapshot(f);
    ck_assert_msg(!strcmp(before, after), "%s changed something", what);
    free(before);
    free(after);
}

static void report(const struct fx *f, int player, int i, int a, int b)
{
    char body[80];
    snprintf(body, sizeof body, "{\"score\": {\"a\": %d, \"b\": %d}}", a, b);
    struct res r;
    match_req((struct srv *)&f->as[player], f, i, "POST", "/report", body, &r);
    ck_assert_msg(r.status == 200, "report: %ld %s", r.status, r.body);
    res_free(&r);
}

/* KO-9: a disputed match keeps its table until the TD decides it, and so does a match one
 * side reported: tables/assign gives neither table to the waiting match; once the TD
 * decides the dispute its table goes to the match that waited. */
START_TEST(test_KO9_disputed_table_held)
{
    struct fx f;
    setup(&f);
    ck_assert_int_eq(assign(&f), 2);
    char st[16], tb[16];
    match_of(&f, 0, st, tb);
    ck_assert_str_eq(tb, "8");
    match_of(&f, 2, st, tb);
    ck_assert_str_eq(st, "scheduled");
    /* Anna and Bruno disagree; Carla says she won, Dario has not reported yet */
    report(&f, 0, 0, 5, 4);
    report(&f, 1, 0, 3, 5);
    match_of(&f, 0, st, tb);
    ck_assert_str_eq(st, "disputed");
    report(&f, 2, 1, 5, 2);
    match_of(&f, 1, st, tb);
    ck_assert_str_eq(st, "reported");
    ck_assert_int_eq(assign(&f), 0);
    match_of(&f, 2, st, tb);
    ck_assert_msg(!strcmp(st, "scheduled") && !tb[0], "the waiting match got table %s (%s)", tb,
                  st);
    no_table_twice(&f, "after the dispute");
    /* the TD decides the dispute, by a ruling (GOV-6a): table 8 is free again */
    struct res r;
    match_req(&S, &f, 0, "POST", "/rulings",
              "{\"question\": \"Who won?\", \"facts\": \"Both claim the match.\", "
              "\"decision\": \"Anna wins 5-4\", \"reasons\": \"Bruno's scoresheet\", "
              "\"effect\": {\"kind\": \"score\", \"score\": {\"a\": 5, \"b\": 4}}}",
              &r);
    ck_assert_msg(r.status == 201 || r.status == 200, "ruling: %ld %s", r.status, r.body);
    res_free(&r);
    ck_assert_int_eq(assign(&f), 1);
    match_of(&f, 2, st, tb);
    ck_assert_str_eq(st, "called");
    ck_assert_str_eq(tb, "8");
    no_table_twice(&f, "after the verdict");
}
END_TEST

/* KO-9: the TD moves a match by hand (PATCH table, or the call to a table) only to a table
 * no other undecided match holds: 409 naming KO-9 and the table, nothing changed. A
 * disputed match moved to another table frees its own. */
START_TEST(test_KO9_move_by_hand)
{
    struct fx f;
    setup(&f);
    ck_assert_int_eq(assign(&f), 2);
    report(&f, 0, 0, 5, 4);
    report(&f, 1, 0, 3, 5);
    refused_ko9(&f, 0, "", "PATCH", "{\"table\": \"9\"}", "the disputed match moved to table 9");
    refused_ko9(&f, 2, "/call", "POST", "{\"table\": \"8\"}",
                "a match called to the disputed match's table");
    /* a scheduled match may keep a table of the TD's for later (it waits for it) */
    struct res r;
    match_req(&S, &f, 2, "PATCH", "", "{\"table\": \"8\"}", &r);
    ck_assert_msg(r.status == 200, "a table set ahead: %ld %s", r.status, r.body);
    res_free(&r);
    ck_assert_int_eq(assign(&f), 0);
    /* ... but is not called to it while the dispute holds it */
    refused_ko9(&f, 2, "/call", "POST", NULL, "a match called to its own table, held");
    /* the disputed match moves to table 12: table 8 is free for the match that waits */
    match_req(&S, &f, 0, "PATCH", "", "{\"table\": \"12\"}", &r);
    ck_assert_msg(r.status == 200, "the disputed match moved: %ld %s", r.status, r.body);
    ck_assert_str_eq(jstr(&r, "table"), "12");
    res_free(&r);
    ck_assert_int_eq(assign(&f), 1);
    char st[16], tb[16];
    match_of(&f, 2, st, tb);
    ck_assert_str_eq(st, "called");
    ck_assert_str_eq(tb, "8");
    no_table_twice(&f, "after the move");
    /* a match moved to the table it is at already is no conflict */
    match_req(&S, &f, 2, "PATCH", "", "{\"table\": \"8\"}", &r);
    ck_assert_msg(r.status == 200, "moved where it is: %ld %s", r.status, r.body);
    res_free(&r);
}
END_TEST

/* KO-9, PEN-1: a called match the TD postpones gives its table back at once (it stays
 * called, its lateness counting from an hour after the call): the table goes to the match
 * that waits, and no table names both. */
START_TEST(test_KO9_postponed_match_frees_its_table)
{
    struct fx f;
    setup(&f);
    ck_assert_int_eq(assign(&f), 2);
    struct res r;
    match_req(&S, &f, 0, "POST", "/postpone", NULL, &r);
    ck_assert_msg(r.status == 200, "postpone: %ld %s", r.status, r.body);
    res_free(&r);
    char st[16], tb[16];
    match_of(&f, 0, st, tb);
    ck_assert_str_eq(st, "called");
    ck_assert_msg(!tb[0], "the postponed match still names table %s", tb);
    ck_assert_int_eq(assign(&f), 1);
    match_of(&f, 2, st, tb);
    ck_assert_str_eq(tb, "8");
    no_table_twice(&f, "after the postponement");
    /* its lateness still counts from an hour after its call */
    match_req(&S, &f, 0, "GET", "/lateness", NULL, &r);
    ck_assert_int_eq(r.status, 200);
    ck_assert_int_eq(jint(&r, "postponed_min"), 60);
    res_free(&r);
}
END_TEST

/* KO-9: a dispute's report withdrawn sends the match back to its table: it never lost it,
 * so no other match was given it meanwhile. */
START_TEST(test_KO9_report_withdrawn_returns_to_its_own_table)
{
    struct fx f;
    setup(&f);
    ck_assert_int_eq(assign(&f), 2);
    report(&f, 0, 0, 5, 4);
    report(&f, 1, 0, 3, 5);
    ck_assert_int_eq(assign(&f), 0);
    struct res r;
    match_req(&f.as[1], &f, 0, "DELETE", "/report", NULL, &r);
    ck_assert_msg(r.status == 200, "withdraw the report: %ld %s", r.status, r.body);
    res_free(&r);
    char st[16], tb[16];
    match_of(&f, 0, st, tb);
    ck_assert_str_eq(tb, "8");
    no_table_twice(&f, "after the report withdrawn");
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("http_tables");
    TCase *tc = tcase_create("tables");
    tcase_add_unchecked_fixture(tc, srv_up, srv_down);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_KO9_disputed_table_held);
    tcase_add_test(tc, test_KO9_move_by_hand);
    tcase_add_test(tc, test_KO9_postponed_match_frees_its_table);
    tcase_add_test(tc, test_KO9_report_withdrawn_returns_to_its_own_table);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
