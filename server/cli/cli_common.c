/* Options, settings, database and password handling shared by the subcommands. */
#include "cli/cli_common.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#include "common/clock.h"
#include "common/secret.h"
#include "ops/frame/frame.h"
#include "store/store.h"

/* The head TD: official #1 (schema/012), whose password `crawford passwd` sets. */
#define HEAD_TD_ID 1

int cli_parse(int argc, char **argv, struct cli_opts *o, int flags, const char *usage)
{
    int allow_port = flags & CLI_PORT;
    memset(o, 0, sizeof *o);
    o->port = -1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            o->help = 1;
            printf("%s", usage);
            return 0;
        }
        const char *val = NULL;
        int is_config = !strcmp(a, "--config"), is_db = !strcmp(a, "--db"),
            is_port = allow_port && !strcmp(a, "--port");
        if (is_config || is_db || is_port) {
            if (i + 1 >= argc) {
                fprintf(stderr, "crawford %s: %s needs a value\n%s", argv[0], a, usage);
                return 2;
            }
            val = argv[++i];
        } else if ((flags & CLI_ARG) && !o->arg && a[0] != '-') {
            o->arg = a;
            continue;
        } else {
            fprintf(stderr, "crawford %s: unknown option '%s'\n%s", argv[0], a, usage);
            return 2;
        }
        if (is_config) {
            o->config = val;
        } else if (is_db) {
            if (!*val) {
                fprintf(stderr, "crawford %s: --db needs a file name\n", argv[0]);
                return 2;
            }
            o->db = val;
        } else {
            char *end;
            long p = strtol(val, &end, 10);
            if (!*val || *end || p < 0 || p > 65535) {
                fprintf(stderr, "crawford %s: --port '%s' is not a port number (0-65535)\n",
                        argv[0], val);
                return 2;
            }
            o->port = (int)p;
        }
    }
    return 0;
}

int cli_config(const struct cli_opts *o, struct cw_config *cfg)
{
    cw_config_defaults(cfg);
    char err[1024];
    if (o->config && cw_config_load(cfg, o->config, err, sizeof err)) {
        fprintf(stderr, "crawford: %s\n", err);
        return 2;
    }
    if (o->db) {
        if (strlen(o->db) >= sizeof cfg->database) {
            fprintf(stderr, "crawford: --db: the file name is too long\n");
            return 2;
        }
        strcpy(cfg->database, o->db);
    }
    if (o->port >= 0)
        cfg->port = o->port;
    return 0;
}

int cli_open_db(const struct cw_config *cfg, struct db **db)
{
    char err[1024];
    if (db_open(cfg->database, cfg->busy_timeout_ms, db, err, sizeof err)) {
        fprintf(stderr, "crawford: %s\n", err);
        return 1;
    }
    return 0;
}

int cli_read_password(const char *prompt, char *buf, size_t len)
{
    FILE *tty = fopen("/dev/tty", "r+");
    if (!tty)
        return -1;
    struct termios old, quiet;
    int fd = fileno(tty);
    int have_term = tcgetattr(fd, &old) == 0;
    if (have_term) {
        quiet = old;
        quiet.c_lflag &= ~(tcflag_t)ECHO;
        tcsetattr(fd, TCSAFLUSH, &quiet);
    }
    fprintf(tty, "%s", prompt);
    fflush(tty);
    char *got = fgets(buf, (int)len, tty);
    if (have_term)
        tcsetattr(fd, TCSAFLUSH, &old);
    fprintf(tty, "\n");
    fclose(tty);
    if (!got)
        return -1;
    buf[strcspn(buf, "\r\n")] = 0;
    return 0;
}

static int read_td_password(const struct op *o, void *in)
{
    return db_official_password(o->db, HEAD_TD_ID, in, CW_PWHASH_LEN + 1);
}

int cli_has_td_password(struct db *db)
{
    char h[CW_PWHASH_LEN + 1];
    struct op o = op_server(db, cw_now_ms(), "cli");
    return op_read(&o, read_td_password, h) == CW_OK;
}

/* The new hash stored, in the frame (ops/frame/frame.c op_run). */
struct td_password {
    const char *hash;
    int ran;    /* the frame was open: a failure is the store's, not a busy database */
    int failed; /* the store refused, and said why */
};

static int store_td_password(const struct op *o, void *in)
{
    struct td_password *p = in;
    struct db *db = o->db;
    p->ran = 1;
    /* A new password ends every session of the head TD, and their browsers' device
     * cookies: whoever knew the old one is logged out (the other officials have
     * passwords of their own). */
    if (db_official_set_password(db, HEAD_TD_ID, p->hash, o->now_ms) ||
        db_sessions_delete_official(db, HEAD_TD_ID) || db_devices_delete_official(db, HEAD_TD_ID) ||
        db_audit(db, 0, o->now_ms, o->who.actor, "td.password_set", "official", HEAD_TD_ID, NULL,
                 NULL)) {
        fprintf(stderr, "crawford: cannot store the password: %s\n", db_errmsg(db));
        p->failed = 1;
        return -1;
    }
    return 0;
}

int cli_set_td_password(struct db *db, const char *password, const char *actor)
{
    size_t n = strlen(password);
    if (n < CW_PASSWORD_MIN || n > CW_PASSWORD_MAX) {
        fprintf(stderr, "crawford: the TD password must be %d to %d characters long\n",
                CW_PASSWORD_MIN, CW_PASSWORD_MAX);
        return -1;
    }
    char h[CW_PWHASH_LEN];
    if (cw_secret_init() || cw_password_hash(password, h)) {
        fprintf(stderr, "crawford: cannot hash the password (out of memory?)\n");
        return -1;
    }
    struct op o = op_server(db, cw_now_ms(), actor);
    struct td_password p = {h, 0, 0};
    if (op_run(&o, store_td_password, &p)) {
        if (!p.ran)
            fprintf(stderr, "crawford: the database is busy; try again\n");
        else if (!p.failed) /* the commit */
            fprintf(stderr, "crawford: cannot store the password\n");
        return -1;
    }
    return 0;
}
