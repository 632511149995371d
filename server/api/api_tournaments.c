/* Tournaments: create, list, read (cached, with an ETag), update. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/cache.h"
#include "api/fields.h"
#include "api/handlers.h"
#include "api/json.h"
#include "api/tx.h"
#include "common/clock.h"
#include "store/store.h"

static const char *const policies[] = {"legal", "responsible", NULL};
static const char *const break_tables[] = {"wbgf", "italian", NULL};
static const char *const clock_modes[] = {"delay", "bronstein", NULL};

static const struct api_field lateness_fields[] = {
    {"grace_minutes", F_INT, 0, 0, 0, 240, NULL, NULL},
    {"step_minutes", F_INT, 0, 0, 1, 120, NULL, NULL},
    {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

static const struct api_field clock_fields[] = {
    {"mode", F_ENUM, 0, 0, 0, 0, clock_modes, NULL},
    {"bank_per_point_s", F_INT, 0, 0, 1, 3600, NULL, NULL},
    {"delay_s", F_INT, 0, 0, 0, 600, NULL, NULL},
    {"split_first_per_point_s", F_INT, 0, 0, 0, 3600, NULL, NULL},
    {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

static const struct api_field tournament_fields[] = {
    {"name", F_STR, 1, 0, 1, T_NAME_MAX, NULL, NULL},
    {"venue", F_STR, 0, 0, 0, T_VENUE_MAX, NULL, NULL},
    {"start_date", F_DATE, 0, 1, 0, 0, NULL, NULL},
    {"end_date", F_DATE, 0, 1, 0, 0, NULL, NULL},
    {"illegal_move_policy", F_ENUM, 0, 0, 0, 0, policies, NULL},
    {"lateness", F_OBJ, 0, 0, 0, 0, NULL, lateness_fields},
    {"break_table", F_ENUM, 0, 0, 0, 0, break_tables, NULL},
    {"clock", F_OBJ, 0, 0, 0, 0, NULL, clock_fields},
    {"tables", F_ANY, 0, 0, 0, 0, NULL, NULL},
    {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

/* KO-7: the tables, a list of distinct labels of 1-32 characters, in handing-out order. */
static int check_tables(json_t *j, struct api_resp *resp)
{
    json_t *t = json_object_get(j, "tables");
    if (!t)
        return 0;
    if (!json_is_array(t) || json_array_size(t) > 500) {
        api_problem_field(resp, "tables", "must be a list of at most 500 table labels");
        return 1;
    }
    char *text = json_dumps(t, JSON_COMPACT);
    size_t len = text ? strlen(text) : 0;
    free(text);
    if (len >= sizeof(((struct tournament *)0)->tables)) {
        api_problem_field(resp, "tables", "the list is too long: at most %zu bytes of labels",
                          sizeof(((struct tournament *)0)->tables) - 1);
        return 1;
    }
    for (size_t i = 0; i < json_array_size(t); i++) {
        json_t *v = json_array_get(t, i);
        const char *s = json_string_value(v);
        if (!s || !*s || api_utf8_chars(s) > M_TABLE_MAX || strpbrk(s, "\t\r\n")) {
            api_problem_field(resp, "tables", "entry %zu must be a label of 1 to %d characters",
                              i + 1, M_TABLE_MAX);
            return 1;
        }
        for (size_t k = 0; k < i; k++)
            if (!strcmp(s, json_string_value(json_array_get(t, k)))) {
                api_problem_field(resp, "tables", "table \"%s\" is listed twice", s);
                return 1;
            }
    }
    return 0;
}

static void copy_str(char *dst, size_t len, json_t *obj, const char *name)
{
    json_t *v = json_object_get(obj, name);
    if (json_is_string(v))
        snprintf(dst, len, "%s", json_string_value(v));
    else if (json_is_null(v))
        dst[0] = 0;
}

static void copy_int(int *dst, json_t *obj, const char *name)
{
    json_t *v = json_object_get(obj, name);
    if (json_is_integer(v))
        *dst = (int)json_integer_value(v);
}

/* Applies the (already checked) fields present in j to t. */
static void apply(struct tournament *t, json_t *j)
{
    copy_str(t->name, sizeof t->name, j, "name");
    copy_str(t->venue, sizeof t->venue, j, "venue");
    copy_str(t->start_date, sizeof t->start_date, j, "start_date");
    copy_str(t->end_date, sizeof t->end_date, j, "end_date");
    copy_str(t->illegal_move_policy, sizeof t->illegal_move_policy, j, "illegal_move_policy");
    copy_str(t->break_table, sizeof t->break_table, j, "break_table");
    json_t *l = json_object_get(j, "lateness");
    if (l) {
        copy_int(&t->late_grace_min, l, "grace_minutes");
        copy_int(&t->late_step_min, l, "step_minutes");
    }
    json_t *c = json_object_get(j, "clock");
    if (c) {
        copy_str(t->clock_mode, sizeof t->clock_mode, c, "mode");
        copy_int(&t->clock_bank_per_point_s, c, "bank_per_point_s");
        copy_int(&t->clock_delay_s, c, "delay_s");
        copy_int(&t->clock_split_first_per_point_s, c, "split_first_per_point_s");
    }
    json_t *tables = json_object_get(j, "tables");
    if (tables) {
        char *text = json_dumps(tables, JSON_COMPACT);
        if (text && strlen(text) < sizeof t->tables)
            strcpy(t->tables, text);
        free(text);
    }
}

/* Rules between fields, checked on the record after the change. */
static int check_record(const struct tournament *t, struct api_resp *resp)
{
    int errors = 0;
    if (t->start_date[0] && t->end_date[0] && strcmp(t->end_date, t->start_date) < 0) {
        api_problem_field(resp, "end_date", "is before start_date (%s)", t->start_date);
        errors++;
    }
    if (t->clock_split_first_per_point_s &&
        t->clock_split_first_per_point_s >= t->clock_bank_per_point_s) {
        api_problem_field(resp, "clock.split_first_per_point_s",
                          "must be less than bank_per_point_s (%d), or 0 for no split (CLK-2)",
                          t->clock_bank_per_point_s);
        errors++;
    }
    return errors;
}

static void etag_of(const struct tournament *t, char out[80])
{
    snprintf(out, 80, "\"t%lld.%lld\"", (long long)t->id, (long long)t->revision);
}

void api_tournaments_list(struct api_req *req, struct api_resp *resp)
{
    struct tournament *ts;
    int n;
    db_lock(req->app->db);
    int rc = db_tournament_list(req->app->db, &ts, &n);
    json_t *arr = json_array();
    for (int i = 0; rc == CW_OK && i < n; i++) {
        struct tournament_counts c;
        rc = db_tournament_counts(req->app->db, ts[i].id, &c);
        if (rc == CW_OK)
            json_array_append_new(arr, api_tournament_json(&ts[i], &c));
    }
    db_unlock(req->app->db);
    free(ts);
    if (rc != CW_OK) {
        json_decref(arr);
        api_internal_error(resp, "listing tournaments");
        return;
    }
    api_reply_json(resp, 200, json_pack("{s:o}", "tournaments", arr));
}

void api_tournament_create(struct api_req *req, struct api_resp *resp)
{
    if (api_check_fields(req->json, tournament_fields, 0, resp) || check_tables(req->json, resp))
        return;
    struct tournament t;
    tournament_defaults(&t);
    apply(&t, req->json);
    if (check_record(&t, resp))
        return;
    struct db *db = req->app->db;
    if (api_begin(db, resp))
        return;
    json_t *after = NULL;
    int rc = db_tournament_insert(db, &t, req->now_ms);
    if (rc == CW_OK) {
        after = api_tournament_json(&t, NULL);
        char *a = json_dumps(after, JSON_COMPACT);
        char actor[96];
        api_actor(req, actor, sizeof actor);
        rc = db_audit(db, t.id, req->now_ms, actor, "tournament.create", "tournament", t.id, NULL,
                      a);
        free(a);
    }
    if (rc != CW_OK) {
        db_rollback(db);
        json_decref(after);
        api_internal_error(resp, "creating the tournament");
        return;
    }
    if (db_commit(db)) {
        json_decref(after);
        api_internal_error(resp, "committing the tournament");
        return;
    }
    struct tournament_counts zero = {0, 0, 0};
    json_decref(after);
    snprintf(resp->location, sizeof resp->location, "/api/v1/tournaments/%lld", (long long)t.id);
    etag_of(&t, resp->etag);
    api_reply_json(resp, 201, api_tournament_json(&t, &zero));
}

void api_tournament_get(struct api_req *req, struct api_resp *resp)
{
    struct app *app = req->app;
    int64_t id = req->ids[0];
    if (api_cache_get(app->cache, id, CACHE_TOURNAMENT, &resp->blob, resp->etag, req->accept_gzip,
                      &resp->blob_gzip)) {
        resp->status = 200;
        return;
    }
    db_lock(app->db);
    struct tournament t;
    struct tournament_counts c;
    int rc = db_tournament_get(app->db, id, &t);
    if (rc == CW_OK)
        rc = db_tournament_counts(app->db, id, &c);
    if (rc == CW_OK) {
        json_t *j = api_tournament_json(&t, &c);
        char *body = json_dumps(j, JSON_COMPACT);
        json_decref(j);
        resp->blob = body ? api_blob_new(body, strlen(body)) : NULL;
        free(body);
        if (resp->blob) {
            etag_of(&t, resp->etag);
            /* filled under the database lock: see api/cache.h */
            api_cache_put(app->cache, id, CACHE_TOURNAMENT, resp->blob, resp->etag);
            resp->status = 200;
        } else {
            rc = CW_EDB;
        }
    }
    db_unlock(app->db);
    if (rc == CW_ENOTFOUND)
        api_problem(resp, 404, "not-found", "No such tournament", "There is no tournament %lld.",
                    (long long)id);
    else if (rc != CW_OK)
        api_internal_error(resp, "reading the tournament");
}

void api_tournament_update(struct api_req *req, struct api_resp *resp)
{
    if (api_check_fields(req->json, tournament_fields, 1, resp) || check_tables(req->json, resp))
        return;
    struct db *db = req->app->db;
    if (api_begin(db, resp))
        return;
    struct op o = api_op(req);
    struct tournament t;
    int rc = db_tournament_get(db, req->ids[0], &t);
    if (rc == CW_ENOTFOUND) {
        db_rollback(db);
        api_problem(resp, 404, "not-found", "No such tournament", "There is no tournament %lld.",
                    (long long)req->ids[0]);
        return;
    }
    const char *policy = api_str(req->json, "illegal_move_policy");
    if (rc == CW_OK && policy && strcmp(policy, t.illegal_move_policy)) {
        int started = db_tournament_has_reports(db, t.id);
        if (started < 0)
            rc = CW_EDB;
        else if (started) {
            db_rollback(db);
            api_problem(resp, 409, "policy-locked", "The illegal-move policy is set",
                        "%s already has reported results; the illegal-move policy is set "
                        "before the tournament starts and cannot change now (MATCH-6).",
                        t.name);
            api_problem_field(resp, "illegal_move_policy", "cannot change once results exist");
            resp->status = 409;
            json_object_set_new(resp->json, "status", json_integer(409));
            return;
        }
    }
    json_t *before = rc == CW_OK ? api_tournament_json(&t, NULL) : NULL;
    if (rc == CW_OK) {
        apply(&t, req->json);
        if (check_record(&t, resp)) {
            db_rollback(db);
            json_decref(before);
            return;
        }
        rc = db_tournament_update(db, &t, req->now_ms);
    }
    struct tournament_counts c;
    if (rc == CW_OK)
        rc = db_tournament_counts(db, t.id, &c);
    if (rc == CW_OK)
        rc = op_audit_change(&o, t.id, "tournament.update", "tournament", t.id, before,
                             api_tournament_json(&t, NULL));
    else
        json_decref(before);
    if (rc == CW_OK)
        rc = op_emit(db, t.id, req->now_ms, "tournament.update",
                      json_pack("{s:o}", "tournament", api_tournament_json(&t, &c)));
    if (rc != CW_OK) {
        db_rollback(db);
        api_internal_error(resp, "updating the tournament");
        return;
    }
    if (db_commit(db)) {
        api_internal_error(resp, "committing the tournament");
        return;
    }
    etag_of(&t, resp->etag);
    api_reply_json(resp, 200, api_tournament_json(&t, &c));
}
