/* The frame of ops/frame/frame.c as the handlers use it, the only file of api/ that opens a
 * transaction or takes the database's lock: every route's change is a command run by
 * api_run (with the Idempotency-Key header: a retried submission gets the first answer
 * again and changes nothing twice; the key and the answer are stored in the same
 * transaction as the change), every read that needs the lock a command run by api_read. */
#ifndef API_TX_H
#define API_TX_H

#include "api/api.h"
#include "ops/frame/op.h"

/* A command: what a route does in the frame, with its operation context o (who acts,
 * the time) and its typed input. It writes its answer in resp (api_reply_json, or a
 * refusal) and returns API_DONE (kept: committed), API_UNDONE (a refusal: rolled back) or
 * API_KEPT (a refusal that keeps what it found on the way: committed). */
enum { API_UNDONE = -1, API_DONE = 0, API_KEPT = 1 };
typedef int (*api_cmd)(struct api_req *req, const struct op *o, void *in, struct api_resp *resp);

/* The one way a change runs over HTTP: the Idempotency-Key checked (a replay of the first
 * answer, or a refusal, ends it there), the transaction opened, cmd run, then committed
 * with the answer stored under the key (a suspendable request does not wait for the disk
 * here: resp->durable is its ticket, and the HTTP layer answers once api_tx_settle has seen
 * it through; a failed commit makes the reply a 500), or rolled back. */
void api_run(struct api_req *req, struct api_resp *resp, api_cmd cmd, void *in);
/* The frame of a change under no Idempotency-Key: a read that records itself (who read a
 * PIN, who downloaded the database: a read has no first answer to replay), or a change
 * whose answer holds a secret no key may keep (a machine token's making, a logout's). cmd
 * changes (API_DONE, no reply yet) and the change is committed, on disk, before the route
 * answers. 0 to answer, or -1 with the refusal as the reply. */
API_REPLIES int api_run_unkeyed(struct api_req *req, struct api_resp *resp, api_cmd cmd, void *in);
/* A read under the database's lock (ops/frame/frame.c op_read): cmd reads and replies; what it
 * returns is returned. */
int api_read(struct api_req *req, struct api_resp *resp, api_cmd cmd, void *in);
/* api_read on a reader's snapshot of what was committed when it began, never under the
 * writer's lock (store/readers.h), when the server has readers; else api_read. For a read
 * every request makes (who the session is): a change held in the writer (waiting for the
 * disk, or for another program's lock) does not hold it back. */
int api_read_snapshot(struct api_req *req, struct api_resp *resp, api_cmd cmd, void *in);
/* run(req, ctx) with req->app's database a reader's snapshot (store/readers.h): 0, or -1
 * (run not called) when the server has no reader to lend. */
int api_on_reader(struct api_req *req, void (*run)(struct api_req *req, void *ctx), void *ctx);

/* A command's endings: the frame's answer (ops/frame/op.h struct op_out) as the reply, and what
 * the command returns for it (undone unless out->keep); an operation's refusal as the reply,
 * API_UNDONE. */
int api_out(struct api_resp *resp, struct op_out *out);
int api_refuse(struct api_resp *resp, struct problem *pb);

/* After resp->durable's wait: the answer stands when the change is on disk; otherwise it
 * becomes the refusal of the disk that failed (503, 507) or a 500. The ticket is freed. */
void api_tx_settle(struct app *app, struct api_resp *resp);
/* done(ctx) once resp->durable is settled (store/db.h db_ticket_wait): then api_tx_settle. */
void api_tx_wait(struct app *app, struct api_resp *resp, void (*done)(void *ctx), void *ctx);
/* An answer held for its ticket that will not be sent (its client left): both freed. */
void api_tx_drop(struct app *app, struct api_resp *resp);
/* The operation context of this request: its database, time and who acts (api_actor, the
 * official and role, the player's session). */
struct op api_op(struct api_req *req);

/* "official:3", "token:2", "player:12" or "anon:<address>": who acts, as the audit log
 * names them, and who a key belongs to. */
void api_actor(const struct api_req *req, char *out, size_t len);

#endif
