/* Event-stream benchmark: 5,000 streams connected to one tournament, one event broadcast
 * to all; how long until each stream has it (p99), and the server's memory per stream.
 * Starts its own release server on a free port with a temporary database.
 * Prints `bench sse.p99_ms VALUE ms` and `bench sse.kb_per_stream VALUE KB`. */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define STREAMS 5000

static int port;
static pid_t server;
static char dir[64];

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}

static void fail(const char *what)
{
    fprintf(stderr, "bench_sse: %s (%s)\n", what, strerror(errno));
    if (server)
        kill(server, SIGKILL);
    exit(1);
}

static int dial(void)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0)
        fail("socket");
    struct sockaddr_in a = {0};
    a.sin_family = AF_INET;
    a.sin_port = htons((uint16_t)port);
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (connect(fd, (struct sockaddr *)&a, sizeof a))
        fail("connect");
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    return fd;
}

/* One blocking HTTP/1.1 request on a fresh connection; returns the response text. */
static char *request(const char *method, const char *path, const char *cookie, const char *body)
{
    int fd = dial();
    char req[2048];
    int n = snprintf(req, sizeof req,
                     "%s %s HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
                     "X-Crawford: 1\r\nContent-Type: application/json\r\n%s%s%s"
                     "Content-Length: %zu\r\n\r\n%s",
                     method, path, cookie ? "Cookie: " : "", cookie ? cookie : "",
                     cookie ? "\r\n" : "", body ? strlen(body) : 0, body ? body : "");
    if (write(fd, req, (size_t)n) != n)
        fail("write");
    size_t cap = 65536, len = 0;
    char *out = malloc(cap);
    ssize_t k;
    while ((k = read(fd, out + len, cap - len - 1)) > 0)
        len += (size_t)k;
    out[len] = 0;
    close(fd);
    return out;
}

static long rss_kb(pid_t pid)
{
    char path[64], line[256];
    snprintf(path, sizeof path, "/proc/%d/status", (int)pid);
    FILE *f = fopen(path, "r");
    long kb = -1;
    while (f && fgets(line, sizeof line, f))
        if (!strncmp(line, "VmRSS:", 6))
            kb = atol(line + 6);
    if (f)
        fclose(f);
    return kb;
}

static void start_server(void)
{
    strcpy(dir, "/tmp/crawford-bench-sse-XXXXXX");
    if (!mkdtemp(dir))
        fail("mkdtemp");
    char cfg[128], cwd[512];
    snprintf(cfg, sizeof cfg, "%s/c.json", dir);
    if (!getcwd(cwd, sizeof cwd))
        fail("getcwd");
    FILE *f = fopen(cfg, "w");
    fprintf(f,
            "{\"bind\": \"127.0.0.1\", \"database\": \"%s/b.db\", \"static_dir\": \"%s/static\","
            " \"access_log\": \"off\", \"max_connections\": 8000}\n",
            dir, cwd);
    fclose(f);
    int out[2];
    if (pipe(out))
        fail("pipe");
    server = fork();
    if (server == 0) {
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
            port = atoi(p + 1);
            break;
        }
    }
    if (!port)
        fail("the server did not start");
    if (fork() == 0) { /* drain its output */
        while (fgets(line, sizeof line, r)) {
        }
        _exit(0);
    }
    fclose(r);
}

int main(void)
{
    struct rlimit rl;
    getrlimit(RLIMIT_NOFILE, &rl);
    rl.rlim_cur = rl.rlim_max;
    setrlimit(RLIMIT_NOFILE, &rl);
    if (rl.rlim_cur < STREAMS + 100) {
        fprintf(stderr, "bench_sse: needs %d open files, the limit is %ld\n", STREAMS + 100,
                (long)rl.rlim_cur);
        return 1;
    }
    start_server();

    char *r = request("POST", "/api/v1/login", NULL, "{\"password\": \"bench password\"}");
    char *c = strstr(r, "crawford_td=");
    if (!c)
        fail("login");
    char cookie[128];
    snprintf(cookie, sizeof cookie, "%.*s", (int)strcspn(c, ";\r\n"), c);
    free(r);
    free(request("POST", "/api/v1/tournaments", cookie, "{\"name\": \"SSE bench\"}"));
    sleep(1);
    long before = rss_kb(server);

    int ep = epoll_create1(0);
    static int fds[STREAMS];
    static double got[STREAMS];
    static int seen[STREAMS];
    for (int i = 0; i < STREAMS; i++) {
        fds[i] = dial();
        const char *req = "GET /api/v1/tournaments/1/events HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                          "Accept: text/event-stream\r\n\r\n";
        if (write(fds[i], req, strlen(req)) != (ssize_t)strlen(req))
            fail("write stream request");
        fcntl(fds[i], F_SETFL, O_NONBLOCK);
        struct epoll_event ev = {.events = EPOLLIN, .data.u32 = (uint32_t)i};
        epoll_ctl(ep, EPOLL_CTL_ADD, fds[i], &ev);
    }
    /* wait until every stream got its headers and the first "retry:" line */
    int ready = 0;
    static int started[STREAMS];
    double deadline = now_ms() + 30000;
    struct epoll_event evs[256];
    char buf[4096];
    while (ready < STREAMS && now_ms() < deadline) {
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
        kill(server, SIGKILL);
        return 1;
    }
    sleep(1);
    long after = rss_kb(server);

    /* the broadcast: one change in the tournament */
    double t0 = now_ms();
    free(request("PATCH", "/api/v1/tournaments/1", cookie, "{\"venue\": \"Broadcast\"}"));
    int done = 0;
    deadline = now_ms() + 30000;
    while (done < STREAMS && now_ms() < deadline) {
        int n = epoll_wait(ep, evs, 256, 1000);
        for (int k = 0; k < n; k++) {
            int i = (int)evs[k].data.u32;
            ssize_t m;
            while ((m = read(fds[i], buf, sizeof buf - 1)) > 0) {
                buf[m] = 0;
                if (!seen[i] && strstr(buf, "event: tournament.update")) {
                    seen[i] = 1;
                    got[i] = now_ms() - t0;
                    done++;
                }
            }
        }
    }
    if (done < STREAMS) {
        fprintf(stderr, "bench_sse: only %d of %d streams got the event\n", done, STREAMS);
        kill(server, SIGKILL);
        return 1;
    }
    /* p99 of the delivery times */
    for (int i = 1; i < STREAMS; i++)
        for (int j = i; j > 0 && got[j - 1] > got[j]; j--) {
            double t = got[j];
            got[j] = got[j - 1];
            got[j - 1] = t;
        }
    printf("bench sse.p99_ms %.1f ms\n", got[(int)(STREAMS * 0.99) - 1]);
    printf("bench sse.kb_per_stream %.1f KB\n", (double)(after - before) / STREAMS);
    for (int i = 0; i < STREAMS; i++)
        close(fds[i]);
    kill(server, SIGTERM);
    waitpid(server, NULL, 0);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd))
        return 1;
    return 0;
}
