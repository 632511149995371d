/* allowed_hosts: see hosts.h. */
#include "http/hosts.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

/* The length of host without its ":port" ("[v6]:port" keeps its brackets). */
static size_t name_len(const char *host, size_t len)
{
    if (len && host[0] == '[') {
        const char *close = memchr(host, ']', len);
        return close ? (size_t)(close - host) + 1 : len;
    }
    const char *colon = memchr(host, ':', len);
    return colon ? (size_t)(colon - host) : len;
}

int http_host_allowed(const char *list, const char *host)
{
    if (!strcmp(list, "*"))
        return 1;
    if (!host || !*host)
        return 0;
    size_t hlen = strlen(host), hname = name_len(host, hlen);
    for (const char *p = list; *p;) {
        p += strspn(p, ", ");
        size_t n = strcspn(p, ", ");
        if (!n)
            break;
        int with_port = name_len(p, n) < n;
        if (with_port ? n == hlen && !strncasecmp(p, host, n)
                      : n == hname && !strncasecmp(p, host, n))
            return 1;
        p += n;
    }
    return 0;
}

int http_origin_allowed(const char *list, const char *origin)
{
    if (!strcmp(list, "*"))
        return 1;
    if (!origin)
        return 0;
    const char *h = !strncmp(origin, "http://", 7)    ? origin + 7
                    : !strncmp(origin, "https://", 8) ? origin + 8
                                                      : NULL;
    if (!h || strchr(h, '/'))
        return 0;
    return http_host_allowed(list, h);
}
