/* libFuzzer target: the field validation of request bodies (api/fields.c) on any JSON,
 * against a table holding every kind of field, nested objects and a PATCH's partial check.
 * Properties: no crash or sanitizer report; the check into a problem (api_fields_check) and
 * the one that writes the reply (api_fields) agree; a body accepted has its required fields (unless partial), each typed value the
 * body's own, each string within its length and free of control characters, each integer
 * within its range; a body refused carries a problem naming at least one field. */
#include <jansson.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "api/api.h"
#include "api/fields.h"
#include "ops/frame/problem.h"

static const char *const colours[] = {"white", "black", NULL};
static const struct api_field inner[] = {
    {"grace", F_INT, 1, 0, 0, 240, NULL, NULL},
    {"note", F_STR_MULTILINE, 0, 1, 0, 40, NULL, NULL},
    {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};
enum { F_NAME_AT, F_LENGTH_AT, F_CLOCK_AT = 6, F_COUNT = 8 };
static const struct api_field spec[] = {
    {"name", F_STR, 1, 0, 1, 20, NULL, NULL},
    {"length", F_INT, 1, 0, 1, 99, NULL, NULL},
    {"rating", F_NUM, 0, 1, 0, 10000, NULL, NULL},
    {"open", F_BOOL, 0, 0, 0, 0, NULL, NULL},
    {"date", F_DATE, 0, 1, 0, 0, NULL, NULL},
    {"colour", F_ENUM, 0, 0, 0, 0, colours, NULL},
    {"clock", F_OBJ, 0, 1, 0, 0, NULL, inner},
    {"extra", F_ANY, 0, 1, 0, 0, NULL, NULL},
    {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    int partial = data[0] & 1;
    json_t *j = json_loadb((const char *)data + 1, size - 1, JSON_REJECT_DUPLICATES, NULL);
    if (!json_is_object(j)) {
        json_decref(j);
        return 0;
    }
    struct api_resp resp;
    memset(&resp, 0, sizeof resp);
    struct api_val v[F_COUNT], sub[2];
    if (api_fields(j, spec, partial, v, &resp)) {
        json_t *list = json_object_get(resp.json, "errors");
        if (resp.status < 400 || resp.status > 499 || json_array_size(list) == 0)
            abort(); /* a refusal names what is wrong */
        for (int i = 0; i < F_COUNT; i++)
            if (v[i].set)
                abort(); /* refused, every value reads as absent */
    }
    int errors = resp.json != NULL;
    struct problem pb = {0, NULL};
    int typed = api_fields_check(j, spec, partial, v, &pb);
    if ((typed != 0) != (errors != 0) || (typed && !pb.json) || (!typed && pb.json))
        abort(); /* the two agree */
    if (!typed) {
        if (!partial && (!v[F_NAME_AT].set || !v[F_LENGTH_AT].set))
            abort();
        json_t *name_j = json_object_get(j, "name");
        if (v[F_NAME_AT].s != (json_is_string(name_j) ? json_string_value(name_j) : NULL))
            abort(); /* the body's own string */
        const char *name = v[F_NAME_AT].s;
        if (name && (api_utf8_chars(name) < 1 || api_utf8_chars(name) > 20))
            abort();
        for (const char *p = name; p && *p; p++)
            if ((unsigned char)*p < 0x20 || *p == 0x7f)
                abort();
        if (v[F_LENGTH_AT].set && (v[F_LENGTH_AT].i < 1 || v[F_LENGTH_AT].i > 99))
            abort();
        api_fields_sub(&v[F_CLOCK_AT], inner, sub);
        if (v[F_CLOCK_AT].set && !v[F_CLOCK_AT].null && (!sub[0].set || sub[0].i > 240))
            abort(); /* grace is required in the clock, within its range */
    }
    problem_free(&pb);
    api_resp_free(&resp);
    json_decref(j);
    return 0;
}
