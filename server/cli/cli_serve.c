/* crawford serve: opens the database, makes sure the TD can log in, serves HTTP until
 * SIGTERM or SIGINT, then stops accepting, finishes what is in flight and closes. */
#include <pthread.h>
#include <signal.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "api/bus.h"
#include "api/cache.h"
#include "api/handlers.h"
#include "api/limiter.h"
#include "api/replay.h"
#include "app.h"
#include "cli/cli.h"
#include "cli/cli_common.h"
#include "common/clock.h"
#include "common/secret.h"
#include "http/accesslog.h"
#include "http/fairshare.h"
#include "http/server.h"
#include "http/sse.h"
#include "ops/clock/hold.h"
#include "ops/people/login.h"
#include "ops/tournament/snapshots.h"
#include "ops/clock/ticks.h"
#include "store/readers.h"
#include "store/store.h"

static const char usage[] =
    "usage: crawford serve [--config FILE] [--port N] [--db FILE]\n"
    "Serves the tournament over HTTP. Without --config the built-in defaults apply;\n"
    "--port and --db override the file. The settings (see README.md):\n";

static void print_usage_settings(void)
{
    const char *name, *type, *doc;
    for (int i = 0; cw_config_doc(i, &name, &type, &doc) == 0; i++)
        printf("  %-22s %-8s %s\n", name, type, doc);
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

/* On first start the TD chooses a password: at the terminal, or from the environment
 * variable CRAWFORD_TD_PASSWORD (containers, scripts). Returns 0, or 1 to stop. */
static int first_password(struct db *db)
{
    if (cli_has_td_password(db))
        return 0;
    const char *env = getenv("CRAWFORD_TD_PASSWORD");
    if (env && *env) {
        int rc = cli_set_td_password(db, env, "env");
        unsetenv("CRAWFORD_TD_PASSWORD");
        if (rc)
            return 1;
        printf("TD password set from CRAWFORD_TD_PASSWORD.\n");
        return 0;
    }
    if (isatty(STDIN_FILENO)) {
        printf("First start: choose the tournament director's password (8 characters or more).\n");
        for (int tries = 0; tries < 3; tries++) {
            char pw[CW_PASSWORD_MAX + 2], again[CW_PASSWORD_MAX + 2];
            if (cli_read_password("TD password: ", pw, sizeof pw) ||
                cli_read_password("Again: ", again, sizeof again))
                break;
            int same = !strcmp(pw, again);
            int rc = same ? cli_set_td_password(db, pw, "console") : -1;
            memset(pw, 0, sizeof pw);
            memset(again, 0, sizeof again);
            if (!same)
                fprintf(stderr, "The two passwords differ.\n");
            if (rc == 0) {
                printf("TD password set.\n");
                return 0;
            }
        }
    }
    printf("No TD password is set yet, so TD login is refused until one is. Set it with\n"
           "  crawford passwd --db <database>\n"
           "or start the server with the environment variable CRAWFORD_TD_PASSWORD.\n");
    return 0;
}

/* The memory the kept replay chunks may take (api/replay.h): a few tournaments' whole
 * histories. */
#define REPLAY_BYTES (32u << 20)

/* Each connection and each live stream holds a file descriptor; Debian's default soft
 * limit (1,024) is far below the settings' defaults, so the soft limit goes up to the hard
 * one, and a hard limit too low for the settings is said at start, with the way out. */
static void raise_open_files(const struct cw_config *cfg)
{
    rlim_t need = (rlim_t)http_fair_descriptors(cfg);
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl))
        return;
    if (rl.rlim_cur < rl.rlim_max) {
        rlim_t was = rl.rlim_cur;
        rl.rlim_cur = rl.rlim_max;
        if (setrlimit(RLIMIT_NOFILE, &rl))
            rl.rlim_cur = was;
    }
    if (rl.rlim_cur < need)
        fprintf(stderr,
                "crawford: warning: the open-file limit is %llu, but max_connections (%d) and "
                "max_streams (%d) need about %llu; past it new connections are refused. Raise "
                "the hard limit (LimitNOFILE= in a systemd unit, ulimit -Hn as root, "
                "--ulimit nofile= for docker) or lower those settings.\n",
                (unsigned long long)rl.rlim_cur, cfg->max_connections, cfg->max_streams,
                (unsigned long long)need);
}

int cli_serve(int argc, char **argv)
{
    struct cli_opts o;
    struct app app;
    memset(&app, 0, sizeof app);
    int rc = cli_parse(argc, argv, &o, CLI_PORT, usage);
    if (o.help)
        print_usage_settings();
    if (rc || o.help)
        return rc;
    if ((rc = cli_config(&o, &app.cfg)))
        return rc;
    if (cw_secret_init()) {
        fprintf(stderr, "crawford: libsodium failed to initialise\n");
        return 1;
    }
    raise_open_files(&app.cfg);
    /* a bad setting stops the program with status 2, naming it (before anything opens) */
    struct stat sd;
    if (stat(app.cfg.static_dir, &sd) || !S_ISDIR(sd.st_mode)) {
        fprintf(stderr, "crawford: static_dir %s: not a folder that can be read\n",
                app.cfg.static_dir);
        return 2;
    }
    if (http_log_open(app.cfg.access_log)) {
        fprintf(stderr, "crawford: access_log %s: cannot open it for appending\n",
                app.cfg.access_log);
        return 2;
    }
    if ((rc = cli_open_db(&app.cfg, &app.db)))
        return rc;
    /* `crawford restore` refuses to replace a database while this lock says it is served */
    int served_fd = open(app.cfg.database, O_RDONLY | O_CLOEXEC);
    if (served_fd >= 0)
        flock(served_fd, LOCK_SH | LOCK_NB);
    if (first_password(app.db)) {
        db_close(app.db);
        return 1;
    }
    /* a copy restored on another laptop: its running clocks stop where the copy ends, and
     * play waits for the TD (the guide's "When the laptop dies") */
    int held = 0;
    int paused = op_hold_start(app.db, cw_now_ms(), &held);
    if (paused < 0) {
        fprintf(stderr, "crawford: cannot pause the clocks of the restored database: %s\n",
                db_errmsg(app.db));
        db_close(app.db);
        return 1;
    }
    if (held)
        printf("crawford: this database was restored and waits for the TD (%d running clock%s "
               "paused): in the TD's console, confirm or set the times, then confirm the resume\n",
               paused, paused == 1 ? "" : "s");
    app.cache = api_cache_new();
    /* as many as the HTTP threads can lend at once, opened as they are needed */
    app.readers = db_readers_new(app.db, 64);
    app.bus = api_bus_new();
    app.replay = api_replay_new(REPLAY_BYTES);
    const int64_t day = 24 * 3600 * 1000;
    app.login_lim = api_limiter_new(API_LIMIT_LOCK, app.cfg.login_max_failures,
                                    (int64_t)app.cfg.login_lock_minutes * 60 * 1000, day);
    /* An official's right passwords: 10 logins in a row free (as many as the sessions
     * kept), then each next one waits 1 s, 2 s, 4 s ... up to a minute after the last,
     * until an hour without any: a person logging in on their devices never notices, a
     * script holding one password is slowed to a login a minute (README, Security). */
    app.official_lim = api_limiter_new(API_LIMIT_DELAY, LOGIN_SESSIONS_MAX, 1000, 60 * 1000);
    app.pin_pair_lim = api_limiter_new(API_LIMIT_LOCK, app.cfg.pin_max_failures,
                                       (int64_t)app.cfg.pin_lock_minutes * 60 * 1000, day);
    app.pin_ip_lim = api_limiter_new(API_LIMIT_LOCK, app.cfg.pin_address_max_failures,
                                     (int64_t)app.cfg.pin_lock_minutes * 60 * 1000, day);
    app.pin_lim = api_limiter_new(API_LIMIT_DELAY, app.cfg.pin_max_failures, 1000,
                                  (int64_t)app.cfg.pin_player_max_delay_s * 1000);
    if (!app.cache || !app.readers || !app.login_lim || !app.official_lim || !app.pin_lim ||
        !app.pin_pair_lim || !app.pin_ip_lim || !app.bus || !app.replay) {
        fprintf(stderr, "crawford: out of memory\n");
        return 1;
    }
    struct api_limiter *lims[] = {app.login_lim, app.pin_pair_lim, app.pin_ip_lim, app.pin_lim,
                                  app.official_lim};
    enum { NLIMS = sizeof lims / sizeof lims[0] };
    char lim_path[NLIMS][1100];
    static const char *const lim_names[NLIMS] = {"login", "pin-pair", "pin-address", "pin-player",
                                                 "login-official"};
    for (int i = 0; i < NLIMS; i++) {
        snprintf(lim_path[i], sizeof lim_path[i], "%s.limits-%s", app.cfg.database, lim_names[i]);
        api_limiter_load(lims[i], lim_path[i], cw_now_ms());
    }
    /* on a thread and connections of their own, beside the serving */
    app.snapshots = op_snapshots_start(app.cfg.database, app.cfg.snapshot_folder,
                                       app.cfg.snapshot_interval_minutes, app.cfg.snapshot_keep);
    if (!app.snapshots)
        fprintf(stderr, "crawford: warning: the snapshots could not be started (no thread)\n");
    db_set_change_hook(app.db, drop_cached, app.cache);
    db_set_publish_hook(app.db, publish, app.bus);

    /* Signals are taken by this thread alone, with sigtimedwait; the server's threads
     * inherit the blocked mask. */
    sigset_t sigs;
    sigemptyset(&sigs);
    sigaddset(&sigs, SIGINT);
    sigaddset(&sigs, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &sigs, NULL);
    signal(SIGPIPE, SIG_IGN);

    struct http_server *srv;
    char err[512];
    if (http_start(&app, &srv, err, sizeof err)) {
        fprintf(stderr, "crawford: %s\n", err);
        db_close(app.db);
        return 1;
    }
    printf("crawford: serving http://%s:%d/ with database %s\n",
           strcmp(app.cfg.bind, "0.0.0.0") && strcmp(app.cfg.bind, "::") ? app.cfg.bind
                                                                         : "localhost",
           http_port(srv), app.cfg.database);
    printf("crawford: the TD logs in with POST /api/v1/login {\"password\": ...};\n"
           "          forgot the password? run: crawford passwd --db %s\n",
           app.cfg.database);
    fflush(stdout);

    int64_t last_purge = 0;
    for (;;) {
        struct timespec one_second = {1, 0};
        int sig = sigtimedwait(&sigs, NULL, &one_second);
        if (sig == SIGINT || sig == SIGTERM) {
            printf("crawford: %s received, finishing requests in flight\n",
                   sig == SIGINT ? "SIGINT" : "SIGTERM");
            fflush(stdout);
            break;
        }
        http_log_flush();
        /* the login limits survive a restart; written at most once a second, unsynced */
        for (int i = 0; i < NLIMS; i++)
            api_limiter_save(lims[i], lim_path[i]);
        int64_t now = cw_now_ms();
        http_sse_tick(&app, now);
        op_deadline_tick(app.db, now);
        op_clock_tick(app.db, now);
        if (now - last_purge > 600000) {
            op_sessions_purge(app.db, now);
            last_purge = now;
        }
    }
    http_stop(srv, 10000);
    op_snapshots_stop(app.snapshots);
    for (int i = 0; i < NLIMS; i++)
        api_limiter_save(lims[i], lim_path[i]);
    http_log_close();
    db_readers_free(app.readers);
    db_close(app.db);
    api_cache_free(app.cache);
    api_bus_free(app.bus);
    api_replay_free(app.replay);
    api_limiter_free(app.login_lim);
    api_limiter_free(app.official_lim);
    api_limiter_free(app.pin_lim);
    api_limiter_free(app.pin_pair_lim);
    api_limiter_free(app.pin_ip_lim);
    if (served_fd >= 0)
        close(served_fd);
    printf("crawford: stopped\n");
    return 0;
}
