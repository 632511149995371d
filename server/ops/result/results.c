/* The result cascade: everything that follows when a match is decided (reports agree, the
 * TD verifies or records a result, a forfeit, a withdrawal, a disqualification, a flag, a
 * penalty that reaches the length) or corrected, written once, in order. It runs inside
 * the operation's transaction (ops/frame/frame.c), before the decided match itself is saved; any step may
 * refuse, and then nothing of the request stays. */
#include "ops/result/results.h"

#include "ops/records/clock.h"
#include "ops/event/kinds.h"
#include "store/ratings.h"
#include "store/store.h"

int op_result_follows(const struct op *o, struct match *m, const struct match *before,
                      struct problem *pb)
{
    /* 1. the event's own step (ops/event/kinds.c), its event read once for it: SWING-3/4 a
     *    Swing game moves its chips (a game decided without play is worth a single game
     *    at cube 1), and the event finishes when one player holds every chip; DAVIS-1..4
     *    a rubber moves its tie on (dead rubbers void or revived, the tie's winner into
     *    the bracket of ties); KO-5, KO-6, KO-8 a knockout match advances its winner, a
     *    changed result undoes the later matches that depended on it (only when the TD
     *    confirms the cascade), and the events it feeds follow */
    if (m->event_id) {
        struct event e;
        if (db_event_get(o->db, m->tournament_id, m->event_id, &e) != CW_OK) {
            problem_internal(pb, "reading the event");
            return -1;
        }
        const struct event_kind_ops *k = op_kind(e.kind);
        if (k->result && k->result(o, &e, m, before, pb))
            return -1;
    }
    /* 2. CLK: a clock still running stops, as at the board after the last game */
    if (op_clock_result(o, m, before, pb))
        return -1;
    /* 3. RAT-1: a match decided for the first time takes the next place in the order the
     *    ratings are computed in; a correction or a ruling keeps the place it has, so every
     *    later change is computed again from it (ops/ratings/ratings.c reads the book) */
    if (match_decided(m) && db_rating_order_add(o->db, m->tournament_id, m->id) != CW_OK) {
        problem_internal(pb, "placing the result in the ratings' order");
        return -1;
    }
    return 0;
}
