/* Static pages from static_dir: content types, ETag revalidation, no path traversal. */
#ifndef HTTP_STATIC_H
#define HTTP_STATIC_H

#include <microhttpd.h>

/* Builds the response for a GET/HEAD of a static path. *status is set. The caller queues
 * and destroys the response. if_none_match may be NULL. */
struct MHD_Response *http_static(int dirfd, const char *path, const char *if_none_match,
                                 int *status);

#endif
