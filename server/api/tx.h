/* The transaction frame of ops/frame.c as the handlers use it: the Idempotency-Key header
 * (a retried submission gets the first answer again and changes nothing twice; the key and
 * the answer are stored in the same transaction as the change), and the frame's refusals. */
#ifndef API_TX_H
#define API_TX_H

#include "api/api.h"
#include "ops/op.h"

/* Begins the transaction. Returns 0 to go on (the transaction is open), or -1 when the
 * answer is already in resp (a replay of an earlier request, or a refusal); then no
 * transaction is open. */
API_REPLIES int api_tx_begin(struct api_req *req, struct api_resp *resp);
/* The frame of a read that records itself (who read a PIN): no Idempotency-Key (a read
 * has no first answer to replay). api_tx_commit_read commits before the answer is
 * written: 0, or -1 with a 500 as the reply. */
API_REPLIES int api_tx_begin_read(struct api_req *req, struct api_resp *resp);
API_REPLIES int api_tx_commit_read(struct api_req *req, struct api_resp *resp);
/* Stores the answer under the key (if any) and commits. On failure resp becomes a 500. A
 * suspendable request does not wait for the disk here: resp->durable is its ticket, and
 * the HTTP layer answers once api_tx_settle has seen it through. */
void api_tx_commit(struct api_req *req, struct api_resp *resp);
/* After resp->durable's wait: the answer stands when the change is on disk; otherwise it
 * becomes the refusal of the disk that failed (503, 507) or a 500. The ticket is freed. */
void api_tx_settle(struct app *app, struct api_resp *resp);
/* done(ctx) once resp->durable is settled (store/db.h db_ticket_wait): then api_tx_settle. */
void api_tx_wait(struct app *app, struct api_resp *resp, void (*done)(void *ctx), void *ctx);
/* An answer held for its ticket that will not be sent (its client left): both freed. */
void api_tx_drop(struct app *app, struct api_resp *resp);
/* Rolls back, keeping the problem already in resp. */
void api_tx_rollback(struct api_req *req);

/* The operation context of this request: its database, time and actor (api_actor). */
struct op api_op(struct api_req *req);

/* "official:3", "token:2", "player:12" or "anon:<address>": who acts, as the audit log
 * names them, and who a key belongs to. */
void api_actor(const struct api_req *req, char *out, size_t len);

#endif
