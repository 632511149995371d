/* Appeals (GOV-7, 003 5.2, 5.3; 000 "Dispute"): a player of the match appeals a TD's
 * decision about it (GOV-6a's list: a ruling, a verified dispute, a correction, a forfeit,
 * penalty or lateness points, a disqualification, a reversed flag) within the window the
 * TD set, or an official records it; the appellant may withdraw it until it is decided;
 * both players may make a statement; while it is pending the players' next matches are
 * held (ops/match/tables.c asks store/committee.c) unless the TD releases them. The
 * Committee's own decision is final: nobody appeals it. */
#include "ops/committee/committee.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ops/frame/record.h"
#include "ops/people/access.h"
#include "ops/records/load.h"
#include "ops/records/match.h"
#include "store/calls.h"
#include "store/store.h"

/* The audit actions that are an official's decision about a match (GOV-6a). */
static const char *const decisions[] = {
    "match.verified",   "match.corrected", "match.forfeit",       "match.penalty",
    "match.disqualify", "match.withdraw",  "match.flag_reversed", NULL};
static const char side_name[2][2] = {"a", "b"};
#define MIN_MS 60000

static int is_decision(const char *action)
{
    for (int i = 0; decisions[i]; i++)
        if (!strcmp(action, decisions[i]))
            return 1;
    return 0;
}

int op_appeal_refuse(struct problem *pb, int status, const char *type, const char *rule,
                     const char *fmt, ...)
{
    char text[600];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    problem_set(pb, status, type, "Refused by the Committee's rules", "%s", text);
    json_object_set_new(pb->json, "rule", json_string(rule ? rule : "GOV-7"));
    return -1;
}

int op_appeal_load(const struct op *o, int64_t tid, int64_t id, struct appeal_row *a,
                   struct problem *pb)
{
    int rc = db_appeal_get(o->db, tid, id, a);
    if (rc == CW_ENOTFOUND)
        problem_set(pb, 404, "not-found", "No such appeal", "Tournament %lld has no appeal %lld.",
                    (long long)tid, (long long)id);
    else if (rc != CW_OK)
        problem_internal(pb, "reading the appeal");
    return rc == CW_OK ? 0 : -1;
}

static json_t *names_of(struct db *db, int64_t tid, const int64_t *ids, int n)
{
    json_t *arr = json_array();
    for (int i = 0; i < n; i++) {
        struct member_row m;
        if (db_committee_member_get(db, tid, ids[i], &m) == CW_OK)
            json_array_append_new(arr,
                                  json_pack("{s:I, s:s}", "id", (json_int_t)m.id, "name", m.name));
    }
    return arr;
}

/* The case's last motion, its votes (by whom, full only) and how many were cast. */
static json_t *motion_json(const struct op *o, const struct appeal_row *a, int full)
{
    struct motion_row mo;
    if (db_motion_last(o->db, a->id, &mo) != CW_OK)
        return json_null();
    json_t *given = mo.effect_json ? json_loads(mo.effect_json, 0, NULL) : NULL;
    json_t *j =
        json_pack("{s:I, s:s, s:s, s:s, s:o}", "id", (json_int_t)mo.id, "kind", mo.kind, "text",
                  mo.text, "state", mo.state, "effect", given ? given : json_null());
    struct vote_row *v = NULL;
    int n = 0, yes = 0;
    json_t *votes = json_array();
    if (db_votes(o->db, mo.id, &v, &n) == CW_OK)
        for (int i = 0; i < n; i++) {
            yes += !strcmp(v[i].vote, "yes");
            json_t *one = json_pack("{s:I}", "member_id", (json_int_t)v[i].member_id);
            if (full || strcmp(mo.state, "open"))
                json_object_set_new(one, "vote", json_string(v[i].vote));
            json_array_append_new(votes, one);
        }
    free(v);
    json_object_set_new(j, "votes", votes);
    json_object_set_new(j, "cast", json_integer(n));
    if (strcmp(mo.state, "open")) {
        json_object_set_new(j, "yes", json_integer(yes));
        json_object_set_new(j, "no", json_integer(n - yes));
    }
    db_motion_free(&mo);
    return j;
}

json_t *op_appeal_json(const struct op *o, const struct appeal_row *a, int full)
{
    json_t *j =
        json_pack("{s:I, s:I, s:s, s:s, s:o, s:o, s:o, s:b, s:o, s:o, s:o, s:o, s:o}", "id",
                  (json_int_t)a->id, "match_id", (json_int_t)a->match_id, "kind", a->kind, "state",
                  a->state, "ruling_id", a->ruling_id ? json_integer(a->ruling_id) : json_null(),
                  "audit_id", a->audit_id ? json_integer(a->audit_id) : json_null(), "side",
                  a->side >= 0 ? json_string(side_name[a->side]) : json_null(), "released",
                  a->released, "outcome", a->outcome[0] ? json_string(a->outcome) : json_null(),
                  "outcome_text", a->outcome_text ? json_string(a->outcome_text) : json_null(),
                  "decision_at", op_time_json(a->decision_ms), "created_at",
                  op_time_json(a->created_ms), "closed_at", op_time_json(a->closed_ms));
    struct match m;
    if (db_match_get(o->db, a->tournament_id, a->match_id, &m) == CW_OK)
        json_object_set_new(j, "label", op_match_label_json(o->db, &m));
    int64_t *ids = NULL;
    int n = 0;
    if (db_appeal_panel(o->db, a->id, &ids, &n) == CW_OK)
        json_object_set_new(j, "panel", names_of(o->db, a->tournament_id, ids, n));
    free(ids);
    json_object_set_new(j, "motion", motion_json(o, a, full));
    json_t *choices = op_appeal_choices_json(o->db, a);
    if (choices) /* WBGF 5.1: the players' choices of the panel */
        json_object_set_new(j, "panel_choices", choices);
    if (!full)
        return j;
    json_object_set_new(j, "grounds", json_string(a->grounds ? a->grounds : ""));
    json_object_set_new(j, "player_id", a->player_id ? json_integer(a->player_id) : json_null());
    struct statement_row *s = NULL;
    json_t *st = json_array();
    if (db_statements(o->db, a->id, &s, &n) == CW_OK) {
        for (int i = 0; i < n; i++)
            json_array_append_new(
                st, json_pack("{s:I, s:o, s:s, s:o}", "id", (json_int_t)s[i].id, "side",
                              s[i].side >= 0 ? json_string(side_name[s[i].side]) : json_null(),
                              "text", s[i].text, "at", op_time_json(s[i].created_ms)));
        db_statements_free(s, n);
    }
    json_object_set_new(j, "statements", st);
    int64_t *audit = NULL;
    json_t *aj = json_array();
    if (db_appeal_audit_ids(o->db, a->id, &audit, &n) == CW_OK)
        for (int i = 0; i < n; i++)
            json_array_append_new(aj, json_integer(audit[i]));
    free(audit);
    json_object_set_new(j, "audit_ids", aj);
    return j;
}

int op_appeal_record(const struct op *o, const struct appeal_row *a, const char *action,
                     json_t *before, struct problem *pb)
{
    int rc = op_audit_change(o, a->tournament_id, action, "appeal", a->id, before,
                             op_appeal_json(o, a, 1));
    if (!rc)
        rc = db_tournament_touch(o->db, a->tournament_id, o->now_ms);
    if (!rc)
        rc = op_emit(o->db, a->tournament_id, o->now_ms, action,
                     json_pack("{s:o}", "appeal", op_appeal_json(o, a, 0)));
    if (rc)
        problem_internal(pb, "recording the appeal");
    return rc ? -1 : 0;
}

/* The decision appealed: who made it and when, refused when it is no TD's decision about
 * the match, when it waits for the Committee, or when it was appealed or is the
 * Committee's own (final, GOV-7). */
static int decision_of(const struct op *o, const struct match *m, const struct appeal_in *in,
                       struct appeal_row *a, struct problem *pb)
{
    if (in->ruling_id) {
        struct ruling_row *r = NULL;
        int n = 0, k = -1;
        if (db_rulings(o->db, m->tournament_id, m->id, NULL, &r, &n) != CW_OK) {
            problem_internal(pb, "reading the rulings");
            return -1;
        }
        for (int i = 0; i < n; i++)
            if (r[i].id == in->ruling_id)
                k = i;
        int awaiting = k >= 0 && !strcmp(r[k].state, "awaiting_committee");
        if (k >= 0) {
            snprintf(a->decided_by, sizeof a->decided_by, "%s",
                     r[k].official.actor[0] ? r[k].official.actor : "official");
            a->decision_ms = r[k].created_ms;
        }
        db_rulings_free(r, n);
        if (k < 0) {
            problem_set(pb, 422, "validation", "No such ruling",
                        "Match %lld has no ruling %lld (GOV-7).", (long long)m->id,
                        (long long)in->ruling_id);
            problem_field(pb, "ruling_id", "is not a ruling of this match");
            json_object_set_new(pb->json, "rule", json_string("GOV-7"));
            return -1;
        }
        if (awaiting)
            return op_appeal_refuse(pb, 409, "awaiting-committee", NULL,
                                    "Ruling %lld waits for the Committee already: its "
                                    "decision will be final (GOV-6, GOV-7).",
                                    (long long)in->ruling_id);
        a->ruling_id = in->ruling_id;
        return 0;
    }
    struct decision_row d;
    int rc = db_audit_decision(o->db, m->tournament_id, m->id, in->audit_id, &d);
    if (rc != CW_OK && rc != CW_ENOTFOUND) {
        problem_internal(pb, "reading the decision");
        return -1;
    }
    if (rc == CW_OK && (d.appeal_id || !strncmp(d.actor, "committee", 9)))
        return op_appeal_refuse(pb, 409, "committee-final", NULL,
                                "Audit row %lld is the Tournament Committee's decision, which "
                                "is final: it cannot be appealed (GOV-7, 003 5.3).",
                                (long long)in->audit_id);
    if (rc == CW_OK && d.ruling_id) {
        problem_set(pb, 422, "validation", "A ruling's change",
                    "Audit row %lld is the effect of ruling %lld: appeal the ruling "
                    "(ruling_id) (GOV-7).",
                    (long long)in->audit_id, (long long)d.ruling_id);
        problem_field(pb, "audit_id", "is a ruling's change: appeal ruling %lld",
                      (long long)d.ruling_id);
        json_object_set_new(pb->json, "rule", json_string("GOV-7"));
        return -1;
    }
    if (rc == CW_ENOTFOUND || !is_decision(d.action) ||
        (strncmp(d.actor, "official:", 9) && strncmp(d.actor, "token:", 6))) {
        problem_set(pb, 422, "validation", "Not a TD's decision",
                    "Audit row %lld is no TD's decision about match %lld (a verdict, a "
                    "correction, a forfeit, points, a disqualification or a reversed flag): "
                    "only those are appealed (GOV-7, GOV-6a).",
                    (long long)in->audit_id, (long long)m->id);
        problem_field(pb, "audit_id", "is not a TD's decision about this match");
        json_object_set_new(pb->json, "rule", json_string("GOV-7"));
        return -1;
    }
    a->audit_id = in->audit_id;
    snprintf(a->decided_by, sizeof a->decided_by, "%s", d.actor);
    a->decision_ms = d.at_ms;
    return 0;
}

int op_appeal_lodge(const struct op *o, int64_t tid, int64_t mid, const struct appeal_in *in,
                    json_t **reply, struct problem *pb)
{
    struct match m;
    if (op_match_load(o, tid, mid, &m, pb))
        return -1;
    struct appeal_row a;
    memset(&a, 0, sizeof a);
    a.tournament_id = tid;
    a.match_id = mid;
    snprintf(a.kind, sizeof a.kind, "appeal");
    if (o->who.is_td) {
        if (in->side < 0) {
            problem_set(pb, 422, "validation", "Whose appeal",
                        "An official records a player's appeal: name the side (a or b).");
            problem_field(pb, "side", "names the appellant's side (a or b)");
            return -1;
        }
        a.side = in->side;
        a.player_id = m.player[in->side];
    } else {
        a.side = op_match_side(o->db, o->who.player_id, o->who.player_tournament, &m);
        if (a.side < 0)
            return op_appeal_refuse(pb, o->who.player_id ? 403 : 401, "not-your-match", NULL,
                                    "Only a player of match %lld (or an official recording "
                                    "their appeal) appeals a decision about it (GOV-7).",
                                    (long long)mid);
        a.player_id = o->who.player_id;
    }
    if (decision_of(o, &m, in, &a, pb))
        return -1;
    int64_t other = 0;
    int rc = db_appeal_of_decision(o->db, a.ruling_id, a.audit_id, &other);
    if (rc == CW_OK) {
        struct appeal_row was;
        int referral =
            db_appeal_get(o->db, tid, other, &was) == CW_OK && !strcmp(was.kind, "referral");
        if (rc == CW_OK)
            db_appeal_free(&was);
        return op_appeal_refuse(pb, 409, referral ? "committee-final" : "already-appealed", NULL,
                                referral ? "The Tournament Committee decided this ruling "
                                           "(case %lld): its decision is final (GOV-7)."
                                         : "This decision is appealed already (case %lld): "
                                           "one appeal, and the Committee's decision is final "
                                           "(GOV-7).",
                                (long long)other);
    }
    if (rc != CW_ENOTFOUND) {
        problem_internal(pb, "reading the appeals");
        return -1;
    }
    struct committee_settings s;
    if (db_committee_settings(o->db, tid, &s) != CW_OK) {
        problem_internal(pb, "reading the Committee");
        return -1;
    }
    int64_t until = a.decision_ms + (int64_t)s.window_min * MIN_MS;
    if (o->now_ms > until) {
        op_appeal_refuse(pb, 409, "appeal-window-closed", NULL,
                         "The decision may be appealed within %d minutes of it (GOV-7, 003 "
                         "5.2: as soon as reasonably possible); that time has passed.",
                         s.window_min);
        json_object_set_new(pb->json, "until", op_time_json(until));
        return -1;
    }
    a.grounds = (char *)in->grounds;
    snprintf(a.created_by, sizeof a.created_by, "%s", o->who.actor);
    a.created_ms = o->now_ms;
    if (db_appeal_insert(o->db, &a) != CW_OK) {
        problem_internal(pb, "storing the appeal");
        return -1;
    }
    int64_t *ids = NULL;
    int n = 0;
    rc = op_appeal_panel(o, &a, &ids, &n, pb);
    free(ids);
    if (rc || op_appeal_record(o, &a, "appeal.lodged", NULL, pb))
        return -1;
    *reply = op_appeal_json(o, &a, 1);
    return 0;
}

int op_appeal_act(const struct op *o, int64_t tid, int64_t id, enum appeal_act act, json_t **reply,
                  struct problem *pb)
{
    struct appeal_row a;
    if (op_appeal_load(o, tid, id, &a, pb))
        return -1;
    int rc = -1;
    json_t *before = NULL;
    if (strcmp(a.state, "pending")) {
        op_appeal_refuse(pb, 409, "appeal-closed", NULL, "Appeal %lld is %s already (GOV-7).",
                         (long long)id, a.state);
        goto done;
    }
    if (act == AA_WITHDRAW &&
        (strcmp(a.kind, "appeal") || (!o->who.is_td && o->who.player_id != a.player_id))) {
        op_appeal_refuse(pb, 403, "not-your-appeal", NULL,
                         "Only the appellant (or an official for them) withdraws appeal %lld; "
                         "a ruling waiting for the Committee is decided by it (GOV-7).",
                         (long long)id);
        goto done;
    }
    if (act == AA_RELEASE && a.released) {
        op_appeal_refuse(pb, 409, "released", NULL,
                         "Appeal %lld's matches are released already (GOV-7).", (long long)id);
        goto done;
    }
    before = op_appeal_json(o, &a, 1);
    if (act == AA_WITHDRAW) {
        snprintf(a.state, sizeof a.state, "withdrawn");
        a.closed_ms = o->now_ms;
    } else {
        a.released = 1;
    }
    if (db_appeal_update(o->db, &a) != CW_OK) {
        json_decref(before);
        problem_internal(pb, "storing the appeal");
        goto done;
    }
    rc = op_appeal_record(o, &a, act == AA_WITHDRAW ? "appeal.withdrawn" : "appeal.released",
                          before, pb);
    if (!rc)
        *reply = op_appeal_json(o, &a, 1);
done:
    db_appeal_free(&a);
    return rc;
}

int op_appeal_statement(const struct op *o, int64_t tid, int64_t id, const char *text,
                        json_t **reply, struct problem *pb)
{
    struct appeal_row a;
    if (op_appeal_load(o, tid, id, &a, pb))
        return -1;
    int rc = -1;
    struct match m;
    struct statement_row s = {
        .appeal_id = id, .side = -1, .text = (char *)text, .created_ms = o->now_ms};
    snprintf(s.actor, sizeof s.actor, "%s", o->who.actor);
    if (db_match_get(o->db, tid, a.match_id, &m) != CW_OK) {
        problem_internal(pb, "reading the match");
        goto done;
    }
    if (!o->who.is_td) {
        s.side = op_match_side(o->db, o->who.player_id, o->who.player_tournament, &m);
        s.player_id = o->who.player_id;
        if (s.side < 0) {
            op_appeal_refuse(pb, o->who.player_id ? 403 : 401, "not-your-match", NULL,
                             "The players of match %lld make statements to the Committee "
                             "(GOV-7).",
                             (long long)a.match_id);
            goto done;
        }
    }
    if (strcmp(a.state, "pending")) {
        op_appeal_refuse(pb, 409, "appeal-closed", NULL, "Appeal %lld is %s (GOV-7).",
                         (long long)id, a.state);
        goto done;
    }
    if (db_statement_insert(o->db, &s) != CW_OK) {
        problem_internal(pb, "storing the statement");
        goto done;
    }
    rc = op_appeal_record(o, &a, "appeal.statement", NULL, pb);
    if (!rc)
        *reply = op_appeal_json(o, &a, 1);
done:
    db_appeal_free(&a);
    return rc;
}

int op_appeal_panel_check(const struct op *o, const struct appeal_row *a, const int64_t *ids, int n,
                          struct problem *pb)
{
    struct committee_settings s;
    if (db_committee_settings(o->db, a->tournament_id, &s) != CW_OK) {
        problem_internal(pb, "reading the Committee");
        return -1;
    }
    if (!strcmp(s.form, "per_appeal") && n != 3 && n != 5) {
        op_appeal_refuse(pb, 422, "validation", "GOV-2",
                         "A Committee formed for a case has three or five members (GOV-2, "
                         "003 1.3 ii); %d were named.",
                         n);
        problem_field(pb, "member_ids", "names three or five members");
        return -1;
    }
    for (int i = 0; i < n; i++) {
        struct member_row m;
        int got = db_committee_member_get(o->db, a->tournament_id, ids[i], &m);
        int dup = 0;
        for (int j = 0; j < i; j++)
            dup |= ids[j] == ids[i];
        if (got == CW_ENOTFOUND || (got == CW_OK && m.removed_ms) || dup) {
            problem_set(pb, 422, "validation", "Not a member",
                        "Member %lld is not on the Committee, or named twice (GOV-2).",
                        (long long)ids[i]);
            problem_field(pb, "member_ids", "names a member who is not on the Committee");
            json_object_set_new(pb->json, "rule", json_string("GOV-2"));
            return -1;
        }
        int party = got == CW_OK ? op_member_party(o->db, a, &m) : -1;
        if (party < 0) {
            problem_internal(pb, "reading the members");
            return -1;
        }
        if (party || m.player_official) {
            op_appeal_refuse(pb, 409, party ? "member-party" : "official-on-committee", "GOV-2",
                             "%s %s cannot sit on this case: a member who is a party is "
                             "replaced by a reserve, and an official never sits (GOV-2, "
                             "GOV-6a).",
                             "Member", m.name);
            problem_field(pb, "member_ids", "names member %lld, who cannot sit on this case",
                          (long long)m.id);
            return -1;
        }
    }
    return 0;
}

int op_appeal_panel_set(const struct op *o, int64_t tid, int64_t id, const int64_t *ids, int n,
                        json_t **reply, struct problem *pb)
{
    struct appeal_row a;
    if (op_appeal_load(o, tid, id, &a, pb))
        return -1;
    int rc = -1;
    struct motion_row mo;
    int open = db_motion_last(o->db, id, &mo) == CW_OK && !strcmp(mo.state, "open");
    if (open)
        db_motion_free(&mo);
    if (strcmp(a.state, "pending") || open) {
        op_appeal_refuse(pb, 409, open ? "motion-open" : "appeal-closed", NULL,
                         "Appeal %lld's panel is seated before its motions, while it is "
                         "pending (GOV-7).",
                         (long long)id);
        goto done;
    }
    int joint = op_appeal_is_joint(o->db, &a);
    if (joint < 0) {
        problem_internal(pb, "reading the Committee");
        goto done;
    }
    if (joint) {
        op_appeal_refuse(pb, 409, "players-choose", "GOV-2",
                         "Case %lld is a dispute under WBGF 5.1: the players choose its "
                         "Committee jointly, each naming the same members (POST "
                         ".../appeals/%lld/panel/choices), not the TD (GOV-2).",
                         (long long)id, (long long)id);
        goto done;
    }
    if (op_appeal_panel_check(o, &a, ids, n, pb))
        goto done;
    json_t *before = op_appeal_json(o, &a, 1);
    if (db_appeal_panel_set(o->db, id, ids, n) != CW_OK) {
        json_decref(before);
        problem_internal(pb, "seating the panel");
        goto done;
    }
    rc = op_appeal_record(o, &a, "appeal.panel", before, pb);
    if (!rc)
        *reply = op_appeal_json(o, &a, 1);
done:
    db_appeal_free(&a);
    return rc;
}

/* The decisions of match m a player may appeal now, each with its last moment. */
static json_t *appealable(const struct op *o, int64_t tid, int64_t mid)
{
    struct committee_settings s;
    json_t *arr = json_array();
    if (db_committee_settings(o->db, tid, &s) != CW_OK)
        return arr;
    int64_t window = (int64_t)s.window_min * MIN_MS, since = o->now_ms - window, other;
    struct ruling_row *r = NULL;
    int n = 0;
    if (db_rulings(o->db, tid, mid, "decided", &r, &n) == CW_OK) {
        for (int i = 0; i < n; i++)
            if (r[i].created_ms >= since &&
                db_appeal_of_decision(o->db, r[i].id, 0, &other) == CW_ENOTFOUND)
                json_array_append_new(
                    arr, json_pack("{s:I, s:s, s:s, s:I, s:o}", "ruling_id", (json_int_t)r[i].id,
                                   "what", "ruling", "decision", r[i].decision, "until_ms",
                                   (json_int_t)(r[i].created_ms + window), "until",
                                   op_time_json(r[i].created_ms + window)));
        db_rulings_free(r, n);
    }
    struct decision_row *d = NULL;
    if (db_audit_decisions(o->db, tid, mid, since, &d, &n) == CW_OK) {
        for (int i = 0; i < n; i++)
            if (is_decision(d[i].action) &&
                db_appeal_of_decision(o->db, 0, d[i].audit_id, &other) == CW_ENOTFOUND)
                json_array_append_new(arr, json_pack("{s:I, s:s, s:I, s:o}", "audit_id",
                                                     (json_int_t)d[i].audit_id, "what", d[i].action,
                                                     "until_ms", (json_int_t)(d[i].at_ms + window),
                                                     "until", op_time_json(d[i].at_ms + window)));
        free(d);
    }
    return arr;
}

int op_appeals_json(const struct op *o, int64_t tid, int64_t mid, int full, json_t **out)
{
    struct appeal_row *a = NULL;
    int n = 0;
    if (db_appeals(o->db, tid, mid, NULL, &a, &n) != CW_OK)
        return -1;
    json_t *arr = json_array();
    for (int i = 0; i < n; i++)
        json_array_append_new(arr, op_appeal_json(o, &a[i], full));
    db_appeals_free(a, n);
    *out = json_pack("{s:o}", "appeals", arr);
    if (mid)
        json_object_set_new(*out, "appealable", appealable(o, tid, mid));
    return 0;
}
