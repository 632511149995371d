/* HTTP tests of match clocks (issue 8; DOMAIN.md CLK-1..7, MATCH-5) against a real
 * `crawford serve`, by the contract in clock_contract.md. Every refusal is checked three
 * ways: the status, a problem+json body naming the field or the rule, and nothing changed
 * (the clock, the match, the penalties read again). Short banks (1 s a point, 0-1 s delay)
 * make flags and bank arithmetic observable in a few seconds. Lateness, breaks and penalties
 * (PEN-1..5): test_http_penalties.c; the fixture: support/clock_fx.c. */
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

/* The restart test runs its own server in the test's process (a server is stopped and
 * waited for by its parent). Each server it launches is listed here ("pid folder" lines) so
 * the fixture, in the parent, ends it by its id and removes its folder if the test stops
 * early. */
static char registry[64];

static void up_restart(void)
{
    snprintf(registry, sizeof registry, "/tmp/crawford-clock-reg-XXXXXX");
    int fd = mkstemp(registry);
    ck_assert_int_ge(fd, 0);
    close(fd);
}

static void register_server(const struct srv *s)
{
    FILE *f = fopen(registry, "a");
    ck_assert_ptr_nonnull(f);
    fprintf(f, "%d %s\n", (int)s->pid, s->dir);
    fclose(f);
}

static void down_restart(void)
{
    FILE *f = fopen(registry, "r");
    int pid;
    char dir[256];
    while (f && fscanf(f, "%d %255s", &pid, dir) == 2) {
        /* only a server still running on that folder */
        char path[64], cmd[1024] = "";
        snprintf(path, sizeof path, "/proc/%d/cmdline", pid);
        FILE *c = fopen(path, "r");
        if (c) {
            size_t n = fread(cmd, 1, sizeof cmd - 1, c);
            for (size_t i = 0; i < n; i++)
                if (!cmd[i])
                    cmd[i] = ' ';
            cmd[n] = 0;
            fclose(c);
        }
        if (pid > 1 && strstr(cmd, dir) && strstr(cmd, " serve "))
            kill(pid, SIGTERM);
        char rm[400];
        snprintf(rm, sizeof rm, "sleep 0.5; rm -rf '%s'", dir);
        if (!strncmp(dir, "/tmp/crawford-test-", 19) && system(rm) != 0)
            fprintf(stderr, "could not remove %s\n", dir);
    }
    if (f)
        fclose(f);
    remove(registry);
}

/* ==================================================================================== */

/* CLK-2, CLK-4: no clock until a game starts; the first start by a player creates it from
 * the tournament's settings (bank = length x bank per point) and the match is playing. */
START_TEST(test_CLK4_start_creates_clock_from_settings)
{
    struct fx f;
    clock_setup(&f, 5,
                "{\"clock\": {\"mode\": \"delay\", \"bank_per_point_s\": 60, \"delay_s\": 12, "
                "\"split_first_per_point_s\": 0}}",
                1);
    struct res r;
    op(&f.anon, &f, "GET", "clock", NULL, &r);
    assert_refused(&r, 404, NULL, "GET clock with none");
    ck_assert_str_eq(jstr(&r, "title"), "No clock");
    res_free(&r);
    /* a bad start creates nothing */
    refuse_op(&f.a, &f, "POST", "clock/start", "{\"lower_die\": \"c\"}", 422, "lower_die",
              "start with lower_die c");
    refuse_op(&f.a, &f, "POST", "clock/start", "{}", 422, "lower_die", "start without lower_die");
    refuse_op(&f.c, &f, "POST", "clock/start", "{\"lower_die\": \"a\"}", 403, NULL,
              "start by a player of another match");
    refuse_op(&f.anon, &f, "POST", "clock/start", "{\"lower_die\": \"a\"}", 401, NULL,
              "start with no session");

    long long t0 = wall_ms();
    json_t *c = clk(&f.a, &f, "clock/start", "{\"lower_die\": \"a\"}");
    /* CLK-4: the side with the lower opening die starts the other side's time */
    ck_assert_int_eq(cint(c, "match_id"), f.mid);
    ck_assert_str_eq(cstr(c, "mode"), "delay");
    ck_assert_str_eq(cstr(c, "state"), "running");
    ck_assert_str_eq(cstr(c, "running"), "b");
    ck_assert_str_eq(cstr(c, "paused_reason"), "null");
    ck_assert_str_eq(cstr(c, "cube"), "null");
    ck_assert_str_eq(cstr(c, "flagged"), "null");
    ck_assert(json_is_false(json_object_get(c, "flag_reversed")));
    /* CLK-2: 5 points x 60 s; the running side's bank waits for its 12 s delay */
    ck_assert_int_eq(side_int(c, "a", "bank_ms"), 300000);
    ck_assert_int_eq(side_int(c, "b", "bank_ms"), 300000);
    ck_assert_int_eq(side_int(c, "a", "delay_ms"), 12000);
    ck_assert_int_le(side_int(c, "b", "delay_ms"), 12000);
    ck_assert_int_gt(side_int(c, "b", "delay_ms"), 10000);
    ck_assert_int_eq(side_int(c, "a", "second_bank_ms"), 0);
    ck_assert(json_is_false(json_object_get(sd(c, "a"), "lose_next_delay")));
    json_t *set = json_object_get(c, "settings");
    ck_assert_int_eq(json_integer_value(json_object_get(set, "bank_per_point_ms")), 60000);
    ck_assert_int_eq(json_integer_value(json_object_get(set, "delay_ms")), 12000);
    ck_assert_int_eq(json_integer_value(json_object_get(set, "split_first_per_point_ms")), 0);
    long long since = cint(c, "since_ms");
    ck_assert_int_ge(since, t0 - 1000);
    ck_assert_int_le(since, wall_ms() + 1000);
    ck_assert_int_ge(cint(c, "server_time_ms"), since);
    json_decref(c);
    /* the match is playing */
    get_match(&f, &r);
    ck_assert_str_eq(jstr(&r, "state"), "playing");
    res_free(&r);
    /* anyone who may read the tournament sees the clock (the venue display) */
    op(&f.anon, &f, "GET", "clock", NULL, &r);
    ck_assert_int_eq(r.status, 200);
    ck_assert_str_eq(cstr(clock_of(r.json), "running"), "b");
    res_free(&r);
    /* a game already running is not started again */
    refuse_op(&f.a, &f, "POST", "clock/start", "{\"lower_die\": \"a\"}", 409, "CLK-",
              "start while running");
    /* an unknown match */
    char path[160];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/matches/999999/clock", f.tid);
    td(&S, "GET", path, NULL, &r);
    assert_refused(&r, 404, NULL, "GET clock of no match");
    ck_assert_str_eq(jstr(&r, "title"), "No such match");
    res_free(&r);
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/matches/999999/clock/press", f.tid);
    td(&S, "POST", path, "{\"side\": \"a\"}", &r);
    assert_refused(&r, 404, NULL, "press on no match");
    ck_assert_str_eq(jstr(&r, "title"), "No such match");
    res_free(&r);
}
END_TEST

/* CLK-2: a split bank (first part per point, the rest as a second bank). */
START_TEST(test_CLK2_split_bank)
{
    struct fx f;
    clock_setup(&f, 3, "{\"clock\": {\"bank_per_point_s\": 60, \"split_first_per_point_s\": 20}}",
                1);
    json_t *c = clk(&S, &f, "clock/start", "{\"lower_die\": \"b\"}");
    ck_assert_str_eq(cstr(c, "running"), "a");
    ck_assert_int_eq(side_int(c, "b", "bank_ms"), 60000);
    ck_assert_int_eq(side_int(c, "b", "second_bank_ms"), 120000);
    ck_assert_int_eq(side_int(c, "a", "second_bank_ms"), 120000);
    ck_assert_int_eq(json_integer_value(json_object_get(json_object_get(c, "settings"),
                                                        "split_first_per_point_ms")),
                     20000);
    json_decref(c);
}
END_TEST

/* CLK-3 with MATCH-5: penalty points before the clock make the score 2-0 in a 5-point match;
 * the clock then gives each ((3 + 5) / 2) x 60 s = 240 s. */
START_TEST(test_CLK3_clock_introduced_mid_match)
{
    struct fx f;
    clock_setup(&f, 5, "{\"clock\": {\"bank_per_point_s\": 60, \"delay_s\": 12}}", 1);
    struct res r;
    op(&S, &f, "POST", "penalties",
       "{\"side\": \"b\", \"kind\": \"points\", \"points\": 2, \"reason\": \"slow play\"}", &r);
    ck_assert_msg(r.status == 201, "penalty: %ld %s", r.status, r.body);
    res_free(&r);
    get_match(&f, &r);
    ck_assert_int_eq(score_of(r.json, "a"), 2);
    res_free(&r);
    json_t *c = clk(&S, &f, "clock/start", "{\"lower_die\": \"a\"}");
    ck_assert_int_eq(side_int(c, "a", "bank_ms"), 240000);
    ck_assert_int_eq(side_int(c, "b", "bank_ms"), 240000);
    json_decref(c);
}
END_TEST

/* CLK-1 simple delay, CLK-4 presses: the press switches the running side; a turn of u with
 * bank B and delay D leaves B - max(0, u - D), computed from the server's own times. */
START_TEST(test_CLK1_press_switches_and_bank_arithmetic)
{
    struct fx f;
    clock_setup(&f, 3,
                "{\"clock\": {\"mode\": \"delay\", \"bank_per_point_s\": 60, \"delay_s\": 1}}", 1);
    json_t *c = clk(&S, &f, "clock/start", "{\"lower_die\": \"b\"}");
    ck_assert_str_eq(cstr(c, "running"), "a");
    long long since1 = cint(c, "since_ms");
    json_decref(c);
    sleep_ms(1500);
    /* the live values: a's delay is used up, its bank runs */
    c = clock_now(&f);
    long long u = cint(c, "server_time_ms") - since1;
    ck_assert_int_ge(u, 1500);
    ck_assert_int_eq(side_int(c, "a", "delay_ms"), 0);
    ck_assert_int_le(llabs(side_int(c, "a", "bank_ms") - (180000 - (u - 1000))), 2);
    ck_assert_int_eq(side_int(c, "b", "bank_ms"), 180000);
    ck_assert_int_eq(side_int(c, "b", "delay_ms"), 1000); /* b's next turn */
    json_decref(c);
    /* a presses: b runs; a keeps B - (u - D) */
    c = clk(&f.a, &f, "clock/press", "{\"side\": \"a\"}");
    ck_assert_str_eq(cstr(c, "state"), "running");
    ck_assert_str_eq(cstr(c, "running"), "b");
    long long since2 = cint(c, "since_ms");
    u = since2 - since1;
    ck_assert_int_ge(u, 1500);
    long long a_bank = side_int(c, "a", "bank_ms");
    ck_assert_int_le(llabs(a_bank - (180000 - (u - 1000))), 2);
    ck_assert_int_eq(side_int(c, "b", "bank_ms"), 180000);
    json_decref(c);
    /* b presses within its delay: nothing comes off its bank (unused delay is lost) */
    c = clk(&f.b, &f, "clock/press", "{\"side\": \"b\"}");
    ck_assert_str_eq(cstr(c, "running"), "a");
    long long since3 = cint(c, "since_ms");
    long long b_expect = 180000 - (since3 - since2 > 1000 ? since3 - since2 - 1000 : 0);
    ck_assert_int_le(llabs(side_int(c, "b", "bank_ms") - b_expect), 2);
    ck_assert_int_le(llabs(side_int(c, "a", "bank_ms") - a_bank), 2);
    /* a's new turn begins with the whole delay again */
    long long el = cint(c, "server_time_ms") - since3;
    if (el < 1000)
        ck_assert_int_le(llabs(side_int(c, "a", "delay_ms") - (1000 - el)), 2);
    json_decref(c);
}
END_TEST

/* CLK-1 Bronstein: the bank runs at once and the press gives back up to the delay. */
START_TEST(test_CLK1_bronstein)
{
    struct fx f;
    clock_setup(&f, 1,
                "{\"clock\": {\"mode\": \"bronstein\", \"bank_per_point_s\": 60, \"delay_s\": 1}}",
                1);
    json_t *c = clk(&S, &f, "clock/start", "{\"lower_die\": \"a\"}");
    ck_assert_str_eq(cstr(c, "mode"), "bronstein");
    long long since = cint(c, "since_ms");
    json_decref(c);
    sleep_ms(400);
    c = clock_now(&f);
    long long u = cint(c, "server_time_ms") - since;
    ck_assert_int_ge(u, 400);
    if (u < 1000) {
        ck_assert_int_le(llabs(side_int(c, "b", "bank_ms") - (60000 - u)), 2);
        ck_assert_int_le(llabs(side_int(c, "b", "delay_ms") - u), 2); /* the give-back to come */
    }
    json_decref(c);
    sleep_ms(1100);
    c = clk(&f.b, &f, "clock/press", "{\"side\": \"b\"}");
    u = cint(c, "since_ms") - since;
    ck_assert_int_ge(u, 1500);
    ck_assert_int_le(llabs(side_int(c, "b", "bank_ms") - (60000 - (u - 1000))), 2);
    json_decref(c);
}
END_TEST

/* Every refusal on a running (then paused) clock: status, problem naming the field or the
 * rule, and nothing changed. */
START_TEST(test_refusals_change_nothing)
{
    struct fx f;
    clock_setup(&f, 7, "{\"clock\": {\"bank_per_point_s\": 60, \"delay_s\": 12}}", 1);
    struct res r;
    json_t *c = clk(&f.a, &f, "clock/start", "{\"lower_die\": \"a\"}");
    ck_assert_str_eq(cstr(c, "running"), "b");
    json_decref(c);

    /* who may press: not a player of another match, not nobody, not for the other side */
    json_t *before = clock_and_match(&f);
    op(&f.c, &f, "POST", "clock/press", "{\"side\": \"b\"}", &r);
    not_your_match(&r, "press by a player of another match");
    res_free(&r);
    unchanged(&f, before, "press by a player of another match");
    json_decref(before);
    refuse_op(&f.anon, &f, "POST", "clock/press", "{\"side\": \"b\"}", 401, NULL,
              "press with no session");
    /* (a player of the match may press either half: one phone often serves as the clock
     * of the whole board; see the take below) */
    /* CLK-4: only the side whose time runs ends its turn */
    refuse_op(&f.a, &f, "POST", "clock/press", "{\"side\": \"a\"}", 409, "CLK-",
              "press by the side not running");
    refuse_op(&S, &f, "POST", "clock/press", "{\"side\": \"a\"}", 409, "CLK-",
              "TD press for the side not running");
    refuse_op(&f.b, &f, "POST", "clock/press", "{\"side\": \"c\"}", 422, "side", "press side c");
    refuse_op(&S, &f, "POST", "clock/press", "{}", 422, "side", "press without side");
    /* the cube (CLK-4): a double only by the running side; no take or drop without one */
    refuse_op(&f.a, &f, "POST", "clock/double", "{\"side\": \"a\"}", 409, "CLK-",
              "double by the side not running");
    refuse_op(&f.b, &f, "POST", "clock/take", "{\"side\": \"b\"}", 409, "CLK-",
              "take with no double");
    refuse_op(&f.b, &f, "POST", "clock/drop", "{\"side\": \"b\"}", 409, "CLK-",
              "drop with no double");
    /* CLK-5: a pause needs one of the allowed reasons */
    refuse_op(&f.a, &f, "POST", "clock/pause", "{}", 422, "reason", "pause without reason");
    refuse_op(&f.a, &f, "POST", "clock/pause", "{\"reason\": \"lunch\"}", 422, "reason",
              "pause for lunch");
    refuse_op(&f.a, &f, "POST", "clock/pause", "{\"reason\": 5}", 422, "reason",
              "pause with a number");
    refuse_op(&f.c, &f, "POST", "clock/pause", "{\"reason\": \"dispute\"}", 403, NULL,
              "pause by a player of another match");
    refuse_op(&f.anon, &f, "POST", "clock/pause", "{\"reason\": \"dispute\"}", 401, NULL,
              "pause with no session");
    refuse_op(&f.a, &f, "POST", "clock/resume", "{}", 409, "CLK-", "resume a running clock");
    /* PEN-4: no break in the middle of a game */
    refuse_op(&f.a, &f, "POST", "breaks", "{\"side\": \"a\"}", 409, "PEN-4",
              "break while the clock runs");

    /* paused for a dispute: no press, no second pause, no new game, no break */
    c = clk(&f.b, &f, "clock/pause", "{\"reason\": \"dispute\"}");
    ck_assert_str_eq(cstr(c, "state"), "paused");
    ck_assert_str_eq(cstr(c, "paused_reason"), "dispute");
    json_decref(c);
    refuse_op(&f.b, &f, "POST", "clock/press", "{\"side\": \"b\"}", 409, "CLK-",
              "press on a paused clock");
    refuse_op(&f.a, &f, "POST", "clock/pause", "{\"reason\": \"td\"}", 409, "CLK-",
              "pause a paused clock");
    refuse_op(&f.a, &f, "POST", "clock/start", "{\"lower_die\": \"a\"}", 409, "CLK-",
              "start on a clock paused mid-game");
    refuse_op(&f.a, &f, "POST", "breaks", "{\"side\": \"a\"}", 409, "PEN-4",
              "break while paused for a dispute");
    refuse_op(&f.c, &f, "POST", "clock/resume", "{}", 403, NULL,
              "resume by a player of another match");
    /* the side that was running runs again */
    c = clk(&f.a, &f, "clock/resume", "{}");
    ck_assert_str_eq(cstr(c, "state"), "running");
    ck_assert_str_eq(cstr(c, "running"), "b");
    ck_assert_str_eq(cstr(c, "paused_reason"), "null");
    json_decref(c);
}
END_TEST

/* CLK-4: double and press, take and press, drop pauses at the end of the game; the next
 * game starts with the opening roll. */
START_TEST(test_CLK4_double_take_drop_next_game)
{
    struct fx f;
    clock_setup(&f, 7, "{\"clock\": {\"bank_per_point_s\": 60, \"delay_s\": 12}}", 1);
    json_t *c = clk(&S, &f, "clock/start", "{\"lower_die\": \"a\"}");
    ck_assert_str_eq(cstr(c, "running"), "b");
    json_decref(c);
    c = clk(&f.b, &f, "clock/double", "{\"side\": \"b\"}");
    ck_assert_str_eq(cstr(c, "running"), "a");
    ck_assert_str_eq(cstr(c, "cube"), "offered");
    json_decref(c);
    /* a double waits for take or drop */
    refuse_op(&f.a, &f, "POST", "clock/press", "{\"side\": \"a\"}", 409, "CLK-",
              "press while a double waits");
    refuse_op(&f.a, &f, "POST", "clock/double", "{\"side\": \"a\"}", 409, "CLK-",
              "redouble while a double waits");
    refuse_op(&S, &f, "POST", "clock/take", "{\"side\": \"b\"}", 409, "CLK-",
              "take by the doubler");
    /* b's phone is the clock of the board: a takes on it */
    c = clk(&f.b, &f, "clock/take", "{\"side\": \"a\"}");
    ck_assert_str_eq(cstr(c, "running"), "b");
    ck_assert_str_eq(cstr(c, "cube"), "null");
    ck_assert_str_eq(cstr(c, "state"), "running");
    json_decref(c);
    c = clk(&S, &f, "clock/double", "{\"side\": \"b\"}");
    ck_assert_str_eq(cstr(c, "cube"), "offered");
    json_decref(c);
    c = clk(&f.a, &f, "clock/drop", "{\"side\": \"a\"}");
    ck_assert_str_eq(cstr(c, "state"), "paused");
    ck_assert_str_eq(cstr(c, "paused_reason"), "end_of_game");
    ck_assert_str_eq(cstr(c, "cube"), "null");
    ck_assert_str_eq(cstr(c, "running"), "null");
    json_decref(c);
    /* between games: no resume, no press; the next game starts */
    refuse_op(&f.a, &f, "POST", "clock/resume", "{}", 409, "CLK-", "resume after a drop");
    refuse_op(&f.b, &f, "POST", "clock/press", "{\"side\": \"b\"}", 409, "CLK-",
              "press after a drop");
    c = clk(&f.b, &f, "clock/start", "{\"lower_die\": \"b\"}");
    ck_assert_str_eq(cstr(c, "state"), "running");
    ck_assert_str_eq(cstr(c, "running"), "a");
    ck_assert_str_eq(cstr(c, "paused_reason"), "null");
    json_decref(c);
    /* CLK-5: the end of a game by a pause */
    c = clk(&f.a, &f, "clock/pause", "{\"reason\": \"end_of_game\"}");
    ck_assert_str_eq(cstr(c, "paused_reason"), "end_of_game");
    json_decref(c);
    c = clk(&f.a, &f, "clock/start", "{\"lower_die\": \"a\"}");
    ck_assert_str_eq(cstr(c, "running"), "b");
    json_decref(c);
    struct res r;
    get_match(&f, &r);
    ck_assert_str_eq(jstr(&r, "state"), "playing");
    res_free(&r);
}
END_TEST

/* CLK-6: the TD records a premature pickup; the offender's next turn has no delay. */
START_TEST(test_CLK6_pickup_loses_next_delay)
{
    struct fx f;
    clock_setup(&f, 3, "{\"clock\": {\"bank_per_point_s\": 60, \"delay_s\": 12}}", 1);
    json_t *c = clk(&S, &f, "clock/start", "{\"lower_die\": \"a\"}");
    json_decref(c);
    refuse_op(&f.a, &f, "POST", "clock/pickup", "{\"side\": \"b\"}", 403, NULL,
              "pickup by a player");
    refuse_op(&S, &f, "POST", "clock/pickup", "{\"side\": \"x\"}", 422, "side", "pickup side x");
    c = clk(&S, &f, "clock/pickup", "{\"side\": \"a\"}");
    ck_assert(json_is_true(json_object_get(sd(c, "a"), "lose_next_delay")));
    ck_assert(json_is_false(json_object_get(sd(c, "b"), "lose_next_delay")));
    json_decref(c);
    c = clk(&f.b, &f, "clock/press", "{\"side\": \"b\"}");
    ck_assert_str_eq(cstr(c, "running"), "a");
    ck_assert_int_eq(side_int(c, "a", "delay_ms"), 0);
    ck_assert(json_is_false(json_object_get(sd(c, "a"), "lose_next_delay")));
    json_decref(c);
    sleep_ms(300);
    c = clk(&f.a, &f, "clock/press", "{\"side\": \"a\"}");
    ck_assert_int_le(side_int(c, "a", "bank_ms"), 180000 - 300); /* no delay: the bank ran */
    json_decref(c);
    c = clk(&f.b, &f, "clock/press", "{\"side\": \"b\"}");
    ck_assert_int_gt(side_int(c, "a", "delay_ms"), 10000); /* only once */
    json_decref(c);
}
END_TEST

/* The TD's routes are the TD's: a player gets 403 (logged in, not as the TD), nobody 401
 * (log in first), and nothing changes. */
START_TEST(test_td_routes_refuse_players)
{
    struct fx f;
    clock_setup(&f, 3, "{\"clock\": {\"bank_per_point_s\": 60, \"delay_s\": 12}}", 1);
    json_t *c = clk(&S, &f, "clock/start", "{\"lower_die\": \"a\"}");
    json_decref(c);
    struct srv *who[] = {&f.a, &f.anon};
    for (int i = 0; i < 2; i++) {
        const char *w = i ? "nobody" : "a player";
        int st = i ? 401 : 403; /* log in first; logged in, but not as the TD */
        char what[96];
        snprintf(what, sizeof what, "pickup by %s", w);
        refuse_op(who[i], &f, "POST", "clock/pickup", "{\"side\": \"b\"}", st, NULL, what);
        snprintf(what, sizeof what, "PUT clock by %s", w);
        refuse_op(who[i], &f, "PUT", "clock", "{\"a_bank_ms\": 1000, \"b_bank_ms\": 1000}", st,
                  NULL, what);
        snprintf(what, sizeof what, "reverse-flag by %s", w);
        refuse_op(who[i], &f, "POST", "clock/reverse-flag", "{}", st, NULL, what);
        snprintf(what, sizeof what, "penalty by %s", w);
        refuse_op(who[i], &f, "POST", "penalties",
                  "{\"side\": \"b\", \"kind\": \"points\", \"points\": 1, \"reason\": \"x\"}", st,
                  NULL, what);
        snprintf(what, sizeof what, "lateness/confirm by %s", w);
        refuse_op(who[i], &f, "POST", "lateness/confirm", "{\"side\": \"b\"}", st, NULL, what);
        snprintf(what, sizeof what, "lateness/clock by %s", w);
        refuse_op(who[i], &f, "POST", "lateness/clock", "{\"side\": \"b\"}", st, NULL, what);
    }
}
END_TEST

/* CLK-7: with a 1-second bank the running side flags on its own (the server's tick, no
 * request in between): the match is forfeited to the other side, `clock` and match events
 * go out; every clock op is refused; the TD reverses the flag and sets the times. */
START_TEST(test_CLK7_flag_forfeits_and_reverse)
{
    struct fx f;
    clock_setup(&f, 1,
                "{\"clock\": {\"mode\": \"delay\", \"bank_per_point_s\": 1, \"delay_s\": 0}}", 1);
    struct stream st;
    stream_open(&st, f.tid, NULL);
    for (int i = 0; i < WAIT_MS / 100 && !strstr(st.text, "retry"); i++)
        stream_pump(&st, 100);
    ck_assert_msg(strstr(st.text, "retry") != NULL, "the event stream did not open");
    json_t *c = clk(&S, &f, "clock/start", "{\"lower_die\": \"a\"}");
    ck_assert_str_eq(cstr(c, "running"), "b");
    ck_assert_int_eq(side_int(c, "b", "bank_ms"), 1000);
    long long since = cint(c, "since_ms");
    json_decref(c);
    /* no request until the flag is seen on the stream: the server finds it by itself */
    struct clock_want flagged = {f.mid, "flagged"};
    json_t *ev = stream_wait(&st, is_clock_event, &flagged, WAIT_MS);
    ck_assert_msg(ev != NULL, "no clock event with state flagged within a minute");
    json_t *ec = json_object_get(ev, "clock");
    ck_assert_str_eq(cstr(ec, "flagged"), "b");
    ck_assert_int_eq(side_int(ec, "b", "bank_ms"), 0);
    json_decref(ev);
    struct clock_want forfeited = {f.mid, "forfeited"};
    ev = stream_wait(&st, is_match_event, &forfeited, WAIT_MS);
    ck_assert_msg(ev != NULL, "no match event with state forfeited");
    ck_assert_str_eq(cstr(json_object_get(ev, "match"), "winner"), "a");
    json_decref(ev);
    stream_close(&st);

    c = clock_now(&f);
    ck_assert_str_eq(cstr(c, "state"), "flagged");
    ck_assert_str_eq(cstr(c, "flagged"), "b");
    ck_assert_str_eq(cstr(c, "running"), "null");
    ck_assert_int_eq(side_int(c, "b", "bank_ms"), 0);
    ck_assert_int_eq(side_int(c, "a", "bank_ms"), 1000);
    ck_assert_int_ge(cint(c, "server_time_ms"), since + 1000);
    json_decref(c);
    struct res r;
    get_match(&f, &r);
    ck_assert_str_eq(jstr(&r, "state"), "forfeited");
    ck_assert_str_eq(jstr(&r, "ended"), "time"); /* CLK-7 */
    ck_assert_str_eq(jstr(&r, "winner"), "a");
    ck_assert_int_eq(score_of(r.json, "a"), 1);
    /* the clock decided it, not the TD: the match's history and the audit log say so */
    json_t *hist = json_object_get(r.json, "history");
    json_t *last = json_array_get(hist, json_array_size(hist) - 1);
    ck_assert_str_eq(json_string_value(json_object_get(last, "state")), "forfeited");
    ck_assert_str_eq(json_string_value(json_object_get(last, "by")), "clock");
    res_free(&r);
    json_t *au = audit_entries(&f);
    int seen = 0;
    for (size_t i = 0; i < json_array_size(au); i++) {
        json_t *e = json_array_get(au, i);
        if (!strcmp(json_string_value(json_object_get(e, "action")), "match.flagged")) {
            ck_assert_str_eq(json_string_value(json_object_get(e, "actor")), "clock");
            seen++;
        }
    }
    json_decref(au);
    ck_assert_int_eq(seen, 1);

    /* a flagged clock on a finished match: every op but GET is refused */
    refuse_op(&S, &f, "POST", "clock/press", "{\"side\": \"b\"}", 409, NULL,
              "press after the flag");
    refuse_op(&f.b, &f, "POST", "clock/press", "{\"side\": \"b\"}", 409, NULL,
              "player press after the flag");
    refuse_op(&S, &f, "POST", "clock/start", "{\"lower_die\": \"a\"}", 409, NULL,
              "start after the flag");
    refuse_op(&S, &f, "POST", "clock/pause", "{\"reason\": \"td\"}", 409, NULL,
              "pause after the flag");
    refuse_op(&S, &f, "POST", "penalties",
              "{\"side\": \"b\", \"kind\": \"points\", \"points\": 1, \"reason\": \"late\"}", 409,
              NULL, "penalty points on a finished match");
    refuse_op(&f.b, &f, "POST", "clock/reverse-flag", "{}", 403, NULL, "reverse-flag by a player");

    /* CLK-7: b was otherwise guaranteed the win; the TD reverses the flag */
    c = clk(&S, &f, "clock/reverse-flag", "{}");
    ck_assert_str_eq(cstr(c, "state"), "paused");
    ck_assert_str_eq(cstr(c, "paused_reason"), "td");
    ck_assert(json_is_true(json_object_get(c, "flag_reversed")));
    json_decref(c);
    get_match(&f, &r);
    ck_assert_str_eq(jstr(&r, "state"), "playing");
    ck_assert_str_eq(cstr(r.json, "winner"), "null");
    ck_assert_int_eq(score_of(r.json, "a"), 0);
    ck_assert_int_eq(score_of(r.json, "b"), 0);
    res_free(&r);
    refuse_op(&S, &f, "POST", "clock/reverse-flag", "{}", 409, "CLK-7", "reverse a flag twice");
    /* b has no time left: resuming now would flag again at once */
    refuse_op(&S, &f, "POST", "clock/resume", "{}", 409, "CLK-7", "resume with no time left");

    /* the TD sets the times (CLK-7), refusing negative ones */
    refuse_op(&S, &f, "PUT", "clock", "{\"a_bank_ms\": -1, \"b_bank_ms\": 30000}", 422, "a_bank_ms",
              "PUT a negative a bank");
    refuse_op(&S, &f, "PUT", "clock", "{\"a_bank_ms\": 60000, \"b_bank_ms\": -5}", 422, "b_bank_ms",
              "PUT a negative b bank");
    refuse_op(&S, &f, "PUT", "clock", "{\"b_bank_ms\": 30000}", 422, "a_bank_ms",
              "PUT without a bank");
    refuse_op(&S, &f, "PUT", "clock", "{\"a_bank_ms\": 60000, \"b_bank_ms\": \"lots\"}", 422,
              "b_bank_ms", "PUT a bank as text");
    refuse_op(&S, &f, "PUT", "clock",
              "{\"a_bank_ms\": 60000, \"b_bank_ms\": 30000, \"mode\": \"x\"}", 422, "mode",
              "PUT an unknown mode");
    refuse_op(&S, &f, "PUT", "clock",
              "{\"a_bank_ms\": 60000, \"b_bank_ms\": 30000, \"delay_ms\": -1}", 422, "delay_ms",
              "PUT a negative delay");
    op(&S, &f, "PUT", "clock", "{\"a_bank_ms\": 60000, \"b_bank_ms\": 30000}", &r);
    ck_ok(&r, "PUT clock");
    c = clock_of(r.json);
    ck_assert_int_eq(side_int(c, "a", "bank_ms"), 60000);
    ck_assert_int_eq(side_int(c, "b", "bank_ms"), 30000);
    ck_assert_str_eq(cstr(c, "state"), "paused");
    res_free(&r);
    /* the flagged side's turn goes on */
    c = clk(&S, &f, "clock/resume", "{}");
    ck_assert_str_eq(cstr(c, "state"), "running");
    ck_assert_str_eq(cstr(c, "running"), "b");
    ck_assert_int_le(side_int(c, "b", "bank_ms"), 30000);
    ck_assert_int_gt(side_int(c, "b", "bank_ms"), 28000);
    json_decref(c);
}
END_TEST

/* CLK-7 (malfunction, any correction): the TD sets the banks, the mode and the delay. */
START_TEST(test_CLK7_td_sets_times)
{
    struct fx f;
    clock_setup(&f, 5, "{\"clock\": {\"bank_per_point_s\": 60, \"delay_s\": 12}}", 1);
    json_t *c = clk(&S, &f, "clock/start", "{\"lower_die\": \"b\"}");
    json_decref(c);
    struct res r;
    op(&S, &f, "PUT", "clock",
       "{\"a_bank_ms\": 50000, \"b_bank_ms\": 7000, \"mode\": \"bronstein\", \"delay_ms\": 3000}",
       &r);
    ck_ok(&r, "PUT clock");
    res_free(&r);
    c = clock_now(&f);
    ck_assert_str_eq(cstr(c, "mode"), "bronstein");
    ck_assert_str_eq(cstr(c, "running"), "a");
    ck_assert_int_le(side_int(c, "a", "bank_ms"), 50000);
    ck_assert_int_gt(side_int(c, "a", "bank_ms"), 0); /* running since the PUT */
    ck_assert_int_eq(side_int(c, "b", "bank_ms"), 7000);
    ck_assert_int_eq(side_int(c, "b", "delay_ms"), 3000);
    json_decref(c);
    refuse_op(&S, &f, "PUT", "clock", "{\"a_bank_ms\": -100, \"b_bank_ms\": 7000}", 422,
              "a_bank_ms", "PUT a negative bank on a running clock");
}
END_TEST

/* CLK-2 split bank with CLK-7 (the TD sets the best estimate): PUT clock takes a_second_ms /
 * b_second_ms, the second parts; when the first part runs out the clock goes on with the new
 * second part instead of flagging. Negative, or on a clock with no split bank: 422 naming the
 * field, nothing changed. */
START_TEST(test_CLK2_td_sets_second_part)
{
    struct fx f;
    clock_setup(&f, 3,
                "{\"clock\": {\"bank_per_point_s\": 60, \"split_first_per_point_s\": 20, "
                "\"delay_s\": 0}}",
                1);
    json_t *c = clk(&S, &f, "clock/start", "{\"lower_die\": \"b\"}");
    ck_assert_str_eq(cstr(c, "running"), "a");
    json_decref(c);
    refuse_op_says(&S, &f, "PUT", "clock",
                   "{\"a_bank_ms\": 500, \"b_bank_ms\": 60000, \"a_second_ms\": -1}", 422,
                   "a_second_ms", "validation", "a_second_ms", "a negative second part for a");
    refuse_op_says(&S, &f, "PUT", "clock",
                   "{\"a_bank_ms\": 500, \"b_bank_ms\": 60000, \"b_second_ms\": -3000}", 422,
                   "b_second_ms", "validation", "b_second_ms", "a negative second part for b");
    refuse_op_says(
        &S, &f, "PUT", "clock", "{\"a_bank_ms\": 500, \"b_bank_ms\": 60000, \"a_second_ms\": 1.5}",
        422, "a_second_ms", "validation", "a_second_ms", "a second part that is not an integer");
    struct res r;
    op(&S, &f, "PUT", "clock",
       "{\"a_bank_ms\": 500, \"b_bank_ms\": 60000, \"a_second_ms\": 30000, \"b_second_ms\": "
       "5000}",
       &r);
    ck_ok(&r, "PUT clock with second parts");
    c = clock_of(r.json);
    ck_assert_str_eq(cstr(c, "running"), "a");
    ck_assert_int_le(side_int(c, "a", "bank_ms"), 500);
    ck_assert_int_eq(side_int(c, "a", "second_bank_ms"), 30000);
    ck_assert_int_eq(side_int(c, "b", "bank_ms"), 60000);
    ck_assert_int_eq(side_int(c, "b", "second_bank_ms"), 5000);
    long long since = cint(c, "since_ms");
    ck_assert_int_eq(cint(c, "flag_at_ms"), since + 30500); /* both parts, no delay */
    res_free(&r);
    /* the first part (0.5 s) runs out: the new second part runs, no flag (30 s: far
     * more than a loaded machine takes to ask) */
    sleep_ms(1200);
    c = clock_now(&f);
    ck_assert_str_eq(cstr(c, "state"), "running");
    ck_assert_str_eq(cstr(c, "running"), "a");
    ck_assert_str_eq(cstr(c, "flagged"), "null");
    ck_assert_int_eq(side_int(c, "a", "second_bank_ms"), 0);
    long long left = side_int(c, "a", "bank_ms");
    ck_assert_msg(left > 0 && left <= 30500 - 1200, "a's bank %lld after 1.2 s of 0.5 + 30 s",
                  left);
    ck_assert_int_eq(cint(c, "flag_at_ms"), since + 30500);
    json_decref(c);
    c = clk(&f.a, &f, "clock/press", "{\"side\": \"a\"}");
    ck_assert_str_eq(cstr(c, "running"), "b");
    ck_assert_int_le(side_int(c, "a", "bank_ms"), left);
    ck_assert_int_gt(side_int(c, "a", "bank_ms"), 0);
    ck_assert_int_eq(side_int(c, "a", "second_bank_ms"), 0);
    ck_assert_int_eq(side_int(c, "b", "second_bank_ms"), 5000);
    json_decref(c);

    /* a clock with no split bank has no second part to set */
    struct fx g;
    clock_setup(&g, 3, "{\"clock\": {\"bank_per_point_s\": 60, \"delay_s\": 0}}", 1);
    c = clk(&S, &g, "clock/start", "{\"lower_die\": \"b\"}");
    json_decref(c);
    refuse_op_says(
        &S, &g, "PUT", "clock", "{\"a_bank_ms\": 5000, \"b_bank_ms\": 6000, \"a_second_ms\": 1000}",
        422, "a_second_ms", "validation", "no split bank", "a second part on an unsplit clock");
    refuse_op_says(&S, &g, "PUT", "clock",
                   "{\"a_bank_ms\": 5000, \"b_bank_ms\": 6000, \"b_second_ms\": 0}", 422,
                   "b_second_ms", "validation", "no split bank", "b_second_ms on an unsplit clock");
}
END_TEST

/* The clock survives a restart: time ran on while the server was down, nothing is gained. */
START_TEST(test_clock_survives_restart)
{
    struct srv mine;
    srv_start(&mine, NULL);
    register_server(&mine);
    srv_login(&mine);
    S = mine; /* this test's process only */
    struct fx f;
    clock_setup(&f, 3, "{\"clock\": {\"bank_per_point_s\": 60, \"delay_s\": 0}}", 1);
    json_t *c = clk(&S, &f, "clock/start", "{\"lower_die\": \"a\"}");
    json_decref(c);
    sleep_ms(300);
    c = clk(&f.b, &f, "clock/press", "{\"side\": \"b\"}");
    long long b_bank = side_int(c, "b", "bank_ms");
    ck_assert_int_le(b_bank, 180000 - 300);
    json_decref(c);
    sleep_ms(200);
    json_t *c0 = clock_now(&f);
    ck_assert_int_eq(srv_stop(&S), 0);
    sleep_ms(1000);
    srv_restart(&S);
    register_server(&S);
    json_t *c1 = clock_now(&f);
    long long dt = cint(c1, "server_time_ms") - cint(c0, "server_time_ms");
    ck_assert_int_ge(dt, 1000);
    ck_assert_str_eq(cstr(c1, "state"), "running");
    ck_assert_str_eq(cstr(c1, "running"), "a");
    ck_assert_int_eq(cint(c1, "since_ms"), cint(c0, "since_ms"));
    ck_assert_int_eq(side_int(c1, "b", "bank_ms"), b_bank);
    long long a0 = side_int(c0, "a", "bank_ms"), a1 = side_int(c1, "a", "bank_ms");
    ck_assert_msg(a1 <= a0 - dt + 5, "a gained time over the restart: %lld -> %lld in %lld ms", a0,
                  a1, dt);
    ck_assert_msg(a1 >= a0 - dt - 50, "a lost more than the time elapsed: %lld -> %lld in %lld ms",
                  a0, a1, dt);
    json_decref(c0);
    json_decref(c1);
    /* it still runs: a press after the restart */
    c = clk(&S, &f, "clock/press", "{\"side\": \"a\"}");
    ck_assert_str_eq(cstr(c, "running"), "b");
    json_decref(c);
    ck_assert_int_eq(srv_stop(&S), 0);
    srv_cleanup(&S);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("http_clock");
    TCase *tc = tcase_create("clock");
    tcase_add_unchecked_fixture(tc, srv_up, srv_down);
    tcase_set_timeout(tc, 90);
    tcase_add_test(tc, test_CLK4_start_creates_clock_from_settings);
    tcase_add_test(tc, test_CLK2_split_bank);
    tcase_add_test(tc, test_CLK3_clock_introduced_mid_match);
    tcase_add_test(tc, test_CLK1_press_switches_and_bank_arithmetic);
    tcase_add_test(tc, test_CLK1_bronstein);
    tcase_add_test(tc, test_refusals_change_nothing);
    tcase_add_test(tc, test_CLK4_double_take_drop_next_game);
    tcase_add_test(tc, test_CLK6_pickup_loses_next_delay);
    tcase_add_test(tc, test_td_routes_refuse_players);
    tcase_add_test(tc, test_CLK7_flag_forfeits_and_reverse);
    tcase_add_test(tc, test_CLK7_td_sets_times);
    tcase_add_test(tc, test_CLK2_td_sets_second_part);
    suite_add_tcase(s, tc);
    TCase *tr = tcase_create("restart");
    tcase_add_unchecked_fixture(tr, up_restart, down_restart);
    tcase_set_timeout(tr, 60);
    tcase_add_test(tr, test_clock_survives_restart);
    suite_add_tcase(s, tr);
    return s;
}

CHECK_MAIN(suite)
