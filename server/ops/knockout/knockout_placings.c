/* A knockout's placings (PLACE-1, the kinds' row ops/event/kinds.c): its bracket's losers
 * by the round they lost in (tourney/placings_bracket.c). A Consolation or Last Chance is
 * a bracket of its own, so it places its own entrants the same way. Before the draw the
 * entries share one band, "not drawn yet". */
#include "ops/knockout/knockout.h"

#include <stdio.h>
#include <stdlib.h>

int op_knockout_placings(const struct op *o, const struct event *e, struct placings *out,
                         struct problem *pb)
{
    struct ko_state x;
    char err[256] = "";
    int rc = op_ko_state_load(o->db, e, NULL, &x, err, sizeof err);
    if (rc == CW_OK && x.drawn && placings_bracket(out, &x.b, x.v))
        rc = CW_ENOMEM;
    /* a play-off for 3rd decided (a walkover too: its player is 3rd) */
    const struct match *po = &x.playoff;
    if (rc == CW_OK && po->id && po->winner >= 0 &&
        (po->state == MS_VOID || ko_decision_of(po) != KO_UNDECIDED))
        placings_playoff(out, po->player[po->winner], po->player[1 - po->winner]);
    if (rc == CW_OK && !x.drawn) {
        int64_t *ids = NULL;
        int n = 0;
        rc = db_entries(o->db, e->id, &ids, &n);
        for (int i = 0; rc == CW_OK && i < n; i++) {
            struct placing *p = placings_add(out, ids[i]);
            if (!p)
                rc = CW_ENOMEM;
            else {
                p->reason = PLACE_R_NOT_DRAWN;
                snprintf(p->why, sizeof p->why, "not drawn yet");
            }
        }
        free(ids);
    }
    op_ko_state_free(&x);
    out->final = e->state == ES_FINISHED;
    if (rc != CW_OK)
        problem_internal(pb, "the knockout's placings");
    return rc == CW_OK ? 0 : -1;
}
