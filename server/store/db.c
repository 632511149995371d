/* SQLite connection, pragmas, migrations, the writer mutex and the statement cache. */
#include "store/db.h"
#include "store/sql.h"
#include "store/migrations.h"
#include "store/reserve.h"
#include "common/errors.h"

#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define STMT_SLOTS 512

struct db {
    sqlite3 *h;
    pthread_mutex_t mu;
    struct {
        const char *sql;
        sqlite3_stmt *st;
    } cache[STMT_SLOTS];
    void (*hook)(void *ctx, int64_t tournament_id);
    void *hook_ctx;
    void (*publish)(void *ctx, int64_t tournament_id, int64_t id, const char *type,
                    const char *data);
    void *publish_ctx;
    struct pending {
        struct pending *next;
        int64_t tid, id;
        char *type, *data;
        int64_t batch; /* in queued: the batch that made it */
    } * pending, **pending_tail;
    /* stream entries of committed batches, published once their batch is durable, in order */
    struct pending *queued, **queued_tail;
    /* group commit: see db_begin */
    pthread_cond_t committed;
    int writers_waiting; /* threads blocked in db_begin (atomic) */
    int batch_open;      /* a real transaction holds released savepoints */
    int in_batch;        /* requests whose work is in it */
    int64_t batch_id;    /* the open (or last) batch */
    int64_t done_id;     /* the last batch committed or rolled back */
    /* requests waiting for the open batch to be committed: each learns its own batch's
     * outcome (a later batch's outcome says nothing about it) */
    struct batch_waiter {
        int failed;
        struct batch_waiter *next;
    } * waiters;
    struct pending **request_mark; /* pending_tail when the current request began */
    /* durability outside the lock: see wait_durable */
    int walfd;            /* the write-ahead log, or -1: SQLite syncs each commit itself */
    int syncing;          /* a thread is syncing the log now */
    int broken; /* a write or a sync failed: nothing more is acknowledged until reopened */
    int full;   /* the disk was full: changes refused until the reserve is back */
    char path[1024], reserve[1100];
    int busy_timeout_ms;
    int64_t committed_id; /* the last batch committed to the log */
    int64_t durable_id;   /* the last batch known to be on disk */
    /* batches committed and not known durable when the database was reopened: never
     * acknowledged, though the reopen moved durable_id past them */
    int64_t lost_from, lost_to;
    int64_t gen[DB_PARTS], started_us; /* db_part_tag */
    int64_t gen_committed[DB_PARTS];   /* gen as of the last commit (atomic) */
    struct db *parent;               /* a reader's writer (db_reader_new), else NULL */
};

static void pending_free(struct pending *p)
{
    for (struct pending *next; p; p = next) {
        next = p->next;
        free(p->type);
        free(p->data);
        free(p);
    }
}

static void pending_clear(struct db *db)
{
    pending_free(db->pending);
    db->pending = NULL;
    db->pending_tail = &db->pending;
}

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

static int exec(sqlite3 *h, const char *sql, char *err, size_t errlen)
{
    char *msg = NULL;
    if (sqlite3_exec(h, sql, NULL, NULL, &msg) != SQLITE_OK) {
        snprintf(err, errlen, "%s", msg ? msg : sqlite3_errmsg(h));
        sqlite3_free(msg);
        return -1;
    }
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
        int failed = exec(h, "BEGIN IMMEDIATE", e, sizeof e) || exec(h, sql, e, sizeof e) ||
                     exec(h, bump, e, sizeof e) || exec(h, "COMMIT", e, sizeof e);
        free(sql);
        if (failed) {
            sqlite3_exec(h, "ROLLBACK", NULL, NULL, NULL);
            snprintf(err, errlen, "database %s: migration %s failed: %s", path, m->name, e);
            return -1;
        }
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

/* A connection to path with the server's settings; NULL with a sentence in err. */
static sqlite3 *connect(const char *path, int busy_timeout_ms, char *err, size_t errlen)
{
    sqlite3 *h = NULL;
    int rc = sqlite3_open_v2(
        path, &h, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX, NULL);
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
    if (exec(h, "PRAGMA journal_mode=WAL", e, sizeof e) ||
        exec(h, "PRAGMA synchronous=FULL", e, sizeof e) ||
        exec(h, "PRAGMA foreign_keys=ON", e, sizeof e)) {
        snprintf(err, errlen, "database %s: %s", path, e);
        sqlite3_close(h);
        return NULL;
    }
    return h;
}

static void stmts_finalize(struct db *db)
{
    for (int i = 0; i < STMT_SLOTS; i++) {
        if (db->cache[i].st)
            sqlite3_finalize(db->cache[i].st);
        db->cache[i].sql = NULL;
        db->cache[i].st = NULL;
    }
}

/* The server syncs the log itself when it can open it (see wait_durable). */
static void attach_wal(struct db *db)
{
    char e[512];
    db->walfd = open_wal(db->h);
    if (db->walfd >= 0 && exec(db->h, "PRAGMA synchronous=NORMAL", e, sizeof e)) {
        close(db->walfd);
        db->walfd = -1;
    }
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
    sqlite3 *h = connect(path, busy_timeout_ms, err, errlen);
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
        fprintf(stderr, "crawford: the database's disk has no room for the TD's reserve (%d "
                        "KiB): changes are refused until there is\n", RESERVE_BYTES / 1024);
        db->full = 1;
    }
    db->pending_tail = &db->pending;
    db->queued_tail = &db->queued;
    attach_wal(db);
    pthread_mutex_init(&db->mu, NULL);
    pthread_cond_init(&db->committed, NULL);
    *out = db;
    return 0;
}

void db_close(struct db *db)
{
    if (!db)
        return;
    if (db->walfd >= 0) {
        fdatasync(db->walfd);
        close(db->walfd);
    }
    pending_free(db->queued);
    stmts_finalize(db);
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

/* Group commit. A change is a SAVEPOINT inside one real transaction (the batch) that
 * stays open while other writers wait for the lock; the last writer of a run commits the
 * batch, so one fsync and one write of each shared page serve many requests. No request
 * returns before its batch is durable (db_commit waits), so an acknowledged change is on
 * disk exactly as with a commit of its own; a failed batch commit fails all its requests,
 * and none was acknowledged. */

static int step_sql(struct db *db, const char *sql)
{
    sqlite3_stmt *st = db_stmt(db, sql);
    if (!st)
        return -1;
    int rc = sqlite3_step(st);
    db_done(st);
    return rc == SQLITE_DONE ? 0 : -1;
}

struct db *db_reader_new(struct db *db)
{
    const char *file = sqlite3_db_filename(db->h, "main");
    char err[600]; /* a database in memory has no file a second connection could open: */
    sqlite3 *h = file && *file ? connect(file, db->busy_timeout_ms, err, sizeof err) : NULL;
    struct db *r = h ? calloc(1, sizeof *r) : NULL;
    if (!r || exec(h, "PRAGMA query_only=1", err, sizeof err)) {
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
    return step_sql(r, "BEGIN");
}

void db_read_end(struct db *r)
{
    step_sql(r, "COMMIT");
}

int64_t db_stream_undurable_from(struct db *db, int64_t tournament_id)
{
    int64_t from = INT64_MAX;
    for (struct pending *p = db->queued; p; p = p->next)
        if (p->tid == tournament_id && p->id < from)
            from = p->id;
    for (struct pending *p = db->pending; p; p = p->next)
        if (p->tid == tournament_id && p->id < from)
            from = p->id;
    return from;
}

/* Publishes, in order, the queued stream entries of the batches that are durable. */
static void publish_durable(struct db *db)
{
    while (db->queued && db->queued->batch <= db->durable_id) {
        struct pending *p = db->queued;
        if (db->publish)
            db->publish(db->publish_ctx, p->tid, p->id, p->type, p->data);
        db->queued = p->next;
        free(p->type);
        free(p->data);
        free(p);
    }
    if (!db->queued)
        db->queued_tail = &db->queued;
}

/* What a failed statement says about the disk (its extended result code). A full disk:
 * the reserve is given back for the TD's login, and changes are refused until it can be
 * kept again. A failed write or sync: SQLite's view of the files may no longer be what is
 * on disk (the kernel may have dropped the pages it could not write), so the connection is
 * not trusted again: db_begin reopens the database first. */
static void note_disk(struct db *db, int code)
{
    if (code == SQLITE_FULL || (code == SQLITE_IOERR_WRITE && sqlite3_system_errno(db->h) == ENOSPC)) {
        if (!db->full)
            fprintf(stderr, "crawford: the database's disk is full: changes are refused "
                            "until there is room again\n");
        db->full = 1;
        reserve_release(db->reserve);
    } else if (code == SQLITE_IOERR_WRITE || code == SQLITE_IOERR_FSYNC ||
               code == SQLITE_IOERR_DIR_FSYNC || code == SQLITE_IOERR_TRUNCATE) {
        fprintf(stderr, "crawford: writing the database failed (%s): it is reopened before "
                        "any further change\n", sqlite3_errstr(code));
        db->broken = 1;
    }
}

/* After a failed write or sync: a new connection and a new descriptor of the log, which
 * must sync before anything is acknowledged again. No batch is open. Batches committed
 * and not known durable were never acknowledged; their stream entries are dropped from the queue
 * (those that reached the disk are read from the log by the streams). 0, or -1 (still
 * broken: the next change tries again). Lock held. */
static int reopen(struct db *db)
{
    char err[600];
    sqlite3 *h = connect(db->path, db->busy_timeout_ms, err, sizeof err);
    if (!h) {
        fprintf(stderr, "crawford: reopening the database failed: %s\n", err);
        return -1;
    }
    stmts_finalize(db);
    if (db->walfd >= 0)
        close(db->walfd); /* never synced again: its pages may be gone */
    sqlite3_close(db->h);
    db->h = h;
    attach_wal(db);
    pending_free(db->queued);
    db->queued = NULL;
    db->queued_tail = &db->queued;
    /* a request still waiting for one of these (it has not had the lock since the failure)
     * must not take the jump of durable_id for its batch's sync */
    db->lost_from = db->durable_id + 1;
    db->lost_to = db->committed_id;
    db->committed_id = db->durable_id = db->batch_id;
    db->broken = 0;
    fprintf(stderr, "crawford: the database was reopened: changes are accepted again\n");
    return 0;
}

/* Commits (or, when failed, rolls back) the open batch and wakes its requests. Returns 0 or
 * -1. Called with the lock held. The commit is in the log; wait_durable makes it durable. */
static int batch_finish(struct db *db, int failed)
{
    int rc = 0;
    if (!failed && step_sql(db, "COMMIT")) {
        fprintf(stderr, "crawford: COMMIT failed: %s\n", sqlite3_errmsg(db->h));
        note_disk(db, sqlite3_extended_errcode(db->h));
        failed = 1;
    }
    for (struct batch_waiter *w = db->waiters; w; w = w->next)
        w->failed = failed;
    db->waiters = NULL;
    if (failed) {
        step_sql(db, "ROLLBACK");
        pending_clear(db);
        rc = -1;
    } else {
        for (struct pending *p = db->pending; p; p = p->next)
            p->batch = db->batch_id;
        *db->queued_tail = db->pending;
        if (db->pending)
            db->queued_tail = db->pending_tail;
        db->pending = NULL;
        db->pending_tail = &db->pending;
        db->committed_id = db->batch_id;
        if (db->walfd < 0) { /* synchronous=FULL: the commit synced the log */
            db->durable_id = db->committed_id;
            publish_durable(db);
        }
    }
    /* a failed batch moves the counters again: nothing tagged while it was open is current */
    for (int i = 0; i < DB_PARTS; i++)
        __atomic_store_n(&db->gen_committed[i], db->gen[i] += failed, __ATOMIC_RELEASE);
    db->batch_open = 0;
    db->in_batch = 0;
    db->done_id = db->batch_id;
    pthread_cond_broadcast(&db->committed);
    return rc;
}

/* Waits until batch mine is on disk. One thread at a time syncs the log, without the lock,
 * so that other requests go on writing meanwhile; a sync covers every batch committed
 * before it began. A failed sync breaks the database: nothing more is acknowledged. Called
 * and returns with the lock held; 0 or -1. */
static int wait_durable(struct db *db, int64_t mine)
{
    while (db->durable_id < mine && !db->broken) {
        if (db->syncing) {
            pthread_cond_wait(&db->committed, &db->mu);
            continue;
        }
        db->syncing = 1;
        int64_t target = db->committed_id;
        pthread_mutex_unlock(&db->mu);
        int rc = fdatasync(db->walfd);
        int err = errno;
        pthread_mutex_lock(&db->mu);
        db->syncing = 0;
        if (rc) {
            fprintf(stderr,
                    "crawford: syncing the database log failed: %s; no change is "
                    "acknowledged from now on\n",
                    strerror(err));
            db->broken = 1;
        } else {
            db->durable_id = target;
            publish_durable(db);
        }
        /* the batch that gathered during the sync (batch_leave left it open): no request is
         * inside it while we hold the lock, so commit it now, for the next sync */
        if (db->batch_open && db->in_batch > 0)
            batch_finish(db, db->broken);
        pthread_cond_broadcast(&db->committed);
    }
    return db->durable_id >= mine && (mine < db->lost_from || mine > db->lost_to) ? 0 : -1;
}

/* After a request's savepoint is released or rolled back: commit the batch now unless
 * another writer is about to join it, or a sync of the log is under way (a commit now would
 * not be durable sooner: the syncing thread commits the batch when its sync returns, so more
 * requests share the next sync). Waits until the batch is done; unlocks. */
static int batch_leave(struct db *db, int joined)
{
    int64_t mine = db->batch_id;
    if (db->batch_open && db->in_batch > 0 &&
        ((__atomic_load_n(&db->writers_waiting, __ATOMIC_ACQUIRE) == 0 && !db->syncing) ||
         db->in_batch >= 64)) {
        int rc = batch_finish(db, 0);
        if (rc == 0 && joined)
            rc = wait_durable(db, mine);
        pthread_mutex_unlock(&db->mu);
        return joined ? rc : 0;
    }
    if (!db->batch_open || db->in_batch == 0) {
        /* nothing of anyone's is waiting to be committed */
        if (db->batch_open) {
            step_sql(db, "ROLLBACK");
            db->batch_open = 0;
            db->done_id = db->batch_id;
            pthread_cond_broadcast(&db->committed);
        }
        pthread_mutex_unlock(&db->mu);
        return 0;
    }
    if (!joined) {
        pthread_mutex_unlock(&db->mu);
        return 0;
    }
    struct batch_waiter w = {.failed = 0, .next = db->waiters};
    db->waiters = &w;
    while (db->done_id < mine)
        pthread_cond_wait(&db->committed, &db->mu);
    int rc = w.failed ? -1 : wait_durable(db, mine);
    pthread_mutex_unlock(&db->mu);
    return rc;
}

/* The refusals of db_begin before any work: a broken connection is reopened first; on a
 * full disk, changes wait until the reserve can be kept again (the disk has room), except
 * the reserved ones. 0, DB_BROKEN or DB_FULL. Lock held; no savepoint is open. */
static int refusal(struct db *db, int reserved)
{
    if (db->broken || (db->full && !reserved)) {
        /* requests of the open batch wait for a writer that may now give up: finish the
         * batch (failed when broken) so they answer instead of hanging */
        if (db->batch_open)
            batch_finish(db, db->broken);
    }
    if (db->broken && (db->syncing || reopen(db)))
        return DB_BROKEN;
    if (db->full && !reserved) {
        if (!reserve_room(db->path) || reserve_keep(db->reserve))
            return DB_FULL;
        db->full = 0;
        fprintf(stderr, "crawford: the database's disk has room again: changes are accepted\n");
    }
    return 0;
}

static int begin(struct db *db, int reserved)
{
    __atomic_add_fetch(&db->writers_waiting, 1, __ATOMIC_ACQ_REL);
    pthread_mutex_lock(&db->mu);
    __atomic_sub_fetch(&db->writers_waiting, 1, __ATOMIC_ACQ_REL);
    int refused = refusal(db, reserved);
    if (refused) {
        pthread_mutex_unlock(&db->mu);
        return refused;
    }
    if (!db->batch_open) {
        if (step_sql(db, "BEGIN IMMEDIATE")) {
            int code = sqlite3_errcode(db->h);
            fprintf(stderr, "crawford: BEGIN failed: %s\n", sqlite3_errmsg(db->h));
            pthread_mutex_unlock(&db->mu);
            return code == SQLITE_BUSY || code == SQLITE_LOCKED ? DB_BUSY : -1;
        }
        db->batch_open = 1;
        db->batch_id++;
    }
    if (step_sql(db, "SAVEPOINT request")) {
        fprintf(stderr, "crawford: SAVEPOINT failed: %s\n", sqlite3_errmsg(db->h));
        batch_leave(db, 0);
        return -1;
    }
    db->request_mark = db->pending_tail;
    return 0;
}

int db_begin(struct db *db)
{
    return begin(db, 0);
}

int db_begin_reserved(struct db *db)
{
    return begin(db, 1);
}

int db_refusing(struct db *db)
{
    db_lock(db);
    int r = db->broken ? DB_BROKEN : db->full ? DB_FULL : 0;
    db_unlock(db);
    return r;
}

int db_commit(struct db *db)
{
    if (step_sql(db, "RELEASE request")) {
        fprintf(stderr, "crawford: RELEASE failed: %s\n", sqlite3_errmsg(db->h));
        db_rollback(db);
        return -1;
    }
    db->in_batch++;
    return batch_leave(db, 1);
}

void db_rollback(struct db *db)
{
    /* the operation may have failed on the disk: its last statement's code says */
    note_disk(db, sqlite3_extended_errcode(db->h));
    step_sql(db, "ROLLBACK TO request");
    step_sql(db, "RELEASE request");
    /* drop the stream entries this request queued, keep the batch's earlier ones */
    if (db->request_mark) {
        pending_free(*db->request_mark);
        *db->request_mark = NULL;
        db->pending_tail = db->request_mark;
    }
    batch_leave(db, 0);
}

void db_set_publish_hook(struct db *db,
                         void (*fn)(void *ctx, int64_t tournament_id, int64_t id, const char *type,
                                    const char *data),
                         void *ctx)
{
    db->publish = fn;
    db->publish_ctx = ctx;
}

int db_stream_pending(struct db *db, int64_t tournament_id, int64_t id, const char *type,
                      const char *data)
{
    struct pending *p = calloc(1, sizeof *p);
    if (!p)
        return -1;
    p->tid = tournament_id;
    p->id = id;
    p->type = strdup(type);
    p->data = strdup(data);
    if (!p->type || !p->data) {
        free(p->type);
        free(p->data);
        free(p);
        return -1;
    }
    *db->pending_tail = p;
    db->pending_tail = &p->next;
    return 0;
}

sqlite3_stmt *db_stmt(struct db *db, const char *sql)
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

void db_set_change_hook(struct db *db, void (*fn)(void *ctx, int64_t tournament_id), void *ctx)
{
    db->hook = fn;
    db->hook_ctx = ctx;
}

void db_changed(struct db *db, int64_t tournament_id)
{
    if (db->hook)
        db->hook(db->hook_ctx, tournament_id);
}

void db_part_changed(struct db *db, enum db_part part)
{
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
