/* Logins: an official's (name and password, ops/people/login.c) and a player's (PIN), their
 * cookies, the machine tokens' Authorization header, logout, and who the session is. */
#include <stdio.h>
#include <string.h>

#include "api/fields.h"
#include "api/handlers.h"
#include "api/limiter.h"
#include "api/pin_tries.h"
#include "api/tx.h"
#include "ops/people/login.h"
#include "common/clock.h"
#include "common/secret.h"
#include "store/store.h"

/* The session or the token a hash names, read from a snapshot (api_read_snapshot): its rc. */
struct by_hash {
    const char *hash;
    struct session_who w;
    struct machine_token k;
};

static int read_session(struct api_req *req, const struct op *o, void *in, struct api_resp *resp)
{
    struct by_hash *q = in;
    return db_session_get(o->db, q->hash, req->now_ms, &q->w);
}

static int read_token(struct api_req *req, const struct op *o, void *in, struct api_resp *resp)
{
    struct by_hash *q = in;
    return db_token_by_hash(o->db, q->hash, &q->k);
}

void api_official_session(struct api_req *req)
{
    char h[CW_TOKEN_HASH_LEN + 1];
    struct by_hash q = {.hash = h};
    if (req->session_token && strlen(req->session_token) == CW_TOKEN_LEN) {
        cw_token_hash(req->session_token, h);
        int rc = api_read_snapshot(req, NULL, read_session, &q);
        const struct session_who w = q.w;
        if (rc == CW_OK && (w.suspended || w.ended)) {
            req->suspended = 1; /* refused where an official is needed, naming GOV-1 */
        } else if (rc == CW_OK && w.role != ROLE_NONE) {
            req->is_td = 1;
            req->official_id = w.official_id;
            req->role = w.role;
            return;
        }
    }
    if (req->bearer && strlen(req->bearer) == CW_TOKEN_LEN) {
        cw_token_hash(req->bearer, h);
        int rc = api_read_snapshot(req, NULL, read_token, &q);
        const struct machine_token k = q.k;
        if (rc == CW_OK && !k.revoked_ms && k.role != ROLE_NONE) {
            req->is_td = 1;
            req->token_id = k.id;
            req->role = k.role;
        } else if (rc == CW_OK && k.revoked_ms) {
            req->token_revoked = 1; /* refused where an official is needed, naming GOV-1 */
        }
    }
}

enum { LF_NAME, LF_PASSWORD, LF__N };
static const struct api_field login_fields[] = {
    [LF_NAME] = {"name", F_STR, 0, 0, 1, O_NAME_MAX, NULL, NULL},
    [LF_PASSWORD] = {"password", F_STR, 1, 0, 1, CW_PASSWORD_MAX, NULL, NULL},
    [LF__N] = {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

/* 429 with the wait in words and in Retry-After. */
static void too_many_logins(struct api_resp *resp, int64_t wait_ms, const char *what)
{
    long long secs = (wait_ms + 999) / 1000;
    snprintf(resp->retry_after, sizeof resp->retry_after, "%lld", secs);
    api_problem(resp, 429, "too-many-attempts", "Too many logins", "%s; try again in %lld seconds.",
                what, secs);
}

/* An official's login (ops/people/login.c), in three steps with the limits between them: wrong
 * passwords per address (counted before the hash, so simultaneous ones cannot all pass; a
 * login refused as busy is given back, and so is a right one: it neither counts nor wipes
 * the address's wrong ones, which would let a password holder guess others' without
 * end), and right ones per official, after the hash (a burst of an official's logins is
 * slowed, so that one password cannot flood the checks, the sessions or the audit log).
 * Nothing before the hash depends on the name, so a known name and an unknown one are
 * answered alike. A login that brings a live device cookie of the official it names
 * (ops/people/login.h) skips the address's count: its wrong passwords count against the cookie.
 * Only a live cookie (its hash in the database) has the name read before the count. */
void api_login(struct api_req *req, struct api_resp *resp)
{
    struct app *app = req->app;
    struct api_val v[LF__N];
    if (api_fields(req->json, login_fields, 0, v, resp))
        return;
    const char *from = req->client_key ? req->client_key : req->client_ip;
    char key[120], dkey[80];
    snprintf(key, sizeof key, "login:%s", from);
    struct op o = api_op(req);
    struct problem pb = {0, NULL};
    struct login_account a;
    int64_t device_of = 0;
    char dh[CW_TOKEN_HASH_LEN + 1];
    int known = op_login_device(&o, req->device_token, &device_of, dh) == 0;
    if (known && op_login_find(&o, v[LF_NAME].s, &a, &pb)) {
        api_reply_problem(resp, &pb);
        return;
    }
    int device = known && a.who.id == device_of;
    int before = 0;
    int64_t wait;
    if (device) {
        snprintf(a.device, sizeof a.device, "%s", dh);
        snprintf(dkey, sizeof dkey, "device:%s", dh);
    } else {
        wait = api_limiter_take_counted(app->login_lim, key, req->now_ms, &before);
        if (wait > 0) {
            too_many_logins(resp, wait, "Too many wrong passwords from this address");
            return;
        }
        if (!known && op_login_find(&o, v[LF_NAME].s, &a, &pb)) {
            api_reply_problem(resp, &pb);
            return;
        }
    }
    struct login_try t = {v[LF_PASSWORD].s, device ? dkey : from, before == 0,
                          app->cfg.login_hashes_max, device};
    if (op_login_check(&a, &t, &pb)) {
        if (pb.status == 503) {
            if (!device) /* not a try: the attempt is given back */
                api_limiter_refund(app->login_lim, key);
            snprintf(resp->retry_after, sizeof resp->retry_after, "1");
        } else if (pb.status == 401 && device) {
            op_login_device_failed(&o, &a); /* the cookie's, not the address's */
        } else if (pb.status == 401) {
            int64_t w = api_limiter_wait_ms(app->login_lim, key, req->now_ms);
            if (w > 0) {
                problem_free(&pb);
                too_many_logins(resp, w,
                                "Wrong password; too many from this address, so logins from "
                                "it are refused for now");
                return;
            }
        }
        api_reply_problem(resp, &pb);
        return;
    }
    /* The right password: counted for the official, then the session. Said only now, to
     * who knows the password (before the hash it would tell a guesser the name is an
     * official's); one logged in too often counts as a wrong password for the address
     * (or the device cookie), so a script flooding with a password soon loses the kept
     * check, then its address (or its cookie). */
    char okey[40];
    snprintf(okey, sizeof okey, "official:%lld", (long long)a.who.id);
    if ((wait = api_limiter_take(app->official_lim, okey, req->now_ms)) > 0) {
        int64_t w = 0;
        if (device)
            op_login_device_failed(&o, &a);
        else
            w = api_limiter_wait_ms(app->login_lim, key, req->now_ms);
        too_many_logins(resp, w > wait ? w : wait, "Too many logins of this official lately");
        return;
    }
    struct login_out out;
    if (op_login_open(&o, &a, (int64_t)app->cfg.session_hours * 3600 * 1000, &out, &pb)) {
        api_reply_problem(resp, &pb);
        return;
    }
    if (!device)
        api_limiter_refund(app->login_lim, key);
    char exp_iso[32];
    cw_iso8601(out.expires_ms, exp_iso, sizeof exp_iso);
    snprintf(resp->set_cookie, sizeof resp->set_cookie,
             "%s=%s; Path=/; HttpOnly; SameSite=Strict; Max-Age=%d", API_SESSION_COOKIE, out.token,
             app->cfg.session_hours * 3600);
    /* sent to the login alone, and kept past a logout: it names the browser, not a session */
    snprintf(resp->set_cookie2, sizeof resp->set_cookie2,
             "%s=%s; Path=/api/v1/login; HttpOnly; SameSite=Strict; Max-Age=%d", API_DEVICE_COOKIE,
             out.device, DEVICE_COOKIE_DAYS * 24 * 3600);
    api_reply_json(resp, 200,
                   json_pack("{s:s, s:s, s:{s:I, s:s, s:s}}", "role", "td", "expires_at", exp_iso,
                             "official", "id", (json_int_t)a.who.id, "name", a.who.name, "role",
                             role_name(a.who.role)));
}

static int read_player_session(struct api_req *req, const struct op *o, void *in,
                               struct api_resp *resp)
{
    return db_player_session_get(o->db, in, req->now_ms, &req->player_id, &req->player_tournament);
}

int api_player_session(struct api_req *req)
{
    if (strlen(req->player_token) != CW_TOKEN_LEN)
        return 0;
    char h[CW_TOKEN_HASH_LEN + 1];
    cw_token_hash(req->player_token, h);
    int rc = api_read_snapshot(req, NULL, read_player_session, h);
    if (rc != CW_OK)
        req->player_id = req->player_tournament = 0;
    return rc == CW_OK;
}

enum { NF_PIN, NF__N };
static const struct api_field pin_fields[] = {
    [NF_PIN] = {"pin", F_STR, 1, 0, 1, 32, NULL, NULL},
    [NF__N] = {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

/* PIN guessing is limited as api/pin_tries.h says; the TD's new PIN clears the limits. */
void api_player_login(struct api_req *req, struct api_resp *resp)
{
    struct app *app = req->app;
    int64_t tid = req->ids[0], pid = req->ids[1];
    char subject[64];
    snprintf(subject, sizeof subject, API_PIN_KEY_FMT, (long long)pid);
    struct api_val v[NF__N];
    if (api_fields(req->json, pin_fields, 0, v, resp))
        return;
    const char *pin = v[NF_PIN].s;
    struct api_pin_try t;
    if (api_pin_try_begin(req, resp, subject, &t))
        return;
    struct op o = api_op(req);
    struct player p;
    char token[CW_TOKEN_LEN + 1];
    struct problem pb = {0, NULL};
    if (op_player_login(&o, tid, pid, pin, (int64_t)app->cfg.session_hours * 3600 * 1000, &p, token,
                        &pb)) {
        int wrong = pb.status == 401;
        api_reply_problem(resp, &pb);
        /* a wrong PIN that reached a lock says so, with the wait */
        if (wrong)
            api_pin_try_wrong(req, resp, &t);
        return;
    }
    api_pin_try_right(req, &t);
    snprintf(resp->set_cookie, sizeof resp->set_cookie,
             "%s=%s; Path=/; HttpOnly; SameSite=Strict; Max-Age=%d", API_PLAYER_COOKIE, token,
             app->cfg.session_hours * 3600);
    api_reply_json(resp, 200,
                   json_pack("{s:s, s:I, s:I, s:s}", "role", "player", "player_id", (json_int_t)pid,
                             "tournament_id", (json_int_t)tid, "name", p.name));
}

/* The sessions ended (in: the official's and the player's cookies' hashes, either NULL),
 * in a frame of their own: nothing to replay under a key. */
static int end_sessions(struct api_req *req, const struct op *o, void *in, struct api_resp *resp)
{
    const char **h = in;
    struct problem pb = {0, NULL};
    if (op_logout(o, h[0], h[1], req->player_id, req->player_tournament, &pb))
        return api_refuse(resp, &pb);
    return API_DONE;
}

void api_logout(struct api_req *req, struct api_resp *resp)
{
    char ph[CW_TOKEN_HASH_LEN + 1], oh[CW_TOKEN_HASH_LEN + 1];
    int player =
        req->player_token && strlen(req->player_token) == CW_TOKEN_LEN && api_player_session(req);
    int official = req->session_token && strlen(req->session_token) == CW_TOKEN_LEN;
    if (player)
        cw_token_hash(req->player_token, ph);
    if (official)
        cw_token_hash(req->session_token, oh);
    const char *hashes[2] = {official ? oh : NULL, player ? ph : NULL};
    if ((player || official) && api_run_unkeyed(req, resp, end_sessions, hashes))
        return;
    snprintf(resp->set_cookie2, sizeof resp->set_cookie2,
             "%s=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0", API_PLAYER_COOKIE);
    snprintf(resp->set_cookie, sizeof resp->set_cookie,
             "%s=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0", API_SESSION_COOKIE);
    resp->status = 204;
}

/* Who the official or the token is, for the console's header. */
static int read_acting(struct api_req *req, const struct op *o, void *in, struct api_resp *resp)
{
    struct db *db = o->db;
    json_t *j = NULL;
    if (req->token_id) {
        struct machine_token k;
        if (db_token_get(db, req->token_id, &k) == CW_OK)
            j = json_pack("{s:{s:I, s:s, s:s}}", "token", "id", (json_int_t)k.id, "label", k.label,
                          "role", role_name(k.role));
    } else {
        struct official w;
        if (db_official_get(db, req->official_id, &w) == CW_OK)
            j = json_pack("{s:{s:I, s:s, s:s}}", "official", "id", (json_int_t)w.id, "name", w.name,
                          "role", role_name(w.role));
    }
    *(json_t **)in = j ? j : json_object();
    return 0;
}

static json_t *acting_json(struct api_req *req)
{
    json_t *j = NULL;
    api_read(req, NULL, read_acting, &j);
    return j;
}

void api_session_get(struct api_req *req, struct api_resp *resp)
{
    if (req->is_td) {
        json_t *j = acting_json(req);
        json_object_set_new(j, "role", json_string("td"));
        json_object_set_new(j, "server", api_server_json(req));
        api_reply_json(resp, 200, j);
    } else if (req->player_id)
        api_reply_json(resp, 200,
                       json_pack("{s:s, s:I, s:I}", "role", "player", "player_id",
                                 (json_int_t)req->player_id, "tournament_id",
                                 (json_int_t)req->player_tournament));
    else
        api_reply_json(resp, 200, json_pack("{s:s}", "role", "public"));
}
