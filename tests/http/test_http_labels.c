/* One label for a match: every match reply (one match, the list, a Swing round's games, a
 * Davis Cup tie's rubbers), the knockout status reply and the stream entries about a match
 * carry the same {event, kind, round, round_name, tie, rubber, phase, text}. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/harness.h"
#include "../check_main.h"

static const char *lstr(json_t *match, const char *key)
{
    return json_string_value(json_object_get(json_object_get(match, "label"), key));
}

static long long lint(json_t *match, const char *key)
{
    return json_integer_value(json_object_get(json_object_get(match, "label"), key));
}

static int lnull(json_t *match, const char *key)
{
    json_t *l = json_object_get(match, "label");
    return json_is_object(l) && json_is_null(json_object_get(l, key));
}

static long long post_201(const char *path, const char *body)
{
    struct res r;
    td(&S, "POST", path, body, &r);
    ck_assert_msg(r.status == 201 || r.status == 200, "%s %s", path, r.body);
    long long id = jint(&r, "id");
    res_free(&r);
    return id;
}

START_TEST(test_knockout_and_standalone_matches_carry_their_label)
{
    long long tid = make_tournament(&S, "Labels");
    long long p[8];
    make_players(&S, tid, 8, p, NULL);
    char path[200], body[200];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/competitions", tid);
    long long eid = post_201(
        path, "{\"kind\": \"knockout\", \"name\": \"Main\", \"knockout\": {\"lengths\": [3]}}");
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/competitions/%lld/entries", tid, eid);
    for (int i = 0; i < 8; i++) {
        snprintf(body, sizeof body, "{\"player_id\": %lld}", p[i]);
        post_201(path, body);
    }
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/competitions/%lld/knockout/draw", tid,
             eid);
    struct res r;
    td(&S, "POST", path, "{\"seed\": \"5\"}", &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    res_free(&r);
    /* a standalone match beside the bracket */
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/matches", tid);
    snprintf(body, sizeof body, "{\"player_a\": %lld, \"player_b\": %lld, \"length\": 5}", p[0],
             p[1]);
    td(&S, "POST", path, body, &r);
    ck_assert_msg(r.status == 201, "%s", r.body);
    long long sid = jint(&r, "id");
    ck_assert_str_eq(lstr(r.json, "kind"), "standalone");
    ck_assert(lnull(r.json, "event") && lnull(r.json, "round") && lnull(r.json, "tie"));
    char text[32];
    snprintf(text, sizeof text, "Match %lld", sid);
    ck_assert_str_eq(lstr(r.json, "text"), text);
    res_free(&r);

    /* the list: every match labelled; the bracket's three rounds named from the final */
    req(&S, "GET", path, NULL, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    json_t *ms = json_object_get(r.json, "matches");
    size_t i;
    json_t *m;
    int seen[4] = {0};
    long long qf = 0;
    json_array_foreach(ms, i, m)
    {
        ck_assert_msg(json_is_object(json_object_get(m, "label")), "%s", r.body);
        if (json_integer_value(json_object_get(m, "id")) == sid)
            continue;
        ck_assert_str_eq(lstr(m, "kind"), "knockout");
        ck_assert_str_eq(lstr(m, "event"), "Main");
        ck_assert_int_eq(lint(m, "rounds"), 3);
        long long round = lint(m, "round");
        ck_assert(round >= 1 && round <= 3);
        seen[round]++;
        static const char *const names[] = {"", "Quarter-final", "Semi-final", "Final"};
        ck_assert_str_eq(lstr(m, "round_name"), names[round]);
        char want[64];
        snprintf(want, sizeof want, "Main · %s", names[round]);
        ck_assert_str_eq(lstr(m, "text"), want);
        if (round == 1 && !qf)
            qf = json_integer_value(json_object_get(m, "id"));
    }
    ck_assert_int_eq(seen[1], 4);
    res_free(&r);

    /* one match, and the status reply of one of its players */
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/matches/%lld", tid, qf);
    req(&S, "GET", path, NULL, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    ck_assert_str_eq(lstr(r.json, "text"), "Main · Quarter-final");
    long long player = json_integer_value(
        json_object_get(json_array_get(json_object_get(r.json, "sides"), 0), "player_id"));
    res_free(&r);
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/competitions/%lld/knockout/players/%lld",
             tid, eid, player);
    req(&S, "GET", path, NULL, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    ck_assert_str_eq(lstr(r.json, "text"), "Main · Quarter-final");
    ck_assert_int_eq(jint(&r, "match_id"), qf);
    res_free(&r);

    /* a warning at the table, and the decision: their stream entries name the match the
     * same way (the warning's label beside its record, the decision's inside its match) */
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/matches/%lld/warnings", tid, qf);
    td(&S, "POST", path, "{\"text\": \"Play faster\"}", &r);
    ck_assert_msg(r.status == 200 || r.status == 201, "%s", r.body);
    res_free(&r);
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/matches/%lld/verify", tid, qf);
    td(&S, "POST", path, "{\"score\": {\"a\": 3, \"b\": 1}}", &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    res_free(&r);
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/events", tid);
    const char *needles[] = {
        "event: match.verified", "\"text\":\"Main · Quarter-final\"", "event: match.warned",
        "},\"label\":{\"event\":\"Main\",\"kind\":\"knockout\",\"round\":1", NULL};
    char out[65536];
    ck_assert_msg(stream_until(&S, path, "0", needles, WAIT_MS, -1, out, sizeof out), "%s", out);
}
END_TEST

START_TEST(test_swing_games_and_davis_rubbers_carry_their_label)
{
    long long tid = make_tournament(&S, "Labels 2");
    long long p[4];
    make_players(&S, tid, 4, p, NULL);
    char path[200], body[200];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/competitions", tid);
    long long sw = post_201(path, "{\"kind\": \"swing\", \"name\": \"Swing\", \"swing\": "
                                  "{\"start_chips\": 1000, \"cpp\": [10]}}");
    long long dc = post_201(path, "{\"kind\": \"davis\", \"name\": \"Cup\", \"davis\": "
                                  "{\"lengths\": [3, 5, 3]}}");
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/competitions/%lld/entries", tid, sw);
    for (int i = 0; i < 2; i++) {
        snprintf(body, sizeof body, "{\"player_id\": %lld}", p[i]);
        post_201(path, body);
    }
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/competitions/%lld/swing/rounds", tid, sw);
    struct res r;
    td(&S, "POST", path, "{\"seed\": \"1\"}", &r);
    ck_assert_msg(r.status == 201, "%s", r.body);
    json_t *g = json_array_get(json_object_get(r.json, "games"), 0);
    ck_assert_str_eq(lstr(g, "kind"), "swing");
    ck_assert_int_eq(lint(g, "round"), 1);
    ck_assert(lnull(g, "rounds"));
    ck_assert_str_eq(lstr(g, "text"), "Swing · Round 1");
    long long gid = json_integer_value(json_object_get(g, "id"));
    res_free(&r);
    /* the chips the game moves are a stream entry about the match: it names it too */
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/matches/%lld/verify", tid, gid);
    td(&S, "POST", path, "{\"game\": {\"winner\": \"a\", \"cube\": 1, \"result\": \"single\"}}",
       &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    res_free(&r);
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/events", tid);
    const char *needles[] = {"event: swing.chips_moved",
                             "\"chips\":10,\"label\":{\"event\":\"Swing\",\"kind\":\"swing\"",
                             NULL};
    char out[65536];
    ck_assert_msg(stream_until(&S, path, "0", needles, WAIT_MS, -1, out, sizeof out), "%s", out);

    for (int t = 0; t < 2; t++) {
        snprintf(path, sizeof path, "/api/v1/tournaments/%lld/competitions/%lld/davis/teams", tid,
                 dc);
        snprintf(body, sizeof body, "{\"name\": \"Team %c\", \"player1\": %lld, \"player2\": %lld}",
                 'A' + t, p[2 * t], p[2 * t + 1]);
        post_201(path, body);
    }
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/competitions/%lld/davis/start", tid, dc);
    post_201(path, NULL);
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/competitions/%lld/davis", tid, dc);
    req(&S, "GET", path, NULL, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    json_t *tie = json_array_get(json_object_get(r.json, "ties"), 0);
    json_t *rubbers = json_object_get(tie, "rubbers");
    ck_assert_int_eq(json_array_size(rubbers), 5);
    for (int k = 0; k < 5; k++) {
        json_t *m = json_array_get(rubbers, (size_t)k);
        ck_assert_str_eq(lstr(m, "kind"), "davis");
        ck_assert_str_eq(lstr(m, "event"), "Cup");
        ck_assert_int_eq(lint(m, "tie"), json_integer_value(json_object_get(tie, "id")));
        ck_assert_int_eq(lint(m, "rubber"), k + 1);
        ck_assert_int_eq(lint(m, "phase"), k < 2 ? 1 : k == 2 ? 2 : 3);
        ck_assert_str_eq(lstr(m, "phase_name"), k == 2 ? "doubles" : "singles");
    }
    ck_assert_str_eq(lstr(json_array_get(rubbers, 2), "text"),
                     "Cup · Round 1 · Rubber 3 (doubles)");
    res_free(&r);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("http_labels");
    TCase *tc = tcase_create("labels");
    tcase_add_unchecked_fixture(tc, srv_up, srv_down);
    tcase_set_timeout(tc, 240);
    tcase_add_test(tc, test_knockout_and_standalone_matches_carry_their_label);
    tcase_add_test(tc, test_swing_games_and_davis_rubbers_carry_their_label);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
