/* HTTP tests of the server as a program, against a real one: logins throttled, the access
 * log (its format, no secret in it or on stderr), acknowledged writes kept over a restart,
 * SIGTERM and SIGINT, a writer waiting on another's lock, keep-alive, Expect: 100-continue
 * and chunked bodies over the limit, and static files (types, no path traversal). */
#include <arpa/inet.h>
#include <check.h>
#include <curl/curl.h>
#include <pthread.h>
#include <regex.h>
#include <sqlite3.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "support/harness.h"
#include "../check_main.h"

START_TEST(test_login_rate_limited)
{
    /* a server of its own, so the lock does not hurt the other tests */
    struct srv mine;
    srv_start(&mine, "\"login_max_failures\": 3, \"login_lock_minutes\": 1");
    const char *h[] = {"X-Crawford: 1", "Content-Type: application/json", NULL};
    struct res r;
    for (int i = 0; i < 2; i++) {
        req(&mine, "POST", "/api/v1/login", "{\"password\": \"guess guess\"}", h, &r);
        ck_assert_int_eq(r.status, 401);
        res_free(&r);
    }
    req(&mine, "POST", "/api/v1/login", "{\"password\": \"guess guess\"}", h, &r);
    assert_problem(&r, 429, NULL);
    res_free(&r);
    /* even the right password waits now, and is told how long */
    req(&mine, "POST", "/api/v1/login", "{\"password\": \"" TD_PASSWORD "\"}", h, &r);
    assert_problem(&r, 429, NULL);
    char ra[16];
    ck_assert_ptr_nonnull(res_header(&r, "Retry-After", ra, sizeof ra));
    ck_assert(atoi(ra) > 0 && atoi(ra) <= 60);
    res_free(&r);
    srv_cleanup(&mine);
}
END_TEST

START_TEST(test_access_log_has_no_secrets)
{
    struct srv mine;
    srv_start(&mine, NULL);
    srv_login(&mine);
    long long tid = make_tournament(&mine, "Logged");
    char path[128];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/players", tid);
    struct res r;
    td(&mine, "POST", path, "{\"name\": \"Secretive\"}", &r);
    char pin[8];
    snprintf(pin, sizeof pin, "%s", jstr(&r, "pin"));
    res_free(&r);
    char token[64];
    snprintf(token, sizeof token, "%s", strchr(mine.cookie, '=') + 1);
    ck_assert_int_eq(srv_stop(&mine), 0); /* flushes the log */
    FILE *f = fopen(mine.log, "r");
    ck_assert_ptr_nonnull(f);
    char all[65536];
    size_t n = fread(all, 1, sizeof all - 1, f);
    all[n] = 0;
    fclose(f);
    ck_assert_ptr_nonnull(strstr(all, "POST /api/v1/login 200"));
    ck_assert_ptr_nonnull(strstr(all, "POST /api/v1/tournaments 201"));
    ck_assert_ptr_null(strstr(all, TD_PASSWORD));
    ck_assert_ptr_null(strstr(all, token));
    ck_assert_ptr_null(strstr(all, pin));
    srv_cleanup(&mine);
}
END_TEST

START_TEST(test_acknowledged_writes_survive_restart)
{
    struct srv mine;
    srv_start(&mine, NULL);
    srv_login(&mine);
    long long tid = make_tournament(&mine, "Durable");
    for (int i = 0; i < 5; i++) {
        char name[32];
        snprintf(name, sizeof name, "Durable %d", i);
        make_player(&mine, tid, name);
    }
    ck_assert_int_eq(srv_stop(&mine), 0); /* graceful: SIGTERM exits 0 */
    srv_restart(&mine);
    char path[128];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/players", tid);
    struct res r;
    req(&mine, "GET", path, NULL, NULL, &r);
    ck_assert_int_eq(json_array_size(json_object_get(r.json, "players")), 5);
    res_free(&r);
    /* the session survives too: it is in the database */
    td(&mine, "GET", "/api/v1/session", NULL, &r);
    ck_assert_str_eq(jstr(&r, "role"), "td");
    res_free(&r);
    srv_cleanup(&mine);
}
END_TEST

START_TEST(test_static_files)
{
    struct res r;
    char ct[128], etag[80], cc[64];
    req(&S, "GET", "/", NULL, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    ck_assert_str_eq(res_header(&r, "Content-Type", ct, sizeof ct), "text/html; charset=utf-8");
    ck_assert_ptr_nonnull(res_header(&r, "Content-Security-Policy", cc, sizeof cc));
    ck_assert_str_eq(res_header(&r, "Cache-Control", cc, sizeof cc), "no-cache");
    ck_assert_ptr_nonnull(res_header(&r, "ETag", etag, sizeof etag));
    ck_assert_ptr_nonnull(strstr(r.body, "<title>Crawford</title>"));
    res_free(&r);
    char inm[120];
    snprintf(inm, sizeof inm, "If-None-Match: %s", etag);
    const char *h[] = {inm, NULL};
    req(&S, "GET", "/index.html", NULL, h, &r);
    ck_assert_int_eq(r.status, 304);
    res_free(&r);
    req(&S, "GET", "/css/crawford.css", NULL, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    ck_assert_str_eq(res_header(&r, "Content-Type", ct, sizeof ct), "text/css; charset=utf-8");
    res_free(&r);
    req(&S, "GET", "/css", NULL, NULL, &r); /* a folder: redirected to its slash form */
    ck_assert_int_eq(r.status, 301);
    res_free(&r);
    req(&S, "POST", "/index.html", "x", NULL, &r);
    assert_problem(&r, 405, NULL); /* problem+json outside the API too */
    ck_assert_str_eq(res_header(&r, "Allow", ct, sizeof ct), "GET, HEAD");
    res_free(&r);
    req(&S, "GET", "/nope.html", NULL, NULL, &r);
    assert_problem(&r, 404, NULL);
    res_free(&r);
    /* the event stream is read with GET only */
    const char *xh[] = {"X-Crawford: 1", NULL};
    req(&S, "POST", "/api/v1/tournaments/1/events", NULL, xh, &r);
    assert_problem(&r, 405, NULL);
    ck_assert_str_eq(res_header(&r, "Allow", ct, sizeof ct), "GET");
    res_free(&r);
}
END_TEST

START_TEST(test_static_no_path_traversal)
{
    static const char *const bad[] = {
        "/../Makefile", "/css/../../Makefile", "/%2e%2e/Makefile", "/..%2fMakefile", "/.git/config",
        "/css/.hidden", "/css//crawford.css",  "/nope.html",       "/..\\Makefile",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        struct res r;
        req(&S, "GET", bad[i], NULL, NULL, &r);
        ck_assert_msg(r.status == 404 || r.status == 400, "%s answered %ld", bad[i], r.status);
        ck_assert_ptr_null(strstr(r.body, "DEB_BUILD"));
        res_free(&r);
    }
}
END_TEST

static int connect_to(int port)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    ck_assert_int_ge(fd, 0);
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (connect(fd, (struct sockaddr *)&a, sizeof a)) {
        close(fd);
        return -1;
    }
    return fd;
}

static void send_all(int fd, const char *p, size_t n)
{
    while (n) {
        ssize_t k = send(fd, p, n, MSG_NOSIGNAL);
        ck_assert_int_gt(k, 0);
        p += k;
        n -= (size_t)k;
    }
}

/* Into head: a TD's POST /api/v1/tournaments declaring a body of len bytes, from a client
 * that waits for "100 Continue" before sending it; returns the head's length. */
static size_t continue_head(char *head, size_t size, const struct srv *s, size_t len)
{
    int hn = snprintf(head, size,
                      "POST /api/v1/tournaments HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n"
                      "Cookie: %s\r\nX-Crawford: 1\r\nContent-Type: application/json\r\n"
                      "Content-Length: %zu\r\nConnection: close\r\n"
                      "Expect: 100-continue\r\n\r\n",
                      s->port, s->cookie, len);
    ck_assert(hn > 0 && (size_t)hn < size);
    return (size_t)hn;
}

/* Reads one HTTP reply (headers and whatever body follows) into buf (NUL-terminated) until
 * the server closes, buf is full or WAIT_MS pass without a byte; returns its length. */
static size_t recv_all(int fd, char *buf, size_t size)
{
    struct timeval tv = {WAIT_MS / 1000, 0};
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    size_t n = 0;
    ssize_t k;
    while (n < size - 1 && (k = recv(fd, buf + n, size - 1 - n, 0)) > 0)
        n += (size_t)k;
    buf[n] = 0;
    return n;
}

/* A body declared far too large by a client that waits for "100 Continue" is refused at
 * once, before a byte of it is sent; one sent without waiting (test_bad_huge_body) is read
 * and thrown away so that its 413 arrives rather than a reset connection. */
START_TEST(test_expect_continue_refused_before_the_body)
{
    char head[512];
    size_t hn = continue_head(head, sizeof head, &S, 104857600);
    size_t before = tournament_count(&S);
    int fd = connect_to(S.port);
    ck_assert_int_ge(fd, 0);
    send_all(fd, head, hn);
    char got[2048];
    recv_all(fd, got, sizeof got);
    close(fd);
    ck_assert_msg(!strncmp(got, "HTTP/1.1 413", 12), "not a 413 at once: %.200s", got);
    ck_assert_ptr_nonnull(strstr(got, "body-too-large"));
    ck_assert_int_eq(tournament_count(&S), before);
}
END_TEST

/* SIGTERM while a request's body is still arriving: the server stops taking connections at
 * once, finishes that request (it is answered and stored), then exits 0. */
START_TEST(test_sigterm_during_request_body)
{
    struct srv mine;
    srv_start(&mine, NULL);
    srv_login(&mine);
    const char *body = "{\"name\": \"Sent during the shutdown\", \"venue\": \"Half way\"}";
    size_t len = strlen(body), half = len / 2;
    char head[512];
    size_t hn = continue_head(head, sizeof head, &mine, len);
    int fd = connect_to(mine.port);
    ck_assert_int_ge(fd, 0);
    send_all(fd, head, hn);
    /* "100 Continue" says the server has read the headers and taken the request in:
     * an event to wait for, where a fixed pause could end before a loaded server read
     * anything */
    struct timeval tv = {WAIT_MS / 1000, 0};
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    char cont[256];
    size_t cn = 0;
    ssize_t k;
    while (cn < sizeof cont - 1 && (k = recv(fd, cont + cn, sizeof cont - 1 - cn, 0)) > 0) {
        cn += (size_t)k;
        cont[cn] = 0;
        if (strstr(cont, "\r\n\r\n"))
            break;
    }
    cont[cn] = 0;
    ck_assert_msg(!strncmp(cont, "HTTP/1.1 100", 12), "no 100 Continue: %s", cont);
    send_all(fd, body, half);
    kill(mine.pid, SIGTERM);
    /* new connections are refused while the request in flight waits for its body */
    int refused = 0;
    for (int i = 0; i < WAIT_MS / 20 && !refused; i++) {
        int other = connect_to(mine.port);
        if (other < 0)
            refused = 1;
        else {
            close(other);
            usleep(20 * 1000);
        }
    }
    ck_assert_msg(refused, "new connections still accepted a minute after SIGTERM");
    send_all(fd, body + half, len - half);
    char answer[4096];
    recv_all(fd, answer, sizeof answer);
    close(fd);
    ck_assert_msg(!strncmp(answer, "HTTP/1.1 201", 12), "answer: %s", answer);
    ck_assert_ptr_nonnull(strstr(answer, "Sent during the shutdown"));
    /* then the server exits 0, and its port stays closed */
    int st = 0;
    ck_assert_int_eq(waitpid(mine.pid, &st, 0), mine.pid);
    mine.pid = 0;
    ck_assert(WIFEXITED(st));
    ck_assert_int_eq(WEXITSTATUS(st), 0);
    ck_assert_int_lt(connect_to(mine.port), 0);
    /* the answered request was stored */
    srv_restart(&mine);
    struct res r;
    req(&mine, "GET", "/api/v1/tournaments", NULL, NULL, &r);
    ck_assert_ptr_nonnull(strstr(r.body, "Sent during the shutdown"));
    res_free(&r);
    srv_cleanup(&mine);
}
END_TEST

/* ---- gaps of the foundation's list: busy timeout, keep-alive, SIGINT, the log's format,
 * chunked bodies, content types, audit paging, refusals that change nothing ---- */

struct lock_hold {
    sqlite3 *h;
    int ms;
};

static void *release_later(void *p)
{
    struct lock_hold *l = p;
    usleep((useconds_t)l->ms * 1000);
    ck_assert_int_eq(sqlite3_exec(l->h, "COMMIT", NULL, NULL, NULL), SQLITE_OK);
    return NULL;
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Another process holding the database's write lock for a moment: a change waits for it
 * (busy_timeout_ms) and succeeds, instead of failing at once with "database is locked".
 * With busy_timeout_ms 0 the same change is not stored, which is what makes this test able
 * to fail; its answer is a 503 with Retry-After (a retry may succeed), not a 500. */
START_TEST(test_busy_timeout_waits_for_another_writer)
{
    struct srv mine;
    srv_start(&mine, NULL);
    srv_login(&mine);
    sqlite3 *h;
    ck_assert_int_eq(sqlite3_open(mine.db, &h), SQLITE_OK);
    ck_assert_int_eq(sqlite3_exec(h, "BEGIN IMMEDIATE", NULL, NULL, NULL), SQLITE_OK);
    struct lock_hold l = {h, 800};
    pthread_t t;
    double t0 = now_s();
    pthread_create(&t, NULL, release_later, &l);
    struct res r;
    td(&mine, "POST", "/api/v1/tournaments", "{\"name\": \"Waited\"}", &r);
    double waited = now_s() - t0;
    pthread_join(t, NULL);
    ck_assert_msg(r.status == 201, "a change while another process wrote: %ld %s", r.status,
                  r.body);
    ck_assert_msg(waited >= 0.6, "answered after %.3f s while the lock was held", waited);
    res_free(&r);
    sqlite3_close(h);
    srv_cleanup(&mine);

    /* the control: no busy timeout, the same lock, and the change fails (not stored) */
    srv_start(&mine, "\"busy_timeout_ms\": 0");
    srv_login(&mine);
    ck_assert_int_eq(sqlite3_open(mine.db, &h), SQLITE_OK);
    ck_assert_int_eq(sqlite3_exec(h, "BEGIN IMMEDIATE", NULL, NULL, NULL), SQLITE_OK);
    td(&mine, "POST", "/api/v1/tournaments", "{\"name\": \"Not waited\"}", &r);
    ck_assert_msg(r.status == 503 && r.json, "%ld %s", r.status, r.body);
    ck_assert_ptr_nonnull(strstr(r.headers, "Retry-After: 1"));
    ck_assert_ptr_nonnull(
        strstr(json_string_value(json_object_get(r.json, "detail")), "nothing was changed"));
    res_free(&r);
    ck_assert_int_eq(sqlite3_exec(h, "COMMIT", NULL, NULL, NULL), SQLITE_OK);
    sqlite3_close(h);
    req(&mine, "GET", "/api/v1/tournaments", NULL, NULL, &r);
    ck_assert_ptr_null(strstr(r.body, "Not waited"));
    res_free(&r);
    srv_cleanup(&mine);
}
END_TEST

static size_t discard(char *d, size_t size, size_t n, void *ud)
{
    (void)d;
    (void)ud;
    return size * n;
}

/* Several requests over one connection: libcurl reuses it when the server keeps it open
 * (the first call of the handler never queues a reply, see README "HTTP server"). */
START_TEST(test_keep_alive_reuses_the_connection)
{
    long long tid = make_tournament(&S, "Keep alive");
    char tpath[128], cookie[200];
    snprintf(tpath, sizeof tpath, "http://127.0.0.1:%d/api/v1/tournaments/%lld", S.port, tid);
    snprintf(cookie, sizeof cookie, "Cookie: %s", S.cookie);
    struct {
        const char *method, *url, *body;
        long status;
    } steps[] = {
        {"GET", "/api/v1/health", NULL, 200},
        {"GET", NULL, NULL, 200}, /* the tournament */
        {"GET", "/api/v1/nothing", NULL, 404},
        {"PATCH", NULL, "{\"venue\": \"One socket\"}", 200},
        {"GET", NULL, NULL, 200},
        {"GET", "/css/crawford.css", NULL, 200},
    };
    CURL *c = curl_easy_init();
    struct curl_slist *hl = NULL;
    hl = curl_slist_append(hl, cookie);
    hl = curl_slist_append(hl, "X-Crawford: 1");
    hl = curl_slist_append(hl, "Content-Type: application/json");
    curl_easy_setopt(c, CURLOPT_HTTPHEADER, hl);
    curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, discard);
    curl_easy_setopt(c, CURLOPT_TIMEOUT, 30L);
    for (size_t i = 0; i < sizeof steps / sizeof steps[0]; i++) {
        char url[256];
        if (steps[i].url)
            snprintf(url, sizeof url, "http://127.0.0.1:%d%s", S.port, steps[i].url);
        else
            snprintf(url, sizeof url, "%s", tpath);
        curl_easy_setopt(c, CURLOPT_URL, url);
        curl_easy_setopt(c, CURLOPT_CUSTOMREQUEST, steps[i].method);
        curl_easy_setopt(c, CURLOPT_HTTPGET, 1L);
        if (steps[i].body) {
            curl_easy_setopt(c, CURLOPT_POSTFIELDS, steps[i].body);
            curl_easy_setopt(c, CURLOPT_CUSTOMREQUEST, steps[i].method);
        }
        ck_assert_int_eq(curl_easy_perform(c), CURLE_OK);
        long status = 0, connects = -1;
        curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &status);
        curl_easy_getinfo(c, CURLINFO_NUM_CONNECTS, &connects);
        ck_assert_msg(status == steps[i].status, "step %zu: %ld", i, status);
        /* one new connection for the first request, none after */
        ck_assert_msg(connects == (i == 0 ? 1 : 0), "step %zu (%s %s) opened %ld connections", i,
                      steps[i].method, url, connects);
    }
    curl_slist_free_all(hl);
    curl_easy_cleanup(c);
    struct res r;
    req(&S, "GET", strstr(tpath, "/api/"), NULL, NULL, &r);
    ck_assert_str_eq(jstr(&r, "venue"), "One socket");
    res_free(&r);
}
END_TEST

/* SIGINT (Ctrl-C at the terminal) shuts down like SIGTERM: exit 0, and what was
 * acknowledged is there after the restart. */
START_TEST(test_sigint_exits_cleanly_and_keeps_writes)
{
    struct srv mine;
    srv_start(&mine, NULL);
    srv_login(&mine);
    long long tid = make_tournament(&mine, "Interrupted");
    make_player(&mine, tid, "Acknowledged before Ctrl-C");
    kill(mine.pid, SIGINT);
    int st = 0;
    ck_assert_int_eq(waitpid(mine.pid, &st, 0), mine.pid);
    mine.pid = 0;
    ck_assert(WIFEXITED(st));
    ck_assert_int_eq(WEXITSTATUS(st), 0);
    srv_restart(&mine);
    char path[128];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/players", tid);
    struct res r;
    req(&mine, "GET", path, NULL, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    ck_assert_ptr_nonnull(strstr(r.body, "Acknowledged before Ctrl-C"));
    res_free(&r);
    srv_cleanup(&mine);
}
END_TEST

static char *slurp(const char *file)
{
    FILE *f = fopen(file, "r");
    ck_assert_ptr_nonnull(f);
    size_t cap = 1 << 16, n = 0;
    char *all = malloc(cap);
    size_t k;
    while ((k = fread(all + n, 1, cap - n - 1, f)) > 0) {
        n += k;
        if (n + 1 == cap)
            all = realloc(all, cap *= 2);
    }
    all[n] = 0;
    fclose(f);
    return all;
}

/* The access log as README documents it: one line per request, "TIME ADDRESS METHOD PATH
 * STATUS MICROSECONDSus", and no secret anywhere in what the server writes to standard
 * error (where the log goes here): not the TD password, no PIN (the first, the one after a
 * reset, one sent as a query argument), no session token of the TD or of a player. */
START_TEST(test_access_log_format_and_no_secrets_on_stderr)
{
    struct srv mine;
    struct srv_opts o = {.log_to_stderr = 1};
    srv_start_opts(&mine, NULL, &o);
    int requests = 0;
    srv_login(&mine);
    requests++;
    long long tid = make_tournament(&mine, "Quiet");
    requests++;
    char pin[8], pin2[8], path[160], qpath[200];
    long long pid = make_player_pin(&mine, tid, "Whisper", pin);
    requests++;
    struct srv player;
    srv_player_login(&player, &mine, tid, pid, pin);
    requests++;
    struct res r;
    td(&player, "GET", "/api/v1/session", NULL, &r); /* the player's cookie sent */
    requests++;
    res_free(&r);
    /* a wrong PIN, then the TD resets the PIN, and the player logs in with the new one */
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/players/%lld/login", tid, pid);
    const char *hd[] = {"X-Crawford: 1", "Content-Type: application/json", NULL};
    char wrong[64], wrong_pin[8];
    snprintf(wrong_pin, sizeof wrong_pin, "%06d", (atoi(pin) + 1) % 1000000);
    snprintf(wrong, sizeof wrong, "{\"pin\": \"%s\"}", wrong_pin);
    req(&mine, "POST", path, wrong, hd, &r);
    requests++;
    ck_assert_int_eq(r.status, 401);
    res_free(&r);
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/players/%lld/pin", tid, pid);
    td(&mine, "POST", path, NULL, &r);
    requests++;
    ck_assert_int_eq(r.status, 200);
    snprintf(pin2, sizeof pin2, "%s", jstr(&r, "pin"));
    ck_assert_int_eq(strlen(pin2), 6);
    res_free(&r);
    struct srv player2;
    srv_player_login(&player2, &mine, tid, pid, pin2);
    requests++;
    /* a secret in a query string is not logged either */
    snprintf(qpath, sizeof qpath, "/api/v1/health?pin=%s&password=hunter2hunter2", pin2);
    req(&mine, "GET", qpath, NULL, NULL, &r);
    requests++;
    ck_assert_int_eq(r.status, 200);
    res_free(&r);
    req(&mine, "GET", "/nope.html", NULL, NULL, &r);
    requests++;
    res_free(&r);
    const char *tokens[] = {strchr(mine.cookie, '=') + 1, strchr(player.cookie, '=') + 1,
                            strchr(player2.cookie, '=') + 1};
    for (int i = 0; i < 3; i++)
        ck_assert_int_eq(strlen(tokens[i]), 43);
    ck_assert_int_eq(srv_stop(&mine), 0); /* flushes the log */
    char *all = slurp(mine.log);

    regex_t line_re;
    ck_assert_int_eq(regcomp(&line_re,
                             "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\\.[0-9]{3}Z "
                             "127\\.0\\.0\\.1 (GET|POST|PATCH|PUT|DELETE|HEAD) /[^ ?]* "
                             "[1-5][0-9]{2} [0-9]+us$",
                             REG_EXTENDED | REG_NOSUB),
                     0);
    /* every line that names a request is in the format; there is one per request, and the
     * microseconds are blanked for the secret search (a duration could be six digits) */
    int lines = 0;
    char *scan = strdup(all);
    for (char *save = NULL, *ln = strtok_r(scan, "\n", &save); ln;
         ln = strtok_r(NULL, "\n", &save)) {
        if (!strstr(ln, " /api/") && !strstr(ln, " /nope"))
            continue;
        ck_assert_msg(regexec(&line_re, ln, 0, NULL, 0) == 0, "not in the log's format: %s", ln);
        lines++;
        char *us = strrchr(ln, ' ');
        char *at = strstr(all, ln);
        if (us && at)
            memset(at + (us - ln), ' ', strlen(us));
    }
    regfree(&line_re);
    free(scan);
    ck_assert_msg(lines == requests, "%d request lines for %d requests:\n%s", lines, requests, all);
    ck_assert_ptr_nonnull(strstr(all, " GET /api/v1/health 200 "));
    ck_assert_ptr_nonnull(strstr(all, " GET /nope.html 404 "));
    ck_assert_ptr_nonnull(strstr(all, "/login 401 "));
    ck_assert_ptr_null(strstr(all, TD_PASSWORD));
    ck_assert_ptr_null(strstr(all, "hunter2"));
    ck_assert_msg(!strstr(all, pin), "the first PIN %s is in the log:\n%s", pin, all);
    ck_assert_msg(!strstr(all, pin2), "the new PIN %s is in the log:\n%s", pin2, all);
    ck_assert_ptr_null(strstr(all, wrong_pin));
    for (int i = 0; i < 3; i++)
        ck_assert_msg(!strstr(all, tokens[i]), "a session token is in the log");
    ck_assert_ptr_null(strstr(all, "crawford_td="));
    ck_assert_ptr_null(strstr(all, "crawford_player="));
    free(all);
    srv_cleanup(&mine);
}
END_TEST

/* A path's control characters (decoded from %0A, %09, %7F) are each written '?' in the
 * access log, wherever they fall in the path (the log reads a path eight bytes at a time):
 * a request cannot forge a line of its own. */
START_TEST(test_access_log_path_control_characters)
{
    struct srv mine;
    struct srv_opts o = {.log_to_stderr = 1};
    srv_start_opts(&mine, NULL, &o);
    struct res r;
    req(&mine, "GET",
        "/nope/%0A2026-01-01T00:00:00.000Z%2010.0.0.1%20GET%20/forged%20200%201us%7Fx%09", NULL,
        NULL, &r);
    ck_assert_int_eq(r.status, 404);
    res_free(&r);
    req(&mine, "GET", "/nope/abcdefghijklmnop%7F", NULL, NULL, &r);
    res_free(&r);
    ck_assert_int_eq(srv_stop(&mine), 0); /* flushes the log */
    char *all = slurp(mine.log);
    ck_assert_msg(strstr(all, " GET /nope/?2026-01-01T00:00:00.000Z 10.0.0.1 GET /forged 200 "
                              "1us?x? 404 "),
                  "%s", all);
    ck_assert_msg(strstr(all, " GET /nope/abcdefghijklmnop? 404 "), "%s", all);
    ck_assert_msg(!strstr(all, "\n2026-01-01T"), "a forged line:\n%s", all);
    free(all);
    srv_cleanup(&mine);
}
END_TEST

/* A chunked body (no Content-Length to refuse up front) over max_body_bytes is counted as
 * it arrives: 413 problem+json, nothing stored, and the server keeps serving. */
START_TEST(test_chunked_body_over_limit)
{
    struct srv mine;
    srv_start(&mine, "\"max_body_bytes\": 4096");
    srv_login(&mine);
    size_t before = tournament_count(&mine);
    int fd = connect_to(mine.port);
    ck_assert_int_ge(fd, 0);
    char head[512];
    int hn = snprintf(head, sizeof head,
                      "POST /api/v1/tournaments HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n"
                      "Cookie: %s\r\nX-Crawford: 1\r\nContent-Type: application/json\r\n"
                      "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n",
                      mine.port, mine.cookie);
    send_all(fd, head, (size_t)hn);
    /* a valid JSON document of about 64 KB, in 1 KB chunks */
    const char *open = "{\"name\": \"Chunked\", \"venue\": \"";
    char chunk[1100];
    int cn = snprintf(chunk, sizeof chunk, "%zx\r\n%s\r\n", strlen(open), open);
    send_all(fd, chunk, (size_t)cn);
    char kb[1024];
    memset(kb, 'v', sizeof kb);
    for (int i = 0; i < 64; i++) {
        cn = snprintf(chunk, sizeof chunk, "400\r\n");
        memcpy(chunk + cn, kb, sizeof kb);
        memcpy(chunk + cn + sizeof kb, "\r\n", 2);
        ssize_t k = send(fd, chunk, (size_t)cn + sizeof kb + 2, MSG_NOSIGNAL);
        if (k <= 0)
            break; /* the server may answer and close before the end */
    }
    const char *end = "2\r\n\"}\r\n0\r\n\r\n";
    send(fd, end, strlen(end), MSG_NOSIGNAL);
    char answer[8192];
    recv_all(fd, answer, sizeof answer);
    close(fd);
    ck_assert_msg(!strncmp(answer, "HTTP/1.1 413", 12), "answer: %.300s", answer);
    ck_assert_ptr_nonnull(strcasestr(answer, "\r\nContent-Type: application/problem+json"));
    char *body = strstr(answer, "\r\n\r\n");
    ck_assert_ptr_nonnull(body);
    json_t *problem = json_loads(body + 4, 0, NULL);
    ck_assert_msg(problem != NULL, "answer: %s", answer);
    ck_assert_int_eq(json_integer_value(json_object_get(problem, "status")), 413);
    ck_assert_ptr_nonnull(strstr(json_string_value(json_object_get(problem, "detail")), "4096"));
    json_decref(problem);
    /* nothing stored, and the server still answers */
    ck_assert_int_eq(tournament_count(&mine), before);
    struct res r;
    td(&mine, "POST", "/api/v1/tournaments", "{\"name\": \"After the chunks\"}", &r);
    ck_assert_int_eq(r.status, 201);
    res_free(&r);
    /* a chunked body under the limit is read as usual */
    fd = connect_to(mine.port);
    ck_assert_int_ge(fd, 0);
    send_all(fd, head, (size_t)hn);
    const char *small = "{\"name\": \"Small chunks\"}";
    cn = snprintf(chunk, sizeof chunk, "%zx\r\n%s\r\n0\r\n\r\n", strlen(small), small);
    send_all(fd, chunk, (size_t)cn);
    recv_all(fd, answer, sizeof answer);
    close(fd);
    ck_assert_msg(!strncmp(answer, "HTTP/1.1 201", 12), "answer: %.300s", answer);
    ck_assert_int_eq(tournament_count(&mine), before + 2);
    srv_cleanup(&mine);
}
END_TEST

static void write_file(const char *dir, const char *name, const char *text)
{
    char path[700];
    snprintf(path, sizeof path, "%s/static/%s", dir, name);
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    fclose(f);
}

/* Content types by extension: the real scripts, and a folder of one file of each kind. */
START_TEST(test_static_content_types)
{
    struct res r;
    char ct[128];
    req(&S, "GET", "/js/api.js", NULL, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    ck_assert_str_eq(res_header(&r, "Content-Type", ct, sizeof ct),
                     "text/javascript; charset=utf-8");
    res_free(&r);

    struct srv mine;
    struct srv_opts o = {.own_static = 1};
    srv_start_opts(&mine, NULL, &o);
    write_file(mine.dir, "index.html", "<!doctype html><title>t</title>");
    write_file(mine.dir, "app.js", "console.log(1);\n");
    write_file(mine.dir, "app.mjs", "export const a = 1;\n");
    write_file(mine.dir, "look.css", "body { color: black; }\n");
    write_file(mine.dir, "logo.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n");
    write_file(mine.dir, "data.json", "{}\n");
    write_file(mine.dir, "blob.bin", "\x01\x02");
    static const struct {
        const char *path, *type, *body;
    } want[] = {
        {"/app.js", "text/javascript; charset=utf-8", "console.log(1);\n"},
        {"/app.mjs", "text/javascript; charset=utf-8", "export const a = 1;\n"},
        {"/look.css", "text/css; charset=utf-8", "body { color: black; }\n"},
        {"/logo.svg", "image/svg+xml", "<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n"},
        {"/data.json", "application/json", "{}\n"},
        {"/blob.bin", "application/octet-stream", "\x01\x02"},
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        req(&mine, "GET", want[i].path, NULL, NULL, &r);
        ck_assert_msg(r.status == 200, "%s: %ld", want[i].path, r.status);
        ck_assert_ptr_nonnull(res_header(&r, "Content-Type", ct, sizeof ct));
        ck_assert_msg(!strcmp(ct, want[i].type), "%s served as %s", want[i].path, ct);
        ck_assert_str_eq(r.body, want[i].body);
        res_free(&r);
    }
    srv_cleanup(&mine);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("http_server");
    TCase *tc = tcase_create("server");
    tcase_add_unchecked_fixture(tc, srv_up, srv_down);
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_expect_continue_refused_before_the_body);
    tcase_add_test(tc, test_static_files);
    tcase_add_test(tc, test_static_no_path_traversal);
    tcase_add_test(tc, test_login_rate_limited);
    tcase_add_test(tc, test_access_log_has_no_secrets);
    tcase_add_test(tc, test_acknowledged_writes_survive_restart);
    tcase_add_test(tc, test_sigterm_during_request_body);
    tcase_add_test(tc, test_busy_timeout_waits_for_another_writer);
    tcase_add_test(tc, test_keep_alive_reuses_the_connection);
    tcase_add_test(tc, test_sigint_exits_cleanly_and_keeps_writes);
    tcase_add_test(tc, test_access_log_format_and_no_secrets_on_stderr);
    tcase_add_test(tc, test_access_log_path_control_characters);
    tcase_add_test(tc, test_chunked_body_over_limit);
    tcase_add_test(tc, test_static_content_types);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
