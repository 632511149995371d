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

/* The id of the folder's version a page names: "/v/<16 hex>/" after the marker's place. */
static void page_id(const struct res *r, const char *before, char id[17])
{
    const char *v = strstr(r->body, before);
    ck_assert_msg(v, "the page names no %s: %s", before, r->body);
    v += strlen(before);
    ck_assert_int_eq((int)strspn(v, "0123456789abcdef"), 16);
    ck_assert_int_eq(v[16], '/');
    memcpy(id, v, 16);
    id[16] = 0;
}

static void expect_kept(struct srv *s, const char *path, const char *body, const char *cache)
{
    struct res r;
    char cc[96];
    req(s, "GET", path, NULL, NULL, &r);
    ck_assert_msg(r.status == 200, "%s: %ld", path, r.status);
    if (body)
        ck_assert_str_eq(r.body, body);
    ck_assert_str_eq(res_header(&r, "Cache-Control", cc, sizeof cc), cache);
    res_free(&r);
}

/* Issue 32: a page names its scripts under the static folder's version (the server writes
 * it where the page says {{static}}); a file asked for under the version now is kept by the
 * browser for good (no revalidation at the next load), the same file unversioned or under
 * an older version is revalidated as before; any change of a file is a new version, and
 * the page's ETag follows it. */
START_TEST(test_static_versioned_kept_for_good)
{
    struct srv s;
    struct srv_opts o = {.own_static = 1};
    srv_start_opts(&s, NULL, &o);
    char st[400];
    snprintf(st, sizeof st, "%s/static", s.dir);
    put(st, "index.html", "<script type=\"module\" src=\"/v/{{static}}/a.js\"></script>");
    put(st, "a.js", "one");
    struct res r;
    char id[17], id2[17], path[96], etag[96], inm[120], cc[96];
    req(&s, "GET", "/", NULL, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    ck_assert_ptr_null(strstr(r.body, "{{static}}"));
    page_id(&r, "src=\"/v/", id);
    ck_assert_str_eq(res_header(&r, "Cache-Control", cc, sizeof cc), "no-cache");
    ck_assert_ptr_nonnull(res_header(&r, "ETag", etag, sizeof etag));
    res_free(&r);
    snprintf(path, sizeof path, "/v/%s/a.js", id);
    expect_kept(&s, path, "one", "public, max-age=31536000, immutable");
    expect_kept(&s, "/a.js", "one", "no-cache");
    /* the page unchanged, its ETag answers 304 while the folder is the same */
    snprintf(inm, sizeof inm, "If-None-Match: %s", etag);
    const char *h[] = {inm, NULL};
    req(&s, "GET", "/", NULL, h, &r);
    ck_assert_int_eq(r.status, 304);
    res_free(&r);

    put(st, "a.js", "two, longer"); /* an upgrade: another size, whatever the clock */
    req(&s, "GET", "/", NULL, h, &r); /* the page's bytes are the same, its version not */
    ck_assert_int_eq(r.status, 200);
    page_id(&r, "src=\"/v/", id2);
    ck_assert_str_ne(id, id2);
    res_free(&r);
    expect_kept(&s, path, "two, longer", "no-cache"); /* the old version: kept by nobody */
    snprintf(path, sizeof path, "/v/%s/a.js", id2);
    expect_kept(&s, path, "two, longer", "public, max-age=31536000, immutable");

    const char *bad[] = {"/v/nothex0nothex00/a.js", "/v/0123/a.js", "/v/", "/v/0123456789abcdef",
                         "/v/0123456789abcdef/../a.js"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        req(&s, "GET", bad[i], NULL, NULL, &r);
        ck_assert_msg(r.status == 404 || r.status == 400, "%s: %ld", bad[i], r.status);
        res_free(&r);
    }
    srv_cleanup(&s);
}
END_TEST

/* The console's own page: every file it names under the version is there and kept. */
START_TEST(test_static_console_page_versioned)
{
    struct srv s;
    srv_start(&s, NULL);
    struct res r;
    char id[17], pre[40];
    req(&s, "GET", "/td/", NULL, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    page_id(&r, "src=\"/v/", id);
    snprintf(pre, sizeof pre, "\"/v/%s/", id);
    int n = 0;
    for (const char *p = r.body; (p = strstr(p, pre)); n++) {
        p += 1;
        char path[200];
        size_t len = strcspn(p, "\"");
        ck_assert_uint_lt(len, sizeof path);
        memcpy(path, p, len);
        path[len] = 0;
        expect_kept(&s, path, NULL, "public, max-age=31536000, immutable");
    }
    /* the stylesheets, the first reads' script, the bundle of the console's modules (the
     * Makefile's) and the sheets' menu */
    ck_assert_int_ge(n, 5);
    ck_assert_ptr_nonnull(strstr(r.body, "/td/td.bundle.js\""));
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
    tcase_add_test(tc, test_static_versioned_kept_for_good);
    tcase_add_test(tc, test_static_console_page_versioned);
    tcase_add_test(tc, test_allowed_hosts);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
