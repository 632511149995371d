/* Game replay: applies a game's events one by one under the rules of DOMAIN.md and says who
 * won, how and for how many points, or which event is the first illegal one and why. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/bg_game.h"
#include "rules/bg_movegen.h"
#include "rules/bg_notation.h"

int bg_game_rec_push(bg_game_rec *g, const bg_action *a)
{
    if (g->n_act == g->cap_act) {
        int cap = g->cap_act ? g->cap_act * 2 : 64;
        bg_action *v = realloc(g->act, (size_t)cap * sizeof *v);
        if (!v) return -1;
        g->act = v;
        g->cap_act = cap;
    }
    g->act[g->n_act++] = *a;
    return 0;
}

void bg_game_rec_free(bg_game_rec *g)
{
    free(g->act);
    g->act = NULL;
    g->n_act = g->cap_act = 0;
}

void bg_notes_free(bg_notes *n)
{
    free(n->v);
    memset(n, 0, sizeof *n);
}

static void notes_push(bg_notes *n, const bg_err *e)
{
    if (!n) return;
    if (n->n == n->cap) {
        int cap = n->cap ? n->cap * 2 : 8;
        bg_err *v = realloc(n->v, (size_t)cap * sizeof *v);
        if (!v) {
            n->lost++; /* a remark is not worth failing the replay for */
            return;
        }
        n->v = v;
        n->cap = cap;
    }
    n->v[n->n++] = *e;
}

const char *bg_how_name(int how)
{
    switch (how) {
    case BG_HOW_SINGLE:
        return "single game";
    case BG_HOW_GAMMON:
        return "gammon";
    case BG_HOW_BACKGAMMON:
        return "backgammon";
    case BG_HOW_DROP:
        return "double dropped";
    case BG_HOW_RESIGN:
        return "resignation accepted";
    default:
        return "unfinished";
    }
}

void bg_play_text(char *buf, size_t len, const bg_step *steps, int n)
{
    size_t k = 0;
    if (!len) return;
    buf[0] = '\0';
    if (n <= 0) {
        snprintf(buf, len, "no play");
        return;
    }
    for (int i = 0; i < n && i < 4; i++) {
        char a[8], z[8];
        bg_point_name(a, sizeof a, steps[i].from);
        bg_point_name(z, sizeof z, steps[i].to);
        int w = snprintf(buf + k, len - k, "%s%s/%s", i ? " " : "", a, z);
        if (w < 0 || (size_t)w >= len - k) return;
        k += (size_t)w;
    }
}

static const char *side_name(const bg_game_ctx *c, int side)
{
    static const char *const dflt[2] = {"player 1", "player 2"};
    if (side < 0 || side > 1) return "?";
    return c->names[side] && c->names[side][0] ? c->names[side] : dflt[side];
}

/* snprintf at *k that never runs past the end, however long a name is. */
static void append(char *buf, size_t len, size_t *k, const char *fmt, ...)
{
    if (*k >= len - 1) return;
    va_list ap;
    va_start(ap, fmt);
    int w = vsnprintf(buf + *k, len - *k, fmt, ap);
    va_end(ap);
    if (w > 0) *k = *k + (size_t)w < len - 1 ? *k + (size_t)w : len - 1;
}

/* Fills err with where, who and a sentence: "Game 3, move 12, Bob: <clause> (RULE)". The rule
 * is not repeated when the clause already names it (the play checker writes it). */
static void say(const bg_game_ctx *c, bg_err *err, int move, int side, const char *rule,
                const char *fmt, ...)
{
    char clause[224];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(clause, sizeof clause, fmt, ap);
    va_end(ap);
    if (!err) return;
    err->game = c->number;
    err->move = move;
    err->side = side;
    snprintf(err->rule, sizeof err->rule, "%s", rule);
    char where[160] = "";
    size_t k = 0;
    if (c->number > 0) append(where, sizeof where, &k, "Game %d", c->number);
    if (move > 0) append(where, sizeof where, &k, k ? ", move %d" : "Move %d", move);
    if (side == 0 || side == 1)
        append(where, sizeof where, &k, "%s%s", k ? ", " : "", side_name(c, side));
    int has_rule = rule[0] && strstr(clause, rule) != NULL;
    size_t m = 0;
    err->message[0] = '\0';
    append(err->message, sizeof err->message, &m, "%s%s", where, where[0] ? ": " : "");
    append(err->message, sizeof err->message, &m, "%s", clause);
    if (!has_rule) append(err->message, sizeof err->message, &m, " (%s)", rule);
}

int bg_game_start(bg_game *g, const bg_game_ctx *ctx, int auto_doubles, bg_err *err)
{
    memset(g, 0, sizeof *g);
    g->ctx = *ctx;
    g->turn = -1;
    g->phase = BG_PH_START;
    g->resigner = -1;
    bg_board_init(&g->pos);
    bg_err rerr;
    if (bg_rules_check(&ctx->rules, &rerr) != 0) {
        say(ctx, err, 0, -1, rerr.rule, "%s", rerr.message);
        return -1;
    }
    if (auto_doubles < 0 || auto_doubles > ctx->rules.auto_doubles) {
        say(ctx, err, 0, -1, "CUBE-9",
            auto_doubles < 0 || !ctx->rules.auto_doubles
                ? "automatic doubles are money play only and are not allowed here"
                : "more automatic doubles than the %d the session allows",
            ctx->rules.auto_doubles);
        g->phase = BG_PH_OVER;
        return -1;
    }
    bg_cube_init(&g->cube, auto_doubles);
    return 0;
}

static void cube_ctx(const bg_game *g, bg_cube_ctx *x)
{
    x->rules = &g->ctx.rules;
    x->score[0] = g->ctx.score[0];
    x->score[1] = g->ctx.score[1];
    x->crawford = g->ctx.crawford;
    x->post_crawford = g->ctx.post_crawford;
    x->rolls[0] = g->rolls[0];
    x->rolls[1] = g->rolls[1];
}

/* ENG-9: both sides on the bar against closed boards. The mover (me) enters on 19..24 of its
 * numbering; the opponent enters on the mover's 1..6. */
static int deadlocked(const bg_board *b)
{
    if (!b->me[BG_BAR] || !b->opp[BG_BAR]) return 0;
    for (int p = 1; p <= 6; p++)
        if (b->me[p] < 2 || b->opp[25 - p] < 2) return 0;
    return 1;
}

/* Under Responsible Moves a play stands if it is physically possible (MATCH-6): the mover's
 * own checkers, forward, onto points that exist and are not held by two opposing checkers.
 * The written order is tried first, then highest point first. */
static int apply_physically(const bg_board *from, const bg_step *st, int n, bg_board *out)
{
    bg_board b = *from;
    int ok = 1;
    for (int i = 0; i < n && ok; i++)
        ok = bg_apply_step(&b, st[i].from, st[i].to, NULL) == 0;
    if (!ok) {
        bg_step s[4];
        memcpy(s, st, (size_t)n * sizeof *s);
        for (int i = 1; i < n; i++)
            for (int j = i; j > 0 && s[j].from > s[j - 1].from; j--) {
                bg_step t = s[j];
                s[j] = s[j - 1];
                s[j - 1] = t;
            }
        b = *from;
        ok = 1;
        for (int i = 0; i < n && ok; i++)
            ok = bg_apply_step(&b, s[i].from, s[i].to, NULL) == 0;
    }
    if (ok) *out = b;
    return ok ? 0 : -1;
}

/* Is some step of a longer than any die can move it (a bear-off: than the larger die)? */
static int has_combined_step(const bg_action *a)
{
    int hi = a->d1 > a->d2 ? a->d1 : a->d2;
    for (int i = 0; i < a->n && i < 4; i++) {
        int from = a->steps[i].from, to = a->steps[i].to, pips = from - to;
        if (to == BG_OFF ? from > hi : pips != a->d1 && pips != a->d2) return 1;
    }
    return 0;
}

/* Checks a written play. Programs other than gnubg write one checker moved by both dice (or
 * by several of a double) as one step: "22/13" for 6-3, "bar/21" for 3-1, "13/5(2)" for 4-4.
 * When the steps as written are not a legal play and one of them is such a step, they are
 * read as checker paths and each is split through whichever intermediate points make the
 * play legal (ENG-3: the checker touches down there, so each must be open); what the writer
 * meant is then checked like any play. The error is the one about the play as split. */
static int check_written(const bg_board *pos, const bg_action *a, bg_board *after, bg_err *perr)
{
    if (bg_check_play(pos, a->d1, a->d2, a->steps, a->n, after, perr) == 0) return 0;
    if (!has_combined_step(a)) return -1;
    bg_written w;
    memset(&w, 0, sizeof w);
    for (int i = 0; i < a->n && i < 4; i++) {
        bg_path *pa = &w.path[w.n++];
        pa->pts[0] = a->steps[i].from;
        pa->pts[1] = a->steps[i].to;
        pa->hit[1] = (uint8_t)((a->stars >> i) & 1u);
        pa->npts = 2;
        pa->count = 1;
    }
    return bg_resolve_play(pos, a->d1, a->d2, &w, NULL, after, perr);
}

static void finish(bg_game *g, int winner, int how, int mult, int cube)
{
    g->phase = BG_PH_OVER;
    g->out.winner = winner;
    g->out.how = how;
    g->out.mult = mult;
    g->out.cube = cube;
    g->out.points = mult * cube;
}

/* Where a phase other than the expected one stops an event. */
static int wrong_phase(bg_game *g, const bg_action *a, int move, bg_err *err)
{
    const char *other = side_name(&g->ctx, 1 - a->side);
    switch (g->phase) {
    case BG_PH_OVER:
        say(&g->ctx, err, move, a->side, "ENG-7", "the game was already over (%s won %d)",
            side_name(&g->ctx, g->out.winner), g->out.points);
        return -1;
    case BG_PH_CUBE:
        say(&g->ctx, err, move, a->side, "CUBE-3",
            "the double to %d must be taken or dropped before play goes on", g->cube.offered);
        return -1;
    case BG_PH_RESIGN:
        say(&g->ctx, err, move, a->side, "ENG-8",
            "a resignation offer must be accepted or rejected before play goes on");
        return -1;
    case BG_PH_START:
        say(&g->ctx, err, move, a->side, "ENG-2",
            "the game starts with the opening roll; nothing comes before it");
        return -1;
    default:
        say(&g->ctx, err, move, a->side, "ENG-2", "it is %s's turn", other);
        return -1;
    }
}

static int apply_move(bg_game *g, const bg_action *a, int move, bg_notes *notes, bg_err *err,
                      int roll_only)
{
    const bg_game_ctx *c = &g->ctx;
    int s = a->side;
    char play[64];
    if (g->phase == BG_PH_START) {
        if (a->d1 == a->d2) {
            say(c, err, move, s, "ENG-2",
                "the opening roll %d-%d is a double; equal opening dice are rolled again", a->d1,
                a->d2);
            return -1;
        }
        g->turn = s; /* the opening roll decides who moves first */
        g->phase = BG_PH_ROLL;
    } else if (g->phase != BG_PH_ROLL || s != g->turn) {
        if (g->phase == BG_PH_ROLL) {
            say(c, err, move, s, "ENG-2", "rolls, but it is %s's turn", side_name(c, g->turn));
            return -1;
        }
        return wrong_phase(g, a, move, err);
    }
    if (a->d1 < 1 || a->d1 > 6 || a->d2 < 1 || a->d2 > 6) {
        say(c, err, move, s, "ENG-3", "the dice %d-%d are not a roll: each die shows 1 to 6", a->d1,
            a->d2);
        return -1;
    }
    if (a->n > 4) {
        say(c, err, move, s, "ENG-3", "a play has at most four steps");
        return -1;
    }
    bg_board after = g->pos;
    bg_err perr = {0}, note = {0};
    int let_stand = 0;
    if (g->blind) {
        /* after a gap the position is unknown: the turn passes, nothing else is known */
        g->rolls[s]++;
        g->out.turns++;
        g->turn = 1 - s;
        return 0;
    }
    if (!roll_only && check_written(&g->pos, a, &after, &perr) != 0) {
        bg_play_text(play, sizeof play, a->steps, a->n);
        /* a play the record does not give is no play to let stand: bg_game_replay reads it */
        if (c->rules.policy == BG_POLICY_RESPONSIBLE && !a->unwritten &&
            apply_physically(&g->pos, a->steps, a->n, &after) == 0) {
            say(c, &note, move, s, perr.rule,
                "%d-%d: %s — %s; let stand under Responsible Moves "
                "(MATCH-6)",
                a->d1, a->d2, play, perr.message);
            let_stand = 1;
        } else if (c->rules.policy == BG_POLICY_RESPONSIBLE) {
            say(c, err, move, s, perr.rule,
                "%d-%d: %s — %s; not physically possible, so it "
                "cannot stand even under Responsible Moves (MATCH-6)",
                a->d1, a->d2, play, perr.message);
            return -1;
        } else {
            say(c, err, move, s, perr.rule, "%d-%d: %s — %s", a->d1, a->d2, play, perr.message);
            return -1;
        }
    }
    if (deadlocked(&after)) {
        bg_play_text(play, sizeof play, a->steps, a->n);
        say(c, err, move, s, "ENG-9",
            "%d-%d: %s leaves both sides on the bar against closed boards, which legal play "
            "cannot reach",
            a->d1, a->d2, play);
        return -1;
    }
    if (let_stand) {
        notes_push(notes, &note);
        g->out.illegal++;
    }
    g->rolls[s]++;
    g->out.turns++;
    if (after.me[BG_OFF] == 15) {
        int mult = bg_result_multiplier(&after);
        /* Jacoby (money only): no gammons while the cube was never turned. */
        if (c->rules.jacoby && c->rules.match_length == 0 && !g->cube.turned) mult = 1;
        g->pos = after;
        finish(g, s,
               mult == 1   ? BG_HOW_SINGLE
               : mult == 2 ? BG_HOW_GAMMON
                           : BG_HOW_BACKGAMMON,
               mult, g->cube.value);
        return 0;
    }
    bg_board_swap(&after);
    g->pos = after;
    g->turn = 1 - s;
    return 0;
}

/* ENG-8: an offer is accepted or rejected, and nothing lowers one accepted: it scores the
 * level offered, even a gammon or a backgammon offered after the resigner bore a checker off
 * (ENG-7 says what a game played to its end scores, not what an offer is worth). FIBS
 * scores a resignation so, and gnubg reads a .mat file so. It is kept as a remark, for the
 * TD. Only the Jacoby rule (money play) caps it, as it caps a game played out. rv is the
 * position seen by the resigner. */
static int resign_mult(bg_game *g, const bg_board *rv, int resigner, int level, int move,
                       bg_notes *notes)
{
    int max = bg_resign_max_level(rv, &g->ctx.rules, &g->cube);
    if (rv->me[BG_OFF] > 0 && level > 1) {
        bg_err note;
        say(&g->ctx, &note, move, resigner, "ENG-8",
            "resigns a %s (%d points) after bearing a checker off, when the game could only "
            "have been lost as a single game: the offer was accepted, so it stands as offered",
            level == 2 ? "gammon" : "backgammon", level * g->cube.value);
        notes_push(notes, &note);
        return level;
    }
    return level < max ? level : max;
}

/* CUBE-8: a double written at a wrong level is valid and corrected; it is kept as a remark. */
static void check_level(bg_game *g, const bg_action *a, int move, bg_notes *notes)
{
    if (a->value && a->value != g->cube.offered) {
        bg_err note;
        say(&g->ctx, &note, move, a->side, "CUBE-8",
            "%s to %d, but the next level is %d: valid, corrected to %d",
            a->type == BG_ACT_BEAVER ? "beavers" : "doubles", a->value, g->cube.offered,
            g->cube.offered);
        notes_push(notes, &note);
    }
}

int bg_game_apply(bg_game *g, const bg_action *a, bg_notes *notes, bg_err *err)
{
    int move = a->move ? a->move : g->n_done + 1;
    const bg_game_ctx *c = &g->ctx;
    bg_err cerr = {0};
    int s = a->side;
    bg_game saved;
    if (s > 1) {
        say(c, err, move, -1, "ENG-2", "an event names side %d; the sides are 0 and 1", s);
        return -1;
    }
    switch (a->type) {
    case BG_ACT_MOVE:
        saved = *g;
        if (apply_move(g, a, move, notes, err, 0) != 0) {
            *g = saved;
            return -1;
        }
        break;
    case BG_ACT_DOUBLE: {
        if (g->phase != BG_PH_ROLL) return wrong_phase(g, a, move, err);
        if (s != g->turn) {
            say(c, err, move, s, "CUBE-2",
                "doubles, but only the side on roll (%s) may double, before rolling",
                side_name(c, g->turn));
            return -1;
        }
        bg_cube_ctx x;
        cube_ctx(g, &x);
        if (bg_cube_double(&g->cube, &x, s, &cerr) != 0) {
            say(c, err, move, s, cerr.rule, "%s", cerr.message);
            return -1;
        }
        check_level(g, a, move, notes);
        g->out.doubles++;
        g->phase = BG_PH_CUBE;
        break;
    }
    case BG_ACT_TAKE:
    case BG_ACT_DROP:
    case BG_ACT_BEAVER: {
        if (g->phase != BG_PH_CUBE) {
            if (g->phase == BG_PH_ROLL || g->phase == BG_PH_START) {
                say(c, err, move, s, a->type == BG_ACT_BEAVER ? "CUBE-9" : "CUBE-3",
                    "%s, but no double was offered",
                    a->type == BG_ACT_TAKE   ? "takes"
                    : a->type == BG_ACT_DROP ? "drops"
                                             : "beavers");
                return -1;
            }
            return wrong_phase(g, a, move, err);
        }
        int doubler = g->cube.doubler, pts = 0, rc;
        if (a->type == BG_ACT_TAKE)
            rc = bg_cube_take(&g->cube, s, &cerr);
        else if (a->type == BG_ACT_DROP)
            rc = bg_cube_drop(&g->cube, s, &pts, &cerr);
        else {
            bg_cube_ctx x;
            cube_ctx(g, &x);
            rc = bg_cube_beaver(&g->cube, &x, s, &cerr);
        }
        if (rc != 0) {
            say(c, err, move, s, cerr.rule, "%s", cerr.message);
            return -1;
        }
        if (a->type == BG_ACT_TAKE) {
            g->out.takes++;
            g->phase = BG_PH_ROLL; /* the doubler, still on roll, now rolls */
        } else if (a->type == BG_ACT_DROP) {
            g->out.drops++;
            finish(g, doubler, BG_HOW_DROP, 1, pts);
        } else {
            check_level(g, a, move, notes);
            g->out.beavers++;
        }
        break;
    }
    case BG_ACT_RESIGN: {
        if (g->phase != BG_PH_ROLL) return wrong_phase(g, a, move, err);
        if (a->value < 1 || a->value > 3) {
            say(c, err, move, s, "ENG-8",
                "offers to resign at level %d; the levels are 1 (single), 2 (gammon) and 3 "
                "(backgammon)",
                (int)a->value);
            return -1;
        }
        g->resigner = s;
        g->resign_level = a->value;
        g->resume = g->phase;
        g->phase = BG_PH_RESIGN;
        g->out.resigns++;
        break;
    }
    case BG_ACT_ACCEPT:
    case BG_ACT_REJECT: {
        if (g->phase != BG_PH_RESIGN) {
            if (g->phase == BG_PH_ROLL || g->phase == BG_PH_START) {
                say(c, err, move, s, "ENG-8", "%s a resignation that nobody offered",
                    a->type == BG_ACT_ACCEPT ? "accepts" : "rejects");
                return -1;
            }
            return wrong_phase(g, a, move, err);
        }
        if (s == g->resigner) {
            say(c, err, move, s, "ENG-8", "answers its own resignation offer");
            return -1;
        }
        bg_board rv = g->pos; /* the position seen by the resigner */
        if (g->turn != g->resigner) bg_board_swap(&rv);
        int max = bg_resign_max_level(&rv, &c->rules, &g->cube);
        if (a->type == BG_ACT_REJECT) {
            if (g->resign_level >= max) {
                say(c, err, move, s, "ENG-8",
                    "rejects a resignation of %s, the most %s can still lose: such an offer "
                    "cannot be rejected",
                    g->resign_level == 1   ? "a single game"
                    : g->resign_level == 2 ? "a gammon"
                                           : "a backgammon",
                    side_name(c, g->resigner));
                return -1;
            }
            g->phase = g->resume;
            g->resigner = -1;
            break;
        }
        int mult = resign_mult(g, &rv, g->resigner, g->resign_level, move, notes);
        g->out.resigned = 1;
        g->out.level = g->resign_level;
        finish(g, 1 - g->resigner, BG_HOW_RESIGN, mult, g->cube.value);
        break;
    }
    default:
        say(c, err, move, s, "ENG-2", "unknown event type %d", a->type);
        return -1;
    }
    g->n_done++;
    return 0;
}

/* Galaxy, Studio and FIBS clients write a match's last game with its points capped (MATCH-1:
 * points beyond N do not count): a gammon at cube 2 in a 3-point match at 0-0 is written
 * "Wins 3 point and the match". FIBS clients cap at what the winner needed, Galaxy and Studio
 * at the match length (at 1-2 in a 3-point match, the same gammon is "Wins 3 point"). Stated
 * points below what the game is worth are such a cap when they are one of those two. */
static int capped(const bg_game_ctx *c, int winner, int stated, int worth)
{
    int n = c->rules.match_length;
    return n > 0 && stated > 0 && stated < worth && (winner == 0 || winner == 1) &&
           (c->score[winner] + stated == n || stated == n);
}

/* The stated result against the one the replay reached. */
static int compare_result(bg_game *g, const bg_result *st, int move, bg_err *err)
{
    const bg_game_ctx *c = &g->ctx;
    const bg_outcome *o = &g->out;
    if (!st) return 0;
    const char *w = side_name(c, o->winner);
    if (st->winner != o->winner) {
        say(c, err, move, st->winner == 0 || st->winner == 1 ? st->winner : -1,
            o->how == BG_HOW_DROP ? "CUBE-3" : "ENG-7",
            "the result names %s as the winner, but %s won (%s)", side_name(c, st->winner), w,
            bg_how_name(o->how));
        return -1;
    }
    if (st->how && st->how != o->how && !(st->how == BG_HOW_RESIGN && o->how == BG_HOW_RESIGN)) {
        say(c, err, move, o->winner, o->how == BG_HOW_DROP ? "CUBE-3" : "ENG-7",
            "the result says %s, but the game ended by %s", bg_how_name(st->how),
            bg_how_name(o->how));
        return -1;
    }
    if (st->cube && st->cube != o->cube) {
        say(c, err, move, o->winner, "CUBE-5",
            "the result gives a cube of %d, but the points are counted from a cube of %d", st->cube,
            o->cube);
        return -1;
    }
    if (st->points && st->points != o->points && !capped(c, o->winner, st->points, o->points)) {
        if (o->how == BG_HOW_DROP)
            say(c, err, move, o->winner, "CUBE-3",
                "the result gives %s %d point%s, but a dropped double scores the cube value "
                "before the double: %d",
                w, st->points, st->points == 1 ? "" : "s", o->points);
        else
            say(c, err, move, o->winner, "CUBE-5",
                "the result gives %s %d point%s, but a %s with the cube at %d is worth %d", w,
                st->points, st->points == 1 ? "" : "s", bg_how_name(o->how), o->cube, o->points);
        return -1;
    }
    return 0;
}

/* After a gap the game's end is not known from the position: the stated result stands when
 * the cube can give it (1, 2 or 3 times the cube, a dropped double's, or capped), read as
 * the single game, gammon or backgammon its points say. */
static int finish_blind(bg_game *g, const bg_result *st, int move, bg_err *err)
{
    const bg_game_ctx *c = &g->ctx;
    int v = g->cube.value, mult = 0;
    if (st->how == BG_HOW_SINGLE || st->how == BG_HOW_GAMMON || st->how == BG_HOW_BACKGAMMON)
        mult = st->how - BG_HOW_SINGLE + 1;
    else if (st->how == BG_HOW_RESIGN)
        mult = st->level;
    if (!mult && st->points > 0 && st->points % v == 0) mult = st->points / v;
    for (int l = 1; !mult && l <= 3; l++)
        if (capped(c, st->winner, st->points, l * v)) mult = l;
    if (mult < 1 || mult > 3 || st->how == BG_HOW_DROP ||
        (st->points && st->points != mult * v && !capped(c, st->winner, st->points, mult * v))) {
        say(c, err, move, st->winner, "CUBE-5",
            "the result gives %s %d point%s, but with the cube at %d a game is worth %d, %d or "
            "%d",
            side_name(c, st->winner), st->points, st->points == 1 ? "" : "s", v, v, 2 * v, 3 * v);
        return -1;
    }
    if (st->how == BG_HOW_RESIGN) {
        g->out.resigned = 1;
        g->out.level = mult;
        g->out.resigns++;
        finish(g, st->winner, BG_HOW_RESIGN, mult, v);
    } else {
        finish(g, st->winner, BG_HOW_SINGLE + mult - 1, mult, v);
    }
    return compare_result(g, st, move, err);
}

int bg_game_finish(bg_game *g, const bg_result *st, int result_move, bg_notes *notes, bg_err *err)
{
    const bg_game_ctx *c = &g->ctx;
    int move = result_move ? result_move : g->n_done;
    if (st && st->winner != 0 && st->winner != 1) {
        say(c, err, move, -1, "ENG-7", "the result names no winner");
        return -1;
    }
    switch (g->phase) {
    case BG_PH_OVER:
        return compare_result(g, st, move, err);
    case BG_PH_CUBE:
        say(c, err, move, 1 - g->cube.doubler, "CUBE-3",
            "the game ends while the double to %d waits to be taken or dropped", g->cube.offered);
        return -1;
    case BG_PH_RESIGN:
        say(c, err, move, 1 - g->resigner, "ENG-8",
            "the game ends while a resignation offer waits to be accepted or rejected");
        return -1;
    default:
        break;
    }
    if (!st) {
        say(c, err, move, -1, "ENG-7",
            "the game is not finished: nobody has borne off all "
            "checkers, dropped a double or resigned");
        return -1;
    }
    if (g->blind) return finish_blind(g, st, move, err);
    /* Not over, a result stated: the loser resigned (a .mat writes no resignation). */
    int loser = 1 - st->winner, v = g->cube.value;
    if (st->how && st->how != BG_HOW_RESIGN) {
        say(c, err, move, st->winner, "ENG-7",
            "the result says %s, but the game was not over: it can only have ended by "
            "resignation",
            bg_how_name(st->how));
        return -1;
    }
    int level = st->level;
    if (!level && st->points > 0 && st->points % v == 0) level = st->points / v;
    /* Capped points: the least resignation worth them (any would end the match the same). */
    for (int l = 1; !level && l <= 3; l++)
        if (capped(c, st->winner, st->points, l * v)) level = l;
    if (level < 1 || level > 3 ||
        (st->points && st->points != level * v && !capped(c, st->winner, st->points, level * v))) {
        say(c, err, move, st->winner, "ENG-8",
            "the result gives %s %d point%s before the game was over, but a resignation with "
            "the cube at %d is worth %d, %d or %d",
            side_name(c, st->winner), st->points, st->points == 1 ? "" : "s", v, v, 2 * v, 3 * v);
        return -1;
    }
    bg_board rv = g->pos; /* seen by the resigner */
    if (g->turn >= 0 && g->turn != loser) bg_board_swap(&rv);
    int mult = resign_mult(g, &rv, loser, level, move, notes);
    g->out.resigned = 1;
    g->out.level = level;
    g->out.resigns++;
    finish(g, st->winner, BG_HOW_RESIGN, mult, v);
    return compare_result(g, st, move, err);
}

/* A roll whose play the record does not give, in turn (or the opening roll; ENG-2 still
 * refuses one out of turn) and with real dice. */
static int roll_in_turn(const bg_game *g, const bg_action *a)
{
    int turn = g->phase == BG_PH_ROLL ? g->turn == a->side
                                      : g->phase == BG_PH_START && a->d1 != a->d2;
    return a->type == BG_ACT_MOVE && a->n == 0 && turn && a->d1 >= 1 && a->d1 <= 6 &&
           a->d2 >= 1 && a->d2 <= 6;
}

/* The roll is counted, the position unchanged. */
static int roll_only(bg_game *g, const bg_action *a, bg_notes *notes, bg_err *err)
{
    int move = a->move ? a->move : g->n_done + 1;
    if (apply_move(g, a, move, notes, err, 1) != 0) return -1;
    g->n_done++;
    return 0;
}

/* A gap: the play of a roll the record lost, where one was possible. Noted for the TD; the
 * game goes on without its position. */
static void gap(bg_game *g, const bg_action *a, bg_notes *notes)
{
    const bg_game_ctx *c = &g->ctx;
    int move = a->move ? a->move : g->n_done + 1;
    bg_err note;
    say(c, &note, move, a->side, BG_GAP_RULE,
        "%d-%d is written without its play, where a play was possible: a line the record lost. "
        "The rest of game %d is not checked move by move; its result stands if the TD accepts "
        "it",
        a->d1, a->d2, c->number);
    notes_push(notes, &note);
    g->blind = 1;
    g->out.gap = 1;
}

int bg_game_replay(const bg_game_rec *rec, const bg_game_ctx *ctx, bg_outcome *out, bg_notes *notes,
                   bg_err *err)
{
    bg_game g;
    if (bg_game_start(&g, ctx, rec->auto_doubles, err) != 0) return -1;
    const bg_result *st = rec->has_result ? &rec->result : NULL;
    for (int i = 0; i < rec->n_act; i++) {
        const bg_action *a = &rec->act[i];
        int last = i == rec->n_act - 1;
        bg_err e;
        if (bg_game_apply(&g, a, notes, &e) == 0) continue;
        if (err) *err = e;
        if (!roll_in_turn(&g, a)) return -1;
        /* rolled, then the game was resigned: gnubg and Studio write the resigner's roll so,
         * XG Mobile the winner's when its opponent resigned on it */
        if (last && st && (st->winner == 0 || st->winner == 1)) {
            if (roll_only(&g, a, notes, err) != 0) return -1;
            continue;
        }
        /* a log cut off while the player was moving: the record ends before the play */
        if (last && rec->truncated && a->unwritten) return 1;
        if (a->unwritten && !strcmp(e.rule, "ENG-6")) {
            gap(&g, a, notes);
            if (roll_only(&g, a, notes, err) != 0) return -1;
            continue;
        }
        return -1;
    }
    if (rec->truncated) return 1;
    if (bg_game_finish(&g, st, rec->result_move, notes, err) != 0) return -1;
    if (out) *out = g.out;
    return 0;
}
