/* The doubling cube (CUBE-1..10), the options of play and the points of a finished game
 * (ENG-7, ENG-8, CUBE-5). Messages are clauses; bg_game.c says who and where. */
#include <stdio.h>
#include <string.h>

#include "rules/bg_cube.h"

static int fail(bg_err *err, const char *rule, const char *msg)
{
    if (err) {
        snprintf(err->rule, sizeof err->rule, "%s", rule);
        snprintf(err->message, sizeof err->message, "%s", msg);
    }
    return -1;
}

int bg_rules_check(const bg_rules *r, bg_err *err)
{
    if (r->match_length < 0 || r->match_length > BG_LENGTH_MAX)
        return fail(err, "MATCH-1",
                    "the match length must be between 1 and 10000 points, or 0 "
                    "for money play");
    if (r->policy != BG_POLICY_LEGAL && r->policy != BG_POLICY_RESPONSIBLE)
        return fail(err, "MATCH-6", "the illegal-move policy must be legal or responsible");
    if (r->auto_doubles < 0 || r->beavers < 0 || r->auto_doubles > 16 || r->beavers > 16)
        return fail(err, "CUBE-9", "automatic doubles and beavers are counts from 0 to 16");
    /* CUBE-9: the money options are not allowed in tournament matches nor in Swing games. */
    if ((r->match_length > 0 || r->swing) && (r->auto_doubles || r->beavers || r->jacoby)) {
        const char *what = r->auto_doubles ? "automatic doubles"
                           : r->beavers    ? "beavers"
                                           : "the Jacoby rule";
        char msg[160];
        snprintf(msg, sizeof msg, "%s %s money play only, not allowed in %s", what,
                 r->jacoby && !r->auto_doubles && !r->beavers ? "is" : "are",
                 r->swing ? "Swing games" : "tournament matches");
        return fail(err, "CUBE-9", msg);
    }
    return 0;
}

void bg_cube_init(bg_cube *c, int auto_doubles)
{
    memset(c, 0, sizeof *c);
    c->value = 1; /* CUBE-1: centred, "64" face up, worth 1 */
    c->owner = -1;
    c->doubler = c->keeper = -1;
    for (int i = 0; i < auto_doubles && c->value < BG_CUBE_MAX; i++)
        c->value *= 2; /* automatic doubles leave the cube in the centre */
}

int bg_cube_valid_value(long long v)
{
    return v >= 1 && v <= BG_CUBE_MAX && (v & (v - 1)) == 0;
}

int bg_cube_dead(const bg_cube *c, const bg_cube_ctx *x, int side)
{
    const bg_rules *r = x->rules;
    /* WBGF 4.4 vii speaks of a cube the player *holds*: a centred cube is never dead. */
    return r->match_length > 0 && c->owner == side &&
           (long long)x->score[side] + c->value >= r->match_length;
}

int bg_cube_double(bg_cube *c, const bg_cube_ctx *x, int side, bg_err *err)
{
    const bg_rules *r = x->rules;
    char msg[200];
    if (c->offered) return fail(err, "CUBE-3", "doubles while a double waits for an answer");
    if (r->match_length > 0 && x->crawford)
        return fail(err, "CUBE-6",
                    "doubles in the Crawford game, where no cube action is "
                    "allowed");
    if (c->owner == 1 - side) {
        /* After a take the cube belongs to the taker, so this is also CUBE-4's "no side may
         * double twice in a row". */
        return fail(err, "CUBE-4", "doubles, but the opponent owns the cube");
    }
    if (bg_cube_dead(c, x, side)) {
        snprintf(msg, sizeof msg,
                 "redoubles a dead cube: holding it at %d already wins the %d-point match "
                 "from %d",
                 c->value, r->match_length, x->score[side]);
        return fail(err, "CUBE-7", msg);
    }
    if (r->match_length > 0 && r->holland && x->post_crawford &&
        x->score[side] < x->score[1 - side] && x->rolls[side] < 2) {
        return fail(err, "CUBE-10",
                    "doubles before its third turn after the Crawford game, "
                    "which the Holland rule forbids to the trailer");
    }
    if (c->value >= BG_CUBE_MAX)
        return fail(err, "CUBE-2",
                    "doubles a cube that is already at the highest value the "
                    "engine accepts");
    c->offered = c->value * 2;
    c->doubler = side;
    c->keeper = 1 - side;
    c->beavers = 0;
    c->turned = 1;
    return 0;
}

/* The side that must answer the offer on the table. */
static int answerer(const bg_cube *c)
{
    return 1 - c->doubler;
}

int bg_cube_take(bg_cube *c, int side, bg_err *err)
{
    if (!c->offered) return fail(err, "CUBE-3", "takes, but no double was offered");
    if (side != answerer(c)) return fail(err, "CUBE-3", "takes its own double");
    c->value = c->offered;
    c->owner = c->keeper; /* CUBE-3/4: the taker owns the cube */
    c->offered = 0;
    c->doubler = -1;
    c->beavers = 0;
    return 0;
}

int bg_cube_drop(bg_cube *c, int side, int *points, bg_err *err)
{
    if (!c->offered) return fail(err, "CUBE-3", "drops, but no double was offered");
    if (side != answerer(c)) return fail(err, "CUBE-3", "drops its own double");
    /* CUBE-3: the doubler wins the value before the refused offer (after a beaver, the value
     * the beaver accepted). */
    *points = c->offered / 2;
    c->value = c->offered / 2;
    c->offered = 0;
    return 0;
}

int bg_cube_beaver(bg_cube *c, const bg_cube_ctx *x, int side, bg_err *err)
{
    const bg_rules *r = x->rules;
    if (!c->offered) return fail(err, "CUBE-9", "beavers, but no double was offered");
    if (side != answerer(c)) return fail(err, "CUBE-9", "beavers its own double");
    if (r->match_length > 0 || r->swing || r->beavers == 0)
        return fail(err, "CUBE-9",
                    "beavers: beavers (and raccoons, otters) are money play only "
                    "and not allowed here");
    if (c->beavers >= r->beavers) {
        char msg[120];
        snprintf(msg, sizeof msg, "beavers again: only %d immediate redouble%s in a row %s allowed",
                 r->beavers, r->beavers == 1 ? "" : "s", r->beavers == 1 ? "is" : "are");
        return fail(err, "CUBE-9", msg);
    }
    if (c->offered >= BG_CUBE_MAX)
        return fail(err, "CUBE-9",
                    "beavers a cube that is already at the highest value the "
                    "engine accepts");
    /* The beaver accepts the offer and turns the cube once more; the original doubler now
     * answers as for a normal double, and the cube keeps its keeper (001). */
    c->offered *= 2;
    c->doubler = side;
    c->beavers++;
    return 0;
}

int bg_result_multiplier(const bg_board *w)
{
    if (w->opp[0] > 0) return 1; /* the loser bore a checker off: single game */
    /* Backgammon: a loser's checker on the bar or in the winner's home board (mover's 1..6). */
    if (w->opp[BG_BAR] > 0) return 3;
    for (int p = 1; p <= 6; p++)
        if (w->opp[p] > 0) return 3;
    return 2;
}

int bg_resign_max_level(const bg_board *rv, const bg_rules *r, const bg_cube *c)
{
    if (rv->me[0] > 0)
        return 1; /* ENG-7: a side that bore a checker off can lose a single game only */
    if (r->jacoby && r->match_length == 0 && !c->turned) return 1;
    return 3;
}
