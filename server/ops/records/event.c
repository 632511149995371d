/* The event record: its JSON and a change saved with its audit row and stream entry. */
#include "ops/records/event.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/secret.h"
#include "ops/frame/record.h"
#include "store/store.h"
#include "tourney/rng.h"

json_t *op_event_json(struct db *db, const struct event *e)
{
    int64_t *ids;
    int n;
    json_t *entries = json_array();
    if (db_entries(db, e->id, &ids, &n) == CW_OK) {
        for (int i = 0; i < n; i++)
            json_array_append_new(entries, json_integer(ids[i]));
        free(ids);
    }
    json_t *j = json_pack("{s:I, s:I, s:s, s:s, s:i, s:s, s:o, s:o, s:o}", "id", (json_int_t)e->id,
                          "tournament_id", (json_int_t)e->tournament_id, "kind",
                          event_kind_name(e->kind), "name", e->name, "priority", e->priority,
                          "state", event_state_name(e->state), "entries", entries, "created_at",
                          op_time_json(e->created_ms), "updated_at", op_time_json(e->updated_ms));
    /* the settings under the kind's name, as they were written */
    json_object_set_new(j, event_kind_name(e->kind), event_kind_of(e->kind)->json(&e->settings));
    return j;
}

int op_event_save(const struct op *o, struct event *e, json_t *before, const char *action)
{
    struct db *db = o->db;
    int rc = db_event_update(db, e, o->now_ms);
    json_t *after = rc == CW_OK ? op_event_json(db, e) : NULL;
    if (rc == CW_OK)
        rc = op_audit_change(o, e->tournament_id, action, "event", e->id, before,
                             json_incref(after));
    else
        json_decref(before);
    if (rc == CW_OK)
        rc = op_emit(db, e->tournament_id, o->now_ms, action, json_pack("{s:O}", "event", after));
    json_decref(after);
    return rc;
}

int op_event_mark_finished(const struct op *o, struct event *e, int done)
{
    if (done == (e->state == ES_FINISHED))
        return CW_OK;
    json_t *before = op_event_json(o->db, e);
    e->state = done ? ES_FINISHED : ES_RUNNING;
    char action[40];
    snprintf(action, sizeof action, "%s.%s", event_kind_name(e->kind),
             done ? "finished" : "reopened");
    return op_event_save(o, e, before, action);
}

int op_event_late_closed(const struct op *o, const struct event *e, const char *action,
                         int unfilled)
{
    char after[64];
    snprintf(after, sizeof after, "{\"unfilled\":%d}", unfilled);
    return db_audit(o->db, e->tournament_id, o->now_ms, o->who.actor, action, "event", e->id, NULL,
                    after);
}

uint64_t op_seed_of(const char *given, char *recorded, size_t len)
{
    char fresh[24];
    if (!given) {
        snprintf(fresh, sizeof fresh, "%" PRIu64, (uint64_t)cw_random_u64());
        given = fresh;
    }
    return rng_seed_record(given, recorded, len);
}
