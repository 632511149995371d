/* HTTP tests of Swing events (SWING-1..6): settings refusals, rounds, chips moving with
 * verified games, corrections replaying the ledger, and a whole event of 11 players. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/harness.h"

static struct srv S;

static void up(void)
{
    srv_start(&S, NULL);
    srv_login(&S);
}

static void down(void)
{
    srv_cleanup(&S);
}

static int problem_is(struct res *r, long status)
{
    char ct[64];
    return r->status == status && res_header(r, "Content-Type", ct, sizeof ct) &&
           !strcmp(ct, "application/problem+json") && strlen(jstr(r, "detail")) > 0;
}

/* A tournament with n players entered in a Swing event; returns the event path. */
static long long make_swing(int n, const char *swing_json, char *epath, size_t len,
                            long long *players)
{
    long long tid = make_tournament(&S, "Swing night");
    char path[128], body[512];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/competitions", tid);
    snprintf(body, sizeof body, "{\"kind\": \"swing\", \"name\": \"Swing\", \"swing\": %s}",
             swing_json);
    struct res r;
    td(&S, "POST", path, body, &r);
    ck_assert_msg(r.status == 201, "%s", r.body);
    long long eid = jint(&r, "id");
    res_free(&r);
    snprintf(epath, len, "/api/v1/tournaments/%lld/competitions/%lld", tid, eid);
    for (int i = 0; i < n; i++) {
        char name[32];
        snprintf(name, sizeof name, "Swinger %d", i + 1);
        players[i] = make_player(&S, tid, name);
        snprintf(path, sizeof path, "%s/entries", epath);
        snprintf(body, sizeof body, "{\"player_id\": %lld}", players[i]);
        td(&S, "POST", path, body, &r);
        ck_assert_int_eq(r.status, 201);
        res_free(&r);
    }
    return tid;
}

START_TEST(test_SWING5_settings_refused)
{
    long long tid = make_tournament(&S, "Bad swing");
    char path[128];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/competitions", tid);
    static const char *bad[] = {
        "{\"kind\": \"swing\", \"name\": \"S\", \"swing\": {\"start_chips\": 1000, \"cpp\": [0]}}",
        "{\"kind\": \"swing\", \"name\": \"S\", \"swing\": {\"start_chips\": 1000, \"cpp\": [-5]}}",
        "{\"kind\": \"swing\", \"name\": \"S\", \"swing\": {\"start_chips\": 1000, \"cpp\": [200, "
        "100]}}",
        "{\"kind\": \"swing\", \"name\": \"S\", \"swing\": {\"start_chips\": 0, \"cpp\": [100]}}",
        "{\"kind\": \"swing\", \"name\": \"S\", \"swing\": {\"start_chips\": 1000}}",
        "{\"kind\": \"swing\", \"name\": \"S\", \"swing\": {\"start_chips\": 1000, \"cpp_start\": "
        "100, \"growth_percent\": -10}}",
        "{\"kind\": \"swing\", \"name\": \"S\"}",
        "{\"kind\": \"poker\", \"name\": \"S\"}",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        struct res r;
        td(&S, "POST", path, bad[i], &r);
        ck_assert_msg(problem_is(&r, 422), "%s -> %ld %s", bad[i], r.status, r.body);
        res_free(&r);
    }
    struct res r;
    /* a decrease the TD asks for explicitly is allowed */
    td(&S, "POST", path,
       "{\"kind\": \"swing\", \"name\": \"S\", \"swing\": {\"start_chips\": 1000, \"cpp\": [200, "
       "100], \"allow_decrease\": true}}",
       &r);
    ck_assert_int_eq(r.status, 201);
    res_free(&r);
    req(&S, "GET", path, NULL, NULL, &r);
    ck_assert_int_eq(json_array_size(json_object_get(r.json, "events")), 1);
    res_free(&r);
}
END_TEST

START_TEST(test_SWING3_chips_move_and_round_rules)
{
    char epath[128], path[160];
    long long p[4];
    make_swing(4, "{\"start_chips\": 10000, \"cpp\": [300, 600]}", epath, sizeof epath, p);
    struct res r;
    snprintf(path, sizeof path, "%s/swing/rounds", epath);
    td(&S, "POST", path, "{\"seed\": \"fixed seed\"}", &r);
    ck_assert_int_eq(r.status, 201);
    ck_assert_int_eq(jint(&r, "round"), 1);
    ck_assert_int_eq(jint(&r, "cpp"), 300);
    ck_assert_str_eq(jstr(&r, "seed"), "fixed seed");
    json_t *games = json_object_get(r.json, "games");
    ck_assert_int_eq(json_array_size(games), 2);
    long long g1 = json_integer_value(json_object_get(json_array_get(games, 0), "id"));
    long long g2 = json_integer_value(json_object_get(json_array_get(games, 1), "id"));
    long long tid = json_integer_value(json_object_get(json_array_get(games, 0), "tournament_id"));
    res_free(&r);
    /* the round is open: the next one waits */
    td(&S, "POST", path, NULL, &r);
    ck_assert(problem_is(&r, 409));
    res_free(&r);
    /* SWING-3 worked example: a gammon, cube 4, CPP 300: 2,400 chips */
    char mpath[160];
    snprintf(mpath, sizeof mpath, "/api/v1/tournaments/%lld/matches/%lld/verify", tid, g1);
    td(&S, "POST", mpath, "{\"game\": {\"winner\": \"a\", \"cube\": 4, \"result\": \"gammon\"}}",
       &r);
    ck_assert_int_eq(r.status, 200);
    res_free(&r);
    snprintf(mpath, sizeof mpath, "/api/v1/tournaments/%lld/matches/%lld/verify", tid, g2);
    td(&S, "POST", mpath, "{\"game\": {\"winner\": \"b\", \"cube\": 3, \"result\": \"single\"}}",
       &r);
    ck_assert(problem_is(&r, 422)); /* a cube of 3 */
    res_free(&r);
    td(&S, "POST", mpath, "{\"game\": {\"winner\": \"b\", \"cube\": 1, \"result\": \"drop\"}}", &r);
    ck_assert_int_eq(r.status, 200);
    res_free(&r);
    snprintf(path, sizeof path, "%s/swing", epath);
    req(&S, "GET", path, NULL, NULL, &r);
    ck_assert_int_eq(jint(&r, "total_chips"), 40000);
    json_t *pl = json_object_get(r.json, "players");
    ck_assert_int_eq(json_integer_value(json_object_get(json_array_get(pl, 0), "chips")), 12400);
    ck_assert_int_eq(
        json_integer_value(json_object_get(json_array_get(pl, 0), "change_last_round")), 2400);
    ck_assert_int_eq(json_integer_value(json_object_get(json_array_get(pl, 3), "chips")), 7600);
    res_free(&r);
    /* round 2 at CPP 600 */
    snprintf(path, sizeof path, "%s/swing/rounds", epath);
    td(&S, "POST", path, NULL, &r);
    ck_assert_int_eq(r.status, 201);
    ck_assert_int_eq(jint(&r, "cpp"), 600);
    ck_assert_int_gt(strlen(jstr(&r, "seed")), 0); /* drawn by the server, recorded */
    res_free(&r);
    /* entries are closed once the event runs */
    snprintf(path, sizeof path, "%s/entries", epath);
    long long late = make_player(&S, tid, "Too late");
    char body[64];
    snprintf(body, sizeof body, "{\"player_id\": %lld}", late);
    td(&S, "POST", path, body, &r);
    ck_assert(problem_is(&r, 409));
    res_free(&r);
}
END_TEST

START_TEST(test_SWING4_correction_replays_ledger)
{
    char epath[128], path[160];
    long long p[2];
    make_swing(2, "{\"start_chips\": 1000, \"cpp\": [100]}", epath, sizeof epath, p);
    struct res r;
    snprintf(path, sizeof path, "%s/swing/rounds", epath);
    td(&S, "POST", path, NULL, &r);
    json_t *g = json_array_get(json_object_get(r.json, "games"), 0);
    long long mid = json_integer_value(json_object_get(g, "id"));
    long long tid = json_integer_value(json_object_get(g, "tournament_id"));
    res_free(&r);
    char mpath[160];
    snprintf(mpath, sizeof mpath, "/api/v1/tournaments/%lld/matches/%lld/verify", tid, mid);
    td(&S, "POST", mpath, "{\"game\": {\"winner\": \"a\", \"cube\": 1, \"result\": \"single\"}}",
       &r);
    res_free(&r);
    snprintf(path, sizeof path, "%s/swing/rounds", epath);
    td(&S, "POST", path, NULL, &r);
    g = json_array_get(json_object_get(r.json, "games"), 0);
    long long mid2 = json_integer_value(json_object_get(g, "id"));
    res_free(&r);
    snprintf(mpath, sizeof mpath, "/api/v1/tournaments/%lld/matches/%lld/verify", tid, mid2);
    td(&S, "POST", mpath, "{\"game\": {\"winner\": \"a\", \"cube\": 1, \"result\": \"single\"}}",
       &r);
    res_free(&r);
    /* correct round 1 to a backgammon with cube 4 the other way: someone is out after
     * round 1, so round 2's game no longer had an eligible player */
    snprintf(mpath, sizeof mpath, "/api/v1/tournaments/%lld/matches/%lld/correct", tid, mid);
    td(&S, "POST", mpath,
       "{\"game\": {\"winner\": \"b\", \"cube\": 4, \"result\": \"backgammon\"}, \"reason\": "
       "\"wrong sheet\"}",
       &r);
    ck_assert_int_eq(r.status, 200);
    json_t *changed = json_object_get(r.json, "swing_eligibility_changed");
    ck_assert_int_eq(json_array_size(changed), 1);
    ck_assert_int_eq(json_integer_value(json_array_get(changed, 0)), mid2);
    res_free(&r);
    snprintf(path, sizeof path, "%s/swing", epath);
    req(&S, "GET", path, NULL, NULL, &r);
    ck_assert_int_eq(jint(&r, "total_chips"), 2000);
    ck_assert_str_eq(jstr(&r, "state"), "finished");
    ck_assert(json_is_integer(json_object_get(r.json, "champion")));
    res_free(&r);
}
END_TEST

static uint32_t rnd(uint64_t *s)
{
    *s = *s * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(*s >> 33);
}

START_TEST(test_SWING_whole_event_of_11_players)
{
    char epath[128], path[160];
    long long p[11];
    make_swing(11, "{\"start_chips\": 2000, \"cpp_start\": 100, \"growth_percent\": 50}", epath,
               sizeof epath, p);
    uint64_t seed = 2026;
    long long last_sitter = 0;
    int rounds = 0;
    for (; rounds < 200; rounds++) {
        struct res r;
        snprintf(path, sizeof path, "%s/swing/rounds", epath);
        td(&S, "POST", path, NULL, &r);
        if (r.status == 409) { /* over */
            res_free(&r);
            break;
        }
        ck_assert_msg(r.status == 201, "%s", r.body);
        json_t *sitter = json_object_get(r.json, "sitter");
        json_t *games = json_object_get(r.json, "games");
        if (json_is_integer(sitter)) {
            if (json_array_size(games) >= 1 && last_sitter)
                ck_assert_int_ne(json_integer_value(sitter), last_sitter); /* SWING-6 */
            last_sitter = json_integer_value(sitter);
        } else {
            last_sitter = 0;
        }
        size_t ng = json_array_size(games);
        long long ids[8], tid = 0;
        for (size_t i = 0; i < ng; i++) {
            ids[i] = json_integer_value(json_object_get(json_array_get(games, i), "id"));
            tid = json_integer_value(json_object_get(json_array_get(games, i), "tournament_id"));
        }
        res_free(&r);
        static const char *how[] = {"single", "gammon", "backgammon", "drop"};
        for (size_t i = 0; i < ng; i++) {
            char mpath[160], body[160];
            snprintf(mpath, sizeof mpath, "/api/v1/tournaments/%lld/matches/%lld/verify", tid,
                     ids[i]);
            snprintf(body, sizeof body,
                     "{\"game\": {\"winner\": \"%s\", \"cube\": %d, \"result\": \"%s\"}}",
                     rnd(&seed) % 2 ? "a" : "b", 1 << (rnd(&seed) % 3), how[rnd(&seed) % 4]);
            td(&S, "POST", mpath, body, &r);
            ck_assert_msg(r.status == 200, "%s", r.body);
            res_free(&r);
        }
        /* chips are conserved after every round */
        snprintf(path, sizeof path, "%s/swing", epath);
        req(&S, "GET", path, NULL, NULL, &r);
        json_t *pl = json_object_get(r.json, "players");
        long long total = 0;
        for (size_t i = 0; i < json_array_size(pl); i++) {
            long long c = json_integer_value(json_object_get(json_array_get(pl, i), "chips"));
            ck_assert_int_ge(c, 0);
            total += c;
        }
        ck_assert_int_eq(total, 22000);
        res_free(&r);
    }
    ck_assert_int_lt(rounds, 200);
    struct res r;
    snprintf(path, sizeof path, "%s/swing", epath);
    req(&S, "GET", path, NULL, NULL, &r);
    ck_assert_str_eq(jstr(&r, "state"), "finished");
    json_t *first = json_array_get(json_object_get(r.json, "players"), 0);
    ck_assert_int_eq(json_integer_value(json_object_get(first, "chips")), 22000);
    ck_assert_int_eq(json_integer_value(json_object_get(r.json, "champion")),
                     json_integer_value(json_object_get(first, "player_id")));
    res_free(&r);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("http_swing");
    TCase *tc = tcase_create("swing");
    tcase_add_unchecked_fixture(tc, up, down);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_SWING5_settings_refused);
    tcase_add_test(tc, test_SWING3_chips_move_and_round_rules);
    tcase_add_test(tc, test_SWING4_correction_replays_ledger);
    tcase_add_test(tc, test_SWING_whole_event_of_11_players);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
