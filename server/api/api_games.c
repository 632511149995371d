/* Game by game, from the phones: the route checks who asks and the game, then a side's
 * game is added or its last one taken back (ops/games.c), in the frame of a match's change
 * (match_change.c). */
#include "api/fields.h"
#include "api/handlers.h"
#include "api/matches.h"
#include "api/reports.h"
#include "api/tx.h"
#include "ops/games.h"

/* The operation's problem, if any, becomes the reply: -1; else 0. */
static int replied(struct api_resp *resp, struct problem *pb, int rc)
{
    if (rc)
        api_reply_problem(resp, pb);
    return rc ? -1 : 0;
}

static int append_game(struct api_req *req, struct match *m, struct api_resp *resp,
                       const char **action)
{
    int side = api_player_side(req, m, resp);
    if (side < 0 || api_report_open(req, m, resp))
        return -1;
    if (api_check_fields(req->json, api_game_fields, 0, resp))
        return -1;
    struct game_in g = api_game_in(req->json);
    struct op o = api_op(req);
    struct problem pb = {0, NULL};
    return replied(resp, &pb, op_game_add(&o, m, side, &g, &pb, action));
}

void api_match_add_game(struct api_req *req, struct api_resp *resp)
{
    api_match_change(req, resp, "match.game", append_game);
}

static int drop_last_game(struct api_req *req, struct match *m, struct api_resp *resp,
                          const char **action)
{
    int side = api_player_side(req, m, resp);
    if (side < 0 || api_report_open(req, m, resp))
        return -1;
    struct op o = api_op(req);
    struct problem pb = {0, NULL};
    return replied(resp, &pb, op_game_undo(&o, m, side, &pb, action));
}

void api_match_undo_game(struct api_req *req, struct api_resp *resp)
{
    api_match_change(req, resp, "match.game_undone", drop_last_game);
}
