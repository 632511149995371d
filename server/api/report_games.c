/* A result a request brings, parsed into its typed input (ops/replay/report_in.h): a final score,
 * one game or a list of score-only games (in the compact form ops/replay/report_check.c replays),
 * or a whole transcript, a .mat file or the JSON game record, read here and replayed by
 * ops/replay/transcript.c. What the match decides is checked there, not here. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/fields.h"
#include "api/reports.h"
#include "codec/bg_json.h"
#include "ops/replay/report_check.h"
#include "rules/bg_mat.h"
#include "rules/bg_match.h"

static const char *const sides_ab[] = {"a", "b", NULL};

static const char *const hows[] = {"single", "gammon", "backgammon", "drop", "resign", NULL};

/* one game: its winner, the cube value its points count from (for a dropped double, the
 * value before the double), how it ended, and for a resignation its level */
const struct api_field api_game_fields[] = {
    [G_WINNER] = {"winner", F_ENUM, 1, 0, 0, 0, sides_ab, NULL},
    [G_CUBE] = {"cube", F_INT, 1, 0, 1, BG_CUBE_MAX, NULL, NULL},
    [G_RESULT] = {"result", F_ENUM, 1, 0, 0, 0, hows, NULL},
    [G_LEVEL] = {"level", F_INT, 0, 0, 1, 3, NULL, NULL},
    [G__N] = {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

struct game_in api_game_in(const struct api_val *v)
{
    struct game_in in = {api_val_side(&v[G_WINNER]), (int)v[G_CUBE].i, v[G_RESULT].s,
                         (int)v[G_LEVEL].i};
    return in;
}

static const struct api_field score_fields[] = {
    {"a", F_INT, 1, 0, 0, 999, NULL, NULL},
    {"b", F_INT, 1, 0, 0, 999, NULL, NULL},
    {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

static const char *const orders[] = {"ab", "ba", NULL};

/* The ways to give a result, shared by a report and a verdict, written once so that a way
 * added for the players is one the TD's verdict takes too. */
#define RESULT_FIELDS \
    [R_SCORE] = {"score", F_OBJ, 0, 0, 0, 0, NULL, score_fields}, \
    [R_GAME] = {"game", F_OBJ, 0, 0, 0, 0, NULL, api_game_fields}, \
    [R_GAMES] = {"games", F_ANY, 0, 0, 0, 0, NULL, NULL}, \
    [R_TRANSCRIPT] = {"transcript", F_ANY, 0, 0, 0, 0, NULL, NULL}, \
    [R_MAT] = {"mat", F_STR_MULTILINE, 0, 0, 1, 1024 * 1024, NULL, NULL}, \
    [R_ORDER] = {"order", F_ENUM, 0, 0, 0, 0, orders, NULL}

/* exactly one of: the final score, one money-style game, the games one by one, a JSON game
 * record, a .mat file (with "order": which of its players is side a); the TD's verdict
 * also names a report of the players', and says why, and confirms a cascade */
const struct api_field api_report_fields[] = {
    RESULT_FIELDS,
    [R__PLAYERS] = {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};
const struct api_field api_verdict_fields[] = {
    RESULT_FIELDS,
    [R_REPORT_ID] = {"report_id", F_INT, 0, 0, 1, 1000000000000L, NULL, NULL},
    [R_REASON] = {"reason", F_STR, 0, 0, 0, 500, NULL, NULL},
    [R_CASCADE] = {"confirm_cascade", F_BOOL, 0, 0, 0, 0, NULL, NULL},
    [R__N] = {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

/* One game, its values read, appended to the compact list (consumed; NULL: out of memory). */
static char *append(char *compact, const struct api_val *g)
{
    struct game_in in = api_game_in(g);
    char *next = compact ? op_report_compact_append(compact, &in) : NULL;
    free(compact);
    return next;
}

/* Score-only games given as a JSON list: each entry checked for its fields, then listed. */
static int read_games(json_t *list, struct report_in *in, struct problem *pb)
{
    if (!json_is_array(list) || json_array_size(list) < 1 || json_array_size(list) > 500) {
        problem_field(pb, "games", "must be a list of 1 to 500 games");
        return -1;
    }
    char *compact = strdup("");
    for (size_t i = 0; compact && i < json_array_size(list); i++) {
        json_t *g = json_array_get(list, i);
        char path[32];
        snprintf(path, sizeof path, "games[%zu]", i);
        if (!json_is_object(g)) {
            problem_field(pb, path, "must be an object {winner, cube, result}");
            free(compact);
            return -1;
        }
        struct problem one = {0, NULL};
        struct api_val v[G__N];
        if (api_fields_check(g, api_game_fields, 0, v, &one)) {
            /* name the game in the fields of the problem */
            json_t *errs = json_object_get(one.json, "errors");
            for (size_t k = 0; k < json_array_size(errs); k++) {
                json_t *e = json_array_get(errs, k);
                char f[96];
                snprintf(f, sizeof f, "%s.%s", path,
                         json_string_value(json_object_get(e, "field")));
                problem_field(pb, f, "%s", json_string_value(json_object_get(e, "detail")));
            }
            problem_free(&one);
            free(compact);
            return -1;
        }
        compact = append(compact, v);
    }
    if (!compact) {
        problem_internal(pb, "reading the games");
        return -1;
    }
    in->kind = RI_GAMES;
    in->compact = compact;
    return 0;
}

/* A whole transcript: a .mat file's text, or a JSON game record. */
static int read_record(const struct api_val *v, struct report_in *in, struct problem *pb)
{
    bg_err err;
    memset(&err, 0, sizeof err);
    if (v[R_MAT].set) {
        const char *text = v[R_MAT].s;
        int rc = bg_mat_parse(text, strlen(text), &in->rec, &err);
        if (rc && !in->rec.n_games) {
            /* nothing readable: not a .mat file at all */
            problem_set(pb, 422, "not-a-transcript", "Not a .mat file",
                        "The upload is not a .mat match transcript: %s", err.message);
            problem_field(pb, "mat", "%s", err.message);
            pb->status = 422;
            json_object_set_new(pb->json, "status", json_integer(422));
            return -1;
        }
        in->text = strdup(text);
    } else {
        json_t *tr = v[R_TRANSCRIPT].j;
        if (!json_is_object(tr)) {
            problem_field(pb, "transcript", "must be a JSON game record (an object)");
            return -1;
        }
        if (bg_json_to_match(tr, &in->rec, &err)) {
            op_report_refuse(pb, &err, 0);
            return -1;
        }
        /* a JSON record may be a match in progress */
        in->rec.complete = json_is_true(json_object_get(tr, "complete"));
        in->text = json_dumps(tr, JSON_COMPACT);
    }
    if (!in->text) {
        problem_internal(pb, "storing the transcript");
        return -1;
    }
    in->kind = RI_RECORD;
    in->order = v[R_ORDER].s;
    return 0;
}

int api_report_in(const struct api_val *v, struct report_in *in, struct problem *pb)
{
    memset(in, 0, sizeof *in);
    int kinds =
        v[R_SCORE].set + v[R_GAME].set + v[R_GAMES].set + v[R_TRANSCRIPT].set + v[R_MAT].set;
    if (kinds != 1) {
        problem_set(pb, 422, "validation", "Which result?",
                    "A report gives exactly one of: score (the final score), game (one "
                    "money-style game), games (game by game), transcript (a JSON game record) "
                    "or mat (a .mat file).");
        return -1;
    }
    if (v[R_SCORE].set) {
        struct api_val s[2];
        api_fields_sub(&v[R_SCORE], score_fields, s);
        in->kind = RI_SCORE;
        in->score[0] = (int)s[0].i;
        in->score[1] = (int)s[1].i;
        return 0;
    }
    if (v[R_GAME].set) {
        struct api_val g[G__N];
        api_fields_sub(&v[R_GAME], api_game_fields, g);
        in->kind = RI_GAMES;
        in->compact = append(strdup(""), g);
        if (!in->compact) {
            problem_internal(pb, "reading the game");
            return -1;
        }
        return 0;
    }
    if (v[R_GAMES].set)
        return read_games(v[R_GAMES].j, in, pb);
    return read_record(v, in, pb);
}
