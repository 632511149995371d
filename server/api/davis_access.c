/* Who plays a side of a Davis Cup consultation doubles (DAVIS-1): either member of the
 * pair. Whether a rubber takes reports now is ops/davis.c's op_davis_rubber_open. */

#include "api/matches.h"
#include "ops/davis.h"

int api_davis_doubles_side(struct api_req *req, const struct match *m)
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
