/* The reads of one match beyond its public JSON (match_read.c). The caller holds the
 * database's lock. */
#ifndef OPS_MATCH_READ_H
#define OPS_MATCH_READ_H

#include <jansson.h>
#include <stdint.h>

#include "store/store.h"

/* Every state match match_id passed through, in order: {"state", "at", "by"}, by the kind
 * of actor ("td", "player", "clock", "system"), never an address or an id. */
json_t *op_match_history_json(struct db *db, int64_t match_id);
/* One report of match m: its side, kind, score, games, flags, concession. */
json_t *op_report_json(struct db *db, const struct report *r, const struct match *m);
/* {"match", "reports": {"a", "b", "td"}} with the current report of each, and for a
 * disputed match "dispute": which report MATCH-4 says prevails, and why. */
json_t *op_match_reports_json(struct db *db, const struct match *m);

#endif
