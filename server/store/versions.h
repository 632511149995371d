/* Whether a snapshot is still current for a match (store/versions.c): a change prepared on
 * a reader (store/deferred.h) is made in the writer's turn only when nothing it may have
 * read was written since its snapshot; else it is made again, in the turn, as before. */
#ifndef STORE_VERSIONS_H
#define STORE_VERSIONS_H

#include <stdint.h>

struct db;

/* The stamp of a snapshot: taken before the reader's transaction begins (db_readers_take),
 * from the writer, without its lock. */
int64_t db_stamp(struct db *db);
/* In the writer's turn (lock held, after db_begin): 1 when no row of match_id, nor any row
 * every match may read, nor another program, was written by a batch after the stamp; 0
 * when one may have been (or the writer keeps no marks). */
int db_stamp_current(struct db *db, int64_t stamp, int64_t match_id);

/* The writer's side, for store/db.c and store/commit.c: the marks kept from the pre-update
 * hook of its connection (attached at open and at each reopen; -1 when out of memory: then
 * no snapshot is ever current), the data version compared after each BEGIN and noted after
 * each COMMIT or ROLLBACK. */
int db_versions_attach(struct db *db);
void db_versions_free(struct db *db);
void db_versions_begun(struct db *db);
void db_versions_ended(struct db *db);

#endif
