/* Buffered access log. */
#include "http/accesslog.h"

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "common/clock.h"

#define LOGBUF (64 * 1024)

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static FILE *out;
static int enabled;
static char buf[LOGBUF];
static size_t used;

int http_log_open(const char *spec)
{
    if (!strcmp(spec, "off")) {
        enabled = 0;
        return 0;
    }
    if (!strcmp(spec, "stderr")) {
        out = stderr;
    } else {
        out = fopen(spec, "a");
        if (!out)
            return -1;
    }
    enabled = 1;
    return 0;
}

static void flush_locked(void)
{
    if (used && out) {
        fwrite(buf, 1, used, out);
        fflush(out);
    }
    used = 0;
}

/* src appended to line at *n, at most max bytes of it: copied at once (a byte at a time
 * was a tenth of the line's cost) */
static void put(char *line, size_t *n, const char *src, size_t max)
{
    size_t k = strnlen(src, max);
    memcpy(line + *n, src, k);
    *n += k;
}

/* The line's time: "YYYY-MM-DDTHH:MM:SS" is the same for every request of a second, written
 * once a second by each thread; the milliseconds are written for each (issue 37: the time
 * was a quarter of the line's instructions). 24 bytes and a NUL into when. */
static void log_time(char when[32])
{
    static __thread int64_t sec = -1;
    static __thread char head[32];
    int64_t ms = cw_now_ms();
    if (ms < 0 || ms >= 253402300800000LL) { /* outside years 1970-9999: not 24 bytes */
        cw_iso8601(ms, when, 32);
        return;
    }
    if (ms / 1000 != sec) {
        cw_iso8601(ms, head, sizeof head);
        sec = ms / 1000;
    }
    memcpy(when, head, 20); /* up to the point */
    int frac = (int)(ms % 1000);
    when[20] = (char)('0' + frac / 100);
    when[21] = (char)('0' + frac / 10 % 10);
    when[22] = (char)('0' + frac % 10);
    when[23] = 'Z';
    when[24] = 0;
}

/* " V" then tail, V a decimal integer, at dst (room for 48 bytes): the line's numbers
 * without snprintf; the length written */
static size_t put_int(char *dst, long long v, const char *tail)
{
    char d[24];
    int k = 0;
    unsigned long long u = v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v;
    do
        d[k++] = (char)('0' + u % 10);
    while ((u /= 10) && k < 24);
    char *p = dst;
    *p++ = ' ';
    if (v < 0)
        *p++ = '-';
    while (k)
        *p++ = d[--k];
    while (*tail)
        *p++ = *tail++;
    *p = 0;
    return (size_t)(p - dst);
}

/* path appended to line at n, at most room bytes, each control character written '?' so
 * that a request cannot forge log lines; the new length. Eight bytes at a time while none
 * of them is a control character (a byte at a time was a quarter of the line's cost). */
static size_t put_path(char *line, size_t n, const char *path, size_t room)
{
    const uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
    size_t len = strnlen(path, room), i = 0;
    for (; i + 8 <= len; i += 8) {
        uint64_t w, del;
        memcpy(&w, path + i, 8);
        del = w ^ (0x7f * ones);
        if (((w - 0x20 * ones) & ~w & highs) | ((del - ones) & ~del & highs))
            break; /* a byte below 0x20 or a DEL among them: read one at a time */
        memcpy(line + n + i, &w, 8);
    }
    for (; i < len; i++) {
        unsigned char ch = (unsigned char)path[i];
        line[n + i] = ch < 0x20 || ch == 0x7f ? '?' : (char)ch;
    }
    return n + len;
}

void http_log_request(const char *ip, const char *method, const char *path, int status,
                      int64_t micros)
{
    if (!enabled)
        return;
    char line[768], when[32];
    log_time(when);
    /* the line written by hand: snprintf was a twelfth of a GET's instructions (issue 37) */
    size_t n = 0;
    /* at most 24 + 64 + 32 + 3 bytes before the path, 512 with it, 560 with the numbers */
    put(line, &n, when, 24);
    line[n++] = ' ';
    put(line, &n, ip, 64);
    line[n++] = ' ';
    put(line, &n, method, 32);
    line[n++] = ' ';
    n = put_path(line, n, path, 512 - n);
    if (status >= 100 && status <= 999) { /* every status: three digits */
        line[n++] = ' ';
        line[n++] = (char)('0' + status / 100);
        line[n++] = (char)('0' + status / 10 % 10);
        line[n++] = (char)('0' + status % 10);
    } else {
        n += put_int(line + n, status, "");
    }
    n += put_int(line + n, micros, "us\n");
    if (n >= sizeof line - 1) {
        n = sizeof line - 1;
        line[n - 1] = '\n';
    }
    pthread_mutex_lock(&mu);
    if (used + (size_t)n > LOGBUF)
        flush_locked();
    memcpy(buf + used, line, (size_t)n);
    used += (size_t)n;
    pthread_mutex_unlock(&mu);
}

void http_log_flush(void)
{
    pthread_mutex_lock(&mu);
    flush_locked();
    pthread_mutex_unlock(&mu);
}

void http_log_close(void)
{
    http_log_flush();
    pthread_mutex_lock(&mu);
    if (out && out != stderr)
        fclose(out);
    out = NULL;
    enabled = 0;
    pthread_mutex_unlock(&mu);
}
