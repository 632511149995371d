/* A route of the API: its method and pattern, its handler, who may use it (the role table,
 * GOV-1) and how its body and reply are handled. The table itself is routes.c; the files
 * of a request's way read it: route_match.c (which route), gate.c (CSRF, roles),
 * shared_reply.c (the ETag and the kept copy), router.c (the way through them). */
#ifndef API_ROUTE_H
#define API_ROUTE_H

#include "api/api.h"
#include "api/handlers.h"

/* The one role table (GOV-1) is the roles column of the table (routes.c), checked by
 * gate.c for every route before its handler runs. ANYONE: everyone passes, and the handler decides
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

enum {
    R_JSON = 2,       /* a JSON object body is required */
    R_OPTJSON = 4,    /* a JSON object body is optional */
    R_ETAG = 8,       /* a read inside a tournament: ETag from its revision, 304 when unchanged */
    R_SHARED = 16,    /* ... and the same for every anonymous reader: kept serialized (and
                       * gzipped) per revision for the screens and phones that poll it */
    R_PLAYERS = 32,   /* ... by the players' own revision, not the tournament's: a game report
                       * leaves the players list, and its copy, as they were */
    R_EVENTS = 64,    /* ... by the events' own revision (store/db.h): a game report of a match
                       * outside any event leaves the bracket, and its copy, as they were */
    R_ANYONE = 128,   /* ... and the same reply whoever asks: the TD and players get the kept
                       * copy and its ETag too */
    R_PLAYER_ARG = 1, /* ... but its handler reads ?player= (api_shared_kind) */
    R_CSV = 1 << 16,  /* the body is a file (a CSV), handed to the handler as it came: above
                       * the roles' bits, so a flag in the roles' place still names none */
    R_SNAPSHOT = 1 << 17, /* a read built for whoever asks, from a reader's snapshot, never
                           * under the writer's lock: every GET whose handler only reads
                           * (api_read), so that a read never waits for the writer nor holds
                           * it up (issues 32 and 37). The GETs left without it write: a PIN's
                           * read is audited, a backup or a member's card is a change, the
                           * clock's read may store a fallen flag (it reads from a reader
                           * itself: api_cx_read), a tournament's read is kept (its handler
                           * reads from a reader when the kept copy is stale), and the lists
                           * kept for everyone (R_SHARED with R_ANYONE) are read from readers
                           * by that path */
};

struct route {
    const char *method;
    const char *pattern; /* segments; "{id}" is a positive integer */
    api_handler handler;
    unsigned roles; /* who may use it: the role table */
    unsigned flags;
};

/* Route i of the table (0 <= i < api_route_count()), and the place of route r in it. */
const struct route *api_route(int i);
int api_route_index(const struct route *r);

#endif
