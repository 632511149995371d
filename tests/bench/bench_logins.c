/* A burst of wrong TD logins: 40 connections from one address each send a wrong password
 * at once. Each password check is Argon2id (64 MiB and a CPU for a while), so what bounds
 * the server's memory in such a burst is how many checks it lets run together
 * (`login_hashes_max`); the rest are answered 503 or 429 without a hash.
 * Prints `bench mem.login_burst_peak_mb VALUE MB` (the server's peak resident memory during
 * the burst, the peak counter reset just before it), its resident memory before, and how
 * the 40 were answered (401 wrong, 503 busy checking others, 429 locked).
 *
 * Then, on a second server: `login.head_td_ok_pct_under_flood`, the head TD's logins (10,
 * from their own address) that get in while an assistant logs in again and again from 6
 * threads of another address, and `login.known_vs_unknown_ratio`, the median time of a
 * wrong password for a known name over that for an unknown one (9 each, alternated).
 *
 * Then, on a third: `login.head_td_ok_pct_under_guessing`, the head TD's logins (8, with
 * the device cookie their browser got at a first login) that get in while 20 threads
 * send wrong passwords, each from an address not used before. */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "support/benchlib.h"

#define LOGINS 40

/* Resets the peak counter to the present resident memory (Linux: clear_refs 5), so the
 * start's own password hash is not counted. 0, or -1 when the kernel refused. */
static int reset_peak(pid_t pid)
{
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/clear_refs", (int)pid);
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    int rc = fputs("5", f) < 0;
    return fclose(f) || rc ? -1 : 0;
}

/* One login from 127.0.0.0 + host (host < 2^24): its status, and its time in *ms. dev,
 * when not NULL, is the device cookie sent ("crawford_device=...", or ""), replaced by
 * the one a 200 gives. */
static int login_from(const struct bench_server *s, unsigned host, const char *body, double *ms,
                      char *dev, size_t dlen)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0)
        bench_fail("socket");
    struct sockaddr_in a;
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(0x7f000000u | host);
    if (bind(fd, (struct sockaddr *)&a, sizeof a))
        bench_fail("bind to a loopback address");
    a.sin_port = htons((uint16_t)s->port);
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    double t0 = bench_now_ms();
    if (connect(fd, (struct sockaddr *)&a, sizeof a))
        bench_fail("connect");
    char req[768], cookie[200] = "";
    if (dev && dev[0])
        snprintf(cookie, sizeof cookie, "Cookie: %s\r\n", dev);
    int n = snprintf(req, sizeof req,
                     "POST /api/v1/login HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
                     "X-Crawford: 1\r\nContent-Type: application/json\r\n%s"
                     "Content-Length: %zu\r\n\r\n%s",
                     cookie, strlen(body), body);
    if (write(fd, req, (size_t)n) != n)
        bench_fail("write");
    char in[4096];
    size_t len = 0;
    ssize_t k;
    while (len < sizeof in - 1 && (k = read(fd, in + len, sizeof in - 1 - len)) > 0)
        len += (size_t)k;
    in[len] = 0;
    close(fd);
    if (ms)
        *ms = bench_now_ms() - t0;
    int status = len > 12 ? atoi(in + 9) : 0;
    const char *c = strstr(in, "crawford_device=");
    if (dev && status == 200 && c)
        snprintf(dev, dlen, "%.*s", (int)strcspn(c, ";\r\n"), c);
    return status;
}

#define ASSISTANT "{\"name\": \"Ann Assistant\", \"password\": \"assistant password\"}"

struct flood {
    const struct bench_server *s;
    atomic_int stop, logins, sessions;
};

static void *flood(void *arg)
{
    struct flood *f = arg;
    while (!atomic_load(&f->stop)) {
        atomic_fetch_add(&f->logins, 1);
        if (login_from(f->s, 2, ASSISTANT, NULL, NULL, 0) == 200)
            atomic_fetch_add(&f->sessions, 1);
    }
    return NULL;
}

static double median(double *v, int n)
{
    bench_sort(v, n);
    return v[n / 2];
}

/* The head TD under an official's flood, and a known name against an unknown one. */
static int logins_fair(void)
{
    struct bench_server s;
    bench_start(&s, "\"login_max_failures\": 1000");
    bench_login(&s);
    free(bench_request(&s, "POST", "/api/v1/officials", s.cookie,
                       "{\"name\": \"Ann Assistant\", \"role\": \"assistant\", "
                       "\"password\": \"assistant password\"}"));
    enum { THREADS = 6, HEAD_TRIES = 10, TIMED = 9 };
    struct flood f = {&s, 0, 0, 0};
    pthread_t t[THREADS];
    for (int i = 0; i < THREADS; i++)
        if (pthread_create(&t[i], NULL, flood, &f))
            bench_fail("pthread_create");
    usleep(500 * 1000); /* the flood under way */
    int ok = 0, other = 0;
    for (int i = 0; i < HEAD_TRIES; i++) {
        int st = login_from(&s, 3, "{\"password\": \"bench password\"}", NULL, NULL, 0);
        ok += st == 200;
        if (st != 200)
            fprintf(stderr, "bench_logins: the head TD's login %d answered %d\n", i, st);
        usleep(400 * 1000);
    }
    atomic_store(&f.stop, 1);
    for (int i = 0; i < THREADS; i++)
        pthread_join(t[i], NULL);
    double known[TIMED], unknown[TIMED];
    for (int i = 0; i < TIMED; i++) {
        int a = login_from(&s, 4, "{\"name\": \"Ann Assistant\", \"password\": \"wrong\"}",
                           &known[i], NULL, 0);
        int b = login_from(&s, 4, "{\"name\": \"Nobody Here\", \"password\": \"wrong\"}",
                           &unknown[i], NULL, 0);
        other += (a != 401) + (b != 401);
    }
    bench_stop(&s);
    double mk = median(known, TIMED), mu = median(unknown, TIMED);
    printf("bench login.head_td_ok_pct_under_flood %.0f %%\n", 100.0 * ok / HEAD_TRIES);
    printf("bench login.flood_logins %d count\n", atomic_load(&f.logins));
    printf("bench login.flood_sessions %d count\n", atomic_load(&f.sessions));
    printf("bench login.known_vs_unknown_ratio %.2f ratio\n", mk / mu);
    printf("bench login.wrong_known_ms %.1f ms\n", mk);
    printf("bench login.wrong_unknown_ms %.1f ms\n", mu);
    if (other)
        fprintf(stderr, "bench_logins: %d wrong passwords were not answered 401\n", other);
    return other ? 1 : 0;
}

struct guessing {
    const struct bench_server *s;
    unsigned id;
    atomic_int *stop;
};

/* Wrong passwords, each from a new address 127.1.id.k: every one clean for its first. */
static void *guess(void *arg)
{
    struct guessing *g = arg;
    for (unsigned k = 0; !atomic_load(g->stop); k++)
        login_from(g->s, 1u << 16 | g->id << 8 | (k % 250 + 1),
                   "{\"password\": \"wrong wrong wrong\"}", NULL, NULL, 0);
    return NULL;
}

/* The head TD, with the device cookie of a first login, under 20 guessers. */
static int logins_guessing(void)
{
    struct bench_server s;
    bench_start(&s, NULL);
    enum { THREADS = 20, HEAD_TRIES = 8 };
    const char *head = "{\"password\": \"bench password\"}";
    char dev[160] = "";
    if (login_from(&s, 3, head, NULL, dev, sizeof dev) != 200 || !dev[0])
        bench_fail("the head TD's first login (no device cookie)");
    atomic_int stop = 0;
    struct guessing g[THREADS];
    pthread_t t[THREADS];
    for (int i = 0; i < THREADS; i++) {
        g[i] = (struct guessing){&s, (unsigned)i + 1, &stop};
        if (pthread_create(&t[i], NULL, guess, &g[i]))
            bench_fail("pthread_create");
    }
    usleep(500 * 1000); /* the guessing under way */
    int ok = 0;
    for (int i = 0; i < HEAD_TRIES; i++) {
        int st = login_from(&s, 3, head, NULL, dev, sizeof dev);
        ok += st == 200;
        if (st != 200)
            fprintf(stderr, "bench_logins: the head TD's device-cookie login %d answered %d\n",
                    i, st);
        usleep(400 * 1000);
    }
    atomic_store(&stop, 1);
    for (int i = 0; i < THREADS; i++)
        pthread_join(t[i], NULL);
    bench_stop(&s);
    printf("bench login.head_td_ok_pct_under_guessing %.0f %%\n", 100.0 * ok / HEAD_TRIES);
    return 0;
}

int main(void)
{
    struct bench_server s;
    bench_start(&s, getenv("BENCH_EXTRA"));
    /* one request served first, so the figure is the burst's and not the start's */
    free(bench_request(&s, "GET", "/api/v1/health", NULL, NULL));
    long idle = bench_rss_kb(s.pid);
    if (reset_peak(s.pid))
        bench_fail("resetting the server's peak memory counter");
    static const char body[] = "{\"password\": \"not the password\"}";
    char req[512];
    int n = snprintf(req, sizeof req,
                     "POST /api/v1/login HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
                     "X-Crawford: 1\r\nContent-Type: application/json\r\n"
                     "Content-Length: %zu\r\n\r\n%s",
                     strlen(body), body);
    int fds[LOGINS];
    for (int i = 0; i < LOGINS; i++)
        fds[i] = bench_dial(&s);
    for (int i = 0; i < LOGINS; i++)
        if (write(fds[i], req, (size_t)n) != n)
            bench_fail("write");
    int wrong = 0, busy = 0, locked = 0, other = 0;
    for (int i = 0; i < LOGINS; i++) {
        char in[4096];
        size_t len = 0;
        ssize_t k;
        while (len < sizeof in - 1 && (k = read(fds[i], in + len, sizeof in - 1 - len)) > 0)
            len += (size_t)k;
        in[len] = 0;
        close(fds[i]);
        int status = len > 12 ? atoi(in + 9) : 0;
        if (status == 401)
            wrong++;
        else if (status == 503)
            busy++;
        else if (status == 429)
            locked++;
        else
            other++;
    }
    long peak = bench_status_kb(s.pid, "VmHWM:");
    bench_stop(&s);
    if (peak < 0 || other)
        fprintf(stderr, "bench_logins: %d answers were not 401, 429 or 503\n", other);
    printf("bench mem.login_burst_peak_mb %.1f MB\n", peak / 1024.0);
    printf("bench mem.login_burst_idle_mb %.1f MB\n", idle / 1024.0);
    printf("bench login_burst.wrong_401 %d count\n", wrong);
    printf("bench login_burst.busy_503 %d count\n", busy);
    printf("bench login_burst.locked_429 %d count\n", locked);
    int rc = peak < 0 || other ? 1 : 0;
    int fair = logins_fair();
    return logins_guessing() || fair || rc;
}
