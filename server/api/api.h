/* The HTTP API's contract, independent of the HTTP library: a request as the handlers see
 * it, the reply they fill, and the entry point the HTTP layer calls. */
#ifndef API_H
#define API_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

#include "app.h"
#include "common/json_out.h"
#include "tourney/roles.h"

struct api_blob;
struct api_rebuild;

/* Who writes the problem reply, one convention for the whole API:
 * - an operation of ops/ that refuses returns -1 after filling a `struct problem`
 *   (ops/frame/problem.h); the route hands it to api_reply_problem, the one writer of it;
 * - a function of api/ that may answer the request itself (a refusal, a 404, a replay of
 *   an Idempotency-Key) is declared API_REPLIES: it returns 0 to go on, or -1 having
 *   written the whole reply into resp, and its caller then returns at once, writing
 *   nothing more. The compiler insists that the result is looked at;
 * - a function of api/ that only checks and lets its caller decide (api_fields_check)
 *   takes a `struct problem` as the operations do.
 * Handlers (void) always leave a reply in resp. */
#define API_REPLIES __attribute__((warn_unused_result))

#define API_MAX_IDS 4
#define API_MAX_ARGS 16

struct api_req {
    struct app *app;
    const char *method;
    const char *path; /* decoded, without the query string */
    const char *body; /* NULL when there is none */
    size_t body_len;
    const char *content_type;  /* request header or NULL */
    const char *csrf;          /* X-Crawford header or NULL */
    const char *origin;        /* Origin header or NULL */
    const char *host;          /* Host header or NULL */
    const char *session_token; /* the officials' cookie or NULL */
    const char *bearer;        /* a machine token (Authorization: Bearer) or NULL */
    const char *player_token;  /* the player cookie or NULL */
    const char *device_token;  /* the device cookie (ops/people/login.h) or NULL */
    const char *idem_key;      /* Idempotency-Key header or NULL */
    const char *if_none_match; /* If-None-Match header or NULL */
    int accept_gzip;           /* Accept-Encoding names gzip */
    const char *client_ip;
    const char *client_key; /* the address as limits count it: an IPv6 client by its /64 */
    struct {
        const char *key, *value;
    } args[API_MAX_ARGS];
    int nargs;
    int64_t now_ms;

    /* filled by the dispatcher */
    int64_t ids[API_MAX_IDS]; /* numeric path parameters, in order */
    int nids;
    int is_td;                 /* an official acts (a session or a machine token), any role */
    int64_t official_id;       /* that official (0 for a machine token) */
    int64_t token_id;          /* that machine token, or 0 */
    enum role role;            /* their role (GOV-1); ROLE_NONE for everyone else */
    int suspended;             /* the officials' cookie is a suspended official's (GOV-1) */
    int token_revoked;         /* the machine token was revoked (GOV-1) */
    int64_t player_id;         /* the logged-in player (PIN session), or 0 */
    int64_t player_tournament; /* that player's tournament */
    json_t *json;              /* the parsed body of routes that take JSON */
    json_t *extra;             /* members a result hook adds to the answer (owned) */
    struct cw_text extra_text; /* and those it adds as text (struct op's; owned: its s) */
    /* set by the HTTP layer: it can suspend this request while a polled list is rebuilt
     * off its thread (api/rebuild.h), and resume it with the rebuild's answer, or while
     * its change is synced to disk (api_run) */
    int suspendable;
};

struct api_resp {
    int status;
    json_t *json;          /* the body, owned; NULL for none */
    int is_problem;        /* application/problem+json instead of application/json */
    struct api_blob *blob; /* alternative pre-serialized body (a reference, see cache.h) */
    int blob_gzip;         /* ... gzip-compressed (Content-Encoding: gzip) */
    char *body;            /* a body that is not JSON (malloc'd, owned), e.g. an SVG */
    size_t body_len;
    char content_type[64]; /* the Content-Type of body, or of the file */
    /* a file sent as the body (a fresh copy of the database), streamed from its open
     * descriptor, closed once sent; with its Content-Disposition */
    int has_file, file_fd;
    uint64_t file_len;
    char disposition[320];
    char etag[80];
    char set_cookie[256];
    char set_cookie2[256];
    char retry_after[24];
    char allow[64];
    char location[160];
    /* instead of an answer: the rebuild this request waits for (a reference), when
     * req->suspendable; the HTTP layer suspends the request until it is done */
    struct api_rebuild *wait;
    /* a change committed and not yet on disk (store/db.h), when req->suspendable: the HTTP
     * layer holds this answer, the connection suspended, until api_tx_settle */
    struct db_ticket *durable;
};

/* Routes the request, authenticates, parses the body and calls the handler. */
void api_dispatch(struct api_req *req, struct api_resp *resp);
/* The routing table, for tests that walk every route: its size, and route i's method and
 * pattern ("{id}" where a positive integer goes). */
int api_route_count(void);
void api_route_at(int i, const char **method, const char **pattern);
void api_resp_free(struct api_resp *resp);

/* Problems (RFC 9457). slug becomes the type "/problems/<slug>". detail is a sentence. */
void api_problem(struct api_resp *resp, int status, const char *slug, const char *title,
                 const char *fmt, ...) __attribute__((format(printf, 5, 6)));
/* Adds {"field": name, "pointer": "/name", "detail": ...} to the problem's errors list. */
void api_problem_field(struct api_resp *resp, const char *field, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* The problem an operation of ops/ refused or failed with, as the reply (it is moved). */
struct problem;
void api_reply_problem(struct api_resp *resp, struct problem *p);
/* The 500 answer for a failure that is the server's, never the client's. */
void api_internal_error(struct api_resp *resp, const char *what);
/* Why changes are refused (DB_FULL, DB_BROKEN of store/db.h) as the reply: 507 with the
 * sentence that the disk is full, or 503 while the database is reopened. */
void api_disk_refusal(struct api_resp *resp, int why);

void api_reply_json(struct api_resp *resp, int status, json_t *body);

const char *api_arg(const struct api_req *req, const char *key);

/* For the HTTP layer: the names of the session cookies. */
#define API_SESSION_COOKIE "crawford_td"
#define API_PLAYER_COOKIE "crawford_player"
#define API_DEVICE_COOKIE "crawford_device"

#endif
