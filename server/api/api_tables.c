/* Tables for the matches that may start (KO-1, KO-7), tournament-wide: the TD's one
 * request (ops/tables.c does it). */
#include "api/handlers.h"
#include "api/tx.h"
#include "ops/tables.h"
#include "store/store.h"

void api_tables_assign(struct api_req *req, struct api_resp *resp)
{
    if (api_tx_begin(req, resp))
        return;
    struct tournament t;
    int rc = db_tournament_get(req->app->db, req->ids[0], &t);
    if (rc != CW_OK) {
        api_tx_rollback(req);
        if (rc == CW_ENOTFOUND)
            api_problem(resp, 404, "not-found", "No such tournament",
                        "There is no tournament %lld.", (long long)req->ids[0]);
        else
            api_internal_error(resp, "assigning tables");
        return;
    }
    struct op o = api_op(req);
    struct problem pb = {0, NULL};
    int assigned = 0, waiting = 0;
    json_t *calls = NULL;
    if (op_tables_assign(&o, &t, &assigned, &waiting, &calls, &pb)) {
        api_tx_rollback(req);
        api_reply_problem(resp, &pb);
        return;
    }
    api_reply_json(
        resp, 200,
        json_pack("{s:i, s:i, s:o}", "assigned", assigned, "waiting", waiting, "calls", calls));
    api_tx_commit(req, resp);
}
