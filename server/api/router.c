/* The way every API request goes, top to bottom (api_dispatch):
 * route (404/405, route_match.c) -> CSRF defence on changes (403, gate.c) -> who acts
 * (api_auth.c) -> the role table (gate.c, GOV-1: 401 without a login; 403 for a player's
 * session, a suspended official's, or a role the route is not for) -> body (415/400/422,
 * body.c) -> a read's ETag and kept copy (shared_reply.c) -> handler (the table: routes.c). */
#include <string.h>

#include "api/body.h"
#include "api/gate.h"
#include "api/route_match.h"
#include "api/shared_reply.h"
#include "api/tx.h"
#include "store/store.h"

/* The answer of a found route to a request that passed its checks: ETag and 304, the kept
 * copy of a polled list, or the handler. */
static void answer(struct api_req *req, struct api_resp *resp, const struct route *found)
{
    char etag[80];
    if (api_shared_etag(req, resp, found, etag))
        return;
    int shared = etag[0] ? api_shared_kind(found, req) : 0;
    if (shared < 0)
        shared = 0; /* read from a reader (api_dispatch), not kept */
    int flight = -1;
    if (shared && api_shared_answer(req, resp, found, shared, etag, &flight))
        return;
    found->handler(req, resp);
    /* a change that failed on a full disk (or a failed write) says so, not "internal" */
    int refusing = resp->status == 500 ? db_refusing(req->app->db) : 0;
    if (refusing) {
        api_resp_free(resp);
        api_disk_refusal(resp, refusing);
    }
    if (etag[0] && resp->status == 200 && !resp->etag[0])
        memcpy(resp->etag, etag, sizeof etag);
    if (shared)
        api_shared_keep(req, resp, found, shared, etag, flight);
}

struct answer_call {
    struct api_resp *resp;
    const struct route *found;
};

static void answer_on_reader(struct api_req *req, void *ctx)
{
    struct answer_call *c = ctx;
    answer(req, c->resp, c->found);
}

void api_dispatch(struct api_req *req, struct api_resp *resp)
{
    const struct route *found = api_route_find(req, resp);
    if (!found)
        return;
    int change = api_is_change(req->method);
    if (change && api_gate_csrf(req, resp))
        return;
    if (req->session_token || req->bearer)
        api_official_session(req);
    if (req->player_token)
        api_player_session(req);
    if (api_gate_role(found, req, resp))
        return;
    int wants = found->flags & R_JSON ? 1 : 0;
    if ((found->flags & R_OPTJSON) && req->body && !api_body_blank(req->body, req->body_len))
        wants = 1;
    if (change && !(found->flags & R_CSV) && api_body_parse(req, resp, wants))
        return;
    int shared = api_shared_kind(found, req);
    if (shared > 0 && (found->flags & (R_PLAYERS | R_EVENTS)) &&
        api_shared_kept_hit(req, resp, found, shared))
        return;
    if (shared || (found->flags & R_SNAPSHOT)) {
        /* an anonymous read of a polled list, or a read marked R_SNAPSHOT: from a reader, in
         * one snapshot from its ETag to its body, so building it never holds the writer's
         * lock (store/readers.h) */
        struct answer_call c = {resp, found};
        if (!api_on_reader(req, answer_on_reader, &c))
            return;
    }
    answer(req, resp, found);
}
