/* SQL of the settings table: small named values (the TD's password hash). */
#include "store/store.h"
#include "store/sql.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int db_setting_get(struct db *db, const char *key, char *buf, size_t len)
{
    sqlite3_stmt *st = db_stmt(db, "SELECT value FROM settings WHERE key = ?1");
    if (!st)
        return CW_EDB;
    db_bind_text(st, 1, key);
    int rc = sqlite3_step(st);
    int out = CW_ENOTFOUND;
    if (rc == SQLITE_ROW) {
        db_col_text(st, 0, buf, len);
        out = CW_OK;
    } else if (rc != SQLITE_DONE) {
        out = CW_EDB;
    }
    db_done(st);
    return out;
}

int db_setting_set(struct db *db, const char *key, const char *value)
{
    sqlite3_stmt *st = db_stmt(db, "INSERT INTO settings(key, value) VALUES (?1, ?2) "
                                   "ON CONFLICT(key) DO UPDATE SET value = excluded.value");
    if (!st)
        return CW_EDB;
    db_bind_text(st, 1, key);
    db_bind_text(st, 2, value);
    return db_step_ok(st);
}

/* The hold of a restored copy (tourney/clock.h struct clk_hold): two settings rows,
 * "hold_from_ms" written by `crawford restore`, "hold_until_ms" by the TD's confirmation. */
static int64_t setting_ms(struct db *db, const char *key, int *err)
{
    char buf[32];
    int rc = db_setting_get(db, key, buf, sizeof buf);
    if (rc == CW_ENOTFOUND)
        return 0;
    if (rc != CW_OK) {
        *err = 1;
        return 0;
    }
    return strtoll(buf, NULL, 10);
}

int db_hold_get(struct db *db, struct clk_hold *h)
{
    int err = 0;
    h->from_ms = setting_ms(db, "hold_from_ms", &err);
    h->until_ms = h->from_ms ? setting_ms(db, "hold_until_ms", &err) : 0;
    return err ? CW_EDB : CW_OK;
}

int db_hold_lift(struct db *db, int64_t until_ms)
{
    struct clk_hold h;
    int rc = db_hold_get(db, &h);
    if (rc != CW_OK)
        return rc;
    char buf[32];
    snprintf(buf, sizeof buf, "%lld", (long long)until_ms);
    if ((rc = db_setting_set(db, "hold_until_ms", buf)) != CW_OK)
        return rc;
    /* a late-entry deadline (KO-4) that fell in the held time waits as lateness does: it
     * moves on by the hold's length */
    sqlite3_stmt *st =
        db_stmt(db, "UPDATE ko_brackets SET late_deadline_ms = late_deadline_ms + ?2 "
                    "WHERE late_closed = 0 AND late_deadline_ms > ?1");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, h.from_ms);
    sqlite3_bind_int64(st, 2, until_ms > h.from_ms ? until_ms - h.from_ms : 0);
    rc = db_step_ok(st);
    if (rc == CW_OK)
        db_part_changed(db, DB_EVENTS);
    return rc;
}
