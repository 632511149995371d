/* Fair shares of the server: one address holding thousands of idle connections does not
 * keep the others out; a connection that trickles its request a byte at a time is closed;
 * event streams are counted apart from the other connections. Several loopback addresses
 * (127.0.0.x) play distinct clients: the client socket is bound before it connects. */
#include <arpa/inet.h>
#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "common/config.h"
#include "http/fairshare.h"
#include "support/harness.h"
#include "../check_main.h"

/* A socket bound to 127.0.0.<host> and connecting (non-blocking) to the server; -1 when
 * the test process is out of descriptors. */
static int connect_from(int host, int port, int nonblock)
{
    int fd = socket(AF_INET, SOCK_STREAM | (nonblock ? SOCK_NONBLOCK : 0), 0);
    if (fd < 0)
        return -1;
    struct sockaddr_in me = {.sin_family = AF_INET};
    me.sin_addr.s_addr = htonl(0x7f000000u | (unsigned)host);
    ck_assert_int_eq(bind(fd, (struct sockaddr *)&me, sizeof me), 0);
    struct sockaddr_in to = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
    to.sin_addr.s_addr = htonl(0x7f000001u);
    if (connect(fd, (struct sockaddr *)&to, sizeof to) && errno != EINPROGRESS) {
        close(fd);
        return -1;
    }
    return fd;
}

/* 1 when the server has closed fd (a read sees the end, or a reset). */
static int closed_by_server(int fd)
{
    struct pollfd p = {.fd = fd, .events = POLLIN};
    if (poll(&p, 1, 0) <= 0)
        return 0;
    char b[64];
    ssize_t n = recv(fd, b, sizeof b, MSG_DONTWAIT);
    return n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK);
}

struct flood {
    int *fd;
    int n;
    int closed;
    int kept; /* what the server may keep open */
};

static int flood_pruned(void *arg)
{
    struct flood *f = arg;
    f->closed = 0;
    for (int i = 0; i < f->n; i++)
        if (f->fd[i] < 0 || closed_by_server(f->fd[i])) {
            if (f->fd[i] >= 0)
                close(f->fd[i]);
            f->fd[i] = -1;
            f->closed++;
        }
    return f->closed >= f->n - f->kept;
}

static double ms_since(const struct timespec *t0)
{
    struct timespec t1;
    clock_gettime(CLOCK_MONOTONIC, &t1);
    return (double)(t1.tv_sec - t0->tv_sec) * 1e3 + (double)(t1.tv_nsec - t0->tv_nsec) / 1e6;
}

/* 3,000 idle connections from 127.0.0.2 (the server's whole limit is 1,000): the server
 * keeps 100 of them, and a few more waiting for a request to answer with a 503
 * (HTTP_FAIR_OVER_PER_ADDRESS), and closes the rest; the TD's GET and a player's PIN login
 * and report from 127.0.0.1 are answered meanwhile. */
START_TEST(test_one_address_cannot_fill_the_server)
{
    struct srv s;
    srv_start(&s, "\"max_connections\": 1000, \"max_connections_per_address\": 100, "
                  "\"header_timeout_s\": 600, \"pin_address_max_failures\": 1000");
    srv_login(&s);
    long long tid = make_tournament(&s, "Flood");
    char pa[8], pb[8];
    long long a = make_player_pin(&s, tid, "Anna", pa);
    long long b = make_player_pin(&s, tid, "Bruno", pb);
    char path[160], body[128];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/matches", tid);
    snprintf(body, sizeof body, "{\"player_a\": %lld, \"player_b\": %lld, \"length\": 3}", a, b);
    struct res r;
    td(&s, "POST", path, body, &r);
    ck_assert_int_eq(r.status, 201);
    long long mid = jint(&r, "id");
    res_free(&r);

    enum { N = 3000 };
    enum { KEPT = 100 + HTTP_FAIR_OVER_PER_ADDRESS };
    struct flood f = {calloc(N, sizeof(int)), N, 0, KEPT};
    for (int i = 0; i < N; i++) {
        f.fd[i] = connect_from(2, s.port, 1);
        ck_assert_int_ge(f.fd[i], 0);
    }
    /* the server closes all but its share of them */
    ck_assert_msg(poll_until(flood_pruned, &f, WAIT_MS), "only %d of %d closed", f.closed, N);
    int open = N - f.closed;
    ck_assert_int_le(open, KEPT);

    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld", tid);
    td(&s, "GET", path, NULL, &r);
    double get_ms = ms_since(&t0);
    ck_assert_int_eq(r.status, 200);
    res_free(&r);
    struct srv player;
    srv_player_login(&player, &s, tid, a, pa);
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/matches/%lld/report", tid, mid);
    clock_gettime(CLOCK_MONOTONIC, &t0);
    td(&player, "POST", path, "{\"score\": {\"a\": 3, \"b\": 1}}", &r);
    double report_ms = ms_since(&t0);
    ck_assert_int_eq(r.status, 200);
    res_free(&r);
    fprintf(stderr, "figure: one address held %d connections of %d tried; meanwhile a GET took "
                    "%.1f ms and a report %.1f ms\n",
            open, N, get_ms, report_ms);
    for (int i = 0; i < N; i++)
        if (f.fd[i] >= 0)
            close(f.fd[i]);
    free(f.fd);
    srv_cleanup(&s);
}
END_TEST

/* A client that sends its request's head a byte every half second is closed when the
 * header deadline passes, although it is never idle for as long as the idle timeout. */
START_TEST(test_trickled_request_is_closed)
{
    struct srv s;
    srv_start(&s, "\"header_timeout_s\": 2, \"connection_timeout_s\": 600");
    int fd = connect_from(3, s.port, 0);
    ck_assert_int_ge(fd, 0);
    const char *head = "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n";
    ck_assert_int_eq(send(fd, head, strlen(head), MSG_NOSIGNAL), (ssize_t)strlen(head));
    int closed = 0;
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    while (!closed && ms_since(&t0) < WAIT_MS) {
        struct pollfd p = {.fd = fd, .events = POLLIN};
        if (poll(&p, 1, 500) > 0 && closed_by_server(fd))
            closed = 1;
        else if (send(fd, "X", 1, MSG_NOSIGNAL) < 0)
            closed = 1; /* reset by the server */
    }
    ck_assert_msg(closed, "a trickling client kept its connection for %.0f ms", ms_since(&t0));
    close(fd);
    /* a connection that sends nothing at all goes too */
    fd = connect_from(3, s.port, 0);
    struct pollfd p = {.fd = fd, .events = POLLIN};
    ck_assert_int_eq(poll(&p, 1, WAIT_MS), 1);
    ck_assert(closed_by_server(fd));
    close(fd);
    /* and a prompt client is served as before */
    struct res r;
    req(&s, "GET", "/api/v1/tournaments", NULL, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    res_free(&r);
    srv_cleanup(&s);
}
END_TEST

/* Event streams do not use up an address's connections, and have a share of their own. */
START_TEST(test_streams_counted_apart)
{
    struct srv s;
    srv_start(&s, "\"max_connections_per_address\": 4, \"max_streams_per_address\": 6");
    srv_login(&s);
    long long tid = make_tournament(&s, "Streams");
    char get[160];
    snprintf(get, sizeof get,
             "GET /api/v1/tournaments/%lld/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", tid);
    int fd[6];
    for (int i = 0; i < 6; i++) {
        fd[i] = connect_from(5, s.port, 0);
        ck_assert_int_ge(fd[i], 0);
        ck_assert_int_eq(send(fd[i], get, strlen(get), MSG_NOSIGNAL), (ssize_t)strlen(get));
        char buf[512];
        struct pollfd p = {.fd = fd[i], .events = POLLIN};
        ck_assert_int_eq(poll(&p, 1, WAIT_MS), 1);
        ssize_t n = recv(fd[i], buf, sizeof buf - 1, 0);
        ck_assert_int_gt(n, 0);
        buf[n] = 0;
        ck_assert_msg(strstr(buf, " 200 "), "stream %d: %s", i, buf);
    }
    /* six streams from 127.0.0.5, and its four ordinary connections still free: the
     * first of them asks for a seventh stream, which is refused with a sentence, not left
     * hanging */
    int c[4];
    c[0] = connect_from(5, s.port, 0);
    ck_assert_int_eq(send(c[0], get, strlen(get), MSG_NOSIGNAL), (ssize_t)strlen(get));
    char buf[1024];
    struct pollfd p = {.fd = c[0], .events = POLLIN};
    ck_assert_int_eq(poll(&p, 1, WAIT_MS), 1);
    ssize_t n = recv(c[0], buf, sizeof buf - 1, 0);
    ck_assert_int_gt(n, 0);
    buf[n] = 0;
    ck_assert_msg(strstr(buf, " 503 ") && strstr(buf, "Retry-After"), "%s", buf);
    for (int i = 1; i < 4; i++) {
        c[i] = connect_from(5, s.port, 0);
        const char *g = "GET /api/v1/tournaments HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
        ck_assert_int_eq(send(c[i], g, strlen(g), MSG_NOSIGNAL), (ssize_t)strlen(g));
        p.fd = c[i];
        ck_assert_int_eq(poll(&p, 1, WAIT_MS), 1);
        n = recv(c[i], buf, sizeof buf - 1, 0);
        ck_assert_int_gt(n, 0);
        buf[n] = 0;
        ck_assert_msg(strstr(buf, " 200 "), "connection %d: %s", i, buf);
    }
    for (int i = 0; i < 4; i++)
        close(c[i]);
    for (int i = 0; i < 6; i++)
        close(fd[i]);
    srv_cleanup(&s);
}
END_TEST

/* Sends a GET on fd and reads the answer: once (a kept-alive connection's answer fits in
 * one read) or, with to_end, until the server closes the connection. The bytes in buf;
 * returns how many, or -1 on a reset or a timeout. */
static ssize_t get_on(int fd, const char *path, char *buf, size_t len, int to_end)
{
    char head[256];
    snprintf(head, sizeof head, "GET %s HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", path);
    if (send(fd, head, strlen(head), MSG_NOSIGNAL) != (ssize_t)strlen(head))
        return -1;
    size_t got = 0;
    for (;;) {
        struct pollfd p = {.fd = fd, .events = POLLIN};
        if (poll(&p, 1, WAIT_MS) != 1)
            return -1;
        ssize_t n = recv(fd, buf + got, len - 1 - got, 0);
        if (n < 0)
            return -1;
        got += (size_t)n;
        buf[got] = 0;
        if (!to_end ? n > 0 : n == 0 || got == len - 1)
            return (ssize_t)got;
    }
}

/* A new connection from 127.0.0.6 answered 200 (the server has seen a place given back). */
struct retake {
    int port;
    int fd;
};

static int retaken(void *arg)
{
    struct retake *rt = arg;
    char buf[2048];
    int c = connect_from(6, rt->port, 0);
    if (c >= 0 && get_on(c, "/api/v1/health", buf, sizeof buf, 0) > 0 && strstr(buf, " 200 ")) {
        rt->fd = c;
        return 1;
    }
    if (c >= 0)
        close(c);
    return 0;
}

/* The connection past an address's share (a phone behind the venue's NAT) is answered:
 * 503 with Retry-After and a problem+json body, then closed, never a reset; a place given
 * back is taken again. */
START_TEST(test_over_share_answered_503_not_reset)
{
    struct srv s;
    srv_start(&s, "\"max_connections_per_address\": 3");
    int fd[3];
    char buf[2048];
    for (int i = 0; i < 3; i++) {
        fd[i] = connect_from(6, s.port, 0);
        ck_assert_int_ge(fd[i], 0);
        ck_assert_int_gt(get_on(fd[i], "/api/v1/health", buf, sizeof buf, 0), 0);
        ck_assert_msg(strstr(buf, " 200 "), "connection %d: %.300s", i, buf);
    }
    int over = connect_from(6, s.port, 0);
    ck_assert_int_ge(over, 0);
    ssize_t n = get_on(over, "/api/v1/health", buf, sizeof buf, 1);
    ck_assert_msg(n > 0, "the fourth connection of one address was reset, not answered");
    ck_assert_msg(strstr(buf, "HTTP/1.1 503 "), "%.300s", buf);
    ck_assert_msg(strcasestr(buf, "\r\nRetry-After: "), "no Retry-After: %.300s", buf);
    ck_assert_msg(strcasestr(buf, "application/problem+json"), "%.300s", buf);
    ck_assert_msg(strstr(buf, "too-many-connections") && strstr(buf, "max_connections_per_address"),
                  "the body names neither the problem nor the setting: %.300s", buf);
    close(over);
    /* the others are served on, and a place given back is taken again */
    ck_assert_int_gt(get_on(fd[0], "/api/v1/health", buf, sizeof buf, 0), 0);
    ck_assert_msg(strstr(buf, " 200 "), "%.300s", buf);
    close(fd[1]);
    struct retake rt = {s.port, -1};
    poll_until(retaken, &rt, WAIT_MS);
    int again = rt.fd;
    ck_assert_msg(again >= 0, "the place given back is never taken again");
    close(again);
    close(fd[0]);
    close(fd[2]);
    srv_cleanup(&s);
}
END_TEST

/* The default shares suit a venue behind one NAT address: 1,000 phones, each with its page's
 * connections and its event stream, all admitted from one address, beside other addresses;
 * the open files the settings need are what the server asks for at start. */
START_TEST(test_default_share_fits_a_venue)
{
    struct cw_config cfg;
    cw_config_defaults(&cfg);
    ck_assert_int_ge(cfg.max_connections_per_address, 2500);
    ck_assert_int_ge(cfg.max_streams_per_address, 2500);
    /* a third of the server at most: other addresses keep room beside the venue's */
    ck_assert_int_ge(cfg.max_connections, 3 * cfg.max_connections_per_address);
    ck_assert_int_ge(http_fair_descriptors(&cfg),
                     cfg.max_connections + cfg.max_streams + HTTP_FAIR_OVER_MAX);
    struct http_fair_limits lim = http_fair_limits_of(&cfg);
    struct http_fair *f = http_fair_new(&lim);
    struct sockaddr_in nat = {.sin_family = AF_INET}, other = nat;
    inet_pton(AF_INET, "198.51.100.7", &nat.sin_addr);
    inet_pton(AF_INET, "198.51.100.8", &other.sin_addr);
    enum { N = 2500 };
    struct http_fair_conn **c = calloc(N + 2, sizeof *c);
    for (int i = 0; i < N; i++) {
        ck_assert_msg(http_fair_admit(f, (struct sockaddr *)&nat), "connection %d refused", i);
        c[i] = http_fair_started(f, (struct sockaddr *)&nat, -1, 0);
        ck_assert_msg(!http_fair_over(c[i]), "connection %d of one address is over its share", i);
        /* half of them become the phones' event streams */
        if (i % 2)
            ck_assert_int_eq(http_fair_stream(f, c[i]), 0);
    }
    int conns, streams;
    http_fair_counts(f, (struct sockaddr *)&nat, &conns, &streams);
    ck_assert_int_eq(conns + streams, N);
    /* another address is admitted beside it */
    c[N] = http_fair_started(f, (struct sockaddr *)&other, -1, 0);
    ck_assert(!http_fair_over(c[N]));
    for (int i = 0; i <= N; i++)
        http_fair_closed(f, c[i]);
    free(c);
    http_fair_free(f);
}
END_TEST

/* The ids of the frames in a stream's text, in order; returns how many (at most max). */
static int frame_ids(const char *text, long long *ids, int max)
{
    int n = 0;
    for (const char *p = text; n < max && (p = strstr(p, "id: ")); p += 4)
        if (p == text || p[-1] == '\n')
            ids[n++] = atoll(p + 4);
    return n;
}

/* A client registering its share of 300 players. */
enum { BUILDERS = 10 };
struct builder {
    struct srv *s;
    long long tid;
    int k;
};

static void *build_players(void *arg)
{
    struct builder *b = arg;
    for (int i = 0; i < 300 / BUILDERS; i++) {
        char name[48];
        snprintf(name, sizeof name, "Player %d of %d", i, b->k);
        make_player(b->s, b->tid, name);
    }
    return NULL;
}

/* A stream from 127.0.0.7 asking for the whole history, answered 200 (holding one of its
 * address's replays while it is open). */
static int replay_opened(void *arg)
{
    const struct srv *s = arg;
    char path[160], buf[2048];
    snprintf(path, sizeof path, "/api/v1/tournaments/1/events?last_event_id=0");
    int fd = connect_from(7, s->port, 0);
    if (fd < 0)
        return 0;
    int ok = get_on(fd, path, buf, sizeof buf, 0) > 0 && strstr(buf, " 200 ");
    close(fd);
    return ok;
}

/* Streams asking for a long history (from 0) are few at a time per address
 * (max_replays_per_address, 503 with Retry-After past it), and what they replay comes from
 * kept copies of the log's frames, whole and in order, from any point. A reconnection
 * that missed a few entries is never counted; another address replays meanwhile. */
START_TEST(test_long_replays_bounded_per_address)
{
    struct srv s;
    srv_start(&s, "\"max_replays_per_address\": 1");
    srv_login(&s);
    long long tid = make_tournament(&s, "Replayed");
    ck_assert_int_eq(tid, 1); /* replay_opened's path */
    /* 300 entries, written by a few clients at once: one disk sync serves several */
    pthread_t th[BUILDERS];
    struct builder bl[BUILDERS];
    for (int i = 0; i < BUILDERS; i++) {
        bl[i] = (struct builder){&s, tid, i};
        ck_assert_int_eq(pthread_create(&th[i], NULL, build_players, &bl[i]), 0);
    }
    for (int i = 0; i < BUILDERS; i++)
        pthread_join(th[i], NULL);
    make_player(&s, tid, "The last of them");
    /* restarted: the history is no longer in memory, a replay reads the log */
    ck_assert_int_eq(srv_stop(&s), 0);
    srv_restart(&s);
    char path[160], buf[4096];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/events", tid);
    enum { OUT = 1 << 20, MAX = 1000 };
    char *out = malloc(OUT);
    long long *ids = malloc(MAX * sizeof *ids);
    const char *last[] = {"The last of them", NULL};
    ck_assert(stream_until(&s, path, "0", last, WAIT_MS, -1, out, OUT));
    int n = frame_ids(out, ids, MAX);
    ck_assert_int_gt(n, 300);
    for (int i = 0; i < n; i++)
        ck_assert_msg(ids[i] == i + 1, "frame %d of the replay has the id %lld", i, ids[i]);
    long long newest = ids[n - 1];
    /* again, from the middle of a kept chunk */
    ck_assert(stream_until(&s, path, "70", last, WAIT_MS, -1, out, OUT));
    ck_assert_int_eq(frame_ids(out, ids, MAX), newest - 70);
    ck_assert_int_eq(ids[0], 71);

    /* 127.0.0.7 replays the whole history once at a time */
    char whole[200];
    snprintf(whole, sizeof whole, "%s?last_event_id=0", path);
    int a = connect_from(7, s.port, 0);
    ck_assert_int_gt(get_on(a, whole, buf, sizeof buf, 0), 0);
    ck_assert_msg(strstr(buf, " 200 "), "%.300s", buf);
    int b = connect_from(7, s.port, 0);
    ck_assert_int_gt(get_on(b, whole, buf, sizeof buf, 0), 0);
    ck_assert_msg(strstr(buf, " 503 ") && strcasestr(buf, "\r\nRetry-After: ") &&
                      strstr(buf, "max_replays_per_address"),
                  "a second replay of one address at once: %.300s", buf);
    close(b);
    /* a reconnection that missed a few entries is not a replay of the history */
    char recent[200];
    snprintf(recent, sizeof recent, "%s?last_event_id=%lld", path, newest - 3);
    int c = connect_from(7, s.port, 0);
    ck_assert_int_gt(get_on(c, recent, buf, sizeof buf, 0), 0);
    ck_assert_msg(strstr(buf, " 200 "), "%.300s", buf);
    close(c);
    /* the replay ended, another may begin */
    close(a);
    ck_assert_msg(poll_until(replay_opened, &s, WAIT_MS), "the replay's place is never given back");
    free(out);
    free(ids);
    srv_cleanup(&s);
}
END_TEST

/* IPv6 clients are counted by /64: one host there has millions of addresses. */
START_TEST(test_address_keys)
{
    struct sockaddr_in6 a = {.sin6_family = AF_INET6}, b = a;
    inet_pton(AF_INET6, "2001:db8:1:2::1", &a.sin6_addr);
    inet_pton(AF_INET6, "2001:db8:1:2:ffff:1:2:3", &b.sin6_addr);
    unsigned char ka[16], kb[16];
    ck_assert_int_eq(http_fair_key((struct sockaddr *)&a, ka), 0);
    ck_assert_int_eq(http_fair_key((struct sockaddr *)&b, kb), 0);
    ck_assert(!memcmp(ka, kb, 16));
    inet_pton(AF_INET6, "2001:db8:1:3::1", &b.sin6_addr);
    http_fair_key((struct sockaddr *)&b, kb);
    ck_assert(memcmp(ka, kb, 16));
    char t[64];
    http_fair_key_text((struct sockaddr *)&a, t, sizeof t);
    ck_assert_str_eq(t, "2001:db8:1:2::/64");
    /* IPv4, plain or mapped, is the same client */
    struct sockaddr_in v4 = {.sin_family = AF_INET};
    inet_pton(AF_INET, "192.0.2.7", &v4.sin_addr);
    inet_pton(AF_INET6, "::ffff:192.0.2.7", &b.sin6_addr);
    http_fair_key((struct sockaddr *)&v4, ka);
    http_fair_key((struct sockaddr *)&b, kb);
    ck_assert(!memcmp(ka, kb, 16));
    http_fair_key_text((struct sockaddr *)&b, t, sizeof t);
    ck_assert_str_eq(t, "192.0.2.7");
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("http_fair");
    TCase *tc = tcase_create("fair");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, test_address_keys);
    tcase_add_test(tc, test_default_share_fits_a_venue);
    tcase_add_test(tc, test_over_share_answered_503_not_reset);
    tcase_add_test(tc, test_long_replays_bounded_per_address);
    tcase_add_test(tc, test_one_address_cannot_fill_the_server);
    tcase_add_test(tc, test_trickled_request_is_closed);
    tcase_add_test(tc, test_streams_counted_apart);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
