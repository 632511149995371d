/* Snapshots while serving (ops/tournament/snapshots.c): a copy of the database (store/backup.h) every
 * few minutes into a folder of its own (a USB stick, a second disk), the newest kept; and a
 * fresh copy for the TD's download. Each copy is made on a connection of its own, on the
 * snapshots' own thread or the asking request's, never holding the writer's lock; a
 * failure is said (the log, the status the console shows) and never stops the serving. */
#ifndef OPS_SNAPSHOTS_H
#define OPS_SNAPSHOTS_H

#include <stddef.h>
#include <stdint.h>

#include "ops/frame/op.h"
#include "ops/frame/problem.h"

struct op_snapshots;

struct op_snapshot_status {
    char folder[1024]; /* "" when snapshots are off */
    int interval_minutes, keep;
    int same_disk;      /* the folder is on the database's own disk: it dies with it */
    int failing;        /* the last try failed */
    int64_t last_ok_ms; /* the last good snapshot, 0 for none yet */
    char last_ok_file[256];
    int64_t last_error_ms;    /* the last failure, 0 for none */
    int64_t failing_since_ms; /* the first failure of those since the last good one */
    char last_error[1200];
    int64_t next_ms; /* when the next is due, 0 when off */
};

/* Snapshots of the database at db_path into folder ("" or NULL: off, and the status says
 * so), the first at once and then every interval_minutes, the newest keep kept; their
 * thread started (a folder missing now is an error of the first snapshot, not of the
 * start: the stick may come later). NULL when out of memory or no thread. */
struct op_snapshots *op_snapshots_start(const char *db_path, const char *folder,
                                        int interval_minutes, int keep);
/* Stops the thread (a snapshot under way finishes) and frees. NULL: nothing. */
void op_snapshots_stop(struct op_snapshots *s);
/* One snapshot now (the TD's, or the thread's): 0, or -1 with the problem (409 naming
 * snapshot_folder when snapshots are off, 507 when the folder is full, 503 when it is
 * missing or failed), the failure also in the status and the log. */
int op_snapshot_now(struct op_snapshots *s, int64_t now_ms, struct problem *pb);
void op_snapshots_status(struct op_snapshots *s, struct op_snapshot_status *out);

/* The TD's download of tournament tid's database: recorded in the audit log (it holds the
 * PINs and the password hashes), in o's frame; the tournament's name into name. 0, or -1
 * with the problem (404: no such tournament). */
int op_backup_download_record(const struct op *o, int64_t tid, char *name, size_t len,
                              struct problem *pb);
/* A fresh copy of the database at db_path, made beside it and unlinked once open: its
 * descriptor (read from the start, closed by the caller) and size, or -1 with the problem
 * (507 no room, 503 the copy failed). */
int op_backup_fresh(const char *db_path, uint64_t *size, struct problem *pb);

#endif
