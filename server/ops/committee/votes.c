/* The Committee decides (GOV-7, 003 5.2; 000 "Dispute"): members vote on one concrete
 * motion at a time (uphold the decision, or replace it with a stated one); a panel with an
 * even number of voters, or fewer than three, is refused before the vote; each seated
 * member votes once (from their phone: a player's session or a member's PIN; or an official
 * records a vote cast in person); when all have voted the simple majority decides. A
 * carried motion is the Committee's decision: final, applied by it through the ordinary
 * operations (a score through the correction path and the knockout cascade, KO-8, KO-10),
 * the audit rows it writes naming the case. A ruling waiting for the Committee (GOV-6) is
 * decided the same way: upholding it applies its effect. */
#include "ops/committee/committee.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/secret.h"
#include "ops/clock/clock_frame.h"
#include "ops/table/table_acts.h"
#include "store/calls.h"

/* A ruling's effect as recorded ({"kind": ..., "score": {"a", "b"}, "report_id", "side",
 * "points", "winner"}, as api/api_rulings.c checked it) into its typed input. */
static void effect_read(json_t *e, struct ruling_in *in)
{
    static const char *const kinds[] = {"none", "score", "penalty", "forfeit", "clock"};
    const char *k = json_string_value(json_object_get(e, "kind"));
    in->effect = RE_NONE;
    for (int i = 0; k && i < 5; i++)
        if (!strcmp(k, kinds[i]))
            in->effect = (enum ruling_effect)i;
    json_t *score = json_object_get(e, "score");
    in->score[0] = (int)json_integer_value(json_object_get(score, "a"));
    in->score[1] = (int)json_integer_value(json_object_get(score, "b"));
    in->report_id = json_integer_value(json_object_get(e, "report_id"));
    in->points = (int)json_integer_value(json_object_get(e, "points"));
    const char *side =
        json_string_value(json_object_get(e, in->effect == RE_FORFEIT ? "winner" : "side"));
    in->side = side && !strcmp(side, "b") ? 1 : 0;
    in->given = e;
}

static int apply_in_match(struct cx *x, const void *in)
{
    return op_ruling_effect(x, in);
}

/* The Committee acting as itself: no official, no token (GOV-6a asks nobody's link), its
 * audit rows named "committee:<case>", later results it undoes confirmed by its decision. */
static struct op committee_op(const struct op *o, const struct appeal_row *a, const char *why)
{
    struct op c = *o;
    memset(&c.who, 0, sizeof c.who);
    snprintf(c.who.actor, sizeof c.who.actor, "committee:%lld", (long long)a->id);
    c.who.role = ROLE_TD;
    c.who.is_td = 1;
    c.confirm_cascade = 1;
    c.reason = why;
    return c;
}

/* The effect the carried motion makes: its own (replace), the ruling's that waited (a
 * referral upheld), or none (an appeal upheld). */
static int effect_of(const struct op *o, const struct appeal_row *a, const struct motion_row *mo,
                     json_t **effect, struct problem *pb)
{
    *effect = NULL;
    const char *text = NULL;
    char *ruling_effect = NULL;
    if (!strcmp(mo->kind, "replace")) {
        text = mo->effect_json;
    } else if (!strcmp(a->kind, "referral")) {
        struct ruling_row *r = NULL;
        int n = 0;
        if (db_rulings(o->db, a->tournament_id, a->match_id, NULL, &r, &n) != CW_OK) {
            problem_internal(pb, "reading the ruling");
            return -1;
        }
        for (int i = 0; i < n; i++)
            if (r[i].id == a->ruling_id && r[i].effect_json)
                ruling_effect = strdup(r[i].effect_json);
        db_rulings_free(r, n);
        text = ruling_effect;
    }
    if (text)
        *effect = json_loads(text, 0, NULL);
    free(ruling_effect);
    return 0;
}

/* The carried motion decides the case: its effect applied in the match's frame by the
 * Committee, the ruling that waited decided, the case closed; the audit rows written from
 * here on name the case. */
static int decide(const struct op *o, struct appeal_row *a, const struct motion_row *mo,
                  struct problem *pb)
{
    int64_t mark = 0;
    json_t *effect = NULL;
    if (db_audit_last_id(o->db, &mark) != CW_OK || effect_of(o, a, mo, &effect, pb)) {
        if (!pb->json)
            problem_internal(pb, "deciding the appeal");
        return -1;
    }
    struct op c = committee_op(o, a, mo->text);
    struct ruling_in in = {.question = "", .facts = "", .decision = mo->text, .reasons = ""};
    if (effect)
        effect_read(effect, &in);
    int decided_match = 0;
    if (in.effect != RE_NONE) {
        struct op_out out;
        op_cx_run(&c, "GOV-7", a->tournament_id, a->match_id, apply_in_match, &in, NULL, &out);
        if (out.is_problem) {
            pb->status = out.status;
            pb->json = out.json;
            json_decref(effect);
            return -1;
        }
        json_decref(out.json);
        decided_match = in.effect == RE_SCORE || in.effect == RE_FORFEIT;
    }
    json_decref(effect);
    json_t *before = op_appeal_json(o, a, 1);
    snprintf(a->state, sizeof a->state, "decided");
    snprintf(a->outcome, sizeof a->outcome, "%s",
             !strcmp(mo->kind, "uphold") ? "upheld" : "replaced");
    free(a->outcome_text);
    a->outcome_text = strdup(mo->text);
    a->closed_ms = o->now_ms;
    if (db_motion_close(o->db, mo->id, "carried", o->now_ms) != CW_OK ||
        db_appeal_update(o->db, a) != CW_OK ||
        (a->ruling_id && !strcmp(a->kind, "referral") &&
         db_ruling_committee_decided(o->db, a->ruling_id, decided_match) != CW_OK)) {
        json_decref(before);
        problem_internal(pb, "storing the decision");
        return -1;
    }
    if (op_appeal_record(&c, a, "appeal.decided", before, pb))
        return -1;
    if (db_audit_link_appeal(o->db, mark, a->id) != CW_OK) {
        problem_internal(pb, "linking the decision's audit rows");
        return -1;
    }
    return 0;
}

int op_appeal_motion(const struct op *o, int64_t tid, int64_t id, const struct motion_in *in,
                     json_t **reply, struct problem *pb)
{
    struct appeal_row a;
    if (op_appeal_load(o, tid, id, &a, pb))
        return -1;
    int rc = -1, n = 0;
    int64_t *panel = NULL;
    struct motion_row mo;
    memset(&mo, 0, sizeof mo);
    if (strcmp(a.state, "pending")) {
        op_appeal_refuse(pb, 409, "appeal-closed", NULL, "Appeal %lld is %s (GOV-7).",
                         (long long)id, a.state);
        goto done;
    }
    if (db_motion_last(o->db, id, &mo) == CW_OK) {
        int open = !strcmp(mo.state, "open");
        db_motion_free(&mo);
        if (open) {
            op_appeal_refuse(pb, 409, "motion-open", NULL,
                             "A motion of appeal %lld is being voted on: one motion at a "
                             "time (GOV-7).",
                             (long long)id);
            goto done;
        }
    }
    if (op_appeal_panel(o, &a, &panel, &n, pb))
        goto done;
    if (!n) {
        op_appeal_refuse(pb, 409, "panel-not-seated", "GOV-2",
                         "No Committee sits on appeal %lld: seat three or five members "
                         "(PUT .../appeals/%lld/panel; for a dispute under WBGF 5.1 the "
                         "players choose them jointly: POST .../panel/choices) (GOV-2).",
                         (long long)id, (long long)id);
        goto done;
    }
    if (n % 2 == 0 || n < 3) {
        op_appeal_refuse(pb, 409, n % 2 ? "panel-too-small" : "panel-even", NULL,
                         "%d members sit on appeal %lld: a simple majority needs an odd "
                         "number of voters, at least three (000: two members with the TD) "
                         "(GOV-7, GOV-2); seat another panel or add a reserve.",
                         n, (long long)id);
        goto done;
    }
    mo.appeal_id = id;
    snprintf(mo.kind, sizeof mo.kind, "%s", in->uphold ? "uphold" : "replace");
    mo.text = (char *)in->text;
    mo.effect_json = in->effect ? json_dumps(in->effect, JSON_COMPACT | JSON_SORT_KEYS) : NULL;
    snprintf(mo.created_by, sizeof mo.created_by, "%s", o->who.actor);
    mo.created_ms = o->now_ms;
    int stored = db_motion_insert(o->db, &mo);
    free(mo.effect_json);
    if (stored != CW_OK) {
        problem_internal(pb, "storing the motion");
        goto done;
    }
    rc = op_appeal_record(o, &a, "appeal.motion", NULL, pb);
    if (!rc)
        *reply = op_appeal_json(o, &a, 1);
done:
    free(panel);
    db_appeal_free(&a);
    return rc;
}

/* The member who votes: the player's own membership, a member's PIN, or the member an
 * official records for. 0 with *m, or -1 with pb. */
static int voter(const struct op *o, const struct appeal_row *a, const struct vote_in *in,
                 struct member_row *m, struct problem *pb)
{
    int rc;
    if (o->who.is_td || (!o->who.player_id && in->member_id)) {
        if (!in->member_id) {
            problem_set(pb, 422, "validation", "Whose vote",
                        "An official records the vote of a member: name them (member_id).");
            problem_field(pb, "member_id", "names the member whose vote is recorded");
            return -1;
        }
        rc = db_committee_member_get(o->db, a->tournament_id, in->member_id, m);
        if (rc == CW_OK && m->removed_ms)
            rc = CW_ENOTFOUND;
        if (rc == CW_OK && !o->who.is_td &&
            (!m->pin[0] || !in->pin || !cw_secret_equal(m->pin, in->pin)))
            return op_appeal_refuse(pb, 401, "wrong-pin", NULL,
                                    "That PIN is not member %lld's (GOV-7).",
                                    (long long)in->member_id);
    } else if (o->who.player_id && o->who.player_tournament == a->tournament_id) {
        rc = db_committee_member_of_player(o->db, a->tournament_id, o->who.player_id, m);
        if (rc == CW_OK && in->member_id && in->member_id != m->id)
            rc = CW_ENOTFOUND;
    } else {
        rc = CW_ENOTFOUND;
    }
    if (rc == CW_ENOTFOUND)
        return op_appeal_refuse(pb, 403, "not-a-member", NULL,
                                "Only the members of the Committee seated on appeal %lld "
                                "vote (GOV-7).",
                                (long long)a->id);
    if (rc != CW_OK) {
        problem_internal(pb, "reading the member");
        return -1;
    }
    return 0;
}

int op_appeal_vote(const struct op *o, int64_t tid, int64_t id, const struct vote_in *in,
                   json_t **reply, struct problem *pb)
{
    struct appeal_row a;
    if (op_appeal_load(o, tid, id, &a, pb))
        return -1;
    int rc = -1, n = 0, nv = 0;
    int64_t *panel = NULL;
    struct vote_row *votes = NULL;
    struct member_row m;
    struct motion_row mo;
    int have = db_motion_last(o->db, id, &mo) == CW_OK;
    if (strcmp(a.state, "pending") || !have || strcmp(mo.state, "open")) {
        op_appeal_refuse(pb, 409, "no-motion", NULL,
                         "Appeal %lld has no motion being voted on (GOV-7)%s.", (long long)id,
                         strcmp(a.state, "pending") ? ": it is closed, and its decision final"
                                                    : "");
        goto done;
    }
    if (voter(o, &a, in, &m, pb) || op_appeal_panel(o, &a, &panel, &n, pb))
        goto done;
    int seated = 0;
    for (int i = 0; i < n; i++)
        seated |= panel[i] == m.id;
    if (!seated) {
        int party = op_member_party(o->db, &a, &m);
        op_appeal_refuse(pb, 403, party > 0 ? "member-replaced" : "not-on-panel",
                         party > 0 ? "GOV-2" : NULL,
                         party > 0 ? "%s is a party to this case: a reserve sits in their "
                                     "place (GOV-2, GOV-6a)."
                                   : "%s does not sit on this case (GOV-7).",
                         m.name);
        goto done;
    }
    char decider[32];
    snprintf(decider, sizeof decider, "official:%lld", (long long)m.player_official);
    if (m.player_official && !strcmp(decider, a.decided_by)) {
        op_appeal_refuse(pb, 403, "decider-votes", NULL,
                         "The TD whose decision is appealed never votes on it (GOV-7).");
        goto done;
    }
    struct vote_row v = {.member_id = m.id, .created_ms = o->now_ms};
    snprintf(v.vote, sizeof v.vote, "%s", in->yes ? "yes" : "no");
    snprintf(v.recorded_by, sizeof v.recorded_by, "%s", o->who.actor);
    int stored = db_vote_insert(o->db, mo.id, &v);
    if (stored == CW_ECONFLICT) {
        op_appeal_refuse(pb, 409, "already-voted", NULL,
                         "%s has voted on this motion already: one vote each (GOV-7).", m.name);
        goto done;
    }
    if (stored != CW_OK || db_votes(o->db, mo.id, &votes, &nv) != CW_OK) {
        problem_internal(pb, "storing the vote");
        goto done;
    }
    if (op_appeal_record(o, &a, "appeal.vote", NULL, pb))
        goto done;
    if (nv >= n) {
        /* all seated members voted: a simple majority of those voting decides */
        int yes = 0;
        for (int i = 0; i < nv; i++)
            yes += !strcmp(votes[i].vote, "yes");
        if (2 * yes > nv) {
            if (decide(o, &a, &mo, pb))
                goto done;
        } else if (db_motion_close(o->db, mo.id, "failed", o->now_ms) != CW_OK ||
                   op_appeal_record(o, &a, "appeal.motion_failed", NULL, pb)) {
            if (!pb->json)
                problem_internal(pb, "closing the motion");
            goto done;
        }
    }
    rc = 0;
    *reply = op_appeal_json(o, &a, o->who.is_td);
done:
    if (have)
        db_motion_free(&mo);
    free(votes);
    free(panel);
    db_appeal_free(&a);
    return rc;
}
