/* The application layer (server/ops/): one function per thing a person (or the server's own
 * clock) does, between the HTTP API above and the store below. This header is what every
 * operation takes: the database, the time and who acts. No HTTP type is known here. */
#ifndef OPS_OP_H
#define OPS_OP_H

#include <jansson.h>
#include <stdint.h>

#include "tourney/roles.h"

struct db;
struct cw_text;

/* Who acts: the one description every operation reads (the audit log's name, the
 * official and role the router let through, a player's session), filled once per request
 * by the API (api_op) or by the server's own ticks. */
struct op_who {
    /* as the audit log and the match's history name them: "official:3" (GOV-1),
     * "token:2" (a machine token), "player:12", "anon:<address>", or the server itself:
     * "clock" (a flag), "system" (a deadline). Never a bare "td": the server's ticks act
     * as themselves, a change an official makes names that official (GOV-1, GOV-6) */
    char actor[96];
    /* The official who acts (0: none; a machine token acts for nobody), and the role they
     * or the token act in (ROLE_NONE: a player, anyone, the server). The router already
     * let only the roles of the route's entry through; an operation that depends on who
     * rules (GOV-6) reads these. */
    int64_t official_id;
    enum role role;
    int64_t token_id;
    int is_td;                 /* an official acts (a session or a machine token), any role */
    int64_t player_id;         /* the logged-in player (a PIN's session), or 0 */
    int64_t player_tournament; /* that player's tournament */
};

struct op {
    struct db *db;
    int64_t now_ms;
    struct op_who who;
    /* What the TD said with a verdict that undoes results (KO-8, DAVIS): that the later
     * matches it undoes may go (confirm_cascade), and why (reason, may be NULL; audited). */
    int confirm_cascade;
    const char *reason;
    /* Members an operation adds to the reply (a JSON object it creates when first needed,
     * owned by the caller); NULL when nobody reads them (a tick). */
    json_t **extra;
    /* Members an operation adds to the reply written as text (each ,"key":value), where
     * building jansson values only to dump them cost more than the text (a game's running
     * score: ops/match/games.c); NULL when nobody reads them. */
    struct cw_text *extra_text;
};

/* What a command answers, in every frame alike: the reply's status and body (a problem's
 * when is_problem), and whether what it did is kept (committed) or undone (rolled back).
 * keep with is_problem: a refusal that still commits what it found on the way (a flag
 * that fell, a late-entry deadline that passed). */
struct op_out {
    int status;
    json_t *json;
    int is_problem;
    int keep;
    /* instead of json: the body already written as JSON text (malloc'd, owned), where
     * building jansson values only to dump them costs more than the text (a report's
     * reply, op_match_text) */
    char *text;
    size_t text_len;
};

/* The server acting as itself ("system", "clock") at now_ms: no request, nobody to reply to. */
struct op op_server(struct db *db, int64_t now_ms, const char *actor);

#endif
