/* SQL of knockout brackets: the draw as stored (version, seed, options, entries in their
 * given order, slots) so it can be shown, advanced and re-derived. */
#include "store/store.h"
#include "store/sql.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *slot_kind_name(enum ko_slot_kind k)
{
    return k == KO_SLOT_BYE ? "bye" : k == KO_SLOT_LATE ? "late" : "entry";
}

static int lengths_text(const struct ko_bracket *b, char *out, size_t len)
{
    size_t k = (size_t)snprintf(out, len, "[");
    for (int r = 0; r < b->rounds && k < len; r++)
        k += (size_t)snprintf(out + k, len - k, "%s%d", r ? "," : "", b->lengths[r]);
    if (k + 2 > len)
        return -1;
    strcpy(out + k, "]");
    return 0;
}

int db_ko_save(struct db *db, int64_t event_id, const struct ko_bracket *b, int64_t now_ms)
{
    db_part_changed(db, DB_EVENTS); /* a bracket may show it (db.h) */
    /* the seed as recorded (KO-2): the TD's text, or the number's digits */
    char seed[RNG_SEED_BYTES], lengths[256];
    if (b->seed_text[0])
        snprintf(seed, sizeof seed, "%s", b->seed_text);
    else
        snprintf(seed, sizeof seed, "%llu", (unsigned long long)b->seed);
    if (lengths_text(b, lengths, sizeof lengths))
        return CW_EINVAL;
    sqlite3_stmt *st = db_stmt(
        db, "INSERT INTO ko_brackets(event_id, version, kind, seed, seeded, seeds, size, n_late, "
            "late_filled, late_closed, late_deadline_ms, lengths, drawn_ms) VALUES (?1, ?2, ?3, "
            "?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, event_id);
    sqlite3_bind_int(st, 2, b->version);
    db_bind_text(st, 3, b->kind == KO_FED ? "fed" : "main");
    db_bind_text(st, 4, seed);
    sqlite3_bind_int(st, 5, b->opts.seeded);
    sqlite3_bind_int(st, 6, b->opts.seeds);
    sqlite3_bind_int(st, 7, b->size);
    sqlite3_bind_int(st, 8, b->n_late);
    sqlite3_bind_int(st, 9, b->late_filled);
    sqlite3_bind_int(st, 10, b->late_closed);
    sqlite3_bind_int64(st, 11, b->late_deadline_ms);
    db_bind_text(st, 12, lengths);
    sqlite3_bind_int64(st, 13, now_ms);
    int rc = sqlite3_step(st);
    db_done(st);
    if (rc != SQLITE_DONE)
        return (rc & 0xff) == SQLITE_CONSTRAINT ? CW_ECONFLICT : CW_EDB;
    st = db_stmt(db, "INSERT INTO ko_entries(event_id, idx, entry_id, has_rating, rating, round, "
                     "had_bye) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)");
    if (!st)
        return CW_EDB;
    for (int i = 0; i < b->n_entries; i++) {
        const struct ko_entry *e = &b->entries[i];
        sqlite3_bind_int64(st, 1, event_id);
        sqlite3_bind_int(st, 2, i);
        sqlite3_bind_int64(st, 3, e->id);
        sqlite3_bind_int(st, 4, e->has_rating);
        sqlite3_bind_double(st, 5, e->has_rating ? e->rating : 0);
        sqlite3_bind_int(st, 6, e->round ? e->round : 1);
        sqlite3_bind_int(st, 7, e->had_bye);
        rc = sqlite3_step(st);
        sqlite3_reset(st);
        if (rc != SQLITE_DONE) {
            db_done(st);
            return CW_EDB;
        }
    }
    db_done(st);
    st = db_stmt(
        db,
        "INSERT INTO ko_slots(event_id, slot, kind, position, drawn, holder, late, "
        "rating_seed, round2, had_bye, vacant) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, "
        "?11)");
    if (!st)
        return CW_EDB;
    for (int s = 0; s < b->size; s++) {
        const struct ko_slot *x = &b->slots[s];
        sqlite3_bind_int64(st, 1, event_id);
        sqlite3_bind_int(st, 2, s);
        db_bind_text(st, 3, slot_kind_name(x->kind));
        sqlite3_bind_int(st, 4, x->position);
        db_bind_nonzero(st, 5, x->drawn);
        db_bind_nonzero(st, 6, x->id);
        sqlite3_bind_int(st, 7, x->late);
        sqlite3_bind_int(st, 8, x->rating_seed);
        sqlite3_bind_int(st, 9, x->round2);
        sqlite3_bind_int(st, 10, x->had_bye);
        sqlite3_bind_int(st, 11, x->vacant);
        rc = sqlite3_step(st);
        sqlite3_reset(st);
        if (rc != SQLITE_DONE) {
            db_done(st);
            return CW_EDB;
        }
    }
    db_done(st);
    return CW_OK;
}

int db_ko_load(struct db *db, int64_t event_id, struct ko_bracket *b)
{
    memset(b, 0, sizeof *b);
    sqlite3_stmt *st = db_stmt(
        db, "SELECT version, kind, seed, seeded, seeds, size, n_late, late_filled, late_closed, "
            "late_deadline_ms, lengths, (SELECT count(*) FROM ko_entries WHERE event_id = ?1) "
            "FROM ko_brackets WHERE event_id = ?1");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, event_id);
    int rc = sqlite3_step(st);
    if (rc != SQLITE_ROW) {
        db_done(st);
        return rc == SQLITE_DONE ? CW_ENOTFOUND : CW_EDB;
    }
    int size = sqlite3_column_int(st, 5), n = sqlite3_column_int(st, 11);
    if (ko_bracket_alloc(b, size, n)) {
        db_done(st);
        return CW_EDB;
    }
    b->version = sqlite3_column_int(st, 0);
    char kind[8], lengths[256];
    db_col_text(st, 1, kind, sizeof kind);
    db_col_text(st, 2, b->seed_text, sizeof b->seed_text);
    b->kind = strcmp(kind, "fed") ? KO_MAIN : KO_FED;
    /* every seed stored before text was taken is a number's digits: it reads as it did */
    b->seed = rng_seed_read(b->seed_text);
    b->opts.seeded = sqlite3_column_int(st, 3);
    b->opts.seeds = sqlite3_column_int(st, 4);
    b->n_late = sqlite3_column_int(st, 6);
    b->late_filled = sqlite3_column_int(st, 7);
    b->late_closed = sqlite3_column_int(st, 8);
    b->late_deadline_ms = sqlite3_column_int64(st, 9);
    db_col_text(st, 10, lengths, sizeof lengths);
    db_done(st);
    const char *p = lengths + 1;
    for (int r = 0; r < b->rounds && *p && *p != ']'; r++) {
        char *end;
        b->lengths[r] = (int)strtol(p, &end, 10);
        p = *end == ',' ? end + 1 : end;
    }
    st = db_stmt(db, "SELECT idx, entry_id, has_rating, rating, round, had_bye FROM ko_entries "
                     "WHERE event_id = ?1 ORDER BY idx");
    if (!st) {
        ko_bracket_free(b);
        return CW_EDB;
    }
    sqlite3_bind_int64(st, 1, event_id);
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        int i = sqlite3_column_int(st, 0);
        if (i < 0 || i >= n)
            continue;
        struct ko_entry *e = &b->entries[i];
        e->id = sqlite3_column_int64(st, 1);
        e->has_rating = sqlite3_column_int(st, 2);
        e->rating = sqlite3_column_double(st, 3);
        e->round = sqlite3_column_int(st, 4);
        e->had_bye = sqlite3_column_int(st, 5);
    }
    db_done(st);
    st = db_stmt(db, "SELECT slot, kind, position, coalesce(drawn, 0), coalesce(holder, 0), late, "
                     "rating_seed, round2, had_bye, vacant FROM ko_slots WHERE event_id = ?1");
    if (!st) {
        ko_bracket_free(b);
        return CW_EDB;
    }
    sqlite3_bind_int64(st, 1, event_id);
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        int s = sqlite3_column_int(st, 0);
        if (s < 0 || s >= size)
            continue;
        struct ko_slot *x = &b->slots[s];
        char k[8];
        db_col_text(st, 1, k, sizeof k);
        x->kind = !strcmp(k, "bye")    ? KO_SLOT_BYE
                  : !strcmp(k, "late") ? KO_SLOT_LATE
                                       : KO_SLOT_ENTRY;
        x->position = sqlite3_column_int(st, 2);
        x->drawn = sqlite3_column_int64(st, 3);
        x->id = sqlite3_column_int64(st, 4);
        x->late = sqlite3_column_int(st, 5);
        x->rating_seed = sqlite3_column_int(st, 6);
        x->round2 = sqlite3_column_int(st, 7);
        x->had_bye = sqlite3_column_int(st, 8);
        x->vacant = sqlite3_column_int(st, 9);
    }
    db_done(st);
    return rc == SQLITE_DONE ? CW_OK : CW_EDB;
}

int db_ko_update(struct db *db, int64_t event_id, const struct ko_bracket *b)
{
    db_part_changed(db, DB_EVENTS); /* a bracket may show it (db.h) */
    char lengths[256];
    if (lengths_text(b, lengths, sizeof lengths))
        return CW_EINVAL;
    sqlite3_stmt *st = db_stmt(db, "UPDATE ko_brackets SET late_filled = ?2, late_closed = ?3, "
                                   "late_deadline_ms = ?4, lengths = ?5 WHERE event_id = ?1");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, event_id);
    sqlite3_bind_int(st, 2, b->late_filled);
    sqlite3_bind_int(st, 3, b->late_closed);
    sqlite3_bind_int64(st, 4, b->late_deadline_ms);
    db_bind_text(st, 5, lengths);
    int rc = sqlite3_step(st) == SQLITE_DONE ? CW_OK : CW_EDB;
    db_done(st);
    if (rc != CW_OK)
        return rc;
    st = db_stmt(db, "UPDATE ko_slots SET holder = nullif(?3, 0), vacant = ?4 WHERE event_id = ?1 "
                     "AND slot = ?2 AND (coalesce(holder, 0) <> ?3 OR vacant <> ?4)");
    if (!st)
        return CW_EDB;
    for (int s = 0; s < b->size; s++) {
        sqlite3_bind_int64(st, 1, event_id);
        sqlite3_bind_int(st, 2, s);
        sqlite3_bind_int64(st, 3, b->slots[s].id);
        sqlite3_bind_int(st, 4, b->slots[s].vacant);
        int r = sqlite3_step(st);
        sqlite3_reset(st);
        if (r != SQLITE_DONE) {
            db_done(st);
            return CW_EDB;
        }
    }
    db_done(st);
    return CW_OK;
}

int db_ko_deadlines_due(struct db *db, int64_t now_ms, int64_t (*out)[2], int max)
{
    sqlite3_stmt *st =
        db_stmt(db, "SELECT e.tournament_id, b.event_id FROM ko_brackets b JOIN events e ON e.id = "
                    "b.event_id WHERE b.late_closed = 0 AND b.late_deadline_ms > 0 AND "
                    "b.late_deadline_ms <= ?1 AND b.late_filled < b.n_late LIMIT ?2");
    if (!st)
        return 0;
    sqlite3_bind_int64(st, 1, now_ms);
    sqlite3_bind_int(st, 2, max);
    int n = 0;
    while (n < max && sqlite3_step(st) == SQLITE_ROW) {
        out[n][0] = sqlite3_column_int64(st, 0);
        out[n][1] = sqlite3_column_int64(st, 1);
        n++;
    }
    db_done(st);
    return n;
}
