/* The tournament's lists out as CSV files (issue 34): players (the TD's own list, the only
 * one with emails), results (how each match ended, and its rating changes), standings, and
 * ratings. RFC 4180 with a byte order mark and a header row, `,` or `;` (common/csv.h). */
#ifndef OPS_EXPORT_H
#define OPS_EXPORT_H

#include <stddef.h>
#include <stdint.h>

#include "store/db.h"

enum export_list { EXPORT_PLAYERS, EXPORT_RESULTS, EXPORT_STANDINGS, EXPORT_RATINGS };

/* The list of tournament tid as a file (malloc'd, *len bytes): CW_OK, or a CW_ code
 * (CW_ENOTFOUND: no such tournament). */
int op_export(struct db *db, int64_t tid, enum export_list list, char delimiter, char **out,
              size_t *len);

#endif
