/* Reading PINs: one player's at a time, or the cards of a whole tournament for printing;
 * the TD only, every read in the audit log (ops/people/players.c: who read which, never the PIN)
 * committed before the answer, and replies that no cache keeps (the HTTP layer marks them
 * private, no-store). */
#include <stdlib.h>
#include <string.h>

#include "api/handlers.h"
#include "api/tx.h"
#include "ops/people/players.h"

/* The read recorded in a frame of its own (no Idempotency-Key: nothing to replay), then
 * committed, before any PIN is answered. 0, or -1 with the refusal as the reply. */
struct pins {
    int64_t pid; /* one player's, or 0: the cards of the tournament */
    struct player *p;
    struct tournament *t;
    struct player **ps;
    int *n;
    int read; /* the PINs were read (the list is ours to free) */
};

static int record_read(struct api_req *req, const struct op *o, void *in, struct api_resp *resp)
{
    struct pins *r = in;
    struct problem pb = {0, NULL};
    if (op_pins_read(o, req->ids[0], r->pid, r->p, r->t, r->ps, r->n, &pb))
        return api_refuse(resp, &pb);
    r->read = 1;
    return API_DONE;
}

API_REPLIES static int read_pins(struct api_req *req, struct api_resp *resp, int64_t pid,
                                 struct player *p, struct tournament *t, struct player **ps, int *n)
{
    struct pins r = {pid, p, t, ps, n, 0};
    if (api_run_unkeyed(req, resp, record_read, &r)) {
        if (!pid && r.read)
            free(*ps);
        return -1;
    }
    return 0;
}

void api_player_pin_get(struct api_req *req, struct api_resp *resp)
{
    struct player p;
    if (read_pins(req, resp, req->ids[1], &p, NULL, NULL, NULL))
        return;
    api_reply_json(
        resp, 200,
        json_pack("{s:I, s:s, s:s}", "player_id", (json_int_t)p.id, "name", p.name, "pin", p.pin));
}

void api_player_cards(struct api_req *req, struct api_resp *resp)
{
    struct tournament t;
    struct player *ps;
    int n;
    if (read_pins(req, resp, 0, NULL, &t, &ps, &n))
        return;
    json_t *arr = json_array();
    for (int i = 0; i < n; i++)
        if (strcmp(ps[i].status, "withdrawn"))
            json_array_append_new(arr,
                                  json_pack("{s:I, s:s, s:s}", "player_id", (json_int_t)ps[i].id,
                                            "name", ps[i].name, "pin", ps[i].pin));
    free(ps);
    api_reply_json(resp, 200,
                   json_pack("{s:I, s:o}", "tournament_id", (json_int_t)t.id, "cards", arr));
}
