/* The replies kept for reads (route.h's R_ETAG, R_SHARED...): a read's ETag, with 304 when
 * the reader's copy is still the current one, and the polled lists kept serialized per
 * revision for the screens and phones (cache.h), rebuilt off the HTTP threads (rebuild.h)
 * or by one reader for all (flight.h). */
#ifndef API_SHARED_REPLY_H
#define API_SHARED_REPLY_H

#include "api/route.h"

/* The ETag of a read of r (R_ETAG) in the tournament of req->ids[0], as who asks sees it,
 * into etag ("" for a route without one, or a tournament not found); -1 having answered
 * 304 when If-None-Match names it. */
API_REPLIES int api_shared_etag(struct api_req *req, struct api_resp *resp, const struct route *r,
                                char etag[80]);
/* The cache kind of an anonymous read of a shared route (cache.h), 0 for none; -1 for a
 * shared read with its own query parameter: not kept, but read from a reader too. */
int api_shared_kind(const struct route *r, const struct api_req *req);
/* A list on a revision of its own (R_PLAYERS, R_EVENTS) answered from its kept copy while
 * nothing was committed since: -1 having answered (200 or 304), 0 to go the usual way. */
API_REPLIES int api_shared_kept_hit(struct api_req *req, struct api_resp *resp,
                                    const struct route *r, int kind);
/* The polled list (kind > 0) of tag etag answered without its handler: its kept copy, a
 * rebuild off this thread (resp->wait), or another reader's build of it; -1 so answered.
 * 0: the handler is to build it; *flight is then 0 when this request builds it for the
 * readers waiting (api_shared_keep lands it), -1 otherwise. */
API_REPLIES int api_shared_answer(struct api_req *req, struct api_resp *resp, const struct route *r,
                                  int kind, const char *etag, int *flight);
/* The handler's answer to a polled list (kind > 0) kept for the next readers, and handed
 * to the readers waiting for it when this request built it (flight 0). */
void api_shared_keep(struct api_req *req, struct api_resp *resp, const struct route *r, int kind,
                     const char *etag, int flight);

#endif
