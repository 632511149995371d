/* Validation of JSON request bodies against a table of fields: unknown fields, wrong
 * types, missing values, lengths and ranges are each reported naming the field. */
#ifndef API_FIELDS_H
#define API_FIELDS_H

#include <jansson.h>
#include <stdint.h>

#include "api/api.h"
#include "ops/problem.h"

enum api_fkind {
    F_STR, /* a single-line string of min..max characters */
    F_INT, /* an integer in min..max */
    F_NUM, /* a number (integer or real) in min..max */
    F_BOOL,
    F_DATE,          /* "YYYY-MM-DD" */
    F_ENUM,          /* one of choices */
    F_OBJ,           /* an object checked against sub */
    F_ANY,           /* any JSON value, checked by the handler */
    F_STR_MULTILINE, /* a string of min..max bytes that may hold line breaks and tabs */
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

/* Checks obj against spec (terminated by name NULL). partial: required fields may be
 * absent (PATCH). Every error is added to resp; returns the number of errors. */
int api_check_fields(json_t *obj, const struct api_field *spec, int partial, struct api_resp *resp);
/* The same into a problem (pb) for an operation to refuse with (ops/clock_frame.h). */
int api_check_fields_pb(json_t *obj, const struct api_field *spec, int partial, struct problem *pb);

/* Number of characters (UTF-8 code points) of a valid UTF-8 string. */
size_t api_utf8_chars(const char *s);

/* Accessors for values already checked: */
const char *api_str(json_t *obj, const char *name); /* NULL if absent or null */
int api_has(json_t *obj, const char *name);         /* present, even null */

#endif
