/* HTTP tests of Swing events (SWING-1..6), the rounds: a correction bringing a player back,
 * forfeits and withdrawals, reports only in the current round, a whole event of 11 players,
 * and its placings (PLACE-1). The chips: test_http_swing.c; the fixture: support/swing_fx.c. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/swing_fx.h"
#include "../check_main.h"

/* A TD correction that gives a player chips back at the start of a later round they were
 * not paired in: the reply names them (left_out), and the leaderboard does not show them
 * playing a game they do not have. Round 1: C beats A with a gammon (A is out), D beats B;
 * round 2: three players, one sits; then game 1 becomes a single. */
START_TEST(test_SWING4_correction_reports_player_wrongly_left_out)
{
    char epath[128], path[160];
    long long p[4];
    make_swing(4, "{\"start_chips\": 1000, \"cpp\": [500]}", epath, sizeof epath, p);
    struct res r;
    snprintf(path, sizeof path, "%s/swing/rounds", epath);
    td(&S, "POST", path, "{\"seed\": \"left out\"}", &r);
    ck_assert_int_eq(r.status, 201);
    json_t *games = json_object_get(r.json, "games");
    json_t *g1 = json_array_get(games, 0), *g2 = json_array_get(games, 1);
    long long tid = json_integer_value(json_object_get(g1, "tournament_id"));
    long long m1 = json_integer_value(json_object_get(g1, "id"));
    long long m2 = json_integer_value(json_object_get(g2, "id"));
    long long C = side_player(g1, 0), A = side_player(g1, 1);
    long long D = side_player(g2, 0), B = side_player(g2, 1);
    res_free(&r);
    verify_game(tid, m1, "a", 1, "gammon");
    verify_game(tid, m2, "a", 1, "single");
    get_board(epath, &r);
    ck_assert_int_eq(chips_of(&r, A), 0);
    ck_assert_str_eq(status_of(&r, A), "out");
    res_free(&r);
    snprintf(path, sizeof path, "%s/swing/rounds", epath);
    td(&S, "POST", path, NULL, &r);
    ck_assert_int_eq(r.status, 201);
    ck_assert_int_eq(json_array_size(json_object_get(r.json, "games")), 1);
    long long sitter = jint(&r, "sitter");
    ck_assert(sitter == C || sitter == B || sitter == D);
    ck_assert_int_ne(sitter, A);
    res_free(&r);
    /* SWING-6 display: the round, its CPP and each player's status */
    get_board(epath, &r);
    ck_assert_int_eq(jint(&r, "round"), 2);
    ck_assert_int_eq(jint(&r, "cpp"), 500);
    ck_assert_str_eq(status_of(&r, A), "out");
    ck_assert_str_eq(status_of(&r, sitter), "sitting_out");
    for (int i = 0; i < 4; i++)
        if (p[i] != A && p[i] != sitter)
            ck_assert_str_eq(status_of(&r, p[i]), "playing");
    res_free(&r);
    /* the correction: game 1 was a single, so A held 500 at the start of round 2 */
    match_op(&S, tid, m1, "POST", "correct",
             "{\"game\": {\"winner\": \"a\", \"cube\": 1, \"result\": \"single\"}, "
             "\"reason\": \"not a gammon\"}",
             &r);
    ck_assert_int_eq(r.status, 200);
    json_t *changed = json_object_get(r.json, "swing_eligibility_changed");
    ck_assert_msg(json_array_size(changed) == 1, "%s", r.body);
    json_t *c0 = json_array_get(changed, 0);
    ck_assert_int_eq(json_integer_value(json_object_get(c0, "round")), 2);
    ck_assert_int_eq(json_integer_value(json_object_get(c0, "player_id")), A);
    ck_assert_str_eq(json_string_value(json_object_get(c0, "change")), "left_out");
    ck_assert_ptr_null(json_object_get(c0, "match_id"));
    res_free(&r);
    get_board(epath, &r);
    ck_assert_int_eq(chips_of(&r, A), 500);
    ck_assert_str_eq(status_of(&r, A), "not_paired"); /* holds chips, has no game */
    ck_assert_str_eq(status_of(&r, sitter), "sitting_out");
    ck_assert_int_eq(jint(&r, "total_chips"), 4000);
    res_free(&r);
}
END_TEST

/* A Swing game is one money-style game (SWING-2/3): its length cannot be set, which would
 * otherwise have made it a 7-point match moving 7 points' worth of chips. */
START_TEST(test_SWING2_length_of_a_swing_game_refused)
{
    char epath[128];
    long long p[2];
    make_swing(2, "{\"start_chips\": 1000, \"cpp\": [100]}", epath, sizeof epath, p);
    struct res r;
    struct game g = start_round(epath, NULL);
    long long tid = g.tid, mid = g.mid, b = g.b;
    char mpath[160];
    snprintf(mpath, sizeof mpath, "/api/v1/tournaments/%lld/matches/%lld", tid, mid);
    td(&S, "PATCH", mpath, "{\"length\": 7}", &r);
    ck_assert_msg(problem_is(&r, 409), "%ld %s", r.status, r.body);
    ck_assert_ptr_nonnull(strstr(jstr(&r, "detail"), "SWING-2"));
    res_free(&r);
    td(&S, "PATCH", mpath, "{\"length\": 7, \"table\": \"T9\"}", &r);
    ck_assert(problem_is(&r, 409));
    res_free(&r);
    req(&S, "GET", mpath, NULL, NULL, &r);
    ck_assert_int_eq(jint(&r, "length"), 0);
    ck_assert_str_eq(jstr(&r, "table"), "");
    ck_assert_str_eq(jstr(&r, "state"), "scheduled");
    res_free(&r);
    /* the table alone may still change */
    td(&S, "PATCH", mpath, "{\"table\": \"T9\"}", &r);
    ck_assert_int_eq(r.status, 200);
    res_free(&r);
    verify_game(tid, mid, "b", 1, "single");
    get_board(epath, &r);
    ck_assert_int_eq(chips_of(&r, b), 1100); /* one point, not seven */
    res_free(&r);
}
END_TEST

/* A forfeit or a withdrawal of a Swing game is worth a single game at cube 1 to the
 * winner (SWING-3: one point x the stake, all-in capped); a correction replays it. */
START_TEST(test_SWING3_forfeit_and_withdrawal_move_one_point)
{
    char epath[128];
    long long p[2];
    make_swing(2, "{\"start_chips\": 1000, \"cpp\": [100, 150]}", epath, sizeof epath, p);
    struct res r;
    struct game g = start_round(epath, NULL);
    long long tid = g.tid, mid = g.mid, a = g.a, b = g.b;
    match_op(&S, tid, mid, "POST", "forfeit", "{\"winner\": \"a\", \"reason\": \"no show\"}", &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    ck_assert_str_eq(jstr(&r, "state"), "forfeited");
    ck_assert_int_eq(json_integer_value(json_object_get(json_object_get(r.json, "score"), "a")), 1);
    res_free(&r);
    get_board(epath, &r);
    ck_assert_int_eq(chips_of(&r, a), 1100);
    ck_assert_int_eq(chips_of(&r, b), 900);
    res_free(&r);
    /* corrected to a gammon for b: the ledger is replayed from the start */
    match_post_ok(tid, mid, "correct",
                  "{\"game\": {\"winner\": \"b\", \"cube\": 1, \"result\": \"gammon\"}, "
                  "\"reason\": \"they played after all\"}");
    get_board(epath, &r);
    ck_assert_int_eq(chips_of(&r, a), 800);
    ck_assert_int_eq(chips_of(&r, b), 1200);
    res_free(&r);
    /* round 2 (CPP 150): b withdraws; a wins one point */
    g = start_round(epath, NULL);
    long long mid2 = g.mid;
    const char *leaving = g.a == b ? "a" : "b";
    char body[96];
    snprintf(body, sizeof body, "{\"side\": \"%s\", \"reason\": \"ill\"}", leaving);
    match_op(&S, tid, mid2, "POST", "withdraw", body, &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    ck_assert_str_eq(jstr(&r, "state"), "withdrawn");
    res_free(&r);
    get_board(epath, &r);
    ck_assert_int_eq(chips_of(&r, a), 950);
    ck_assert_int_eq(chips_of(&r, b), 1050);
    ck_assert_int_eq(jint(&r, "total_chips"), 2000);
    res_free(&r);
}
END_TEST

/* The all-in cap holds for a forfeit too: a short stack forfeiting pays its stack only. */
START_TEST(test_SWING4_forfeit_capped_by_all_in)
{
    char epath[128];
    long long p[2];
    make_swing(2, "{\"start_chips\": 1000, \"cpp\": [800, 2000]}", epath, sizeof epath, p);
    struct res r;
    struct game g = start_round(epath, NULL);
    long long tid = g.tid, a = g.a;
    verify_game(tid, g.mid, "a", 1, "single"); /* a 1800, b 200 */
    g = start_round(epath, NULL);
    long long mid2 = g.mid;
    const char *w = g.a == a ? "a" : "b";
    char body[96];
    snprintf(body, sizeof body, "{\"winner\": \"%s\", \"reason\": \"no show\"}", w);
    match_op(&S, tid, mid2, "POST", "forfeit", body, &r);
    ck_assert_int_eq(r.status, 200);
    res_free(&r);
    get_board(epath, &r);
    ck_assert_int_eq(chips_of(&r, a), 2000); /* the short stack's 200, not 2000 */
    ck_assert_str_eq(jstr(&r, "state"), "finished");
    res_free(&r);
}
END_TEST

/* A game of an earlier round, left open when the TD forced the next one, takes no player
 * report or confirmation (409 naming the rounds; nothing changes); the TD still verifies
 * it. The forced round's reason is in its audit entry. A score report of a Swing game is
 * refused with a sentence that says how to report it. */
START_TEST(test_SWING2_reports_only_in_the_current_round)
{
    char epath[128], path[160];
    long long p[4];
    char pins[4][8];
    long long tid = make_swing_pins(4, "{\"start_chips\": 1000, \"cpp\": [100, 200]}", epath,
                                    sizeof epath, p, pins);
    struct srv as[4];
    for (int i = 0; i < 4; i++)
        srv_player_login(&as[i], &S, tid, p[i], pins[i]);
    struct res r;
    snprintf(path, sizeof path, "%s/swing/rounds", epath);
    td(&S, "POST", path, NULL, &r);
    json_t *g1 = json_array_get(json_object_get(r.json, "games"), 0);
    json_t *g2 = json_array_get(json_object_get(r.json, "games"), 1);
    long long m1 = json_integer_value(json_object_get(g1, "id"));
    long long m2 = json_integer_value(json_object_get(g2, "id"));
    int a1 = -1, b1 = -1; /* indices of game 1's players */
    for (int i = 0; i < 4; i++) {
        if (p[i] == side_player(g1, 0))
            a1 = i;
        if (p[i] == side_player(g1, 1))
            b1 = i;
    }
    ck_assert(a1 >= 0 && b1 >= 0);
    res_free(&r);
    /* a score does not say the cube or the gammon */
    match_op(&as[a1], tid, m1, "POST", "report", "{\"score\": {\"a\": 1, \"b\": 0}}", &r);
    ck_assert_msg(problem_is(&r, 422), "%ld %s", r.status, r.body);
    ck_assert_ptr_nonnull(strstr(jstr(&r, "detail"), "one game"));
    json_t *err0 = json_array_get(json_object_get(r.json, "errors"), 0);
    ck_assert_str_eq(json_string_value(json_object_get(err0, "field")), "score");
    res_free(&r);
    /* MATCH-7 does not apply: a Swing game is one money-style game, reported, not conceded;
     * the leaderboard and ledger read the same after the refusal */
    struct swing_snap snap;
    swing_snap(epath, &snap);
    match_op(&as[a1], tid, m1, "POST", "report", "{\"concede\": true}", &r);
    ck_assert_msg(problem_is(&r, 422), "%ld %s", r.status, r.body);
    ck_assert_ptr_nonnull(strstr(jstr(&r, "detail"), "SWING-3"));
    err0 = json_array_get(json_object_get(r.json, "errors"), 0);
    ck_assert_str_eq(json_string_value(json_object_get(err0, "field")), "concede");
    res_free(&r);
    swing_unchanged(epath, &snap, "a concession of a Swing game");
    swing_snap_free(&snap);
    /* game 2 is verified; game 1 stays open, and the TD forces round 2 */
    verify_game(tid, m2, "a", 2, "single");
    td(&S, "POST", path, "{\"force\": true, \"reason\": \"table 1 went home\"}", &r);
    ck_assert_int_eq(r.status, 201);
    ck_assert(json_is_true(json_object_get(r.json, "forced")));
    json_t *g3 = json_array_get(json_object_get(r.json, "games"), 0);
    long long m3 = json_integer_value(json_object_get(g3, "id"));
    int a3 = -1, b3 = -1; /* indices of the round-2 game's players */
    for (int i = 0; i < 4; i++) {
        if (p[i] == side_player(g3, 0))
            a3 = i;
        if (p[i] == side_player(g3, 1))
            b3 = i;
    }
    ck_assert(a3 >= 0 && b3 >= 0);
    int round2 = (int)json_array_size(json_object_get(r.json, "games"));
    res_free(&r);
    /* free tables go to the current round's games: game 1, left to the TD, is not called */
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld", tid);
    td(&S, "PATCH", path, "{\"tables\": [\"1\", \"2\", \"3\"]}", &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    res_free(&r);
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/tables/assign", tid);
    td(&S, "POST", path, NULL, &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    ck_assert_int_eq(jint(&r, "assigned"), round2);
    json_t *calls = json_object_get(r.json, "calls");
    for (size_t i = 0; i < json_array_size(calls); i++)
        ck_assert_int_ne(json_integer_value(json_object_get(json_array_get(calls, i), "match_id")),
                         m1);
    res_free(&r);
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/audit?limit=1000", tid);
    td(&S, "GET", path, NULL, &r);
    json_t *entries = json_object_get(r.json, "entries");
    int found = 0;
    for (size_t i = 0; i < json_array_size(entries); i++) {
        json_t *e = json_array_get(entries, i);
        if (!strcmp(json_string_value(json_object_get(e, "action")), "swing.round_forced")) {
            json_t *after = json_object_get(e, "after");
            ck_assert_str_eq(json_string_value(json_object_get(after, "reason")),
                             "table 1 went home");
            ck_assert_int_eq(json_integer_value(json_object_get(after, "round")), 2);
            found++;
        }
    }
    ck_assert_int_eq(found, 1);
    res_free(&r);
    get_board(epath, &r);
    long long before[4];
    for (int i = 0; i < 4; i++)
        before[i] = chips_of(&r, p[i]);
    res_free(&r);
    /* a player reports game 1 of round 1 while round 2 is current: refused */
    match_op(&as[a1], tid, m1, "POST", "report",
             "{\"game\": {\"winner\": \"a\", \"cube\": 4, \"result\": \"gammon\"}}", &r);
    ck_assert_msg(problem_is(&r, 409), "%ld %s", r.status, r.body);
    ck_assert_ptr_nonnull(strstr(jstr(&r, "detail"), "round 1"));
    ck_assert_ptr_nonnull(strstr(jstr(&r, "detail"), "round 2"));
    res_free(&r);
    match_op(&as[b1], tid, m1, "POST", "confirm", NULL, &r);
    ck_assert(problem_is(&r, 409));
    ck_assert_ptr_nonnull(strstr(jstr(&r, "detail"), "round 2"));
    res_free(&r);
    match_op(&as[a1], tid, m1, "POST", "games",
             "{\"winner\": \"a\", \"cube\": 1, \"result\": \"single\"}", &r);
    ck_assert(problem_is(&r, 409));
    res_free(&r);
    /* nothing changed: the match, its reports, the chips */
    char mpath[160];
    snprintf(mpath, sizeof mpath, "/api/v1/tournaments/%lld/matches/%lld", tid, m1);
    req(&S, "GET", mpath, NULL, NULL, &r);
    ck_assert_str_eq(jstr(&r, "state"), "scheduled"); /* nor called by the table assignment */
    ck_assert(json_is_null(json_object_get(r.json, "winner")));
    res_free(&r);
    snprintf(mpath, sizeof mpath, "/api/v1/tournaments/%lld/matches/%lld/reports", tid, m1);
    td(&S, "GET", mpath, NULL, &r);
    json_t *reps = json_object_get(r.json, "reports");
    ck_assert(json_is_null(json_object_get(reps, "a")) && json_is_null(json_object_get(reps, "b")));
    res_free(&r);
    get_board(epath, &r);
    for (int i = 0; i < 4; i++)
        ck_assert_int_eq(chips_of(&r, p[i]), before[i]);
    ck_assert_int_eq(jint(&r, "round"), 2);
    res_free(&r);
    /* the current round's game takes the players' reports */
    match_op(&as[a3], tid, m3, "POST", "report",
             "{\"game\": {\"winner\": \"b\", \"cube\": 1, \"result\": \"single\"}}", &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    res_free(&r);
    match_op(&as[b3], tid, m3, "POST", "confirm", NULL, &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    ck_assert_str_eq(jstr(&r, "state"), "verified");
    res_free(&r);
    /* and the TD still decides the earlier round's game */
    match_op(&S, tid, m1, "POST", "verify",
             "{\"game\": {\"winner\": \"a\", \"cube\": 1, \"result\": \"single\"}}", &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    res_free(&r);
    get_board(epath, &r);
    ck_assert_int_eq(jint(&r, "total_chips"), 4000);
    res_free(&r);
}
END_TEST

static uint32_t rnd(uint64_t *s)
{
    *s = *s * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(*s >> 33);
}

START_TEST(test_SWING_whole_event_of_11_players)
{
    char epath[128], path[160];
    long long p[11];
    make_swing(11, "{\"start_chips\": 2000, \"cpp_start\": 100, \"growth_percent\": 50}", epath,
               sizeof epath, p);
    uint64_t seed = 2026;
    long long last_sitter = 0;
    int rounds = 0;
    for (; rounds < 200; rounds++) {
        struct res r;
        snprintf(path, sizeof path, "%s/swing/rounds", epath);
        td(&S, "POST", path, NULL, &r);
        if (r.status == 409) { /* over */
            res_free(&r);
            break;
        }
        ck_assert_msg(r.status == 201, "%s", r.body);
        json_t *sitter = json_object_get(r.json, "sitter");
        json_t *games = json_object_get(r.json, "games");
        if (json_is_integer(sitter)) {
            if (json_array_size(games) >= 1 && last_sitter)
                ck_assert_int_ne(json_integer_value(sitter), last_sitter); /* SWING-6 */
            last_sitter = json_integer_value(sitter);
        } else {
            last_sitter = 0;
        }
        size_t ng = json_array_size(games);
        long long ids[8], tid = 0;
        for (size_t i = 0; i < ng; i++) {
            ids[i] = json_integer_value(json_object_get(json_array_get(games, i), "id"));
            tid = json_integer_value(json_object_get(json_array_get(games, i), "tournament_id"));
        }
        res_free(&r);
        static const char *how[] = {"single", "gammon", "backgammon", "drop"};
        for (size_t i = 0; i < ng; i++) {
            char mpath[160], body[160];
            snprintf(mpath, sizeof mpath, "/api/v1/tournaments/%lld/matches/%lld/verify", tid,
                     ids[i]);
            snprintf(body, sizeof body,
                     "{\"game\": {\"winner\": \"%s\", \"cube\": %d, \"result\": \"%s\"}}",
                     rnd(&seed) % 2 ? "a" : "b", 1 << (rnd(&seed) % 3), how[rnd(&seed) % 4]);
            td(&S, "POST", mpath, body, &r);
            ck_assert_msg(r.status == 200, "%s", r.body);
            res_free(&r);
        }
        /* chips are conserved after every round */
        snprintf(path, sizeof path, "%s/swing", epath);
        req(&S, "GET", path, NULL, NULL, &r);
        json_t *pl = json_object_get(r.json, "players");
        long long total = 0;
        for (size_t i = 0; i < json_array_size(pl); i++) {
            long long c = json_integer_value(json_object_get(json_array_get(pl, i), "chips"));
            ck_assert_int_ge(c, 0);
            total += c;
        }
        ck_assert_int_eq(total, 22000);
        res_free(&r);
    }
    ck_assert_int_lt(rounds, 200);
    struct res r;
    snprintf(path, sizeof path, "%s/swing", epath);
    req(&S, "GET", path, NULL, NULL, &r);
    ck_assert_str_eq(jstr(&r, "state"), "finished");
    json_t *first = json_array_get(json_object_get(r.json, "players"), 0);
    ck_assert_int_eq(json_integer_value(json_object_get(first, "chips")), 22000);
    ck_assert_int_eq(json_integer_value(json_object_get(r.json, "champion")),
                     json_integer_value(json_object_get(first, "player_id")));
    res_free(&r);
}
END_TEST

/* ---- placings (PLACE-1) ---- */

/* The placings of the event at epath (must answer 200). */
static void get_placings(const char *epath, struct res *r)
{
    char path[160];
    snprintf(path, sizeof path, "%s/placings", epath);
    req(&S, "GET", path, NULL, NULL, r);
    ck_assert_msg(r->status == 200, "%s", r->body);
}

static json_t *placing_of(struct res *r, long long id)
{
    json_t *l = json_object_get(r->json, "placings");
    for (size_t i = 0; i < json_array_size(l); i++)
        if (json_integer_value(json_object_get(json_array_get(l, i), "entrant_id")) == id)
            return json_array_get(l, i);
    ck_abort_msg("entrant %lld not placed", id);
    return NULL;
}

static const char *place_of(struct res *r, long long id)
{
    return json_string_value(json_object_get(placing_of(r, id), "place"));
}

/* Each round's games, every one won by side a (a single at cube 1): with the CPP as large
 * as the stacks, each loser goes out, so 4 players end in two rounds. */
static void play_round_a_wins(const char *epath, long long *losers, int *n_losers)
{
    char path[160];
    snprintf(path, sizeof path, "%s/swing/rounds", epath);
    struct res r;
    td(&S, "POST", path, NULL, &r);
    ck_assert_msg(r.status == 201, "%s", r.body);
    json_t *games = json_object_get(r.json, "games");
    for (size_t i = 0; i < json_array_size(games); i++) {
        json_t *g = json_array_get(games, i);
        losers[(*n_losers)++] = side_player(g, 1);
        verify_game(json_integer_value(json_object_get(g, "tournament_id")),
                    json_integer_value(json_object_get(g, "id")), "a", 1, "single");
    }
    res_free(&r);
}

START_TEST(test_PLACE1_swing_placed_by_its_standings)
{
    char epath[128];
    long long p[4], losers[4];
    int n_losers = 0;
    make_swing(4, "{\"start_chips\": 100, \"cpp\": [100, 200]}", epath, sizeof epath, p);
    struct res r;
    get_placings(epath, &r); /* before round 1: everyone level, nothing final */
    ck_assert_str_eq(jstr(&r, "kind"), "swing");
    ck_assert(json_is_false(json_object_get(r.json, "final")));
    for (int i = 0; i < 4; i++) {
        ck_assert_str_eq(place_of(&r, p[i]), "1-4");
        ck_assert_str_eq(json_string_value(json_object_get(placing_of(&r, p[i]), "why")),
                         "chips 100");
    }
    res_free(&r);
    play_round_a_wins(epath, losers, &n_losers);
    get_placings(epath, &r); /* so far: two out in round 1 share 3-4 */
    ck_assert(json_is_false(json_object_get(r.json, "final")));
    ck_assert_str_eq(place_of(&r, losers[0]), "3-4");
    ck_assert_str_eq(place_of(&r, losers[1]), "3-4");
    ck_assert_str_eq(json_string_value(json_object_get(placing_of(&r, losers[0]), "why")),
                     "out in round 1");
    res_free(&r);
    play_round_a_wins(epath, losers, &n_losers);
    ck_assert_int_eq(n_losers, 3);
    get_placings(epath, &r);
    ck_assert_str_eq(jstr(&r, "state"), "finished");
    ck_assert(json_is_true(json_object_get(r.json, "final")));
    json_t *first = json_array_get(json_object_get(r.json, "placings"), 0);
    ck_assert_str_eq(json_string_value(json_object_get(first, "place")), "1");
    ck_assert_str_eq(json_string_value(json_object_get(first, "why")), "chips 400");
    ck_assert_str_eq(place_of(&r, losers[2]), "2");
    ck_assert_str_eq(place_of(&r, losers[0]), "3-4");
    ck_assert_int_eq(json_integer_value(json_object_get(placing_of(&r, losers[0]), "rank")), 3);
    res_free(&r);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("http_swing_rounds");
    TCase *tc = tcase_create("rounds");
    tcase_add_unchecked_fixture(tc, srv_up, srv_down);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_SWING4_correction_reports_player_wrongly_left_out);
    tcase_add_test(tc, test_SWING2_length_of_a_swing_game_refused);
    tcase_add_test(tc, test_SWING3_forfeit_and_withdrawal_move_one_point);
    tcase_add_test(tc, test_SWING4_forfeit_capped_by_all_in);
    tcase_add_test(tc, test_SWING2_reports_only_in_the_current_round);
    tcase_add_test(tc, test_SWING_whole_event_of_11_players);
    tcase_add_test(tc, test_PLACE1_swing_placed_by_its_standings);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
