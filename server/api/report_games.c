/* The games a report body brings, read for the rules engine: one game or a list of
 * score-only results (checked by ops/report_check.c), or a whole transcript, a .mat file or
 * the JSON game record, parsed here and replayed by ops/transcript.c. */
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

static int check_transcript(struct api_req *req, const struct match *m, json_t *body,
                            struct report *r, struct api_resp *resp)
{
    bg_match_rec rec;
    memset(&rec, 0, sizeof rec);
    bg_err err;
    memset(&err, 0, sizeof err);
    struct problem pb = {0, NULL};
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
    rc =
        op_report_transcript(req->app->db, m, &rec,
                             json_string_value(json_object_get(body, "order")), req->is_td, r, &pb);
    if (rc) {
        api_reply_problem(resp, &pb);
        return -1;
    }
    if (mat)
        r->transcript = strdup(json_string_value(mat));
    else
        r->transcript = json_dumps(tr, JSON_COMPACT);
    if (!r->transcript) {
        api_internal_error(resp, "storing the transcript");
        return -1;
    }
    return 0;
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
