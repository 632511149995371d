/* The text of a .mat transcript: spans of untrusted bytes split into words with their columns
 * (MAT_FORMAT.md says to read by tokens, not by columns, but the column still tells which
 * player a cell or a result belongs to). */
#include "rules/bg_mat_lex.h"

span mat_trim(span s)
{
    while (s.n && mat_is_space(s.p[0])) {
        s.p++;
        s.n--;
    }
    while (s.n && mat_is_space(s.p[s.n - 1]))
        s.n--;
    return s;
}

int mat_blank(span s)
{
    return mat_trim(s).n == 0;
}

int mat_words(span line, size_t from, tok *t, int max)
{
    int k = 0;
    size_t i = from;
    while (i < line.n) {
        while (i < line.n && mat_is_space(line.p[i]))
            i++;
        if (i >= line.n) break;
        size_t b = i;
        while (i < line.n && !mat_is_space(line.p[i]))
            i++;
        if (k == max) return max + 1;
        t[k].s.p = line.p + b;
        t[k].s.n = i - b;
        t[k].col = b > 100000 ? 100000 : (int)b;
        k++;
    }
    return k;
}

void mat_excerpt(char *out, size_t outlen, span s)
{
    size_t k = 0;
    for (size_t i = 0; i < s.n && k + 4 < outlen && i < 24; i++)
        out[k++] = s.p[i] >= 0x20 && s.p[i] < 0x7f ? s.p[i] : '?';
    if (s.n > 24 && k + 4 < outlen) {
        out[k++] = '.';
        out[k++] = '.';
        out[k++] = '.';
    }
    out[k] = '\0';
}

/* Windows-1252's characters at 0x80..0x9f (0 where it has none: those bytes are C1 control
 * characters in Latin-1 and are refused like any control character). 0xa0..0xff are the
 * same code points in Windows-1252, Latin-1 and Unicode. */
static const unsigned short cp1252_c1[32] = {
    0x20ac, 0,      0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160,
    0x2039, 0x0152, 0,      0x017d, 0,      0,      0x2018, 0x2019, 0x201c, 0x201d, 0x2022,
    0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0,      0x017e, 0x0178};

/* Is s well-formed UTF-8 (no overlong forms, no surrogates, nothing past U+10FFFF)? */
static int utf8_valid(span s)
{
    const unsigned char *p = (const unsigned char *)s.p;
    size_t i = 0;
    while (i < s.n) {
        unsigned c = p[i];
        int more = c < 0x80             ? 0
                   : (c & 0xe0) == 0xc0 ? 1
                   : (c & 0xf0) == 0xe0 ? 2
                   : (c & 0xf8) == 0xf0 ? 3
                                        : -1;
        if (more < 0 || (size_t)more >= s.n - i) return 0;
        unsigned cp = more == 0 ? c : more == 1 ? c & 0x1f : more == 2 ? c & 0x0f : c & 0x07;
        for (int k = 1; k <= more; k++) {
            if ((p[i + (size_t)k] & 0xc0) != 0x80) return 0;
            cp = cp << 6 | (p[i + (size_t)k] & 0x3fu);
        }
        if ((more == 1 && cp < 0x80) || (more == 2 && cp < 0x800) || (more == 3 && cp < 0x10000) ||
            cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
            return 0;
        i += (size_t)more + 1;
    }
    return 1;
}

/* Appends code point cp as UTF-8 at *k of dst (cap bytes, room kept for the NUL); -1 when it
 * does not fit. */
static int put_utf8(char *dst, size_t cap, size_t *k, unsigned cp)
{
    unsigned char b[3];
    size_t n;
    if (cp < 0x80) {
        b[0] = (unsigned char)cp;
        n = 1;
    } else if (cp < 0x800) {
        b[0] = (unsigned char)(0xc0 | cp >> 6);
        b[1] = (unsigned char)(0x80 | (cp & 0x3f));
        n = 2;
    } else {
        b[0] = (unsigned char)(0xe0 | cp >> 12);
        b[1] = (unsigned char)(0x80 | ((cp >> 6) & 0x3f));
        b[2] = (unsigned char)(0x80 | (cp & 0x3f));
        n = 3;
    }
    if (*k + n >= cap) return -1;
    memcpy(dst + *k, b, n);
    *k += n;
    return 0;
}

/* FIBS clients write a player as "name,rating" ("BlueNote,1780", also "BlueNote,1780.25"):
 * the length of s without that tail. A name that is only a rating keeps it. */
static size_t without_rating(span s)
{
    size_t c = s.n;
    while (c > 0 && s.p[c - 1] != ',')
        c--;
    if (c < 2 || c == s.n) return s.n; /* no comma, nothing before it, or nothing after */
    int dot = 0;
    for (size_t i = c; i < s.n; i++) {
        if (s.p[i] == '.' && !dot && i > c && i + 1 < s.n)
            dot = 1;
        else if (!mat_is_digit(s.p[i]))
            return s.n;
    }
    span head = mat_trim((span){s.p, c - 1});
    return head.n ? (size_t)(head.p - s.p) + head.n : s.n;
}

static int name_error(const char **why, const char *clause)
{
    *why = clause;
    return -1;
}

int mat_name(char *dst, size_t cap, span s, const char **why)
{
    s = mat_trim(s);
    s.n = without_rating(s);
    int utf8 = utf8_valid(s);
    size_t k = 0;
    for (size_t i = 0; i < s.n; i++) {
        unsigned char c = (unsigned char)s.p[i];
        if (c < 0x20 || c == 0x7f) return name_error(why, "contains a control character");
        if (c < 0x80 || utf8) {
            if (k + 1 >= cap) return name_error(why, "is too long");
            dst[k++] = (char)c;
            continue;
        }
        unsigned cp = c >= 0xa0 ? c : cp1252_c1[c - 0x80];
        if (cp == 0) return name_error(why, "contains a control character");
        if (put_utf8(dst, cap, &k, cp) != 0) return name_error(why, "is too long");
    }
    /* The C1 controls U+0080..U+009F written in UTF-8 are controls too. */
    for (size_t i = 0; utf8 && i + 1 < k; i++)
        if ((unsigned char)dst[i] == 0xc2 && (unsigned char)dst[i + 1] < 0xa0)
            return name_error(why, "contains a control character");
    dst[k] = '\0';
    return 0;
}
