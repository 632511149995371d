/* Appeals over HTTP (GOV-7): a player's appeal of a TD's decision about their match (or an
 * official recording it), its withdrawal, the players' statements, the TD's release of the
 * held matches, the panel seated, a motion put to the Committee, and the members' votes
 * (from a phone: a player member's session or a member's PIN; or recorded by an official).
 * The operations are ops/committee/'s. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/fields.h"
#include "api/handlers.h"
#include "api/matches.h"
#include "api/pin_tries.h"
#include "api/ruling_effect.h"
#include "api/tx.h"
#include "ops/committee/committee.h"

#define ID_MAX 1000000000000L

/* ---- reads ---- */

static int read_appeals(struct api_req *req, const struct op *o, void *in, struct api_resp *resp)
{
    const int *of_match = in;
    struct match m;
    if (*of_match && api_match_private(req, o, resp, &m, "GOV-7"))
        return -1;
    json_t *out = NULL;
    /* the grounds and the statements are for the match's players and the officials */
    if (op_appeals_json(o, req->ids[0], *of_match ? m.id : 0, *of_match || o->who.is_td, &out)) {
        api_internal_error(resp, "reading the appeals");
        return -1;
    }
    api_reply_json(resp, 200, out);
    return 0;
}

void api_appeals_of_match(struct api_req *req, struct api_resp *resp)
{
    int of_match = 1;
    api_read(req, resp, read_appeals, &of_match);
}

void api_appeals_list(struct api_req *req, struct api_resp *resp)
{
    int of_match = 0;
    api_read(req, resp, read_appeals, &of_match);
}

/* ---- changes ---- */

struct appeal_cmd {
    enum {
        AC_LODGE,
        AC_WITHDRAW,
        AC_RELEASE,
        AC_STATEMENT,
        AC_PANEL,
        AC_CHOICE,
        AC_MOTION,
        AC_VOTE
    } what;
    int side; /* AC_CHOICE: the side an official records, or -1 */
    struct appeal_in lodge;
    const char *text;
    int64_t *ids;
    int n;
    struct motion_in motion;
    struct vote_in vote;
};

static int appeal_run(struct api_req *req, const struct op *o, void *in, struct api_resp *resp)
{
    struct appeal_cmd *c = in;
    struct problem pb = {0, NULL};
    json_t *reply = NULL;
    int64_t tid = req->ids[0], id = req->ids[1];
    int rc;
    switch (c->what) {
    case AC_LODGE:
        rc = op_appeal_lodge(o, tid, id, &c->lodge, &reply, &pb);
        break;
    case AC_WITHDRAW:
    case AC_RELEASE:
        rc = op_appeal_act(o, tid, id, c->what == AC_WITHDRAW ? AA_WITHDRAW : AA_RELEASE, &reply,
                           &pb);
        break;
    case AC_STATEMENT:
        rc = op_appeal_statement(o, tid, id, c->text, &reply, &pb);
        break;
    case AC_PANEL:
        rc = op_appeal_panel_set(o, tid, id, c->ids, c->n, &reply, &pb);
        break;
    case AC_CHOICE:
        rc = op_appeal_panel_choose(o, tid, id, c->side, c->ids, c->n, &reply, &pb);
        break;
    case AC_MOTION:
        rc = op_appeal_motion(o, tid, id, &c->motion, &reply, &pb);
        break;
    default:
        rc = op_appeal_vote(o, tid, id, &c->vote, &reply, &pb);
    }
    if (rc)
        return api_refuse(resp, &pb);
    api_reply_json(resp, c->what == AC_LODGE || c->what == AC_STATEMENT ? 201 : 200, reply);
    return API_DONE;
}

static const char *const sides_ab[] = {"a", "b", NULL};
enum { LF_RULING, LF_AUDIT, LF_SIDE, LF_GROUNDS, LF__N };
static const struct api_field lodge_fields[] = {
    [LF_RULING] = {"ruling_id", F_INT, 0, 0, 1, ID_MAX, NULL, NULL},
    [LF_AUDIT] = {"audit_id", F_INT, 0, 0, 1, ID_MAX, NULL, NULL},
    [LF_SIDE] = {"side", F_ENUM, 0, 0, 0, 0, sides_ab, NULL},
    [LF_GROUNDS] = {"grounds", F_STR_MULTILINE, 0, 0, 0, COMMITTEE_TEXT_MAX, NULL, NULL},
    [LF__N] = {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

void api_appeal_lodge(struct api_req *req, struct api_resp *resp)
{
    struct api_val v[LF__N];
    if (api_fields(req->json, lodge_fields, 0, v, resp))
        return;
    if (api_fields_one_of(lodge_fields, v, LF_RULING, LF_AUDIT, "Which decision",
                          "An appeal names the decision appealed: a ruling (ruling_id) or the "
                          "audit row of a TD's decision (audit_id), one of them (GOV-7).",
                          resp))
        return;
    struct appeal_cmd c = {.what = AC_LODGE};
    c.lodge.ruling_id = v[LF_RULING].i;
    c.lodge.audit_id = v[LF_AUDIT].i;
    c.lodge.side = v[LF_SIDE].set ? api_val_side(&v[LF_SIDE]) : -1;
    c.lodge.grounds = v[LF_GROUNDS].set ? v[LF_GROUNDS].s : "";
    api_run(req, resp, appeal_run, &c);
}

void api_appeal_withdraw(struct api_req *req, struct api_resp *resp)
{
    struct appeal_cmd c = {.what = AC_WITHDRAW};
    api_run(req, resp, appeal_run, &c);
}

void api_appeal_release(struct api_req *req, struct api_resp *resp)
{
    struct appeal_cmd c = {.what = AC_RELEASE};
    api_run(req, resp, appeal_run, &c);
}

static const struct api_field statement_fields[] = {
    {"text", F_STR_MULTILINE, 1, 0, 1, COMMITTEE_TEXT_MAX, NULL, NULL},
    {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

void api_appeal_statement(struct api_req *req, struct api_resp *resp)
{
    struct api_val v[1];
    if (api_fields(req->json, statement_fields, 0, v, resp))
        return;
    struct appeal_cmd c = {.what = AC_STATEMENT, .text = v[0].s};
    api_run(req, resp, appeal_run, &c);
}

enum { PF_MEMBERS, PF_SIDE, PF__N };
static const struct api_field panel_fields[] = {
    [PF_MEMBERS] = {"member_ids", F_ANY, 1, 0, 0, 0, NULL, NULL},
    [PF_SIDE] = {"side", F_ENUM, 0, 0, 0, 0, sides_ab, NULL},
    [PF__N] = {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

/* A panel named (the TD's, or a side's choice, WBGF 5.1): member_ids, one to five ids, into
 * c->ids (room for five) and run. */
static void panel_run(struct api_req *req, struct api_resp *resp, const struct api_val *v,
                      struct appeal_cmd *c, int64_t *ids)
{
    json_t *arr = v[PF_MEMBERS].j;
    size_t n = json_array_size(arr);
    int ok = json_is_array(arr) && n >= 1 && n <= COMMITTEE_STANDING_MAX;
    for (size_t i = 0; ok && i < n; i++)
        ok = json_is_integer(json_array_get(arr, i)) &&
             json_integer_value(json_array_get(arr, i)) > 0;
    if (!ok) {
        api_problem(resp, 422, "validation", "The panel",
                    "member_ids is a list of one to five members' ids (GOV-2).");
        api_problem_field(resp, "member_ids", "must list one to five members' ids");
        return;
    }
    for (size_t i = 0; i < n; i++)
        ids[i] = json_integer_value(json_array_get(arr, i));
    c->ids = ids;
    c->n = (int)n;
    api_run(req, resp, appeal_run, c);
}

void api_appeal_panel(struct api_req *req, struct api_resp *resp)
{
    struct api_val v[PF__N];
    int64_t ids[COMMITTEE_STANDING_MAX];
    struct appeal_cmd c = {.what = AC_PANEL};
    if (api_fields(req->json, panel_fields, 0, v, resp))
        return;
    if (v[PF_SIDE].set) { /* a side names its choice at …/panel/choices */
        api_problem(resp, 422, "validation", "The panel",
                    "The TD seats a panel; a side's choice (WBGF 5.1) is POST "
                    "…/panel/choices (GOV-2).");
        api_problem_field(resp, "side", "does not belong to the TD's panel");
        return;
    }
    panel_run(req, resp, v, &c, ids);
}

void api_appeal_panel_choice(struct api_req *req, struct api_resp *resp)
{
    struct api_val v[PF__N];
    int64_t ids[COMMITTEE_STANDING_MAX];
    struct appeal_cmd c = {.what = AC_CHOICE};
    if (api_fields(req->json, panel_fields, 0, v, resp))
        return;
    c.side = v[PF_SIDE].set ? api_val_side(&v[PF_SIDE]) : -1;
    panel_run(req, resp, v, &c, ids);
}

static const char *const motion_kinds[] = {"uphold", "replace", NULL};
enum { MO_KIND, MO_TEXT, MO_EFFECT, MO__N };
static const struct api_field motion_fields[] = {
    [MO_KIND] = {"kind", F_ENUM, 1, 0, 0, 0, motion_kinds, NULL},
    [MO_TEXT] = {"text", F_STR_MULTILINE, 1, 0, 1, COMMITTEE_TEXT_MAX, NULL, NULL},
    [MO_EFFECT] = {"effect", F_OBJ, 0, 0, 0, 0, NULL, api_ruling_effect_fields},
    [MO__N] = {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

void api_appeal_motion(struct api_req *req, struct api_resp *resp)
{
    struct api_val v[MO__N];
    struct problem bad = {0, NULL};
    struct ruling_in effect = {.question = ""};
    if (api_fields(req->json, motion_fields, 0, v, resp))
        return;
    int uphold = v[MO_KIND].i == 0;
    if (uphold && v[MO_EFFECT].set) {
        api_problem(resp, 422, "validation", "Upholding changes nothing",
                    "A motion to uphold the decision states no new effect (GOV-7).");
        api_problem_field(resp, "effect", "belongs to a motion that replaces the decision");
        return;
    }
    if (api_ruling_effect(&v[MO_EFFECT], &effect, &bad)) {
        api_reply_problem(resp, &bad);
        return;
    }
    struct appeal_cmd c = {.what = AC_MOTION};
    c.motion.uphold = uphold;
    c.motion.text = v[MO_TEXT].s;
    c.motion.effect = v[MO_EFFECT].set ? v[MO_EFFECT].j : NULL;
    api_run(req, resp, appeal_run, &c);
}

static const char *const votes[] = {"yes", "no", NULL};
enum { VF_VOTE, VF_MEMBER, VF_PIN, VF__N };
static const struct api_field vote_fields[] = {
    [VF_VOTE] = {"vote", F_ENUM, 1, 0, 0, 0, votes, NULL},
    [VF_MEMBER] = {"member_id", F_INT, 0, 0, 1, ID_MAX, NULL, NULL},
    [VF_PIN] = {"pin", F_STR, 0, 0, 1, 16, NULL, NULL},
    [VF__N] = {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

void api_appeal_vote(struct api_req *req, struct api_resp *resp)
{
    struct api_val v[VF__N];
    if (api_fields(req->json, vote_fields, 0, v, resp))
        return;
    struct appeal_cmd c = {.what = AC_VOTE};
    c.vote.yes = v[VF_VOTE].i == 0;
    c.vote.member_id = v[VF_MEMBER].i;
    c.vote.pin = v[VF_PIN].set ? v[VF_PIN].s : NULL;
    /* a member's card PIN from a phone (no session of theirs, GOV-2): guessing it is limited
     * as a player's PIN is */
    int by_pin = !req->is_td && !req->player_id && c.vote.member_id;
    struct api_pin_try t;
    char subject[64];
    snprintf(subject, sizeof subject, API_MEMBER_PIN_KEY_FMT, (long long)c.vote.member_id);
    if (by_pin && api_pin_try_begin(req, resp, subject, &t))
        return;
    api_run(req, resp, appeal_run, &c);
    if (!by_pin)
        return;
    if (resp->status == 401) /* the PIN was wrong: a lock reached says so */
        api_pin_try_wrong(req, resp, &t);
    else if (resp->status < 300)
        api_pin_try_right(req, &t);
    else /* refused before any PIN was read (no motion open...) */
        api_pin_try_refund(req, &t);
}
