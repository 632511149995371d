/* Calls from the tables (GOV-5): a player calls an official to their table for a reason;
 * an official takes the call ("on my way") and closes it with an outcome, granting
 * permission to leave the room for N minutes as a break (lateness_acts.c); and, of their
 * own motion, warns a slow match (003 2.3 i). Each in the frame of clock_frame.c. */
#include "ops/table/table_acts.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/utf8.h"
#include "ops/clock/clock_acts.h"
#include "ops/records/match.h"
#include "ops/frame/record.h"

static const char side_name[2][2] = {"a", "b"};

static json_t *str_or_null(const char *s)
{
    return s && s[0] ? json_string(s) : json_null();
}

json_t *op_call_public_json(const struct call_row *c)
{
    return json_pack("{s:I, s:I, s:s, s:s, s:s, s:s, s:o, s:I, s:o, s:o}", "id", (json_int_t)c->id,
                     "match_id", (json_int_t)c->match_id, "table", c->table, "side",
                     side_name[c->side], "reason", c->reason, "state", c->state, "taken_by",
                     str_or_null(c->taken_by.name), "created_ms", (json_int_t)c->created_ms,
                     "created_at", op_time_json(c->created_ms), "leave_until_ms",
                     c->leave_until_ms ? json_integer(c->leave_until_ms) : json_null());
}

json_t *op_call_table_json(const struct call_row *c)
{
    return json_pack("{s:s, s:I, s:o}", "table", c->table, "created_ms", (json_int_t)c->created_ms,
                     "created_at", op_time_json(c->created_ms));
}

json_t *op_call_json(const struct call_row *c, int64_t now_ms)
{
    json_t *j = op_call_public_json(c);
    json_object_set_new(j, "player_id", json_integer(c->player_id));
    json_object_set_new(j, "text", json_string(c->text));
    json_object_set_new(j, "age_s", json_integer((now_ms - c->created_ms) / 1000));
    json_object_set_new(j, "taken_at", op_time_json(c->taken_ms));
    json_object_set_new(j, "closed_by", str_or_null(c->closed_by.name));
    json_object_set_new(j, "closed_at", op_time_json(c->closed_ms));
    json_object_set_new(j, "outcome", c->closed_ms ? json_string(c->outcome) : json_null());
    json_object_set_new(j, "leave_minutes",
                        c->leave_minutes ? json_integer(c->leave_minutes) : json_null());
    return j;
}

json_t *op_warning_json(const struct warning_row *w)
{
    return json_pack("{s:I, s:I, s:s, s:s, s:I, s:o}", "id", (json_int_t)w->id, "match_id",
                     (json_int_t)w->match_id, "text", w->text, "by", w->by.name, "created_ms",
                     (json_int_t)w->created_ms, "created_at", op_time_json(w->created_ms));
}

int op_cx_record(struct cx *x, const char *action, const char *entity, int64_t id, json_t *before,
                 json_t *after, json_t *entry)
{
    char *b = before ? json_dumps(before, JSON_COMPACT | JSON_SORT_KEYS) : NULL;
    char *a = after ? json_dumps(after, JSON_COMPACT | JSON_SORT_KEYS) : NULL;
    int rc = (before && !b) || (after && !a) ? CW_EDB
                                             : db_audit(x->o.db, x->m.tournament_id, x->o.now_ms,
                                                        x->o.who.actor, action, entity, id, b, a);
    free(b);
    free(a);
    json_decref(before);
    json_decref(after);
    /* the tournament's reads (the match's observers) carry its revision in their ETag */
    if (rc == CW_OK)
        rc = db_tournament_touch(x->o.db, x->m.tournament_id, x->o.now_ms);
    /* a change at a table is about its match: the entry names it as every reply does */
    if (rc == CW_OK && json_is_object(entry))
        json_object_set_new(entry, "label", op_match_label_json(x->o.db, &x->m));
    if (rc == CW_OK)
        rc = op_emit(x->o.db, x->m.tournament_id, x->o.now_ms, action, entry);
    else
        json_decref(entry);
    if (rc != CW_OK) {
        problem_internal(&x->pb, "recording the change");
        return -1;
    }
    x->wrote = 1;
    return 0;
}

void op_who_named(struct db *db, const struct op_who *by, struct who *w)
{
    struct official off;
    struct machine_token tok;
    cw_utf8_copy(w->actor, sizeof w->actor, by->actor);
    if (by->official_id && db_official_get(db, by->official_id, &off) == CW_OK)
        cw_utf8_copy(w->name, sizeof w->name, off.name);
    else if (by->token_id && db_token_get(db, by->token_id, &tok) == CW_OK)
        cw_utf8_copy(w->name, sizeof w->name, tok.label);
    else
        cw_utf8_copy(w->name, sizeof w->name, by->actor);
}

void op_cx_who(const struct cx *x, struct who *w)
{
    op_who_named(x->o.db, &x->o.who, w);
}

int op_cx_official(struct cx *x, const char *rule)
{
    if (x->is_td)
        return 0;
    problem_set(&x->pb, 403, "officials-only", "Officials only",
                "Only an official does this at match %lld (%s).", (long long)x->m.id, rule);
    json_object_set_new(x->pb.json, "rule", json_string(rule));
    return -1;
}

/* A refusal naming GOV-5. */
static int refuse(struct cx *x, int status, const char *slug, const char *title, const char *why)
{
    problem_set(&x->pb, status, slug, title, "%s (GOV-5).", why);
    json_object_set_new(x->pb.json, "rule", json_string("GOV-5"));
    return -1;
}

/* The call's stream entry and audit row, the call as it is now in the reply. */
static int call_changed(struct cx *x, const char *action, const struct call_row *c, json_t *before,
                        int status)
{
    struct call_row now;
    if (db_call_get(x->o.db, x->m.id, c->id, &now)) {
        json_decref(before);
        problem_internal(&x->pb, "reading the call");
        return -1;
    }
    if (op_cx_record(x, action, "call", c->id, before, op_call_json(&now, x->o.now_ms),
                     json_pack("{s:o}", "call", op_call_public_json(&now))))
        return -1;
    op_cx_reply(x, status, op_call_json(&now, x->o.now_ms));
    return 0;
}

int op_call_open(struct cx *x, const void *in)
{
    const struct call_open_in *v = in;
    struct db *db = x->o.db;
    if (x->side < 0)
        return refuse(x, 403, "players-only", "Players call, officials come",
                      "A call comes from a player of the match, on their phone");
    if (match_finished(&x->m))
        return op_cx_refuse_finished(x);
    struct call_row c;
    int rc = db_call_open_of_match(db, x->m.id, &c);
    if (rc == CW_OK) {
        char why[200];
        snprintf(why, sizeof why, "Match %lld already has an open call (%s, %s): one at a time",
                 (long long)x->m.id, c.reason, c.state);
        refuse(x, 409, "call-open", "A call is open", why);
        json_object_set_new(x->pb.json, "call_id", json_integer(c.id));
        return -1;
    }
    if (rc != CW_ENOTFOUND)
        return -1;
    int64_t me = x->player_id;
    int count;
    int64_t first;
    if (db_calls_since(db, me, x->o.now_ms - CALL_RATE_WINDOW_MS, &count, &first))
        return -1;
    if (count >= CALL_RATE_MAX) {
        int64_t wait = (first + CALL_RATE_WINDOW_MS - x->o.now_ms + 999) / 1000;
        char why[200];
        snprintf(why, sizeof why,
                 "You have called an official %d times in %d minutes; call again in %lld s", count,
                 CALL_RATE_WINDOW_MS / 60000, (long long)(wait > 0 ? wait : 1));
        refuse(x, 429, "too-many-calls", "Too many calls", why);
        json_object_set_new(x->pb.json, "retry_after_s", json_integer(wait > 0 ? wait : 1));
        return -1;
    }
    memset(&c, 0, sizeof c);
    c.tournament_id = x->m.tournament_id;
    c.match_id = x->m.id;
    c.player_id = me;
    c.side = x->side;
    snprintf(c.reason, sizeof c.reason, "%s", v->reason);
    snprintf(c.text, sizeof c.text, "%s", v->text ? v->text : "");
    c.created_ms = x->o.now_ms;
    rc = db_call_insert(db, &c);
    if (rc == CW_ECONFLICT)
        return refuse(x, 409, "call-open", "A call is open",
                      "This match already has an open call: one at a time");
    if (rc)
        return -1;
    return call_changed(x, "call.opened", &c, NULL, 201);
}

int op_cx_call_named(struct cx *x, int64_t call_id)
{
    if (!call_id)
        return 0;
    struct call_row c;
    int rc = db_call_get(x->o.db, x->m.id, call_id, &c);
    if (rc == CW_ENOTFOUND) {
        problem_field(&x->pb, "call_id", "match %lld has no call %lld", (long long)x->m.id,
                      (long long)call_id);
        return -1;
    }
    return rc ? -1 : 0;
}

/* The call of this match the input names, not closed yet; -1 with the problem. */
static int load_call(struct cx *x, int64_t id, struct call_row *c)
{
    int rc = db_call_get(x->o.db, x->m.id, id, c);
    if (rc == CW_ENOTFOUND) {
        problem_set(&x->pb, 404, "not-found", "No such call", "Match %lld has no call %lld.",
                    (long long)x->m.id, (long long)id);
        return -1;
    }
    if (rc)
        return -1;
    if (!strcmp(c->state, "closed"))
        return refuse(x, 409, "call-closed", "The call is closed", "This call was already closed");
    return 0;
}

int op_call_take(struct cx *x, const void *in)
{
    const struct call_act_in *v = in;
    struct call_row c;
    if (op_cx_official(x, "GOV-5") || load_call(x, v->call_id, &c))
        return -1;
    if (!strcmp(c.state, "taken")) {
        char why[ACTOR_NAME_SIZE + 64];
        snprintf(why, sizeof why, "%s is already on the way to this call", c.taken_by.name);
        return refuse(x, 409, "call-taken", "The call is taken", why);
    }
    json_t *before = op_call_json(&c, x->o.now_ms);
    snprintf(c.state, sizeof c.state, "taken");
    op_cx_who(x, &c.taken_by);
    c.taken_ms = x->o.now_ms;
    if (db_call_update(x->o.db, &c)) {
        json_decref(before);
        return -1;
    }
    return call_changed(x, "call.taken", &c, before, 200);
}

int op_call_close(struct cx *x, const void *in)
{
    const struct call_act_in *v = in;
    struct call_row c;
    if (op_cx_official(x, "GOV-5") || load_call(x, v->call_id, &c))
        return -1;
    if (v->leave_minutes && strcmp(c.reason, "leave_room")) {
        problem_field(&x->pb, "leave_minutes",
                      "only a call for permission to leave the room is granted minutes (GOV-5)");
        return -1;
    }
    /* permission to leave the room is a break of N minutes that uses none of the side's
     * breaks: overrunning it is lateness (PEN-1), a running clock stops */
    if (v->leave_minutes && op_cx_leave(x, c.side, v->leave_minutes))
        return -1;
    json_t *before = op_call_json(&c, x->o.now_ms);
    snprintf(c.state, sizeof c.state, "closed");
    if (!c.taken_ms) {
        op_cx_who(x, &c.taken_by);
        c.taken_ms = x->o.now_ms;
    }
    op_cx_who(x, &c.closed_by);
    c.closed_ms = x->o.now_ms;
    snprintf(c.outcome, sizeof c.outcome, "%s", v->outcome);
    c.leave_minutes = v->leave_minutes;
    c.leave_until_ms = v->leave_minutes ? x->o.now_ms + (int64_t)v->leave_minutes * 60000 : 0;
    if (db_call_update(x->o.db, &c)) {
        json_decref(before);
        return -1;
    }
    return call_changed(x, "call.closed", &c, before, 200);
}

int op_match_warn(struct cx *x, const void *in)
{
    const struct warn_in *v = in;
    if (op_cx_official(x, "GOV-5"))
        return -1;
    if (match_finished(&x->m))
        return op_cx_refuse_finished(x);
    struct warning_row w;
    memset(&w, 0, sizeof w);
    w.match_id = x->m.id;
    snprintf(w.text, sizeof w.text, "%s", v->text);
    op_cx_who(x, &w.by);
    w.created_ms = x->o.now_ms;
    if (db_warning_insert(x->o.db, &w))
        return -1;
    json_t *j = op_warning_json(&w);
    if (op_cx_record(x, "match.warned", "match", x->m.id, NULL, json_deep_copy(j),
                     json_pack("{s:{s:I, s:I, s:s}}", "warning", "id", (json_int_t)w.id, "match_id",
                               (json_int_t)x->m.id, "table", x->m.table))) {
        json_decref(j);
        return -1;
    }
    op_cx_reply(x, 201, j);
    return 0;
}
