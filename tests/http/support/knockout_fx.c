/* The knockout suites' fixture (test_http_knockout*.c): a tournament of players, knockout
 * events entered, drawn and their matches decided by the TD, the bracket read and compared,
 * and the audit. */
#include "knockout_fx.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

long long ko_make_event(struct ko *k, const char *name, const char *settings)
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

void ko_setup(struct ko *k, int players, const char *tables)
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

void enter(struct ko *k, long long eid, int from, int to)
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

void bracket(struct ko *k, long long eid, struct res *r)
{
    char path[160];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/competitions/%lld/knockout", k->tid, eid);
    req(&S, "GET", path, NULL, NULL, r);
    ck_assert_int_eq(r->status, 200);
}

void draw(struct ko *k, long long eid, const char *seed, struct res *r)
{
    char path[160], body[64];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/competitions/%lld/knockout/draw", k->tid,
             eid);
    snprintf(body, sizeof body, "{\"seed\": \"%s\"}", seed);
    td(&S, "POST", path, body, r);
}

/* An event "Main" (settings) with the players [0, entries) in it, drawn with seed: r holds
 * the draw's answer, a 200. */
long long drawn_main(struct ko *k, const char *settings, int entries, const char *seed,
                     struct res *r)
{
    long long e = ko_make_event(k, "Main", settings);
    enter(k, e, 0, entries);
    draw(k, e, seed, r);
    ck_assert_msg(r->status == 200, "%s", r->body);
    return e;
}

/* An event fed by the losers of the event from: settings are {"feeds_from": from, rest}. */
long long fed_event(struct ko *k, const char *name, long long from, const char *rest)
{
    char settings[160];
    snprintf(settings, sizeof settings, "{\"feeds_from\": %lld, %s}", from, rest);
    return ko_make_event(k, name, settings);
}

void verify(struct ko *k, long long mid, int length, int b_wins, const char *extra, struct res *r)
{
    char path[160], body[200];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/matches/%lld/%s", k->tid, mid,
             extra ? "correct" : "verify");
    snprintf(body, sizeof body, "{\"score\": {\"a\": %d, \"b\": %d}%s}", b_wins ? 0 : length,
             b_wins ? length : 0, extra ? extra : "");
    td(&S, "POST", path, body, r);
}

/* Plays every ready match of a bracket (winner by lot); the number played. */
int play_ready(struct ko *k, long long eid, uint64_t *seed)
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
long long match_at(struct res *r, int round, int i)
{
    json_t *ms = json_object_get(
        json_array_get(json_object_get(r->json, "rounds"), (size_t)round - 1), "matches");
    return json_integer_value(json_object_get(json_array_get(ms, (size_t)i), "match_id"));
}

/* The player id on side s of round r, index i (0 when the side is not a player). */
long long side_at(struct res *r, int round, int i, int s)
{
    json_t *ms = json_object_get(
        json_array_get(json_object_get(r->json, "rounds"), (size_t)round - 1), "matches");
    json_t *sides = json_object_get(json_array_get(ms, (size_t)i), "sides");
    return json_integer_value(json_object_get(json_array_get(sides, (size_t)s), "player_id"));
}

/* The JSON of a GET, kept to compare with a later one: what "nothing changed" means. */
json_t *ko_snapshot(const char *path)
{
    struct res r;
    req(&S, "GET", path, NULL, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    json_t *j = json_incref(r.json);
    res_free(&r);
    return j;
}

void ko_unchanged(json_t *before, const char *path)
{
    json_t *now = ko_snapshot(path);
    char *a = json_dumps(before, JSON_COMPACT | JSON_SORT_KEYS),
         *b = json_dumps(now, JSON_COMPACT | JSON_SORT_KEYS);
    ck_assert_msg(json_equal(before, now), "%s changed:\n%s\n%s", path, a, b);
    free(a);
    free(b);
    json_decref(before);
    json_decref(now);
}

void bracket_path(struct ko *k, long long eid, char *path, size_t len)
{
    snprintf(path, len, "/api/v1/tournaments/%lld/competitions/%lld/knockout", k->tid, eid);
}

/* The TD checks player i in: a late arrival is a player who arrived (KO-4). */
void check_in(struct ko *k, int i)
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
void not_modified(const char *path, const char *inm, int gz, const char *etag)
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
void correction_refused(struct ko *k, long long e, long long c, long long mid, int b_wins,
                        const char *extra, struct res *r)
{
    char mp[160], cp[160];
    bracket_path(k, e, mp, sizeof mp);
    bracket_path(k, c, cp, sizeof cp);
    json_t *main_before = ko_snapshot(mp), *cons_before = ko_snapshot(cp);
    verify(k, mid, 3, b_wins, extra, r);
    ck_assert_msg(problem_is(r, 409), "%s", r->body);
    ko_unchanged(main_before, mp);
    ko_unchanged(cons_before, cp);
}

/* Players, a Main (main_settings) of them all with a Consolation fed by it (progressive or
 * not, length 3), drawn with seed: r holds the draw's answer. */
void main_and_consolation(struct ko *k, int players, const char *main_settings, int progressive,
                          const char *seed, long long *e, long long *c, struct res *r)
{
    ko_setup(k, players, NULL);
    *e = ko_make_event(k, "Main", main_settings);
    *c = fed_event(k, "Consolation", *e,
                   progressive ? "\"progressive\": true, \"lengths\": [3]"
                               : "\"progressive\": false, \"lengths\": [3]");
    enter(k, *e, 0, players);
    draw(k, *e, seed, r);
    ck_assert_int_eq(r->status, 200);
}

/* Where player id sits in round `round` of a bracket's JSON: the match index, *side set. */
int find_side(struct res *r, int round, long long id, int *side)
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

const char *side_kind(struct res *r, int round, int i, int s)
{
    json_t *ms = json_object_get(
        json_array_get(json_object_get(r->json, "rounds"), (size_t)round - 1), "matches");
    json_t *sides = json_object_get(json_array_get(ms, (size_t)i), "sides");
    const char *kind = json_string_value(json_object_get(json_array_get(sides, (size_t)s), "kind"));
    return kind ? kind : "player";
}

void decide(struct ko *k, long long mid, const char *what, const char *body, struct res *r)
{
    char path[160];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/matches/%lld/%s", k->tid, mid, what);
    td(&S, "POST", path, body, r);
}

/* The audit entries of tournament tid after entry `after`, in order. */
json_t *audit_after(struct ko *k, long long after)
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
