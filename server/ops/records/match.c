/* The match record's effects: state, save (audit row and stream entry). */
#include "ops/records/match.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/json_out.h"
#include "store/store.h"

static const char side_name[2][2] = {"a", "b"};

/* The record as text, the one writer of its fields: a report's save writes it twice (the
 * audit row's before and after) and the stream entry once, and jansson values built only
 * to be dumped cost three times the text (docs/development.md, Benchmarks). */
static void record_text(struct cw_text *t, const struct match *m)
{
    cw_text_lit(t, "{\"id\":");
    cw_text_int(t, m->id);
    cw_text_lit(t, ",\"event_id\":");
    cw_text_int_or_null(t, m->event_id);
    cw_text_lit(t, ",\"round\":");
    cw_text_int(t, m->round);
    cw_text_lit(t, ",\"length\":");
    cw_text_int(t, m->length);
    cw_text_lit(t, ",\"table\":");
    cw_text_str(t, m->table);
    cw_text_lit(t, ",\"state\":");
    cw_text_str(t, match_state_name(m->state));
    cw_text_lit(t, ",\"players\":[");
    cw_text_int_or_null(t, m->player[0]);
    cw_text_lit(t, ",");
    cw_text_int_or_null(t, m->player[1]);
    cw_text_lit(t, "],\"score\":{\"a\":");
    cw_text_int(t, m->score[0]);
    cw_text_lit(t, ",\"b\":");
    cw_text_int(t, m->score[1]);
    cw_text_lit(t, "},\"winner\":");
    cw_text_str(t, m->winner >= 0 ? side_name[m->winner] : NULL);
    cw_text_lit(t, ",\"result_report_id\":");
    cw_text_int_or_null(t, m->result_report);
    if (m->penalty[0] || m->penalty[1]) {
        cw_text_lit(t, ",\"penalty_points\":{\"a\":");
        cw_text_int(t, m->penalty[0]);
        cw_text_lit(t, ",\"b\":");
        cw_text_int(t, m->penalty[1]);
        cw_text_lit(t, "}");
    }
    if (m->ended == ME_DISQUALIFIED)
        cw_text_lit(t, ",\"decided_how\":\"disqualified\"");
    if (m->first_length) { /* MATCH-3 */
        cw_text_lit(t, ",\"length_corrected\":{\"from\":");
        cw_text_int(t, m->first_length);
        cw_text_lit(t, ",\"from_game\":");
        cw_text_int(t, m->length_fix_game + 1);
        cw_text_lit(t, "}");
    }
}

char *op_match_record_text(const struct match *m)
{
    struct cw_text t = {0};
    record_text(&t, m);
    cw_text_lit(&t, "}");
    return cw_text_end(&t, NULL);
}

json_t *op_match_record_json(const struct match *m)
{
    char *text = op_match_record_text(m);
    json_t *j = text ? json_loads(text, 0, NULL) : NULL;
    free(text);
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

int op_match_save_text(const struct op *o, struct match *m, const char *before,
                       const char *action)
{
    return op_match_save_from(o, NULL, m, before, action);
}

int op_match_save_from(const struct op *o, const struct match *was, struct match *m,
                       const char *before, const char *action)
{
    int rc = db_match_update_from(o->db, was, m, o->now_ms);
    /* the audit row and the stream entry carry the match's own fields, the entry with the
     * match's label too (pages name the match by it; the audit row keeps the record):
     * {"match": {fields..., "label": {...}}}, the record's text written once for both */
    struct cw_text t = {0};
    cw_text_lit(&t, "{\"match\":");
    size_t from = t.n;
    record_text(&t, m);
    size_t to = t.n;
    cw_text_lit(&t, ",\"label\":");
    op_match_label_text(o->db, m, &t);
    cw_text_lit(&t, "}}");
    char *ev = cw_text_end(&t, NULL);
    char *a = NULL;
    if (rc == CW_OK && ev) {
        /* the TD's reason (a forfeit's, a disqualification's: GOV-8 reports it) is kept in
         * the audit row alone: the stream entry is public */
        struct cw_text at = {0};
        cw_text_raw(&at, ev + from, to - from);
        if (o->reason) {
            cw_text_lit(&at, ",\"reason\":");
            cw_text_str(&at, o->reason);
        }
        cw_text_lit(&at, "}");
        a = cw_text_end(&at, NULL);
    }
    if (rc == CW_OK && (!ev || !a))
        rc = CW_EDB;
    if (rc == CW_OK)
        rc = db_audit(o->db, m->tournament_id, o->now_ms, o->who.actor, action, "match", m->id,
                      before, a);
    if (rc == CW_OK)
        rc = db_stream_add(o->db, m->tournament_id, o->now_ms, action, ev);
    free(a);
    free(ev);
    return rc;
}

int op_match_save(const struct op *o, struct match *m, json_t *before, const char *action)
{
    char *b = before ? cw_json_dumps(before, NULL) : NULL;
    int rc = before && !b ? CW_EDB : op_match_save_text(o, m, b, action);
    free(b);
    json_decref(before);
    return rc;
}
