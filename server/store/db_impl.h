/* The insides of struct db, for the files that implement it alone: store/db.c (open,
 * migrations, readers, hooks), store/conn.c (the connection and its statements) and
 * store/commit.c (group commit and durability), store/versions.c (the marks of what the
 * writer wrote) and store/deferred.c (a change's writes kept for the writer). No other
 * file includes this. */
#ifndef STORE_DB_IMPL_H
#define STORE_DB_IMPL_H

#include <pthread.h>
#include <sqlite3.h>
#include <stddef.h>
#include <stdint.h>

#include "store/db.h"

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
    /* the current request is inside its savepoint "request": only when the batch already
     * holds others' work. The first request of a batch is the transaction alone (its
     * rollback is the batch's), which spares a SAVEPOINT and a RELEASE per change where
     * no writer waits (issue 37) */
    int request_savepoint;
    /* durability outside the lock: see wait_durable */
    int walfd;   /* the write-ahead log, or -1: SQLite syncs each commit itself */
    int syncing; /* a thread is syncing the log now */
    int broken;  /* a write or a sync failed: nothing more is acknowledged until reopened */
    int full;    /* the disk was full: changes refused until the reserve is back */
    char path[1024], reserve[1100];
    int busy_timeout_ms;
    int64_t committed_id; /* the last batch committed to the log */
    int64_t durable_id;   /* the last batch known to be on disk */
    /* batches committed and not known durable when the database was reopened: never
     * acknowledged, though the reopen moved durable_id past them */
    int64_t lost_from, lost_to;
    int64_t gen[DB_PARTS], started_us; /* db_part_tag */
    int64_t gen_committed[DB_PARTS];   /* gen as of the last commit (atomic) */
    /* commits answered later (db_commit_async, store/commit.c): their tickets not yet
     * handed back, in batch order, and the thread that syncs the log for them */
    struct db_ticket *tickets;
    pthread_t syncer;
    int syncer_state; /* 0: not started, 1: running, -1: could not be started */
    int stopping;
    struct db *parent; /* a reader's writer (db_reader_new), else NULL */
    struct db_versions *ver;    /* the writer's marks of what it wrote (store/versions.c) */
    struct db_deferred *defer;  /* a reader's change being prepared (store/deferred.c) */
};

/* store/conn.c */
/* A connection to path with the server's settings; NULL with a sentence in err. */
sqlite3 *db_connect(const char *path, int busy_timeout_ms, char *err, size_t errlen);
/* Runs sql (no rows); 0, or -1 with SQLite's sentence in err. */
int db_exec(sqlite3 *h, const char *sql, char *err, size_t errlen);
/* Runs one cached statement of no rows on db (BEGIN, SAVEPOINT ...); 0 or -1. */
int db_step_sql(struct db *db, const char *sql);
/* Opens the log to sync it ourselves (db->walfd), else leaves SQLite syncing each commit. */
void db_attach_wal(struct db *db);
void db_stmts_finalize(struct db *db);

/* store/commit.c */
void db_pending_free(struct pending *p);
/* Stops the syncer (db_close): what it still holds is synced, or failed. */
void db_commit_stop(struct db *db);

#endif
