/* Event-stream benchmark: 5,000 streams connected to one tournament, one event broadcast
 * to all; how long until each stream has it (p99), and the server's memory per stream.
 * Prints `bench sse.p99_ms VALUE ms` and `bench sse.kb_per_stream VALUE KB`. */
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <unistd.h>

#include "support/benchlib.h"

#define STREAMS 5000

int main(void)
{
    if (bench_raise_nofile() < STREAMS + 100) {
        fprintf(stderr, "bench_sse: needs %d open files\n", STREAMS + 100);
        return 1;
    }
    struct bench_server s;
    bench_start(&s, "\"max_streams\": 8000, \"max_streams_per_address\": 8000");
    bench_login(&s);
    free(bench_request(&s, "POST", "/api/v1/tournaments", s.cookie, "{\"name\": \"SSE bench\"}"));
    sleep(1);
    long before = bench_rss_kb(s.pid);

    int ep = epoll_create1(0);
    static int fds[STREAMS], started[STREAMS], seen[STREAMS];
    static double got[STREAMS];
    const char *req = "GET /api/v1/tournaments/1/events HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                      "Accept: text/event-stream\r\n\r\n";
    for (int i = 0; i < STREAMS; i++) {
        fds[i] = bench_dial(&s);
        if (write(fds[i], req, strlen(req)) != (ssize_t)strlen(req))
            bench_fail("write stream request");
        fcntl(fds[i], F_SETFL, O_NONBLOCK);
        struct epoll_event ev = {.events = EPOLLIN, .data.u32 = (uint32_t)i};
        epoll_ctl(ep, EPOLL_CTL_ADD, fds[i], &ev);
    }
    /* every stream has its headers and the first "retry:" line */
    int ready = 0;
    double deadline = bench_now_ms() + 30000;
    struct epoll_event evs[256];
    char buf[4096];
    while (ready < STREAMS && bench_now_ms() < deadline) {
        int n = epoll_wait(ep, evs, 256, 1000);
        for (int k = 0; k < n; k++) {
            int i = (int)evs[k].data.u32;
            ssize_t m;
            while ((m = read(fds[i], buf, sizeof buf - 1)) > 0) {
                buf[m] = 0;
                if (!started[i] && strstr(buf, "retry:")) {
                    started[i] = 1;
                    ready++;
                }
            }
        }
    }
    if (ready < STREAMS) {
        fprintf(stderr, "bench_sse: only %d of %d streams opened\n", ready, STREAMS);
        kill(s.pid, SIGKILL);
        return 1;
    }
    sleep(1);
    long after = bench_rss_kb(s.pid);

    /* the broadcast: one change in the tournament */
    double t0 = bench_now_ms();
    free(bench_request(&s, "PATCH", "/api/v1/tournaments/1", s.cookie,
                       "{\"venue\": \"Broadcast\"}"));
    int done = 0;
    deadline = bench_now_ms() + 30000;
    while (done < STREAMS && bench_now_ms() < deadline) {
        int n = epoll_wait(ep, evs, 256, 1000);
        for (int k = 0; k < n; k++) {
            int i = (int)evs[k].data.u32;
            ssize_t m;
            while ((m = read(fds[i], buf, sizeof buf - 1)) > 0) {
                buf[m] = 0;
                if (!seen[i] && strstr(buf, "event: tournament.update")) {
                    seen[i] = 1;
                    got[i] = bench_now_ms() - t0;
                    done++;
                }
            }
        }
    }
    if (done < STREAMS) {
        fprintf(stderr, "bench_sse: only %d of %d streams got the event\n", done, STREAMS);
        kill(s.pid, SIGKILL);
        return 1;
    }
    printf("bench sse.p99_ms %.1f ms\n", bench_p99(got, STREAMS));
    printf("bench sse.kb_per_stream %.1f KB\n", (double)(after - before) / STREAMS);
    for (int i = 0; i < STREAMS; i++)
        close(fds[i]);
    bench_stop(&s);
    return 0;
}
