/* A copy of the database brought back (`crawford restore`, the TD's guide "When the laptop
 * dies"): checked to be a whole Crawford database this binary can serve, and copied into a
 * new file as one snapshot, marked to wait for the TD (tourney/clock.h struct clk_hold). */
#ifndef STORE_RESTORE_H
#define STORE_RESTORE_H

#include <stddef.h>
#include <stdint.h>

/* What a copy is, once checked. */
struct restore_info {
    int version;     /* its schema version */
    int64_t last_ms; /* the last moment it recorded a change; 0 when it holds none */
};

/* 0 when path is a Crawford database this binary knows, undamaged; -1 with a sentence in
 * err saying why not (not an SQLite file, not Crawford's, made by a newer crawford,
 * damaged). Opens it read-only: nothing of it changes. */
int db_restore_check(const char *path, struct restore_info *info, char *err, size_t errlen);
/* Writes the copy src as one consistent snapshot into dst (which must not exist), held
 * from hold_from_ms until the TD confirms, and syncs it to disk. 0, or -1 with a sentence. */
int db_restore_copy(const char *src, const char *dst, int64_t hold_from_ms, char *err,
                    size_t errlen);

#endif
