/* HTTP tests of an undone match (DOMAIN.md KO-10, KO-8): a match that a correction's cascade
 * undoes, or whose player a correction replaces before it ends, is a match not yet played.
 * Whatever belonged to its old players (penalty and lateness points, its clock, its breaks,
 * its reports) is void, kept in the history only (the audit log, the voided penalties), and
 * its new players start it at 0-0, reports taken; the same when the penalty and the
 * correction are the TD's rulings. */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "support/harness.h"
#include "../check_main.h"

/* A tournament (lateness from the call, one point at once), a knockout of 4 at 3 points,
 * the final at 7, drawn; every player's session. */
struct fx {
    long long tid, eid, r1[2], fin;
    long long pid[4];
    char pin[4][8];
    struct srv as[4];
};

static void ok(struct res *r, long status, const char *what)
{
    ck_assert_msg(r->status == status, "%s: %ld %s", what, r->status, r->body);
}

static void setup(struct fx *f)
{
    memset(f, 0, sizeof *f);
    struct res r;
    td(&S, "POST", "/api/v1/tournaments", "{\"name\": \"Undo\"}", &r);
    ok(&r, 201, "tournament");
    f->tid = jint(&r, "id");
    res_free(&r);
    char path[160];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld", f->tid);
    td(&S, "PATCH", path, "{\"lateness\": {\"grace_minutes\": 0, \"step_minutes\": 1}}", &r);
    ok(&r, 200, "lateness settings");
    res_free(&r);
    static const char *const names[] = {"Anna", "Bruno", "Carla", "Dario"};
    for (int i = 0; i < 4; i++) {
        f->pid[i] = make_player_pin(&S, f->tid, names[i], f->pin[i]);
        srv_player_login(&f->as[i], &S, f->tid, f->pid[i], f->pin[i]);
    }
    f->eid = make_competition(&S, f->tid,
                        "{\"kind\": \"knockout\", \"name\": \"Main\", \"knockout\": {\"lengths\": [3, 7]}}");
    enter_players(&S, f->tid, f->eid, 4, f->pid);
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/competitions/%lld/knockout/draw", f->tid,
             f->eid);
    td(&S, "POST", path, "{\"seed\": \"10\"}", &r);
    ok(&r, 200, "draw");
    json_t *rounds = json_object_get(r.json, "rounds");
    for (int i = 0; i < 2; i++)
        f->r1[i] = json_integer_value(json_object_get(
            json_array_get(json_object_get(json_array_get(rounds, 0), "matches"), (size_t)i),
            "match_id"));
    f->fin = json_integer_value(json_object_get(
        json_array_get(json_object_get(json_array_get(rounds, 1), "matches"), 0), "match_id"));
    res_free(&r);
}

/* as (the TD: &S, or a player) on match mid: method, the tail of its path, a body. */
static void on(struct srv *as, const struct fx *f, long long mid, const char *method,
               const char *tail, const char *body, struct res *r)
{
    char path[160];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/matches/%lld%s", f->tid, mid, tail);
    td(as, method, path, body, r);
}

static void get(const struct fx *f, long long mid, const char *tail, struct res *r)
{
    on(&S, f, mid, "GET", tail, NULL, r);
    ok(r, 200, tail);
}

/* The player on side s (0, 1) of match mid, 0 when not known. */
static long long player_on(const struct fx *f, long long mid, int s)
{
    struct res r;
    get(f, mid, "", &r);
    long long pid = json_integer_value(
        json_object_get(json_array_get(json_object_get(r.json, "sides"), (size_t)s), "player_id"));
    res_free(&r);
    return pid;
}

static struct srv *session_of(struct fx *f, long long pid)
{
    for (int i = 0; i < 4; i++)
        if (f->pid[i] == pid)
            return &f->as[i];
    ck_abort_msg("no player %lld", pid);
    return NULL;
}

static void td_ok(const struct fx *f, long long mid, const char *tail, const char *body,
                  long status, const char *what)
{
    struct res r;
    on(&S, f, mid, "POST", tail, body, &r);
    ok(&r, status, what);
    res_free(&r);
}

/* The TD verifies round 1: side a wins both matches 3-0. */
static void round1(const struct fx *f)
{
    for (int i = 0; i < 2; i++)
        td_ok(f, f->r1[i], "/verify", "{\"score\": {\"a\": 3, \"b\": 0}}", 200, "round 1");
}

/* A ruling on match mid with the effect given (and more members of the body, may be ""). */
static void ruling(const struct fx *f, long long mid, const char *effect, const char *more)
{
    char body[600];
    snprintf(body, sizeof body,
             "{\"question\": \"q\", \"facts\": \"f\", \"decision\": \"d\", \"reasons\": \"r\", "
             "\"effect\": %s%s}",
             effect, more);
    td_ok(f, mid, "/rulings", body, 201, "ruling");
}

/* KO-10: the final, undone, as a match not yet played: scheduled at 0-0 with no penalty
 * points, side a's new player (not old_a), no standing penalty (the old ones listed void). */
static long long final_fresh(struct fx *f, long long old_a)
{
    struct res r;
    get(f, f->fin, "", &r);
    ck_assert_msg(!strcmp(jstr(&r, "state"), "scheduled"), "%s", r.body);
    json_t *sc = json_object_get(r.json, "score");
    ck_assert_int_eq(json_integer_value(json_object_get(sc, "a")), 0);
    ck_assert_int_eq(json_integer_value(json_object_get(sc, "b")), 0);
    json_t *mp = json_object_get(r.json, "penalty_points");
    ck_assert_msg(json_integer_value(json_object_get(mp, "a")) == 0 &&
                      json_integer_value(json_object_get(mp, "b")) == 0,
                  "%s", r.body);
    ck_assert(json_is_null(json_object_get(r.json, "winner")));
    res_free(&r);
    long long new_a = player_on(f, f->fin, 0);
    ck_assert(new_a && new_a != old_a);
    get(f, f->fin, "/penalties", &r);
    ck_assert_msg(json_array_size(json_object_get(r.json, "penalties")) == 0, "%s", r.body);
    json_t *pp = json_object_get(r.json, "penalty_points");
    ck_assert_int_eq(json_integer_value(json_object_get(pp, "a")), 0);
    json_t *voided = json_object_get(r.json, "voided");
    ck_assert_msg(json_array_size(voided) >= 1, "the old penalties are not kept: %s", r.body);
    ck_assert(json_is_integer(json_object_get(json_array_get(voided, 0), "void_ms")));
    res_free(&r);
    return new_a;
}

/* ... and a game of the new player taken: 1-0, playing. */
static void final_restarts(struct fx *f, long long old_a)
{
    long long new_a = final_fresh(f, old_a);
    struct res r;
    on(session_of(f, new_a), f, f->fin, "POST", "/games",
       "{\"winner\": \"a\", \"cube\": 1, \"result\": \"single\"}", &r);
    ok(&r, 200, "a game of the undone final");
    ck_assert_str_eq(jstr(&r, "state"), "playing");
    ck_assert_int_eq(json_integer_value(json_object_get(json_object_get(r.json, "score"), "a")), 1);
    ck_assert_int_eq(json_integer_value(json_object_get(json_object_get(r.json, "score"), "b")), 0);
    res_free(&r);
}

/* Issue item 2: the final decided on 7 penalty points, then undone by a round-1 correction's
 * cascade, used to come back at 0-0 with {a: 7, b: 0} penalty points and refuse every game
 * ("no game may follow the one that ended the match"). */
START_TEST(test_KO10_undone_final_forgets_its_penalty_points)
{
    struct fx f;
    setup(&f);
    round1(&f);
    long long old_a = player_on(&f, f.fin, 0);
    td_ok(&f, f.fin, "/penalties",
          "{\"side\": \"b\", \"kind\": \"points\", \"points\": 7, \"reason\": \"etiquette\"}", 201,
          "7 penalty points");
    struct res r;
    get(&f, f.fin, "", &r);
    ck_assert_str_eq(jstr(&r, "state"), "verified");
    res_free(&r);
    td_ok(&f, f.r1[0], "/correct",
          "{\"score\": {\"a\": 0, \"b\": 3}, \"reason\": \"sheet\", \"confirm_cascade\": true}",
          200, "the correction with its cascade");
    final_restarts(&f, old_a);
}
END_TEST

/* The same when the penalty and the correction are the TD's rulings (GOV-6). */
START_TEST(test_KO10_undone_final_rulings)
{
    struct fx f;
    setup(&f);
    round1(&f);
    long long old_a = player_on(&f, f.fin, 0);
    ruling(&f, f.fin, "{\"kind\": \"penalty\", \"side\": \"b\", \"points\": 7}", "");
    struct res r;
    get(&f, f.fin, "", &r);
    ck_assert_str_eq(jstr(&r, "state"), "verified");
    res_free(&r);
    ruling(&f, f.r1[0], "{\"kind\": \"score\", \"score\": {\"a\": 0, \"b\": 3}}",
           ", \"confirm_cascade\": true");
    final_restarts(&f, old_a);
}
END_TEST

/* Lateness points, the clock, the breaks and the reports of the undone final go too: its
 * lateness counts from its next call (none yet), nobody has taken a break, it has no clock,
 * and the audit log keeps what was voided. */
START_TEST(test_KO10_undone_final_forgets_lateness_clock_breaks_reports)
{
    struct fx f;
    setup(&f);
    round1(&f);
    long long old_a = player_on(&f, f.fin, 0), old_b = player_on(&f, f.fin, 1);
    td_ok(&f, f.fin, "/call", "{\"table\": \"1\"}", 200, "call");
    td_ok(&f, f.fin, "/lateness/confirm", "{\"side\": \"b\"}", 200, "b late: a point for a");
    td_ok(&f, f.fin, "/arrive", "{\"side\": \"b\"}", 200, "b arrives");
    td_ok(&f, f.fin, "/arrive", "{\"side\": \"a\"}", 200, "a arrives");
    struct res r;
    td_ok(&f, f.fin, "/breaks", "{\"side\": \"b\"}", 201, "b's break");
    td_ok(&f, f.fin, "/breaks/end", NULL, 200, "b back");
    on(session_of(&f, old_a), &f, f.fin, "POST", "/clock/start", "{\"lower_die\": \"a\"}", &r);
    ok(&r, 200, "the clock");
    res_free(&r);
    on(session_of(&f, old_a), &f, f.fin, "POST", "/games",
       "{\"winner\": \"a\", \"cube\": 2, \"result\": \"single\"}", &r);
    ok(&r, 200, "a game");
    res_free(&r);
    on(session_of(&f, old_b), &f, f.fin, "POST", "/games",
       "{\"winner\": \"a\", \"cube\": 2, \"result\": \"single\"}", &r);
    ok(&r, 200, "b's game");
    res_free(&r);
    td_ok(&f, f.fin, "/penalties",
          "{\"side\": \"b\", \"kind\": \"points\", \"points\": 4, \"reason\": \"etiquette\"}", 201,
          "4 penalty points: 7-0");
    get(&f, f.fin, "", &r);
    ck_assert_msg(!strcmp(jstr(&r, "state"), "verified"), "%s", r.body);
    res_free(&r);
    td_ok(&f, f.r1[0], "/correct",
          "{\"score\": {\"a\": 0, \"b\": 3}, \"reason\": \"sheet\", \"confirm_cascade\": true}",
          200, "the correction with its cascade");
    final_fresh(&f, old_a);
    /* lateness: no call since the undoing, no point confirmed, nobody present */
    get(&f, f.fin, "/lateness", &r);
    ck_assert_msg(json_is_null(json_object_get(r.json, "called_ms")), "%s", r.body);
    json_t *conf = json_object_get(r.json, "confirmed_total");
    ck_assert_int_eq(json_integer_value(json_object_get(conf, "a")), 0);
    ck_assert_int_eq(json_integer_value(json_object_get(conf, "b")), 0);
    json_t *sides = json_object_get(r.json, "sides");
    ck_assert(!json_is_true(json_object_get(json_object_get(sides, "b"), "present")));
    res_free(&r);
    get(&f, f.fin, "/breaks", &r);
    json_t *bs = json_object_get(r.json, "sides");
    ck_assert_int_eq(json_integer_value(json_object_get(json_object_get(bs, "b"), "used")), 0);
    res_free(&r);
    on(&S, &f, f.fin, "GET", "/clock", NULL, &r);
    ok(&r, 404, "the old clock is gone");
    res_free(&r);
    get(&f, f.fin, "/reports", &r);
    json_t *reps = json_object_get(r.json, "reports");
    ck_assert_msg(json_is_null(json_object_get(reps, "a")) &&
                      json_is_null(json_object_get(reps, "b")),
                  "a report of the old players: %s", r.body);
    res_free(&r);
    /* the history keeps it: the undoing's audit row, with what was voided */
    char path[160];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/audit?limit=1000", f.tid);
    td(&S, "GET", path, NULL, &r);
    ok(&r, 200, "audit");
    json_t *rows = json_object_get(r.json, "entries"), *undo = NULL;
    for (size_t i = 0; i < json_array_size(rows); i++) {
        json_t *row = json_array_get(rows, i);
        if (!strcmp(json_string_value(json_object_get(row, "action")), "knockout.cascade_undo") &&
            json_integer_value(json_object_get(row, "entity_id")) == f.fin)
            undo = row;
    }
    ck_assert_msg(undo, "no knockout.cascade_undo row: %s", r.body);
    json_t *was = json_object_get(json_object_get(undo, "before"), "voided");
    ck_assert_msg(json_array_size(json_object_get(was, "penalties")) == 2, "%s", r.body);
    ck_assert(json_is_object(json_object_get(was, "clock")));
    ck_assert(json_array_size(json_object_get(was, "presence")) == 2);
    ck_assert(json_array_size(json_object_get(was, "reports")) == 2);
    res_free(&r);
    /* called again, the new players' lateness counts from the new call */
    td_ok(&f, f.fin, "/call", "{\"table\": \"2\"}", 200, "called again");
    td_ok(&f, f.fin, "/lateness/confirm", "{\"side\": \"a\"}", 200, "a late now");
    get(&f, f.fin, "/lateness", &r);
    conf = json_object_get(r.json, "confirmed_total");
    ck_assert_int_eq(json_integer_value(json_object_get(conf, "a")), 1);
    ck_assert_int_eq(json_integer_value(json_object_get(conf, "b")), 0);
    res_free(&r);
}
END_TEST

/* KO-10 before the end: the final under way (penalty points, a game) when a correction
 * replaces side a's player; no cascade to confirm, but the new player inherits nothing. */
START_TEST(test_KO10_replaced_player_inherits_nothing)
{
    struct fx f;
    setup(&f);
    round1(&f);
    long long old_a = player_on(&f, f.fin, 0);
    td_ok(&f, f.fin, "/penalties",
          "{\"side\": \"b\", \"kind\": \"points\", \"points\": 2, \"reason\": \"etiquette\"}", 201,
          "2 penalty points");
    struct res r;
    on(session_of(&f, old_a), &f, f.fin, "POST", "/games",
       "{\"winner\": \"a\", \"cube\": 1, \"result\": \"single\"}", &r);
    ok(&r, 200, "a game: 3-0");
    res_free(&r);
    td_ok(&f, f.r1[0], "/correct", "{\"score\": {\"a\": 0, \"b\": 3}, \"reason\": \"sheet\"}", 200,
          "the correction");
    final_restarts(&f, old_a);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("http_undo");
    TCase *tc = tcase_create("undo");
    tcase_add_unchecked_fixture(tc, srv_up, srv_down);
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_KO10_undone_final_forgets_its_penalty_points);
    tcase_add_test(tc, test_KO10_undone_final_rulings);
    tcase_add_test(tc, test_KO10_undone_final_forgets_lateness_clock_breaks_reports);
    tcase_add_test(tc, test_KO10_replaced_player_inherits_nothing);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
