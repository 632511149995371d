/* The audit row and the stream entry of a change, and the time as records show it. */
#include "ops/frame/record.h"
#include "common/json_out.h"

#include <stdlib.h>

#include "common/clock.h"
#include "ops/frame/op.h"
#include "store/store.h"

json_t *op_time_json(int64_t ms)
{
    if (!ms)
        return json_null();
    char buf[32];
    cw_iso8601(ms, buf, sizeof buf);
    return json_string(buf);
}

int op_audit_change(const struct op *o, int64_t tournament_id, const char *action,
                    const char *entity, int64_t entity_id, json_t *before, json_t *after)
{
    char *b = before ? json_dumps(before, JSON_COMPACT | JSON_SORT_KEYS) : NULL;
    char *a = after ? json_dumps(after, JSON_COMPACT | JSON_SORT_KEYS) : NULL;
    int rc = (before && !b) || (after && !a)
                 ? CW_EDB
                 : db_audit(o->db, tournament_id, o->now_ms, o->who.actor, action, entity,
                            entity_id, b, a);
    free(b);
    free(a);
    json_decref(before);
    json_decref(after);
    return rc;
}

int op_emit(struct db *db, int64_t tournament_id, int64_t now_ms, const char *type, json_t *data)
{
    char *text = data ? cw_json_dumps(data, NULL) : NULL;
    json_decref(data);
    if (!text)
        return CW_EDB;
    int rc = db_stream_add(db, tournament_id, now_ms, type, text);
    free(text);
    return rc;
}
