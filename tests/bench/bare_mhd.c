/* A bare libmicrohttpd serving one body, for the side-by-side figure of issue 37
 * (tests/bench/bench_bare.sh): what the library alone costs per GET on this machine, with
 * the threading Crawford uses (an internal pool with poll(), four threads a CPU, the same
 * 4 KB connection pool), answering every request with the body of a file as
 * application/json. Nothing else: no routing, no access log, no headers of its own.
 *
 * Usage: bare_mhd BODY_FILE [THREADS]  (THREADS as Crawford's setting: 1 is the daemon's
 * own polling thread alone, as make cost runs both; prints "serving http://127.0.0.1:PORT/" once listening; runs
 * until SIGTERM or SIGINT) */
#include <arpa/inet.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char *body;
static size_t body_len;

static enum MHD_Result on_request(void *cls, struct MHD_Connection *c, const char *url,
                                  const char *method, const char *version, const char *upload,
                                  size_t *upload_size, void **con_cls)
{
    (void)cls, (void)url, (void)method, (void)version, (void)upload, (void)upload_size;
    /* the first call has the head only: answering on the second, as Crawford does (an
     * answer on the first makes 0.9.75 close a keep-alive connection) */
    if (!*con_cls) {
        *con_cls = c;
        return MHD_YES;
    }
    struct MHD_Response *r =
        MHD_create_response_from_buffer(body_len, body, MHD_RESPMEM_PERSISTENT);
    MHD_add_response_header(r, "Content-Type", "application/json");
    enum MHD_Result ok = MHD_queue_response(c, MHD_HTTP_OK, r);
    MHD_destroy_response(r);
    return ok;
}

static volatile sig_atomic_t stop;

static void on_signal(int sig)
{
    (void)sig;
    stop = 1;
}

int main(int argc, char **argv)
{
    if (argc != 2 && argc != 3) {
        fprintf(stderr, "usage: bare_mhd BODY_FILE [THREADS]\n");
        return 2;
    }
    FILE *f = fopen(argv[1], "rb");
    if (!f || fseek(f, 0, SEEK_END) || (body_len = (size_t)ftell(f), fseek(f, 0, SEEK_SET)) ||
        !(body = malloc(body_len + 1)) || fread(body, 1, body_len, f) != body_len) {
        fprintf(stderr, "bare_mhd: cannot read %s\n", argv[1]);
        return 1;
    }
    fclose(f);
    long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
    unsigned threads = argc == 3 ? (unsigned)atoi(argv[2])
                                 : (unsigned)(ncpu > 0 ? 4 * ncpu : 4);
    struct sockaddr_in sa;
    memset(&sa, 0, sizeof sa);
    sa.sin_family = AF_INET;
    sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    struct MHD_Daemon *d = MHD_start_daemon(
        MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_POLL | MHD_USE_ERROR_LOG, 0, NULL, NULL,
        on_request, NULL, MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&sa,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)4096, MHD_OPTION_CONNECTION_TIMEOUT,
        (unsigned)60, /* last: without a pool, the list ends here */
        threads > 1 ? MHD_OPTION_THREAD_POOL_SIZE : MHD_OPTION_END, threads, MHD_OPTION_END);
    if (!d) {
        fprintf(stderr, "bare_mhd: the daemon did not start\n");
        return 1;
    }
    const union MHD_DaemonInfo *di = MHD_get_daemon_info(d, MHD_DAEMON_INFO_BIND_PORT);
    printf("serving http://127.0.0.1:%u/\n", di ? (unsigned)di->port : 0u);
    fflush(stdout);
    signal(SIGTERM, on_signal);
    signal(SIGINT, on_signal);
    while (!stop)
        pause();
    MHD_stop_daemon(d);
    free(body);
    return 0;
}
