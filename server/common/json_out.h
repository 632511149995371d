/* A compact JSON writer for jansson values, written for the hot paths (every reply, a
 * match's audit row and stream entry): jansson's json_dumps costs about three times as
 * much through its callbacks, its checks per character and snprintf for each number.
 * The text is byte for byte what json_dumps(j, JSON_COMPACT) writes (keys in insertion
 * order, the same escapes and number forms); tests/unit/test_json_out.c holds it to that
 * over the fuzz corpora and generated values. */
#ifndef CW_JSON_OUT_H
#define CW_JSON_OUT_H

#include <jansson.h>
#include <stddef.h>

/* The text of an object or array (NULL for anything else, no memory, or a string that is
 * not UTF-8, as json_dumps); *len (if given) its length. Free with free(). */
char *cw_json_dumps(const json_t *j, size_t *len);

#endif
