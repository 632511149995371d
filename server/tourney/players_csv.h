/* Players in and out as CSV (issue 34): a file of players read into checked rows (its
 * columns found by name in any order; every bad line, column and reason listed, and then
 * no row at all), the rows matched against the players already registered (added, updated,
 * unchanged, or perhaps someone already there), and the players written out as a file that
 * the same reading gives back. Plain records only: the store reads and writes them. */
#ifndef TOURNEY_PLAYERS_CSV_H
#define TOURNEY_PLAYERS_CSV_H

#include <stddef.h>
#include <stdint.h>

#include "common/csv.h"

/* The columns, in the order the export writes them. */
enum pcsv_col {
    PCSV_NAME,
    PCSV_COUNTRY,
    PCSV_CLUB,
    PCSV_FEDID,
    PCSV_RATING,
    PCSV_EXPERIENCE,
    PCSV_EMAIL,
    PCSV_FLIGHT,
    PCSV_NCOLS
};
#define PCSV_BIT(c) (1u << (c))

/* The longest values, in characters (name, country and federation id as the API's). */
#define PCSV_CLUB_MAX 80 /* P_CLUB_MAX: the register keeps no longer */
#define PCSV_EMAIL_MAX 254
#define PCSV_FLIGHT_MAX 40
#define PCSV_RATING_MAX 10000
#define PCSV_EXPERIENCE_MAX 1000000
#define PCSV_ROWS_DEFAULT 5000
#define PCSV_ERRORS_MAX 100 /* the refusal lists this many; the count says how many more */

/* "name", "country", "club", "federation_id", "rating", "experience", "email", "flight": a
 * column's name in errors and in the API. */
const char *pcsv_col_name(enum pcsv_col c);

/* A player as the file and the register know them; texts are "" when none. */
struct pcsv_player {
    int64_t id; /* a registered player's id; 0 for a row of a file */
    const char *name, *country, *club, *federation_id, *email, *flight;
    int has_rating;
    double rating;
    int has_experience;
    int64_t experience;
};

/* How a row of the file stands against the players already registered. */
enum pcsv_class {
    PCSV_ADD,       /* nobody like them: a new player */
    PCSV_UPDATE,    /* the same federation id as match_id: its given values differ */
    PCSV_UNCHANGED, /* the same federation id as match_id, and nothing differs */
    PCSV_POSSIBLE,  /* no federation id in common, the same name (case and accents folded)
                     * as match_id, and no two federation ids that tell them apart: the TD
                     * says whether it is them */
};

struct pcsv_row {
    long line; /* where the record starts in the file */
    struct pcsv_player p;
    unsigned given; /* PCSV_BIT of each column with a value on this row (an empty cell
                     * leaves a registered player's value as it is) */
    char *key;      /* the name, case and accents folded (cw_name_fold) */
    enum pcsv_class cls;
    int64_t match_id; /* UPDATE, UNCHANGED, POSSIBLE: the registered player */
    unsigned changed; /* UPDATE: PCSV_BIT of each value that differs */
};

/* One reason the file is refused. column: 1-based as the file has it, 0 when the reason is
 * the line's or the file's (a missing column); field: the column's name (pcsv_col_name),
 * or the header as the file writes it for a column nobody knows, or "" . */
struct pcsv_error {
    long line;
    int column;
    char field[64];
    char reason[200];
};

struct pcsv_import {
    struct csv_table t;     /* its encoding and delimiter are the preview's */
    int col_of[PCSV_NCOLS]; /* the file's column of each (0-based), -1 when absent */
    unsigned columns;       /* PCSV_BIT of each column the file has */
    struct pcsv_row *rows;  /* blank rows (every cell empty) left out */
    size_t n_rows;
    struct pcsv_error errors[PCSV_ERRORS_MAX];
    size_t n_errors, n_errors_total; /* listed, and found */
    size_t count[4];                 /* rows of each pcsv_class, after pcsv_classify */
};

/* Reads a file (len bytes, as uploaded) into imp: 0, or -1 with the errors listed (then
 * imp->rows is empty: a file with a bad row imports nothing). Refused: what csv_read
 * refuses (the encoding, a quote never closed, more than max_rows rows: 0 means
 * PCSV_ROWS_DEFAULT); a header with a column nobody knows, a column twice or no name column;
 * and on each row: a value beyond the header's columns, a name missing, too long or with
 * control characters (any text), a rating that is no number from 0 to PCSV_RATING_MAX (a
 * decimal comma is read when the file's delimiter is `;`), an experience that is no whole
 * number, an email that is no address, and a row that repeats one above (the same
 * federation id, or the same folded name without two federation ids that tell them apart).
 * Columns are found by name whatever the case, accents, spaces, `_`, `-` and `.` (aliases:
 * "player", "fed id", "member number", "licence", "elo", "e-mail", "division"..., and the
 * Italian ones). Federation ids are text: leading zeros stay. Either way, pcsv_free. */
int pcsv_read(const char *data, size_t len, size_t max_rows, struct pcsv_import *imp);

/* Each row of imp against the registered players (n): by federation id first, then by the
 * folded name (cw_name_fold); fills cls, match_id, changed and imp->count. 0, or -1 when
 * out of memory. */
int pcsv_classify(struct pcsv_import *imp, const struct pcsv_player *registered, size_t n);

void pcsv_free(struct pcsv_import *imp);

/* The players (n) as a CSV file: a byte order mark, a header of every column, a record each,
 * delimiter `,` or `;` (with `;`, ratings take a decimal comma, as that spreadsheet writes
 * them); a rating written with as few digits as read back the same. malloc'd (*len bytes),
 * NULL when out of memory. pcsv_read gives the same players back. */
char *pcsv_export(const struct pcsv_player *players, size_t n, char delimiter, size_t *len);

#endif
