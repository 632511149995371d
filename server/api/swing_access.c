/* Who may report a Swing game, and when: players report and confirm only the games of the
 * current round (a game of an earlier round, left open when the TD forced the next one,
 * would otherwise move chips from stacks that later rounds already played on); the TD
 * still verifies or corrects it. Registered as an extension of the match routes. */

#include <stdlib.h>
#include <string.h>

#include "api/handlers.h"
#include "api/matches.h"

/* Players report and confirm only the games of the current round: a game of an earlier
 * round (left open when the TD forced the next one) would otherwise move chips from
 * stacks that later rounds already played on. The TD still verifies or corrects it. */
static int gate(struct api_req *req, const struct match *m, struct api_resp *resp)
{
    if (m->length != 0 || !m->event_id || req->is_td)
        return 0;
    struct db *db = req->app->db;
    struct event e;
    struct swing_round_row *rounds = NULL;
    int n = 0;
    int rc = db_event_get(db, m->tournament_id, m->event_id, &e);
    if (rc == CW_OK && strcmp(e.kind, "swing"))
        return 0;
    if (rc == CW_OK)
        rc = db_swing_rounds(db, e.id, &rounds, &n);
    int current = n ? rounds[n - 1].round : 0;
    free(rounds);
    if (rc != CW_OK) {
        api_internal_error(resp, "reading the Swing rounds");
        return -1;
    }
    if (m->round != current) {
        api_problem(resp, 409, "round-closed", "Not a game of the current round",
                    "Match %lld belongs to round %d of %s, but round %d is the current one: "
                    "players report and confirm only the current round's games; the TD "
                    "verifies or corrects this one.",
                    (long long)m->id, m->round, e.name, current);
        return -1;
    }
    return 0;
}

static const struct api_match_ext ext = {NULL, gate};

void api_swing_register(void)
{
    api_match_ext_register(&ext);
}
