/* HTTP tests of Davis Cup team events (DAVIS-1..3): pairs, phases opening in turn, the
 * doubles played by either member, an undone rubber, dead rubbers, and a whole round robin
 * of 5 teams. The knockout of teams, late teams, refusals, tables and placings:
 * test_http_davis_ko.c; the fixture: support/davis_fx.c. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "support/davis_fx.h"
#include "../check_main.h"

START_TEST(test_DAVIS1_teams_refused)
{
    struct dc d;
    make_event(&d, 2, NULL);
    char path[160], body[200];
    snprintf(path, sizeof path, "%s/davis/teams", d.epath);
    struct res r;
    snprintf(body, sizeof body, "{\"name\": \"Solo\", \"player1\": %lld}", d.players[0]);
    td(&S, "POST", path, body, &r); /* a team of one */
    ck_assert(problem_is(&r, 422));
    res_free(&r);
    snprintf(body, sizeof body, "{\"name\": \"Twice\", \"player1\": %lld, \"player2\": %lld}",
             d.players[0], d.players[0]);
    td(&S, "POST", path, body, &r);
    ck_assert(problem_is(&r, 422));
    res_free(&r);
    long long extra = make_player(&S, d.tid, "Newcomer");
    snprintf(body, sizeof body, "{\"name\": \"Dup\", \"player1\": %lld, \"player2\": %lld}", extra,
             d.players[3]); /* already in team B */
    td(&S, "POST", path, body, &r);
    ck_assert(problem_is(&r, 409));
    res_free(&r);
    board(&d, &r);
    ck_assert_int_eq(json_array_size(json_object_get(r.json, "teams")), 2);
    res_free(&r);
}
END_TEST

START_TEST(test_DAVIS1_single_entry_refused)
{
    struct dc d;
    make_event(&d, 2, NULL);
    long long extra = make_player(&S, d.tid, "Loner");
    int audits = audit_count(&d, NULL);
    char path[160], body[64];
    snprintf(path, sizeof path, "%s/entries", d.epath);
    snprintf(body, sizeof body, "{\"player_id\": %lld}", extra);
    struct res r;
    td(&S, "POST", path, body, &r); /* a lone player would bypass DAVIS-1 */
    ck_assert_msg(problem_is(&r, 409), "%s", r.body);
    ck_assert_ptr_nonnull(strstr(jstr(&r, "detail"), "as teams"));
    ck_assert_ptr_nonnull(strstr(jstr(&r, "detail"), "/davis/teams"));
    res_free(&r);
    snprintf(body, sizeof body, "{\"player_id\": %lld}", d.players[0]); /* one of a team, too */
    td(&S, "POST", path, body, &r);
    ck_assert(problem_is(&r, 409));
    res_free(&r);
    /* nothing changed */
    req(&S, "GET", d.epath, NULL, NULL, &r);
    ck_assert_int_eq(json_array_size(json_object_get(r.json, "entries")), 0);
    ck_assert_str_eq(jstr(&r, "state"), "open");
    res_free(&r);
    board(&d, &r);
    ck_assert_int_eq(json_array_size(json_object_get(r.json, "teams")), 2);
    res_free(&r);
    ck_assert_int_eq(audit_count(&d, NULL), audits);
}
END_TEST

START_TEST(test_DAVIS2_phases_doubles_and_winner)
{
    struct dc d;
    make_event(&d, 2, NULL);
    start(&d);
    struct res r;
    board(&d, &r);
    json_t *tie = json_array_get(json_object_get(r.json, "ties"), 0);
    long long m[5];
    for (int k = 0; k < 5; k++)
        m[k] = json_integer_value(json_object_get(rubber(tie, k), "id"));
    ck_assert_int_eq(json_integer_value(json_object_get(tie, "open_phase")), 1);
    /* phase 1 is A1 v B2 and A2 v B1 */
    json_t *r0 = rubber(tie, 0);
    ck_assert_int_eq(json_integer_value(json_object_get(
                         json_array_get(json_object_get(r0, "sides"), 1), "player_id")),
                     d.players[3]);
    ck_assert_int_eq(json_integer_value(json_object_get(rubber(tie, 2), "length")), 5);
    res_free(&r);
    /* phase 2 before phase 1 is complete: refused */
    struct srv b2;
    as_player(&d, 3, &b2);
    char path[160];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/matches/%lld/report", d.tid, m[2]);
    td(&b2, "POST", path, "{\"score\": {\"a\": 0, \"b\": 5}}", &r);
    ck_assert(problem_is(&r, 409));
    ck_assert_ptr_nonnull(strstr(jstr(&r, "detail"), "phase"));
    res_free(&r);
    td_decide(&d, m[0], 3, 0, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    res_free(&r);
    td_decide(&d, m[1], 3, 1, NULL, &r);
    res_free(&r);
    /* the doubles: reported by B's second player, confirmed by A's second player */
    td(&b2, "POST", path, "{\"score\": {\"a\": 2, \"b\": 5}}", &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    res_free(&r);
    struct srv a2;
    as_player(&d, 1, &a2);
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/matches/%lld/confirm", d.tid, m[2]);
    td(&a2, "POST", path, NULL, &r);
    ck_assert_str_eq(jstr(&r, "state"), "verified");
    res_free(&r);
    /* a player outside this match: A2 plays rubber 5, not rubber 4 */
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/matches/%lld/report", d.tid, m[3]);
    td(&a2, "POST", path, "{\"score\": {\"a\": 3, \"b\": 0}}", &r);
    ck_assert(problem_is(&r, 403));
    res_free(&r);
    td_decide(&d, m[3], 3, 1, NULL, &r); /* B leads 3-1: the tie is B's */
    res_free(&r);
    board(&d, &r);
    tie = json_array_get(json_object_get(r.json, "ties"), 0);
    ck_assert_str_eq(json_string_value(json_object_get(tie, "winner")), "b");
    /* DAVIS-2: the fifth match can no longer change it: not played by default */
    ck_assert_str_eq(json_string_value(json_object_get(rubber(tie, 4), "state")), "void");
    json_t *st = json_object_get(r.json, "standings");
    ck_assert_str_eq(json_string_value(json_object_get(json_array_get(st, 0), "name")), "Team B");
    res_free(&r);
    /* a correction of phase 1 after phase 2 was played that keeps its winner (3-0 becomes
     * 3-1): only the score changes, the later phases stay as they are */
    char cpath[160];
    snprintf(cpath, sizeof cpath, "/api/v1/tournaments/%lld/matches/%lld/correct", d.tid, m[0]);
    td(&S, "POST", cpath, "{\"score\": {\"a\": 3, \"b\": 1}, \"reason\": \"sheet\"}", &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    res_free(&r);
    board(&d, &r);
    tie = json_array_get(json_object_get(r.json, "ties"), 0);
    ck_assert_int_eq(
        json_integer_value(json_object_get(json_object_get(rubber(tie, 0), "score"), "b")), 1);
    ck_assert_str_eq(json_string_value(json_object_get(rubber(tie, 2), "state")), "verified");
    ck_assert_str_eq(json_string_value(json_object_get(rubber(tie, 3), "state")), "verified");
    ck_assert_str_eq(json_string_value(json_object_get(tie, "winner")), "b");
    res_free(&r);
    /* one that changes its winner: refused without the cascade */
    td(&S, "POST", cpath, "{\"score\": {\"a\": 1, \"b\": 3}, \"reason\": \"sheet\"}", &r);
    ck_assert(problem_is(&r, 409));
    ck_assert_int_eq(json_array_size(json_object_get(r.json, "would_undo")), 2);
    res_free(&r);
    td(&S, "POST", cpath,
       "{\"score\": {\"a\": 1, \"b\": 3}, \"reason\": \"sheet\", \"confirm_cascade\": true}", &r);
    ck_assert_int_eq(r.status, 200);
    res_free(&r);
    board(&d, &r);
    tie = json_array_get(json_object_get(r.json, "ties"), 0);
    ck_assert_str_eq(json_string_value(json_object_get(rubber(tie, 2), "state")), "scheduled");
    ck_assert_str_eq(json_string_value(json_object_get(rubber(tie, 3), "state")), "scheduled");
    ck_assert(json_is_null(json_object_get(tie, "winner")));
    ck_assert_int_eq(json_integer_value(json_object_get(tie, "open_phase")), 2);
    res_free(&r);
}
END_TEST

/* KO-10 in a Davis Cup tie: the doubles decided on 5 penalty points, then undone by a
 * correction of phase 1 with its cascade, is a rubber not yet played: 0-0 with no penalty
 * points standing (the old ones listed void), and the doubles' report is taken again. */
START_TEST(test_KO10_davis_undone_rubber_forgets_its_penalty_points)
{
    struct dc d;
    make_event(&d, 2, NULL);
    start(&d);
    long long m[5];
    rubber_ids(&d, m);
    struct res r;
    td_decide(&d, m[0], 3, 0, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    res_free(&r);
    td_decide(&d, m[1], 3, 1, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    res_free(&r);
    char path[160];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/matches/%lld/penalties", d.tid, m[2]);
    td(&S, "POST", path,
       "{\"side\": \"a\", \"kind\": \"points\", \"points\": 5, \"reason\": \"etiquette\"}", &r);
    ck_assert_msg(r.status == 201, "%s", r.body);
    res_free(&r);
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/matches/%lld/correct", d.tid, m[0]);
    td(&S, "POST", path,
       "{\"score\": {\"a\": 1, \"b\": 3}, \"reason\": \"sheet\", \"confirm_cascade\": true}", &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    res_free(&r);
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/matches/%lld/penalties", d.tid, m[2]);
    req(&S, "GET", path, NULL, NULL, &r);
    ck_assert_msg(json_array_size(json_object_get(r.json, "penalties")) == 0 &&
                      json_array_size(json_object_get(r.json, "voided")) == 1 &&
                      json_integer_value(
                          json_object_get(json_object_get(r.json, "penalty_points"), "b")) == 0,
                  "%s", r.body);
    res_free(&r);
    struct srv b2;
    as_player(&d, 3, &b2);
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/matches/%lld/report", d.tid, m[2]);
    td(&b2, "POST", path, "{\"score\": {\"a\": 2, \"b\": 5}}", &r);
    ck_assert_msg(r.status == 200, "the undone doubles' report: %s", r.body);
    ck_assert_str_eq(jstr(&r, "state"), "reported");
    res_free(&r);
}
END_TEST

START_TEST(test_DAVIS3_round_robin_of_five_to_the_end)
{
    struct dc d;
    make_event(&d, 5, "{\"lengths\": [1, 1, 1], \"play_dead\": true}");
    start(&d);
    struct res r;
    board(&d, &r);
    ck_assert_int_eq(json_array_size(json_object_get(r.json, "ties")), 15); /* 5 rounds x 3 */
    /* DAVIS-2 with play_dead: a tie decided 3-0 still plays its last two matches */
    json_t *first = NULL;
    for (int sl = 1; sl <= 3 && !first; sl++)
        if (!json_is_true(json_object_get(tie_at(r.json, 1, sl), "bye")))
            first = tie_at(r.json, 1, sl);
    int first_slot = (int)json_integer_value(json_object_get(first, "slot"));
    long long fm[5];
    for (int k = 0; k < 5; k++)
        fm[k] = json_integer_value(json_object_get(rubber(first, k), "id"));
    res_free(&r);
    for (int k = 0; k < 3; k++) {
        td_decide(&d, fm[k], 1, 0, NULL, &r);
        ck_assert_msg(r.status == 200, "%s", r.body);
        res_free(&r);
    }
    board(&d, &r);
    first = tie_at(r.json, 1, first_slot);
    ck_assert_str_eq(json_string_value(json_object_get(first, "winner")), "a");
    ck_assert_int_eq(json_integer_value(json_object_get(first, "open_phase")), 3);
    for (int k = 3; k < 5; k++)
        ck_assert_str_eq(json_string_value(json_object_get(rubber(first, k), "state")),
                         "scheduled");
    res_free(&r);
    td_decide(&d, fm[3], 1, 1, NULL, &r); /* playable: B takes one back */
    ck_assert_msg(r.status == 200, "%s", r.body);
    ck_assert_str_eq(jstr(&r, "state"), "verified");
    res_free(&r);
    uint64_t seed = 5;
    for (int pass = 0; pass < 20 && decide_open(&d, 0, &seed); pass++)
        ;
    board(&d, &r);
    json_t *ties = json_object_get(r.json, "ties");
    int byes = 0;
    for (size_t i = 0; i < json_array_size(ties); i++) {
        json_t *tie = json_array_get(ties, i);
        byes += json_is_true(json_object_get(tie, "bye"));
        ck_assert(!json_is_null(json_object_get(tie, "winner")));
    }
    ck_assert_int_eq(byes, 5);
    json_t *st = json_object_get(r.json, "standings");
    ck_assert_int_eq(json_array_size(st), 5);
    int ties_won = 0, played = 0;
    for (size_t i = 0; i < 5; i++) {
        json_t *t = json_array_get(st, i);
        ties_won += (int)json_integer_value(json_object_get(t, "ties_won"));
        played += (int)json_integer_value(json_object_get(t, "ties_played"));
        ck_assert_int_eq(json_integer_value(json_object_get(t, "ties_played")), 4);
        if (i)
            ck_assert_int_le(
                json_integer_value(json_object_get(t, "ties_won")),
                json_integer_value(json_object_get(json_array_get(st, i - 1), "ties_won")));
    }
    ck_assert_int_eq(ties_won, 10); /* 10 ties, one winner each */
    ck_assert_int_eq(played, 20);
    first = tie_at(r.json, 1, first_slot);
    ck_assert_int_ge(json_integer_value(json_array_get(json_object_get(first, "rubbers_won"), 0)),
                     3);
    ck_assert_str_eq(json_string_value(json_object_get(rubber(first, 4), "state")), "verified");
    /* who won the last match: b when b scored its point */
    int last_b =
        json_integer_value(json_object_get(json_object_get(rubber(first, 4), "score"), "b")) > 0;
    res_free(&r);
    /* every tie complete: the round robin is finished, audited once */
    assert_event_state(&d, "finished");
    ck_assert_int_eq(audit_count(&d, "davis.finished"), 1);
    /* a correction of the last match (its winner changed, the tie still complete) keeps it
     * finished */
    char cpath[160], cbody[120];
    snprintf(cpath, sizeof cpath, "/api/v1/tournaments/%lld/matches/%lld/correct", d.tid, fm[4]);
    snprintf(cbody, sizeof cbody, "{\"score\": {\"a\": %d, \"b\": %d}, \"reason\": \"sheet\"}",
             last_b, !last_b);
    td(&S, "POST", cpath, cbody, &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    res_free(&r);
    assert_event_state(&d, "finished");
    /* a phase-1 correction whose cascade undoes phases 2 and 3 reopens the tie: running */
    snprintf(cpath, sizeof cpath, "/api/v1/tournaments/%lld/matches/%lld/correct", d.tid, fm[0]);
    td(&S, "POST", cpath,
       "{\"score\": {\"a\": 0, \"b\": 1}, \"reason\": \"sheet\", \"confirm_cascade\": true}", &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    res_free(&r);
    assert_event_state(&d, "running");
    ck_assert_int_eq(audit_count(&d, "davis.reopened"), 1);
    board(&d, &r);
    ck_assert_int_eq(
        json_integer_value(json_object_get(tie_at(r.json, 1, first_slot), "open_phase")), 2);
    res_free(&r);
    /* the tie played again to its end: finished again */
    for (int pass = 0; pass < 5 && decide_open(&d, 1, NULL); pass++)
        ;
    assert_event_state(&d, "finished");
    ck_assert_int_eq(audit_count(&d, "davis.finished"), 2);
}
END_TEST

START_TEST(test_DAVIS2_dead_rubbers_void_by_default)
{
    struct dc d;
    make_event(&d, 2, "{\"lengths\": [1, 1, 1]}"); /* play_dead false, the default */
    start(&d);
    struct res r;
    long long m[5];
    rubber_ids(&d, m);
    for (int k = 0; k < 3; k++) {
        td_decide(&d, m[k], 1, 0, NULL, &r);
        ck_assert_msg(r.status == 200, "%s", r.body);
        res_free(&r);
    }
    board(&d, &r); /* 3-0: the last two cannot change it and are not played */
    json_t *tie = json_array_get(json_object_get(r.json, "ties"), 0);
    ck_assert_str_eq(json_string_value(json_object_get(tie, "winner")), "a");
    ck_assert_int_eq(json_integer_value(json_object_get(tie, "open_phase")), 0);
    for (int k = 3; k < 5; k++)
        ck_assert_str_eq(json_string_value(json_object_get(rubber(tie, k), "state")), "void");
    res_free(&r);
    td_decide(&d, m[3], 1, 1, NULL, &r);
    ck_assert(problem_is(&r, 409));
    res_free(&r);
    /* the only tie is complete: the round robin is finished */
    assert_event_state(&d, "finished");
}
END_TEST

/* KO-2, DAVIS-3: a knockout of teams takes the seeds a draw takes: text that is no number
 * is recorded as given. */
START_TEST(test_KO2_davis_seed_as_text)
{
    struct dc d;
    make_event(&d, 4, "{\"format\": \"knockout\", \"lengths\": [1, 1, 1]}");
    start_with(&d, "{\"seed\": \"roma-2026\"}");
    struct res r;
    board(&d, &r);
    json_t *br = json_object_get(r.json, "bracket");
    ck_assert_str_eq(json_string_value(json_object_get(br, "seed")), "roma-2026");
    res_free(&r);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("http_davis");
    TCase *tc = tcase_create("davis");
    tcase_add_unchecked_fixture(tc, srv_up, srv_down);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_DAVIS1_teams_refused);
    tcase_add_test(tc, test_DAVIS1_single_entry_refused);
    tcase_add_test(tc, test_DAVIS2_phases_doubles_and_winner);
    tcase_add_test(tc, test_KO10_davis_undone_rubber_forgets_its_penalty_points);
    tcase_add_test(tc, test_DAVIS2_dead_rubbers_void_by_default);
    tcase_add_test(tc, test_DAVIS3_round_robin_of_five_to_the_end);
    tcase_add_test(tc, test_KO2_davis_seed_as_text);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
