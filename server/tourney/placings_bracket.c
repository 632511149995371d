/* PLACE-1 in a bracket (placings.h): a loser's band is the round it lost in, whatever the
 * kind that holds the bracket (a knockout of players, a Davis Cup knockout of teams), so
 * both kinds place by this one function. */
#include <stdio.h>
#include <stdlib.h>

#include "tourney/knockout.h"
#include "tourney/placings.h"

int placings_bracket(struct placings *ps, const struct ko_bracket *b, const struct ko_mview *v)
{
    int nm = ko_match_count(b), R = b->rounds;
    /* reached[r]: the entrants who play in round r or pass it by a bye (a side that is not
     * empty: a player, a winner to come, a late or vacant place still to fill) */
    int *reached = calloc((size_t)R + 2, sizeof *reached);
    if (!reached)
        return -1;
    for (int m = 0; m < nm; m++)
        for (int s = 0; s < 2; s++)
            reached[v[m].round] += v[m].side[s].kind != KO_SIDE_EMPTY;
    reached[R + 1] = 1;
    for (int s = 0; s < b->size; s++) {
        int64_t id = b->slots[s].id;
        if (id <= 0 || placings_find(ps, id))
            continue;
        struct placing *p = placings_add(ps, id);
        if (!p) {
            free(reached);
            return -1;
        }
        p->stage = 2 * (R + 1); /* doubled: room for the play-off for 3rd between */
        p->reason = PLACE_R_IN_PLAY;
        snprintf(p->why, sizeof p->why, "still in play");
    }
    for (int m = 0; m < nm; m++) {
        if (v[m].state != KO_M_DONE || v[m].winner < 0)
            continue;
        int r = v[m].round;
        const struct ko_side *lost = &v[m].side[1 - v[m].winner];
        struct placing *p = lost->kind == KO_SIDE_PLAYER ? placings_find(ps, lost->id) : NULL;
        if (p) {
            p->stage = 2 * r;
            p->out = 1;
            p->place_from = reached[r + 1] + 1;
            p->place_to = reached[r] > reached[r + 1] ? reached[r] : reached[r + 1] + 1;
            placings_ko_why(p, r, R, 0);
        }
        const struct ko_side *won = &v[m].side[v[m].winner];
        p = r == R && won->kind == KO_SIDE_PLAYER ? placings_find(ps, won->id) : NULL;
        if (p) {
            p->out = 1;
            p->place_from = p->place_to = 1;
            placings_ko_why(p, r, R, 1);
        }
    }
    free(reached);
    return 0;
}
