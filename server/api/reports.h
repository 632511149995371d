/* Reports of matches (api_reports.c), the games they carry (report_games.c, api_games.c). */
#ifndef API_REPORTS_H
#define API_REPORTS_H

#include <jansson.h>

#include "api/api.h"
#include "api/fields.h"
#include "ops/report_check.h"
#include "store/store.h"

json_t *api_report_json(struct db *db, const struct report *r, const struct match *m);

/* Reads a report body for match m and checks it: {"score"} (MATCH-1), or with the rules
 * engine {"game"}, {"games"}, {"transcript"}, {"mat"} (api_games.c). 0, or -1 with the
 * problem in resp. */
int api_report_from_json(struct api_req *req, const struct match *m, json_t *body, struct report *r,
                         struct api_resp *resp);
int api_report_games(struct api_req *req, const struct match *m, json_t *body, struct report *r,
                     struct api_resp *resp);
/* One game (already checked by api_game_fields) as the operations take it. */
struct game_in api_game_in(json_t *g);
/* Appends one game (already checked by api_game_fields) to a compact list (malloc'd). */
char *api_report_compact_append(const char *text, json_t *g);
/* Checks a compact list of score-only games against match m (the engine replays them: each
 * result against the match so far) and fills r (its games = the list); *last receives the
 * last game's summary. 0, or -1 with the problem in resp. */
int api_report_check_compact(struct api_req *req, const struct match *m, char *compact,
                             struct report *r, struct api_resp *resp, json_t **last);
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

#endif
