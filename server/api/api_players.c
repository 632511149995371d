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
#include "common/secret.h"
#include "store/store.h"

static const struct api_field player_fields[] = {
    {"name", F_STR, 1, 0, 1, P_NAME_MAX, NULL, NULL},
    {"country", F_STR, 0, 0, 0, P_COUNTRY_MAX, NULL, NULL},
    {"rating", F_NUM, 0, 1, 0, 10000, NULL, NULL},
    {"federation_id", F_STR, 0, 0, 0, P_FEDID_MAX, NULL, NULL},
    {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

static void apply(struct player *p, json_t *j)
{
    const char *s;
    if ((s = api_str(j, "name")))
        snprintf(p->name, sizeof p->name, "%s", s);
    if ((s = api_str(j, "country")))
        snprintf(p->country, sizeof p->country, "%s", s);
    if ((s = api_str(j, "federation_id")))
        snprintf(p->federation_id, sizeof p->federation_id, "%s", s);
    json_t *r = json_object_get(j, "rating");
    if (json_is_number(r)) {
        p->has_rating = 1;
        p->rating = json_number_value(r);
    } else if (json_is_null(r)) {
        p->has_rating = 0;
        p->rating = 0;
    }
}

static void not_found_tournament(struct api_resp *resp, int64_t id)
{
    api_problem(resp, 404, "not-found", "No such tournament", "There is no tournament %lld.",
                (long long)id);
}

static void not_found_player(struct api_resp *resp, int64_t tid, int64_t pid)
{
    api_problem(resp, 404, "not-found", "No such player", "Tournament %lld has no player %lld.",
                (long long)tid, (long long)pid);
}

/* 0 when the person is not registered twice; otherwise a 409 in resp. */
static int check_duplicate(struct db *db, const struct player *p, struct api_resp *resp)
{
    int64_t same = db_player_find_same(db, p->tournament_id, p->name, p->country, p->id);
    if (same < 0) {
        api_internal_error(resp, "looking for duplicate players");
        return -1;
    }
    if (same > 0) {
        api_problem(resp, 409, "duplicate-player", "Player already registered",
                    "%s%s%s is already registered in this tournament as player %lld.", p->name,
                    p->country[0] ? " of " : "", p->country, (long long)same);
        return -1;
    }
    return 0;
}

static void conflict_federation(struct api_resp *resp, const struct player *p)
{
    api_problem(resp, 409, "duplicate-player", "Federation id already registered",
                "Federation id %s is already registered in this tournament.", p->federation_id);
    api_problem_field(resp, "federation_id", "is already registered in this tournament");
    resp->status = 409;
    json_object_set_new(resp->json, "status", json_integer(409));
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
        json_array_append_new(arr, api_player_json(&ps[i], 0));
    free(ps);
    api_reply_json(resp, 200,
                   json_pack("{s:I, s:o}", "tournament_id", (json_int_t)t.id, "players", arr));
}

void api_player_create(struct api_req *req, struct api_resp *resp)
{
    if (api_check_fields(req->json, player_fields, 0, resp))
        return;
    struct db *db = req->app->db;
    struct player p;
    memset(&p, 0, sizeof p);
    p.tournament_id = req->ids[0];
    strcpy(p.status, "registered");
    apply(&p, req->json);
    cw_pin_new(p.pin);
    if (api_begin(db, resp))
        return;
    struct tournament t;
    int rc = db_tournament_get(db, p.tournament_id, &t);
    if (rc == CW_ENOTFOUND) {
        db_rollback(db);
        {
            not_found_tournament(resp, p.tournament_id);
            return;
        }
    }
    if (rc == CW_OK && check_duplicate(db, &p, resp)) {
        db_rollback(db);
        return;
    }
    if (rc == CW_OK)
        rc = db_player_insert(db, &p, req->now_ms);
    if (rc == CW_ECONFLICT) {
        db_rollback(db);
        {
            conflict_federation(resp, &p);
            return;
        }
    }
    if (rc == CW_OK)
        rc = op_audit_change(db, t.id, req->now_ms, "player.register", "player", p.id, NULL,
                              api_player_json(&p, 0));
    if (rc == CW_OK)
        rc = op_emit(db, t.id, req->now_ms, "player.register",
                      json_pack("{s:o}", "player", api_player_json(&p, 0)));
    if (rc != CW_OK) {
        db_rollback(db);
        {
            api_internal_error(resp, "registering the player");
            return;
        }
    }
    if (db_commit(db)) {
        api_internal_error(resp, "committing the player");
        return;
    }
    snprintf(resp->location, sizeof resp->location, "/api/v1/tournaments/%lld/players/%lld",
             (long long)t.id, (long long)p.id);
    api_reply_json(resp, 201, api_player_json(&p, 1));
}

void api_player_get(struct api_req *req, struct api_resp *resp)
{
    struct player p;
    if (api_read_player(req, resp, &p))
        return;
    api_reply_json(resp, 200, api_player_json(&p, 0));
}

/* The change a player action makes, between reading and writing the record.
 * Returns 0, or -1 with a problem (409) in resp. */
typedef int (*player_change)(struct api_req *req, struct player *p, struct api_resp *resp);

static void change_player(struct api_req *req, struct api_resp *resp, const char *action,
                          player_change change)
{
    struct db *db = req->app->db;
    if (api_begin(db, resp))
        return;
    struct player p;
    int rc = db_player_get(db, req->ids[0], req->ids[1], &p);
    if (rc == CW_ENOTFOUND) {
        db_rollback(db);
        {
            not_found_player(resp, req->ids[0], req->ids[1]);
            return;
        }
    }
    if (rc != CW_OK) {
        db_rollback(db);
        {
            api_internal_error(resp, "reading the player");
            return;
        }
    }
    json_t *before = api_player_json(&p, 0);
    if (change(req, &p, resp)) {
        db_rollback(db);
        json_decref(before);
        return;
    }
    rc = db_player_update(db, &p, req->now_ms);
    if (rc == CW_ECONFLICT) {
        db_rollback(db);
        json_decref(before);
        {
            conflict_federation(resp, &p);
            return;
        }
    }
    if (rc == CW_OK)
        rc = op_audit_change(db, p.tournament_id, req->now_ms, action, "player", p.id, before,
                              api_player_json(&p, 0));
    else
        json_decref(before);
    if (rc == CW_OK)
        rc = op_emit(db, p.tournament_id, req->now_ms, action,
                      json_pack("{s:o}", "player", api_player_json(&p, 0)));
    if (rc != CW_OK) {
        db_rollback(db);
        {
            api_internal_error(resp, "updating the player");
            return;
        }
    }
    if (db_commit(db)) {
        api_internal_error(resp, "committing the player");
        return;
    }
    /* only a new PIN is shown in the reply: the TD has to hand it over */
    api_reply_json(resp, 200, api_player_json(&p, !strcmp(action, "player.pin_reset")));
}

static int do_edit(struct api_req *req, struct player *p, struct api_resp *resp)
{
    if (api_check_fields(req->json, player_fields, 1, resp))
        return -1;
    apply(p, req->json);
    return check_duplicate(req->app->db, p, resp);
}

static int do_check_in(struct api_req *req, struct player *p, struct api_resp *resp)
{
    if (!strcmp(p->status, "withdrawn")) {
        api_problem(resp, 409, "player-withdrawn", "Player withdrawn",
                    "%s has withdrawn and cannot check in; reinstate them first.", p->name);
        return -1;
    }
    if (p->checked_in_ms) {
        api_problem(resp, 409, "already-checked-in", "Already checked in",
                    "%s is already checked in.", p->name);
        return -1;
    }
    p->checked_in_ms = req->now_ms;
    return 0;
}

static int do_undo_check_in(struct api_req *req, struct player *p, struct api_resp *resp)
{
    if (!p->checked_in_ms) {
        api_problem(resp, 409, "not-checked-in", "Not checked in", "%s is not checked in.",
                    p->name);
        return -1;
    }
    p->checked_in_ms = 0;
    return 0;
}

static int do_withdraw(struct api_req *req, struct player *p, struct api_resp *resp)
{
    if (!strcmp(p->status, "withdrawn")) {
        api_problem(resp, 409, "player-withdrawn", "Already withdrawn", "%s has already withdrawn.",
                    p->name);
        return -1;
    }
    strcpy(p->status, "withdrawn");
    p->withdrawn_ms = req->now_ms;
    return 0;
}

static int do_reinstate(struct api_req *req, struct player *p, struct api_resp *resp)
{
    if (strcmp(p->status, "withdrawn")) {
        api_problem(resp, 409, "not-withdrawn", "Not withdrawn", "%s has not withdrawn.", p->name);
        return -1;
    }
    strcpy(p->status, "registered");
    p->withdrawn_ms = 0;
    return check_duplicate(req->app->db, p, resp);
}

static int do_new_pin(struct api_req *req, struct player *p, struct api_resp *resp)
{
    char pin[CW_PIN_DIGITS + 1];
    do
        cw_pin_new(pin);
    while (!strcmp(pin, p->pin));
    memcpy(p->pin, pin, sizeof pin);
    /* whoever logged in with the old PIN is logged out */
    if (db_player_sessions_delete(req->app->db, p->id, NULL)) {
        api_internal_error(resp, "ending the player's sessions");
        return -1;
    }
    char key[64];
    snprintf(key, sizeof key, API_PIN_KEY_FMT, (long long)p->id);
    api_limiter_reset(req->app->pin_lim, key); /* a fresh PIN starts unlocked */
    strncat(key, "@", sizeof key - strlen(key) - 1);
    api_limiter_reset_prefix(req->app->pin_pair_lim, key);
    return 0;
}

void api_player_update(struct api_req *req, struct api_resp *resp)
{
    change_player(req, resp, "player.edit", do_edit);
}
void api_player_check_in(struct api_req *req, struct api_resp *resp)
{
    change_player(req, resp, "player.check_in", do_check_in);
}
void api_player_undo_check_in(struct api_req *req, struct api_resp *resp)
{
    change_player(req, resp, "player.undo_check_in", do_undo_check_in);
}
void api_player_withdraw(struct api_req *req, struct api_resp *resp)
{
    change_player(req, resp, "player.withdraw", do_withdraw);
}
void api_player_reinstate(struct api_req *req, struct api_resp *resp)
{
    change_player(req, resp, "player.reinstate", do_reinstate);
}
void api_player_new_pin(struct api_req *req, struct api_resp *resp)
{
    change_player(req, resp, "player.pin_reset", do_new_pin);
}
