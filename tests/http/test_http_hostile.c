/* Hostile input on every route of the routing table: whatever the body, whoever sends it,
 * the server answers below 500 (a 4xx with a problem+json body when it refuses), never
 * crashes, and the database passes SQLite's integrity check afterwards. The routes are read
 * from the router itself, so a new route is covered the day it is added. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/api.h"
#include "support/harness.h"
#include "../check_main.h"

/* One of each: a tournament with 8 players (PINs kept), a standalone match between the
 * first two, a knockout with everyone entered, a Swing event with four, and a Davis Cup
 * event with four teams; none drawn or started (hostile bodies may well start them). */
struct world {
    long long tid, pid[8], mid, ko, swing, davis;
    char pin[8][8];
};

static long long post_id(const char *path, const char *body)
{
    struct res r;
    td(&S, "POST", path, body, &r);
    ck_assert_msg(r.status == 201 || r.status == 200, "%s: %ld %s", path, r.status, r.body);
    long long id = jint(&r, "id");
    res_free(&r);
    return id;
}

static void build(struct world *w)
{
    w->tid = make_tournament(&S, "Hostile");
    char path[160], body[256];
    make_players(&S, w->tid, 8, w->pid, w->pin);
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/matches", w->tid);
    snprintf(body, sizeof body, "{\"player_a\": %lld, \"player_b\": %lld, \"length\": 5}",
             w->pid[0], w->pid[1]);
    w->mid = post_id(path, body);
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/competitions", w->tid);
    w->ko = post_id(path, "{\"kind\": \"knockout\", \"name\": \"Main\", \"knockout\": {}}");
    w->swing = post_id(path, "{\"kind\": \"swing\", \"name\": \"Swing\", \"swing\": "
                             "{\"start_chips\": 1000, \"cpp\": [100]}}");
    w->davis = post_id(path, "{\"kind\": \"davis\", \"name\": \"Davis\", \"davis\": "
                             "{\"lengths\": [3, 5, 3]}}");
    for (int i = 0; i < 8; i++) {
        snprintf(body, sizeof body, "{\"player_id\": %lld}", w->pid[i]);
        snprintf(path, sizeof path, "/api/v1/tournaments/%lld/competitions/%lld/entries", w->tid,
                 w->ko);
        post_id(path, body);
        if (i >= 4) {
            snprintf(path, sizeof path, "/api/v1/tournaments/%lld/competitions/%lld/entries",
                     w->tid, w->swing);
            post_id(path, body);
        }
        if (i % 2 == 0) {
            snprintf(path, sizeof path, "/api/v1/tournaments/%lld/competitions/%lld/davis/teams",
                     w->tid, w->davis);
            snprintf(body, sizeof body,
                     "{\"name\": \"Team %d\", \"player1\": %lld, \"player2\": %lld}", i / 2 + 1,
                     w->pid[i], w->pid[i + 1]);
            post_id(path, body);
        }
    }
}

/* The route's pattern with real ids: the tournament, then the player, match or event the
 * segment before names (the event of the kind the path speaks of). */
static void fill(const struct world *w, const char *pattern, char *out, size_t len)
{
    size_t o = 0;
    const char *prev = "";
    const char *p = pattern;
    int first = 1;
    out[0] = 0;
    while (*p && o + 24 < len) {
        if (!strncmp(p, "{id}", 4)) {
            long long id;
            if (first)
                id = w->tid;
            else if (!strncmp(prev, "players", 7))
                id = w->pid[7]; /* not the logged-in player: a new PIN would end the session */
            else if (!strncmp(prev, "matches", 7))
                id = w->mid;
            else if (!strncmp(prev, "competitions", 12))
                id = strstr(pattern, "/swing")   ? w->swing
                     : strstr(pattern, "/davis") ? w->davis
                                                 : w->ko;
            else
                id = w->pid[2]; /* entries/{id}, ledger/{id}, knockout/players/{id} */
            o += (size_t)snprintf(out + o, len - o, "%lld", id);
            first = 0;
            p += 4;
            continue;
        }
        if (*p == '/' && p[1] != '{')
            prev = p + 1;
        out[o++] = *p++;
        out[o] = 0;
    }
}

static const char *const bodies[] = {
    NULL,
    "",
    "null",
    "[]",
    "\"text\"",
    "1e999",
    "-0",
    "{",
    "{\"a\": }",
    "{}",
    "{\"\": null}",
    "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]"
    "]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]",
    "{\"name\": \"\\u0000\", \"password\": \"\\ud800\"}",
    "{\"side\": {\"x\": 1}, \"winner\": 5, \"cube\": -2, \"result\": [], \"reason\": 7}",
    "{\"side\": \"c\", \"count\": 1e10, \"minutes\": -60, \"points\": 2147483648}",
    "{\"score\": {\"a\": -1, \"b\": 1e20}}",
    "{\"score\": {\"a\": 9007199254740993, \"b\": \"5\"}}",
    "{\"games\": [null, 1, \"x\", {\"winner\": \"a\", \"cube\": 1099511627776}]}",
    "{\"game\": {\"winner\": \"a\", \"cube\": 3, \"result\": \"gammon\"}, \"report_id\": -1}",
    "{\"mat\": 7}",
    "{\"mat\": \" 1 point match\\n\\n Game 1\\n A : 0  B : 0\\n  1) 99: 24/1\"}",
    "{\"concede\": true, \"score\": null}",
    "{\"player_id\": -1, \"player1\": 0, \"player2\": 9223372036854775807}",
    "{\"lengths\": [1, 0, \"x\", 999999], \"seed\": [], \"force\": \"yes\"}",
    "{\"a_bank_ms\": -5, \"b_bank_ms\": 1e300, \"mode\": \"sandglass\", \"delay_ms\": null}",
    "{\"lower_die\": \"a\", \"reason\": \"break\"}",
    "{\"kind\": \"knockout\", \"name\": \"x\", \"knockout\": {\"late_places\": -3, "
    "\"feeds_from\": 99999}}",
    "{\"tables\": [\"\", null, 1], \"clock\": {\"bank_per_point_s\": -1}, \"lateness\": 0}",
    "{\"confirm_cascade\": \"true\", \"winner\": \"a\", \"reason\": \"\"}",
    "{\"length\": 0, \"table\": {\"x\": 1}, \"priority\": 1.5}",
};

/* Every route, every body above, as the TD, as a player of the match and as nobody: no
 * answer of 500 or more, every refusal problem+json. */
START_TEST(test_hostile_bodies_on_every_route)
{
    struct world w;
    build(&w);
    struct srv player;
    srv_player_login(&player, &S, w.tid, w.pid[0], w.pin[0]);
    struct srv anon = S;
    anon.cookie[0] = 0;
    struct srv *who[] = {&S, &player, &anon};
    int n = api_route_count(), sent = 0;
    ck_assert_int_gt(n, 50);
    for (int i = 0; i < n; i++) {
        const char *method, *pattern;
        api_route_at(i, &method, &pattern);
        char path[256];
        fill(&w, pattern, path, sizeof path);
        size_t nb = sizeof bodies / sizeof bodies[0];
        for (size_t b = 0; b < nb; b++) {
            if (!strcmp(method, "GET") && b > 0)
                break; /* a read has no body: once is enough */
            for (int k = 0; k < 3; k++) {
                /* the logout of the TD or the player would end the rest of the run */
                if (strstr(path, "/logout") && k < 2)
                    continue;
                struct res r;
                td(who[k], method, path, bodies[b], &r);
                sent++;
                ck_assert_msg(r.status >= 200 && r.status < 500, "%s %s as %s with %s: %ld %s",
                              method, path,
                              k == 0   ? "the TD"
                              : k == 1 ? "a player"
                                       : "nobody",
                              bodies[b] ? bodies[b] : "(no body)", r.status, r.body);
                if (r.status >= 400) {
                    char ct[80];
                    ck_assert_msg(res_header(&r, "Content-Type", ct, sizeof ct) &&
                                      strstr(ct, "problem+json") && r.json,
                                  "%s %s: a refusal that is not problem+json: %s", method, path,
                                  r.body);
                }
                if (getenv("HOSTILE_DEBUG"))
                    fprintf(stderr, "%ld %s %s k=%d b=%zu\n", r.status, method, path, k, b);
                res_free(&r);
            }
        }
    }
    ck_assert_int_gt(sent, 1000);
    /* still serving, and the file is sound */
    struct res r;
    req(&S, "GET", "/api/v1/health", NULL, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    res_free(&r);
    ck_assert(db_integrity_ok(S.db));
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("http_hostile");
    TCase *tc = tcase_create("hostile");
    tcase_add_checked_fixture(tc, srv_up, srv_down);
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, test_hostile_bodies_on_every_route);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
