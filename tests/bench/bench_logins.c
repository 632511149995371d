/* A burst of wrong TD logins: 40 connections from one address each send a wrong password
 * at once. Each password check is Argon2id (64 MiB and a CPU for a while), so what bounds
 * the server's memory in such a burst is how many checks it lets run together
 * (`login_hashes_max`); the rest are answered 503 or 429 without a hash.
 * Prints `bench mem.login_burst_peak_mb VALUE MB` (the server's peak resident memory during
 * the burst, the peak counter reset just before it), its resident memory before, and how
 * the 40 were answered (401 wrong, 503 busy checking others, 429 locked). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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
    return peak < 0 || other ? 1 : 0;
}
