/* Idempotent transactions. */
#include "api/tx.h"

#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store/store.h"

#define IDEM_KEY_MAX 200

void api_actor(const struct api_req *req, char *out, size_t len)
{
    if (req->acting)
        snprintf(out, len, "%s", req->acting);
    else if (req->is_td)
        snprintf(out, len, "td");
    else if (req->player_id)
        snprintf(out, len, "player:%lld", (long long)req->player_id);
    else
        snprintf(out, len, "anon:%s", req->client_ip);
}

struct op api_op(const struct api_req *req)
{
    struct op o = {req->app->db, req->now_ms, ""};
    api_actor(req, o.actor, sizeof o.actor);
    return o;
}

/* What the key promises to stand for: the method, the path and a hash of the body. */
static void request_id(const struct api_req *req, char *out, size_t len)
{
    unsigned char h[16];
    crypto_generichash(h, sizeof h, (const unsigned char *)(req->body ? req->body : ""),
                       req->body ? req->body_len : 0, NULL, 0);
    char hex[33];
    sodium_bin2hex(hex, sizeof hex, h, sizeof h);
    snprintf(out, len, "%s %s %s", req->method, req->path, hex);
}

int api_tx_begin(struct api_req *req, struct api_resp *resp)
{
    struct db *db = req->app->db;
    const char *key = req->idem_key;
    if (key) {
        size_t n = strlen(key);
        int ok = n >= 1 && n <= IDEM_KEY_MAX;
        for (size_t i = 0; ok && i < n; i++)
            ok = key[i] > 0x20 && key[i] < 0x7f;
        if (!ok) {
            api_problem(resp, 400, "bad-idempotency-key", "Bad Idempotency-Key",
                        "The Idempotency-Key header must be 1 to %d visible ASCII characters.",
                        IDEM_KEY_MAX);
            return 1;
        }
    }
    if (api_begin(db, resp))
        return 1;
    if (!key)
        return 0;
    char scope[96], stored_req[600], this_req[600];
    api_actor(req, scope, sizeof scope);
    request_id(req, this_req, sizeof this_req);
    int status;
    char *body = NULL;
    int rc = db_idem_get(db, scope, key, stored_req, sizeof stored_req, &status, &body);
    if (rc == CW_ENOTFOUND)
        return 0;
    if (rc != CW_OK) {
        db_rollback(db);
        api_internal_error(resp, "reading the idempotency key");
        return 1;
    }
    if (strcmp(stored_req, this_req)) {
        db_rollback(db);
        free(body);
        api_problem(resp, 422, "idempotency-key-reused", "Idempotency-Key reused",
                    "This Idempotency-Key was already used for a different request; use a new "
                    "key for a new submission.");
        return 1;
    }
    /* the first answer, again, but not before the first request's change is on disk: it may
     * be in the open batch, or syncing; this empty request joins the batch and waits */
    if (db_commit(db)) {
        free(body);
        api_internal_error(resp, "waiting for the first submission to be stored");
        return 1;
    }
    resp->status = status;
    json_t *j = json_loads(body, 0, NULL);
    free(body);
    if (j) {
        resp->json = j;
        resp->is_problem = status >= 400;
    }
    return 1;
}

void api_tx_commit(struct api_req *req, struct api_resp *resp)
{
    struct db *db = req->app->db;
    if (req->idem_key) {
        char scope[96], this_req[600];
        api_actor(req, scope, sizeof scope);
        request_id(req, this_req, sizeof this_req);
        char *body = resp->json ? json_dumps(resp->json, JSON_COMPACT) : strdup("");
        int rc =
            body ? db_idem_put(db, scope, req->idem_key, this_req, resp->status, body, req->now_ms)
                 : CW_EDB;
        free(body);
        if (rc != CW_OK) {
            db_rollback(db);
            api_internal_error(resp, "storing the idempotency key");
            return;
        }
    }
    if (db_commit(db))
        api_internal_error(resp, "committing");
}

void api_tx_rollback(struct api_req *req)
{
    db_rollback(req->app->db);
}

void api_system_req(struct api_req *req, struct app *app, int64_t now_ms, int64_t id0, int64_t id1)
{
    memset(req, 0, sizeof *req);
    req->app = app;
    req->now_ms = now_ms;
    req->method = "POST";
    req->path = "";
    req->client_ip = "system";
    req->is_td = 1;
    req->ids[0] = id0;
    req->ids[1] = id1;
    req->nids = 2;
}
