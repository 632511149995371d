/* A tournament created or changed by the TD (tournaments.c), and the record's JSON as the
 * replies, the audit log and the stream carry it. */
#ifndef OPS_TOURNAMENTS_H
#define OPS_TOURNAMENTS_H

#include <jansson.h>

#include "ops/frame/op.h"
#include "ops/frame/problem.h"
#include "store/store.h"

/* The fields given, checked by the API: NULL or -1 for a field not given (unchanged). */
struct tournament_in {
    const char *name, *venue;
    const char *start_date, *end_date; /* "" for null: no date */
    const char *illegal_move_policy, *break_table, *clock_mode;
    int grace_minutes, step_minutes;
    int bank_per_point_s, delay_s, split_first_per_point_s;
    const char *tables; /* KO-7: the list of table labels as JSON text */
    int gap_waits_for_td; /* 0 or 1, -1 not given */
    int minutes_per_point; /* the estimate's pace until matches have ended */
    int placing_given;       /* PLACE-2: placing_order given, the stored text */
    char placing_order[48];  /* (tourney/placings.h: names joined by commas, "" shared) */
    int entries_need_approval; /* GOV-4: 0 or 1, -1 not given */
};

/* counts may be NULL (the audit log's before/after leaves them out). */
json_t *op_tournament_json(const struct tournament *t, const struct tournament_counts *counts);
/* A new tournament: the defaults, then in. Stored and audited; 0 with *t, or -1 with the
 * problem in pb (422 naming a field when the fields disagree). */
int op_tournament_create(const struct op *o, const struct tournament_in *in, struct tournament *t,
                         struct problem *pb);
/* Tournament tid changed by in (MATCH-6: the illegal-move policy only before any result),
 * stored, audited, on the stream. 0 with *t and its counts *c, or -1 with the problem. */
int op_tournament_update(const struct op *o, int64_t tid, const struct tournament_in *in,
                         struct tournament *t, struct tournament_counts *c, struct problem *pb);

#endif
