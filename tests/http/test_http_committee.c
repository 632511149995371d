/* HTTP tests of the Tournament Committee (GOV-2) and appeals (GOV-7) against a real
 * `crawford serve`, a fresh server for each test: the Committee's names posted for anyone,
 * no official on it, a member who is a party replaced by a reserve; a player's appeal of a
 * ruling within its window, the next match held, statements, one motion at a time, an even
 * panel refused, votes from phones (a member's PIN, a player member's session) and in
 * person, a 2-1 decision that overturns the ruling through the correction path and moves
 * the bracket (KO-8, KO-10), final; a ruling waiting for the Committee (GOV-6) decided by
 * it. Every refusal names its rule (or field) and changes nothing. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "support/committee_fx.h"
#include "support/harness.h"
#include "support/unzip.h"
#include "../check_main.h"

/* GOV-8: the report to the federation carries the case as it was decided (the motion,
 * 2 for and 1 against, the outcome) and the Committee's members, and no member's PIN. */
static void report_holds_the_case(const struct fx *f, long long aid)
{
    char path[160];
    struct res r;
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/report?format=json", f->tid);
    td(&S, "GET", path, NULL, &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    char *text = report_unzip(r.body, r.len, "report.json", NULL, 0);
    ck_assert_ptr_nonnull(text);
    res_free(&r);
    ck_assert_msg(!strstr(text, f->ezio_pin) && !strstr(text, f->flora_pin) &&
                      !strstr(text, f->gina_pin),
                  "a member's PIN is in the report");
    json_t *rep = json_loads(text, 0, NULL);
    free(text);
    ck_assert_ptr_nonnull(rep);
    json_t *cases = json_object_get(rep, "appeals"), *c = NULL;
    for (size_t i = 0; i < json_array_size(cases); i++)
        if (json_integer_value(json_object_get(json_array_get(cases, i), "appeal_id")) == aid)
            c = json_array_get(cases, i);
    ck_assert_msg(c != NULL, "appeal %lld is not in the report", aid);
    ck_assert_str_eq(json_string_value(json_object_get(c, "state")), "decided");
    ck_assert_str_eq(json_string_value(json_object_get(c, "outcome")), "replaced");
    ck_assert_int_eq(json_integer_value(json_object_get(c, "votes_for")), 2);
    ck_assert_int_eq(json_integer_value(json_object_get(c, "votes_against")), 1);
    ck_assert_ptr_nonnull(json_string_value(json_object_get(c, "motion")));
    json_t *members = json_object_get(rep, "committee");
    int seen = 0;
    for (size_t i = 0; i < json_array_size(members); i++) {
        const char *n = json_string_value(json_object_get(json_array_get(members, i), "name"));
        seen += n && (!strcmp(n, "Ezio") || !strcmp(n, "Flora") || !strcmp(n, "Gina"));
    }
    ck_assert_int_eq(seen, 3);
    json_decref(rep);
}

/* GOV-2: the Committee's names are posted for anyone, never a PIN; an official never sits
 * on it; three to five members, reserves beside; a member's card for the TD only. */
START_TEST(test_GOV2_committee_public_no_official)
{
    struct fx f;
    setup(&f);
    struct srv anyone = S;
    anyone.cookie[0] = 0;
    struct res r;
    on_t(&anyone, &f, "GET", "/committee", NULL, &r);
    ok(&r, 200, "the Committee for anyone");
    ck_assert_str_eq(jstr(&r, "form"), "standing");
    ck_assert_int_eq(json_array_size(json_object_get(r.json, "members")), 2);
    ck_assert_int_eq(json_array_size(json_object_get(r.json, "reserves")), 1);
    ck_assert_msg(!strstr(r.body, f.ezio_pin) && !strstr(r.body, "\"pin\""), "%s", r.body);
    ck_assert_msg(strstr(r.body, "Ezio") && strstr(r.body, "Gina"), "%s", r.body);
    res_free(&r);
    /* the head TD by name, and a player linked to an official */
    refuse(&S, &f, "POST", "/committee/members", "{\"name\": \"Head TD\"}", 409, "GOV-2",
           "the head TD on the Committee");
    char path[200], body[120];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/players/%lld", f.tid, f.pid[3]);
    long long tina = make_official(&S, "Tina", "td", "tina password");
    snprintf(body, sizeof body, "{\"official_id\": %lld}", tina);
    td(&S, "PATCH", path, body, &r);
    ok(&r, 200, "Dario is Tina");
    res_free(&r);
    snprintf(body, sizeof body, "{\"player_id\": %lld}", f.pid[3]);
    refuse(&S, &f, "POST", "/committee/members", body, 409, "GOV-2", "an official's player");
    refuse(&S, &f, "POST", "/committee/members", "{\"name\": \"X\", \"player_id\": 1}", 422,
           "player_id", "a name and a player");
    refuse(&S, &f, "PUT", "/committee", "{\"form\": \"sometimes\"}", 422, "form", "a bad form");
    /* a sixth sitting member is a reserve */
    member(&f, "{\"name\": \"Ugo\"}", NULL);
    member(&f, "{\"name\": \"Vera\"}", NULL);
    member(&f, "{\"name\": \"Zeno\"}", NULL);
    refuse(&S, &f, "POST", "/committee/members", "{\"name\": \"Sesto\"}", 409, "GOV-2",
           "a sixth member");
    /* the card: the TD reads it; anyone else does not */
    snprintf(path, sizeof path, "/committee/members/%lld/card", f.ezio);
    on_t(&S, &f, "GET", path, NULL, &r);
    ok(&r, 200, "Ezio's card");
    ck_assert_str_eq(jstr(&r, "pin"), f.ezio_pin);
    res_free(&r);
    on_t(&f.as[0], &f, "GET", path, NULL, &r);
    ck_assert_msg(r.status == 401 || r.status == 403, "a player reads a card: %ld", r.status);
    res_free(&r);
}
END_TEST

/* GOV-7, KO-8, KO-10: the loser of round 1 appeals the TD's ruling from the phone within
 * its window; the final is held; both players state their case; an even panel is refused
 * before the vote; members vote from phones and in person, a replaced member, a non-member
 * and a second vote are refused; 2-1 replaces the ruling: the match's winner changes
 * through the correction path and the final gets the appellant; the decision is final. */
START_TEST(test_GOV7_appeal_2_1_overturns_ruling_and_moves_bracket)
{
    struct fx f;
    setup(&f);
    long long winner = player_on(&f, f.r1[0], 0), loser = player_on(&f, f.r1[0], 1);
    char body[600], tail[200];
    /* the winner of the match appealed sits on the Committee: a party, replaced by Gina */
    snprintf(body, sizeof body, "{\"player_id\": %lld}", winner);
    long long party = member(&f, body, NULL);
    struct res r;
    on_m(&S, &f, f.r1[1], "POST", "/verify", "{\"score\": {\"a\": 3, \"b\": 0}}", &r);
    ok(&r, 200, "the other match of round 1");
    res_free(&r);
    long long rid = ruling(&f, f.r1[0], 3, 1, "decided");
    /* the phone: what may be appealed, and until when */
    struct srv *app = session_of(&f, loser), *opp = session_of(&f, winner);
    on_m(app, &f, f.r1[0], "GET", "/appeals", NULL, &r);
    ok(&r, 200, "the appellant's view");
    json_t *can = json_array_get(json_object_get(r.json, "appealable"), 0);
    ck_assert_int_eq(json_integer_value(json_object_get(can, "ruling_id")), rid);
    ck_assert(json_is_string(json_object_get(can, "until")));
    res_free(&r);
    /* someone not in the match; something that is not a TD's decision */
    snprintf(body, sizeof body, "/matches/%lld/appeals", f.r1[0]);
    long long outsider = player_on(&f, f.r1[1], 0);
    char lodge[160];
    snprintf(lodge, sizeof lodge, "{\"ruling_id\": %lld, \"grounds\": \"The score was 1-3\"}", rid);
    refuse(session_of(&f, outsider), &f, "POST", body, lodge, 403, "GOV-7",
           "an appeal by a player not in the match");
    refuse(app, &f, "POST", body, "{\"audit_id\": 1}", 422, "audit_id",
           "an appeal of something that is no TD's decision about the match");
    on_t(app, &f, "POST", body, lodge, &r);
    ok(&r, 201, "the appeal");
    long long aid = jint(&r, "id");
    ck_assert_str_eq(jstr(&r, "state"), "pending");
    ck_assert_msg(strstr(r.body, "Gina") && !strstr(r.body, "\"name\": \"Dario\""), "%s", r.body);
    res_free(&r);
    ck_assert_int_ge(db_count(S.db, "SELECT count(*) FROM tournament_events WHERE type = "
                                    "'appeal.lodged'"),
                     1);
    /* a second appeal of the same decision */
    refuse(opp, &f, "POST", body, lodge, 409, "GOV-7", "a second appeal");
    /* the final waits for the appeal (GOV-7): the TD's call is refused */
    snprintf(tail, sizeof tail, "/matches/%lld/call", f.fin);
    refuse(&S, &f, "POST", tail, "{\"table\": \"1\"}", 409, "GOV-7", "calling a held final");
    /* statements from both players; the opponent cannot withdraw it */
    snprintf(tail, sizeof tail, "/appeals/%lld/statements", aid);
    on_t(app, &f, "POST", tail, "{\"text\": \"I won the last game\"}", &r);
    ok(&r, 201, "the appellant's statement");
    res_free(&r);
    on_t(opp, &f, "POST", tail, "{\"text\": \"He did not\"}", &r);
    ok(&r, 201, "the opponent's statement");
    res_free(&r);
    snprintf(tail, sizeof tail, "/appeals/%lld/withdraw", aid);
    refuse(opp, &f, "POST", tail, NULL, 403, "GOV-7", "the opponent withdraws it");
    /* the replaced member cannot be seated; an even panel is refused before the vote */
    snprintf(tail, sizeof tail, "/appeals/%lld/panel", aid);
    snprintf(body, sizeof body, "{\"member_ids\": [%lld, %lld, %lld]}", f.ezio, f.flora, party);
    refuse(&S, &f, "PUT", tail, body, 409, "GOV-2", "a party seated");
    snprintf(body, sizeof body, "{\"member_ids\": [%lld, %lld]}", f.ezio, f.flora);
    on_t(&S, &f, "PUT", tail, body, &r);
    ok(&r, 200, "two members seated");
    res_free(&r);
    char motion[400], mtail[200], vtail[200];
    snprintf(mtail, sizeof mtail, "/appeals/%lld/motions", aid);
    snprintf(vtail, sizeof vtail, "/appeals/%lld/votes", aid);
    snprintf(motion, sizeof motion,
             "{\"kind\": \"replace\", \"text\": \"The score was 1-3: side b won\", \"effect\": "
             "{\"kind\": \"score\", \"score\": {\"a\": 1, \"b\": 3}}}");
    refuse(&S, &f, "POST", mtail, motion, 409, "GOV-7", "an even panel");
    snprintf(body, sizeof body, "{\"member_ids\": [%lld, %lld, %lld]}", f.ezio, f.flora, f.gina);
    on_t(&S, &f, "PUT", tail, body, &r);
    ok(&r, 200, "three members seated");
    res_free(&r);
    refuse(&S, &f, "POST", vtail, "{\"vote\": \"yes\", \"member_id\": 1}", 409, "GOV-7",
           "a vote with no motion");
    on_t(&S, &f, "POST", mtail, motion, &r);
    ok(&r, 200, "the motion");
    res_free(&r);
    refuse(&S, &f, "POST", mtail, "{\"kind\": \"uphold\", \"text\": \"Keep it\"}", 409, "GOV-7",
           "a second motion at once");
    /* votes: Ezio from his phone (his PIN), Flora against, Gina cast in person */
    struct srv phone = S;
    phone.cookie[0] = 0;
    snprintf(body, sizeof body, "{\"vote\": \"yes\", \"member_id\": %lld, \"pin\": \"000000x\"}",
             f.ezio);
    refuse(&phone, &f, "POST", vtail, body, 401, "GOV-7", "a wrong PIN");
    snprintf(body, sizeof body, "{\"vote\": \"yes\", \"member_id\": %lld, \"pin\": \"%s\"}", f.ezio,
             f.ezio_pin);
    on_t(&phone, &f, "POST", vtail, body, &r);
    ok(&r, 200, "Ezio's vote");
    res_free(&r);
    refuse(&phone, &f, "POST", vtail, body, 409, "GOV-7", "Ezio votes twice");
    refuse(opp, &f, "POST", vtail, "{\"vote\": \"no\"}", 403, "GOV-2", "the replaced member votes");
    refuse(session_of(&f, outsider), &f, "POST", vtail, "{\"vote\": \"no\"}", 403, "GOV-7",
           "a non-member votes");
    snprintf(body, sizeof body, "{\"vote\": \"no\", \"member_id\": %lld, \"pin\": \"%s\"}", f.flora,
             f.flora_pin);
    on_t(&phone, &f, "POST", vtail, body, &r);
    ok(&r, 200, "Flora's vote");
    res_free(&r);
    snprintf(body, sizeof body, "{\"vote\": \"yes\", \"member_id\": %lld}", f.gina);
    on_t(&S, &f, "POST", vtail, body, &r);
    ok(&r, 200, "Gina's vote, cast in person");
    ck_assert_str_eq(jstr(&r, "state"), "decided");
    ck_assert_str_eq(jstr(&r, "outcome"), "replaced");
    res_free(&r);
    /* the match corrected by the Committee, the final's side a is the appellant */
    on_m(&S, &f, f.r1[0], "GET", "", NULL, &r);
    ok(&r, 200, "the match");
    ck_assert_str_eq(jstr(&r, "winner"), "b");
    res_free(&r);
    ck_assert_int_eq(player_on(&f, f.fin, 0) == loser || player_on(&f, f.fin, 1) == loser, 1);
    ck_assert_int_eq(player_on(&f, f.fin, 0) == winner || player_on(&f, f.fin, 1) == winner, 0);
    /* its audit rows name the case, the correction's among them */
    on_t(&S, &f, "GET", "/appeals", NULL, &r);
    ok(&r, 200, "the appeals");
    json_t *a = json_array_get(json_object_get(r.json, "appeals"), 0);
    ck_assert_int_ge(json_array_size(json_object_get(a, "audit_ids")), 2);
    res_free(&r);
    char sql[200];
    snprintf(sql, sizeof sql,
             "SELECT count(*) FROM audit_log WHERE appeal_id = %lld AND action = "
             "'match.corrected' AND actor = 'committee:%lld'",
             aid, aid);
    ck_assert_int_eq(db_count(S.db, sql), 1);
    /* final: no appeal of the Committee's decision, no vote after it */
    snprintf(sql, sizeof sql,
             "SELECT id FROM audit_log WHERE appeal_id = %lld AND action = 'match.corrected'", aid);
    snprintf(lodge, sizeof lodge, "{\"audit_id\": %lld}", db_count(S.db, sql));
    snprintf(tail, sizeof tail, "/matches/%lld/appeals", f.r1[0]);
    refuse(opp, &f, "POST", tail, lodge, 409, "GOV-7", "an appeal of the Committee");
    refuse(&S, &f, "POST", vtail, "{\"vote\": \"yes\", \"member_id\": 1}", 409, "GOV-7",
           "a vote after the decision");
    report_holds_the_case(&f, aid);
}
END_TEST

/* GOV-7: out of its window an appeal is refused; the appellant withdraws it and the held
 * match is free again; the TD releases a held match before the decision. */
START_TEST(test_GOV7_window_withdrawal_release)
{
    struct fx f;
    setup(&f);
    long long loser = player_on(&f, f.r1[0], 1);
    struct srv *app = session_of(&f, loser);
    struct res r;
    on_m(&S, &f, f.r1[1], "POST", "/verify", "{\"score\": {\"a\": 3, \"b\": 0}}", &r);
    ok(&r, 200, "round 1");
    res_free(&r);
    long long old = ruling(&f, f.r1[0], 3, 0, "decided");
    age_ruling(&f, old, 31);
    char tail[200], lodge[120];
    snprintf(tail, sizeof tail, "/matches/%lld/appeals", f.r1[0]);
    snprintf(lodge, sizeof lodge, "{\"ruling_id\": %lld}", old);
    refuse(app, &f, "POST", tail, lodge, 409, "GOV-7", "an appeal out of its window");
    /* a new ruling (a penalty point) appealed, then withdrawn */
    on_m(&S, &f, f.r1[0], "POST", "/rulings",
         "{\"question\": \"q\", \"facts\": \"f\", \"decision\": \"d\", \"reasons\": \"r\", "
         "\"effect\": {\"kind\": \"none\"}}",
         &r);
    ok(&r, 201, "a second ruling");
    snprintf(lodge, sizeof lodge, "{\"ruling_id\": %lld}", jint(&r, "id"));
    res_free(&r);
    on_t(app, &f, "POST", tail, lodge, &r);
    ok(&r, 201, "the appeal");
    long long aid = jint(&r, "id");
    res_free(&r);
    char call[200];
    snprintf(call, sizeof call, "/matches/%lld/call", f.fin);
    refuse(&S, &f, "POST", call, "{\"table\": \"1\"}", 409, "GOV-7", "the held final");
    snprintf(tail, sizeof tail, "/appeals/%lld/release", aid);
    refuse(app, &f, "POST", tail, NULL, 403, NULL, "a player releases");
    on_t(&S, &f, "POST", tail, NULL, &r);
    ok(&r, 200, "released");
    res_free(&r);
    on_t(&S, &f, "POST", call, "{\"table\": \"1\"}", &r);
    ok(&r, 200, "the released final called");
    res_free(&r);
    snprintf(tail, sizeof tail, "/appeals/%lld/withdraw", aid);
    on_t(app, &f, "POST", tail, NULL, &r);
    ok(&r, 200, "withdrawn");
    ck_assert_str_eq(jstr(&r, "state"), "withdrawn");
    res_free(&r);
    refuse(app, &f, "POST", tail, NULL, 409, "GOV-7", "withdrawn twice");
}
END_TEST

/* GOV-6, GOV-7: a ruling by a party TD with no other TD waits for the Committee, a case
 * of its own; upheld by the Committee's majority, its effect is applied by the Committee. */
START_TEST(test_GOV6_ruling_awaiting_committee_decided_by_it)
{
    struct fx f;
    setup(&f);
    long long a = player_on(&f, f.r1[0], 0);
    char path[200];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/players/%lld", f.tid, a);
    make_official(&S, "Lina", "td", "lina password");
    struct srv as_lina;
    srv_login_as(&as_lina, &S, "Lina", "lina password");
    struct res r;
    td(&as_lina, "PATCH", path, "{\"official_id\": 1}", &r);
    ok(&r, 200, "side a is the head TD");
    res_free(&r);
    td(&S, "PATCH", "/api/v1/officials/2", "{\"status\": \"suspended\"}", &r);
    res_free(&r);
    long long rid = ruling(&f, f.r1[0], 3, 0, "awaiting_committee");
    on_t(&S, &f, "GET", "/appeals", NULL, &r);
    ok(&r, 200, "the cases");
    json_t *c = json_array_get(json_object_get(r.json, "appeals"), 0);
    ck_assert_str_eq(json_string_value(json_object_get(c, "kind")), "referral");
    ck_assert_int_eq(json_integer_value(json_object_get(c, "ruling_id")), rid);
    long long aid = json_integer_value(json_object_get(c, "id"));
    res_free(&r);
    /* a player cannot appeal a ruling that waits for the Committee */
    char tail[200], body[200];
    snprintf(tail, sizeof tail, "/matches/%lld/appeals", f.r1[0]);
    snprintf(body, sizeof body, "{\"ruling_id\": %lld}", rid);
    refuse(session_of(&f, player_on(&f, f.r1[0], 1)), &f, "POST", tail, body, 409, "GOV-7",
           "an appeal of a ruling waiting for the Committee");
    /* two members stand: an even panel is refused before the vote; the reserve seated */
    snprintf(tail, sizeof tail, "/appeals/%lld/motions", aid);
    const char *uphold = "{\"kind\": \"uphold\", \"text\": \"The ruling stands\"}";
    refuse(&S, &f, "POST", tail, uphold, 409, "GOV-7", "an even panel");
    char seat[200], panel[120];
    snprintf(seat, sizeof seat, "/appeals/%lld/panel", aid);
    snprintf(panel, sizeof panel, "{\"member_ids\": [%lld, %lld, %lld]}", f.ezio, f.flora, f.gina);
    on_t(&S, &f, "PUT", seat, panel, &r);
    ok(&r, 200, "the panel");
    res_free(&r);
    on_t(&S, &f, "POST", tail, uphold, &r);
    ok(&r, 200, "the motion");
    res_free(&r);
    snprintf(tail, sizeof tail, "/appeals/%lld/votes", aid);
    long long ids[3] = {f.ezio, f.flora, f.gina};
    const char *v[3] = {"yes", "no", "yes"};
    for (int i = 0; i < 3; i++) {
        snprintf(body, sizeof body, "{\"vote\": \"%s\", \"member_id\": %lld}", v[i], ids[i]);
        on_t(&S, &f, "POST", tail, body, &r);
        ok(&r, 200, "a vote");
        if (i == 2)
            ck_assert_str_eq(jstr(&r, "outcome"), "upheld");
        res_free(&r);
    }
    on_m(&S, &f, f.r1[0], "GET", "/rulings", NULL, &r);
    ok(&r, 200, "the rulings");
    ck_assert_str_eq(json_string_value(json_object_get(
                         json_array_get(json_object_get(r.json, "rulings"), 0), "state")),
                     "decided");
    res_free(&r);
    on_m(&S, &f, f.r1[0], "GET", "", NULL, &r);
    ck_assert_str_eq(jstr(&r, "state"), "verified");
    ck_assert_str_eq(jstr(&r, "winner"), "a");
    res_free(&r);
}
END_TEST

/* GOV-7: a pending appeal holds only the players' matches that depend on it: the next
 * round's match the appealed match feeds (the final) and the Consolation match its loser
 * entered (KO-5); a match of the appellant in no event fed by it (a match of its own) is
 * called as usual. The TD's release frees the held ones. */
START_TEST(test_GOV7_hold_only_dependent_matches)
{
    struct fx f;
    setup_with(&f, 1);
    long long loser = player_on(&f, f.r1[0], 1);
    struct res r;
    on_m(&S, &f, f.r1[1], "POST", "/verify", "{\"score\": {\"a\": 3, \"b\": 0}}", &r);
    ok(&r, 200, "the other match of round 1");
    res_free(&r);
    long long rid = ruling(&f, f.r1[0], 3, 1, "decided");
    /* the Consolation drew itself with round 1's losers */
    char path[200];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/competitions/%lld/knockout", f.tid,
             f.cons);
    req(&S, "GET", path, NULL, NULL, &r);
    ok(&r, 200, "the Consolation");
    long long cm = json_integer_value(json_object_get(
        json_array_get(json_object_get(json_array_get(json_object_get(r.json, "rounds"), 0),
                                       "matches"),
                       0),
        "match_id"));
    res_free(&r);
    ck_assert_int_gt(cm, 0);
    long long other = make_player(&S, f.tid, "Ottavio");
    long long own = make_match(&S, f.tid, loser, other, 3);
    char tail[200], lodge[120];
    snprintf(tail, sizeof tail, "/matches/%lld/appeals", f.r1[0]);
    snprintf(lodge, sizeof lodge, "{\"ruling_id\": %lld}", rid);
    on_t(session_of(&f, loser), &f, "POST", tail, lodge, &r);
    ok(&r, 201, "the appeal");
    long long aid = jint(&r, "id");
    res_free(&r);
    snprintf(tail, sizeof tail, "/matches/%lld/call", f.fin);
    refuse(&S, &f, "POST", tail, "{\"table\": \"1\"}", 409, "GOV-7", "calling the held final");
    snprintf(tail, sizeof tail, "/matches/%lld/call", cm);
    refuse(&S, &f, "POST", tail, "{\"table\": \"2\"}", 409, "GOV-7",
           "calling the held Consolation match");
    /* the appellant's match of no event the appealed match feeds is not held */
    on_m(&S, &f, own, "POST", "/call", "{\"table\": \"3\"}", &r);
    ok(&r, 200, "the appellant's own match, which does not depend on the appeal");
    res_free(&r);
    snprintf(tail, sizeof tail, "/appeals/%lld/release", aid);
    on_t(&S, &f, "POST", tail, NULL, &r);
    ok(&r, 200, "released");
    res_free(&r);
    on_m(&S, &f, f.fin, "POST", "/call", "{\"table\": \"1\"}", &r);
    ok(&r, 200, "the released final called");
    res_free(&r);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("http_committee");
    TCase *tc = tcase_create("committee");
    tcase_add_checked_fixture(tc, srv_up, srv_down);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_GOV2_committee_public_no_official);
    tcase_add_test(tc, test_GOV7_appeal_2_1_overturns_ruling_and_moves_bracket);
    tcase_add_test(tc, test_GOV7_window_withdrawal_release);
    tcase_add_test(tc, test_GOV7_hold_only_dependent_matches);
    tcase_add_test(tc, test_GOV6_ruling_awaiting_committee_decided_by_it);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
