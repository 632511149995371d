/* Who may act on a Davis Cup rubber, and when: either member of a pair plays its side of
 * the consultation doubles (DAVIS-1), and a phase's rubbers take reports only once the
 * phase is open (DAVIS-2). Registered as an extension of the match routes. */

#include "api/handlers.h"
#include "api/matches.h"
#include "ops/davis.h"

static int side_of(struct api_req *req, const struct match *m)
{
    if (!m->tie_id || davis_rubbers[(m->rubber - 1) % 5].phase != 2)
        return -1;
    struct db *db = req->app->db;
    struct davis_tie_row tie;
    if (db_davis_tie_get(db, m->tie_id, &tie) != CW_OK)
        return -1;
    int64_t team = db_davis_team_of_player(db, m->event_id, req->player_id);
    return team > 0 && team == tie.team[0] ? 0 : team > 0 && team == tie.team[1] ? 1 : -1;
}

static int gate(struct api_req *req, const struct match *m, struct api_resp *resp)
{
    if (!m->tie_id || m->rubber < 1 || m->rubber > 5)
        return 0;
    struct db *db = req->app->db;
    struct match rubbers[5];
    struct event e;
    if (db_tie_matches(db, m->tournament_id, m->tie_id, rubbers) != CW_OK ||
        db_event_get(db, m->tournament_id, m->event_id, &e) != CW_OK) {
        api_internal_error(resp, "reading the tie");
        return -1;
    }
    struct davis_tie_row tie;
    if (db_davis_tie_get(db, m->tie_id, &tie) == CW_OK && (!tie.team[0] || !tie.team[1])) {
        api_problem(resp, 409, "tie-waiting", "The other team is not known yet",
                    "This match belongs to a tie of %s whose %s team is still to be decided "
                    "(KO-3): it is played when both teams are known.",
                    e.name, tie.team[0] ? "second" : "first");
        return -1;
    }
    struct davis_settings s;
    op_davis_settings_of(&e, &s);
    int res[5];
    op_davis_tie_results(rubbers, NULL, res);
    struct davis_tie_state st;
    davis_tie_state(res, s.play_dead, &st);
    int phase = davis_rubbers[m->rubber - 1].phase;
    if (st.dead[m->rubber - 1] && !s.play_dead) {
        api_problem(resp, 409, "dead-rubber", "This match is not played",
                    "The tie is decided (%d-%d) and matches that can no longer change it are "
                    "not played in %s (DAVIS-2).",
                    st.wins[0], st.wins[1], e.name);
        return -1;
    }
    if (st.open_phase && phase > st.open_phase) {
        api_problem(resp, 409, "phase-closed", "This phase has not started",
                    "This is a phase-%d match: phase %d opens when every match of phase %d "
                    "is decided (DAVIS-2).",
                    phase, phase, phase - 1);
        return -1;
    }
    return 0;
}

static const struct api_match_ext ext = {side_of, gate};

void api_davis_register(void)
{
    api_match_ext_register(&ext);
}
