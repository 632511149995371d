/* KO-10: an undone match (a correction's cascade, KO-8) is a match not yet played. What
 * belonged to its old players (penalty and lateness points, clock, breaks, reports) is void,
 * kept in the history only, and its new players start it at 0-0. The one step every undoing
 * takes (ops/knockout/knockout.c, ops/davis/davis.c), written once here. */
#include "ops/records/undo.h"

#include <stdlib.h>

#include "ops/records/clock.h"
#include "ops/records/match.h"
#include "store/ratings.h"
#include "store/store.h"

static const char side_name[2][2] = {"a", "b"};

static json_t *ms_or_null(int64_t ms)
{
    return ms ? json_integer(ms) : json_null();
}

/* Both sides' presence as it was, or an empty list when neither side has any. */
static json_t *presence_json(const struct presence p[2])
{
    json_t *out = json_array();
    int any = 0;
    for (int s = 0; s < 2; s++)
        any |= p[s].arrived_ms || p[s].absent_from_ms || p[s].breaks_used ||
               p[s].break_started_ms || p[s].late_clock_ms || p[s].postpone_min;
    for (int s = 0; any && s < 2; s++)
        json_array_append_new(
            out, json_pack("{s:s, s:o, s:o, s:i, s:o, s:o, s:o, s:i}", "side", side_name[s],
                           "arrived_ms", ms_or_null(p[s].arrived_ms), "absent_from_ms",
                           ms_or_null(p[s].absent_from_ms), "breaks_used", p[s].breaks_used,
                           "break_started_ms", ms_or_null(p[s].break_started_ms), "break_ends_ms",
                           ms_or_null(p[s].break_ends_ms), "late_clock_ms",
                           ms_or_null(p[s].late_clock_ms), "postpone_min", p[s].postpone_min));
    return out;
}

/* What the old players left in match m, as the audit row keeps it: {"players", "score",
 * "penalty_points", "penalties", "presence", "clock", "reports"}; *any says whether there
 * is anything to void. NULL when the database failed. */
static json_t *left_of(const struct op *o, const struct match *m, int *any)
{
    struct db *db = o->db;
    struct penalty *p = NULL;
    int n = 0;
    struct presence pr[2];
    struct clk c;
    int clock = 0;
    json_t *reports = json_array(), *pens = json_array();
    int rc = db_penalties(db, m->id, 0, &p, &n);
    for (int i = 0; rc == CW_OK && i < n; i++)
        json_array_append_new(pens, op_penalty_json(&p[i]));
    free(p);
    if (rc == CW_OK)
        rc = db_presence_get(db, m->id, pr);
    if (rc == CW_OK) {
        rc = db_clock_get(db, m->id, &c, NULL);
        clock = rc == CW_OK;
        rc = rc == CW_ENOTFOUND ? CW_OK : rc;
    }
    for (int s = -1; rc == CW_OK && s < 2; s++) {
        struct report r;
        int got = db_report_current(db, m->id, s, &r);
        if (got == CW_OK) {
            json_array_append_new(reports, json_integer(r.id));
            report_free(&r);
        } else if (got != CW_ENOTFOUND) {
            rc = got;
        }
    }
    json_t *clock_j = json_null();
    if (rc == CW_OK && clock) {
        struct tournament t;
        rc = db_tournament_get(db, m->tournament_id, &t);
        if (rc == CW_OK)
            clock_j = op_clock_json(&c, m, &t, o->now_ms);
    }
    json_t *pres = rc == CW_OK ? presence_json(pr) : json_array();
    *any = json_array_size(pens) || json_array_size(pres) || clock || json_array_size(reports) ||
           m->score[0] || m->score[1] || m->penalty[0] || m->penalty[1] || m->first_length;
    json_t *out = json_pack("{s:[o, o], s:{s:i, s:i}, s:{s:i, s:i}, s:o, s:o, s:o, s:o}", "players",
                            m->player[0] ? json_integer(m->player[0]) : json_null(),
                            m->player[1] ? json_integer(m->player[1]) : json_null(), "score", "a",
                            m->score[0], "b", m->score[1], "penalty_points", "a", m->penalty[0],
                            "b", m->penalty[1], "penalties", pens, "presence", pres, "clock",
                            clock_j, "reports", reports);
    if (rc != CW_OK) {
        json_decref(out);
        return NULL;
    }
    return out;
}

int op_match_void_play(const struct op *o, struct match *m, json_t **voided)
{
    struct db *db = o->db;
    *voided = NULL;
    int any;
    json_t *left = left_of(o, m, &any);
    if (!left)
        return CW_EDB;
    int rc = CW_OK;
    for (int side = -1; any && rc == CW_OK && side < 2; side++)
        rc = db_report_supersede(db, m->id, side);
    if (any && rc == CW_OK)
        rc = db_penalties_void(db, m->id, o->now_ms);
    if (any && rc == CW_OK)
        rc = db_presence_clear(db, m->id);
    if (any && rc == CW_OK)
        rc = db_clock_clear(db, m->id);
    /* RAT-1: its place in the order of first decisions goes with its result */
    if (rc == CW_OK)
        rc = db_rating_order_drop(db, m->id);
    if (any && rc == CW_OK)
        *voided = left;
    else
        json_decref(left);
    m->winner = -1;
    m->score[0] = m->score[1] = 0;
    m->penalty[0] = m->penalty[1] = 0;
    m->result_report = 0;
    /* a length corrected between the old players' games (MATCH-3): the corrected one holds
     * from the first game now */
    m->first_length = m->length_fix_game = 0;
    return rc;
}

int op_match_undo(const struct op *o, struct match *m, const char *action)
{
    json_t *b = op_match_record_json(m), *voided;
    if (op_match_void_play(o, m, &voided) ||
        op_match_set_state(o->db, m, MS_SCHEDULED, o->now_ms, o->who.actor)) {
        json_decref(b);
        return CW_EDB;
    }
    if (voided)
        json_object_set_new(b, "voided", voided);
    return op_match_save(o, m, b, action);
}

int op_match_replace_players(const struct op *o, struct match *m, const int64_t player[2],
                             json_t **voided)
{
    *voided = NULL;
    int replaced = 0;
    for (int s = 0; s < 2; s++)
        replaced |= m->player[s] && m->player[s] != player[s];
    m->player[0] = player[0];
    m->player[1] = player[1];
    if (!replaced || match_finished(m))
        return 0;
    int rc = op_match_void_play(o, m, voided);
    if (rc != CW_OK)
        return rc;
    if (m->state != MS_SCHEDULED) {
        m->state = MS_SCHEDULED;
        m->ended = ME_NONE;
    }
    return 1;
}
