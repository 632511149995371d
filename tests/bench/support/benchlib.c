/* Shared helpers of the C benchmarks. */
#include "benchlib.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static struct bench_server *current;

void bench_fail(const char *what)
{
    fprintf(stderr, "bench: %s (%s)\n", what, strerror(errno));
    if (current && current->pid)
        kill(current->pid, SIGKILL);
    exit(1);
}

double bench_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}

long bench_raise_nofile(void)
{
    struct rlimit rl;
    getrlimit(RLIMIT_NOFILE, &rl);
    rl.rlim_cur = rl.rlim_max;
    setrlimit(RLIMIT_NOFILE, &rl);
    return (long)rl.rlim_cur;
}

void bench_start(struct bench_server *s, const char *extra)
{
    memset(s, 0, sizeof *s);
    current = s;
    strcpy(s->dir, "/tmp/crawford-bench-XXXXXX");
    if (!mkdtemp(s->dir))
        bench_fail("mkdtemp");
    char cfg[128], cwd[512];
    snprintf(cfg, sizeof cfg, "%s/c.json", s->dir);
    if (!getcwd(cwd, sizeof cwd))
        bench_fail("getcwd");
    FILE *f = fopen(cfg, "w");
    if (!f)
        bench_fail("config");
    fprintf(f,
            "{\"bind\": \"127.0.0.1\", \"database\": \"%s/b.db\", \"static_dir\": \"%s/static\","
            " \"access_log\": \"off\"%s%s}\n",
            s->dir, cwd, extra ? ", " : "", extra ? extra : "");
    fclose(f);
    int out[2];
    if (pipe(out))
        bench_fail("pipe");
    s->pid = fork();
    if (s->pid == 0) {
        dup2(out[1], 1);
        close(out[0]);
        setenv("CRAWFORD_TD_PASSWORD", "bench password", 1);
        const char *bin = getenv("CRAWFORD_BIN") ? getenv("CRAWFORD_BIN") : "build/rel/crawford";
        execl(bin, bin, "serve", "--config", cfg, "--port", "0", (char *)NULL);
        _exit(127);
    }
    close(out[1]);
    FILE *r = fdopen(out[0], "r");
    char line[512];
    while (fgets(line, sizeof line, r)) {
        char *p = strstr(line, "serving http://");
        if (p && (p = strchr(p + 15, ':'))) {
            s->port = atoi(p + 1);
            break;
        }
    }
    if (!s->port)
        bench_fail("the server did not start");
    if (fork() == 0) { /* drain its output */
        while (fgets(line, sizeof line, r)) {
        }
        _exit(0);
    }
    fclose(r);
}

void bench_stop(struct bench_server *s)
{
    if (s->pid) {
        kill(s->pid, SIGTERM);
        waitpid(s->pid, NULL, 0);
        s->pid = 0;
    }
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", s->dir);
    if (system(cmd))
        fprintf(stderr, "bench: could not remove %s\n", s->dir);
}

int bench_dial(const struct bench_server *s)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0)
        bench_fail("socket");
    struct sockaddr_in a;
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_port = htons((uint16_t)s->port);
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (connect(fd, (struct sockaddr *)&a, sizeof a))
        bench_fail("connect");
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    return fd;
}

char *bench_request(const struct bench_server *s, const char *method, const char *path,
                    const char *cookie, const char *body)
{
    int fd = bench_dial(s);
    size_t blen = body ? strlen(body) : 0;
    char *req = malloc(blen + 1024);
    int n = snprintf(req, blen + 1024,
                     "%s %s HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
                     "X-Crawford: 1\r\nContent-Type: application/json\r\n%s%s%s"
                     "Content-Length: %zu\r\n\r\n%s",
                     method, path, cookie ? "Cookie: " : "", cookie ? cookie : "",
                     cookie ? "\r\n" : "", blen, body ? body : "");
    if (write(fd, req, (size_t)n) != n)
        bench_fail("write");
    free(req);
    size_t cap = 65536, len = 0;
    char *out = malloc(cap);
    ssize_t k;
    while ((k = read(fd, out + len, cap - len - 1)) > 0) {
        len += (size_t)k;
        if (cap - len < 4096)
            out = realloc(out, cap *= 2);
    }
    out[len] = 0;
    close(fd);
    return out;
}

long long bench_json_int(const char *response, const char *key)
{
    char pat[64];
    snprintf(pat, sizeof pat, "\"%s\":", key);
    const char *p = strstr(response, pat);
    return p ? atoll(p + strlen(pat)) : -1;
}

void bench_json_str(const char *response, const char *key, char *out, size_t len)
{
    char pat[64];
    snprintf(pat, sizeof pat, "\"%s\":\"", key);
    const char *p = strstr(response, pat);
    out[0] = 0;
    if (p)
        snprintf(out, len, "%.*s", (int)strcspn(p + strlen(pat), "\""), p + strlen(pat));
}

void bench_cookie(const char *response, const char *name, char *out, size_t len)
{
    char pat[64];
    snprintf(pat, sizeof pat, "%s=", name);
    const char *p = strstr(response, pat);
    out[0] = 0;
    if (p)
        snprintf(out, len, "%.*s", (int)strcspn(p, ";\r\n"), p);
}

void bench_login(struct bench_server *s)
{
    char *r = bench_request(s, "POST", "/api/v1/login", NULL, "{\"password\": \"bench password\"}");
    bench_cookie(r, "crawford_td", s->cookie, sizeof s->cookie);
    free(r);
    if (!s->cookie[0])
        bench_fail("TD login");
}

long bench_status_kb(pid_t pid, const char *field)
{
    char path[64], line[256];
    snprintf(path, sizeof path, "/proc/%d/status", (int)pid);
    FILE *f = fopen(path, "r");
    long kb = -1;
    size_t n = strlen(field);
    while (f && fgets(line, sizeof line, f))
        if (!strncmp(line, field, n))
            kb = atol(line + n);
    if (f)
        fclose(f);
    return kb;
}

long bench_rss_kb(pid_t pid)
{
    return bench_status_kb(pid, "VmRSS:");
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static const char *const bench_first[] = {
    "Jos\xC3\xA9",     "Anna", "J\xC3\xBCrgen",     "Zo\xC3\xAB",
    "Fran\xC3\xA7ois", "Luca", "Ma\xC5\x82gorzata", "Pat"};
static const char *const bench_last[] = {
    "M\xC3\xBCller",        "Rossi", "O'Brien", "Nu\xC3\xB1\x65z",
    "Dvo\xC5\x99\xC3\xA1k", "Smith", "Bianchi", "Lef\xC3\xA8vre"};

void bench_player_name(int i, char *out, size_t len)
{
    snprintf(out, len, "%s %s, %d", bench_first[i % 8], bench_last[(i / 8) % 8], i);
}

char *bench_players_csv(int rows, size_t *len)
{
    size_t cap = (size_t)rows * 160 + 256, n = 0;
    char *file = malloc(cap);
    if (!file)
        bench_fail("out of memory");
    n += (size_t)snprintf(file + n, cap - n,
                          "\xEF\xBB\xBFNome;Paese;Circolo;N. Tessera;Elo;Esperienza;E-mail;"
                          "Categoria\r\n");
    for (int i = 0; i < rows; i++) {
        char name[64];
        bench_player_name(i, name, sizeof name);
        n += (size_t)snprintf(file + n, cap - n,
                              "\"%s\";ITA;\"Club; %d\";%07d;%d,%d;%d;p%d@example.org;%c\r\n", name,
                              i % 50, i * 2, 1300 + i % 500, i % 10, i % 900, i, 'A' + i % 3);
    }
    if (len)
        *len = n;
    return file;
}

void bench_sort(double *v, int n)
{
    qsort(v, (size_t)n, sizeof v[0], cmp_double);
}

double bench_p99(double *v, int n)
{
    if (n <= 0)
        return 0;
    bench_sort(v, n);
    int rank = (int)((n * 99 + 99) / 100); /* ceil(0.99 n), 1-based */
    return v[rank - 1];
}

int bench_rx_take(struct bench_rx *rx, int *status)
{
    if (rx->skip) {
        size_t n = rx->len < rx->skip ? rx->len : rx->skip;
        memmove(rx->in, rx->in + n, rx->len - n);
        rx->len -= n;
        rx->skip -= n;
        if (rx->skip)
            return 0;
        *status = rx->status;
        return 1;
    }
    rx->in[rx->len] = 0;
    char *end = strstr(rx->in, "\r\n\r\n");
    if (!end)
        return 0;
    char *cl = strcasestr(rx->in, "Content-Length: ");
    size_t body = cl && cl < end ? (size_t)atol(cl + 16) : 0;
    size_t head = (size_t)(end + 4 - rx->in);
    rx->status = atoi(rx->in + 9);
    memmove(rx->in, rx->in + head, rx->len - head);
    rx->len -= head;
    rx->skip = body;
    if (!body) {
        *status = rx->status;
        return 1;
    }
    return bench_rx_take(rx, status);
}

int bench_rx_fill(int fd, struct bench_rx *rx)
{
    if (rx->len >= sizeof rx->in - 1)
        bench_fail("response headers larger than the buffer");
    ssize_t m = read(fd, rx->in + rx->len, sizeof rx->in - 1 - rx->len);
    if (m <= 0) {
        if (m < 0 && errno == EAGAIN)
            return 0;
        bench_fail("a connection closed");
    }
    rx->len += (size_t)m;
    return 1;
}

void bench_reporter_setup(const struct bench_server *s, struct bench_reporter *r, long long tid,
                          int i)
{
    memset(r, 0, sizeof *r);
    r->tid = tid;
    char path[160], body[256];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/players", tid);
    snprintf(body, sizeof body, "{\"name\": \"Reporter %d\", \"country\": \"IT\"}", i);
    char *res = bench_request(s, "POST", path, s->cookie, body);
    long long me = bench_json_int(res, "id");
    char pin[16];
    bench_json_str(res, "pin", pin, sizeof pin);
    free(res);
    snprintf(body, sizeof body, "{\"name\": \"Opponent %d\", \"country\": \"FR\"}", i);
    res = bench_request(s, "POST", path, s->cookie, body);
    long long opp = bench_json_int(res, "id");
    free(res);
    for (int k = 0; k < BENCH_MATCHES; k++) {
        char mpath[128];
        snprintf(mpath, sizeof mpath, "/api/v1/tournaments/%lld/matches", tid);
        snprintf(body, sizeof body, "{\"player_a\": %lld, \"player_b\": %lld, \"length\": 99}", me,
                 opp);
        res = bench_request(s, "POST", mpath, s->cookie, body);
        r->matches[k] = bench_json_int(res, "id");
        free(res);
    }
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/players/%lld/login", tid, me);
    snprintf(body, sizeof body, "{\"pin\": \"%s\"}", pin);
    res = bench_request(s, "POST", path, NULL, body);
    bench_cookie(res, "crawford_player", r->cookie, sizeof r->cookie);
    free(res);
    if (me <= 0 || opp <= 0 || !r->cookie[0] || r->matches[BENCH_MATCHES - 1] <= 0)
        bench_fail("setting up a reporter and its matches");
}

int bench_reporter_next(struct bench_reporter *r, char *req, size_t len)
{
    int k = r->next;
    r->next = (r->next + 1) % BENCH_MATCHES;
    if (r->games[k] >= BENCH_GAMES_MAX) {
        r->games[k]--;
        r->winner[k] ^= 1; /* the next game is won as the one taken back was */
        return snprintf(req, len,
                        "DELETE /api/v1/tournaments/%lld/matches/%lld/games/last HTTP/1.1\r\n"
                        "Host: 127.0.0.1\r\nX-Crawford: 1\r\nCookie: %s\r\n\r\n",
                        r->tid, r->matches[k], r->cookie);
    }
    char body[96];
    snprintf(body, sizeof body, "{\"winner\": \"%s\", \"cube\": 1, \"result\": \"single\"}",
             r->winner[k] ? "b" : "a");
    r->games[k]++;
    r->winner[k] ^= 1;
    return snprintf(req, len,
                    "POST /api/v1/tournaments/%lld/matches/%lld/games HTTP/1.1\r\n"
                    "Host: 127.0.0.1\r\nX-Crawford: 1\r\nContent-Type: application/json\r\n"
                    "Cookie: %s\r\nContent-Length: %zu\r\n\r\n%s",
                    r->tid, r->matches[k], r->cookie, strlen(body), body);
}

long long bench_post_id(struct bench_server *s, const char *path, const char *body)
{
    char *r = bench_request(s, "POST", path, s->cookie, body);
    long long id = bench_json_int(r, "id");
    free(r);
    if (id <= 0)
        bench_fail(path);
    return id;
}
