/* The pieces of a .mat transcript's text that both the reader and the writer need: spans of
 * untrusted bytes, words with their columns, numbers, and the cleaning of player names as other
 * programs write them. Internal to bg_mat_read.c / bg_mat_write.c. */
#ifndef BG_MAT_LEX_H
#define BG_MAT_LEX_H

#include <stddef.h>
#include <string.h>

typedef struct span {
    const char *p;
    size_t n;
} span;

/* A word of a line and the column it starts at. */
typedef struct tok {
    span s;
    int col;
} tok;

/* Small and on every token of every line: inline, so the reader stays as fast as it was in
 * one file (rules.validate in make bench). */
static inline int mat_is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\v' || c == '\f';
}

static inline int mat_is_digit(char c)
{
    return c >= '0' && c <= '9';
}

static inline int mat_eq(span s, const char *w)
{
    size_t n = strlen(w);
    return s.n == n && !memcmp(s.p, w, n);
}

/* Digits only, at most 9 of them (so no overflow); -1 otherwise. */
static inline long mat_num(span s)
{
    if (s.n == 0 || s.n > 9) return -1;
    long v = 0;
    for (size_t i = 0; i < s.n; i++) {
        if (!mat_is_digit(s.p[i])) return -1;
        v = v * 10 + (s.p[i] - '0');
    }
    return v;
}

span mat_trim(span s);
int mat_blank(span s);
/* Up to `max` whitespace-separated words of line from `from` on, each with its column; max + 1
 * when there are more (the caller refuses). */
int mat_words(span line, size_t from, tok *t, int max);
/* A printable excerpt of untrusted bytes for a message: at most 24 characters, anything
 * outside printable ASCII shown as '?'. */
void mat_excerpt(char *out, size_t outlen, span s);
/* A player's name as other programs write it, cleaned into dst (cap bytes, NUL-terminated):
 * trimmed; a FIBS client's rating after a comma dropped ("BlueNote,1780" is BlueNote); text
 * that is not UTF-8 read as Windows-1252, which is Latin-1 with more printable characters (a
 * name typed on Windows), and written as UTF-8. An empty name stays empty (Galaxy writes one
 * for a guest). Returns 0, or -1 with *why (a clause: "is too long", "contains a control
 * character"). */
int mat_name(char *dst, size_t cap, span s, const char **why);

#endif
