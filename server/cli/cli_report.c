/* `crawford report`: the report to the federation (GOV-8) written offline, from the
 * database read alone (a copy, or beside a server that goes on serving): the same report
 * as the console's download (ops/report/), as files in a folder. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/cli_common.h"
#include "common/clock.h"
#include "ops/report/report.h"
#include "store/db.h"

static const char usage[] =
    "usage: crawford report [--config FILE] [--db FILE] --tournament N [--format json|csv]\n"
    "                       --out DIR\n"
    "Writes the report to the federation of tournament N (GOV-8: every match result, every\n"
    "ruling, every disqualification, every refused or moved-up entry, the officials, the\n"
    "players with no federation id) into the folder DIR, made if missing: report.json\n"
    "(json, the default; its schema is docs/report.schema.json) or one CSV file a table\n"
    "(csv). The database is only read. Exit status: 0 written, 1 no such tournament or the\n"
    "folder cannot be written, 2 a usage error or a database that cannot be read.\n";

struct out_dir {
    const char *dir;
    char err[600];
};

/* One file, written whole under a temporary name, then renamed into place. */
static int write_file(void *ctx, const char *name, const char *data, size_t len)
{
    struct out_dir *d = ctx;
    char path[1200], tmp[1300];
    snprintf(path, sizeof path, "%s/%s", d->dir, name);
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    size_t done = 0;
    while (fd >= 0 && done < len) {
        ssize_t n = write(fd, data + done, len - done);
        if (n <= 0)
            break;
        done += (size_t)n;
    }
    int ok = fd >= 0 && done == len && !fsync(fd);
    int saved = errno;
    if (fd >= 0 && close(fd))
        ok = 0;
    if (ok && rename(tmp, path))
        ok = 0, saved = errno;
    if (!ok) {
        if (fd >= 0)
            unlink(tmp);
        snprintf(d->err, sizeof d->err, "%s cannot be written: %s", path, strerror(saved));
        return 1;
    }
    return 0;
}

static int usage_error(const char *why)
{
    fprintf(stderr, "crawford report: %s\n%s", why, usage);
    return 2;
}

int cli_report(int argc, char **argv)
{
    const char *config = NULL, *dbpath = NULL, *tour = NULL, *format = "json", *out = NULL;
    for (int i = 1; i < argc; i++) {
        const char **to = !strcmp(argv[i], "--config")       ? &config
                          : !strcmp(argv[i], "--db")         ? &dbpath
                          : !strcmp(argv[i], "--tournament") ? &tour
                          : !strcmp(argv[i], "--format")     ? &format
                          : !strcmp(argv[i], "--out")        ? &out
                                                             : NULL;
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            fputs(usage, stdout);
            return 0;
        }
        if (!to) {
            char why[300];
            snprintf(why, sizeof why, "unknown option %s", argv[i]);
            return usage_error(why);
        }
        if (i + 1 >= argc)
            return usage_error("an option without its value");
        *to = argv[++i];
    }
    char *end = NULL;
    long long tid = tour ? strtoll(tour, &end, 10) : 0;
    if (!tour || !*tour || *end || tid < 1)
        return usage_error("--tournament N names the tournament by its number (1, 2, ...)");
    int f = -1;
    for (int i = 0; fed_report_formats[i]; i++)
        if (!strcmp(format, fed_report_formats[i]))
            f = i;
    if (f < 0)
        return usage_error("--format is json or csv");
    if (!out || !*out)
        return usage_error("--out DIR says which folder the report goes to");
    struct cw_config cfg;
    if (!dbpath) {
        struct cli_opts o = {config, NULL, -1, NULL, 0};
        if (cli_config(&o, &cfg))
            return 2;
        dbpath = cfg.database;
    }
    struct db *db;
    char err[1500];
    if (db_open_readonly(dbpath, &db, err, sizeof err)) {
        fprintf(stderr, "crawford report: %s\n", err);
        return 2;
    }
    struct op o = op_server(db, cw_now_ms(), "cli");
    struct fed_report r;
    struct problem pb = {0, NULL};
    int rc = op_fed_report_build(&o, tid, &r, &pb);
    if (rc) {
        const char *detail = json_string_value(json_object_get(pb.json, "detail"));
        fprintf(stderr, "crawford report: %s\n", detail ? detail : "the report failed");
        problem_free(&pb);
        op_fed_report_free(&r);
        db_close(db);
        return 1;
    }
    db_close(db);
    struct out_dir d = {out, ""};
    struct stat st;
    if (mkdir(out, 0755) && errno != EEXIST)
        snprintf(d.err, sizeof d.err, "the folder %s cannot be made: %s", out, strerror(errno));
    else if (stat(out, &st) || !S_ISDIR(st.st_mode))
        snprintf(d.err, sizeof d.err, "%s is not a folder", out);
    if (!d.err[0])
        rc = op_fed_report_files(&r, (enum fed_report_format)f, write_file, &d);
    op_fed_report_free(&r);
    if (d.err[0] || rc) {
        fprintf(stderr, "crawford report: no report written: %s\n",
                d.err[0] ? d.err : "out of memory");
        return 1;
    }
    printf("crawford report: tournament %lld written to %s (%s)\n", tid, out, format);
    return 0;
}
