/* Reading the players a route names (the ids of its path): one player, or a tournament
 * with all its players. On failure the problem reply is written (404 naming what is
 * missing, 500 otherwise) and -1 returned, so the route returns at once (API_REPLIES). */
#ifndef API_PLAYER_READ_H
#define API_PLAYER_READ_H

#include "api/handlers.h"
#include "store/store.h"

/* The player req->ids[1] of tournament req->ids[0]. */
API_REPLIES int api_read_player(struct api_req *req, struct api_resp *resp, struct player *p);
/* Tournament req->ids[0] and its players (*ps, n of them: the caller frees *ps). */
API_REPLIES int api_read_players(struct api_req *req, struct api_resp *resp, struct tournament *t,
                                 struct player **ps, int *n);

#endif
