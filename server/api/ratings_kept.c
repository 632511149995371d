/* RAT-1 in the matches' JSON. A tournament's ratings are computed from every player and
 * every decided match (ops/ratings): a phone reading its player's matches (?player=, a
 * read of its own, not kept) or a match's GET would pay for the whole computation each
 * time, and every phone reads again after each change. So the changes are computed once
 * per revision of the tournament and kept in the response cache as flat records sorted by
 * match (struct rating_row), tagged with the revision they were computed at: a read uses
 * them only when its own snapshot is at that revision (a change of the tournament drops
 * them too, cache.h), so a reader never sees another revision's figures. */
#include "api/ratings_kept.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/cache.h"
#include "app.h"
#include "ops/ratings/ratings.h"

_Static_assert(offsetof(struct api_blob, data) % _Alignof(struct rating_row) == 0,
               "a blob's data holds rating rows in place");

/* The rows computed now, in a blob of their own (NULL: not computed). */
static struct api_blob *compute(struct db *db, int64_t tid)
{
    struct ratings_view v;
    if (op_ratings_read(db, tid, &v) != CW_OK)
        return NULL;
    struct rating_row *rows;
    size_t n;
    struct api_blob *blob = NULL;
    if (op_rating_rows(&v, &rows, &n) == CW_OK) {
        blob = api_blob_new((const char *)rows, n * sizeof *rows);
        free(rows);
    }
    op_ratings_free(&v);
    return blob;
}

static void annotate(const struct api_blob *blob, json_t *m)
{
    const struct rating_row *r =
        op_rating_row_find((const struct rating_row *)(const void *)blob->data,
                           blob->len / sizeof(struct rating_row),
                           json_integer_value(json_object_get(m, "id")));
    if (r)
        json_object_set_new(m, "rating", op_rating_row_json(r));
}

void api_with_ratings(struct api_req *req, struct db *db, int64_t tid, json_t *ms)
{
    int64_t rev = db_tournament_revision(db, tid);
    if (rev <= 0)
        return;
    char etag[80], tag[80];
    snprintf(etag, sizeof etag, "\"r%lld.%lld\"", (long long)tid, (long long)rev);
    struct api_blob *blob = NULL;
    struct api_cache *cache = req->app->cache; /* none outside a server */
    int gz = 0;
    if (cache && api_cache_get(cache, tid, CACHE_RATINGS, &blob, tag, 0, &gz) &&
        strcmp(tag, etag)) { /* another revision's */
        api_blob_release(blob);
        blob = NULL;
    }
    if (!blob) {
        blob = compute(db, tid);
        if (!blob)
            return;
        if (cache)
            api_cache_put_gz(cache, tid, CACHE_RATINGS, blob, NULL, etag);
    }
    if (json_is_array(ms)) {
        size_t i;
        json_t *m;
        json_array_foreach (ms, i, m)
            annotate(blob, m);
    } else {
        annotate(blob, ms);
    }
    api_blob_release(blob);
}
