/* Unit tests of common/csv.c: files as spreadsheets write them (byte order mark or not,
 * Windows-1252, CRLF, CR, `;`, quoted delimiters, quotes and line breaks), the line a record
 * starts on, every refusal, and the writer (quotes, CRLF, formulas kept from running) read
 * back as written. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "common/csv.h"
#include "../check_main.h"

static void read_ok(const char *data, size_t len, struct csv_table *t)
{
    struct csv_error err;
    int rc = csv_read(data, len, 0, t, &err);
    ck_assert_msg(rc == 0, "refused at line %ld: %s", err.line, err.reason);
}

#define READ_OK(lit, t) read_ok(lit, sizeof lit - 1, t)

/* Excel's "CSV UTF-8": a byte order mark, CRLF, a field quoted for its comma, a doubled
 * quote, an empty field, and no line end after the last record. */
START_TEST(test_csv_utf8_bom_crlf_quotes)
{
    struct csv_table t;
    READ_OK("\xEF\xBB\xBFname,club,rating\r\n"
            "\"Rossi, Mario\",\"Club \"\"Il Bar\"\"\",1612.5\r\n"
            "Ren\xC3\xA9,,\r\n"
            "Zo\xC3\xAB,X,1500",
            &t);
    ck_assert_int_eq(t.encoding, CSV_UTF8_BOM);
    ck_assert_str_eq(csv_encoding_name(t.encoding), "UTF-8 with BOM");
    ck_assert_int_eq(t.delimiter, ',');
    ck_assert_uint_eq(t.n_records, 4);
    ck_assert_str_eq(csv_cell(&t, 0, 0), "name"); /* the mark is no part of the header */
    ck_assert_str_eq(csv_cell(&t, 1, 0), "Rossi, Mario");
    ck_assert_str_eq(csv_cell(&t, 1, 1), "Club \"Il Bar\"");
    ck_assert_str_eq(csv_cell(&t, 2, 0), "Ren\xC3\xA9");
    ck_assert_str_eq(csv_cell(&t, 2, 1), "");
    ck_assert_uint_eq(t.records[2].n, 3);
    ck_assert_str_eq(csv_cell(&t, 3, 2), "1500");
    ck_assert_str_eq(csv_cell(&t, 3, 7), ""); /* past the record's end */
    csv_table_free(&t);
    READ_OK("a\nb\n", &t);
    ck_assert_int_eq(t.encoding, CSV_UTF8);
    ck_assert_uint_eq(t.n_records, 2);
    csv_table_free(&t);
}
END_TEST

/* A spreadsheet in a comma-decimal locale writes `;` between fields (and commas inside
 * numbers); the header decides, even when a header's name holds a quoted comma. */
START_TEST(test_csv_semicolon_delimiter)
{
    struct csv_table t;
    READ_OK("Nome;\"Paese, o club\";Elo\r\nBianchi;ITA;1612,5\r\n", &t);
    ck_assert_int_eq(t.delimiter, ';');
    ck_assert_str_eq(csv_cell(&t, 0, 1), "Paese, o club");
    ck_assert_str_eq(csv_cell(&t, 1, 2), "1612,5");
    csv_table_free(&t);
    READ_OK("only\nx,y\n", &t); /* one column: `,` */
    ck_assert_int_eq(t.delimiter, ',');
    csv_table_free(&t);
    READ_OK("sep=;\r\nname,club;rating\r\nA,B;1\r\n", &t); /* Excel's hint names it */
    ck_assert_int_eq(t.delimiter, ';');
    ck_assert_uint_eq(t.n_records, 2);
    ck_assert_int_eq(t.records[0].line, 2);
    ck_assert_str_eq(csv_cell(&t, 1, 0), "A,B");
    csv_table_free(&t);
    READ_OK("a\tb\n1\t2\n", &t); /* "Text (Tab delimited)" */
    ck_assert_int_eq(t.delimiter, '\t');
    ck_assert_str_eq(csv_cell(&t, 1, 1), "2");
    csv_table_free(&t);
}
END_TEST

/* A record starts on the line a spreadsheet user sees: quoted line breaks (CRLF read as one
 * break, kept as "\n"), blank lines and old Mac CR line ends all counted. */
START_TEST(test_csv_quoted_newlines_line_numbers)
{
    struct csv_table t;
    READ_OK("name,note\r\n"
            "A,\"two\r\nlines\"\r\n"
            "\r\n"
            "B,\"three\nlines\n\"\r\n"
            "C,x\r\n",
            &t);
    ck_assert_uint_eq(t.n_records, 4);
    ck_assert_int_eq(t.records[0].line, 1);
    ck_assert_int_eq(t.records[1].line, 2);
    ck_assert_str_eq(csv_cell(&t, 1, 1), "two\nlines");
    ck_assert_int_eq(t.records[2].line, 5); /* line 4 is blank */
    ck_assert_str_eq(csv_cell(&t, 2, 1), "three\nlines\n");
    ck_assert_int_eq(t.records[3].line, 8);
    csv_table_free(&t);
    READ_OK("h\rA\r\rB\r", &t); /* Excel 2011's "CSV (Macintosh)" */
    ck_assert_uint_eq(t.n_records, 3);
    ck_assert_int_eq(t.records[2].line, 4);
    ck_assert_str_eq(csv_cell(&t, 2, 0), "B");
    csv_table_free(&t);
}
END_TEST

/* Excel's plain "CSV" on Windows: Windows-1252, decoded to UTF-8 and named. */
START_TEST(test_csv_windows_1252)
{
    struct csv_table t;
    READ_OK("Nome;Club\r\nJos\xE9 M\xFCller;Caf\xE9 \x80 \x93 \x9C\r\n", &t);
    ck_assert_int_eq(t.encoding, CSV_CP1252);
    ck_assert_str_eq(csv_encoding_name(t.encoding), "Windows-1252");
    ck_assert_str_eq(csv_cell(&t, 1, 0), "Jos\xC3\xA9 M\xC3\xBCller");
    ck_assert_str_eq(csv_cell(&t, 1, 1), "Caf\xC3\xA9 \xE2\x82\xAC \xE2\x80\x9C \xC5\x93");
    csv_table_free(&t);
}
END_TEST

static void refused(const char *data, size_t len, size_t max, long line, int column,
                    const char *words)
{
    struct csv_table t;
    struct csv_error err;
    ck_assert_int_eq(csv_read(data, len, max, &t, &err), -1);
    ck_assert_msg(err.line == line, "line %ld, not %ld: %s", err.line, line, err.reason);
    ck_assert_msg(err.column == column, "column %d, not %d: %s", err.column, column, err.reason);
    ck_assert_msg(strstr(err.reason, words), "\"%s\" does not say \"%s\"", err.reason, words);
    ck_assert_ptr_null(t.text);
}

#define REFUSED(lit, max, line, col, words) refused(lit, sizeof lit - 1, max, line, col, words)

/* Each file that is no CSV this reader takes, refused naming the line (and field). */
START_TEST(test_csv_refusals)
{
    REFUSED("\xFF\xFEn\0a\0m\0e\0", 0, 0, 0, "UTF-16");
    REFUSED("\xFE\xFF\0n\0a", 0, 0, 0, "UTF-16");
    REFUSED("\x89PNG\r\n\x1A\n\0\0\0\rIHDR", 0, 2, 0, "control character");
    REFUSED("name\nab\0c\n", 0, 2, 0, "NUL");
    REFUSED("name\nx\ny\x01z\n", 0, 3, 0, "control character");
    REFUSED("name\nM\xFCller\nA\x81\n", 0, 3, 0, "neither UTF-8 nor Windows-1252");
    REFUSED("\xEF\xBB\xBFname\nM\xFCller\n", 0, 2, 0, "byte order mark");
    REFUSED("name,note\nA,\"open\nstill open\n", 0, 2, 2, "never closed");
    REFUSED("name,note\nA,b\nB,\"q\"x,c\n", 0, 3, 2, "after the closing quote");
    REFUSED("name\n1\n2\n\n3\n4\n", 3, 6, 0, "more than 3 rows");
    /* and what passes beside them: exactly the limit, a quote inside an unquoted field,
     * spaces after a closing quote, an empty file */
    struct csv_table t;
    struct csv_error err;
    ck_assert_int_eq(csv_read("name\n1\n2\n3\n", 11, 3, &t, &err), 0);
    csv_table_free(&t);
    READ_OK("name,size\nBox,5\" x 3\"\n\"Q\"  ,x\n", &t);
    ck_assert_str_eq(csv_cell(&t, 1, 1), "5\" x 3\"");
    ck_assert_str_eq(csv_cell(&t, 2, 0), "Q");
    csv_table_free(&t);
    ck_assert_int_eq(csv_read("", 0, 0, &t, &err), 0);
    ck_assert_uint_eq(t.n_records, 0);
    csv_table_free(&t);
}
END_TEST

static char *write_rows(char delim, const char *const *cells, size_t n, size_t per_row, size_t *len)
{
    struct csv_writer w;
    csv_writer_init(&w, delim);
    for (size_t i = 0; i < n; i++) {
        csv_write_cell(&w, cells[i]);
        if ((i + 1) % per_row == 0)
            csv_write_end(&w);
    }
    return csv_writer_take(&w, len);
}

/* The writer: a byte order mark, CRLF, quotes only where needed, and a cell a spreadsheet
 * would run as a formula written after an apostrophe (one more apostrophe for a cell that
 * already has that shape, so that reading takes exactly one off). */
START_TEST(test_csv_writer_quotes_and_formulas)
{
    const char *const cells[] = {"plain", "a,b",   "say \"hi\"", "two\nlines", "=1+1",  "+39 055",
                                 "-Ann",  "@home", "'=already",  "'plain",     " pad ", "x;y"};
    size_t len;
    char *out = write_rows(',', cells, 12, 4, &len);
    const char *want = "\xEF\xBB\xBF"
                       "plain,\"a,b\",\"say \"\"hi\"\"\",\"two\nlines\"\r\n"
                       "'=1+1,'+39 055,'-Ann,'@home\r\n"
                       "''=already,'plain,\" pad \",x;y\r\n";
    ck_assert_uint_eq(len, strlen(want));
    ck_assert_str_eq(out, want);
    free(out);
    out = write_rows(';', cells + 10, 2, 2, &len);
    ck_assert_str_eq(out, "\xEF\xBB\xBF\" pad \";\"x;y\"\r\n");
    free(out);
    /* in the header, every delimiter the reader could take is quoted */
    const char *const header[] = {"a;b", "c\td", "e", "1,5", "x;y", "z"};
    out = write_rows(',', header, 6, 3, &len);
    ck_assert_str_eq(out, "\xEF\xBB\xBF\"a;b\",\"c\td\",e\r\n\"1,5\",x;y,z\r\n");
    free(out);
    out = write_rows(';', header + 3, 3, 3, &len);
    ck_assert_str_eq(out, "\xEF\xBB\xBF\"1,5\";\"x;y\";z\r\n");
    free(out);
}
END_TEST

/* Whatever the writer writes, the reader gives back cell for cell, with either delimiter:
 * quotes, delimiters, line breaks, formulas and apostrophes in every position. */
START_TEST(test_csv_write_read_round_trip)
{
    const char *const cells[] = {"name", "club",      "note", "=SUM(A1:A9)", "a,b;c", "\"", "''-x",
                                 "'@",   "line\none", "",     "Ren\xC3\xA9", "-",     "'",  "@",
                                 "+",    "\t=tab"};
    for (int d = 0; d < 2; d++) {
        size_t len;
        char *out = write_rows(d ? ';' : ',', cells, 16, 4, &len);
        struct csv_table t;
        read_ok(out, len, &t);
        ck_assert_int_eq(t.encoding, CSV_UTF8_BOM);
        ck_assert_int_eq(t.delimiter, d ? ';' : ',');
        ck_assert_uint_eq(t.n_records, 4);
        for (size_t i = 0; i < 16; i++)
            ck_assert_str_eq(csv_cell(&t, i / 4, i % 4), cells[i]);
        csv_table_free(&t);
        free(out);
    }
}
END_TEST

/* Any bytes: read or refused, never a crash (the sanitizers watch); and any cells of the
 * awkward characters, written, read back the same. */
START_TEST(test_csv_random_bytes_and_cells)
{
    static const char alphabet[] = "\",;\r\n\t'=+-@ a\xC3\xA9\x81\xEF\xBB\xBF";
    unsigned x = 34;
    char buf[64];
    for (int k = 0; k < 8000; k++) {
        size_t n = 0, len = (x = x * 1103515245 + 12345) >> 16 & 63;
        for (; n < len; n++)
            buf[n] = alphabet[((x = x * 1103515245 + 12345) >> 16) % (sizeof alphabet - 1)];
        struct csv_table t;
        struct csv_error err;
        if (csv_read(buf, n, 0, &t, &err) == 0) {
            for (size_t r = 0; r < t.n_records; r++)
                ck_assert(t.records[r].first + t.records[r].n <= t.n_cells);
            csv_table_free(&t);
        } else {
            ck_assert(err.reason[0]);
        }
    }
    /* cells of valid text (no CR: the reader makes every line break LF) */
    static const char *const bits[] = {"\"", ",", ";", "\n", "\t", "'",       "=",
                                       "+",  "-", "@", " ",  "a",  "\xC3\xA9"};
    for (int k = 0; k < 1000; k++) {
        char cells[6][32];
        const char *cp[6];
        for (int c = 0; c < 6; c++) {
            cells[c][0] = 0;
            int m = (int)((x = x * 1103515245 + 12345) >> 16) % 6;
            for (int j = 0; j < m; j++)
                strcat(cells[c], bits[((x = x * 1103515245 + 12345) >> 16) % 13]);
            cp[c] = cells[c];
        }
        size_t len;
        char *out = write_rows(k % 2 ? ';' : ',', cp, 6, 3, &len);
        struct csv_table t;
        read_ok(out, len, &t);
        /* a record of empty cells alone would be a blank line; none is written empty */
        ck_assert_int_eq(t.delimiter, k % 2 ? ';' : ',');
        for (int c = 0; c < 6; c++)
            ck_assert_str_eq(csv_cell(&t, (size_t)c / 3, (size_t)c % 3), cells[c]);
        csv_table_free(&t);
        free(out);
    }
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("csv");
    TCase *tc = tcase_create("csv");
    tcase_add_test(tc, test_csv_utf8_bom_crlf_quotes);
    tcase_add_test(tc, test_csv_semicolon_delimiter);
    tcase_add_test(tc, test_csv_quoted_newlines_line_numbers);
    tcase_add_test(tc, test_csv_windows_1252);
    tcase_add_test(tc, test_csv_refusals);
    tcase_add_test(tc, test_csv_writer_quotes_and_formulas);
    tcase_add_test(tc, test_csv_write_read_round_trip);
    tcase_add_test(tc, test_csv_random_bytes_and_cells);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
