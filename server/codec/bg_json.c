/* JSON <-> rules-engine structs for game records, score-only reports and replay reports. Every
 * field of untrusted JSON is type- and range-checked; an error names the field. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codec/bg_json.h"
#include "rules/bg_notation.h"

/* Bounds on what one record may hold: far beyond real matches, small enough for one request. */
#define MAX_GAMES 10000
#define MAX_ACTIONS 10000
#define MAX_PENALTIES 1000
#define MAX_TEXT 256

static int jerr(bg_err *err, int game, int move, const char *fmt, ...)
{
    if (!err) return -1;
    char clause[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(clause, sizeof clause, fmt, ap);
    va_end(ap);
    err->game = game;
    err->move = move;
    err->side = -1;
    snprintf(err->rule, sizeof err->rule, "JSON");
    if (game > 0 && move > 0)
        snprintf(err->message, sizeof err->message, "Game %d, action %d: %s", game, move, clause);
    else if (game > 0)
        snprintf(err->message, sizeof err->message, "Game %d: %s", game, clause);
    else
        snprintf(err->message, sizeof err->message, "%s", clause);
    return -1;
}

/* An integer member in [lo, hi]; absent = dflt (or an error when required). */
static int get_int(const json_t *o, const char *key, long long lo, long long hi, int required,
                   int dflt, int *out, bg_err *err, int game, int move)
{
    const json_t *v = json_object_get(o, key);
    if (!v) {
        if (required) return jerr(err, game, move, "\"%s\" is missing", key);
        *out = dflt;
        return 0;
    }
    if (!json_is_integer(v)) return jerr(err, game, move, "\"%s\" must be an integer", key);
    json_int_t x = json_integer_value(v);
    if (x < lo || x > hi)
        return jerr(err, game, move, "\"%s\" must be between %lld and %lld", key, lo, hi);
    *out = (int)x;
    return 0;
}

static int get_bool(const json_t *o, const char *key, int *out, bg_err *err, int game)
{
    const json_t *v = json_object_get(o, key);
    if (!v) {
        *out = 0;
        return 0;
    }
    if (!json_is_boolean(v)) return jerr(err, game, 0, "\"%s\" must be true or false", key);
    *out = json_is_true(v);
    return 0;
}

static int how_of(const char *s)
{
    static const char *const names[] = {"", "single", "gammon", "backgammon", "drop", "resign"};
    for (int i = 1; i <= BG_HOW_RESIGN; i++)
        if (!strcmp(s, names[i])) return i;
    return -1;
}

const char *bg_json_how(int how)
{
    static const char *const names[] = {"none", "single", "gammon", "backgammon", "drop", "resign"};
    return how >= 0 && how <= BG_HOW_RESIGN ? names[how] : "none";
}

static int read_rules(const json_t *j, bg_rules *r, bg_err *err)
{
    memset(r, 0, sizeof *r);
    if (get_int(j, "match_length", 0, BG_LENGTH_MAX, 1, 0, &r->match_length, err, 0, 0)) return -1;
    const json_t *ru = json_object_get(j, "rules");
    if (!ru) return 0;
    if (!json_is_object(ru)) return jerr(err, 0, 0, "\"rules\" must be an object");
    const json_t *p = json_object_get(ru, "policy");
    if (p) {
        if (!json_is_string(p))
            return jerr(err, 0, 0, "\"rules.policy\" must be \"legal\" or \"responsible\"");
        if (!strcmp(json_string_value(p), "legal"))
            r->policy = BG_POLICY_LEGAL;
        else if (!strcmp(json_string_value(p), "responsible"))
            r->policy = BG_POLICY_RESPONSIBLE;
        else
            return jerr(err, 0, 0, "\"rules.policy\" must be \"legal\" or \"responsible\"");
    }
    if (get_bool(ru, "holland", &r->holland, err, 0) || get_bool(ru, "swing", &r->swing, err, 0) ||
        get_bool(ru, "jacoby", &r->jacoby, err, 0) ||
        get_int(ru, "automatic_doubles", 0, 16, 0, 0, &r->auto_doubles, err, 0, 0) ||
        get_int(ru, "beavers", 0, 16, 0, 0, &r->beavers, err, 0, 0))
        return -1;
    return 0;
}

static int read_pair(const json_t *v, long long lo, long long hi, int out[2])
{
    if (!json_is_array(v) || json_array_size(v) != 2) return -1;
    for (int i = 0; i < 2; i++) {
        const json_t *x = json_array_get(v, (size_t)i);
        if (!json_is_integer(x) || json_integer_value(x) < lo || json_integer_value(x) > hi)
            return -1;
        out[i] = (int)json_integer_value(x);
    }
    return 0;
}

static int read_result(const json_t *o, bg_result *r, bg_err *err, int game)
{
    memset(r, 0, sizeof *r);
    if (!json_is_object(o)) return jerr(err, game, 0, "\"result\" must be an object");
    if (get_int(o, "winner", 0, 1, 1, 0, &r->winner, err, game, 0) ||
        get_int(o, "cube", 1, BG_CUBE_MAX, 0, 0, &r->cube, err, game, 0) ||
        get_int(o, "points", 1, BG_SCORE_MAX, 0, 0, &r->points, err, game, 0) ||
        get_int(o, "level", 1, 3, 0, 0, &r->level, err, game, 0))
        return -1;
    const json_t *h = json_object_get(o, "how");
    if (h) {
        if (!json_is_string(h) || (r->how = how_of(json_string_value(h))) < 0)
            return jerr(err, game, 0,
                        "\"result.how\" must be one of single, gammon, "
                        "backgammon, drop, resign");
    }
    if (r->level && r->how && r->how != BG_HOW_RESIGN)
        return jerr(err, game, 0, "\"result.level\" belongs to a resignation");
    if (r->level && !r->how) r->how = BG_HOW_RESIGN;
    return 0;
}

/* A play given as [[from, to], ...]. */
static int steps_array(const json_t *v, bg_action *a, bg_err *err, int game, int move)
{
    size_t n = json_array_size(v);
    if (n > 4) return jerr(err, game, move, "\"play\" has %zu steps; a play has at most four", n);
    for (size_t i = 0; i < n; i++) {
        int st[2];
        if (read_pair(json_array_get(v, i), 0, 25, st))
            return jerr(err, game, move,
                        "\"play\" step %zu must be [from, to] with points 0..25 (25 bar, 0 off)",
                        i + 1);
        a->steps[i].from = (int8_t)st[0];
        a->steps[i].to = (int8_t)st[1];
    }
    a->n = (uint8_t)n;
    return 0;
}

/* A play given as text, read against the position the mover sees (`b`). A play that is not
 * legal is kept as written, one step per leg, for the replay to refuse with its reason. */
static int steps_text(const char *s, size_t len, const bg_board *b, bg_action *a, bg_err *err,
                      int game, int move)
{
    bg_play p;
    bg_err perr;
    if (len > MAX_TEXT)
        return jerr(err, game, move, "\"play\" is longer than %d characters", MAX_TEXT);
    if (bg_read_play(b, a->d1, a->d2, s, len, &p, NULL, &perr) == 0) {
        memcpy(a->steps, p.steps, sizeof a->steps);
        a->n = p.n;
        return 0;
    }
    bg_written w;
    if (bg_parse_play(s, len, &w, &perr) != 0)
        return jerr(err, game, move, "\"play\": %s", perr.message);
    a->n = 0;
    for (int i = 0; i < w.n; i++)
        for (int c = 0; c < w.path[i].count; c++)
            for (int k = 0; k + 1 < w.path[i].npts; k++) {
                if (a->n >= 4) return jerr(err, game, move, "\"play\" has more than four steps");
                a->steps[a->n].from = w.path[i].pts[k];
                a->steps[a->n].to = w.path[i].pts[k + 1];
                a->n++;
            }
    return 0;
}

static int act_type(const char *s)
{
    static const char *const names[] = {"",       "move",   "double", "take",  "drop",
                                        "beaver", "resign", "accept", "reject"};
    for (int i = BG_ACT_MOVE; i <= BG_ACT_REJECT; i++)
        if (!strcmp(s, names[i])) return i;
    return -1;
}

static const char *act_name(int t)
{
    static const char *const names[] = {"",       "move",   "double", "take",  "drop",
                                        "beaver", "resign", "accept", "reject"};
    return t >= BG_ACT_MOVE && t <= BG_ACT_REJECT ? names[t] : "?";
}

static int read_action(const json_t *o, bg_board *b, bg_action *a, bg_err *err, int game, int idx)
{
    memset(a, 0, sizeof *a);
    if (!json_is_object(o)) return jerr(err, game, idx, "an action must be an object");
    const json_t *t = json_object_get(o, "type");
    int type;
    if (!json_is_string(t) || (type = act_type(json_string_value(t))) < 0)
        return jerr(err, game, idx,
                    "\"type\" must be one of move, double, take, drop, beaver, "
                    "resign, accept, reject");
    int side, move;
    if (get_int(o, "side", 0, 1, 1, 0, &side, err, game, idx) ||
        get_int(o, "move", 1, 1000000, 0, 0, &move, err, game, idx))
        return -1;
    a->type = (uint8_t)type;
    a->side = (uint8_t)side;
    a->move = move;
    if (type == BG_ACT_MOVE) {
        int d[2];
        const json_t *dv = json_object_get(o, "dice");
        if (!dv || read_pair(dv, 1, 6, d))
            return jerr(err, game, idx, "\"dice\" must be two numbers from 1 to 6");
        a->d1 = (uint8_t)d[0];
        a->d2 = (uint8_t)d[1];
        const json_t *p = json_object_get(o, "play");
        if (!p || json_is_null(p)) {
            a->n = 0; /* no legal move */
        } else if (json_is_array(p)) {
            if (steps_array(p, a, err, game, idx)) return -1;
        } else if (json_is_string(p)) {
            if (steps_text(json_string_value(p), json_string_length(p), b, a, err, game, idx))
                return -1;
        } else {
            return jerr(err, game, idx, "\"play\" must be text or a list of [from, to] steps");
        }
        /* Follow the position as played, so that the next play given as text is read in the
         * right place; the replay, not this reader, judges the play. */
        for (int i = 0; i < a->n; i++)
            bg_apply_step(b, a->steps[i].from, a->steps[i].to, NULL);
        bg_board_swap(b);
    } else if (type == BG_ACT_DOUBLE || type == BG_ACT_BEAVER) {
        if (get_int(o, "cube", 2, BG_CUBE_MAX, 0, 0, &a->value, err, game, idx)) return -1;
    } else if (type == BG_ACT_RESIGN) {
        const json_t *l = json_object_get(o, "level");
        if (json_is_string(l)) {
            int h = how_of(json_string_value(l));
            if (h < BG_HOW_SINGLE || h > BG_HOW_BACKGAMMON)
                return jerr(err, game, idx,
                            "\"level\" must be single, gammon or backgammon (or 1, 2, 3)");
            a->value = h; /* BG_HOW_SINGLE..BACKGAMMON are 1..3 */
        } else if (get_int(o, "level", 1, 3, 1, 0, &a->value, err, game, idx)) {
            return -1;
        }
    }
    return 0;
}

static int read_game(const json_t *o, bg_game_rec *g, bg_err *err, int game)
{
    if (!json_is_object(o)) return jerr(err, game, 0, "a game must be an object");
    const json_t *sb = json_object_get(o, "score_before");
    if (sb) {
        if (read_pair(sb, 0, BG_SCORE_MAX, g->score_before))
            return jerr(err, game, 0, "\"score_before\" must be two scores [player 0, player 1]");
        g->has_score = 1;
    }
    if (get_int(o, "auto_doubles", 0, 16, 0, 0, &g->auto_doubles, err, game, 0)) return -1;
    const json_t *res = json_object_get(o, "result");
    if (res) {
        if (read_result(res, &g->result, err, game)) return -1;
        g->has_result = 1;
    }
    const json_t *acts = json_object_get(o, "actions");
    if (!acts) {
        if (!res) return jerr(err, game, 0, "a game needs \"actions\", a \"result\", or both");
        g->score_only = 1;
        return 0;
    }
    if (!json_is_array(acts)) return jerr(err, game, 0, "\"actions\" must be a list");
    if (json_array_size(acts) > MAX_ACTIONS)
        return jerr(err, game, 0, "more than %d actions", MAX_ACTIONS);
    bg_board b;
    bg_board_init(&b);
    for (size_t i = 0; i < json_array_size(acts); i++) {
        bg_action a;
        if (read_action(json_array_get(acts, i), &b, &a, err, game, (int)i + 1)) return -1;
        if (bg_game_rec_push(g, &a)) return jerr(err, game, (int)i + 1, "out of memory");
    }
    return 0;
}

int bg_json_to_match(const json_t *j, bg_match_rec *rec, bg_err *err)
{
    memset(rec, 0, sizeof *rec);
    if (!json_is_object(j)) return jerr(err, 0, 0, "a match record must be a JSON object");
    if (read_rules(j, &rec->rules, err)) return -1;
    const json_t *pl = json_object_get(j, "players");
    if (pl) {
        if (!json_is_array(pl) || json_array_size(pl) != 2)
            return jerr(err, 0, 0, "\"players\" must be two names");
        for (int i = 0; i < 2; i++) {
            const json_t *s = json_array_get(pl, (size_t)i);
            if (!json_is_string(s) || json_string_length(s) >= BG_NAME_MAX ||
                strlen(json_string_value(s)) != json_string_length(s))
                return jerr(err, 0, 0, "\"players\" must be two names of at most %d bytes",
                            BG_NAME_MAX - 1);
            memcpy(rec->names[i], json_string_value(s), json_string_length(s) + 1);
        }
    }
    if (get_bool(j, "complete", &rec->complete, err, 0)) return -1;
    const json_t *games = json_object_get(j, "games");
    if (!json_is_array(games)) return jerr(err, 0, 0, "\"games\" must be a list");
    if (json_array_size(games) > MAX_GAMES) return jerr(err, 0, 0, "more than %d games", MAX_GAMES);
    for (size_t i = 0; i < json_array_size(games); i++) {
        bg_game_rec *g = bg_match_rec_add_game(rec);
        if (!g) return jerr(err, (int)i + 1, 0, "out of memory");
        if (read_game(json_array_get(games, i), g, err, (int)i + 1)) return -1;
    }
    const json_t *pen = json_object_get(j, "penalties");
    if (pen) {
        if (!json_is_array(pen) || json_array_size(pen) > MAX_PENALTIES)
            return jerr(err, 0, 0, "\"penalties\" must be a list of at most %d", MAX_PENALTIES);
        int last = 0;
        for (size_t i = 0; i < json_array_size(pen); i++) {
            const json_t *p = json_array_get(pen, i);
            bg_penalty bp;
            if (!json_is_object(p)) return jerr(err, 0, 0, "penalty %zu must be an object", i + 1);
            if (get_int(p, "before_game", 1, rec->n_games + 1, 1, 0, &bp.before_game, err, 0, 0) ||
                get_int(p, "side", 0, 1, 1, 0, &bp.side, err, 0, 0) ||
                get_int(p, "points", 1, BG_LENGTH_MAX, 1, 0, &bp.points, err, 0, 0))
                return -1;
            if (bp.before_game < last)
                return jerr(err, 0, 0, "penalties must be listed in the order of before_game");
            last = bp.before_game;
            bp.before_game--; /* 1-based in JSON, 0-based in the engine */
            if (bg_match_rec_add_penalty(rec, &bp)) return jerr(err, 0, 0, "out of memory");
        }
    }
    return 0;
}

/* ------------------------------------------------------------------ writing */

json_t *bg_json_string(const char *s)
{
    size_t n = strlen(s);
    char *t = malloc(n + 1);
    if (!t) return NULL;
    const unsigned char *u = (const unsigned char *)s;
    size_t i = 0, k = 0;
    while (i < n) {
        unsigned c = u[i];
        size_t len = c < 0x80             ? 1
                     : (c & 0xe0) == 0xc0 ? 2
                     : (c & 0xf0) == 0xe0 ? 3
                     : (c & 0xf8) == 0xf0 ? 4
                                          : 0;
        int ok = len > 0 && i + len <= n;
        for (size_t j = 1; ok && j < len; j++)
            ok = (u[i + j] & 0xc0) == 0x80;
        if (ok && len == 2) ok = c >= 0xc2; /* no overlong forms */
        if (ok && len == 3) {
            unsigned cp = (c & 0x0f) << 12 | (u[i + 1] & 0x3f) << 6 | (u[i + 2] & 0x3f);
            ok = cp >= 0x800 && (cp < 0xd800 || cp > 0xdfff);
        }
        if (ok && len == 4) {
            unsigned cp = (c & 0x07) << 18 | (u[i + 1] & 0x3f) << 12 | (u[i + 2] & 0x3f) << 6 |
                          (u[i + 3] & 0x3f);
            ok = cp >= 0x10000 && cp <= 0x10ffff;
        }
        if (ok && len == 1 && c == 0) ok = 0;
        if (!ok) {
            t[k++] = '?';
            i++;
            continue;
        }
        memcpy(t + k, s + i, len);
        k += len;
        i += len;
    }
    t[k] = '\0';
    json_t *j = json_string(t);
    free(t);
    return j;
}

json_t *bg_json_from_err(const bg_err *e)
{
    json_t *o = json_object();
    if (!o) return NULL;
    json_object_set_new(o, "game", json_integer(e->game));
    json_object_set_new(o, "move", json_integer(e->move));
    json_object_set_new(o, "side", json_integer(e->side));
    json_object_set_new(o, "rule", bg_json_string(e->rule));
    json_object_set_new(o, "message", bg_json_string(e->message));
    return o;
}

static json_t *pair(int a, int b)
{
    return json_pack("[ii]", a, b);
}

static json_t *action_json(const bg_action *a)
{
    json_t *o = json_object();
    if (!o) return NULL;
    json_object_set_new(o, "type", json_string(act_name(a->type)));
    json_object_set_new(o, "side", json_integer(a->side));
    if (a->move) json_object_set_new(o, "move", json_integer(a->move));
    switch (a->type) {
    case BG_ACT_MOVE: {
        json_object_set_new(o, "dice", pair(a->d1, a->d2));
        json_t *p = json_array();
        for (int i = 0; i < a->n && i < 4; i++)
            json_array_append_new(p, pair(a->steps[i].from, a->steps[i].to));
        json_object_set_new(o, "play", p);
        break;
    }
    case BG_ACT_DOUBLE:
    case BG_ACT_BEAVER:
        if (a->value) json_object_set_new(o, "cube", json_integer(a->value));
        break;
    case BG_ACT_RESIGN:
        json_object_set_new(o, "level", json_integer(a->value));
        break;
    default:
        break;
    }
    return o;
}

static json_t *result_json(const bg_result *r)
{
    json_t *o = json_object();
    if (!o) return NULL;
    json_object_set_new(o, "winner", json_integer(r->winner));
    if (r->how) json_object_set_new(o, "how", json_string(bg_json_how(r->how)));
    if (r->cube) json_object_set_new(o, "cube", json_integer(r->cube));
    if (r->level) json_object_set_new(o, "level", json_integer(r->level));
    if (r->points) json_object_set_new(o, "points", json_integer(r->points));
    return o;
}

json_t *bg_json_from_match(const bg_match_rec *rec)
{
    json_t *o = json_object();
    if (!o) return NULL;
    const bg_rules *r = &rec->rules;
    json_object_set_new(o, "match_length", json_integer(r->match_length));
    json_object_set_new(
        o, "players",
        json_pack("[oo]", bg_json_string(rec->names[0]), bg_json_string(rec->names[1])));
    json_object_set_new(o, "rules",
                        json_pack("{s:s, s:b, s:b, s:i, s:i, s:b}", "policy",
                                  r->policy == BG_POLICY_RESPONSIBLE ? "responsible" : "legal",
                                  "holland", r->holland, "swing", r->swing, "automatic_doubles",
                                  r->auto_doubles, "beavers", r->beavers, "jacoby", r->jacoby));
    json_object_set_new(o, "complete", json_boolean(rec->complete));
    json_t *games = json_array();
    for (int i = 0; i < rec->n_games; i++) {
        const bg_game_rec *g = &rec->games[i];
        json_t *go = json_object();
        if (g->has_score)
            json_object_set_new(go, "score_before", pair(g->score_before[0], g->score_before[1]));
        if (g->auto_doubles) json_object_set_new(go, "auto_doubles", json_integer(g->auto_doubles));
        if (!g->score_only) {
            json_t *acts = json_array();
            for (int k = 0; k < g->n_act; k++)
                json_array_append_new(acts, action_json(&g->act[k]));
            json_object_set_new(go, "actions", acts);
        }
        if (g->has_result) json_object_set_new(go, "result", result_json(&g->result));
        json_array_append_new(games, go);
    }
    json_object_set_new(o, "games", games);
    if (rec->n_pen) {
        json_t *pen = json_array();
        for (int i = 0; i < rec->n_pen; i++)
            json_array_append_new(pen, json_pack("{s:i, s:i, s:i}", "before_game",
                                                 rec->pen[i].before_game + 1, "side",
                                                 rec->pen[i].side, "points", rec->pen[i].points));
        json_object_set_new(o, "penalties", pen);
    }
    return o;
}

json_t *bg_json_from_report(const bg_match_rec *rec, const bg_match_report *rep)
{
    json_t *o = json_object();
    if (!o) return NULL;
    int n = rec->rules.match_length;
    json_object_set_new(o, "valid", json_boolean(rep->valid));
    json_object_set_new(o, "match_length", json_integer(n));
    json_object_set_new(
        o, "players",
        json_pack("[oo]", bg_json_string(rec->names[0]), bg_json_string(rec->names[1])));
    json_t *games = json_array();
    for (int i = 0; i < rep->n_games; i++) {
        const bg_game_summary *s = &rep->games[i];
        json_t *g = json_object();
        json_object_set_new(g, "game", json_integer(i + 1));
        json_object_set_new(g, "score_before", pair(s->score_before[0], s->score_before[1]));
        json_object_set_new(g, "crawford", json_boolean(s->crawford));
        json_object_set_new(g, "post_crawford", json_boolean(s->post_crawford));
        json_object_set_new(g, "score_only", json_boolean(s->score_only));
        json_object_set_new(g, "winner", json_integer(s->out.winner));
        json_object_set_new(g, "how", json_string(bg_json_how(s->out.how)));
        json_object_set_new(g, "cube", json_integer(s->out.cube));
        json_object_set_new(g, "points", json_integer(s->out.points));
        json_object_set_new(g, "resigned", json_boolean(s->out.resigned));
        if (s->out.level) json_object_set_new(g, "level", json_integer(s->out.level));
        json_object_set_new(g, "turns", json_integer(s->out.turns));
        json_object_set_new(g, "score_after", pair(s->score_after[0], s->score_after[1]));
        json_array_append_new(games, g);
    }
    json_object_set_new(o, "games", games);
    json_object_set_new(o, "final_score", pair(rep->score[0], rep->score[1]));
    int cap0 = n > 0 && rep->score[0] > n ? n : rep->score[0];
    int cap1 = n > 0 && rep->score[1] > n ? n : rep->score[1];
    json_object_set_new(o, "match_score", pair(cap0, cap1));
    json_object_set_new(o, "over", json_boolean(rep->over));
    json_object_set_new(o, "winner",
                        rep->over && (rep->winner == 0 || rep->winner == 1)
                            ? bg_json_string(rec->names[rep->winner])
                            : json_null());
    json_object_set_new(o, "turns", json_integer(rep->turns));
    if (rep->notes.n) {
        json_t *notes = json_array();
        for (int i = 0; i < rep->notes.n; i++)
            json_array_append_new(notes, bg_json_from_err(&rep->notes.v[i]));
        json_object_set_new(o, "notes", notes);
    }
    if (!rep->valid) json_object_set_new(o, "error", bg_json_from_err(&rep->err));
    return o;
}
