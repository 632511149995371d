/* crawford: one binary, several subcommands. This file only dispatches. */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"

#ifndef CRAWFORD_VERSION
#define CRAWFORD_VERSION "0.1.0"
#endif

struct subcommand {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
};

static const struct subcommand subcommands[] = {
    {"serve", cli_serve, "serve the tournament over HTTP [--config FILE] [--port N] [--db FILE]"},
    {"passwd", cli_passwd, "set the tournament director's password [--config FILE] [--db FILE]"},
    {"migrate", cli_migrate, "apply the database migrations and exit [--config FILE] [--db FILE]"},
    {"restore", cli_restore,
     "put a copy of the database in place, held for the TD COPY [--db FILE] [--force]"},
    {"backup", cli_backup,
     "copy the database, while it serves, to DEST (a file or a folder) [--config FILE] "
     "[--db FILE] DEST"},
    {"moves", cli_moves, "list every legal play of positions read as JSON lines [--text]"},
    {"validate", cli_validate,
     "replay .mat transcripts, say valid or the first error [--policy legal|responsible] "
     "[--json] FILE..."},
    {"report", cli_report,
     "write the report to the federation (GOV-8) --tournament N [--format json|csv] --out DIR "
     "[--db FILE]"},
    {"draw", cli_draw, "print a knockout draw --seed S --entries FILE [--late N] [--json]"},
};

static void usage(FILE *to)
{
    fprintf(to, "usage: crawford COMMAND [OPTIONS]\n\ncommands:\n");
    for (size_t i = 0; i < sizeof subcommands / sizeof subcommands[0]; i++)
        fprintf(to, "  %-9s %s\n", subcommands[i].name, subcommands[i].summary);
    fprintf(to, "  %-9s print the version\n", "version");
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    if (!strcmp(argv[1], "version") || !strcmp(argv[1], "--version")) {
        printf("crawford %s\n", CRAWFORD_VERSION);
        return 0;
    }
    if (!strcmp(argv[1], "help") || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        usage(stdout);
        return 0;
    }
    for (size_t i = 0; i < sizeof subcommands / sizeof subcommands[0]; i++)
        if (!strcmp(argv[1], subcommands[i].name))
            return subcommands[i].run(argc - 1, argv + 1);
    fprintf(stderr, "crawford: unknown command '%s'\n", argv[1]);
    usage(stderr);
    return 2;
}
