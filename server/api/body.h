/* A request's body, checked and parsed once for the router (api/body.c). */
#ifndef API_BODY_H
#define API_BODY_H

#include <stddef.h>

#include "api/api.h"

/* Whether the n bytes at s are only blanks (space, tab, CR, LF). */
int api_body_blank(const char *s, size_t n);

/* Parses req's body into req->json when the route wants JSON (wants_json), or checks that
 * an action route got none (an empty body or {} is tolerated). 0, or -1 with the problem
 * as the reply. */
API_REPLIES int api_body_parse(struct api_req *req, struct api_resp *resp, int wants_json);

#endif
