/* A result as a request brings it, typed (report_in.c): a final score, score-only games, or
 * a transcript already read, turned into a checked report of one match. The API parses the
 * body into it; what the match itself decides (its length, its penalties, the rules
 * engine's replay) is checked here. */
#ifndef OPS_REPORT_IN_H
#define OPS_REPORT_IN_H

#include "ops/frame/op.h"
#include "ops/frame/problem.h"
#include "rules/bg_match.h"
#include "store/store.h"

enum report_in_kind {
    RI_NONE = 0,
    RI_SCORE,  /* the final score */
    RI_GAMES,  /* score-only games (one money-style game, or a list) */
    RI_RECORD, /* a whole transcript (a .mat file or a JSON game record), read */
};

struct report_in {
    enum report_in_kind kind;
    int score[2];      /* RI_SCORE: as told (points beyond the length included) */
    char *compact;     /* RI_GAMES: the games as a compact list (owned) */
    bg_match_rec rec;  /* RI_RECORD: the record read (owned) */
    char *text;        /* RI_RECORD: the transcript as it is stored (owned) */
    const char *order; /* RI_RECORD: which of the file's players is side a ("ab", "ba"), or NULL */
    int is_td;         /* the TD's own result (may record penalties, PEN-5) */
};

/* Fills r (zeroed first; free it with report_free even on failure) from in for match m,
 * checking it against the match: a score (MATCH-1, MATCH-5; refused for a Swing game,
 * SWING-3), games by the rules engine, a transcript replayed (ops/replay/transcript.c). in's owned
 * parts are taken. 0, or -1 with the problem in pb. */
int op_report_read(const struct op *o, const struct match *m, struct report_in *in,
                   struct report *r, struct problem *pb);
/* Frees what in owns. */
void report_in_free(struct report_in *in);

#endif
