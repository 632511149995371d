/* HTTP tests of what every kind of event provides through the kinds table
 * (ops/event/kinds.c): its start and its board, the same two routes whatever the kind
 * (POST .../competitions/{id}/start, GET .../competitions/{id}/board). Each kind's board is
 * the one its own route serves (a knockout's bracket, a Swing's leaderboard, a Davis Cup's
 * ties and standings), its start the same as its own (the draw, the first round, the ties,
 * from a recorded seed: KO-2); an event starts once. */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "support/harness.h"
#include "../check_main.h"

struct ev {
    long long tid, eid;
    char epath[128];
};

static void ok(struct res *r, long status, const char *what)
{
    ck_assert_msg(r->status == status, "%s: %ld %s", what, r->status, r->body);
}

/* An event of `json` in a new tournament, with n new players entered (Davis Cup: as n/2
 * teams of two). */
static void make_event(struct ev *e, const char *json, int n, int teams)
{
    e->tid = make_tournament(&S, "Kinds");
    e->eid = make_competition(&S, e->tid, json);
    snprintf(e->epath, sizeof e->epath, "/api/v1/tournaments/%lld/competitions/%lld", e->tid,
             e->eid);
    long long pids[8];
    make_players(&S, e->tid, n, pids, NULL);
    if (!teams) {
        enter_players(&S, e->tid, e->eid, n, pids);
        return;
    }
    for (int t = 0; t < n / 2; t++) {
        char path[160], body[160];
        snprintf(path, sizeof path, "%s/davis/teams", e->epath);
        snprintf(body, sizeof body, "{\"name\": \"Team %c\", \"player1\": %lld, \"player2\": %lld}",
                 'A' + t, pids[2 * t], pids[2 * t + 1]);
        struct res r;
        td(&S, "POST", path, body, &r);
        ok(&r, 201, "a team");
        res_free(&r);
    }
}

/* GET of the event's own tail (its kind's route) and of its board: the same JSON. */
static void board_is_kinds_own(const struct ev *e, const char *own_tail)
{
    char path[192];
    struct res own, board;
    snprintf(path, sizeof path, "%s%s", e->epath, own_tail);
    td(&S, "GET", path, NULL, &own);
    ok(&own, 200, own_tail);
    snprintf(path, sizeof path, "%s/board", e->epath);
    req(&S, "GET", path, NULL, NULL, &board); /* anyone: no session */
    ok(&board, 200, "the board");
    ck_assert_msg(json_equal(own.json, board.json), "%s\nagainst\n%s", own.body, board.body);
    res_free(&own);
    res_free(&board);
}

/* POST .../start with body; its status, the reply kept in r. */
static void start(const struct ev *e, const char *body, struct res *r)
{
    char path[160];
    snprintf(path, sizeof path, "%s/start", e->epath);
    td(&S, "POST", path, body, r);
}

/* Starts e from a seed, checks the board stands for the kind's own, and a second start is
 * refused with nothing changed. */
static void starts_once(const struct ev *e, const char *own_tail)
{
    struct res r;
    start(e, "{\"seed\": \"kinds\"}", &r);
    ok(&r, 201, "the start");
    json_t *first = json_incref(r.json);
    res_free(&r);
    board_is_kinds_own(e, own_tail);
    start(e, NULL, &r);
    assert_refused(&r, 409, NULL, "a second start");
    ck_assert_str_eq(jstr(&r, "type"), "/problems/event-started");
    res_free(&r);
    char path[160];
    snprintf(path, sizeof path, "%s/board", e->epath);
    req(&S, "GET", path, NULL, NULL, &r);
    ok(&r, 200, "the board after the refusal");
    ck_assert_msg(json_equal(first, r.json), "the refused start changed the board: %s", r.body);
    res_free(&r);
    json_decref(first);
}

START_TEST(test_KO2_knockout_starts_with_its_draw_and_shows_its_bracket)
{
    struct ev e;
    make_event(&e, "{\"kind\": \"knockout\", \"name\": \"Main\", \"knockout\": {\"lengths\": [3, 5]}}",
               4, 0);
    starts_once(&e, "/knockout");
    /* the seed as recorded, KO-2 */
    char path[160];
    snprintf(path, sizeof path, "%s/board", e.epath);
    struct res r;
    req(&S, "GET", path, NULL, NULL, &r);
    ck_assert_str_eq(jstr(&r, "seed"), "kinds");
    ck_assert_int_eq(jint(&r, "size"), 4);
    res_free(&r);
}
END_TEST

START_TEST(test_SWING_starts_with_its_first_round_and_shows_its_leaderboard)
{
    struct ev e;
    make_event(&e, "{\"kind\": \"swing\", \"name\": \"Swing\", \"swing\": {\"start_chips\": 1000, "
                   "\"cpp\": [50]}}",
               4, 0);
    starts_once(&e, "/swing");
}
END_TEST

START_TEST(test_DAVIS_starts_with_its_ties_and_shows_its_board)
{
    struct ev e;
    make_event(&e, "{\"kind\": \"davis\", \"name\": \"Cup\", \"davis\": {\"lengths\": [3, 5, 3]}}",
               6, 1);
    starts_once(&e, "/davis");
}
END_TEST

START_TEST(test_start_refusals_name_the_field_or_the_event)
{
    struct ev e;
    make_event(&e, "{\"kind\": \"knockout\", \"name\": \"Main\"}", 4, 0);
    struct res r;
    start(&e, "{\"seed\": \"a seed far longer than thirty-two characters\"}", &r);
    ck_assert_msg(r.status == 422 && res_names_field(&r, "seed"), "%ld %s", r.status, r.body);
    res_free(&r);
    char path[160];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/competitions/999999/board", e.tid);
    req(&S, "GET", path, NULL, NULL, &r);
    ok(&r, 404, "no such event");
    res_free(&r);
    /* nothing was started by the refusal */
    snprintf(path, sizeof path, "%s/board", e.epath);
    req(&S, "GET", path, NULL, NULL, &r);
    ok(&r, 200, "the board before a start");
    ck_assert_msg(!json_is_true(json_object_get(r.json, "drawn")), "%s", r.body);
    res_free(&r);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("http_kinds");
    TCase *tc = tcase_create("kinds");
    tcase_add_unchecked_fixture(tc, srv_up, srv_down);
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_KO2_knockout_starts_with_its_draw_and_shows_its_bracket);
    tcase_add_test(tc, test_SWING_starts_with_its_first_round_and_shows_its_leaderboard);
    tcase_add_test(tc, test_DAVIS_starts_with_its_ties_and_shows_its_board);
    tcase_add_test(tc, test_start_refusals_name_the_field_or_the_event);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
