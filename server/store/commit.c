/* Group commit and durability: the writer's batches, their commit and the sync of the log,
 * the refusals of a full or failed disk, and the tickets of commits answered later. */
#include "store/db_impl.h"
#include "store/sql.h"
#include "store/reserve.h"
#include "store/versions.h"
#include "common/errors.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* A commit answered later (db_commit_async): settled (outcome 1, or DB_BROKEN, DB_FULL or
 * -1) while the lock is held; listed in db->tickets until the syncer hands it back. */
struct db_ticket {
    int64_t batch;
    int outcome; /* 0 while its batch is neither durable nor failed */
    void (*done)(void *ctx);
    void *ctx;
    struct db_ticket *next; /* in db->tickets */
    struct db_ticket *fire; /* in the syncer's list of tickets to hand back */
    int listed;
};

void db_pending_free(struct pending *p)
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
    db_pending_free(db->pending);
    db->pending = NULL;
    db->pending_tail = &db->pending;
}

/* Group commit. A change is a SAVEPOINT inside one real transaction (the batch) that
 * stays open while other writers wait for the lock; the last writer of a run commits the
 * batch, so one fsync and one write of each shared page serve many requests. No request
 * returns before its batch is durable (db_commit waits), so an acknowledged change is on
 * disk exactly as with a commit of its own; a failed batch commit fails all its requests,
 * and none was acknowledged. */

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

/* Why a change failed, for its ticket: the disk is full, or broken, or something else. */
static int failure(const struct db *db)
{
    return db->full ? DB_FULL : db->broken ? DB_BROKEN : -1;
}

/* The tickets of batch `from` and later, not yet settled, fail with why (their batch was
 * rolled back, or committed to a log that could not be synced). */
static void tickets_fail_from(struct db *db, int64_t from, int why)
{
    for (struct db_ticket *t = db->tickets; t; t = t->next)
        if (!t->outcome && t->batch >= from)
            t->outcome = why;
}

/* The tickets of the batches now durable are settled. */
static void tickets_durable(struct db *db)
{
    for (struct db_ticket *t = db->tickets; t; t = t->next)
        if (!t->outcome && t->batch <= db->durable_id)
            t->outcome = 1;
}

static void ticket_unlist(struct db *db, struct db_ticket *t)
{
    for (struct db_ticket **p = &db->tickets; *p; p = &(*p)->next)
        if (*p == t) {
            *p = t->next;
            break;
        }
    t->listed = 0;
}

/* What a failed statement says about the disk (its extended result code). A full disk:
 * the reserve is given back for the TD's login, and changes are refused until it can be
 * kept again. A failed write or sync: SQLite's view of the files may no longer be what is
 * on disk (the kernel may have dropped the pages it could not write), so the connection is
 * not trusted again: db_begin reopens the database first. */
static void note_disk(struct db *db, int code)
{
    if (code == SQLITE_FULL ||
        (code == SQLITE_IOERR_WRITE && sqlite3_system_errno(db->h) == ENOSPC)) {
        if (!db->full)
            fprintf(stderr, "crawford: the database's disk is full: changes are refused "
                            "until there is room again\n");
        db->full = 1;
        reserve_release(db->reserve);
    } else if (code == SQLITE_IOERR_WRITE || code == SQLITE_IOERR_FSYNC ||
               code == SQLITE_IOERR_DIR_FSYNC || code == SQLITE_IOERR_TRUNCATE) {
        fprintf(stderr,
                "crawford: writing the database failed (%s): it is reopened before "
                "any further change\n",
                sqlite3_errstr(code));
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
    sqlite3 *h = db_connect(db->path, db->busy_timeout_ms, err, sizeof err);
    if (!h) {
        fprintf(stderr, "crawford: reopening the database failed: %s\n", err);
        return -1;
    }
    db_stmts_finalize(db);
    if (db->walfd >= 0)
        close(db->walfd); /* never synced again: its pages may be gone */
    sqlite3_close(db->h);
    db->h = h;
    db_attach_wal(db);
    db_pending_free(db->queued);
    db->queued = NULL;
    db->queued_tail = &db->queued;
    /* a request still waiting for one of these (it has not had the lock since the failure)
     * must not take the jump of durable_id for its batch's sync */
    tickets_fail_from(db, db->durable_id + 1, DB_BROKEN);
    pthread_cond_broadcast(&db->committed); /* the syncer hands them back */
    db->lost_from = db->durable_id + 1;
    db->lost_to = db->committed_id;
    db->durable_id = db->batch_id;
    __atomic_store_n(&db->committed_id, db->batch_id, __ATOMIC_RELEASE);
    db_versions_attach(db); /* the new connection's hook; no snapshot before is current */
    db->broken = 0;
    fprintf(stderr, "crawford: the database was reopened: changes are accepted again\n");
    return 0;
}

/* Commits (or, when failed, rolls back) the open batch and wakes its requests. Returns 0 or
 * -1. Called with the lock held. The commit is in the log; wait_durable makes it durable. */
static int batch_finish(struct db *db, int failed)
{
    int rc = 0;
    if (!failed && db_step_sql(db, "COMMIT")) {
        fprintf(stderr, "crawford: COMMIT failed: %s\n", sqlite3_errmsg(db->h));
        note_disk(db, sqlite3_extended_errcode(db->h));
        failed = 1;
    }
    if (failed)
        db_step_sql(db, "ROLLBACK");
    db_versions_ended(db);
    for (struct batch_waiter *w = db->waiters; w; w = w->next)
        w->failed = failed;
    db->waiters = NULL;
    if (failed) {
        pending_clear(db);
        tickets_fail_from(db, db->batch_id, failure(db));
        rc = -1;
    } else {
        for (struct pending *p = db->pending; p; p = p->next)
            p->batch = db->batch_id;
        *db->queued_tail = db->pending;
        if (db->pending)
            db->queued_tail = db->pending_tail;
        db->pending = NULL;
        db->pending_tail = &db->pending;
        /* a reader that begins after this sees the batch (store/versions.h: db_stamp) */
        __atomic_store_n(&db->committed_id, db->batch_id, __ATOMIC_RELEASE);
        if (db->walfd < 0) { /* synchronous=FULL: the commit synced the log */
            db->durable_id = db->committed_id;
            publish_durable(db);
            tickets_durable(db);
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

/* One sync of the log, without the lock, so that other requests go on writing meanwhile;
 * it covers every batch committed before it began. A failed sync breaks the database:
 * nothing more is acknowledged. Then the batch that gathered during the sync (batch_leave
 * left it open) is committed, for the next one. Lock held; no sync under way. */
static void sync_step(struct db *db)
{
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
        tickets_fail_from(db, db->durable_id + 1, DB_BROKEN);
    } else {
        db->durable_id = target;
        publish_durable(db);
        tickets_durable(db);
    }
    /* no request is inside the gathered batch while we hold the lock */
    if (db->batch_open && db->in_batch > 0)
        batch_finish(db, db->broken);
    pthread_cond_broadcast(&db->committed);
}

/* Waits until batch mine is on disk, syncing the log itself when no other thread is. Called
 * and returns with the lock held; 0 or -1. */
static int wait_durable(struct db *db, int64_t mine)
{
    while (db->durable_id < mine && !db->broken) {
        if (db->syncing)
            pthread_cond_wait(&db->committed, &db->mu);
        else
            sync_step(db);
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
            db_step_sql(db, "ROLLBACK");
            db_versions_ended(db);
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
        if (db_step_sql(db, "BEGIN IMMEDIATE")) {
            int code = sqlite3_errcode(db->h);
            fprintf(stderr, "crawford: BEGIN failed: %s\n", sqlite3_errmsg(db->h));
            pthread_mutex_unlock(&db->mu);
            return code == SQLITE_BUSY || code == SQLITE_LOCKED ? DB_BUSY : -1;
        }
        db->batch_open = 1;
        db->batch_id++;
        db_versions_begun(db); /* after the batch's id: another program's commit marks it */
    }
    db->request_savepoint = db->in_batch > 0;
    if (db->request_savepoint && db_step_sql(db, "SAVEPOINT request")) {
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

/* The request's savepoint released, when it has one (db_begin). 0, or -1. */
static int release(struct db *db)
{
    return db->request_savepoint ? db_step_sql(db, "RELEASE request") : 0;
}

int db_commit(struct db *db)
{
    if (release(db)) {
        fprintf(stderr, "crawford: RELEASE failed: %s\n", sqlite3_errmsg(db->h));
        db_rollback(db);
        return -1;
    }
    db->in_batch++;
    return batch_leave(db, 1);
}

/* ---- commits answered later ---- */

/* The syncer: syncs the log for the batches whose tickets wait (no request's thread waits
 * for them), and hands back each settled ticket that is waited for, calling its done
 * outside the lock. It sleeps on the commits' condition: every commit, sync and failure
 * wakes it. */
static void *syncer(void *arg)
{
    struct db *db = arg;
    pthread_mutex_lock(&db->mu);
    for (;;) {
        tickets_durable(db);
        struct db_ticket *fire = NULL, **tail = &fire;
        int waiting = 0, unsettled = 0; /* of committed batches; of any */
        for (struct db_ticket *t = db->tickets, *next; t; t = next) {
            next = t->next;
            if (!t->outcome) {
                unsettled = 1;
                waiting |= t->batch <= db->committed_id;
            } else if (t->done) {
                ticket_unlist(db, t);
                t->fire = NULL;
                *tail = t;
                tail = &t->fire;
            }
        }
        if (fire) {
            pthread_mutex_unlock(&db->mu);
            for (struct db_ticket *t = fire, *next; t; t = next) {
                next = t->fire;
                t->done(t->ctx); /* its owner may free it from here on */
            }
            pthread_mutex_lock(&db->mu);
            continue;
        }
        if (waiting && !db->syncing && !db->broken && db->durable_id < db->committed_id) {
            sync_step(db);
            continue;
        }
        if (db->stopping && !waiting) {
            if (!unsettled)
                break;
            tickets_fail_from(db, 0, -1); /* of a batch nobody will commit now */
            continue;
        }
        pthread_cond_wait(&db->committed, &db->mu);
    }
    pthread_mutex_unlock(&db->mu);
    return NULL;
}

/* The syncer, started with the first commit answered later. Lock held; 1 when it runs. */
static int syncer_running(struct db *db)
{
    if (!db->syncer_state)
        db->syncer_state = pthread_create(&db->syncer, NULL, syncer, db) ? -1 : 1;
    return db->syncer_state == 1;
}

int db_commit_async(struct db *db, struct db_ticket **out)
{
    *out = NULL;
    struct db_ticket *t = NULL;
    /* where the log is synced by SQLite itself, or there is no syncer, db_commit waits */
    if (db->walfd < 0 || db->parent || !syncer_running(db) || !(t = calloc(1, sizeof *t)))
        return db_commit(db);
    if (release(db)) {
        fprintf(stderr, "crawford: RELEASE failed: %s\n", sqlite3_errmsg(db->h));
        free(t);
        db_rollback(db);
        return -1;
    }
    db->in_batch++;
    t->batch = db->batch_id;
    t->listed = 1;
    t->next = db->tickets;
    db->tickets = t;
    /* commit now unless another writer is about to join the batch or a sync is under way:
     * as batch_leave, without waiting (the syncer or a later writer finishes the work) */
    if ((__atomic_load_n(&db->writers_waiting, __ATOMIC_ACQUIRE) == 0 && !db->syncing) ||
        db->in_batch >= 64)
        batch_finish(db, 0);
    pthread_mutex_unlock(&db->mu);
    *out = t;
    return 0;
}

void db_ticket_wait(struct db *db, struct db_ticket *t, void (*done)(void *ctx), void *ctx)
{
    pthread_mutex_lock(&db->mu);
    int now = t->outcome != 0;
    if (now) {
        if (t->listed)
            ticket_unlist(db, t);
    } else {
        t->done = done;
        t->ctx = ctx;
    }
    pthread_mutex_unlock(&db->mu);
    if (now)
        done(ctx);
}

int db_ticket_outcome(struct db *db, const struct db_ticket *t)
{
    pthread_mutex_lock(&db->mu);
    int v = t->outcome;
    pthread_mutex_unlock(&db->mu);
    return v;
}

void db_ticket_free(struct db *db, struct db_ticket *t)
{
    if (!t)
        return;
    pthread_mutex_lock(&db->mu);
    if (t->listed)
        ticket_unlist(db, t);
    pthread_mutex_unlock(&db->mu);
    free(t);
}

void db_commit_stop(struct db *db)
{
    if (db->parent)
        return;
    pthread_mutex_lock(&db->mu);
    int running = db->syncer_state == 1;
    db->stopping = 1;
    pthread_cond_broadcast(&db->committed);
    pthread_mutex_unlock(&db->mu);
    if (running)
        pthread_join(db->syncer, NULL);
}

void db_rollback(struct db *db)
{
    /* the operation may have failed on the disk: its last statement's code says */
    note_disk(db, sqlite3_extended_errcode(db->h));
    if (db->request_savepoint) {
        db_step_sql(db, "ROLLBACK TO request");
        db_step_sql(db, "RELEASE request");
    } /* else the batch is this request's alone: batch_leave rolls it back whole */
    /* drop the stream entries this request queued, keep the batch's earlier ones */
    if (db->request_mark) {
        db_pending_free(*db->request_mark);
        *db->request_mark = NULL;
        db->pending_tail = db->request_mark;
    }
    batch_leave(db, 0);
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
