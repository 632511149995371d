/* The TD's desk over HTTP (issue 32): the "Now" view's items for the officials, oldest
 * first, and an item claimed ("I'm on it") or given up. The view and its claims are
 * ops/desk/now.c's. */
#include "api/fields.h"
#include "api/handlers.h"
#include "api/tx.h"
#include "ops/desk/now.h"
#include "ops/records/load.h"
#include "ops/tournament/snapshots.h"
#include "store/desk.h"

static int now_read(struct api_req *req, const struct op *o, void *in, struct api_resp *resp)
{
    struct tournament t;
    struct problem pb = {0, NULL};
    if (op_tournament_load(o, req->ids[0], &t, &pb))
        return api_refuse(resp, &pb);
    struct op_snapshot_status backup;
    op_snapshots_status(req->app->snapshots, &backup);
    json_t *j = op_now_items(o, &t, &backup);
    if (!j) {
        api_internal_error(resp, "reading the desk's items");
        return API_UNDONE;
    }
    api_reply_json(resp, 200, j);
    return API_DONE;
}

void api_now_get(struct api_req *req, struct api_resp *resp)
{
    api_read(req, resp, now_read, NULL);
}

struct claim_in {
    const char *item;
    int release;
};

static int claim_run(struct api_req *req, const struct op *o, void *in, struct api_resp *resp)
{
    const struct claim_in *c = in;
    struct tournament t;
    struct problem pb = {0, NULL};
    json_t *out = NULL;
    struct op_snapshot_status backup;
    op_snapshots_status(req->app->snapshots, &backup);
    if (op_tournament_load(o, req->ids[0], &t, &pb) ||
        op_now_claim(o, &t, &backup, c->item, c->release, &out, &pb))
        return api_refuse(resp, &pb);
    api_reply_json(resp, 200, json_pack("{s:s, s:o}", "item", c->item, "claim", out));
    return API_DONE;
}

static const struct api_field claim_fields[] = {
    {"item", F_STR, 1, 0, 1, NOW_KEY_MAX - 1, NULL, NULL},
    {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

static void claim(struct api_req *req, struct api_resp *resp, int release)
{
    struct api_val v[1];
    if (api_fields(req->json, claim_fields, 0, v, resp))
        return;
    struct claim_in c = {v[0].s, release};
    api_run(req, resp, claim_run, &c);
}

void api_now_claim(struct api_req *req, struct api_resp *resp)
{
    claim(req, resp, 0);
}

void api_now_release(struct api_req *req, struct api_resp *resp)
{
    claim(req, resp, 1);
}
