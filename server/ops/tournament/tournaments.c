/* A tournament created or changed (see tournaments.h): the fields applied, the rules
 * between them checked on the record, the change stored with its audit row and stream
 * entry. */
#include "ops/tournament/tournaments.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ops/frame/record.h"
#include "tourney/placings.h"

static json_t *str_or_null(const char *s)
{
    return s[0] ? json_string(s) : json_null();
}

/* PLACE-2: the stored order as the list of names the TD wrote ([]: bands shared). */
static json_t *op_place_order_json(const char *text)
{
    struct place_order po;
    char err[120];
    json_t *l = json_array();
    if (place_order_parse(text, &po, err, sizeof err) == 0)
        for (int i = 0; i < po.n; i++)
            json_array_append_new(l, json_string(place_key_name(po.keys[i])));
    return l;
}

json_t *op_tournament_json(const struct tournament *t, const struct tournament_counts *counts)
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
    json_object_set_new(j, "gap_waits_for_td", json_boolean(t->gap_waits_for_td));
    json_object_set_new(j, "minutes_per_point", json_integer(t->minutes_per_point));
    json_object_set_new(j, "placing_order", op_place_order_json(t->placing_order));
    json_object_set_new(j, "entries_need_approval", json_boolean(t->entries_need_approval));
    if (j && counts)
        json_object_set_new(j, "players",
                            json_pack("{s:i, s:i, s:i}", "registered",
                                      counts->players - counts->withdrawn, "checked_in",
                                      counts->checked_in, "withdrawn", counts->withdrawn));
    return j;
}

static void copy_str(char *dst, size_t len, const char *s)
{
    if (s)
        snprintf(dst, len, "%s", s);
}

static void copy_int(int *dst, int v)
{
    if (v >= 0)
        *dst = v;
}

/* The fields given applied to t. */
static void apply(struct tournament *t, const struct tournament_in *in)
{
    copy_str(t->name, sizeof t->name, in->name);
    copy_str(t->venue, sizeof t->venue, in->venue);
    copy_str(t->start_date, sizeof t->start_date, in->start_date);
    copy_str(t->end_date, sizeof t->end_date, in->end_date);
    copy_str(t->illegal_move_policy, sizeof t->illegal_move_policy, in->illegal_move_policy);
    copy_str(t->break_table, sizeof t->break_table, in->break_table);
    copy_int(&t->late_grace_min, in->grace_minutes);
    copy_int(&t->late_step_min, in->step_minutes);
    copy_str(t->clock_mode, sizeof t->clock_mode, in->clock_mode);
    copy_int(&t->clock_bank_per_point_s, in->bank_per_point_s);
    copy_int(&t->clock_delay_s, in->delay_s);
    copy_int(&t->clock_split_first_per_point_s, in->split_first_per_point_s);
    copy_int(&t->gap_waits_for_td, in->gap_waits_for_td);
    copy_int(&t->minutes_per_point, in->minutes_per_point);
    if (in->placing_given)
        copy_str(t->placing_order, sizeof t->placing_order, in->placing_order);
    copy_int(&t->entries_need_approval, in->entries_need_approval);
    if (in->tables && strlen(in->tables) < sizeof t->tables)
        strcpy(t->tables, in->tables);
}

/* Rules between fields, checked on the record after the change: 0, or -1 with a 422
 * naming each field in pb. */
static int check_record(const struct tournament *t, struct problem *pb)
{
    if (t->start_date[0] && t->end_date[0] && strcmp(t->end_date, t->start_date) < 0)
        problem_field(pb, "end_date", "is before start_date (%s)", t->start_date);
    if (t->clock_split_first_per_point_s &&
        t->clock_split_first_per_point_s >= t->clock_bank_per_point_s)
        problem_field(pb, "clock.split_first_per_point_s",
                      "must be less than bank_per_point_s (%d), or 0 for no split (CLK-2)",
                      t->clock_bank_per_point_s);
    return pb->json ? -1 : 0;
}

int op_tournament_create(const struct op *o, const struct tournament_in *in, struct tournament *t,
                         struct problem *pb)
{
    tournament_defaults(t);
    apply(t, in);
    if (check_record(t, pb))
        return -1;
    int rc = db_tournament_insert(o->db, t, o->now_ms);
    if (rc == CW_OK) {
        json_t *after = op_tournament_json(t, NULL);
        char *a = json_dumps(after, JSON_COMPACT);
        json_decref(after);
        rc = a ? db_audit(o->db, t->id, o->now_ms, o->who.actor, "tournament.create", "tournament",
                          t->id, NULL, a)
               : CW_EDB;
        free(a);
    }
    if (rc != CW_OK) {
        problem_internal(pb, "creating the tournament");
        return -1;
    }
    return 0;
}

/* MATCH-6: the illegal-move policy is set before the tournament starts. */
static int policy_locked(const struct op *o, const struct tournament *t,
                         const struct tournament_in *in, struct problem *pb)
{
    if (!in->illegal_move_policy || !strcmp(in->illegal_move_policy, t->illegal_move_policy))
        return 0;
    int started = db_tournament_has_reports(o->db, t->id);
    if (started < 0) {
        problem_internal(pb, "updating the tournament");
        return -1;
    }
    if (!started)
        return 0;
    problem_set(pb, 409, "policy-locked", "The illegal-move policy is set",
                "%s already has reported results; the illegal-move policy is set "
                "before the tournament starts and cannot change now (MATCH-6).",
                t->name);
    problem_field(pb, "illegal_move_policy", "cannot change once results exist");
    pb->status = 409;
    json_object_set_new(pb->json, "status", json_integer(409));
    return -1;
}

int op_tournament_update(const struct op *o, int64_t tid, const struct tournament_in *in,
                         struct tournament *t, struct tournament_counts *c, struct problem *pb)
{
    int rc = db_tournament_get(o->db, tid, t);
    if (rc == CW_ENOTFOUND)
        return op_no_tournament(pb, tid);
    if (rc != CW_OK) {
        problem_internal(pb, "updating the tournament");
        return -1;
    }
    if (policy_locked(o, t, in, pb))
        return -1;
    json_t *before = op_tournament_json(t, NULL);
    apply(t, in);
    if (check_record(t, pb)) {
        json_decref(before);
        return -1;
    }
    rc = db_tournament_update(o->db, t, o->now_ms);
    if (rc == CW_OK)
        rc = db_tournament_counts(o->db, t->id, c);
    if (rc == CW_OK)
        rc = op_audit_change(o, t->id, "tournament.update", "tournament", t->id, before,
                             op_tournament_json(t, NULL));
    else
        json_decref(before);
    if (rc == CW_OK)
        rc = op_emit(o->db, t->id, o->now_ms, "tournament.update",
                     json_pack("{s:o}", "tournament", op_tournament_json(t, c)));
    if (rc != CW_OK) {
        problem_internal(pb, "updating the tournament");
        return -1;
    }
    return 0;
}
