/* Buffered access log. */
#include "http/accesslog.h"

#include <pthread.h>
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

void http_log_request(const char *ip, const char *method, const char *path, int status,
                      int64_t micros)
{
    if (!enabled)
        return;
    char line[768], when[32];
    cw_iso8601(cw_now_ms(), when, sizeof when);
    /* Control characters in the path are replaced so a request cannot forge log lines. */
    char safe[512];
    size_t k = 0;
    for (const char *p = path; *p && k + 1 < sizeof safe; p++)
        safe[k++] = ((unsigned char)*p < 0x20 || *p == 0x7f) ? '?' : *p;
    safe[k] = 0;
    int n = snprintf(line, sizeof line, "%s %s %s %s %d %lldus\n", when, ip, method, safe, status,
                     (long long)micros);
    if (n < 0)
        return;
    if ((size_t)n >= sizeof line) {
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
