/* The Swing suites' fixture (test_http_swing*.c): an event of n players, its rounds and
 * verified games, the leaderboard, and snapshots to show that a refusal changed nothing. */
#include "swing_fx.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A tournament with n players entered in a Swing event; returns the event path. With
 * pins, each player's PIN is kept there (pins[i], 8 bytes) for a player login. */
long long make_swing_pins(int n, const char *swing_json, char *epath, size_t len,
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

long long make_swing(int n, const char *swing_json, char *epath, size_t len, long long *players)
{
    return make_swing_pins(n, swing_json, epath, len, players, NULL);
}

/* ---- helpers for the tests below ---- */

/* The player id of side 0 (a) or 1 (b) of a game of a round's reply. */
long long side_player(json_t *game, int side)
{
    return json_integer_value(
        json_object_get(json_array_get(json_object_get(game, "sides"), (size_t)side), "player_id"));
}

/* The leaderboard's row of a player. */
json_t *board_row(struct res *r, long long pid)
{
    json_t *pl = json_object_get(r->json, "players");
    for (size_t i = 0; i < json_array_size(pl); i++)
        if (json_integer_value(json_object_get(json_array_get(pl, i), "player_id")) == pid)
            return json_array_get(pl, i);
    ck_abort_msg("player %lld not on the leaderboard", pid);
    return NULL;
}

long long chips_of(struct res *r, long long pid)
{
    return json_integer_value(json_object_get(board_row(r, pid), "chips"));
}

const char *status_of(struct res *r, long long pid)
{
    return json_string_value(json_object_get(board_row(r, pid), "status"));
}

/* The TD's POST of tail on match mid (e.g. "correct"), which must answer 200. */
void match_post_ok(long long tid, long long mid, const char *tail, const char *body)
{
    struct res r;
    match_op(&S, tid, mid, "POST", tail, body, &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    res_free(&r);
}

/* The TD starts the next round of the Swing at epath (body: the request's, or NULL), which
 * must answer 201; its first game. */
struct game start_round(const char *epath, const char *body)
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
void verify_game(long long tid, long long mid, const char *winner, int cube, const char *result)
{
    char body[160];
    snprintf(body, sizeof body,
             "{\"game\": {\"winner\": \"%s\", \"cube\": %d, \"result\": \"%s\"}}", winner, cube,
             result);
    match_post_ok(tid, mid, "verify", body);
}

void get_board(const char *epath, struct res *r)
{
    char path[160];
    snprintf(path, sizeof path, "%s/swing", epath);
    req(&S, "GET", path, NULL, NULL, r);
    ck_assert_int_eq(r->status, 200);
}

char *get_body(const char *path)
{
    struct res r;
    req(&S, "GET", path, NULL, NULL, &r);
    ck_assert_msg(r.status == 200, "%s: %ld %s", path, r.status, r.body);
    char *b = strdup(r.body);
    res_free(&r);
    return b;
}

void swing_snap(const char *epath, struct swing_snap *s)
{
    char path[192];
    snprintf(path, sizeof path, "%s/swing", epath);
    s->board = get_body(path);
    snprintf(path, sizeof path, "%s/swing/ledger", epath);
    s->ledger = get_body(path);
    s->event = get_body(epath);
}

void swing_snap_free(struct swing_snap *s)
{
    free(s->board);
    free(s->ledger);
    free(s->event);
}

/* Asserts the leaderboard, the ledger and the event are byte-equal to `before`. */
void swing_unchanged(const char *epath, struct swing_snap *before, const char *what)
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
