/* A kept body's response, built once: see kept.c. */
#ifndef HTTP_KEPT_H
#define HTTP_KEPT_H

#include <microhttpd.h>

struct api_blob;

/* The response of blob (a kept, per-revision body; gz: its gzip form) for anyone who is not
 * logged in, with its headers, tagged etag: built at the first such request and kept with
 * the blob, or NULL (another tag, or no memory: the caller builds one as usual). The caller
 * queues it without destroying it and holds a reference to the blob until the request is
 * completed (the response points into the blob's data). */
struct MHD_Response *http_kept_response(struct api_blob *blob, int gz, const char *etag);

/* The headers every answer carries (server.c's and the kept responses'). */
void http_common_headers(struct MHD_Response *r);
/* The headers of a JSON body kept per revision (gz: its gzip form), server.c's and the kept
 * responses': one writer, so a kept response is byte for byte the one built each time. */
void http_blob_headers(struct MHD_Response *r, int gz);
/* The ETag and its Cache-Control (personal: a reply to someone logged in, which no shared
 * cache may keep for anyone else). */
void http_etag_headers(struct MHD_Response *r, const char *etag, int personal);

#endif
