/* libFuzzer target: the HTTP request path without sockets. api_dispatch is the seam the
 * HTTP layer calls with a method, a path, the headers that matter and a body, and which
 * answers with a status: routing, the CSRF check, sessions, the body's scan and parse,
 * the field validation of every route and the handlers behind them, on a real database
 * (a temporary file, in /dev/shm when there is one so that each commit's sync is cheap).
 *
 * Input: byte 0 the method, byte 1 a route of the table, byte 2 flags (the TD's session,
 * X-Crawford, not JSON, an Origin of another site, the route's own method, a path taken
 * from the input up to its first newline instead of the route), bytes 3-4 the ids put in
 * the pattern's {id}s, the rest the body. Properties: no crash, no sanitizer report, a status from
 * 200 to 599, and a refusal (4xx) is problem+json naming its type.
 *
 * Left out: POST /api/v1/login (each try costs a 64 MiB Argon2id hash, which would make
 * the fuzzer crawl; its body goes through the same parse and check as every route) and
 * POST /api/v1/logout (it would end the session the other inputs use). The database keeps
 * what earlier inputs made, so an input may need its predecessors to reproduce: the
 * fuzzer's corpus, replayed in order, does that. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "api/api.h"
#include "api/bus.h"
#include "api/cache.h"
#include "api/handlers.h"
#include "api/limiter.h"
#include "cli/cli_common.h"
#include "common/config.h"
#include "common/secret.h"
#include "store/db.h"

static struct app app;
static char session[128];
static char dir[64];

static void cleanup(void)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd)) {
        /* nothing more to do: a leftover temporary folder */
    }
}

static void drop_cached(void *ctx, int64_t tournament_id)
{
    api_cache_drop(ctx, tournament_id);
}

static void publish(void *ctx, int64_t tournament_id, int64_t id, const char *type,
                    const char *data)
{
    api_bus_publish(ctx, tournament_id, id, type, data);
}

static void dispatch(const char *method, const char *path, const char *body, size_t len,
                     const char *session_token, int csrf, int json, const char *origin,
                     struct api_resp *resp)
{
    struct api_req req;
    memset(&req, 0, sizeof req);
    memset(resp, 0, sizeof *resp);
    req.app = &app;
    req.method = method;
    req.path = path;
    req.body = body;
    req.body_len = len;
    req.content_type = json ? "application/json" : "text/plain";
    req.csrf = csrf ? "1" : NULL;
    req.origin = origin;
    req.host = "localhost:8080";
    req.session_token = session_token;
    req.client_ip = "192.0.2.1";
    req.client_key = "192.0.2.1";
    req.now_ms = 1800000000000LL;
    api_dispatch(&req, resp);
    json_decref(req.json);
    json_decref(req.extra);
    free(req.extra_text.s);
}

static int setup(void)
{
    const char *base = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
    snprintf(dir, sizeof dir, "%s/crawford-fuzz-XXXXXX", base);
    if (!mkdtemp(dir))
        return -1;
    atexit(cleanup);
    cw_config_defaults(&app.cfg);
    snprintf(app.cfg.database, sizeof app.cfg.database, "%s/f.db", dir);
    char err[512];
    if (cw_secret_init() || db_open(app.cfg.database, 1000, &app.db, err, sizeof err)) {
        fprintf(stderr, "fuzz_api: %s\n", err);
        return -1;
    }
    app.cache = api_cache_new();
    app.bus = api_bus_new();
    app.login_lim = api_limiter_new(API_LIMIT_LOCK, 1000, 1000, 1000);
    app.pin_pair_lim = api_limiter_new(API_LIMIT_LOCK, 1000, 1000, 1000);
    app.pin_ip_lim = api_limiter_new(API_LIMIT_LOCK, 1000, 1000, 1000);
    app.pin_lim = api_limiter_new(API_LIMIT_DELAY, 1000, 1000, 1000);
    db_set_change_hook(app.db, drop_cached, app.cache);
    db_set_publish_hook(app.db, publish, app.bus);
    if (cli_set_td_password(app.db, "fuzzing password", "fuzz"))
        return -1;
    /* the TD's session, once: the cookie's value is what later inputs send */
    static const char login[] = "{\"password\": \"fuzzing password\"}";
    struct api_resp resp;
    dispatch("POST", "/api/v1/login", login, sizeof login - 1, NULL, 1, 1, NULL, &resp);
    const char *eq = strchr(resp.set_cookie, '=');
    size_t n = eq ? strcspn(eq + 1, ";") : 0;
    if (resp.status != 200 || !n || n >= sizeof session) {
        fprintf(stderr, "fuzz_api: the TD login answered %d\n", resp.status);
        return -1;
    }
    memcpy(session, eq + 1, n);
    api_resp_free(&resp);
    return 0;
}

/* pattern with each {id} replaced by one of ids */
static void fill(const char *pattern, const unsigned ids[2], char *out, size_t len)
{
    size_t k = 0;
    int which = 0;
    for (const char *p = pattern; *p && k + 12 < len;) {
        if (!strncmp(p, "{id}", 4)) {
            k += (size_t)snprintf(out + k, len - k, "%u", ids[which++ & 1]);
            p += 4;
        } else {
            out[k++] = *p++;
        }
    }
    out[k] = 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int ready = -1;
    if (ready < 0)
        ready = setup() == 0;
    if (!ready)
        abort();
    if (size < 5)
        return 0;
    static const char *const methods[] = {"GET", "POST", "PATCH", "PUT", "DELETE", "HEAD"};
    const char *method = methods[data[0] % 6];
    int nroutes = api_route_count();
    int r = (data[2] & 0x20) ? nroutes : data[1] % nroutes;
    int flags = data[2];
    unsigned ids[2] = {1u + data[3] % 4u, 1u + data[4] % 4u};
    const char *rest = (const char *)data + 5;
    size_t restlen = size - 5;
    char path[512];
    if (r < nroutes) {
        const char *m, *pattern;
        api_route_at(r, &m, &pattern);
        if (!strcmp(pattern, "/api/v1/login") || !strcmp(pattern, "/api/v1/logout"))
            return 0;
        if (flags & 0x10)
            method = m;
        fill(pattern, ids, path, sizeof path);
    } else {
        const char *nl = memchr(rest, '\n', restlen);
        size_t n = nl ? (size_t)(nl - rest) : restlen;
        if (n >= sizeof path || memchr(rest, 0, n))
            return 0;
        memcpy(path, rest, n);
        path[n] = 0;
        if (strstr(path, "/login") || strstr(path, "/logout"))
            return 0;
        rest += nl ? n + 1 : n;
        restlen -= nl ? n + 1 : n;
    }
    /* the body as the HTTP layer hands it over: NUL-terminated after its length */
    char *body = NULL;
    if (restlen) {
        body = malloc(restlen + 1);
        memcpy(body, rest, restlen);
        body[restlen] = 0;
    }
    struct api_resp resp;
    dispatch(method, path, body, restlen, (flags & 1) ? session : NULL, flags & 2, !(flags & 4),
             (flags & 8) ? "https://evil.example" : NULL, &resp);
    static int debug = -1;
    if (debug < 0)
        debug = getenv("FUZZ_API_DEBUG") != NULL; /* each request's status, for a replay */
    if (debug)
        fprintf(stderr, "%s %s -> %d %s\n", method, path, resp.status,
                resp.is_problem ? json_string_value(json_object_get(resp.json, "detail")) : "");
    if (resp.status < 200 || resp.status > 599) {
        fprintf(stderr, "%s %s answered status %d\n", method, path, resp.status);
        abort();
    }
    if (resp.status >= 400 && resp.status < 500 && resp.status != 404 && resp.json &&
        !resp.is_problem) {
        fprintf(stderr, "%s %s answered %d without problem+json\n", method, path, resp.status);
        abort();
    }
    api_resp_free(&resp);
    free(body);
    return 0;
}
