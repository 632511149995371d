/* Whom a request comes from (http/forwarded.c, common/cidr.c): the trusted_proxies list
 * as the config reads it, and X-Forwarded-For believed from a trusted peer only, read
 * from its right end so that what a client wrote itself proves nothing. */
#include <arpa/inet.h>
#include <check.h>
#include <netinet/in.h>
#include <string.h>

#include "common/cidr.h"
#include "http/forwarded.h"
#include "../check_main.h"

static struct sockaddr_storage peer(const char *ip)
{
    struct sockaddr_storage ss;
    memset(&ss, 0, sizeof ss);
    struct sockaddr_in *s4 = (struct sockaddr_in *)&ss;
    struct sockaddr_in6 *s6 = (struct sockaddr_in6 *)&ss;
    if (inet_pton(AF_INET, ip, &s4->sin_addr) == 1)
        s4->sin_family = AF_INET;
    else if (inet_pton(AF_INET6, ip, &s6->sin6_addr) == 1)
        s6->sin6_family = AF_INET6;
    return ss;
}

static struct http_client who(const char *list, const char *from, const char *xff,
                              const char *xfp)
{
    struct cw_cidr t[CW_CIDR_MAX];
    char err[200];
    int n = cw_cidr_parse_list(list, t, CW_CIDR_MAX, err, sizeof err);
    ck_assert_int_ge(n, 0);
    struct sockaddr_storage ss = peer(from);
    struct http_client c;
    http_client_of(t, n, (struct sockaddr *)&ss, xff, xfp, &c);
    return c;
}

START_TEST(test_list_parsing)
{
    struct cw_cidr t[CW_CIDR_MAX];
    char err[200];
    ck_assert_int_eq(cw_cidr_parse_list("", t, CW_CIDR_MAX, err, sizeof err), 0);
    ck_assert_int_eq(cw_cidr_parse_list("127.0.0.1, ::1 10.0.0.0/8,fd00::/8", t, CW_CIDR_MAX,
                                        err, sizeof err),
                     4);
    ck_assert_int_eq(t[2].bits, 104);
    ck_assert_int_eq(t[3].bits, 8);
    const char *bad[] = {"10.0.0.0/33", "::/129", "10.0.0.1/", "10.0.0.1/+8", "10.0.0.0/8x",
                         "localhost", "10.0.0.256", "1.2.3.4/0008"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ck_assert_msg(cw_cidr_parse_list(bad[i], t, CW_CIDR_MAX, err, sizeof err) == -1,
                      "%s was taken", bad[i]);
        ck_assert_msg(strstr(err, "is not an IPv4"), "%s: %s", bad[i], err);
    }
    unsigned char a[16];
    ck_assert_int_eq(cw_cidr_parse_list("10.1.0.0/16", t, CW_CIDR_MAX, err, sizeof err), 1);
    cw_addr_parse("10.1.255.3", 10, a);
    ck_assert(cw_cidr_match(t, 1, a));
    cw_addr_parse("10.2.0.1", 8, a);
    ck_assert(!cw_cidr_match(t, 1, a));
}
END_TEST

START_TEST(test_untrusted_peer_is_itself)
{
    struct http_client c = who("127.0.0.1", "192.0.2.7", "203.0.113.9", "https");
    ck_assert_str_eq(c.ip, "192.0.2.7");
    ck_assert_int_eq(c.https, 0);
    ck_assert_int_eq(c.proxied, 0);
    c = who("", "127.0.0.1", "203.0.113.9", "https");
    ck_assert_str_eq(c.ip, "127.0.0.1");
}
END_TEST

START_TEST(test_trusted_proxy_forwards)
{
    struct http_client c = who("127.0.0.1", "127.0.0.1", "203.0.113.9", "https");
    ck_assert_str_eq(c.ip, "203.0.113.9");
    ck_assert_str_eq(c.key, "203.0.113.9");
    ck_assert_int_eq(c.https, 1);
    ck_assert_int_eq(c.proxied, 1);
    /* a client's own claim on the left is passed over: the rightmost untrusted address */
    c = who("127.0.0.1, 10.0.0.0/8", "127.0.0.1", "6.6.6.6, 198.51.100.4, 10.0.0.5", "http");
    ck_assert_str_eq(c.ip, "198.51.100.4");
    ck_assert_int_eq(c.https, 0);
    /* garbage ends the walk at the last address that parsed */
    c = who("127.0.0.1, 10.0.0.0/8", "127.0.0.1", "evil, 10.0.0.5", NULL);
    ck_assert_str_eq(c.ip, "10.0.0.5");
    c = who("127.0.0.1", "127.0.0.1", "not-an-address", NULL);
    ck_assert_str_eq(c.ip, "127.0.0.1");
    c = who("127.0.0.1", "127.0.0.1", " , ,", NULL);
    ck_assert_str_eq(c.ip, "127.0.0.1");
    /* an IPv6 client counts by its /64 */
    c = who("::1", "::1", "2001:db8:1:2:3:4:5:6", NULL);
    ck_assert_str_eq(c.ip, "2001:db8:1:2:3:4:5:6");
    ck_assert_str_eq(c.key, "2001:db8:1:2::/64");
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("forwarded");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_list_parsing);
    tcase_add_test(tc, test_untrusted_peer_is_itself);
    tcase_add_test(tc, test_trusted_proxy_forwards);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
