/* Reports of matches (api_reports.c) and the games they carry (api_games.c). */
#ifndef API_REPORTS_H
#define API_REPORTS_H

#include <jansson.h>

#include "api/api.h"
#include "api/fields.h"
#include "store/store.h"

json_t *api_report_json(struct db *db, const struct report *r, const struct match *m);
/* The games of a report of match m as summaries (game, winner, result, cube, points,
 * crawford, the score before and after), whatever the report's kind. */
json_t *api_report_games_json(struct db *db, const struct report *r, const struct match *m);
/* A game-by-game report of match m replayed as it stands (penalties and MATCH-3's length
 * correction included): its number of games and the running score. 0, or -1 when it is
 * not a game-by-game report or cannot be replayed. */
int api_report_games_score(struct db *db, const struct report *r, const struct match *m,
                           int *n_games, int score[2]);
/* The report without its list of games: score, completeness, winner, the number of games
 * and the last one (consumed), for the answer to each game reported. */
json_t *api_report_brief(const struct report *r, json_t *last_game);

/* Reads a report body for match m and checks it: {"score"} (MATCH-1), or with the rules
 * engine {"game"}, {"games"}, {"transcript"}, {"mat"} (api_games.c). 0, or -1 with the
 * problem in resp. */
int api_report_from_json(struct api_req *req, const struct match *m, json_t *body, struct report *r,
                         struct api_resp *resp);
int api_report_games(struct api_req *req, const struct match *m, json_t *body, struct report *r,
                     struct api_resp *resp);
/* The fields of one game result {winner, cube, result, level}. */
extern const struct api_field api_game_fields[];
/* 0 when the match takes reports; else 409 in resp. */
int api_report_open(struct api_req *req, const struct match *m, struct api_resp *resp);
/* The side of the logged-in player in m, or -1 with the refusal in resp: 401 with no
 * session, 403 to the TD's session (the players report) or to a player of another match. */
int api_player_side(struct api_req *req, const struct match *m, struct api_resp *resp);
/* Recomputes the match's state from both sides' current reports (MATCH-7). */
int api_report_settle(struct api_req *req, struct match *m, struct api_resp *resp,
                      const char **action);

/* What depends on a result registers here (brackets, chip counts, team ties). A hook
 * runs inside the transaction that decides or corrects match m; it may refuse (a problem
 * in resp, -1), which undoes everything. */
typedef int (*api_result_hook)(struct api_req *req, struct match *m, const struct match *before,
                               struct api_resp *resp);
void api_results_register(api_result_hook hook);
/* Runs the hooks for match m, decided or corrected from `before`. */
int api_results_run(struct api_req *req, struct match *m, const struct match *before,
                    struct api_resp *resp);

#endif
