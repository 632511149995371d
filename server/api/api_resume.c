/* A restored copy held until the TD confirms the times (ops/clock/hold.h): the TD's
 * confirmation, and what the console reads first (whether play waits for it, and the
 * address the players use, public_url). */
#include "api/handlers.h"
#include "api/tx.h"
#include "app.h"
#include "ops/clock/hold.h"
#include "store/store.h"

/* The facts, the hold as h says (the database not read: a caller may hold its lock). */
static json_t *server_json(struct api_req *req, const struct clk_hold *h)
{
    int held = clk_hold_active(h);
    json_t *j =
        json_pack("{s:s?, s:b}", "public_url",
                  req->app->cfg.public_url[0] ? req->app->cfg.public_url : NULL, "held", held);
    if (held)
        json_object_set_new(j, "held_from_ms", json_integer(h->from_ms));
    return j;
}

static int read_hold(struct api_req *req, const struct op *o, void *in, struct api_resp *resp)
{
    return db_hold_get(o->db, in);
}

json_t *api_server_json(struct api_req *req)
{
    struct clk_hold h = {0, 0};
    if (api_read(req, NULL, read_hold, &h) != CW_OK) /* unknown: say held, the safe side (the
                                                      * TD confirms once more) */
        h = (struct clk_hold){1, 0};
    return server_json(req, &h);
}

static int hold_lift(struct api_req *req, const struct op *o, void *in, struct api_resp *resp)
{
    struct problem pb = {0, NULL};
    if (op_hold_lift(o, &pb))
        return api_refuse(resp, &pb);
    struct clk_hold lifted = {0, 0}; /* inside the transaction: no second lock */
    api_reply_json(resp, 200, server_json(req, &lifted));
    return API_DONE;
}

void api_resume_post(struct api_req *req, struct api_resp *resp)
{
    api_run(req, resp, hold_lift, NULL);
}
