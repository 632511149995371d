/* The audit log for the tournament director, and the health check. */
#include <stdlib.h>
#include <string.h>

#include "api/handlers.h"
#include "api/json.h"
#include "api/tx.h"
#include "store/store.h"

/* Parses a non-negative integer query argument; -1 when malformed. */
static long long arg_int(const struct api_req *req, const char *key, long long dflt)
{
    const char *s = api_arg(req, key);
    if (!s)
        return dflt;
    if (!*s || strlen(s) > 15)
        return -1;
    long long v = 0;
    for (; *s; s++) {
        if (*s < '0' || *s > '9')
            return -1;
        v = v * 10 + (*s - '0');
    }
    return v;
}

/* The rows after `after`, of tournament tid (0: all), read under the lock. */
struct audit_read {
    int64_t tid;
    long long after, limit;
    struct audit_row *rows;
    int n, rc;
};

static int read_audit(struct api_req *req, const struct op *o, void *in, struct api_resp *resp)
{
    struct audit_read *q = in;
    q->rc = CW_OK;
    if (q->tid) {
        struct tournament t;
        q->rc = db_tournament_get(o->db, q->tid, &t);
    }
    if (q->rc == CW_OK)
        q->rc = db_audit_list(o->db, q->tid, q->after, (int)q->limit, &q->rows, &q->n);
    return 0;
}

void api_audit_list(struct api_req *req, struct api_resp *resp)
{
    int64_t tid = req->nids ? req->ids[0] : 0;
    long long after = arg_int(req, "after", 0), limit = arg_int(req, "limit", 100);
    if (after < 0) {
        api_problem_field(resp, "after", "must be a non-negative integer (an audit entry id)");
        resp->status = 400;
        json_object_set_new(resp->json, "status", json_integer(400));
        return;
    }
    if (limit < 1 || limit > 1000) {
        api_problem_field(resp, "limit", "must be an integer from 1 to 1000");
        resp->status = 400;
        json_object_set_new(resp->json, "status", json_integer(400));
        return;
    }
    struct audit_read q = {tid, after, limit, NULL, 0, CW_OK};
    api_read(req, resp, read_audit, &q);
    struct audit_row *rows = q.rows;
    int n = q.n, rc = q.rc;
    if (rc == CW_ENOTFOUND) {
        api_problem(resp, 404, "not-found", "No such tournament", "There is no tournament %lld.",
                    (long long)tid);
        return;
    }
    if (rc != CW_OK) {
        api_internal_error(resp, "reading the audit log");
        return;
    }
    json_t *arr = json_array();
    for (int i = 0; i < n; i++) {
        struct audit_row *r = &rows[i];
        json_t *e = json_pack("{s:I, s:o, s:s, s:s, s:s, s:o}", "id", (json_int_t)r->id, "at",
                              op_time_json(r->at_ms), "actor", r->actor, "action", r->action,
                              "entity", r->entity, "entity_id",
                              r->entity_id ? json_integer(r->entity_id) : json_null());
        /* who the actor is: the official's name or the token's label (GOV-1) */
        json_object_set_new(e, "actor_name",
                            r->actor_name[0] ? json_string(r->actor_name) : json_null());
        /* the ruling (GOV-6) whose state change this row is */
        json_object_set_new(e, "ruling_id", r->ruling_id ? json_integer(r->ruling_id) : json_null());
        json_object_set_new(e, "before",
                            r->before_json ? json_loads(r->before_json, 0, NULL) : json_null());
        json_object_set_new(e, "after",
                            r->after_json ? json_loads(r->after_json, 0, NULL) : json_null());
        json_array_append_new(arr, e);
    }
    int64_t next = n ? rows[n - 1].id : after;
    db_audit_rows_free(rows, n);
    api_reply_json(resp, 200,
                   json_pack("{s:o, s:I}", "entries", arr, "next_after", (json_int_t)next));
}

void api_health(struct api_req *req, struct api_resp *resp)
{
    api_reply_json(
        resp, 200,
        json_pack("{s:s, s:i}", "status", "ok", "schema_version", db_schema_version(req->app->db)));
}
