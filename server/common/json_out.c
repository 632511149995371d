/* See json_out.h: json_dumps(j, JSON_COMPACT), written directly into one growing buffer. */
#include "common/json_out.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


static int grow(struct cw_text *o, size_t more)
{
    if (o->failed)
        return -1;
    if (o->n + more <= o->cap)
        return 0;
    size_t cap = o->cap ? o->cap : 256;
    while (cap < o->n + more)
        cap *= 2;
    char *s = realloc(o->s, cap);
    if (!s) {
        o->failed = 1;
        return -1;
    }
    o->s = s;
    o->cap = cap;
    return 0;
}

static void put(struct cw_text *o, const char *s, size_t n)
{
    if (grow(o, n))
        return;
    memcpy(o->s + o->n, s, n);
    o->n += n;
}

static void put_c(struct cw_text *o, char c)
{
    if (grow(o, 1))
        return;
    o->s[o->n++] = c;
}

static void put_int(struct cw_text *o, json_int_t v)
{
    char b[24];
    int i = (int)sizeof b;
    /* the magnitude as unsigned: the most negative value has no positive twin */
    uint64_t u = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
    do {
        b[--i] = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    if (v < 0)
        b[--i] = '-';
    put(o, b + i, sizeof b - (size_t)i);
}

/* jansson's jsonp_dtostr: %.17g, a ".0" where it would read as an integer, the exponent
 * without '+' and leading zeros */
static void put_real(struct cw_text *o, double v)
{
    char b[64];
    int n = snprintf(b, sizeof b, "%.17g", v);
    if (n < 0 || (size_t)n >= sizeof b - 3) {
        o->failed = 1;
        return;
    }
    for (char *p = b; *p; p++) /* a locale's decimal comma, as jansson undoes it */
        if (*p == ',')
            *p = '.';
    if (!strpbrk(b, ".eE")) {
        b[n++] = '.';
        b[n++] = '0';
        b[n] = '\0';
    }
    char *e = strchr(b, 'e');
    if (e) {
        char *start = e + 1, *end = start;
        if (*start == '-')
            start++;
        end = start;
        while (*end == '+' || *end == '0')
            end++;
        if (end != start) {
            memmove(start, end, strlen(end) + 1);
            n = (int)strlen(b);
        }
    }
    put(o, b, (size_t)n);
}

/* The length of the UTF-8 sequence at s (n bytes left), 0 if it is not a valid one (as
 * jansson's utf8_check_full: no overlong forms, surrogates or values past U+10FFFF). */
static size_t utf8_len(const unsigned char *s, size_t n)
{
    unsigned c = s[0];
    size_t k;
    uint32_t v;
    if (c < 0x80)
        return 1;
    if (c < 0xC2 || c > 0xF4)
        return 0;
    if (c < 0xE0) {
        k = 2;
        v = c & 0x1F;
    } else if (c < 0xF0) {
        k = 3;
        v = c & 0x0F;
    } else {
        k = 4;
        v = c & 0x07;
    }
    if (n < k)
        return 0;
    for (size_t i = 1; i < k; i++) {
        if ((s[i] & 0xC0) != 0x80)
            return 0;
        v = (v << 6) | (s[i] & 0x3F);
    }
    if ((k == 3 && v < 0x800) || (k == 4 && v < 0x10000) || v > 0x10FFFF ||
        (v >= 0xD800 && v <= 0xDFFF))
        return 0;
    return k;
}

static void put_string(struct cw_text *o, const char *str, size_t len)
{
    static const char hex[] = "0123456789ABCDEF";
    const unsigned char *s = (const unsigned char *)str, *end = s + len;
    put_c(o, '"');
    while (s < end) {
        const unsigned char *run = s; /* what needs no escape goes in one copy */
        while (s < end && *s >= 0x20 && *s < 0x80 && *s != '"' && *s != '\\')
            s++;
        while (s < end && *s >= 0x80) {
            size_t k = utf8_len(s, (size_t)(end - s));
            if (!k) {
                o->failed = 1;
                return;
            }
            s += k;
            while (s < end && *s >= 0x20 && *s < 0x80 && *s != '"' && *s != '\\')
                s++;
        }
        put(o, (const char *)run, (size_t)(s - run));
        if (s >= end)
            break;
        if (*s >= 0x20 && *s != '"' && *s != '\\')
            continue; /* more of the run */
        char e[6] = {'\\', 0};
        size_t k = 2;
        switch (*s) {
        case '"': e[1] = '"'; break;
        case '\\': e[1] = '\\'; break;
        case '\b': e[1] = 'b'; break;
        case '\f': e[1] = 'f'; break;
        case '\n': e[1] = 'n'; break;
        case '\r': e[1] = 'r'; break;
        case '\t': e[1] = 't'; break;
        default:
            e[1] = 'u';
            e[2] = '0';
            e[3] = '0';
            e[4] = hex[*s >> 4];
            e[5] = hex[*s & 15];
            k = 6;
        }
        put(o, e, k);
        s++;
    }
    put_c(o, '"');
}

static void put_value(struct cw_text *o, const json_t *j, int depth)
{
    if (o->failed)
        return;
    if (depth > 2048) { /* jansson's own limit on nesting (JSON_PARSER_MAX_DEPTH) */
        o->failed = 1;
        return;
    }
    switch (json_typeof(j)) {
    case JSON_OBJECT: {
        put_c(o, '{');
        int first = 1;
        /* the iterator, not json_object_foreach, which looks each key up again; it takes
         * no const, and iterating does not change the object */
        for (void *it = json_object_iter((json_t *)j); it;
             it = json_object_iter_next((json_t *)j, it)) {
            if (!first)
                put_c(o, ',');
            first = 0;
            const char *key = json_object_iter_key(it);
            put_string(o, key, strlen(key));
            put_c(o, ':');
            put_value(o, json_object_iter_value(it), depth + 1);
        }
        put_c(o, '}');
        return;
    }
    case JSON_ARRAY: {
        put_c(o, '[');
        size_t n = json_array_size(j);
        for (size_t i = 0; i < n; i++) {
            if (i)
                put_c(o, ',');
            put_value(o, json_array_get(j, i), depth + 1);
        }
        put_c(o, ']');
        return;
    }
    case JSON_STRING:
        put_string(o, json_string_value(j), json_string_length(j));
        return;
    case JSON_INTEGER:
        put_int(o, json_integer_value(j));
        return;
    case JSON_REAL:
        put_real(o, json_real_value(j));
        return;
    case JSON_TRUE:
        put(o, "true", 4);
        return;
    case JSON_FALSE:
        put(o, "false", 5);
        return;
    case JSON_NULL:
        put(o, "null", 4);
        return;
    }
}

char *cw_text_end(struct cw_text *t, size_t *len)
{
    put_c(t, '\0');
    if (t->failed) {
        free(t->s);
        t->s = NULL;
        return NULL;
    }
    if (len)
        *len = t->n - 1;
    return t->s;
}

char *cw_json_dumps(const json_t *j, size_t *len)
{
    if (!j || (!json_is_object(j) && !json_is_array(j)))
        return NULL;
    struct cw_text o = {NULL, 0, 0, 0};
    put_value(&o, j, 0);
    return cw_text_end(&o, len);
}

void cw_text_raw(struct cw_text *t, const char *s, size_t n)
{
    put(t, s, n);
}

void cw_text_str(struct cw_text *t, const char *s)
{
    if (s)
        put_string(t, s, strlen(s));
    else
        put(t, "null", 4);
}

void cw_text_int(struct cw_text *t, int64_t v)
{
    put_int(t, (json_int_t)v);
}

void cw_text_int_or_null(struct cw_text *t, int64_t v)
{
    if (v)
        put_int(t, (json_int_t)v);
    else
        put(t, "null", 4);
}

void cw_text_json(struct cw_text *t, const json_t *j)
{
    if (j)
        put_value(t, j, 0);
    else
        t->failed = 1;
}
