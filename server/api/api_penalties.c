/* Penalties over HTTP (PEN-5, MATCH-5): the TD's penalty checked into the typed input of
 * ops/penalty.c and run in the frame (ops/clock_frame.c, by api/clock_frame.c); and the
 * list of a match's penalties. */
#include <stdlib.h>

#include "api/clock_frame.h"
#include "api/fields.h"
#include "api/handlers.h"
#include "api/matches.h"
#include "ops/clock.h"
#include "ops/clock_acts.h"

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

void api_penalties_list(struct api_req *req, struct api_resp *resp)
{
    struct db *db = req->app->db;
    struct match m;
    db_lock(db);
    int rc = db_match_get(db, req->ids[0], req->ids[1], &m);
    struct penalty *p = NULL, *vp = NULL;
    int n = 0, nv = 0;
    if (rc == CW_OK)
        rc = db_penalties(db, m.id, 0, &p, &n);
    /* KO-10: those of an undoing's old players, kept as history */
    if (rc == CW_OK)
        rc = db_penalties(db, m.id, 1, &vp, &nv);
    db_unlock(db);
    if (rc == CW_ENOTFOUND) {
        api_match_not_found(resp, req->ids[0], req->ids[1]);
        return;
    }
    if (rc != CW_OK) {
        free(p);
        free(vp);
        api_internal_error(resp, "reading the penalties");
        return;
    }
    json_t *arr = json_array(), *voided = json_array();
    for (int i = 0; i < n; i++)
        json_array_append_new(arr, op_penalty_json(&p[i]));
    for (int i = 0; i < nv; i++)
        json_array_append_new(voided, op_penalty_json(&vp[i]));
    free(p);
    free(vp);
    api_reply_json(resp, 200,
                   json_pack("{s:o, s:{s:i, s:i}, s:o}", "penalties", arr, "penalty_points", "a",
                             m.penalty[0], "b", m.penalty[1], "voided", voided));
}
