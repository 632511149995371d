/* The server's edge on an open network: the host names it answers to (allowed_hosts, for
 * Host and Origin: DNS rebinding), static files that no symbolic link and no encoded NUL
 * can lead astray. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "http/hosts.h"
#include "support/harness.h"
#include "../check_main.h"

static void put(const char *dir, const char *name, const char *text)
{
    char path[600];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    fclose(f);
}

static int problem(const struct res *r, long status, const char *slug)
{
    char ct[64], type[96];
    snprintf(type, sizeof type, "/problems/%s", slug);
    return r->status == status && res_header(r, "Content-Type", ct, sizeof ct) &&
           !strcmp(ct, "application/problem+json") && !strcmp(jstr(r, "type"), type) &&
           strlen(jstr(r, "detail")) > 0;
}

/* A symbolic link to a folder inside static_dir, and a link to a file, serve nothing;
 * the real files beside them are served. */
START_TEST(test_static_no_links)
{
    struct srv s;
    struct srv_opts o = {.own_static = 1};
    srv_start_opts(&s, NULL, &o);
    char st[400], outside[400], link[500];
    snprintf(st, sizeof st, "%s/static", s.dir);
    snprintf(outside, sizeof outside, "%s/secret", s.dir);
    ck_assert_int_eq(mkdir(outside, 0755), 0);
    put(outside, "data.txt", "not for the public\n");
    put(st, "index.html", "<!doctype html><title>t</title>");
    snprintf(link, sizeof link, "%s/linked", st);
    ck_assert_int_eq(symlink(outside, link), 0);
    snprintf(link, sizeof link, "%s/file.txt", st);
    snprintf(outside, sizeof outside, "%s/secret/data.txt", s.dir);
    ck_assert_int_eq(symlink(outside, link), 0);
    char sub[420];
    snprintf(sub, sizeof sub, "%s/real", st);
    ck_assert_int_eq(mkdir(sub, 0755), 0);
    put(sub, "page.txt", "public\n");

    struct res r;
    req(&s, "GET", "/linked/data.txt", NULL, NULL, &r);
    ck_assert_int_eq(r.status, 404);
    ck_assert_ptr_null(strstr(r.body, "not for the public"));
    res_free(&r);
    req(&s, "GET", "/file.txt", NULL, NULL, &r);
    ck_assert_int_eq(r.status, 404);
    res_free(&r);
    req(&s, "GET", "/real/page.txt", NULL, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    ck_assert_str_eq(r.body, "public\n");
    res_free(&r);
    srv_cleanup(&s);
}
END_TEST

/* An encoded NUL cuts no path short: /index.html%00.txt is refused, not index.html. */
START_TEST(test_static_no_nul)
{
    struct srv s;
    struct srv_opts o = {.own_static = 1};
    srv_start_opts(&s, NULL, &o);
    char st[400];
    snprintf(st, sizeof st, "%s/static", s.dir);
    put(st, "index.html", "<!doctype html><title>the index</title>");
    struct res r;
    const char *paths[] = {"/index.html%00.txt", "/index.html%00", "/api/v1/health%00x",
                           "/api/v1/tournaments?x=%00"};
    for (int i = 0; i < 4; i++) {
        req(&s, "GET", paths[i], NULL, NULL, &r);
        if (i < 3) {
            ck_assert_msg(problem(&r, 400, "bad-path"), "%s: %ld %s", paths[i], r.status, r.body);
            ck_assert_ptr_null(strstr(r.body, "the index"));
        } else {
            ck_assert_int_lt(r.status, 500); /* a query's NUL is a value the fields refuse */
        }
        res_free(&r);
    }
    req(&s, "GET", "/index.html", NULL, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    res_free(&r);
    req(&s, "GET", "/index%2ehtml", NULL, NULL, &r); /* other escapes still decode */
    ck_assert_int_eq(r.status, 200);
    ck_assert_ptr_nonnull(strstr(r.body, "the index"));
    res_free(&r);
    srv_cleanup(&s);
}
END_TEST

START_TEST(test_host_list)
{
    const char *list = "crawford.example, 192.168.1.10:8080 [::1]";
    ck_assert(http_host_allowed(list, "crawford.example"));
    ck_assert(http_host_allowed(list, "CRAWFORD.example:443"));
    ck_assert(http_host_allowed(list, "192.168.1.10:8080"));
    ck_assert(!http_host_allowed(list, "192.168.1.10:8081"));
    ck_assert(!http_host_allowed(list, "192.168.1.10"));
    ck_assert(http_host_allowed(list, "[::1]:8080"));
    ck_assert(!http_host_allowed(list, "evil.example"));
    ck_assert(!http_host_allowed(list, "crawford.example.evil"));
    ck_assert(!http_host_allowed(list, ""));
    ck_assert(!http_host_allowed(list, NULL));
    ck_assert(http_host_allowed("*", "anything"));
    ck_assert(http_origin_allowed(list, "https://crawford.example"));
    ck_assert(!http_origin_allowed(list, "https://evil.example"));
    ck_assert(!http_origin_allowed(list, "file://crawford.example"));
    ck_assert(!http_origin_allowed(list, "https://crawford.example/x"));
}
END_TEST

/* With allowed_hosts set, a request naming another host (a DNS-rebinding page: its Host
 * is its own name) is refused with 421 before anything is done, reads and changes alike,
 * and so is a change whose Origin is another name. */
START_TEST(test_allowed_hosts)
{
    struct srv s;
    char cfg[200];
    srv_start(&s, "\"allowed_hosts\": \"crawford.test, 127.0.0.1\"");
    srv_login(&s); /* Host: 127.0.0.1:port */
    long long tid = make_tournament(&s, "Hosts");
    char path[96];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld", tid);
    snprintf(cfg, sizeof cfg, "Cookie: %s", s.cookie);
    struct res r;
    const char *evil_get[] = {"Host: rebind.evil.example:8080", cfg, NULL};
    req(&s, "GET", path, NULL, evil_get, &r);
    ck_assert(problem(&r, 421, "host-not-allowed"));
    res_free(&r);
    req(&s, "GET", "/", NULL, evil_get, &r);
    ck_assert_int_eq(r.status, 421);
    res_free(&r);
    const char *evil_post[] = {"Host: rebind.evil.example", cfg, "X-Crawford: 1",
                               "Content-Type: application/json", NULL};
    req(&s, "PATCH", path, "{\"name\": \"Taken\"}", evil_post, &r);
    ck_assert(problem(&r, 421, "host-not-allowed"));
    res_free(&r);
    const char *evil_origin[] = {"Origin: http://rebind.evil.example", cfg, "X-Crawford: 1",
                                 "Content-Type: application/json", NULL};
    req(&s, "PATCH", path, "{\"name\": \"Taken\"}", evil_origin, &r);
    ck_assert_int_eq(r.status, 421);
    res_free(&r);
    const char *good[] = {"Host: crawford.test", "Origin: http://crawford.test", cfg,
                          "X-Crawford: 1", "Content-Type: application/json", NULL};
    req(&s, "PATCH", path, "{\"name\": \"Kept\"}", good, &r);
    ck_assert_int_eq(r.status, 200);
    res_free(&r);
    req(&s, "GET", path, NULL, NULL, &r);
    ck_assert_str_eq(jstr(&r, "name"), "Kept");
    res_free(&r);
    srv_cleanup(&s);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("http_edge");
    TCase *tc = tcase_create("edge");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_host_list);
    tcase_add_test(tc, test_static_no_links);
    tcase_add_test(tc, test_static_no_nul);
    tcase_add_test(tc, test_allowed_hosts);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
