/* crawford restore COPY --db TARGET [--force]: brings a copy of the database back as the
 * live one (the TD's guide, "When the laptop dies"). The copy is checked first (a Crawford
 * database, not from a newer crawford, undamaged): a refusal says why, exits 1 and touches
 * nothing. The live database is replaced only with --force and never while a crawford
 * serves it; it is kept beside as TARGET.before-restore. The copy goes in as one snapshot,
 * synced, renamed into place, and marked so that `serve` starts it held: running clocks
 * paused, lateness and deadlines waiting until the TD confirms the times (ops/clock/hold.h). */
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/cli_common.h"
#include "common/clock.h"
#include "store/restore.h"

static const char usage[] =
    "usage: crawford restore COPY [--config FILE] [--db TARGET] [--force]\n"
    "Checks that COPY is a Crawford database this crawford can serve and puts it in place\n"
    "as TARGET (the config's database without --db). An existing TARGET is replaced only\n"
    "with --force (kept as TARGET.before-restore), never while a crawford serves it.\n"
    "`crawford serve` then starts it held: clocks paused until the TD confirms the times.\n";

/* Whether a crawford serves path: `serve` holds a shared lock on the file
 * (cli_serve_lock). 1 yes, 0 no (or no such file). */
static int served(const char *path)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return 0;
    int busy = flock(fd, LOCK_EX | LOCK_NB) && errno == EWOULDBLOCK;
    close(fd);
    return busy;
}

static int sync_dir_of(const char *path)
{
    char buf[1100];
    snprintf(buf, sizeof buf, "%s", path);
    int fd = open(dirname(buf), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    int rc = fsync(fd);
    close(fd);
    return rc;
}

/* Moves path's file and its log aside to path + suffix (a missing file is fine). */
static int move_aside(const char *path, const char *suffix)
{
    static const char *const parts[] = {"", "-wal"};
    for (int i = 0; i < 2; i++) {
        char from[1100], to[1200];
        snprintf(from, sizeof from, "%s%s", path, parts[i]);
        snprintf(to, sizeof to, "%s%s%s", path, suffix, parts[i]);
        unlink(to);
        if (rename(from, to) && errno != ENOENT)
            return -1;
    }
    char shm[1100];
    snprintf(shm, sizeof shm, "%s-shm", path);
    if (unlink(shm) && errno != ENOENT)
        return -1;
    return 0;
}

int cli_restore(int argc, char **argv)
{
    const char *copy = NULL;
    int force = 0;
    char *rest[16];
    int nrest = 0;
    rest[nrest++] = argv[0];
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--force")) {
            force = 1;
        } else if ((!strcmp(argv[i], "--db") || !strcmp(argv[i], "--config")) && i + 1 < argc &&
                   nrest + 2 < 16) {
            rest[nrest++] = argv[i];
            rest[nrest++] = argv[++i];
        } else if (argv[i][0] != '-' && !copy) {
            copy = argv[i];
        } else if (nrest + 1 < 16) {
            rest[nrest++] = argv[i]; /* cli_parse names what it does not know */
        }
    }
    struct cli_opts o;
    struct cw_config cfg;
    int rc = cli_parse(nrest, rest, &o, 0, usage);
    if (rc || o.help)
        return rc;
    if (!copy) {
        fprintf(stderr, "crawford restore: which copy? Name the file.\n%s", usage);
        return 2;
    }
    if ((rc = cli_config(&o, &cfg)))
        return rc;
    const char *target = cfg.database;
    struct restore_info info;
    char err[1400];
    if (db_restore_check(copy, &info, err, sizeof err)) {
        fprintf(stderr, "crawford restore: %s. Nothing was changed.\n", err);
        return 1;
    }
    char rc_copy[PATH_MAX], rc_target[PATH_MAX];
    if (realpath(copy, rc_copy) && realpath(target, rc_target) && !strcmp(rc_copy, rc_target)) {
        fprintf(stderr, "crawford restore: %s is the database itself; restore from a copy.\n",
                copy);
        return 1;
    }
    struct stat sb;
    if (served(target)) {
        fprintf(stderr,
                "crawford restore: a crawford is serving %s now; stop it first (or restore "
                "into another file with --db). Nothing was changed.\n",
                target);
        return 1;
    }
    if (!stat(target, &sb) && !force) {
        fprintf(stderr,
                "crawford restore: %s exists and may be the live database; add --force to "
                "replace it (it is kept as %s.before-restore). Nothing was changed.\n",
                target, target);
        return 1;
    }
    char tmp[1100];
    snprintf(tmp, sizeof tmp, "%s.restoring", target);
    unlink(tmp);
    char dir[1100];
    snprintf(dir, sizeof dir, "%s", target);
    mkdir(dirname(dir), 0750); /* a new laptop's folder: one level is enough for data/ */
    /* held from the copy's last change: the time after it, until the TD confirms, is
     * nobody's; a copy that holds no change yet is held from now */
    int64_t from = info.last_ms ? info.last_ms : cw_now_ms();
    if (db_restore_copy(copy, tmp, from, err, sizeof err)) {
        unlink(tmp);
        fprintf(stderr, "crawford restore: %s. Nothing was changed.\n", err);
        return 1;
    }
    if (!stat(target, &sb) && move_aside(target, ".before-restore")) {
        unlink(tmp);
        fprintf(stderr, "crawford restore: cannot move %s aside: %s. Nothing was changed.\n",
                target, strerror(errno));
        return 1;
    }
    if (rename(tmp, target) || sync_dir_of(target)) {
        fprintf(stderr, "crawford restore: cannot put the copy in place as %s: %s\n", target,
                strerror(errno));
        return 1;
    }
    char at[32];
    cw_iso8601(from, at, sizeof at);
    printf("crawford: restored %s into %s (schema version %d, last change %s).\n"
           "Start it with: crawford serve --db %s\n"
           "It starts held: running clocks paused, lateness and deadlines waiting until the TD\n"
           "confirms the times in the console.\n",
           copy, target, info.version, at, target);
    return 0;
}
