/* crawford migrate: brings the database to this binary's schema and exits. */
#include <stdio.h>

#include "cli/cli.h"
#include "cli/cli_common.h"
#include "store/db.h"

static const char usage[] = "usage: crawford migrate [--config FILE] [--db FILE]\n"
                            "Creates the database if needed and applies the migrations.\n";

int cli_migrate(int argc, char **argv)
{
    struct cli_opts o;
    struct cw_config cfg;
    int rc = cli_parse(argc, argv, &o, 0, usage);
    if (rc || o.help)
        return rc;
    if ((rc = cli_config(&o, &cfg)))
        return rc;
    struct db *db;
    if ((rc = cli_open_db(&cfg, &db)))
        return rc;
    printf("%s: schema version %d\n", cfg.database, db_schema_version(db));
    db_close(db);
    return 0;
}
