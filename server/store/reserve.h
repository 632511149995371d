/* Room kept on the database's disk for the TD's login: a file of real blocks beside the
 * database. When the disk fills, it is given back so that the TD can still log in (a login
 * writes its session) and free space; changes are refused until the file could be made
 * again, which is also how the server sees that there is room again. */
#ifndef STORE_RESERVE_H
#define STORE_RESERVE_H

#include <stddef.h>

/* The bytes kept: a login's commit (session, audit row, their indexes) is a few pages of the
 * log; this leaves room for dozens. */
#define RESERVE_BYTES (256 * 1024)

/* The reserve's path for the database at db_path ("<db_path>-reserve"); 0, or -1 when too
 * long. */
int reserve_path(const char *db_path, char *out, size_t len);
/* Makes the file at path hold RESERVE_BYTES of allocated blocks: 0, or -1 when the disk has
 * not that much room (the file is then left empty, taking nothing). */
int reserve_keep(const char *path);
/* Gives the blocks back (the file stays, empty). */
void reserve_release(const char *path);
/* 1 when the disk of the file at path has room for the reserve and as much again for the
 * changes: only then is a full disk taken to have room again (with less, keeping the
 * reserve would just make the next change fail again). */
int reserve_room(const char *path);

#endif
