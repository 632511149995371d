/* A change prepared on a reader (issue 37): run in full on the reader's snapshot, outside
 * the writer's turn, with its writes kept instead of made; the turn then only makes them,
 * once the snapshot is known to be current for it (store/versions.h). The few writes a
 * plain game report makes are kept this way (its report's games, the match's score, the
 * audit row, the stream entry, and the parts they move); any other write gives the
 * preparation up (db_deferred_given_up), and the change is made in the turn as before. */
#ifndef STORE_DEFERRED_H
#define STORE_DEFERRED_H

struct db;

/* The writes kept, in the order they were asked for. */
struct db_deferred {
    struct db_write *first, **last;
    int given_up; /* a write that cannot be kept was asked for */
};

/* From now on the reader keeps the writes in d (empty) instead of making them; until
 * db_defer_stop. */
void db_defer_start(struct db *reader, struct db_deferred *d);
void db_defer_stop(struct db *reader);
/* 1 when db keeps its writes now: a writing function then calls db_defer instead. */
int db_deferring(const struct db *db);
/* Keeps a write: apply(writer, args) makes it in the turn, drop(args) frees args (also
 * when it is never made). Takes args (freed by drop even when this fails). CW_OK, or
 * CW_EDB for no memory. */
int db_defer(struct db *db, int (*apply)(struct db *db, void *args), void (*drop)(void *args),
             void *args);
/* Called by the statement cache: a write that is not kept asked for on a deferring reader. */
void db_defer_give_up(struct db *db);
int db_deferred_given_up(const struct db_deferred *d);
/* Makes the writes on db (the writer, in its turn), in order: CW_OK or the first failure. */
int db_deferred_apply(struct db *db, struct db_deferred *d);
void db_deferred_free(struct db_deferred *d);

#endif
