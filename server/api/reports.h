/* Reports of matches (api_reports.c), the results a request brings (report_games.c) and
 * the games of the phones (api_games.c). */
#ifndef API_REPORTS_H
#define API_REPORTS_H

#include <jansson.h>

#include "api/api.h"
#include "api/fields.h"
#include "ops/replay/report_check.h"
#include "ops/replay/report_in.h"
#include "store/store.h"

/* The fields of one game result {winner, cube, result, level}, and its values. */
enum { G_WINNER, G_CUBE, G_RESULT, G_LEVEL, G__N };
extern const struct api_field api_game_fields[];
struct game_in api_game_in(const struct api_val *v);

/* The fields of a result: a player's report (api_report_fields, up to R__PLAYERS) or the
 * TD's verdict (api_verdict_fields: a result, or a player's report_id; a reason; whether
 * a cascade of undone results is confirmed). */
enum {
    R_SCORE,
    R_GAME,
    R_GAMES,
    R_TRANSCRIPT,
    R_MAT,
    R_ORDER,
    R__PLAYERS,
    R_REPORT_ID = R__PLAYERS,
    R_REASON,
    R_CASCADE,
    R__N
};
extern const struct api_field api_report_fields[];
extern const struct api_field api_verdict_fields[];
/* The result the checked values v bring (exactly one of score, game, games, transcript,
 * mat), parsed into in (free it with report_in_free): 0, or -1 with the problem in pb. */
int api_report_in(const struct api_val *v, struct report_in *in, struct problem *pb);

#endif
