/* PLACE-1 in a bracket (placings.h): a loser's band is the round it lost in, whatever the
 * kind that holds the bracket (a knockout of players, a Davis Cup knockout of teams), so
 * both kinds place by this one function. */
#include <stdio.h>

#include "tourney/knockout.h"
#include "tourney/placings.h"

int placings_bracket(struct placings *ps, const struct ko_bracket *b, const struct ko_mview *v)
{
    for (int s = 0; s < b->size; s++) {
        int64_t id = b->slots[s].id;
        if (id <= 0 || placings_find(ps, id))
            continue;
        struct placing *p = placings_add(ps, id);
        if (!p)
            return -1;
        p->stage = b->rounds + 1;
        snprintf(p->why, sizeof p->why, "still in play");
    }
    int nm = ko_match_count(b);
    for (int m = 0; m < nm; m++) {
        if (v[m].state != KO_M_DONE || v[m].winner < 0)
            continue;
        const struct ko_side *lost = &v[m].side[1 - v[m].winner];
        struct placing *p = lost->kind == KO_SIDE_PLAYER ? placings_find(ps, lost->id) : NULL;
        if (p) {
            p->stage = v[m].round;
            p->out = 1;
            placings_ko_why(v[m].round, b->rounds, 0, p->why, sizeof p->why);
        }
        const struct ko_side *won = &v[m].side[v[m].winner];
        p = v[m].round == b->rounds && won->kind == KO_SIDE_PLAYER ? placings_find(ps, won->id)
                                                                   : NULL;
        if (p) {
            p->out = 1;
            placings_ko_why(v[m].round, b->rounds, 1, p->why, sizeof p->why);
        }
    }
    return 0;
}
