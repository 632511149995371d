/* A stored report's games replayed by the rules engine as they stand (penalty points and
 * MATCH-3's length correction included): their summaries and the running score, for the
 * replies, the Swing ledger and MATCH-3. Also the pieces the API's report checks share. */
#ifndef OPS_REPORT_REPLAY_H
#define OPS_REPORT_REPLAY_H

#include <jansson.h>
#include <stdint.h>

#include "rules/bg_match.h"
#include "tourney/model.h"

struct db;
struct cw_text;

/* The games of report r of match m as summaries (game, winner, result, cube, points,
 * crawford, the score before and after), whatever the report's kind. */
json_t *op_report_games_json(struct db *db, const struct report *r, const struct match *m);
/* A game-by-game report of match m replayed as it stands: its number of games and the
 * running score. 0, or -1 when it is not a game-by-game report or cannot be replayed. */
int op_report_games_score(struct db *db, const struct report *r, const struct match *m,
                          int *n_games, int score[2]);

/* The BG_HOW_* of "single", "gammon", "backgammon", "drop" (else a resignation). */
int op_report_how_of(const char *s);
/* "single", "gammon", ... for a BG_HOW_* (and "" for none). */
const char *op_report_how_name(int how);
/* The length a record of match m begins at, and MATCH-3's correction when the TD made one. */
void op_report_record_length(const struct match *m, bg_match_rec *rec);
/* One game's summary; swap: side a is the record's player 1. */
json_t *op_report_summary_json(const bg_game_summary *g, int number, int swap);
/* The same summary written as JSON text into t (the bytes json_dumps writes of the value). */
void op_report_summary_text(struct cw_text *t, const bg_game_summary *g, int number, int swap);
/* MATCH-5: the penalty points of match `match_id` into rec, in order of the game they come
 * before. 0 or -1. */
int op_report_add_penalties(struct db *db, int64_t match_id, bg_match_rec *rec, int swap);
/* A games report is stored compactly: "a:1:single,b:2:drop,a:1:resign:2" (winner, cube,
 * how, and a resignation's level). Adds the games of such a list to rec. 0, or -1 if the
 * text is not one. */
int op_report_rec_from_compact(const char *text, bg_match_rec *rec);

#endif
