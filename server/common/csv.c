/* CSV read and written as spreadsheets do (RFC 4180 and the encodings Excel writes). */
#include "common/csv.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *csv_encoding_name(enum csv_encoding e)
{
    switch (e) {
    case CSV_UTF8:
        return "UTF-8";
    case CSV_UTF8_BOM:
        return "UTF-8 with BOM";
    case CSV_CP1252:
        return "Windows-1252";
    }
    return "?";
}

static int fail(struct csv_error *err, long line, int column, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static int fail(struct csv_error *err, long line, int column, const char *fmt, ...)
{
    err->line = line;
    err->column = column;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->reason, sizeof err->reason, fmt, ap);
    va_end(ap);
    return -1;
}

/* ---- the encoding ---- */

/* Windows-1252's bytes 0x80-0x9F as code points (0: undefined, as in the WHATWG table);
 * from 0xA0 up it is Latin-1, the byte's own code point. */
static const uint16_t cp1252_hi[32] = {
    0x20AC, 0,      0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160,
    0x2039, 0x0152, 0,      0x017D, 0,      0,      0x2018, 0x2019, 0x201C, 0x201D, 0x2022,
    0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0,      0x017E, 0x0178,
};

/* The length of the UTF-8 character at s (n bytes left), or 0 when none starts there:
 * overlong forms, surrogates and code points past U+10FFFF are no UTF-8 (RFC 3629). */
static size_t utf8_char(const unsigned char *s, size_t n)
{
    unsigned char c = s[0];
    if (c < 0x80)
        return 1;
    size_t k;
    uint32_t cp, min;
    if (c >= 0xC2 && c <= 0xDF)
        k = 2, cp = c & 0x1F, min = 0x80;
    else if (c >= 0xE0 && c <= 0xEF)
        k = 3, cp = c & 0x0F, min = 0x800;
    else if (c >= 0xF0 && c <= 0xF4)
        k = 4, cp = c & 0x07, min = 0x10000;
    else
        return 0;
    if (n < k)
        return 0;
    for (size_t i = 1; i < k; i++) {
        if ((s[i] & 0xC0) != 0x80)
            return 0;
        cp = cp << 6 | (s[i] & 0x3F);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
        return 0;
    return k;
}

/* The line (1-based) of byte at in d: one more than the line ends before it (CRLF, LF or a
 * lone CR each end one line). */
static long line_of(const unsigned char *d, size_t at)
{
    long line = 1;
    for (size_t i = 0; i < at; i++)
        if (d[i] == '\n' || (d[i] == '\r' && (i + 1 >= at || d[i + 1] != '\n')))
            line++;
    return line;
}

/* A byte no text file holds: C0 controls other than tab and the line ends, and DEL. */
static int is_control(unsigned char c)
{
    return (c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7F;
}

/* The bytes checked and decoded into UTF-8: a malloc'd text (NUL-terminated, with *out_len
 * its length), or NULL with *err filled. */
static char *decode(const unsigned char *d, size_t len, enum csv_encoding *enc, size_t *out_len,
                    struct csv_error *err)
{
    if ((len >= 2 && ((d[0] == 0xFF && d[1] == 0xFE) || (d[0] == 0xFE && d[1] == 0xFF))) ||
        (len >= 4 && d[0] == 0 && d[1] == 0 && d[2] == 0xFE && d[3] == 0xFF)) {
        fail(err, 0, 0,
             "the file is UTF-16 or UTF-32 (Excel's \"Unicode text\"): save it as "
             "\"CSV UTF-8\"");
        return NULL;
    }
    size_t skip = 0;
    *enc = CSV_UTF8;
    if (len >= 3 && d[0] == 0xEF && d[1] == 0xBB && d[2] == 0xBF)
        skip = 3, *enc = CSV_UTF8_BOM;
    /* one pass: control bytes refuse the file whatever its encoding; the first byte that
     * starts no UTF-8 character says it is not UTF-8 */
    size_t bad = SIZE_MAX;
    for (size_t i = skip; i < len;) {
        if (d[i] == 0) {
            fail(err, line_of(d, i), 0,
                 "a NUL byte: this is a binary file or UTF-16 text, not CSV");
            return NULL;
        }
        if (is_control(d[i])) {
            fail(err, line_of(d, i), 0, "a control character (byte 0x%02X): not a text file", d[i]);
            return NULL;
        }
        size_t k = bad == SIZE_MAX ? utf8_char(d + i, len - i) : 1;
        if (!k) {
            bad = i;
            k = 1;
        }
        i += k;
    }
    if (bad != SIZE_MAX && *enc == CSV_UTF8_BOM) {
        fail(err, line_of(d, bad), 0,
             "byte 0x%02X is not UTF-8, though the file starts with UTF-8's byte order mark",
             d[bad]);
        return NULL;
    }
    if (bad == SIZE_MAX) {
        char *t = malloc(len - skip + 1);
        if (!t) {
            fail(err, 0, 0, "out of memory");
            return NULL;
        }
        memcpy(t, d + skip, len - skip);
        t[len - skip] = 0;
        *out_len = len - skip;
        return t;
    }
    /* not UTF-8: Windows-1252, whose every byte is one character of at most 3 bytes */
    *enc = CSV_CP1252;
    char *t = malloc(len * 3 + 1);
    if (!t) {
        fail(err, 0, 0, "out of memory");
        return NULL;
    }
    size_t o = 0;
    for (size_t i = 0; i < len; i++) {
        uint32_t cp = d[i];
        if (cp >= 0x80 && cp < 0xA0) {
            cp = cp1252_hi[cp - 0x80];
            if (!cp) {
                free(t);
                fail(err, line_of(d, i), 0,
                     "byte 0x%02X is neither UTF-8 nor Windows-1252: save the file as "
                     "\"CSV UTF-8\"",
                     d[i]);
                return NULL;
            }
        }
        if (cp < 0x80) {
            t[o++] = (char)cp;
        } else if (cp < 0x800) {
            t[o++] = (char)(0xC0 | cp >> 6);
            t[o++] = (char)(0x80 | (cp & 0x3F));
        } else {
            t[o++] = (char)(0xE0 | cp >> 12);
            t[o++] = (char)(0x80 | ((cp >> 6) & 0x3F));
            t[o++] = (char)(0x80 | (cp & 0x3F));
        }
    }
    t[o] = 0;
    *out_len = o;
    return t;
}

/* ---- the records ---- */

/* The delimiter of the header (the first record): the most frequent of `,`, `;` and tab
 * outside quotes; `,` when the header has none (one column). A comma-decimal locale's
 * spreadsheet writes `;` between fields and may write commas inside a header's names only
 * in quotes, so the count is not fooled. */
static char find_delimiter(const char *t, size_t len)
{
    size_t comma = 0, semi = 0, tab = 0;
    int quoted = 0;
    for (size_t i = 0; i < len; i++) {
        char c = t[i];
        if (c == '"')
            quoted = !quoted;
        else if (!quoted && (c == '\n' || c == '\r'))
            break;
        else if (!quoted)
            comma += c == ',', semi += c == ';', tab += c == '\t';
    }
    if (tab > comma && tab > semi)
        return '\t';
    return semi > comma ? ';' : ',';
}

/* The characters that make a cell a formula to a spreadsheet (csv_write_cell). */
static int formula_start(char c)
{
    return c == '=' || c == '+' || c == '-' || c == '@' || c == '\t' || c == '\r' || c == '\n';
}

/* A cell of one or more apostrophes, then a formula's first character: the shape the writer
 * gives a guarded cell. */
static int guarded(const char *s)
{
    if (*s != '\'')
        return 0;
    while (*s == '\'')
        s++;
    return formula_start(*s);
}

struct grow {
    void *p;
    size_t n, cap, size;
};

static int grow_push(struct grow *g, const void *item)
{
    if (g->n == g->cap) {
        size_t cap = g->cap ? g->cap * 2 : 64;
        void *p = realloc(g->p, cap * g->size);
        if (!p)
            return -1;
        g->p = p;
        g->cap = cap;
    }
    memcpy((char *)g->p + g->n * g->size, item, g->size);
    g->n++;
    return 0;
}

int csv_read(const char *data, size_t len, size_t max_records, struct csv_table *t,
             struct csv_error *err)
{
    memset(t, 0, sizeof *t);
    size_t n;
    char *s = decode((const unsigned char *)data, len, &t->encoding, &n, err);
    if (!s)
        return -1;
    t->text = s;
    size_t i = 0, o = 0;
    long line = 1;
    /* "sep=;" on a line of its own before the header: the hint Excel honours (and some
     * programs write for it) names the delimiter; it is no record */
    if (n >= 5 && !strncmp(s, "sep=", 4) && !strchr("\"\r\n", s[4]) &&
        (n == 5 || s[5] == '\r' || s[5] == '\n')) {
        t->delimiter = s[4];
        i = n == 5 ? 5 : s[5] == '\r' && n > 6 && s[6] == '\n' ? 7 : 6;
        o = i;
        line = 2;
    } else {
        t->delimiter = find_delimiter(s, n);
    }
    const char delim = t->delimiter;
    /* fields are cut in place: what a field becomes (quotes and doubled quotes taken off,
     * CRLF inside quotes made LF) is never longer than it was, so o never passes i */
    struct grow cells = {.size = sizeof(size_t)}, recs = {.size = sizeof(struct csv_record)};
    int rc = -1;
    while (i < n) {
        if (s[i] == '\n' || s[i] == '\r') { /* a blank line: no record */
            i += s[i] == '\r' && i + 1 < n && s[i + 1] == '\n' ? 2 : 1;
            line++;
            continue;
        }
        struct csv_record rec = {.line = line, .first = cells.n};
        if (max_records && recs.n > max_records) {
            fail(err, line, 0, "more than %zu rows", max_records);
            goto out;
        }
        for (;;) {
            size_t start = o;
            int column = (int)(cells.n - rec.first + 1);
            char end; /* what ended the field: the delimiter, a line end, or 0 at the end */
            if (s[i] == '"') {
                long opened = line;
                i++;
                for (;;) {
                    if (i >= n) {
                        fail(err, opened, column, "a quoted field is never closed");
                        goto out;
                    }
                    char c = s[i];
                    if (c == '"' && i + 1 < n && s[i + 1] == '"') {
                        s[o++] = '"', i += 2;
                    } else if (c == '"') {
                        i++;
                        break;
                    } else if (c == '\r' || c == '\n') {
                        s[o++] = '\n';
                        i += c == '\r' && i + 1 < n && s[i + 1] == '\n' ? 2 : 1;
                        line++;
                    } else {
                        s[o++] = c, i++;
                    }
                }
                /* spaces after a closing quote are what some writers leave; anything else
                 * would be text outside the quotes */
                while (i < n && s[i] == ' ')
                    i++;
                if (i < n && s[i] != delim && s[i] != '\r' && s[i] != '\n') {
                    fail(err, line, column, "text after the closing quote of a field");
                    goto out;
                }
            } else {
                while (i < n && s[i] != delim && s[i] != '\r' && s[i] != '\n')
                    s[o++] = s[i++];
            }
            end = i < n ? s[i] : 0;
            s[o++] = 0; /* may overwrite s[i]: its value is in end */
            if (end)
                i++;
            if (end == '\r' && i < n && s[i] == '\n')
                i++;
            if (guarded(s + start))
                memmove(s + start, s + start + 1, o - start - 1), o--;
            if (grow_push(&cells, &start)) {
                fail(err, 0, 0, "out of memory");
                goto out;
            }
            if (end == delim && end)
                continue;
            if (end)
                line++;
            break;
        }
        rec.n = cells.n - rec.first;
        if (grow_push(&recs, &rec)) {
            fail(err, 0, 0, "out of memory");
            goto out;
        }
    }
    t->records = recs.p;
    t->n_records = recs.n;
    t->n_cells = cells.n;
    t->cells = malloc((cells.n ? cells.n : 1) * sizeof *t->cells);
    if (!t->cells) {
        fail(err, 0, 0, "out of memory");
        goto out;
    }
    for (size_t k = 0; k < cells.n; k++)
        t->cells[k] = s + ((size_t *)cells.p)[k];
    recs.p = NULL;
    rc = 0;
out:
    free(cells.p);
    if (rc) {
        free(recs.p);
        t->records = NULL;
        csv_table_free(t);
    }
    return rc;
}

void csv_table_free(struct csv_table *t)
{
    free(t->text);
    free((void *)t->cells);
    free(t->records);
    memset(t, 0, sizeof *t);
}

const char *csv_cell(const struct csv_table *t, size_t r, size_t j)
{
    const struct csv_record *rec = &t->records[r];
    return j < rec->n ? t->cells[rec->first + j] : "";
}

/* ---- the writer ---- */

static void put(struct csv_writer *w, const char *p, size_t n)
{
    if (w->failed)
        return;
    if (w->len + n + 1 > w->cap) {
        size_t cap = w->cap ? w->cap : 4096;
        while (w->len + n + 1 > cap)
            cap *= 2;
        char *b = realloc(w->buf, cap);
        if (!b) {
            w->failed = 1;
            return;
        }
        w->buf = b;
        w->cap = cap;
    }
    memcpy(w->buf + w->len, p, n);
    w->len += n;
}

void csv_writer_init(struct csv_writer *w, char delimiter)
{
    memset(w, 0, sizeof *w);
    w->delimiter = delimiter;
    put(w, "\xEF\xBB\xBF", 3);
}

void csv_write_cell(struct csv_writer *w, const char *s)
{
    if (w->row_open)
        put(w, &w->delimiter, 1);
    w->row_open = 1;
    size_t n = strlen(s);
    int quote = n && (s[0] == ' ' || s[n - 1] == ' ');
    for (size_t i = 0; i < n && !quote; i++)
        quote = s[i] == w->delimiter || s[i] == '"' || s[i] == '\r' || s[i] == '\n' ||
                (!w->records && (s[i] == ',' || s[i] == ';' || s[i] == '\t'));
    if (quote)
        put(w, "\"", 1);
    if ((n && formula_start(s[0])) || guarded(s))
        put(w, "'", 1);
    for (const char *p = s; *p;) { /* a quote doubled, the rest as it is */
        size_t k = strcspn(p, "\"");
        put(w, p, k);
        p += k;
        if (*p)
            put(w, "\"\"", 2), p++;
    }
    if (quote)
        put(w, "\"", 1);
}

void csv_write_end(struct csv_writer *w)
{
    put(w, "\r\n", 2);
    w->row_open = 0;
    w->records++;
}

char *csv_writer_take(struct csv_writer *w, size_t *len)
{
    char *b = w->failed ? NULL : w->buf;
    if (w->failed)
        free(w->buf);
    else if (b)
        b[w->len] = 0;
    *len = b ? w->len : 0;
    memset(w, 0, sizeof *w);
    return b;
}
