/* Who plays a side of a match: its player, or a member of a doubles pair (DAVIS-1). */
#include "ops/people/access.h"

#include "tourney/davis.h"

/* A Davis Cup consultation doubles: either member of the pair plays its side. Whether a
 * rubber takes reports now is ops/davis/davis.c's op_davis_rubber_open. */
static int doubles_side(struct db *db, int64_t player_id, const struct match *m)
{
    if (!m->tie_id || davis_rubbers[(m->rubber - 1) % 5].phase != 2)
        return -1;
    struct davis_tie_row tie;
    if (db_davis_tie_get(db, m->tie_id, &tie) != CW_OK)
        return -1;
    int64_t team = db_davis_team_of_player(db, m->event_id, player_id);
    return team > 0 && team == tie.team[0] ? 0 : team > 0 && team == tie.team[1] ? 1 : -1;
}

int op_match_side(struct db *db, int64_t player_id, int64_t player_tournament,
                  const struct match *m)
{
    if (!player_id || player_tournament != m->tournament_id)
        return -1;
    for (int s = 0; s < 2; s++)
        if (m->player[s] == player_id)
            return s;
    return doubles_side(db, player_id, m);
}

int op_match_players(struct db *db, const struct match *m, int64_t out[4])
{
    int n = 0;
    int doubles = m->tie_id && davis_rubbers[(m->rubber - 1) % 5].phase == 2;
    struct davis_tie_row tie;
    if (doubles && db_davis_tie_get(db, m->tie_id, &tie) != CW_OK)
        return -1;
    for (int s = 0; s < 2; s++) {
        struct davis_team_row team;
        /* the pair of a consultation doubles plays its side, both members */
        if (doubles && tie.team[s]) {
            if (db_davis_team_get(db, tie.team[s], &team) != CW_OK)
                return -1;
            for (int k = 0; k < 2; k++)
                if (team.player[k])
                    out[n++] = team.player[k];
        } else if (m->player[s]) {
            out[n++] = m->player[s];
        }
    }
    return n;
}
