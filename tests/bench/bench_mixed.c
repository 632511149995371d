/* Mixed load: 64 players report games (POST .../games, each validated and durably
 * committed before its 2xx) while 256 screens and phones poll the players list, the
 * knockout bracket and the matches of a 1,000-player tournament, each on its own
 * keep-alive connection, asking for gzip as browsers do. 10 seconds.
 * Prints `bench http.report.p99_ms.mixed VALUE ms` (target under 50 ms) and the median, the
 * reports' and the polls' rates, and the errors (target 0). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <unistd.h>

#include "support/benchlib.h"

#define REPORTERS 64
#define POLLERS 256
#define PLAYERS 1000
#define SECONDS 10

struct conn {
    int fd;
    int poller;
    int next; /* a poller's next list */
    struct bench_reporter rep;
    struct bench_rx rx;
    double sent_at;
};

static long long tid, ko;
static double lat[400000];
static int n_lat;

static void send_all(int fd, const char *req, size_t n)
{
    if (write(fd, req, n) != (ssize_t)n)
        bench_fail("write");
}

static void send_next(struct conn *c)
{
    char req[1024];
    int n;
    if (c->poller) {
        static const char *const what[] = {"/players", "/competitions/%lld/knockout", "/matches"};
        char path[160], tail[64];
        snprintf(tail, sizeof tail, what[c->next], ko);
        snprintf(path, sizeof path, "/api/v1/tournaments/%lld%s", tid, tail);
        c->next = (c->next + 1) % 3;
        n = snprintf(req, sizeof req,
                     "GET %s HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: gzip\r\n\r\n", path);
    } else {
        n = bench_reporter_next(&c->rep, req, sizeof req);
    }
    c->sent_at = bench_now_ms();
    send_all(c->fd, req, (size_t)n);
}

int main(void)
{
    bench_raise_nofile();
    struct bench_server s;
    bench_start(&s, getenv("BENCH_EXTRA"));
    bench_login(&s);
    tid = bench_post_id(&s, "/api/v1/tournaments", "{\"name\": \"Mixed\"}");
    static struct conn conns[REPORTERS + POLLERS];
    char path[160], body[256];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/competitions", tid);
    ko = bench_post_id(&s, path, "{\"kind\": \"knockout\", \"name\": \"Main\", \"knockout\": {}}");
    char ppath[128], epath[160], mpath[128];
    snprintf(ppath, sizeof ppath, "/api/v1/tournaments/%lld/players", tid);
    snprintf(epath, sizeof epath, "/api/v1/tournaments/%lld/competitions/%lld/entries", tid, ko);
    snprintf(mpath, sizeof mpath, "/api/v1/tournaments/%lld/matches", tid);
    for (int i = 0; i < REPORTERS; i++)
        bench_reporter_setup(&s, &conns[i].rep, tid, i);
    /* the rest of the 1,000 play the knockout */
    for (int i = 2 * REPORTERS; i < PLAYERS; i++) {
        snprintf(body, sizeof body,
                 "{\"name\": \"Entrant %d\", \"country\": \"DE\", \"rating\": %d}", i, 1400 + i);
        long long pid = bench_post_id(&s, ppath, body);
        snprintf(body, sizeof body, "{\"player_id\": %lld}", pid);
        free(bench_request(&s, "POST", epath, s.cookie, body));
    }
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/competitions/%lld/knockout/draw", tid,
             ko);
    char *r = bench_request(&s, "POST", path, s.cookie, "{}");
    if (!strstr(r, " 200 ") && !strstr(r, " 201 "))
        bench_fail("the knockout draw");
    free(r);

    int ep = epoll_create1(0);
    for (int i = 0; i < REPORTERS + POLLERS; i++) {
        struct conn *c = &conns[i];
        c->poller = i >= REPORTERS;
        c->next = c->poller ? i % 3 : 0;
        c->fd = bench_dial(&s);
        fcntl(c->fd, F_SETFL, O_NONBLOCK);
        struct epoll_event ev = {.events = EPOLLIN, .data.u32 = (uint32_t)i};
        epoll_ctl(ep, EPOLL_CTL_ADD, c->fd, &ev);
        send_next(c);
    }
    long reports = 0, polls = 0, bad = 0;
    double start = bench_now_ms(), stop = start + SECONDS * 1000.0;
    static struct epoll_event evs[REPORTERS + POLLERS];
    while (bench_now_ms() < stop) {
        int n = epoll_wait(ep, evs, REPORTERS + POLLERS, 100);
        for (int k = 0; k < n; k++) {
            struct conn *c = &conns[evs[k].data.u32];
            if (!bench_rx_fill(c->fd, &c->rx))
                continue;
            int status;
            while (bench_rx_take(&c->rx, &status)) {
                if (status < 200 || status >= 300)
                    bad++;
                else if (c->poller)
                    polls++;
                else {
                    reports++;
                    if (n_lat < (int)(sizeof lat / sizeof lat[0]))
                        lat[n_lat++] = bench_now_ms() - c->sent_at;
                }
                if (bench_now_ms() < stop)
                    send_next(c);
            }
        }
    }
    double secs = (bench_now_ms() - start) / 1000.0;
    if (bad)
        fprintf(stderr, "bench_mixed: %ld answers were not 2xx\n", bad);
    printf("bench http.report.p99_ms.mixed %.1f ms\n", bench_p99(lat, n_lat));
    printf("bench http.report.p50_ms.mixed %.1f ms\n", n_lat ? lat[n_lat / 2] : 0.0); /* sorted */
    printf("bench http.report.mixed %.0f req/s\n", reports / secs);
    printf("bench http.poll.mixed %.0f req/s\n", polls / secs);
    printf("bench http.errors.mixed %ld count\n", bad);
    for (int i = 0; i < REPORTERS + POLLERS; i++)
        close(conns[i].fd);
    bench_stop(&s);
    return bad ? 1 : 0;
}
