/* The HTTP side of the transaction frame (ops/frame/frame.c): the Idempotency-Key header checked,
 * the request it stands for, and the frame's refusals and replays as replies. */
#include "api/tx.h"
#include "common/json_out.h"

#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ops/frame/frame.h"
#include "store/readers.h"
#include "store/store.h"

#define IDEM_KEY_MAX 200

void api_actor(const struct api_req *req, char *out, size_t len)
{
    if (req->token_id)
        snprintf(out, len, "token:%lld", (long long)req->token_id);
    else if (req->official_id)
        snprintf(out, len, "official:%lld", (long long)req->official_id);
    else if (req->player_id)
        snprintf(out, len, "player:%lld", (long long)req->player_id);
    else
        snprintf(out, len, "anon:%s", req->client_ip);
}

struct op api_op(struct api_req *req)
{
    struct op o = op_server(req->app->db, req->now_ms, "");
    o.extra = &req->extra;
    o.extra_text = &req->extra_text;
    api_actor(req, o.who.actor, sizeof o.who.actor);
    o.who.official_id = req->official_id;
    o.who.role = req->role;
    o.who.token_id = req->token_id;
    o.who.is_td = req->is_td;
    o.who.player_id = req->player_id;
    o.who.player_tournament = req->player_tournament;
    /* the TD's words with a verdict (reason, confirm_cascade) are the route's typed input:
     * api_match_run and api_cx_run_verdict set them */
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

/* The key checked (NULL: none): 0, or -1 having answered. Outside the writer's turn. */
static int key_ok(struct api_resp *resp, const char *key)
{
    if (key) {
        size_t n = strlen(key);
        int ok = n >= 1 && n <= IDEM_KEY_MAX;
        for (size_t i = 0; ok && i < n; i++)
            ok = key[i] > 0x20 && key[i] < 0x7f;
        if (!ok) {
            api_problem(resp, 400, "bad-idempotency-key", "Bad Idempotency-Key",
                        "The Idempotency-Key header must be 1 to %d visible ASCII characters.",
                        IDEM_KEY_MAX);
            return -1;
        }
    }
    return 0;
}

/* The frame opened under k (k->key NULL: none), as o. -1: answered (a refusal, or a replay
 * of the first answer): the API_REPLIES rule. */
static int begin(const struct op *o, const struct op_key *k, struct api_resp *resp)
{
    struct op_replay replay = {0, NULL};
    switch (op_begin(o, k, &replay)) {
    case OP_OPEN:
        return 0;
    case OP_BUSY:
        api_problem(resp, 503, "database-busy", "The database is busy",
                    "Another program holds the tournament's database (a backup or an sqlite3 "
                    "shell?); nothing was changed. Try again in a moment.");
        snprintf(resp->retry_after, sizeof resp->retry_after, "1");
        return -1;
    case OP_REUSED:
        api_problem(resp, 422, "idempotency-key-reused", "Idempotency-Key reused",
                    "This Idempotency-Key was already used for a different request; use a new "
                    "key for a new submission.");
        return -1;
    case OP_FAILED:
        api_internal_error(resp, "starting the transaction");
        return -1;
    case OP_FULL:
        api_disk_refusal(resp, DB_FULL);
        return -1;
    case OP_BROKEN:
        api_disk_refusal(resp, DB_BROKEN);
        return -1;
    case OP_REPLAY:
        break;
    }
    resp->status = replay.status;
    json_t *j = json_loads(replay.body, 0, NULL);
    free(replay.body);
    if (j) {
        resp->json = j;
        resp->is_problem = replay.status >= 400;
    }
    return -1;
}

/* Stores the answer under the key (if any) and commits; on failure resp becomes a 500. */
static void commit(struct api_req *req, const struct op *o, const struct op_key *k,
                   struct api_resp *resp)
{
    /* a body already written as JSON text (api_out) is kept as it is */
    int text = !resp->json && resp->body && !strcmp(resp->content_type, "application/json");
    char *body = !req->idem_key     ? NULL
                 : resp->json ? cw_json_dumps(resp->json, NULL)
                 : text       ? strndup(resp->body, resp->body_len)
                              : NULL;
    if ((resp->json || text) && req->idem_key && !body) {
        op_rollback(o);
        api_internal_error(resp, "storing the idempotency key");
        return;
    }
    int rc = req->suspendable ? op_commit_async(o, k, resp->status, body, &resp->durable)
                              : op_commit(o, k, resp->status, body);
    if (rc != CW_OK)
        api_internal_error(resp, "committing");
    free(body);
}

void api_tx_wait(struct app *app, struct api_resp *resp, void (*done)(void *ctx), void *ctx)
{
    db_ticket_wait(app->db, resp->durable, done, ctx);
}

void api_tx_drop(struct app *app, struct api_resp *resp)
{
    db_ticket_free(app->db, resp->durable);
    resp->durable = NULL;
    api_resp_free(resp);
}

void api_tx_settle(struct app *app, struct api_resp *resp)
{
    int outcome = db_ticket_outcome(app->db, resp->durable);
    db_ticket_free(app->db, resp->durable);
    resp->durable = NULL;
    if (outcome == 1)
        return;
    /* none of the answer of a change that was not kept: its cookies, location or tag */
    api_resp_free(resp);
    memset(resp, 0, sizeof *resp);
    if (outcome == DB_FULL || outcome == DB_BROKEN)
        api_disk_refusal(resp, outcome);
    else
        api_internal_error(resp, "committing");
}

/* The writer's turn: from the frame's begin (the database's lock taken) to its commit (the
 * lock given back). What need not be in it is done before (the key checked, who acts, the
 * request's hash), once: cost.py measures this function (cost.writer_instr_per_report). */
static __attribute__((noinline)) void turn(struct api_req *req, struct api_resp *resp,
                                           api_cmd cmd, void *in, const struct op *o,
                                           const struct op_key *k)
{
    if (begin(o, k, resp))
        return;
    if (cmd(req, o, in, resp) == API_UNDONE)
        op_rollback(o);
    else
        commit(req, o, k, resp);
}

void api_run(struct api_req *req, struct api_resp *resp, api_cmd cmd, void *in)
{
    if (key_ok(resp, req->idem_key))
        return;
    struct op o = api_op(req);
    char this_req[600] = "";
    if (req->idem_key) /* what the key stands for: only a keyed request is compared */
        request_id(req, this_req, sizeof this_req);
    struct op_key k = {req->idem_key, this_req};
    turn(req, resp, cmd, in, &o, &k);
}

int api_run_unkeyed(struct api_req *req, struct api_resp *resp, api_cmd cmd, void *in)
{
    struct op o = api_op(req);
    struct op_key none = {NULL, NULL};
    if (begin(&o, &none, resp))
        return -1;
    if (cmd(req, &o, in, resp) != API_DONE) {
        op_rollback(&o);
        return -1;
    }
    struct op_key k = {NULL, NULL};
    if (op_commit(&o, &k, 0, NULL) == CW_OK)
        return 0;
    api_internal_error(resp, "committing");
    return -1;
}

struct read_call {
    struct api_req *req;
    struct api_resp *resp;
    api_cmd cmd;
    void *in;
};

static int read_locked(const struct op *o, void *in)
{
    struct read_call *c = in;
    return c->cmd(c->req, o, c->in, c->resp);
}

int api_read(struct api_req *req, struct api_resp *resp, api_cmd cmd, void *in)
{
    struct op o = api_op(req);
    struct read_call c = {req, resp, cmd, in};
    return op_read(&o, read_locked, &c);
}

int api_on_reader(struct api_req *req, void (*run)(struct api_req *req, void *ctx), void *ctx)
{
    struct app *app = req->app;
    struct db *reader = app->readers ? db_readers_take(app->readers) : NULL;
    if (!reader)
        return -1;
    /* the request sees the app with the reader for its database while run runs: a reader
     * is this thread's alone, so op_read takes no lock for it */
    struct app view = *app;
    view.db = reader;
    req->app = &view;
    run(req, ctx);
    req->app = app;
    db_readers_give(app->readers, reader);
    return 0;
}

struct snapshot_read {
    struct api_resp *resp;
    api_cmd cmd;
    void *in;
    int rc;
};

static void snapshot_read(struct api_req *req, void *ctx)
{
    struct snapshot_read *x = ctx;
    x->rc = api_read(req, x->resp, x->cmd, x->in);
}

int api_read_snapshot(struct api_req *req, struct api_resp *resp, api_cmd cmd, void *in)
{
    struct snapshot_read x = {resp, cmd, in, 0};
    return api_on_reader(req, snapshot_read, &x) ? api_read(req, resp, cmd, in) : x.rc;
}

int api_out(struct api_resp *resp, struct op_out *out)
{
    api_reply_json(resp, out->status, out->json);
    if (out->text) { /* the body already written (op_out) */
        free(resp->body);
        resp->body = out->text;
        resp->body_len = out->text_len;
        snprintf(resp->content_type, sizeof resp->content_type, "application/json");
        out->text = NULL;
    }
    resp->is_problem = out->is_problem;
    if (!out->keep) /* a refusal, or nothing changed (a read): rolled back */
        return API_UNDONE;
    return out->is_problem ? API_KEPT : API_DONE;
}

int api_refuse(struct api_resp *resp, struct problem *pb)
{
    api_reply_problem(resp, pb);
    return API_UNDONE;
}
