/* HTTP tests of lateness, breaks and penalties (issue 8; DOMAIN.md PEN-1..5) against a real
 * `crawford serve`, by the contract in clock_contract.md; refusals are checked to change
 * nothing, as in test_http_clock.c, whose fixture (support/clock_fx.c) they share. */
#include <arpa/inet.h>
#include <check.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "support/clock_fx.h"
#include "../check_main.h"

/* PEN-1: lateness points are live from the call (grace 0: 1 point at once); the TD confirms
 * them into the opponent's score (MATCH-5); arrive marks a side present. */
START_TEST(test_PEN1_lateness_confirm_and_arrive)
{
    struct fx g;
    clock_setup(&g, 3, "{\"lateness\": {\"grace_minutes\": 0, \"step_minutes\": 1}}", 0);
    struct res r;
    /* not called yet: no absence to count */
    op(&g.anon, &g, "GET", "lateness", NULL, &r);
    ck_assert_msg(r.status == 200, "GET lateness: %ld %s", r.status, r.body);
    ck_assert_str_eq(cstr(r.json, "called_ms"), "null");
    ck_assert_int_eq(json_integer_value(json_object_get(
                         json_object_get(json_object_get(r.json, "sides"), "b"), "points")),
                     0);
    res_free(&r);

    struct fx f;
    clock_setup(&f, 3, "{\"lateness\": {\"grace_minutes\": 0, \"step_minutes\": 1}}", 1);
    op(&f.anon, &f, "GET", "lateness", NULL, &r);
    ck_assert_msg(r.status == 200, "GET lateness: %ld %s", r.status, r.body);
    ck_assert(json_is_integer(json_object_get(r.json, "called_ms")));
    ck_assert_int_eq(jint(&r, "grace_min"), 0);
    ck_assert_int_eq(jint(&r, "step_min"), 1);
    json_t *sides = json_object_get(r.json, "sides");
    for (int i = 0; i < 2; i++) {
        json_t *s = json_object_get(sides, i ? "b" : "a");
        ck_assert(json_is_false(json_object_get(s, "present")));
        ck_assert_int_eq(json_integer_value(json_object_get(s, "points")), 1);
    }
    json_t *conf = json_object_get(r.json, "confirmed");
    ck_assert_int_eq(json_integer_value(json_object_get(conf, "a")), 0);
    ck_assert_int_eq(json_integer_value(json_object_get(conf, "b")), 0);
    res_free(&r);

    /* arrive: the player themselves (or the TD) */
    refuse_op(&f.a, &f, "POST", "arrive", "{\"side\": \"b\"}", 403, NULL, "a marks b present");
    refuse_op(&f.c, &f, "POST", "arrive", "{\"side\": \"a\"}", 403, NULL,
              "arrive by a player of another match");
    refuse_op(&f.anon, &f, "POST", "arrive", "{\"side\": \"a\"}", 401, NULL,
              "arrive with no session");
    refuse_op(&S, &f, "POST", "arrive", "{\"side\": \"x\"}", 422, "side", "arrive side x");
    op(&f.a, &f, "POST", "arrive", "{\"side\": \"a\"}", &r);
    ck_ok(&r, "arrive a");
    res_free(&r);
    op(&S, &f, "GET", "lateness", NULL, &r);
    json_t *sa = json_object_get(json_object_get(r.json, "sides"), "a");
    ck_assert(json_is_true(json_object_get(sa, "present")));
    ck_assert(json_is_integer(json_object_get(sa, "arrived_ms")));
    ck_assert(json_is_false(
        json_object_get(json_object_get(json_object_get(r.json, "sides"), "b"), "present")));
    res_free(&r);

    /* the TD confirms b's lateness: a point for a */
    refuse_op(&S, &f, "POST", "lateness/confirm", "{\"side\": \"q\"}", 422, "side",
              "confirm side q");
    refuse_op(&S, &f, "POST", "lateness/confirm", "{}", 422, "side", "confirm without side");
    confirm_b_late(&f);
    get_match(&f, &r);
    ck_assert_int_eq(score_of(r.json, "a"), 1);
    ck_assert_int_eq(score_of(r.json, "b"), 0);
    ck_assert_int_eq(pen_points_of(r.json, "a"), 1);
    ck_assert_int_eq(pen_points_of(r.json, "b"), 0);
    ck_assert_str_eq(jstr(&r, "state"), "called"); /* 1 is not more than half of 3 (PEN-2) */
    res_free(&r);
    op(&S, &f, "GET", "lateness", NULL, &r);
    ck_assert_int_eq(json_integer_value(json_object_get(json_object_get(r.json, "confirmed"), "b")),
                     1);
    res_free(&r);
    /* nothing new is due */
    refuse_op(&S, &f, "POST", "lateness/confirm", "{\"side\": \"b\"}", 409, NULL,
              "confirm again with nothing due");
    /* the confirmation is a penalty of kind lateness */
    op(&f.a, &f, "GET", "penalties", NULL, &r);
    ck_assert_int_eq(r.status, 200);
    json_t *ps = json_object_get(r.json, "penalties");
    ck_assert_int_eq(json_array_size(ps), 1);
    json_t *p = json_array_get(ps, 0);
    ck_assert_str_eq(cstr(p, "kind"), "lateness");
    ck_assert_str_eq(cstr(p, "side"), "b");
    ck_assert_int_eq(json_integer_value(json_object_get(p, "points")), 1);
    res_free(&r);
    /* lateness events went out (a replay of the stream from the start has them) */
    replayed(&f, is_type_for_match, "lateness", "no lateness event for the match");
}
END_TEST

/* PEN-2: lateness points awarded beyond half the length forfeit the match to the opponent. */
START_TEST(test_PEN2_lateness_forfeit)
{
    struct fx f;
    clock_setup(&f, 1, "{\"lateness\": {\"grace_minutes\": 0, \"step_minutes\": 1}}", 1);
    struct res r;
    confirm_b_late(&f);
    get_match(&f, &r);
    ck_assert_str_eq(jstr(&r, "state"), "forfeited");
    ck_assert_str_eq(jstr(&r, "winner"), "a");
    ck_assert_int_eq(score_of(r.json, "a"), 1);
    ck_assert_int_eq(pen_points_of(r.json, "a"), 1);
    res_free(&r);
    /* the match is over */
    refuse_op(&S, &f, "POST", "penalties",
              "{\"side\": \"a\", \"kind\": \"points\", \"points\": 1, \"reason\": \"etiquette\"}",
              409, NULL, "penalty on a forfeited match");
    refuse_op(&S, &f, "POST", "lateness/confirm", "{\"side\": \"b\"}", 409, NULL,
              "confirm on a forfeited match");
    refuse_op(&S, &f, "POST", "clock/start", "{\"lower_die\": \"a\"}", 409, NULL,
              "start a clock on a forfeited match");
}
END_TEST

/* PEN-2 on its own (not MATCH-5 as well): a 3-point match, b absent for one step after the
 * grace: 2 points due, more than half of 3 and less than 3: forfeited to a. The one test
 * that waits a real minute (the smallest step). */
START_TEST(test_PEN2_lateness_forfeit_after_a_step)
{
    struct fx f;
    clock_setup(&f, 3, "{\"lateness\": {\"grace_minutes\": 0, \"step_minutes\": 1}}", 1);
    struct res r;
    op(&S, &f, "GET", "lateness", NULL, &r);
    ck_assert_int_eq(r.status, 200);
    long long wait = jint(&r, "called_ms") + 60000 - jint(&r, "server_time_ms") + 300;
    res_free(&r);
    ck_assert_int_le(wait, 61000);
    sleep_ms(wait > 0 ? wait : 0);
    op(&S, &f, "GET", "lateness", NULL, &r);
    ck_assert_int_eq(json_integer_value(json_object_get(
                         json_object_get(json_object_get(r.json, "sides"), "b"), "points")),
                     2);
    res_free(&r);
    confirm_b_late(&f);
    get_match(&f, &r);
    ck_assert_str_eq(jstr(&r, "state"), "forfeited");
    ck_assert_str_eq(jstr(&r, "ended"), "lateness"); /* PEN-2 */
    ck_assert_str_eq(jstr(&r, "winner"), "a");
    ck_assert_int_eq(pen_points_of(r.json, "a"), 2);
    res_free(&r);
}
END_TEST

/* PEN-3: instead of points, the TD starts the late player's clock (creating it). */
START_TEST(test_PEN3_late_players_clock_runs)
{
    struct fx f;
    clock_setup(&f, 5, "{\"clock\": {\"bank_per_point_s\": 60, \"delay_s\": 12}}", 1);
    struct res r;
    op(&S, &f, "POST", "lateness/clock", "{\"side\": \"x\"}", &r);
    assert_refused(&r, 422, "side", "lateness/clock side x");
    res_free(&r);
    op(&S, &f, "POST", "lateness/clock", "{\"side\": \"b\"}", &r);
    ck_ok(&r, "lateness/clock b");
    res_free(&r);
    json_t *c = clock_now(&f);
    ck_assert_str_eq(cstr(c, "state"), "running");
    ck_assert_str_eq(cstr(c, "running"), "b");
    ck_assert_int_eq(side_int(c, "a", "bank_ms"), 300000);
    json_decref(c);
    /* instead of points: the match is under way, no lateness points for this absence */
    get_match(&f, &r);
    ck_assert_str_eq(jstr(&r, "state"), "playing");
    res_free(&r);
    op(&S, &f, "GET", "lateness", NULL, &r);
    json_t *lb = json_object_get(json_object_get(r.json, "sides"), "b");
    ck_assert(json_is_true(json_object_get(lb, "clock_instead")));
    ck_assert_int_eq(json_integer_value(json_object_get(lb, "points")), 0);
    res_free(&r);
    refuse_op(&S, &f, "POST", "lateness/confirm", "{\"side\": \"b\"}", 409, "PEN-3",
              "lateness points after the late player's clock was started instead");
    /* a side that is present is not late */
    refuse_op(&S, &f, "POST", "lateness/clock", "{\"side\": \"a\"}", 409, NULL,
              "the clock of a side that is not late");
}
END_TEST

static json_t *get_breaks(const struct fx *f)
{
    return get_json(f, "breaks");
}

/* as starts a break with body: a 201 (r holds it) whose current break, returned, is side's
 * and lasts ms; what names the request. */
static json_t *break_started(struct srv *as, const struct fx *f, const char *body, const char *side,
                             long long ms, const char *what, struct res *r)
{
    op(as, f, "POST", "breaks", body, r);
    ck_assert_msg(r->status == 201, "%s: %ld %s", what, r->status, r->body);
    json_t *cur = json_object_get(r->json, "current");
    ck_assert_str_eq(cstr(cur, "side"), side);
    ck_assert_int_eq(json_integer_value(json_object_get(cur, "ends_ms")) -
                         json_integer_value(json_object_get(cur, "started_ms")),
                     ms);
    return cur;
}

static void allowance_is(const struct fx *f, const char *table, int count, int minutes)
{
    json_t *b = get_breaks(f);
    ck_assert_str_eq(cstr(b, "table"), table);
    json_t *al = json_object_get(b, "allowance");
    ck_assert_msg(json_integer_value(json_object_get(al, "count")) == count &&
                      json_integer_value(json_object_get(al, "minutes")) == minutes,
                  "%s, %d points: allowance %lld x %lld, expected %d x %d", table, f->length,
                  (long long)json_integer_value(json_object_get(al, "count")),
                  (long long)json_integer_value(json_object_get(al, "minutes")), count, minutes);
    json_decref(b);
}

static long long side_used(json_t *b, const char *side)
{
    return json_integer_value(
        json_object_get(json_object_get(json_object_get(b, "sides"), side), "used"));
}

/* PEN-4: breaks between games only, as many as the table gives the match length. */
START_TEST(test_PEN4_breaks)
{
    struct fx f;
    clock_setup(&f, 7, "{\"clock\": {\"bank_per_point_s\": 60, \"delay_s\": 0}}", 1);
    allowance_is(&f, "wbgf", 1, 5);
    json_t *b = get_breaks(&f);
    ck_assert_int_eq(side_used(b, "a"), 0);
    ck_assert_int_eq(side_used(b, "b"), 0);
    ck_assert_str_eq(cstr(b, "current"), "null");
    json_decref(b);
    refuse_op(&f.b, &f, "POST", "breaks", "{\"side\": \"a\"}", 403, NULL, "b takes a's break");
    refuse_op(&f.c, &f, "POST", "breaks", "{\"side\": \"a\"}", 403, NULL,
              "break by a player of another match");
    refuse_op(&f.anon, &f, "POST", "breaks", "{\"side\": \"a\"}", 401, NULL,
              "break with no session");
    refuse_op(&S, &f, "POST", "breaks", "{\"side\": \"x\"}", 422, "side", "break side x");
    struct res r;
    op(&f.a, &f, "POST", "arrive", "{\"side\": \"a\"}", &r);
    ck_ok(&r, "arrive a");
    res_free(&r);
    /* before the first game (no clock): a takes the break */
    break_started(&f.a, &f, "{\"side\": \"a\"}", "a", 5 * 60000, "break a", &r);
    ck_assert_int_eq(side_used(r.json, "a"), 1);
    res_free(&r);
    /* absent from the break's start */
    op(&S, &f, "GET", "lateness", NULL, &r);
    ck_assert(json_is_false(
        json_object_get(json_object_get(json_object_get(r.json, "sides"), "a"), "present")));
    res_free(&r);
    refuse_op(&f.b, &f, "POST", "breaks", "{\"side\": \"b\"}", 409, "PEN-4",
              "a break while one runs");
    refuse_op(&f.c, &f, "POST", "breaks/end", "{}", 403, NULL,
              "breaks/end by another match's player");
    /* the next game waits for the player on a break */
    refuse_op(&f.b, &f, "POST", "clock/start", "{\"lower_die\": \"a\"}", 409, "PEN-4",
              "a game started while a player is on a break");
    op(&f.a, &f, "POST", "breaks/end", "{}", &r);
    ck_ok(&r, "breaks/end");
    res_free(&r);
    b = get_breaks(&f);
    ck_assert_str_eq(cstr(b, "current"), "null");
    ck_assert_int_eq(side_used(b, "a"), 1);
    json_decref(b);
    op(&S, &f, "GET", "lateness", NULL, &r);
    ck_assert(json_is_true(
        json_object_get(json_object_get(json_object_get(r.json, "sides"), "a"), "present")));
    res_free(&r);
    /* none left for a */
    refuse_op(&f.a, &f, "POST", "breaks", "{\"side\": \"a\"}", 409, "PEN-4",
              "a second break for a");
    /* in the middle of a game: no break for b; at the end of the game: yes */
    json_t *c = clk(&f.b, &f, "clock/start", "{\"lower_die\": \"a\"}");
    json_decref(c);
    refuse_op(&f.b, &f, "POST", "breaks", "{\"side\": \"b\"}", 409, "PEN-4", "a break mid-game");
    c = clk(&f.b, &f, "clock/pause", "{\"reason\": \"end_of_game\"}");
    json_decref(c);
    op(&f.b, &f, "POST", "breaks", "{\"side\": \"b\"}", &r);
    ck_assert_msg(r.status == 201, "break b between games: %ld %s", r.status, r.body);
    ck_assert_int_eq(side_used(r.json, "b"), 1);
    res_free(&r);

    /* the WBGF table: nothing up to 5 points */
    struct fx g;
    clock_setup(&g, 5, NULL, 1);
    allowance_is(&g, "wbgf", 0, 5);
    refuse_op(&g.a, &g, "POST", "breaks", "{\"side\": \"a\"}", 409, "PEN-4",
              "a break in a 5-point match");
    clock_setup(&g, 13, NULL, 1);
    allowance_is(&g, "wbgf", 2, 5);
    clock_setup(&g, 25, NULL, 1);
    allowance_is(&g, "wbgf", 4, 5);
    /* the Italian table: 10 minutes; 13 points or more: two */
    clock_setup(&g, 7, "{\"break_table\": \"italian\"}", 1);
    allowance_is(&g, "italian", 1, 10);
    clock_setup(&g, 13, "{\"break_table\": \"italian\"}", 1);
    allowance_is(&g, "italian", 2, 10);
}
END_TEST

/* PEN-4 "taken only between games": a clock paused for a break while it runs (a game under
 * way, the cube waiting or not) is 409 mid-game, saying so and that the game ends first;
 * nothing changes. At the end of the game the break is taken with POST breaks. */
START_TEST(test_PEN4_break_pause_refused_mid_game)
{
    struct fx f;
    clock_setup(&f, 7, "{\"clock\": {\"bank_per_point_s\": 60, \"delay_s\": 12}}", 1);
    json_t *c = clk(&f.a, &f, "clock/start", "{\"lower_die\": \"a\"}");
    json_decref(c);
    const char *say = "A break is taken only between games (PEN-4)";
    refuse_op_says(&f.a, &f, "POST", "clock/pause", "{\"reason\": \"break\"}", 409, "PEN-4",
                   "mid-game", say, "a pause for a break while b's time runs");
    refuse_op_says(&S, &f, "POST", "clock/pause", "{\"reason\": \"break\"}", 409, "PEN-4",
                   "mid-game", "press end of game first", "the TD pauses for a break mid-game");
    c = clk(&f.b, &f, "clock/double", "{\"side\": \"b\"}");
    json_decref(c);
    refuse_op_says(&f.b, &f, "POST", "clock/pause", "{\"reason\": \"break\"}", 409, "PEN-4",
                   "mid-game", say, "a pause for a break while a double waits");
    c = clk(&f.a, &f, "clock/take", "{\"side\": \"a\"}");
    json_decref(c);
    /* the end of the game, then the break itself */
    c = clk(&f.b, &f, "clock/pause", "{\"reason\": \"end_of_game\"}");
    ck_assert_str_eq(cstr(c, "paused_reason"), "end_of_game");
    json_decref(c);
    struct res r;
    op(&f.a, &f, "POST", "breaks", "{\"side\": \"a\"}", &r);
    ck_assert_msg(r.status == 201, "break a between games: %ld %s", r.status, r.body);
    res_free(&r);
}
END_TEST

/* GET breaks without its moment of reading, for "nothing changed". */
static json_t *breaks_snapshot(const struct fx *f)
{
    json_t *b = get_breaks(f);
    json_object_del(b, "server_time_ms");
    return b;
}

/* A refused break start: as refuse_as, and the breaks read the same after it. */
static void refuse_break(struct srv *as, const struct fx *f, const char *body, long status,
                         const char *name, const char *slug, const char *sentence, const char *what)
{
    json_t *before = breaks_snapshot(f);
    refuse_op_says(as, f, "POST", "breaks", body, status, name, slug, sentence, what);
    json_t *after = breaks_snapshot(f);
    ck_assert_msg(json_equal(before, after), "%s changed the breaks", what);
    json_decref(before);
    json_decref(after);
}

/* PEN-4 "may be combined": POST breaks {"count"} takes that many of the side's breaks at
 * once, for count x the minutes of one; more than are left is 409 no-break-left naming how
 * many are left; a count below 1 or not an integer is 422 naming `count`. None of those
 * refusals changes the breaks, the lateness or the clock. */
START_TEST(test_PEN4_breaks_combined)
{
    struct fx f;
    clock_setup(&f, 13, NULL, 1); /* wbgf: two 5-minute breaks each */
    allowance_is(&f, "wbgf", 2, 5);
    const char *bad[] = {"{\"side\": \"a\", \"count\": 0}", "{\"side\": \"a\", \"count\": -1}",
                         "{\"side\": \"a\", \"count\": \"2\"}", "{\"side\": \"a\", \"count\": 1.5}",
                         "{\"side\": \"a\", \"count\": null}"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        refuse_break(&f.a, &f, bad[i], 422, "count", "validation", "count", bad[i]);
    refuse_break(&f.a, &f, "{\"side\": \"a\", \"count\": 3}", 409, "PEN-4", "no-break-left",
                 "Side a has 2 breaks left", "three breaks of two at once");
    /* two at once: ten minutes, both used */
    struct res r;
    json_t *cur = break_started(&f.a, &f, "{\"side\": \"a\", \"count\": 2}", "a", 2 * 5 * 60000,
                                "two breaks for a", &r);
    long long ends = json_integer_value(json_object_get(cur, "ends_ms"));
    res_free(&r);
    json_t *b = get_breaks(&f);
    ck_assert_int_eq(side_used(b, "a"), 2);
    ck_assert_int_eq(json_integer_value(json_object_get(
                         json_object_get(json_object_get(b, "sides"), "a"), "left")),
                     0);
    json_decref(b);
    /* lateness counts from the end of the combined break */
    op(&S, &f, "GET", "lateness", NULL, &r);
    json_t *la = json_object_get(json_object_get(r.json, "sides"), "a");
    ck_assert(json_is_false(json_object_get(la, "present")));
    ck_assert_int_eq(json_integer_value(json_object_get(la, "absent_from_ms")), ends);
    res_free(&r);
    op(&f.a, &f, "POST", "breaks/end", "{}", &r);
    ck_ok(&r, "breaks/end a");
    res_free(&r);
    refuse_break(&f.a, &f, "{\"side\": \"a\", \"count\": 1}", 409, "PEN-4", "no-break-left",
                 "Side a has taken 2 of the 2 breaks", "a break after both were combined");
    /* b: one (the default count), then two when one is left */
    op(&f.b, &f, "POST", "breaks", "{\"side\": \"b\"}", &r);
    ck_assert_msg(r.status == 201, "one break for b: %ld %s", r.status, r.body);
    ck_assert_int_eq(side_used(r.json, "b"), 1);
    res_free(&r);
    op(&f.b, &f, "POST", "breaks/end", "{}", &r);
    ck_ok(&r, "breaks/end b");
    res_free(&r);
    refuse_break(&f.b, &f, "{\"side\": \"b\", \"count\": 2}", 409, "PEN-4", "no-break-left",
                 "Side b has 1 break left", "two breaks when one is left");
}
END_TEST

/* GET lateness without its moment of reading. */
static json_t *lateness_snapshot(const struct fx *f)
{
    json_t *l = get_json(f, "lateness");
    json_object_del(l, "server_time_ms");
    return l;
}

/* A refused postponement: as refuse_as, and the lateness reads the same after it. */
static void refuse_postpone(struct srv *as, const struct fx *f, const char *body, long status,
                            const char *name, const char *slug, const char *sentence,
                            const char *what)
{
    json_t *before = lateness_snapshot(f);
    if (slug)
        refuse_op_says(as, f, "POST", "postpone", body, status, name, slug, sentence, what);
    else
        refuse_op(as, f, "POST", "postpone", body, status, name, what);
    json_t *after = lateness_snapshot(f);
    ck_assert_msg(json_equal(before, after), "%s changed the lateness", what);
    json_decref(before);
    json_decref(after);
}

static long long late_points(json_t *late, const char *side)
{
    return json_integer_value(
        json_object_get(json_object_get(json_object_get(late, "sides"), side), "points"));
}

static int is_postponed_lateness(const char *type, json_t *data, const void *ctx)
{
    return is_type_for_match(type, data, ctx) &&
           json_integer_value(
               json_object_get(json_object_get(data, "lateness"), "postponed_min")) == 60;
}

/* PEN-1 (000): the TD postpones a match by one hour, once, before it starts: lateness counts
 * from an hour after the call (GET lateness: postponed_min, late_from_ms; no points due), the
 * postponement is audited and sent as a lateness event. Refused: players (403) and nobody (401,
 * a TD route), a second postponement, a match under way or over, lateness points already
 * confirmed (409); nothing changes. */
START_TEST(test_PEN1_postpone_by_one_hour)
{
    struct fx f;
    clock_setup(&f, 3, "{\"lateness\": {\"grace_minutes\": 0, \"step_minutes\": 1}}", 1);
    json_t *l = lateness_snapshot(&f);
    ck_assert_int_eq(late_points(l, "b"), 1); /* grace 0: a point at the call already */
    ck_assert_int_eq(json_integer_value(json_object_get(l, "postponed_min")), 0);
    long long called = json_integer_value(json_object_get(l, "called_ms"));
    ck_assert_int_eq(json_integer_value(json_object_get(l, "late_from_ms")), called);
    json_decref(l);
    refuse_postpone(&f.a, &f, NULL, 403, NULL, NULL, NULL, "postpone by a player of the match");
    refuse_postpone(&f.c, &f, NULL, 403, NULL, NULL, NULL, "postpone by another player");
    refuse_postpone(&f.anon, &f, NULL, 401, NULL, NULL, NULL, "postpone with no session");
    refuse_postpone(&S, &f, "{\"minutes\": 30}", 422, "minutes", NULL, NULL,
                    "postpone by 30 minutes");

    struct res r;
    op(&S, &f, "POST", "postpone", NULL, &r);
    ck_assert_msg(r.status == 200, "postpone: %ld %s", r.status, r.body);
    ck_assert_int_eq(jint(&r, "postponed_min"), 60);
    ck_assert_int_eq(jint(&r, "late_from_ms"), called + 3600000);
    res_free(&r);
    l = lateness_snapshot(&f);
    ck_assert_int_eq(json_integer_value(json_object_get(l, "postponed_min")), 60);
    ck_assert_int_eq(json_integer_value(json_object_get(l, "called_ms")), called);
    ck_assert_int_eq(json_integer_value(json_object_get(l, "late_from_ms")), called + 3600000);
    for (int i = 0; i < 2; i++) {
        const char *sd_ = i ? "b" : "a";
        ck_assert_int_eq(late_points(l, sd_), 0);
        ck_assert_int_eq(json_integer_value(json_object_get(
                             json_object_get(json_object_get(l, "sides"), sd_), "absent_from_ms")),
                         called + 3600000);
    }
    json_decref(l);
    /* no points due until the grace after the new time */
    refuse_op(&S, &f, "POST", "lateness/confirm", "{\"side\": \"b\"}", 409, "PEN-1",
              "lateness points before the postponed time");
    /* once only */
    refuse_postpone(&S, &f, NULL, 409, "PEN-1", "already-postponed", "postponed once",
                    "a second postponement");
    /* audited */
    json_t *e = audit_entries(&f);
    int audited = 0;
    for (size_t i = 0; i < json_array_size(e); i++) {
        json_t *en = json_array_get(e, i);
        if (!strcmp(cstr(en, "action"), "match.postponed") &&
            json_integer_value(json_object_get(en, "entity_id")) == f.mid &&
            json_integer_value(json_object_get(json_object_get(en, "after"), "postponed_min")) ==
                60 &&
            json_integer_value(json_object_get(json_object_get(en, "before"), "postponed_min")) ==
                0)
            audited++;
    }
    ck_assert_msg(audited == 1, "%d match.postponed entries in the audit log", audited);
    json_decref(e);
    /* the lateness event */
    replayed(&f, is_postponed_lateness, "lateness", "no lateness event with the postponement");
    /* the match can still start (the players are there): then it is under way */
    json_t *c = clk(&f.a, &f, "clock/start", "{\"lower_die\": \"a\"}");
    json_decref(c);

    /* not called yet: the hour is added to the call when it comes */
    struct fx g;
    clock_setup(&g, 3, "{\"lateness\": {\"grace_minutes\": 0, \"step_minutes\": 1}}", 0);
    op(&S, &g, "POST", "postpone", "{}", &r);
    ck_assert_msg(r.status == 200, "postpone before the call: %ld %s", r.status, r.body);
    ck_assert_str_eq(cstr(r.json, "late_from_ms"), "null");
    res_free(&r);
    char path[160];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/matches/%lld/call", g.tid, g.mid);
    td(&S, "POST", path, "{\"table\": \"2\"}", &r);
    ck_assert_msg(r.status == 200, "call: %ld %s", r.status, r.body);
    res_free(&r);
    l = lateness_snapshot(&g);
    ck_assert_int_eq(json_integer_value(json_object_get(l, "late_from_ms")),
                     json_integer_value(json_object_get(l, "called_ms")) + 3600000);
    ck_assert_int_eq(late_points(l, "a"), 0);
    ck_assert_int_eq(late_points(l, "b"), 0);
    json_decref(l);

    /* under way: refused */
    clock_setup(&g, 3, NULL, 1);
    c = clk(&g.a, &g, "clock/start", "{\"lower_die\": \"a\"}");
    json_decref(c);
    refuse_postpone(&S, &g, NULL, 409, "PEN-1", "match-started", "postponed only before it starts",
                    "postponing a match under way");
    /* lateness points already confirmed: refused */
    clock_setup(&g, 5, "{\"lateness\": {\"grace_minutes\": 0, \"step_minutes\": 1}}", 1);
    confirm_b_late(&g);
    refuse_postpone(&S, &g, NULL, 409, "PEN-1", "lateness-confirmed", "would count that time again",
                    "postponing after lateness points");
    /* over: refused */
    clock_setup(&g, 1, "{\"lateness\": {\"grace_minutes\": 0, \"step_minutes\": 1}}", 1);
    confirm_b_late(&g);
    refuse_postpone(&S, &g, NULL, 409, NULL, "match-finished", "already forfeited",
                    "postponing a forfeited match");
}
END_TEST

/* PEN-5, MATCH-5: warnings and penalty points; points count for the opponent and decide the
 * match when they bring it to the length; listed, audited and sent as events. */
START_TEST(test_PEN5_penalties)
{
    struct fx f;
    clock_setup(&f, 5, NULL, 1);
    struct res r;
    op(&S, &f, "POST", "penalties",
       "{\"side\": \"a\", \"kind\": \"warning\", \"reason\": \"slow play\"}", &r);
    ck_assert_msg(r.status == 201, "warning: %ld %s", r.status, r.body);
    ck_assert_str_eq(jstr(&r, "kind"), "warning");
    ck_assert_str_eq(jstr(&r, "side"), "a");
    ck_assert_str_eq(jstr(&r, "reason"), "slow play");
    ck_assert(json_is_integer(json_object_get(r.json, "id")));
    ck_assert(json_is_integer(json_object_get(r.json, "created_ms")));
    res_free(&r);
    get_match(&f, &r);
    ck_assert_int_eq(score_of(r.json, "a"), 0);
    ck_assert_int_eq(score_of(r.json, "b"), 0);
    ck_assert_int_eq(pen_points_of(r.json, "b"), 0);
    res_free(&r);
    op(&S, &f, "POST", "penalties",
       "{\"side\": \"a\", \"kind\": \"points\", \"points\": 2, \"reason\": \"etiquette\"}", &r);
    ck_assert_msg(r.status == 201, "points: %ld %s", r.status, r.body);
    ck_assert_int_eq(jint(&r, "points"), 2);
    res_free(&r);
    get_match(&f, &r);
    ck_assert_int_eq(score_of(r.json, "b"), 2);
    ck_assert_int_eq(score_of(r.json, "a"), 0);
    ck_assert_int_eq(pen_points_of(r.json, "b"), 2);
    ck_assert_int_eq(pen_points_of(r.json, "a"), 0);
    ck_assert_str_eq(jstr(&r, "state"), "called");
    res_free(&r);

    /* listed (for the match's players too) */
    op(&f.b, &f, "GET", "penalties", NULL, &r);
    ck_assert_int_eq(r.status, 200);
    json_t *ps = json_object_get(r.json, "penalties");
    ck_assert_msg(json_array_size(ps) == 2, "expected the warning and the points: %s", r.body);
    ck_assert_str_eq(cstr(json_array_get(ps, 0), "kind"), "warning");
    ck_assert_str_eq(cstr(json_array_get(ps, 1), "kind"), "points");
    ck_assert_str_eq(cstr(json_array_get(ps, 1), "reason"), "etiquette");
    res_free(&r);
    /* audited */
    json_t *e = audit_entries(&f);
    int audited = 0;
    for (size_t i = 0; i < json_array_size(e); i++) {
        const char *a = json_string_value(json_object_get(json_array_get(e, i), "action"));
        if (a && strstr(a, "penalt"))
            audited++;
    }
    ck_assert_msg(audited >= 2, "%d penalty entries in the audit log", audited);
    json_decref(e);
    /* sent as events */
    replayed(&f, is_type_for_match, "penalty", "no penalty event for the match");

    /* MATCH-5: 3 more points bring b to 5: the match is b's */
    op(&S, &f, "POST", "penalties",
       "{\"side\": \"a\", \"kind\": \"points\", \"points\": 3, \"reason\": \"equipment\"}", &r);
    ck_assert_msg(r.status == 201, "points: %ld %s", r.status, r.body);
    res_free(&r);
    get_match(&f, &r);
    ck_assert_str_eq(jstr(&r, "state"), "verified");
    ck_assert_str_eq(jstr(&r, "winner"), "b");
    ck_assert_int_eq(score_of(r.json, "b"), 5);
    res_free(&r);
    refuse_op(&S, &f, "POST", "penalties",
              "{\"side\": \"b\", \"kind\": \"warning\", \"reason\": \"after the end\"}", 409, NULL,
              "a penalty on a verified match");
}
END_TEST

/* PEN-5: bad penalties are refused naming their field, and change nothing (the score, the
 * list). */
START_TEST(test_PEN5_bad_penalties_change_nothing)
{
    struct fx f;
    clock_setup(&f, 5, NULL, 1);
    struct res r;
    op(&S, &f, "POST", "penalties",
       "{\"side\": \"b\", \"kind\": \"points\", \"points\": 1, \"reason\": \"etiquette\"}", &r);
    ck_assert_msg(r.status == 201, "points: %ld %s", r.status, r.body);
    res_free(&r);
    /* each naming its field */
    static const struct {
        const char *body, *field;
    } bad[] = {
        {"{\"side\": \"a\", \"kind\": \"fine\", \"points\": 1, \"reason\": \"x\"}", "kind"},
        {"{\"side\": \"a\", \"points\": 1, \"reason\": \"x\"}", "kind"},
        {"{\"side\": \"a\", \"kind\": \"points\", \"points\": 0, \"reason\": \"x\"}", "points"},
        {"{\"side\": \"a\", \"kind\": \"points\", \"reason\": \"x\"}", "points"},
        {"{\"side\": \"a\", \"kind\": \"points\", \"points\": 6, \"reason\": \"x\"}", "points"},
        {"{\"side\": \"a\", \"kind\": \"points\", \"points\": -1, \"reason\": \"x\"}", "points"},
        {"{\"side\": \"a\", \"kind\": \"points\", \"points\": \"2\", \"reason\": \"x\"}", "points"},
        {"{\"side\": \"a\", \"kind\": \"warning\", \"points\": 2, \"reason\": \"x\"}", "points"},
        {"{\"side\": \"c\", \"kind\": \"points\", \"points\": 1, \"reason\": \"x\"}", "side"},
        {"{\"kind\": \"points\", \"points\": 1, \"reason\": \"x\"}", "side"},
        {"{\"side\": \"a\", \"kind\": \"points\", \"points\": 1}", "reason"},
        {"{\"side\": \"a\", \"kind\": \"points\", \"points\": 1, \"reason\": \"\"}", "reason"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        refuse_op(&S, &f, "POST", "penalties", bad[i].body, 422, bad[i].field, bad[i].body);
    char longer[700];
    snprintf(longer, sizeof longer,
             "{\"side\": \"a\", \"kind\": \"warning\", \"reason\": \"%0501d\"}", 0);
    refuse_op(&S, &f, "POST", "penalties", longer, 422, "reason", "a reason of 501 characters");
    refuse_op(&f.b, &f, "POST", "penalties",
              "{\"side\": \"a\", \"kind\": \"points\", \"points\": 1, \"reason\": \"x\"}", 403,
              NULL, "a penalty by a player");
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("http_penalties");
    TCase *tc = tcase_create("penalties");
    tcase_add_unchecked_fixture(tc, srv_up, srv_down);
    tcase_set_timeout(tc, 90);
    tcase_add_test(tc, test_PEN1_lateness_confirm_and_arrive);
    tcase_add_test(tc, test_PEN2_lateness_forfeit);
    tcase_add_test(tc, test_PEN3_late_players_clock_runs);
    tcase_add_test(tc, test_PEN4_breaks);
    tcase_add_test(tc, test_PEN4_break_pause_refused_mid_game);
    tcase_add_test(tc, test_PEN4_breaks_combined);
    tcase_add_test(tc, test_PEN1_postpone_by_one_hour);
    tcase_add_test(tc, test_PEN5_penalties);
    tcase_add_test(tc, test_PEN5_bad_penalties_change_nothing);
    tcase_add_test(tc, test_PEN2_lateness_forfeit_after_a_step);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
