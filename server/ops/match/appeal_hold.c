/* GOV-7: the matches a pending appeal holds (see appeal_hold.h). */
#include "ops/match/appeal_hold.h"

#include <stdlib.h>
#include <string.h>

#include "ops/people/access.h"
#include "store/committee.h"
#include "store/store.h"

int op_appeal_holds_load(struct db *db, int64_t tid, struct appeal_holds *h)
{
    memset(h, 0, sizeof *h);
    struct appeal_hold_row *rows = NULL;
    int n = 0;
    if (db_appeals_holding(db, tid, &rows, &n) != CW_OK)
        return CW_EDB;
    h->c = calloc((size_t)n + 1, sizeof *h->c);
    int rc = h->c ? CW_OK : CW_EDB;
    for (int i = 0; rc == CW_OK && i < n; i++) {
        struct appeal_held *c = &h->c[h->n];
        c->appeal_id = rows[i].appeal_id;
        rc = db_match_get(db, tid, rows[i].match_id, &c->m) == CW_OK &&
                     op_match_players(db, &c->m, c->people) >= 0
                 ? CW_OK
                 : CW_EDB;
        h->n += rc == CW_OK;
    }
    free(rows);
    if (rc != CW_OK)
        op_appeal_holds_free(h);
    return rc;
}

void op_appeal_holds_free(struct appeal_holds *h)
{
    free(h->c);
    h->c = NULL;
    h->n = 0;
}

/* Whether match m (of event e, or none) depends on the result of match a: a later round of
 * a's event, or an event a's losers enter. */
static int depends_on(const struct match *a, const struct match *m, const struct event *e)
{
    if (!a->event_id || m->id == a->id)
        return 0;
    if (m->event_id == a->event_id)
        return m->round > a->round;
    return e && e->kind == EK_KNOCKOUT && e->settings.ko.feeds_from == a->event_id;
}

static int share(const int64_t *x, const int64_t *y)
{
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++)
            if (x[i] && x[i] == y[j])
                return 1;
    return 0;
}

int64_t op_appeal_holding(const struct appeal_holds *h, const struct match *m,
                          const int64_t people[4], const struct event *e)
{
    for (int i = 0; i < h->n; i++)
        if (share(h->c[i].people, people) && depends_on(&h->c[i].m, m, e))
            return h->c[i].appeal_id;
    return 0;
}

int op_appeal_hold_check(const struct op *o, const struct match *m, struct problem *pb)
{
    struct appeal_holds h;
    int64_t people[4] = {0, 0, 0, 0};
    struct event e;
    int have = 0, rc = op_appeal_holds_load(o->db, m->tournament_id, &h);
    if (rc == CW_OK && h.n) {
        rc = op_match_players(o->db, m, people) >= 0 ? CW_OK : CW_EDB;
        if (rc == CW_OK && m->event_id) {
            rc = db_event_get(o->db, m->tournament_id, m->event_id, &e);
            have = rc == CW_OK;
        }
    }
    int64_t held = rc == CW_OK ? op_appeal_holding(&h, m, people, have ? &e : NULL) : 0;
    op_appeal_holds_free(&h);
    if (rc != CW_OK) {
        problem_internal(pb, "reading the appeals");
        return -1;
    }
    if (!held)
        return 0;
    problem_set(pb, 409, "appeal-pending", "Held for an appeal",
                "Match %lld depends on a match appealed in case %lld (GOV-7): it is called "
                "once the Committee decides, or when the TD releases it "
                "(POST /api/v1/tournaments/%lld/appeals/%lld/release).",
                (long long)m->id, (long long)held, (long long)m->tournament_id, (long long)held);
    json_object_set_new(pb->json, "rule", json_string("GOV-7"));
    json_object_set_new(pb->json, "appeal_id", json_integer(held));
    return -1;
}
