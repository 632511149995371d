/* HTTP tests of a match's length against its score, penalty points included (issue 22;
 * DOMAIN.md MATCH-3, MATCH-5, KO-7): a change of length that would end the match is refused
 * with nothing changed, whichever path changes it (the match's own PATCH, a knockout round's
 * lengths); and penalty points that reach the length end the match even when the report
 * they came with is taken back, so that nothing downstream (the clock, the reports, the
 * tables, the bracket, the player's status) sees a match over but still open. */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "support/harness.h"
#include "../check_main.h"

/* A tournament (with tables), its players with their PINs, and their sessions. */
struct fx {
    long long tid;
    long long pid[4];
    char pin[4][8];
    struct srv as[4];
};

static void fx_setup(struct fx *f, int players, const char *tables)
{
    memset(f, 0, sizeof *f);
    char body[160];
    snprintf(body, sizeof body, "{\"name\": \"Lengths\", \"tables\": %s}", tables);
    struct res r;
    td(&S, "POST", "/api/v1/tournaments", body, &r);
    ck_assert_msg(r.status == 201, "%s", r.body);
    f->tid = jint(&r, "id");
    res_free(&r);
    static const char *const names[] = {"Anna", "Bruno", "Carla", "Dario"};
    for (int i = 0; i < players; i++) {
        f->pid[i] = make_player_pin(&S, f->tid, names[i], f->pin[i]);
        srv_player_login(&f->as[i], &S, f->tid, f->pid[i], f->pin[i]);
    }
}

/* The session of the player on side s ("a" or "b") of match mid. */
static struct srv *player_of(struct fx *f, long long mid, int s)
{
    char path[128];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/matches/%lld", f->tid, mid);
    struct res r;
    req(&S, "GET", path, NULL, NULL, &r);
    long long pid = json_integer_value(
        json_object_get(json_array_get(json_object_get(r.json, "sides"), (size_t)s), "player_id"));
    res_free(&r);
    for (int i = 0; i < 4; i++)
        if (f->pid[i] == pid)
            return &f->as[i];
    ck_abort_msg("match %lld has no known player on side %d", mid, s);
    return NULL;
}

/* as (the TD or a player) on match mid: method, the tail of its path, a body. */
static void on(struct srv *as, const struct fx *f, long long mid, const char *method,
               const char *tail, const char *body, struct res *r)
{
    char path[160];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/matches/%lld%s", f->tid, mid, tail);
    td(as, method, path, body, r);
}

static void ok(struct res *r, long status, const char *what)
{
    ck_assert_msg(r->status == status, "%s: %ld %s", what, r->status, r->body);
}

/* The TD gives `points` penalty points against side `side` (they go to the opponent). */
static void penalty(const struct fx *f, long long mid, const char *side, int points)
{
    char body[128];
    snprintf(body, sizeof body,
             "{\"side\": \"%s\", \"kind\": \"points\", \"points\": %d, \"reason\": \"late\"}", side,
             points);
    struct res r;
    on(&S, f, mid, "POST", "/penalties", body, &r);
    ok(&r, 201, "penalty");
    res_free(&r);
}

static void game(struct srv *as, const struct fx *f, long long mid, const char *winner,
                 struct res *r)
{
    char body[96];
    snprintf(body, sizeof body, "{\"winner\": \"%s\", \"cube\": 1, \"result\": \"single\"}",
             winner);
    on(as, f, mid, "POST", "/games", body, r);
}

static long long standalone(const struct fx *f, int length)
{
    return make_match(&S, f->tid, f->pid[0], f->pid[1], length);
}

static int score_of(const struct res *r, const char *side)
{
    return (int)json_integer_value(json_object_get(json_object_get(r->json, "score"), side));
}

/* A TD request refused with 409 problem+json naming MATCH-3 (detail and rule), saying says,
 * leaving the GETs of paths (NULL-terminated) byte for byte as they were. */
static void refused_match3(const char *method, const char *path, const char *body, const char *says,
                           const char *const *paths)
{
    struct raw before[4], now;
    int n = 0;
    for (; paths[n]; n++)
        ck_assert_int_eq(raw_get(&S, paths[n], &before[n]), 0);
    struct res r;
    td(&S, method, path, body, &r);
    char ct[64];
    ck_assert_msg(r.status == 409 && res_header(&r, "Content-Type", ct, sizeof ct) &&
                      !strcmp(ct, "application/problem+json"),
                  "%s %s %s: %ld %s", method, path, body, r.status, r.body);
    ck_assert_str_eq(jstr(&r, "rule"), "MATCH-3");
    ck_assert_msg(strstr(jstr(&r, "detail"), "MATCH-3") && strstr(jstr(&r, "detail"), says),
                  "%s lacks '%s'", r.body, says);
    res_free(&r);
    for (int i = 0; i < n; i++) {
        ck_assert_int_eq(raw_get(&S, paths[i], &now), 0);
        ck_assert_msg(raw_same(&before[i], &now), "%s changed:\n%s\n%s", paths[i], before[i].body,
                      now.body);
        raw_free(&before[i]);
        raw_free(&now);
    }
}

/* Issue 22: a 9-point match, no game yet, 3 penalty points to a: the TD's correction to 3
 * points would end it (MATCH-3, MATCH-5), so it is refused and nothing changes; the match
 * goes on to 9 points and takes its games. A length the penalty points do not reach is
 * simply set; once games are reported, the same rule counts them with the penalty points. */
START_TEST(test_MATCH3_penalty_points_alone_would_end_the_match)
{
    struct fx f;
    fx_setup(&f, 2, "[]");
    long long mid = standalone(&f, 9);
    penalty(&f, mid, "b", 3);
    char path[128];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/matches/%lld", f.tid, mid);
    const char *const paths[] = {path, NULL};
    refused_match3("PATCH", path, "{\"length\": 3}", "At 3-0 a 3-point match would be over", paths);
    refused_match3("PATCH", path, "{\"length\": 2, \"table\": \"7\"}", "continues to 9 points",
                   paths);
    /* not stuck: the match takes its games at 9 points */
    struct res r;
    game(player_of(&f, mid, 0), &f, mid, "a", &r);
    ok(&r, 200, "a game after the refusal");
    ck_assert_str_eq(jstr(&r, "state"), "playing");
    ck_assert_int_eq(score_of(&r, "a"), 4);
    res_free(&r);
    /* games and penalty points alike: 4-0 (a game and 3 penalty points) refuses 4 too */
    refused_match3("PATCH", path, "{\"length\": 4}", "At 4-0 a 4-point match would be over", paths);
    on(&S, &f, mid, "PATCH", "", "{\"length\": 5}", &r);
    ok(&r, 200, "a correction the score does not reach");
    json_t *lc = json_object_get(r.json, "length_corrected");
    ck_assert_int_eq(json_integer_value(json_object_get(lc, "from")), 9);
    ck_assert_int_eq(json_integer_value(json_object_get(lc, "from_game")), 2);
    res_free(&r);
    /* before any game a length the penalty points do not reach is simply set */
    long long m2 = standalone(&f, 9);
    penalty(&f, m2, "a", 5);
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/matches/%lld", f.tid, m2);
    refused_match3("PATCH", path, "{\"length\": 5}", "At 0-5 a 5-point match would be over", paths);
    on(&S, &f, m2, "PATCH", "", "{\"length\": 7}", &r);
    ok(&r, 200, "a length above the penalty points");
    ck_assert_int_eq(jint(&r, "length"), 7);
    ck_assert_ptr_null(json_object_get(r.json, "length_corrected"));
    res_free(&r);
    /* its clock counts from the length kept: (7 + 2) / 2 points of 120 s each */
    on(&S, &f, m2, "POST", "/clock/start", "{\"lower_die\": \"a\"}", &r);
    ok(&r, 200, "clock/start");
    json_t *sides = json_object_get(r.json, "sides");
    ck_assert_int_eq(json_integer_value(json_object_get(json_object_get(sides, "a"), "bank_ms")),
                     540000);
    res_free(&r);
}
END_TEST

/* A knockout of 4, round 1 at 7 points, the final at 9: the bracket and the match ids. */
struct ko {
    long long eid, r1[2], fin;
    char bracket[160];
};

static void ko_setup(struct fx *f, struct ko *k, const char *tables)
{
    fx_setup(f, 4, tables);
    char path[128], body[96];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/competitions", f->tid);
    struct res r;
    td(&S, "POST", path,
       "{\"kind\": \"knockout\", \"name\": \"Main\", \"knockout\": {\"lengths\": [3, 9]}}", &r);
    ok(&r, 201, "event");
    k->eid = jint(&r, "id");
    res_free(&r);
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/competitions/%lld/entries", f->tid,
             k->eid);
    for (int i = 0; i < 4; i++) {
        snprintf(body, sizeof body, "{\"player_id\": %lld}", f->pid[i]);
        td(&S, "POST", path, body, &r);
        ok(&r, 201, "entry");
        res_free(&r);
    }
    snprintf(k->bracket, sizeof k->bracket, "/api/v1/tournaments/%lld/competitions/%lld/knockout",
             f->tid, k->eid);
    snprintf(path, sizeof path, "%s/draw", k->bracket);
    td(&S, "POST", path, "{\"seed\": \"22\"}", &r);
    ok(&r, 200, "draw");
    json_t *rounds = json_object_get(r.json, "rounds");
    for (int i = 0; i < 2; i++)
        k->r1[i] = json_integer_value(json_object_get(
            json_array_get(json_object_get(json_array_get(rounds, 0), "matches"), (size_t)i),
            "match_id"));
    k->fin = json_integer_value(json_object_get(
        json_array_get(json_object_get(json_array_get(rounds, 1), "matches"), 0), "match_id"));
    res_free(&r);
}

/* KO-7 with MATCH-3: round 1 has not started, but one of its matches has 3 penalty points
 * before its first game: lengths that bring round 1 to 3 points would end it, so they are
 * refused, bracket and match unchanged; 5 points go through. */
START_TEST(test_KO7_MATCH3_round_lengths_that_would_end_a_match)
{
    struct fx f;
    struct ko k;
    ko_setup(&f, &k, "[]");
    char path[160], mpath[128];
    snprintf(path, sizeof path, "%s/lengths", k.bracket);
    snprintf(mpath, sizeof mpath, "/api/v1/tournaments/%lld/matches/%lld", f.tid, k.r1[1]);
    struct res r;
    td(&S, "PUT", path, "{\"lengths\": [7, 9]}", &r);
    ok(&r, 200, "round 1 to 7 points");
    res_free(&r);
    penalty(&f, k.r1[1], "a", 3);
    const char *const paths[] = {k.bracket, mpath, NULL};
    refused_match3("PUT", path, "{\"lengths\": [3, 9]}", "Round 1 of Main keeps its length", paths);
    td(&S, "PUT", path, "{\"lengths\": [3, 9]}", &r);
    ck_assert_msg(strstr(r.body, "\"field\":\"lengths\""), "%s", r.body);
    res_free(&r);
    td(&S, "PUT", path, "{\"lengths\": [5, 9]}", &r);
    ok(&r, 200, "round 1 to 5 points");
    res_free(&r);
    req(&S, "GET", mpath, NULL, NULL, &r);
    ck_assert_int_eq(jint(&r, "length"), 5);
    ck_assert_int_eq(score_of(&r, "b"), 3);
    ck_assert_str_eq(jstr(&r, "state"), "scheduled");
    res_free(&r);
}
END_TEST

/* The status a player's phone shows in the knockout (state and sentence). */
static void status_is(const struct fx *f, const struct ko *k, struct srv *who, const char *state)
{
    for (int i = 0; i < 4; i++) {
        if (who != &f->as[i])
            continue;
        char path[200];
        snprintf(path, sizeof path, "%s/players/%lld", k->bracket, f->pid[i]);
        struct res r;
        req(&S, "GET", path, NULL, NULL, &r);
        ck_assert_msg(!strcmp(jstr(&r, "state"), state), "player %lld: %s", f->pid[i], r.body);
        res_free(&r);
        return;
    }
    ck_abort_msg("no such player");
}

/* The match ids the TD's table assignment called. */
static int assign_calls(const struct fx *f, long long *ids, int max)
{
    char path[96];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/tables/assign", f->tid);
    struct res r;
    td(&S, "POST", path, NULL, &r);
    ok(&r, 200, "tables/assign");
    json_t *calls = json_object_get(r.json, "calls");
    int n = (int)json_array_size(calls);
    for (int i = 0; i < n && i < max; i++)
        ids[i] = json_integer_value(json_object_get(json_array_get(calls, (size_t)i), "match_id"));
    res_free(&r);
    return n;
}

/* MATCH-5: penalty points that reach the length win the match, also when the report they
 * completed is taken back (withdrawn, or its only game taken back): no report is left, and
 * the penalty points alone decide the match. Nothing then treats it as open: no clock, no
 * more games, no table; the bracket advances its winner and the players' status says so. */
START_TEST(test_MATCH5_penalty_points_decide_when_the_report_goes)
{
    struct fx f;
    struct ko k;
    ko_setup(&f, &k, "[\"T1\", \"T2\"]");
    struct srv *a1 = player_of(&f, k.r1[0], 0), *b1 = player_of(&f, k.r1[0], 1);
    struct res r;
    game(a1, &f, k.r1[0], "a", &r);
    ok(&r, 200, "game 1 of round 1's first match");
    res_free(&r);
    penalty(&f, k.r1[0], "b", 3); /* 4-0 in a's report, clamped to 3: reported over */
    on(a1, &f, k.r1[0], "DELETE", "/report", NULL, &r);
    ok(&r, 200, "the report withdrawn");
    ck_assert_str_eq(jstr(&r, "state"), "verified");
    ck_assert_str_eq(jstr(&r, "winner"), "a");
    ck_assert_int_eq(score_of(&r, "a"), 3);
    ck_assert_int_eq(score_of(&r, "b"), 0);
    res_free(&r);
    on(&S, &f, k.r1[0], "POST", "/clock/start", "{\"lower_die\": \"a\"}", &r);
    ok(&r, 409, "a clock on the decided match");
    res_free(&r);
    game(b1, &f, k.r1[0], "b", &r);
    ok(&r, 409, "a game after the decided match");
    res_free(&r);
    status_is(&f, &k, a1, "waiting_opponent");
    status_is(&f, &k, b1, "out");
    /* only round 1's other match gets a table */
    long long calls[4];
    ck_assert_int_eq(assign_calls(&f, calls, 4), 1);
    ck_assert_int_eq(calls[0], k.r1[1]);
    /* the other match: its only game taken back, the penalty points stay and decide it */
    struct srv *b2 = player_of(&f, k.r1[1], 1);
    game(b2, &f, k.r1[1], "b", &r);
    ok(&r, 200, "game 1 of round 1's second match");
    res_free(&r);
    penalty(&f, k.r1[1], "a", 3);
    on(b2, &f, k.r1[1], "DELETE", "/games/last", NULL, &r);
    ok(&r, 200, "the only game taken back");
    ck_assert_str_eq(jstr(&r, "state"), "verified");
    ck_assert_str_eq(jstr(&r, "winner"), "b");
    res_free(&r);
    status_is(&f, &k, a1, "ready");
    status_is(&f, &k, b2, "ready");
    /* the final is the one match to call */
    ck_assert_int_eq(assign_calls(&f, calls, 4), 1);
    ck_assert_int_eq(calls[0], k.fin);
}
END_TEST

/* The points side b's lateness has come to (GET lateness), as poll_until's predicate: 1
 * once they are 2. */
struct late_wait {
    const struct fx *f;
    long long mid;
};

static int b_owes_two(void *arg)
{
    const struct late_wait *w = arg;
    struct res r;
    on(&S, w->f, w->mid, "GET", "/lateness", NULL, &r);
    long long pts = json_integer_value(
        json_object_get(json_object_get(json_object_get(r.json, "sides"), "b"), "points"));
    res_free(&r);
    return pts >= 2;
}

/* Issue item 3, PEN-2 with MATCH-3 (WBGF 4.8): a 9-point match of round 1 with 2 confirmed
 * lateness points to side a. 3 points would make those more than half the length, which
 * forfeits the match (PEN-2): a correction that would decide the match is not possible, so
 * the round's lengths and the match's own PATCH are refused alike, naming both rules,
 * nothing changed; 5 points go through and the match goes on at 2-0. Waits for the second
 * lateness point (a minute, the smallest step). */
START_TEST(test_PEN2_MATCH3_lateness_points_refuse_a_shorter_length)
{
    struct fx f;
    struct ko k;
    ko_setup(&f, &k, "[]");
    char path[160], mpath[128];
    struct res r;
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld", f.tid);
    td(&S, "PATCH", path, "{\"lateness\": {\"grace_minutes\": 0, \"step_minutes\": 1}}", &r);
    ok(&r, 200, "lateness settings");
    res_free(&r);
    snprintf(path, sizeof path, "%s/lengths", k.bracket);
    td(&S, "PUT", path, "{\"lengths\": [9, 9]}", &r);
    ok(&r, 200, "round 1 to 9 points");
    res_free(&r);
    long long mid = k.r1[1];
    snprintf(mpath, sizeof mpath, "/api/v1/tournaments/%lld/matches/%lld", f.tid, mid);
    on(&S, &f, mid, "POST", "/call", "{\"table\": \"1\"}", &r);
    ok(&r, 200, "call");
    res_free(&r);
    struct late_wait w = {&f, mid};
    ck_assert_msg(poll_until(b_owes_two, &w, 90000), "b's lateness never came to 2 points");
    on(&S, &f, mid, "POST", "/lateness/confirm", "{\"side\": \"b\"}", &r);
    ok(&r, 200, "b's 2 lateness points confirmed");
    res_free(&r);
    req(&S, "GET", mpath, NULL, NULL, &r);
    ck_assert_msg(!strcmp(jstr(&r, "state"), "called") && score_of(&r, "a") == 2, "%s", r.body);
    res_free(&r);
    const char *const paths[] = {k.bracket, mpath, NULL};
    refused_match3("PUT", path, "{\"lengths\": [3, 9]}", "PEN-2", paths);
    refused_match3("PATCH", mpath, "{\"length\": 3}", "PEN-2", paths);
    refused_match3("PATCH", mpath, "{\"length\": 3}", "more than half", paths);
    /* 5 points: 2 is not more than half, the match goes on to 5 */
    on(&S, &f, mid, "PATCH", "", "{\"length\": 5}", &r);
    ok(&r, 200, "5 points");
    ck_assert_int_eq(jint(&r, "length"), 5);
    ck_assert_str_eq(jstr(&r, "state"), "called");
    ck_assert_int_eq(score_of(&r, "a"), 2);
    res_free(&r);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("http_lengths");
    TCase *tc = tcase_create("lengths");
    tcase_add_unchecked_fixture(tc, srv_up, srv_down);
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_MATCH3_penalty_points_alone_would_end_the_match);
    tcase_add_test(tc, test_KO7_MATCH3_round_lengths_that_would_end_a_match);
    tcase_add_test(tc, test_MATCH5_penalty_points_decide_when_the_report_goes);
    suite_add_tcase(s, tc);
    /* the one test that waits a real minute for a lateness point */
    TCase *slow = tcase_create("lateness");
    tcase_add_unchecked_fixture(slow, srv_up, srv_down);
    tcase_set_timeout(slow, 120);
    tcase_add_test(slow, test_PEN2_MATCH3_lateness_points_refuse_a_shorter_length);
    suite_add_tcase(s, slow);
    return s;
}

CHECK_MAIN(suite)
