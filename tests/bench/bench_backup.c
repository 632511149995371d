/* A backup while players report: `crawford backup` of a 1,000-player, 5,000-match database,
 * three times, while 64 players report games on keep-alive connections (each report
 * validated and durably committed before its 2xx). Each copy must be whole (integrity_check,
 * foreign keys) and hold every report acknowledged before its backup began; the reporters'
 * p99 while a backup runs should stay under 100 ms.
 * Prints `bench resilience.backup_ms VALUE ms` (the median of the three) and
 * `bench resilience.backup_report_p99_ms VALUE ms` (and the p99 between the backups, to
 * compare); fails when a copy is not as it must be. */
#include <fcntl.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/wait.h>
#include <unistd.h>

#include "support/benchlib.h"

#define REPORTERS 64
#define PLAYERS 1000
#define MATCHES 5000
#define BACKUPS 3

struct conn {
    int fd;
    struct bench_reporter rep;
    struct bench_rx rx;
    double sent_at;
    int match, delta; /* the request in flight: which match, +1 a game or -1 taken back */
    /* games of each match as acknowledged, and as they were when each backup began */
    int acked[BENCH_MATCHES], at_start[BACKUPS][BENCH_MATCHES];
};

static struct conn conns[REPORTERS];
static double lat[400000], lat_idle[400000];
static int n_lat, n_idle;

static void send_game(struct conn *c)
{
    char req[1024];
    c->match = c->rep.next;
    c->delta = c->rep.games[c->match] >= BENCH_GAMES_MAX ? -1 : 1;
    int n = bench_reporter_next(&c->rep, req, sizeof req);
    c->sent_at = bench_now_ms();
    if (write(c->fd, req, (size_t)n) != n)
        bench_fail("write");
}

/* Serves the reporters' answers until stop_ms, or while the child backup runs (until it
 * ends: its status into *status); recording latencies only when record. */
static long pump(int ep, double stop_ms, pid_t child, int *status, int record)
{
    static struct epoll_event evs[REPORTERS];
    long bad = 0;
    for (;;) {
        if (child > 0 && waitpid(child, status, WNOHANG) == child)
            break;
        if (child <= 0 && bench_now_ms() >= stop_ms)
            break;
        int n = epoll_wait(ep, evs, REPORTERS, 5);
        for (int k = 0; k < n; k++) {
            struct conn *c = &conns[evs[k].data.u32];
            if (!bench_rx_fill(c->fd, &c->rx))
                continue;
            int st;
            while (bench_rx_take(&c->rx, &st)) {
                if (st >= 200 && st < 300) {
                    c->acked[c->match] += c->delta;
                    double ms = bench_now_ms() - c->sent_at;
                    if (record && n_lat < (int)(sizeof lat / sizeof lat[0]))
                        lat[n_lat++] = ms;
                    else if (!record && n_idle < (int)(sizeof lat_idle / sizeof lat_idle[0]))
                        lat_idle[n_idle++] = ms;
                } else {
                    bad++;
                }
                send_game(c);
            }
        }
    }
    return bad;
}

/* The copy as it must be: whole, 1,000 players, 5,000 matches, and each reporter's games
 * as acknowledged before backup b began (or more). 0, or -1 having said what is wrong. */
static int check_copy(const char *path, int b)
{
    sqlite3 *h;
    sqlite3_stmt *st;
    if (sqlite3_open_v2(path, &h, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK) {
        fprintf(stderr, "bench_backup: the copy %s does not open\n", path);
        return -1;
    }
    int rc = 0;
    sqlite3_prepare_v2(h, "PRAGMA integrity_check", -1, &st, NULL);
    if (sqlite3_step(st) != SQLITE_ROW || strcmp((const char *)sqlite3_column_text(st, 0), "ok")) {
        fprintf(stderr, "bench_backup: the copy fails its integrity check\n");
        rc = -1;
    }
    sqlite3_finalize(st);
    sqlite3_prepare_v2(h, "PRAGMA foreign_key_check", -1, &st, NULL);
    if (sqlite3_step(st) == SQLITE_ROW) {
        fprintf(stderr, "bench_backup: the copy fails its foreign keys\n");
        rc = -1;
    }
    sqlite3_finalize(st);
    sqlite3_prepare_v2(h, "SELECT (SELECT count(*) FROM players), (SELECT count(*) FROM matches)",
                       -1, &st, NULL);
    if (sqlite3_step(st) != SQLITE_ROW || sqlite3_column_int(st, 0) != PLAYERS ||
        sqlite3_column_int(st, 1) != MATCHES) {
        fprintf(stderr, "bench_backup: the copy has %d players and %d matches\n",
                sqlite3_column_int(st, 0), sqlite3_column_int(st, 1));
        rc = -1;
    }
    sqlite3_finalize(st);
    sqlite3_prepare_v2(h,
                       /* a score-only report's games are "a:1:single,b:1:single..." */
                       "SELECT coalesce(max(CASE WHEN games LIKE '[%' THEN "
                       "json_array_length(games) WHEN games = '' THEN 0 ELSE length(games) - "
                       "length(replace(games, ',', '')) + 1 END), 0) FROM reports "
                       "WHERE match_id = ?1 AND side = 0 AND current = 1",
                       -1, &st, NULL);
    long missing = 0;
    for (int i = 0; i < REPORTERS; i++)
        for (int k = 0; k < BENCH_MATCHES; k++) {
            sqlite3_bind_int64(st, 1, conns[i].rep.matches[k]);
            int have = sqlite3_step(st) == SQLITE_ROW ? sqlite3_column_int(st, 0) : -1;
            if (have < 0) {
                fprintf(stderr, "bench_backup: the copy's reports: %s\n", sqlite3_errmsg(h));
                missing++;
                continue;
            }
            sqlite3_reset(st);
            /* a game taken back after the backup began may be gone already: none is taken
             * back before a match holds BENCH_GAMES_MAX games, which a short run never
             * reaches; the check is exact for every match below that */
            if (conns[i].at_start[b][k] < BENCH_GAMES_MAX && have < conns[i].at_start[b][k]) {
                if (!missing)
                    fprintf(stderr,
                            "bench_backup: match %lld: %d games acknowledged, %d in copy %d\n",
                            conns[i].rep.matches[k], conns[i].at_start[b][k], have, b);
                missing += conns[i].at_start[b][k] - have;
            }
        }
    sqlite3_finalize(st);
    sqlite3_close(h);
    if (missing) {
        fprintf(stderr, "bench_backup: %ld games acknowledged before the backup are not in it\n",
                missing);
        rc = -1;
    }
    return rc;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

int main(void)
{
    struct bench_server s;
    bench_start(&s, getenv("BENCH_EXTRA"));
    bench_login(&s);
    long long tid = bench_post_id(&s, "/api/v1/tournaments", "{\"name\": \"Backup\"}");
    for (int i = 0; i < REPORTERS; i++)
        bench_reporter_setup(&s, &conns[i].rep, tid, i);
    /* the rest of the 1,000 players, and of the 5,000 matches between them */
    char ppath[128], mpath[128], body[256];
    snprintf(ppath, sizeof ppath, "/api/v1/tournaments/%lld/players", tid);
    snprintf(mpath, sizeof mpath, "/api/v1/tournaments/%lld/matches", tid);
    static long long pids[PLAYERS];
    int np = 0;
    for (int i = 2 * REPORTERS; i < PLAYERS; i++) {
        snprintf(body, sizeof body, "{\"name\": \"Player %d\", \"country\": \"DE\"}", i);
        pids[np++] = bench_post_id(&s, ppath, body);
    }
    for (int i = REPORTERS * BENCH_MATCHES; i < MATCHES; i++) {
        snprintf(body, sizeof body, "{\"player_a\": %lld, \"player_b\": %lld, \"length\": 7}",
                 pids[i % np], pids[(i / np + i + 1) % np]);
        bench_post_id(&s, mpath, body);
    }

    int ep = epoll_create1(0);
    for (int i = 0; i < REPORTERS; i++) {
        conns[i].fd = bench_dial(&s);
        fcntl(conns[i].fd, F_SETFL, O_NONBLOCK);
        struct epoll_event ev = {.events = EPOLLIN, .data.u32 = (uint32_t)i};
        epoll_ctl(ep, EPOLL_CTL_ADD, conns[i].fd, &ev);
        send_game(&conns[i]);
    }
    long bad = pump(ep, bench_now_ms() + 1000, 0, NULL, 0); /* warmed up */
    const char *bin = getenv("CRAWFORD_BIN") ? getenv("CRAWFORD_BIN") : "build/rel/crawford";
    double took[BACKUPS];
    int failed = 0;
    char db[128], copy[BACKUPS][128];
    snprintf(db, sizeof db, "%s/b.db", s.dir);
    for (int b = 0; b < BACKUPS; b++) {
        snprintf(copy[b], sizeof copy[b], "%s/copy-%d.db", s.dir, b);
        /* what is acknowledged now was acknowledged before the backup began */
        for (int i = 0; i < REPORTERS; i++)
            memcpy(conns[i].at_start[b], conns[i].acked, sizeof conns[i].acked);
        double t0 = bench_now_ms();
        pid_t child = fork();
        if (child == 0) {
            int null = open("/dev/null", O_WRONLY);
            dup2(null, 1);
            execl(bin, bin, "backup", "--db", db, copy[b], (char *)NULL);
            _exit(127);
        }
        int status = 0;
        bad += pump(ep, 0, child, &status, 1);
        took[b] = bench_now_ms() - t0;
        if (!WIFEXITED(status) || WEXITSTATUS(status)) {
            fprintf(stderr, "bench_backup: crawford backup failed (status %d)\n", status);
            failed = 1;
        }
        bad += pump(ep, bench_now_ms() + 500, 0, NULL, 0);
    }
    for (int b = 0; b < BACKUPS && !failed; b++)
        if (check_copy(copy[b], b))
            failed = 1;
    qsort(took, BACKUPS, sizeof took[0], cmp_double);
    if (bad)
        fprintf(stderr, "bench_backup: %ld answers were not 2xx\n", bad);
    printf("bench resilience.backup_ms %.0f ms\n", took[BACKUPS / 2]);
    printf("bench resilience.backup_report_p99_ms %.1f ms\n", bench_p99(lat, n_lat));
    printf("bench resilience.backup_reports_during %d count\n", n_lat);
    /* the same reporters between the backups, to compare */
    printf("bench resilience.no_backup_report_p99_ms %.1f ms\n", bench_p99(lat_idle, n_idle));
    for (int i = 0; i < REPORTERS; i++)
        close(conns[i].fd);
    bench_stop(&s);
    return bad || failed ? 1 : 0;
}
