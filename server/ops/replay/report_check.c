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
        op_report_summary_text(last, &rep->games[rep->n_games - 1], rep->n_games, swap);
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

/* Checks a compact list of score-only games against the match (the engine replays them:
 * each result against the match so far) and fills r (its games = the list). */
int op_report_check_compact(struct db *db, const struct match *m, char *compact, struct report *r,
                            struct problem *pb, struct cw_text *last)
{
    bg_match_rec rec;
    memset(&rec, 0, sizeof rec);
    if (op_report_rules_of(db, m, &rec.rules, pb)) {
        free(compact);
        return -1;
    }
    op_report_record_length(m, &rec);
    if (op_report_rec_from_compact(compact, &rec) || op_report_add_penalties(db, m->id, &rec, 0)) {
        bg_match_rec_free(&rec);
        free(compact);
        problem_internal(pb, "reading the games");
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
    int rc = op_report_fill(r, &rep, m->length, 0, 0, last);
    r->games = compact;
    snprintf(r->kind, sizeof r->kind, "games");
    bg_match_report_free(&rep);
    bg_match_rec_free(&rec);
    if (rc)
        problem_internal(pb, "storing the games");
    return rc;
}
