/* Rulings over HTTP (GOV-6): an official's ruling on a match with the state change it
 * makes (`effect`), the match's rulings for its players and the officials, and the
 * tournament's for the console. The operation is ops/table/rulings.c's. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/clock_frame.h"
#include "api/fields.h"
#include "api/handlers.h"
#include "api/matches.h"
#include "api/ruling_effect.h"
#include "api/tx.h"
#include "ops/table/table_acts.h"
#include "store/calls.h"

static const char *const kinds[] = {"none", "score", "penalty", "forfeit", "clock", NULL};
static const char *const sides_ab[] = {"a", "b", NULL};
static const struct api_field score_fields[] = {
    {"a", F_INT, 1, 0, 0, 999, NULL, NULL},
    {"b", F_INT, 1, 0, 0, 999, NULL, NULL},
    {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};
enum { EF_KIND, EF_SCORE, EF_REPORT, EF_SIDE, EF_POINTS, EF_WINNER, EF__N };
const struct api_field api_ruling_effect_fields[] = {
    [EF_KIND] = {"kind", F_ENUM, 1, 0, 0, 0, kinds, NULL},
    [EF_SCORE] = {"score", F_OBJ, 0, 0, 0, 0, NULL, score_fields},
    /* kind score: one of the players' reports stands instead of a score */
    [EF_REPORT] = {"report_id", F_INT, 0, 0, 1, 1000000000000L, NULL, NULL},
    [EF_SIDE] = {"side", F_ENUM, 0, 0, 0, 0, sides_ab, NULL},
    [EF_POINTS] = {"points", F_INT, 0, 0, 1, 99, NULL, NULL},
    [EF_WINNER] = {"winner", F_ENUM, 0, 0, 0, 0, sides_ab, NULL},
    [EF__N] = {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};
enum { RF_QUESTION, RF_FACTS, RF_DECISION, RF_REASONS, RF_CALL, RF_EFFECT, RF_CASCADE, RF__N };
static const struct api_field ruling_fields[] = {
    [RF_QUESTION] = {"question", F_STR_MULTILINE, 1, 0, 1, RULING_TEXT_MAX, NULL, NULL},
    [RF_FACTS] = {"facts", F_STR_MULTILINE, 1, 0, 1, RULING_TEXT_MAX, NULL, NULL},
    [RF_DECISION] = {"decision", F_STR_MULTILINE, 1, 0, 1, RULING_TEXT_MAX, NULL, NULL},
    [RF_REASONS] = {"reasons", F_STR_MULTILINE, 1, 0, 1, RULING_TEXT_MAX, NULL, NULL},
    [RF_CALL] = {"call_id", F_INT, 0, 0, 1, 1000000000000L, NULL, NULL},
    [RF_EFFECT] = {"effect", F_OBJ, 0, 0, 0, 0, NULL, api_ruling_effect_fields},
    /* a score that corrects a decided match whose winner played on (KO-8) */
    [RF_CASCADE] = {"confirm_cascade", F_BOOL, 0, 0, 0, 0, NULL, NULL},
    [RF__N] = {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

/* The effect's members its kind needs, and none it does not: 0, or -1 with the fields. */
int api_ruling_effect(const struct api_val *given, struct ruling_in *in, struct problem *bad)
{
    if (!given->set)
        return 0;
    struct api_val v[EF__N], score[2];
    api_fields_sub(given, api_ruling_effect_fields, v);
    const char *k = v[EF_KIND].s;
    in->effect = (enum ruling_effect)v[EF_KIND].i;
    in->given = given->j;
    /* the member each kind needs, by its index in api_ruling_effect_fields (none: EF__N) */
    static const int need[] = {EF__N, EF_SCORE, EF_POINTS, EF_WINNER, EF__N};
    int want = need[in->effect];
    /* a score, or one of the players' reports that stands instead (MATCH-4, SWING-3) */
    int both = in->effect == RE_SCORE && v[EF_SCORE].set && v[EF_REPORT].set;
    if (in->effect == RE_SCORE && v[EF_REPORT].set && !both)
        want = EF_REPORT;
    if (both)
        problem_field(bad, "effect.report_id", "is given with effect.score: give one of them");
    if (want != EF__N && !v[want].set)
        problem_field(bad,
                      want == EF_SCORE    ? "effect.score"
                      : want == EF_POINTS ? "effect.points"
                                          : "effect.winner",
                      "is required for a ruling of kind %s", k);
    if (in->effect == RE_PENALTY && !v[EF_SIDE].set)
        problem_field(bad, "effect.side", "names the penalised side (a or b)");
    for (int f = EF_SCORE; f < EF__N; f++)
        if (v[f].set && f != want && !(in->effect == RE_PENALTY && f == EF_SIDE) &&
            !(both && f == EF_REPORT)) {
            char path[64];
            snprintf(path, sizeof path, "effect.%s", api_ruling_effect_fields[f].name);
            problem_field(bad, path, "does not belong to a ruling of kind %s", k);
        }
    if (bad->json)
        return -1;
    api_fields_sub(&v[EF_SCORE], score_fields, score);
    in->score[0] = (int)score[0].i;
    in->score[1] = (int)score[1].i;
    in->points = (int)v[EF_POINTS].i;
    in->report_id = v[EF_REPORT].i;
    if (in->effect == RE_PENALTY)
        in->side = api_val_side(&v[EF_SIDE]);
    if (in->effect == RE_FORFEIT)
        in->side = api_val_side(&v[EF_WINNER]);
    return 0;
}

void api_ruling_give(struct api_req *req, struct api_resp *resp)
{
    struct problem bad = {0, NULL};
    struct api_val v[RF__N];
    struct ruling_in in = {.question = "", .facts = "", .decision = "", .reasons = ""};
    if (!api_fields_check(req->json, ruling_fields, 0, v, &bad) &&
        !api_ruling_effect(&v[RF_EFFECT], &in, &bad)) {
        in.question = v[RF_QUESTION].s;
        in.facts = v[RF_FACTS].s;
        in.decision = v[RF_DECISION].s;
        in.reasons = v[RF_REASONS].s;
        in.call_id = v[RF_CALL].i;
    }
    /* a score that undoes later results is confirmed as /correct confirms it */
    api_cx_run_verdict(req, resp, op_ruling_give, &in, &bad, NULL, (int)v[RF_CASCADE].i);
}

/* The rulings read (in: the match's, or a state's, or NULL: all of the tournament's), each
 * with its audit rows, as the reply. */
struct rulings_read {
    int of_match;
    const char *state;
};

static int read_rulings(struct api_req *req, const struct op *o, void *in, struct api_resp *resp)
{
    const struct rulings_read *q = in;
    struct match m;
    if (q->of_match && api_match_private(req, o, resp, &m, "GOV-6"))
        return -1;
    struct ruling_row *r = NULL;
    int n = 0;
    int rc = q->of_match ? db_rulings(o->db, m.tournament_id, m.id, NULL, &r, &n)
                         : db_rulings(o->db, req->ids[0], 0, q->state, &r, &n);
    if (rc != CW_OK) {
        api_internal_error(resp, "reading the rulings");
        return -1;
    }
    json_t *arr = json_array();
    for (int i = 0; i < n; i++)
        json_array_append_new(arr, op_ruling_json(o->db, &r[i]));
    db_rulings_free(r, n);
    api_reply_json(resp, 200, json_pack("{s:o}", "rulings", arr));
    return 0;
}

void api_rulings_of_match(struct api_req *req, struct api_resp *resp)
{
    struct rulings_read q = {1, NULL};
    api_read(req, resp, read_rulings, &q);
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
    struct rulings_read q = {0, state};
    api_read(req, resp, read_rulings, &q);
}
