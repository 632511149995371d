/* A Swiss's entrants (SWISS-1): a late entry joins the next round with the wins the TD
 * sets (or the event's late_wins); a withdrawal between rounds drops the player from the
 * pairing, one during a round loses that match by walkover. The routes are
 * api/api_swiss.c. */
#include "ops/swiss/swiss_acts.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ops/event/event_acts.h"
#include "ops/frame/record.h"
#include "ops/records/match.h"
#include "ops/result/decide.h"
#include "ops/swiss/swiss.h"

static int not_swiss(const struct event *e, struct problem *pb)
{
    problem_set(pb, 409, "not-swiss", "Not a Swiss event", "%s is a %s event.", e->name,
                event_kind_name(e->kind));
    return -1;
}

int op_swiss_enter(const struct op *o, struct event *e, int64_t pid, int start_wins,
                   json_t **reply, struct problem *pb)
{
    if (e->kind != EK_SWISS)
        return not_swiss(e, pb);
    if (e->state == ES_FINISHED) {
        problem_set(pb, 409, "event-finished", "The Swiss is over",
                    "%s has ended; it takes no more entries.", e->name);
        problem_field(pb, "player_id", "cannot enter %s: it has ended", e->name);
        return -1;
    }
    struct swiss_state x;
    int rc = op_swiss_state_load(o->db, e, NULL, 0, &x);
    int next = x.n_rounds ? x.rounds[x.n_rounds - 1].round + 1 : 1;
    op_swiss_state_free(&x);
    if (rc != CW_OK) {
        problem_internal(pb, "reading the Swiss");
        return -1;
    }
    if (start_wins < 0)
        start_wins = e->settings.swiss.late_wins;
    if (e->state == ES_OPEN ? op_entry_add(o, e, pid, pb) : op_entry_add_late(o, e, pid, pb))
        return -1;
    struct swiss_entry_row row = {pid, start_wins, next, 0};
    rc = db_swiss_entry_put(o->db, e->id, &row);
    json_t *out = json_pack("{s:I, s:I, s:i, s:i}", "event_id", (json_int_t)e->id, "player_id",
                            (json_int_t)pid, "start_wins", start_wins, "joins_round", next);
    if (rc == CW_OK && next > 1)
        rc = op_emit(o->db, e->tournament_id, o->now_ms, "swiss.late_entry", json_incref(out));
    if (rc != CW_OK) {
        json_decref(out);
        problem_internal(pb, "entering the player");
        return -1;
    }
    *reply = out;
    return 0;
}

int op_swiss_withdraw(const struct op *o, struct event *e, int64_t pid, json_t **reply,
                      struct problem *pb)
{
    if (e->kind != EK_SWISS)
        return not_swiss(e, pb);
    if (e->state == ES_OPEN) { /* before the first round: the entry taken back */
        if (op_entry_remove(o, e, pid, pb))
            return -1;
        *reply = json_pack("{s:I, s:I, s:i, s:n}", "event_id", (json_int_t)e->id, "player_id",
                           (json_int_t)pid, "withdrawn_round", 0, "walkover");
        return 0;
    }
    struct swiss_state x;
    if (op_swiss_state_load(o->db, e, NULL, 0, &x) != CW_OK) {
        op_swiss_state_free(&x);
        problem_internal(pb, "reading the Swiss");
        return -1;
    }
    int i = op_swiss_entry_index(&x, pid);
    int last = x.n_rounds ? x.rounds[x.n_rounds - 1].round : 0;
    if (i < 0 || x.entries[i].withdrawn) {
        const char *why = i < 0 ? "is not entered" : "has already withdrawn";
        problem_set(pb, i < 0 ? 422 : 409, i < 0 ? "validation" : "already-withdrawn",
                    "Cannot withdraw this player", "Player %lld %s in %s.", (long long)pid, why,
                    e->name);
        problem_field(pb, "player_id", "%s", why);
        op_swiss_state_free(&x);
        return -1;
    }
    struct swiss_entry_row row = {pid, x.entries[i].start_wins, x.joined[i], last};
    int rc = db_swiss_entry_put(o->db, e->id, &row);
    /* during a round: the match under way is lost by walkover */
    struct match *m = NULL;
    for (int k = 0; k < x.n_matches; k++)
        if (x.matches[k].round == last && !match_finished(&x.matches[k]) &&
            (x.matches[k].player[0] == pid || x.matches[k].player[1] == pid))
            m = &x.matches[k];
    json_t *walkover = json_null();
    if (rc == CW_OK && m) {
        json_t *before = op_match_record_json(m);
        int side = m->player[1] == pid;
        if (op_match_decide_unplayed(o, m, pb, MS_WITHDRAWN, 1 - side, ME_WALKOVER)) {
            json_decref(before);
            op_swiss_state_free(&x);
            return -1;
        }
        rc = op_match_save(o, m, before, "match.withdraw");
        if (rc == CW_OK) {
            json_decref(walkover);
            walkover = op_match_json(o->db, m);
        }
    }
    json_t *out = json_pack("{s:I, s:I, s:i, s:o}", "event_id", (json_int_t)e->id, "player_id",
                            (json_int_t)pid, "withdrawn_round", last, "walkover", walkover);
    if (rc == CW_OK) {
        char *a = json_dumps(out, JSON_COMPACT);
        rc = db_audit(o->db, e->tournament_id, o->now_ms, o->who.actor, "swiss.withdraw", "event",
                      e->id, NULL, a);
        free(a);
    }
    if (rc == CW_OK)
        rc = op_emit(o->db, e->tournament_id, o->now_ms, "swiss.withdraw", json_incref(out));
    op_swiss_state_free(&x);
    if (rc != CW_OK) {
        json_decref(out);
        problem_internal(pb, "withdrawing the player");
        return -1;
    }
    *reply = out;
    return 0;
}
