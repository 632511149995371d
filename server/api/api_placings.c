/* An event's placings over HTTP (PLACE-1, PLACE-2), for every kind: read under the lock
 * and answered as ops/event/placings.c writes them; public, as the standings are. */
#include "api/events.h"
#include "api/handlers.h"
#include "api/tx.h"
#include "ops/event/placings.h"

static int read_placings(struct api_req *req, const struct op *o, void *in, struct api_resp *resp)
{
    struct event e;
    if (api_event_load(req, o, &e, resp))
        return -1;
    struct placings ps;
    struct problem pb = {0, NULL};
    if (op_event_placings(o, &e, NULL, &ps, &pb))
        return api_refuse(resp, &pb);
    json_t *out = op_placings_json(&e, &ps);
    placings_free(&ps);
    if (!out) {
        api_internal_error(resp, "writing the placings");
        return -1;
    }
    api_reply_json(resp, 200, out);
    return 0;
}

void api_event_placings(struct api_req *req, struct api_resp *resp)
{
    api_read(req, resp, read_placings, NULL);
}
