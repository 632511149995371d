/* The routing table and the order of checks every API request goes through:
 * route (404/405) -> CSRF defence on changes (403) -> the role table (GOV-1: 401 without a
 * login; 403 for a player's session, a suspended official's, or a role the route is not
 * for) -> body (415/400/422) -> handler. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/api.h"
#include "api/body.h"
#include "api/cache.h"
#include "api/flight.h"
#include "api/handlers.h"
#include "api/rebuild.h"
#include "common/clock.h"
#include "store/readers.h"
#include "store/store.h"

/* The one role table (GOV-1) is the roles column of the routes below, checked here for
 * every route before its handler runs. ANYONE: everyone passes, and the handler decides
 * what a player or anyone may do there (their own match, a read). Otherwise only the
 * officials of the roles named; TOKEN: a machine token too, within its own role (a token
 * with the role td where TD is named, assistant where ASSISTANT is). A route with no role
 * named is refused to everybody. README.md (Officials and roles) shows the same table. */
enum {
    /* bits apart from the flags below: a route written with its flags in the roles' place
     * names no role, and is refused to everybody (and fails test_http_roles) */
    ANYONE = 1 << 8,
    HEAD = 1 << 9,       /* the head TD */
    TD = 1 << 10,        /* a tournament director */
    ASSISTANT = 1 << 11, /* an assistant: runs the room, decides nothing (GOV-1) */
    TOKEN = 1 << 12,     /* a machine token, within its role */
};
#define TDS (HEAD | TD | TOKEN)               /* the directors, and tokens with the role td */
#define STAFF (HEAD | TD | ASSISTANT | TOKEN) /* ... and the assistants, and their tokens */

enum {
    R_JSON = 2,     /* a JSON object body is required */
    R_OPTJSON = 4,  /* a JSON object body is optional */
    R_ETAG = 8,     /* a read inside a tournament: ETag from its revision, 304 when unchanged */
    R_SHARED = 16,  /* ... and the same for every anonymous reader: kept serialized (and
                     * gzipped) per revision for the screens and phones that poll it */
    R_PLAYERS = 32, /* ... by the players' own revision, not the tournament's: a game report
                     * leaves the players list, and its copy, as they were */
    R_EVENTS = 64,  /* ... by the events' own revision (store/db.h): a game report of a match
                     * outside any event leaves the bracket, and its copy, as they were */
    R_ANYONE = 128, /* ... and the same reply whoever asks: the TD and players get the kept
                     * copy and its ETag too */
    R_PLAYER_ARG = 1, /* ... but its handler reads ?player= (shared_kind) */
};

struct route {
    const char *method;
    const char *pattern; /* segments; "{id}" is a positive integer */
    api_handler handler;
    unsigned roles; /* who may use it: the role table */
    unsigned flags;
};

#define T "/api/v1/tournaments/{id}"
#define P T "/players/{id}"
#define M T "/matches/{id}"
#define E T "/competitions/{id}"
static const struct route routes[] = {
    {"GET", "/api/v1/health", api_health, ANYONE, 0},
    {"POST", "/api/v1/login", api_login, ANYONE, R_JSON},
    {"POST", "/api/v1/logout", api_logout, ANYONE, 0},
    {"GET", "/api/v1/session", api_session_get, ANYONE, 0},
    {"POST", "/api/v1/resume", api_resume_post, TDS, R_OPTJSON},
    {"GET", "/api/v1/audit", api_audit_list, TDS, 0},
    {"GET", "/api/v1/officials", api_officials_list, HEAD, 0},
    {"POST", "/api/v1/officials", api_official_add, HEAD, R_JSON},
    {"PATCH", "/api/v1/officials/{id}", api_official_update, HEAD, R_JSON},
    {"DELETE", "/api/v1/officials/{id}", api_official_remove, HEAD, 0},
    {"POST", "/api/v1/tokens", api_token_create, HEAD, R_JSON},
    {"DELETE", "/api/v1/tokens/{id}", api_token_revoke, HEAD, 0},
    {"GET", "/api/v1/snapshots", api_snapshots_get, TDS, 0},
    {"POST", "/api/v1/snapshots", api_snapshot_take, TDS, 0},
    {"GET", "/api/v1/tournaments", api_tournaments_list, ANYONE, 0},
    {"POST", "/api/v1/tournaments", api_tournament_create, TDS, R_JSON},
    {"GET", T, api_tournament_get, ANYONE, 0},
    {"PATCH", T, api_tournament_update, TDS, R_JSON},
    {"GET", T "/audit", api_audit_list, TDS, 0},
    {"GET", T "/backup", api_backup_download, TDS, 0},
    {"GET", T "/players", api_players_list, ANYONE, R_ETAG | R_SHARED | R_PLAYERS},
    {"POST", T "/players", api_player_create, TDS, R_JSON},
    {"GET", P, api_player_get, ANYONE, R_ETAG},
    {"PATCH", P, api_player_update, TDS, R_JSON},
    {"POST", P "/check-in", api_player_check_in, STAFF, 0},
    {"DELETE", P "/check-in", api_player_undo_check_in, STAFF, 0},
    {"POST", P "/withdraw", api_player_withdraw, TDS, 0},
    {"POST", P "/reinstate", api_player_reinstate, TDS, 0},
    {"POST", P "/pin", api_player_new_pin, TDS, 0},
    {"GET", P "/pin", api_player_pin_get, TDS, 0},
    {"GET", T "/cards", api_player_cards, TDS, 0},
    {"GET", T "/cards/qr", api_cards_qr, TDS, 0},
    {"GET", P "/qr.svg", api_player_qr, TDS, 0},
    {"POST", P "/login", api_player_login, ANYONE, R_JSON},
    {"GET", T "/matches", api_matches_list, ANYONE, R_ETAG | R_SHARED | R_PLAYER_ARG},
    {"POST", T "/matches", api_match_create, TDS, R_JSON},
    {"GET", M, api_match_get, ANYONE, R_ETAG},
    {"PATCH", M, api_match_update, TDS, R_JSON},
    {"POST", M "/call", api_match_call, STAFF, R_OPTJSON},
    {"POST", M "/forfeit", api_match_forfeit, TDS, R_JSON},
    {"POST", M "/withdraw", api_match_withdraw, TDS, R_JSON},
    {"POST", M "/disqualify", api_match_disqualify, TDS, R_JSON},
    {"POST", M "/report", api_match_report, ANYONE, R_JSON},
    {"DELETE", M "/report", api_match_unreport, ANYONE, 0},
    {"POST", M "/confirm", api_match_confirm, ANYONE, R_OPTJSON},
    {"POST", M "/games", api_match_add_game, ANYONE, R_JSON},
    {"DELETE", M "/games/last", api_match_undo_game, ANYONE, 0},
    {"GET", M "/reports", api_match_reports, ANYONE, R_ETAG},
    {"GET", M "/clock", api_clock_get, ANYONE, 0},
    {"PUT", M "/clock", api_clock_set, TDS, R_JSON},
    {"POST", M "/clock/start", api_clock_start, ANYONE, R_JSON},
    {"POST", M "/clock/press", api_clock_press, ANYONE, R_JSON},
    {"POST", M "/clock/double", api_clock_double, ANYONE, R_JSON},
    {"POST", M "/clock/take", api_clock_take, ANYONE, R_JSON},
    {"POST", M "/clock/drop", api_clock_drop, ANYONE, R_JSON},
    {"POST", M "/clock/pause", api_clock_pause, ANYONE, R_JSON},
    {"POST", M "/clock/resume", api_clock_resume, ANYONE, R_OPTJSON},
    {"POST", M "/clock/pickup", api_clock_pickup, TDS, R_JSON},
    {"POST", M "/clock/reverse-flag", api_clock_reverse_flag, TDS, R_OPTJSON},
    {"GET", M "/lateness", api_lateness_get, ANYONE, 0},
    {"POST", M "/arrive", api_lateness_arrive, ANYONE, R_JSON},
    {"POST", M "/lateness/confirm", api_lateness_confirm, TDS, R_JSON},
    {"POST", M "/lateness/clock", api_lateness_clock, TDS, R_JSON},
    {"POST", M "/postpone", api_match_postpone, TDS, R_OPTJSON},
    {"GET", M "/breaks", api_breaks_get, ANYONE, 0},
    {"POST", M "/breaks", api_break_start, ANYONE, R_JSON},
    {"POST", M "/breaks/end", api_break_end, ANYONE, R_OPTJSON},
    {"GET", M "/penalties", api_penalties_list, ANYONE, 0},
    {"POST", M "/penalties", api_penalty_add, TDS, R_JSON},
    {"GET", M "/calls", api_calls_of_match, ANYONE, 0},
    {"POST", M "/calls", api_call_open, ANYONE, R_JSON},
    {"POST", M "/calls/{id}/take", api_call_take, STAFF, R_OPTJSON},
    {"POST", M "/calls/{id}/close", api_call_close, STAFF, R_JSON},
    {"POST", M "/warnings", api_match_warn, STAFF, R_JSON},
    {"POST", M "/observers", api_observer_appoint, STAFF, R_JSON},
    {"DELETE", M "/observers/{id}", api_observer_remove, STAFF, 0},
    {"GET", M "/rulings", api_rulings_of_match, ANYONE, 0},
    {"POST", M "/rulings", api_ruling_give, TDS, R_JSON},
    {"GET", T "/calls", api_calls_open, STAFF, 0},
    {"GET", T "/calls/tables", api_calls_tables, ANYONE, R_ETAG | R_SHARED | R_ANYONE},
    {"GET", T "/rulings", api_rulings_list, STAFF, 0},
    {"POST", M "/verify", api_match_verify, STAFF, R_JSON},
    {"POST", M "/correct", api_match_correct, TDS, R_JSON},
    {"GET", T "/competitions", api_events_list, ANYONE, R_ETAG | R_SHARED},
    {"POST", T "/competitions", api_event_create, TDS, R_JSON},
    {"GET", E, api_event_get, ANYONE, R_ETAG | R_SHARED},
    {"PATCH", E, api_event_update, TDS, R_JSON},
    {"POST", E "/entries", api_entry_add, TDS, R_JSON},
    {"DELETE", E "/entries/{id}", api_entry_remove, TDS, 0},
    {"POST", E "/swing/rounds", api_swing_round_start, TDS, R_OPTJSON},
    {"GET", E "/swing", api_swing_board, ANYONE, R_ETAG | R_SHARED},
    {"GET", E "/swing/ledger", api_swing_ledger, ANYONE, R_ETAG},
    {"GET", E "/swing/ledger/{id}", api_swing_ledger, ANYONE, R_ETAG},
    {"POST", E "/davis/teams", api_davis_team_add, TDS, R_JSON},
    {"POST", E "/davis/start", api_davis_start, TDS, R_OPTJSON},
    {"POST", E "/davis/late/close", api_davis_late_close, TDS, 0},
    {"GET", E "/davis", api_davis_board, ANYONE, R_ETAG},
    {"POST", E "/knockout/draw", api_knockout_draw, TDS, R_OPTJSON},
    {"POST", E "/knockout/late", api_knockout_late, TDS, R_JSON},
    {"POST", E "/knockout/late/close", api_knockout_late_close, TDS, 0},
    {"PUT", E "/knockout/lengths", api_knockout_lengths, TDS, R_JSON},
    {"GET", E "/knockout", api_knockout_get, ANYONE, R_ETAG | R_SHARED | R_EVENTS | R_ANYONE},
    {"GET", E "/knockout/players/{id}", api_knockout_player, ANYONE, R_ETAG},
    {"POST", T "/tables/assign", api_tables_assign, STAFF, 0},
};
#undef E
#undef M
#undef P
#undef T
#define NROUTES ((int)(sizeof routes / sizeof routes[0]))

int api_route_count(void)
{
    return NROUTES;
}

void api_route_at(int i, const char **method, const char **pattern)
{
    *method = routes[i].method;
    *pattern = routes[i].pattern;
}

/* Matches path against pattern, collecting numeric ids. 1 on a match. */
static int match(const char *pattern, const char *path, int64_t *ids, int *nids)
{
    *nids = 0;
    const char *p = pattern, *s = path;
    while (*p && *s) {
        if (*p != '/' || *s != '/')
            return 0;
        p++, s++;
        const char *pe = strchr(p, '/'), *se = strchr(s, '/');
        size_t pl = pe ? (size_t)(pe - p) : strlen(p), sl = se ? (size_t)(se - s) : strlen(s);
        if (pl == 4 && !memcmp(p, "{id}", 4)) {
            if (sl == 0 || sl > 15 || *nids == API_MAX_IDS)
                return 0;
            int64_t v = 0;
            for (size_t i = 0; i < sl; i++) {
                if (s[i] < '0' || s[i] > '9')
                    return 0;
                v = v * 10 + (s[i] - '0');
            }
            if (v <= 0)
                return 0;
            ids[(*nids)++] = v;
        } else if (pl != sl || memcmp(p, s, pl)) {
            return 0;
        }
        p += pl, s += sl;
    }
    /* a trailing slash is the same resource */
    if (!*p && s[0] == '/' && s[1] == 0)
        return 1;
    return !*p && !*s;
}

static int is_change(const char *method)
{
    return strcmp(method, "GET") && strcmp(method, "HEAD");
}

/* The CSRF defence: a change needs the custom header X-Crawford (a browser sends it
 * cross-site only after a CORS preflight, which this server never grants), and an Origin,
 * when the browser sends one, must be this server's. 0, or -1 with the refusal written. */
API_REPLIES static int check_csrf(struct api_req *req, struct api_resp *resp)
{
    if (!req->csrf || !req->csrf[0]) {
        api_problem(resp, 403, "csrf", "Missing X-Crawford header",
                    "Requests that change something must carry the header \"X-Crawford: 1\".");
        return -1;
    }
    if (req->origin && strcmp(req->origin, "null")) {
        const char *o = req->origin;
        if (!strncmp(o, "http://", 7))
            o += 7;
        else if (!strncmp(o, "https://", 8))
            o += 8;
        if (!req->host || strcmp(o, req->host)) {
            api_problem(resp, 403, "csrf", "Cross-origin request refused",
                        "The request comes from %.200s, not from this server.", req->origin);
            return -1;
        }
    } else if (req->origin) {
        api_problem(resp, 403, "csrf", "Cross-origin request refused",
                    "The request comes from an opaque origin.");
        return -1;
    }
    return 0;
}

/* The cache kind of an anonymous read (anyone's, R_ANYONE) of a shared route: one per route
 * and event id, apart from the kinds the handlers use themselves (cache.h); 0 = none; -1 =
 * a shared read that names the query parameter its route reads (?player=): an answer of
 * its own, not kept, but read from a reader all the same. Other parameters change nothing
 * of the answer and are no way around the kept copy ("?x=1" gets it too). */
static int shared_kind(const struct route *r, const struct api_req *req)
{
    if (!(r->flags & R_SHARED) || ((req->is_td || req->player_id) && !(r->flags & R_ANYONE)) ||
        strcmp(req->method, "GET"))
        return 0;
    if ((r->flags & R_PLAYER_ARG) && api_arg(req, "player"))
        return -1;
    int64_t sub = req->nids > 1 ? req->ids[1] : 0;
    if (sub < 0 || sub >= (1 << 20))
        return 0;
    return CACHE_SHARED_BASE * (int)(r - routes + 1) + (int)sub +
           (r->flags & (R_PLAYERS | R_EVENTS) ? CACHE_KEPT_BASE : 0);
}

/* The ETag of an anonymous read of r in tournament tid, at revision rev: the players' own
 * revision for the players list, the events' for the bracket, the tournament's for the
 * rest. Lock held. */
static void anon_etag(const struct route *r, struct db *db, int64_t tid, int64_t rev, char *out,
                      size_t len)
{
    if (r->flags & (R_PLAYERS | R_EVENTS)) {
        char tag[64];
        db_part_tag(db, r->flags & R_PLAYERS ? DB_PLAYERS : DB_EVENTS, tag, sizeof tag);
        snprintf(out, len, "\"t%lld.%s\"", (long long)tid, tag);
    } else {
        snprintf(out, len, "\"t%lld.%lld\"", (long long)tid, (long long)rev);
    }
}

/* Keeps the handler's answer, serialized, for the next anonymous readers when the
 * tournament is still at the revision of its ETag (a change in between drops entries, and
 * the answer may already show it): filled under the database lock, see cache.h. Read from
 * a reader, the answer and its ETag are of one snapshot, and a copy kept while a change is
 * still uncommitted is of the revision before it: it is used only while the ETag of the
 * readers' snapshot is still its own (answer compares them), never after that change. */
static void keep_shared(struct api_req *req, struct api_resp *resp, const struct route *r,
                        int kind, const char *etag, struct api_blob **gz_out)
{
    char *body = json_dumps(resp->json, JSON_COMPACT);
    if (!body)
        return;
    struct api_blob *blob = api_blob_new(body, strlen(body));
    free(body);
    if (!blob)
        return;
    struct api_blob *gz = api_cache_gzip(blob); /* before the lock: see api_cache_put_gz */
    char now[80];
    db_lock(req->app->db);
    anon_etag(r, req->app->db, req->ids[0], db_tournament_revision(req->app->db, req->ids[0]), now,
              sizeof now);
    if (!strcmp(now, etag))
        api_cache_put_gz(req->app->cache, req->ids[0], kind, blob, gz, etag);
    db_unlock(req->app->db);
    if (gz_out)
        *gz_out = gz;
    else
        api_blob_release(gz);
    json_decref(resp->json);
    resp->json = NULL;
    resp->blob = blob;
}

/* A rebuild of a polled list off the HTTP threads (rebuild.h): what it needs of the poll
 * that asked, copied, since the poll's own request is suspended meanwhile. */
struct shared_job {
    struct app app; /* its readers and cache */
    const struct route *route;
    int kind;
    int64_t ids[API_MAX_IDS];
    int nids;
    char path[];
};

static struct shared_job *shared_job_new(const struct api_req *req, const struct route *r,
                                         int kind)
{
    size_t n = strlen(req->path) + 1;
    struct shared_job *j = malloc(sizeof *j + n);
    if (!j)
        return NULL;
    j->app = *req->app;
    j->route = r;
    j->kind = kind;
    memcpy(j->ids, req->ids, sizeof j->ids);
    j->nids = req->nids;
    memcpy(j->path, req->path, n);
    return j;
}

/* The list built on a builder thread, from a reader of its own, as an anonymous GET of
 * the same path: its body, gzip copy and ETag, kept for the next polls too. */
static void build_shared(void *arg, struct api_blob **body, struct api_blob **gz, char etag[80])
{
    struct shared_job *j = arg;
    struct app view = j->app;
    view.db = db_readers_take(view.readers);
    if (!view.db)
        return;
    struct api_req req;
    struct api_resp resp;
    memset(&req, 0, sizeof req);
    memset(&resp, 0, sizeof resp);
    req.app = &view;
    req.method = "GET";
    req.path = j->path;
    req.client_ip = req.client_key = "";
    req.now_ms = cw_now_ms();
    memcpy(req.ids, j->ids, sizeof req.ids);
    req.nids = j->nids;
    int64_t rev = db_tournament_revision(view.db, req.ids[0]);
    if (rev > 0) {
        anon_etag(j->route, view.db, req.ids[0], rev, etag, 80);
        j->route->handler(&req, &resp);
        if (resp.status == 200 && resp.json && !resp.blob)
            keep_shared(&req, &resp, j->route, j->kind, etag, gz);
        if (resp.status == 200 && resp.blob) {
            *body = resp.blob;
            resp.blob = NULL;
        }
    }
    db_readers_give(view.readers, view.db);
    json_decref(req.extra);
    api_resp_free(&resp);
}

/* The kept copy of a polled list (kind) as the answer when its tag is etag: -1 having
 * answered 200, or 304 when If-None-Match names it; 0 (a miss, or a copy of an earlier
 * revision) with resp untouched. */
API_REPLIES static int from_kept(struct api_req *req, struct api_resp *resp, int kind,
                                 const char *etag)
{
    char tag[80];
    if (!api_cache_get(req->app->cache, req->ids[0], kind, &resp->blob, tag, req->accept_gzip,
                       &resp->blob_gzip))
        return 0;
    int hit = strcmp(tag, etag) ? -1 : api_etag_match(req->if_none_match, tag);
    if (hit) {
        api_blob_release(resp->blob);
        resp->blob = NULL;
        resp->blob_gzip = 0;
        if (hit < 0) /* of an earlier revision (CACHE_KEPT_BASE): not this one */
            return 0;
    }
    resp->status = hit ? 304 : 200;
    if (hit == 2)
        api_etag_gz(tag, resp->etag, sizeof resp->etag);
    else
        memcpy(resp->etag, tag, sizeof tag);
    return -1;
}

/* The answer of a found route to a request that passed its checks: ETag and 304, the kept
 * copy of a polled list, or the handler. */
static void answer(struct api_req *req, struct api_resp *resp, const struct route *found)
{
    char etag[80] = "";
    if (found->flags & R_ETAG) {
        /* Every change inside a tournament moves its revision, so the revision (and who
         * asks: the TD and players may see more) is a validator for any read in it. */
        char anon[80];
        db_lock(req->app->db);
        int64_t rev = db_tournament_revision(req->app->db, req->ids[0]);
        anon_etag(found, req->app->db, req->ids[0], rev, anon, sizeof anon);
        db_unlock(req->app->db);
        if (rev > 0) {
            if (found->flags & R_ANYONE)
                memcpy(etag, anon, sizeof anon);
            else if (req->is_td)
                snprintf(etag, sizeof etag, "\"t%lld.%lld.td\"", (long long)req->ids[0],
                         (long long)rev);
            else if (req->player_id)
                snprintf(etag, sizeof etag, "\"t%lld.%lld.p%lld\"", (long long)req->ids[0],
                         (long long)rev, (long long)req->player_id);
            else
                memcpy(etag, anon, sizeof anon);
            int hit = api_etag_match(req->if_none_match, etag);
            if (hit) {
                resp->status = 304;
                if (hit == 2)
                    api_etag_gz(etag, resp->etag, sizeof resp->etag);
                else
                    memcpy(resp->etag, etag, sizeof etag);
                return;
            }
        }
    }
    int shared = etag[0] ? shared_kind(found, req) : 0;
    if (shared < 0)
        shared = 0; /* read from a reader (api_dispatch), not kept */
    int flight = -1;
    if (shared) {
        if (from_kept(req, resp, shared, etag))
            return;
        /* a miss: rebuilt off this thread, this request suspended meanwhile (rebuild.h) */
        if (req->suspendable && req->app->readers) {
            struct shared_job *j = shared_job_new(req, found, shared);
            resp->wait = j ? api_rebuild_join(req->app->cache, req->ids[0], shared, build_shared,
                                              j, free)
                           : NULL;
            if (resp->wait)
                return;
        }
        /* or here: one reader at this revision builds, the others wait for its answer */
        struct api_blob *flown;
        flight = api_flight_join(req->app->cache, req->ids[0], shared, etag, &flown);
        if (flight == 1) {
            /* the builder's answer is cached too, gzipped, when no change came meanwhile;
             * otherwise this answer goes plain */
            resp->blob = flown;
            resp->blob_gzip = 0;
            resp->status = 200;
            memcpy(resp->etag, etag, sizeof etag);
            struct api_blob *cached;
            char tag2[80];
            int gz;
            if (req->accept_gzip &&
                api_cache_get(req->app->cache, req->ids[0], shared, &cached, tag2, 1, &gz)) {
                if (!strcmp(tag2, etag)) {
                    api_blob_release(resp->blob);
                    resp->blob = cached;
                    resp->blob_gzip = gz;
                } else {
                    api_blob_release(cached);
                }
            }
            return;
        }
    }
    found->handler(req, resp);
    /* a change that failed on a full disk (or a failed write) says so, not "internal" */
    int refusing = resp->status == 500 ? db_refusing(req->app->db) : 0;
    if (refusing) {
        api_resp_free(resp);
        api_disk_refusal(resp, refusing);
    }
    if (etag[0] && resp->status == 200 && !resp->etag[0])
        memcpy(resp->etag, etag, sizeof etag);
    if (shared && resp->status == 200 && resp->json && !resp->blob)
        keep_shared(req, resp, found, shared, etag, NULL);
    if (flight == 0)
        api_flight_land(req->app->cache, req->ids[0], shared, etag,
                        resp->status == 200 ? resp->blob : NULL);
}

/* The bit of the role table that the request's official or token stands for. */
static unsigned role_bit(enum role r)
{
    return r == ROLE_HEAD ? HEAD : r == ROLE_TD ? TD : r == ROLE_ASSISTANT ? ASSISTANT : 0;
}

/* Who route r is for, in words: "the head TD, TDs and assistants". */
static void roles_words(unsigned roles, char *out, size_t len)
{
    static const struct {
        unsigned bit;
        const char *words;
    } names[] = {{HEAD, "the head TD"}, {TD, "TDs"}, {ASSISTANT, "assistants"}};
    const char *got[3];
    int n = 0;
    for (int i = 0; i < 3; i++)
        if (roles & names[i].bit)
            got[n++] = names[i].words;
    if (n == 0)
        snprintf(out, len, "nobody");
    else if (n == 1)
        snprintf(out, len, "%s", got[0]);
    else if (n == 2)
        snprintf(out, len, "%s and %s", got[0], got[1]);
    else
        snprintf(out, len, "%s, %s and %s", got[0], got[1], got[2]);
}

/* The role table's check of route r (GOV-1): 0 when the request may go on to the handler,
 * else -1 with the refusal as the reply (401 without an official's login or with a revoked
 * token; 403 naming GOV-1 for a suspended official's session and for an official or a token
 * beyond their role). */
API_REPLIES static int check_role(const struct route *r, struct api_req *req, struct api_resp *resp)
{
    if (r->roles & ANYONE)
        return 0;
    if (!req->role && req->suspended) {
        api_problem(resp, 403, "official-suspended", "Official suspended",
                    "This session ended when the head TD suspended (or removed) its official "
                    "(GOV-1).");
        json_object_set_new(resp->json, "rule", json_string("GOV-1"));
        return -1;
    }
    if (!req->role && req->token_revoked) {
        api_problem(resp, 401, "token-revoked", "Machine token revoked",
                    "This machine token was revoked by the head TD; ask for a new one (GOV-1).");
        json_object_set_new(resp->json, "rule", json_string("GOV-1"));
        return -1;
    }
    if (!req->role && !req->session_token && req->player_id) {
        /* logged in, but as a player: logging in again would not help */
        api_problem(resp, 403, "td-only", "Tournament director only",
                    "Only the tournament director may do this; you are logged in as a player.");
        return -1;
    }
    if (!req->role) {
        api_problem(resp, 401, "unauthorized", "Tournament director login required",
                    "Only the tournament director may do this; log in first (POST "
                    "/api/v1/login).");
        return -1;
    }
    unsigned bit = role_bit(req->role);
    if ((r->roles & bit) && (!req->token_id || (r->roles & TOKEN)))
        return 0;
    char who[64];
    roles_words(r->roles, who, sizeof who);
    if (req->token_id)
        api_problem(resp, 403, "role-forbidden", "Not allowed for this role",
                    "A machine token with the role %s may not use %s %s: it is for %s%s "
                    "(GOV-1).",
                    role_name(req->role), r->method, r->pattern, who,
                    r->roles & TOKEN ? ", and tokens of those roles" : " in person");
    else
        api_problem(resp, 403, "role-forbidden", "Not allowed for this role",
                    "An official with the role %s (%s) may not use %s %s: it is for %s (GOV-1).",
                    role_name(req->role), role_words(req->role), r->method, r->pattern, who);
    json_object_set_new(resp->json, "rule", json_string("GOV-1"));
    json_object_set_new(resp->json, "role", json_string(role_name(req->role)));
    return -1;
}

/* A list on a revision of its own (R_PLAYERS, R_EVENTS) answered from its kept copy when
 * that copy's tag is the last committed one: nothing was committed since that it shows, so
 * no snapshot (nor any SQL) is needed to know it is up to date. -1 having answered (200 or
 * 304); 0: go the usual way. */
API_REPLIES static int kept_hit(struct api_req *req, struct api_resp *resp, const struct route *r,
                                int kind)
{
    char tag[64], etag[80];
    db_part_tag_committed(req->app->db, r->flags & R_PLAYERS ? DB_PLAYERS : DB_EVENTS, tag,
                          sizeof tag);
    snprintf(etag, sizeof etag, "\"t%lld.%s\"", (long long)req->ids[0], tag);
    return from_kept(req, resp, kind, etag);
}

void api_dispatch(struct api_req *req, struct api_resp *resp)
{
    const char *method = strcmp(req->method, "HEAD") ? req->method : "GET";
    const struct route *found = NULL;
    char allow[48] = "";
    for (int i = 0; i < NROUTES; i++) {
        int64_t ids[API_MAX_IDS];
        int nids;
        if (!match(routes[i].pattern, req->path, ids, &nids))
            continue;
        if (!strcmp(routes[i].method, method)) {
            found = &routes[i];
            memcpy(req->ids, ids, sizeof ids);
            req->nids = nids;
            break;
        }
        if (!strstr(allow, routes[i].method)) {
            if (allow[0])
                strncat(allow, ", ", sizeof allow - strlen(allow) - 1);
            strncat(allow, routes[i].method, sizeof allow - strlen(allow) - 1);
        }
    }
    if (!found) {
        if (allow[0]) {
            snprintf(resp->allow, sizeof resp->allow, "%s%s", allow,
                     strstr(allow, "GET") ? ", HEAD" : "");
            api_problem(resp, 405, "method-not-allowed", "Method not allowed",
                        "%s is not allowed on %.200s; allowed: %s.", req->method, req->path,
                        resp->allow);
        } else {
            api_problem(resp, 404, "not-found", "Not found", "There is no resource at %.200s.",
                        req->path);
        }
        return;
    }
    if (is_change(method) && check_csrf(req, resp))
        return;
    if (req->session_token || req->bearer)
        api_official_session(req);
    if (req->player_token)
        api_player_session(req);
    if (check_role(found, req, resp))
        return;
    int wants = found->flags & R_JSON ? 1 : 0;
    if ((found->flags & R_OPTJSON) && req->body && !api_body_blank(req->body, req->body_len))
        wants = 1;
    if (is_change(method) && api_body_parse(req, resp, wants))
        return;
    int shared = shared_kind(found, req);
    if (shared > 0 && (found->flags & (R_PLAYERS | R_EVENTS)) && kept_hit(req, resp, found, shared))
        return;
    if (shared && req->app->readers) {
        /* an anonymous read of a polled list: from a reader, in one snapshot from its ETag
         * to its body, so building it never holds the writer's lock (store/readers.h) */
        struct app *app = req->app, view = *app;
        view.db = db_readers_take(app->readers);
        if (view.db) {
            req->app = &view;
            answer(req, resp, found);
            req->app = app;
            db_readers_give(app->readers, view.db);
            return;
        }
    }
    answer(req, resp, found);
}
