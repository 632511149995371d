/* A Swiss's entrants (SWISS-1): a late entry joins the next round with the wins the TD
 * sets (or the event's late_wins); a withdrawal between rounds drops the player from the
 * pairing, and one during a round names the match to be lost by walkover. The routes are
 * api/api_swiss.c. */
#include "ops/swiss/swiss_acts.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ops/frame/record.h"
#include "ops/swiss/swiss.h"

static int not_swiss(const struct event *e, struct problem *pb)
{
    problem_set(pb, 409, "not-swiss", "Not a Swiss event", "%s is a %s event.", e->name,
                event_kind_name(e->kind));
    return -1;
}

int op_swiss_enter(const struct op *o, struct event *e, int64_t pid, int start_wins, json_t **reply,
                   struct problem *pb)
{
    if (e->kind != EK_SWISS)
        return not_swiss(e, pb);
    if (e->state == ES_FINISHED) {
        problem_set(pb, 409, "event-finished", "The Swiss is over",
                    "%s has ended; it takes no more entries.", e->name);
        return -1;
    }
    struct swiss_state x;
    int rc = op_swiss_state_load(o->db, e, NULL, 0, &x);
    int next = x.n_rounds ? x.rounds[x.n_rounds - 1].round + 1 : 1;
    op_swiss_state_free(&x);
    if (start_wins < 0) /* late_wins is a late entry's; before round 1 everyone has 0 */
        start_wins = next > 1 ? e->settings.swiss.late_wins : 0;
    struct swiss_entry_row row = {pid, start_wins, next, 0};
    if (rc == CW_OK)
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

int op_swiss_withdraw(const struct op *o, struct event *e, int64_t pid, int64_t *mid, int *winner,
                      json_t **reply, struct problem *pb)
{
    *mid = 0;
    *winner = 0;
    if (e->kind != EK_SWISS)
        return not_swiss(e, pb);
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
    for (int k = 0; k < x.n_matches; k++) {
        const struct match *m = &x.matches[k];
        if (m->round == last && !match_finished(m) &&
            (m->player[0] == pid || m->player[1] == pid)) {
            *mid = m->id;
            *winner = m->player[0] == pid;
        }
    }
    json_t *out = json_pack("{s:I, s:I, s:i}", "event_id", (json_int_t)e->id, "player_id",
                            (json_int_t)pid, "withdrawn_round", last);
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
