/* HTTP tests of knockout corrections (KO-5, KO-8, with CLK-7): a correction cascading
 * through the bracket and audited in the order decided, a flag reversed after the bracket
 * moved on, Main corrections following into a drawn Consolation (a vacant place, or refused
 * when it would need a new one). The draw and late arrivals: test_http_knockout.c. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "support/knockout_fx.h"
#include "../check_main.h"

START_TEST(test_KO8_advance_and_correction_cascade)
{
    struct ko k;
    ko_setup(&k, 4, "[\"1\", \"2\"]");
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
    ko_setup(&k, 4, "[]");
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
    json_t *before = ko_snapshot(bp);
    td(&S, "POST", rf, NULL, &r);
    ck_assert(problem_is(&r, 409));
    ck_assert_int_eq(json_array_size(json_object_get(r.json, "would_undo")), 1);
    res_free(&r);
    ko_unchanged(before, bp); /* (consumes before) */
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
    ko_setup(&k, 8, NULL);
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

static Suite *suite(void)
{
    Suite *s = suite_create("http_knockout_corrections");
    TCase *tc = tcase_create("knockout");
    tcase_add_unchecked_fixture(tc, srv_up, srv_down);
    tcase_set_timeout(tc, 240);
    tcase_add_test(tc, test_KO8_advance_and_correction_cascade);
    tcase_add_test(tc, test_CLK7_KO8_reverse_flag_after_the_bracket_moved_on);
    tcase_add_test(tc, test_KO5_KO8_main_correction_follows_into_consolation);
    tcase_add_test(tc, test_KO5_KO8_correction_leaves_a_vacant_consolation_place);
    tcase_add_test(tc, test_KO5_correction_needing_a_new_place_is_refused);
    tcase_add_test(tc, test_KO8_cascade_audit_order);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
