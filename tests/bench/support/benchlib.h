/* What the C benchmarks share: a release server started on a free port with a temporary
 * database, plain HTTP/1.1 requests over loopback, and the server's memory. */
#ifndef BENCHLIB_H
#define BENCHLIB_H

#include <stddef.h>
#include <sys/types.h>

struct bench_server {
    pid_t pid;
    int port;
    char dir[64];
    char cookie[128]; /* the TD's session after bench_login */
};

void bench_fail(const char *what);
/* extra: JSON members added to the config, or NULL. */
void bench_start(struct bench_server *s, const char *extra);
void bench_stop(struct bench_server *s);
void bench_login(struct bench_server *s);
/* A blocking TCP connection to the server. */
int bench_dial(const struct bench_server *s);
/* One request on a fresh connection; returns the whole response (malloc'd). */
char *bench_request(const struct bench_server *s, const char *method, const char *path,
                    const char *cookie, const char *body);
/* The integer after "key": in a response's JSON body (-1 if absent). */
long long bench_json_int(const char *response, const char *key);
/* POSTs body to path as the server's TD and returns the "id" of what it made; stops the
 * benchmark when there is none. */
long long bench_post_id(struct bench_server *s, const char *path, const char *body);
/* The string after "key": copied into out, or "" */
void bench_json_str(const char *response, const char *key, char *out, size_t len);
/* The value of a cookie set by the response ("name=value"), or "" */
void bench_cookie(const char *response, const char *name, char *out, size_t len);
/* A memory line of /proc/PID/status (field "VmRSS:", the resident memory, or "VmHWM:",
 * its peak), in kB; -1 when unknown. bench_rss_kb: the resident memory. */
long bench_status_kb(pid_t pid, const char *field);
long bench_rss_kb(pid_t pid);
double bench_now_ms(void);
/* Raises the open-files limit to its maximum; returns it. */
long bench_raise_nofile(void);

/* A player who reports games over a keep-alive connection (bench_report, bench_mixed):
 * logged in, with BENCH_MATCHES matches of 99 points against one opponent. Each request is
 * the next game of the next match, a win for each side in turn so that the score stays
 * level; a match that holds BENCH_GAMES_MAX games (99-98 would end it) has its last game
 * taken back instead (DELETE .../games/last), so that no match ends, however fast the
 * server answers and however unevenly it serves the players. */
#define BENCH_MATCHES 8
#define BENCH_GAMES_MAX 180
struct bench_reporter {
    long long tid, matches[BENCH_MATCHES];
    int next, games[BENCH_MATCHES], winner[BENCH_MATCHES];
    char cookie[128];
};
/* Registers "Reporter i" and "Opponent i" in tournament tid, their matches, and logs the
 * reporter in. */
void bench_reporter_setup(const struct bench_server *s, struct bench_reporter *r, long long tid,
                          int i);
/* The reporter's next request, written into req; its length. */
int bench_reporter_next(struct bench_reporter *r, char *req, size_t len);

/* The players' file of the CSV benchmarks (bench_csv, bench_csv_stored): rows players as a
 * spreadsheet set to a comma-decimal locale writes them (UTF-8 with a BOM, `;`, CRLF,
 * decimal commas, accents, quoted names with a comma, federation ids with leading zeros);
 * malloc'd, its length in *len (when len is not NULL). Row i's player is named bench_player_name(i). */
char *bench_players_csv(int rows, size_t *len);
void bench_player_name(int i, char *out, size_t len);

/* Sorts v (n values) in place, smallest first. */
void bench_sort(double *v, int n);
/* Sorts v and returns its 99th percentile by nearest rank (0 when n is 0). */
double bench_p99(double *v, int n);

/* What a keep-alive connection has received: whole HTTP responses are taken one at a
 * time; headers are buffered, bodies (up to a megabyte for a large list) counted and
 * dropped. A caller reads into it with bench_rx_fill. */
struct bench_rx {
    char in[1 << 14];
    size_t len;
    size_t skip; /* bytes of a body still to come */
    int status;  /* of the response whose body is being dropped */
};
/* 1 when a whole response has come (its status in *status), else 0. */
int bench_rx_take(struct bench_rx *rx, int *status);
/* Reads what a non-blocking connection has into rx: 1 when something came, 0 when nothing
 * was there yet; a closed connection or headers larger than the buffer end the bench. */
int bench_rx_fill(int fd, struct bench_rx *rx);

#endif
