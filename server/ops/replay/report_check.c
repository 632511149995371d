/* The games of a report checked by the rules engine (MATCH-1..6, CUBE-1..7): the rules a
 * match is played under, the engine's refusal as a problem, a replay's outcome filled into
 * the report, and a list of score-only games (the compact form a phone's game by game
 * builds) replayed. The API's report_games.c reads the bodies that bring them. */
#include "ops/replay/report_check.h"
#include "common/json_out.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codec/bg_json.h"
#include "ops/replay/report_replay.h"
#include "store/store.h"
#include "tourney/results.h"

static const char side_name[2][2] = {"a", "b"};

/* 422 naming the game, the move, the side, the rule and the engine's sentence. */
void op_report_refuse(struct problem *pb, const bg_err *e, int swap)
{
    problem_set(pb, 422, "rules", "The rules engine refused the report", "%s", e->message);
    json_object_set_new(pb->json, "game", e->game ? json_integer(e->game) : json_null());
    json_object_set_new(pb->json, "move", e->move ? json_integer(e->move) : json_null());
    json_object_set_new(pb->json, "side",
                        e->side == 0 || e->side == 1 ? json_string(side_name[e->side ^ swap])
                                                     : json_null());
    json_object_set_new(pb->json, "rule", json_string(e->rule));
}

int op_report_of_score(const struct match *m, int a, int b, int64_t now_ms, const char *field,
                       struct report *r, struct problem *pb)
{
    memset(r, 0, sizeof *r);
    r->winner = -1;
    r->created_ms = now_ms;
    char err[256];
    if (results_final_score(m->length, a, b, &r->winner, r->score, err, sizeof err) ||
        results_score_holds_penalties(m, r->score, a, b, err, sizeof err)) {
        problem_set(pb, 422, "invalid-result", "Impossible score", "%s", err);
        problem_field(pb, field, "%s", err);
        pb->status = 422;
        return -1;
    }
    snprintf(r->kind, sizeof r->kind, "score");
    r->complete = 1;
    r->games = strdup("[]");
    if (!r->games) {
        problem_internal(pb, "storing the score");
        return -1;
    }
    return 0;
}

/* The rules a match is played under: its length (0 = one Swing game) and the tournament's
 * illegal-move policy (MATCH-6). */
int op_report_rules_of(struct db *db, const struct match *m, bg_rules *rules, struct problem *pb)
{
    char policy[12];
    if (db_tournament_policy(db, m->tournament_id, policy) != CW_OK) {
        problem_internal(pb, "reading the tournament");
        return -1;
    }
    memset(rules, 0, sizeof *rules);
    rules->match_length = m->length;
    rules->swing = m->length == 0;
    rules->policy = strcmp(policy, "responsible") ? BG_POLICY_LEGAL : BG_POLICY_RESPONSIBLE;
    return 0;
}

/* Fills the report's score, winner and completeness from a replay; for a transcript also
 * its games as JSON summaries (a games report keeps its compact list, see below). *last,
 * when not NULL, receives the summary of the last game. */
int op_report_fill(struct report *r, const bg_match_report *rep, int length, int swap,
                   int summaries, struct cw_text *last)
{
    if (summaries) {
        json_t *games = json_array();
        for (int i = 0; i < rep->n_games; i++)
            json_array_append_new(games, op_report_summary_json(&rep->games[i], i + 1, swap));
        r->games = cw_json_dumps(games, NULL);
        json_decref(games);
        if (!r->games)
            return -1;
    }
    if (last && rep->n_games)
        op_report_summary_text(last, &rep->games[rep->n_games - 1], rep->first + rep->n_games,
                               swap);
    if (rep->notes.n) {
        json_t *flags = json_array();
        for (int i = 0; i < rep->notes.n; i++)
            json_array_append_new(flags, bg_json_from_err(&rep->notes.v[i]));
        r->flags = cw_json_dumps(flags, NULL);
        json_decref(flags);
    }
    for (int s = 0; s < 2; s++) {
        int v = rep->score[s ^ swap];
        r->score[s] = length && v > length ? length : v; /* MATCH-1 */
    }
    r->complete = length ? rep->over : rep->n_games == 1;
    r->winner = -1;
    if (r->complete)
        r->winner =
            length ? rep->winner ^ swap : (rep->n_games ? rep->games[0].out.winner ^ swap : -1);
    return 0;
}

/* A games report is stored as its results as given, compactly: "a:1:single,b:2:drop,
 * a:1:resign:2" (winner, cube, how, and a resignation's level). Appending a game is then a
 * string append, and checking the report a replay of that string: no JSON on the path a
 * phone takes after every game. Summaries are made when the report is read. */

/* Appends one game to a compact list (malloc'd). */
char *op_report_compact_append(const char *text, const struct game_in *g)
{
    /* a copy and a few bytes: asprintf walked the whole list through vfprintf, its cost
     * growing with the match (issue 37) */
    struct cw_text t = {NULL, 0, 0, 0};
    if (text && *text) {
        cw_text_raw(&t, text, strlen(text));
        cw_text_lit(&t, ",");
    }
    cw_text_raw(&t, side_name[g->winner], 1);
    cw_text_lit(&t, ":");
    cw_text_int(&t, g->cube);
    cw_text_lit(&t, ":");
    cw_text_raw(&t, g->result, strlen(g->result));
    if (g->level && !strcmp(g->result, "resign")) {
        cw_text_lit(&t, ":");
        cw_text_int(&t, g->level);
    }
    return cw_text_end(&t, NULL);
}

/* A replay's state as stored with its report (reports.replay): "1" then the fields of
 * bg_match_state, space-separated. Written and read by hand: snprintf and strtol cost as
 * much as checking a game (issue 37). */
static char *put_int(char *p, long long v)
{
    char d[24];
    int n = 0;
    unsigned long long u = v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v;
    do
        d[n++] = (char)('0' + u % 10);
    while (u /= 10);
    *p++ = ' ';
    if (v < 0)
        *p++ = '-';
    while (n)
        *p++ = d[--n];
    return p;
}

void op_report_state_text(const bg_match_state *s, char out[OP_REPORT_STATE_MAX])
{
    long long v[12] = {s->length0, s->length_fix, s->length_fix_game, s->pen, s->pen_hash,
                       s->games, s->length, s->score[0], s->score[1], s->crawford_done,
                       s->over, s->winner};
    char *p = out;
    *p++ = '1';
    for (int i = 0; i < 12; i++)
        p = put_int(p, v[i]);
    *p = 0;
}

int op_report_state_read(const char *text, bg_match_state *s)
{
    long long v[12];
    const char *p = text;
    if (*p++ != '1')
        return -1;
    for (int i = 0; i < 12; i++) {
        if (*p++ != ' ')
            return -1;
        int neg = *p == '-';
        p += neg;
        if (*p < '0' || *p > '9')
            return -1;
        long long x = 0;
        for (int k = 0; *p >= '0' && *p <= '9'; p++, k++) {
            if (k >= 10)
                return -1;
            x = x * 10 + (*p - '0');
        }
        v[i] = neg ? -x : x;
    }
    if (*p)
        return -1;
    *s = (bg_match_state){(int)v[0], (int)v[1], (int)v[2], (int)v[3], (unsigned)v[4], (int)v[5],
                          (int)v[6], {(int)v[7], (int)v[8]}, (int)v[9], (int)v[10], (int)v[11]};
    return 0;
}

/* The record of the compact games against match m, going on from state `from` (NULL: from
 * the start). 0; 1 when from no longer fits the match (rec freed); -1 with pb. */
static int rec_of(struct db *db, const struct match *m, const char *games,
                  const bg_match_state *from, bg_match_rec *rec, struct problem *pb)
{
    memset(rec, 0, sizeof *rec);
    if (op_report_rules_of(db, m, &rec->rules, pb))
        return -1;
    op_report_record_length(m, rec);
    rec->from = from; /* penalties are numbered over the whole match: set before they are read */
    if (op_report_rec_from_compact(games, rec) || op_report_add_penalties(db, m->id, rec, 0)) {
        bg_match_rec_free(rec);
        problem_internal(pb, "reading the games");
        return -1;
    }
    if (from && !bg_match_state_fits(rec, from)) {
        bg_match_rec_free(rec);
        return 1;
    }
    return 0;
}

/* Checks a compact list of score-only games against the match (the engine replays them:
 * each result against the match so far) and fills r (its games = the list, its replay the
 * state after them). When prev's games begin the list and its stored state still fits the
 * match (its length, its penalties: bg_match_state_fits), only the games after them are
 * replayed, from that state: a report game by game costs the same at its 40th game as at
 * its 2nd (issue 37); else the whole list is. */
int op_report_check_compact(struct db *db, const struct match *m, char *compact,
                            const struct report *prev, struct report *r, struct problem *pb,
                            struct cw_text *last)
{
    bg_match_state from;
    size_t skip = 0;
    if (prev && m->length && prev->replay[0] && prev->games && !strcmp(prev->kind, "games") &&
        op_report_state_read(prev->replay, &from) == 0) {
        skip = strlen(prev->games);
        if (strncmp(compact, prev->games, skip) || (compact[skip] && compact[skip] != ','))
            skip = 0;
        else if (compact[skip])
            skip++;
    }
    bg_match_rec rec;
    int rc = rec_of(db, m, compact + skip, skip ? &from : NULL, &rec, pb);
    if (rc == 1) /* changed since the state was kept: all of them */
        rc = rec_of(db, m, compact, NULL, &rec, pb);
    if (rc) {
        free(compact);
        return -1;
    }
    bg_match_report rep;
    if (bg_match_replay(&rec, &rep)) {
        op_report_refuse(pb, &rep.err, 0);
        bg_match_report_free(&rep);
        bg_match_rec_free(&rec);
        free(compact);
        return -1;
    }
    if (!m->length && rep.n_games != 1) {
        int n = rec.n_games;
        bg_match_report_free(&rep);
        bg_match_rec_free(&rec);
        free(compact);
        problem_set(pb, 422, "validation", "One game",
                    "A money-style pairing is one game (SWING-2); %d were reported.", n);
        return -1;
    }
    rc = op_report_fill(r, &rep, m->length, 0, 0, last);
    r->games = compact;
    snprintf(r->kind, sizeof r->kind, "games");
    r->replay[0] = 0;
    if (m->length)
        op_report_state_text(&rep.resume, r->replay);
    bg_match_report_free(&rep);
    bg_match_rec_free(&rec);
    if (rc)
        problem_internal(pb, "storing the games");
    return rc;
}
