/* Serialized GET responses per tournament, so hot reads cost no SQL and no JSON work.
 * Correctness: entries are filled and dropped only while the database lock is held, and
 * every change of a tournament drops its entries before the commit releases the lock. */
#ifndef API_CACHE_H
#define API_CACHE_H

#include <stddef.h>
#include <stdint.h>

struct api_cache;

/* A response body shared by the cache and the responses being sent: reference counted, so a
 * cached body goes out without a copy. */
struct api_blob_kept;
struct api_blob {
    int refs; /* atomic */
    size_t len;
    /* what the HTTP side keeps with this body (http/kept.c: the response ready to queue,
     * its headers written once), set at most once, freed with the blob by its own free */
    struct api_blob_kept *kept; /* atomic */
    char data[];
};
struct api_blob_kept {
    void (*free)(struct api_blob_kept *k);
};
struct api_blob *api_blob_new(const char *data, size_t len);
void api_blob_ref(struct api_blob *b);
void api_blob_release(struct api_blob *b);
/* The blob whose data is `data` (for a release callback that receives only the data). */
struct api_blob *api_blob_of(void *data);

/* Kinds from CACHE_SHARED_BASE on are the lists anonymous screens and phones poll, kept
 * by the router (shared_reply.c: one kind per route and event). */
enum api_cache_kind {
    CACHE_TOURNAMENT = 1,
    CACHE_PLAYERS_PUBLIC = 2,
    CACHE_RATINGS = 3, /* RAT-1's changes of the decided matches (api/ratings_kept.c) */
    CACHE_SHARED_BASE = 1 << 20,
    /* kinds from here on are not dropped by a change of the tournament: their ETag is not
     * its revision, and a reader uses an entry only when its ETag is the current one */
    CACHE_KEPT_BASE = 1 << 28,
};

struct api_cache *api_cache_new(void);
void api_cache_free(struct api_cache *c);
/* On a hit, *body is a reference the caller owns (release it) and etag is filled;
 * returns 1. With gzip set, a gzip-compressed copy is given when there is one, and
 * *gzipped says so. */
int api_cache_get(struct api_cache *c, int64_t tournament_id, int kind, struct api_blob **body,
                  char etag[80], int gzip, int *gzipped);
/* The cache takes its own reference to body; a large body is also kept gzip-compressed, so
 * screens on a poor venue network get a fraction of the bytes. */
void api_cache_put(struct api_cache *c, int64_t tournament_id, int kind, struct api_blob *body,
                   const char *etag);
/* api_cache_put with the compressed copy made beforehand (api_cache_gzip, NULL for none):
 * compressing a large list takes milliseconds, which are better spent before taking the
 * database lock that filling the cache needs. The cache takes its own references. */
void api_cache_put_gz(struct api_cache *c, int64_t tournament_id, int kind, struct api_blob *body,
                      struct api_blob *gz, const char *etag);
/* The compressed copy the cache keeps of body, or NULL (small bodies are not worth it). */
struct api_blob *api_cache_gzip(const struct api_blob *body);
/* ETags: the gzip-compressed representation of a body tagged "X" is tagged "X-gz" (two
 * representations, two strong tags). api_etag_match says whether an If-None-Match value
 * (a list, weak tags and * allowed) names either representation of etag: 0 no, 1 the
 * plain one (or *), 2 the gzip one. api_etag_gz writes the gzip tag of etag into out. */
int api_etag_match(const char *if_none_match, const char *etag);
void api_etag_gz(const char *etag, char *out, size_t len);

/* A gzip-compressed copy of data (a new blob), or NULL. */
struct api_blob *api_blob_gzip(const char *data, size_t len);
void api_cache_drop(struct api_cache *c, int64_t tournament_id);

#endif
