/* The JSON shapes of the records, shared by handlers, the audit log and the cache. */
#ifndef API_JSON_H
#define API_JSON_H

#include <jansson.h>
#include <stdint.h>

#include "ops/record.h"
#include "store/store.h"

/* counts may be NULL (the audit log's before/after leaves them out). */
json_t *api_tournament_json(const struct tournament *t, const struct tournament_counts *counts);
#endif
