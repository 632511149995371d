/* Logins: an official's (GOV-1) and a player's; an official's logout. */
#include "ops/people/login.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "common/clock.h"
#include "ops/frame/frame.h"
#include "tourney/roles.h"

/* The password checks running now, each with its client's address. Each Argon2id check
 * takes 64 MiB and a CPU for a while, so a burst of logins is bounded here rather than by
 * the memory of the machine; one address runs one at a time, so that one client (an
 * official logging in from many threads, a guesser) cannot take every check; and one
 * check is kept for a clean address (no wrong password standing): guessers' addresses
 * lose it with their first wrong password, so the head TD at their desk always finds one.
 * Nothing here depends on the name a login gives: who is guessing learns no names.
 * A device cookie's login (login.h) has one more check of its own, beyond max, so that
 * new addresses, each clean for its first guess, cannot keep it out; when that one is
 * taken (two officials' browsers at once) it may take an ordinary check as a clean
 * address would. Its key is the cookie's, one at a time per cookie. */
#define GATE_MAX 65 /* the largest login_hashes_max (common/config.c), and the device's */
#define FROM_MAX 112
static pthread_mutex_t gate_mu = PTHREAD_MUTEX_INITIALIZER;
static char gate_from[GATE_MAX][FROM_MAX];
static int gate_device[GATE_MAX]; /* the entry holds the device cookies' own check */
static int gate_n, gate_devices;

/* 0 when from may check a password now, or -1. */
static int gate_enter(const char *from, int clean, int device, int max)
{
    int limit = clean || device || max < 2 ? max : max - 1;
    if (limit > GATE_MAX - 1)
        limit = GATE_MAX - 1;
    pthread_mutex_lock(&gate_mu);
    int own = device && gate_devices == 0;
    int ok = own || gate_n - gate_devices < limit;
    for (int i = 0; ok && i < gate_n; i++)
        if (!strncmp(gate_from[i], from, FROM_MAX - 1)) /* as stored: cut alike */
            ok = 0;
    if (ok) {
        gate_device[gate_n] = own;
        gate_devices += own;
        snprintf(gate_from[gate_n++], FROM_MAX, "%s", from);
    }
    pthread_mutex_unlock(&gate_mu);
    return ok ? 0 : -1;
}

static void gate_leave(const char *from)
{
    pthread_mutex_lock(&gate_mu);
    for (int i = 0; i < gate_n; i++)
        if (!strncmp(gate_from[i], from, FROM_MAX - 1)) {
            gate_devices -= gate_device[i];
            if (i != --gate_n) {
                memcpy(gate_from[i], gate_from[gate_n], FROM_MAX);
                gate_device[i] = gate_device[gate_n];
            }
            break;
        }
    pthread_mutex_unlock(&gate_mu);
}

/* The hash an unknown name is checked against: a random password's, made with the same
 * cost as every official's, once (the first login of any name pays for it). */
static char dummy_hash[CW_PWHASH_LEN + 1];
static int dummy_ok;
static pthread_mutex_t dummy_mu = PTHREAD_MUTEX_INITIALIZER;

static void dummy_make(void)
{
    pthread_mutex_lock(&dummy_mu);
    if (!dummy_ok) {
        char pw[CW_TOKEN_LEN + 1];
        cw_token_new(pw);
        dummy_ok = cw_password_hash(pw, dummy_hash) == 0; /* else tried again next time */
    }
    pthread_mutex_unlock(&dummy_mu);
}

/* The account a login names (a->name; NULL: the head TD) and its stored hash. */
static int read_account(const struct op *o, void *in)
{
    struct login_account *a = in;
    int rc = a->name ? db_official_by_name(o->db, a->name, &a->who)
                     : db_official_get(o->db, 1, &a->who);
    if (rc == CW_OK && a->who.has_password)
        rc = db_official_password(o->db, a->who.id, a->stored, sizeof a->stored);
    return rc;
}

int op_login_find(const struct op *o, const char *name, struct login_account *a,
                  struct problem *pb)
{
    dummy_make();
    memset(a, 0, sizeof *a);
    a->name = name;
    int rc = op_read(o, read_account, a);
    if (rc == CW_ENOTFOUND && name) {
        /* checked as if it were someone's: the same hash, the same answer (without the
         * dummy, out of memory, the check fails at once as a real one would) */
        memset(&a->who, 0, sizeof a->who);
        snprintf(a->stored, sizeof a->stored, "%s", dummy_ok ? dummy_hash : "");
        return 0;
    }
    if (rc == CW_OK && !a->who.has_password) {
        problem_set(pb, 409, "no-password", "No password is set",
                    a->who.role == ROLE_HEAD
                        ? "No tournament director password has been set yet: run `crawford "
                          "passwd` on the server."
                        : "%s has no password yet; the head TD sets one.",
                    a->who.name);
        return -1;
    }
    if (rc != CW_OK) {
        problem_internal(pb, "reading the official");
        return -1;
    }
    return 0;
}

/* A device cookie's row: its official and its wrong passwords. */
struct device_read {
    const char *hash;
    int64_t *official_id;
    int failures;
};

static int read_device(const struct op *o, void *in)
{
    struct device_read *d = in;
    return db_device_get(o->db, d->hash, d->official_id, &d->failures);
}

int op_login_device(const struct op *o, const char *token, int64_t *official_id,
                    char hash[CW_TOKEN_HASH_LEN + 1])
{
    if (!token || strlen(token) != CW_TOKEN_LEN)
        return -1;
    cw_token_hash(token, hash);
    struct device_read d = {hash, official_id, 0};
    int rc = op_read(o, read_device, &d);
    return rc == CW_OK && d.failures < DEVICE_FAILURES_MAX ? 0 : -1;
}

static int device_failed(const struct op *o, void *in)
{
    return db_device_failed(o->db, in, DEVICE_FAILURES_MAX) ? -1 : 0;
}

int op_login_device_failed(const struct op *o, const struct login_account *a)
{
    return op_run(o, device_failed, (void *)a->device);
}

int op_login_check(const struct login_account *a, const struct login_try *t,
                   struct problem *pb)
{
    if (gate_enter(t->from, t->clean, t->device, t->hashes_max)) {
        problem_set(pb, 503, "busy", "Busy checking other logins",
                    "The server is checking other logins just now; try again in a second.");
        return -1;
    }
    int good = cw_password_verify(a->stored, t->password) && a->who.id;
    gate_leave(t->from);
    if (!good) {
        if (a->name)
            problem_set(pb, 401, "wrong-password", "Wrong name or password",
                        "There is no official %s with that password.", a->name);
        else
            problem_set(pb, 401, "wrong-password", "Wrong password",
                        "The password is not the tournament director's.");
        return -1;
    }
    /* checked after the password: only who knows it learns of the suspension */
    if (strcmp(a->who.status, "active")) {
        problem_set(pb, 403, "official-suspended", "Official suspended",
                    "%s is suspended and cannot log in; the head TD can reinstate them (GOV-1).",
                    a->who.name);
        json_object_set_new(pb->json, "rule", json_string("GOV-1"));
        return -1;
    }
    return 0;
}

/* An official's session stored, with the new device cookie, and audited. */
struct session_new {
    const struct login_account *a;
    struct login_out *out;
    const char *hash, *after;
    struct problem *pb;
};

static int store_session(const struct op *o, void *in)
{
    const struct session_new *n = in;
    const struct login_account *a = n->a;
    char actor[48];
    snprintf(actor, sizeof actor, "official:%lld", (long long)a->who.id);
    char dh[CW_TOKEN_HASH_LEN + 1];
    cw_token_hash(n->out->device, dh);
    int64_t unused = o->now_ms - (int64_t)DEVICE_COOKIE_DAYS * 24 * 3600 * 1000;
    if (db_sessions_purge(o->db, o->now_ms) ||
        db_sessions_keep_newest(o->db, a->who.id, LOGIN_SESSIONS_MAX - 1) ||
        db_session_insert(o->db, n->hash, a->who.id, o->now_ms, n->out->expires_ms) ||
        (a->device[0] && db_device_delete(o->db, a->device)) ||
        db_devices_keep_newest(o->db, a->who.id, DEVICE_COOKIES_MAX - 1, unused) ||
        db_device_insert(o->db, dh, a->who.id, o->now_ms) ||
        db_audit(o->db, 0, o->now_ms, actor, "td.login", "official", a->who.id, NULL,
                 n->after)) {
        problem_internal(n->pb, "storing the session");
        return -1;
    }
    return 0;
}

int op_login_open(const struct op *o, const struct login_account *a, int64_t session_ms,
                  struct login_out *out, struct problem *pb)
{
    char h[CW_TOKEN_HASH_LEN + 1];
    cw_token_new(out->token);
    cw_token_hash(out->token, h);
    out->expires_ms = o->now_ms + session_ms;
    char exp_iso[32], after[160];
    cw_iso8601(out->expires_ms, exp_iso, sizeof exp_iso);
    snprintf(after, sizeof after, "{\"expires_at\":\"%s\",\"role\":\"%s\"}", exp_iso,
             role_name(a->who.role));
    /* the browser's device cookie, new at each login: one seen by someone else is
     * worth one login at most; the official's unused ones go first */
    cw_token_new(out->device);
    struct session_new n = {a, out, h, after, pb};
    /* the reserve: on a full disk the TD can still log in, and free space */
    return op_run_as(o, 1, store_session, &n, pb);
}

/* A player's login: the player, then their session stored and audited. */
struct player_key {
    int64_t tid, pid;
    struct player *p;
    const char *hash;
    int64_t expires_ms;
    int found;
};

static int read_player(const struct op *o, void *in)
{
    struct player_key *k = in;
    int rc = db_player_get(o->db, k->tid, k->pid, k->p);
    k->found = rc == CW_OK;
    return rc;
}

static int store_player_session(const struct op *o, void *in)
{
    const struct player_key *k = in;
    char actor[40];
    snprintf(actor, sizeof actor, "player:%lld", (long long)k->pid);
    return db_player_session_insert(o->db, k->hash, k->pid, k->tid, o->now_ms, k->expires_ms) ||
                   db_audit(o->db, k->tid, o->now_ms, actor, "player.login", "player", k->pid,
                            NULL, NULL)
               ? -1
               : 0;
}

int op_player_login(const struct op *o, int64_t tid, int64_t pid, const char *pin,
                    int64_t session_ms, struct player *p, char token[CW_TOKEN_LEN + 1],
                    struct problem *pb)
{
    struct player_key k = {tid, pid, p, NULL, 0, 0};
    if (op_read(o, read_player, &k) == CW_ENOTFOUND)
        return op_no_player(pb, tid, pid);
    if (!k.found) {
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
    char h[CW_TOKEN_HASH_LEN + 1];
    cw_token_new(token);
    cw_token_hash(token, h);
    /* A player's login lasts the tournament's day or so; the TD ends it with a new PIN. */
    k.hash = h;
    k.expires_ms = o->now_ms + session_ms;
    return op_run_as(o, 0, store_player_session, &k, pb);
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

static int purge(const struct op *o, void *in)
{
    return db_sessions_purge(o->db, o->now_ms) ? -1 : 0;
}

void op_sessions_purge(struct db *db, int64_t now_ms)
{
    struct op o = op_server(db, now_ms, "system");
    op_run(&o, purge, NULL);
}
