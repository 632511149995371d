/* Unit tests of common/json_out.c, the hand-written JSON writer of the hot paths: its text
 * is byte for byte jansson's json_dumps(JSON_COMPACT), and jansson parses it back to the
 * same value, over every JSON text in the fuzz corpora (tests/fuzz/) and over generated
 * values (strings of every escape and of multi-byte characters, integers at their limits,
 * reals of every form, deep and wide nesting). */
#include <check.h>
#include <dirent.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/clock.h"
#include "common/json_out.h"
#include <time.h>
#include "../check_main.h"

/* The writer agrees with jansson on j: the same text, parsed back to an equal value. */
static void same_as_jansson(const json_t *j, const char *what)
{
    char *want = json_dumps(j, JSON_COMPACT);
    size_t n = 0;
    char *got = cw_json_dumps(j, &n);
    if (!want) {
        ck_assert_msg(!got, "%s: jansson refuses, the writer gave %s", what, got);
        return;
    }
    ck_assert_msg(got != NULL, "%s: the writer refused %s", what, want);
    ck_assert_msg(!strcmp(got, want), "%s:\n got %s\nwant %s", what, got, want);
    ck_assert_uint_eq(n, strlen(want));
    json_t *back = json_loads(got, JSON_ALLOW_NUL, NULL);
    ck_assert_msg(back && json_equal(back, j), "%s: parsed back differs", what);
    json_decref(back);
    free(got);
    free(want);
}

static char *slurp(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *buf = malloc(1 << 20);
    *n = buf ? fread(buf, 1, (1 << 20) - 1, f) : 0;
    fclose(f);
    if (buf)
        buf[*n] = '\0';
    return buf;
}

/* Every JSON text a corpus file holds from any '{' or '[' on (a request's body follows
 * its path), and the file's whole text as a string value when it is UTF-8. */
static int corpus_file(const char *path)
{
    size_t n;
    char *buf = slurp(path, &n);
    if (!buf)
        return 0;
    int found = 0;
    for (size_t i = 0; i < n; i++) {
        if (buf[i] != '{' && buf[i] != '[')
            continue;
        json_t *j = json_loadb(buf + i, n - i, JSON_DISABLE_EOF_CHECK, NULL);
        if (j) {
            same_as_jansson(j, path);
            json_decref(j);
            found++;
        }
    }
    json_t *text = json_stringn(buf, n);
    if (text) {
        json_t *wrap = json_pack("{s:o, s:[O, O]}", "text", text, "again", text, text);
        same_as_jansson(wrap, path);
        json_decref(wrap);
    }
    free(buf);
    return found;
}

static int corpus_dir(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return 0;
    int found = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.')
            continue;
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        DIR *sub = opendir(path);
        if (sub) {
            closedir(sub);
            found += corpus_dir(path);
        } else {
            found += corpus_file(path);
        }
    }
    closedir(d);
    return found;
}

START_TEST(test_json_out_fuzz_corpus_as_jansson)
{
    /* the tests run from the repository's root */
    int found = corpus_dir("tests/fuzz/seeds") + corpus_dir("tests/fuzz/regressions");
    ck_assert_msg(found >= 20, "only %d JSON texts in tests/fuzz", found);
}
END_TEST

static uint64_t rng = 0x9E3779B97F4A7C15u;
static uint64_t next(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

static json_t *gen_string(void)
{
    static const char *const pieces[] = {
        "a",  "Anna Rossi", "\"",         "\\",       "/",         "\n",       "\r", "\t", "\b",
        "\f", "\x01",       "\x1f",       "\x7f",     "\xc3\xa9",  "\xe2\x82\xac", "\xf0\x9f\x98\x80",
        " ",  "\xe2\x80\xa8", "\xef\xbf\xbf", "<script>", "{\"k\":1}", "",
    };
    char buf[256];
    size_t n = 0;
    int parts = (int)(next() % 8);
    for (int i = 0; i < parts; i++) {
        const char *p = pieces[next() % (sizeof pieces / sizeof *pieces)];
        size_t k = strlen(p);
        if (n + k >= sizeof buf)
            break;
        memcpy(buf + n, p, k);
        n += k;
    }
    return json_stringn(buf, n);
}

static json_t *gen(int depth)
{
    static const json_int_t ints[] = {0, 1, -1, 9, 10, -10, 99, 1000000007, INT64_MAX, INT64_MIN,
                                      INT64_MIN + 1, 4294967296LL};
    static const double reals[] = {0.0, -0.0, 0.5, 1.0, -2.0, 1500.5, 0.1, 1e-7, 1e21, 1e22,
                                   1.7976931348623157e308, 5e-324, 123456789012345680.0, 3.14159};
    switch (next() % (depth > 5 ? 6 : 8)) {
    case 0: return gen_string();
    case 1: return json_integer(ints[next() % (sizeof ints / sizeof *ints)]);
    case 2: return json_integer((json_int_t)next());
    case 3: return json_real(reals[next() % (sizeof reals / sizeof *reals)]);
    case 4: {
        union { uint64_t u; double d; } r = {next()};
        return isfinite(r.d) ? json_real(r.d) : json_null();
    }
    case 5: return next() % 3 ? json_boolean(next() % 2) : json_null();
    case 6: {
        json_t *a = json_array();
        for (int i = (int)(next() % 5); i > 0; i--)
            json_array_append_new(a, gen(depth + 1));
        return a;
    }
    default: {
        json_t *o = json_object();
        for (int i = (int)(next() % 5); i > 0; i--) {
            json_t *k = gen_string();
            json_object_set_new(o, json_string_value(k), gen(depth + 1));
            json_decref(k);
        }
        return o;
    }
    }
}

START_TEST(test_json_out_generated_values_as_jansson)
{
    for (int i = 0; i < 3000; i++) {
        json_t *v = gen(0);
        json_t *top = json_is_object(v) || json_is_array(v) ? v : json_pack("[o]", v);
        char what[32];
        snprintf(what, sizeof what, "generated value %d", i);
        same_as_jansson(top, what);
        json_decref(top);
    }
    /* deep nesting, and an empty object and array */
    json_t *deep = json_array();
    for (int i = 0; i < 500; i++)
        deep = json_pack("[o, {}]", deep);
    same_as_jansson(deep, "500 deep");
    json_decref(deep);
    /* what is not an object or array is refused, as by json_dumps without JSON_ENCODE_ANY */
    json_t *s = json_string("x");
    ck_assert_ptr_null(cw_json_dumps(s, NULL));
    json_decref(s);
}
END_TEST

/* A string jansson was handed unchecked (json_stringn_nocheck) that is not UTF-8 is
 * refused, as json_dumps refuses it: never a reply that is not UTF-8. */
START_TEST(test_json_out_refuses_what_is_not_utf8)
{
    static const char *const bad[] = {"\xc3", "\xc0\x80", "\xed\xa0\x80", "\xf4\x90\x80\x80",
                                      "a\xffz"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        json_t *j = json_pack("{s:o}", "k", json_stringn_nocheck(bad[i], strlen(bad[i])));
        same_as_jansson(j, bad[i]);
        json_decref(j);
    }
}
END_TEST

/* The times every reply names, written by hand (common/clock.c), are gmtime_r's: every
 * day from 1970 to 2200 at a moving time of day, and the cuts into a short buffer. */
START_TEST(test_json_out_iso8601_as_gmtime)
{
    for (int64_t day = 0; day < 84000; day++) {
        int64_t ms = day * 86400000 + (day * 7919 * 1000 + day % 1000) % 86400000;
        time_t secs = (time_t)(ms / 1000);
        struct tm tm;
        gmtime_r(&secs, &tm);
        char want[32], got[32];
        snprintf(want, sizeof want, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", tm.tm_year + 1900,
                 tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, (int)(ms % 1000));
        cw_iso8601(ms, got, sizeof got);
        ck_assert_msg(!strcmp(got, want), "%lld: %s, not %s", (long long)ms, got, want);
    }
    char small[11];
    cw_iso8601(1795368647123LL, small, sizeof small);
    ck_assert_str_eq(small, "2026-11-22");
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("json_out");
    TCase *tc = tcase_create("json_out");
    tcase_add_test(tc, test_json_out_fuzz_corpus_as_jansson);
    tcase_add_test(tc, test_json_out_generated_values_as_jansson);
    tcase_add_test(tc, test_json_out_refuses_what_is_not_utf8);
    tcase_add_test(tc, test_json_out_iso8601_as_gmtime);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
