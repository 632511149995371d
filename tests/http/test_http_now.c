/* HTTP tests of the TD's desk (issue 32): the "Now" view lists every item needing an
 * official, oldest first (a call, a dispute, an overdue match, a player late past the
 * grace), for the officials only; an item is claimed by one official ("I'm on it"), and a
 * second official's claim of it is refused naming the first; the claims' refusals change
 * nothing. */
#include <check.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/harness.h"
#include "support/held_writer.h"
#include "../check_main.h"

struct fx {
    long long tid, p[6], called, disputed, overdue;
    char pin[6][8];
    struct srv pl[6];
};

static void call_to(struct fx *f, long long mid, const char *table)
{
    char body[40];
    snprintf(body, sizeof body, "{\"table\": \"%s\"}", table);
    struct res r;
    match_op(&S, f->tid, mid, "POST", "call", body, &r);
    ck_assert_msg(r.status == 200, "call: %ld %s", r.status, r.body);
    res_free(&r);
}

static void report(struct srv *as, struct fx *f, long long mid, int a, int b)
{
    char body[80];
    snprintf(body, sizeof body, "{\"score\": {\"a\": %d, \"b\": %d}}", a, b);
    struct res r;
    match_op(as, f->tid, mid, "POST", "report", body, &r);
    ck_assert_msg(r.status == 200 || r.status == 201, "report: %ld %s", r.status, r.body);
    res_free(&r);
}

/* Beside the running server (WAL, a busy wait): what only time would do otherwise. */
static void exec_sql(const char *db, const char *sql)
{
    sqlite3 *h;
    ck_assert_int_eq(sqlite3_open(db, &h), SQLITE_OK);
    sqlite3_busy_timeout(h, 5000);
    char *err = NULL;
    ck_assert_msg(sqlite3_exec(h, sql, NULL, NULL, &err) == SQLITE_OK, "%s: %s", sql, err);
    sqlite3_close(h);
}

/* Three matches at tables 1-3: the first's player calls an official, the second is
 * disputed, the third was called two hours ago (overdue, its players late). */
static void setup(struct fx *f)
{
    memset(f, 0, sizeof *f);
    f->tid = make_tournament(&S, "Desk");
    const char *names[] = {"Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio"};
    for (int i = 0; i < 6; i++) {
        f->p[i] = make_player_pin(&S, f->tid, names[i], f->pin[i]);
        srv_player_login(&f->pl[i], &S, f->tid, f->p[i], f->pin[i]);
    }
    f->called = make_match(&S, f->tid, f->p[0], f->p[1], 5);
    f->disputed = make_match(&S, f->tid, f->p[2], f->p[3], 5);
    f->overdue = make_match(&S, f->tid, f->p[4], f->p[5], 5);
    call_to(f, f->called, "1");
    call_to(f, f->disputed, "2");
    call_to(f, f->overdue, "3");
    struct res r;
    match_op(&f->pl[0], f->tid, f->called, "POST", "calls", "{\"reason\": \"clock\"}", &r);
    ck_assert_msg(r.status == 201, "call: %ld %s", r.status, r.body);
    res_free(&r);
    report(&f->pl[2], f, f->disputed, 5, 4);
    report(&f->pl[3], f, f->disputed, 3, 5);
    char sql[200];
    snprintf(sql, sizeof sql,
             "UPDATE match_states SET at_ms = at_ms - 7200000 WHERE match_id = %lld", f->overdue);
    exec_sql(S.db, sql);
}

static void now_get(struct srv *as, const struct fx *f, struct res *r)
{
    char path[120];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/now", f->tid);
    td(as, "GET", path, NULL, r);
}

static json_t *item(const struct res *r, const char *key)
{
    json_t *items = json_object_get(r->json, "items");
    for (size_t i = 0; i < json_array_size(items); i++)
        if (!strcmp(json_string_value(json_object_get(json_array_get(items, i), "key")), key))
            return json_array_get(items, i);
    return NULL;
}

static void claim(struct srv *as, const struct fx *f, const char *key, int release, struct res *r)
{
    char path[140], body[80];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/now/claims%s", f->tid,
             release ? "/release" : "");
    snprintf(body, sizeof body, "{\"item\": \"%s\"}", key);
    td(as, "POST", path, body, r);
}

START_TEST(test_now_lists_call_dispute_overdue_oldest_first)
{
    struct fx f;
    setup(&f);
    struct res r;
    now_get(&S, &f, &r);
    ck_assert_msg(r.status == 200, "%ld %s", r.status, r.body);
    char key[40];
    json_t *items = json_object_get(r.json, "items");
    /* the call: with its players, event and round (the match's sides and label) */
    json_t *c = NULL;
    for (size_t i = 0; i < json_array_size(items) && !c; i++)
        if (!strcmp(json_string_value(json_object_get(json_array_get(items, i), "kind")), "call"))
            c = json_array_get(items, i);
    ck_assert_msg(c != NULL, "no call: %s", r.body);
    json_t *m = json_object_get(c, "match");
    ck_assert_int_eq(json_integer_value(json_object_get(m, "id")), f.called);
    ck_assert_str_eq(
        json_string_value(json_object_get(json_array_get(json_object_get(m, "sides"), 0), "name")),
        "Anna");
    ck_assert_ptr_nonnull(json_object_get(m, "label"));
    ck_assert_str_eq(json_string_value(json_object_get(json_object_get(c, "call"), "reason")),
                     "clock");
    ck_assert(json_is_null(json_object_get(c, "claim")));
    snprintf(key, sizeof key, "dispute:%lld", f.disputed);
    ck_assert_msg(item(&r, key), "no dispute: %s", r.body);
    snprintf(key, sizeof key, "overdue:%lld", f.overdue);
    ck_assert_msg(item(&r, key), "no overdue match: %s", r.body);
    ck_assert_int_ge(json_integer_value(json_object_get(item(&r, key), "minutes")), 119);
    /* PEN-1: its players, absent since the call, are late past the grace */
    snprintf(key, sizeof key, "late:%lld:a", f.overdue);
    ck_assert_msg(item(&r, key), "no late player: %s", r.body);
    /* the match just called and playing on time is not an item */
    snprintf(key, sizeof key, "overdue:%lld", f.called);
    ck_assert_ptr_null(item(&r, key));
    /* oldest first */
    for (size_t i = 1; i < json_array_size(items); i++)
        ck_assert_int_le(
            json_integer_value(json_object_get(json_array_get(items, i - 1), "since_ms")),
            json_integer_value(json_object_get(json_array_get(items, i), "since_ms")));
    ck_assert_str_ne(json_string_value(json_object_get(json_array_get(items, 0), "kind")), "call");
    res_free(&r);
    /* a dispute decided leaves the list */
    char tail[40];
    match_op(&S, f.tid, f.disputed, "POST", "rulings",
             "{\"question\": \"q\", \"facts\": \"f\", \"decision\": \"d\", \"reasons\": \"r\", "
             "\"effect\": {\"kind\": \"score\", \"score\": {\"a\": 5, \"b\": 4}}}",
             &r);
    ck_assert_msg(r.status == 201 || r.status == 200, "ruling: %ld %s", r.status, r.body);
    res_free(&r);
    (void)tail;
    now_get(&S, &f, &r);
    snprintf(key, sizeof key, "dispute:%lld", f.disputed);
    ck_assert_ptr_null(item(&r, key));
    res_free(&r);
}
END_TEST

START_TEST(test_now_officials_only)
{
    struct fx f;
    setup(&f);
    struct res r;
    now_get(&f.pl[0], &f, &r);
    ck_assert_msg(r.status == 403 || r.status == 401, "a player read the desk: %ld", r.status);
    res_free(&r);
    char key[40];
    snprintf(key, sizeof key, "dispute:%lld", f.disputed);
    claim(&f.pl[2], &f, key, 0, &r);
    ck_assert_msg(r.status == 403 || r.status == 401, "a player claimed: %ld", r.status);
    res_free(&r);
}
END_TEST

/* The claims as the desk shows them, for "nothing changed". */
static char *claims_of(const struct fx *f)
{
    struct res r;
    now_get(&S, f, &r);
    json_t *items = json_object_get(r.json, "items");
    size_t len = 1;
    char *out = calloc(1, 1);
    for (size_t i = 0; i < json_array_size(items); i++) {
        json_t *it = json_array_get(items, i);
        char *c = json_dumps(json_object_get(it, "claim"), JSON_ENCODE_ANY | JSON_SORT_KEYS);
        const char *k = json_string_value(json_object_get(it, "key"));
        len += strlen(k) + strlen(c) + 2;
        out = realloc(out, len);
        strcat(out, k);
        strcat(out, "=");
        strcat(out, c);
        strcat(out, ";");
        free(c);
    }
    res_free(&r);
    return out;
}

static void refused(struct srv *as, const struct fx *f, const char *key, int release, long status,
                    const char *name, const char *what)
{
    char *before = claims_of(f);
    struct res r;
    claim(as, f, key, release, &r);
    assert_refused(&r, status, name, what);
    res_free(&r);
    char *after = claims_of(f);
    ck_assert_msg(!strcmp(before, after), "%s changed something:\n%s\n%s", what, before, after);
    free(before);
    free(after);
}

START_TEST(test_now_claim_by_second_official_refused)
{
    struct fx f;
    setup(&f);
    struct srv olga;
    make_official(&S, "Olga", "td", "olga-password-1");
    srv_login_as(&olga, &S, "Olga", "olga-password-1");
    char key[40];
    snprintf(key, sizeof key, "dispute:%lld", f.disputed);
    struct res r;
    claim(&olga, &f, key, 0, &r);
    ck_assert_msg(r.status == 200, "claim: %ld %s", r.status, r.body);
    ck_assert_str_eq(json_string_value(json_object_get(json_object_get(r.json, "claim"), "by")),
                     "Olga");
    res_free(&r);
    /* the desk of every official shows who is on it */
    now_get(&S, &f, &r);
    ck_assert_str_eq(
        json_string_value(json_object_get(json_object_get(item(&r, key), "claim"), "by")), "Olga");
    res_free(&r);
    /* claimed again by Olga: the same claim */
    claim(&olga, &f, key, 0, &r);
    ck_assert_int_eq(r.status, 200);
    res_free(&r);
    /* a second official is refused, naming the first; nor may they give up Olga's */
    char *before = claims_of(&f);
    claim(&S, &f, key, 0, &r);
    ck_assert_int_eq(r.status, 409);
    ck_assert_msg(strstr(r.body, "Olga") != NULL, "the refusal names nobody: %s", r.body);
    res_free(&r);
    claim(&S, &f, key, 1, &r);
    ck_assert_int_eq(r.status, 409);
    res_free(&r);
    char *after = claims_of(&f);
    ck_assert_str_eq(before, after);
    free(before);
    free(after);
    /* the stream tells the other consoles */
    char path[120], buf[16384];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/events", f.tid);
    const char *needles[] = {"now.claimed", NULL};
    ck_assert_msg(stream_until(&S, path, "0", needles, 5000, -1, buf, sizeof buf),
                  "no now.claimed in the stream");
    /* Olga gives it up: nobody is on it */
    claim(&olga, &f, key, 1, &r);
    ck_assert_msg(r.status == 200, "release: %ld %s", r.status, r.body);
    res_free(&r);
    now_get(&S, &f, &r);
    ck_assert(json_is_null(json_object_get(item(&r, key), "claim")));
    res_free(&r);
}
END_TEST

START_TEST(test_now_claim_refusals_change_nothing)
{
    struct fx f;
    setup(&f);
    refused(&S, &f, "call:999999", 0, 422, "item", "a claim of no item");
    refused(&S, &f, "", 0, 422, "item", "a claim of an empty key");
    char key[40];
    snprintf(key, sizeof key, "dispute:%lld", f.disputed);
    refused(&S, &f, key, 1, 409, NULL, "giving up a claim nobody made");
    struct res r;
    char path[140];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/now/claims", f.tid);
    td(&S, "POST", path, "{}", &r);
    assert_refused(&r, 422, "item", "a claim without its item");
    res_free(&r);
}
END_TEST

static int gzipped(const struct res *r)
{
    char ce[32];
    return res_header(r, "Content-Encoding", ce, sizeof ce) && !strcmp(ce, "gzip");
}

/* Issue 32 item 3: the lists the TD's console reads (the players, the matches) are the
 * public ones, so the TD gets the copy kept per revision, gzipped, with the public ETag:
 * not a list built afresh and sent whole at every read. */
START_TEST(test_now_td_lists_kept_and_gzipped)
{
    long long tid = make_tournament(&S, "Kept");
    long long ids[60];
    make_players(&S, tid, 60, ids, NULL);
    for (int i = 0; i + 1 < 60; i += 2)
        make_match(&S, tid, ids[i], ids[i + 1], 5);
    struct srv anon = S;
    anon.cookie[0] = 0;
    const char *gz[] = {"Accept-Encoding: gzip", NULL};
    char cookie[200];
    snprintf(cookie, sizeof cookie, "Cookie: %s", S.cookie);
    const char *td_gz[] = {"Accept-Encoding: gzip", cookie, NULL};
    const char *lists[] = {"players", "matches"};
    for (int l = 0; l < 2; l++) {
        char path[128], pub[96] = "", mine[96] = "";
        snprintf(path, sizeof path, "/api/v1/tournaments/%lld/%s", tid, lists[l]);
        struct res r;
        req(&anon, "GET", path, NULL, gz, &r); /* fills the kept copy */
        ck_assert_int_eq(r.status, 200);
        ck_assert_ptr_nonnull(res_header(&r, "ETag", pub, sizeof pub));
        res_free(&r);
        req(&S, "GET", path, NULL, td_gz, &r);
        ck_assert_int_eq(r.status, 200);
        ck_assert_msg(gzipped(&r), "the TD's %s list is sent whole", lists[l]);
        ck_assert_ptr_nonnull(res_header(&r, "ETag", mine, sizeof mine));
        ck_assert_str_eq(mine, pub);
        res_free(&r);
        /* a change: the TD's next read has it */
        if (l == 0) {
            make_player(&S, tid, "Nuovo Arrivo");
            td(&S, "GET", path, NULL, &r);
            ck_assert_ptr_nonnull(strstr(r.body, "Nuovo Arrivo"));
            res_free(&r);
        }
    }
}
END_TEST

/* GOV-4: with entries waiting for the TD's approval, each is an item of the desk (since
 * the player registered), claimable as the others; approved or refused, it is gone. */
START_TEST(test_GOV4_now_lists_entries_waiting)
{
    long long tid = make_tournament(&S, "Entries desk");
    char path[120], key[40];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld", tid);
    struct res r;
    td(&S, "PATCH", path, "{\"entries_need_approval\": true}", &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    res_free(&r);
    long long waits = make_player(&S, tid, "Greta Attesa");
    long long refused = make_player(&S, tid, "Ugo Rifiutato");
    struct fx f = {.tid = tid};
    now_get(&S, &f, &r);
    ck_assert_msg(r.status == 200, "%ld %s", r.status, r.body);
    snprintf(key, sizeof key, "entry:%lld", waits);
    json_t *it = item(&r, key);
    ck_assert_msg(it != NULL, "no %s: %s", key, r.body);
    ck_assert_str_eq(json_string_value(json_object_get(it, "kind")), "entry");
    json_t *pl = json_object_get(it, "player");
    ck_assert_str_eq(json_string_value(json_object_get(pl, "name")), "Greta Attesa");
    ck_assert_ptr_null(json_object_get(pl, "pin")); /* the desk shows no PIN */
    ck_assert(json_is_null(json_object_get(it, "match")));
    res_free(&r);
    claim(&S, &f, key, 0, &r); /* claimable as every item */
    ck_assert_msg(r.status == 200, "claim: %ld %s", r.status, r.body);
    res_free(&r);
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/players/%lld/approve", tid, waits);
    td(&S, "POST", path, NULL, &r);
    ck_assert_msg(r.status == 200, "approve: %ld %s", r.status, r.body);
    res_free(&r);
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/players/%lld/refuse", tid, refused);
    td(&S, "POST", path, "{\"reason\": \"no\"}", &r);
    ck_assert_msg(r.status == 200, "refuse: %ld %s", r.status, r.body);
    res_free(&r);
    now_get(&S, &f, &r);
    ck_assert_msg(json_array_size(json_object_get(r.json, "items")) == 0, "%s", r.body);
    res_free(&r);
}
END_TEST

/* ---- the desk read beside the writer ---- */

/* A desk at 1,000 players reads its items many times a minute (every change seen while it
 * is shown), and the phones their ratings at every refresh: they are read from a reader's
 * snapshot, never under the writer's lock, so neither holds the players' reports back.
 * Another process holds the database's write lock; a change waits for it inside the
 * writer; the desk's and the ratings' GETs are answered meanwhile. Read under the writer's
 * lock (before), each waited for the change. */
START_TEST(test_now_read_while_a_change_waits_for_the_writer)
{
    struct srv mine;
    /* four HTTP threads: the change holds one while it waits */
    srv_start(&mine, "\"busy_timeout_ms\": 10000, \"threads\": 4");
    srv_login(&mine);
    long long tid = make_tournament(&mine, "Desk beside");
    struct held_writer w;
    held_writer_start(&w, &mine);
    char path[80];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/now", tid);
    struct res r;
    td(&mine, "GET", path, NULL, &r);
    ck_assert_msg(r.status == 200, "the desk: %ld %s", r.status, r.body);
    res_free(&r);
    /* who the session is, which the console asks first at every load */
    td(&mine, "GET", "/api/v1/session", NULL, &r);
    ck_assert_msg(r.status == 200, "the session: %ld %s", r.status, r.body);
    res_free(&r);
    /* the ratings too, which a phone reads at every refresh (R_SNAPSHOT, routes.c) */
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/ratings", tid);
    td(&mine, "GET", path, NULL, &r);
    ck_assert_msg(r.status == 200, "the ratings: %ld %s", r.status, r.body);
    res_free(&r);
    int change_done = held_writer_answered(&w);
    held_writer_end(&w);
    ck_assert_msg(!change_done, "the desk was answered only after the waiting change");
    srv_cleanup(&mine);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("http_now");
    TCase *tc = tcase_create("now");
    tcase_add_unchecked_fixture(tc, srv_up, srv_down);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_now_lists_call_dispute_overdue_oldest_first);
    tcase_add_test(tc, test_now_officials_only);
    tcase_add_test(tc, test_now_claim_by_second_official_refused);
    tcase_add_test(tc, test_now_claim_refusals_change_nothing);
    tcase_add_test(tc, test_now_td_lists_kept_and_gzipped);
    tcase_add_test(tc, test_GOV4_now_lists_entries_waiting);
    tcase_add_test(tc, test_now_read_while_a_change_waits_for_the_writer);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
