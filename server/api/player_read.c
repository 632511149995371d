/* Reading the players a route names; see player_read.h. */
#include "api/player_read.h"

#include <stdlib.h>

#include "api/tx.h"
#include "ops/records/load.h"

static int read_player(struct api_req *req, const struct op *o, void *in, struct api_resp *resp)
{
    struct problem pb = {0, NULL};
    if (op_player_load(o, req->ids[0], req->ids[1], in, &pb))
        return api_refuse(resp, &pb);
    return 0;
}

int api_read_player(struct api_req *req, struct api_resp *resp, struct player *p)
{
    return api_read(req, resp, read_player, p);
}

struct players_read {
    struct tournament *t;
    struct player **ps;
    int *n;
};

static int read_players(struct api_req *req, const struct op *o, void *in, struct api_resp *resp)
{
    struct players_read *q = in;
    struct problem pb = {0, NULL};
    if (op_players_load(o, req->ids[0], q->t, q->ps, q->n, &pb))
        return api_refuse(resp, &pb);
    return 0;
}

int api_read_players(struct api_req *req, struct api_resp *resp, struct tournament *t,
                     struct player **ps, int *n)
{
    struct players_read q = {t, ps, n};
    return api_read(req, resp, read_players, &q);
}
