/* Match scoring and replay (MATCH-1..6, CUBE-6/7): running score, Crawford and post-Crawford
 * games, the end of the match, penalties, score-only results and whole-record replay. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/bg_match.h"

bg_game_rec *bg_match_rec_add_game(bg_match_rec *m)
{
    if (m->n_games == m->cap_games) {
        int cap = m->cap_games ? m->cap_games * 2 : 8;
        bg_game_rec *v = realloc(m->games, (size_t)cap * sizeof *v);
        if (!v) return NULL;
        m->games = v;
        m->cap_games = cap;
    }
    bg_game_rec *g = &m->games[m->n_games++];
    memset(g, 0, sizeof *g);
    return g;
}

int bg_match_rec_add_penalty(bg_match_rec *m, const bg_penalty *p)
{
    if (m->n_pen == m->cap_pen) {
        int cap = m->cap_pen ? m->cap_pen * 2 : 4;
        bg_penalty *v = realloc(m->pen, (size_t)cap * sizeof *v);
        if (!v) return -1;
        m->pen = v;
        m->cap_pen = cap;
    }
    m->pen[m->n_pen++] = *p;
    return 0;
}

void bg_match_rec_free(bg_match_rec *m)
{
    for (int i = 0; i < m->n_games; i++)
        bg_game_rec_free(&m->games[i]);
    free(m->games);
    free(m->pen);
    free(m->mat_header);
    memset(m, 0, sizeof *m);
}

void bg_match_report_free(bg_match_report *rep)
{
    free(rep->games);
    bg_notes_free(&rep->notes);
    memset(rep, 0, sizeof *rep);
    rep->winner = -1;
}

static const char *nm(const bg_match *m, int side)
{
    static const char *const dflt[2] = {"player 1", "player 2"};
    return m->names[side] && m->names[side][0] ? m->names[side] : dflt[side];
}

static int refuse(bg_err *err, int game, int move, int side, const char *rule, const char *fmt, ...)
{
    if (!err) return -1;
    char clause[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(clause, sizeof clause, fmt, ap);
    va_end(ap);
    err->game = game;
    err->move = move;
    err->side = side;
    snprintf(err->rule, sizeof err->rule, "%s", rule);
    if (game > 0)
        snprintf(err->message, sizeof err->message, "Game %d: %s (%s)", game, clause, rule);
    else
        snprintf(err->message, sizeof err->message, "%s (%s)", clause, rule);
    return -1;
}

int bg_match_init(bg_match *m, const bg_rules *r, const char *name0, const char *name1, bg_err *err)
{
    memset(m, 0, sizeof *m);
    m->rules = *r;
    m->names[0] = name0;
    m->names[1] = name1;
    m->winner = -1;
    if (bg_rules_check(r, err) != 0) {
        if (err) {
            char clause[256], rule[16];
            snprintf(clause, sizeof clause, "%s", err->message);
            snprintf(rule, sizeof rule, "%s", err->rule);
            refuse(err, 0, 0, -1, rule, "%s", clause);
        }
        return -1;
    }
    return 0;
}

void bg_match_next_ctx(const bg_match *m, bg_game_ctx *ctx)
{
    int n = m->rules.match_length;
    memset(ctx, 0, sizeof *ctx);
    ctx->number = m->games + 1;
    ctx->names[0] = m->names[0];
    ctx->names[1] = m->names[1];
    ctx->rules = m->rules;
    ctx->score[0] = m->score[0];
    ctx->score[1] = m->score[1];
    /* CUBE-6 (WBGF 4.4 iv): the first game in which either side is exactly one point from
     * winning. In a 1-point match that is the first game: the cube is never used there. */
    ctx->crawford = n > 0 && !m->crawford_done && (m->score[0] == n - 1 || m->score[1] == n - 1);
    ctx->post_crawford = n > 0 && m->crawford_done;
}

int bg_match_points(const bg_match *m, int side)
{
    int n = m->rules.match_length;
    int s = m->score[side & 1];
    return n > 0 && s > n ? n : s;
}

static void check_end(bg_match *m)
{
    int n = m->rules.match_length;
    if (n <= 0) return; /* money: no end */
    for (int s = 0; s < 2; s++)
        if (m->score[s] >= n) {
            m->over = 1;
            m->winner = s;
        }
}

int bg_match_add_game(bg_match *m, const bg_game_ctx *ctx, const bg_outcome *o, bg_err *err)
{
    if (m->over)
        return refuse(err, ctx->number, 0, -1, "MATCH-2",
                      "no game may follow the one that ended the match (%s won %d-%d)",
                      nm(m, m->winner), m->score[m->winner], m->score[1 - m->winner]);
    if (o->winner != 0 && o->winner != 1)
        return refuse(err, ctx->number, 0, -1, "ENG-7", "the game has no winner");
    if (o->points < 1 || o->points > BG_SCORE_MAX - m->score[o->winner])
        return refuse(err, ctx->number, 0, o->winner, "CUBE-5",
                      "%d points would take the score beyond what the engine counts", o->points);
    m->score[o->winner] += o->points;
    if (ctx->crawford) m->crawford_done = 1;
    m->games++;
    check_end(m);
    return 0;
}

int bg_match_penalty(bg_match *m, int side, int points, bg_err *err)
{
    if (side != 0 && side != 1)
        return refuse(err, m->games + 1, 0, -1, "MATCH-5",
                      "a penalty must name the penalised player (0 or 1)");
    if (points < 1 || points > BG_SCORE_MAX - m->score[1 - side])
        return refuse(err, m->games + 1, 0, side, "MATCH-5",
                      "a penalty is a positive number of points (got %d)", points);
    if (m->over)
        return refuse(err, m->games + 1, 0, side, "MATCH-5",
                      "a penalty against %s comes after the end of the match", nm(m, side));
    /* MATCH-5: added to the opponent's score. Reaching N ends the match; reaching N-1 makes
     * the next game the Crawford game, which bg_match_next_ctx derives from the score. */
    m->score[1 - side] += points;
    check_end(m);
    return 0;
}

/* Can the cube have climbed to 2^k with these doublers without anyone redoubling a dead cube
 * (CUBE-7)? `last` made the double to 2^k; doublers alternate going down (a take gives the
 * cube to the taker, who alone may redouble: CUBE-4). The first double, from the centre, is
 * never a dead-cube double. */
static int climb_ok(const bg_match *m, const int score[2], int k, int last)
{
    int n = m->rules.match_length, d = last;
    if (n <= 0) return 1;
    for (int j = k; j >= 2; j--, d = 1 - d)
        if ((long long)score[d] + (1LL << (j - 1)) >= n) return 0;
    return 1;
}

static int log2i(int v)
{
    int k = 0;
    while (v > 1) {
        v >>= 1;
        k++;
    }
    return k;
}

int bg_match_check_result(const bg_match *m, const bg_game_ctx *ctx, const bg_result *r,
                          bg_outcome *out, bg_err *err)
{
    int g = ctx->number, w = r->winner;
    memset(out, 0, sizeof *out);
    if (w != 0 && w != 1)
        return refuse(err, g, 0, -1, "ENG-7", "the result names no winner (0 or 1)");
    int cube = r->cube ? r->cube : 1;
    if (!bg_cube_valid_value(cube))
        return refuse(err, g, 0, w, "CUBE-1",
                      "a cube value of %d is impossible: the cube shows 1, 2, 4, 8, 16, 32, 64, "
                      "and so on",
                      r->cube);
    int how = r->how, level = r->level, mult = 0;
    if (how == BG_HOW_NONE) {
        /* Only points given: a bear-off result of 1-3 times the cube. */
        if (r->points > 0 && r->points % cube == 0 && r->points / cube <= 3)
            how = r->points / cube == 1   ? BG_HOW_SINGLE
                  : r->points / cube == 2 ? BG_HOW_GAMMON
                                          : BG_HOW_BACKGAMMON;
        else
            return refuse(err, g, 0, w, "CUBE-5",
                          "the result says neither how the game ended nor points that are 1, 2 "
                          "or 3 times the cube of %d",
                          cube);
    }
    switch (how) {
    case BG_HOW_SINGLE:
        mult = 1;
        break;
    case BG_HOW_GAMMON:
        mult = 2;
        break;
    case BG_HOW_BACKGAMMON:
        mult = 3;
        break;
    case BG_HOW_DROP:
        mult = 1;
        break;
    case BG_HOW_RESIGN:
        if (!level && r->points > 0 && r->points % cube == 0) level = r->points / cube;
        if (level < 1 || level > 3)
            return refuse(err, g, 0, w, "ENG-8",
                          "a resignation is of a single game, a gammon or a backgammon (level 1 "
                          "to 3), not %d",
                          level);
        mult = level;
        break;
    default:
        return refuse(err, g, 0, w, "ENG-7", "unknown way for a game to end (%d)", how);
    }
    if (ctx->crawford && (cube != 1 || how == BG_HOW_DROP))
        return refuse(err, g, 0, w, "CUBE-6",
                      "this is the Crawford game, so the cube stays at 1 and nobody doubles, "
                      "but the result has %s",
                      how == BG_HOW_DROP ? "a dropped double" : "a turned cube");
    const bg_rules *ru = &m->rules;
    if (ru->jacoby && ru->match_length == 0 && cube == 1 && how != BG_HOW_DROP && mult > 1)
        mult = 1; /* Jacoby: a cube still at 1 was never turned */
    if (how == BG_HOW_DROP && cube >= BG_CUBE_MAX)
        return refuse(err, g, 0, w, "CUBE-3",
                      "a double from a cube of %d is beyond what the "
                      "engine accepts",
                      cube);
    /* CUBE-7 in a match: no redouble of a dead cube on the way up. For a drop the winner
     * made the refused double (to 2 x cube); otherwise the last doubler is unknown. */
    if (ru->match_length > 0 && ru->beavers == 0) {
        int ok;
        if (how == BG_HOW_DROP)
            ok = climb_ok(m, ctx->score, log2i(cube) + 1, w);
        else
            ok = cube == 1 || climb_ok(m, ctx->score, log2i(cube), 0) ||
                 climb_ok(m, ctx->score, log2i(cube), 1);
        if (!ok)
            return refuse(err, g, 0, w, "CUBE-7",
                          "a cube of %d%s cannot be reached at %d-%d in a %d-point match without "
                          "someone redoubling a dead cube",
                          how == BG_HOW_DROP ? 2 * cube : cube,
                          how == BG_HOW_DROP ? " (the refused double)" : "", ctx->score[0],
                          ctx->score[1], ru->match_length);
    }
    int points = mult * cube;
    if (r->points && r->points != points) {
        if (how == BG_HOW_DROP)
            return refuse(err, g, 0, w, "CUBE-3",
                          "%d points for a dropped double from a cube of %d, but a dropped double "
                          "scores the cube value before the double: %d",
                          r->points, cube, points);
        return refuse(err, g, 0, w, "CUBE-5",
                      "%d points for a %s with the cube at %d, but that is worth %d", r->points,
                      bg_how_name(how), cube, points);
    }
    out->winner = w;
    out->how = how;
    out->mult = mult;
    out->cube = cube;
    out->points = points;
    out->level = how == BG_HOW_RESIGN ? level : 0;
    out->resigned = how == BG_HOW_RESIGN;
    out->drops = how == BG_HOW_DROP;
    return 0;
}

/* Applies the penalties that come before game `before` (0-based). */
static int apply_penalties(bg_match *m, const bg_match_rec *rec, int *pi, int before, bg_err *err)
{
    while (*pi < rec->n_pen && rec->pen[*pi].before_game <= before) {
        const bg_penalty *p = &rec->pen[*pi];
        if (p->before_game < 0)
            return refuse(err, 0, 0, p->side, "MATCH-5", "a penalty comes before game %d",
                          p->before_game + 1);
        if (bg_match_penalty(m, p->side, p->points, err) != 0) return -1;
        (*pi)++;
    }
    return 0;
}

/* A record resumed at a score (rec->resumed) starts at its first game's stated score. The
 * Crawford game is then known only where the score tells: a side at N-1 with the other below
 * had it in this first game or before, and this game says which (a double in it means it came
 * after); both at N-1 had it before. */
static int resume_at(bg_match *m, const bg_match_rec *rec, bg_err *err)
{
    if (!rec->resumed || rec->n_games == 0 || !rec->games[0].has_score) return 0;
    const bg_game_rec *g = &rec->games[0];
    int n = m->rules.match_length;
    if (n > 0 && (g->score_before[0] >= n || g->score_before[1] >= n))
        return refuse(err, 1, 0, -1, "MATCH-2",
                      "the record starts at %d-%d, a score that has already ended a %d-point "
                      "match",
                      g->score_before[0], g->score_before[1], n);
    m->score[0] = g->score_before[0];
    m->score[1] = g->score_before[1];
    if (n > 0 && (m->score[0] == n - 1 || m->score[1] == n - 1)) {
        int doubled = m->score[0] == n - 1 && m->score[1] == n - 1;
        for (int i = 0; i < g->n_act && !doubled; i++)
            doubled = g->act[i].type == BG_ACT_DOUBLE || g->act[i].type == BG_ACT_BEAVER;
        m->crawford_done = doubled;
    }
    return 0;
}

/* A hash of the first n penalties of rec (FNV-1a over their fields): the stamp that says a
 * state was made after these penalties and no others. */
static unsigned pen_hash(const bg_match_rec *rec, int n)
{
    unsigned h = 2166136261u;
    for (int i = 0; i < n; i++) {
        int f[3] = {rec->pen[i].before_game, rec->pen[i].side, rec->pen[i].points};
        for (int k = 0; k < 3; k++)
            for (int b = 0; b < 4; b++)
                h = (h ^ (unsigned)((f[k] >> (8 * b)) & 0xff)) * 16777619u;
    }
    return h;
}

int bg_match_state_fits(const bg_match_rec *rec, const bg_match_state *s)
{
    return s->length0 == rec->rules.match_length && rec->rules.match_length > 0 &&
           s->length_fix == rec->length_fix && s->length_fix_game == rec->length_fix_game &&
           s->pen >= 0 && s->pen <= rec->n_pen && s->pen_hash == pen_hash(rec, s->pen) &&
           s->games >= 0 && !rec->resumed;
}

static void keep_state(const bg_match *m, const bg_match_rec *rec, int pi, bg_match_state *s)
{
    *s = (bg_match_state){rec->rules.match_length, rec->length_fix, rec->length_fix_game, pi,
                          pen_hash(rec, pi), m->games, m->rules.match_length,
                          {m->score[0], m->score[1]}, m->crawford_done, m->over, m->winner};
}

/* A replay going on from rec->from (bg_match_rec.from): the match as it stood there. */
static int resume_from(bg_match *m, const bg_match_rec *rec, int *pi, bg_err *err)
{
    const bg_match_state *s = rec->from;
    if (!bg_match_state_fits(rec, s))
        return refuse(err, 0, 0, -1, "FORMAT", "the state to go on from is not this match's");
    m->rules.match_length = s->length;
    m->games = s->games;
    m->score[0] = s->score[0];
    m->score[1] = s->score[1];
    m->crawford_done = s->crawford_done;
    m->over = s->over;
    m->winner = s->winner;
    *pi = s->pen;
    return 0;
}

int bg_match_replay(const bg_match_rec *rec, bg_match_report *rep)
{
    bg_match m;
    memset(rep, 0, sizeof *rep);
    rep->winner = -1;
    if (bg_match_init(&m, &rec->rules, rec->names[0], rec->names[1], &rep->err) != 0) return -1;
    if (rec->n_games > 0) {
        rep->games = malloc((size_t)rec->n_games * sizeof *rep->games);
        if (!rep->games) {
            refuse(&rep->err, 0, 0, -1, "FORMAT", "out of memory");
            return -1;
        }
    }
    int pi = 0, base = 0;
    int rc = rec->from ? resume_from(&m, rec, &pi, &rep->err) : resume_at(&m, rec, &rep->err);
    if (rec->from)
        base = rec->from->games;
    rep->first = base;
    rep->start[0] = m.score[0];
    rep->start[1] = m.score[1];
    for (int i = 0; i < rec->n_games && rc == 0; i++) {
        const bg_game_rec *g = &rec->games[i];
        bg_game_ctx ctx;
        if (apply_penalties(&m, rec, &pi, base + i, &rep->err) != 0) {
            rc = -1;
            break;
        }
        if (rec->length_fix > 0 && base + i == rec->length_fix_game)
            bg_match_correct_length(&m, rec->length_fix);
        bg_match_next_ctx(&m, &ctx);
        if (m.over) {
            int move = g->n_act > 0 ? (g->act[0].move ? g->act[0].move : 1) : 0;
            rc = refuse(&rep->err, ctx.number, move, -1, "MATCH-2",
                        "no game may follow the one that ended the match (%s won %d-%d)",
                        nm(&m, m.winner), m.score[m.winner], m.score[1 - m.winner]);
            break;
        }
        if (g->has_score &&
            (g->score_before[0] != m.score[0] || g->score_before[1] != m.score[1])) {
            rc = refuse(&rep->err, ctx.number, 0, -1, "MATCH-2",
                        "the score before the game is given as %d-%d, but the games before it "
                        "make it %d-%d",
                        g->score_before[0], g->score_before[1], m.score[0], m.score[1]);
            break;
        }
        bg_outcome out;
        if (g->score_only)
            rc = bg_match_check_result(&m, &ctx, &g->result, &out, &rep->err);
        else
            rc = bg_game_replay(g, &ctx, &out, &rep->notes, &rep->err);
        if (rc == 1 && !rec->has_tail_err) {
            /* The record is cut off inside this game: legal as far as it goes, not counted. */
            rep->unfinished = ctx.number;
            rc = 0;
            break;
        }
        if (rc == 1) {
            /* A game cut short by the reader's own error: that error comes next. */
            rep->err = rec->tail_err;
            return -1;
        }
        if (rc != 0) break;
        bg_game_summary *s = &rep->games[rep->n_games];
        s->score_before[0] = m.score[0];
        s->score_before[1] = m.score[1];
        s->crawford = ctx.crawford;
        s->post_crawford = ctx.post_crawford;
        s->score_only = g->score_only;
        s->out = out;
        if ((rc = bg_match_add_game(&m, &ctx, &out, &rep->err)) != 0) break;
        s->score_after[0] = m.score[0];
        s->score_after[1] = m.score[1];
        if (g->ends_match && !m.over) {
            rc = refuse(&rep->err, ctx.number, g->result_move, out.winner, "MATCH-1",
                        "the result says %s wins the match, but the score is then %d-%d in a "
                        "%d-point match",
                        nm(&m, out.winner), m.score[0], m.score[1], m.rules.match_length);
            break;
        }
        rep->n_games++;
        rep->turns += out.turns;
    }
    if (rc == 0) keep_state(&m, rec, pi, &rep->resume);
    if (rc == 0) rc = apply_penalties(&m, rec, &pi, 1 << 30, &rep->err);
    /* corrected before the game that comes next */
    if (rc == 0 && rec->length_fix > 0 && rec->length_fix_game >= base + rep->n_games)
        bg_match_correct_length(&m, rec->length_fix);
    rep->score[0] = m.score[0];
    rep->score[1] = m.score[1];
    rep->over = m.over;
    rep->winner = m.winner;
    if (rc != 0) return -1;
    if (rec->has_tail_err) {
        rep->err = rec->tail_err;
        return -1;
    }
    if (rec->complete && rec->rules.match_length > 0 && !m.over) {
        refuse(&rep->err, rec->n_games, 0, -1, "MATCH-1",
               "the record ends but the match does not: the score is %d-%d in a %d-point match",
               m.score[0], m.score[1], m.rules.match_length);
        return -1;
    }
    rep->valid = 1;
    return 0;
}

int bg_match_correct_length(bg_match *m, int correct)
{
    if (m->over) return -1; /* a match completed at a wrong length stands */
    if (correct < 1 || correct > BG_LENGTH_MAX || m->rules.match_length <= 0) return 0;
    if (m->score[0] >= correct || m->score[1] >= correct)
        return 0; /* the correction would end the match: the wrong length stands */
    m->rules.match_length = correct;
    return 1;
}
