/* The request headers the server reads, found in one walk of the request's headers (and one
 * of its cookies) when its head is in, instead of a lookup by name for each: eighteen
 * lookups, each a walk of the list, were a tenth of a GET's instructions (issue 37). The
 * values are libmicrohttpd's, valid until the request is done. */
#ifndef HTTP_HEAD_H
#define HTTP_HEAD_H

#include <microhttpd.h>

struct http_head {
    const char *host, *origin, *content_type, *content_length, *expect, *csrf, *authorization,
        *idem_key, *if_none_match, *accept_encoding, *last_event_id, *forwarded_for,
        *forwarded_proto, *cookie;
    /* the cookies (API_SESSION_COOKIE, API_PLAYER_COOKIE, API_DEVICE_COOKIE) */
    const char *session, *player, *device;
};

/* Fills h from connection c's request (the first value of a header given twice, as
 * MHD_lookup_connection_value gives). */
void http_head_read(struct MHD_Connection *c, struct http_head *h);

#endif
