/* Defaults of the tournament record (DOMAIN.md PEN-1, PEN-4, CLK-1, CLK-2, MATCH-6). */
#include "tourney/model.h"

#include <stdlib.h>
#include <string.h>

void report_free(struct report *r)
{
    if (!r)
        return;
    free(r->games);
    free(r->transcript);
    free(r->flags);
    r->games = r->transcript = r->flags = NULL;
}

void tournament_defaults(struct tournament *t)
{
    memset(t, 0, sizeof *t);
    strcpy(t->illegal_move_policy, "legal");
    t->late_grace_min = 5;
    t->late_step_min = 5;
    strcpy(t->break_table, "wbgf");
    strcpy(t->clock_mode, "delay");
    t->clock_bank_per_point_s = 120;
    t->clock_delay_s = 12;
    t->clock_split_first_per_point_s = 0;
}
