/* SQL of the audit log: who changed what, when, before and after. */
#include "store/store.h"
#include "store/sql.h"
#include "store/deferred.h"

#include <stdlib.h>
#include <string.h>

/* An audit row kept by a prepared change (store/deferred.h), made in the writer's turn. */
struct audit_save {
    int64_t tournament_id, at_ms, entity_id;
    char *text[5]; /* actor, action, entity, before, after */
};

static int audit_apply(struct db *db, void *args)
{
    struct audit_save *a = args;
    return db_audit(db, a->tournament_id, a->at_ms, a->text[0], a->text[1], a->text[2],
                    a->entity_id, a->text[3], a->text[4]);
}

static void audit_drop(void *args)
{
    struct audit_save *a = args;
    for (int i = 0; i < 5; i++)
        free(a->text[i]);
    free(a);
}

static int audit_defer(struct db *db, int64_t tournament_id, int64_t at_ms, int64_t entity_id,
                       const char *const text[5])
{
    struct audit_save *a = calloc(1, sizeof *a);
    int ok = a != NULL;
    for (int i = 0; ok && i < 5; i++)
        ok = !text[i] || (a->text[i] = strdup(text[i]));
    if (a && !ok) {
        audit_drop(a);
        a = NULL;
    }
    if (a) {
        a->tournament_id = tournament_id;
        a->at_ms = at_ms;
        a->entity_id = entity_id;
    }
    return db_defer(db, audit_apply, audit_drop, a);
}

int db_audit(struct db *db, int64_t tournament_id, int64_t at_ms, const char *actor,
             const char *action, const char *entity, int64_t entity_id, const char *before_json,
             const char *after_json)
{
    if (db_deferring(db)) {
        const char *const text[5] = {actor, action, entity, before_json, after_json};
        return audit_defer(db, tournament_id, at_ms, entity_id, text);
    }
    sqlite3_stmt *st =
        db_stmt(db, "INSERT INTO audit_log(tournament_id, at_ms, actor, action, entity, entity_id, "
                    "before_json, after_json) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)");
    if (!st)
        return CW_EDB;
    db_bind_nonzero(st, 1, tournament_id);
    sqlite3_bind_int64(st, 2, at_ms);
    db_bind_text(st, 3, actor);
    db_bind_text(st, 4, action);
    db_bind_text(st, 5, entity);
    db_bind_nonzero(st, 6, entity_id);
    db_bind_text(st, 7, before_json);
    db_bind_text(st, 8, after_json);
    return db_step_ok(st);
}

int db_audit_list(struct db *db, int64_t tournament_id, int64_t after_id, int limit,
                  struct audit_row **out, int *n)
{
    *out = NULL;
    *n = 0;
    sqlite3_stmt *st = db_stmt(
        db, "SELECT id, coalesce(tournament_id, 0), at_ms, actor, action, entity, "
            "coalesce(entity_id, 0), before_json, after_json, "
        /* who the actor is by name, now: a renamed official shows the new name */
        SQL_ACTOR_NAME(
            "actor") ", coalesce(ruling_id, 0) "
                     "FROM audit_log "
                     "WHERE coalesce(tournament_id, 0) = ?1 AND id > ?2 ORDER BY id LIMIT ?3");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, tournament_id);
    sqlite3_bind_int64(st, 2, after_id);
    sqlite3_bind_int(st, 3, limit);
    struct audit_row *rows = calloc((size_t)(limit > 0 ? limit : 1), sizeof *rows);
    if (!rows) {
        db_done(st);
        return CW_EDB;
    }
    int rc, k = 0;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW && k < limit) {
        struct audit_row *r = &rows[k++];
        r->id = sqlite3_column_int64(st, 0);
        r->tournament_id = sqlite3_column_int64(st, 1);
        r->at_ms = sqlite3_column_int64(st, 2);
        db_col_text(st, 3, r->actor, sizeof r->actor);
        db_col_text(st, 4, r->action, sizeof r->action);
        db_col_text(st, 5, r->entity, sizeof r->entity);
        r->entity_id = sqlite3_column_int64(st, 6);
        r->before_json = db_col_strdup(st, 7);
        r->after_json = db_col_strdup(st, 8);
        db_col_text(st, 9, r->actor_name, sizeof r->actor_name);
        r->ruling_id = sqlite3_column_int64(st, 10);
    }
    db_done(st);
    if (rc != SQLITE_DONE && rc != SQLITE_ROW) {
        db_audit_rows_free(rows, k);
        return CW_EDB;
    }
    *out = rows;
    *n = k;
    return CW_OK;
}

void db_audit_rows_free(struct audit_row *rows, int n)
{
    if (!rows)
        return;
    for (int i = 0; i < n; i++) {
        free(rows[i].before_json);
        free(rows[i].after_json);
    }
    free(rows);
}
