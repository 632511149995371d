/* RAT-1: each decided match's rating change in the matches' JSON, computed once per
 * revision of the tournament (ratings_kept.c). */
#ifndef API_RATINGS_KEPT_H
#define API_RATINGS_KEPT_H

#include <jansson.h>
#include <stdint.h>

#include "api/route.h"
#include "store/store.h"

/* Each match of ms (a list, or one match) that the ratings hold given its "rating"
 * (ops/ratings: before, change and after, or why not rated), read from db (the reader's or
 * the writer's connection the request reads). A book that cannot be computed leaves the
 * matches as they are. */
void api_with_ratings(struct api_req *req, struct db *db, int64_t tid, json_t *ms);

#endif
