/* HTTP tests of the reads beside the writer (issue 37): a GET whose handler only reads is
 * answered from a reader's snapshot, never under the writer's lock, so the phones' and the
 * consoles' reads neither wait for a change nor hold the players' reports back. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/route.h"
#include "support/harness.h"
#include "support/held_writer.h"
#include "../check_main.h"

/* The GETs left under the writer, each for its reason (route.h, R_SNAPSHOT): they write,
 * or their kept copy decides, or they read no database. */
static const char *const under_writer[] = {
    "/api/v1/health",                                        /* no database */
    "/api/v1/snapshots",                                     /* the snapshots' state, in memory */
    "/api/v1/tournaments/{id}",                              /* kept: reads from a reader */
    "/api/v1/tournaments/{id}/backup",                       /* a backup is taken */
    "/api/v1/tournaments/{id}/players/{id}/pin",             /* a PIN's read is audited */
    "/api/v1/tournaments/{id}/cards",                        /* the PINs' read is audited */
    "/api/v1/tournaments/{id}/matches/{id}/clock",           /* a fallen flag is stored */
    "/api/v1/tournaments/{id}/matches/{id}/lateness",        /* the same frame */
    "/api/v1/tournaments/{id}/matches/{id}/breaks",          /* the same frame */
    "/api/v1/tournaments/{id}/committee/members/{id}/card",  /* a member's card is a change */
    NULL,
};

/* Every GET of the route table reads from a reader (R_SNAPSHOT, or the path of the lists
 * kept for everyone: R_SHARED with R_ANYONE), or is one of the few named above. A new
 * GET without the flag fails here until it is given it or a reason. */
START_TEST(test_every_read_only_get_reads_from_a_reader)
{
    for (int i = 0; i < api_route_count(); i++) {
        const struct route *r = api_route(i);
        if (strcmp(r->method, "GET"))
            continue;
        int beside = (r->flags & R_SNAPSHOT) ||
                     ((r->flags & R_SHARED) && (r->flags & R_ANYONE));
        int named = 0;
        for (int k = 0; under_writer[k]; k++)
            named |= !strcmp(under_writer[k], r->pattern);
        ck_assert_msg(beside != named, "GET %s: %s", r->pattern,
                      beside ? "reads from a reader, yet is named as under the writer"
                             : "read under the writer's lock without a reason named here");
    }
}
END_TEST

static void get_200(struct srv *s, const char *path)
{
    struct res r;
    td(s, "GET", path, NULL, &r); /* with s's cookie: the TD's, or a player's */
    ck_assert_msg(r.status == 200, "GET %s: %ld %s", path, r.status, r.body);
    res_free(&r);
}

/* A server, a tournament with a match of `length` between Anna and Bruno, Anna's phone
 * logged in. */
struct pair_fx {
    struct srv td, anna;
    long long tid, a, b, mid;
};

static void pair_up(struct pair_fx *f, const char *config, const char *name, int length)
{
    srv_start(&f->td, config);
    srv_login(&f->td);
    f->tid = make_tournament(&f->td, name);
    char pin[2][8];
    f->a = make_player_pin(&f->td, f->tid, "Anna Rossi", pin[0]);
    f->b = make_player_pin(&f->td, f->tid, "Bruno Verdi", pin[1]);
    f->mid = make_match(&f->td, f->tid, f->a, f->b, length);
    srv_player_login(&f->anna, &f->td, f->tid, f->a, pin[0]);
}

/* Another process holds the database's write lock and a change waits for it inside the
 * writer (holding the writer's lock): the reads a player's phone and the TD's console make
 * of a match, its player, its clock and the tournament are answered meanwhile. Read under
 * the writer's lock, each waited for the change (10 s here). */
START_TEST(test_reads_answered_while_a_change_waits_for_the_writer)
{
    struct pair_fx f;
    /* four HTTP threads: the change holds one while it waits */
    pair_up(&f, "\"busy_timeout_ms\": 10000, \"threads\": 4", "Reads beside", 5);
    struct srv *mine = &f.td, *anna = &f.anna;
    long long tid = f.tid, a = f.a, mid = f.mid;
    long long eid = make_competition(mine, tid, "{\"kind\": \"knockout\", \"name\": \"Main\"}");
    char path[200];
    struct res r;
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/matches/%lld/clock/start", tid, mid);
    td(anna, "POST", path, "{\"lower_die\": \"a\"}", &r); /* its clock running */
    ck_assert_msg(r.status == 200, "the clock's start: %ld %s", r.status, r.body);
    res_free(&r);

    struct held_writer w;
    held_writer_start(&w, mine);
    const char *const tails[] = {"", "/matches/%lld", "/matches/%lld/reports",
                                 "/matches/%lld/clock", "/matches/%lld/lateness",
                                 "/matches/%lld/breaks", NULL};
    for (int i = 0; tails[i]; i++) { /* the player's phone, at the table */
        char tail[80];
        snprintf(tail, sizeof tail, tails[i], mid);
        snprintf(path, sizeof path, "/api/v1/tournaments/%lld%s", tid, tail);
        get_200(anna, path);
    }
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/players/%lld", tid, a);
    get_200(anna, path);
    /* the TD's console: its lists, the audit, the competitions and an export */
    const char *const td_tails[] = {"/audit", "/competitions", "/competitions/%lld",
                                    "/export/results.csv", NULL};
    for (int i = 0; td_tails[i]; i++) {
        char tail[80];
        snprintf(tail, sizeof tail, td_tails[i], eid);
        snprintf(path, sizeof path, "/api/v1/tournaments/%lld%s", tid, tail);
        get_200(mine, path);
    }
    get_200(mine, "/api/v1/tournaments");

    int change_done = held_writer_answered(&w);
    held_writer_end(&w);
    ck_assert_msg(!change_done, "the reads were answered only after the waiting change");
    srv_cleanup(mine);
}
END_TEST

/* A read from a reader sees what a change acknowledged before it: the player's report, then
 * the match read at once, shows it (a reader's snapshot starts after the commit the reply
 * waited for). */
START_TEST(test_read_after_a_change_sees_it)
{
    struct pair_fx f;
    pair_up(&f, "\"threads\": 4", "Read after", 99);
    struct srv *mine = &f.td, *anna = &f.anna;
    long long tid = f.tid, mid = f.mid;
    char path[160], games[160];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/matches/%lld", tid, mid);
    snprintf(games, sizeof games, "%s/games", path);
    for (int g = 1; g <= 20; g++) {
        struct res r;
        td(anna, "POST", games, "{\"winner\": \"a\", \"cube\": 1, \"result\": \"single\"}", &r);
        ck_assert_msg(r.status == 200 || r.status == 201, "game %d: %ld %s", g, r.status,
                      r.body);
        res_free(&r);
        td(anna, "GET", path, NULL, &r);
        ck_assert_int_eq(r.status, 200);
        json_t *sides = json_object_get(r.json, "sides");
        long long score = json_integer_value(json_object_get(json_array_get(sides, 0), "score"));
        ck_assert_msg(score == g, "after game %d the match read says %lld", g, score);
        res_free(&r);
    }
    srv_cleanup(mine);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("http_reads_beside");
    TCase *tc = tcase_create("reads");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_every_read_only_get_reads_from_a_reader);
    tcase_add_test(tc, test_reads_answered_while_a_change_waits_for_the_writer);
    tcase_add_test(tc, test_read_after_a_change_sees_it);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
