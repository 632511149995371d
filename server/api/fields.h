/* Validation of JSON request bodies against a table of fields: unknown fields, wrong
 * types, missing values, lengths and ranges are each reported naming the field. */
#ifndef API_FIELDS_H
#define API_FIELDS_H

#include <jansson.h>
#include <stdint.h>

#include "api/api.h"
#include "ops/frame/problem.h"

enum api_fkind {
    /* Every text (F_STR, F_STR_MULTILINE, F_NAME, F_SEED given as text) refuses control
     * characters (C0, DEL, C1) and bidirectional overrides and isolates, naming the field
     * (common/utf8.h: cw_text_refused) */
    F_STR, /* a single-line string of min..max characters */
    F_INT, /* an integer in min..max */
    F_NUM, /* a number (integer or real) in min..max */
    F_BOOL,
    F_DATE,          /* "YYYY-MM-DD" */
    F_ENUM,          /* one of choices */
    F_OBJ,           /* an object checked against sub */
    F_ANY,           /* any JSON value, checked by the handler */
    F_STR_MULTILINE, /* a string of min..max characters that may hold line breaks and tabs */
    F_SEED,          /* a seed (KO-2, tourney/rng.h): an F_STR of min..max characters, or an
                      * integer, read as its decimal digits */
    F_NAME,          /* a name: an F_STR trimmed of white space at both ends, min..max
                      * characters once trimmed; the value is the trimmed name */
};

struct api_field {
    const char *name;
    enum api_fkind kind;
    int required;
    int nullable;
    long min, max;
    const char *const *choices;  /* F_ENUM: NULL-terminated */
    const struct api_field *sub; /* F_OBJ: terminated by a field with name NULL */
};

/* A field's value once checked, typed by its kind (as kcgi's validated pairs): a route
 * reads its fields from these, never from the raw JSON again. The array of values is
 * indexed as the table of fields is, so a route names both with one enum. Strings and
 * JSON values are the body's own (valid while req->json lives). */
struct api_val {
    int set;         /* the member was given (a null too) */
    int null;        /* ... as null (a nullable field) */
    const char *s;   /* F_STR, F_STR_MULTILINE, F_DATE, F_ENUM: the text */
    int64_t i;       /* F_INT; F_BOOL: 0 or 1; F_ENUM: the index of the choice */
    double d;        /* F_NUM (F_INT too) */
    json_t *j;       /* F_OBJ, F_ANY (and every kind): the value itself */
    char digits[24]; /* F_SEED given as an integer: its text, which s points to */
};

/* Checks obj (NULL: an empty body) against spec (terminated by name NULL) and fills
 * out[i] for spec[i]. partial: required fields may be absent (PATCH). Returns 0, or -1
 * having filled pb with every error, each naming its field (a 422), and every value
 * absent. */
int api_fields_check(json_t *obj, const struct api_field *spec, int partial, struct api_val *out,
                     struct problem *pb);
/* The same, the refusal written as the reply (the API_REPLIES convention of api.h). */
API_REPLIES int api_fields(json_t *obj, const struct api_field *spec, int partial,
                           struct api_val *out, struct api_resp *resp);
/* Exactly one of the two fields a and b of spec given (an appeal names a ruling or an
 * audit row, a member a player or a name): 0, or -1 having replied 422 with title and
 * detail, naming the field to drop (both given) or to give (neither). */
API_REPLIES int api_fields_one_of(const struct api_field *spec, const struct api_val *v, int a,
                                  int b, const char *title, const char *detail,
                                  struct api_resp *resp);
/* The values of an F_OBJ member already checked (v), for its sub-table spec. */
void api_fields_sub(const struct api_val *v, const struct api_field *spec, struct api_val *out);
/* The side a checked ("a" | "b") field names: 0 or 1 (0 when absent). */
int api_val_side(const struct api_val *v);

#endif
