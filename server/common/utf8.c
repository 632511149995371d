/* UTF-8 cuts, counts, checks and name keys (utf8proc for NFKC and case folding). */
#include "common/utf8.h"

#include <stdlib.h>
#include <string.h>
#include <utf8proc.h>

static int is_cont(unsigned char c)
{
    return (c & 0xC0) == 0x80;
}

size_t cw_utf8_fit(const char *s, size_t n)
{
    size_t len = strnlen(s, n);
    if (len < n || !s[n])
        return len;
    /* s[n] is the first byte left out: when it continues a character, that character
     * goes too */
    while (n > 0 && is_cont((unsigned char)s[n]))
        n--;
    return n;
}

void cw_utf8_copy(char *dst, size_t size, const char *src)
{
    if (!size)
        return;
    size_t n = cw_utf8_fit(src, size - 1);
    memmove(dst, src, n);
    dst[n] = 0;
}

void cw_utf8_scrub(char *s)
{
    utf8proc_uint8_t *u = (utf8proc_uint8_t *)s;
    size_t i = 0, o = 0;
    while (u[i]) {
        utf8proc_int32_t cp;
        utf8proc_ssize_t k = utf8proc_iterate(u + i, -1, &cp);
        if (k <= 0) {
            i++;
            continue;
        }
        memmove(u + o, u + i, (size_t)k);
        o += (size_t)k;
        i += (size_t)k;
    }
    u[o] = 0;
}

size_t cw_utf8_chars(const char *s, size_t len)
{
    size_t n = 0;
    for (size_t i = 0; i < len; i++)
        if (!is_cont((unsigned char)s[i]))
            n++;
    return n;
}

const char *cw_text_refused(const char *s, size_t len, int multiline)
{
    static const char *const control = "must not contain control characters";
    const unsigned char *u = (const unsigned char *)s;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = u[i];
        unsigned char c1 = i + 1 < len ? u[i + 1] : 0, c2 = i + 2 < len ? u[i + 2] : 0;
        if (c < 0x20) {
            /* CR too: a .mat file kept with CR line ends is a multi-line text */
            if (!multiline || (c != '\n' && c != '\r' && c != '\t'))
                return control;
        } else if (c == 0x7f || (c == 0xC2 && c1 >= 0x80 && c1 <= 0x9F)) {
            return control; /* DEL, and C1 (U+0080-009F: NEL, CSI...) */
        } else if (c == 0xE2 && ((c1 == 0x80 && c2 >= 0xAA && c2 <= 0xAE) ||
                                 (c1 == 0x81 && c2 >= 0xA6 && c2 <= 0xA9))) {
            return "must not contain bidirectional overrides or isolates (U+202A-202E, "
                   "U+2066-2069)";
        } else if (!multiline && c == 0xE2 && c1 == 0x80 && (c2 == 0xA8 || c2 == 0xA9)) {
            return "must be one line (no line or paragraph separator)";
        }
    }
    return NULL;
}

static int is_space(utf8proc_int32_t cp)
{
    if (cp < 0)
        return 0;
    utf8proc_category_t k = utf8proc_category(cp);
    return (cp >= 0x09 && cp <= 0x0D) || k == UTF8PROC_CATEGORY_ZS || k == UTF8PROC_CATEGORY_ZL ||
           k == UTF8PROC_CATEGORY_ZP;
}

size_t cw_utf8_trim(const char *s, size_t *start)
{
    const utf8proc_uint8_t *u = (const utf8proc_uint8_t *)s;
    size_t i = 0, first = 0, end = 0;
    int seen = 0;
    while (u[i]) {
        utf8proc_int32_t cp = -1;
        utf8proc_ssize_t k = utf8proc_iterate(u + i, -1, &cp);
        if (k <= 0)
            k = 1; /* not UTF-8: a byte as it is (the input layer lets none through) */
        if (!is_space(cp)) {
            if (!seen)
                first = i;
            seen = 1;
            end = i + (size_t)k;
        }
        i += (size_t)k;
    }
    *start = first;
    return seen ? end - first : 0;
}

/* The key of cw_name_key, with the accents dropped too when stripmark. */
static char *name_key(const char *s, int stripmark)
{
    /* NFKC maps the look-alikes (full-width letters, ligatures, no-break and ideographic
     * spaces) to one form, case folding the cases, IGNORE drops zero-width characters (the
     * options of utf8proc_NFKC_Casefold); STRIPMARK drops the combining marks that the
     * decomposition of an accented letter leaves */
    utf8proc_uint8_t *f = NULL;
    utf8proc_option_t opt = UTF8PROC_NULLTERM | UTF8PROC_STABLE | UTF8PROC_COMPOSE |
                            UTF8PROC_COMPAT | UTF8PROC_CASEFOLD | UTF8PROC_IGNORE;
    if (stripmark)
        opt |= UTF8PROC_STRIPMARK;
    if (utf8proc_map((const utf8proc_uint8_t *)s, 0, &f, opt) < 0)
        return NULL;
    /* then each run of white space one space, none at the ends, in place */
    size_t i = 0, o = 0;
    int gap = 0;
    while (f[i]) {
        utf8proc_int32_t cp = -1;
        utf8proc_ssize_t k = utf8proc_iterate(f + i, -1, &cp);
        if (k <= 0)
            k = 1;
        if (is_space(cp)) {
            gap = o > 0;
        } else {
            if (gap)
                f[o++] = ' ';
            gap = 0;
            memmove(f + o, f + i, (size_t)k);
            o += (size_t)k;
        }
        i += (size_t)k;
    }
    f[o] = 0;
    return (char *)f;
}

char *cw_name_key(const char *s)
{
    return name_key(s, 0);
}

char *cw_name_fold(const char *s)
{
    return name_key(s, 1);
}
