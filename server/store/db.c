/* The database: opened and migrated, closed, its readers, the writer's mutex for reads,
 * and the hooks and counters the layers above use. The connection's own settings and
 * statements are in store/conn.c; group commit and durability in store/commit.c. */
#include "store/db_impl.h"
#include "store/versions.h"
#include "store/deferred.h"
#include "store/sql.h"
#include "store/migrations.h"
#include "store/reserve.h"
#include "common/errors.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* mkdir -p of the folder that will hold path. */
static int make_parent(const char *path)
{
    char buf[1024];
    if (strlen(path) >= sizeof buf)
        return -1;
    strcpy(buf, path);
    char *slash = strrchr(buf, '/');
    if (!slash || slash == buf)
        return 0;
    *slash = 0;
    for (char *p = buf + 1; *p; p++) {
        if (*p == '/') {
            *p = 0;
            if (mkdir(buf, 0750) && errno != EEXIST)
                return -1;
            *p = '/';
        }
    }
    if (mkdir(buf, 0750) && errno != EEXIST)
        return -1;
    return 0;
}

static int user_version(sqlite3 *h)
{
    sqlite3_stmt *st;
    int v = -1;
    if (sqlite3_prepare_v2(h, "PRAGMA user_version", -1, &st, NULL) == SQLITE_OK) {
        if (sqlite3_step(st) == SQLITE_ROW)
            v = sqlite3_column_int(st, 0);
        sqlite3_finalize(st);
    }
    return v;
}

int db_schema_latest(void)
{
    return db_migrations_count ? db_migrations[db_migrations_count - 1].version : 0;
}

/* Each migration runs in its own transaction together with the user_version bump, so a
 * crash leaves the database at a whole version. */
static int migrate(sqlite3 *h, const char *path, char *err, size_t errlen)
{
    int have = user_version(h);
    if (have < 0) {
        snprintf(err, errlen, "database %s: cannot read its schema version: %s", path,
                 sqlite3_errmsg(h));
        return -1;
    }
    int latest = db_schema_latest();
    if (have > latest) {
        snprintf(err, errlen,
                 "database %s has schema version %d, made by a newer crawford; this one knows "
                 "versions up to %d. Use the newer crawford, or a copy of the database from "
                 "before the upgrade",
                 path, have, latest);
        return -1;
    }
    for (int i = 0; i < db_migrations_count; i++) {
        const struct db_migration *m = &db_migrations[i];
        if (m->version <= have)
            continue;
        char e[512], bump[64];
        snprintf(bump, sizeof bump, "PRAGMA user_version = %d", m->version);
        size_t len = 1;
        for (int k = 0; k < m->n_lines; k++)
            len += strlen(m->lines[k]);
        char *sql = malloc(len);
        if (!sql) {
            snprintf(err, errlen, "out of memory");
            return -1;
        }
        sql[0] = 0;
        for (int k = 0, at = 0; k < m->n_lines; k++) {
            size_t n = strlen(m->lines[k]);
            memcpy(sql + at, m->lines[k], n + 1);
            at += (int)n;
        }
        int failed = db_exec(h, "BEGIN IMMEDIATE", e, sizeof e) || db_exec(h, sql, e, sizeof e) ||
                     db_exec(h, bump, e, sizeof e) || db_exec(h, "COMMIT", e, sizeof e);
        free(sql);
        if (failed) {
            sqlite3_exec(h, "ROLLBACK", NULL, NULL, NULL);
            snprintf(err, errlen, "database %s: migration %s failed: %s", path, m->name, e);
            return -1;
        }
    }
    return 0;
}

int db_open(const char *path, int busy_timeout_ms, struct db **out, char *err, size_t errlen)
{
    *out = NULL;
    if (make_parent(path)) {
        snprintf(err, errlen, "database %s: cannot create its folder: %s", path, strerror(errno));
        return -1;
    }
    if (strlen(path) >= sizeof((struct db *)0)->path) {
        snprintf(err, errlen, "database %s: the path is too long", path);
        return -1;
    }
    sqlite3 *h = db_connect(path, busy_timeout_ms, err, errlen);
    if (!h)
        return -1;
    if (migrate(h, path, err, errlen)) {
        sqlite3_close(h);
        return -1;
    }
    struct db *db = calloc(1, sizeof *db);
    if (!db) {
        snprintf(err, errlen, "out of memory");
        sqlite3_close(h);
        return -1;
    }
    db->h = h;
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    db->started_us = (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
    snprintf(db->path, sizeof db->path, "%s", path);
    db->busy_timeout_ms = busy_timeout_ms;
    reserve_path(path, db->reserve, sizeof db->reserve);
    /* no room for it now: the disk is full already, changes wait until there is */
    if (reserve_keep(db->reserve)) {
        fprintf(stderr,
                "crawford: the database's disk has no room for the TD's reserve (%d "
                "KiB): changes are refused until there is\n",
                RESERVE_BYTES / 1024);
        db->full = 1;
    }
    db->pending_tail = &db->pending;
    db->queued_tail = &db->queued;
    db_attach_wal(db);
    /* without its marks no prepared change is ever current: made in the turn, as before */
    db_versions_attach(db);
    pthread_mutex_init(&db->mu, NULL);
    pthread_cond_init(&db->committed, NULL);
    *out = db;
    return 0;
}

int db_open_readonly(const char *path, struct db **out, char *err, size_t errlen)
{
    *out = NULL;
    sqlite3 *h = NULL;
    int rc = sqlite3_open_v2(path, &h, SQLITE_OPEN_READONLY | SQLITE_OPEN_FULLMUTEX, NULL);
    int v = rc == SQLITE_OK ? user_version(h) : -1;
    if (rc != SQLITE_OK || v < 0)
        snprintf(err, errlen, "database %s cannot be read: %s", path,
                 h ? sqlite3_errmsg(h) : sqlite3_errstr(rc));
    else if (v == 0)
        snprintf(err, errlen, "%s is no Crawford database", path);
    else if (v > db_schema_latest())
        snprintf(err, errlen, "%s was written by a newer crawford (schema %d, this one knows %d)",
                 path, v, db_schema_latest());
    else if (v < db_schema_latest())
        snprintf(err, errlen,
                 "%s is at schema %d, older than this crawford's %d: run crawford migrate "
                 "on a copy first",
                 path, v, db_schema_latest());
    struct db *db = v == db_schema_latest() ? calloc(1, sizeof *db) : NULL;
    if (v == db_schema_latest() && !db)
        snprintf(err, errlen, "out of memory");
    /* one snapshot for every read: the file may be served (and written) meanwhile */
    if (db && sqlite3_exec(h, "BEGIN; SELECT count(*) FROM sqlite_master", NULL, NULL, NULL)) {
        snprintf(err, errlen, "database %s cannot be read: %s", path, sqlite3_errmsg(h));
        free(db);
        db = NULL;
    }
    if (!db) {
        sqlite3_close(h);
        return -1;
    }
    db->h = h;
    db->walfd = -1;
    snprintf(db->path, sizeof db->path, "%s", path);
    db->pending_tail = &db->pending;
    db->queued_tail = &db->queued;
    pthread_mutex_init(&db->mu, NULL);
    pthread_cond_init(&db->committed, NULL);
    *out = db;
    return 0;
}

void db_close(struct db *db)
{
    if (!db)
        return;
    db_commit_stop(db);
    if (db->walfd >= 0) {
        fdatasync(db->walfd);
        close(db->walfd);
    }
    db_pending_free(db->queued);
    db_stmts_finalize(db);
    db_versions_free(db);
    sqlite3_close(db->h);
    pthread_cond_destroy(&db->committed);
    pthread_mutex_destroy(&db->mu);
    free(db);
}

int db_schema_version(struct db *db)
{
    db_lock(db);
    int v = user_version(db->h);
    db_unlock(db);
    return v;
}

struct db *db_reader_new(struct db *db)
{
    /* the path it was opened with, not asked of its connection: the writer's connection is
     * another thread's meanwhile, and SQLite's own mutex is left out (store/conn.c) */
    const char *file = db->path;
    char err[600]; /* a database in memory has no file a second connection could open: */
    sqlite3 *h = *file && strcmp(file, ":memory:")
                     ? db_connect(file, db->busy_timeout_ms, err, sizeof err)
                     : NULL;
    struct db *r = h ? calloc(1, sizeof *r) : NULL;
    if (!r || db_exec(h, "PRAGMA query_only=1", err, sizeof err)) {
        free(r);
        sqlite3_close(h);
        return NULL;
    }
    r->h = h;
    r->parent = db;
    r->walfd = -1;
    r->started_us = db->started_us;
    r->pending_tail = &r->pending;
    r->queued_tail = &r->queued;
    pthread_mutex_init(&r->mu, NULL);
    pthread_cond_init(&r->committed, NULL);
    return r;
}

int db_read_begin(struct db *r)
{
    /* the counters as last committed, before the snapshot: it is never older than they say */
    for (int i = 0; i < DB_PARTS; i++)
        r->gen[i] = __atomic_load_n(&r->parent->gen_committed[i], __ATOMIC_ACQUIRE);
    return db_step_sql(r, "BEGIN");
}

void db_read_end(struct db *r)
{
    db_step_sql(r, "COMMIT");
}

void db_set_publish_hook(struct db *db,
                         void (*fn)(void *ctx, int64_t tournament_id, int64_t id, const char *type,
                                    const char *data),
                         void *ctx)
{
    db->publish = fn;
    db->publish_ctx = ctx;
}

void db_set_change_hook(struct db *db, void (*fn)(void *ctx, int64_t tournament_id), void *ctx)
{
    db->hook = fn;
    db->hook_ctx = ctx;
}

/* A tournament's change, or a part's, told by a prepared change (store/deferred.h): told
 * by the writer, in the turn. */
struct told {
    int64_t tournament_id; /* or 0 for a part */
    enum db_part part;
};

static int told_apply(struct db *db, void *args)
{
    struct told *a = args;
    if (a->tournament_id)
        db_changed(db, a->tournament_id);
    else
        db_part_changed(db, a->part);
    return CW_OK;
}

static void tell_later(struct db *db, int64_t tournament_id, enum db_part part)
{
    struct told *a = malloc(sizeof *a);
    if (a)
        *a = (struct told){tournament_id, part};
    db_defer(db, told_apply, free, a);
}

void db_changed(struct db *db, int64_t tournament_id)
{
    if (db->defer)
        tell_later(db, tournament_id, DB_PARTS);
    else if (db->hook)
        db->hook(db->hook_ctx, tournament_id);
}

void db_part_changed(struct db *db, enum db_part part)
{
    if (db->defer)
        tell_later(db, 0, part);
    else
        db->gen[part]++;
}

static void part_tag(const int64_t *gen, int64_t start, enum db_part part, char *out, size_t len)
{
    if (part == DB_PLAYERS)
        snprintf(out, len, "p%lld.%llx", (long long)gen[DB_PLAYERS], (long long)start);
    else /* the bracket names its players */
        snprintf(out, len, "e%lld.p%lld.%llx", (long long)gen[DB_EVENTS],
                 (long long)gen[DB_PLAYERS], (long long)start);
}

void db_part_tag(struct db *db, enum db_part part, char *out, size_t len)
{
    part_tag(db->gen, db->started_us, part, out, len);
}

void db_part_tag_committed(struct db *db, enum db_part part, char *out, size_t len)
{
    int64_t gen[DB_PARTS];
    for (int i = 0; i < DB_PARTS; i++)
        gen[i] = __atomic_load_n(&db->gen_committed[i], __ATOMIC_ACQUIRE);
    part_tag(gen, db->started_us, part, out, len);
}
