/* The tournament director's login: password check (Argon2id), session cookie, logout. */
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

#include "api/fields.h"
#include "api/handlers.h"
#include "api/limiter.h"
#include "common/clock.h"
#include "common/secret.h"
#include "store/store.h"

#define TD_PASSWORD_KEY "td_password_hash"

int api_session_valid(struct api_req *req)
{
    size_t n = strlen(req->session_token);
    if (n != CW_TOKEN_LEN)
        return 0;
    char h[CW_TOKEN_HASH_LEN + 1];
    cw_token_hash(req->session_token, h);
    db_lock(req->app->db);
    int ok = db_session_valid(req->app->db, h, req->now_ms);
    db_unlock(req->app->db);
    return ok == 1;
}

static const struct api_field login_fields[] = {
    {"password", F_STR, 1, 0, 1, CW_PASSWORD_MAX, NULL, NULL},
    {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

/* Password hashes being computed now: each Argon2id hash takes 64 MiB and a CPU for a
 * while, so a burst of logins is bounded here rather than by the memory of the machine. */
static atomic_int hashes_in_flight;

void api_login(struct api_req *req, struct api_resp *resp)
{
    struct app *app = req->app;
    if (api_check_fields(req->json, login_fields, 0, resp))
        return;
    const char *password = api_str(req->json, "password");
    char key[120];
    snprintf(key, sizeof key, "login:%s", req->client_key ? req->client_key : req->client_ip);
    /* counted before the hash: simultaneous wrong logins cannot all pass the check */
    int64_t wait = api_limiter_take(app->login_lim, key, req->now_ms);
    if (wait > 0) {
        snprintf(resp->retry_after, sizeof resp->retry_after, "%lld",
                 (long long)(wait + 999) / 1000);
        api_problem(resp, 429, "too-many-attempts", "Too many wrong passwords",
                    "Too many wrong passwords from this address; try again in %lld seconds.",
                    (long long)(wait + 999) / 1000);
        return;
    }

    char stored[CW_PWHASH_LEN + 1];
    db_lock(app->db);
    int rc = db_setting_get(app->db, TD_PASSWORD_KEY, stored, sizeof stored);
    db_unlock(app->db);
    if (rc == CW_ENOTFOUND) {
        api_problem(resp, 409, "no-password", "No TD password is set",
                    "No tournament director password has been set yet: run `crawford passwd` on "
                    "the server.");
        return;
    }
    if (rc != CW_OK) {
        api_internal_error(resp, "reading the TD password");
        return;
    }
    /* The slow hash runs outside the database lock so logins do not stall other requests,
     * and only so many at once. */
    if (atomic_fetch_add(&hashes_in_flight, 1) >= app->cfg.login_hashes_max) {
        atomic_fetch_sub(&hashes_in_flight, 1);
        api_limiter_refund(app->login_lim, key); /* not a try: the attempt is given back */
        snprintf(resp->retry_after, sizeof resp->retry_after, "1");
        api_problem(resp, 503, "busy", "Busy checking other logins",
                    "The server is checking other logins just now; try again in a second.");
        return;
    }
    int good = cw_password_verify(stored, password);
    atomic_fetch_sub(&hashes_in_flight, 1);
    if (!good) {
        int64_t w = api_limiter_wait_ms(app->login_lim, key, req->now_ms);
        if (w > 0) {
            snprintf(resp->retry_after, sizeof resp->retry_after, "%lld", (long long)w / 1000);
            api_problem(resp, 429, "too-many-attempts", "Too many wrong passwords",
                        "Wrong password; too many from this address, so logins from it are "
                        "refused for %lld seconds.",
                        (long long)w / 1000);
        } else {
            api_problem(resp, 401, "wrong-password", "Wrong password",
                        "The password is not the tournament director's.");
        }
        return;
    }
    api_limiter_reset(app->login_lim, key);

    char token[CW_TOKEN_LEN + 1], h[CW_TOKEN_HASH_LEN + 1];
    cw_token_new(token);
    cw_token_hash(token, h);
    int64_t expires = req->now_ms + (int64_t)app->cfg.session_hours * 3600 * 1000;
    char exp_iso[32];
    cw_iso8601(expires, exp_iso, sizeof exp_iso);
    /* the reserve: on a full disk the TD can still log in, and free space */
    if (api_begin_as(app->db, resp, 1))
        return;
    char after[128];
    snprintf(after, sizeof after, "{\"expires_at\":\"%s\"}", exp_iso);
    if (db_sessions_purge(app->db, req->now_ms) ||
        db_session_insert(app->db, h, req->now_ms, expires) ||
        db_audit(app->db, 0, req->now_ms, "td", "td.login", "session", 0, NULL, after)) {
        db_rollback(app->db);
        api_internal_error(resp, "storing the session");
        return;
    }
    if (db_commit(app->db)) {
        api_internal_error(resp, "committing the session");
        return;
    }
    snprintf(resp->set_cookie, sizeof resp->set_cookie,
             "%s=%s; Path=/; HttpOnly; SameSite=Strict; Max-Age=%d", API_SESSION_COOKIE, token,
             app->cfg.session_hours * 3600);
    api_reply_json(resp, 200, json_pack("{s:s, s:s}", "role", "td", "expires_at", exp_iso));
}

int api_player_session(struct api_req *req)
{
    if (strlen(req->player_token) != CW_TOKEN_LEN)
        return 0;
    char h[CW_TOKEN_HASH_LEN + 1];
    cw_token_hash(req->player_token, h);
    db_lock(req->app->db);
    int rc = db_player_session_get(req->app->db, h, req->now_ms, &req->player_id,
                                   &req->player_tournament);
    db_unlock(req->app->db);
    if (rc != CW_OK)
        req->player_id = req->player_tournament = 0;
    return rc == CW_OK;
}

static const struct api_field pin_fields[] = {
    {"pin", F_STR, 1, 0, 1, 32, NULL, NULL},
    {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

/* 429 with the wait in words and in Retry-After. */
static void too_many_pins(struct api_resp *resp, int64_t wait_ms, const char *whose)
{
    long long secs = (wait_ms + 999) / 1000;
    snprintf(resp->retry_after, sizeof resp->retry_after, "%lld", secs);
    api_problem(resp, 429, "too-many-attempts", "Too many wrong PINs",
                "Too many wrong PINs %s; try again in %lld minutes (%lld seconds).", whose,
                (secs + 59) / 60, secs);
}

/* PIN guessing is limited three ways, none of which locks the real player out of their
 * own phone: per address and player (pin_max_failures, then that pair is locked, longer
 * at each lock), per address for any players (pin_address_max_failures, the same), and
 * per player from all addresses together (past pin_max_failures each try waits a delay
 * that doubles up to pin_player_max_delay_s: a guesser rotating addresses gets a try a
 * minute at most, the player a short wait). The TD's new PIN clears them all. */
void api_player_login(struct api_req *req, struct api_resp *resp)
{
    struct app *app = req->app;
    int64_t tid = req->ids[0], pid = req->ids[1];
    const char *who = req->client_key ? req->client_key : req->client_ip;
    char pkey[64], pairkey[160], ikey[120];
    snprintf(pkey, sizeof pkey, API_PIN_KEY_FMT, (long long)pid);
    snprintf(pairkey, sizeof pairkey, API_PIN_KEY_FMT "@%s", (long long)pid, who);
    snprintf(ikey, sizeof ikey, "pinip:%s", who);
    if (api_check_fields(req->json, pin_fields, 0, resp))
        return;
    const char *pin = api_str(req->json, "pin");
    int64_t w;
    if ((w = api_limiter_take(app->pin_ip_lim, ikey, req->now_ms)) > 0) {
        too_many_pins(resp, w, "from this address");
        return;
    }
    if ((w = api_limiter_take(app->pin_pair_lim, pairkey, req->now_ms)) > 0) {
        api_limiter_refund(app->pin_ip_lim, ikey);
        too_many_pins(resp, w, "for this player from this address");
        return;
    }
    if ((w = api_limiter_take(app->pin_lim, pkey, req->now_ms)) > 0) {
        api_limiter_refund(app->pin_ip_lim, ikey);
        api_limiter_refund(app->pin_pair_lim, pairkey);
        too_many_pins(resp, w, "for this player lately");
        return;
    }
    struct player p;
    db_lock(app->db);
    int rc = db_player_get(app->db, tid, pid, &p);
    db_unlock(app->db);
    if (rc == CW_ENOTFOUND) {
        api_problem(resp, 404, "not-found", "No such player", "Tournament %lld has no player %lld.",
                    (long long)tid, (long long)pid);
        return;
    }
    if (rc != CW_OK) {
        api_internal_error(resp, "reading the player");
        return;
    }
    if (!cw_secret_equal(p.pin, pin)) {
        int64_t wp = api_limiter_wait_ms(app->pin_pair_lim, pairkey, req->now_ms);
        int64_t wi = api_limiter_wait_ms(app->pin_ip_lim, ikey, req->now_ms);
        if (wp > 0) {
            too_many_pins(resp, wp, "for this player from this address");
            return;
        }
        if (wi > 0) {
            too_many_pins(resp, wi, "from this address");
            return;
        }
        api_problem(
            resp, 401, "wrong-pin", "Wrong PIN",
            "That is not %s's PIN. The PIN is on the player card; the TD can give a new one.",
            p.name);
        return;
    }
    if (!strcmp(p.status, "withdrawn")) {
        api_problem(resp, 403, "player-withdrawn", "Player withdrawn",
                    "%s has withdrawn from the tournament.", p.name);
        return;
    }
    api_limiter_reset(app->pin_lim, pkey);
    api_limiter_reset(app->pin_pair_lim, pairkey);
    api_limiter_refund(app->pin_ip_lim, ikey);
    char token[CW_TOKEN_LEN + 1], h[CW_TOKEN_HASH_LEN + 1];
    cw_token_new(token);
    cw_token_hash(token, h);
    /* A player's login lasts the tournament's day or so; the TD ends it with a new PIN. */
    int64_t expires = req->now_ms + (int64_t)app->cfg.session_hours * 3600 * 1000;
    if (api_begin(app->db, resp))
        return;
    char actor[40];
    snprintf(actor, sizeof actor, "player:%lld", (long long)pid);
    if (db_player_session_insert(app->db, h, pid, tid, req->now_ms, expires) ||
        db_audit(app->db, tid, req->now_ms, actor, "player.login", "player", pid, NULL, NULL)) {
        db_rollback(app->db);
        api_internal_error(resp, "storing the session");
        return;
    }
    if (db_commit(app->db)) {
        api_internal_error(resp, "storing the session");
        return;
    }
    snprintf(resp->set_cookie, sizeof resp->set_cookie,
             "%s=%s; Path=/; HttpOnly; SameSite=Strict; Max-Age=%d", API_PLAYER_COOKIE, token,
             app->cfg.session_hours * 3600);
    api_reply_json(resp, 200,
                   json_pack("{s:s, s:I, s:I, s:s}", "role", "player", "player_id", (json_int_t)pid,
                             "tournament_id", (json_int_t)tid, "name", p.name));
}

void api_logout(struct api_req *req, struct api_resp *resp)
{
    struct app *app = req->app;
    if (req->player_token && strlen(req->player_token) == CW_TOKEN_LEN && api_player_session(req)) {
        char h[CW_TOKEN_HASH_LEN + 1];
        cw_token_hash(req->player_token, h);
        if (api_begin(app->db, resp))
            return;
        char actor[40];
        snprintf(actor, sizeof actor, "player:%lld", (long long)req->player_id);
        if (db_player_sessions_delete(app->db, req->player_id, h) ||
            db_audit(app->db, req->player_tournament, req->now_ms, actor, "player.logout", "player",
                     req->player_id, NULL, NULL)) {
            db_rollback(app->db);
            api_internal_error(resp, "ending the session");
            return;
        }
        if (db_commit(app->db)) {
            api_internal_error(resp, "ending the session");
            return;
        }
    }
    snprintf(resp->set_cookie2, sizeof resp->set_cookie2,
             "%s=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0", API_PLAYER_COOKIE);
    if (req->session_token && strlen(req->session_token) == CW_TOKEN_LEN) {
        char h[CW_TOKEN_HASH_LEN + 1];
        cw_token_hash(req->session_token, h);
        if (api_begin(app->db, resp))
            return;
        int was = db_session_valid(app->db, h, req->now_ms);
        if (db_session_delete(app->db, h) ||
            (was == 1 &&
             db_audit(app->db, 0, req->now_ms, "td", "td.logout", "session", 0, NULL, NULL))) {
            db_rollback(app->db);
            api_internal_error(resp, "ending the session");
            return;
        }
        if (db_commit(app->db)) {
            api_internal_error(resp, "ending the session");
            return;
        }
    }
    snprintf(resp->set_cookie, sizeof resp->set_cookie,
             "%s=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0", API_SESSION_COOKIE);
    resp->status = 204;
}

void api_session_get(struct api_req *req, struct api_resp *resp)
{
    if (req->is_td)
        api_reply_json(resp, 200, json_pack("{s:s}", "role", "td"));
    else if (req->player_id)
        api_reply_json(resp, 200,
                       json_pack("{s:s, s:I, s:I}", "role", "player", "player_id",
                                 (json_int_t)req->player_id, "tournament_id",
                                 (json_int_t)req->player_tournament));
    else
        api_reply_json(resp, 200, json_pack("{s:s}", "role", "public"));
}
