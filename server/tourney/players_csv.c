/* Players in and out as CSV: the columns, the rows checked, matched and written. */
#include "tourney/players_csv.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/utf8.h"
#include "tourney/model.h"

static const char *const col_names[PCSV_NCOLS] = {
    [PCSV_NAME] = "name",           [PCSV_COUNTRY] = "country", [PCSV_CLUB] = "club",
    [PCSV_FEDID] = "federation_id", [PCSV_RATING] = "rating",   [PCSV_EXPERIENCE] = "experience",
    [PCSV_EMAIL] = "email",         [PCSV_FLIGHT] = "flight",
};

/* The header the export writes: what a person reads, and what the import finds again. */
static const char *const col_titles[PCSV_NCOLS] = {
    [PCSV_NAME] = "Name",           [PCSV_COUNTRY] = "Country", [PCSV_CLUB] = "Club",
    [PCSV_FEDID] = "Federation ID", [PCSV_RATING] = "Rating",   [PCSV_EXPERIENCE] = "Experience",
    [PCSV_EMAIL] = "Email",         [PCSV_FLIGHT] = "Flight",
};

/* The names a column goes by, as header_key leaves them (folded, letters and digits only):
 * English as federations' lists and spreadsheets write them, and Italian, French and German
 * for the lists of those federations. */
static const char *const aliases[PCSV_NCOLS][20] = {
    [PCSV_NAME] = {"name", "player", "playername", "fullname", "nome", "nominativo", "giocatore",
                   "nom", "joueur", "spieler", NULL},
    [PCSV_COUNTRY] = {"country", "nation", "nationality", "countrycode", "paese", "nazione",
                      "nazionalita", "pays", NULL},
    [PCSV_CLUB] = {"club", "circolo", "association", "verein", NULL},
    [PCSV_FEDID] = {"federationid", "fedid", "federationnumber", "federation", "memberid",
                    "membernumber", "member", "membershipnumber", "membershipid", "license",
                    "licence", "licensenumber", "licencenumber", "tessera", "ntessera",
                    "numerotessera", "idfederale", NULL},
    [PCSV_RATING] = {"rating", "elo", "fibs", "fibsrating", "ratingfibs", NULL},
    [PCSV_EXPERIENCE] = {"experience", "exp", "esperienza", "experiencepoints", NULL},
    [PCSV_EMAIL] = {"email", "mail", "emailaddress", "indirizzoemail", NULL},
    [PCSV_FLIGHT] = {"flight", "division", "category", "categoria", NULL},
};

/* The longest value of each text column, in characters. */
static const size_t col_max[PCSV_NCOLS] = {
    [PCSV_NAME] = P_NAME_MAX,   [PCSV_COUNTRY] = P_COUNTRY_MAX, [PCSV_CLUB] = PCSV_CLUB_MAX,
    [PCSV_FEDID] = P_FEDID_MAX, [PCSV_EMAIL] = PCSV_EMAIL_MAX,  [PCSV_FLIGHT] = PCSV_FLIGHT_MAX,
};

const char *pcsv_col_name(enum pcsv_col c)
{
    return c < PCSV_NCOLS ? col_names[c] : "?";
}

static void add_error(struct pcsv_import *imp, long line, int column, const char *field,
                      const char *fmt, ...) __attribute__((format(printf, 5, 6)));
static void add_error(struct pcsv_import *imp, long line, int column, const char *field,
                      const char *fmt, ...)
{
    imp->n_errors_total++;
    if (imp->n_errors == PCSV_ERRORS_MAX)
        return;
    struct pcsv_error *e = &imp->errors[imp->n_errors++];
    e->line = line;
    e->column = column;
    cw_utf8_copy(e->field, sizeof e->field, field);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e->reason, sizeof e->reason, fmt, ap);
    va_end(ap);
    cw_utf8_scrub(e->reason); /* a header quoted into the reason may have been cut */
}

/* A header as compared with the aliases: folded (case, accents, look-alikes), then only its
 * letters and digits ("Federation ID", "fed_id", "N. tessera" -> "federationid", "fedid",
 * "ntessera"). malloc'd, NULL on memory. */
static char *header_key(const char *h)
{
    char *k = cw_name_fold(h);
    if (!k)
        return NULL;
    size_t o = 0;
    for (size_t i = 0; k[i]; i++) {
        unsigned char c = (unsigned char)k[i];
        if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c >= 0x80)
            k[o++] = k[i];
    }
    k[o] = 0;
    return k;
}

/* The cell (r, j) trimmed of white space at both ends, in the table's own text. */
static const char *trimmed(struct pcsv_import *imp, size_t r, size_t j)
{
    const struct csv_record *rec = &imp->t.records[r];
    if (j >= rec->n)
        return "";
    char *s = (char *)imp->t.cells[rec->first + j]; /* the table's own copy of the file */
    size_t start, n = cw_utf8_trim(s, &start);
    s[start + n] = 0;
    return s + start;
}

/* The header's columns into imp->col_of; file_col[j] the column of the file's j-th (-1: a
 * column without a header, whose cells must be empty). 0, or -1 when it refuses. */
static int read_header(struct pcsv_import *imp, int *file_col)
{
    const struct csv_record *h = &imp->t.records[0];
    for (size_t j = 0; j < h->n; j++) {
        const char *text = trimmed(imp, 0, j);
        file_col[j] = -1;
        if (!*text)
            continue;
        char *key = header_key(text);
        if (!key) {
            add_error(imp, h->line, (int)j + 1, text, "out of memory");
            continue;
        }
        int found = -1;
        for (int c = 0; c < PCSV_NCOLS && found < 0; c++)
            for (int a = 0; aliases[c][a] && found < 0; a++)
                if (!strcmp(key, aliases[c][a]))
                    found = c;
        free(key);
        if (found < 0) {
            add_error(imp, h->line, (int)j + 1, text,
                      "unknown column \"%.60s\": the columns are name, country, club, "
                      "federation id, rating, experience, email, flight",
                      text);
        } else if (imp->col_of[found] >= 0) {
            add_error(imp, h->line, (int)j + 1, col_names[found],
                      "the column %s twice (columns %d and %zu)", col_names[found],
                      imp->col_of[found] + 1, j + 1);
        } else {
            imp->col_of[found] = (int)j;
            imp->columns |= PCSV_BIT(found);
            file_col[j] = found;
        }
    }
    if (!imp->n_errors_total && imp->col_of[PCSV_NAME] < 0)
        add_error(imp, h->line, 0, "name", "no name column: the header must have one");
    return imp->n_errors_total ? -1 : 0;
}

/* A rating: digits with at most one decimal separator (a point; or a comma when the file's
 * delimiter is `;`, as a comma-decimal locale writes), from 0 to PCSV_RATING_MAX. No sign,
 * exponent or thousands separator: a spreadsheet writes none in a plain number. */
static const char *parse_rating(const char *s, char delim, double *out)
{
    char buf[48];
    size_t n = strlen(s), digits = 0;
    int sep = 0;
    if (n >= sizeof buf)
        return "is not a number";
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (c >= '0' && c <= '9') {
            buf[i] = c, digits++;
        } else if ((c == '.' || (c == ',' && delim == ';')) && !sep) {
            buf[i] = '.', sep = 1;
        } else {
            return c == ',' ? "is not a number (a decimal point, not a comma, in a file "
                              "delimited by commas)"
                            : "is not a number";
        }
    }
    if (!digits)
        return "is not a number";
    buf[n] = 0;
    *out = strtod(buf, NULL); /* only digits and a point: the C locale's reading */
    if (*out > PCSV_RATING_MAX)
        return "must be from 0 to 10000";
    return NULL;
}

static const char *parse_experience(const char *s, int64_t *out)
{
    int64_t v = 0;
    if (!*s)
        return "is not a whole number";
    for (; *s; s++) {
        if (*s < '0' || *s > '9')
            return "is not a whole number";
        v = v * 10 + (*s - '0');
        if (v > PCSV_EXPERIENCE_MAX)
            return "must be from 0 to 1000000";
    }
    *out = v;
    return NULL;
}

/* Loosely an address: something, an @, a domain with a dot inside it, no white space. What
 * it really is only a message sent to it can tell. */
static int email_like(const char *s)
{
    const char *at = strrchr(s, '@');
    if (!at || at == s || strpbrk(s, " \t"))
        return 0;
    const char *dot = strchr(at + 1, '.');
    return dot && dot > at + 1 && dot[1];
}

/* One row's cells into row: 0, or the number of errors it added. */
static int read_row(struct pcsv_import *imp, size_t r, const int *file_col, size_t header_n,
                    struct pcsv_row *row)
{
    const struct csv_record *rec = &imp->t.records[r];
    size_t before = imp->n_errors_total;
    memset(row, 0, sizeof *row);
    row->line = rec->line;
    const char *text[PCSV_NCOLS];
    for (int c = 0; c < PCSV_NCOLS; c++)
        text[c] = "";
    for (size_t j = 0; j < rec->n; j++) {
        const char *v = trimmed(imp, r, j);
        if (j >= header_n || file_col[j] < 0) {
            if (*v)
                add_error(imp, rec->line, (int)j + 1, "",
                          j >= header_n ? "a value beyond the header's %zu columns"
                                        : "a value in a column without a name (column %zu)",
                          j >= header_n ? header_n : j + 1);
            continue;
        }
        text[file_col[j]] = v;
        if (*v)
            row->given |= PCSV_BIT(file_col[j]);
    }
    struct pcsv_player *p = &row->p;
    for (int c = 0; c < PCSV_NCOLS; c++) {
        const char *v = text[c];
        int col = imp->col_of[c] + 1;
        const char *why = cw_text_refused(v, strlen(v), 0);
        if (why) {
            add_error(imp, rec->line, col, col_names[c], "%s", why);
            continue;
        }
        if (col_max[c] && cw_utf8_chars(v, strlen(v)) > col_max[c]) {
            add_error(imp, rec->line, col, col_names[c], "longer than %zu characters", col_max[c]);
            continue;
        }
        switch (c) {
        case PCSV_NAME:
            if (!*v)
                add_error(imp, rec->line, col, col_names[c], "no name");
            p->name = v;
            break;
        case PCSV_COUNTRY:
            p->country = v;
            break;
        case PCSV_CLUB:
            p->club = v;
            break;
        case PCSV_FEDID:
            p->federation_id = v;
            break;
        case PCSV_EMAIL:
            if (*v && !email_like(v))
                add_error(imp, rec->line, col, col_names[c], "\"%.60s\" is not an email address",
                          v);
            p->email = v;
            break;
        case PCSV_FLIGHT:
            p->flight = v;
            break;
        case PCSV_RATING:
            if (*v && (why = parse_rating(v, imp->t.delimiter, &p->rating)))
                add_error(imp, rec->line, col, col_names[c], "\"%.40s\" %s", v, why);
            p->has_rating = *v != 0;
            break;
        case PCSV_EXPERIENCE:
            if (*v && (why = parse_experience(v, &p->experience)))
                add_error(imp, rec->line, col, col_names[c], "\"%.40s\" %s", v, why);
            p->has_experience = *v != 0;
            break;
        }
    }
    return (int)(imp->n_errors_total - before);
}

/* Rows sorted by a key, to find the ones that share it. */
struct keyed {
    const char *key;
    size_t i;
};

static int cmp_keyed(const void *x, const void *y)
{
    const struct keyed *a = x, *b = y;
    int c = strcmp(a->key, b->key);
    return c ? c : (a->i > b->i) - (a->i < b->i);
}

/* Two federation ids that say two people are not the same: both given, and different. */
static int told_apart(const char *f1, const char *f2)
{
    return *f1 && *f2 && strcmp(f1, f2);
}

/* A row that repeats one above it: the same federation id, or the same folded name that no
 * two federation ids tell apart. Each found refuses the later row, naming the earlier. */
static void find_repeats(struct pcsv_import *imp)
{
    size_t n = imp->n_rows;
    struct keyed *k = malloc((n ? n : 1) * sizeof *k);
    if (!k) {
        add_error(imp, 0, 0, "", "out of memory");
        return;
    }
    for (int pass = 0; pass < 2; pass++) {
        size_t m = 0;
        for (size_t i = 0; i < n; i++) {
            const struct pcsv_row *row = &imp->rows[i];
            const char *key = pass == 0 ? row->p.federation_id : row->key;
            if (*key)
                k[m++] = (struct keyed){key, i};
        }
        qsort(k, m, sizeof *k, cmp_keyed);
        for (size_t a = 0; a < m;) {
            size_t b = a + 1;
            while (b < m && !strcmp(k[a].key, k[b].key))
                b++;
            /* within a run of the same key, each row against the rows above it */
            for (size_t j = a + 1; j < b; j++) {
                const struct pcsv_row *later = &imp->rows[k[j].i];
                for (size_t i = a; i < j; i++) {
                    const struct pcsv_row *first = &imp->rows[k[i].i];
                    if (pass == 1 && told_apart(first->p.federation_id, later->p.federation_id))
                        continue;
                    if (pass == 1 && *first->p.federation_id &&
                        !strcmp(first->p.federation_id, later->p.federation_id))
                        break; /* found already by its federation id */
                    add_error(imp, later->line, imp->col_of[pass ? PCSV_NAME : PCSV_FEDID] + 1,
                              col_names[pass ? PCSV_NAME : PCSV_FEDID],
                              pass ? "the same player as line %ld (the same name)"
                                   : "the same player as line %ld (the same federation id)",
                              first->line);
                    break;
                }
            }
            a = b;
        }
    }
    free(k);
}

static int cmp_line(const void *x, const void *y)
{
    const struct pcsv_error *a = x, *b = y;
    if (a->line != b->line)
        return (a->line > b->line) - (a->line < b->line);
    return (a->column > b->column) - (a->column < b->column);
}

/* Every cell of record r empty once trimmed. */
static int blank(struct pcsv_import *imp, size_t r)
{
    for (size_t j = 0; j < imp->t.records[r].n; j++)
        if (*trimmed(imp, r, j))
            return 0;
    return 1;
}

static void free_rows(struct pcsv_import *imp)
{
    for (size_t i = 0; i < imp->n_rows; i++)
        free(imp->rows[i].key);
    free(imp->rows);
    imp->rows = NULL;
    imp->n_rows = 0;
}

void pcsv_free(struct pcsv_import *imp)
{
    free_rows(imp);
    csv_table_free(&imp->t);
}

int pcsv_read(const char *data, size_t len, size_t max_rows, struct pcsv_import *imp)
{
    memset(imp, 0, sizeof *imp);
    for (int c = 0; c < PCSV_NCOLS; c++)
        imp->col_of[c] = -1;
    struct csv_error ce;
    if (csv_read(data, len, max_rows ? max_rows : PCSV_ROWS_DEFAULT, &imp->t, &ce)) {
        add_error(imp, ce.line, ce.column, "", "%s", ce.reason);
        return -1;
    }
    if (!imp->t.n_records) {
        add_error(imp, 0, 0, "", "the file is empty: it needs a header row (name, ...)");
        return -1;
    }
    size_t header_n = imp->t.records[0].n;
    int *file_col = malloc(header_n * sizeof *file_col);
    imp->rows = calloc(imp->t.n_records, sizeof *imp->rows);
    if (!file_col || !imp->rows) {
        free(file_col);
        add_error(imp, 0, 0, "", "out of memory");
        return -1;
    }
    if (read_header(imp, file_col)) {
        free(file_col);
        return -1;
    }
    for (size_t r = 1; r < imp->t.n_records; r++) {
        struct pcsv_row *row = &imp->rows[imp->n_rows];
        if (blank(imp, r))
            continue; /* a spreadsheet writes ";;;;" for a row it formatted and left empty */
        if (read_row(imp, r, file_col, header_n, row))
            continue;
        row->key = cw_name_fold(row->p.name);
        if (!row->key) {
            add_error(imp, row->line, 0, "", "out of memory");
            continue;
        }
        imp->n_rows++;
    }
    free(file_col);
    if (!imp->n_errors_total)
        find_repeats(imp);
    if (imp->n_errors_total) {
        /* the list in the order of the file, the repeats found last among them */
        qsort(imp->errors, imp->n_errors, sizeof *imp->errors, cmp_line);
        free_rows(imp);
        return -1;
    }
    return 0;
}

/* ---- the rows against the register ---- */

/* The values of row that differ from the registered player's, among those it gives. */
static unsigned differs(const struct pcsv_row *row, const struct pcsv_player *r)
{
    const struct pcsv_player *p = &row->p;
    const char *mine[PCSV_NCOLS] = {p->name, p->country, p->club,  p->federation_id,
                                    NULL,    NULL,       p->email, p->flight};
    const char *theirs[PCSV_NCOLS] = {r->name, r->country, r->club,  r->federation_id,
                                      NULL,    NULL,       r->email, r->flight};
    unsigned d = 0;
    for (int c = 0; c < PCSV_NCOLS; c++)
        if (mine[c] && strcmp(mine[c], theirs[c] ? theirs[c] : ""))
            d |= PCSV_BIT(c);
    if (!r->has_rating || r->rating != p->rating)
        d |= PCSV_BIT(PCSV_RATING);
    if (!r->has_experience || r->experience != p->experience)
        d |= PCSV_BIT(PCSV_EXPERIENCE);
    return d & row->given;
}

/* The first of k (m, sorted by cmp_keyed: by key, then by the register's order) with this
 * key, or NULL. */
static const struct keyed *find_key(const struct keyed *k, size_t m, const char *key)
{
    size_t lo = 0, hi = m;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (strcmp(k[mid].key, key) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < m && !strcmp(k[lo].key, key) ? &k[lo] : NULL;
}

int pcsv_classify(struct pcsv_import *imp, const struct pcsv_player *reg, size_t n)
{
    struct keyed *by_fed = malloc((n ? n : 1) * sizeof *by_fed);
    struct keyed *by_name = malloc((n ? n : 1) * sizeof *by_name);
    char **keys = calloc(n ? n : 1, sizeof *keys);
    int rc = -1;
    size_t nf = 0, nn = 0;
    if (!by_fed || !by_name || !keys)
        goto out;
    for (size_t i = 0; i < n; i++) {
        if (reg[i].federation_id && *reg[i].federation_id)
            by_fed[nf++] = (struct keyed){reg[i].federation_id, i};
        if (!(keys[i] = cw_name_fold(reg[i].name ? reg[i].name : "")))
            goto out;
        by_name[nn++] = (struct keyed){keys[i], i};
    }
    qsort(by_fed, nf, sizeof *by_fed, cmp_keyed);
    qsort(by_name, nn, sizeof *by_name, cmp_keyed);
    memset(imp->count, 0, sizeof imp->count);
    for (size_t i = 0; i < imp->n_rows; i++) {
        struct pcsv_row *row = &imp->rows[i];
        row->cls = PCSV_ADD;
        row->match_id = 0;
        row->changed = 0;
        const struct keyed *f =
            *row->p.federation_id ? find_key(by_fed, nf, row->p.federation_id) : NULL;
        if (f) {
            row->match_id = reg[f->i].id;
            row->changed = differs(row, &reg[f->i]);
            row->cls = row->changed ? PCSV_UPDATE : PCSV_UNCHANGED;
        } else {
            /* the first namesake that no two federation ids tell apart */
            const struct keyed *k = find_key(by_name, nn, row->key);
            for (; k && k < by_name + nn && !strcmp(k->key, row->key); k++) {
                const char *theirs = reg[k->i].federation_id ? reg[k->i].federation_id : "";
                if (!told_apart(theirs, row->p.federation_id)) {
                    row->cls = PCSV_POSSIBLE;
                    row->match_id = reg[k->i].id;
                    break;
                }
            }
        }
        imp->count[row->cls]++;
    }
    rc = 0;
out:
    if (keys)
        for (size_t i = 0; i < n; i++)
            free(keys[i]);
    free(keys);
    free(by_fed);
    free(by_name);
    return rc;
}

/* ---- the players written ---- */

/* A rating with as few digits as read back the same (strtod), a decimal comma with `;`. */
static void format_rating(double v, char delim, char *buf, size_t len)
{
    for (int prec = 6; prec <= 17; prec++) {
        snprintf(buf, len, "%.*g", prec, v);
        if (strtod(buf, NULL) == v)
            break;
    }
    char *dot = strchr(buf, '.');
    if (dot && delim == ';')
        *dot = ',';
}

char *pcsv_export(const struct pcsv_player *players, size_t n, char delimiter, size_t *len)
{
    struct csv_writer w;
    csv_writer_init(&w, delimiter);
    for (int c = 0; c < PCSV_NCOLS; c++)
        csv_write_cell(&w, col_titles[c]);
    csv_write_end(&w);
    for (size_t i = 0; i < n; i++) {
        const struct pcsv_player *p = &players[i];
        char rating[40] = "", experience[24] = "";
        if (p->has_rating)
            format_rating(p->rating, delimiter, rating, sizeof rating);
        if (p->has_experience)
            snprintf(experience, sizeof experience, "%lld", (long long)p->experience);
        const char *cells[PCSV_NCOLS] = {p->name, p->country, p->club,  p->federation_id,
                                         rating,  experience, p->email, p->flight};
        for (int c = 0; c < PCSV_NCOLS; c++)
            csv_write_cell(&w, cells[c] ? cells[c] : "");
        csv_write_end(&w);
    }
    return csv_writer_take(&w, len);
}
