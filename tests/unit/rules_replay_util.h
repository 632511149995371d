/* Helpers shared by the cube, game and match suites: events built from short text, games
 * started in a chosen position. Header-only (static inline) so each suite stays one file. */
#ifndef RULES_REPLAY_UTIL_H
#define RULES_REPLAY_UTIL_H

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "rules/bg_game.h"
#include "rules/bg_match.h"

/* A roll and its play, steps written "24/18 13/9" (numbers only, 25 bar, 0 off). */
static inline bg_action ev_move(int side, int d1, int d2, const char *steps)
{
    bg_action a;
    memset(&a, 0, sizeof a);
    a.type = BG_ACT_MOVE;
    a.side = (uint8_t)side;
    a.d1 = (uint8_t)d1;
    a.d2 = (uint8_t)d2;
    const char *p = steps;
    while (p && *p && a.n < 4) {
        char *end;
        long f = strtol(p, &end, 10);
        if (end == p || *end != '/') break;
        long t = strtol(end + 1, &end, 10);
        a.steps[a.n].from = (int8_t)f;
        a.steps[a.n].to = (int8_t)t;
        a.n++;
        while (*end == '*' || *end == ' ')
            end++;
        p = end;
    }
    return a;
}

static inline bg_action ev(int type, int side, int value)
{
    bg_action a;
    memset(&a, 0, sizeof a);
    a.type = (uint8_t)type;
    a.side = (uint8_t)side;
    a.value = value;
    return a;
}

static inline bg_game_ctx ctx_match(int length, int s0, int s1, int crawford, int post)
{
    bg_game_ctx c;
    memset(&c, 0, sizeof c);
    c.number = 1;
    c.names[0] = "Alice";
    c.names[1] = "Bob";
    c.rules.match_length = length;
    c.score[0] = s0;
    c.score[1] = s1;
    c.crawford = crawford;
    c.post_crawford = post;
    return c;
}

/* Applies an event that must be accepted. */
static inline void ok(bg_game *g, bg_action a)
{
    bg_err e;
    memset(&e, 0, sizeof e);
    int rc = bg_game_apply(g, &a, NULL, &e);
    ck_assert_msg(rc == 0, "refused: %s", e.message);
}

/* Applies an event that must be refused under `rule`; returns the error. */
static inline bg_err refused(bg_game *g, bg_action a, const char *rule)
{
    bg_err e;
    memset(&e, 0, sizeof e);
    bg_game before = *g;
    int rc = bg_game_apply(g, &a, NULL, &e);
    ck_assert_msg(rc != 0, "accepted, expected %s", rule);
    ck_assert_msg(!strcmp(e.rule, rule), "rule %s, expected %s: %s", e.rule, rule, e.message);
    /* A refused event leaves the game as it was. */
    ck_assert(!memcmp(&before.pos, &g->pos, sizeof g->pos));
    ck_assert_int_eq(before.phase, g->phase);
    ck_assert_int_eq(before.cube.value, g->cube.value);
    ck_assert_int_eq(before.cube.owner, g->cube.owner);
    return e;
}

/* Starts a game and plays the opening 3-1 (8/5 6/5) for `first`. */
static inline void start_opened(bg_game *g, const bg_game_ctx *c, int first)
{
    bg_err e;
    ck_assert_int_eq(bg_game_start(g, c, 0, &e), 0);
    ok(g, ev_move(first, 3, 1, "8/5 6/5"));
}

/* A position from the view of the side on roll: me[i] and opp[i] as given (26 each). */
static inline bg_board board_of(const int me[26], const int opp[26])
{
    bg_board b;
    for (int i = 0; i < 26; i++) {
        b.me[i] = (uint8_t)me[i];
        b.opp[i] = (uint8_t)opp[i];
    }
    return b;
}

/* Puts side `turn` on roll in position b (its view), as if the game had reached it. */
static inline void set_position(bg_game *g, int turn, bg_board b)
{
    char msg[128];
    ck_assert_msg(bg_board_check(&b, msg, sizeof msg) == 0, "bad test position: %s", msg);
    g->pos = b;
    g->turn = turn;
    g->phase = BG_PH_ROLL;
}

/* Plays the first legal play of d1-d2 for `side` (who must be on roll). */
static inline void play_legal(bg_game *g, int side, int d1, int d2)
{
    bg_playlist *pl = malloc(sizeof *pl);
    ck_assert_ptr_nonnull(pl);
    bg_legal_plays(&g->pos, d1, d2, pl);
    bg_action a = ev_move(side, d1, d2, "");
    if (pl->n > 0) {
        a.n = pl->plays[0].n;
        memcpy(a.steps, pl->plays[0].steps, sizeof a.steps);
    }
    free(pl);
    ok(g, a);
}

#endif
