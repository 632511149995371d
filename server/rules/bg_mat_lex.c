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
