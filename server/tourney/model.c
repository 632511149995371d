/* The plain records: defaults of the tournament record (DOMAIN.md PEN-1, PEN-4, CLK-1,
 * CLK-2, MATCH-6) and the states of a match. */
#include "tourney/model.h"

#include <assert.h>
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

static const char *const state_names[MS_COUNT] = {
    "scheduled", "called",    "playing",   "reported", "disputed",
    "verified",  "forfeited", "withdrawn", "void",
};

const char *match_state_name(enum match_state s)
{
    /* No input reaches a state outside the enum: states are set from its constants, and a
     * name read back (the store's rows, a flag's saved match) goes through
     * match_state_from_name, whose -1 its callers refuse. */
    assert(s >= 0 && s < MS_COUNT);
    return state_names[s];
}

int match_state_from_name(const char *name)
{
    for (int s = 0; s < MS_COUNT; s++)
        if (!strcmp(state_names[s], name))
            return s;
    return -1;
}

static const char *const end_names[ME_COUNT] = {
    "",          "played", "conceded", "lateness", "time", "disqualified",
    "withdrawn", "bye",    "walkover", "ruling",
};

const char *match_end_name(enum match_end e)
{
    /* As for states: set from the enum's constants, or read through match_end_from_name. */
    assert(e >= 0 && e < ME_COUNT);
    return end_names[e];
}

int match_end_from_name(const char *name)
{
    for (int e = 0; e < ME_COUNT; e++)
        if (!strcmp(end_names[e], name))
            return e;
    return -1;
}

int match_finished(const struct match *m)
{
    return m->state == MS_VERIFIED || m->state == MS_FORFEITED || m->state == MS_WITHDRAWN ||
           m->state == MS_VOID;
}

int match_decided(const struct match *m)
{
    return m->winner >= 0 && match_finished(m) && m->state != MS_VOID;
}

int match_holds_table(const struct match *m)
{
    return m->table[0] && (m->state == MS_CALLED || m->state == MS_PLAYING ||
                           m->state == MS_REPORTED || m->state == MS_DISPUTED);
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
    t->gap_waits_for_td = 1;
    t->minutes_per_point = 8; /* BGT measured about 8 minutes a point */
}
