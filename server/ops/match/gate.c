/* Whether a match takes its players' reports now: its event's kind's rule (ops/event/kinds.c),
 * the event read once. */
#include "ops/match/gate.h"

#include "ops/event/kinds.h"
#include "store/store.h"

int op_event_match_open(const struct op *o, const struct event *e, const struct match *m, int by_td,
                        struct problem *pb)
{
    const struct event_kind_ops *k = op_kind(e->kind);
    return k->gate ? k->gate(o, e, m, by_td, pb) : 0;
}

int op_match_open(const struct op *o, const struct match *m, int by_td, struct problem *pb)
{
    if (!m->event_id)
        return 0; /* a standalone match has no event to keep it */
    struct event e;
    if (db_event_get(o->db, m->tournament_id, m->event_id, &e) != CW_OK) {
        problem_internal(pb, "reading the event");
        return -1;
    }
    return op_event_match_open(o, &e, m, by_td, pb);
}
