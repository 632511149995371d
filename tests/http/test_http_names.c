/* HTTP tests of the names and texts people give the server (GOV-1, GOV-5, GOV-6): an
 * official's long name in every record of a table (stored whole, never cut inside a
 * letter), texts without bidirectional overrides or invisible controls, the ruling's limit
 * in characters, and officials' names that cannot look like one another. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/harness.h"
#include "../check_main.h"

struct fx {
    long long tid, pa, pb, mid;
    struct srv a;
};

/* A match between two players at table 3; a is logged in as its first player. */
static void setup(struct fx *f, const char *name)
{
    memset(f, 0, sizeof *f);
    f->tid = make_tournament(&S, name);
    char pa[8], path[160];
    f->pa = make_player_pin(&S, f->tid, "Anna", pa);
    f->pb = make_player(&S, f->tid, "Bruno");
    f->mid = make_match(&S, f->tid, f->pa, f->pb, 5);
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/matches/%lld/call", f->tid, f->mid);
    struct res r;
    td(&S, "POST", path, "{\"table\": \"3\"}", &r);
    ck_assert_int_eq(r.status, 200);
    res_free(&r);
    srv_player_login(&f->a, &S, f->tid, f->pa, pa);
}

static void op(struct srv *as, const struct fx *f, const char *method, const char *tail,
               const char *body, struct res *r)
{
    match_op(as, f->tid, f->mid, method, tail, body, r);
}

static const char *member(json_t *o, const char *key)
{
    const char *v = json_string_value(json_object_get(o, key));
    return v ? v : "";
}

static long long officials_count(void)
{
    return db_count(S.db, "SELECT count(*) FROM officials");
}

/* GOV-1: an official's name of 120 bytes (a letter of two bytes across the 96th) takes and
 * closes a call, warns, appoints an observer and rules; every record shows the whole name,
 * as the database keeps it. */
START_TEST(test_GOV1_official_long_name_handles_calls)
{
    char name[128] = "J\xc3\xbcrgen "; /* "Jürgen ", 8 bytes */
    while (strlen(name) < 120)
        strcat(name, "\xc3\x9f"); /* ß: its bytes start at even offsets, so 95 cuts one */
    ck_assert_int_eq(strlen(name), 120);
    make_official(&S, name, "td", "long name password");
    struct srv as;
    srv_login_as(&as, &S, name, "long name password");
    struct fx f;
    setup(&f, "Long names");
    struct res r;
    op(&f.a, &f, "POST", "calls", "{\"reason\": \"dispute\"}", &r);
    ck_assert_msg(r.status == 201, "call: %ld %s", r.status, r.body);
    long long cid = jint(&r, "id");
    res_free(&r);
    char tail[64];
    snprintf(tail, sizeof tail, "calls/%lld/take", cid);
    op(&as, &f, "POST", tail, NULL, &r);
    ck_assert_msg(r.status == 200, "take: %ld %s", r.status, r.body);
    ck_assert_str_eq(jstr(&r, "taken_by"), name);
    res_free(&r);
    snprintf(tail, sizeof tail, "calls/%lld/close", cid);
    op(&as, &f, "POST", tail, "{\"outcome\": \"settled\"}", &r);
    ck_assert_msg(r.status == 200, "close: %ld %s", r.status, r.body);
    ck_assert_str_eq(jstr(&r, "closed_by"), name);
    res_free(&r);

    op(&as, &f, "POST", "warnings", "{\"text\": \"Play faster\"}", &r);
    ck_assert_msg(r.status == 201, "warn: %ld %s", r.status, r.body);
    ck_assert_str_eq(jstr(&r, "by"), name);
    res_free(&r);
    op(&f.a, &f, "GET", "calls", NULL, &r);
    json_t *w = json_array_get(json_object_get(r.json, "warnings"), 0);
    ck_assert_msg(w, "the warning is missing: %s", r.body);
    ck_assert_str_eq(member(w, "by"), name);
    ck_assert_str_eq(member(json_array_get(json_object_get(r.json, "calls"), 0), "closed_by"),
                     name);
    res_free(&r);

    op(&as, &f, "POST", "observers", "{\"name\": \"Olga\"}", &r);
    ck_assert_msg(r.status == 201, "observer: %ld %s", r.status, r.body);
    ck_assert_str_eq(jstr(&r, "appointed_by"), name);
    res_free(&r);
    op(&S, &f, "GET", "", NULL, &r);
    json_t *o = json_array_get(json_object_get(r.json, "observers"), 0);
    ck_assert_msg(o, "the observer is missing: %s", r.body);
    ck_assert_str_eq(member(o, "appointed_by"), name);
    res_free(&r);

    op(&as, &f, "POST", "rulings",
       "{\"question\": \"q\", \"facts\": \"f\", \"decision\": \"d\", \"reasons\": \"r\"}", &r);
    ck_assert_msg(r.status == 201, "ruling: %ld %s", r.status, r.body);
    ck_assert_str_eq(jstr(&r, "official"), name);
    res_free(&r);
    op(&f.a, &f, "GET", "rulings", NULL, &r);
    ck_assert_str_eq(member(json_array_get(json_object_get(r.json, "rulings"), 0), "official"),
                     name);
    res_free(&r);

    /* what is stored is the whole name (so valid UTF-8), in every record */
    char sql[512];
    const char *const checks[] = {
        "SELECT count(*) FROM calls WHERE taken_by = '%s' AND closed_by = '%s'",
        "SELECT count(*) FROM match_warnings WHERE actor = '%s' AND '%s' <> ''",
        "SELECT count(*) FROM observers WHERE appointed_by = '%s' AND '%s' <> ''",
        "SELECT count(*) FROM rulings WHERE official = '%s' AND '%s' <> ''",
    };
    for (size_t i = 0; i < sizeof checks / sizeof *checks; i++) {
        snprintf(sql, sizeof sql, checks[i], name, name);
        ck_assert_msg(db_count(S.db, sql) == 1, "stored otherwise: %s", checks[i]);
    }
}
END_TEST

/* GOV-1: a record of a table names who acted by id, as the audit log does: renamed, the
 * official is shown by the new name in the call they took and closed, their warning,
 * their observer and their ruling, and a token by its label. */
START_TEST(test_GOV1_records_name_the_official_by_id)
{
    long long rita = make_official(&S, "Rita", "td", "rita password");
    struct srv as;
    srv_login_as(&as, &S, "Rita", "rita password");
    struct fx f;
    setup(&f, "Renamed");
    struct res r;
    op(&f.a, &f, "POST", "calls", "{\"reason\": \"clock\"}", &r);
    ck_assert_msg(r.status == 201, "call: %ld %s", r.status, r.body);
    char tail[64];
    snprintf(tail, sizeof tail, "calls/%lld/close", jint(&r, "id"));
    res_free(&r);
    op(&as, &f, "POST", tail, "{\"outcome\": \"fine\"}", &r);
    ck_assert_msg(r.status == 200, "close: %ld %s", r.status, r.body);
    res_free(&r);
    op(&as, &f, "POST", "warnings", "{\"text\": \"Play faster\"}", &r);
    res_free(&r);
    op(&as, &f, "POST", "observers", "{\"name\": \"Olga\"}", &r);
    res_free(&r);
    op(&as, &f, "POST", "rulings",
       "{\"question\": \"q\", \"facts\": \"f\", \"decision\": \"d\", \"reasons\": \"r\"}", &r);
    ck_assert_msg(r.status == 201, "ruling: %ld %s", r.status, r.body);
    res_free(&r);
    char path[64];
    snprintf(path, sizeof path, "/api/v1/officials/%lld", rita);
    td(&S, "PATCH", path, "{\"name\": \"Rita Renamed\"}", &r);
    ck_assert_int_eq(r.status, 200);
    res_free(&r);

    op(&f.a, &f, "GET", "calls", NULL, &r);
    json_t *c = json_array_get(json_object_get(r.json, "calls"), 0);
    ck_assert_str_eq(member(c, "taken_by"), "Rita Renamed");
    ck_assert_str_eq(member(c, "closed_by"), "Rita Renamed");
    ck_assert_str_eq(member(json_array_get(json_object_get(r.json, "warnings"), 0), "by"),
                     "Rita Renamed");
    res_free(&r);
    op(&S, &f, "GET", "", NULL, &r);
    ck_assert_str_eq(
        member(json_array_get(json_object_get(r.json, "observers"), 0), "appointed_by"),
        "Rita Renamed");
    res_free(&r);
    op(&f.a, &f, "GET", "rulings", NULL, &r);
    ck_assert_str_eq(member(json_array_get(json_object_get(r.json, "rulings"), 0), "official"),
                     "Rita Renamed");
    res_free(&r);
}
END_TEST

/* Every text field refuses what makes a text read otherwise than it is: bidirectional
 * overrides and isolates (U+202A-202E, U+2066-2069) and C0 or C1 controls (a multi-line
 * text keeps its line breaks and tabs), with a 422 naming the field, changing nothing. */
START_TEST(test_text_refuses_bidi_and_c1_controls)
{
    struct fx f;
    setup(&f, "Texts");
    long long before = db_count(S.db, "SELECT count(*) FROM tournaments");
    const char *const bad[] = {"\\u202e", "\\u202a", "\\u2066", "\\u2069",
                               "\\u0085", "\\u009b", "\\u0080", "\\u009f"};
    struct res r;
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        char body[200];
        snprintf(body, sizeof body, "{\"name\": \"Open %sgrof\"}", bad[i]);
        td(&S, "POST", "/api/v1/tournaments", body, &r);
        assert_refused(&r, 422, "name", bad[i]);
        res_free(&r);
        snprintf(body, sizeof body,
                 "{\"question\": \"q\\nline two\", \"facts\": \"f\\tx\", \"decision\": \"d%s\", "
                 "\"reasons\": \"r\"}",
                 bad[i]);
        op(&S, &f, "POST", "rulings", body, &r);
        assert_refused(&r, 422, "decision", bad[i]);
        res_free(&r);
        snprintf(body, sizeof body, "{\"text\": \"hurry %s\"}", bad[i]);
        op(&S, &f, "POST", "warnings", body, &r);
        assert_refused(&r, 422, "text", bad[i]);
        res_free(&r);
    }
    ck_assert_int_eq(db_count(S.db, "SELECT count(*) FROM tournaments"), before);
    char sql[128];
    snprintf(sql, sizeof sql, "SELECT count(*) FROM rulings WHERE match_id = %lld", f.mid);
    ck_assert_int_eq(db_count(S.db, sql), 0);
    snprintf(sql, sizeof sql, "SELECT count(*) FROM match_warnings WHERE match_id = %lld", f.mid);
    ck_assert_int_eq(db_count(S.db, sql), 0);
    /* line breaks and tabs stay allowed where a text has lines; right-to-left letters too */
    op(&S, &f, "POST", "rulings",
       "{\"question\": \"q\\r\\nline two\", \"facts\": \"f\\tx\", \"decision\": "
       "\"\xd7\xa9\xd7\x9c\xd7\x95\xd7\x9d\", \"reasons\": \"r\"}",
       &r);
    ck_assert_msg(r.status == 201, "a ruling with lines: %ld %s", r.status, r.body);
    res_free(&r);
}
END_TEST

/* GOV-6: each part of a ruling is 1-4000 characters, as the README says, counted as
 * letters, not bytes: 4000 two-byte letters are taken, 4001 refused naming the part. */
START_TEST(test_GOV6_ruling_text_limit_counts_characters)
{
    struct fx f;
    setup(&f, "Long rulings");
    size_t cap = 4001 * 2 + 200;
    char *body = malloc(cap);
    for (int n = 4000; n <= 4001; n++) {
        size_t k = (size_t)snprintf(body, cap,
                                    "{\"facts\": \"f\", \"decision\": \"d\", "
                                    "\"reasons\": \"r\", \"question\": \"");
        for (int i = 0; i < n; i++) {
            memcpy(body + k, "\xc3\xa9", 2); /* é */
            k += 2;
        }
        snprintf(body + k, cap - k, "\"}");
        struct res r;
        op(&S, &f, "POST", "rulings", body, &r);
        if (n == 4000)
            ck_assert_msg(r.status == 201, "4000 letters: %ld %s", r.status, r.body);
        else
            assert_refused(&r, 422, "question", "4001 letters");
        res_free(&r);
    }
    free(body);
    char sql[128];
    snprintf(sql, sizeof sql, "SELECT count(*) FROM rulings WHERE match_id = %lld", f.mid);
    ck_assert_int_eq(db_count(S.db, sql), 1);
}
END_TEST

/* GOV-1: officials' names are compared as they read: trimmed, in compatibility form
 * (NFKC) and any case. Beside "Head TD" no official (added or renamed) and no machine
 * token is named "Head TD ", "Ｈead TD", "head td" or "Head\u00a0TD": 409 naming the field
 * and the official who has the name, nothing added. */
START_TEST(test_GOV1_official_names_fold_alike)
{
    long long n = officials_count();
    const char *const alike[] = {"Head TD ",
                                 "\xef\xbc\xa8"
                                 "ead TD",
                                 "head td",
                                 "Head\\u00a0TD",
                                 " HEAD TD",
                                 "\xef\xbc\xa8\xef\xbc\xa5"
                                 "AD\\u3000TD"};
    struct res r;
    char body[200];
    for (size_t i = 0; i < sizeof alike / sizeof *alike; i++) {
        snprintf(body, sizeof body,
                 "{\"name\": \"%s\", \"role\": \"td\", \"password\": \"fold password\"}", alike[i]);
        td(&S, "POST", "/api/v1/officials", body, &r);
        assert_refused(&r, 409, NULL, alike[i]);
        ck_assert_msg(res_names_field(&r, "name"), "%s: no field: %s", alike[i], r.body);
        ck_assert_msg(json_integer_value(json_object_get(r.json, "official_id")) == 1 &&
                          strstr(r.body, "Head TD"),
                      "%s: the official who has the name is not named: %s", alike[i], r.body);
        res_free(&r);
        snprintf(body, sizeof body, "{\"label\": \"%s\", \"role\": \"td\"}", alike[i]);
        td(&S, "POST", "/api/v1/tokens", body, &r);
        assert_refused(&r, 409, NULL, alike[i]);
        ck_assert_msg(res_names_field(&r, "label"), "%s: no field: %s", alike[i], r.body);
        res_free(&r);
    }
    ck_assert_int_eq(officials_count(), n);
    ck_assert_int_eq(db_count(S.db, "SELECT count(*) FROM machine_tokens"), 0);
    /* a new name is kept trimmed; renaming into another's name is refused alike */
    long long petra = make_official(&S, "  Petra  ", "assistant", "petra password");
    char path[64];
    snprintf(path, sizeof path, "/api/v1/officials/%lld", petra);
    td(&S, "GET", "/api/v1/officials", NULL, &r);
    json_t *list = json_object_get(r.json, "officials");
    int found = 0;
    for (size_t i = 0; i < json_array_size(list); i++)
        found += !strcmp(member(json_array_get(list, i), "name"), "Petra");
    ck_assert_msg(found == 1, "the name is not kept trimmed: %s", r.body);
    res_free(&r);
    td(&S, "PATCH", path, "{\"name\": \"\xef\xbc\xa8\xef\xbd\x85\x61\x64 td\"}", &r);
    assert_refused(&r, 409, NULL, "a rename into the head TD's name");
    ck_assert(res_names_field(&r, "name"));
    res_free(&r);
    td(&S, "PATCH", path, "{\"name\": \"   \"}", &r);
    assert_refused(&r, 422, "name", "a name of spaces only");
    res_free(&r);
    /* renaming oneself to the same name in another case is no clash with oneself */
    td(&S, "PATCH", path, "{\"name\": \"PETRA\"}", &r);
    ck_assert_msg(r.status == 200, "rename: %ld %s", r.status, r.body);
    res_free(&r);
    /* a token's label is shown as who acts: it cannot take an official's name either */
    td(&S, "POST", "/api/v1/tokens", "{\"label\": \"petra\", \"role\": \"td\"}", &r);
    assert_refused(&r, 409, NULL, "a token named as an official");
    ck_assert(res_names_field(&r, "label"));
    res_free(&r);
}
END_TEST

/* GOV-1: an official logs in by their name as it reads, as names are kept apart (NFKC, any
 * case, white space as one): "JÜRGEN  MÜLLER" and a full-width "Ｊürgen" find "Jürgen
 * Müller" (SQLite's lower() folds ASCII only: before, both were 401). */
START_TEST(test_GOV1_login_name_as_it_reads)
{
    long long id = make_official(&S, "J\xc3\xbcrgen M\xc3\xbcller", "td", "jurgen password");
    const char *const alike[] = {"J\xc3\x9cRGEN  M\xc3\x9cLLER", "\xef\xbc\xaa\xc3\xbcrgen m\xc3\xbcller"};
    for (size_t i = 0; i < sizeof alike / sizeof *alike; i++) {
        struct srv as;
        srv_login_as(&as, &S, alike[i], "jurgen password");
        struct res r;
        td(&as, "GET", "/api/v1/session", NULL, &r);
        ck_assert_msg(r.status == 200 && json_integer_value(json_object_get(
                                             json_object_get(r.json, "official"), "id")) == id,
                      "%s logged in as another: %s", alike[i], r.body);
        res_free(&r);
    }
}
END_TEST


static Suite *suite(void)
{
    Suite *s = suite_create("http_names");
    TCase *tc = tcase_create("names");
    tcase_add_unchecked_fixture(tc, srv_up, srv_down);
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_GOV1_official_long_name_handles_calls);
    tcase_add_test(tc, test_GOV1_records_name_the_official_by_id);
    tcase_add_test(tc, test_text_refuses_bidi_and_c1_controls);
    tcase_add_test(tc, test_GOV6_ruling_text_limit_counts_characters);
    tcase_add_test(tc, test_GOV1_official_names_fold_alike);
    tcase_add_test(tc, test_GOV1_login_name_as_it_reads);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
