/* Game by game, from the phones: the route checks the game into its typed input, then a
 * side's game is added or its last one taken back (ops/match/games.c) in the match's frame
 * (ops/match/match_frame.c: who asks is a player of the match, and it takes reports now). */
#include "api/fields.h"
#include "api/handlers.h"
#include "api/matches.h"
#include "api/reports.h"
#include "ops/match/match_change.h"

void api_match_add_game(struct api_req *req, struct api_resp *resp)
{
    struct api_mx c = {
        .may = MX_PLAYER, .action = "match.game", .fn = op_mx_game_add, .prepare = 1};
    struct api_val v[G__N];
    struct game_in g = {0, 0, NULL, 0};
    if (!api_fields_check(req->json, api_game_fields, 0, v, &c.invalid))
        g = api_game_in(v);
    c.in = &g;
    api_match_run(req, resp, &c);
}

void api_match_undo_game(struct api_req *req, struct api_resp *resp)
{
    struct api_mx c = {.may = MX_PLAYER, .action = "match.game_undone", .fn = op_mx_game_undo};
    api_match_run(req, resp, &c);
}
