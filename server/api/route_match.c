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
 * the table, cost 9,000 instructions a request). The path's ids are read as its shape is
 * written, checked as match() checks them; a path whose shape is in no entry, or whose ids
 * match() would refuse, is looked for in the whole table, which says 404 or 405 as it
 * always has. Built once, read only. */
#define SHAPE_MAX 300
#define INDEX_SLOTS 1024 /* a power of two, several times the routes */

static struct {
    uint32_t hash;
    int route;       /* its index + 1; 0: an empty slot */
    const char *key; /* "METHOD pattern", compared whole: a shape found is the route's */
    size_t len;
} route_index[INDEX_SLOTS];
static pthread_once_t index_once = PTHREAD_ONCE_INIT;

/* The key's hash, eight bytes at a time (a byte at a time was a fifth of the lookup): the
 * key is compared whole once found, so the hash only spreads the keys. */
static uint32_t key_hash(const char *s, size_t n)
{
    uint64_t h = 0x9e3779b97f4a7c15ull ^ n;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t w;
        memcpy(&w, s + i, 8);
        h = (h ^ w) * 0xff51afd7ed558ccdull;
        h ^= h >> 32;
    }
    uint64_t w = 0;
    memcpy(&w, s + i, n - i);
    h = (h ^ w) * 0xc4ceb9fe1a85ec53ull;
    return (uint32_t)(h ^ h >> 29);
}

static void index_build(void)
{
    char key[SHAPE_MAX];
    for (int i = 0; i < api_route_count(); i++) {
        const struct route *r = api_route(i);
        int n = snprintf(key, sizeof key, "%s %s", r->method, r->pattern);
        char *kept = n > 0 && n < SHAPE_MAX ? strdup(key) : NULL;
        if (!kept)
            continue; /* found by the whole table's walk */
        uint32_t h = key_hash(key, (size_t)n);
        unsigned k = h & (INDEX_SLOTS - 1);
        while (route_index[k].route) /* after those before it: the table's first is found */
            k = (k + 1) & (INDEX_SLOTS - 1);
        route_index[k].hash = h;
        route_index[k].route = i + 1;
        route_index[k].key = kept;
        route_index[k].len = (size_t)n;
    }
}

/* The route whose "METHOD pattern" is the request's method and its path's shape, or -1;
 * its ids in ids and *nids. The shape: each segment of digits alone written "{id}", a
 * trailing slash dropped. The path is copied a run at a time between such segments, found
 * from slash to slash (strchr): most segments begin with a letter and are not read again. */
static int index_find(const char *method, const char *path, int64_t *ids, int *nids)
{
    char shape[SHAPE_MAX];
    size_t n = strlen(method);
    if (n + 2 >= SHAPE_MAX)
        return -1;
    memcpy(shape, method, n);
    shape[n++] = ' ';
    *nids = 0;
    int ids_ok = 1;
    const char *run = path; /* the start of what is yet to be copied as it is */
    for (const char *s = path; (s = strchr(s, '/'));) {
        const char *d = ++s, *e = d;
        while (*e >= '0' && *e <= '9')
            e++;
        if (e == d || (*e && *e != '/'))
            continue; /* not digits alone */
        size_t len = (size_t)(d - run), digits = (size_t)(e - d);
        if (n + len + 4 >= SHAPE_MAX)
            return -1;
        memcpy(shape + n, run, len);
        memcpy(shape + n + len, "{id}", 4);
        n += len + 4;
        /* as match() reads an id: 1-15 digits, not 0 */
        int64_t v = 0;
        for (size_t i = 0; i < digits && i < 15; i++)
            v = v * 10 + (d[i] - '0');
        if (digits > 15 || v <= 0 || *nids == API_MAX_IDS)
            ids_ok = 0;
        else
            ids[(*nids)++] = v;
        run = s = e;
    }
    size_t len = strlen(run);
    if (n + len >= SHAPE_MAX)
        return -1;
    memcpy(shape + n, run, len);
    n += len;
    if (n > 1 && shape[n - 1] == '/' && shape[n - 2] != '/' && shape[n - 2] != ' ')
        n--; /* a trailing slash is the same resource */
    if (!ids_ok)
        return -1;
    pthread_once(&index_once, index_build);
    uint32_t h = key_hash(shape, n);
    for (unsigned k = h & (INDEX_SLOTS - 1); route_index[k].route; k = (k + 1) & (INDEX_SLOTS - 1))
        if (route_index[k].hash == h && route_index[k].len == n &&
            !memcmp(route_index[k].key, shape, n))
            return route_index[k].route - 1;
    return -1;
}

const struct route *api_route_find(struct api_req *req, struct api_resp *resp)
{
    const char *method = strcmp(req->method, "HEAD") ? req->method : "GET";
    char allow[48] = "";
    int n = api_route_count();
    int64_t ids[API_MAX_IDS];
    int nids;
    int at = index_find(method, req->path, ids, &nids);
    if (at >= 0) {
        memcpy(req->ids, ids, sizeof ids);
        req->nids = nids;
        return api_route(at);
    }
    /* the routes of the method first (a method is a cheaper test than a pattern), the
     * others' only to name what is allowed when none matched */
    for (int i = 0; i < n; i++) {
        const struct route *r = api_route(i);
        if (strcmp(r->method, method) || !match(r->pattern, req->path, ids, &nids))
            continue;
        memcpy(req->ids, ids, sizeof ids);
        req->nids = nids;
        return r;
    }
    for (int i = 0; i < n; i++) {
        const struct route *r = api_route(i);
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
