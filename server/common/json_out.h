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
#include <stdint.h>
#include <string.h>

/* The text of an object or array (NULL for anything else, no memory, or a string that is
 * not UTF-8, as json_dumps); *len (if given) its length. Free with free(). */
char *cw_json_dumps(const json_t *j, size_t *len);

/* A JSON text written piece by piece, where building jansson values only to dump them
 * would cost more than the text (a match's record, label and reply: ops/records/). The
 * pieces write what json_dumps(JSON_COMPACT) would for the same value; a failure (no
 * memory, a string that is not UTF-8) is kept and reported once by cw_text_end. */
struct cw_text {
    char *s;
    size_t n, cap;
    int failed;
};
/* text as it is (punctuation and keys the caller knows need no escape) */
void cw_text_raw(struct cw_text *t, const char *s, size_t n);
#define cw_text_lit(t, lit) cw_text_raw((t), (lit), sizeof(lit) - 1)
void cw_text_str(struct cw_text *t, const char *s);   /* a JSON string, or null for NULL */
void cw_text_int(struct cw_text *t, int64_t v);
void cw_text_int_or_null(struct cw_text *t, int64_t v); /* null for 0 */
void cw_text_json(struct cw_text *t, const json_t *j); /* any jansson value */
/* The text, NUL-terminated (free it), and its length; NULL if anything failed. */
char *cw_text_end(struct cw_text *t, size_t *len);

#endif
