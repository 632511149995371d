/* The problem+json answers (RFC 9457) the HTTP layer gives itself, before or outside the
 * API's (a host not allowed, a body too large, a share used up, a page not found). */
#ifndef HTTP_PROBLEM_H
#define HTTP_PROBLEM_H

#include <microhttpd.h>

/* A response of type "/problems/<slug>" with its title, status and detail, not to be kept
 * by any cache; NULL without memory. */
struct MHD_Response *http_problem_response(int status, const char *slug, const char *title,
                                           const char *detail);

#endif
