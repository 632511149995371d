/* The event record shared by every kind of event: its JSON (replies, audit rows, stream
 * entries), loading the event a route names, and saving a change with its audit row and
 * stream entry. Apart from api_events.c so that the kind-specific files (knockout, Swing,
 * Davis) use it without calling back into the file that validates their settings. */
#include <stdlib.h>

#include "api/events.h"
#include "api/json.h"
#include "store/store.h"

json_t *api_event_json(struct db *db, const struct event *e)
{
    json_t *settings = json_loads(e->settings, 0, NULL);
    int64_t *ids;
    int n;
    json_t *entries = json_array();
    if (db_entries(db, e->id, &ids, &n) == CW_OK) {
        for (int i = 0; i < n; i++)
            json_array_append_new(entries, json_integer(ids[i]));
        free(ids);
    }
    json_t *j =
        json_pack("{s:I, s:I, s:s, s:s, s:i, s:s, s:o, s:o, s:o}", "id", (json_int_t)e->id,
                  "tournament_id", (json_int_t)e->tournament_id, "kind", e->kind, "name", e->name,
                  "priority", e->priority, "state", e->state, "entries", entries, "created_at",
                  api_time_json(e->created_ms), "updated_at", api_time_json(e->updated_ms));
    json_object_set_new(j, e->kind, settings ? settings : json_object());
    return j;
}

int api_event_load(struct api_req *req, struct event *e, struct api_resp *resp)
{
    int rc = db_event_get(req->app->db, req->ids[0], req->ids[1], e);
    if (rc == CW_ENOTFOUND)
        api_problem(resp, 404, "not-found", "No such event", "Tournament %lld has no event %lld.",
                    (long long)req->ids[0], (long long)req->ids[1]);
    else if (rc != CW_OK)
        api_internal_error(resp, "reading the event");
    return rc == CW_OK ? 0 : -1;
}

int api_event_save(struct api_req *req, struct event *e, json_t *before, const char *action)
{
    struct db *db = req->app->db;
    int rc = db_event_update(db, e, req->now_ms);
    json_t *after = rc == CW_OK ? api_event_json(db, e) : NULL;
    if (rc == CW_OK)
        rc = api_audit_change(db, e->tournament_id, req->now_ms, action, "event", e->id, before,
                              json_incref(after));
    else
        json_decref(before);
    if (rc == CW_OK)
        rc =
            api_emit(db, e->tournament_id, req->now_ms, action, json_pack("{s:O}", "event", after));
    json_decref(after);
    return rc;
}
