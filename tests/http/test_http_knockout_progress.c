/* HTTP tests of a knockout's bracket moving on (KO-1, KO-5, KO-7, KO-8): withdrawals and
 * disqualifications, a loser waiting for the Consolation's draw, reports refused before the
 * opponent is known, lengths by round, tables by event priority, the bracket's ETag, refusals
 * leaving the bracket byte for byte, and a whole weekend of 37 players with 3 late places and a
 * progressive Consolation. The draw and late arrivals: test_http_knockout.c. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "support/knockout_fx.h"
#include "../check_main.h"

/* KO-8: a player withdraws before the next opponent is known; the opponent, once known,
 * advances by walkover. A withdrawal from a side nobody holds yet is refused. */
START_TEST(test_KO8_withdrawal_before_opponent_known)
{
    struct ko k;
    ko_setup(&k, 4, NULL);
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
    json_t *before = ko_snapshot(mp);
    decide(&k, fin, "withdraw", "{\"side\": \"b\"}", &r); /* side b is nobody yet */
    ck_assert_msg(problem_is(&r, 409), "%s", r.body);
    res_free(&r);
    ko_unchanged(before, mp);
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
    ko_setup(&k, 4, NULL);
    long long e = ko_make_event(&k, "Main", "{\"lengths\": [3, 5]}");
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
    json_t *bb = ko_snapshot(bpath), *mb = ko_snapshot(mpath);
    td(&pa, "POST", path, "{\"score\": {\"a\": 5, \"b\": 0}}", &r);
    ck_assert_msg(problem_is(&r, 409), "%s", r.body);
    res_free(&r);
    ko_unchanged(bb, bpath);
    ko_unchanged(mb, mpath);
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
    ko_setup(&k, 40, NULL);
    k.main = ko_make_event(&k, "Championship",
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
    ko_setup(&k, 4, NULL);
    long long e = ko_make_event(&k, "Main", "{\"lengths\": [3, 5]}");
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
    ko_setup(&k, 12, "[\"T1\", \"T2\", \"T3\"]");
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
    ko_setup(&k, 4, NULL);
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
    ko_setup(&k, 8, NULL);
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

static Suite *suite(void)
{
    Suite *s = suite_create("http_knockout_progress");
    TCase *tc = tcase_create("knockout");
    tcase_add_unchecked_fixture(tc, srv_up, srv_down);
    tcase_set_timeout(tc, 240);
    tcase_add_test(tc, test_KO8_withdrawal_before_opponent_known);
    tcase_add_test(tc, test_KO8_KO5_disqualification);
    tcase_add_test(tc, test_KO8_player_report_before_opponent_known_refused);
    tcase_add_test(tc, test_KO7_lengths_by_round_changed_by_the_TD);
    tcase_add_test(tc, test_KO1_tables_go_to_the_higher_priority_event_first);
    tcase_add_test(tc, test_KO8_bracket_etag_and_304);
    tcase_add_test(tc, test_KO8_refusals_leave_the_bracket_byte_equal);
    tcase_add_test(tc, test_KO5_loser_waits_for_the_consolation_draw);
    tcase_add_test(tc, test_KO5_weekend_37_players_3_late_progressive_consolation);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
