/* Reading the players a route names; see player_read.h. */
#include "api/player_read.h"

#include <stdlib.h>

int api_read_player(struct api_req *req, struct api_resp *resp, struct player *p)
{
    struct db *db = req->app->db;
    db_lock(db);
    int rc = db_player_get(db, req->ids[0], req->ids[1], p);
    db_unlock(db);
    if (rc == CW_ENOTFOUND) {
        api_problem(resp, 404, "not-found", "No such player", "Tournament %lld has no player %lld.",
                    (long long)req->ids[0], (long long)req->ids[1]);
        return -1;
    }
    if (rc != CW_OK) {
        api_internal_error(resp, "reading the player");
        return -1;
    }
    return 0;
}

int api_read_players(struct api_req *req, struct api_resp *resp, struct tournament *t,
                     struct player **ps, int *n)
{
    struct db *db = req->app->db;
    *ps = NULL;
    *n = 0;
    db_lock(db);
    int rc = db_tournament_get(db, req->ids[0], t);
    if (rc == CW_OK)
        rc = db_player_list(db, t->id, ps, n);
    db_unlock(db);
    if (rc == CW_ENOTFOUND) {
        api_problem(resp, 404, "not-found", "No such tournament", "There is no tournament %lld.",
                    (long long)req->ids[0]);
        return -1;
    }
    if (rc != CW_OK) {
        free(*ps);
        *ps = NULL;
        api_internal_error(resp, "listing players");
        return -1;
    }
    return 0;
}
