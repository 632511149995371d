/* The client behind a trusted proxy: see forwarded.h. */
#include "http/forwarded.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "http/fairshare.h"

static const unsigned char v4mapped[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};

/* An IPv4 address as dotted text, by hand: inet_ntop and snprintf were a tenth of a GET's
 * instructions (issue 37). out holds at least 16 bytes. */
static void ipv4_text(const unsigned char a[4], char *out)
{
    char *p = out;
    for (int i = 0; i < 4; i++) {
        unsigned v = a[i];
        if (v >= 100)
            *p++ = (char)('0' + v / 100);
        if (v >= 10)
            *p++ = (char)('0' + v / 10 % 10);
        *p++ = (char)('0' + v % 10);
        *p++ = i < 3 ? '.' : 0;
    }
}

/* ip and key of an address given as 16 bytes */
static void describe(const unsigned char a[16], struct http_client *out)
{
    if (!memcmp(a, v4mapped, 12)) {
        /* an IPv4 client is counted by its own address: the key is the same text */
        ipv4_text(a + 12, out->ip);
        memcpy(out->key, out->ip, strlen(out->ip) + 1);
        return;
    }
    struct sockaddr_storage ss;
    memset(&ss, 0, sizeof ss);
    struct sockaddr_in6 *s6 = (struct sockaddr_in6 *)&ss;
    s6->sin6_family = AF_INET6;
    memcpy(&s6->sin6_addr, a, 16);
    inet_ntop(AF_INET6, &s6->sin6_addr, out->ip, sizeof out->ip);
    http_fair_key_text((const struct sockaddr *)&ss, out->key, sizeof out->key);
}

void http_client_of(const struct cw_cidr *trusted, int ntrusted, const struct sockaddr *peer,
                    const char *xff, const char *xfp, struct http_client *out)
{
    memset(out, 0, sizeof *out);
    snprintf(out->ip, sizeof out->ip, "-");
    snprintf(out->key, sizeof out->key, "-");
    unsigned char a[16];
    if (!peer || cw_addr_from_sockaddr(peer, a))
        return;
    describe(a, out);
    if (!ntrusted || !cw_cidr_match(trusted, ntrusted, a))
        return;
    out->proxied = 1;
    if (xfp) {
        /* a chain of proxies may list one scheme each: the first is the client's */
        size_t n = strcspn(xfp, ", ");
        out->https = n == 5 && !strncasecmp(xfp, "https", 5);
    }
    if (!xff)
        return;
    /* from the right: each hop appends the address it saw */
    size_t end = strlen(xff);
    while (end > 0) {
        size_t e = end;
        while (e > 0 && (xff[e - 1] == ' ' || xff[e - 1] == ','))
            e--;
        size_t b = e;
        while (b > 0 && xff[b - 1] != ' ' && xff[b - 1] != ',')
            b--;
        if (b == e)
            break;
        unsigned char h[16];
        if (cw_addr_parse(xff + b, e - b, h))
            break;
        memcpy(a, h, 16);
        if (!cw_cidr_match(trusted, ntrusted, a))
            break;
        end = b;
    }
    describe(a, out);
}
