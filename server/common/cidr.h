/* Addresses and address ranges (CIDR) as text, for the trusted_proxies setting: which
 * peers may say, in X-Forwarded-For, whom they forward. An IPv4 address is kept as its
 * IPv4-mapped IPv6 form (::ffff:a.b.c.d), so one comparison serves both families. */
#ifndef CW_CIDR_H
#define CW_CIDR_H

#include <stddef.h>

struct cw_cidr {
    unsigned char addr[16];
    int bits; /* prefix length over the 16 bytes (an IPv4 /24 is 120) */
};

/* the most entries a list may hold */
#define CW_CIDR_MAX 32

/* An address ("192.0.2.1", "2001:db8::1") as 16 bytes. Returns 0, or -1 when s is not one. */
int cw_addr_parse(const char *s, size_t len, unsigned char out[16]);

struct sockaddr;
/* A socket's address (IPv4 or IPv6) as 16 bytes. Returns 0, or -1 for another family. */
int cw_addr_from_sockaddr(const struct sockaddr *sa, unsigned char out[16]);

/* A list separated by commas and/or spaces, each an address or address/prefix. Returns
 * the number of entries (0 for an empty list), or -1 with a sentence in err naming the
 * entry that is not one. */
int cw_cidr_parse_list(const char *s, struct cw_cidr *out, int max, char *err, size_t errlen);

/* 1 when addr (16 bytes) lies in one of the n ranges. */
int cw_cidr_match(const struct cw_cidr *list, int n, const unsigned char addr[16]);

#endif
