/* HTTP tests of knockout events (KO-1..KO-4): the draw and its refusals, its seed as text or
 * a number, byes placed by an unseeded draw, entries refused without a change, and late
 * arrivals (checked in, or walked over when the deadline passes). The bracket's progress:
 * test_http_knockout_progress.c; corrections and their cascade:
 * test_http_knockout_corrections.c; placings: test_http_knockout_placings.c; the fixture:
 * support/knockout_fx.c. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "support/knockout_fx.h"
#include "../check_main.h"

START_TEST(test_KO2_draw_refusals_and_reproducible)
{
    struct ko k;
    ko_setup(&k, 6, NULL);
    long long e = ko_make_event(&k, "Main", "{\"lengths\": [3]}");
    char epath[160], bpath[160];
    snprintf(epath, sizeof epath, "/api/v1/tournaments/%lld/competitions/%lld", k.tid, e);
    bracket_path(&k, e, bpath, sizeof bpath);
    struct res r;
    json_t *before = ko_snapshot(epath);
    draw(&k, e, "7", &r); /* no entries */
    ck_assert(problem_is(&r, 409));
    res_free(&r);
    ko_unchanged(before, epath);
    enter(&k, e, 0, 1);
    before = ko_snapshot(epath);
    draw(&k, e, "7", &r); /* one entry */
    ck_assert(problem_is(&r, 409));
    res_free(&r);
    ko_unchanged(before, epath);
    /* a duplicate entry */
    char path[160], body[64];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/competitions/%lld/entries", k.tid, e);
    snprintf(body, sizeof body, "{\"player_id\": %lld}", k.players[0]);
    before = ko_snapshot(epath);
    td(&S, "POST", path, body, &r);
    ck_assert(problem_is(&r, 409));
    res_free(&r);
    ko_unchanged(before, epath);
    enter(&k, e, 1, 6);
    draw(&k, e, "12345", &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    ck_assert_str_eq(jstr(&r, "seed"), "12345");
    ck_assert_int_eq(jint(&r, "algorithm_version"), 1);
    ck_assert_int_eq(jint(&r, "size"), 8);
    res_free(&r);
    json_t *drawn = ko_snapshot(bpath);
    before = ko_snapshot(epath);
    draw(&k, e, "1", &r); /* twice */
    ck_assert(problem_is(&r, 409));
    res_free(&r);
    ko_unchanged(drawn, bpath);
    ko_unchanged(before, epath);
    /* the same seed and entries give the same bracket in another event (KO-2) */
    long long e2 = ko_make_event(&k, "Main again", "{\"lengths\": [3]}");
    enter(&k, e2, 0, 6);
    struct res a, b;
    draw(&k, e2, "12345", &b);
    bracket(&k, e, &a);
    json_t *ra = json_object_get(json_array_get(json_object_get(a.json, "rounds"), 0), "matches");
    json_t *rb = json_object_get(json_array_get(json_object_get(b.json, "rounds"), 0), "matches");
    for (size_t i = 0; i < json_array_size(ra); i++)
        for (int s = 0; s < 2; s++) {
            json_t *sa = json_array_get(json_object_get(json_array_get(ra, i), "sides"), (size_t)s);
            json_t *sb = json_array_get(json_object_get(json_array_get(rb, i), "sides"), (size_t)s);
            ck_assert_int_eq(json_integer_value(json_object_get(sa, "player_id")),
                             json_integer_value(json_object_get(sb, "player_id")));
        }
    res_free(&a);
    res_free(&b);
    /* KO-3: 6 entries in 8: two byes, never facing each other */
    bracket(&k, e, &r);
    int byes = 0;
    json_t *first =
        json_object_get(json_array_get(json_object_get(r.json, "rounds"), 0), "matches");
    for (size_t i = 0; i < json_array_size(first); i++) {
        json_t *sides = json_object_get(json_array_get(first, i), "sides");
        int here = 0;
        for (int s = 0; s < 2; s++) {
            const char *kind =
                json_string_value(json_object_get(json_array_get(sides, (size_t)s), "kind"));
            here += kind && !strcmp(kind, "bye"); /* a player's side has no kind */
        }
        ck_assert_int_le(here, 1);
        byes += here;
    }
    ck_assert_int_eq(byes, 2);
    res_free(&r);
}
END_TEST

START_TEST(test_KO4_late_arrivals)
{
    struct ko k;
    ko_setup(&k, 8, NULL);
    struct res r;
    long long e = drawn_main(&k, "{\"late_places\": 2, \"lengths\": [3]}", 5, "99", &r);
    json_t *late = json_object_get(r.json, "late");
    ck_assert_int_eq(json_integer_value(json_object_get(late, "places")), 2);
    res_free(&r);
    char path[160], body[64];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/competitions/%lld/knockout/late", k.tid,
             e);
    snprintf(body, sizeof body, "{\"player_id\": %lld}", k.players[5]);
    check_in(&k, 5);
    td(&S, "POST", path, body, &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    ck_assert_int_eq(json_integer_value(json_object_get(json_object_get(r.json, "late"), "filled")),
                     1);
    res_free(&r);
    /* a player already in the draw */
    char bpath[160];
    bracket_path(&k, e, bpath, sizeof bpath);
    json_t *before = ko_snapshot(bpath);
    td(&S, "POST", path, body, &r);
    ck_assert(problem_is(&r, 409));
    res_free(&r);
    ko_unchanged(before, bpath);
    /* the TD moves the deadline (KO-4) and renames the event */
    char epath[160];
    snprintf(epath, sizeof epath, "/api/v1/tournaments/%lld/competitions/%lld", k.tid, e);
    td(&S, "PATCH", epath, "{\"late_deadline\": \"tomorrow\"}", &r);
    ck_assert(problem_is(&r, 422));
    res_free(&r);
    td(&S, "PATCH", epath, "{\"late_deadline\": \"2099-01-01T10:30Z\", \"name\": \"Main A\"}", &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    ck_assert_str_eq(jstr(&r, "name"), "Main A");
    res_free(&r);
    bracket(&k, e, &r);
    ck_assert_ptr_nonnull(
        strstr(json_string_value(json_object_get(json_object_get(r.json, "late"), "deadline")),
               "2099-01-01T10:30"));
    res_free(&r);
    /* the TD closes late entry: the last place becomes a bye */
    char cpath[180];
    snprintf(cpath, sizeof cpath, "%s/close", path);
    td(&S, "POST", cpath, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    ck_assert(json_is_true(json_object_get(json_object_get(r.json, "late"), "closed")));
    res_free(&r);
    snprintf(body, sizeof body, "{\"player_id\": %lld}", k.players[6]);
    before = ko_snapshot(bpath);
    td(&S, "POST", path, body, &r); /* too late */
    ck_assert(problem_is(&r, 409));
    res_free(&r);
    ko_unchanged(before, bpath);
    td(&S, "PATCH", epath, "{\"late_deadline\": null}", &r); /* closed: nothing to move */
    ck_assert(problem_is(&r, 409));
    res_free(&r);
    /* a deadline in the past: no late arrival */
    long long e2 = ko_make_event(&k, "Past",
                                 "{\"late_places\": 1, \"late_deadline\": "
                                 "\"2020-01-01T10:00Z\", \"lengths\": [3]}");
    enter(&k, e2, 0, 3);
    draw(&k, e2, "5", &r);
    res_free(&r);
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/competitions/%lld/knockout/late", k.tid,
             e2);
    snprintf(body, sizeof body, "{\"player_id\": %lld}", k.players[7]);
    td(&S, "POST", path, body, &r);
    ck_assert(problem_is(&r, 409));
    ck_assert_ptr_nonnull(strstr(jstr(&r, "detail"), "deadline"));
    res_free(&r);
}
END_TEST

/* KO-4: a late place goes to a player who arrived: one never checked in is refused with a
 * 409 that names the player and says to check them in first, and the bracket is as it was;
 * checked in, the same player takes the place. */
START_TEST(test_KO4_late_arrival_not_checked_in)
{
    struct ko k;
    ko_setup(&k, 6, NULL);
    struct res r;
    long long e = drawn_main(&k, "{\"late_places\": 1, \"lengths\": [3]}", 5, "7", &r);
    res_free(&r);
    char path[160], body[64], bpath[160];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/competitions/%lld/knockout/late", k.tid,
             e);
    snprintf(body, sizeof body, "{\"player_id\": %lld}", k.players[5]);
    bracket_path(&k, e, bpath, sizeof bpath);
    json_t *before = ko_snapshot(bpath);
    td(&S, "POST", path, body, &r);
    assert_refused(&r, 409, "KO-4", "a late arrival never checked in");
    ck_assert_msg(strstr(jstr(&r, "detail"), "Player 06"), "the player is not named: %s", r.body);
    ck_assert_msg(strstr(jstr(&r, "detail"), "check them in"), "no way out: %s", r.body);
    ck_assert_int_eq(jint(&r, "player_id"), k.players[5]);
    res_free(&r);
    ko_unchanged(before, bpath);
    check_in(&k, 5);
    td(&S, "POST", path, body, &r);
    ck_assert_msg(r.status == 200, "checked in: %ld %s", r.status, r.body);
    ck_assert_int_eq(json_integer_value(json_object_get(json_object_get(r.json, "late"), "filled")),
                     1);
    res_free(&r);
}
END_TEST

/* Round 1 of a bracket as text: who is on each side (a player's id, a bye, a late place). */
static char *round1_of(struct res *r)
{
    json_t *ms = json_object_get(json_array_get(json_object_get(r->json, "rounds"), 0), "matches");
    json_t *out = json_array();
    for (size_t i = 0; i < json_array_size(ms); i++)
        json_array_append(out, json_object_get(json_array_get(ms, i), "sides"));
    char *t = json_dumps(out, JSON_COMPACT | JSON_SORT_KEYS);
    json_decref(out);
    return t;
}

/* A Main of players [0, 6) drawn with the body's seed (raw JSON); its answer's round 1 and
 * recorded seed. */
static char *drawn_with(struct ko *k, const char *seed_json, char *seed, size_t len)
{
    long long e = ko_make_event(k, "Main", "{\"lengths\": [3]}");
    enter(k, e, 0, 6);
    char path[160], body[96];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/competitions/%lld/knockout/draw", k->tid,
             e);
    snprintf(body, sizeof body, "{\"seed\": %s}", seed_json);
    struct res r;
    td(&S, "POST", path, body, &r);
    ck_assert_msg(r.status == 200, "seed %s: %ld %s", seed_json, r.status, r.body);
    ck_assert_int_eq(jint(&r, "algorithm_version"), 1);
    snprintf(seed, len, "%s", jstr(&r, "seed"));
    char *t = round1_of(&r);
    res_free(&r);
    return t;
}

/* KO-2: a draw's seed is any text, or a number given as a JSON number or a string: text
 * that is a number reads as that number (as every stored seed always did), other text
 * through FNV-1a; the seed is recorded as it reads again, and the same seed and entries
 * give the same bracket. Bad seeds (empty, a real number, too long) are refused naming the
 * field. */
START_TEST(test_KO2_seed_text_or_number)
{
    struct ko k;
    ko_setup(&k, 6, NULL);
    char s1[64], s2[64], s3[64], s4[64], s5[64];
    char *a = drawn_with(&k, "\"roma-2026\"", s1, sizeof s1);
    char *b = drawn_with(&k, "\"roma-2026\"", s2, sizeof s2);
    ck_assert_str_eq(s1, "roma-2026");
    ck_assert_str_eq(s2, "roma-2026");
    ck_assert_str_eq(a, b);
    char *c = drawn_with(&k, "424242", s3, sizeof s3);
    char *d = drawn_with(&k, "\"424242\"", s4, sizeof s4);
    char *h = drawn_with(&k, "\"0x67932\"", s5, sizeof s5);
    ck_assert_str_eq(s3, "424242");
    ck_assert_str_eq(s4, "424242");
    ck_assert_str_eq(s5, "424242"); /* recorded as the number it reads as */
    ck_assert_str_eq(c, d);
    ck_assert_str_eq(c, h);
    free(a), free(b), free(c), free(d), free(h);
    long long e = ko_make_event(&k, "Main", "{\"lengths\": [3]}");
    enter(&k, e, 0, 6);
    char epath[160], path[160];
    snprintf(epath, sizeof epath, "/api/v1/tournaments/%lld/competitions/%lld", k.tid, e);
    snprintf(path, sizeof path, "%s/knockout/draw", epath);
    static const char *const bad[] = {"{\"seed\": \"\"}", "{\"seed\": 1.5}", "{\"seed\": true}",
                                      "{\"seed\": \"123456789012345678901234567890123\"}"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        json_t *before = ko_snapshot(epath);
        struct res r;
        td(&S, "POST", path, bad[i], &r);
        assert_refused(&r, 422, "seed", bad[i]);
        res_free(&r);
        ko_unchanged(before, epath);
    }
}
END_TEST

/* The kinds of the round-1 sides of a bracket, "player", "bye" or "late", 2 per match. */
static int round1_kinds(struct res *r, const char **kinds, int max)
{
    json_t *ms = json_object_get(json_array_get(json_object_get(r->json, "rounds"), 0), "matches");
    int n = 0;
    for (size_t i = 0; i < json_array_size(ms) && n + 1 < max; i++)
        for (int s = 0; s < 2; s++)
            kinds[n++] = side_kind(r, 1, (int)i, s);
    return n;
}

/* KO-2, KO-3 over HTTP: 11 players nobody rated, drawn once with seeding off (the default)
 * and once with seeding asked for: nobody is a seed, so both give the same bracket; 16
 * slots, 5 byes, never two in one match, halves 3/2 and quarters within one of each other,
 * and each bye's opponent walks into round 2. */
START_TEST(test_KO2_KO3_unseeded_draw_places_byes)
{
    struct ko k;
    ko_setup(&k, 11, NULL);
    long long plain = ko_make_event(&k, "Unseeded", "{\"lengths\": [3]}");
    long long asked = ko_make_event(&k, "Seeding asked", "{\"lengths\": [3], \"seeded\": true}");
    enter(&k, plain, 0, 11);
    enter(&k, asked, 0, 11);
    struct res a, b;
    draw(&k, plain, "611", &a);
    ck_assert_msg(a.status == 200, "%s", a.body);
    draw(&k, asked, "611", &b);
    ck_assert_msg(b.status == 200, "%s", b.body);
    ck_assert(json_is_false(json_object_get(a.json, "seeded")));
    ck_assert(json_is_true(json_object_get(b.json, "seeded")));
    ck_assert_int_eq(jint(&a, "size"), 16);
    const char *ka[32], *kb[32];
    int n = round1_kinds(&a, ka, 32);
    ck_assert_int_eq(n, 16);
    ck_assert_int_eq(round1_kinds(&b, kb, 32), 16);
    int byes = 0, half[2] = {0}, quarter[4] = {0};
    for (int s = 0; s < n; s++) {
        ck_assert_str_eq(ka[s], kb[s]);
        ck_assert_int_eq(side_at(&a, 1, s / 2, s % 2), side_at(&b, 1, s / 2, s % 2));
        if (strcmp(ka[s], "bye"))
            continue;
        byes++;
        half[s / 8]++;
        quarter[s / 4]++;
        ck_assert_str_eq(ka[s ^ 1], "player"); /* KO-3: byes never meet */
        /* the bye's opponent walks into round 2 */
        json_t *m = json_array_get(
            json_object_get(json_array_get(json_object_get(a.json, "rounds"), 0), "matches"),
            (size_t)s / 2);
        ck_assert_str_eq(json_string_value(json_object_get(m, "state")), "walkover");
        int ps;
        ck_assert_int_eq(find_side(&a, 2, side_at(&a, 1, s / 2, 1 - s % 2), &ps), s / 4);
    }
    ck_assert_int_eq(byes, 5);
    ck_assert_int_le(abs(half[0] - half[1]), 1);
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++)
            ck_assert_int_le(abs(quarter[i] - quarter[j]), 1);
    /* every player exactly once */
    for (int i = 0; i < 11; i++) {
        int seen = 0;
        for (int s = 0; s < n; s++)
            seen += side_at(&a, 1, s / 2, s % 2) == k.players[i];
        ck_assert_int_eq(seen, 1);
    }
    res_free(&a);
    res_free(&b);
}
END_TEST

/* A problem of this status whose errors name field. */
static int problem_names(struct res *r, long status, const char *field)
{
    if (!problem_is(r, status))
        return 0;
    json_t *errs = json_object_get(r->json, "errors");
    for (size_t i = 0; i < json_array_size(errs); i++)
        if (!strcmp(json_string_value(json_object_get(json_array_get(errs, i), "field")), field))
            return 1;
    return 0;
}

static int audit_total(struct ko *k)
{
    char path[160];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/audit?limit=1000", k->tid);
    struct res r;
    td(&S, "GET", path, NULL, &r);
    int n = (int)json_array_size(json_object_get(r.json, "entries"));
    res_free(&r);
    return n;
}

/* An entry that must be refused with status, naming player_id, and change nothing: the
 * event (its entries), the bracket if drawn, and the audit log. */
static void entry_refused(struct ko *k, long long eid, const char *body, long status,
                          const char *says)
{
    char path[160], epath[160], bpath[160];
    snprintf(epath, sizeof epath, "/api/v1/tournaments/%lld/competitions/%lld", k->tid, eid);
    snprintf(path, sizeof path, "%s/entries", epath);
    bracket_path(k, eid, bpath, sizeof bpath);
    json_t *eb = ko_snapshot(epath), *bb = ko_snapshot(bpath);
    int audit = audit_total(k);
    struct res r;
    td(&S, "POST", path, body, &r);
    ck_assert_msg(problem_names(&r, status, "player_id"), "%s -> %s", body, r.body);
    if (says)
        ck_assert_msg(strstr(r.body, says), "%s lacks '%s'", r.body, says);
    res_free(&r);
    ko_unchanged(eb, epath);
    ko_unchanged(bb, bpath);
    ck_assert_int_eq(audit_total(k), audit);
}

/* KO-1 entries come from the tournament's players (issue 5, bad input): a player entered
 * twice, a withdrawn player, a player of no tournament or of another one, a missing or
 * mistyped player_id, an entry into a fed event, an entry after the draw: each a 409 or
 * 422 that names player_id, and nothing changes. */
START_TEST(test_KO1_entry_refusals_change_nothing)
{
    struct ko k;
    ko_setup(&k, 6, NULL);
    long long e = ko_make_event(&k, "Main", "{\"lengths\": [3]}");
    long long c = fed_event(&k, "Consolation", e, "\"lengths\": [3]");
    enter(&k, e, 0, 4);
    char body[96];
    snprintf(body, sizeof body, "{\"player_id\": %lld}", k.players[0]);
    entry_refused(&k, e, body, 409, "already entered");
    /* a withdrawn player */
    char path[160];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/players/%lld/withdraw", k.tid,
             k.players[4]);
    struct res r;
    td(&S, "POST", path, NULL, &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    res_free(&r);
    snprintf(body, sizeof body, "{\"player_id\": %lld}", k.players[4]);
    entry_refused(&k, e, body, 422, "withdrawn");
    /* nobody's id, and a player of another tournament */
    entry_refused(&k, e, "{\"player_id\": 999999}", 422, "not a player of this tournament");
    long long other = make_tournament(&S, "Elsewhere");
    long long stranger = make_player(&S, other, "Stranger");
    snprintf(body, sizeof body, "{\"player_id\": %lld}", stranger);
    entry_refused(&k, e, body, 422, "not a player of this tournament");
    entry_refused(&k, e, "{}", 422, NULL);
    entry_refused(&k, e, "{\"player_id\": \"3\"}", 422, NULL);
    entry_refused(&k, e, "{\"player_id\": 0}", 422, NULL);
    /* a fed event takes its entrants from the event that feeds it */
    snprintf(body, sizeof body, "{\"player_id\": %lld}", k.players[5]);
    entry_refused(&k, c, body, 409, "KO-5");
    /* after the draw: a late arrival takes a late place */
    draw(&k, e, "66", &r);
    ck_assert_int_eq(r.status, 200);
    res_free(&r);
    entry_refused(&k, e, body, 409, "late place");
    /* the refusals left the entries as they were */
    char epath[160];
    snprintf(epath, sizeof epath, "/api/v1/tournaments/%lld/competitions/%lld", k.tid, e);
    req(&S, "GET", epath, NULL, NULL, &r);
    ck_assert_int_eq(json_array_size(json_object_get(r.json, "entries")), 4);
    res_free(&r);
}
END_TEST

/* KO-4 by the server's own time: the late-entry deadline passes with the late place still
 * empty; nobody asks anything, the server's tick closes late entry, the place becomes a
 * bye and the player who waited for a late arrival walks into round 2; the audit log names
 * the server ("system"), not a TD. */
START_TEST(test_KO4_deadline_passes_waiting_player_walks_over)
{
    struct ko k;
    ko_setup(&k, 5, NULL);
    time_t at = time(NULL) + 10; /* room for the checks below on a loaded machine */
    char when[32], settings[160];
    strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", gmtime(&at));
    snprintf(settings, sizeof settings,
             "{\"late_places\": 1, \"late_deadline\": \"%s\", \"lengths\": [3]}", when);
    struct res r;
    /* 3 entries + 1 late place: 4 slots, the late place faces position 1 */
    long long e = drawn_main(&k, settings, 3, "4040", &r);
    res_free(&r);
    bracket(&k, e, &r);
    int li = -1, ls = 0;
    for (int i = 0; i < 2; i++)
        for (int s = 0; s < 2; s++)
            if (!strcmp(side_kind(&r, 1, i, s), "late"))
                li = i, ls = s;
    ck_assert_int_ge(li, 0);
    long long waiting = side_at(&r, 1, li, 1 - ls);
    ck_assert_int_gt(waiting, 0);
    json_t *m = json_array_get(
        json_object_get(json_array_get(json_object_get(r.json, "rounds"), 0), "matches"),
        (size_t)li);
    ck_assert_str_eq(json_string_value(json_object_get(m, "state")), "waiting");
    ck_assert(json_is_true(json_object_get(json_object_get(r.json, "late"), "open")));
    res_free(&r);
    char ppath[200];
    snprintf(ppath, sizeof ppath,
             "/api/v1/tournaments/%lld/competitions/%lld/knockout/players/%lld", k.tid, e, waiting);
    req(&S, "GET", ppath, NULL, NULL, &r);
    ck_assert_str_eq(jstr(&r, "state"), "waiting_late");
    ck_assert_msg(strstr(jstr(&r, "text"), when) && strstr(jstr(&r, "text"), "late arrival 1"),
                  "%s", r.body);
    ck_assert_int_eq(jint(&r, "late"), 1);
    ck_assert_int_eq(strncmp(jstr(&r, "deadline"), when, 19), 0); /* + milliseconds */
    ck_assert(json_is_null(json_object_get(r.json, "opponent")));
    ck_assert(json_is_null(json_object_get(r.json, "table")));
    res_free(&r);
    /* nobody acts: within a few seconds of the deadline the server's tick closes it */
    int closed = 0;
    for (int i = 0; i < WAIT_MS / 100 && !closed; i++) {
        usleep(100000);
        bracket(&k, e, &r);
        closed = json_is_true(json_object_get(json_object_get(r.json, "late"), "closed"));
        if (!closed)
            res_free(&r);
    }
    ck_assert_msg(closed, "late entry did not close by itself after %s", when);
    ck_assert_int_ge(time(NULL), at);
    ck_assert(json_is_false(json_object_get(json_object_get(r.json, "late"), "open")));
    ck_assert_int_eq(json_integer_value(json_object_get(json_object_get(r.json, "late"), "filled")),
                     0);
    m = json_array_get(
        json_object_get(json_array_get(json_object_get(r.json, "rounds"), 0), "matches"),
        (size_t)li);
    ck_assert_str_eq(side_kind(&r, 1, li, ls), "bye"); /* the unfilled place is a bye */
    ck_assert_str_eq(json_string_value(json_object_get(m, "state")), "walkover");
    ck_assert_str_eq(json_string_value(json_object_get(m, "winner")), ls ? "a" : "b");
    ck_assert_str_eq(json_string_value(json_object_get(m, "match_state")), "void");
    int s2;
    ck_assert_int_eq(find_side(&r, 2, waiting, &s2), 0); /* in the final */
    res_free(&r);
    req(&S, "GET", ppath, NULL, NULL, &r);
    ck_assert_str_ne(jstr(&r, "state"), "waiting_late");
    ck_assert_int_eq(jint(&r, "round"), 2);
    res_free(&r);
    /* a late arrival now: refused, the deadline named */
    char path[160], body[64];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/competitions/%lld/knockout/late", k.tid,
             e);
    snprintf(body, sizeof body, "{\"player_id\": %lld}", k.players[4]);
    char bpath[160];
    bracket_path(&k, e, bpath, sizeof bpath);
    json_t *before = ko_snapshot(bpath);
    td(&S, "POST", path, body, &r);
    ck_assert_msg(problem_is(&r, 409), "%s", r.body);
    res_free(&r);
    ko_unchanged(before, bpath);
    /* the closing is audited */
    json_t *log = audit_after(&k, 0);
    int seen = 0;
    for (size_t i = 0; i < json_array_size(log); i++) {
        json_t *a = json_array_get(log, i);
        if (!strcmp(json_string_value(json_object_get(a, "action")), "knockout.late_closed") &&
            json_integer_value(json_object_get(a, "entity_id")) == e) {
            seen++;
            ck_assert_int_eq(
                json_integer_value(json_object_get(json_object_get(a, "after"), "unfilled")), 1);
            /* by the server's own tick: no official is named (GOV-1) */
            ck_assert_str_eq(json_string_value(json_object_get(a, "actor")), "system");
        }
    }
    ck_assert_int_eq(seen, 1);
    json_decref(log);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("http_knockout");
    TCase *tc = tcase_create("knockout");
    tcase_add_unchecked_fixture(tc, srv_up, srv_down);
    tcase_set_timeout(tc, 240);
    tcase_add_test(tc, test_KO2_draw_refusals_and_reproducible);
    tcase_add_test(tc, test_KO4_late_arrivals);
    tcase_add_test(tc, test_KO4_late_arrival_not_checked_in);
    tcase_add_test(tc, test_KO2_seed_text_or_number);
    tcase_add_test(tc, test_KO2_KO3_unseeded_draw_places_byes);
    tcase_add_test(tc, test_KO1_entry_refusals_change_nothing);
    tcase_add_test(tc, test_KO4_deadline_passes_waiting_player_walks_over);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
