/* crawford backup: a consistent copy of the database, made beside a server that goes on
 * serving and writing (store/backup.c). */
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>

#include "cli/cli.h"
#include "cli/cli_common.h"
#include "common/clock.h"
#include "store/backup.h"

static const char usage[] =
    "usage: crawford backup [--config FILE] [--db FILE] DEST\n"
    "Copies the database to the file DEST (or, when DEST is a folder, to a file in it named\n"
    "for the database and the time), while a server may go on serving and writing: the copy\n"
    "is the database as of one moment, checked, and on the disk before this ends.\n";

int cli_backup(int argc, char **argv)
{
    struct cli_opts o;
    struct cw_config cfg;
    int rc = cli_parse(argc, argv, &o, CLI_ARG, usage);
    if (rc || o.help)
        return rc;
    if (!o.arg || !*o.arg) {
        fprintf(stderr, "crawford backup: say where the copy goes (DEST)\n%s", usage);
        return 2;
    }
    if ((rc = cli_config(&o, &cfg)))
        return rc;
    char dest[1200];
    struct stat st;
    if (!stat(o.arg, &st) && S_ISDIR(st.st_mode)) {
        /* a folder: the copy is named for the database ("crawford" for crawford.db) */
        char label[200], name[300];
        db_backup_label(cfg.database, label, sizeof label);
        db_backup_name(label, cw_now_ms(), name, sizeof name);
        if (snprintf(dest, sizeof dest, "%s/%s", o.arg, name) >= (int)sizeof dest) {
            fprintf(stderr, "crawford backup: %s: the folder's name is too long\n", o.arg);
            return 2;
        }
    } else {
        snprintf(dest, sizeof dest, "%s", o.arg);
    }
    char err[1500];
    /* beside a server, the server first: the copy takes the CPU its players leave */
    (void)setpriority(PRIO_PROCESS, 0, 10);
    if (db_backup(cfg.database, dest, err, sizeof err)) {
        fprintf(stderr, "crawford backup: no copy made: %s\n", err);
        return 1;
    }
    printf("crawford backup: %s copied to %s\n", cfg.database, dest);
    return 0;
}
