/* Players: register, edit, check in, withdraw, reinstate, new PIN. PINs are never in a
 * list or a player's record (a copy of such a reply, in a browser's cache or a proxy's,
 * would give them away): the TD sees a PIN when it is made, reads one player's at a time
 * (api_pins.c, audited) or prints the cards; the audit log never holds one. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/fields.h"
#include "api/handlers.h"
#include "api/json.h"
#include "api/limiter.h"
#include "api/player_read.h"
#include "api/tx.h"
#include "ops/people/merge.h"
#include "ops/people/players.h"
#include "common/secret.h"
#include "store/store.h"

enum { PF_NAME, PF_COUNTRY, PF_RATING, PF_FEDID, PF_OFFICIAL, PF_CLUB, PF_EXPERIENCE, PF_EMAIL,
       PF_FLIGHT, PF__N };
static const struct api_field player_fields[] = {
    [PF_NAME] = {"name", F_STR, 1, 0, 1, P_NAME_MAX, NULL, NULL},
    [PF_COUNTRY] = {"country", F_STR, 0, 0, 0, P_COUNTRY_MAX, NULL, NULL},
    [PF_RATING] = {"rating", F_NUM, 0, 1, 0, 10000, NULL, NULL},
    [PF_FEDID] = {"federation_id", F_STR, 0, 0, 0, P_FEDID_MAX, NULL, NULL},
    [PF_OFFICIAL] = {"official_id", F_INT, 0, 1, 1, 1000000000, NULL, NULL},
    [PF_CLUB] = {"club", F_STR, 0, 0, 0, P_CLUB_MAX, NULL, NULL},
    [PF_EXPERIENCE] = {"experience", F_INT, 0, 0, 0, 1000000, NULL, NULL},
    [PF_EMAIL] = {"email", F_STR, 0, 0, 0, P_EMAIL_MAX, NULL, NULL},
    [PF_FLIGHT] = {"flight", F_STR, 0, 0, 0, P_FLIGHT_MAX, NULL, NULL},
    [PF__N] = {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

/* The fields given (checked against player_fields) as the operation takes them. */
static struct player_in player_in_of(const struct api_val *v)
{
    const struct api_val *r = &v[PF_RATING], *off = &v[PF_OFFICIAL];
    struct player_in in = {v[PF_NAME].s,  v[PF_COUNTRY].s,
                           v[PF_FEDID].s, !r->set ? PI_KEEP : r->null ? PI_NO_RATING : PI_RATING,
                           r->d,          !off->set ? PO_KEEP : off->null ? PO_NONE : PO_SET,
                           off->i,        v[PF_CLUB].s,
                           v[PF_EXPERIENCE].set ? v[PF_EXPERIENCE].i : -1,
                           v[PF_EMAIL].s, v[PF_FLIGHT].s};
    return in;
}

void api_players_list(struct api_req *req, struct api_resp *resp)
{
    struct tournament t;
    struct player *ps;
    int n;
    if (api_read_players(req, resp, &t, &ps, &n))
        return;
    json_t *arr = json_array();
    for (int i = 0; i < n; i++)
        json_array_append_new(arr, op_player_json(&ps[i], 0));
    free(ps);
    api_reply_json(resp, 200,
                   json_pack("{s:I, s:o}", "tournament_id", (json_int_t)t.id, "players", arr));
}

static int player_register(struct api_req *req, const struct op *o, void *in, struct api_resp *resp)
{
    struct player *p = in;
    struct problem pb = {0, NULL};
    if (op_player_register(o, p, &pb))
        return api_refuse(resp, &pb);
    snprintf(resp->location, sizeof resp->location, "/api/v1/tournaments/%lld/players/%lld",
             (long long)p->tournament_id, (long long)p->id);
    api_reply_json(resp, 201, op_player_json(p, 1));
    return API_DONE;
}

void api_player_create(struct api_req *req, struct api_resp *resp)
{
    struct api_val v[PF__N];
    if (api_fields(req->json, player_fields, 0, v, resp))
        return;
    struct player p;
    memset(&p, 0, sizeof p);
    p.tournament_id = req->ids[0];
    strcpy(p.status, "registered");
    struct player_in in = player_in_of(v);
    op_player_apply(&p, &in);
    cw_pin_new(p.pin);
    api_run(req, resp, player_register, &p);
}

void api_player_get(struct api_req *req, struct api_resp *resp)
{
    struct player p;
    if (api_read_player(req, resp, &p))
        return;
    api_reply_json(resp, 200, op_player_json(&p, 0));
}

/* A change of a player's record (ops/people/players.c), with what the route checked. */
struct player_cmd {
    const char *action;
    enum player_act act;
    const struct player_in *in;
    struct problem *invalid;
};

static int player_change(struct api_req *req, const struct op *o, void *in, struct api_resp *resp)
{
    const struct player_cmd *c = in;
    struct problem pb = {0, NULL};
    struct player p;
    if (op_player_change(o, req->ids[0], req->ids[1], c->action, c->act, c->in, c->invalid, &p,
                         &pb))
        return api_refuse(resp, &pb);
    if (c->act == PA_NEW_PIN) {
        /* a fresh PIN starts unlocked */
        char key[64];
        snprintf(key, sizeof key, API_PIN_KEY_FMT, (long long)p.id);
        api_limiter_reset(req->app->pin_lim, key);
        strncat(key, "@", sizeof key - strlen(key) - 1);
        api_limiter_reset_prefix(req->app->pin_pair_lim, key);
    }
    /* only a new PIN is shown in the reply: the TD has to hand it over */
    api_reply_json(resp, 200, op_player_json(&p, c->act == PA_NEW_PIN));
    return API_DONE;
}

/* The change in the frame (api_run, with the request's Idempotency-Key). */
static void change_player(struct api_req *req, struct api_resp *resp, const char *action,
                          enum player_act act, const struct player_in *in, struct problem *invalid)
{
    struct player_cmd c = {action, act, in, invalid};
    api_run(req, resp, player_change, &c);
    if (invalid) /* consumed, whether or not the frame was reached */
        problem_free(invalid);
}

void api_player_update(struct api_req *req, struct api_resp *resp)
{
    struct problem bad = {0, NULL};
    struct api_val v[PF__N];
    api_fields_check(req->json, player_fields, 1, v, &bad);
    struct player_in in = player_in_of(v);
    change_player(req, resp, "player.edit", PA_EDIT, &in, &bad);
}
void api_player_check_in(struct api_req *req, struct api_resp *resp)
{
    change_player(req, resp, "player.check_in", PA_CHECK_IN, NULL, NULL);
}
void api_player_undo_check_in(struct api_req *req, struct api_resp *resp)
{
    change_player(req, resp, "player.undo_check_in", PA_UNDO_CHECK_IN, NULL, NULL);
}
void api_player_withdraw(struct api_req *req, struct api_resp *resp)
{
    change_player(req, resp, "player.withdraw", PA_WITHDRAW, NULL, NULL);
}
void api_player_reinstate(struct api_req *req, struct api_resp *resp)
{
    change_player(req, resp, "player.reinstate", PA_REINSTATE, NULL, NULL);
}
void api_player_new_pin(struct api_req *req, struct api_resp *resp)
{
    change_player(req, resp, "player.pin_reset", PA_NEW_PIN, NULL, NULL);
}

/* Two registrations of one player: {"player_id"} merged into the player of the path
 * (ops/people/merge.c). */
static const struct api_field merge_fields[] = {
    {"player_id", F_INT, 1, 0, 1, 1000000000L, NULL, NULL},
    {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

static int player_merge(struct api_req *req, const struct op *o, void *in, struct api_resp *resp)
{
    struct problem pb = {0, NULL};
    struct player p;
    if (op_player_merge(o, req->ids[0], req->ids[1], *(const int64_t *)in, &p, &pb))
        return api_refuse(resp, &pb);
    api_reply_json(resp, 200, op_player_json(&p, 0));
    return API_DONE;
}

void api_player_merge(struct api_req *req, struct api_resp *resp)
{
    struct api_val v[1];
    if (api_fields(req->json, merge_fields, 0, v, resp))
        return;
    int64_t dup = v[0].i;
    api_run(req, resp, player_merge, &dup);
}
