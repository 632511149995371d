/* HTTP tests of Swing events (SWING-1..6): settings refusals, rounds, chips moving with
 * verified games, corrections replaying the ledger, and a whole event of 11 players. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/harness.h"
#include "../check_main.h"

static int problem_is(struct res *r, long status)
{
    char ct[64];
    return r->status == status && res_header(r, "Content-Type", ct, sizeof ct) &&
           !strcmp(ct, "application/problem+json") && strlen(jstr(r, "detail")) > 0;
}

/* A tournament with n players entered in a Swing event; returns the event path. With
 * pins, each player's PIN is kept there (pins[i], 8 bytes) for a player login. */
static long long make_swing_pins(int n, const char *swing_json, char *epath, size_t len,
                                 long long *players, char (*pins)[8])
{
    long long tid = make_tournament(&S, "Swing night");
    char path[128], body[512];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/competitions", tid);
    snprintf(body, sizeof body, "{\"kind\": \"swing\", \"name\": \"Swing\", \"swing\": %s}",
             swing_json);
    struct res r;
    td(&S, "POST", path, body, &r);
    ck_assert_msg(r.status == 201, "%s", r.body);
    long long eid = jint(&r, "id");
    res_free(&r);
    snprintf(epath, len, "/api/v1/tournaments/%lld/competitions/%lld", tid, eid);
    for (int i = 0; i < n; i++) {
        char name[32];
        snprintf(name, sizeof name, "Swinger %d", i + 1);
        players[i] = pins ? make_player_pin(&S, tid, name, pins[i]) : make_player(&S, tid, name);
        snprintf(path, sizeof path, "%s/entries", epath);
        snprintf(body, sizeof body, "{\"player_id\": %lld}", players[i]);
        td(&S, "POST", path, body, &r);
        ck_assert_int_eq(r.status, 201);
        res_free(&r);
    }
    return tid;
}

static long long make_swing(int n, const char *swing_json, char *epath, size_t len,
                            long long *players)
{
    return make_swing_pins(n, swing_json, epath, len, players, NULL);
}

/* ---- helpers for the tests below ---- */

/* The player id of side 0 (a) or 1 (b) of a game of a round's reply. */
static long long side_player(json_t *game, int side)
{
    return json_integer_value(
        json_object_get(json_array_get(json_object_get(game, "sides"), (size_t)side), "player_id"));
}

/* The leaderboard's row of a player. */
static json_t *board_row(struct res *r, long long pid)
{
    json_t *pl = json_object_get(r->json, "players");
    for (size_t i = 0; i < json_array_size(pl); i++)
        if (json_integer_value(json_object_get(json_array_get(pl, i), "player_id")) == pid)
            return json_array_get(pl, i);
    ck_abort_msg("player %lld not on the leaderboard", pid);
    return NULL;
}

static long long chips_of(struct res *r, long long pid)
{
    return json_integer_value(json_object_get(board_row(r, pid), "chips"));
}

static const char *status_of(struct res *r, long long pid)
{
    return json_string_value(json_object_get(board_row(r, pid), "status"));
}

static void match_post(long long tid, long long mid, const char *tail, struct srv *as,
                       const char *body, struct res *r)
{
    char path[160];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/matches/%lld%s", tid, mid, tail);
    td(as, "POST", path, body, r);
}

/* The TD's POST of tail on match mid (e.g. "/correct"), which must answer 200. */
static void match_post_ok(long long tid, long long mid, const char *tail, const char *body)
{
    struct res r;
    match_post(tid, mid, tail, &S, body, &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    res_free(&r);
}

/* The first game of a round: its tournament, its match, and the players of sides a, b. */
struct game {
    long long tid, mid, a, b;
};

/* The TD starts the next round of the Swing at epath (body: the request's, or NULL), which
 * must answer 201; its first game. */
static struct game start_round(const char *epath, const char *body)
{
    char path[160];
    snprintf(path, sizeof path, "%s/swing/rounds", epath);
    struct res r;
    td(&S, "POST", path, body, &r);
    ck_assert_msg(r.status == 201, "%s", r.body);
    json_t *g = json_array_get(json_object_get(r.json, "games"), 0);
    struct game out = {json_integer_value(json_object_get(g, "tournament_id")),
                       json_integer_value(json_object_get(g, "id")), side_player(g, 0),
                       side_player(g, 1)};
    res_free(&r);
    return out;
}

/* The TD verifies game mid: `winner` ("a"/"b") won `result` with the cube at `cube`. */
static void verify_game(long long tid, long long mid, const char *winner, int cube,
                        const char *result)
{
    char body[160];
    snprintf(body, sizeof body,
             "{\"game\": {\"winner\": \"%s\", \"cube\": %d, \"result\": \"%s\"}}", winner, cube,
             result);
    match_post_ok(tid, mid, "/verify", body);
}

START_TEST(test_SWING5_settings_refused)
{
    long long tid = make_tournament(&S, "Bad swing");
    char path[128];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/competitions", tid);
    static const char *bad[] = {
        "{\"kind\": \"swing\", \"name\": \"S\", \"swing\": {\"start_chips\": 1000, \"cpp\": [0]}}",
        "{\"kind\": \"swing\", \"name\": \"S\", \"swing\": {\"start_chips\": 1000, \"cpp\": [-5]}}",
        "{\"kind\": \"swing\", \"name\": \"S\", \"swing\": {\"start_chips\": 1000, \"cpp\": [200, "
        "100]}}",
        "{\"kind\": \"swing\", \"name\": \"S\", \"swing\": {\"start_chips\": 0, \"cpp\": [100]}}",
        "{\"kind\": \"swing\", \"name\": \"S\", \"swing\": {\"start_chips\": 1000}}",
        "{\"kind\": \"swing\", \"name\": \"S\", \"swing\": {\"start_chips\": 1000, \"cpp_start\": "
        "100, \"growth_percent\": -10}}",
        "{\"kind\": \"swing\", \"name\": \"S\"}",
        "{\"kind\": \"poker\", \"name\": \"S\"}",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        struct res r;
        td(&S, "POST", path, bad[i], &r);
        ck_assert_msg(problem_is(&r, 422), "%s -> %ld %s", bad[i], r.status, r.body);
        res_free(&r);
    }
    struct res r;
    /* a decrease the TD asks for explicitly is allowed */
    td(&S, "POST", path,
       "{\"kind\": \"swing\", \"name\": \"S\", \"swing\": {\"start_chips\": 1000, \"cpp\": [200, "
       "100], \"allow_decrease\": true}}",
       &r);
    ck_assert_int_eq(r.status, 201);
    res_free(&r);
    req(&S, "GET", path, NULL, NULL, &r);
    ck_assert_int_eq(json_array_size(json_object_get(r.json, "events")), 1);
    res_free(&r);
}
END_TEST

/* KO-2, SWISS-1: a Swing round takes the seeds a draw takes: a JSON number is recorded as
 * its digits and pairs as the same text given as a string would. */
START_TEST(test_KO2_swing_seed_as_a_number)
{
    char epath[128], path[160];
    long long p[4];
    make_swing(4, "{\"start_chips\": 10000, \"cpp\": [300, 600]}", epath, sizeof epath, p);
    snprintf(path, sizeof path, "%s/swing/rounds", epath);
    struct res r;
    td(&S, "POST", path, "{\"seed\": 424242}", &r);
    ck_assert_msg(r.status == 201, "a number as the seed: %ld %s", r.status, r.body);
    ck_assert_str_eq(jstr(&r, "seed"), "424242");
    res_free(&r);
}
END_TEST

START_TEST(test_SWING3_chips_move_and_round_rules)
{
    char epath[128], path[160];
    long long p[4];
    make_swing(4, "{\"start_chips\": 10000, \"cpp\": [300, 600]}", epath, sizeof epath, p);
    struct res r;
    snprintf(path, sizeof path, "%s/swing/rounds", epath);
    td(&S, "POST", path, "{\"seed\": \"fixed seed\"}", &r);
    ck_assert_int_eq(r.status, 201);
    ck_assert_int_eq(jint(&r, "round"), 1);
    ck_assert_int_eq(jint(&r, "cpp"), 300);
    ck_assert_str_eq(jstr(&r, "seed"), "fixed seed");
    json_t *games = json_object_get(r.json, "games");
    ck_assert_int_eq(json_array_size(games), 2);
    long long g1 = json_integer_value(json_object_get(json_array_get(games, 0), "id"));
    long long g2 = json_integer_value(json_object_get(json_array_get(games, 1), "id"));
    long long tid = json_integer_value(json_object_get(json_array_get(games, 0), "tournament_id"));
    res_free(&r);
    /* the games' history names the official who started the round, not a bare "td" (GOV-1) */
    char q[160];
    snprintf(q, sizeof q,
             "SELECT count(*) FROM match_states WHERE match_id IN (%lld, %lld) AND actor = "
             "'official:1'",
             g1, g2);
    ck_assert_int_ge(db_count(S.db, q), 2);
    ck_assert_int_eq(db_count(S.db, "SELECT count(*) FROM match_states WHERE actor = 'td'"), 0);
    /* the round is open: the next one waits, and nothing changes */
    td(&S, "POST", path, NULL, &r);
    ck_assert(problem_is(&r, 409));
    ck_assert_ptr_nonnull(strstr(jstr(&r, "detail"), "round 1"));
    res_free(&r);
    snprintf(path, sizeof path, "%s/swing", epath);
    req(&S, "GET", path, NULL, NULL, &r);
    ck_assert_int_eq(jint(&r, "round"), 1);
    ck_assert_int_eq(jint(&r, "cpp"), 300);
    for (size_t i = 0; i < 4; i++) {
        json_t *pj = json_array_get(json_object_get(r.json, "players"), i);
        ck_assert_int_eq(json_integer_value(json_object_get(pj, "chips")), 10000);
        ck_assert_str_eq(json_string_value(json_object_get(pj, "status")), "playing");
    }
    res_free(&r);
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/matches", tid);
    req(&S, "GET", path, NULL, NULL, &r);
    ck_assert_int_eq(json_array_size(json_object_get(r.json, "matches")), 2);
    res_free(&r);
    snprintf(path, sizeof path, "%s/swing/rounds", epath);
    /* SWING-3 worked example: a gammon, cube 4, CPP 300: 2,400 chips */
    char mpath[160];
    snprintf(mpath, sizeof mpath, "/api/v1/tournaments/%lld/matches/%lld/verify", tid, g1);
    td(&S, "POST", mpath, "{\"game\": {\"winner\": \"a\", \"cube\": 4, \"result\": \"gammon\"}}",
       &r);
    ck_assert_int_eq(r.status, 200);
    res_free(&r);
    snprintf(mpath, sizeof mpath, "/api/v1/tournaments/%lld/matches/%lld/verify", tid, g2);
    td(&S, "POST", mpath, "{\"game\": {\"winner\": \"b\", \"cube\": 3, \"result\": \"single\"}}",
       &r);
    ck_assert(problem_is(&r, 422)); /* a cube of 3 */
    res_free(&r);
    td(&S, "POST", mpath, "{\"game\": {\"winner\": \"b\", \"cube\": 1, \"result\": \"drop\"}}", &r);
    ck_assert_int_eq(r.status, 200);
    res_free(&r);
    snprintf(path, sizeof path, "%s/swing", epath);
    req(&S, "GET", path, NULL, NULL, &r);
    ck_assert_int_eq(jint(&r, "total_chips"), 40000);
    json_t *pl = json_object_get(r.json, "players");
    ck_assert_int_eq(json_integer_value(json_object_get(json_array_get(pl, 0), "chips")), 12400);
    ck_assert_int_eq(
        json_integer_value(json_object_get(json_array_get(pl, 0), "change_last_round")), 2400);
    ck_assert_int_eq(json_integer_value(json_object_get(json_array_get(pl, 3), "chips")), 7600);
    res_free(&r);
    /* round 2 at CPP 600 */
    snprintf(path, sizeof path, "%s/swing/rounds", epath);
    td(&S, "POST", path, NULL, &r);
    ck_assert_int_eq(r.status, 201);
    ck_assert_int_eq(jint(&r, "cpp"), 600);
    ck_assert_int_gt(strlen(jstr(&r, "seed")), 0); /* drawn by the server, recorded */
    res_free(&r);
    /* entries are closed once the event runs */
    snprintf(path, sizeof path, "%s/entries", epath);
    long long late = make_player(&S, tid, "Too late");
    char body[64];
    snprintf(body, sizeof body, "{\"player_id\": %lld}", late);
    td(&S, "POST", path, body, &r);
    ck_assert(problem_is(&r, 409));
    res_free(&r);
}
END_TEST

START_TEST(test_SWING4_correction_replays_ledger)
{
    char epath[128], path[160];
    long long p[2];
    make_swing(2, "{\"start_chips\": 1000, \"cpp\": [100]}", epath, sizeof epath, p);
    struct res r;
    struct game g = start_round(epath, NULL);
    long long tid = g.tid, mid = g.mid;
    verify_game(tid, mid, "a", 1, "single");
    long long mid2 = start_round(epath, NULL).mid;
    verify_game(tid, mid2, "a", 1, "single");
    /* correct round 1 to a backgammon with cube 4 the other way: someone is out after
     * round 1, so round 2's game no longer had an eligible player */
    match_post(tid, mid, "/correct", &S,
               "{\"game\": {\"winner\": \"b\", \"cube\": 4, \"result\": \"backgammon\"}, "
               "\"reason\": \"wrong sheet\"}",
               &r);
    ck_assert_int_eq(r.status, 200);
    json_t *changed = json_object_get(r.json, "swing_eligibility_changed");
    ck_assert_int_eq(json_array_size(changed), 1);
    json_t *c0 = json_array_get(changed, 0);
    ck_assert_int_eq(json_integer_value(json_object_get(c0, "match_id")), mid2);
    ck_assert_int_eq(json_integer_value(json_object_get(c0, "round")), 2);
    ck_assert_str_eq(json_string_value(json_object_get(c0, "change")), "played_without_chips");
    res_free(&r);
    snprintf(path, sizeof path, "%s/swing", epath);
    req(&S, "GET", path, NULL, NULL, &r);
    ck_assert_int_eq(jint(&r, "total_chips"), 2000);
    ck_assert_str_eq(jstr(&r, "state"), "finished");
    ck_assert(json_is_integer(json_object_get(r.json, "champion")));
    res_free(&r);
}
END_TEST

static void get_board(const char *epath, struct res *r)
{
    char path[160];
    snprintf(path, sizeof path, "%s/swing", epath);
    req(&S, "GET", path, NULL, NULL, r);
    ck_assert_int_eq(r->status, 200);
}

static void get_ledger(const char *epath, long long pid, struct res *r)
{
    char path[192];
    if (pid)
        snprintf(path, sizeof path, "%s/swing/ledger/%lld", epath, pid);
    else
        snprintf(path, sizeof path, "%s/swing/ledger", epath);
    req(&S, "GET", path, NULL, NULL, r);
    ck_assert_msg(r->status == 200, "%s: %ld %s", path, r->status, r->body);
}

static json_t *ledger_row(struct res *r, size_t i)
{
    json_t *rows = json_object_get(r->json, "rows");
    ck_assert_msg(i < json_array_size(rows), "no row %zu in %s", i, r->body);
    return json_array_get(rows, i);
}

static const char *row_why(struct res *r, size_t i)
{
    return json_string_value(json_object_get(ledger_row(r, i), "why"));
}

static long long row_int(struct res *r, size_t i, const char *key)
{
    return json_integer_value(json_object_get(ledger_row(r, i), key));
}

/* The chip ledger (SWING-3, issue 6 item 4): every row, the pool's or one player's, says
 * why in a sentence made from the data: the starting stack (SWING-1), the match, the
 * result and the cube, the stake per point, who decided; a player's rows carry the signed
 * change and the running balance, which ends at the leaderboard's chips. */
START_TEST(test_SWING3_ledger_says_why_each_chip_moved)
{
    char epath[128], path[160];
    long long p[2];
    long long tid =
        make_swing(2, "{\"start_chips\": 10000, \"cpp\": [300]}", epath, sizeof epath, p);
    struct res r;
    /* before round 1 the ledger is empty */
    get_ledger(epath, 0, &r);
    ck_assert_int_eq(json_array_size(json_object_get(r.json, "rows")), 0);
    res_free(&r);
    struct game g = start_round(epath, "{\"seed\": \"ledger\"}");
    long long mid = g.mid, a = g.a, b = g.b;
    char an[32], bn[32];
    snprintf(an, sizeof an, "Swinger %d", a == p[0] ? 1 : 2);
    snprintf(bn, sizeof bn, "Swinger %d", b == p[0] ? 1 : 2);
    /* SWING-3's worked example: a gammon, cube 4, CPP 300 */
    verify_game(tid, mid, "a", 4, "gammon");
    get_ledger(epath, 0, &r);
    ck_assert_int_eq(json_array_size(json_object_get(r.json, "rows")), 3);
    ck_assert_int_eq(jint(&r, "total_chips"), 20000);
    ck_assert(json_is_null(json_object_get(r.json, "player_id")));
    for (size_t i = 0; i < 2; i++) {
        ck_assert_str_eq(row_why(&r, i), "Starting stack (SWING-1): 10000 chips.");
        ck_assert(json_is_null(json_object_get(ledger_row(&r, i), "from")));
        ck_assert_int_eq(row_int(&r, i, "round"), 0);
    }
    ck_assert_int_eq(row_int(&r, 2, "match_id"), mid);
    ck_assert_int_eq(row_int(&r, 2, "from"), b);
    ck_assert_int_eq(row_int(&r, 2, "to"), a);
    ck_assert_int_eq(row_int(&r, 2, "chips"), 2400);
    char want[512];
    snprintf(want, sizeof want,
             "Round 1, match %lld: %s beat %s by a gammon (x2) with the cube at 4: 8 points x "
             "300 chips per point (the round's CPP, SWING-3) = 2400 chips from %s to %s; the "
             "TD's verdict.",
             mid, an, bn, bn, an);
    ck_assert_str_eq(row_why(&r, 2), want);
    res_free(&r);
    /* one player's rows: the change and the running balance */
    get_ledger(epath, b, &r);
    ck_assert_int_eq(jint(&r, "player_id"), b);
    ck_assert_int_eq(json_array_size(json_object_get(r.json, "rows")), 2);
    ck_assert_int_eq(row_int(&r, 0, "change"), 10000);
    ck_assert_int_eq(row_int(&r, 1, "change"), -2400);
    ck_assert_int_eq(row_int(&r, 1, "balance"), 7600);
    ck_assert_int_eq(jint(&r, "chips"), 7600);
    res_free(&r);
    /* the TD corrects it to a drop of a double to 2 by b: the row is rewritten, and says so */
    match_post_ok(tid, mid, "/correct",
                  "{\"game\": {\"winner\": \"b\", \"cube\": 1, \"result\": \"drop\"}, "
                  "\"reason\": \"wrong sheet\"}");
    get_ledger(epath, a, &r);
    ck_assert_int_eq(json_array_size(json_object_get(r.json, "rows")), 2);
    snprintf(want, sizeof want,
             "Round 1, match %lld: %s dropped %s's double with the cube at 1: 1 point x 300 "
             "chips per point (the round's CPP, SWING-3) = 300 chips from %s to %s; as "
             "corrected by the TD.",
             mid, an, bn, an, bn);
    ck_assert_str_eq(row_why(&r, 1), want);
    ck_assert_int_eq(row_int(&r, 1, "change"), -300);
    ck_assert_int_eq(jint(&r, "chips"), 9700);
    res_free(&r);
    get_board(epath, &r);
    ck_assert_int_eq(chips_of(&r, a), 9700);
    res_free(&r);
    /* a player with no entry, and an event that is not a Swing: 404 with a sentence */
    long long stranger = make_player(&S, tid, "Not entered");
    snprintf(path, sizeof path, "%s/swing/ledger/%lld", epath, stranger);
    req(&S, "GET", path, NULL, NULL, &r);
    ck_assert(problem_is(&r, 404));
    res_free(&r);
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/competitions", tid);
    td(&S, "POST", path, "{\"kind\": \"knockout\", \"name\": \"KO\"}", &r);
    ck_assert_int_eq(r.status, 201);
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/competitions/%lld/swing/ledger", tid,
             jint(&r, "id"));
    res_free(&r);
    req(&S, "GET", path, NULL, NULL, &r);
    ck_assert(problem_is(&r, 404));
    res_free(&r);
}
END_TEST

/* ---- snapshots: a refused request changes nothing ---- */

/* The leaderboard, the pool's ledger and the event as the server shows them. */
struct swing_snap {
    char *board, *ledger, *event;
};

static char *get_body(const char *path)
{
    struct res r;
    req(&S, "GET", path, NULL, NULL, &r);
    ck_assert_msg(r.status == 200, "%s: %ld %s", path, r.status, r.body);
    char *b = strdup(r.body);
    res_free(&r);
    return b;
}

static void swing_snap(const char *epath, struct swing_snap *s)
{
    char path[192];
    snprintf(path, sizeof path, "%s/swing", epath);
    s->board = get_body(path);
    snprintf(path, sizeof path, "%s/swing/ledger", epath);
    s->ledger = get_body(path);
    s->event = get_body(epath);
}

static void swing_snap_free(struct swing_snap *s)
{
    free(s->board);
    free(s->ledger);
    free(s->event);
}

/* Asserts the leaderboard, the ledger and the event are byte-equal to `before`. */
static void swing_unchanged(const char *epath, struct swing_snap *before, const char *what)
{
    struct swing_snap now;
    swing_snap(epath, &now);
    ck_assert_msg(!strcmp(before->board, now.board), "%s changed the leaderboard:\n%s\n%s", what,
                  before->board, now.board);
    ck_assert_msg(!strcmp(before->ledger, now.ledger), "%s changed the ledger:\n%s\n%s", what,
                  before->ledger, now.ledger);
    ck_assert_msg(!strcmp(before->event, now.event), "%s changed the event:\n%s\n%s", what,
                  before->event, now.event);
    swing_snap_free(&now);
}

static char *slurp(const char *file)
{
    FILE *f = fopen(file, "rb");
    ck_assert_msg(f != NULL, "%s", file);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *b = malloc((size_t)n + 1);
    ck_assert_int_eq(fread(b, 1, (size_t)n, f), (size_t)n);
    b[n] = '\0';
    fclose(f);
    return b;
}

/* Starts the next round of a two-player Swing: its one game's id, and the side ("a" or
 * "b") player `pid` plays in it. */
static long long next_game(const char *epath, long long pid, const char **side)
{
    struct game g = start_round(epath, NULL);
    *side = g.a == pid ? "a" : "b";
    return g.mid;
}

/* A Swing game reported as a transcript (a .mat money game, gnubg's): the engine replays
 * it and the chips move by its result x cube x CPP (SWING-3). A beaver is money play
 * only, refused in a Swing game (CUBE-9, SWING-2) with a sentence naming the rule, whether
 * the record answers a double with one or beavers after a take, or sets "beavers" in its
 * rules; each refusal leaves the leaderboard, the ledger and the event byte-equal. */
START_TEST(test_SWING2_transcript_moves_chips_and_beaver_refused)
{
    char epath[128];
    long long p[2];
    long long tid =
        make_swing(2, "{\"start_chips\": 1000, \"cpp\": [100]}", epath, sizeof epath, p);
    const char *side;
    long long mid = next_game(epath, p[0], &side);
    /* money_0014.mat: North doubles to 2, South takes, North wins a gammon: 4 points */
    char *mat = slurp("tests/data/gnubg/money/money_0014.mat");
    struct swing_snap before;
    swing_snap(epath, &before);
    struct res r;
    /* South beavers North's double instead of taking */
    const char *t = strstr(mat, " Doubles => 2                Takes");
    ck_assert_ptr_nonnull(t);
    t = strstr(t, "Takes");
    char *bad = malloc(strlen(mat) + 16);
    snprintf(bad, strlen(mat) + 16, "%.*sBeavers => 4%s", (int)(t - mat), mat, t + 5);
    json_t *body = json_pack("{s:s, s:s}", "mat", bad, "order", "ab");
    char *b = json_dumps(body, 0);
    match_post(tid, mid, "/verify", &S, b, &r);
    free(b);
    json_decref(body);
    free(bad);
    ck_assert_msg(problem_is(&r, 422), "%ld %s", r.status, r.body);
    ck_assert_str_eq(jstr(&r, "rule"), "CUBE-9");
    ck_assert_msg(strstr(jstr(&r, "detail"), "beaver") &&
                      strstr(jstr(&r, "detail"), "money play only") &&
                      strstr(jstr(&r, "detail"), "CUBE-9"),
                  "%s", jstr(&r, "detail"));
    ck_assert_int_eq(jint(&r, "game"), 1);
    res_free(&r);
    swing_unchanged(epath, &before, "a beaver in a .mat");
    /* a JSON record: Bob beavers after he took */
    static const char *beaver_after_take =
        "{\"transcript\": {\"match_length\": 0, \"players\": [\"Swinger 1\", \"Swinger 2\"], "
        "\"games\": [{\"actions\": [{\"type\": \"move\", \"side\": 0, \"dice\": [3, 1], "
        "\"play\": \"8/5 6/5\"}, {\"type\": \"move\", \"side\": 1, \"dice\": [6, 4], \"play\": "
        "\"24/18 13/9\"}, {\"type\": \"double\", \"side\": 0, \"cube\": 2}, {\"type\": "
        "\"take\", \"side\": 1}, {\"type\": \"beaver\", \"side\": 1, \"cube\": 4}]}]}}";
    match_post(tid, mid, "/verify", &S, beaver_after_take, &r);
    ck_assert_msg(problem_is(&r, 422), "%ld %s", r.status, r.body);
    ck_assert_str_eq(jstr(&r, "rule"), "CUBE-9");
    ck_assert_int_eq(jint(&r, "move"), 5);
    ck_assert_ptr_nonnull(strstr(jstr(&r, "detail"), "beaver"));
    ck_assert_ptr_nonnull(strstr(jstr(&r, "detail"), "CUBE-9"));
    res_free(&r);
    swing_unchanged(epath, &before, "a beaver after a take");
    /* a record that allows beavers in its rules */
    static const char *beaver_rules =
        "{\"transcript\": {\"match_length\": 0, \"players\": [\"Swinger 1\", \"Swinger 2\"], "
        "\"rules\": {\"beavers\": 1}, \"games\": [{\"result\": {\"winner\": 0, \"how\": "
        "\"single\", \"cube\": 1}}]}}";
    match_post(tid, mid, "/verify", &S, beaver_rules, &r);
    ck_assert_msg(problem_is(&r, 422), "%ld %s", r.status, r.body);
    ck_assert_str_eq(jstr(&r, "rule"), "CUBE-9");
    ck_assert_ptr_nonnull(strstr(jstr(&r, "detail"), "beavers"));
    ck_assert_ptr_nonnull(strstr(jstr(&r, "detail"), "CUBE-9"));
    res_free(&r);
    swing_unchanged(epath, &before, "a record allowing beavers");
    swing_snap_free(&before);
    /* the real transcript: side a (North, the file's first player) wins 2 x 2 x 100 */
    body = json_pack("{s:s, s:s}", "mat", mat, "order", "ab");
    b = json_dumps(body, 0);
    match_post(tid, mid, "/verify", &S, b, &r);
    free(b);
    json_decref(body);
    free(mat);
    ck_assert_msg(r.status == 200, "%ld %s", r.status, r.body);
    ck_assert_str_eq(jstr(&r, "winner"), "a");
    res_free(&r);
    long long a = !strcmp(side, "a") ? p[0] : p[1], bp = a == p[0] ? p[1] : p[0];
    get_board(epath, &r);
    ck_assert_int_eq(chips_of(&r, a), 1400);
    ck_assert_int_eq(chips_of(&r, bp), 600);
    res_free(&r);
    get_ledger(epath, a, &r);
    ck_assert_int_eq(row_int(&r, 1, "change"), 400);
    ck_assert_msg(strstr(row_why(&r, 1), "by a gammon (x2) with the cube at 2: 4 points x 100"),
                  "%s", row_why(&r, 1));
    res_free(&r);
}
END_TEST

/* SWING-4 over HTTP, the default ("short_stack"): a player who cannot cover the CPP plays
 * for their stack. Round 1 (CPP 800): A wins a single, A 1800, B 200. Round 2 (CPP 2000):
 * B, short, wins a gammon with the cube at 2: 2 x 2 x 200 = 800 (not 8,000). Another
 * event: the short stack loses a backgammon, 3 x 200 = 600, but pays only its 200 and is
 * out. The ledger's rows say all-in. */
START_TEST(test_SWING4_all_in_short_stack_over_http)
{
    char epath[128];
    long long p[2];
    long long tid =
        make_swing(2, "{\"start_chips\": 1000, \"cpp\": [800, 2000]}", epath, sizeof epath, p);
    const char *sa;
    long long mid = next_game(epath, p[0], &sa);
    verify_game(tid, mid, sa, 1, "single");
    struct res r;
    get_board(epath, &r);
    ck_assert_int_eq(chips_of(&r, p[0]), 1800);
    ck_assert_int_eq(chips_of(&r, p[1]), 200);
    res_free(&r);
    const char *sb;
    mid = next_game(epath, p[1], &sb);
    verify_game(tid, mid, sb, 2, "gammon");
    get_board(epath, &r);
    ck_assert_int_eq(jint(&r, "cpp"), 2000);
    ck_assert_int_eq(chips_of(&r, p[0]), 1000);
    ck_assert_int_eq(chips_of(&r, p[1]), 1000);
    ck_assert_int_eq(jint(&r, "total_chips"), 2000);
    res_free(&r);
    get_ledger(epath, p[1], &r);
    ck_assert_int_eq(row_int(&r, 2, "change"), 800);
    ck_assert_msg(strstr(row_why(&r, 2), "4 points x 200 chips per point (all-in, SWING-4"), "%s",
                  row_why(&r, 2));
    res_free(&r);

    long long q[2];
    tid = make_swing(2, "{\"start_chips\": 1000, \"cpp\": [800, 2000]}", epath, sizeof epath, q);
    mid = next_game(epath, q[0], &sa);
    verify_game(tid, mid, sa, 1, "single");
    mid = next_game(epath, q[0], &sa);
    verify_game(tid, mid, sa, 1, "backgammon");
    get_board(epath, &r);
    ck_assert_int_eq(chips_of(&r, q[0]), 2000);
    ck_assert_int_eq(chips_of(&r, q[1]), 0);
    ck_assert_str_eq(status_of(&r, q[1]), "out");
    ck_assert_str_eq(jstr(&r, "state"), "finished");
    ck_assert_int_eq(jint(&r, "champion"), q[0]);
    res_free(&r);
    get_ledger(epath, q[1], &r);
    ck_assert_int_eq(row_int(&r, 2, "change"), -200);
    ck_assert_int_eq(row_int(&r, 2, "balance"), 0);
    ck_assert_msg(strstr(row_why(&r, 2), "= 600, capped at the 200 chips"), "%s", row_why(&r, 2));
    res_free(&r);
}
END_TEST

/* SWING-4 with "allin": "cpp": the stake per point stays the CPP even against a short
 * stack; only the loser's holdings cap what moves. Round 1 (CPP 800): A wins, A 1800,
 * B 200. Round 2 (CPP 2000): B wins a single: 2000, capped at A's 1800; B holds all. */
START_TEST(test_SWING4_all_in_cpp_setting_over_http)
{
    char epath[128];
    long long p[2];
    long long tid =
        make_swing(2, "{\"start_chips\": 1000, \"cpp\": [800, 2000], \"allin\": \"cpp\"}", epath,
                   sizeof epath, p);
    const char *s0;
    long long mid = next_game(epath, p[0], &s0);
    verify_game(tid, mid, s0, 1, "single");
    const char *s1;
    mid = next_game(epath, p[1], &s1);
    verify_game(tid, mid, s1, 1, "single");
    struct res r;
    get_board(epath, &r);
    ck_assert_int_eq(chips_of(&r, p[1]), 2000);
    ck_assert_int_eq(chips_of(&r, p[0]), 0);
    ck_assert_str_eq(jstr(&r, "state"), "finished");
    res_free(&r);
    get_ledger(epath, p[0], &r);
    ck_assert_int_eq(row_int(&r, 2, "change"), -1800);
    ck_assert_msg(strstr(row_why(&r, 2), "1 point x 2000 chips per point (the round's CPP"), "%s",
                  row_why(&r, 2));
    ck_assert_msg(strstr(row_why(&r, 2), "capped at the 1800 chips"), "%s", row_why(&r, 2));
    res_free(&r);
}
END_TEST

/* The tournament's audit log as the TD reads it (every entry). */
static char *audit_body(long long tid)
{
    char path[160];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/audit?limit=1000", tid);
    struct res r;
    td(&S, "GET", path, NULL, &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    char *b = strdup(r.body);
    res_free(&r);
    return b;
}

/* Refused Swing requests change nothing (issue 6, bad input): with round 1 under way and
 * one of its games decided, each refusal below leaves the leaderboard, the chip ledger,
 * the event and the audit log byte-equal to what they were. */
START_TEST(test_SWING_refusals_change_nothing)
{
    char epath[128], path[160];
    long long p[4];
    long long tid =
        make_swing(4, "{\"start_chips\": 1000, \"cpp\": [100, 200]}", epath, sizeof epath, p);
    struct res r;
    snprintf(path, sizeof path, "%s/swing/rounds", epath);
    td(&S, "POST", path, "{\"seed\": \"refusals\"}", &r);
    ck_assert_int_eq(r.status, 201);
    json_t *games = json_object_get(r.json, "games");
    long long g1 = json_integer_value(json_object_get(json_array_get(games, 0), "id"));
    long long g2 = json_integer_value(json_object_get(json_array_get(games, 1), "id"));
    res_free(&r);
    verify_game(tid, g1, "a", 2, "gammon");
    struct swing_snap before;
    swing_snap(epath, &before);
    char *audit = audit_body(tid);
    static const struct {
        const char *what, *method, *tail, *body;
        long status;
        const char *says;
    } refusals[] = {
        /* SWING-2: the next round waits for this one's games */
        {"a round while the previous is open", "POST", "rounds", NULL, 409, "round 1"},
        {"a cube of 3", "POST", "g2/verify",
         "{\"game\": {\"winner\": \"b\", \"cube\": 3, \"result\": \"single\"}}", 422, "cube"},
        {"a score for a Swing game", "POST", "g2/verify", "{\"score\": {\"a\": 1, \"b\": 0}}", 422,
         "game"},
        {"a length for a Swing game", "PATCH", "g2", "{\"length\": 7}", 409, "SWING-2"},
        {"a correction of an undecided game", "POST", "g2/correct",
         "{\"game\": {\"winner\": \"a\", \"cube\": 1, \"result\": \"single\"}, \"reason\": "
         "\"x\"}",
         409, "verify it instead"},
        {"a second verdict on a decided game", "POST", "g1/verify",
         "{\"game\": {\"winner\": \"b\", \"cube\": 1, \"result\": \"single\"}}", 409, "correct"},
    };
    for (size_t i = 0; i < sizeof refusals / sizeof refusals[0]; i++) {
        char rpath[192];
        const char *tail = refusals[i].tail;
        if (!strcmp(tail, "rounds"))
            snprintf(rpath, sizeof rpath, "%s/swing/rounds", epath);
        else
            snprintf(rpath, sizeof rpath, "/api/v1/tournaments/%lld/matches/%lld%s", tid,
                     tail[1] == '1' ? g1 : g2, tail + 2);
        td(&S, refusals[i].method, rpath, refusals[i].body, &r);
        ck_assert_msg(problem_is(&r, refusals[i].status), "%s: %ld %s", refusals[i].what, r.status,
                      r.body);
        ck_assert_msg(strstr(jstr(&r, "detail"), refusals[i].says) ||
                          strstr(r.body, refusals[i].says),
                      "%s: %s", refusals[i].what, r.body);
        res_free(&r);
        swing_unchanged(epath, &before, refusals[i].what);
        char *now = audit_body(tid);
        ck_assert_msg(!strcmp(audit, now), "%s wrote to the audit log", refusals[i].what);
        free(now);
    }
    /* a round started by someone who is not the TD */
    req(&S, "POST", path, NULL, (const char *[]){"X-Crawford: 1", NULL}, &r);
    ck_assert_msg(r.status == 401 || r.status == 403, "%ld %s", r.status, r.body);
    res_free(&r);
    swing_unchanged(epath, &before, "a round started without the TD");
    free(audit);
    swing_snap_free(&before);
}
END_TEST

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
    match_post(tid, m1, "/correct", &S,
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
    match_post(tid, mid, "/forfeit", &S, "{\"winner\": \"a\", \"reason\": \"no show\"}", &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    ck_assert_str_eq(jstr(&r, "state"), "forfeited");
    ck_assert_int_eq(json_integer_value(json_object_get(json_object_get(r.json, "score"), "a")), 1);
    res_free(&r);
    get_board(epath, &r);
    ck_assert_int_eq(chips_of(&r, a), 1100);
    ck_assert_int_eq(chips_of(&r, b), 900);
    res_free(&r);
    /* corrected to a gammon for b: the ledger is replayed from the start */
    match_post_ok(tid, mid, "/correct",
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
    match_post(tid, mid2, "/withdraw", &S, body, &r);
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
    match_post(tid, mid2, "/forfeit", &S, body, &r);
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
    match_post(tid, m1, "/report", &as[a1], "{\"score\": {\"a\": 1, \"b\": 0}}", &r);
    ck_assert_msg(problem_is(&r, 422), "%ld %s", r.status, r.body);
    ck_assert_ptr_nonnull(strstr(jstr(&r, "detail"), "one game"));
    json_t *err0 = json_array_get(json_object_get(r.json, "errors"), 0);
    ck_assert_str_eq(json_string_value(json_object_get(err0, "field")), "score");
    res_free(&r);
    /* MATCH-7 does not apply: a Swing game is one money-style game, reported, not conceded;
     * the leaderboard and ledger read the same after the refusal */
    struct swing_snap snap;
    swing_snap(epath, &snap);
    match_post(tid, m1, "/report", &as[a1], "{\"concede\": true}", &r);
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
    match_post(tid, m1, "/report", &as[a1],
               "{\"game\": {\"winner\": \"a\", \"cube\": 4, \"result\": \"gammon\"}}", &r);
    ck_assert_msg(problem_is(&r, 409), "%ld %s", r.status, r.body);
    ck_assert_ptr_nonnull(strstr(jstr(&r, "detail"), "round 1"));
    ck_assert_ptr_nonnull(strstr(jstr(&r, "detail"), "round 2"));
    res_free(&r);
    match_post(tid, m1, "/confirm", &as[b1], NULL, &r);
    ck_assert(problem_is(&r, 409));
    ck_assert_ptr_nonnull(strstr(jstr(&r, "detail"), "round 2"));
    res_free(&r);
    match_post(tid, m1, "/games", &as[a1],
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
    match_post(tid, m3, "/report", &as[a3],
               "{\"game\": {\"winner\": \"b\", \"cube\": 1, \"result\": \"single\"}}", &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    res_free(&r);
    match_post(tid, m3, "/confirm", &as[b3], NULL, &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    ck_assert_str_eq(jstr(&r, "state"), "verified");
    res_free(&r);
    /* and the TD still decides the earlier round's game */
    match_post(tid, m1, "/verify", &S,
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
    Suite *s = suite_create("http_swing");
    TCase *tc = tcase_create("swing");
    tcase_add_unchecked_fixture(tc, srv_up, srv_down);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_SWING5_settings_refused);
    tcase_add_test(tc, test_SWING3_chips_move_and_round_rules);
    tcase_add_test(tc, test_KO2_swing_seed_as_a_number);
    tcase_add_test(tc, test_SWING4_correction_replays_ledger);
    tcase_add_test(tc, test_SWING4_correction_reports_player_wrongly_left_out);
    tcase_add_test(tc, test_SWING2_length_of_a_swing_game_refused);
    tcase_add_test(tc, test_SWING3_forfeit_and_withdrawal_move_one_point);
    tcase_add_test(tc, test_SWING4_forfeit_capped_by_all_in);
    tcase_add_test(tc, test_SWING2_reports_only_in_the_current_round);
    tcase_add_test(tc, test_SWING3_ledger_says_why_each_chip_moved);
    tcase_add_test(tc, test_SWING2_transcript_moves_chips_and_beaver_refused);
    tcase_add_test(tc, test_SWING4_all_in_short_stack_over_http);
    tcase_add_test(tc, test_SWING4_all_in_cpp_setting_over_http);
    tcase_add_test(tc, test_SWING_refusals_change_nothing);
    tcase_add_test(tc, test_SWING_whole_event_of_11_players);
    tcase_add_test(tc, test_PLACE1_swing_placed_by_its_standings);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
