/* The one SQLite connection: opened with durable settings, migrated at start, shared by
 * every thread behind one mutex (one writer path; see README "Storage"). */
#ifndef DB_H
#define DB_H

#include <stddef.h>
#include <stdint.h>

struct db;

/* Opens (creating the file and its folder if needed) and migrates. Returns 0, or -1 with
 * a sentence in err. */
int db_open(const char *path, int busy_timeout_ms, struct db **out, char *err, size_t errlen);
/* Opens a database to read it alone (`crawford report`): never created, migrated or
 * written; its schema must be this binary's. All its reads see one snapshot. 0, or -1 with
 * a sentence in err. db_close closes it. */
int db_open_readonly(const char *path, struct db **out, char *err, size_t errlen);
void db_close(struct db *db);

/* The schema version of the database and the newest this binary knows. */
int db_schema_version(struct db *db);
int db_schema_latest(void);

/* Exclusive access for reads (no transaction) and for writes (BEGIN IMMEDIATE ..
 * COMMIT). Every state change happens between db_begin and db_commit, audit row
 * included; db_commit returns -1 when the commit failed (then nothing was written). */
void db_lock(struct db *db);
void db_unlock(struct db *db);
/* Readers: more connections to the same file, for reads alone, so that building a large
 * reply never holds the writer's lock (WAL: readers and the writer do not wait for each
 * other). A reader reads in a transaction of its own, db_read_begin .. db_read_end, and
 * sees the database as of the last commit (never a change still in the open batch); the
 * store's read functions take it as they take the writer, and db_lock on it does nothing
 * (one thread uses it at a time: store/readers.h keeps them). db_reader_new returns NULL
 * when there can be none (a database in memory); db_close closes one. */
struct db *db_reader_new(struct db *db);
int db_read_begin(struct db *reader);
void db_read_end(struct db *reader);

/* db_begin returns DB_BUSY when another program holds the database's write lock past the
 * busy timeout (a backup, an sqlite3 shell): nothing was begun and a retry may succeed. */
#define DB_BUSY (-2)
/* DB_FULL: the disk is full (a write failed with no room); nothing was begun, and changes
 * are refused until there is room again, seen by db_begin itself. DB_BROKEN: a write or a
 * sync of the files failed and the database could not yet be reopened (db_begin tries
 * again each time). */
#define DB_FULL (-3)
#define DB_BROKEN (-4)
int db_begin(struct db *db);
/* db_begin for what must work on a full disk (the TD's login): it uses the room kept for
 * it (store/reserve.h). */
int db_begin_reserved(struct db *db);
/* 0, DB_FULL or DB_BROKEN: why changes are refused now (a 500 of a failed change is
 * answered as this instead). */
int db_refusing(struct db *db);
int db_commit(struct db *db);
void db_rollback(struct db *db);
/* db_commit without waiting for the disk, for a request whose thread serves others
 * meanwhile (an HTTP request: its connection is suspended). 0 with a ticket: the change is
 * in the batch, acknowledged only once db_ticket_wait's done is called and
 * db_ticket_outcome says 1; -1 when it failed at once (nothing written, no ticket). Where
 * it cannot wait later (the log synced by SQLite itself), it is db_commit, without a
 * ticket (*ticket NULL). Unlocks, as db_commit. */
struct db_ticket;
int db_commit_async(struct db *db, struct db_ticket **ticket);
/* done(ctx) is called once the ticket's batch is on disk or lost: on the thread that syncs,
 * or here at once when it is already. Once per ticket. */
void db_ticket_wait(struct db *db, struct db_ticket *t, void (*done)(void *ctx), void *ctx);
/* After done: 1 when the change is durable, else why it is not (DB_BROKEN, DB_FULL, -1). */
int db_ticket_outcome(struct db *db, const struct db_ticket *t);
void db_ticket_free(struct db *db, struct db_ticket *t);

/* A function told, with the lock held, whenever something inside a tournament changes
 * (its revision is bumped): the response cache drops what it holds for it. */
void db_set_change_hook(struct db *db, void (*fn)(void *ctx, int64_t tournament_id), void *ctx);
void db_changed(struct db *db, int64_t tournament_id);

/* Stream entries are published after the commit that wrote them, before the lock is
 * released, so subscribers see them in id order. */
void db_set_publish_hook(struct db *db,
                         void (*fn)(void *ctx, int64_t tournament_id, int64_t id, const char *type,
                                    const char *data),
                         void *ctx);
/* The lowest id of the tournament's stream entries not yet durable (in the open batch, or
 * committed and not yet synced), or INT64_MAX: readers of the stream's log stop below it,
 * so a stream never sends an entry that could still be lost. Lock held. */
int64_t db_stream_undurable_from(struct db *db, int64_t tournament_id);
/* Queues a stream entry written in the current transaction for publishing (store/stream.c). */
int db_stream_pending(struct db *db, int64_t tournament_id, int64_t id, const char *type,
                      const char *data);

/* Parts of the database with revisions of their own, for the lists polled most. A game
 * report moves the tournament's revision but changes no player, and one of a match outside
 * any event changes no bracket; so the anonymous players list (1,000 entries, polled by
 * every phone) and the knockout brackets are tagged with these instead and survive such
 * reports. Every write of a player row calls db_part_changed(DB_PLAYERS); every write of
 * an event, its entries, its bracket or a match of an event, db_part_changed(DB_EVENTS)
 * (in any tournament: one counter a part is simplest and never stale). db_part_tag writes
 * "p<players>.<start>", or for DB_EVENTS "e<events>.p<players>.<start>" (a bracket names
 * its players), <start> the start of this process, so that a restart never reuses a tag;
 * on a reader, the counters as last committed before its snapshot. Lock held. */
enum db_part { DB_PLAYERS, DB_EVENTS, DB_PARTS };
void db_part_changed(struct db *db, enum db_part part);
void db_part_tag(struct db *db, enum db_part part, char *out, size_t len);
/* The tag as last committed, without the lock (a kept copy of that tag is up to date). */
void db_part_tag_committed(struct db *db, enum db_part part, char *out, size_t len);

/* The last SQLite error message of the connection (for the server log). */
const char *db_errmsg(struct db *db);

#endif
