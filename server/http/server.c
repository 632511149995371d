/* libmicrohttpd glue. Threading: an internal thread pool with poll(), one thread per CPU
 * by default. Measured on libmicrohttpd 0.9.75, epoll stalls when about 128 keep-alive
 * connections are ready at once on one thread, and thread-per-connection cannot suspend
 * connections (needed for event streams); poll with a pool has neither problem. */
#include "http/server.h"
#include "common/json_out.h"

#include <arpa/inet.h>
#include <ctype.h>
#include <fcntl.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <strings.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "api/api.h"
#include "api/cache.h"
#include "api/rebuild.h"
#include "api/tx.h"
#include "common/clock.h"
#include "http/accesslog.h"
#include "http/fairshare.h"
#include "http/head.h"
#include "http/escape.h"
#include "http/problem.h"
#include "http/forwarded.h"
#include "http/hosts.h"
#include "http/kept.h"
#include "http/sse.h"
#include "http/static.h"
#include "api/stream.h"

struct http_server {
    struct MHD_Daemon *d;
    struct app *app;
    int static_fd;
    int port;
    atomic_int inflight;
    struct http_fair *fair;
    struct cw_cidr proxies[CW_CIDR_MAX]; /* trusted_proxies */
    int nproxies;
    /* the sweeper: shuts down connections past their request deadline */
    pthread_t sweeper;
    int sweeper_started;
    pthread_mutex_t stop_mu;
    pthread_cond_t stop_cv;
    int stopping;
};

struct conn;

/* What a request accumulates between the calls of the access handler. */
struct req_ctx {
    int64_t start_us;
    char *body;
    size_t len, cap;
    int too_big;
    int over; /* the connection came past its address's share: 503 (http_fair_over) */
    int status;
    char method[16];
    struct conn *owner; /* the connection whose context it is; NULL: allocated for itself */
    struct http_head head; /* the headers read (head.h) */
    struct http_client who; /* the client: the peer, or whom a trusted proxy forwards */
    struct http_fair_conn *fc; /* the connection's share (fairshare.h) */
    /* the rebuild of a polled list this request was suspended for (api/rebuild.h); once
     * resumed, its answer, and it is never suspended twice */
    struct api_rebuild *rebuild;
    int resumed;
    /* the answer of a change waiting for the disk (api_run), the connection suspended
     * until its ticket is settled: allocated then, since a read never holds one (room for
     * it in every request's context was a tenth of a GET's own instructions, issue 37) */
    struct api_resp *held;
    /* the kept body whose kept response (http/kept.c) this request was answered with */
    struct api_blob *kept;
    /* last, not zeroed for each request (written with its NUL): a copy for the access
     * log, at most 256 bytes */
    char path[257];
};

/* What a connection keeps from one request to the next (the library's socket context):
 * what is the same for all of them is found once (issue 37: the peer's address described
 * and the idle timeout set at each request were a tenth of a GET's own instructions, and
 * allocating each request's context and its path's copy as much again). */
struct conn {
    struct http_fair_conn *fc; /* its share (fairshare.h) */
    struct http_client peer;   /* the peer, described once (forwarded.h) */
    int asked;                 /* a request came: the long idle timeout is set */
    /* its request's context: one request at a time on a connection (the next begins once
     * the last is completed), so one context serves them all, never allocated again */
    struct req_ctx rc;
    int rc_busy;
};

/* The client's address, or the one a trusted proxy forwards (forwarded.h): a peer that is
 * no trusted proxy is the client of every request of its connection, described once. */
static void client_of(struct http_server *s, struct MHD_Connection *c, const struct conn *cn,
                      const struct http_head *h, struct http_client *who)
{
    if (cn && !cn->peer.proxied) {
        *who = cn->peer;
        return;
    }
    const union MHD_ConnectionInfo *ci =
        MHD_get_connection_info(c, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    http_client_of(s->proxies, s->nproxies, ci ? ci->client_addr : NULL, h->forwarded_for,
                   h->forwarded_proto, who);
}

/* A cookie, Secure when the client came over TLS (to the proxy): a browser then never
 * sends the session back in clear text. Without TLS it cannot be Secure, or the browser
 * would drop it. */
static void add_cookie(struct MHD_Response *r, const char *cookie, int https)
{
    char buf[300];
    snprintf(buf, sizeof buf, "%s%s", cookie, https ? "; Secure" : "");
    MHD_add_response_header(r, "Set-Cookie", buf);
}

static enum MHD_Result queue(struct MHD_Connection *c, struct req_ctx *rc, int status,
                             struct MHD_Response *r)
{
    http_common_headers(r);
    rc->status = status;
    enum MHD_Result ok = MHD_queue_response(c, (unsigned)status, r);
    MHD_destroy_response(r);
    return ok;
}

static enum MHD_Result queue_problem_allow(struct MHD_Connection *c, struct req_ctx *rc, int status,
                                           const char *slug, const char *title, const char *detail,
                                           const char *allow);

static enum MHD_Result queue_problem(struct MHD_Connection *c, struct req_ctx *rc, int status,
                                     const char *slug, const char *title, const char *detail)
{
    return queue_problem_allow(c, rc, status, slug, title, detail, NULL);
}

/* A problem+json answer; allow, when not NULL, is the Allow header of a 405. */
static enum MHD_Result queue_problem_allow(struct MHD_Connection *c, struct req_ctx *rc, int status,
                                           const char *slug, const char *title, const char *detail,
                                           const char *allow)
{
    struct MHD_Response *r = http_problem_response(status, slug, title, detail);
    if (!r)
        return MHD_NO;
    if (allow)
        MHD_add_response_header(r, "Allow", allow);
    return queue(c, rc, status, r);
}

static enum MHD_Result collect_arg(void *cls, enum MHD_ValueKind kind, const char *key,
                                   const char *value)
{
    struct api_req *req = cls;
    if (req->nargs < API_MAX_ARGS && key) {
        req->args[req->nargs].key = key;
        req->args[req->nargs].value = value ? value : "";
        req->nargs++;
    }
    return MHD_YES;
}

static void release_blob(void *data)
{
    api_blob_release(api_blob_of(data));
}

static void resume(void *ctx)
{
    MHD_resume_connection(ctx);
}

static enum MHD_Result serve_api(struct http_server *s, struct MHD_Connection *c,
                                 struct req_ctx *rc, const char *url)
{
    struct api_req req;
    struct api_resp resp;
    memset(&req, 0, sizeof req);
    memset(&resp, 0, sizeof resp);
    req.app = s->app;
    req.method = rc->method;
    req.path = url;
    req.body = rc->body;
    req.body_len = rc->len;
    const struct http_head *h = &rc->head;
    req.content_type = h->content_type;
    req.csrf = h->csrf;
    req.origin = h->origin;
    req.host = h->host;
    req.session_token = h->session;
    req.player_token = h->player;
    req.device_token = h->device;
    const char *authz = h->authorization;
    if (authz && !strncasecmp(authz, "Bearer ", 7))
        req.bearer = authz + 7;
    req.idem_key = h->idem_key;
    req.if_none_match = h->if_none_match;
    const char *ae = h->accept_encoding;
    req.accept_gzip = ae && strstr(ae, "gzip") != NULL;
    req.client_ip = rc->who.ip;
    req.client_key = rc->who.key;
    req.now_ms = cw_now_ms();
    MHD_get_connection_values(c, MHD_GET_ARGUMENT_KIND, collect_arg, &req);
    req.suspendable = !rc->resumed;

    if (rc->held) {
        /* resumed: the change is on disk (its answer), or it was not kept (a refusal) */
        resp = *rc->held;
        free(rc->held);
        rc->held = NULL;
        api_tx_settle(s->app, &resp);
    } else if (rc->rebuild) {
        /* resumed: the rebuild's answer, or (it failed) the request served here after all */
        if (api_rebuild_answer(rc->rebuild, req.accept_gzip, &resp.blob, &resp.blob_gzip,
                               resp.etag))
            resp.status = 200;
        api_rebuild_release(rc->rebuild);
        rc->rebuild = NULL;
    }
    if (!resp.status)
        api_dispatch(&req, &resp);
    json_decref(req.json);
    json_decref(req.extra);
    free(req.extra_text.s);
    if (resp.durable) {
        /* the change is synced off this thread: the connection waits without holding it,
         * and other requests of this thread (other players' reports) go on */
        rc->held = malloc(sizeof *rc->held);
        if (!rc->held) {
            /* not held: the change may still reach the disk, which a retry with its
             * Idempotency-Key then answers */
            api_tx_drop(s->app, &resp);
            return queue_problem(c, rc, 500, "internal", "Internal server error",
                                 "The change's answer could not be held; try again.");
        }
        *rc->held = resp;
        rc->resumed = 1;
        MHD_suspend_connection(c);
        api_tx_wait(s->app, rc->held, resume, c);
        return MHD_YES;
    }
    if (resp.wait) {
        /* the list is rebuilt off this thread: the connection waits without holding it */
        rc->rebuild = resp.wait;
        rc->resumed = 1;
        MHD_suspend_connection(c);
        api_rebuild_wait(rc->rebuild, resume, c);
        return MHD_YES;
    }

    int status = resp.status ? resp.status : 500;
    const char *inm = h->if_none_match;
    struct MHD_Response *r;
    int hit = status == 200 ? api_etag_match(inm, resp.etag) : 0;
    if (hit == 2 || (resp.blob && resp.blob_gzip)) {
        /* the gzip representation has its own tag */
        char gz[sizeof resp.etag];
        api_etag_gz(resp.etag, gz, sizeof gz);
        memcpy(resp.etag, gz, sizeof gz);
    }
    /* A reply to someone logged in may depend on who asks (a player's own view, what
     * only the TD sees): no shared cache (a proxy's) may keep it for anyone else. */
    int personal = req.session_token || req.player_token || req.bearer;
    if (!hit && status == 200 && resp.blob && resp.etag[0] && !personal && !resp.set_cookie[0] &&
        !resp.set_cookie2[0] && !resp.retry_after[0] && !resp.allow[0] && !resp.location[0] &&
        (r = http_kept_response(resp.blob, resp.blob_gzip, resp.etag))) {
        /* the kept body's response, headers and all: the request holds the body */
        rc->kept = resp.blob;
        resp.blob = NULL;
        api_resp_free(&resp);
        rc->status = status;
        return MHD_queue_response(c, (unsigned)status, r);
    }
    if (hit) {
        status = 304;
        r = MHD_create_response_from_buffer(0, NULL, MHD_RESPMEM_PERSISTENT);
    } else if (resp.blob) {
        /* a cached body goes out without a copy; the response holds a reference */
        r = MHD_create_response_from_buffer_with_free_callback(resp.blob->len, resp.blob->data,
                                                               release_blob);
        resp.blob = NULL;
        http_blob_headers(r, resp.blob_gzip);
    } else if (resp.has_file) {
        /* streamed from the descriptor, which libmicrohttpd closes once sent */
        r = MHD_create_response_from_fd64(resp.file_len, resp.file_fd);
        if (!r) {
            api_resp_free(&resp);
            return queue_problem(c, rc, 500, "internal", "Internal server error",
                                 "The file could not be sent.");
        }
        resp.has_file = 0;
        MHD_add_response_header(r, "Content-Type", resp.content_type);
        MHD_add_response_header(r, "Content-Disposition", resp.disposition);
    } else if (resp.body) {
        r = MHD_create_response_from_buffer(resp.body_len, resp.body, MHD_RESPMEM_MUST_FREE);
        resp.body = NULL;
        MHD_add_response_header(r, "Content-Type", resp.content_type);
        if (resp.disposition[0]) /* a file to save (a CSV list) */
            MHD_add_response_header(r, "Content-Disposition", resp.disposition);
    } else if (resp.json) {
        char *body = cw_json_dumps(resp.json, NULL);
        if (!body) {
            api_resp_free(&resp);
            return queue_problem(c, rc, 500, "internal", "Internal server error",
                                 "The reply could not be serialized.");
        }
        r = MHD_create_response_from_buffer(strlen(body), body, MHD_RESPMEM_MUST_FREE);
        MHD_add_response_header(r, "Content-Type",
                                resp.is_problem ? "application/problem+json" : "application/json");
    } else {
        r = MHD_create_response_from_buffer(0, NULL, MHD_RESPMEM_PERSISTENT);
    }
    if (resp.etag[0]) {
        http_etag_headers(r, resp.etag, personal);
    } else {
        MHD_add_response_header(r, "Cache-Control", personal ? "private, no-store" : "no-store");
    }
    if (personal)
        MHD_add_response_header(r, "Vary", req.bearer ? "Cookie, Authorization" : "Cookie");
    if (resp.set_cookie[0])
        add_cookie(r, resp.set_cookie, rc->who.https);
    if (resp.set_cookie2[0])
        add_cookie(r, resp.set_cookie2, rc->who.https);
    if (resp.retry_after[0])
        MHD_add_response_header(r, "Retry-After", resp.retry_after);
    if (resp.allow[0])
        MHD_add_response_header(r, "Allow", resp.allow);
    if (resp.location[0])
        MHD_add_response_header(r, "Location", resp.location);
    api_resp_free(&resp);
    return queue(c, rc, status, r);
}

/* A 503 with Retry-After (seconds): a share of the server this client's address has used
 * up. The connection is closed after it, giving its place back (an event stream refused
 * after it was counted as one, a connection past its share). */
static enum MHD_Result queue_busy(struct MHD_Connection *c, struct req_ctx *rc, const char *slug,
                                  const char *title, const char *detail, const char *retry)
{
    struct MHD_Response *r = http_problem_response(503, slug, title, detail);
    if (!r)
        return MHD_NO;
    MHD_add_response_header(r, "Retry-After", retry);
    MHD_add_response_header(r, "Connection", "close");
    return queue(c, rc, 503, r);
}

/* The answer to a connection past its address's share (or the server's): a phone behind
 * the venue's NAT shows a sentence and tries again, instead of a page broken by a reset. */
static enum MHD_Result queue_over(struct MHD_Connection *c, struct req_ctx *rc, int per_address)
{
    char detail[240];
    snprintf(detail, sizeof detail,
             "The server holds as many connections as it may for this address (%d, the "
             "max_connections_per_address setting) or in all; try again in a few seconds.",
             per_address);
    return queue_busy(c, rc, "too-many-connections", "Too many connections", detail, "2");
}

/* How far past max_body_bytes a body declared too large is still read (and thrown away) to
 * answer its 413 cleanly; beyond that, or when the client waits for 100-continue, the 413
 * goes at once. */
#define DISCARD_FACTOR 8

static enum MHD_Result on_request(void *cls, struct MHD_Connection *c, const char *url,
                                  const char *method, const char *version, const char *upload_data,
                                  size_t *upload_size, void **con_cls)
{
    struct http_server *s = cls;
    struct req_ctx *rc = *con_cls;
    size_t max = (size_t)s->app->cfg.max_body_bytes;
    if (!rc) {
        /* First call: headers only. Answering now would make 0.9.75 close keep-alive
         * connections, so a reply waits for the second call, except a body that is
         * declared too large: refused before it is read. */
        const union MHD_ConnectionInfo *sc =
            MHD_get_connection_info(c, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
        struct conn *cn = sc ? sc->socket_context : NULL;
        if (cn && !cn->rc_busy) {
            rc = &cn->rc;
            memset(rc, 0, offsetof(struct req_ctx, path));
            rc->owner = cn;
            cn->rc_busy = 1;
        } else {
            rc = calloc(1, sizeof *rc);
            if (!rc)
                return MHD_NO;
        }
        rc->start_us = cw_mono_us();
        size_t ml = strnlen(method, sizeof rc->method - 1);
        memcpy(rc->method, method, ml); /* zeroed: ends there */
        size_t pl = strnlen(url, sizeof rc->path - 1);
        memcpy(rc->path, url, pl);
        rc->path[pl] = 0;
        http_head_read(c, &rc->head);
        client_of(s, c, cn, &rc->head, &rc->who);
        rc->fc = cn ? cn->fc : NULL;
        /* the request's head is in: the long idle timeout from now on (the short one
         * was for a connection yet to ask), set with its first request */
        http_fair_request(s->fair, rc->fc, rc->start_us / 1000);
        if (!cn || !cn->asked) {
            MHD_set_connection_option(c, MHD_CONNECTION_OPTION_TIMEOUT,
                                      (unsigned)s->app->cfg.connection_timeout_s);
            if (cn)
                cn->asked = 1;
        }
        atomic_fetch_add(&s->inflight, 1);
        *con_cls = rc;
        if (http_fair_over(rc->fc)) {
            /* answered once its body (thrown away) is read: an answer before it would
             * reach the client as a reset, which is what this answer replaces */
            rc->over = rc->too_big = 1;
            return MHD_YES;
        }
        const char *cl = rc->head.content_length;
        unsigned long long declared = cl ? strtoull(cl, NULL, 10) : 0;
        const char *expect = rc->head.expect;
        int waits = expect && !strcasecmp(expect, "100-continue");
        if (declared > max && !waits && declared <= DISCARD_FACTOR * (unsigned long long)max) {
            /* A client that sends its body without waiting (a browser's upload) would see
             * a refusal sent before its body was read as a reset connection, the 413 lost
             * with the unread bytes: the body is read and thrown away (the upload path
             * below keeps none of it, the connection's deadlines still run) and the 413
             * answers the last call. */
            rc->too_big = 1;
            return MHD_YES;
        }
        if (declared > max) {
            rc->too_big = 1;
            char detail[160];
            snprintf(detail, sizeof detail,
                     "The request body is larger than the limit of %zu bytes.", max);
            return queue_problem(c, rc, 413, "body-too-large", "Request body too large", detail);
        }
        return MHD_YES;
    }
    if (*upload_size) {
        if (!rc->too_big && rc->len + *upload_size > max) {
            rc->too_big = 1;
            free(rc->body);
            rc->body = NULL;
            rc->len = rc->cap = 0;
        }
        if (!rc->too_big) {
            if (rc->len + *upload_size + 1 > rc->cap) {
                size_t cap = rc->cap ? rc->cap : 1024;
                while (cap < rc->len + *upload_size + 1)
                    cap *= 2;
                char *grown = realloc(rc->body, cap);
                if (!grown)
                    return MHD_NO;
                rc->body = grown;
                rc->cap = cap;
            }
            memcpy(rc->body + rc->len, upload_data, *upload_size);
            rc->len += *upload_size;
            rc->body[rc->len] = 0;
        }
        *upload_size = 0;
        return MHD_YES;
    }
    if (rc->status)
        return MHD_YES; /* already answered (413 on the first call) */
    if (rc->over)
        return queue_over(c, rc, s->app->cfg.max_connections_per_address);
    const char *allowed = s->app->cfg.allowed_hosts;
    const char *host = rc->head.host;
    const char *origin = rc->head.origin;
    if (!http_host_allowed(allowed, host) ||
        (origin && strcmp(origin, "null") && !http_origin_allowed(allowed, origin))) {
        char detail[300];
        snprintf(detail, sizeof detail,
                 "This server answers to %.200s only (the allowed_hosts setting); open it by "
                 "one of those names.",
                 allowed);
        return queue_problem(c, rc, 421, "host-not-allowed", "Unknown host name", detail);
    }
    if (strstr(url, "%00")) {
        return queue_problem(c, rc, 400, "bad-path", "NUL in the path",
                             "The path holds an encoded NUL (%00), which no name may contain.");
    }
    if (rc->too_big) {
        char detail[160];
        snprintf(detail, sizeof detail, "The request body is larger than the limit of %zu bytes.",
                 max);
        return queue_problem(c, rc, 413, "body-too-large", "Request body too large", detail);
    }
    int64_t tid;
    int stream = api_stream_path(url, &tid);
    if (stream && !strcmp(method, "GET")) {
        if (http_fair_stream(s->fair, rc->fc))
            return queue_busy(c, rc, "too-many-streams", "Too many event streams",
                              "This address holds all the event streams it may; close one "
                              "(another tab or screen) and the page reconnects by itself.",
                              "10");
        const char *lei = rc->head.last_event_id;
        if (!lei)
            lei = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "last_event_id");
        int status;
        struct MHD_Response *r = http_sse_open(s->app, c, tid, lei, s->fair, rc->fc, &status);
        if (r)
            return queue(c, rc, status, r);
        if (status == 503)
            return queue_busy(c, rc, "too-many-replays", "Too many replays",
                              "This address replays all the long histories of the stream it "
                              "may at once (the max_replays_per_address setting); ask again "
                              "in a few seconds, or from a later Last-Event-ID.",
                              "10");
        if (status == 404) {
            char detail[96];
            snprintf(detail, sizeof detail, "There is no tournament %lld.", (long long)tid);
            return queue_problem(c, rc, 404, "not-found", "No such tournament", detail);
        }
        return queue_problem(c, rc, 500, "internal", "Internal server error",
                             "The event stream could not be opened; the error is in the log.");
    }
    if (stream) {
        char detail[160];
        snprintf(detail, sizeof detail, "%s is not allowed on the event stream; GET it.", method);
        return queue_problem_allow(c, rc, 405, "method-not-allowed", "Method not allowed", detail,
                                   "GET");
    }
    if (!strncmp(url, "/api/", 5) || !strcmp(url, "/api"))
        return serve_api(s, c, rc, url);
    if (strcmp(method, "GET") && strcmp(method, "HEAD")) {
        char detail[160];
        snprintf(detail, sizeof detail, "%s is not allowed on the pages; GET them.", method);
        return queue_problem_allow(c, rc, 405, "method-not-allowed", "Method not allowed", detail,
                                   "GET, HEAD");
    }
    int status;
    struct MHD_Response *r =
        http_static(s->static_fd, url, rc->head.if_none_match, &status);
    if (status == 404) {
        MHD_destroy_response(r);
        return queue_problem(c, rc, 404, "not-found", "Not found", "There is no such page.");
    }
    return queue(c, rc, status, r);
}

static void on_completed(void *cls, struct MHD_Connection *c, void **con_cls,
                         enum MHD_RequestTerminationCode toe)
{
    struct http_server *s = cls;
    struct req_ctx *rc = *con_cls;
    if (!rc)
        return;
    int64_t now_us = cw_mono_us();
    http_log_request(rc->who.ip, rc->method, rc->path, rc->status ? rc->status : 499,
                     now_us - rc->start_us);
    if (toe == MHD_REQUEST_TERMINATED_COMPLETED_OK)
        http_fair_replied(s->fair, rc->fc, now_us / 1000);
    api_rebuild_release(rc->rebuild);
    api_blob_release(rc->kept);
    if (rc->held) { /* resumed, but the client left before its answer */
        api_tx_drop(s->app, rc->held);
        free(rc->held);
    }
    free(rc->body);
    if (rc->owner)
        rc->owner->rc_busy = 0;
    else
        free(rc);
    *con_cls = NULL;
    atomic_fetch_sub(&s->inflight, 1);
}

/* The accept policy: a new connection only while its address is under its share. */
static enum MHD_Result on_accept(void *cls, const struct sockaddr *addr, socklen_t addrlen)
{
    struct http_server *s = cls;
    return http_fair_admit(s->fair, addr) ? MHD_YES : MHD_NO;
}

static void on_connection(void *cls, struct MHD_Connection *c, void **socket_context,
                          enum MHD_ConnectionNotificationCode toe)
{
    struct http_server *s = cls;
    if (toe == MHD_CONNECTION_NOTIFY_CLOSED) {
        struct conn *cn = *socket_context;
        if (cn) {
            http_fair_closed(s->fair, cn->fc);
            free(cn);
        }
        *socket_context = NULL;
        return;
    }
    const union MHD_ConnectionInfo *fd = MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
    const union MHD_ConnectionInfo *ad =
        MHD_get_connection_info(c, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    const struct sockaddr *peer = ad ? ad->client_addr : NULL;
    struct conn *cn = calloc(1, sizeof *cn);
    struct http_fair_conn *fc =
        http_fair_started(s->fair, peer, fd ? fd->connect_fd : -1, cw_mono_us() / 1000);
    if (cn) {
        cn->fc = fc;
        http_client_of(s->proxies, s->nproxies, peer, NULL, NULL, &cn->peer);
        *socket_context = cn;
    } else {
        /* without room for its own, the connection is not counted in its share: shut */
        http_fair_closed(s->fair, fc);
        *socket_context = NULL;
        if (fd)
            shutdown(fd->connect_fd, SHUT_RDWR);
    }
    /* short until a request comes (on_request lengthens it); the sweeper's deadline is
     * what stops a client that sends a byte now and then */
    MHD_set_connection_option(c, MHD_CONNECTION_OPTION_TIMEOUT,
                              (unsigned)s->app->cfg.header_timeout_s);
}

static void *sweep(void *arg)
{
    struct http_server *s = arg;
    pthread_mutex_lock(&s->stop_mu);
    while (!s->stopping) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        ts.tv_nsec += 250 * 1000000L;
        if (ts.tv_nsec >= 1000000000L) {
            ts.tv_sec++;
            ts.tv_nsec -= 1000000000L;
        }
        pthread_cond_timedwait(&s->stop_cv, &s->stop_mu, &ts);
        if (!s->stopping)
            http_fair_sweep(s->fair, cw_mono_us() / 1000);
    }
    pthread_mutex_unlock(&s->stop_mu);
    return NULL;
}

static void free_server(struct http_server *s)
{
    if (s->sweeper_started) {
        pthread_mutex_lock(&s->stop_mu);
        s->stopping = 1;
        pthread_cond_signal(&s->stop_cv);
        pthread_mutex_unlock(&s->stop_mu);
        pthread_join(s->sweeper, NULL);
    }
    pthread_mutex_destroy(&s->stop_mu);
    pthread_cond_destroy(&s->stop_cv);
    if (s->static_fd >= 0)
        close(s->static_fd);
    http_fair_free(s->fair);
    free(s);
}

int http_start(struct app *app, struct http_server **out, char *err, size_t errlen)
{
    *out = NULL;
    struct http_server *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    s->app = app;
    s->static_fd = -1;
    pthread_mutex_init(&s->stop_mu, NULL);
    pthread_cond_init(&s->stop_cv, NULL);
    struct http_fair_limits lim = http_fair_limits_of(&app->cfg);
    s->fair = http_fair_new(&lim);
    char perr[200];
    s->nproxies = cw_cidr_parse_list(app->cfg.trusted_proxies, s->proxies, CW_CIDR_MAX, perr,
                                     sizeof perr);
    if (s->nproxies < 0) {
        /* cw_config_load refuses it first; this is for a caller that built the settings */
        snprintf(err, errlen, "trusted_proxies: %s", perr);
        free_server(s);
        return -1;
    }
    /* behind a proxy every client shares its address: its limits are its own (nginx's
     * limit_conn), the server's would make one address of the whole venue */
    for (int i = 0; s->fair && i < s->nproxies; i++)
        http_fair_exempt(s->fair, &s->proxies[i]);
    s->static_fd = open(app->cfg.static_dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (!s->fair || s->static_fd < 0) {
        snprintf(err, errlen, "static_dir %s: cannot open the folder", app->cfg.static_dir);
        free_server(s);
        return -1;
    }
    struct sockaddr_storage ss;
    memset(&ss, 0, sizeof ss);
    unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_POLL | MHD_ALLOW_SUSPEND_RESUME |
                     MHD_USE_ERROR_LOG;
    struct sockaddr_in *s4 = (struct sockaddr_in *)&ss;
    struct sockaddr_in6 *s6 = (struct sockaddr_in6 *)&ss;
    if (inet_pton(AF_INET, app->cfg.bind, &s4->sin_addr) == 1) {
        s4->sin_family = AF_INET;
        s4->sin_port = htons((uint16_t)app->cfg.port);
    } else if (inet_pton(AF_INET6, app->cfg.bind, &s6->sin6_addr) == 1) {
        s6->sin6_family = AF_INET6;
        s6->sin6_port = htons((uint16_t)app->cfg.port);
        flags |= MHD_USE_IPv6;
    } else {
        snprintf(err, errlen, "bind %s: not an IP address", app->cfg.bind);
        free_server(s);
        return -1;
    }
    long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
    /* Four threads a CPU by default: a change's connection waits for the disk suspended
     * (store/commit.c), so a thread waits only for the writer's turn, and while it does the
     * others serve their connections. */
    unsigned threads =
        app->cfg.threads ? (unsigned)app->cfg.threads : (unsigned)(ncpu > 0 ? 4 * ncpu : 4);
    /* One thread is the daemon's own polling thread; a pool only from two on. */
    struct MHD_OptionItem pool[] = {
        {threads > 1 ? MHD_OPTION_THREAD_POOL_SIZE : MHD_OPTION_END, (intptr_t)threads, NULL},
        {MHD_OPTION_END, 0, NULL},
    };
    /* The library's own limit holds both kinds and those past a share, waiting for their
     * 503: fairshare.c keeps each within its own, so the library's (a reset at accept)
     * is never the one that refuses. */
    unsigned limit = (unsigned)app->cfg.max_connections + (unsigned)app->cfg.max_streams +
                     HTTP_FAIR_OVER_MAX;
    s->d = MHD_start_daemon(flags, (uint16_t)app->cfg.port, on_accept, s, on_request, s,
                            MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&ss, MHD_OPTION_ARRAY, pool,
                            MHD_OPTION_CONNECTION_LIMIT, limit,
                            MHD_OPTION_NOTIFY_CONNECTION, on_connection, s,
                            MHD_OPTION_UNESCAPE_CALLBACK, http_unescape, s,
                            MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)app->cfg.connection_timeout_s,
                            MHD_OPTION_NOTIFY_COMPLETED, on_completed, s,
                            MHD_OPTION_CONNECTION_MEMORY_LIMIT,
                            (size_t)app->cfg.connection_memory_bytes, MHD_OPTION_END);
    if (!s->d) {
        snprintf(err, errlen, "cannot listen on %s port %d (in use, or not allowed)", app->cfg.bind,
                 app->cfg.port);
        free_server(s);
        return -1;
    }
    if (pthread_create(&s->sweeper, NULL, sweep, s) == 0)
        s->sweeper_started = 1;
    const union MHD_DaemonInfo *di = MHD_get_daemon_info(s->d, MHD_DAEMON_INFO_BIND_PORT);
    s->port = di ? di->port : app->cfg.port;
    *out = s;
    return 0;
}

int http_port(struct http_server *s)
{
    return s->port;
}

void http_stop(struct http_server *s, int grace_ms)
{
    if (!s)
        return;
    MHD_socket lfd = MHD_quiesce_daemon(s->d);
    if (lfd != MHD_INVALID_SOCKET)
        close(lfd);
    /* event streams never finish by themselves: end them */
    http_sse_close_all(s->app);
    for (int waited = 0; atomic_load(&s->inflight) > 0 && waited < grace_ms; waited += 10) {
        struct timespec ts = {0, 10 * 1000000};
        nanosleep(&ts, NULL);
    }
    MHD_stop_daemon(s->d);
    free_server(s);
}
