/* A copy of the database checked and brought back (store/restore.h). */
#include "store/restore.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "store/db.h"
#include "store/sql.h"

/* The tables every Crawford database has had since its first schema version. */
static const char *const core_tables[] = {"settings", "tournaments", "players", "audit_log"};

static int is_sqlite_file(const char *path)
{
    char head[16];
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    ssize_t n = read(fd, head, sizeof head);
    close(fd);
    return n == (ssize_t)sizeof head && !memcmp(head, "SQLite format 3", 16);
}

/* The first integer of a query, or none (a table an older schema lacks, no row). */
static int64_t query_int(sqlite3 *h, const char *sql, int64_t none)
{
    sqlite3_stmt *st;
    int64_t v = none;
    if (sqlite3_prepare_v2(h, sql, -1, &st, NULL) != SQLITE_OK)
        return none;
    if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_type(st, 0) != SQLITE_NULL)
        v = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    return v;
}

static int64_t max64(int64_t a, int64_t b)
{
    return a > b ? a : b;
}

/* The last moment the database recorded: an audit row, a stream entry, a clock's change. */
static int64_t last_change(sqlite3 *h)
{
    int64_t t = query_int(h, "SELECT max(at_ms) FROM audit_log", 0);
    t = max64(t, query_int(h, "SELECT max(at_ms) FROM tournament_events", 0));
    return max64(t, query_int(h, "SELECT max(updated_ms) FROM match_clocks", 0));
}

int db_restore_check(const char *path, struct restore_info *info, char *err, size_t errlen)
{
    memset(info, 0, sizeof *info);
    int kind = is_sqlite_file(path);
    if (kind < 0) {
        snprintf(err, errlen, "%s cannot be read: %s", path, strerror(errno));
        return -1;
    }
    if (!kind) {
        snprintf(err, errlen, "%s is not a Crawford database (not an SQLite database at all)",
                 path);
        return -1;
    }
    sqlite3 *h = NULL;
    if (sqlite3_open_v2(path, &h, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK) {
        snprintf(err, errlen, "%s cannot be opened: %s", path, h ? sqlite3_errmsg(h) : "no memory");
        sqlite3_close(h);
        return -1;
    }
    int rc = -1;
    int64_t v = query_int(h, "PRAGMA user_version", -1);
    int64_t tables = 0;
    for (size_t i = 0; i < sizeof core_tables / sizeof core_tables[0]; i++) {
        char sql[160];
        snprintf(sql, sizeof sql,
                 "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = '%s'",
                 core_tables[i]);
        tables += query_int(h, sql, 0);
    }
    sqlite3_stmt *st = NULL;
    if (v < 1 || tables != (int64_t)(sizeof core_tables / sizeof core_tables[0])) {
        snprintf(err, errlen,
                 "%s is not a Crawford database (an SQLite database without Crawford's tables)",
                 path);
    } else if (v > db_schema_latest()) {
        snprintf(err, errlen,
                 "%s was made by a newer crawford: its schema version is %lld, this crawford "
                 "knows versions up to %d; restore it with the newer crawford",
                 path, (long long)v, db_schema_latest());
    } else if (sqlite3_prepare_v2(h, "PRAGMA quick_check", -1, &st, NULL) != SQLITE_OK ||
               sqlite3_step(st) != SQLITE_ROW ||
               strcmp((const char *)sqlite3_column_text(st, 0), "ok")) {
        snprintf(err, errlen, "%s is damaged (%s); take an older snapshot", path,
                 st && sqlite3_column_text(st, 0) ? (const char *)sqlite3_column_text(st, 0)
                                                  : sqlite3_errmsg(h));
    } else {
        info->version = (int)v;
        info->last_ms = last_change(h);
        rc = 0;
    }
    sqlite3_finalize(st);
    sqlite3_close(h);
    return rc;
}

static int exec(sqlite3 *h, const char *sql, const char *what, char *err, size_t errlen)
{
    char *msg = NULL;
    if (sqlite3_exec(h, sql, NULL, NULL, &msg) == SQLITE_OK)
        return 0;
    snprintf(err, errlen, "%s: %s", what, msg ? msg : sqlite3_errmsg(h));
    sqlite3_free(msg);
    return -1;
}

int db_restore_copy(const char *src, const char *dst, int64_t hold_from_ms, char *err,
                    size_t errlen)
{
    sqlite3 *h = NULL;
    int rc = -1;
    /* VACUUM INTO: one snapshot of the copy, its own log included, in a new file */
    if (sqlite3_open_v2(src, &h, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK) {
        snprintf(err, errlen, "%s cannot be opened: %s", src, h ? sqlite3_errmsg(h) : "no memory");
        goto out;
    }
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(h, "VACUUM INTO ?1", -1, &st, NULL) != SQLITE_OK) {
        snprintf(err, errlen, "copying %s: %s", src, sqlite3_errmsg(h));
        goto out;
    }
    sqlite3_bind_text(st, 1, dst, -1, SQLITE_STATIC);
    int step = sqlite3_step(st);
    sqlite3_finalize(st);
    if (step != SQLITE_DONE) {
        snprintf(err, errlen, "copying %s into %s: %s", src, dst, sqlite3_errmsg(h));
        goto out;
    }
    sqlite3_close(h);
    h = NULL;
    if (sqlite3_open_v2(dst, &h, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK) {
        snprintf(err, errlen, "%s cannot be opened: %s", dst, h ? sqlite3_errmsg(h) : "no memory");
        goto out;
    }
    /* held from hold_from_ms until the TD confirms (a hold of an earlier restore ends) */
    char sql[300];
    snprintf(sql, sizeof sql,
             "PRAGMA journal_mode = DELETE; PRAGMA synchronous = FULL; BEGIN; "
             "DELETE FROM settings WHERE key IN ('hold_from_ms', 'hold_until_ms'); "
             "INSERT INTO settings(key, value) VALUES ('hold_from_ms', '%lld'); COMMIT",
             (long long)hold_from_ms);
    if (exec(h, sql, "marking the copy restored", err, errlen))
        goto out;
    rc = 0;
out:
    sqlite3_close(h);
    if (!rc) {
        int fd = open(dst, O_RDONLY | O_CLOEXEC);
        if (fd < 0 || fsync(fd)) {
            snprintf(err, errlen, "%s cannot be synced to disk: %s", dst, strerror(errno));
            rc = -1;
        }
        if (fd >= 0)
            close(fd);
    }
    return rc;
}
