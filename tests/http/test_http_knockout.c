/* HTTP tests of knockout events (KO-1..KO-8): the draw and its refusals, late arrivals,
 * the bracket advancing with verified results, corrections with their cascade, tables, and
 * a whole weekend of 37 players with 3 late places and a progressive Consolation. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "support/harness.h"
#include "../check_main.h"

struct ko {
    long long tid, main, cons;
    long long players[64];
    int n;
};

static long long make_event(struct ko *k, const char *name, const char *settings)
{
    char path[128], body[512];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/competitions", k->tid);
    snprintf(body, sizeof body, "{\"kind\": \"knockout\", \"name\": \"%s\", \"knockout\": %s}",
             name, settings);
    struct res r;
    td(&S, "POST", path, body, &r);
    ck_assert_msg(r.status == 201, "%s", r.body);
    long long id = jint(&r, "id");
    res_free(&r);
    return id;
}

static void setup(struct ko *k, int players, const char *tables)
{
    memset(k, 0, sizeof *k);
    char body[512];
    snprintf(body, sizeof body, "{\"name\": \"Weekend\", \"tables\": %s}", tables ? tables : "[]");
    struct res r;
    td(&S, "POST", "/api/v1/tournaments", body, &r);
    k->tid = jint(&r, "id");
    res_free(&r);
    k->n = players;
    for (int i = 0; i < players; i++) {
        char name[32];
        snprintf(name, sizeof name, "Player %02d", i + 1);
        k->players[i] = make_player(&S, k->tid, name);
    }
}

static void enter(struct ko *k, long long eid, int from, int to)
{
    char path[160], body[64];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/competitions/%lld/entries", k->tid, eid);
    for (int i = from; i < to; i++) {
        snprintf(body, sizeof body, "{\"player_id\": %lld}", k->players[i]);
        struct res r;
        td(&S, "POST", path, body, &r);
        ck_assert_msg(r.status == 201, "%s", r.body);
        res_free(&r);
    }
}

static void bracket(struct ko *k, long long eid, struct res *r)
{
    char path[160];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/competitions/%lld/knockout", k->tid, eid);
    req(&S, "GET", path, NULL, NULL, r);
    ck_assert_int_eq(r->status, 200);
}

static void draw(struct ko *k, long long eid, const char *seed, struct res *r)
{
    char path[160], body[64];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/competitions/%lld/knockout/draw", k->tid,
             eid);
    snprintf(body, sizeof body, "{\"seed\": \"%s\"}", seed);
    td(&S, "POST", path, body, r);
}

/* An event "Main" (settings) with the players [0, entries) in it, drawn with seed: r holds
 * the draw's answer, a 200. */
static long long drawn_main(struct ko *k, const char *settings, int entries, const char *seed,
                            struct res *r)
{
    long long e = make_event(k, "Main", settings);
    enter(k, e, 0, entries);
    draw(k, e, seed, r);
    ck_assert_msg(r->status == 200, "%s", r->body);
    return e;
}

/* An event fed by the losers of the event from: settings are {"feeds_from": from, rest}. */
static long long fed_event(struct ko *k, const char *name, long long from, const char *rest)
{
    char settings[160];
    snprintf(settings, sizeof settings, "{\"feeds_from\": %lld, %s}", from, rest);
    return make_event(k, name, settings);
}

static void verify(struct ko *k, long long mid, int length, int b_wins, const char *extra,
                   struct res *r)
{
    char path[160], body[200];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/matches/%lld/%s", k->tid, mid,
             extra ? "correct" : "verify");
    snprintf(body, sizeof body, "{\"score\": {\"a\": %d, \"b\": %d}%s}", b_wins ? 0 : length,
             b_wins ? length : 0, extra ? extra : "");
    td(&S, "POST", path, body, r);
}

/* Plays every ready match of a bracket (winner by lot); the number played. */
static int play_ready(struct ko *k, long long eid, uint64_t *seed)
{
    struct res r;
    bracket(k, eid, &r);
    if (!json_is_true(json_object_get(r.json, "drawn"))) {
        res_free(&r);
        return 0;
    }
    long long ids[64];
    int lens[64], n = 0;
    json_t *rounds = json_object_get(r.json, "rounds");
    for (size_t i = 0; i < json_array_size(rounds); i++) {
        json_t *ms = json_object_get(json_array_get(rounds, i), "matches");
        int length = (int)json_integer_value(json_object_get(json_array_get(rounds, i), "length"));
        for (size_t j = 0; j < json_array_size(ms); j++) {
            json_t *m = json_array_get(ms, j);
            if (!strcmp(json_string_value(json_object_get(m, "state")), "ready")) {
                ids[n] = json_integer_value(json_object_get(m, "match_id"));
                lens[n++] = length;
            }
        }
    }
    res_free(&r);
    for (int i = 0; i < n; i++) {
        *seed = *seed * 6364136223846793005ull + 1442695040888963407ull;
        verify(k, ids[i], lens[i], (int)(*seed >> 40) & 1, NULL, &r);
        ck_assert_msg(r.status == 200, "%s", r.body);
        res_free(&r);
    }
    return n;
}

/* The match id of round r (1-based), index i, of a bracket's JSON. */
static long long match_at(struct res *r, int round, int i)
{
    json_t *ms = json_object_get(
        json_array_get(json_object_get(r->json, "rounds"), (size_t)round - 1), "matches");
    return json_integer_value(json_object_get(json_array_get(ms, (size_t)i), "match_id"));
}

/* The player id on side s of round r, index i (0 when the side is not a player). */
static long long side_at(struct res *r, int round, int i, int s)
{
    json_t *ms = json_object_get(
        json_array_get(json_object_get(r->json, "rounds"), (size_t)round - 1), "matches");
    json_t *sides = json_object_get(json_array_get(ms, (size_t)i), "sides");
    return json_integer_value(json_object_get(json_array_get(sides, (size_t)s), "player_id"));
}

/* The JSON of a GET, kept to compare with a later one: what "nothing changed" means. */
static json_t *snapshot(const char *path)
{
    struct res r;
    req(&S, "GET", path, NULL, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    json_t *j = json_incref(r.json);
    res_free(&r);
    return j;
}

static void unchanged(json_t *before, const char *path)
{
    json_t *now = snapshot(path);
    char *a = json_dumps(before, JSON_COMPACT | JSON_SORT_KEYS),
         *b = json_dumps(now, JSON_COMPACT | JSON_SORT_KEYS);
    ck_assert_msg(json_equal(before, now), "%s changed:\n%s\n%s", path, a, b);
    free(a);
    free(b);
    json_decref(before);
    json_decref(now);
}

static void bracket_path(struct ko *k, long long eid, char *path, size_t len)
{
    snprintf(path, len, "/api/v1/tournaments/%lld/competitions/%lld/knockout", k->tid, eid);
}

/* The TD checks player i in: a late arrival is a player who arrived (KO-4). */
static void check_in(struct ko *k, int i)
{
    char path[160];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/players/%lld/check-in", k->tid,
             k->players[i]);
    struct res r;
    td(&S, "POST", path, NULL, &r);
    ck_assert_msg(r.status == 200, "check-in: %ld %s", r.status, r.body);
    res_free(&r);
}

/* A GET of path with "If-None-Match: inm" (and gzip accepted when gz) must be a 304 with no
 * body; when etag is given, the 304 carries that ETag. */
static void not_modified(const char *path, const char *inm, int gz, const char *etag)
{
    char h_inm[160], got[80];
    snprintf(h_inm, sizeof h_inm, "If-None-Match: %s", inm);
    const char *h[] = {h_inm, gz ? "Accept-Encoding: gzip" : NULL, NULL};
    struct res r;
    req(&S, "GET", path, NULL, h, &r);
    ck_assert_int_eq(r.status, 304);
    ck_assert_int_eq(r.len, 0);
    if (etag)
        ck_assert_str_eq(res_header(&r, "ETag", got, sizeof got), etag);
    res_free(&r);
}

/* A correction of match mid (extra as for verify) that must be refused with a 409 and
 * change neither the Main e nor the Consolation c; r holds the refusal. */
static void correction_refused(struct ko *k, long long e, long long c, long long mid, int b_wins,
                               const char *extra, struct res *r)
{
    char mp[160], cp[160];
    bracket_path(k, e, mp, sizeof mp);
    bracket_path(k, c, cp, sizeof cp);
    json_t *main_before = snapshot(mp), *cons_before = snapshot(cp);
    verify(k, mid, 3, b_wins, extra, r);
    ck_assert_msg(problem_is(r, 409), "%s", r->body);
    unchanged(main_before, mp);
    unchanged(cons_before, cp);
}

/* Players, a Main (main_settings) of them all with a Consolation fed by it (progressive or
 * not, length 3), drawn with seed: r holds the draw's answer. */
static void main_and_consolation(struct ko *k, int players, const char *main_settings,
                                 int progressive, const char *seed, long long *e, long long *c,
                                 struct res *r)
{
    setup(k, players, NULL);
    *e = make_event(k, "Main", main_settings);
    *c = fed_event(k, "Consolation", *e,
                   progressive ? "\"progressive\": true, \"lengths\": [3]"
                               : "\"progressive\": false, \"lengths\": [3]");
    enter(k, *e, 0, players);
    draw(k, *e, seed, r);
    ck_assert_int_eq(r->status, 200);
}

START_TEST(test_KO2_draw_refusals_and_reproducible)
{
    struct ko k;
    setup(&k, 6, NULL);
    long long e = make_event(&k, "Main", "{\"lengths\": [3]}");
    char epath[160], bpath[160];
    snprintf(epath, sizeof epath, "/api/v1/tournaments/%lld/competitions/%lld", k.tid, e);
    bracket_path(&k, e, bpath, sizeof bpath);
    struct res r;
    json_t *before = snapshot(epath);
    draw(&k, e, "7", &r); /* no entries */
    ck_assert(problem_is(&r, 409));
    res_free(&r);
    unchanged(before, epath);
    enter(&k, e, 0, 1);
    before = snapshot(epath);
    draw(&k, e, "7", &r); /* one entry */
    ck_assert(problem_is(&r, 409));
    res_free(&r);
    unchanged(before, epath);
    /* a duplicate entry */
    char path[160], body[64];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/competitions/%lld/entries", k.tid, e);
    snprintf(body, sizeof body, "{\"player_id\": %lld}", k.players[0]);
    before = snapshot(epath);
    td(&S, "POST", path, body, &r);
    ck_assert(problem_is(&r, 409));
    res_free(&r);
    unchanged(before, epath);
    enter(&k, e, 1, 6);
    draw(&k, e, "12345", &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    ck_assert_str_eq(jstr(&r, "seed"), "12345");
    ck_assert_int_eq(jint(&r, "algorithm_version"), 1);
    ck_assert_int_eq(jint(&r, "size"), 8);
    res_free(&r);
    json_t *drawn = snapshot(bpath);
    before = snapshot(epath);
    draw(&k, e, "1", &r); /* twice */
    ck_assert(problem_is(&r, 409));
    res_free(&r);
    unchanged(drawn, bpath);
    unchanged(before, epath);
    /* the same seed and entries give the same bracket in another event (KO-2) */
    long long e2 = make_event(&k, "Main again", "{\"lengths\": [3]}");
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
    setup(&k, 8, NULL);
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
    json_t *before = snapshot(bpath);
    td(&S, "POST", path, body, &r);
    ck_assert(problem_is(&r, 409));
    res_free(&r);
    unchanged(before, bpath);
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
    before = snapshot(bpath);
    td(&S, "POST", path, body, &r); /* too late */
    ck_assert(problem_is(&r, 409));
    res_free(&r);
    unchanged(before, bpath);
    td(&S, "PATCH", epath, "{\"late_deadline\": null}", &r); /* closed: nothing to move */
    ck_assert(problem_is(&r, 409));
    res_free(&r);
    /* a deadline in the past: no late arrival */
    long long e2 = make_event(&k, "Past",
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
    setup(&k, 6, NULL);
    struct res r;
    long long e = drawn_main(&k, "{\"late_places\": 1, \"lengths\": [3]}", 5, "7", &r);
    res_free(&r);
    char path[160], body[64], bpath[160];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/competitions/%lld/knockout/late", k.tid,
             e);
    snprintf(body, sizeof body, "{\"player_id\": %lld}", k.players[5]);
    bracket_path(&k, e, bpath, sizeof bpath);
    json_t *before = snapshot(bpath);
    td(&S, "POST", path, body, &r);
    assert_refused(&r, 409, "KO-4", "a late arrival never checked in");
    ck_assert_msg(strstr(jstr(&r, "detail"), "Player 06"), "the player is not named: %s", r.body);
    ck_assert_msg(strstr(jstr(&r, "detail"), "check them in"), "no way out: %s", r.body);
    ck_assert_int_eq(jint(&r, "player_id"), k.players[5]);
    res_free(&r);
    unchanged(before, bpath);
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
    long long e = make_event(k, "Main", "{\"lengths\": [3]}");
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
    setup(&k, 6, NULL);
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
    long long e = make_event(&k, "Main", "{\"lengths\": [3]}");
    enter(&k, e, 0, 6);
    char epath[160], path[160];
    snprintf(epath, sizeof epath, "/api/v1/tournaments/%lld/competitions/%lld", k.tid, e);
    snprintf(path, sizeof path, "%s/knockout/draw", epath);
    static const char *const bad[] = {"{\"seed\": \"\"}", "{\"seed\": 1.5}", "{\"seed\": true}",
                                      "{\"seed\": \"123456789012345678901234567890123\"}"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        json_t *before = snapshot(epath);
        struct res r;
        td(&S, "POST", path, bad[i], &r);
        assert_refused(&r, 422, "seed", bad[i]);
        res_free(&r);
        unchanged(before, epath);
    }
}
END_TEST

START_TEST(test_KO8_advance_and_correction_cascade)
{
    struct ko k;
    setup(&k, 4, "[\"1\", \"2\"]");
    struct res r;
    long long e = drawn_main(&k, "{\"lengths\": [3, 5]}", 4, "2026", &r);
    json_t *r1 = json_object_get(json_array_get(json_object_get(r.json, "rounds"), 0), "matches");
    long long m1 = json_integer_value(json_object_get(json_array_get(r1, 0), "match_id"));
    long long m2 = json_integer_value(json_object_get(json_array_get(r1, 1), "match_id"));
    json_t *r2 = json_object_get(json_array_get(json_object_get(r.json, "rounds"), 1), "matches");
    long long fin = json_integer_value(json_object_get(json_array_get(r2, 0), "match_id"));
    ck_assert_int_eq(json_integer_value(json_object_get(
                         json_array_get(json_object_get(r.json, "rounds"), 1), "length")),
                     5); /* KO-7: the final is to 5 */
    res_free(&r);
    /* a result for the final before its players are known */
    verify(&k, fin, 5, 0, NULL, &r);
    ck_assert(problem_is(&r, 409));
    res_free(&r);
    /* KO-7: tables go to the ready matches */
    char path[160];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/tables/assign", k.tid);
    td(&S, "POST", path, NULL, &r);
    ck_assert_int_eq(jint(&r, "assigned"), 2);
    res_free(&r);
    /* the player's sentence now names the table instead of "wait for the call" */
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/matches/%lld", k.tid, m1);
    req(&S, "GET", path, NULL, NULL, &r);
    long long pa = json_integer_value(
        json_object_get(json_array_get(json_object_get(r.json, "sides"), 0), "player_id"));
    char table[64];
    snprintf(table, sizeof table, "at table %s", jstr(&r, "table"));
    res_free(&r);
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/competitions/%lld/knockout/players/%lld",
             k.tid, e, pa);
    req(&S, "GET", path, NULL, NULL, &r);
    ck_assert_msg(strstr(jstr(&r, "text"), table) && strstr(jstr(&r, "text"), "go to your table"),
                  "%s", r.body);
    /* the same facts as fields, for a page that speaks another language */
    ck_assert_str_eq(jstr(&r, "state"), "ready");
    ck_assert_str_eq(jstr(&r, "match_state"), "called");
    ck_assert_str_eq(jstr(&r, "table"), table + strlen("at table "));
    ck_assert_int_eq(jint(&r, "match_id"), m1);
    ck_assert_int_eq(jint(&r, "round"), 1);
    json_t *opp = json_object_get(r.json, "opponent");
    ck_assert_int_ne(json_integer_value(json_object_get(opp, "player_id")), pa);
    ck_assert_msg(strstr(jstr(&r, "text"), json_string_value(json_object_get(opp, "name"))), "%s",
                  r.body);
    ck_assert(json_is_string(json_object_get(r.json, "event_name")));
    res_free(&r);
    verify(&k, m1, 3, 0, NULL, &r);
    res_free(&r);
    /* pa won: waits for the winner of round 1 match 2, said in fields as well */
    req(&S, "GET", path, NULL, NULL, &r);
    ck_assert_str_eq(jstr(&r, "state"), "waiting_opponent");
    ck_assert_int_eq(jint(&r, "from_round"), 1);
    ck_assert_int_eq(jint(&r, "from_match"), 2);
    ck_assert_int_eq(jint(&r, "round"), 2);
    ck_assert_ptr_nonnull(strstr(jstr(&r, "text"), "round 1 match 2"));
    res_free(&r);
    verify(&k, m2, 3, 1, NULL, &r);
    res_free(&r);
    bracket(&k, e, &r);
    r2 = json_object_get(json_array_get(json_object_get(r.json, "rounds"), 1), "matches");
    ck_assert_str_eq(json_string_value(json_object_get(json_array_get(r2, 0), "state")), "ready");
    res_free(&r);
    verify(&k, fin, 5, 1, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    res_free(&r);
    bracket(&k, e, &r);
    ck_assert(json_is_integer(json_object_get(r.json, "champion")));
    ck_assert_str_eq(jstr(&r, "state"), "finished");
    res_free(&r);
    /* correcting round 1 after the final: refused without the cascade (KO-8) */
    verify(&k, m1, 3, 1, ", \"reason\": \"sheet\"", &r);
    ck_assert(problem_is(&r, 409));
    ck_assert_int_eq(json_array_size(json_object_get(r.json, "would_undo")), 1);
    res_free(&r);
    verify(&k, m1, 3, 1, ", \"reason\": \"sheet\", \"confirm_cascade\": true", &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    res_free(&r);
    bracket(&k, e, &r);
    r2 = json_object_get(json_array_get(json_object_get(r.json, "rounds"), 1), "matches");
    ck_assert_str_eq(json_string_value(json_object_get(json_array_get(r2, 0), "state")), "ready");
    ck_assert(json_is_null(json_object_get(r.json, "champion")));
    ck_assert_str_eq(jstr(&r, "state"), "running"); /* the final undone: reopened */
    res_free(&r);
}
END_TEST

/* CLK-7 with KO-8: a flag decides a round-1 match, the bracket moves on and the final is
 * played; reversing the flag then undoes the final only when the TD confirms the cascade. */
START_TEST(test_CLK7_KO8_reverse_flag_after_the_bracket_moved_on)
{
    struct ko k;
    setup(&k, 4, "[]");
    char path[200];
    struct res r;
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld", k.tid);
    td(&S, "PATCH", path, "{\"clock\": {\"bank_per_point_s\": 1, \"delay_s\": 0}}", &r);
    ck_assert_int_eq(r.status, 200);
    res_free(&r);
    long long e = drawn_main(&k, "{\"lengths\": [3, 5]}", 4, "2027", &r);
    res_free(&r);
    bracket(&k, e, &r);
    long long m1 = match_at(&r, 1, 0), m2 = match_at(&r, 1, 1), fin = match_at(&r, 2, 0);
    res_free(&r);
    /* side a rolled lower: b's 3 seconds run out */
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/matches/%lld/clock/start", k.tid, m1);
    td(&S, "POST", path, "{\"lower_die\": \"a\"}", &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    res_free(&r);
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/matches/%lld", k.tid, m1);
    for (int i = 0; i < WAIT_MS / 100; i++) {
        req(&S, "GET", path, NULL, NULL, &r);
        int done = !strcmp(jstr(&r, "state"), "forfeited");
        res_free(&r);
        if (done)
            break;
        usleep(100000);
    }
    req(&S, "GET", path, NULL, NULL, &r);
    ck_assert_str_eq(jstr(&r, "state"), "forfeited");
    ck_assert_str_eq(jstr(&r, "winner"), "a");
    res_free(&r);
    verify(&k, m2, 3, 1, NULL, &r);
    res_free(&r);
    verify(&k, fin, 5, 0, NULL, &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    res_free(&r);
    char rf[200];
    snprintf(rf, sizeof rf, "/api/v1/tournaments/%lld/matches/%lld/clock/reverse-flag", k.tid, m1);
    char bp[200];
    bracket_path(&k, e, bp, sizeof bp);
    json_t *before = snapshot(bp);
    td(&S, "POST", rf, NULL, &r);
    ck_assert(problem_is(&r, 409));
    ck_assert_int_eq(json_array_size(json_object_get(r.json, "would_undo")), 1);
    res_free(&r);
    unchanged(before, bp); /* (consumes before) */
    td(&S, "POST", rf, "{\"confirm_cascade\": true}", &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    ck_assert_str_eq(jstr(&r, "state"), "paused");
    ck_assert_str_eq(jstr(&r, "paused_reason"), "td");
    res_free(&r);
    req(&S, "GET", path, NULL, NULL, &r);
    ck_assert_str_eq(jstr(&r, "state"), "playing"); /* back where the flag found it */
    res_free(&r);
    bracket(&k, e, &r);
    ck_assert(json_is_null(json_object_get(r.json, "champion")));
    ck_assert_int_eq(side_at(&r, 2, 0, 0), 0); /* the final waits for round 1 again */
    res_free(&r);
}
END_TEST

/* KO-5, KO-8: a Main correction after its Consolation was drawn and played. The old loser
 * (who won the Consolation) goes back to the Main; the new loser takes the Consolation
 * place, once the TD confirms undoing the Consolation match that the swap invalidates. */
START_TEST(test_KO5_KO8_main_correction_follows_into_consolation)
{
    struct ko k;
    struct res r;
    long long e, c;
    main_and_consolation(&k, 4, "{\"lengths\": [3, 5]}", 0, "2026", &e, &c, &r);
    long long m1 = match_at(&r, 1, 0), m2 = match_at(&r, 1, 1);
    long long a = side_at(&r, 1, 0, 0), b = side_at(&r, 1, 0, 1), d = side_at(&r, 1, 1, 1);
    res_free(&r);
    verify(&k, m1, 3, 0, NULL, &r); /* a beats b */
    ck_assert_int_eq(r.status, 200);
    res_free(&r);
    verify(&k, m2, 3, 0, NULL, &r); /* c beats d */
    ck_assert_int_eq(r.status, 200);
    res_free(&r);
    /* the Consolation drew itself: b v d; b wins it */
    bracket(&k, c, &r);
    ck_assert(json_is_true(json_object_get(r.json, "drawn")));
    long long cm = match_at(&r, 1, 0);
    int bside = side_at(&r, 1, 0, 0) == b ? 0 : 1;
    ck_assert_int_eq(side_at(&r, 1, 0, bside), b);
    ck_assert_int_eq(side_at(&r, 1, 0, 1 - bside), d);
    res_free(&r);
    verify(&k, cm, 3, bside, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    res_free(&r);
    bracket(&k, c, &r);
    ck_assert_int_eq(jint(&r, "champion"), b);
    ck_assert_str_eq(jstr(&r, "state"), "finished");
    res_free(&r);
    /* the correction: b beat a. Refused without the cascade, naming the Consolation match */
    correction_refused(&k, e, c, m1, 1, ", \"reason\": \"sheet\"", &r);
    json_t *wu = json_object_get(r.json, "would_undo");
    ck_assert_int_eq(json_array_size(wu), 1);
    ck_assert_int_eq(json_integer_value(json_array_get(wu, 0)), cm);
    ck_assert_ptr_nonnull(strstr(jstr(&r, "detail"), "events it feeds"));
    res_free(&r);
    /* confirmed: b plays the Main final, a takes b's Consolation place, its match is undone */
    verify(&k, m1, 3, 1, ", \"reason\": \"sheet\", \"confirm_cascade\": true", &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    res_free(&r);
    bracket(&k, e, &r);
    ck_assert_int_eq(side_at(&r, 2, 0, 0), b);
    res_free(&r);
    bracket(&k, c, &r);
    ck_assert_int_eq(side_at(&r, 1, 0, bside), a);
    ck_assert_int_eq(side_at(&r, 1, 0, 1 - bside), d);
    json_t *m0 = json_array_get(
        json_object_get(json_array_get(json_object_get(r.json, "rounds"), 0), "matches"), 0);
    ck_assert_str_eq(json_string_value(json_object_get(m0, "state")), "ready");
    ck_assert(json_is_null(json_object_get(r.json, "champion")));
    ck_assert_str_eq(jstr(&r, "state"), "running"); /* reopened */
    res_free(&r);
    /* b is out of the Consolation, a is in it */
    char path[200], cp[160];
    bracket_path(&k, c, cp, sizeof cp);
    snprintf(path, sizeof path, "%s/players/%lld", cp, b);
    req(&S, "GET", path, NULL, NULL, &r);
    ck_assert_int_eq(r.status, 404);
    res_free(&r);
    snprintf(path, sizeof path, "%s/players/%lld", cp, a);
    req(&S, "GET", path, NULL, NULL, &r);
    ck_assert_str_eq(jstr(&r, "state"), "ready");
    res_free(&r);
    /* the Consolation match is played again: a is its champion */
    verify(&k, cm, 3, bside, NULL, &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    res_free(&r);
    bracket(&k, c, &r);
    ck_assert_int_eq(jint(&r, "champion"), a);
    ck_assert_str_eq(jstr(&r, "state"), "finished");
    res_free(&r);
}
END_TEST

/* Where player id sits in round `round` of a bracket's JSON: the match index, *side set. */
static int find_side(struct res *r, int round, long long id, int *side)
{
    json_t *ms = json_object_get(
        json_array_get(json_object_get(r->json, "rounds"), (size_t)round - 1), "matches");
    for (size_t i = 0; i < json_array_size(ms); i++)
        for (int s = 0; s < 2; s++)
            if (side_at(r, round, (int)i, s) == id) {
                *side = s;
                return (int)i;
            }
    return -1;
}

static const char *side_kind(struct res *r, int round, int i, int s)
{
    json_t *ms = json_object_get(
        json_array_get(json_object_get(r->json, "rounds"), (size_t)round - 1), "matches");
    json_t *sides = json_object_get(json_array_get(ms, (size_t)i), "sides");
    const char *kind = json_string_value(json_object_get(json_array_get(sides, (size_t)s), "kind"));
    return kind ? kind : "player";
}

/* KO-5, KO-8: a correction that takes a player out of a drawn progressive Consolation with
 * nobody to replace them yet. W won Main round 1 and lost round 2, so entered Consolation
 * round 2; L lost to W and played Consolation round 1. Corrected (L beat W), W takes L's
 * Consolation place, W's round-2 place waits for the loser of the replayed Main match. */
START_TEST(test_KO5_KO8_correction_leaves_a_vacant_consolation_place)
{
    struct ko k;
    struct res r;
    long long e, c;
    main_and_consolation(&k, 8, "{\"lengths\": [3]}", 1, "77", &e, &c, &r);
    long long m1[4], w = side_at(&r, 1, 0, 0), l = side_at(&r, 1, 0, 1);
    for (int i = 0; i < 4; i++)
        m1[i] = match_at(&r, 1, i);
    res_free(&r);
    for (int i = 0; i < 4; i++) { /* side a wins every round-1 match: W beats L */
        verify(&k, m1[i], 3, 0, NULL, &r);
        ck_assert_int_eq(r.status, 200);
        res_free(&r);
    }
    bracket(&k, e, &r);
    long long m2 = match_at(&r, 2, 0), m2b = match_at(&r, 2, 1);
    ck_assert_int_eq(side_at(&r, 2, 0, 0), w);
    res_free(&r);
    verify(&k, m2, 3, 1, NULL, &r); /* W loses round 2 */
    ck_assert_int_eq(r.status, 200);
    res_free(&r);
    verify(&k, m2b, 3, 0, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    res_free(&r);
    /* the Consolation drew itself: L in round 1, W in round 2 behind a structural bye */
    bracket(&k, c, &r);
    ck_assert_msg(json_is_true(json_object_get(r.json, "drawn")), "%s", r.body);
    int ls, ws, li = find_side(&r, 1, l, &ls), wi = find_side(&r, 1, w, &ws);
    ck_assert_int_ge(li, 0);
    ck_assert_int_ge(wi, 0);
    ck_assert_str_eq(side_kind(&r, 1, wi, 1 - ws), "bye");
    long long cm = match_at(&r, 1, li);
    res_free(&r);
    verify(&k, cm, 3, ls, NULL, &r); /* L loses there */
    ck_assert_int_eq(r.status, 200);
    res_free(&r);
    /* the correction: refused without confirmation, naming both matches it would undo */
    correction_refused(&k, e, c, m1[0], 1, ", \"reason\": \"sheet\"", &r);
    ck_assert_str_eq(jstr(&r, "type") + strlen(jstr(&r, "type")) - strlen("cascade"), "cascade");
    json_t *wu = json_object_get(r.json, "would_undo");
    ck_assert_int_eq(json_array_size(wu), 2);
    int seen_m2 = 0, seen_cm = 0;
    for (size_t i = 0; i < json_array_size(wu); i++) {
        long long id = json_integer_value(json_array_get(wu, i));
        seen_m2 += id == m2;
        seen_cm += id == cm;
    }
    ck_assert(seen_m2 && seen_cm);
    res_free(&r);
    /* confirmed */
    verify(&k, m1[0], 3, 1, ", \"reason\": \"sheet\", \"confirm_cascade\": true", &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    res_free(&r);
    bracket(&k, c, &r);
    ck_assert_int_eq(side_at(&r, 1, li, ls), w); /* W plays L's round-1 match */
    ck_assert_str_eq(side_kind(&r, 1, wi, ws), "to_enter");
    json_t *held = json_array_get(
        json_object_get(json_array_get(json_object_get(r.json, "rounds"), 0), "matches"),
        (size_t)wi);
    ck_assert_str_eq(json_string_value(json_object_get(held, "state")), "waiting");
    res_free(&r);
    char path[200], cp[160];
    bracket_path(&k, c, cp, sizeof cp);
    snprintf(path, sizeof path, "%s/players/%lld", cp, l);
    req(&S, "GET", path, NULL, NULL, &r);
    ck_assert_int_eq(r.status, 404); /* L is out of the Consolation: L plays on in the Main */
    res_free(&r);
    snprintf(path, sizeof path, "%s/players/%lld", cp, w);
    req(&S, "GET", path, NULL, NULL, &r);
    ck_assert_str_eq(jstr(&r, "state"), "ready");
    res_free(&r);
    /* Main round 2 again: L loses it, and takes the waiting place */
    bracket(&k, e, &r);
    ck_assert_int_eq(side_at(&r, 2, 0, 0), l);
    res_free(&r);
    verify(&k, m2, 3, 1, NULL, &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    res_free(&r);
    bracket(&k, c, &r);
    ck_assert_int_eq(side_at(&r, 1, wi, ws), l);
    res_free(&r);
    snprintf(path, sizeof path, "%s/players/%lld", cp, l);
    req(&S, "GET", path, NULL, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    res_free(&r);
    /* the Consolation plays to its end */
    uint64_t seed = 5;
    while (play_ready(&k, c, &seed) > 0)
        ;
    bracket(&k, c, &r);
    ck_assert_msg(json_is_integer(json_object_get(r.json, "champion")), "%s", r.body);
    res_free(&r);
}
END_TEST

static void decide(struct ko *k, long long mid, const char *what, const char *body, struct res *r)
{
    char path[160];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/matches/%lld/%s", k->tid, mid, what);
    td(&S, "POST", path, body, r);
}

/* KO-5, KO-8: a drawn event does not grow. A round-1 withdrawal in the Main (the loser does
 * not enter the Consolation) corrected, after the Consolation was drawn, into a played loss
 * would bring a new entrant with no place free: refused with the reason, nothing changed. */
START_TEST(test_KO5_correction_needing_a_new_place_is_refused)
{
    struct ko k;
    struct res r;
    long long e, c;
    main_and_consolation(&k, 8, "{\"lengths\": [3]}", 0, "78", &e, &c, &r);
    long long m1[4];
    for (int i = 0; i < 4; i++)
        m1[i] = match_at(&r, 1, i);
    res_free(&r);
    decide(&k, m1[0], "withdraw", "{\"side\": \"b\", \"reason\": \"ill\"}", &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    res_free(&r);
    for (int i = 1; i < 4; i++) {
        verify(&k, m1[i], 3, 0, NULL, &r);
        ck_assert_int_eq(r.status, 200);
        res_free(&r);
    }
    bracket(&k, e, &r);
    long long m2 = match_at(&r, 2, 0);
    res_free(&r);
    verify(&k, m2, 3, 0, NULL, &r); /* the withdrawal's winner plays, and wins */
    ck_assert_int_eq(r.status, 200);
    res_free(&r);
    bracket(&k, c, &r);
    ck_assert_msg(json_is_true(json_object_get(r.json, "drawn")), "%s", r.body);
    res_free(&r);
    correction_refused(&k, e, c, m1[0], 0, ", \"reason\": \"sheet\", \"confirm_cascade\": true",
                       &r);
    ck_assert_ptr_nonnull(strstr(jstr(&r, "detail"), "Consolation is drawn and cannot follow"));
    ck_assert_ptr_nonnull(strstr(jstr(&r, "detail"), "does not grow (KO-5)"));
    res_free(&r);
}
END_TEST

/* KO-8: a player withdraws before the next opponent is known; the opponent, once known,
 * advances by walkover. A withdrawal from a side nobody holds yet is refused. */
START_TEST(test_KO8_withdrawal_before_opponent_known)
{
    struct ko k;
    setup(&k, 4, NULL);
    struct res r;
    long long e = drawn_main(&k, "{\"lengths\": [3, 5]}", 4, "77", &r);
    long long m1 = match_at(&r, 1, 0), m2 = match_at(&r, 1, 1), fin = match_at(&r, 2, 0);
    long long a = side_at(&r, 1, 0, 0), c = side_at(&r, 1, 1, 0);
    res_free(&r);
    verify(&k, m1, 3, 0, NULL, &r); /* a wins, waits for the winner of m2 */
    ck_assert_int_eq(r.status, 200);
    res_free(&r);
    char mp[160];
    bracket_path(&k, e, mp, sizeof mp);
    json_t *before = snapshot(mp);
    decide(&k, fin, "withdraw", "{\"side\": \"b\"}", &r); /* side b is nobody yet */
    ck_assert_msg(problem_is(&r, 409), "%s", r.body);
    res_free(&r);
    unchanged(before, mp);
    decide(&k, fin, "withdraw", "{\"side\": \"a\", \"reason\": \"ill\"}", &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    ck_assert_str_eq(jstr(&r, "state"), "withdrawn");
    ck_assert_str_eq(jstr(&r, "winner"), "b");
    res_free(&r);
    bracket(&k, e, &r);
    ck_assert(json_is_null(json_object_get(r.json, "champion")));
    res_free(&r);
    /* m2 is decided: its winner is champion without playing the final */
    verify(&k, m2, 3, 0, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    res_free(&r);
    bracket(&k, e, &r);
    ck_assert_int_eq(side_at(&r, 2, 0, 0), a);
    ck_assert_int_eq(side_at(&r, 2, 0, 1), c);
    ck_assert_int_eq(jint(&r, "champion"), c);
    ck_assert_str_eq(jstr(&r, "state"), "finished");
    res_free(&r);
}
END_TEST

/* KO-8, KO-5: a disqualification advances the opponent; the disqualified player does not
 * enter the Consolation, the other first-round loser does. */
START_TEST(test_KO8_KO5_disqualification)
{
    struct ko k;
    setup(&k, 4, NULL);
    long long e = make_event(&k, "Main", "{\"lengths\": [3, 5]}");
    long long c = fed_event(&k, "Consolation", e, "\"lengths\": [3]");
    enter(&k, e, 0, 4);
    struct res r;
    draw(&k, e, "31", &r);
    long long m1 = match_at(&r, 1, 0), m2 = match_at(&r, 1, 1);
    long long a = side_at(&r, 1, 0, 0), b = side_at(&r, 1, 0, 1), d = side_at(&r, 1, 1, 1);
    res_free(&r);
    /* TD only, with a side and a reason */
    char path[160];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/matches/%lld/disqualify", k.tid, m1);
    req(&S, "POST", path, "{\"side\": \"b\", \"reason\": \"cheating\"}", NULL, &r);
    ck_assert_int_eq(r.status, 403);
    res_free(&r);
    decide(&k, m1, "disqualify", "{\"side\": \"b\"}", &r);
    ck_assert(problem_is(&r, 422));
    res_free(&r);
    decide(&k, m1, "disqualify", "{\"side\": \"b\", \"reason\": \"cheating\"}", &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    ck_assert_str_eq(jstr(&r, "state"), "withdrawn");
    ck_assert_str_eq(jstr(&r, "decided_how"), "disqualified");
    ck_assert_str_eq(jstr(&r, "ended"), "disqualified");
    ck_assert_str_eq(jstr(&r, "winner"), "a");
    res_free(&r);
    verify(&k, m2, 3, 0, NULL, &r); /* d loses a played match */
    ck_assert_int_eq(r.status, 200);
    res_free(&r);
    bracket(&k, e, &r);
    ck_assert_int_eq(side_at(&r, 2, 0, 0), a); /* the opponent advanced */
    res_free(&r);
    /* the Consolation has one entrant, d: nothing to draw; b is not in it */
    bracket(&k, c, &r);
    ck_assert(json_is_false(json_object_get(r.json, "drawn")));
    json_t *ent = json_object_get(r.json, "entrants");
    ck_assert_int_eq(json_array_size(ent), 1);
    ck_assert_int_eq(json_integer_value(json_object_get(json_array_get(ent, 0), "player_id")), d);
    res_free(&r);
    char pp[200];
    snprintf(pp, sizeof pp, "/api/v1/tournaments/%lld/competitions/%lld/knockout/players/%lld",
             k.tid, c, b);
    req(&S, "GET", pp, NULL, NULL, &r);
    ck_assert_int_eq(r.status, 404);
    res_free(&r);
    snprintf(pp, sizeof pp, "/api/v1/tournaments/%lld/competitions/%lld/knockout/players/%lld",
             k.tid, e, b);
    req(&S, "GET", pp, NULL, NULL, &r);
    ck_assert_str_eq(jstr(&r, "state"), "out");
    ck_assert_msg(strstr(jstr(&r, "text"), "disqualif") != NULL, "%s", r.body);
    ck_assert_str_eq(jstr(&r, "decision"), "disqualified");
    res_free(&r);
    /* a disqualification is a decision: not twice */
    decide(&k, m1, "disqualify", "{\"side\": \"a\", \"reason\": \"again\"}", &r);
    ck_assert(problem_is(&r, 409));
    res_free(&r);
}
END_TEST

/* KO-5: a player who lost in Main round 1 waits for the Consolation's draw, and the player's
 * status says how many Main results may still add entrants, as a sentence and as fields. */
START_TEST(test_KO5_loser_waits_for_the_consolation_draw)
{
    struct ko k;
    struct res r;
    long long e, c;
    main_and_consolation(&k, 8, "{\"lengths\": [3]}", 0, "31", &e, &c, &r);
    long long m = match_at(&r, 1, 0), loser = side_at(&r, 1, 0, 1);
    res_free(&r);
    verify(&k, m, 3, 0, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    res_free(&r);
    char pp[200];
    snprintf(pp, sizeof pp, "/api/v1/tournaments/%lld/competitions/%lld/knockout/players/%lld",
             k.tid, c, loser);
    req(&S, "GET", pp, NULL, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    ck_assert_str_eq(jstr(&r, "state"), "waiting_draw");
    ck_assert_str_eq(jstr(&r, "event_name"), "Consolation");
    ck_assert_int_eq(jint(&r, "round"), 1);
    /* three Main round-1 matches, and every later one: a player who wins by forfeit has not
     * played yet, and enters the Consolation by losing their first played match */
    ck_assert_int_eq(jint(&r, "missing"), 3 + 2 + 1);
    ck_assert_msg(strstr(jstr(&r, "text"), "when the 6 results"), "%s", r.body);
    ck_assert(json_is_null(json_object_get(r.json, "match_id")));
    res_free(&r);
    snprintf(pp, sizeof pp, "/api/v1/tournaments/%lld/competitions/%lld/knockout/players/%lld",
             k.tid, e, loser);
    req(&S, "GET", pp, NULL, NULL, &r);
    ck_assert_str_eq(jstr(&r, "state"), "out");
    ck_assert_str_eq(jstr(&r, "decision"), "lost");
    ck_assert_int_eq(jint(&r, "match_id"), m);
    res_free(&r);
}
END_TEST

/* Bad input: a player's report on a match whose opponent is not known yet is refused and
 * changes nothing (KO-8). */
START_TEST(test_KO8_player_report_before_opponent_known_refused)
{
    struct ko k;
    memset(&k, 0, sizeof k);
    k.tid = make_tournament(&S, "Reports");
    char pins[4][8];
    for (int i = 0; i < 4; i++) {
        char name[32];
        snprintf(name, sizeof name, "Reporter %d", i + 1);
        k.players[i] = make_player_pin(&S, k.tid, name, pins[i]);
    }
    k.n = 4;
    struct res r;
    long long e = drawn_main(&k, "{\"lengths\": [3, 5]}", 4, "5", &r);
    long long m1 = match_at(&r, 1, 0), fin = match_at(&r, 2, 0), a = side_at(&r, 1, 0, 0);
    res_free(&r);
    verify(&k, m1, 3, 0, NULL, &r); /* a waits in the final for the winner of m2 */
    ck_assert_int_eq(r.status, 200);
    res_free(&r);
    int ia = 0;
    while (k.players[ia] != a)
        ia++;
    struct srv pa;
    srv_player_login(&pa, &S, k.tid, a, pins[ia]);
    char bpath[160], mpath[160], path[200];
    bracket_path(&k, e, bpath, sizeof bpath);
    snprintf(mpath, sizeof mpath, "/api/v1/tournaments/%lld/matches/%lld", k.tid, fin);
    snprintf(path, sizeof path, "%s/report", mpath);
    json_t *bb = snapshot(bpath), *mb = snapshot(mpath);
    td(&pa, "POST", path, "{\"score\": {\"a\": 5, \"b\": 0}}", &r);
    ck_assert_msg(problem_is(&r, 409), "%s", r.body);
    res_free(&r);
    unchanged(bb, bpath);
    unchanged(mb, mpath);
    snprintf(path, sizeof path, "%s/reports", mpath);
    td(&S, "GET", path, NULL, &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    json_t *reps = json_object_get(r.json, "reports");
    ck_assert(json_is_null(json_object_get(reps, "a")) && json_is_null(json_object_get(reps, "b")));
    res_free(&r);
}
END_TEST

START_TEST(test_KO5_weekend_37_players_3_late_progressive_consolation)
{
    struct ko k;
    setup(&k, 40, NULL);
    k.main = make_event(&k, "Championship",
                        "{\"late_places\": 3, \"lengths\": [3, 3, 3, 5, 7, 9], \"flight\": "
                        "\"championship\"}");
    k.cons = fed_event(&k, "Consolation", k.main, "\"progressive\": true, \"lengths\": [3, 5]");
    /* KO-6: a Last Chance fed by the early Consolation losers, the same way */
    long long last = fed_event(&k, "Last Chance", k.cons, "\"lengths\": [3]");
    enter(&k, k.main, 0, 37);
    struct res r;
    draw(&k, k.main, "20261122", &r);
    ck_assert_int_eq(r.status, 200);
    ck_assert_int_eq(jint(&r, "size"), 64); /* 37 + 3 late places: 40 -> 64 */
    res_free(&r);
    /* three late arrivals take the places in order */
    char path[160], body[64];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/competitions/%lld/knockout/late", k.tid,
             k.main);
    for (int i = 37; i < 40; i++) {
        snprintf(body, sizeof body, "{\"player_id\": %lld}", k.players[i]);
        check_in(&k, i);
        td(&S, "POST", path, body, &r);
        ck_assert_int_eq(r.status, 200);
        ck_assert_int_eq(
            json_integer_value(json_object_get(json_object_get(r.json, "late"), "filled")), i - 36);
        res_free(&r);
    }
    /* a fourth late arrival: no place left */
    long long extra = make_player(&S, k.tid, "Very late");
    snprintf(body, sizeof body, "{\"player_id\": %lld}", extra);
    td(&S, "POST", path, body, &r);
    ck_assert(problem_is(&r, 409));
    res_free(&r);
    /* the Consolation waits for its entrants */
    bracket(&k, k.cons, &r);
    ck_assert(json_is_false(json_object_get(r.json, "drawn")));
    res_free(&r);
    uint64_t seed = 37;
    int played = 0, cons_seen_waiting = 0;
    for (int pass = 0; pass < 40; pass++) {
        int n = play_ready(&k, k.main, &seed) + play_ready(&k, k.cons, &seed) +
                play_ready(&k, last, &seed);
        played += n;
        bracket(&k, k.cons, &r);
        if (json_is_false(json_object_get(r.json, "drawn"))) {
            cons_seen_waiting++;
            ck_assert_int_gt(jint(&r, "results_awaited"), 0);
        }
        res_free(&r);
        if (!n)
            break;
    }
    ck_assert_int_gt(cons_seen_waiting, 0);
    /* both finals are decided */
    bracket(&k, k.main, &r);
    ck_assert_msg(json_is_integer(json_object_get(r.json, "champion")), "%s", r.body);
    ck_assert_str_eq(jstr(&r, "state"), "finished");
    long long champ = jint(&r, "champion");
    res_free(&r);
    bracket(&k, k.cons, &r);
    ck_assert(json_is_true(json_object_get(r.json, "drawn")));
    ck_assert(json_is_integer(json_object_get(r.json, "champion")));
    ck_assert_int_ne(jint(&r, "champion"), champ);
    /* progressive: some entrants came in at round 2 */
    ck_assert_int_gt(json_array_size(json_object_get(r.json, "entries")), 20);
    res_free(&r);
    ck_assert_int_ge(played, 39 + 20); /* 39 Main matches are played or walked over */
    bracket(&k, last, &r);
    ck_assert(json_is_true(json_object_get(r.json, "drawn")));
    ck_assert(json_is_integer(json_object_get(r.json, "champion")));
    res_free(&r);
    /* the champion's status says so */
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/competitions/%lld/knockout/players/%lld",
             k.tid, k.main, champ);
    req(&S, "GET", path, NULL, NULL, &r);
    ck_assert_str_eq(jstr(&r, "state"), "champion");
    res_free(&r);
    /* the bracket is served gzip-compressed to clients that accept it */
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/competitions/%lld/knockout", k.tid,
             k.main);
    bracket(&k, k.main, &r); /* fills the cache */
    size_t plain = r.len;
    char tag[80], tagz[80], want[90], inm[120];
    ck_assert_ptr_nonnull(res_header(&r, "ETag", tag, sizeof tag));
    res_free(&r);
    const char *gz[] = {"Accept-Encoding: gzip", NULL};
    req(&S, "GET", path, NULL, gz, &r);
    char ce[32];
    ck_assert_ptr_nonnull(res_header(&r, "Content-Encoding", ce, sizeof ce));
    ck_assert_str_eq(ce, "gzip");
    ck_assert_int_lt(r.len, plain / 3);
    /* the compressed bytes are another representation: their own strong tag (RFC 9110
     * 8.8.3), "X-gz" for the plain "X" */
    ck_assert_ptr_nonnull(res_header(&r, "ETag", tagz, sizeof tagz));
    snprintf(want, sizeof want, "%.*s-gz\"", (int)strlen(tag) - 1, tag);
    ck_assert_str_eq(tagz, want);
    res_free(&r);
    /* either tag, alone or in a list, validates the cached copy */
    snprintf(inm, sizeof inm, "\"t0.0\", W/%s", tagz);
    not_modified(path, inm, 1, tagz);
    not_modified(path, tag, 0, NULL);
}
END_TEST

static int round_length(struct res *r, int round)
{
    return (int)json_integer_value(json_object_get(
        json_array_get(json_object_get(r->json, "rounds"), (size_t)round - 1), "length"));
}

START_TEST(test_KO7_lengths_by_round_changed_by_the_TD)
{
    struct ko k;
    setup(&k, 4, NULL);
    long long e = make_event(&k, "Main", "{\"lengths\": [3, 5]}");
    char path[160], mpath[160];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/competitions/%lld/knockout/lengths",
             k.tid, e);
    struct res r;
    td(&S, "PUT", path, "{\"lengths\": [5, 0]}", &r); /* a bad length: refused */
    ck_assert(problem_is(&r, 422));
    res_free(&r);
    td(&S, "PUT", path, "{\"lengths\": [5, 7]}", &r); /* before the draw: the settings */
    ck_assert_msg(r.status == 200, "%s", r.body);
    res_free(&r);
    enter(&k, e, 0, 4);
    draw(&k, e, "7", &r);
    ck_assert_int_eq(round_length(&r, 1), 5);
    ck_assert_int_eq(round_length(&r, 2), 7);
    json_t *r1 = json_object_get(json_array_get(json_object_get(r.json, "rounds"), 0), "matches");
    long long m1 = json_integer_value(json_object_get(json_array_get(r1, 0), "match_id"));
    long long m2 = json_integer_value(json_object_get(json_array_get(r1, 1), "match_id"));
    res_free(&r);
    td(&S, "PUT", path, "{\"lengths\": [3, 9]}", &r); /* after the draw, nothing started */
    ck_assert_msg(r.status == 200, "%s", r.body);
    ck_assert_int_eq(round_length(&r, 1), 3);
    res_free(&r);
    snprintf(mpath, sizeof mpath, "/api/v1/tournaments/%lld/matches/%lld", k.tid, m1);
    req(&S, "GET", mpath, NULL, NULL, &r);
    ck_assert_int_eq(jint(&r, "length"), 3);
    res_free(&r);
    verify(&k, m1, 3, 0, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    res_free(&r);
    /* round 1 is under way: its length stays; the final's can still change */
    td(&S, "PUT", path, "{\"lengths\": [5, 9]}", &r);
    ck_assert(problem_is(&r, 409));
    ck_assert_ptr_nonnull(strstr(jstr(&r, "detail"), "Round 1"));
    res_free(&r);
    td(&S, "PUT", path, "{\"lengths\": [3, 11]}", &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    ck_assert_int_eq(round_length(&r, 2), 11);
    res_free(&r);
    /* the TD's length for one match is kept when the bracket moves on */
    snprintf(mpath, sizeof mpath, "/api/v1/tournaments/%lld/matches/%lld", k.tid, m2);
    td(&S, "PATCH", mpath, "{\"length\": 1}", &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    res_free(&r);
    verify(&k, m2, 1, 1, NULL, &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    res_free(&r);
    req(&S, "GET", mpath, NULL, NULL, &r);
    ck_assert_int_eq(jint(&r, "length"), 1);
    res_free(&r);
}
END_TEST

/* An event with a TD-set table priority (as the create and PATCH bodies take it). */
static long long make_event_priority(struct ko *k, const char *name, int priority,
                                     const char *settings)
{
    char path[128], body[512];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/competitions", k->tid);
    snprintf(body, sizeof body,
             "{\"kind\": \"knockout\", \"name\": \"%s\", \"priority\": %d, \"knockout\": %s}", name,
             priority, settings);
    struct res r;
    td(&S, "POST", path, body, &r);
    ck_assert_msg(r.status == 201, "%s", r.body);
    ck_assert_int_eq(jint(&r, "priority"), priority);
    long long id = jint(&r, "id");
    res_free(&r);
    return id;
}

/* Which event a called match belongs to, from the assign answer's match id. */
static long long event_of_match(struct ko *k, long long mid)
{
    char path[160];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/matches/%lld", k->tid, mid);
    struct res r;
    req(&S, "GET", path, NULL, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    long long e = jint(&r, "event_id");
    res_free(&r);
    return e;
}

/* KO-1: three events with two ready matches each and three free tables. The event the TD
 * gave the higher priority gets tables first, though it was drawn last; then, among equal
 * priorities, the Championship flight before Beginners drawn earlier. */
START_TEST(test_KO1_tables_go_to_the_higher_priority_event_first)
{
    struct ko k;
    setup(&k, 12, "[\"T1\", \"T2\", \"T3\"]");
    long long beg = make_event_priority(&k, "Beginners", 0, "{\"lengths\": [3]}");
    long long champ = make_event_priority(&k, "Championship", 0,
                                          "{\"lengths\": [3], \"flight\": \"championship\"}");
    long long side = make_event_priority(&k, "Side", 0, "{\"lengths\": [3]}");
    enter(&k, beg, 0, 4);
    enter(&k, champ, 4, 8);
    enter(&k, side, 8, 12);
    struct res r;
    long long evs[3] = {beg, champ, side};
    for (int i = 0; i < 3; i++) {
        draw(&k, evs[i], "11", &r);
        ck_assert_int_eq(r.status, 200);
        res_free(&r);
    }
    /* the TD raises the side event's priority after its draw */
    char path[160];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/competitions/%lld", k.tid, side);
    td(&S, "PATCH", path, "{\"priority\": 10}", &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    ck_assert_int_eq(jint(&r, "priority"), 10);
    res_free(&r);
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/tables/assign", k.tid);
    td(&S, "POST", path, NULL, &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    ck_assert_int_eq(jint(&r, "assigned"), 3);
    ck_assert_int_eq(jint(&r, "waiting"), 3);
    json_t *calls = json_object_get(r.json, "calls");
    ck_assert_int_eq(json_array_size(calls), 3);
    int n_side = 0, n_champ = 0, n_beg = 0;
    for (size_t i = 0; i < json_array_size(calls); i++) {
        long long e = event_of_match(
            &k, json_integer_value(json_object_get(json_array_get(calls, i), "match_id")));
        n_side += e == side;
        n_champ += e == champ;
        n_beg += e == beg;
    }
    /* the first two calls are the priority-10 event's, in the table list's order */
    ck_assert_int_eq(event_of_match(&k, json_integer_value(
                                            json_object_get(json_array_get(calls, 0), "match_id"))),
                     side);
    ck_assert_str_eq(json_string_value(json_object_get(json_array_get(calls, 0), "table")), "T1");
    ck_assert_int_eq(n_side, 2);
    ck_assert_int_eq(n_champ, 1);
    ck_assert_int_eq(n_beg, 0);
    res_free(&r);
    /* nothing is free now: a second assign calls nobody */
    td(&S, "POST", path, NULL, &r);
    ck_assert_int_eq(jint(&r, "assigned"), 0);
    ck_assert_int_eq(jint(&r, "waiting"), 3);
    res_free(&r);
}
END_TEST

/* Issue 5, deliverable 8 (the bracket JSON with an ETag) with KO-8: the bracket carries an ETag;
 * unchanged, If-None-Match gets a 304 with no body (from the cache and, for the TD, from a fresh
 * read; gzip too); a verified result moves the ETag and the old one gets the new bracket. */
START_TEST(test_KO8_bracket_etag_and_304)
{
    struct ko k;
    setup(&k, 4, NULL);
    struct res r;
    long long e = drawn_main(&k, "{\"lengths\": [3, 5]}", 4, "404", &r);
    long long m1 = match_at(&r, 1, 0);
    res_free(&r);
    char path[160], etag[80], etag2[80], inm[120], cc[64];
    bracket_path(&k, e, path, sizeof path);
    req(&S, "GET", path, NULL, NULL, &r); /* fills the cache */
    ck_assert_int_eq(r.status, 200);
    ck_assert_ptr_nonnull(res_header(&r, "ETag", etag, sizeof etag));
    ck_assert_ptr_nonnull(res_header(&r, "Cache-Control", cc, sizeof cc));
    ck_assert_str_eq(cc, "no-cache");
    res_free(&r);
    req(&S, "GET", path, NULL, NULL, &r); /* from the cache: the same validator */
    ck_assert_str_eq(res_header(&r, "ETag", etag2, sizeof etag2), etag);
    res_free(&r);
    not_modified(path, etag, 0, etag);
    not_modified(path, etag, 1, NULL);
    td(&S, "GET", path, NULL, &r); /* the TD reads past the cache: the same bracket, same tag */
    ck_assert_int_eq(r.status, 200);
    ck_assert_str_eq(res_header(&r, "ETag", etag2, sizeof etag2), etag);
    res_free(&r);
    /* a stale or foreign validator gets the body */
    const char *hx[] = {"If-None-Match: \"t0.0\"", NULL};
    req(&S, "GET", path, NULL, hx, &r);
    ck_assert_int_eq(r.status, 200);
    res_free(&r);
    /* a result: a new ETag, and the old one gets the new bracket */
    verify(&k, m1, 3, 0, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    res_free(&r);
    snprintf(inm, sizeof inm, "If-None-Match: %s", etag);
    const char *h[] = {inm, NULL};
    req(&S, "GET", path, NULL, h, &r);
    ck_assert_int_eq(r.status, 200);
    ck_assert_ptr_nonnull(res_header(&r, "ETag", etag2, sizeof etag2));
    ck_assert_str_ne(etag2, etag);
    json_t *m = json_array_get(
        json_object_get(json_array_get(json_object_get(r.json, "rounds"), 0), "matches"), 0);
    ck_assert_str_eq(json_string_value(json_object_get(m, "state")), "done");
    ck_assert_str_eq(json_string_value(json_object_get(m, "winner")), "a");
    res_free(&r);
    not_modified(path, etag2, 0, NULL);
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
    setup(&k, 11, NULL);
    long long plain = make_event(&k, "Unseeded", "{\"lengths\": [3]}");
    long long asked = make_event(&k, "Seeding asked", "{\"lengths\": [3], \"seeded\": true}");
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

/* The audit entries of tournament tid after entry `after`, in order. */
static json_t *audit_after(struct ko *k, long long after)
{
    char path[160];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/audit?limit=1000&after=%lld", k->tid,
             after);
    struct res r;
    td(&S, "GET", path, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    json_t *e = json_incref(json_object_get(r.json, "entries"));
    res_free(&r);
    return e;
}

static long long audit_last(struct ko *k)
{
    json_t *e = audit_after(k, 0);
    long long id =
        json_integer_value(json_object_get(json_array_get(e, json_array_size(e) - 1), "id"));
    json_decref(e);
    return id;
}

/* KO-8: a confirmed correction that cascades is audited in the order it is decided: first
 * the correction with what it undoes, then each undone match, deepest first (the final
 * before the semi-final), then the bracket moving on; the corrected match's own record
 * closes it. A refused attempt writes nothing. */
START_TEST(test_KO8_cascade_audit_order)
{
    struct ko k;
    setup(&k, 8, NULL);
    struct res r;
    long long e = drawn_main(&k, "{\"lengths\": [3]}", 8, "808", &r);
    long long m1 = match_at(&r, 1, 0);
    res_free(&r);
    uint64_t seed = 1;
    while (play_ready(&k, e, &seed) > 0)
        ;
    bracket(&k, e, &r);
    long long semi = match_at(&r, 2, 0), fin = match_at(&r, 3, 0);
    ck_assert(json_is_integer(json_object_get(r.json, "champion")));
    /* the winner of m1 must have won the semi-final for the final to depend on it */
    int ms;
    long long w1 = side_at(&r, 2, 0, 0);
    int w1_won_semi = find_side(&r, 3, w1, &ms) == 0;
    json_t *m1j = json_array_get(
        json_object_get(json_array_get(json_object_get(r.json, "rounds"), 0), "matches"), 0);
    int b_won = !strcmp(json_string_value(json_object_get(m1j, "winner")), "b");
    res_free(&r);
    long long mark = audit_last(&k);
    verify(&k, m1, 3, !b_won, ", \"reason\": \"wrong sheet\"", &r); /* the other side won */
    ck_assert(problem_is(&r, 409));
    json_t *wu = json_incref(json_object_get(r.json, "would_undo"));
    res_free(&r);
    json_t *none = audit_after(&k, mark);
    ck_assert_int_eq(json_array_size(none), 0); /* refused: nothing written */
    json_decref(none);
    ck_assert_int_eq(json_array_size(wu), w1_won_semi ? 2 : 1);
    ck_assert_int_eq(json_integer_value(json_array_get(wu, 0)), w1_won_semi ? fin : semi);
    verify(&k, m1, 3, !b_won, ", \"reason\": \"wrong sheet\", \"confirm_cascade\": true", &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    res_free(&r);
    json_t *log = audit_after(&k, mark);
    size_t n = json_array_size(log);
    ck_assert_int_ge(n, 2 + json_array_size(wu));
    /* first: the correction, naming the match, the reason and what it undoes, in order */
    json_t *first = json_array_get(log, 0);
    ck_assert_str_eq(json_string_value(json_object_get(first, "action")), "knockout.correction");
    ck_assert_str_eq(json_string_value(json_object_get(first, "entity")), "match");
    ck_assert_int_eq(json_integer_value(json_object_get(first, "entity_id")), m1);
    json_t *after = json_object_get(first, "after");
    ck_assert_str_eq(json_string_value(json_object_get(after, "reason")), "wrong sheet");
    ck_assert(json_equal(json_object_get(after, "undoes"), wu));
    ck_assert_str_eq(json_string_value(json_object_get(json_object_get(first, "before"), "winner")),
                     b_won ? "b" : "a");
    ck_assert_str_eq(json_string_value(json_object_get(after, "winner")), b_won ? "a" : "b");
    /* then each undone match, in would_undo's order (deepest first), before anything else */
    for (size_t i = 0; i < json_array_size(wu); i++) {
        json_t *u = json_array_get(log, i + 1);
        ck_assert_str_eq(json_string_value(json_object_get(u, "action")), "knockout.cascade_undo");
        ck_assert_int_eq(json_integer_value(json_object_get(u, "entity_id")),
                         json_integer_value(json_array_get(wu, i)));
        ck_assert_str_eq(json_string_value(json_object_get(json_object_get(u, "after"), "state")),
                         "scheduled");
    }
    /* the undone matches' history names the official who confirmed the cascade, never a
     * bare "td" (GOV-1) */
    ck_assert_int_eq(db_count(S.db, "SELECT count(*) FROM match_states WHERE actor = 'td'"), 0);
    char q[160];
    snprintf(q, sizeof q,
             "SELECT count(*) FROM match_states WHERE match_id = %lld AND state = 'scheduled' "
             "AND actor = 'official:1'",
             json_integer_value(json_array_get(wu, 0)));
    ck_assert_int_ge(db_count(S.db, q), 1);
    /* last: the corrected match's own record, with its new winner */
    json_t *last = json_array_get(log, n - 1);
    ck_assert_str_eq(json_string_value(json_object_get(last, "action")), "match.corrected");
    ck_assert_int_eq(json_integer_value(json_object_get(last, "entity_id")), m1);
    int seen_corr = 0;
    for (size_t i = 1; i < n; i++)
        seen_corr += !strcmp(json_string_value(json_object_get(json_array_get(log, i), "action")),
                             "knockout.correction");
    ck_assert_int_eq(seen_corr, 0);
    json_decref(log);
    json_decref(wu);
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
    json_t *eb = snapshot(epath), *bb = snapshot(bpath);
    int audit = audit_total(k);
    struct res r;
    td(&S, "POST", path, body, &r);
    ck_assert_msg(problem_names(&r, status, "player_id"), "%s -> %s", body, r.body);
    if (says)
        ck_assert_msg(strstr(r.body, says), "%s lacks '%s'", r.body, says);
    res_free(&r);
    unchanged(eb, epath);
    unchanged(bb, bpath);
    ck_assert_int_eq(audit_total(k), audit);
}

/* KO-1 entries come from the tournament's players (issue 5, bad input): a player entered
 * twice, a withdrawn player, a player of no tournament or of another one, a missing or
 * mistyped player_id, an entry into a fed event, an entry after the draw: each a 409 or
 * 422 that names player_id, and nothing changes. */
START_TEST(test_KO1_entry_refusals_change_nothing)
{
    struct ko k;
    setup(&k, 6, NULL);
    long long e = make_event(&k, "Main", "{\"lengths\": [3]}");
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
    setup(&k, 5, NULL);
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
    json_t *before = snapshot(bpath);
    td(&S, "POST", path, body, &r);
    ck_assert_msg(problem_is(&r, 409), "%s", r.body);
    res_free(&r);
    unchanged(before, bpath);
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

/* A TD request that must be refused with status and leave the bracket byte for byte as it
 * was, with the same ETag (so the tournament's revision did not move either). */
static void refused_byte_equal(const char *bpath, const char *method, const char *path,
                               const char *body, long status, const char *says)
{
    struct raw a, b;
    ck_assert_int_eq(raw_get(&S, bpath, &a), 0);
    struct res r;
    td(&S, method, path, body, &r);
    ck_assert_msg(problem_is(&r, status), "%s %s -> %ld %s", method, path, r.status, r.body);
    if (says)
        ck_assert_msg(strstr(r.body, says), "%s lacks '%s'", r.body, says);
    res_free(&r);
    ck_assert_int_eq(raw_get(&S, bpath, &b), 0);
    ck_assert_msg(raw_same(&a, &b), "%s %s changed the bracket", method, path);
    raw_free(&a);
    raw_free(&b);
}

/* KO-2, KO-4, KO-7, KO-8: refused knockout requests change nothing, byte for byte: drawing
 * twice, a late arrival already in the draw, one who is no player, closing late entry twice,
 * a result before the players are known, a withdrawal of a side nobody holds, a length
 * change for a round under way, a correction that needs the cascade confirmed, a call to a
 * match whose players are not known. */
START_TEST(test_KO8_refusals_leave_the_bracket_byte_equal)
{
    struct ko k;
    setup(&k, 8, NULL);
    struct res r;
    /* 3 entries + 1 late place: 4 slots */
    long long e = drawn_main(&k, "{\"lengths\": [3, 5], \"late_places\": 1}", 3, "8080", &r);
    res_free(&r);
    char bpath[160], base[160], path[200], body[96];
    bracket_path(&k, e, bpath, sizeof bpath);
    snprintf(base, sizeof base, "/api/v1/tournaments/%lld", k.tid);
    snprintf(path, sizeof path, "%s/draw", bpath);
    refused_byte_equal(bpath, "POST", path, "{\"seed\": \"1\"}", 409, "already drawn");
    snprintf(path, sizeof path, "%s/late", bpath);
    snprintf(body, sizeof body, "{\"player_id\": %lld}", k.players[0]);
    refused_byte_equal(bpath, "POST", path, body, 409, NULL);
    refused_byte_equal(bpath, "POST", path, "{\"player_id\": 999999}", 422, "player_id");
    refused_byte_equal(bpath, "POST", path, "{\"player_id\": \"x\"}", 422, "player_id");
    /* the TD closes late entry; closing again is refused */
    snprintf(path, sizeof path, "%s/late/close", bpath);
    td(&S, "POST", path, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    res_free(&r);
    refused_byte_equal(bpath, "POST", path, NULL, 409, "no open late places");
    bracket(&k, e, &r);
    long long fin = match_at(&r, 2, 0);
    long long ready = 0;
    int ready_i = -1;
    json_t *ms = json_object_get(json_array_get(json_object_get(r.json, "rounds"), 0), "matches");
    for (size_t i = 0; i < json_array_size(ms); i++)
        if (!strcmp(json_string_value(json_object_get(json_array_get(ms, i), "state")), "ready")) {
            ready = json_integer_value(json_object_get(json_array_get(ms, i), "match_id"));
            ready_i = (int)i;
        }
    ck_assert_int_ge(ready_i, 0);
    res_free(&r);
    /* the final before its second player is known */
    snprintf(path, sizeof path, "%s/matches/%lld/verify", base, fin);
    refused_byte_equal(bpath, "POST", path, "{\"score\": {\"a\": 5, \"b\": 0}}", 409, NULL);
    snprintf(path, sizeof path, "%s/matches/%lld/withdraw", base, fin);
    bracket(&k, e, &r);
    const char *nobody = side_at(&r, 2, 0, 0) ? "b" : "a";
    res_free(&r);
    snprintf(body, sizeof body, "{\"side\": \"%s\", \"reason\": \"ill\"}", nobody);
    refused_byte_equal(bpath, "POST", path, body, 409, NULL);
    snprintf(path, sizeof path, "%s/matches/%lld/call", base, fin);
    refused_byte_equal(bpath, "POST", path, NULL, 409, "both players");
    /* round 1 under way: its length stays */
    verify(&k, ready, 3, 0, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    res_free(&r);
    snprintf(path, sizeof path, "%s/lengths", bpath);
    refused_byte_equal(bpath, "PUT", path, "{\"lengths\": [5, 5]}", 409, "Round 1");
    refused_byte_equal(bpath, "PUT", path, "{\"lengths\": [5, 0]}", 422, "lengths");
    /* the final is played; correcting round 1 needs the cascade confirmed */
    verify(&k, fin, 5, 1, NULL, &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    res_free(&r);
    snprintf(path, sizeof path, "%s/matches/%lld/correct", base, ready);
    refused_byte_equal(bpath, "POST", path, "{\"score\": {\"a\": 0, \"b\": 3}, \"reason\": \"x\"}",
                       409, "confirm_cascade");
    snprintf(path, sizeof path, "%s/matches/%lld/verify", base, ready); /* decided already */
    refused_byte_equal(bpath, "POST", path, "{\"score\": {\"a\": 0, \"b\": 3}}", 409, NULL);
}
END_TEST

/* ---- placings (PLACE-1, PLACE-2) ---- */

static void get_placings(struct ko *k, long long eid, struct res *r)
{
    char path[160];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/competitions/%lld/placings", k->tid,
             eid);
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
    setup(&k, 6, NULL);
    long long e = make_event(&k, "Main", "{\"lengths\": [1]}");
    long long c = fed_event(&k, "Consolation", e, "\"lengths\": [1]");
    enter(&k, e, 0, 6);
    struct res r;
    get_placings(&k, e, &r); /* before the draw: one band */
    ck_assert_int_eq(in_band(&r, "1-6"), 6);
    ck_assert_str_eq(json_string_value(json_object_get(placing_at(&r, 0), "why")),
                     "not drawn yet");
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
    ck_assert_str_eq(json_string_value(json_object_get(placing_at(&r, 0), "why")),
                     "won the final");
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
    setup(&k, 8, NULL);
    char path[160], body[96];
    for (int i = 0; i < 8; i++) { /* ratings 1500, 1510, ... */
        snprintf(path, sizeof path, "/api/v1/tournaments/%lld/players/%lld", k.tid,
                 k.players[i]);
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
    setup(&k, 4, NULL);
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
    Suite *s = suite_create("http_knockout");
    TCase *tc = tcase_create("knockout");
    tcase_add_unchecked_fixture(tc, srv_up, srv_down);
    tcase_set_timeout(tc, 240);
    tcase_add_test(tc, test_KO2_draw_refusals_and_reproducible);
    tcase_add_test(tc, test_PLACE1_knockout_bands_and_its_consolation);
    tcase_add_test(tc, test_PLACE2_placing_order_splits_bands);
    tcase_add_test(tc, test_PLACE1_playoff_for_third);
    tcase_add_test(tc, test_KO4_late_arrivals);
    tcase_add_test(tc, test_KO4_late_arrival_not_checked_in);
    tcase_add_test(tc, test_KO2_seed_text_or_number);
    tcase_add_test(tc, test_KO8_advance_and_correction_cascade);
    tcase_add_test(tc, test_CLK7_KO8_reverse_flag_after_the_bracket_moved_on);
    tcase_add_test(tc, test_KO5_KO8_main_correction_follows_into_consolation);
    tcase_add_test(tc, test_KO5_KO8_correction_leaves_a_vacant_consolation_place);
    tcase_add_test(tc, test_KO5_correction_needing_a_new_place_is_refused);
    tcase_add_test(tc, test_KO8_withdrawal_before_opponent_known);
    tcase_add_test(tc, test_KO8_KO5_disqualification);
    tcase_add_test(tc, test_KO8_player_report_before_opponent_known_refused);
    tcase_add_test(tc, test_KO7_lengths_by_round_changed_by_the_TD);
    tcase_add_test(tc, test_KO1_tables_go_to_the_higher_priority_event_first);
    tcase_add_test(tc, test_KO8_bracket_etag_and_304);
    tcase_add_test(tc, test_KO2_KO3_unseeded_draw_places_byes);
    tcase_add_test(tc, test_KO8_cascade_audit_order);
    tcase_add_test(tc, test_KO1_entry_refusals_change_nothing);
    tcase_add_test(tc, test_KO4_deadline_passes_waiting_player_walks_over);
    tcase_add_test(tc, test_KO8_refusals_leave_the_bracket_byte_equal);
    tcase_add_test(tc, test_KO5_loser_waits_for_the_consolation_draw);
    tcase_add_test(tc, test_KO5_weekend_37_players_3_late_progressive_consolation);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
