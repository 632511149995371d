/* Serialized GET responses per tournament, so hot reads cost no SQL and no JSON work.
 * Correctness: entries are filled and dropped only while the database lock is held, and
 * every change of a tournament drops its entries before the commit releases the lock. */
#ifndef API_CACHE_H
#define API_CACHE_H

#include <stddef.h>
#include <stdint.h>

struct api_cache;

/* CACHE_EVENT_BASE + event id: the public JSON of an event (a bracket) */
enum api_cache_kind { CACHE_TOURNAMENT = 1, CACHE_PLAYERS_PUBLIC = 2, CACHE_EVENT_BASE = 1000 };

struct api_cache *api_cache_new(void);
void api_cache_free(struct api_cache *c);
/* On a hit, *body is a malloc'd copy the caller owns and etag is filled; returns 1. */
int api_cache_get(struct api_cache *c, int64_t tournament_id, int kind, char **body, size_t *len,
                  char etag[80]);
void api_cache_put(struct api_cache *c, int64_t tournament_id, int kind, const char *body,
                   size_t len, const char *etag);
void api_cache_drop(struct api_cache *c, int64_t tournament_id);

#endif
