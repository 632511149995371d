/* Records to JSON. */
#include "api/json.h"

#include <stdlib.h>

#include "ops/record.h"

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
        (json_int_t)t->revision, "created_at", op_time_json(t->created_ms), "updated_at",
        op_time_json(t->updated_ms));
    json_t *tables = json_loads(t->tables[0] ? t->tables : "[]", 0, NULL);
    json_object_set_new(j, "tables", tables ? tables : json_array());
    if (j && counts)
        json_object_set_new(j, "players",
                            json_pack("{s:i, s:i, s:i}", "registered",
                                      counts->players - counts->withdrawn, "checked_in",
                                      counts->checked_in, "withdrawn", counts->withdrawn));
    return j;
}
