/* The games of a report, checked by the rules engine: game by game (score-only results, MATCH-1..6,
 * CUBE-1..7), a single money-style game (Swing), or a whole transcript (a .mat file or the
 * JSON game record), replayed move by move under the tournament's illegal-move policy. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "api/fields.h"
#include "api/handlers.h"
#include "api/json.h"
#include "api/matches.h"
#include "api/reports.h"
#include "codec/bg_json.h"
#include "ops/report_check.h"
#include "ops/report_replay.h"
#include "rules/bg_mat.h"
#include "rules/bg_match.h"
#include "store/store.h"

static const char *const sides_ab[] = {"a", "b", NULL};

static const char *const hows[] = {"single", "gammon", "backgammon", "drop", "resign", NULL};

/* one game: its winner, the cube value its points count from (for a dropped double, the
 * value before the double), how it ended, and for a resignation its level */
const struct api_field api_game_fields[] = {
    {"winner", F_ENUM, 1, 0, 0, 0, sides_ab, NULL},
    {"cube", F_INT, 1, 0, 1, BG_CUBE_MAX, NULL, NULL},
    {"result", F_ENUM, 1, 0, 0, 0, hows, NULL},
    {"level", F_INT, 0, 0, 1, 3, NULL, NULL},
    {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

/* The engine's refusal as the reply (op_report_refuse). */
static void refuse(struct api_resp *resp, const bg_err *e, int swap)
{
    struct problem pb = {0, NULL};
    op_report_refuse(&pb, e, swap);
    api_reply_problem(resp, &pb);
}

static int rules_of(struct api_req *req, const struct match *m, bg_rules *rules,
                    struct api_resp *resp)
{
    struct problem pb = {0, NULL};
    if (op_report_rules_of(req->app->db, m, rules, &pb)) {
        api_reply_problem(resp, &pb);
        return -1;
    }
    return 0;
}

struct game_in api_game_in(json_t *g)
{
    json_t *lv = json_object_get(g, "level");
    const char *w = json_string_value(json_object_get(g, "winner"));
    struct game_in in = {w && w[0] == 'b', (int)json_integer_value(json_object_get(g, "cube")),
                         json_string_value(json_object_get(g, "result")),
                         lv ? (int)json_integer_value(lv) : 0};
    return in;
}

/* Appends one game (already checked by api_game_fields) to a compact list (malloc'd). */
char *api_report_compact_append(const char *text, json_t *g)
{
    struct game_in in = api_game_in(g);
    return op_report_compact_append(text, &in);
}

int api_report_check_compact(struct api_req *req, const struct match *m, char *compact,
                             struct report *r, struct api_resp *resp, json_t **last)
{
    struct problem pb = {0, NULL};
    if (op_report_check_compact(req->app->db, m, compact, r, &pb, last)) {
        api_reply_problem(resp, &pb);
        return -1;
    }
    return 0;
}

/* Score-only games given as a JSON list: each entry checked for its fields, then the list. */
static int check_games(struct api_req *req, const struct match *m, json_t *list, struct report *r,
                       struct api_resp *resp)
{
    if (!json_is_array(list) || json_array_size(list) < 1 || json_array_size(list) > 500) {
        api_problem_field(resp, "games", "must be a list of 1 to 500 games");
        return -1;
    }
    char *compact = strdup("");
    for (size_t i = 0; compact && i < json_array_size(list); i++) {
        json_t *g = json_array_get(list, i);
        char path[32];
        snprintf(path, sizeof path, "games[%zu]", i);
        if (!json_is_object(g)) {
            api_problem_field(resp, path, "must be an object {winner, cube, result}");
            free(compact);
            return -1;
        }
        struct api_resp tmp;
        memset(&tmp, 0, sizeof tmp);
        if (api_check_fields(g, api_game_fields, 0, &tmp)) {
            /* name the game in the fields of the problem */
            json_t *errs = json_object_get(tmp.json, "errors");
            for (size_t k = 0; k < json_array_size(errs); k++) {
                json_t *e = json_array_get(errs, k);
                char f[96];
                snprintf(f, sizeof f, "%s.%s", path,
                         json_string_value(json_object_get(e, "field")));
                api_problem_field(resp, f, "%s", json_string_value(json_object_get(e, "detail")));
            }
            api_resp_free(&tmp);
            free(compact);
            return -1;
        }
        char *next = api_report_compact_append(compact, g);
        free(compact);
        compact = next;
    }
    if (!compact) {
        api_internal_error(resp, "reading the games");
        return -1;
    }
    return api_report_check_compact(req, m, compact, r, resp, NULL);
}

/* The match's verified games: those both players' current reports give alike, from the first
 * (what one side reported and the other's report repeats), as summaries by side a / b. 0, or
 * -1 when the reports cannot be read. */
static int verified_games(struct db *db, const struct match *m, json_t **out)
{
    json_t *g[2] = {NULL, NULL};
    int rc = 0;
    for (int s = 0; s < 2 && !rc; s++) {
        struct report r;
        int got = db_report_current(db, m->id, s, &r);
        if (got == CW_OK) {
            g[s] = op_report_games_json(db, &r, m);
            report_free(&r);
        } else if (got != CW_ENOTFOUND) {
            rc = -1;
        }
    }
    *out = json_array();
    for (size_t i = 0; !rc && g[0] && g[1] && i < json_array_size(g[0]); i++) {
        json_t *x = json_array_get(g[0], i);
        if (!json_equal(x, json_array_get(g[1], i)))
            break;
        json_array_append(*out, x);
    }
    json_decref(g[0]);
    json_decref(g[1]);
    return rc;
}

/* A transcript that starts later than 0-0 (a match resumed elsewhere, e.g. a FIBS log)
 * continues the match's verified games: they go before its games as score-only results, so
 * the replay checks its first score against theirs (MATCH-2) and the report holds the whole
 * match. swap: side a is the record's player 1. 0, or -1 when out of memory. */
static int prepend_games(bg_match_rec *rec, json_t *games, int swap)
{
    int k = (int)json_array_size(games), n = rec->n_games;
    for (int i = 0; i < k; i++)
        if (!bg_match_rec_add_game(rec))
            return -1;
    memmove(&rec->games[k], &rec->games[0], (size_t)n * sizeof *rec->games);
    for (int i = 0; i < k; i++) {
        json_t *x = json_array_get(games, (size_t)i);
        bg_game_rec *g = &rec->games[i];
        memset(g, 0, sizeof *g);
        g->score_only = 1;
        g->has_result = 1;
        g->result.winner = (json_string_value(json_object_get(x, "winner"))[0] == 'b') ^ swap;
        g->result.how = op_report_how_of(json_string_value(json_object_get(x, "result")));
        g->result.cube = (int)json_integer_value(json_object_get(x, "cube"));
        if (g->result.how == BG_HOW_RESIGN)
            g->result.level = (int)json_integer_value(json_object_get(x, "level"));
    }
    rec->resumed = 0;
    return 0;
}

/* The refusal of a resumed transcript whose first score is not where the verified games
 * leave the match: said in those words (MATCH-2), the scores by side a / b. */
static void refuse_resumed(struct api_resp *resp, const bg_match_rec *rec,
                           const bg_match_report *rep, int verified, int swap)
{
    const int *sb = rec->games[verified].score_before;
    bg_err e = rep->err;
    snprintf(e.message, sizeof e.message,
             "The transcript starts at %d-%d, but the %d verified game%s of this match (the "
             "games both players' reports give alike) make it %d-%d: a transcript that starts "
             "later than 0-0 must start where the verified games end (MATCH-2).",
             sb[swap], sb[1 - swap], verified, verified == 1 ? "" : "s", rep->score[swap],
             rep->score[1 - swap]);
    refuse(resp, &e, swap);
}

/* Which column of the transcript is side a: by the players' names when they tell, else
 * the first player is side a. "order": "ab" or "ba" overrides. */
static int transcript_swap(struct api_req *req, const struct match *m, const bg_match_rec *rec,
                           json_t *body)
{
    const char *order = json_string_value(json_object_get(body, "order"));
    if (order)
        return !strcmp(order, "ba");
    struct player p[2];
    for (int s = 0; s < 2; s++)
        if (db_player_get(req->app->db, m->tournament_id, m->player[s], &p[s]) != CW_OK)
            return 0;
    if (!strcasecmp(rec->names[0], p[1].name) || !strcasecmp(rec->names[1], p[0].name))
        return 1;
    return 0;
}

static int check_transcript(struct api_req *req, const struct match *m, json_t *body,
                            struct report *r, struct api_resp *resp)
{
    bg_match_rec rec;
    memset(&rec, 0, sizeof rec);
    bg_err err;
    memset(&err, 0, sizeof err);
    json_t *mat = json_object_get(body, "mat"), *tr = json_object_get(body, "transcript");
    int rc;
    if (mat) {
        const char *text = json_string_value(mat);
        rc = bg_mat_parse(text, strlen(text), &rec, &err);
        if (rc && !rec.n_games) {
            /* nothing readable: not a .mat file at all */
            bg_match_rec_free(&rec);
            api_problem(resp, 422, "not-a-transcript", "Not a .mat file",
                        "The upload is not a .mat match transcript: %s", err.message);
            api_problem_field(resp, "mat", "%s", err.message);
            resp->status = 422;
            json_object_set_new(resp->json, "status", json_integer(422));
            return -1;
        }
    } else {
        if (!json_is_object(tr)) {
            api_problem_field(resp, "transcript", "must be a JSON game record (an object)");
            return -1;
        }
        if (bg_json_to_match(tr, &rec, &err)) {
            bg_match_rec_free(&rec);
            refuse(resp, &err, 0);
            return -1;
        }
        rec.complete = 0; /* a JSON record may be a match in progress */
        json_t *c = json_object_get(tr, "complete");
        if (json_is_true(c))
            rec.complete = 1;
    }
    bg_rules rules;
    if (rules_of(req, m, &rules, resp)) {
        bg_match_rec_free(&rec);
        return -1;
    }
    /* MATCH-3: a match completed at a wrong length stands; checked after the replay */
    int played = rec.rules.match_length;
    if (played != m->length && (!played || !m->length)) {
        bg_match_rec_free(&rec);
        api_problem(resp, 422, "wrong-length", "Wrong match length",
                    "The transcript is of %s; match %lld is %s.",
                    played ? "a match to points" : "a money-style game", (long long)m->id,
                    m->length ? "a match to points" : "one money-style game");
        return -1;
    }
    /* the tournament's policy and options, not the transcript's */
    rec.rules.policy = rules.policy;
    rec.rules.swing = rules.swing;
    int swap = transcript_swap(req, m, &rec, body);
    int resumed = rec.resumed, verified = 0;
    if (resumed) {
        json_t *vg = NULL;
        int bad = verified_games(req->app->db, m, &vg) || prepend_games(&rec, vg, swap);
        verified = (int)json_array_size(vg);
        json_decref(vg);
        if (bad) {
            bg_match_rec_free(&rec);
            api_internal_error(resp, "reading the verified games");
            return -1;
        }
    }
    /* penalty points are the TD's to give (PEN-5): a player's transcript is replayed with
     * the penalties the TD gave, whatever it records itself; the TD's own transcript may
     * record them */
    if (!req->is_td)
        rec.n_pen = 0;
    if (!rec.n_pen && op_report_add_penalties(req->app->db, m->id, &rec, swap)) {
        bg_match_rec_free(&rec);
        api_internal_error(resp, "reading the penalties");
        return -1;
    }
    bg_match_report rep;
    if (bg_match_replay(&rec, &rep)) {
        if (resumed && rep.err.game == verified + 1 && rep.err.move == 0 &&
            !strcmp(rep.err.rule, "MATCH-2"))
            refuse_resumed(resp, &rec, &rep, verified, swap);
        else
            refuse(resp, &rep.err, swap);
        bg_match_report_free(&rep);
        bg_match_rec_free(&rec);
        return -1;
    }
    if (played != m->length && !rep.over) {
        bg_match_report_free(&rep);
        bg_match_rec_free(&rec);
        api_problem(resp, 422, "wrong-length", "Wrong match length",
                    "The transcript is of a %d-point match that is not over; match %lld is to %d. "
                    "A match found at a wrong length is corrected by the TD before its next "
                    "game (MATCH-3); only a match completed at a wrong length stands.",
                    played, (long long)m->id, m->length);
        return -1;
    }
    rc = op_report_fill(r, &rep, played, swap, 1, NULL);
    if (rc == 0 && played != m->length) {
        /* the result stands, flagged for the TD who verifies it */
        json_t *flags = r->flags ? json_loads(r->flags, 0, NULL) : NULL;
        if (!json_is_array(flags)) {
            json_decref(flags);
            flags = json_array();
        }
        char why[200];
        snprintf(why, sizeof why,
                 "Played to %d points, not %d: a match completed at a wrong length stands "
                 "(MATCH-3).",
                 played, m->length);
        json_array_append_new(flags,
                              json_pack("{s:i, s:i, s:i, s:s, s:s}", "game", rep.n_games, "move", 0,
                                        "side", -1, "rule", "MATCH-3", "message", why));
        free(r->flags);
        r->flags = json_dumps(flags, JSON_COMPACT);
        json_decref(flags);
        rc = r->flags ? 0 : -1;
    }
    snprintf(r->kind, sizeof r->kind, "transcript");
    if (rc == 0) {
        if (mat) {
            r->transcript = strdup(json_string_value(mat));
        } else {
            r->transcript = json_dumps(tr, JSON_COMPACT);
        }
        if (!r->transcript)
            rc = -1;
    }
    bg_match_report_free(&rep);
    bg_match_rec_free(&rec);
    if (rc)
        api_internal_error(resp, "storing the transcript");
    return rc;
}

int api_report_games(struct api_req *req, const struct match *m, json_t *body, struct report *r,
                     struct api_resp *resp)
{
    json_t *game = json_object_get(body, "game");
    if (game) {
        char *compact = api_report_compact_append("", game);
        if (!compact) {
            api_internal_error(resp, "reading the game");
            return -1;
        }
        return api_report_check_compact(req, m, compact, r, resp, NULL);
    }
    json_t *games = json_object_get(body, "games");
    if (games)
        return check_games(req, m, games, r, resp);
    return check_transcript(req, m, body, r, resp);
}
