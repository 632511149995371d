/* SQL of rulings (GOV-6, schema 013_calls_rulings.sql) and of the audit rows that name
 * them. */
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>

#include "common/errors.h"
#include "store/calls.h"
#include "store/sql.h"

void db_ruling_free(struct ruling_row *r)
{
    if (!r)
        return;
    free(r->question);
    free(r->facts);
    free(r->decision);
    free(r->reasons);
    free(r->effect_json);
    r->question = r->facts = r->decision = r->reasons = r->effect_json = NULL;
}

void db_rulings_free(struct ruling_row *r, int n)
{
    for (int i = 0; i < n; i++)
        db_ruling_free(&r[i]);
    free(r);
}

int db_ruling_insert(struct db *db, struct ruling_row *r)
{
    sqlite3_stmt *st = db_stmt(
        db, "INSERT INTO rulings(tournament_id, match_id, call_id, question, facts, decision, "
            "reasons, effect, effect_json, state, decided_match, official, created_ms, "
            "official_id, actor) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, "
            "?14, ?15)");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, r->tournament_id);
    sqlite3_bind_int64(st, 2, r->match_id);
    db_bind_nonzero(st, 3, r->call_id);
    db_bind_text(st, 4, r->question);
    db_bind_text(st, 5, r->facts);
    db_bind_text(st, 6, r->decision);
    db_bind_text(st, 7, r->reasons);
    db_bind_text(st, 8, r->effect);
    db_bind_text(st, 9, r->effect_json);
    db_bind_text(st, 10, r->state);
    sqlite3_bind_int(st, 11, r->decided_match);
    db_bind_text(st, 12, r->official.name);
    sqlite3_bind_int64(st, 13, r->created_ms);
    db_bind_nonzero(st, 14, r->official_id);
    db_bind_text(st, 15, r->official.actor[0] ? r->official.actor : NULL);
    int rc = sqlite3_step(st) == SQLITE_DONE ? CW_OK : CW_EDB;
    db_done(st);
    if (rc == CW_OK)
        r->id = sqlite3_last_insert_rowid(db_handle(db));
    return rc;
}

static void read_ruling(sqlite3_stmt *st, void *row)
{
    struct ruling_row *r = row;
    r->id = sqlite3_column_int64(st, 0);
    r->tournament_id = sqlite3_column_int64(st, 1);
    r->match_id = sqlite3_column_int64(st, 2);
    r->call_id = sqlite3_column_int64(st, 3);
    r->question = db_col_strdup(st, 4);
    r->facts = db_col_strdup(st, 5);
    r->decision = db_col_strdup(st, 6);
    r->reasons = db_col_strdup(st, 7);
    db_col_text(st, 8, r->effect, sizeof r->effect);
    r->effect_json = db_col_strdup(st, 9);
    db_col_text(st, 10, r->state, sizeof r->state);
    r->decided_match = sqlite3_column_int(st, 11);
    db_col_text(st, 12, r->official.name, sizeof r->official.name);
    r->created_ms = sqlite3_column_int64(st, 13);
    r->official_id = sqlite3_column_int64(st, 14);
    db_col_text(st, 15, r->official.actor, sizeof r->official.actor);
}

/* who ruled, by id (store/sql.h) */
#define RULED_BY SQL_WHO("actor", "official")

int db_rulings(struct db *db, int64_t tournament_id, int64_t match_id, const char *state,
               struct ruling_row **out, int *n)
{
    sqlite3_stmt *st = db_stmt(
        db, "SELECT id, tournament_id, match_id, coalesce(call_id, 0), question, facts, "
            "decision, reasons, effect, effect_json, state, decided_match, " RULED_BY ", "
            "created_ms, coalesce(official_id, 0), actor FROM rulings WHERE tournament_id = ?1 AND (?2 = 0 OR match_id = ?2) AND "
            "(?3 IS NULL OR state = ?3) ORDER BY id");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, tournament_id);
    sqlite3_bind_int64(st, 2, match_id);
    db_bind_text(st, 3, state);
    int rc = db_rows(st, read_ruling, sizeof **out, (void **)out, n);
    for (int i = 0; rc == CW_OK && i < *n; i++)
        if (!(*out)[i].question || !(*out)[i].facts || !(*out)[i].decision ||
            !(*out)[i].reasons) {
            db_rulings_free(*out, *n);
            *out = NULL;
            *n = 0;
            rc = CW_ENOMEM;
        }
    return rc;
}

int db_audit_last_id(struct db *db, int64_t *id)
{
    sqlite3_stmt *st = db_stmt(db, "SELECT coalesce(max(id), 0) FROM audit_log");
    if (!st)
        return CW_EDB;
    int rc = sqlite3_step(st) == SQLITE_ROW ? CW_OK : CW_EDB;
    if (rc == CW_OK)
        *id = sqlite3_column_int64(st, 0);
    db_done(st);
    return rc;
}

int db_audit_link_ruling(struct db *db, int64_t after_id, int64_t ruling_id)
{
    sqlite3_stmt *st = db_stmt(db, "UPDATE audit_log SET ruling_id = ?2 WHERE id > ?1");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, after_id);
    sqlite3_bind_int64(st, 2, ruling_id);
    return db_step_ok(st);
}

int db_ruling_audit_ids(struct db *db, int64_t ruling_id, int64_t **out, int *n)
{
    sqlite3_stmt *st =
        db_stmt(db, "SELECT id FROM audit_log WHERE ruling_id = ?1 ORDER BY id");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, ruling_id);
    return db_rows(st, db_read_id, sizeof **out, (void **)out, n);
}
