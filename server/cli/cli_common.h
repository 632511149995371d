/* What the subcommands share: --config/--db/--port, loading the settings, opening the
 * database, reading a password from the terminal, setting the TD password. */
#ifndef CLI_COMMON_H
#define CLI_COMMON_H

#include <stddef.h>

#include "common/config.h"

struct db;

struct cli_opts {
    const char *config; /* NULL: compiled-in defaults */
    const char *db;     /* NULL: the config's database */
    int port;           /* -1: the config's port */
    const char *arg;    /* the one argument that is not an option (CLI_ARG), or NULL */
    int help;
};

/* Parses the options of serve/passwd/migrate/backup. flags: CLI_PORT, --port is accepted;
 * CLI_ARG, one argument that is no option (backup's DEST). Returns 0, or 2 after printing
 * the error and usage. */
#define CLI_PORT 1
#define CLI_ARG 2
int cli_parse(int argc, char **argv, struct cli_opts *o, int flags, const char *usage);
/* Defaults, then the file, then the options. Returns 0, or 2 after printing the error. */
int cli_config(const struct cli_opts *o, struct cw_config *cfg);
/* Opens and migrates the database; 0, or 1 after printing the error. */
int cli_open_db(const struct cw_config *cfg, struct db **db);
/* Reads a line from the terminal without echo; 0 or -1. */
int cli_read_password(const char *prompt, char *buf, size_t len);
/* Checks, hashes and stores the TD password (audited, all sessions ended). 0, or -1 after
 * printing why. */
int cli_set_td_password(struct db *db, const char *password, const char *actor);
/* 1 when a TD password is set. */
int cli_has_td_password(struct db *db);

#endif
