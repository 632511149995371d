/* What the writer's turn needs to know about a change prepared beside it (store/versions.h):
 * whether anything the change read has been written since the snapshot it read.
 *
 * The writer's connection tells every row it writes, before it writes it (SQLite's
 * pre-update hook; Debian's SQLite is built with it): a row of a match (the matches table,
 * or a table with a match_id column) marks that match with the open batch, any other row a
 * change may read marks every match, and the rows a change only adds (its stream entry,
 * its audit row, the counters they move, the idempotency keys and the sessions, none of
 * which a change reads) mark nothing. Another program's commit is seen at the next BEGIN by
 * SQLite's data version and marks every match. A snapshot begun after batch S was
 * committed holds every write of batches up to S: it is current for a match as long as
 * nothing marked that match, or every match, with a batch after S. Matches share marks by
 * a hash (a false mark costs the prepared change, never its exactness). */
#define SQLITE_ENABLE_PREUPDATE_HOOK /* the header declares the hook only with it */
#include "store/db_impl.h"
#include "store/versions.h"

#include <stdlib.h>
#include <string.h>

#define MATCH_SLOTS 4096 /* a power of two */
#define TABLES_MAX 96
#define SEEN_SLOTS 64 /* a power of two */

/* How a write to a table marks: its match (key: the column holding the match's id, -1 for
 * the rowid), every match, or nothing. */
enum mark { MARK_ALL, MARK_MATCH, MARK_NONE };

struct db_versions {
    int64_t match_write[MATCH_SLOTS]; /* the last batch that wrote a row of a match here */
    int64_t all_write;                /* the last batch that wrote a row every match may read */
    unsigned data_version;            /* SQLite's, after this connection's last commit */
    int ntables;
    struct table {
        char name[64];
        enum mark mark;
        int key;
    } tables[TABLES_MAX];
    /* the hook is given the table's name as SQLite keeps it: each pointer looked up once */
    struct {
        const char *name;
        const struct table *t;
    } seen[SEEN_SLOTS];
};

/* The tables a change writes and never reads: what it adds to the stream and the audit, the
 * counters the stream entry moves, the keys of repeated requests (read in the turn itself,
 * before the change) and the sessions (read before the change, by the request's gate). */
static const char *const written_only[] = {"tournament_events", "audit_log", "tournament_counters",
                                           "idempotency", "player_sessions", "td_sessions",
                                           "device_cookies", NULL};

static const struct table *table_of(struct db_versions *v, const char *name)
{
    unsigned k = (unsigned)(((uintptr_t)name >> 4) * 2654435761u) & (SEEN_SLOTS - 1);
    for (unsigned probe = 0; probe < SEEN_SLOTS; probe++, k = (k + 1) & (SEEN_SLOTS - 1)) {
        if (v->seen[k].name == name && !strcmp(v->seen[k].t->name, name))
            return v->seen[k].t;
        if (!v->seen[k].name) {
            for (int i = 0; i < v->ntables; i++)
                if (!strcmp(v->tables[i].name, name)) {
                    v->seen[k].name = name;
                    v->seen[k].t = &v->tables[i];
                    return &v->tables[i];
                }
            return NULL; /* a table not known at open: marks every match */
        }
    }
    return NULL;
}

/* The mark of a match: matches share MATCH_SLOTS marks by a hash of their id. */
static int64_t *match_mark(struct db_versions *v, int64_t id)
{
    return &v->match_write[((uint64_t)id * 0x9e3779b97f4a7c15ull) >> 52 & (MATCH_SLOTS - 1)];
}

/* The batch a write belongs to: the open one, or, for a write outside any batch (none is
 * made today), the next, so that no snapshot stamped before it is taken as current. */
static int64_t write_batch(const struct db *db)
{
    return db->batch_open ? db->batch_id : db->batch_id + 1;
}

/* A row's match, by its key column's value: a row of no match marks every match. */
static void mark_key(struct db *db, sqlite3_value *key)
{
    if (key && sqlite3_value_type(key) == SQLITE_INTEGER)
        *match_mark(db->ver, sqlite3_value_int64(key)) = write_batch(db);
    else
        db->ver->all_write = write_batch(db);
}

/* SQLite's pre-update hook: op on a row of table name, k1 and k2 its rowid before and after. */
static void hook(void *ctx, sqlite3 *h, int op, const char *zdb, const char *name, sqlite3_int64 k1,
                 sqlite3_int64 k2)
{
    struct db *db = ctx;
    if (strcmp(zdb, "main"))
        return; /* the connection's temporary tables: none is a change's input */
    const struct table *t = table_of(db->ver, name);
    if (!t || t->mark == MARK_ALL) {
        db->ver->all_write = write_batch(db);
        return;
    }
    if (t->mark == MARK_NONE)
        return;
    if (t->key < 0) { /* the match's own row: its rowid is its id */
        if (op != SQLITE_INSERT)
            *match_mark(db->ver, k1) = write_batch(db);
        if (op != SQLITE_DELETE)
            *match_mark(db->ver, k2) = write_batch(db);
        return;
    }
    /* an update's row keeps its match (the triggers of keep_matches): its new values say it,
     * and the old record is never unpacked (a report's was 1,800 instructions) */
    sqlite3_value *key = NULL;
    if (op == SQLITE_DELETE)
        mark_key(db, sqlite3_preupdate_old(h, t->key, &key) == SQLITE_OK ? key : NULL);
    else
        mark_key(db, sqlite3_preupdate_new(h, t->key, &key) == SQLITE_OK ? key : NULL);
}

/* A row of a match stays that match's: an update that would move it is refused by a
 * trigger of this connection's own (TEMP: on every database it opens, of any schema), so a
 * row's new values name the match its old ones did. No statement of the server moves one. */
static int keep_matches(sqlite3 *h, const struct db_versions *v)
{
    for (int i = 0; i < v->ntables; i++) {
        if (v->tables[i].mark != MARK_MATCH || v->tables[i].key < 0)
            continue;
        char *sql = sqlite3_mprintf(
            "CREATE TEMP TRIGGER IF NOT EXISTS \"keeps_match_%w\" BEFORE UPDATE OF match_id ON "
            "main.\"%w\" WHEN NEW.match_id IS NOT OLD.match_id BEGIN SELECT RAISE(ABORT, "
            "'a row of a match stays that match''s (store/versions.c)'); END",
            v->tables[i].name, v->tables[i].name);
        int rc = sql ? sqlite3_exec(h, sql, NULL, NULL, NULL) : SQLITE_NOMEM;
        sqlite3_free(sql);
        if (rc != SQLITE_OK)
            return -1;
    }
    return 0;
}

static unsigned data_version(sqlite3 *h)
{
    unsigned v = 0;
    sqlite3_file_control(h, "main", SQLITE_FCNTL_DATA_VERSION, &v);
    return v;
}

/* The tables and how each marks, read from the schema. */
static int tables_read(sqlite3 *h, struct db_versions *v)
{
    sqlite3_stmt *st = NULL;
    if (sqlite3_prepare_v2(h,
                           "SELECT m.name, (SELECT p.cid FROM pragma_table_info(m.name) p WHERE "
                           "p.name = 'match_id') FROM sqlite_schema m WHERE m.type = 'table'",
                           -1, &st, NULL) != SQLITE_OK)
        return -1;
    v->ntables = 0;
    while (sqlite3_step(st) == SQLITE_ROW && v->ntables < TABLES_MAX) {
        const char *name = (const char *)sqlite3_column_text(st, 0);
        if (!name || strlen(name) >= sizeof v->tables[0].name)
            continue; /* not listed: marks every match */
        struct table *t = &v->tables[v->ntables++];
        strcpy(t->name, name);
        t->mark = MARK_ALL;
        t->key = 0;
        for (const char *const *w = written_only; *w; w++)
            if (!strcmp(*w, name))
                t->mark = MARK_NONE;
        if (t->mark == MARK_NONE)
            continue;
        if (!strcmp(name, "matches")) {
            t->mark = MARK_MATCH;
            t->key = -1;
        } else if (sqlite3_column_type(st, 1) == SQLITE_INTEGER) {
            t->mark = MARK_MATCH;
            t->key = sqlite3_column_int(st, 1);
        }
    }
    return sqlite3_finalize(st) == SQLITE_OK ? 0 : -1;
}

int db_versions_attach(struct db *db)
{
    if (!db->ver && !(db->ver = calloc(1, sizeof *db->ver)))
        return -1;
    memset(db->ver->seen, 0, sizeof db->ver->seen);
    if (tables_read(db->h, db->ver) || keep_matches(db->h, db->ver)) {
        free(db->ver);
        db->ver = NULL;
        return -1;
    }
    /* whatever a snapshot read before now may be stale (a reopened connection) */
    db->ver->all_write = db->batch_id + 1;
    db->ver->data_version = data_version(db->h);
    sqlite3_preupdate_hook(db->h, hook, db);
    return 0;
}

void db_versions_free(struct db *db)
{
    free(db->ver);
    db->ver = NULL;
}

void db_versions_begun(struct db *db)
{
    if (db->ver && data_version(db->h) != db->ver->data_version)
        db->ver->all_write = db->batch_id; /* another program committed since */
}

void db_versions_ended(struct db *db)
{
    if (db->ver)
        db->ver->data_version = data_version(db->h);
}

int64_t db_stamp(struct db *db)
{
    return __atomic_load_n(&db->committed_id, __ATOMIC_ACQUIRE);
}

int db_stamp_current(struct db *db, int64_t stamp, int64_t match_id)
{
    return db->ver && db->ver->all_write <= stamp && *match_mark(db->ver, match_id) <= stamp;
}
