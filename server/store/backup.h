/* A consistent copy of the live database (store/backup.c), made while the server serves and
 * writes: `crawford backup`, the snapshots (ops/tournament/snapshots.c) and the TD's download all make
 * it here, the same way. */
#ifndef STORE_BACKUP_H
#define STORE_BACKUP_H

#include <stddef.h>
#include <stdint.h>

/* Copies the database at db_path to the file dest: on a connection of its own, read-only
 * (never the server's, never holding its lock), in one read transaction (VACUUM INTO a
 * temporary name beside dest: a copy as of one commit, however much the server writes
 * meanwhile), the copy's integrity checked, synced, renamed to dest, and dest's folder
 * synced. dest's folder must exist, be writable and have room (checked first); dest is
 * replaced when it exists, unless it is the database itself. Nothing is left behind on
 * failure, and the database is only read. 0, or -1 with a sentence in err, or
 * DB_BACKUP_NO_ROOM (the sentence says the folder is full). */
#define DB_BACKUP_NO_ROOM (-2)
int db_backup(const char *db_path, const char *dest, char *err, size_t errlen);

/* A file name for a copy of the database, "<label>-YYYY-MM-DD-HHMMSS.db", the label made of
 * letters, digits and '-' (a tournament's name, "crawford"), the time at now_ms local. */
void db_backup_name(const char *label, int64_t now_ms, char *out, size_t len);

/* The label of the database at db_path's copies: its file's name without the extension
 * ("crawford" for data/crawford.db). */
void db_backup_label(const char *db_path, char *out, size_t len);
/* 1 when name is a copy's name db_backup_name made with that label (whatever the time). */
int db_backup_is_name(const char *label, const char *name);

/* 0 when folder is a writable folder, else -1 with a sentence in err ("the folder X does
 * not exist", "... is not writable"). */
int db_backup_folder_check(const char *folder, char *err, size_t errlen);

/* 1 when folder is on the same disk as the database at db_path (a copy there dies with the
 * disk), 0 when not or not known. */
int db_backup_same_disk(const char *db_path, const char *folder);

#endif
