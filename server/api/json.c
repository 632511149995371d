/* Records to JSON. */
#include "api/json.h"

#include <stdlib.h>

#include "common/clock.h"

json_t *api_time_json(int64_t ms)
{
    if (!ms)
        return json_null();
    char buf[32];
    cw_iso8601(ms, buf, sizeof buf);
    return json_string(buf);
}

static json_t *str_or_null(const char *s)
{
    return s[0] ? json_string(s) : json_null();
}

json_t *api_tournament_json(const struct tournament *t, const struct tournament_counts *counts)
{
    json_t *j = json_pack(
        "{s:I, s:s, s:s, s:o, s:o, s:s, s:{s:i, s:i}, s:s, s:{s:s, s:i, s:i, s:i}, s:I, s:o, s:o}",
        "id", (json_int_t)t->id, "name", t->name, "venue", t->venue, "start_date",
        str_or_null(t->start_date), "end_date", str_or_null(t->end_date), "illegal_move_policy",
        t->illegal_move_policy, "lateness", "grace_minutes", t->late_grace_min, "step_minutes",
        t->late_step_min, "break_table", t->break_table, "clock", "mode", t->clock_mode,
        "bank_per_point_s", t->clock_bank_per_point_s, "delay_s", t->clock_delay_s,
        "split_first_per_point_s", t->clock_split_first_per_point_s, "revision",
        (json_int_t)t->revision, "created_at", api_time_json(t->created_ms), "updated_at",
        api_time_json(t->updated_ms));
    json_t *tables = json_loads(t->tables[0] ? t->tables : "[]", 0, NULL);
    json_object_set_new(j, "tables", tables ? tables : json_array());
    if (j && counts)
        json_object_set_new(j, "players",
                            json_pack("{s:i, s:i, s:i}", "registered",
                                      counts->players - counts->withdrawn, "checked_in",
                                      counts->checked_in, "withdrawn", counts->withdrawn));
    return j;
}

json_t *api_player_json(const struct player *p, int with_pin)
{
    json_t *j = json_pack(
        "{s:I, s:I, s:s, s:s, s:o, s:s, s:s, s:b, s:o, s:o, s:o, s:o}", "id", (json_int_t)p->id,
        "tournament_id", (json_int_t)p->tournament_id, "name", p->name, "country", p->country,
        "rating", p->has_rating ? json_real(p->rating) : json_null(), "federation_id",
        p->federation_id, "status", p->status, "checked_in", p->checked_in_ms != 0, "checked_in_at",
        api_time_json(p->checked_in_ms), "withdrawn_at", api_time_json(p->withdrawn_ms),
        "created_at", api_time_json(p->created_ms), "updated_at", api_time_json(p->updated_ms));
    if (j && with_pin)
        json_object_set_new(j, "pin", json_string(p->pin));
    return j;
}

int api_audit_change(struct db *db, int64_t tournament_id, int64_t now_ms, const char *action,
                     const char *entity, int64_t entity_id, json_t *before, json_t *after)
{
    char *b = before ? json_dumps(before, JSON_COMPACT | JSON_SORT_KEYS) : NULL;
    char *a = after ? json_dumps(after, JSON_COMPACT | JSON_SORT_KEYS) : NULL;
    int rc = (before && !b) || (after && !a)
                 ? CW_EDB
                 : db_audit(db, tournament_id, now_ms, "td", action, entity, entity_id, b, a);
    free(b);
    free(a);
    json_decref(before);
    json_decref(after);
    return rc;
}

int api_emit(struct db *db, int64_t tournament_id, int64_t now_ms, const char *type, json_t *data)
{
    char *text = data ? json_dumps(data, JSON_COMPACT) : NULL;
    json_decref(data);
    if (!text)
        return CW_EDB;
    int rc = db_event_add(db, tournament_id, now_ms, type, text);
    free(text);
    return rc;
}
