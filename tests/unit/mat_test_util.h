/* Helpers shared by the .mat suites: a file read whole, and the files an index.jsonl lists.
 * Header-only (static inline) so each suite stays one file. */
#ifndef MAT_TEST_UTIL_H
#define MAT_TEST_UTIL_H

#include <check.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>

/* A whole file, NUL-terminated (free it); *len its length. */
static inline char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    ck_assert_msg(f != NULL, "cannot open %s (run the tests from the repository root)", path);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)n + 1);
    ck_assert_ptr_nonnull(buf);
    ck_assert_uint_eq(fread(buf, 1, (size_t)n, f), (size_t)n);
    buf[n] = '\0';
    fclose(f);
    *len = (size_t)n;
    return buf;
}

/* The next line of an index (one JSON object a line naming a "file" of folder dir): 1 with
 * *x (decref it), *file and the file's *text (free it), or 0 at the end. */
static inline int index_next(FILE *idx, const char *dir, json_t **x, const char **file, char **text,
                             size_t *len)
{
    char line[8192], path[512];
    if (!fgets(line, sizeof line, idx)) return 0;
    *x = json_loads(line, 0, NULL);
    ck_assert_msg(*x != NULL, "an index line is not JSON: %s", line);
    *file = json_string_value(json_object_get(*x, "file"));
    ck_assert_ptr_nonnull(*file);
    snprintf(path, sizeof path, "%s%s", dir, *file);
    *text = slurp(path, len);
    return 1;
}

#endif
