/* The replies kept for reads: a read's ETag from its tournament's revision (304 when the
 * reader has it), and the polled lists every anonymous screen and phone asks for, kept
 * serialized (and gzipped) per revision (cache.c), rebuilt off the HTTP threads
 * (rebuild.c) or built by one reader for the others (flight.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/cache.h"
#include "common/json_out.h"
#include "api/flight.h"
#include "api/rebuild.h"
#include "api/shared_reply.h"
#include "ops/frame/frame.h"
#include "common/clock.h"
#include "store/readers.h"
#include "store/store.h"

/* The cache kind of an anonymous read (anyone's, R_ANYONE) of a shared route: one per route
 * and event id, apart from the kinds the handlers use themselves (cache.h); 0 = none; -1 =
 * a shared read that names the query parameter its route reads (?player=): an answer of
 * its own, not kept, but read from a reader all the same. Other parameters change nothing
 * of the answer and are no way around the kept copy ("?x=1" gets it too). */
int api_shared_kind(const struct route *r, const struct api_req *req)
{
    if (!(r->flags & R_SHARED) || ((req->is_td || req->player_id) && !(r->flags & R_ANYONE)) ||
        strcmp(req->method, "GET"))
        return 0;
    if ((r->flags & R_PLAYER_ARG) && api_arg(req, "player"))
        return -1;
    int64_t sub = req->nids > 1 ? req->ids[1] : 0;
    if (sub < 0 || sub >= (1 << 20))
        return 0;
    return CACHE_SHARED_BASE * (api_route_index(r) + 1) + (int)sub +
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

/* Under the lock (op_read): the copy is kept only if the tournament's revision is still
 * the one its ETag names. */
struct keep_in {
    struct api_req *req;
    const struct route *r;
    int kind;
    const char *etag;
    struct api_blob *blob, *gz;
};
static int keep_if_current(const struct op *o, void *in)
{
    struct keep_in *k = in;
    char now[80];
    anon_etag(k->r, o->db, k->req->ids[0], db_tournament_revision(o->db, k->req->ids[0]), now,
              sizeof now);
    if (!strcmp(now, k->etag))
        api_cache_put_gz(k->req->app->cache, k->req->ids[0], k->kind, k->blob, k->gz, k->etag);
    return 0;
}

/* Under the lock: the tournament's revision and the ETag anyone is given for it. */
struct rev_in {
    struct api_req *req;
    const struct route *r;
    int64_t rev;
    char anon[80];
};
static int read_revision(const struct op *o, void *in)
{
    struct rev_in *q = in;
    q->rev = db_tournament_revision(o->db, q->req->ids[0]);
    anon_etag(q->r, o->db, q->req->ids[0], q->rev, q->anon, sizeof q->anon);
    return 0;
}

/* Keeps the handler's answer, serialized, for the next anonymous readers when the
 * tournament is still at the revision of its ETag (a change in between drops entries, and
 * the answer may already show it): filled under the database lock, see cache.h. Read from
 * a reader, the answer and its ETag are of one snapshot, and a copy kept while a change is
 * still uncommitted is of the revision before it: it is used only while the ETag of the
 * readers' snapshot is still its own (answer compares them), never after that change. */
static void keep_shared(struct api_req *req, struct api_resp *resp, const struct route *r, int kind,
                        const char *etag, struct api_blob **gz_out)
{
    char *body = cw_json_dumps(resp->json, NULL);
    if (!body)
        return;
    struct api_blob *blob = api_blob_new(body, strlen(body));
    free(body);
    if (!blob)
        return;
    struct api_blob *gz = api_cache_gzip(blob); /* before the lock: see api_cache_put_gz */
    struct keep_in k = {req, r, kind, etag, blob, gz};
    struct op o = {.db = req->app->db};
    op_read(&o, keep_if_current, &k);
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

static struct shared_job *shared_job_new(const struct api_req *req, const struct route *r, int kind)
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
    free(req.extra_text.s);
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

int api_shared_etag(struct api_req *req, struct api_resp *resp, const struct route *r,
                    char etag[80])
{
    etag[0] = 0;
    if (!(r->flags & R_ETAG))
        return 0;
    /* Every change inside a tournament moves its revision, so the revision (and who
     * asks: the TD and players may see more) is a validator for any read in it. */
    struct rev_in q = {req, r, 0, {0}};
    struct op o = {.db = req->app->db};
    op_read(&o, read_revision, &q);
    int64_t rev = q.rev;
    if (rev <= 0)
        return 0;
    if (r->flags & R_ANYONE)
        memcpy(etag, q.anon, sizeof q.anon);
    else if (req->is_td)
        snprintf(etag, 80, "\"t%lld.%lld.td\"", (long long)req->ids[0], (long long)rev);
    else if (req->player_id)
        snprintf(etag, 80, "\"t%lld.%lld.p%lld\"", (long long)req->ids[0], (long long)rev,
                 (long long)req->player_id);
    else
        memcpy(etag, q.anon, sizeof q.anon);
    int hit = api_etag_match(req->if_none_match, etag);
    if (!hit)
        return 0;
    resp->status = 304;
    if (hit == 2)
        api_etag_gz(etag, resp->etag, sizeof resp->etag);
    else
        memcpy(resp->etag, etag, 80);
    return -1;
}

/* A list on a revision of its own (R_PLAYERS, R_EVENTS) answered from its kept copy when
 * that copy's tag is the last committed one: nothing was committed since that it shows, so
 * no snapshot (nor any SQL) is needed to know it is up to date. -1 having answered (200 or
 * 304); 0: go the usual way. */
int api_shared_kept_hit(struct api_req *req, struct api_resp *resp, const struct route *r, int kind)
{
    char tag[64], etag[80];
    db_part_tag_committed(req->app->db, r->flags & R_PLAYERS ? DB_PLAYERS : DB_EVENTS, tag,
                          sizeof tag);
    snprintf(etag, sizeof etag, "\"t%lld.%s\"", (long long)req->ids[0], tag);
    return from_kept(req, resp, kind, etag);
}

int api_shared_answer(struct api_req *req, struct api_resp *resp, const struct route *r, int kind,
                      const char *etag, int *flight)
{
    *flight = -1;
    if (from_kept(req, resp, kind, etag))
        return -1;
    /* a miss: rebuilt off this thread, this request suspended meanwhile (rebuild.h) */
    if (req->suspendable && req->app->readers) {
        struct shared_job *j = shared_job_new(req, r, kind);
        resp->wait =
            j ? api_rebuild_join(req->app->cache, req->ids[0], kind, build_shared, j, free) : NULL;
        if (resp->wait)
            return -1;
    }
    /* or here: one reader at this revision builds, the others wait for its answer */
    struct api_blob *flown;
    *flight = api_flight_join(req->app->cache, req->ids[0], kind, etag, &flown);
    if (*flight != 1)
        return 0;
    /* the builder's answer is cached too, gzipped, when no change came meanwhile;
     * otherwise this answer goes plain */
    resp->blob = flown;
    resp->blob_gzip = 0;
    resp->status = 200;
    memcpy(resp->etag, etag, 80);
    struct api_blob *cached;
    char tag2[80];
    int gz;
    if (req->accept_gzip &&
        api_cache_get(req->app->cache, req->ids[0], kind, &cached, tag2, 1, &gz)) {
        if (!strcmp(tag2, etag)) {
            api_blob_release(resp->blob);
            resp->blob = cached;
            resp->blob_gzip = gz;
        } else {
            api_blob_release(cached);
        }
    }
    return -1;
}

void api_shared_keep(struct api_req *req, struct api_resp *resp, const struct route *r, int kind,
                     const char *etag, int flight)
{
    if (resp->status == 200 && resp->json && !resp->blob)
        keep_shared(req, resp, r, kind, etag, NULL);
    if (flight == 0)
        api_flight_land(req->app->cache, req->ids[0], kind, etag,
                        resp->status == 200 ? resp->blob : NULL);
}
