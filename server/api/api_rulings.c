/* Rulings over HTTP (GOV-6): an official's ruling on a match with the state change it
 * makes (`effect`), the match's rulings for its players and the officials, and the
 * tournament's for the console. The operation is ops/rulings.c's. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/clock_frame.h"
#include "api/fields.h"
#include "api/handlers.h"
#include "api/matches.h"
#include "ops/table_acts.h"
#include "store/calls.h"

static const char *const kinds[] = {"none", "score", "penalty", "forfeit", "clock", NULL};
static const char *const sides_ab[] = {"a", "b", NULL};
static const struct api_field score_fields[] = {
    {"a", F_INT, 1, 0, 0, 999, NULL, NULL},
    {"b", F_INT, 1, 0, 0, 999, NULL, NULL},
    {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};
static const struct api_field effect_fields[] = {
    {"kind", F_ENUM, 1, 0, 0, 0, kinds, NULL},
    {"score", F_OBJ, 0, 0, 0, 0, NULL, score_fields},
    {"side", F_ENUM, 0, 0, 0, 0, sides_ab, NULL},
    {"points", F_INT, 0, 0, 1, 99, NULL, NULL},
    {"winner", F_ENUM, 0, 0, 0, 0, sides_ab, NULL},
    {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};
static const struct api_field ruling_fields[] = {
    {"question", F_STR_MULTILINE, 1, 0, 1, RULING_TEXT_MAX, NULL, NULL},
    {"facts", F_STR_MULTILINE, 1, 0, 1, RULING_TEXT_MAX, NULL, NULL},
    {"decision", F_STR_MULTILINE, 1, 0, 1, RULING_TEXT_MAX, NULL, NULL},
    {"reasons", F_STR_MULTILINE, 1, 0, 1, RULING_TEXT_MAX, NULL, NULL},
    {"call_id", F_INT, 0, 0, 1, 1000000000000L, NULL, NULL},
    {"effect", F_OBJ, 0, 0, 0, 0, NULL, effect_fields},
    /* a score that corrects a decided match whose winner played on (KO-8) */
    {"confirm_cascade", F_BOOL, 0, 0, 0, 0, NULL, NULL},
    {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

/* The effect's members its kind needs, and none it does not: 0, or -1 with the fields. */
static int read_effect(json_t *e, struct ruling_in *in, struct problem *bad)
{
    if (!e)
        return 0;
    const char *k = api_str(e, "kind");
    static const char *const need[] = {NULL, "score", "points", "winner", NULL};
    for (int i = 0; kinds[i]; i++)
        if (!strcmp(k, kinds[i]))
            in->effect = (enum ruling_effect)i;
    in->given = e;
    const char *want = need[in->effect];
    if (want && !json_object_get(e, want))
        problem_field(bad, want[0] == 's' ? "effect.score" : want[0] == 'p' ? "effect.points"
                                                                             : "effect.winner",
                      "is required for a ruling of kind %s", k);
    if (in->effect == RE_PENALTY && !json_object_get(e, "side"))
        problem_field(bad, "effect.side", "names the penalised side (a or b)");
    const char *key;
    json_t *v;
    json_object_foreach(e, key, v)
    {
        int ok = !strcmp(key, "kind") || (want && !strcmp(key, want)) ||
                 (in->effect == RE_PENALTY && !strcmp(key, "side"));
        if (!ok) {
            char path[64];
            snprintf(path, sizeof path, "effect.%s", key);
            problem_field(bad, path, "does not belong to a ruling of kind %s", k);
        }
    }
    if (bad->json)
        return -1;
    json_t *s = json_object_get(e, "score");
    in->score[0] = (int)json_integer_value(json_object_get(s, "a"));
    in->score[1] = (int)json_integer_value(json_object_get(s, "b"));
    in->points = (int)json_integer_value(json_object_get(e, "points"));
    if (in->effect == RE_PENALTY)
        in->side = api_cx_side_of(e, "side");
    if (in->effect == RE_FORFEIT)
        in->side = api_cx_side_of(e, "winner");
    return 0;
}

void api_ruling_give(struct api_req *req, struct api_resp *resp)
{
    struct problem bad = {0, NULL};
    json_t *j = req->json;
    struct ruling_in in = {"", "", "", "", 0, RE_NONE, {0, 0}, 0, 0, NULL};
    if (!api_check_fields_pb(j, ruling_fields, 0, &bad) &&
        !read_effect(json_object_get(j, "effect"), &in, &bad)) {
        in.question = api_str(j, "question");
        in.facts = api_str(j, "facts");
        in.decision = api_str(j, "decision");
        in.reasons = api_str(j, "reasons");
        in.call_id = json_integer_value(json_object_get(j, "call_id"));
    }
    api_cx_run(req, resp, op_ruling_give, &in, &bad);
}

static void reply_rulings(struct api_req *req, struct api_resp *resp, struct ruling_row *r, int n,
                          int rc)
{
    if (rc != CW_OK) {
        api_internal_error(resp, "reading the rulings");
        return;
    }
    json_t *arr = json_array();
    db_lock(req->app->db);
    for (int i = 0; i < n; i++)
        json_array_append_new(arr, op_ruling_json(req->app->db, &r[i]));
    db_unlock(req->app->db);
    db_rulings_free(r, n);
    api_reply_json(resp, 200, json_pack("{s:o}", "rulings", arr));
}

void api_rulings_of_match(struct api_req *req, struct api_resp *resp)
{
    struct match m;
    if (api_match_private_read(req, resp, &m, "GOV-6"))
        return;
    struct ruling_row *r = NULL;
    int n = 0;
    int rc = db_rulings(req->app->db, m.tournament_id, m.id, NULL, &r, &n);
    db_unlock(req->app->db);
    reply_rulings(req, resp, r, n, rc);
}

static const char *const states[] = {"decided", "awaiting_committee", NULL};

void api_rulings_list(struct api_req *req, struct api_resp *resp)
{
    const char *state = api_arg(req, "state");
    int known = !state;
    for (int i = 0; state && states[i]; i++)
        known |= !strcmp(state, states[i]);
    if (!known) {
        api_problem(resp, 422, "validation", "Unknown state",
                    "state is decided or awaiting_committee.");
        api_problem_field(resp, "state", "must be decided or awaiting_committee");
        return;
    }
    struct ruling_row *r = NULL;
    int n = 0;
    db_lock(req->app->db);
    int rc = db_rulings(req->app->db, req->ids[0], 0, state, &r, &n);
    db_unlock(req->app->db);
    reply_rulings(req, resp, r, n, rc);
}
