/* The host names this server answers to (the allowed_hosts setting): a page on another
 * name that resolves to this server's address (DNS rebinding) is refused, whether its
 * request's Host or its Origin names it. */
#ifndef HTTP_HOSTS_H
#define HTTP_HOSTS_H

/* 1 when host ("name", "name:port", "[v6]:port"; a Host header or the host part of an
 * Origin) is in list: names separated by commas or spaces, each "name" (any port) or
 * "name:port", compared without regard to case; "*" allows every host. */
int http_host_allowed(const char *list, const char *host);
/* The same for an Origin header ("https://name:port"); "null" and other schemes are not
 * allowed. */
int http_origin_allowed(const char *list, const char *origin);

#endif
