/* The frame of a change of one match, as the match routes share it: an idempotent
 * transaction, read the match, change it, save it with its audit row and stream entry,
 * answer with the match. */
#include "api/matches.h"
#include "api/tx.h"
#include "ops/match.h"

int api_match_save(struct api_req *req, struct match *m, json_t *before, const char *action,
                   json_t **after_out)
{
    struct op o = api_op(req);
    int rc = op_match_save(&o, m, before, action);
    if (after_out && rc == CW_OK)
        *after_out = op_match_json(o.db, m);
    return rc;
}

/* Runs change on the match inside an idempotent transaction, then saves, audits, adds
 * the stream entry `action` and answers with the match. */
void api_match_change(struct api_req *req, struct api_resp *resp, const char *action,
                      api_match_fn change)
{
    if (api_tx_begin(req, resp))
        return;
    struct db *db = req->app->db;
    struct match m;
    int rc = db_match_get(db, req->ids[0], req->ids[1], &m);
    if (rc == CW_ENOTFOUND) {
        api_tx_rollback(req);
        api_match_not_found(resp, req->ids[0], req->ids[1]);
        return;
    }
    if (rc != CW_OK) {
        api_tx_rollback(req);
        api_internal_error(resp, "reading the match");
        return;
    }
    json_t *before = op_match_record_json(&m);
    if (change(req, &m, resp, &action)) {
        json_decref(before);
        api_tx_rollback(req);
        return;
    }
    json_t *after = NULL;
    if (api_match_save(req, &m, before, action, &after)) {
        api_tx_rollback(req);
        api_internal_error(resp, "saving the match");
        return;
    }
    if (!resp->json)
        api_reply_json(resp, 200, after);
    else
        json_decref(after);
    if (req->extra && json_is_object(resp->json))
        json_object_update(resp->json, req->extra);
    api_tx_commit(req, resp);
}
