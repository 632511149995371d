/* The gate of the API: what a request must be to reach its route's handler. A change
 * carries the CSRF header from this server's own pages; whoever acts is one the route's
 * roles name (the role table of routes.c, GOV-1). */
#include <stdio.h>
#include <string.h>

#include "api/gate.h"

int api_is_change(const char *method)
{
    return strcmp(method, "GET") && strcmp(method, "HEAD");
}

/* The CSRF defence: a change needs the custom header X-Crawford (a browser sends it
 * cross-site only after a CORS preflight, which this server never grants), and an Origin,
 * when the browser sends one, must be this server's. 0, or -1 with the refusal written. */
int api_gate_csrf(struct api_req *req, struct api_resp *resp)
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
int api_gate_role(const struct route *r, struct api_req *req, struct api_resp *resp)
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
