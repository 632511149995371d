/* The records a request names, with their refusals (see load.h). */
#include "ops/records/load.h"

#include <stdlib.h>

#include "ops/people/access.h"

/* rc as the refusal: not found (none), or the database's failure (reading `what`). */
static int refused(int rc, struct problem *pb, const char *what)
{
    if (rc != CW_ENOTFOUND)
        problem_internal(pb, what);
    return -1;
}

int op_tournament_load(const struct op *o, int64_t tid, struct tournament *t, struct problem *pb)
{
    int rc = db_tournament_get(o->db, tid, t);
    if (rc == CW_ENOTFOUND)
        return op_no_tournament(pb, tid);
    return rc == CW_OK ? 0 : refused(rc, pb, "reading the tournament");
}

int op_event_load(const struct op *o, int64_t tid, int64_t eid, struct event *e, struct problem *pb)
{
    int rc = db_event_get(o->db, tid, eid, e);
    if (rc == CW_ENOTFOUND)
        problem_set(pb, 404, "not-found", "No such event", "Tournament %lld has no event %lld.",
                    (long long)tid, (long long)eid);
    return rc == CW_OK ? 0 : refused(rc, pb, "reading the event");
}

int op_match_load(const struct op *o, int64_t tid, int64_t mid, struct match *m, struct problem *pb)
{
    int rc = db_match_get(o->db, tid, mid, m);
    if (rc == CW_ENOTFOUND)
        problem_set(pb, 404, "not-found", "No such match", "Tournament %lld has no match %lld.",
                    (long long)tid, (long long)mid);
    return rc == CW_OK ? 0 : refused(rc, pb, "reading the match");
}

int op_player_load(const struct op *o, int64_t tid, int64_t pid, struct player *p,
                   struct problem *pb)
{
    int rc = db_player_get(o->db, tid, pid, p);
    if (rc == CW_ENOTFOUND)
        return op_no_player(pb, tid, pid);
    return rc == CW_OK ? 0 : refused(rc, pb, "reading the player");
}

int op_players_load(const struct op *o, int64_t tid, struct tournament *t, struct player **ps,
                    int *n, struct problem *pb)
{
    *ps = NULL;
    *n = 0;
    int rc = db_tournament_get(o->db, tid, t);
    if (rc == CW_OK)
        rc = db_player_list(o->db, t->id, ps, n);
    if (rc == CW_OK)
        return 0;
    free(*ps);
    *ps = NULL;
    if (rc == CW_ENOTFOUND)
        return op_no_tournament(pb, tid);
    return refused(rc, pb, "listing players");
}

int op_match_private(const struct op *o, int64_t tid, int64_t mid, const char *rule,
                     struct match *m, struct problem *pb)
{
    if (op_match_load(o, tid, mid, m, pb))
        return -1;
    if (o->who.is_td || op_match_side(o->db, o->who.player_id, o->who.player_tournament, m) >= 0)
        return 0;
    problem_set(pb, 403, "not-your-match", "Not your match",
                "Only the officials and the players of match %lld see this (%s).", (long long)m->id,
                rule);
    json_object_set_new(pb->json, "rule", json_string(rule));
    return -1;
}
