/* Any event's start and board over HTTP, whatever its kind: each is its kind's own entry in
 * the kinds table (ops/event/kinds.c), so a new kind brings them with its row. The kinds'
 * own routes (a knockout's draw, a Swing's rounds, a Davis Cup's start) stay beside them
 * for what only that kind does. */
#include "api/events.h"
#include "api/fields.h"
#include "api/handlers.h"
#include "api/tx.h"
#include "ops/event/kinds.h"
#include "tourney/rng.h"

/* The kind's board of event e, as the reply with `status`; API_DONE, or API_UNDONE with a
 * 500 when the store fails. */
static int reply_board(const struct op *o, const struct event *e, int status,
                       struct api_resp *resp)
{
    json_t *board = op_kind(e->kind)->board(o->db, e, o->now_ms);
    if (!board) {
        api_internal_error(resp, "reading the event's board");
        return API_UNDONE;
    }
    api_reply_json(resp, status, board);
    return API_DONE;
}

/* the seed of the start's draw or pairing, optional (a fresh one is recorded: KO-2) */
static const struct api_field start_fields[] = {
    {"seed", F_SEED, 0, 0, 1, RNG_SEED_CHARS, NULL, NULL},
    {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

static int start_event(struct api_req *req, const struct op *o, void *seed, struct api_resp *resp)
{
    struct event e;
    if (api_event_load(req, o, &e, resp))
        return API_UNDONE;
    struct problem pb = {0, NULL};
    if (e.state != ES_OPEN) {
        problem_set(&pb, 409, "event-started", "Already started",
                    "%s has already started; it starts once.", e.name);
        return api_refuse(resp, &pb);
    }
    if (op_kind(e.kind)->start(o, &e, seed, &pb))
        return api_refuse(resp, &pb);
    return reply_board(o, &e, 201, resp);
}

void api_event_start(struct api_req *req, struct api_resp *resp)
{
    struct api_val v[1];
    if (api_fields(req->json, start_fields, 0, v, resp))
        return;
    api_run(req, resp, start_event, (void *)v[0].s);
}

static int read_board(struct api_req *req, const struct op *o, void *in, struct api_resp *resp)
{
    struct event e;
    if (api_event_load(req, o, &e, resp))
        return API_UNDONE;
    return reply_board(o, &e, 200, resp);
}

void api_event_board(struct api_req *req, struct api_resp *resp)
{
    api_read(req, resp, read_board, NULL);
}
