/* SQL of the Tournament Committee and its cases (GOV-2, GOV-7; store/committee.h). */
#include "store/committee.h"

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/errors.h"
#include "store/sql.h"

/* ---- the form and the window ---- */

int db_committee_settings(struct db *db, int64_t tid, struct committee_settings *s)
{
    snprintf(s->form, sizeof s->form, "standing");
    s->window_min = 30;
    s->stored = 0;
    sqlite3_stmt *st = db_stmt(
        db, "SELECT form, appeal_window_min FROM committee_settings WHERE tournament_id = ?1");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, tid);
    int rc = sqlite3_step(st);
    if (rc == SQLITE_ROW) {
        db_col_text(st, 0, s->form, sizeof s->form);
        s->window_min = sqlite3_column_int(st, 1);
        s->stored = 1;
    }
    db_done(st);
    return rc == SQLITE_ROW || rc == SQLITE_DONE ? CW_OK : CW_EDB;
}

int db_committee_settings_put(struct db *db, int64_t tid, const struct committee_settings *s,
                              int64_t now_ms)
{
    sqlite3_stmt *st = db_stmt(
        db, "INSERT INTO committee_settings(tournament_id, form, appeal_window_min, updated_ms) "
            "VALUES (?1, ?2, ?3, ?4) ON CONFLICT(tournament_id) DO UPDATE SET form = ?2, "
            "appeal_window_min = ?3, updated_ms = ?4");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, tid);
    db_bind_text(st, 2, s->form);
    sqlite3_bind_int(st, 3, s->window_min);
    sqlite3_bind_int64(st, 4, now_ms);
    return db_step_done(st);
}

/* ---- members ---- */

#define MEMBER_COLS                                                                                \
    "m.id, m.tournament_id, coalesce(m.player_id, 0), coalesce(p.name, m.name), "                  \
    "coalesce(m.pin, ''), m.reserve, coalesce(m.removed_ms, 0), m.created_ms, "                    \
    "coalesce(p.official_id, 0) FROM committee_members m LEFT JOIN players p ON p.id = "           \
    "m.player_id "

static void read_member(sqlite3_stmt *st, void *row)
{
    struct member_row *m = row;
    m->id = sqlite3_column_int64(st, 0);
    m->tournament_id = sqlite3_column_int64(st, 1);
    m->player_id = sqlite3_column_int64(st, 2);
    db_col_text(st, 3, m->name, sizeof m->name);
    db_col_text(st, 4, m->pin, sizeof m->pin);
    m->reserve = sqlite3_column_int(st, 5);
    m->removed_ms = sqlite3_column_int64(st, 6);
    m->created_ms = sqlite3_column_int64(st, 7);
    m->player_official = sqlite3_column_int64(st, 8);
}

int db_committee_members(struct db *db, int64_t tid, struct member_row **out, int *n)
{
    sqlite3_stmt *st = db_stmt(db, "SELECT " MEMBER_COLS "WHERE m.tournament_id = ?1 AND "
                                   "m.removed_ms IS NULL ORDER BY m.reserve, m.id");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, tid);
    return db_rows(st, read_member, sizeof **out, (void **)out, n);
}

int db_committee_member_get(struct db *db, int64_t tid, int64_t id, struct member_row *m)
{
    sqlite3_stmt *st =
        db_stmt(db, "SELECT " MEMBER_COLS "WHERE m.tournament_id = ?1 AND m.id = ?2");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, tid);
    sqlite3_bind_int64(st, 2, id);
    return db_row(st, read_member, m);
}

int db_committee_member_of_player(struct db *db, int64_t tid, int64_t pid, struct member_row *m)
{
    sqlite3_stmt *st = db_stmt(db, "SELECT " MEMBER_COLS "WHERE m.tournament_id = ?1 AND "
                                   "m.player_id = ?2 AND m.removed_ms IS NULL");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, tid);
    sqlite3_bind_int64(st, 2, pid);
    return db_row(st, read_member, m);
}

int db_committee_member_insert(struct db *db, struct member_row *m)
{
    sqlite3_stmt *st = db_stmt(db, "INSERT INTO committee_members(tournament_id, name, "
                                   "player_id, pin, reserve, created_ms) VALUES (?1, ?2, ?3, "
                                   "?4, ?5, ?6)");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, m->tournament_id);
    db_bind_text(st, 2, m->name);
    db_bind_nonzero(st, 3, m->player_id);
    db_bind_text(st, 4, m->pin[0] ? m->pin : NULL);
    sqlite3_bind_int(st, 5, m->reserve);
    sqlite3_bind_int64(st, 6, m->created_ms);
    int rc = db_step_done(st);
    if (rc == CW_OK)
        m->id = sqlite3_last_insert_rowid(db_handle(db));
    return rc;
}

int db_committee_member_remove(struct db *db, int64_t id, int64_t now_ms)
{
    sqlite3_stmt *st = db_stmt(db, "UPDATE committee_members SET removed_ms = ?2 WHERE id = ?1");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, id);
    sqlite3_bind_int64(st, 2, now_ms);
    return db_step_ok(st);
}

/* ---- cases ---- */

void db_appeal_free(struct appeal_row *a)
{
    if (!a)
        return;
    free(a->grounds);
    free(a->outcome_text);
    a->grounds = a->outcome_text = NULL;
}

void db_appeals_free(struct appeal_row *a, int n)
{
    for (int i = 0; i < n; i++)
        db_appeal_free(&a[i]);
    free(a);
}

#define APPEAL_COLS                                                                                \
    "id, tournament_id, match_id, kind, coalesce(ruling_id, 0), coalesce(audit_id, 0), "           \
    "decided_by, decision_ms, coalesce(player_id, 0), coalesce(side, -1), grounds, state, "        \
    "released, coalesce(outcome, ''), outcome_text, created_by, created_ms, "                      \
    "coalesce(closed_ms, 0) FROM appeals "

static void read_appeal(sqlite3_stmt *st, void *row)
{
    struct appeal_row *a = row;
    a->id = sqlite3_column_int64(st, 0);
    a->tournament_id = sqlite3_column_int64(st, 1);
    a->match_id = sqlite3_column_int64(st, 2);
    db_col_text(st, 3, a->kind, sizeof a->kind);
    a->ruling_id = sqlite3_column_int64(st, 4);
    a->audit_id = sqlite3_column_int64(st, 5);
    db_col_text(st, 6, a->decided_by, sizeof a->decided_by);
    a->decision_ms = sqlite3_column_int64(st, 7);
    a->player_id = sqlite3_column_int64(st, 8);
    a->side = sqlite3_column_int(st, 9);
    a->grounds = db_col_strdup(st, 10);
    db_col_text(st, 11, a->state, sizeof a->state);
    a->released = sqlite3_column_int(st, 12);
    db_col_text(st, 13, a->outcome, sizeof a->outcome);
    a->outcome_text = sqlite3_column_type(st, 14) == SQLITE_NULL ? NULL : db_col_strdup(st, 14);
    db_col_text(st, 15, a->created_by, sizeof a->created_by);
    a->created_ms = sqlite3_column_int64(st, 16);
    a->closed_ms = sqlite3_column_int64(st, 17);
}

int db_appeal_insert(struct db *db, struct appeal_row *a)
{
    sqlite3_stmt *st = db_stmt(
        db, "INSERT INTO appeals(tournament_id, match_id, kind, ruling_id, audit_id, decided_by, "
            "decision_ms, player_id, side, grounds, state, created_by, created_ms) VALUES (?1, "
            "?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, 'pending', ?11, ?12)");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, a->tournament_id);
    sqlite3_bind_int64(st, 2, a->match_id);
    db_bind_text(st, 3, a->kind);
    db_bind_nonzero(st, 4, a->ruling_id);
    db_bind_nonzero(st, 5, a->audit_id);
    db_bind_text(st, 6, a->decided_by);
    sqlite3_bind_int64(st, 7, a->decision_ms);
    db_bind_nonzero(st, 8, a->player_id);
    if (a->side >= 0)
        sqlite3_bind_int(st, 9, a->side);
    db_bind_text(st, 10, a->grounds ? a->grounds : "");
    db_bind_text(st, 11, a->created_by);
    sqlite3_bind_int64(st, 12, a->created_ms);
    int rc = db_step_done(st);
    if (rc == CW_OK) {
        a->id = sqlite3_last_insert_rowid(db_handle(db));
        snprintf(a->state, sizeof a->state, "pending");
    }
    return rc;
}

int db_appeal_get(struct db *db, int64_t tid, int64_t id, struct appeal_row *a)
{
    sqlite3_stmt *st = db_stmt(db, "SELECT " APPEAL_COLS "WHERE tournament_id = ?1 AND id = ?2");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, tid);
    sqlite3_bind_int64(st, 2, id);
    int rc = db_row(st, read_appeal, a);
    if (rc == CW_OK && !a->grounds) {
        db_appeal_free(a);
        rc = CW_ENOMEM;
    }
    return rc;
}

int db_appeals(struct db *db, int64_t tid, int64_t mid, const char *state, struct appeal_row **out,
               int *n)
{
    sqlite3_stmt *st = db_stmt(db, "SELECT " APPEAL_COLS "WHERE tournament_id = ?1 AND (?2 = 0 "
                                   "OR match_id = ?2) AND (?3 IS NULL OR state = ?3) ORDER BY id");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, tid);
    sqlite3_bind_int64(st, 2, mid);
    db_bind_text(st, 3, state);
    int rc = db_rows(st, read_appeal, sizeof **out, (void **)out, n);
    for (int i = 0; rc == CW_OK && i < *n; i++)
        if (!(*out)[i].grounds) {
            db_appeals_free(*out, *n);
            *out = NULL;
            *n = 0;
            rc = CW_ENOMEM;
        }
    return rc;
}

int db_appeal_update(struct db *db, const struct appeal_row *a)
{
    sqlite3_stmt *st = db_stmt(db, "UPDATE appeals SET state = ?2, released = ?3, outcome = ?4, "
                                   "outcome_text = ?5, closed_ms = ?6 WHERE id = ?1");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, a->id);
    db_bind_text(st, 2, a->state);
    sqlite3_bind_int(st, 3, a->released);
    db_bind_text(st, 4, a->outcome[0] ? a->outcome : NULL);
    db_bind_text(st, 5, a->outcome_text);
    db_bind_nonzero(st, 6, a->closed_ms);
    return db_step_ok(st);
}

int db_appeal_of_decision(struct db *db, int64_t ruling_id, int64_t audit_id, int64_t *id)
{
    sqlite3_stmt *st = db_stmt(db, "SELECT id FROM appeals WHERE state <> 'withdrawn' AND "
                                   "((?1 <> 0 AND ruling_id = ?1) OR (?2 <> 0 AND audit_id = ?2)) "
                                   "ORDER BY id LIMIT 1");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, ruling_id);
    sqlite3_bind_int64(st, 2, audit_id);
    int64_t v = db_int64(st, 0);
    if (v < 0)
        return CW_EDB;
    *id = v;
    return v ? CW_OK : CW_ENOTFOUND;
}

int db_appeal_panel(struct db *db, int64_t appeal_id, int64_t **ids, int *n)
{
    sqlite3_stmt *st =
        db_stmt(db, "SELECT member_id FROM appeal_panel WHERE appeal_id = ?1 ORDER BY member_id");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, appeal_id);
    return db_rows(st, db_read_id, sizeof **ids, (void **)ids, n);
}

int db_appeal_panel_set(struct db *db, int64_t appeal_id, const int64_t *ids, int n)
{
    sqlite3_stmt *st = db_stmt(db, "DELETE FROM appeal_panel WHERE appeal_id = ?1");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, appeal_id);
    int rc = db_step_ok(st);
    for (int i = 0; rc == CW_OK && i < n; i++) {
        st = db_stmt(db, "INSERT INTO appeal_panel(appeal_id, member_id) VALUES (?1, ?2)");
        if (!st)
            return CW_EDB;
        sqlite3_bind_int64(st, 1, appeal_id);
        sqlite3_bind_int64(st, 2, ids[i]);
        rc = db_step_done(st);
    }
    return rc;
}

int db_panel_choice_set(struct db *db, int64_t appeal_id, int side, const int64_t *ids, int n,
                        const char *actor, int64_t now_ms)
{
    sqlite3_stmt *st =
        db_stmt(db, "DELETE FROM appeal_panel_choices WHERE appeal_id = ?1 AND side = ?2");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, appeal_id);
    sqlite3_bind_int(st, 2, side);
    int rc = db_step_ok(st);
    for (int i = 0; rc == CW_OK && i < n; i++) {
        st = db_stmt(db, "INSERT INTO appeal_panel_choices(appeal_id, side, member_id, actor, "
                         "created_ms) VALUES (?1, ?2, ?3, ?4, ?5)");
        if (!st)
            return CW_EDB;
        sqlite3_bind_int64(st, 1, appeal_id);
        sqlite3_bind_int(st, 2, side);
        sqlite3_bind_int64(st, 3, ids[i]);
        db_bind_text(st, 4, actor);
        sqlite3_bind_int64(st, 5, now_ms);
        rc = db_step_done(st);
    }
    return rc;
}

int db_panel_choice(struct db *db, int64_t appeal_id, int side, int64_t **ids, int *n)
{
    sqlite3_stmt *st = db_stmt(db, "SELECT member_id FROM appeal_panel_choices WHERE "
                                   "appeal_id = ?1 AND side = ?2 ORDER BY member_id");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, appeal_id);
    sqlite3_bind_int(st, 2, side);
    return db_rows(st, db_read_id, sizeof **ids, (void **)ids, n);
}

/* ---- statements ---- */

int db_statement_insert(struct db *db, struct statement_row *s)
{
    sqlite3_stmt *st = db_stmt(db, "INSERT INTO appeal_statements(appeal_id, player_id, side, "
                                   "text, actor, created_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6)");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, s->appeal_id);
    db_bind_nonzero(st, 2, s->player_id);
    if (s->side >= 0)
        sqlite3_bind_int(st, 3, s->side);
    db_bind_text(st, 4, s->text);
    db_bind_text(st, 5, s->actor);
    sqlite3_bind_int64(st, 6, s->created_ms);
    int rc = db_step_done(st);
    if (rc == CW_OK)
        s->id = sqlite3_last_insert_rowid(db_handle(db));
    return rc;
}

static void read_statement(sqlite3_stmt *st, void *row)
{
    struct statement_row *s = row;
    s->id = sqlite3_column_int64(st, 0);
    s->appeal_id = sqlite3_column_int64(st, 1);
    s->player_id = sqlite3_column_int64(st, 2);
    s->side = sqlite3_column_int(st, 3);
    s->text = db_col_strdup(st, 4);
    db_col_text(st, 5, s->actor, sizeof s->actor);
    s->created_ms = sqlite3_column_int64(st, 6);
}

int db_statements(struct db *db, int64_t appeal_id, struct statement_row **out, int *n)
{
    sqlite3_stmt *st = db_stmt(
        db, "SELECT id, appeal_id, coalesce(player_id, 0), coalesce(side, -1), text, actor, "
            "created_ms FROM appeal_statements WHERE appeal_id = ?1 ORDER BY id");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, appeal_id);
    int rc = db_rows(st, read_statement, sizeof **out, (void **)out, n);
    for (int i = 0; rc == CW_OK && i < *n; i++)
        if (!(*out)[i].text) {
            db_statements_free(*out, *n);
            *out = NULL;
            *n = 0;
            rc = CW_ENOMEM;
        }
    return rc;
}

void db_statements_free(struct statement_row *s, int n)
{
    for (int i = 0; i < n; i++)
        free(s[i].text);
    free(s);
}

/* ---- motions and votes ---- */

void db_motion_free(struct motion_row *m)
{
    if (!m)
        return;
    free(m->text);
    free(m->effect_json);
    m->text = m->effect_json = NULL;
}

int db_motion_insert(struct db *db, struct motion_row *m)
{
    sqlite3_stmt *st =
        db_stmt(db, "INSERT INTO appeal_motions(appeal_id, kind, text, effect_json, state, "
                    "created_by, created_ms) VALUES (?1, ?2, ?3, ?4, 'open', ?5, ?6)");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, m->appeal_id);
    db_bind_text(st, 2, m->kind);
    db_bind_text(st, 3, m->text);
    db_bind_text(st, 4, m->effect_json);
    db_bind_text(st, 5, m->created_by);
    sqlite3_bind_int64(st, 6, m->created_ms);
    int rc = db_step_done(st);
    if (rc == CW_OK) {
        m->id = sqlite3_last_insert_rowid(db_handle(db));
        snprintf(m->state, sizeof m->state, "open");
    }
    return rc;
}

static void read_motion(sqlite3_stmt *st, void *row)
{
    struct motion_row *m = row;
    m->id = sqlite3_column_int64(st, 0);
    m->appeal_id = sqlite3_column_int64(st, 1);
    db_col_text(st, 2, m->kind, sizeof m->kind);
    m->text = db_col_strdup(st, 3);
    m->effect_json = sqlite3_column_type(st, 4) == SQLITE_NULL ? NULL : db_col_strdup(st, 4);
    db_col_text(st, 5, m->state, sizeof m->state);
    db_col_text(st, 6, m->created_by, sizeof m->created_by);
    m->created_ms = sqlite3_column_int64(st, 7);
    m->closed_ms = sqlite3_column_int64(st, 8);
}

int db_motion_last(struct db *db, int64_t appeal_id, struct motion_row *m)
{
    sqlite3_stmt *st = db_stmt(db, "SELECT id, appeal_id, kind, text, effect_json, state, "
                                   "created_by, created_ms, coalesce(closed_ms, 0) FROM "
                                   "appeal_motions WHERE appeal_id = ?1 ORDER BY id DESC LIMIT 1");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, appeal_id);
    int rc = db_row(st, read_motion, m);
    if (rc == CW_OK && !m->text) {
        db_motion_free(m);
        rc = CW_ENOMEM;
    }
    return rc;
}

int db_motion_close(struct db *db, int64_t id, const char *state, int64_t now_ms)
{
    sqlite3_stmt *st =
        db_stmt(db, "UPDATE appeal_motions SET state = ?2, closed_ms = ?3 WHERE id = ?1");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, id);
    db_bind_text(st, 2, state);
    sqlite3_bind_int64(st, 3, now_ms);
    return db_step_ok(st);
}

int db_vote_insert(struct db *db, int64_t motion_id, const struct vote_row *v)
{
    sqlite3_stmt *st = db_stmt(db, "INSERT INTO appeal_votes(motion_id, member_id, vote, "
                                   "recorded_by, created_ms) VALUES (?1, ?2, ?3, ?4, ?5)");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, motion_id);
    sqlite3_bind_int64(st, 2, v->member_id);
    db_bind_text(st, 3, v->vote);
    db_bind_text(st, 4, v->recorded_by);
    sqlite3_bind_int64(st, 5, v->created_ms);
    return db_step_done(st);
}

static void read_vote(sqlite3_stmt *st, void *row)
{
    struct vote_row *v = row;
    v->member_id = sqlite3_column_int64(st, 0);
    db_col_text(st, 1, v->vote, sizeof v->vote);
    db_col_text(st, 2, v->recorded_by, sizeof v->recorded_by);
    v->created_ms = sqlite3_column_int64(st, 3);
}

int db_votes(struct db *db, int64_t motion_id, struct vote_row **out, int *n)
{
    sqlite3_stmt *st =
        db_stmt(db, "SELECT member_id, vote, recorded_by, created_ms FROM "
                    "appeal_votes WHERE motion_id = ?1 ORDER BY created_ms, member_id");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, motion_id);
    return db_rows(st, read_vote, sizeof **out, (void **)out, n);
}

/* ---- the audit rows ---- */

#define DECISION_COLS                                                                              \
    "id, at_ms, coalesce(ruling_id, 0), coalesce(appeal_id, 0), action, actor FROM audit_log a "   \
    "WHERE tournament_id = ?1 AND ((entity = 'match' AND entity_id = ?2) OR (entity = "            \
    "'penalty' AND EXISTS (SELECT 1 FROM penalties p WHERE p.id = a.entity_id AND p.match_id = "   \
    "?2))) "

static void read_decision(sqlite3_stmt *st, void *row)
{
    struct decision_row *d = row;
    d->audit_id = sqlite3_column_int64(st, 0);
    d->at_ms = sqlite3_column_int64(st, 1);
    d->ruling_id = sqlite3_column_int64(st, 2);
    d->appeal_id = sqlite3_column_int64(st, 3);
    db_col_text(st, 4, d->action, sizeof d->action);
    db_col_text(st, 5, d->actor, sizeof d->actor);
}

int db_audit_decision(struct db *db, int64_t tid, int64_t mid, int64_t audit_id,
                      struct decision_row *d)
{
    sqlite3_stmt *st = db_stmt(db, "SELECT " DECISION_COLS "AND id = ?3");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, tid);
    sqlite3_bind_int64(st, 2, mid);
    sqlite3_bind_int64(st, 3, audit_id);
    return db_row(st, read_decision, d);
}

int db_audit_decisions(struct db *db, int64_t tid, int64_t mid, int64_t since_ms,
                       struct decision_row **out, int *n)
{
    /* an official's rows: "NOT GLOB 'player:*'" says so in the words of the index of them
     * (schema/028), which holds no player's row */
    sqlite3_stmt *st = db_stmt(db, "SELECT " DECISION_COLS "AND at_ms >= ?3 AND ruling_id IS "
                                   "NULL AND appeal_id IS NULL AND (actor LIKE 'official:%' OR "
                                   "actor LIKE 'token:%') AND actor NOT GLOB 'player:*' "
                                   "ORDER BY id");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, tid);
    sqlite3_bind_int64(st, 2, mid);
    sqlite3_bind_int64(st, 3, since_ms);
    return db_rows(st, read_decision, sizeof **out, (void **)out, n);
}

int db_audit_link_appeal(struct db *db, int64_t after_id, int64_t appeal_id)
{
    sqlite3_stmt *st = db_stmt(db, "UPDATE audit_log SET appeal_id = ?2 WHERE id > ?1");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, after_id);
    sqlite3_bind_int64(st, 2, appeal_id);
    return db_step_ok(st);
}

int db_appeal_audit_ids(struct db *db, int64_t appeal_id, int64_t **out, int *n)
{
    sqlite3_stmt *st = db_stmt(db, "SELECT id FROM audit_log WHERE appeal_id = ?1 ORDER BY id");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, appeal_id);
    return db_rows(st, db_read_id, sizeof **out, (void **)out, n);
}

static void read_holding(sqlite3_stmt *st, void *row)
{
    struct appeal_hold_row *h = row;
    h->appeal_id = sqlite3_column_int64(st, 0);
    h->match_id = sqlite3_column_int64(st, 1);
}

int db_appeals_holding(struct db *db, int64_t tid, struct appeal_hold_row **out, int *n)
{
    sqlite3_stmt *st = db_stmt(db, "SELECT id, match_id FROM appeals WHERE tournament_id = ?1 "
                                   "AND state = 'pending' AND released = 0 ORDER BY id");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, tid);
    return db_rows(st, read_holding, sizeof **out, (void **)out, n);
}

int db_ruling_committee_decided(struct db *db, int64_t ruling_id, int decided_match)
{
    sqlite3_stmt *st = db_stmt(db, "UPDATE rulings SET state = 'decided', decided_match = ?2 "
                                   "WHERE id = ?1 AND state = 'awaiting_committee'");
    if (!st)
        return CW_EDB;
    sqlite3_bind_int64(st, 1, ruling_id);
    sqlite3_bind_int(st, 2, decided_match);
    return db_step_ok(st);
}
