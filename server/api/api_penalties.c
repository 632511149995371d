/* Penalties over HTTP (PEN-5, MATCH-5): the TD's penalty checked into the typed input of
 * ops/clock/penalty.c and run in the frame (ops/clock/clock_frame.c, by api/clock_frame.c); and the
 * list of a match's penalties. */
#include <stdlib.h>

#include "api/clock_frame.h"
#include "api/fields.h"
#include "api/handlers.h"
#include "api/matches.h"
#include "api/tx.h"
#include "ops/records/clock.h"
#include "ops/clock/clock_acts.h"
#include "ops/records/load.h"

static const char *const sides_ab[] = {"a", "b", NULL};
static const char *const kinds[] = {"warning", "points", NULL};
enum { PN_SIDE, PN_KIND, PN_POINTS, PN_REASON, PN_BEFORE, PN__N };
static const struct api_field penalty_fields[] = {
    [PN_SIDE] = {"side", F_ENUM, 1, 0, 0, 0, sides_ab, NULL},
    [PN_KIND] = {"kind", F_ENUM, 1, 0, 0, 0, kinds, NULL},
    [PN_POINTS] = {"points", F_INT, 0, 0, 0, 99, NULL, NULL},
    [PN_REASON] = {"reason", F_STR, 1, 0, 1, 500, NULL, NULL},
    [PN_BEFORE] = {"before_game", F_INT, 0, 0, 0, 999, NULL, NULL},
    [PN__N] = {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

void api_penalty_add(struct api_req *req, struct api_resp *resp)
{
    struct problem bad = {0, NULL};
    struct api_val v[PN__N];
    struct penalty_in in = {0, 0, 0, NULL, -1};
    if (!api_fields_check(req->json, penalty_fields, 0, v, &bad)) {
        in.side = api_val_side(&v[PN_SIDE]);
        in.warning = v[PN_KIND].i == 0; /* kinds[0]: "warning" */
        in.points = (int)v[PN_POINTS].i;
        in.reason = v[PN_REASON].s;
        in.before_game = v[PN_BEFORE].set ? (int)v[PN_BEFORE].i : -1;
    }
    api_cx_run(req, resp, op_penalty_give, &in, &bad);
}

/* The match's penalties, and those of an undoing's old players (KO-10: kept as history). */
struct penalties_read {
    struct match m;
    struct penalty *p, *vp;
    int n, nv;
};

static int read_penalties(struct api_req *req, const struct op *o, void *in, struct api_resp *resp)
{
    struct penalties_read *q = in;
    struct problem pb = {0, NULL};
    if (op_match_load(o, req->ids[0], req->ids[1], &q->m, &pb))
        return api_refuse(resp, &pb);
    int rc = db_penalties(o->db, q->m.id, 0, &q->p, &q->n);
    if (rc == CW_OK)
        rc = db_penalties(o->db, q->m.id, 1, &q->vp, &q->nv);
    if (rc == CW_OK)
        return 0;
    api_internal_error(resp, "reading the penalties");
    return -1;
}

void api_penalties_list(struct api_req *req, struct api_resp *resp)
{
    struct penalties_read q = {.p = NULL, .vp = NULL, .n = 0, .nv = 0};
    if (api_read(req, resp, read_penalties, &q)) {
        free(q.p);
        free(q.vp);
        return;
    }
    json_t *arr = json_array(), *voided = json_array();
    for (int i = 0; i < q.n; i++)
        json_array_append_new(arr, op_penalty_json(&q.p[i]));
    for (int i = 0; i < q.nv; i++)
        json_array_append_new(voided, op_penalty_json(&q.vp[i]));
    free(q.p);
    free(q.vp);
    api_reply_json(resp, 200,
                   json_pack("{s:o, s:{s:i, s:i}, s:o}", "penalties", arr, "penalty_points", "a",
                             q.m.penalty[0], "b", q.m.penalty[1], "voided", voided));
}
