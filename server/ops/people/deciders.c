/* Who may decide about a match (GOV-6, GOV-6a, 003 5.1, 1.3 i): every decision about a
 * match asks here, so that a party cannot decide through another door than the ruling's,
 * nor through a machine token, nor by first unlinking themselves from their player. */
#include "ops/people/deciders.h"

#include <stdlib.h>
#include <string.h>

#include "ops/people/access.h"
#include "store/store.h"

int64_t op_acting_official(const struct op *o)
{
    if (o->who.official_id)
        return o->who.official_id;
    if (!o->who.token_id)
        return 0;
    struct machine_token k;
    if (db_token_get(o->db, o->who.token_id, &k) != CW_OK)
        return -1;
    return k.created_by; /* a token acts for the official who made it */
}

/* Whether official id is linked to one of the n players: 1 or 0, -1 when the database
 * failed. */
static int linked(struct db *db, const struct match *m, const int64_t *players, int n, int64_t id)
{
    for (int i = 0; i < n; i++) {
        struct player p;
        if (db_player_get(db, m->tournament_id, players[i], &p) != CW_OK)
            return -1;
        if (p.official_id == id)
            return 1;
    }
    return 0;
}

/* Another TD who can decide: role TD or head TD, active, not the one who acts, and not a
 * party to the match either. 1 or 0, -1 when the database failed. */
static int another_td(struct db *db, const struct match *m, const int64_t *players, int n,
                      int64_t me)
{
    struct official *all = NULL;
    int count = 0, found = 0;
    if (db_officials_list(db, &all, &count) != CW_OK)
        return -1;
    for (int i = 0; i < count && !found; i++) {
        if (all[i].id == me || strcmp(all[i].status, "active") ||
            (all[i].role != ROLE_HEAD && all[i].role != ROLE_TD))
            continue;
        int party = linked(db, m, players, n, all[i].id);
        if (party < 0) {
            free(all);
            return -1;
        }
        found = !party;
    }
    free(all);
    return found;
}

static void rule(struct problem *pb)
{
    json_object_set_new(pb->json, "rule", json_string("GOV-6a"));
}

int op_may_decide(const struct op *o, const struct match *m, int agreed, struct problem *pb)
{
    if (o->who.role == ROLE_ASSISTANT && !agreed) {
        problem_set(pb, 403, "assistant-decides-nothing", "Assistants decide nothing",
                    "An assistant records what both players of match %lld agree on; deciding "
                    "it (a score in a dispute, a correction, a forfeit, points) is a TD's "
                    "(GOV-6a).",
                    (long long)m->id);
        rule(pb);
        return -1;
    }
    int64_t me = op_acting_official(o);
    int64_t players[4];
    int n = me > 0 ? op_match_players(o->db, m, players) : 0;
    int party = me > 0 && n > 0 ? linked(o->db, m, players, n, me) : 0;
    int other = party == 1 ? another_td(o->db, m, players, n, me) : 0;
    if (me < 0 || n < 0 || party < 0 || other < 0) {
        problem_internal(pb, "reading who may decide");
        return -1;
    }
    if (party && other) {
        problem_set(pb, 403, "party-to-the-match", "You play in this match",
                    "You are a party to match %lld (a player of it is linked to you%s): "
                    "another TD decides about it (GOV-6, GOV-6a).",
                    (long long)m->id, o->who.token_id ? ", who made this machine token" : "");
        rule(pb);
        return -1;
    }
    return party;
}

int op_decider_check(const struct op *o, const struct match *m, int agreed, struct problem *pb)
{
    int rc = op_may_decide(o, m, agreed, pb);
    if (rc != 1)
        return rc;
    problem_set(pb, 409, "committee-decides", "The Committee decides",
                "You are a party to match %lld and no other TD (active, not a party) can "
                "decide about it: record the decision as a ruling (POST "
                "/api/v1/tournaments/%lld/matches/%lld/rulings), which waits for the "
                "Tournament Committee (GOV-6, GOV-6a).",
                (long long)m->id, (long long)m->tournament_id, (long long)m->id);
    rule(pb);
    return -1;
}

int op_link_check(const struct op *o, int64_t before, int64_t after, struct problem *pb)
{
    if (before == after)
        return 0;
    int64_t me = op_acting_official(o);
    if (me < 0) {
        problem_internal(pb, "reading who acts");
        return -1;
    }
    if (!me || (before != me && after != me))
        return 0;
    problem_set(pb, 403, "own-link", "Not your own link",
                "An official does not change which player they are: another official links "
                "or unlinks you (GOV-6a).");
    problem_field(pb, "official_id", "is a link of your own, which another official changes");
    rule(pb);
    return -1;
}
