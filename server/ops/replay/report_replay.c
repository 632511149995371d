/* A stored report's games replayed as they stand. */
#include "ops/replay/report_replay.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/json_out.h"
#include "store/store.h"

static const char side_name[2][2] = {"a", "b"};

int op_report_how_of(const char *s)
{
    return !strcmp(s, "single")       ? BG_HOW_SINGLE
           : !strcmp(s, "gammon")     ? BG_HOW_GAMMON
           : !strcmp(s, "backgammon") ? BG_HOW_BACKGAMMON
           : !strcmp(s, "drop")       ? BG_HOW_DROP
                                      : BG_HOW_RESIGN;
}

const char *op_report_how_name(int how)
{
    static const char *names[] = {"", "single", "gammon", "backgammon", "drop", "resign"};
    return how >= 1 && how <= 5 ? names[how] : "";
}

/* The length a record of match m begins at, and MATCH-3's correction when the TD made one. */
void op_report_record_length(const struct match *m, bg_match_rec *rec)
{
    rec->rules.match_length = m->first_length ? m->first_length : m->length;
    rec->rules.swing = m->length == 0;
    rec->length_fix = m->first_length ? m->length : 0;
    rec->length_fix_game = m->length_fix_game;
}

json_t *op_report_summary_json(const bg_game_summary *g, int number, int swap)
{
    return json_pack("{s:i, s:s, s:s, s:i, s:i, s:i, s:b, s:b, s:{s:i, s:i}, s:{s:i, s:i}}", "game",
                     number, "winner", side_name[g->out.winner ^ swap], "result",
                     op_report_how_name(g->out.how), "cube", g->out.cube, "points", g->out.points,
                     "level", g->out.level, "crawford", g->crawford, "resigned", g->out.resigned,
                     "score_before", "a", g->score_before[swap], "b", g->score_before[1 - swap],
                     "score_after", "a", g->score_after[swap], "b", g->score_after[1 - swap]);
}

void op_report_summary_text(struct cw_text *t, const bg_game_summary *g, int number, int swap)
{
    /* the members and forms of op_report_summary_json's value, as json_dumps writes them */
    cw_text_lit(t, "{\"game\":");
    cw_text_int(t, number);
    cw_text_lit(t, ",\"winner\":");
    cw_text_str(t, side_name[g->out.winner ^ swap]);
    cw_text_lit(t, ",\"result\":");
    cw_text_str(t, op_report_how_name(g->out.how));
    cw_text_lit(t, ",\"cube\":");
    cw_text_int(t, g->out.cube);
    cw_text_lit(t, ",\"points\":");
    cw_text_int(t, g->out.points);
    cw_text_lit(t, ",\"level\":");
    cw_text_int(t, g->out.level);
    if (g->crawford)
        cw_text_lit(t, ",\"crawford\":true");
    else
        cw_text_lit(t, ",\"crawford\":false");
    if (g->out.resigned)
        cw_text_lit(t, ",\"resigned\":true");
    else
        cw_text_lit(t, ",\"resigned\":false");
    cw_text_lit(t, ",\"score_before\":{\"a\":");
    cw_text_int(t, g->score_before[swap]);
    cw_text_lit(t, ",\"b\":");
    cw_text_int(t, g->score_before[1 - swap]);
    cw_text_lit(t, "},\"score_after\":{\"a\":");
    cw_text_int(t, g->score_after[swap]);
    cw_text_lit(t, ",\"b\":");
    cw_text_int(t, g->score_after[1 - swap]);
    cw_text_lit(t, "}}");
}

/* MATCH-5: the penalty points of match `match_id` into rec, in order of the game they come
 * before (clamped to the games of the record: a penalty given after the games reported so
 * far comes after them). swap: side a is the record's player 1. */
int op_report_add_penalties(struct db *db, int64_t match_id, bg_match_rec *rec, int swap)
{
    struct penalty *p;
    int n;
    if (db_penalties(db, match_id, 0, &p, &n) != CW_OK)
        return -1;
    int rc = 0;
    /* stable by before_game: insertion order among equals */
    for (int pass = 0, done = 0; !rc && done < n; pass++) {
        int next = -1;
        for (int i = 0; i < n; i++)
            if (p[i].points > 0 && p[i].before_game >= 0 &&
                (next < 0 || p[i].before_game < p[next].before_game))
                next = i;
        if (next < 0)
            break;
        /* a record going on from a state (rec->from) holds the games after it */
        int games = rec->n_games + (rec->from ? rec->from->games : 0);
        bg_penalty bp = {.before_game = p[next].before_game < games ? p[next].before_game : games,
                         .side = p[next].side ^ swap,
                         .points = p[next].points};
        rc = bg_match_rec_add_penalty(rec, &bp);
        p[next].before_game = -1; /* taken */
        done++;
    }
    free(p);
    return rc;
}

/* A number of the compact list at *p (digits, maybe a minus), moving p past it; 0, or -1
 * if there is none or it is out of an int's range. By hand: a report's every game is read
 * again at each new game, inside the writer's turn, and sscanf cost most of that. */
static int compact_int(const char **p, int *out)
{
    /* strtol's work for these few digits was most of reading the list (issue 37) */
    const char *s = *p;
    int neg = *s == '-';
    s += neg;
    if (*s < '0' || *s > '9')
        return -1;
    long long v = 0;
    for (; *s >= '0' && *s <= '9'; s++) {
        v = v * 10 + (*s - '0');
        if (v > (long long)INT_MAX + 1)
            return -1;
    }
    v = neg ? -v : v;
    if (v < INT_MIN || v > INT_MAX)
        return -1;
    *out = (int)v;
    *p = s;
    return 0;
}

/* Adds the games of a compact list ("a:1:single,b:2:gammon,a:1:resign:2") to rec. 0, or -1
 * if the text is not one. */
int op_report_rec_from_compact(const char *text, bg_match_rec *rec)
{
    for (const char *p = text; p && *p;) {
        char w = *p, how[16];
        int cube, level = 0;
        if ((w != 'a' && w != 'b') || p[1] != ':')
            return -1;
        p += 2;
        if (compact_int(&p, &cube) || *p++ != ':')
            return -1;
        size_t n = 0;
        while (n < sizeof how - 1 && *p >= 'a' && *p <= 'z')
            how[n++] = *p++;
        how[n] = 0;
        if (!n)
            return -1;
        if (*p == ':') {
            p++;
            if (compact_int(&p, &level))
                return -1;
        }
        bg_game_rec *g = bg_match_rec_add_game(rec);
        if (!g)
            return -1;
        g->score_only = 1;
        g->has_result = 1;
        g->result.winner = w == 'b';
        g->result.how = op_report_how_of(how);
        g->result.cube = cube;
        g->result.level = level;
        if (*p == ',')
            p++;
        else if (*p)
            return -1;
    }
    return 0;
}

/* Replays a game-by-game report as stored into rep (free it); 0 or -1. */
static int replay_games(struct db *db, const struct report *r, const struct match *m,
                        bg_match_report *rep)
{
    bg_match_rec rec;
    memset(&rec, 0, sizeof rec);
    memset(rep, 0, sizeof *rep);
    op_report_record_length(m, &rec);
    int rc = r->games && !strcmp(r->kind, "games") &&
                     op_report_rec_from_compact(r->games, &rec) == 0 &&
                     op_report_add_penalties(db, r->match_id, &rec, 0) == 0 &&
                     bg_match_replay(&rec, rep) == 0
                 ? 0
                 : -1;
    bg_match_rec_free(&rec);
    return rc;
}

json_t *op_report_games_json(struct db *db, const struct report *r, const struct match *m)
{
    if (!r->games)
        return json_array();
    if (strcmp(r->kind, "games")) {
        json_t *j = json_loads(r->games, 0, NULL);
        return j ? j : json_array();
    }
    json_t *out = json_array();
    bg_match_report rep;
    if (replay_games(db, r, m, &rep) == 0)
        for (int i = 0; i < rep.n_games; i++)
            json_array_append_new(out, op_report_summary_json(&rep.games[i], i + 1, 0));
    bg_match_report_free(&rep);
    return out;
}

int op_report_games_score(struct db *db, const struct report *r, const struct match *m,
                          int *n_games, int score[2])
{
    bg_match_report rep;
    int rc = replay_games(db, r, m, &rep);
    if (rc == 0) {
        *n_games = rep.n_games;
        score[0] = rep.score[0];
        score[1] = rep.score[1];
    }
    bg_match_report_free(&rep);
    return rc;
}
