/* Players in from a CSV file (issue 34): the preview (what the file adds, updates, leaves
 * as it is, and which rows look like someone registered already, with the encoding and
 * delimiter found) and the import itself, all or nothing. A file with any bad row changes
 * nothing and is refused with every bad line, column and reason (422, "errors"). */
#ifndef OPS_IMPORT_H
#define OPS_IMPORT_H

#include <jansson.h>
#include <stddef.h>

#include "ops/frame/op.h"
#include "ops/frame/problem.h"

/* The TD's word on the rows that look like a registered player (PCSV_POSSIBLE), by the
 * line the row starts on: the same person (the row updates that player: a merge of the two
 * registrations) or someone else (a new player). */
#define IMPORT_CHOICES_MAX 512
struct import_choice {
    long same[IMPORT_CHOICES_MAX], other[IMPORT_CHOICES_MAX];
    int n_same, n_other;
};

/* The file (len bytes) against tournament tid's players: *out the preview (nothing
 * changes), or -1 with the problem (404, 422 with "errors"). */
int op_import_preview(const struct op *o, int64_t tid, const char *data, size_t len, json_t **out,
                      struct problem *pb);

/* The file imported: new players registered (each with a PIN), matched players updated
 * with the values the file gives (an empty cell changes nothing); *out says how many of
 * each. Every row that looks like a registered player needs the TD's word (ch), else 409
 * naming its lines; nothing changes on any refusal. */
int op_import_commit(const struct op *o, int64_t tid, const char *data, size_t len,
                     const struct import_choice *ch, json_t **out, struct problem *pb);

#endif
