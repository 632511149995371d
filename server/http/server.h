/* The HTTP server on libmicrohttpd: threading, request bodies and their limits, static
 * files, the access log, and graceful shutdown. The API itself is api_dispatch. */
#ifndef HTTP_SERVER_H
#define HTTP_SERVER_H

#include <stddef.h>

#include "app.h"

struct http_server;

/* Starts listening on app->cfg.bind:port. Returns 0, or -1 with a sentence in err. */
int http_start(struct app *app, struct http_server **out, char *err, size_t errlen);
/* The port actually bound (useful with port 0). */
int http_port(struct http_server *s);
/* Stops accepting, waits up to grace_ms for requests in flight, then closes. */
void http_stop(struct http_server *s, int grace_ms);

#endif
