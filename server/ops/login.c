/* Logins: an official's (GOV-1) and a player's; an official's logout. */
#include "ops/login.h"

#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

#include "common/clock.h"
#include "tourney/roles.h"

/* Password hashes being computed now: each Argon2id hash takes 64 MiB and a CPU for a
 * while, so a burst of logins is bounded here rather than by the memory of the machine. */
static atomic_int hashes_in_flight;

/* The official logging in and their stored hash, under the lock. */
static int find(struct db *db, const char *name, struct official *who, char *hash, size_t len,
                struct problem *pb)
{
    db_lock(db);
    int rc = name ? db_official_by_name(db, name, who) : db_official_get(db, 1, who);
    if (rc == CW_OK && who->has_password)
        rc = db_official_password(db, who->id, hash, len);
    db_unlock(db);
    if (rc == CW_ENOTFOUND && name) {
        /* the same answer as a wrong password: a guesser learns no names */
        problem_set(pb, 401, "wrong-password", "Wrong name or password",
                    "There is no official %s with that password.", name);
        return -1;
    }
    if (rc == CW_OK && !who->has_password) {
        problem_set(pb, 409, "no-password", "No password is set",
                    who->role == ROLE_HEAD
                        ? "No tournament director password has been set yet: run `crawford "
                          "passwd` on the server."
                        : "%s has no password yet; the head TD sets one.",
                    who->name);
        return -1;
    }
    if (rc != CW_OK) {
        problem_internal(pb, "reading the official");
        return -1;
    }
    return 0;
}

/* The transaction of a login, begun (reserved: on the room kept for the TD's login). 0, or
 * -1 with pb: 503 while another program holds the database, else a 500 (which the router
 * answers as the disk's refusal when the disk is full or failed). */
static int begin(const struct op *o, int reserved, struct problem *pb)
{
    int rc = reserved ? db_begin_reserved(o->db) : db_begin(o->db);
    if (rc == DB_BUSY) {
        problem_set(pb, 503, "database-busy", "The database is busy",
                    "Another program holds the tournament's database (a backup or an sqlite3 "
                    "shell?); nothing was changed. Try again in a moment.");
        return -1;
    }
    if (rc) {
        problem_internal(pb, "starting a transaction");
        return -1;
    }
    return 0;
}

int op_login(const struct op *o, const struct login_in *in, struct login_out *out,
             struct problem *pb)
{
    char stored[CW_PWHASH_LEN + 1];
    if (find(o->db, in->name, &out->who, stored, sizeof stored, pb))
        return -1;
    /* The slow hash runs outside the database lock so logins do not stall other requests,
     * and only so many at once. */
    if (atomic_fetch_add(&hashes_in_flight, 1) >= in->hashes_max) {
        atomic_fetch_sub(&hashes_in_flight, 1);
        problem_set(pb, 503, "busy", "Busy checking other logins",
                    "The server is checking other logins just now; try again in a second.");
        return -1;
    }
    int good = cw_password_verify(stored, in->password);
    atomic_fetch_sub(&hashes_in_flight, 1);
    if (!good) {
        if (in->name)
            problem_set(pb, 401, "wrong-password", "Wrong name or password",
                        "There is no official %s with that password.", in->name);
        else
            problem_set(pb, 401, "wrong-password", "Wrong password",
                        "The password is not the tournament director's.");
        return -1;
    }
    /* checked after the password: only who knows it learns of the suspension */
    if (strcmp(out->who.status, "active")) {
        problem_set(pb, 403, "official-suspended", "Official suspended",
                    "%s is suspended and cannot log in; the head TD can reinstate them (GOV-1).",
                    out->who.name);
        json_object_set_new(pb->json, "rule", json_string("GOV-1"));
        return -1;
    }
    char h[CW_TOKEN_HASH_LEN + 1];
    cw_token_new(out->token);
    cw_token_hash(out->token, h);
    out->expires_ms = o->now_ms + in->session_ms;
    char exp_iso[32], after[160];
    cw_iso8601(out->expires_ms, exp_iso, sizeof exp_iso);
    snprintf(after, sizeof after, "{\"expires_at\":\"%s\",\"role\":\"%s\"}", exp_iso,
             role_name(out->who.role));
    /* the reserve: on a full disk the TD can still log in, and free space */
    if (begin(o, 1, pb))
        return -1;
    char actor[48];
    snprintf(actor, sizeof actor, "official:%lld", (long long)out->who.id);
    if (db_sessions_purge(o->db, o->now_ms) ||
        db_session_insert(o->db, h, out->who.id, o->now_ms, out->expires_ms) ||
        db_audit(o->db, 0, o->now_ms, actor, "td.login", "official", out->who.id, NULL,
                 after)) {
        db_rollback(o->db);
        problem_internal(pb, "storing the session");
        return -1;
    }
    if (db_commit(o->db)) {
        problem_internal(pb, "committing the session");
        return -1;
    }
    return 0;
}

int op_player_login(const struct op *o, int64_t tid, int64_t pid, const char *pin,
                    int64_t session_ms, struct player *p, char token[CW_TOKEN_LEN + 1],
                    struct problem *pb)
{
    db_lock(o->db);
    int rc = db_player_get(o->db, tid, pid, p);
    db_unlock(o->db);
    if (rc == CW_ENOTFOUND)
        return op_no_player(pb, tid, pid);
    if (rc != CW_OK) {
        problem_internal(pb, "reading the player");
        return -1;
    }
    if (!cw_secret_equal(p->pin, pin)) {
        problem_set(
            pb, 401, "wrong-pin", "Wrong PIN",
            "That is not %s's PIN. The PIN is on the player card; the TD can give a new one.",
            p->name);
        return -1;
    }
    if (!strcmp(p->status, "withdrawn")) {
        problem_set(pb, 403, "player-withdrawn", "Player withdrawn",
                    "%s has withdrawn from the tournament.", p->name);
        return -1;
    }
    char h[CW_TOKEN_HASH_LEN + 1], actor[40];
    cw_token_new(token);
    cw_token_hash(token, h);
    snprintf(actor, sizeof actor, "player:%lld", (long long)pid);
    /* A player's login lasts the tournament's day or so; the TD ends it with a new PIN. */
    if (begin(o, 0, pb))
        return -1;
    if (db_player_session_insert(o->db, h, pid, tid, o->now_ms, o->now_ms + session_ms) ||
        db_audit(o->db, tid, o->now_ms, actor, "player.login", "player", pid, NULL, NULL)) {
        db_rollback(o->db);
        problem_internal(pb, "storing the session");
        return -1;
    }
    if (db_commit(o->db)) {
        problem_internal(pb, "storing the session");
        return -1;
    }
    return 0;
}

int op_logout(const struct op *o, const char *official_hash, const char *player_hash,
              int64_t player_id, int64_t player_tournament, struct problem *pb)
{
    char actor[48];
    if (player_hash) {
        snprintf(actor, sizeof actor, "player:%lld", (long long)player_id);
        if (db_player_sessions_delete(o->db, player_id, player_hash) ||
            db_audit(o->db, player_tournament, o->now_ms, actor, "player.logout", "player",
                     player_id, NULL, NULL)) {
            problem_internal(pb, "ending the session");
            return -1;
        }
    }
    if (!official_hash)
        return 0;
    struct session_who w;
    int rc = db_session_get(o->db, official_hash, o->now_ms, &w);
    if (rc != CW_OK && rc != CW_ENOTFOUND) {
        problem_internal(pb, "reading the session");
        return -1;
    }
    snprintf(actor, sizeof actor, "official:%lld", (long long)w.official_id);
    if (db_session_delete(o->db, official_hash) ||
        (rc == CW_OK && !w.ended &&
         db_audit(o->db, 0, o->now_ms, actor, "td.logout", "official", w.official_id, NULL,
                  NULL))) {
        problem_internal(pb, "ending the session");
        return -1;
    }
    return 0;
}
