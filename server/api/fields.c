/* Field-table validation of request bodies. */
#include "api/fields.h"

#include <stdio.h>
#include <string.h>

#include "common/clock.h"

size_t api_utf8_chars(const char *s)
{
    size_t n = 0;
    for (; *s; s++)
        if (((unsigned char)*s & 0xC0) != 0x80)
            n++;
    return n;
}

static int has_control(const char *s, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c < 0x20 || c == 0x7f)
            return 1;
    }
    return 0;
}

static int check_one(json_t *v, const struct api_field *f, const char *path, struct api_resp *resp)
{
    if (json_is_null(v)) {
        if (f->nullable)
            return 0;
        api_problem_field(resp, path, "must not be null");
        return 1;
    }
    switch (f->kind) {
    case F_STR: {
        if (!json_is_string(v)) {
            api_problem_field(resp, path, "must be a string");
            return 1;
        }
        const char *s = json_string_value(v);
        size_t bytes = json_string_length(v);
        size_t n = api_utf8_chars(s);
        if (bytes != strlen(s) || has_control(s, bytes)) {
            api_problem_field(resp, path, "must not contain control characters");
            return 1;
        }
        if ((long)n < f->min || (long)n > f->max) {
            if (f->min > 0 && n == 0)
                api_problem_field(resp, path, "must not be empty");
            else
                api_problem_field(resp, path, "must be %ld to %ld characters long; it has %zu",
                                  f->min, f->max, n);
            return 1;
        }
        return 0;
    }
    case F_INT:
        if (!json_is_integer(v)) {
            api_problem_field(resp, path, "must be an integer");
            return 1;
        }
        if (json_integer_value(v) < f->min || json_integer_value(v) > f->max) {
            api_problem_field(resp, path, "must be from %ld to %ld; it is %lld", f->min, f->max,
                              (long long)json_integer_value(v));
            return 1;
        }
        return 0;
    case F_NUM:
        if (!json_is_number(v)) {
            api_problem_field(resp, path, "must be a number");
            return 1;
        }
        if (json_number_value(v) < f->min || json_number_value(v) > f->max) {
            api_problem_field(resp, path, "must be from %ld to %ld", f->min, f->max);
            return 1;
        }
        return 0;
    case F_BOOL:
        if (!json_is_boolean(v)) {
            api_problem_field(resp, path, "must be true or false");
            return 1;
        }
        return 0;
    case F_DATE: {
        int y, m, d;
        if (!json_is_string(v) || cw_parse_date(json_string_value(v), &y, &m, &d)) {
            api_problem_field(resp, path, "must be a date written YYYY-MM-DD");
            return 1;
        }
        return 0;
    }
    case F_ENUM: {
        if (json_is_string(v))
            for (const char *const *c = f->choices; *c; c++)
                if (!strcmp(*c, json_string_value(v)))
                    return 0;
        char list[256] = "";
        for (const char *const *c = f->choices; *c; c++) {
            strncat(list, c == f->choices ? "\"" : ", \"", sizeof list - strlen(list) - 1);
            strncat(list, *c, sizeof list - strlen(list) - 1);
            strncat(list, "\"", sizeof list - strlen(list) - 1);
        }
        api_problem_field(resp, path, "must be one of %s", list);
        return 1;
    }
    case F_ANY:
        return 0;
    case F_STR_MULTILINE: {
        if (!json_is_string(v)) {
            api_problem_field(resp, path, "must be a string");
            return 1;
        }
        const char *s = json_string_value(v);
        size_t bytes = json_string_length(v);
        for (size_t i = 0; i < bytes; i++) {
            unsigned char c = (unsigned char)s[i];
            if ((c < 0x20 && c != '\n' && c != '\r' && c != '\t') || c == 0x7f) {
                api_problem_field(resp, path, "must not contain control characters");
                return 1;
            }
        }
        if ((long)bytes < f->min || (long)bytes > f->max) {
            api_problem_field(resp, path, "must be %ld to %ld bytes long", f->min, f->max);
            return 1;
        }
        return 0;
    }
    case F_OBJ:
        if (!json_is_object(v)) {
            api_problem_field(resp, path, "must be an object");
            return 1;
        }
        break;
    }
    /* F_OBJ: recurse with the path as prefix */
    int errors = 0;
    const char *key;
    json_t *sv;
    json_object_foreach(v, key, sv)
    {
        const struct api_field *sf = f->sub;
        while (sf->name && strcmp(sf->name, key))
            sf++;
        char sub[160];
        snprintf(sub, sizeof sub, "%s.%s", path, key);
        if (!sf->name) {
            api_problem_field(resp, sub, "is not a known field");
            errors++;
        } else {
            errors += check_one(sv, sf, sub, resp);
        }
    }
    for (const struct api_field *sf = f->sub; sf->name; sf++)
        if (sf->required && !json_object_get(v, sf->name)) {
            char sub[160];
            snprintf(sub, sizeof sub, "%s.%s", path, sf->name);
            api_problem_field(resp, sub, "is required");
            errors++;
        }
    return errors;
}

int api_check_fields(json_t *obj, const struct api_field *spec, int partial, struct api_resp *resp)
{
    int errors = 0;
    const char *key;
    json_t *v;
    json_object_foreach(obj, key, v)
    {
        const struct api_field *f = spec;
        while (f->name && strcmp(f->name, key))
            f++;
        if (!f->name) {
            /* at most 64 bytes of the key, cut between two characters: a name cut inside
             * one would be no UTF-8, and the problem could not name it */
            char shown[80];
            size_t n = strlen(key);
            if (n > 64) {
                n = 64;
                while (n > 0 && ((unsigned char)key[n] & 0xC0) == 0x80)
                    n--;
            }
            snprintf(shown, sizeof shown, "%.*s", (int)n, key);
            api_problem_field(resp, shown, "is not a known field");
            errors++;
            continue;
        }
        errors += check_one(v, f, key, resp);
    }
    if (!partial)
        for (const struct api_field *f = spec; f->name; f++)
            if (f->required && !json_object_get(obj, f->name)) {
                api_problem_field(resp, f->name, "is required");
                errors++;
            }
    return errors;
}

const char *api_str(json_t *obj, const char *name)
{
    json_t *v = json_object_get(obj, name);
    return json_is_string(v) ? json_string_value(v) : NULL;
}

int api_has(json_t *obj, const char *name)
{
    return json_object_get(obj, name) != NULL;
}

int api_check_fields_pb(json_t *obj, const struct api_field *spec, int partial, struct problem *pb)
{
    struct api_resp r = {0};
    int n = api_check_fields(obj, spec, partial, &r);
    if (n) {
        problem_free(pb);
        pb->status = r.status;
        pb->json = r.json;
        r.json = NULL;
    }
    api_resp_free(&r);
    return n;
}
