/* The HTTP API's JSON game records both ways: match records into the rules engine's structs,
 * records, replay reports and errors back out (here, not in rules/, which must not use jansson). */
#ifndef BG_JSON_H
#define BG_JSON_H

#include <jansson.h>

#include "rules/bg_match.h"

/* Reads a match record:
 *   {"match_length": 5, "players": ["Alice", "Bob"],
 *    "rules": {"policy": "legal"|"responsible", "holland": false, "swing": false,
 *              "automatic_doubles": 0, "beavers": 0, "jacoby": false},        (optional)
 *    "complete": false,                                                       (optional)
 *    "games": [ {"score_before": [0, 0],                                      (optional)
 *                "actions": [ {"type": "move", "side": 1, "dice": [6, 4],
 *                              "play": "24/18 13/9" | [[24, 18], [13, 9]]},
 *                             {"type": "double", "side": 0, "cube": 2},      (cube optional)
 *                             {"type": "take"|"drop"|"accept"|"reject", "side": 1},
 *                             {"type": "beaver", "side": 1, "cube": 4},
 *                             {"type": "resign", "side": 0, "level": 1..3 | "single"|...},
 *                             ... ],
 *                "result": {"winner": 1, "how": "single"|"gammon"|"backgammon"|"drop"|
 *                           "resign", "cube": 2, "level": 2, "points": 4}},   (optional)
 *               {"result": {...}} ],            (a game without "actions": score-only)
 *    "penalties": [{"before_game": 3, "side": 0, "points": 1}]}             (optional)
 * A play given as text is read with the notation module (any step order, merged paths such
 * as "24/13", "bar/22*", "13/7(2)"), following the position from the start of the game.
 * Returns 0, or -1 with err (rule "JSON", game and move = the 1-based action index, and a
 * sentence naming the field). rec is filled as far as it got: free it with bg_match_rec_free
 * in both cases. */
int bg_json_to_match(const json_t *j, bg_match_rec *rec, bg_err *err);

/* The record as JSON in the format above (plays as step arrays). NULL when out of memory. */
json_t *bg_json_from_match(const bg_match_rec *rec);

/* A replay report: {"valid", "match_length", "players", "games": [{"game", "score_before",
 * "crawford", "post_crawford", "score_only", "winner", "how", "cube", "points", "resigned",
 * "level", "turns", "score_after"}...], "final_score", "match_score", "over", "winner",
 * "turns", "notes": [errors], "error": error (when invalid)}. "final_score" is the running
 * score, not capped (as gnubg records it); "match_score" is capped at the match length
 * (MATCH-1). "winner" is a name or null. */
json_t *bg_json_from_report(const bg_match_rec *rec, const bg_match_report *rep);

/* {"game", "move", "side", "rule", "message"}. */
json_t *bg_json_from_err(const bg_err *e);

/* A JSON string of s, with bytes that are not UTF-8 replaced by '?' (names in .mat files can
 * be anything; jansson accepts only UTF-8). */
json_t *bg_json_string(const char *s);

const char *bg_json_how(int how);

#endif
