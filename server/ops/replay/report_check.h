/* The games of a report checked by the rules engine (report_check.c). */
#ifndef OPS_REPORT_CHECK_H
#define OPS_REPORT_CHECK_H

#include <jansson.h>

#include "ops/frame/problem.h"
#include "rules/bg_match.h"
#include "store/store.h"

struct cw_text;

/* One game result as a phone reports it (checked): its winner (0 = a, 1 = b), the cube its
 * points count from, how it ended ("single", "gammon", "backgammon", "drop", "resign") and
 * a resignation's level (0: none given). */
struct game_in {
    int winner;
    int cube;
    const char *result;
    int level;
};

/* 422 naming the game, the move, the side, the rule and the engine's sentence. */
void op_report_refuse(struct problem *pb, const bg_err *e, int swap);
/* The rules match m is played under: its length (0 = one Swing game) and the tournament's
 * illegal-move policy (MATCH-6). 0, or -1 with a 500 in pb. */
int op_report_rules_of(struct db *db, const struct match *m, bg_rules *rules, struct problem *pb);
/* Fills r's score, winner and completeness from a replay; summaries: also its games as JSON
 * summaries. last, when not NULL, receives the summary of the last game written as JSON text
 * (nothing when no game). 0, or -1 when out of memory. */
int op_report_fill(struct report *r, const bg_match_report *rep, int length, int swap,
                   int summaries, struct cw_text *last);
/* Appends one game to a compact list "a:1:single,b:2:drop,a:1:resign:2" (malloc'd, NULL
 * when out of memory). */
char *op_report_compact_append(const char *text, const struct game_in *g);
/* Checks a compact list of score-only games (consumed) against match m (the engine replays
 * them: each result against the match so far) and fills r (its games = the list, its replay
 * the state after them); when prev (may be NULL) is the report whose games the list goes
 * on, only the new games are replayed, from prev's stored state, if it still fits the match
 * (else all). last (may be NULL) receives the last game's summary as JSON text. 0, or -1
 * with the problem in pb. */
int op_report_check_compact(struct db *db, const struct match *m, char *compact,
                            const struct report *prev, struct report *r, struct problem *pb,
                            struct cw_text *last);
/* A replay's state as stored with its report (reports.replay; at most 12 numbers of 11
 * characters and a space: struct report's replay holds it), and read back: 0, or -1 when
 * the text is not one. */
#define OP_REPORT_STATE_MAX 160
void op_report_state_text(const bg_match_state *s, char out[OP_REPORT_STATE_MAX]);
int op_report_state_read(const char *text, bg_match_state *s);

/* MATCH-1, MATCH-5: a final score (told a-b) of match m as a complete score-only report r
 * (zeroed first, made at now_ms): the points beyond the length cut, the penalty points
 * already in the score kept. 0, or -1 with a 422 naming the field `field` in pb (or a 500
 * when out of memory). The players' reports and the TD's verdicts and rulings share it. */
int op_report_of_score(const struct match *m, int a, int b, int64_t now_ms, const char *field,
                       struct report *r, struct problem *pb);

/* transcript.c: replays transcript record *rec (read by the API; consumed) of match m under
 * the tournament's rules: which column is side a by the players' names (order "ab" or "ba"
 * overrides, may be NULL); a transcript that starts later than 0-0 continues the match's
 * verified games (MATCH-2); a player's is replayed with the penalties the TD gave (is_td:
 * the TD's own may record them, PEN-5); a match completed at a wrong length stands,
 * flagged (MATCH-3). Fills r (kind "transcript"; its text is the caller's). 0, or -1 with
 * the problem in pb. */
int op_report_transcript(struct db *db, const struct match *m, bg_match_rec *rec, const char *order,
                         int is_td, struct report *r, struct problem *pb);

#endif
