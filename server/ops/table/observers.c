/* Observers (GOV-3, 003 1.3 iii, 2.3 ii, 2.4 ii): an official appoints an observer to a
 * match, of their own motion or at a player's request (the call that asked), optionally
 * for a fee and saying who pays it; and removes them. Each in the frame of clock_frame.c. */
#include "ops/table/table_acts.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/utf8.h"
#include "ops/frame/record.h"

json_t *op_observer_json(const struct observer_row *o)
{
    return json_pack("{s:I, s:I, s:s, s:o, s:o, s:o, s:s, s:o, s:o}", "id", (json_int_t)o->id,
                     "match_id", (json_int_t)o->match_id, "name", o->name, "fee_cents",
                     o->fee_cents >= 0 ? json_integer(o->fee_cents) : json_null(), "fee_payer",
                     o->fee_payer[0] ? json_string(o->fee_payer) : json_null(), "call_id",
                     o->call_id ? json_integer(o->call_id) : json_null(), "appointed_by",
                     o->appointed_by.name, "appointed_at", op_time_json(o->appointed_ms),
                     "removed_at", op_time_json(o->removed_ms));
}

json_t *op_observers_json(struct db *db, int64_t match_id)
{
    struct observer_row *rows;
    int n;
    if (db_observers(db, match_id, 1, &rows, &n))
        return NULL;
    json_t *arr = json_array();
    for (int i = 0; i < n; i++)
        json_array_append_new(arr, op_observer_json(&rows[i]));
    free(rows);
    return arr;
}

/* The observer as the stream tells it: the name is public, as on the match's page. */
static json_t *entry_of(const struct cx *x, const struct observer_row *o)
{
    return json_pack("{s:{s:I, s:I, s:s, s:s}}", "observer", "id", (json_int_t)o->id, "match_id",
                     (json_int_t)o->match_id, "table", x->m.table, "name", o->name);
}

int op_observer_appoint(struct cx *x, const void *in)
{
    const struct observer_in *v = in;
    if (op_cx_official(x, "GOV-3"))
        return -1;
    if (match_finished(&x->m))
        return op_cx_refuse_finished(x);
    if (op_cx_call_named(x, v->call_id))
        return -1;
    if (v->fee_payer && v->fee_cents < 0) {
        problem_field(&x->pb, "fee_payer", "is given with a fee (fee_cents) only (GOV-3)");
        return -1;
    }
    struct observer_row o;
    memset(&o, 0, sizeof o);
    o.match_id = x->m.id;
    cw_utf8_copy(o.name, sizeof o.name, v->name);
    o.fee_cents = v->fee_cents;
    snprintf(o.fee_payer, sizeof o.fee_payer, "%s", v->fee_payer ? v->fee_payer : "");
    o.call_id = v->call_id;
    op_cx_who(x, &o.appointed_by);
    o.appointed_ms = x->o.now_ms;
    if (db_observer_insert(x->o.db, &o))
        return -1;
    if (op_cx_record(x, "observer.appointed", "observer", o.id, NULL, op_observer_json(&o),
                     entry_of(x, &o)))
        return -1;
    op_cx_reply(x, 201, op_observer_json(&o));
    return 0;
}

int op_observer_remove(struct cx *x, const void *in)
{
    const struct observer_in *v = in;
    if (op_cx_official(x, "GOV-3"))
        return -1;
    struct observer_row o;
    int rc = db_observer_get(x->o.db, x->m.id, v->observer_id, &o);
    if (rc == CW_ENOTFOUND) {
        problem_set(&x->pb, 404, "not-found", "No such observer",
                    "Match %lld has no observer %lld.", (long long)x->m.id,
                    (long long)v->observer_id);
        return -1;
    }
    if (rc)
        return -1;
    if (o.removed_ms) {
        problem_set(&x->pb, 409, "observer-removed", "Already removed",
                    "%s no longer observes match %lld (GOV-3).", o.name, (long long)x->m.id);
        json_object_set_new(x->pb.json, "rule", json_string("GOV-3"));
        return -1;
    }
    json_t *before = op_observer_json(&o);
    op_cx_who(x, &o.removed_by);
    o.removed_ms = x->o.now_ms;
    if (db_observer_remove(x->o.db, &o)) {
        json_decref(before);
        return -1;
    }
    if (op_cx_record(x, "observer.removed", "observer", o.id, before, op_observer_json(&o),
                     entry_of(x, &o)))
        return -1;
    op_cx_reply(x, 200, op_observer_json(&o));
    return 0;
}
