/* Server-Sent Events: GET /api/v1/tournaments/{id}/events, the live stream. No thread is
 * held per client: a stream with nothing to send suspends its connection and the bus
 * resumes it when a stream entry is published or its 15-second heartbeat is due. */
#ifndef HTTP_SSE_H
#define HTTP_SSE_H

#include <microhttpd.h>
#include <stdint.h>

#include "app.h"

struct http_fair;
struct http_fair_conn;

/* Builds the streaming response for tournament tid. *status is set; on 404, and on 503
 * when the connection's address replays all the long histories it may (fairshare.h:
 * http_fair_replay), the response is NULL and the caller answers with a problem.
 * last_event_id may be NULL. */
struct MHD_Response *http_sse_open(struct app *app, struct MHD_Connection *c, int64_t tid,
                                   const char *last_event_id, struct http_fair *fair,
                                   struct http_fair_conn *fc, int *status);
/* Resumes the streams whose heartbeat is due (called about once a second). */
void http_sse_tick(struct app *app, int64_t now_ms);
/* Ends every stream (shutdown): they are resumed and finish. */
void http_sse_close_all(struct app *app);

#endif
