/* The handlers of the routes, one file per resource (api_*.c). */
#ifndef API_HANDLERS_H
#define API_HANDLERS_H

#include "api/api.h"

typedef void (*api_handler)(struct api_req *req, struct api_resp *resp);

/* api_auth.c */
void api_login(struct api_req *req, struct api_resp *resp);
void api_logout(struct api_req *req, struct api_resp *resp);
void api_session_get(struct api_req *req, struct api_resp *resp);
/* 1 when the request carries a valid TD session cookie. */
int api_session_valid(struct api_req *req);

/* api_tournaments.c */
void api_tournaments_list(struct api_req *req, struct api_resp *resp);
void api_tournament_create(struct api_req *req, struct api_resp *resp);
void api_tournament_get(struct api_req *req, struct api_resp *resp);
void api_tournament_update(struct api_req *req, struct api_resp *resp);

/* api_players.c */
void api_players_list(struct api_req *req, struct api_resp *resp);
void api_player_create(struct api_req *req, struct api_resp *resp);
void api_player_get(struct api_req *req, struct api_resp *resp);
void api_player_update(struct api_req *req, struct api_resp *resp);
void api_player_check_in(struct api_req *req, struct api_resp *resp);
void api_player_undo_check_in(struct api_req *req, struct api_resp *resp);
void api_player_withdraw(struct api_req *req, struct api_resp *resp);
void api_player_reinstate(struct api_req *req, struct api_resp *resp);
void api_player_new_pin(struct api_req *req, struct api_resp *resp);

/* api_audit.c */
void api_audit_list(struct api_req *req, struct api_resp *resp);
void api_health(struct api_req *req, struct api_resp *resp);

#endif
