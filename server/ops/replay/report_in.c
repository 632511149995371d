/* A result a request brings, checked against its match into a report (see report_in.h). */
#include "ops/replay/report_in.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ops/replay/report_check.h"

void report_in_free(struct report_in *in)
{
    free(in->compact);
    in->compact = NULL;
    bg_match_rec_free(&in->rec);
    memset(&in->rec, 0, sizeof in->rec);
    free(in->text);
    in->text = NULL;
}

/* MATCH-1, MATCH-5: a final score as told, for match m (op_report_of_score). */
static int read_score(const struct op *o, const struct match *m, const int told[2],
                      struct report *r, struct problem *pb)
{
    if (m->length == 0) {
        /* a score says who won, not by what: a money game's chips need the cube and
         * whether it was a gammon (SWING-3) */
        problem_set(pb, 422, "validation", "Report the game, not a score",
                    "Match %lld is one money-style game of a Swing event: report it as one "
                    "game (\"game\": {\"winner\", \"cube\", \"result\"}), or as \"games\" "
                    "or a \"transcript\" with that one game; a score does not say the cube or "
                    "the gammon the chips depend on (SWING-3).",
                    (long long)m->id);
        problem_field(pb, "score",
                      "a Swing game is reported as one game (game, games or transcript), "
                      "not as a score");
        return -1;
    }
    return op_report_of_score(m, told[0], told[1], o->now_ms, "score", r, pb);
}

int op_report_read(const struct op *o, const struct match *m, struct report_in *in,
                   struct report *r, struct problem *pb)
{
    memset(r, 0, sizeof *r);
    r->winner = -1;
    r->created_ms = o->now_ms;
    int rc = -1;
    switch (in->kind) {
    case RI_SCORE:
        rc = read_score(o, m, in->score, r, pb);
        break;
    case RI_GAMES: {
        char *compact = in->compact; /* consumed by the check */
        in->compact = NULL;
        rc = op_report_check_compact(o->db, m, compact, NULL, r, pb, NULL);
        break;
    }
    case RI_RECORD:
        rc = op_report_transcript(o->db, m, &in->rec, in->order, in->is_td, r, pb);
        memset(&in->rec, 0, sizeof in->rec); /* consumed by the replay */
        if (!rc) {
            r->transcript = in->text;
            in->text = NULL;
        }
        break;
    case RI_NONE:
        problem_internal(pb, "reading the report");
        break;
    }
    return rc;
}
