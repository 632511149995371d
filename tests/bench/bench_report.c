/* Reporting benchmark: 64 connections on keep-alive, each a logged-in player POSTing one
 * game at a time to their matches (POST .../games, or taking the last one back where a
 * match would end: benchlib.h): each report is validated by the rules engine and durably
 * committed before its 2xx. 10 seconds.
 * Prints `bench http.report.c64 VALUE req/s` and `bench http.report.p99_ms.c64 VALUE ms`. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <unistd.h>

#include "support/benchlib.h"

#define CONNS 64
#define SECONDS 10

struct conn {
    int fd;
    struct bench_reporter rep;
    struct bench_rx rx;
    double sent_at;
};

static double lat[400000];
static int n_lat;

static void send_game(struct conn *c)
{
    char req[1024];
    int n = bench_reporter_next(&c->rep, req, sizeof req);
    c->sent_at = bench_now_ms();
    if (write(c->fd, req, (size_t)n) != n)
        bench_fail("write");
}

int main(void)
{
    struct bench_server s;
    bench_start(&s, getenv("BENCH_EXTRA"));
    bench_login(&s);
    char *r = bench_request(&s, "POST", "/api/v1/tournaments", s.cookie, "{\"name\": \"Reports\"}");
    long long tid = bench_json_int(r, "id");
    free(r);
    static struct conn conns[CONNS];
    for (int i = 0; i < CONNS; i++)
        bench_reporter_setup(&s, &conns[i].rep, tid, i);
    int ep = epoll_create1(0);
    for (int i = 0; i < CONNS; i++) {
        conns[i].fd = bench_dial(&s);
        fcntl(conns[i].fd, F_SETFL, O_NONBLOCK);
        struct epoll_event ev = {.events = EPOLLIN, .data.u32 = (uint32_t)i};
        epoll_ctl(ep, EPOLL_CTL_ADD, conns[i].fd, &ev);
        send_game(&conns[i]);
    }
    long ok = 0, bad = 0;
    double start = bench_now_ms(), stop = start + SECONDS * 1000.0;
    struct epoll_event evs[CONNS];
    while (bench_now_ms() < stop) {
        int n = epoll_wait(ep, evs, CONNS, 100);
        for (int k = 0; k < n; k++) {
            struct conn *c = &conns[evs[k].data.u32];
            if (!bench_rx_fill(c->fd, &c->rx))
                continue;
            int status;
            while (bench_rx_take(&c->rx, &status)) {
                if (status >= 200 && status < 300) {
                    ok++;
                    if (n_lat < (int)(sizeof lat / sizeof lat[0]))
                        lat[n_lat++] = bench_now_ms() - c->sent_at;
                } else {
                    bad++;
                }
                if (bench_now_ms() < stop)
                    send_game(c);
            }
        }
    }
    double secs = (bench_now_ms() - start) / 1000.0;
    if (bad)
        fprintf(stderr, "bench_report: %ld answers were not 2xx\n", bad);
    printf("bench http.report.c64 %.0f req/s\n", ok / secs);
    printf("bench http.report.p99_ms.c64 %.1f ms\n", bench_p99(lat, n_lat));
    printf("bench http.report.errors.c64 %ld count\n", bad);
    for (int i = 0; i < CONNS; i++)
        close(conns[i].fd);
    bench_stop(&s);
    return bad ? 1 : 0;
}
