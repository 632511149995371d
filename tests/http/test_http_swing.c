/* HTTP tests of Swing events (SWING-1..6), the chips: settings refusals, chips moving with
 * verified games and transcripts, the ledger, the all-in cap, corrections replaying the
 * ledger, and refusals changing nothing. Rounds, forfeits and placings:
 * test_http_swing_rounds.c; the fixture: support/swing_fx.c. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/swing_fx.h"
#include "../check_main.h"

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
    match_op(&S, tid, mid, "POST", "correct",
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
    match_post_ok(tid, mid, "correct",
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
    match_op(&S, tid, mid, "POST", "verify", b, &r);
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
    match_op(&S, tid, mid, "POST", "verify", beaver_after_take, &r);
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
    match_op(&S, tid, mid, "POST", "verify", beaver_rules, &r);
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
    match_op(&S, tid, mid, "POST", "verify", b, &r);
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
    tcase_add_test(tc, test_SWING3_ledger_says_why_each_chip_moved);
    tcase_add_test(tc, test_SWING2_transcript_moves_chips_and_beaver_refused);
    tcase_add_test(tc, test_SWING4_all_in_short_stack_over_http);
    tcase_add_test(tc, test_SWING4_all_in_cpp_setting_over_http);
    tcase_add_test(tc, test_SWING_refusals_change_nothing);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
