/* The match record's effects: state, save (audit row and stream entry). */
#include "ops/records/match.h"

#include <stdio.h>
#include <stdlib.h>

#include "store/store.h"

static const char side_name[2][2] = {"a", "b"};

json_t *op_match_record_json(const struct match *m)
{
    json_t *j = json_pack(
        "{s:I, s:o, s:i, s:i, s:s, s:s, s:[o, o], s:{s:i, s:i}, s:o, s:o}", "id", (json_int_t)m->id,
        "event_id", m->event_id ? json_integer(m->event_id) : json_null(), "round", m->round,
        "length", m->length, "table", m->table, "state", match_state_name(m->state), "players",
        m->player[0] ? json_integer(m->player[0]) : json_null(),
        m->player[1] ? json_integer(m->player[1]) : json_null(), "score", "a", m->score[0], "b",
        m->score[1], "winner", m->winner >= 0 ? json_string(side_name[m->winner]) : json_null(),
        "result_report_id", m->result_report ? json_integer(m->result_report) : json_null());
    if (m->penalty[0] || m->penalty[1])
        json_object_set_new(j, "penalty_points",
                            json_pack("{s:i, s:i}", "a", m->penalty[0], "b", m->penalty[1]));
    if (m->ended == ME_DISQUALIFIED)
        json_object_set_new(j, "decided_how", json_string("disqualified"));
    if (m->first_length) /* MATCH-3 */
        json_object_set_new(
            j, "length_corrected",
            json_pack("{s:i, s:i}", "from", m->first_length, "from_game", m->length_fix_game + 1));
    return j;
}

int op_match_set_state(struct db *db, struct match *m, enum match_state state, int64_t now_ms,
                       const char *actor)
{
    if (m->state == state)
        return CW_OK;
    m->state = state;
    m->ended = ME_NONE; /* it qualifies the state it was set with */
    return db_match_state_log(db, m->id, state, now_ms, actor);
}

int op_match_save(const struct op *o, struct match *m, json_t *before, const char *action)
{
    int rc = db_match_update(o->db, m, o->now_ms);
    /* the audit row and the stream entry carry the match's own fields, the entry with the
     * match's label too (pages name the match by it; the audit row keeps the record) */
    json_t *after = rc == CW_OK ? op_match_record_json(m) : NULL;
    char *b = NULL, *a = NULL, *ev = NULL;
    if (rc == CW_OK) {
        b = before ? json_dumps(before, JSON_COMPACT) : NULL;
        /* the TD's reason (a forfeit's, a disqualification's: GOV-8 reports it) is kept in
         * the audit row alone: the stream entry is public */
        json_t *audited = o->reason ? json_copy(after) : json_incref(after);
        if (audited && o->reason)
            json_object_set_new(audited, "reason", json_string(o->reason));
        a = audited ? json_dumps(audited, JSON_COMPACT) : NULL;
        json_decref(audited);
        if (!a || (before && !b))
            rc = CW_EDB;
    }
    if (rc == CW_OK)
        rc = db_audit(o->db, m->tournament_id, o->now_ms, o->who.actor, action, "match", m->id, b,
                      a);
    if (rc == CW_OK) {
        json_object_set_new(after, "label", op_match_label_json(o->db, m));
        json_t *entry = json_pack("{s:O}", "match", after);
        ev = entry ? json_dumps(entry, JSON_COMPACT) : NULL;
        json_decref(entry);
        if (!ev)
            rc = CW_EDB;
    }
    if (rc == CW_OK)
        rc = db_stream_add(o->db, m->tournament_id, o->now_ms, action, ev);
    free(b);
    free(a);
    free(ev);
    json_decref(before);
    json_decref(after);
    return rc;
}
