/* The HTTP test harness: process control of the server under test and a curl client. */
#include "harness.h"

#include <check.h>
#include <curl/curl.h>
#include <sqlite3.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static void die(const char *what)
{
    fprintf(stderr, "harness: %s\n", what);
    exit(2);
}

static const char *bin(void)
{
    const char *b = getenv("CRAWFORD_BIN");
    return b && *b ? b : "build/asan/crawford";
}

static void launch(struct srv *s)
{
    int out[2];
    if (pipe(out))
        die("pipe");
    char cfg[400];
    snprintf(cfg, sizeof cfg, "%s/crawford.json", s->dir);
    pid_t pid = fork();
    if (pid < 0)
        die("fork");
    if (pid == 0) {
        dup2(out[1], STDOUT_FILENO);
        close(out[0]);
        close(out[1]);
        int devnull = open("/dev/null", 0);
        dup2(devnull, STDIN_FILENO);
        if (s->err[0]) {
            int e = open(s->err, O_WRONLY | O_CREAT | O_APPEND, 0600);
            if (e >= 0)
                dup2(e, STDERR_FILENO);
        }
        setenv("CRAWFORD_TD_PASSWORD", TD_PASSWORD, 1);
        execl(bin(), bin(), "serve", "--config", cfg, "--port", "0", (char *)NULL);
        _exit(127);
    }
    close(out[1]);
    s->pid = pid;
    s->port = 0;
    FILE *f = fdopen(out[0], "r");
    char line[512];
    while (fgets(line, sizeof line, f)) {
        char *p = strstr(line, "serving http://");
        if (p) {
            p = strchr(p + strlen("serving http://"), ':');
            if (p)
                s->port = atoi(p + 1);
            break;
        }
    }
    /* The server's later output is drained by a child we leave behind, so the server
     * never blocks on a full pipe; it ends when the server closes its side. */
    if (fork() == 0) {
        while (fgets(line, sizeof line, f)) {
        }
        _exit(0);
    }
    fclose(f);
    if (!s->port)
        die("the server did not print its port");
}

void srv_start(struct srv *s, const char *extra_config)
{
    static const struct srv_opts none = {0};
    srv_start_opts(s, extra_config, &none);
}

void srv_start_opts(struct srv *s, const char *extra_config, const struct srv_opts *o)
{
    memset(s, 0, sizeof *s);
    snprintf(s->dir, sizeof s->dir, "/tmp/crawford-test-XXXXXX");
    if (!mkdtemp(s->dir))
        die("mkdtemp");
    snprintf(s->db, sizeof s->db, "%s/data/t.db", s->dir);
    snprintf(s->log, sizeof s->log, "%s/access.log", s->dir);
    if (o->log_to_stderr)
        snprintf(s->err, sizeof s->err, "%s", s->log);
    char cwd[512], static_dir[600];
    if (!getcwd(cwd, sizeof cwd))
        die("getcwd");
    if (o->own_static) {
        snprintf(static_dir, sizeof static_dir, "%s/static", s->dir);
        if (mkdir(static_dir, 0700))
            die("mkdir static");
    } else {
        snprintf(static_dir, sizeof static_dir, "%s/static", cwd);
    }
    char cfg[400];
    snprintf(cfg, sizeof cfg, "%s/crawford.json", s->dir);
    FILE *f = fopen(cfg, "w");
    if (!f)
        die("config");
    /* two HTTP threads unless the test asks for more (requests that must overlap) */
    int own_threads = extra_config && strstr(extra_config, "\"threads\"");
    fprintf(f,
            "{\"bind\": \"127.0.0.1\", \"database\": \"%s\", \"static_dir\": \"%s\", "
            "\"access_log\": \"%s\"%s%s%s}\n",
            s->db, static_dir, o->log_to_stderr ? "stderr" : s->log,
            own_threads ? "" : ", \"threads\": 2", extra_config ? ", " : "",
            extra_config ? extra_config : "");
    fclose(f);
    curl_global_init(CURL_GLOBAL_ALL);
    launch(s);
}

void srv_restart(struct srv *s)
{
    launch(s);
}

int srv_stop(struct srv *s)
{
    if (!s->pid)
        return -1;
    kill(s->pid, SIGTERM);
    int st = 0;
    if (waitpid(s->pid, &st, 0) < 0)
        return -1;
    s->pid = 0;
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

void srv_cleanup(struct srv *s)
{
    if (s->pid)
        srv_stop(s);
    char cmd[400];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", s->dir);
    if (system(cmd) != 0)
        fprintf(stderr, "harness: could not remove %s\n", s->dir);
}

struct srv S;

void srv_up(void)
{
    srv_start(&S, NULL);
    srv_login(&S);
}

void srv_down(void)
{
    srv_cleanup(&S);
}

struct buf {
    char *p;
    size_t n;
};

static size_t on_body(char *data, size_t size, size_t n, void *ud)
{
    struct buf *b = ud;
    size_t k = size * n;
    char *g = realloc(b->p, b->n + k + 1);
    if (!g)
        return 0;
    b->p = g;
    memcpy(b->p + b->n, data, k);
    b->n += k;
    b->p[b->n] = 0;
    return k;
}

static size_t on_header(char *data, size_t size, size_t n, void *ud)
{
    struct res *r = ud;
    size_t k = size * n, used = strlen(r->headers);
    if (used + k < sizeof r->headers) {
        memcpy(r->headers + used, data, k);
        r->headers[used + k] = 0;
    }
    return k;
}

void req(struct srv *s, const char *method, const char *path, const char *body,
         const char *const *headers, struct res *out)
{
    memset(out, 0, sizeof *out);
    CURL *c = curl_easy_init();
    char url[1024];
    snprintf(url, sizeof url, "http://127.0.0.1:%d%s", s->port, path);
    struct buf b = {NULL, 0};
    struct curl_slist *hl = NULL;
    for (const char *const *h = headers; h && *h; h++)
        hl = curl_slist_append(hl, *h);
    hl = curl_slist_append(hl, "Expect:");
    curl_easy_setopt(c, CURLOPT_URL, url);
    curl_easy_setopt(c, CURLOPT_CUSTOMREQUEST, method);
    if (!strcmp(method, "HEAD"))
        curl_easy_setopt(c, CURLOPT_NOBODY, 1L);
    if (body) {
        curl_easy_setopt(c, CURLOPT_POSTFIELDS, body);
        curl_easy_setopt(c, CURLOPT_POSTFIELDSIZE, (long)strlen(body));
    }
    curl_easy_setopt(c, CURLOPT_HTTPHEADER, hl);
    curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, on_body);
    curl_easy_setopt(c, CURLOPT_WRITEDATA, &b);
    curl_easy_setopt(c, CURLOPT_HEADERFUNCTION, on_header);
    curl_easy_setopt(c, CURLOPT_HEADERDATA, out);
    curl_easy_setopt(c, CURLOPT_TIMEOUT, 30L);
    curl_easy_setopt(c, CURLOPT_PATH_AS_IS, 1L);
    if (s->from[0])
        curl_easy_setopt(c, CURLOPT_INTERFACE, s->from);
    CURLcode rc = curl_easy_perform(c);
    if (rc == CURLE_OK)
        curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &out->status);
    else
        out->status = -1;
    curl_slist_free_all(hl);
    curl_easy_cleanup(c);
    out->body = b.p ? b.p : strdup("");
    out->len = b.n;
    out->json = json_loadb(out->body, out->len, 0, NULL);
}

void td(struct srv *s, const char *method, const char *path, const char *body, struct res *out)
{
    char cookie[200];
    snprintf(cookie, sizeof cookie, "Cookie: %s", s->cookie);
    const char *h[] = {cookie, "X-Crawford: 1", "Content-Type: application/json", NULL};
    req(s, method, path, body, h, out);
}

void match_op(struct srv *s, long long tid, long long mid, const char *method, const char *tail,
              const char *body, struct res *out)
{
    char path[200];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/matches/%lld%s%s", tid, mid,
             tail[0] ? "/" : "", tail);
    td(s, method, path, body, out);
}

void res_free(struct res *r)
{
    free(r->body);
    json_decref(r->json);
    memset(r, 0, sizeof *r);
}

const char *res_header(const struct res *r, const char *name, char *buf, size_t len)
{
    size_t nl = strlen(name);
    for (const char *line = r->headers; *line;) {
        const char *end = strstr(line, "\r\n");
        if (!end)
            end = line + strlen(line);
        if (!strncasecmp(line, name, nl) && line[nl] == ':') {
            const char *v = line + nl + 1;
            while (*v == ' ')
                v++;
            size_t k = (size_t)(end - v) < len - 1 ? (size_t)(end - v) : len - 1;
            memcpy(buf, v, k);
            buf[k] = 0;
            return buf;
        }
        line = *end ? end + 2 : end;
    }
    return NULL;
}

const char *jstr(const struct res *r, const char *key)
{
    const char *v = json_string_value(json_object_get(r->json, key));
    return v ? v : "";
}

long long jint(const struct res *r, const char *key)
{
    return json_integer_value(json_object_get(r->json, key));
}

/* An official's POST /api/v1/login with body; keeps the session cookie in s->cookie, or
 * ends the run saying what failed. */
static void official_login(struct srv *s, const char *body, const char *what)
{
    const char *h[] = {"X-Crawford: 1", "Content-Type: application/json", NULL};
    struct res r;
    req(s, "POST", "/api/v1/login", body, h, &r);
    char sc[300];
    if (r.status != 200 || !res_header(&r, "Set-Cookie", sc, sizeof sc))
        die(what);
    char *semi = strchr(sc, ';');
    if (semi)
        *semi = 0;
    snprintf(s->cookie, sizeof s->cookie, "%s", sc);
    res_free(&r);
}

void srv_login(struct srv *s)
{
    official_login(s, "{\"password\": \"" TD_PASSWORD "\"}", "TD login failed");
}

void srv_login_as(struct srv *as, const struct srv *s, const char *name, const char *password)
{
    *as = *s;
    as->cookie[0] = 0;
    char body[400];
    snprintf(body, sizeof body, "{\"name\": \"%s\", \"password\": \"%s\"}", name, password);
    official_login(as, body, "an official's login failed");
}

long long make_competition(struct srv *s, long long tid, const char *json)
{
    char path[120];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/competitions", tid);
    struct res r;
    td(s, "POST", path, json, &r);
    long long id = r.status == 201 ? jint(&r, "id") : -1;
    if (id < 0)
        fprintf(stderr, "make_competition: %ld %s\n", r.status, r.body ? r.body : "");
    res_free(&r);
    if (id < 0)
        die("make_competition");
    return id;
}

void enter_players(struct srv *s, long long tid, long long eid, int n, const long long *pids)
{
    char path[160], body[64];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/competitions/%lld/entries", tid, eid);
    for (int i = 0; i < n; i++) {
        snprintf(body, sizeof body, "{\"player_id\": %lld}", pids[i]);
        struct res r;
        td(s, "POST", path, body, &r);
        long status = r.status;
        if (status != 201)
            fprintf(stderr, "enter_players: %ld %s\n", status, r.body ? r.body : "");
        res_free(&r);
        if (status != 201)
            die("enter_players");
    }
}

long long make_official(struct srv *s, const char *name, const char *role, const char *password)
{
    char body[400];
    snprintf(body, sizeof body, "{\"name\": \"%s\", \"role\": \"%s\", \"password\": \"%s\"}", name,
             role, password);
    struct res r;
    td(s, "POST", "/api/v1/officials", body, &r);
    long long id = r.status == 201 ? jint(&r, "id") : -1;
    res_free(&r);
    if (id < 0)
        die("make_official");
    return id;
}

size_t tournament_count(struct srv *s)
{
    struct res r;
    req(s, "GET", "/api/v1/tournaments", NULL, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    size_t n = json_array_size(json_object_get(r.json, "tournaments"));
    res_free(&r);
    return n;
}

long long make_tournament(struct srv *s, const char *name)
{
    char body[256];
    snprintf(body, sizeof body, "{\"name\": \"%s\"}", name);
    struct res r;
    td(s, "POST", "/api/v1/tournaments", body, &r);
    long long id = r.status == 201 ? jint(&r, "id") : -1;
    res_free(&r);
    if (id < 0)
        die("make_tournament");
    return id;
}

long long make_match(struct srv *s, long long tid, long long a, long long b, int length)
{
    char path[96], body[160];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/matches", tid);
    snprintf(body, sizeof body, "{\"player_a\": %lld, \"player_b\": %lld, \"length\": %d}", a, b,
             length);
    struct res r;
    td(s, "POST", path, body, &r);
    long long id = r.status == 201 && !strcmp(jstr(&r, "state"), "scheduled") ? jint(&r, "id") : -1;
    res_free(&r);
    if (id < 0)
        die("make_match");
    return id;
}

void srv_player_login(struct srv *as, const struct srv *s, long long tid, long long pid,
                      const char *pin)
{
    *as = *s;
    as->cookie[0] = 0;
    char path[128], body[64];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/players/%lld/login", tid, pid);
    snprintf(body, sizeof body, "{\"pin\": \"%s\"}", pin);
    const char *hd[] = {"X-Crawford: 1", "Content-Type: application/json", NULL};
    struct res r;
    req(as, "POST", path, body, hd, &r);
    char sc[300];
    if (r.status != 200 || !res_header(&r, "Set-Cookie", sc, sizeof sc) ||
        !strstr(sc, "crawford_player=") || !strstr(sc, "HttpOnly") || !strchr(sc, ';'))
        die("player login");
    *strchr(sc, ';') = 0;
    snprintf(as->cookie, sizeof as->cookie, "%s", sc);
    res_free(&r);
}

long long make_player_pin(struct srv *s, long long tid, const char *name, char pin[8])
{
    char body[256], path[128];
    snprintf(body, sizeof body, "{\"name\": \"%s\"}", name);
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/players", tid);
    struct res r;
    td(s, "POST", path, body, &r);
    long long id = r.status == 201 ? jint(&r, "id") : -1;
    if (pin)
        snprintf(pin, 8, "%s", jstr(&r, "pin"));
    res_free(&r);
    if (id < 0)
        die("make_player");
    return id;
}

long long make_player(struct srv *s, long long tid, const char *name)
{
    return make_player_pin(s, tid, name, NULL);
}

void make_players(struct srv *s, long long tid, int n, long long *ids, char (*pins)[8])
{
    for (int i = 0; i < n; i++) {
        char name[32];
        snprintf(name, sizeof name, "Player %d", i + 1);
        ids[i] = make_player_pin(s, tid, name, pins ? pins[i] : NULL);
    }
}

int raw_get(struct srv *s, const char *path, struct raw *o)
{
    memset(o, 0, sizeof *o);
    struct res r;
    req(s, "GET", path, NULL, NULL, &r);
    int ok = r.status == 200 && res_header(&r, "ETag", o->etag, sizeof o->etag);
    if (ok) {
        o->len = r.len;
        o->body = r.body; /* keep the bytes: res_free frees what it still holds */
        r.body = NULL;
    }
    res_free(&r);
    return ok ? 0 : -1;
}

int raw_same(const struct raw *a, const struct raw *b)
{
    return a->body && b->body && a->len == b->len && !memcmp(a->body, b->body, a->len) &&
           !strcmp(a->etag, b->etag);
}

void raw_free(struct raw *o)
{
    free(o->body);
    memset(o, 0, sizeof *o);
}

int db_integrity_ok(const char *path)
{
    sqlite3 *h = NULL;
    sqlite3_stmt *st = NULL;
    /* no SQLITE_OPEN_CREATE: a wrong path fails instead of checking a new empty file */
    int ok = sqlite3_open_v2(path, &h, SQLITE_OPEN_READWRITE, NULL) == SQLITE_OK &&
             sqlite3_prepare_v2(h, "PRAGMA integrity_check", -1, &st, NULL) == SQLITE_OK &&
             sqlite3_step(st) == SQLITE_ROW &&
             !strcmp((const char *)sqlite3_column_text(st, 0), "ok");
    sqlite3_finalize(st);
    sqlite3_close(h);
    return ok;
}

long long db_count(const char *path, const char *sql)
{
    sqlite3 *h = NULL;
    sqlite3_stmt *st = NULL;
    long long n = -1;
    /* read-only beside the running server (WAL): it sees what the server committed */
    if (sqlite3_open_v2(path, &h, SQLITE_OPEN_READONLY, NULL) == SQLITE_OK &&
        sqlite3_busy_timeout(h, 5000) == SQLITE_OK &&
        sqlite3_prepare_v2(h, sql, -1, &st, NULL) == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW)
        n = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    sqlite3_close(h);
    return n;
}

/* ---- waiting for events, not for time ---- */

struct stream_read {
    char *out;
    size_t len, n;
    const char *const *needles;
    int ready_fd;
    int seen_all;
};

static int all_seen(const struct stream_read *sr)
{
    if (!sr->needles)
        return 0; /* no needle: read until the deadline */
    for (const char *const *k = sr->needles; *k; k++)
        if (!strstr(sr->out, *k))
            return 0;
    return 1;
}

static size_t on_stream(char *data, size_t size, size_t n, void *ud)
{
    struct stream_read *sr = ud;
    size_t k = size * n;
    if (sr->ready_fd >= 0) {
        if (write(sr->ready_fd, "r", 1) < 0) {
        }
        sr->ready_fd = -1;
    }
    size_t room = sr->len - 1 - sr->n;
    size_t take = k < room ? k : room;
    memcpy(sr->out + sr->n, data, take);
    sr->n += take;
    sr->out[sr->n] = 0;
    if (all_seen(sr)) {
        sr->seen_all = 1;
        return 0; /* enough: ends the transfer */
    }
    return k;
}

int stream_until(const struct srv *s, const char *path, const char *last_id,
                 const char *const *needles, int timeout_ms, int ready_fd, char *out, size_t len)
{
    struct stream_read sr = {out, len, 0, needles, ready_fd, 0};
    out[0] = 0;
    CURL *c = curl_easy_init();
    char url[1024], hdr[80];
    snprintf(url, sizeof url, "http://127.0.0.1:%d%s", s->port, path);
    struct curl_slist *hl = NULL;
    if (last_id) {
        snprintf(hdr, sizeof hdr, "Last-Event-ID: %s", last_id);
        hl = curl_slist_append(hl, hdr);
    }
    curl_easy_setopt(c, CURLOPT_URL, url);
    curl_easy_setopt(c, CURLOPT_HTTPHEADER, hl);
    curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, on_stream);
    curl_easy_setopt(c, CURLOPT_WRITEDATA, &sr);
    curl_easy_setopt(c, CURLOPT_TIMEOUT_MS, (long)timeout_ms);
    curl_easy_perform(c);
    curl_slist_free_all(hl);
    curl_easy_cleanup(c);
    return sr.seen_all;
}

int wait_ready(int fd, int timeout_ms)
{
    struct pollfd p = {.fd = fd, .events = POLLIN};
    char byte;
    return poll(&p, 1, timeout_ms) == 1 && read(fd, &byte, 1) == 1;
}

int poll_until(int (*pred)(void *arg), void *arg, int timeout_ms)
{
    struct timespec t0, t;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (;;) {
        int v = pred(arg);
        if (v)
            return v;
        clock_gettime(CLOCK_MONOTONIC, &t);
        long ms = (t.tv_sec - t0.tv_sec) * 1000 + (t.tv_nsec - t0.tv_nsec) / 1000000;
        if (ms >= timeout_ms)
            return v;
        usleep(50 * 1000);
    }
}

int res_names_field(const struct res *r, const char *field)
{
    if (!strcmp(jstr(r, "field"), field))
        return 1;
    json_t *errs = json_object_get(r->json, "errors");
    for (size_t i = 0; i < json_array_size(errs); i++) {
        json_t *e = json_array_get(errs, i);
        const char *fl = json_string_value(json_object_get(e, "field"));
        const char *p = json_string_value(json_object_get(e, "pointer"));
        if ((fl && !strcmp(fl, field)) || (p && p[0] == '/' && !strcmp(p + 1, field)))
            return 1;
    }
    return 0;
}

int res_names_rule(const struct res *r, const char *rule)
{
    return strstr(jstr(r, "rule"), rule) || strstr(jstr(r, "detail"), rule);
}

void assert_problem(const struct res *r, long status, const char *field)
{
    char ct[128];
    ck_assert_int_eq(r->status, status);
    ck_assert_ptr_nonnull(res_header(r, "Content-Type", ct, sizeof ct));
    ck_assert_str_eq(ct, "application/problem+json");
    ck_assert_int_eq(jint(r, "status"), status);
    ck_assert(strlen(jstr(r, "title")) > 0);
    ck_assert(strlen(jstr(r, "detail")) > 0);
    ck_assert(!strncmp(jstr(r, "type"), "/problems/", 10));
    if (field) {
        json_t *errors = json_object_get(r->json, "errors");
        int found = 0;
        for (size_t i = 0; i < json_array_size(errors); i++) {
            const char *f = json_string_value(json_object_get(json_array_get(errors, i), "field"));
            if (f && !strcmp(f, field))
                found = 1;
        }
        ck_assert_msg(found, "the problem does not name field %s: %s", field, r->body);
    }
}

int problem_is(const struct res *r, long status)
{
    char ct[64];
    return r->status == status && res_header(r, "Content-Type", ct, sizeof ct) &&
           !strcmp(ct, "application/problem+json") && strlen(jstr(r, "detail")) > 0;
}

void assert_refused(const struct res *r, long status, const char *name, const char *what)
{
    char ct[80];
    ck_assert_msg(r->status == status, "%s: expected %ld, got %ld %s", what, status, r->status,
                  r->body);
    ck_assert_msg(res_header(r, "Content-Type", ct, sizeof ct) &&
                      !strncmp(ct, "application/problem+json", 24),
                  "%s: not problem+json: %s", what, r->body);
    ck_assert_msg(strlen(jstr(r, "detail")) > 0, "%s: no detail: %s", what, r->body);
    if (!name)
        return;
    if (status == 422)
        ck_assert_msg(res_names_field(r, name), "%s: the refusal does not name the field %s: %s",
                      what, name, r->body);
    else
        ck_assert_msg(res_names_rule(r, name), "%s: the refusal does not name %s: %s", what, name,
                      r->body);
}
