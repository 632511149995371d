/* HTTP tests of the knockout's play-off for 3rd (PLACE-1) where the pages read it: drawn in
 * the bracket beside the final (before the semi-finals end, as their losers; then the
 * players, the score, the table and the winner), and the next match on a semi-final
 * loser's phone until it is decided. The play-off's placings and its undoing by a
 * correction: test_http_knockout.c. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/harness.h"
#include "../check_main.h"

/* A knockout of four at 1 point with a play-off for 3rd, drawn: its tournament, event path,
 * and the two semi-finals' match ids. */
struct po {
    long long tid, eid, semi[2];
    char epath[128];
};

static void setup(struct po *f)
{
    f->tid = make_tournament(&S, "Play-off");
    long long p[4];
    make_players(&S, f->tid, 4, p, NULL);
    f->eid = make_competition(
        &S, f->tid,
        "{\"kind\": \"knockout\", \"name\": \"Main\", \"knockout\": {\"lengths\": [1], "
        "\"third_place\": true}}");
    enter_players(&S, f->tid, f->eid, 4, p);
    snprintf(f->epath, sizeof f->epath, "/api/v1/tournaments/%lld/competitions/%lld", f->tid,
             f->eid);
    char path[192];
    snprintf(path, sizeof path, "%s/knockout/draw", f->epath);
    struct res r;
    td(&S, "POST", path, "{\"seed\": \"third\"}", &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    res_free(&r);
}

/* The bracket (GET …/knockout), which must answer 200. */
static void bracket(const struct po *f, struct res *r)
{
    char path[192];
    snprintf(path, sizeof path, "%s/knockout", f->epath);
    req(&S, "GET", path, NULL, NULL, r);
    ck_assert_msg(r->status == 200, "%s", r->body);
}

static json_t *match_in(struct res *r, int round, int i)
{
    return json_array_get(
        json_object_get(json_array_get(json_object_get(r->json, "rounds"), (size_t)round - 1),
                        "matches"),
        (size_t)i);
}

static json_t *side_of(json_t *m, int s)
{
    return json_array_get(json_object_get(m, "sides"), (size_t)s);
}

/* Where player pid stands, as their phone asks. */
static void status_of(const struct po *f, long long pid, struct res *r)
{
    char path[224];
    snprintf(path, sizeof path, "%s/knockout/players/%lld", f->epath, pid);
    req(&S, "GET", path, NULL, NULL, r);
    ck_assert_msg(r->status == 200, "%s", r->body);
}

START_TEST(test_PLACE1_playoff_drawn_in_the_bracket_and_on_the_phone)
{
    struct po f;
    setup(&f);
    struct res r;
    bracket(&f, &r);
    for (int s = 0; s < 2; s++)
        f.semi[s] = json_integer_value(json_object_get(match_in(&r, 1, s), "match_id"));
    json_t *po = json_object_get(r.json, "playoff");
    ck_assert_msg(json_is_object(po), "no play-off in the bracket: %s", r.body);
    long long pom = json_integer_value(json_object_get(po, "match_id"));
    ck_assert_int_gt(pom, 0);
    /* before the semi-finals: their losers */
    for (int s = 0; s < 2; s++) {
        ck_assert_str_eq(json_string_value(json_object_get(side_of(po, s), "kind")), "loser_of");
        ck_assert_int_eq(json_integer_value(json_object_get(side_of(po, s), "index")), s);
    }
    ck_assert_str_eq(json_string_value(json_object_get(po, "match_state")), "scheduled");
    res_free(&r);

    /* side a wins both semi-finals: their b sides play for 3rd */
    for (int s = 0; s < 2; s++) {
        match_op(&S, f.tid, f.semi[s], "POST", "verify", "{\"score\": {\"a\": 1, \"b\": 0}}", &r);
        ck_assert_msg(r.status == 200, "%s", r.body);
        res_free(&r);
    }
    bracket(&f, &r);
    long long lose[2];
    for (int s = 0; s < 2; s++)
        lose[s] = json_integer_value(json_object_get(side_of(match_in(&r, 1, s), 1), "player_id"));
    po = json_object_get(r.json, "playoff");
    for (int s = 0; s < 2; s++) {
        ck_assert_int_eq(json_integer_value(json_object_get(side_of(po, s), "player_id")), lose[s]);
        ck_assert(strlen(json_string_value(json_object_get(side_of(po, s), "name"))) > 0);
    }
    ck_assert(json_is_null(json_object_get(po, "winner")));
    res_free(&r);

    /* the phone: a semi-final's loser plays on, for 3rd, not "out" */
    status_of(&f, lose[0], &r);
    ck_assert_str_eq(jstr(&r, "state"), "playoff");
    ck_assert_int_eq(jint(&r, "match_id"), pom);
    ck_assert_int_eq(
        json_integer_value(json_object_get(json_object_get(r.json, "opponent"), "player_id")),
        lose[1]);
    ck_assert_msg(strstr(jstr(&r, "text"), "Play-off for 3rd"), "%s", r.body);
    ck_assert(json_is_true(json_object_get(json_object_get(r.json, "label"), "playoff")));
    res_free(&r);
    /* called to a table: the phone says where */
    match_op(&S, f.tid, pom, "POST", "call", "{\"table\": \"7\"}", &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    res_free(&r);
    status_of(&f, lose[1], &r);
    ck_assert_str_eq(jstr(&r, "table"), "7");
    ck_assert_str_eq(jstr(&r, "match_state"), "called");
    ck_assert_msg(strstr(jstr(&r, "text"), "at table 7"), "%s", r.body);
    res_free(&r);

    /* decided: the bracket shows its winner and score; the phone says out again */
    match_op(&S, f.tid, pom, "POST", "verify", "{\"score\": {\"a\": 0, \"b\": 1}}", &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    res_free(&r);
    bracket(&f, &r);
    po = json_object_get(r.json, "playoff");
    ck_assert_str_eq(json_string_value(json_object_get(po, "winner")), "b");
    ck_assert_int_eq(json_integer_value(json_object_get(side_of(po, 1), "score")), 1);
    res_free(&r);
    status_of(&f, lose[0], &r);
    ck_assert_str_eq(jstr(&r, "state"), "out");
    res_free(&r);
}
END_TEST

/* Without the setting, the bracket has no play-off and a semi-final's loser is out. */
START_TEST(test_PLACE1_no_playoff_without_the_setting)
{
    long long tid = make_tournament(&S, "No play-off");
    long long p[4];
    make_players(&S, tid, 4, p, NULL);
    long long eid = make_competition(
        &S, tid, "{\"kind\": \"knockout\", \"name\": \"Main\", \"knockout\": {\"lengths\": [1]}}");
    enter_players(&S, tid, eid, 4, p);
    struct po f = {.tid = tid, .eid = eid};
    snprintf(f.epath, sizeof f.epath, "/api/v1/tournaments/%lld/competitions/%lld", tid, eid);
    char path[192];
    snprintf(path, sizeof path, "%s/knockout/draw", f.epath);
    struct res r;
    td(&S, "POST", path, "{\"seed\": \"none\"}", &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    res_free(&r);
    bracket(&f, &r);
    ck_assert(json_is_null(json_object_get(r.json, "playoff")));
    long long semi = json_integer_value(json_object_get(match_in(&r, 1, 0), "match_id"));
    res_free(&r);
    match_op(&S, tid, semi, "POST", "verify", "{\"score\": {\"a\": 1, \"b\": 0}}", &r);
    res_free(&r);
    bracket(&f, &r);
    long long lost =
        json_integer_value(json_object_get(side_of(match_in(&r, 1, 0), 1), "player_id"));
    res_free(&r);
    status_of(&f, lost, &r);
    ck_assert_str_eq(jstr(&r, "state"), "out");
    res_free(&r);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("http_playoff");
    TCase *tc = tcase_create("playoff");
    tcase_add_unchecked_fixture(tc, srv_up, srv_down);
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_PLACE1_playoff_drawn_in_the_bracket_and_on_the_phone);
    tcase_add_test(tc, test_PLACE1_no_playoff_without_the_setting);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
