/* Address ranges: see cidr.h. */
#include "common/cidr.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int cw_addr_parse(const char *s, size_t len, unsigned char out[16])
{
    char buf[INET6_ADDRSTRLEN + 1];
    if (len == 0 || len >= sizeof buf)
        return -1;
    memcpy(buf, s, len);
    buf[len] = 0;
    memset(out, 0, 16);
    if (inet_pton(AF_INET, buf, out + 12) == 1) {
        out[10] = out[11] = 0xff;
        return 0;
    }
    return inet_pton(AF_INET6, buf, out) == 1 ? 0 : -1;
}

int cw_addr_from_sockaddr(const struct sockaddr *sa, unsigned char out[16])
{
    memset(out, 0, 16);
    if (sa->sa_family == AF_INET) {
        out[10] = out[11] = 0xff;
        memcpy(out + 12, &((const struct sockaddr_in *)sa)->sin_addr, 4);
        return 0;
    }
    if (sa->sa_family == AF_INET6) {
        memcpy(out, ((const struct sockaddr_in6 *)sa)->sin6_addr.s6_addr, 16);
        return 0;
    }
    return -1;
}

int cw_cidr_parse_list(const char *s, struct cw_cidr *out, int max, char *err, size_t errlen)
{
    int n = 0;
    for (const char *p = s; *p;) {
        p += strspn(p, ", ");
        size_t len = strcspn(p, ", ");
        if (!len)
            break;
        if (n == max) {
            snprintf(err, errlen, "it holds more than %d entries", max);
            return -1;
        }
        const char *slash = memchr(p, '/', len);
        size_t alen = slash ? (size_t)(slash - p) : len;
        struct cw_cidr *c = &out[n];
        int bad = cw_addr_parse(p, alen, c->addr) != 0;
        int v4 = !bad && !memcmp(c->addr, "\0\0\0\0\0\0\0\0\0\0\xff\xff", 12) &&
                 !memchr(p, ':', alen);
        c->bits = 128;
        if (!bad && slash) {
            /* digits only: strtol would take a sign or spaces */
            size_t dl = len - alen - 1;
            long b = 0;
            bad = dl == 0 || dl > 3;
            for (size_t i = 0; !bad && i < dl; i++) {
                char d = slash[1 + i];
                bad = d < '0' || d > '9';
                b = b * 10 + (d - '0');
            }
            if (!bad && b > (v4 ? 32 : 128))
                bad = 1;
            c->bits = v4 ? 96 + (int)b : (int)b;
        }
        if (bad) {
            snprintf(err, errlen, "\"%.*s\" is not an IPv4 or IPv6 address or address/prefix",
                     (int)(len > 64 ? 64 : len), p);
            return -1;
        }
        n++;
        p += len;
    }
    return n;
}

static int in_range(const struct cw_cidr *c, const unsigned char a[16])
{
    int whole = c->bits / 8, rest = c->bits % 8;
    if (memcmp(c->addr, a, (size_t)whole))
        return 0;
    if (!rest)
        return 1;
    unsigned char mask = (unsigned char)(0xff << (8 - rest));
    return (c->addr[whole] & mask) == (a[whole] & mask);
}

int cw_cidr_match(const struct cw_cidr *list, int n, const unsigned char addr[16])
{
    for (int i = 0; i < n; i++)
        if (in_range(&list[i], addr))
            return 1;
    return 0;
}
