/* crawford passwd: sets the tournament director's password. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/cli_common.h"
#include "common/secret.h"
#include "store/db.h"

static const char usage[] =
    "usage: crawford passwd [--config FILE] [--db FILE]\n"
    "Sets the tournament director's password. On a terminal it asks twice without echo;\n"
    "otherwise it reads one line from standard input. Every TD session is ended.\n";

int cli_passwd(int argc, char **argv)
{
    struct cli_opts o;
    struct cw_config cfg;
    int rc = cli_parse(argc, argv, &o, 0, usage);
    if (rc || o.help)
        return rc;
    if ((rc = cli_config(&o, &cfg)))
        return rc;
    char pw[CW_PASSWORD_MAX + 2], again[CW_PASSWORD_MAX + 2];
    if (isatty(STDIN_FILENO)) {
        if (cli_read_password("New TD password: ", pw, sizeof pw) ||
            cli_read_password("Again: ", again, sizeof again)) {
            fprintf(stderr, "crawford passwd: cannot read the password from the terminal\n");
            return 1;
        }
        if (strcmp(pw, again)) {
            fprintf(stderr, "crawford passwd: the two passwords differ; nothing changed\n");
            return 1;
        }
    } else {
        if (!fgets(pw, sizeof pw, stdin)) {
            fprintf(stderr, "crawford passwd: no password on standard input\n");
            return 1;
        }
        pw[strcspn(pw, "\r\n")] = 0;
    }
    struct db *db;
    if ((rc = cli_open_db(&cfg, &db)))
        return rc;
    rc = cli_set_td_password(db, pw, "cli") ? 1 : 0;
    memset(pw, 0, sizeof pw);
    memset(again, 0, sizeof again);
    db_close(db);
    if (!rc)
        printf("TD password set for %s.\n", cfg.database);
    return rc;
}
