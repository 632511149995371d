/* A request's route found in the table (routes.c): its path matched against each pattern,
 * "{id}" segments read as positive integers; 404 or 405 when none is of its method. */
#include <pthread.h>
#include <stdint.h>
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

/* The table kept as an index (issue 37): "METHOD pattern" -> route, so that a request
 * finds its route by the shape of its path (each all-digit segment read as "{id}") at one
 * lookup, instead of trying the table's patterns in turn (a report's route, near the end of
 * the table, cost 9,000 instructions a request). The shape's route is then matched as
 * before, which reads and checks the ids; a path whose shape is in no entry is looked for
 * in the whole table, which says 404 or 405 as it always has. Built once, read only. */
#define SHAPE_MAX 300
#define INDEX_SLOTS 1024 /* a power of two, several times the routes */

static struct {
    uint32_t hash;
    int route; /* its index + 1; 0: an empty slot */
} route_index[INDEX_SLOTS];
static pthread_once_t index_once = PTHREAD_ONCE_INIT;

static uint32_t fnv(const char *s, size_t n)
{
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)s[i]) * 16777619u;
    return h;
}

/* "METHOD pattern" of route r into buf; its length, or 0 when too long. */
static size_t route_key(const struct route *r, char *buf)
{
    int n = snprintf(buf, SHAPE_MAX, "%s %s", r->method, r->pattern);
    return n > 0 && n < SHAPE_MAX ? (size_t)n : 0;
}

static void index_build(void)
{
    char key[SHAPE_MAX];
    for (int i = 0; i < api_route_count(); i++) {
        size_t n = route_key(api_route(i), key);
        if (!n)
            continue; /* found by the whole table's walk */
        uint32_t h = fnv(key, n);
        unsigned k = h & (INDEX_SLOTS - 1);
        while (route_index[k].route)
            k = (k + 1) & (INDEX_SLOTS - 1);
        route_index[k].hash = h;
        route_index[k].route = i + 1;
    }
}

/* The route whose "METHOD pattern" is the request's method and its path's shape, or -1.
 * The shape: each segment of digits alone written "{id}", a trailing slash dropped. */
static int index_find(const char *method, const char *path)
{
    char shape[SHAPE_MAX];
    size_t n = strlen(method);
    if (n + 2 >= SHAPE_MAX)
        return -1;
    memcpy(shape, method, n);
    shape[n++] = ' ';
    for (const char *s = path; *s;) {
        const char *e = s;
        while (*e >= '0' && *e <= '9')
            e++;
        if (e > s && (*e == '/' || !*e) && s > path && s[-1] == '/') { /* digits alone */
            if (n + 4 >= SHAPE_MAX)
                return -1;
            memcpy(shape + n, "{id}", 4);
            n += 4;
            s = e;
            continue;
        }
        if (n + 1 >= SHAPE_MAX)
            return -1;
        shape[n++] = *s++;
    }
    if (n > 1 && shape[n - 1] == '/' && shape[n - 2] != '/' && shape[n - 2] != ' ')
        n--; /* a trailing slash is the same resource */
    pthread_once(&index_once, index_build);
    uint32_t h = fnv(shape, n);
    for (unsigned k = h & (INDEX_SLOTS - 1); route_index[k].route; k = (k + 1) & (INDEX_SLOTS - 1)) {
        if (route_index[k].hash != h)
            continue;
        const struct route *r = api_route(route_index[k].route - 1);
        size_t ml = strlen(r->method);
        if (ml < n && !memcmp(shape, r->method, ml) && shape[ml] == ' ' &&
            !strncmp(shape + ml + 1, r->pattern, n - ml - 1) && !r->pattern[n - ml - 1])
            return route_index[k].route - 1;
    }
    return -1;
}

const struct route *api_route_find(struct api_req *req, struct api_resp *resp)
{
    const char *method = strcmp(req->method, "HEAD") ? req->method : "GET";
    char allow[48] = "";
    int n = api_route_count();
    int at = index_find(method, req->path);
    if (at >= 0) {
        const struct route *r = api_route(at);
        int64_t ids[API_MAX_IDS];
        int nids;
        if (match(r->pattern, req->path, ids, &nids)) {
            memcpy(req->ids, ids, sizeof ids);
            req->nids = nids;
            return r;
        }
    }
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
