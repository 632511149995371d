/* A few readers of the database (db.h: db_reader_new), each lent to one thread at a time,
 * for the replies that take long to build (the lists the screens and phones poll): they
 * read beside the writer instead of holding its lock. */
#ifndef STORE_READERS_H
#define STORE_READERS_H

struct db;
struct db_readers;

/* At most n readers of db, opened when first needed. NULL when out of memory. */
struct db_readers *db_readers_new(struct db *db, int n);
void db_readers_free(struct db_readers *p);
/* A reader in a read transaction of its own (db_read_begin), waiting for one to be given
 * back when all n are lent; NULL when none can be opened (then read from the writer,
 * under its lock). */
struct db *db_readers_take(struct db_readers *p);
/* Ends the reader's transaction and lends it again. */
void db_readers_give(struct db_readers *p, struct db *reader);

#endif
