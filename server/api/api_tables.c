/* Tables for the matches that may start (KO-1, KO-7), tournament-wide: the TD's one
 * request (ops/match/tables.c does it). */
#include "api/handlers.h"
#include "api/tx.h"
#include "ops/records/load.h"
#include "ops/match/tables.h"

static int tables_assign(struct api_req *req, const struct op *o, void *in, struct api_resp *resp)
{
    struct tournament t;
    struct problem pb = {0, NULL};
    if (op_tournament_load(o, req->ids[0], &t, &pb))
        return api_refuse(resp, &pb);
    int assigned = 0, waiting = 0;
    json_t *calls = NULL;
    if (op_tables_assign(o, &t, &assigned, &waiting, &calls, &pb))
        return api_refuse(resp, &pb);
    api_reply_json(
        resp, 200,
        json_pack("{s:i, s:i, s:o}", "assigned", assigned, "waiting", waiting, "calls", calls));
    return API_DONE;
}

void api_tables_assign(struct api_req *req, struct api_resp *resp)
{
    api_run(req, resp, tables_assign, NULL);
}
