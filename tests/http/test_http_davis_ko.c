/* HTTP tests of Davis Cup team events (DAVIS-1..3), the knockout of teams and the event's
 * life: a knockout of seven with a bye and corrections with their cascade, a late team,
 * reports by another team and other refusals changing nothing, tables, and placings
 * (PLACE-1). The first phases and the round robin: test_http_davis.c. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "support/davis_fx.h"
#include "../check_main.h"

START_TEST(test_DAVIS3_knockout_of_seven_with_bye_and_cascade)
{
    struct dc d;
    make_event(&d, 7, "{\"format\": \"knockout\", \"lengths\": [1, 1, 1]}");
    start_with(&d, "{\"seed\": \"2026\"}");
    struct res r;
    board(&d, &r);
    ck_assert_str_eq(jstr(&r, "format"), "knockout");
    json_t *br = json_object_get(r.json, "bracket");
    /* KO-2: the draw's seed is shown, so anyone can re-derive it */
    ck_assert_str_eq(json_string_value(json_object_get(br, "seed")), "2026");
    ck_assert_int_eq(json_integer_value(json_object_get(br, "rounds")), 3);
    json_t *ties = json_object_get(r.json, "ties");
    ck_assert_int_eq(json_array_size(ties), 7); /* 4 + 2 + 1 ties of a bracket of 8 */
    int byes = 0;
    for (size_t i = 0; i < json_array_size(ties); i++) {
        json_t *t = json_array_get(ties, i);
        if (json_is_true(json_object_get(t, "bye"))) {
            byes++; /* KO-3: the bye's team goes through without playing */
            ck_assert_int_eq(json_integer_value(json_object_get(t, "round")), 1);
            ck_assert(!json_is_null(json_object_get(t, "winner")));
            ck_assert_int_eq(json_array_size(json_object_get(t, "rubbers")), 0);
        }
    }
    ck_assert_int_eq(byes, 1);
    /* a second-round tie has no rubbers before its teams are known */
    ck_assert_int_eq(json_array_size(json_object_get(tie_at(r.json, 3, 1), "rubbers")), 0);
    res_free(&r);
    while (decide_open(&d, 1, NULL)) /* round 1 to its end: side a wins each match */
        ;
    board(&d, &r);
    /* a played round-1 tie and the round-2 tie its winner went to */
    int slot = 0;
    for (int sl = 1; sl <= 4 && !slot; sl++)
        if (!json_is_true(json_object_get(tie_at(r.json, 1, sl), "bye")))
            slot = sl;
    json_t *t1 = tie_at(r.json, 1, slot), *t2 = tie_at(r.json, 2, (slot + 1) / 2);
    ck_assert_str_eq(json_string_value(json_object_get(t1, "winner")), "a");
    ck_assert_str_eq(json_string_value(json_object_get(t2, "bracket_state")), "ready");
    ck_assert_int_eq(json_array_size(json_object_get(t2, "rubbers")), 5);
    long long winner_team = json_integer_value(json_object_get(t1, "team_a"));
    long long loser_team = json_integer_value(json_object_get(t1, "team_b"));
    const char *t2side = slot % 2 ? "team_a" : "team_b";
    ck_assert_int_eq(json_integer_value(json_object_get(t2, t2side)), winner_team);
    long long r1m1 = json_integer_value(json_object_get(rubber(t1, 0), "id"));
    long long r1m3 = json_integer_value(json_object_get(rubber(t1, 2), "id"));
    long long r1m4 = json_integer_value(json_object_get(rubber(t1, 3), "id"));
    long long t2id = json_integer_value(json_object_get(t2, "id"));
    res_free(&r);
    ck_assert_int_eq(decide_open(&d, 2, NULL), 4); /* phase 1 of both round-2 ties */
    /* a phase-1 correction that takes the tie from its winner after it played on: refused,
     * naming the doubles of its own tie and the two matches of the next tie (KO-8) */
    char cpath[160];
    snprintf(cpath, sizeof cpath, "/api/v1/tournaments/%lld/matches/%lld/correct", d.tid, r1m1);
    td(&S, "POST", cpath, "{\"score\": {\"a\": 0, \"b\": 1}, \"reason\": \"sheet\"}", &r);
    ck_assert(problem_is(&r, 409));
    ck_assert_int_eq(json_array_size(json_object_get(r.json, "would_undo")), 3);
    ck_assert_ptr_nonnull(strstr(jstr(&r, "detail"), "KO-8"));
    res_free(&r);
    board(&d, &r); /* nothing changed */
    ck_assert_str_eq(json_string_value(json_object_get(tie_at(r.json, 1, slot), "winner")), "a");
    res_free(&r);
    td(&S, "POST", cpath,
       "{\"score\": {\"a\": 0, \"b\": 1}, \"reason\": \"sheet\", \"confirm_cascade\": true}", &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    res_free(&r);
    board(&d, &r);
    t1 = tie_at(r.json, 1, slot);
    t2 = tie_at(r.json, 2, (slot + 1) / 2);
    ck_assert(json_is_null(json_object_get(t1, "winner")));
    ck_assert_int_eq(json_integer_value(json_object_get(t1, "open_phase")), 2);
    ck_assert_str_eq(json_string_value(json_object_get(t2, "bracket_state")), "waiting");
    ck_assert(json_is_null(json_object_get(t2, t2side)));
    for (int k = 0; k < 5; k++) {
        const char *st = json_string_value(json_object_get(rubber(t2, k), "state"));
        ck_assert_msg(st && !strcmp(st, "scheduled"), "%s", json_dumps(t2, 0));
    }
    /* its matches wait for the other team: a result now is refused */
    {
        long long m0 = json_integer_value(json_object_get(rubber(t2, 0), "id"));
        res_free(&r);
        td_decide(&d, m0, 1, 0, NULL, &r);
        ck_assert_msg(problem_is(&r, 409), "%lld %s", m0, r.body);
        ck_assert_ptr_nonnull(strstr(jstr(&r, "title"), "not known yet"));
    }
    res_free(&r);
    /* the tie played again: now the other team wins it and goes on in its place */
    td_decide(&d, r1m3, 1, 1, NULL, &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    res_free(&r);
    td_decide(&d, r1m4, 1, 1, NULL, &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    res_free(&r);
    board(&d, &r);
    t1 = tie_at(r.json, 1, slot);
    ck_assert_str_eq(json_string_value(json_object_get(t1, "winner")), "b");
    t2 = tie_at(r.json, 2, (slot + 1) / 2);
    ck_assert_int_eq(json_integer_value(json_object_get(t2, "id")), t2id);
    ck_assert_int_eq(json_integer_value(json_object_get(t2, t2side)), loser_team);
    res_free(&r);
    for (int pass = 0; pass < 30 && decide_open(&d, 0, NULL); pass++) /* to the final */
        ;
    board(&d, &r);
    ck_assert_str_eq(jstr(&r, "state"), "finished");
    br = json_object_get(r.json, "bracket");
    ck_assert(json_is_integer(json_object_get(br, "champion")));
    ties = json_object_get(r.json, "ties");
    for (size_t i = 0; i < json_array_size(ties); i++)
        ck_assert(!json_is_null(json_object_get(json_array_get(ties, i), "winner")));
    res_free(&r);
    /* every rubber created as the ties moved on, and every one the cascade undid, names the
     * official who acted in its history, never a bare "td" (GOV-1) */
    ck_assert_int_eq(db_count(S.db, "SELECT count(*) FROM match_states WHERE actor = 'td'"), 0);
    ck_assert_int_gt(db_count(S.db, "SELECT count(*) FROM match_states m JOIN matches x ON "
                                    "x.id = m.match_id WHERE x.tie_id IS NOT NULL AND "
                                    "x.round > 1 AND m.actor = 'official:1'"),
                     0);
}
END_TEST

static void add_team(struct dc *d, const char *name, struct res *r)
{
    char path[160], body[200], n1[80], n2[80];
    snprintf(n1, sizeof n1, "%s 1", name);
    snprintf(n2, sizeof n2, "%s 2", name);
    long long p1 = make_player(&S, d->tid, n1), p2 = make_player(&S, d->tid, n2);
    snprintf(path, sizeof path, "%s/davis/teams", d->epath);
    snprintf(body, sizeof body, "{\"name\": \"%s\", \"player1\": %lld, \"player2\": %lld}", name,
             p1, p2);
    td(&S, "POST", path, body, r);
}

START_TEST(test_DAVIS3_KO4_late_team_and_closing)
{
    struct dc d;
    make_event(&d, 3, "{\"format\": \"knockout\", \"lengths\": [1, 1, 1], \"late_places\": 1}");
    start(&d);
    struct res r;
    board(&d, &r);
    json_t *br = json_object_get(r.json, "bracket");
    ck_assert_int_eq(json_integer_value(json_object_get(br, "late_places")), 1);
    ck_assert_int_eq(json_integer_value(json_object_get(br, "late_open")), 1);
    res_free(&r);
    add_team(&d, "Late Comers", &r); /* takes the late place */
    ck_assert_msg(r.status == 201, "%s", r.body);
    res_free(&r);
    board(&d, &r);
    ck_assert_int_eq(json_array_size(json_object_get(r.json, "teams")), 4);
    int ready = 0;
    json_t *ties = json_object_get(r.json, "ties");
    for (size_t i = 0; i < json_array_size(ties); i++) {
        json_t *t = json_array_get(ties, i);
        if (json_integer_value(json_object_get(t, "round")) == 1) {
            ck_assert_str_eq(json_string_value(json_object_get(t, "bracket_state")), "ready");
            ck_assert_int_eq(json_array_size(json_object_get(t, "rubbers")), 5);
            ready++;
        }
    }
    ck_assert_int_eq(ready, 2);
    res_free(&r);
    add_team(&d, "Too Late", &r); /* no late place left */
    ck_assert(problem_is(&r, 409));
    res_free(&r);
    char path[160];
    snprintf(path, sizeof path, "%s/davis/late/close", d.epath);
    td(&S, "POST", path, NULL, &r);
    ck_assert(problem_is(&r, 409));
    res_free(&r);

    /* an event whose late place is closed unfilled: its opponent has a walkover */
    struct dc e;
    make_event(&e, 3, "{\"format\": \"knockout\", \"lengths\": [1, 1, 1], \"late_places\": 1}");
    start(&e);
    snprintf(path, sizeof path, "%s/davis/late/close", e.epath);
    td(&S, "POST", path, NULL, &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    res_free(&r);
    board(&e, &r);
    int walk = 0;
    ties = json_object_get(r.json, "ties");
    for (size_t i = 0; i < json_array_size(ties); i++) {
        json_t *t = json_array_get(ties, i);
        walk += json_integer_value(json_object_get(t, "round")) == 1 &&
                json_is_true(json_object_get(t, "bye"));
    }
    ck_assert_int_eq(walk, 1);
    ck_assert_int_eq(
        json_integer_value(json_object_get(json_object_get(r.json, "bracket"), "late_open")), 0);
    res_free(&r);
    add_team(&e, "After closing", &r);
    ck_assert(problem_is(&r, 409));
    res_free(&r);

    /* KO-4: the deadline closes late entry by itself (the server's tick, within seconds) */
    struct dc f;
    make_event(&f, 3,
               "{\"format\": \"knockout\", \"lengths\": [1, 1, 1], \"late_places\": 1, "
               "\"late_deadline\": \"2020-01-01T10:00Z\"}");
    start(&f);
    int closed = 0;
    for (int i = 0; i < WAIT_MS / 100 && !closed; i++) {
        board(&f, &r);
        closed = json_is_true(json_object_get(json_object_get(r.json, "bracket"), "late_closed"));
        res_free(&r);
        if (!closed)
            usleep(100000);
    }
    ck_assert_msg(closed, "the deadline's tick did not close late entry");
}
END_TEST

START_TEST(test_DAVIS2_report_by_another_team_refused)
{
    struct dc d;
    make_event(&d, 3, NULL);
    start(&d);
    struct res r;
    board(&d, &r);
    long long team_c = json_integer_value(
        json_object_get(json_array_get(json_object_get(r.json, "teams"), 2), "id"));
    long long mid = 0;
    json_t *ties = json_object_get(r.json, "ties");
    for (size_t i = 0; i < json_array_size(ties) && !mid; i++) {
        json_t *t = json_array_get(ties, i);
        if (!json_is_true(json_object_get(t, "bye")) &&
            json_integer_value(json_object_get(t, "team_a")) != team_c &&
            json_integer_value(json_object_get(t, "team_b")) != team_c)
            mid = json_integer_value(json_object_get(rubber(t, 0), "id"));
    }
    res_free(&r);
    ck_assert_int_gt(mid, 0);
    struct srv c1;
    as_player(&d, 4, &c1); /* team C's first player: not in the A v B tie */
    char path[160], mpath[160];
    snprintf(mpath, sizeof mpath, "/api/v1/tournaments/%lld/matches/%lld", d.tid, mid);
    struct res m_before, b_before;
    req(&S, "GET", mpath, NULL, NULL, &m_before);
    board(&d, &b_before);
    int audits = audit_count(&d, NULL);
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/matches/%lld/report", d.tid, mid);
    td(&c1, "POST", path, "{\"score\": {\"a\": 3, \"b\": 0}}", &r);
    ck_assert(problem_is(&r, 403)); /* a permission refusal */
    res_free(&r);
    /* nothing changed: the match (state, score, reports), the tie grid, the audit log */
    req(&S, "GET", mpath, NULL, NULL, &r);
    ck_assert_str_eq(jstr(&r, "state"), "scheduled");
    ck_assert_msg(json_equal(r.json, m_before.json), "%s\n%s", m_before.body, r.body);
    res_free(&r);
    board(&d, &r);
    ck_assert_msg(json_equal(r.json, b_before.json), "the board changed");
    res_free(&r);
    ck_assert_int_eq(audit_count(&d, NULL), audits);
    res_free(&m_before);
    res_free(&b_before);
}
END_TEST

/* What a refusal must leave alone: the Davis board (teams, ties, rubbers, standings), the
 * event, the tournament's matches and its audit log, as the server serves them. */
struct dsnap {
    char *board, *event, *matches, *audit;
};

static char *body_of(const char *method_td, const char *path)
{
    struct res r;
    if (method_td)
        td(&S, "GET", path, NULL, &r);
    else
        req(&S, "GET", path, NULL, NULL, &r);
    ck_assert_msg(r.status == 200, "%s: %ld %s", path, r.status, r.body);
    char *b = strdup(r.body);
    res_free(&r);
    return b;
}

static void dsnap_take(struct dc *d, struct dsnap *s)
{
    char path[192];
    snprintf(path, sizeof path, "%s/davis", d->epath);
    s->board = body_of(NULL, path);
    s->event = body_of(NULL, d->epath);
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/matches", d->tid);
    s->matches = body_of(NULL, path);
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/audit?limit=1000", d->tid);
    s->audit = body_of("td", path);
}

static void dsnap_free(struct dsnap *s)
{
    free(s->board);
    free(s->event);
    free(s->matches);
    free(s->audit);
}

static void dsnap_unchanged(struct dc *d, struct dsnap *before, const char *what)
{
    struct dsnap now;
    dsnap_take(d, &now);
    ck_assert_msg(!strcmp(before->board, now.board), "%s changed the board:\n%s\n%s", what,
                  before->board, now.board);
    ck_assert_msg(!strcmp(before->event, now.event), "%s changed the event", what);
    ck_assert_msg(!strcmp(before->matches, now.matches), "%s changed the matches", what);
    ck_assert_msg(!strcmp(before->audit, now.audit), "%s wrote to the audit log", what);
    dsnap_free(&now);
}

/* Refused Davis requests change nothing (DAVIS-1/2/3): each refusal below is answered with
 * a problem that says why, and the board, the event, the matches and the audit log stay
 * byte-equal. Before any result: a phase-2 report while phase 1 is open, a second start,
 * a team added once the event runs, a single entry. With phases 1 and 2 played: a
 * correction of phase 1 that would undo phase 2 without confirm_cascade, a report by a
 * player of another rubber, a second verdict on a decided rubber. */
START_TEST(test_DAVIS_refusals_change_nothing)
{
    struct dc d;
    make_event(&d, 2, NULL);
    start(&d);
    long long extra1 = make_player(&S, d.tid, "Late one");
    long long extra2 = make_player(&S, d.tid, "Late two");
    struct res r;
    long long m[5];
    rubber_ids(&d, m);
    struct srv b2, a1;
    as_player(&d, 3, &b2);
    as_player(&d, 0, &a1);
    char path[192], body[200];
    struct dsnap before;
    dsnap_take(&d, &before);
    /* DAVIS-2: phase 2 waits for phase 1 */
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/matches/%lld/report", d.tid, m[2]);
    td(&b2, "POST", path, "{\"score\": {\"a\": 0, \"b\": 5}}", &r);
    ck_assert(problem_is(&r, 409));
    ck_assert_ptr_nonnull(strstr(jstr(&r, "detail"), "phase"));
    res_free(&r);
    dsnap_unchanged(&d, &before, "a phase-2 report during phase 1");
    /* a second start */
    snprintf(path, sizeof path, "%s/davis/start", d.epath);
    td(&S, "POST", path, NULL, &r);
    ck_assert_msg(problem_is(&r, 409), "%ld %s", r.status, r.body);
    res_free(&r);
    dsnap_unchanged(&d, &before, "a second start");
    /* a team once the round robin runs */
    snprintf(path, sizeof path, "%s/davis/teams", d.epath);
    snprintf(body, sizeof body, "{\"name\": \"Team Late\", \"player1\": %lld, \"player2\": %lld}",
             extra1, extra2);
    td(&S, "POST", path, body, &r);
    ck_assert_msg(problem_is(&r, 409), "%ld %s", r.status, r.body);
    res_free(&r);
    dsnap_unchanged(&d, &before, "a team after the start");
    /* DAVIS-1: a player enters only as half of a pair */
    snprintf(path, sizeof path, "%s/entries", d.epath);
    snprintf(body, sizeof body, "{\"player_id\": %lld}", extra1);
    td(&S, "POST", path, body, &r);
    ck_assert(problem_is(&r, 409));
    res_free(&r);
    dsnap_unchanged(&d, &before, "a single entry");
    dsnap_free(&before);

    /* phase 1: A wins rubber 1, B rubber 2; phase 2: A wins the doubles */
    td_decide(&d, m[0], 3, 0, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    res_free(&r);
    td_decide(&d, m[1], 3, 1, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    res_free(&r);
    td_decide(&d, m[2], 5, 0, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    res_free(&r);
    dsnap_take(&d, &before);
    /* turning rubber 1 around would undo the doubles: refused without the cascade */
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/matches/%lld/correct", d.tid, m[0]);
    td(&S, "POST", path, "{\"score\": {\"a\": 1, \"b\": 3}, \"reason\": \"sheet\"}", &r);
    ck_assert_msg(problem_is(&r, 409), "%ld %s", r.status, r.body);
    ck_assert_int_gt(json_array_size(json_object_get(r.json, "would_undo")), 0);
    res_free(&r);
    dsnap_unchanged(&d, &before, "a correction that would undo a later phase");
    /* A1 plays rubber 4 (A1 v B1), not rubber 5 (A2 v B2) */
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/matches/%lld/report", d.tid, m[4]);
    td(&a1, "POST", path, "{\"score\": {\"a\": 3, \"b\": 0}}", &r);
    ck_assert(problem_is(&r, 403));
    res_free(&r);
    dsnap_unchanged(&d, &before, "a report by a player of another rubber");
    /* a decided rubber takes no second verdict */
    td_decide(&d, m[1], 3, 0, NULL, &r);
    ck_assert_msg(problem_is(&r, 409), "%ld %s", r.status, r.body);
    res_free(&r);
    dsnap_unchanged(&d, &before, "a second verdict");
    dsnap_free(&before);
}
END_TEST

/* Calls the ready matches to free tables and checks what was called: no player at two
 * tables, and each match in its tie's open phase (DAVIS-2). Returns how many were called. */
static int assign_and_check(struct dc *d)
{
    char path[128];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/tables/assign", d->tid);
    struct res r;
    td(&S, "POST", path, NULL, &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    int called = (int)jint(&r, "assigned");
    res_free(&r);
    board(d, &r);
    json_t *ties = json_object_get(r.json, "ties");
    long long busy[64];
    int nb = 0;
    for (size_t i = 0; i < json_array_size(ties); i++) {
        json_t *tie = json_array_get(ties, i);
        int open = (int)json_integer_value(json_object_get(tie, "open_phase"));
        for (int k = 0; k < 5; k++) {
            json_t *rb = rubber(tie, k);
            if (!rb || strcmp(json_string_value(json_object_get(rb, "state")), "called"))
                continue;
            int phase = (int)json_integer_value(json_object_get(rb, "phase"));
            ck_assert_msg(phase == open, "match %lld of phase %d called while phase %d is open",
                          (long long)json_integer_value(json_object_get(rb, "id")), phase, open);
            /* the players, and in the doubles both members of each team */
            json_t *sides = json_object_get(rb, "sides");
            for (size_t sd = 0; sd < 2; sd++) {
                json_t *side = json_array_get(sides, sd);
                json_t *team = json_object_get(json_object_get(side, "team"), "players");
                ck_assert_msg(!!team == (phase == 2), "the doubles, and only they, name the teams");
                for (size_t q = 0; q < (team ? 2 : 1); q++) {
                    long long p = json_integer_value(
                        json_object_get(team ? json_array_get(team, q) : side, "player_id"));
                    for (int b = 0; b < nb; b++)
                        ck_assert_msg(busy[b] != p, "player %lld called to two tables", p);
                    busy[nb++] = p;
                }
            }
        }
    }
    res_free(&r);
    return called;
}

/* "Give free tables to ready matches": a round robin schedules every round at once, but a
 * player is called to one table at a time and a phase only once it is open (DAVIS-2). */
START_TEST(test_DAVIS2_tables_assign_open_phase_one_table_each)
{
    struct dc d;
    make_event(&d, 4, NULL);
    char path[128];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld", d.tid);
    struct res r;
    td(&S, "PATCH", path, "{\"tables\": [\"1\", \"2\", \"3\", \"4\", \"5\", \"6\", \"7\", \"8\"]}",
       &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    res_free(&r);
    start(&d);
    /* round 1: two ties, two phase-1 matches each */
    ck_assert_int_eq(assign_and_check(&d), 4);
    ck_assert_int_eq(assign_and_check(&d), 0);
    /* the second member of a team finds the doubles among their matches (all scheduled at
     * the start), with the teams */
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/matches?player=%lld", d.tid,
             d.players[1]);
    req(&S, "GET", path, NULL, NULL, &r);
    json_t *mine = json_object_get(r.json, "matches");
    int doubles = 0;
    for (size_t i = 0; i < json_array_size(mine); i++) {
        json_t *team = json_object_get(
            json_array_get(json_object_get(json_array_get(mine, i), "sides"), 0), "team");
        if (!team)
            team = json_object_get(
                json_array_get(json_object_get(json_array_get(mine, i), "sides"), 1), "team");
        doubles += !!team;
    }
    res_free(&r);
    ck_assert_int_eq(doubles, 3); /* one tie against each of the three other teams */
    /* the called matches are played, the next are called, to the end */
    for (int guard = 0; guard < 100; guard++) {
        board(&d, &r);
        json_t *ties = json_object_get(r.json, "ties");
        long long todo[64];
        int len[64], n = 0;
        for (size_t i = 0; i < json_array_size(ties); i++)
            for (int k = 0; k < 5; k++) {
                json_t *rb = rubber(json_array_get(ties, i), k);
                if (rb && !strcmp(json_string_value(json_object_get(rb, "state")), "called")) {
                    len[n] = (int)json_integer_value(json_object_get(rb, "length"));
                    todo[n++] = json_integer_value(json_object_get(rb, "id"));
                }
            }
        res_free(&r);
        if (!n && !assign_and_check(&d))
            break;
        if (n) { /* one at a time: a result may leave the others of its tie void */
            td_decide(&d, todo[0], len[0], guard & 1, NULL, &r);
            ck_assert_msg(r.status == 200, "%s", r.body);
            res_free(&r);
        }
    }
    assert_event_state(&d, "finished");
}
END_TEST

/* ---- placings (PLACE-1): team by team ---- */

static void placings(struct dc *d, struct res *r)
{
    char path[160];
    snprintf(path, sizeof path, "%s/placings", d->epath);
    req(&S, "GET", path, NULL, NULL, r);
    ck_assert_msg(r->status == 200, "%s", r->body);
}

static int in_band(struct res *r, const char *band)
{
    int n = 0;
    json_t *l = json_object_get(r->json, "placings");
    for (size_t i = 0; i < json_array_size(l); i++)
        n += !strcmp(json_string_value(json_object_get(json_array_get(l, i), "place")), band);
    return n;
}

START_TEST(test_PLACE1_davis_knockout_of_teams_by_round)
{
    struct dc d;
    make_event(&d, 5, "{\"format\": \"knockout\", \"lengths\": [1, 1, 1], \"play_dead\": true}");
    struct res r;
    placings(&d, &r); /* before the start: every team in one band */
    ck_assert_int_eq(in_band(&r, "1-5"), 5);
    res_free(&r);
    start_with(&d, "{\"seed\": \"placings\"}");
    uint64_t seed = 5;
    while (decide_open(&d, 0, &seed))
        ;
    placings(&d, &r);
    ck_assert_str_eq(jstr(&r, "kind"), "davis");
    ck_assert(json_is_true(json_object_get(r.json, "final")));
    /* 5 teams in a bracket of 8: 1 round-1 tie, so 1-2-(3-4)-5 */
    ck_assert_int_eq(in_band(&r, "1"), 1);
    ck_assert_int_eq(in_band(&r, "2"), 1);
    ck_assert_int_eq(in_band(&r, "3-4"), 2);
    ck_assert_int_eq(in_band(&r, "5"), 1);
    json_t *first = json_array_get(json_object_get(r.json, "placings"), 0);
    ck_assert_str_eq(json_string_value(json_object_get(first, "why")), "won the final");
    ck_assert_int_eq(json_array_size(json_object_get(first, "players")), 2); /* the team's two */
    ck_assert_int_eq(strncmp(json_string_value(json_object_get(first, "name")), "Team ", 5), 0);
    res_free(&r);
}
END_TEST

START_TEST(test_PLACE1_davis_round_robin_by_standings)
{
    struct dc d;
    make_event(&d, 3, "{\"lengths\": [1, 1, 1], \"play_dead\": true}");
    start(&d);
    while (decide_open(&d, 0, NULL)) /* side a wins every match */
        ;
    struct res r, b;
    placings(&d, &r);
    board(&d, &b);
    ck_assert(json_is_true(json_object_get(r.json, "final")));
    /* the placings follow the board's DAVIS-3 standings, rank for rank */
    json_t *st = json_object_get(b.json, "standings"), *pl = json_object_get(r.json, "placings");
    ck_assert_int_eq(json_array_size(pl), 3);
    for (size_t i = 0; i < 3; i++) {
        json_t *s = json_array_get(st, i), *p = json_array_get(pl, i);
        ck_assert_int_eq(json_integer_value(json_object_get(s, "team_id")),
                         json_integer_value(json_object_get(p, "entrant_id")));
        ck_assert_int_eq(json_integer_value(json_object_get(s, "rank")),
                         json_integer_value(json_object_get(p, "place_from")));
        ck_assert_ptr_nonnull(strstr(json_string_value(json_object_get(p, "why")), "ties won"));
    }
    res_free(&r);
    res_free(&b);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("http_davis_ko");
    TCase *tc = tcase_create("ko");
    tcase_add_unchecked_fixture(tc, srv_up, srv_down);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_PLACE1_davis_knockout_of_teams_by_round);
    tcase_add_test(tc, test_PLACE1_davis_round_robin_by_standings);
    tcase_add_test(tc, test_DAVIS2_report_by_another_team_refused);
    tcase_add_test(tc, test_DAVIS2_tables_assign_open_phase_one_table_each);
    tcase_add_test(tc, test_DAVIS_refusals_change_nothing);
    tcase_add_test(tc, test_DAVIS3_knockout_of_seven_with_bye_and_cascade);
    tcase_add_test(tc, test_DAVIS3_KO4_late_team_and_closing);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
