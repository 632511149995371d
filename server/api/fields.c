/* Field-table validation of request bodies. */
#include "api/fields.h"

#include <stdio.h>
#include <string.h>

#include "common/clock.h"
#include "common/utf8.h"

/* A text: no control characters (but line breaks and tabs in a multi-line one), no
 * bidirectional overrides, min..max characters (of its trimmed span for a name). */
static int check_text(json_t *v, const struct api_field *f, const char *path, struct problem *pb)
{
    const char *s = json_string_value(v);
    size_t bytes = json_string_length(v), start = 0;
    /* a NUL inside is a control character too: cw_text_refused sees every byte */
    const char *bad = cw_text_refused(s, bytes, f->kind == F_STR_MULTILINE);
    if (bad) {
        problem_field(pb, path, "%s", bad);
        return 1;
    }
    if (f->kind == F_NAME)
        bytes = cw_utf8_trim(s, &start);
    size_t n = cw_utf8_chars(s + start, bytes);
    if ((long)n < f->min || (long)n > f->max) {
        if (f->min > 0 && n == 0)
            problem_field(pb, path, "must not be empty");
        else
            problem_field(pb, path, "must be %ld to %ld characters long; it has %zu", f->min,
                          f->max, n);
        return 1;
    }
    return 0;
}

/* "path.key" into out, cut between two characters (a key is the client's). */
static void sub_path(char *out, size_t len, const char *path, const char *key)
{
    int n = snprintf(out, len, "%s.", path);
    if (n >= 0 && (size_t)n < len)
        cw_utf8_copy(out + n, len - (size_t)n, key);
}

static int check_one(json_t *v, const struct api_field *f, const char *path, struct problem *pb)
{
    if (json_is_null(v)) {
        if (f->nullable)
            return 0;
        problem_field(pb, path, "must not be null");
        return 1;
    }
    switch (f->kind) {
    case F_SEED:
        if (json_is_integer(v))
            return 0;
        if (!json_is_string(v)) {
            problem_field(pb, path, "must be text or a whole number");
            return 1;
        }
        return check_text(v, f, path, pb);
    case F_STR:
    case F_STR_MULTILINE:
    case F_NAME:
        if (!json_is_string(v)) {
            problem_field(pb, path, "must be a string");
            return 1;
        }
        return check_text(v, f, path, pb);
    case F_INT:
        if (!json_is_integer(v)) {
            problem_field(pb, path, "must be an integer");
            return 1;
        }
        if (json_integer_value(v) < f->min || json_integer_value(v) > f->max) {
            problem_field(pb, path, "must be from %ld to %ld; it is %lld", f->min, f->max,
                          (long long)json_integer_value(v));
            return 1;
        }
        return 0;
    case F_NUM:
        if (!json_is_number(v)) {
            problem_field(pb, path, "must be a number");
            return 1;
        }
        if (json_number_value(v) < f->min || json_number_value(v) > f->max) {
            problem_field(pb, path, "must be from %ld to %ld", f->min, f->max);
            return 1;
        }
        return 0;
    case F_BOOL:
        if (!json_is_boolean(v)) {
            problem_field(pb, path, "must be true or false");
            return 1;
        }
        return 0;
    case F_DATE: {
        int y, m, d;
        if (!json_is_string(v) || cw_parse_date(json_string_value(v), &y, &m, &d)) {
            problem_field(pb, path, "must be a date written YYYY-MM-DD");
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
        problem_field(pb, path, "must be one of %s", list);
        return 1;
    }
    case F_ANY:
        return 0;
    case F_OBJ:
        if (!json_is_object(v)) {
            problem_field(pb, path, "must be an object");
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
        sub_path(sub, sizeof sub, path, key);
        if (!sf->name) {
            problem_field(pb, sub, "is not a known field");
            errors++;
        } else {
            errors += check_one(sv, sf, sub, pb);
        }
    }
    for (const struct api_field *sf = f->sub; sf->name; sf++)
        if (sf->required && !json_object_get(v, sf->name)) {
            char sub[160];
            sub_path(sub, sizeof sub, path, sf->name);
            problem_field(pb, sub, "is required");
            errors++;
        }
    return errors;
}

/* Every error of obj against spec into pb; the number of errors. */
static int check_all(json_t *obj, const struct api_field *spec, int partial, struct problem *pb)
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
            char shown[65];
            cw_utf8_copy(shown, sizeof shown, key);
            problem_field(pb, shown, "is not a known field");
            errors++;
            continue;
        }
        errors += check_one(v, f, key, pb);
    }
    if (!partial)
        for (const struct api_field *f = spec; f->name; f++)
            if (f->required && !json_object_get(obj, f->name)) {
                problem_field(pb, f->name, "is required");
                errors++;
            }
    return errors;
}

/* The typed value of one member that passed check_one. */
static void fill_one(json_t *v, const struct api_field *f, struct api_val *out)
{
    memset(out, 0, sizeof *out);
    if (!v)
        return;
    out->set = 1;
    out->j = v;
    if (json_is_null(v)) {
        out->null = 1;
        return;
    }
    switch (f->kind) {
    case F_STR:
    case F_STR_MULTILINE:
    case F_DATE:
        out->s = json_string_value(v);
        break;
    case F_NAME: {
        /* the name trimmed, in the body's own value (the request's, which nothing reads
         * as given again): one string, valid while req->json lives, as every value */
        size_t start, n = cw_utf8_trim(json_string_value(v), &start);
        if (n != json_string_length(v))
            json_string_setn(v, json_string_value(v) + start, n);
        out->s = json_string_value(v);
        break;
    }
    case F_ENUM:
        out->s = json_string_value(v);
        for (const char *const *c = f->choices; *c; c++)
            if (!strcmp(*c, out->s))
                out->i = c - f->choices;
        break;
    case F_SEED:
        if (json_is_integer(v)) {
            snprintf(out->digits, sizeof out->digits, "%lld", (long long)json_integer_value(v));
            out->s = out->digits;
        } else {
            out->s = json_string_value(v);
        }
        break;
    case F_INT:
        out->i = json_integer_value(v);
        out->d = (double)out->i;
        break;
    case F_NUM:
        out->d = json_number_value(v);
        break;
    case F_BOOL:
        out->i = json_is_true(v);
        break;
    case F_OBJ:
    case F_ANY:
        break;
    }
}

static void fill_all(json_t *obj, const struct api_field *spec, struct api_val *out)
{
    for (int i = 0; spec[i].name; i++)
        fill_one(obj ? json_object_get(obj, spec[i].name) : NULL, &spec[i], &out[i]);
}

int api_fields_check(json_t *obj, const struct api_field *spec, int partial, struct api_val *out,
                     struct problem *pb)
{
    /* NULL (no body) has no members: only the required ones are missed */
    int bad = check_all(obj, spec, partial, pb);
    /* refused, the values read as absent: a caller that goes on to the frame (which
     * refuses there) reads no garbage */
    fill_all(bad ? NULL : obj, spec, out);
    return bad ? -1 : 0;
}

int api_fields(json_t *obj, const struct api_field *spec, int partial, struct api_val *out,
               struct api_resp *resp)
{
    struct problem pb = {0, NULL};
    if (!api_fields_check(obj, spec, partial, out, &pb))
        return 0;
    api_reply_problem(resp, &pb);
    return -1;
}

int api_fields_one_of(const struct api_field *spec, const struct api_val *v, int a, int b,
                      const char *title, const char *detail, struct api_resp *resp)
{
    if (v[a].set != v[b].set)
        return 0;
    api_problem(resp, 422, "validation", title, "%s", detail);
    api_problem_field(resp, v[a].set ? spec[b].name : spec[a].name, "give either %s or %s",
                      spec[a].name, spec[b].name);
    return -1;
}

void api_fields_sub(const struct api_val *v, const struct api_field *spec, struct api_val *out)
{
    fill_all(json_is_object(v->j) ? v->j : NULL, spec, out);
}

int api_val_side(const struct api_val *v)
{
    return v->s && !strcmp(v->s, "b") ? 1 : 0;
}
