/* What every change writes besides its row: the audit row and the stream entry, and the
 * time as the records show it. Shared by the operations and the API's record JSON. */
#ifndef OPS_RECORD_H
#define OPS_RECORD_H

#include <jansson.h>
#include <stdint.h>

struct db;

/* An ISO 8601 string, or null for 0. */
json_t *op_time_json(int64_t ms);
/* Writes the audit row of a change by o's actor; takes ownership of before and after. */
struct op;
int op_audit_change(const struct op *o, int64_t tournament_id, const char *action,
                    const char *entity, int64_t entity_id, json_t *before, json_t *after);
/* Adds a stream entry of the tournament (published to its streams after the commit); takes
 * ownership of data. Entries carry public data only: never a PIN. */
int op_emit(struct db *db, int64_t tournament_id, int64_t now_ms, const char *type, json_t *data);

#endif
