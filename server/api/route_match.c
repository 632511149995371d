/* A request's route found in the table (routes.c): its path matched against each pattern,
 * "{id}" segments read as positive integers; 404 or 405 when none is of its method. */
#include <stdio.h>
#include <string.h>

#include "api/route_match.h"

/* Matches path against pattern, collecting numeric ids. 1 on a match. The two are walked
 * side by side, so a pattern that is not the path's is left at its first differing byte:
 * every request tries the table's patterns in turn (a report's route is near its end). */
static int match(const char *pattern, const char *path, int64_t *ids, int *nids)
{
    *nids = 0;
    const char *p = pattern, *s = path;
    while (*p) {
        if (*p == '{') { /* "{id}", a whole segment: a positive integer of 1-15 digits */
            if (*nids == API_MAX_IDS)
                return 0;
            int64_t v = 0;
            size_t sl = 0;
            for (; s[sl] && s[sl] != '/'; sl++) {
                if (s[sl] < '0' || s[sl] > '9' || sl == 15)
                    return 0;
                v = v * 10 + (s[sl] - '0');
            }
            if (v <= 0)
                return 0;
            ids[(*nids)++] = v;
            p += 4, s += sl;
            continue;
        }
        if (*p != *s)
            return 0;
        p++, s++;
    }
    /* a trailing slash is the same resource */
    return !*s || (s[0] == '/' && s[1] == 0 && s > path && s[-1] != '/');
}

const struct route *api_route_find(struct api_req *req, struct api_resp *resp)
{
    const char *method = strcmp(req->method, "HEAD") ? req->method : "GET";
    char allow[48] = "";
    int n = api_route_count();
    /* the routes of the method first (a method is a cheaper test than a pattern), the
     * others' only to name what is allowed when none matched */
    for (int i = 0; i < n; i++) {
        const struct route *r = api_route(i);
        int64_t ids[API_MAX_IDS];
        int nids;
        if (strcmp(r->method, method) || !match(r->pattern, req->path, ids, &nids))
            continue;
        memcpy(req->ids, ids, sizeof ids);
        req->nids = nids;
        return r;
    }
    for (int i = 0; i < n; i++) {
        const struct route *r = api_route(i);
        int64_t ids[API_MAX_IDS];
        int nids;
        if (!match(r->pattern, req->path, ids, &nids))
            continue;
        if (!strstr(allow, r->method)) {
            if (allow[0])
                strncat(allow, ", ", sizeof allow - strlen(allow) - 1);
            strncat(allow, r->method, sizeof allow - strlen(allow) - 1);
        }
    }
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
    return NULL;
}
