/* CLK-7, the flag: the side whose time ran out loses the match, as any request finds it
 * (the clock family's frame, ops/clock/clock_frame.c) or the tick does each second. Apart from
 * the clock's record (clock.c), which the result cascade calls: a flag decides a match,
 * and the cascade must not call back into what decides. */
#include "ops/clock/flag.h"

#include <stdio.h>
#include <stdlib.h>

#include "ops/result/decide.h"
#include "ops/records/match.h"

int op_clock_apply_flag(const struct op *o, struct match *m, const struct clk *c, char **pre_flag,
                        struct problem *pb)
{
    if (match_finished(m))
        return 0;
    /* the match as it stood, for the TD's reversal of the flag (CLK-7) */
    json_t *pre = json_pack("{s:s, s:i, s:i}", "state", match_state_name(m->state), "score_a",
                            m->score[0], "score_b", m->score[1]);
    char *text = json_dumps(pre, JSON_COMPACT);
    json_decref(pre);
    if (!text) {
        problem_internal(pb, "keeping the match as it was before the flag");
        return -1;
    }
    free(*pre_flag);
    *pre_flag = text;
    return op_match_decide(o, m, pb, MS_FORFEITED, 1 - c->flagged, ME_TIME);
}

int op_clock_flag_due(const struct op *o, int64_t tournament_id, int64_t match_id,
                      struct problem *pb)
{
    struct match m;
    struct tournament t;
    struct clk c;
    char *pre_flag = NULL;
    int rc = db_match_get(o->db, tournament_id, match_id, &m);
    if (rc == CW_OK)
        rc = db_tournament_get(o->db, m.tournament_id, &t);
    if (rc == CW_OK)
        rc = db_clock_get(o->db, m.id, &c, &pre_flag);
    if (rc == CW_ENOTFOUND || (rc == CW_OK && !clk_tick(&c, o->now_ms))) {
        free(pre_flag);
        return 0; /* gone, or pressed in time after all: nothing fell */
    }
    if (rc != CW_OK) {
        free(pre_flag);
        problem_internal(pb, "reading the match clock");
        return -1;
    }
    /* the clock decides: the match's history and the audit log say so */
    struct op clock = *o;
    snprintf(clock.who.actor, sizeof clock.who.actor, "clock");
    json_t *before = match_finished(&m) ? NULL : op_match_record_json(&m);
    rc = op_clock_apply_flag(&clock, &m, &c, &pre_flag, pb);
    if (!rc && op_clock_store(o->db, &m, &c, &t, pre_flag, o->now_ms) != CW_OK)
        rc = -1;
    if (!rc && before) {
        rc = op_match_save(&clock, &m, before, "match.flagged") == CW_OK ? 0 : -1;
        before = NULL; /* consumed */
    }
    json_decref(before);
    free(pre_flag);
    if (rc && !pb->json)
        problem_internal(pb, "storing the flag");
    return rc;
}
