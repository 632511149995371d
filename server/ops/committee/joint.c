/* WBGF 5.1 (GOV-2): a Committee chosen jointly by the players. A dispute the Committee
 * decides (a ruling by a TD who is a party, with no other TD: a case of kind referral) is a
 * dispute under 5.1, whose players "choose jointly" the Committee; under the per-appeal form
 * (WBGF's) each side names three or five members of the posted list, and the panel is
 * seated once both name the same ones. A standing Committee (000) sits as it stands, and an
 * appeal's panel (5.2) is the TD's. Until the players agree the case waits. */
#include "ops/committee/committee.h"

#include <stdlib.h>
#include <string.h>

#include "ops/people/access.h"
#include "ops/people/deciders.h"
#include "store/store.h"

static int cmp_id(const void *x, const void *y)
{
    int64_t a = *(const int64_t *)x, b = *(const int64_t *)y;
    return (a > b) - (a < b);
}

/* Who chooses: the player's own side, or the side an official who is no party records.
 * The side, or -1 with the refusal in pb. */
static int chooser(const struct op *o, const struct match *m, int side, struct problem *pb)
{
    if (!o->who.is_td) {
        int own = op_match_side(o->db, o->who.player_id, o->who.player_tournament, m);
        if (own < 0)
            op_appeal_refuse(pb, o->who.player_id ? 403 : 401, "not-your-match", "GOV-2",
                             "Only the players of match %lld choose its Committee, jointly "
                             "(GOV-2, 003 5.1).",
                             (long long)m->id);
        return own;
    }
    if (side < 0) {
        problem_set(pb, 422, "validation", "Whose choice",
                    "An official records a player's choice of the Committee: name the side "
                    "(a or b).");
        problem_field(pb, "side", "names the side whose choice this is (a or b)");
        return -1;
    }
    int may = op_may_decide(o, m, 1, pb);
    if (may == 1)
        op_appeal_refuse(pb, 403, "party-to-the-match", "GOV-2",
                         "You are a party to match %lld: its players name their choice of "
                         "the Committee from their phones, or another official records it "
                         "(GOV-2, GOV-6a).",
                         (long long)m->id);
    return may ? -1 : side;
}

int op_appeal_panel_choose(const struct op *o, int64_t tid, int64_t id, int side,
                           const int64_t *ids, int n, json_t **reply, struct problem *pb)
{
    struct appeal_row a;
    if (op_appeal_load(o, tid, id, &a, pb))
        return -1;
    int rc = -1, nseated = 0, nother = 0;
    int64_t *seated = NULL, *other = NULL, sorted[COMMITTEE_STANDING_MAX];
    struct match m;
    int joint = op_appeal_is_joint(o->db, &a);
    if (joint < 0 || db_appeal_panel(o->db, id, &seated, &nseated) != CW_OK ||
        db_match_get(o->db, tid, a.match_id, &m) != CW_OK) {
        problem_internal(pb, "reading the case");
        goto done;
    }
    if (!joint) {
        op_appeal_refuse(pb, 409, "not-joint", "GOV-2",
                         "Case %lld's Committee is not the players' choice: a standing "
                         "Committee sits as it stands, and an appeal's is seated by the TD "
                         "(WBGF 5.2); the players choose it only for a dispute under 5.1 with "
                         "a Committee formed per case (GOV-2).",
                         (long long)id);
        goto done;
    }
    if (strcmp(a.state, "pending") || nseated) {
        op_appeal_refuse(pb, 409, "panel-seated", "GOV-2",
                         "Case %lld's Committee is %s: the players' choice is made once, "
                         "before it sits (GOV-2).",
                         (long long)id, nseated ? "seated already" : "closed");
        goto done;
    }
    int s = chooser(o, &m, side, pb);
    if (s < 0 || op_appeal_panel_check(o, &a, ids, n, pb))
        goto done;
    json_t *before = op_appeal_json(o, &a, 1);
    memcpy(sorted, ids, (size_t)n * sizeof *ids);
    qsort(sorted, (size_t)n, sizeof *sorted, cmp_id);
    int stored = db_panel_choice_set(o->db, id, s, sorted, n, o->who.actor, o->now_ms);
    if (stored == CW_OK)
        stored = db_panel_choice(o->db, id, 1 - s, &other, &nother);
    /* both sides name the same members: the Committee they chose jointly sits */
    int agreed =
        stored == CW_OK && nother == n && !memcmp(other, sorted, (size_t)n * sizeof *other);
    if (stored == CW_OK && agreed)
        stored = db_appeal_panel_set(o->db, id, sorted, n);
    if (stored != CW_OK) {
        json_decref(before);
        problem_internal(pb, "storing the choice");
        goto done;
    }
    rc = op_appeal_record(o, &a, agreed ? "appeal.panel" : "appeal.panel_choice", before, pb);
    if (!rc)
        *reply = op_appeal_json(o, &a, 1);
done:
    free(seated);
    free(other);
    db_appeal_free(&a);
    return rc;
}
