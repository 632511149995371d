/* The JSON shapes of the records, shared by handlers, the audit log and the cache. */
#ifndef API_JSON_H
#define API_JSON_H

#include <jansson.h>
#include <stdint.h>

#include "store/store.h"

/* counts may be NULL (the audit log's before/after leaves them out). */
json_t *api_tournament_json(const struct tournament *t, const struct tournament_counts *counts);
/* with_pin: only for the tournament director. */
json_t *api_player_json(const struct player *p, int with_pin);
/* An ISO 8601 string, or null for 0. */
json_t *api_time_json(int64_t ms);

/* Writes the audit row of a change by the TD; takes ownership of before and after. */
int api_audit_change(struct db *db, int64_t tournament_id, int64_t now_ms, const char *action,
                     const char *entity, int64_t entity_id, json_t *before, json_t *after);

/* Writes an event of the tournament (published to its streams after the commit); takes
 * ownership of data. Events carry public data only: never a PIN. */
int api_emit(struct db *db, int64_t tournament_id, int64_t now_ms, const char *type, json_t *data);

#endif
