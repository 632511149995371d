/* The head TD's management of officials and machine tokens (GOV-1). */
#include "ops/people/officials.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/utf8.h"
#include "ops/frame/record.h"

json_t *op_official_json(const struct official *w)
{
    return json_pack("{s:I, s:s, s:s, s:s, s:b, s:o, s:o}", "id", (json_int_t)w->id, "name",
                     w->name, "role", role_name(w->role), "status", w->status, "has_password",
                     w->has_password, "created_at", op_time_json(w->created_ms), "updated_at",
                     op_time_json(w->updated_ms));
}

json_t *op_token_json(const struct machine_token *k)
{
    return json_pack("{s:I, s:s, s:s, s:I, s:o, s:o}", "id", (json_int_t)k->id, "label", k->label,
                     "role", role_name(k->role), "created_by", (json_int_t)k->created_by,
                     "created_at", op_time_json(k->created_ms), "revoked_at",
                     op_time_json(k->revoked_ms));
}

static void name_taken(struct problem *pb, const char *name)
{
    problem_set(pb, 409, "name-taken", "Name taken",
                "There is already an official named %s; officials log in by name, so each "
                "needs a name of their own.",
                name);
    problem_field(pb, "name", "is taken by another official");
}

/* The refusal of a name (field: "name" or "label") that reads as the name of official
 * (kind "official") or token (kind "token") id. */
static int reads_as(struct problem *pb, const char *field, const char *kind, int64_t id,
                    const char *theirs)
{
    problem_set(pb, 409, "name-taken", "Name taken",
                "%s reads as the name of %s %lld (%s): who acts is shown by name, so no two "
                "may look alike (GOV-1).",
                field, !strcmp(kind, "official") ? "official" : "machine token", (long long)id,
                theirs);
    json_object_set_new(pb->json, "rule", json_string("GOV-1"));
    char member[24];
    snprintf(member, sizeof member, "%s_id", kind);
    json_object_set_new(pb->json, member, json_integer(id));
    snprintf(member, sizeof member, "%s_%s", kind, !strcmp(kind, "official") ? "name" : "label");
    json_object_set_new(pb->json, member, json_string(theirs));
    problem_field(pb, field, "reads as the name of %s %lld (%s)", kind, (long long)id, theirs);
    return -1;
}

/* Whether a name read as a key (cw_name_key) is the key of name. -1: out of memory. */
static int same_key(const char *key, const char *name)
{
    char *k = cw_name_key(name);
    int same = k ? !strcmp(k, key) : -1;
    free(k);
    return same;
}

/* GOV-1: who acts is shown by name (the phones, the console, the audit log), so a name
 * (an official's, or a token's label) may not read as the name of another official not
 * removed or another token not revoked: compared as they read (cw_name_key: NFKC, any
 * case, white space as one space), not byte by byte. The officials and tokens are few and
 * the transaction holds the connection, so reading them all is both cheap and free of
 * races. self_official, self_token: the one renamed (0: none). 0, or -1 with pb. */
static int name_free(const struct op *o, const char *name, const char *field, int64_t self_official,
                     int64_t self_token, struct problem *pb)
{
    char *key = cw_name_key(name);
    struct official *ws = NULL;
    struct machine_token *ks = NULL;
    int n = 0, nk = 0, clash = 0;
    int rc = key ? db_officials_list(o->db, &ws, &n) : CW_EDB;
    if (rc == CW_OK)
        rc = db_tokens_list(o->db, &ks, &nk);
    for (int i = 0; rc == CW_OK && !clash && i < n; i++)
        if (ws[i].id != self_official && strcmp(ws[i].status, "removed")) {
            int same = same_key(key, ws[i].name);
            if (same < 0)
                rc = CW_EDB;
            else if (same)
                clash = reads_as(pb, field, "official", ws[i].id, ws[i].name);
        }
    for (int i = 0; rc == CW_OK && !clash && i < nk; i++)
        if (ks[i].id != self_token && !ks[i].revoked_ms) {
            int same = same_key(key, ks[i].label);
            if (same < 0)
                rc = CW_EDB;
            else if (same)
                clash = reads_as(pb, field, "token", ks[i].id, ks[i].label);
        }
    free(key);
    free(ws);
    free(ks);
    if (rc != CW_OK) {
        problem_internal(pb, "comparing the names");
        return -1;
    }
    return clash;
}

static int audit(const struct op *o, const char *action, const char *entity, int64_t id,
                 json_t *before, json_t *after, struct problem *pb)
{
    if (op_audit_change(o, 0, action, entity, id, before, after)) {
        problem_internal(pb, "writing the audit log");
        return -1;
    }
    return 0;
}

int op_official_add(const struct op *o, struct official *w, const char *hash, struct problem *pb)
{
    if (name_free(o, w->name, "name", 0, 0, pb))
        return -1;
    int rc = db_official_insert(o->db, w, hash, o->now_ms);
    if (rc == CW_ECONFLICT) {
        name_taken(pb, w->name);
        return -1;
    }
    if (rc != CW_OK) {
        problem_internal(pb, "adding the official");
        return -1;
    }
    return audit(o, "official.add", "official", w->id, NULL, op_official_json(w), pb);
}

/* The official of id, not removed: 0, or -1 with the 404 in pb. */
static int load(const struct op *o, int64_t id, struct official *w, struct problem *pb)
{
    int rc = db_official_get(o->db, id, w);
    if (rc == CW_OK && strcmp(w->status, "removed"))
        return 0;
    if (rc != CW_OK && rc != CW_ENOTFOUND) {
        problem_internal(pb, "reading the official");
        return -1;
    }
    problem_set(pb, 404, "not-found", "No such official", "There is no official %lld.",
                (long long)id);
    return -1;
}

static int head_refused(struct problem *pb, const char *what)
{
    problem_set(pb, 409, "head-td", "The head TD stays",
                "The head TD cannot be %s: the head TD is the way back in for every other "
                "official (GOV-1).",
                what);
    json_object_set_new(pb->json, "rule", json_string("GOV-1"));
    return -1;
}

int op_official_change(const struct op *o, int64_t id, const struct official_in *in,
                       struct official *w, struct problem *pb)
{
    if (load(o, id, w, pb))
        return -1;
    if (w->role == ROLE_HEAD && in->role >= 0 && in->role != ROLE_HEAD)
        return head_refused(pb, "given another role");
    if (w->role == ROLE_HEAD && in->status && strcmp(in->status, "active"))
        return head_refused(pb, "suspended");
    if (in->name && name_free(o, in->name, "name", w->id, 0, pb))
        return -1;
    json_t *before = op_official_json(w);
    const char *action = "official.edit";
    int end_sessions = 0;
    if (in->name)
        cw_utf8_copy(w->name, sizeof w->name, in->name);
    if (in->role >= 0)
        w->role = (enum role)in->role;
    if (in->status && strcmp(in->status, w->status)) {
        action = strcmp(in->status, "suspended") ? "official.reinstate" : "official.suspend";
        end_sessions = !strcmp(in->status, "suspended");
        snprintf(w->status, sizeof w->status, "%s", in->status);
    }
    int rc = db_official_update(o->db, w, o->now_ms);
    if (rc == CW_OK && in->hash) {
        /* whoever knew the old password is logged out */
        rc = db_official_set_password(o->db, w->id, in->hash, o->now_ms);
        if (rc == CW_OK)
            rc = db_sessions_delete_official(o->db, w->id);
        w->has_password = 1;
    }
    /* the official's browsers lose their device cookies (ops/people/login.h) as well */
    if (rc == CW_OK && (end_sessions || in->hash))
        rc = db_devices_delete_official(o->db, w->id);
    if (rc == CW_OK && end_sessions)
        rc = db_sessions_end(o->db, w->id, o->now_ms);
    if (rc == CW_ECONFLICT) {
        json_decref(before);
        name_taken(pb, w->name);
        return -1;
    }
    if (rc != CW_OK) {
        json_decref(before);
        problem_internal(pb, "changing the official");
        return -1;
    }
    json_t *after = op_official_json(w);
    if (in->hash)
        json_object_set_new(after, "password_changed", json_true());
    return audit(o, action, "official", w->id, before, after, pb);
}

int op_official_remove(const struct op *o, int64_t id, struct official *w, struct problem *pb)
{
    if (load(o, id, w, pb))
        return -1;
    if (w->role == ROLE_HEAD)
        return head_refused(pb, "removed");
    json_t *before = op_official_json(w);
    strcpy(w->status, "removed");
    if (db_official_update(o->db, w, o->now_ms) || db_sessions_end(o->db, w->id, o->now_ms) ||
        db_devices_delete_official(o->db, w->id)) {
        json_decref(before);
        problem_internal(pb, "removing the official");
        return -1;
    }
    return audit(o, "official.remove", "official", w->id, before, op_official_json(w), pb);
}

int op_token_create(const struct op *o, struct machine_token *k, char secret[CW_TOKEN_LEN + 1],
                    struct problem *pb)
{
    if (name_free(o, k->label, "label", 0, 0, pb))
        return -1;
    char h[CW_TOKEN_HASH_LEN + 1];
    cw_token_new(secret);
    cw_token_hash(secret, h);
    k->created_by = o->who.official_id;
    if (db_token_insert(o->db, k, h, o->now_ms)) {
        problem_internal(pb, "storing the token");
        return -1;
    }
    return audit(o, "token.create", "token", k->id, NULL, op_token_json(k), pb);
}

int op_token_revoke(const struct op *o, int64_t id, struct machine_token *k, struct problem *pb)
{
    int rc = db_token_get(o->db, id, k);
    if (rc == CW_ENOTFOUND) {
        problem_set(pb, 404, "not-found", "No such token", "There is no machine token %lld.",
                    (long long)id);
        return -1;
    }
    if (rc == CW_OK && k->revoked_ms) {
        problem_set(pb, 409, "token-revoked", "Token already revoked",
                    "Machine token %lld (%s) is already revoked.", (long long)id, k->label);
        return -1;
    }
    json_t *before = rc == CW_OK ? op_token_json(k) : NULL;
    if (rc == CW_OK)
        rc = db_token_revoke(o->db, id, o->now_ms);
    if (rc != CW_OK) {
        json_decref(before);
        problem_internal(pb, "revoking the token");
        return -1;
    }
    k->revoked_ms = o->now_ms;
    return audit(o, "token.revoke", "token", k->id, before, op_token_json(k), pb);
}
