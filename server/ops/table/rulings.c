/* Rulings (GOV-6, 003 5.1, 5.5 i): an official records the match, the question, the facts,
 * the decision and its reasons. The state change a ruling makes (a score set, penalty
 * points, a forfeit, a clock imposed) goes through the same operations as the TD's own
 * verdicts (ops/result/decide.c, ops/clock/penalty.c, the clock's frame), the result cascade included;
 * the audit rows it writes name the ruling (the frame links them once all is stored). */
#include "ops/table/table_acts.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ops/clock/clock_acts.h"
#include "ops/result/decide.h"
#include "ops/people/deciders.h"
#include "ops/match/gate.h"
#include "ops/records/match.h"
#include "ops/frame/record.h"
#include "ops/match/report.h"
#include "ops/replay/report_check.h"
#include "store/committee.h"

static const char *const effect_names[] = {"none", "score", "penalty", "forfeit", "clock"};

json_t *op_ruling_public_json(const struct ruling_row *r)
{
    return json_pack("{s:I, s:I, s:s, s:s, s:b}", "id", (json_int_t)r->id, "match_id",
                     (json_int_t)r->match_id, "state", r->state, "effect", r->effect,
                     "decided_match", r->decided_match);
}

json_t *op_ruling_json(struct db *db, const struct ruling_row *r)
{
    json_t *j = op_ruling_public_json(r);
    json_object_set_new(j, "call_id", r->call_id ? json_integer(r->call_id) : json_null());
    json_object_set_new(j, "question", json_string(r->question));
    json_object_set_new(j, "facts", json_string(r->facts));
    json_object_set_new(j, "decision", json_string(r->decision));
    json_object_set_new(j, "reasons", json_string(r->reasons));
    json_t *given = r->effect_json ? json_loads(r->effect_json, 0, NULL) : NULL;
    json_object_set_new(j, "effect_given", given ? given : json_null());
    json_object_set_new(j, "official", json_string(r->official.name));
    json_object_set_new(j, "official_id",
                        r->official_id ? json_integer(r->official_id) : json_null());
    json_object_set_new(j, "created_ms", json_integer(r->created_ms));
    json_object_set_new(j, "created_at", op_time_json(r->created_ms));
    int64_t *ids = NULL;
    int n = 0;
    json_t *audit = json_array();
    if (db && db_ruling_audit_ids(db, r->id, &ids, &n) == CW_OK)
        for (int i = 0; i < n; i++)
            json_array_append_new(audit, json_integer(ids[i]));
    free(ids);
    json_object_set_new(j, "audit_ids", audit);
    return j;
}

/* A score set by the ruling: the TD's verdict (or correction) with a score report of the
 * TD's own, or one of the players' reports (report_id: a scoresheet that prevails,
 * MATCH-4, or a Swing game's one game), then the cascade; the match ended by the ruling. */
static int set_score(struct cx *x, const struct ruling_in *v)
{
    if (x->m.length < 1 && !v->report_id) {
        problem_field(&x->pb, "effect.score",
                      "a Swing game is decided by its one game, not a score: name the report "
                      "of the game that stands (effect.report_id) (SWING-3)");
        return -1;
    }
    if (op_match_open(&x->o, &x->m, 1, &x->pb))
        return -1;
    struct report r;
    if (v->report_id
            ? op_report_standing(&x->o, &x->m, v->report_id, "effect.report_id", &r, &x->pb)
            : op_report_of_score(&x->m, v->score[0], v->score[1], x->o.now_ms, "effect.score", &r,
                                 &x->pb))
        return -1;
    op_cx_match_touch(x, match_finished(&x->m) ? "match.corrected" : "match.verified");
    /* a correction's audit rows (knockout.correction) give the ruling's decision as why */
    struct op o = x->o;
    o.reason = v->decision;
    int rc = op_match_verify(&o, &x->m, &r, !v->report_id, &x->pb);
    report_free(&r);
    if (rc)
        return -1;
    x->m.ended = ME_RULING;
    return 0;
}

int op_ruling_effect(struct cx *x, const struct ruling_in *v)
{
    switch (v->effect) {
    case RE_NONE:
        return 0;
    case RE_SCORE:
        return set_score(x, v);
    case RE_PENALTY: {
        /* PEN-5: the same operation as the TD's penalty; its reason is the decision */
        struct penalty_in p = {v->side, 0, v->points, v->decision, -1};
        if (op_penalty_give(x, &p))
            return -1;
        if (match_finished(&x->m))
            x->m.ended = ME_RULING;
        return 0;
    }
    case RE_FORFEIT:
        op_cx_match_touch(x, "match.forfeit");
        return op_match_decide_unplayed(&x->o, &x->m, &x->pb, MS_FORFEITED, v->side, ME_RULING);
    case RE_CLOCK:
        /* 003 2.3: the rest of the match is played with a clock, from its next game */
        if (match_finished(&x->m))
            return op_cx_refuse_finished(x);
        if (x->has_clock) {
            problem_set(&x->pb, 409, "clock-exists", "The match has a clock",
                        "Match %lld is already played with a clock.", (long long)x->m.id);
            return -1;
        }
        return op_cx_clock_create(x);
    }
    return 0;
}

/* The case of a ruling that waits for the Committee (kind referral), told to the stream. */
static int refer(struct cx *x, const struct ruling_row *r)
{
    struct appeal_row a;
    memset(&a, 0, sizeof a);
    a.tournament_id = r->tournament_id;
    a.match_id = r->match_id;
    snprintf(a.kind, sizeof a.kind, "referral");
    a.ruling_id = r->id;
    snprintf(a.decided_by, sizeof a.decided_by, "%s", x->o.who.actor);
    a.decision_ms = r->created_ms;
    a.side = -1;
    snprintf(a.created_by, sizeof a.created_by, "%s", x->o.who.actor);
    a.created_ms = x->o.now_ms;
    if (db_appeal_insert(x->o.db, &a) != CW_OK ||
        op_emit(x->o.db, a.tournament_id, x->o.now_ms, "appeal.lodged",
                json_pack("{s:{s:I, s:I, s:s, s:I, s:s}}", "appeal", "id", (json_int_t)a.id,
                          "match_id", (json_int_t)a.match_id, "kind", a.kind, "ruling_id",
                          (json_int_t)a.ruling_id, "state", a.state))) {
        problem_internal(&x->pb, "referring the ruling to the Committee");
        return -1;
    }
    return 0;
}

int op_ruling_give(struct cx *x, const void *in)
{
    const struct ruling_in *v = in;
    struct db *db = x->o.db;
    if (op_cx_official(x, "GOV-6"))
        return -1;
    if (v->effect != RE_NONE && (!x->m.player[0] || !x->m.player[1])) {
        problem_set(&x->pb, 409, "players-unknown", "Players not known yet",
                    "Match %lld has no opponent yet: a ruling changes nothing in it.",
                    (long long)x->m.id);
        return -1;
    }
    if (op_cx_call_named(x, v->call_id))
        return -1;
    /* GOV-6, GOV-6a: a party rules only when no other TD can, and then the ruling waits
     * for the Committee */
    int party = op_may_decide(&x->o, &x->m, 0, &x->pb);
    if (party < 0)
        return -1;
    if (db_audit_last_id(db, &x->audit_mark))
        return -1;
    /* with no other TD the ruling waits for the Committee, and changes nothing yet */
    if (!party && op_ruling_effect(x, v))
        return -1;
    struct ruling_row r;
    memset(&r, 0, sizeof r);
    r.tournament_id = x->m.tournament_id;
    r.match_id = x->m.id;
    r.call_id = v->call_id;
    r.question = (char *)v->question;
    r.facts = (char *)v->facts;
    r.decision = (char *)v->decision;
    r.reasons = (char *)v->reasons;
    snprintf(r.effect, sizeof r.effect, "%s", effect_names[v->effect]);
    r.effect_json = v->given ? json_dumps(v->given, JSON_COMPACT | JSON_SORT_KEYS) : NULL;
    snprintf(r.state, sizeof r.state, "%s", party ? "awaiting_committee" : "decided");
    r.decided_match = !party && (v->effect == RE_SCORE || v->effect == RE_FORFEIT ||
                                 (v->effect == RE_PENALTY && match_finished(&x->m)));
    op_cx_who(x, &r.official);
    r.official_id = x->o.who.official_id;
    r.created_ms = x->o.now_ms;
    int rc = db_ruling_insert(db, &r);
    char *given = r.effect_json;
    json_t *reply = NULL;
    if (rc == CW_OK) {
        reply = op_ruling_json(NULL, &r);
        /* the audit rows that name the ruling are known once all is stored: the frame
         * fills the reply's audit_ids then; the audit row, one of them, names none */
        json_t *row = json_deep_copy(reply);
        json_object_del(row, "audit_ids");
        rc = op_cx_record(x, "ruling.recorded", "ruling", r.id, NULL, row,
                          json_pack("{s:o}", "ruling", op_ruling_public_json(&r)));
    }
    free(given);
    if (rc) {
        json_decref(reply);
        return -1;
    }
    x->ruling_id = r.id;
    /* GOV-6: a ruling that waits for the Committee is a case before it (ops/committee/) */
    if (party && refer(x, &r)) {
        json_decref(reply);
        return -1;
    }
    json_object_set_new(reply, "match", op_match_record_json(&x->m));
    op_cx_reply(x, 201, reply);
    return 0;
}
