/* Who is asking, when a reverse proxy (nginx terminating TLS) stands in between: every
 * peer is then the proxy's own address, so the per-address limits, the login limiter and
 * the access log would see one client. X-Forwarded-For and X-Forwarded-Proto are believed
 * only from a peer in the trusted_proxies setting; from anyone else they are ignored,
 * since any client can write them. */
#ifndef HTTP_FORWARDED_H
#define HTTP_FORWARDED_H

#include <stddef.h>
#include <sys/socket.h>

#include "common/cidr.h"

struct http_client {
    char ip[48];  /* the address as text (INET6_ADDRSTRLEN) */
    char key[56]; /* the address as limits count it (an IPv6 client by its /64) */
    int https;    /* the original request came over TLS (said by a trusted proxy) */
    int proxied;  /* the peer is a trusted proxy */
};

/* The client of a request from peer (NULL when unknown), given its X-Forwarded-For and
 * X-Forwarded-Proto headers (NULL when absent). X-Forwarded-For is read from its right
 * end, where the proxy nearest us wrote: the first address that is not itself a trusted
 * proxy is the client; one that does not parse ends the walk (what is left of it was
 * written by the client, and proves nothing). */
void http_client_of(const struct cw_cidr *trusted, int ntrusted, const struct sockaddr *peer,
                    const char *xff, const char *xfp, struct http_client *out);

#endif
