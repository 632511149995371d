/* The connection: opened with the server's settings, its log opened to be synced by the
 * server, its mutex, and its cache of prepared statements. */
#include "store/db_impl.h"
#include "store/sql.h"
#include "store/deferred.h"

#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int db_exec(sqlite3 *h, const char *sql, char *err, size_t errlen)
{
    char *msg = NULL;
    if (sqlite3_exec(h, sql, NULL, NULL, &msg) != SQLITE_OK) {
        snprintf(err, errlen, "%s", msg ? msg : sqlite3_errmsg(h));
        sqlite3_free(msg);
        return -1;
    }
    return 0;
}

/* The write-ahead log of h, opened to be synced (and its folder synced once, so that the
 * log itself survives a power loss); -1 when it cannot be, and SQLite syncs each commit. */
static int open_wal(sqlite3 *h)
{
    const char *main = sqlite3_db_filename(h, "main");
    char path[1100], dir[1100];
    if (!main || !*main || snprintf(path, sizeof path, "%s-wal", main) >= (int)sizeof path)
        return -1;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    snprintf(dir, sizeof dir, "%s", path);
    int dfd = open(dirname(dir), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dfd < 0 || fsync(dfd) || fdatasync(fd)) {
        if (dfd >= 0)
            close(dfd);
        close(fd);
        return -1;
    }
    close(dfd);
    return fd;
}

/* SQLite's own bookkeeping the server does not use, turned off once before its first
 * connection: the count of memory in use (a mutex taken around each of its allocations:
 * about 1,000 instructions of a report, issue 37). Too late once SQLite has started
 * (SQLITE_MISUSE, kept as it was): only a cost, never a behaviour. */
static void sqlite_settings(void)
{
    sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

/* A connection to path with the server's settings; NULL with a sentence in err. A
 * connection is one thread's at a time (the writer under db_lock, a reader lent to one
 * thread: readers.h), so SQLite's own mutex around each call is left out (NOMUTEX): it
 * was a tenth of a report's instructions (issue 37). */
sqlite3 *db_connect(const char *path, int busy_timeout_ms, char *err, size_t errlen)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, sqlite_settings);
    sqlite3 *h = NULL;
    int rc = sqlite3_open_v2(
        path, &h, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, NULL);
    if (rc != SQLITE_OK) {
        snprintf(err, errlen, "database %s: %s", path, h ? sqlite3_errmsg(h) : sqlite3_errstr(rc));
        sqlite3_close(h);
        return NULL;
    }
    sqlite3_busy_timeout(h, busy_timeout_ms);
    sqlite3_extended_result_codes(h, 1);
    char e[512];
    /* WAL: readers never block the writer. synchronous=FULL while migrating; then the
     * server syncs the log itself (see wait_durable): a commit is on disk before it is
     * acknowledged, so an acknowledged result survives a power loss. */
    if (db_exec(h, "PRAGMA journal_mode=WAL", e, sizeof e) ||
        db_exec(h, "PRAGMA synchronous=FULL", e, sizeof e) ||
        db_exec(h, "PRAGMA foreign_keys=ON", e, sizeof e)) {
        snprintf(err, errlen, "database %s: %s", path, e);
        sqlite3_close(h);
        return NULL;
    }
    return h;
}

void db_stmts_finalize(struct db *db)
{
    for (int i = 0; i < STMT_SLOTS; i++) {
        if (db->cache[i].st)
            sqlite3_finalize(db->cache[i].st);
        db->cache[i].sql = NULL;
        db->cache[i].st = NULL;
    }
}

/* The server syncs the log itself when it can open it (see wait_durable). */
void db_attach_wal(struct db *db)
{
    char e[512];
    db->walfd = open_wal(db->h);
    if (db->walfd >= 0 && db_exec(db->h, "PRAGMA synchronous=NORMAL", e, sizeof e)) {
        close(db->walfd);
        db->walfd = -1;
    }
}

/* A reader is one thread's alone between db_read_begin and db_read_end: no lock. */
void db_lock(struct db *db)
{
    if (!db->parent)
        pthread_mutex_lock(&db->mu);
}

void db_unlock(struct db *db)
{
    if (!db->parent)
        pthread_mutex_unlock(&db->mu);
}

int db_step_sql(struct db *db, const char *sql)
{
    sqlite3_stmt *st = db_stmt(db, sql);
    if (!st)
        return -1;
    int rc = sqlite3_step(st);
    db_done(st);
    return rc == SQLITE_DONE ? 0 : -1;
}

/* sql's statement from the cache, prepared the first time it is asked for; NULL when it
 * cannot be. */
static sqlite3_stmt *cached(struct db *db, const char *sql)
{
    uintptr_t k = (uintptr_t)sql;
    unsigned slot = (unsigned)((k >> 3) * 2654435761u) % STMT_SLOTS;
    for (int probe = 0; probe < STMT_SLOTS; probe++, slot = (slot + 1) % STMT_SLOTS) {
        if (db->cache[slot].sql == sql)
            return db->cache[slot].st;
        if (!db->cache[slot].sql) {
            sqlite3_stmt *st = NULL;
            if (sqlite3_prepare_v3(db->h, sql, -1, SQLITE_PREPARE_PERSISTENT, &st, NULL) !=
                SQLITE_OK) {
                fprintf(stderr, "crawford: cannot prepare SQL: %s\n", sqlite3_errmsg(db->h));
                return NULL;
            }
            db->cache[slot].sql = sql;
            db->cache[slot].st = st;
            return st;
        }
    }
    fprintf(stderr, "crawford: statement cache full\n");
    abort();
}

sqlite3_stmt *db_stmt(struct db *db, const char *sql)
{
    sqlite3_stmt *st = cached(db, sql);
    if (st && db->defer && !sqlite3_stmt_readonly(st)) {
        db_defer_give_up(db); /* a write a prepared change cannot keep (store/deferred.h) */
        return NULL;
    }
    return st;
}

void db_done(sqlite3_stmt *st)
{
    if (st) {
        sqlite3_reset(st);
        sqlite3_clear_bindings(st);
    }
}

sqlite3 *db_handle(struct db *db)
{
    return db->h;
}

const char *db_errmsg(struct db *db)
{
    return sqlite3_errmsg(db->h);
}
