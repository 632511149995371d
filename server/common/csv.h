/* CSV as spreadsheets write and read it (RFC 4180, and what Excel and LibreOffice do beside
 * it): a reader that finds the encoding (UTF-8, with or without a byte order mark, else
 * Windows-1252, Excel's plain "CSV") and the delimiter (`,`, or `;` as a spreadsheet set to
 * a comma-decimal locale writes it), takes quoted fields with delimiters, doubled quotes and
 * line breaks, CRLF, LF or CR line ends, and numbers each record by the line a spreadsheet
 * user sees it start on; and a writer for the other way (a byte order mark so that Excel
 * reads UTF-8, CRLF, quotes where needed, and no cell a spreadsheet would run as a formula).
 * Plain text in, plain text out: nothing here knows what the columns mean. */
#ifndef CW_CSV_H
#define CW_CSV_H

#include <stddef.h>

enum csv_encoding {
    CSV_UTF8,
    CSV_UTF8_BOM, /* UTF-8 after a byte order mark (Excel's "CSV UTF-8") */
    CSV_CP1252,   /* Windows-1252 (Excel's plain "CSV" on Windows), decoded to UTF-8 */
};

/* "UTF-8", "UTF-8 with BOM", "Windows-1252": the name a preview shows. */
const char *csv_encoding_name(enum csv_encoding e);

/* Why a file could not be read as CSV: the line it happened on (1-based, as a text editor
 * or a spreadsheet counts lines; 0 for the file as a whole), the field (1-based, 0 = none)
 * and a sentence. */
struct csv_error {
    long line;
    int column;
    char reason[160];
};

/* One record: the physical line it starts on (a quoted line break makes a record span
 * lines: the next record's number counts them) and its fields, cells[first ..
 * first + n - 1] of the table. */
struct csv_record {
    long line;
    size_t first, n;
};

/* A file read: every field as a NUL-terminated UTF-8 string, unquoted, pointing into text. */
struct csv_table {
    enum csv_encoding encoding;
    char delimiter; /* ',' or ';' (or '\t', a spreadsheet's "Text (Tab delimited)") */
    char *text;     /* the decoded text, its fields cut in place */
    const char **cells;
    struct csv_record *records; /* the header first; blank lines are no records */
    size_t n_records, n_cells;
};

/* Reads data (len bytes, any bytes) into t: 0, or -1 with *err filled (and t empty) when
 * it is no CSV this reader takes:
 * - bytes that are neither UTF-8 nor Windows-1252 (UTF-16 and UTF-32, which Excel's
 *   "Unicode text" writes, a NUL byte of a binary file, a byte Windows-1252 leaves
 *   undefined, invalid UTF-8 after a UTF-8 byte order mark), or control characters other
 *   than tab and line ends (no text file holds them), naming the line;
 * - a quoted field never closed (the line it opens on), or text after a closing quote;
 * - more than max_records records after the header (max_records 0: no limit), naming the
 *   line of the first one too many.
 * A first line "sep=X" (Excel's hint) names the delimiter and is no record.
 * A quote inside an unquoted field is kept as it is (as spreadsheets read it); a line break
 * inside a quoted field is kept as "\n". Each cell the writer guarded against formulas
 * (csv_write_cell) is read back as it was (the apostrophe taken off). */
int csv_read(const char *data, size_t len, size_t max_records, struct csv_table *t,
             struct csv_error *err);
void csv_table_free(struct csv_table *t);
/* The j-th field (0-based) of record r, or "" when the record is shorter. */
const char *csv_cell(const struct csv_table *t, size_t r, size_t j);

/* A CSV file being written, in memory: a byte order mark first (Excel reads a UTF-8 file
 * without one as the system's code page), records ended by CRLF (RFC 4180). */
struct csv_writer {
    char *buf;
    size_t len, cap;
    char delimiter;
    int row_open;   /* a field written on the current record */
    size_t records; /* records ended */
    int failed;     /* out of memory: everything after is dropped, csv_writer_take says so */
};

void csv_writer_init(struct csv_writer *w, char delimiter);
/* One field of the current record, s (UTF-8): quoted when it holds the delimiter, a quote,
 * a line break, or white space at either end (which some spreadsheets trim otherwise); in
 * the header, any of the delimiters the reader may take too (`,`, `;`, tab), so that no
 * header's text makes the reader find another delimiter than the writer's. A decimal comma
 * in a file delimited by `;` stays unquoted, as that spreadsheet writes it.
 *
 * A cell that starts with =, +, -, @, a tab or a line break is one a spreadsheet may
 * run as a formula (CSV injection, "=HYPERLINK(...)" in a player's name): such a cell is
 * written with an apostrophe before it, as OWASP recommends ("CSV Injection"), which a
 * spreadsheet shows as text. So that every cell reads back as it was, a cell of one or more
 * apostrophes followed by one of those characters gets one more apostrophe too, and the
 * reader (csv_read) takes exactly one apostrophe off every cell of that shape: export then
 * import gives the same text. */
void csv_write_cell(struct csv_writer *w, const char *s);
/* Ends the current record (CRLF). */
void csv_write_end(struct csv_writer *w);
/* The file written (malloc'd, *len its bytes; the caller frees it), or NULL when memory
 * ran out on the way. The writer is empty afterwards. */
char *csv_writer_take(struct csv_writer *w, size_t *len);

#endif
