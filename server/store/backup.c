/* The copy of the live database: see backup.h. VACUUM INTO reads the whole database in one
 * read transaction of its own connection: with the log (WAL) the server's writes go on
 * beside it, and the copy is the database as of that transaction's start. (SQLite's backup
 * API, stepwise, starts again whenever the source is written, and under a server writing
 * all the time may never finish.) */
#include "store/backup.h"

#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <time.h>
#include <unistd.h>

/* How long the copy waits for a lock it needs (the log's recovery by another connection). */
#define BACKUP_BUSY_MS 10000

void db_backup_name(const char *label, int64_t now_ms, char *out, size_t len)
{
    char slug[64];
    size_t n = 0;
    for (const char *p = label; *p && n < sizeof slug - 1; p++) {
        char c = *p;
        int keep = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
        if (keep)
            slug[n++] = c;
        else if (n && slug[n - 1] != '-') /* one '-' for a run of anything else */
            slug[n++] = '-';
    }
    while (n && slug[n - 1] == '-')
        n--;
    slug[n] = 0;
    time_t t = (time_t)(now_ms / 1000);
    struct tm tm;
    char when[32];
    localtime_r(&t, &tm);
    strftime(when, sizeof when, "%Y-%m-%d-%H%M%S", &tm);
    snprintf(out, len, "%s-%s.db", n ? slug : "crawford", when);
}

void db_backup_label(const char *db_path, char *out, size_t len)
{
    char base[1100];
    snprintf(base, sizeof base, "%s", db_path);
    char *label = basename(base), *dot = strrchr(label, '.');
    if (dot && dot != label)
        *dot = 0;
    snprintf(out, len, "%s", label);
}

int db_backup_is_name(const char *label, const char *name)
{
    /* "<label>-YYYY-MM-DD-HHMMSS.db": the pattern's digits where its 9s are */
    static const char when[] = "-9999-99-99-999999.db";
    char slug[80];
    db_backup_name(label, 0, slug, sizeof slug); /* the label as a name carries it */
    size_t n = strlen(slug) - (sizeof when - 1);
    if (strncmp(name, slug, n) || strlen(name) != n + sizeof when - 1)
        return 0;
    for (size_t i = 0; when[i]; i++) {
        char c = name[n + i];
        if (when[i] == '9' ? (c < '0' || c > '9') : c != when[i])
            return 0;
    }
    return 1;
}

int db_backup_folder_check(const char *folder, char *err, size_t errlen)
{
    struct stat st;
    if (stat(folder, &st)) {
        snprintf(err, errlen, "the folder %s %s", folder,
                 errno == ENOENT ? "does not exist" : strerror(errno));
        return -1;
    }
    if (!S_ISDIR(st.st_mode)) {
        snprintf(err, errlen, "%s is not a folder", folder);
        return -1;
    }
    if (access(folder, W_OK | X_OK)) {
        snprintf(err, errlen, "the folder %s is not writable", folder);
        return -1;
    }
    return 0;
}

int db_backup_same_disk(const char *db_path, const char *folder)
{
    struct stat a, b;
    return !stat(db_path, &a) && !stat(folder, &b) && a.st_dev == b.st_dev;
}

/* dest's folder, into dir. */
static void folder_of(const char *dest, char *dir, size_t len)
{
    char tmp[1100];
    snprintf(tmp, sizeof tmp, "%s", dest);
    snprintf(dir, len, "%s", dirname(tmp));
}

static int64_t pragma_int(sqlite3 *h, const char *sql)
{
    sqlite3_stmt *st;
    int64_t v = -1;
    if (sqlite3_prepare_v2(h, sql, -1, &st, NULL) == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW)
        v = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    return v;
}

/* The copy's own check: 0 when SQLite finds it whole, else -1 with its first complaint. */
static int check_copy(const char *path, char *err, size_t errlen)
{
    sqlite3 *h = NULL;
    sqlite3_stmt *st = NULL;
    int rc = -1;
    if (sqlite3_open_v2(path, &h, SQLITE_OPEN_READWRITE, NULL) == SQLITE_OK &&
        sqlite3_prepare_v2(h, "PRAGMA integrity_check", -1, &st, NULL) == SQLITE_OK &&
        sqlite3_step(st) == SQLITE_ROW) {
        const char *said = (const char *)sqlite3_column_text(st, 0);
        if (said && !strcmp(said, "ok"))
            rc = 0;
        else
            snprintf(err, errlen, "the copy fails its integrity check: %s", said ? said : "?");
    } else {
        snprintf(err, errlen, "the copy cannot be checked: %s",
                 h ? sqlite3_errmsg(h) : "out of memory");
    }
    sqlite3_finalize(st);
    sqlite3_close(h);
    return rc;
}

/* fsync of the file or folder at path: 0 or -1. */
static int sync_path(const char *path, int flags)
{
    int fd = open(path, flags | O_CLOEXEC);
    if (fd < 0)
        return -1;
    int rc = fsync(fd);
    close(fd);
    return rc;
}

/* The database's copy into tmp (an empty file): 0, or -1 with a sentence. */
static int copy_into(const char *db_path, const char *dir, const char *tmp, char *err,
                     size_t errlen)
{
    sqlite3 *h = NULL;
    sqlite3_stmt *st = NULL;
    /* read-only: this connection cannot change the database, whatever happens here */
    if (sqlite3_open_v2(db_path, &h, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK) {
        snprintf(err, errlen, "the database %s cannot be opened: %s", db_path,
                 h ? sqlite3_errmsg(h) : "out of memory");
        sqlite3_close(h);
        return -1;
    }
    sqlite3_busy_timeout(h, BACKUP_BUSY_MS);
    int rc = -1;
    int64_t pages = pragma_int(h, "PRAGMA page_count"), size = pragma_int(h, "PRAGMA page_size");
    struct statvfs v;
    if (pages < 0 || size < 0) {
        snprintf(err, errlen, "the database %s cannot be read: %s", db_path, sqlite3_errmsg(h));
    } else if (!statvfs(dir, &v) &&
               (unsigned long long)v.f_bavail * v.f_frsize < (unsigned long long)(pages * size)) {
        /* the copy is at most the database's size (VACUUM leaves the free pages out) */
        snprintf(err, errlen,
                 "the folder %s is full: it has %llu KiB free, the copy needs up to %lld KiB", dir,
                 (unsigned long long)v.f_bavail * v.f_frsize / 1024,
                 (long long)(pages * size / 1024));
        rc = DB_BACKUP_NO_ROOM;
    } else if (sqlite3_prepare_v2(h, "VACUUM INTO ?1", -1, &st, NULL) != SQLITE_OK ||
               sqlite3_bind_text(st, 1, tmp, -1, SQLITE_STATIC) != SQLITE_OK) {
        snprintf(err, errlen, "the database %s cannot be copied: %s", db_path, sqlite3_errmsg(h));
    } else {
        int s = sqlite3_step(st);
        if (s == SQLITE_DONE)
            rc = 0;
        else if (s == SQLITE_FULL || errno == ENOSPC) {
            snprintf(err, errlen, "the folder %s is full: the copy did not fit", dir);
            rc = DB_BACKUP_NO_ROOM;
        } else
            snprintf(err, errlen, "the copy into %s failed: %s", dir, sqlite3_errmsg(h));
    }
    sqlite3_finalize(st);
    sqlite3_close(h);
    return rc;
}

int db_backup(const char *db_path, const char *dest, char *err, size_t errlen)
{
    char dir[1100], tmp[1200];
    folder_of(dest, dir, sizeof dir);
    if (db_backup_folder_check(dir, err, errlen))
        return -1;
    struct stat sd, sdb;
    if (stat(db_path, &sdb) || !S_ISREG(sdb.st_mode)) {
        snprintf(err, errlen, "the database %s does not exist", db_path);
        return -1;
    }
    if (!stat(dest, &sd)) {
        if (S_ISDIR(sd.st_mode)) {
            snprintf(err, errlen, "%s is a folder, not a file name", dest);
            return -1;
        }
        if (sd.st_dev == sdb.st_dev && sd.st_ino == sdb.st_ino) {
            snprintf(err, errlen, "%s is the database itself: a copy goes elsewhere", dest);
            return -1;
        }
    }
    /* mkstemp's template: the six X become a unique name beside DEST (same folder, so the
     * rename below is atomic) */
    if (snprintf(tmp, sizeof tmp, "%s.tmp-XXXXXX", dest) >= (int)sizeof tmp) {
        snprintf(err, errlen, "%s: the file name is too long", dest);
        return -1;
    }
    /* a fresh name (VACUUM INTO takes an empty file), readable by its owner alone: the copy
     * holds the officials' password hashes and the players' PINs */
    int fd = mkstemp(tmp);
    if (fd < 0) {
        int full = errno == ENOSPC || errno == EDQUOT;
        snprintf(err, errlen, "the folder %s %s", dir, full ? "is full" : "refuses a new file");
        return full ? DB_BACKUP_NO_ROOM : -1;
    }
    close(fd);
    int rc = copy_into(db_path, dir, tmp, err, errlen);
    if (!rc)
        rc = check_copy(tmp, err, errlen);
    if (!rc && sync_path(tmp, O_RDONLY)) {
        int full = errno == ENOSPC;
        snprintf(err, errlen, "the copy in %s could not be written to the disk: %s", dir,
                 strerror(errno));
        rc = full ? DB_BACKUP_NO_ROOM : -1;
    }
    if (!rc && rename(tmp, dest)) {
        snprintf(err, errlen, "the copy cannot be named %s: %s", dest, strerror(errno));
        rc = -1;
    }
    if (rc) {
        unlink(tmp);
        return rc;
    }
    /* the new name itself on the disk, as the copy is */
    if (sync_path(dir, O_RDONLY | O_DIRECTORY)) {
        snprintf(err, errlen, "the folder %s could not be written to the disk: %s", dir,
                 strerror(errno));
        return -1;
    }
    return 0;
}
