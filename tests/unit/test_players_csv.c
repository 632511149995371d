/* Unit tests of tourney/players_csv.c (issue 34): files of players shaped as spreadsheets
 * and federations' lists write them, every refusal with its line, column and reason, the
 * rows matched against the players registered, and an export read back as the same
 * players. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tourney/players_csv.h"
#include "../check_main.h"

static struct pcsv_import *read_ok(const char *data, size_t len)
{
    struct pcsv_import *imp = malloc(sizeof *imp);
    ck_assert_ptr_nonnull(imp);
    int rc = pcsv_read(data, len, 0, imp);
    ck_assert_msg(rc == 0, "refused: line %ld column %d (%s): %s", imp->errors[0].line,
                  imp->errors[0].column, imp->errors[0].field, imp->errors[0].reason);
    return imp;
}

#define READ_OK(lit) read_ok(lit, sizeof lit - 1)

static void done(struct pcsv_import *imp)
{
    pcsv_free(imp);
    free(imp);
}

/* Excel in an Italian locale, plain "CSV": Windows-1252, `;`, CRLF, decimal commas, the
 * header in Italian and in its own order, federation ids with leading zeros, accents, a
 * formatted blank row, a quoted name holding the delimiter. */
START_TEST(test_players_csv_excel_italian_semicolons)
{
    static const char file[] = "N. Tessera;Nome;Elo;Esperienza;Circolo;Paese;E-mail;Categoria\r\n"
                               "00123;Jos\xE9 M\xFCller;1612,5;250;Caf\xE9 Roma;ITA;jm@ex.it;A\r\n"
                               ";;;;;;;\r\n"
                               "0042;\"Rossi; Mario\";1500;0;;ITA;;\r\n"
                               ";Nuovo Giocatore;;;;;;\r\n";
    struct pcsv_import *imp = read_ok(file, sizeof file - 1);
    ck_assert_int_eq(imp->t.encoding, CSV_CP1252);
    ck_assert_int_eq(imp->t.delimiter, ';');
    ck_assert_uint_eq(imp->columns, 0xFF);
    ck_assert_int_eq(imp->col_of[PCSV_FEDID], 0);
    ck_assert_uint_eq(imp->n_rows, 3);
    const struct pcsv_player *p = &imp->rows[0].p;
    ck_assert_int_eq(imp->rows[0].line, 2);
    ck_assert_str_eq(p->federation_id, "00123");
    ck_assert_str_eq(p->name, "Jos\xC3\xA9 M\xC3\xBCller");
    ck_assert(p->has_rating && p->rating == 1612.5);
    ck_assert(p->has_experience && p->experience == 250);
    ck_assert_str_eq(p->club, "Caf\xC3\xA9 Roma");
    ck_assert_str_eq(p->country, "ITA");
    ck_assert_str_eq(p->email, "jm@ex.it");
    ck_assert_str_eq(p->flight, "A");
    ck_assert_int_eq(imp->rows[1].line, 4);
    ck_assert_str_eq(imp->rows[1].p.name, "Rossi; Mario");
    ck_assert_str_eq(imp->rows[1].p.federation_id, "0042");
    ck_assert_int_eq(imp->rows[2].line, 5);
    ck_assert(!imp->rows[2].p.has_rating && !imp->rows[2].p.has_experience);
    ck_assert_uint_eq(imp->rows[2].given, PCSV_BIT(PCSV_NAME));
    done(imp);
}
END_TEST

/* "CSV UTF-8" with a byte order mark, English headers written every which way, only some
 * columns, quoted commas, spaces around values, and a quoted line break in a row above
 * that moves the lines of the rows after it. */
START_TEST(test_players_csv_utf8_bom_aliases)
{
    static const char file[] = "\xEF\xBB\xBF"
                               "E-Mail , FED_ID,Player Name,FIBS Rating,NATIONALITY\r\n"
                               "a@b.org,  007 ,\"O'Brien, Pat\",1700.25,IRL\r\n"
                               "\"\",,\"Zo\xC3\xAB\nK\",,\r\n"
                               ",,Ana,,\r\n";
    struct pcsv_import *imp = malloc(sizeof *imp);
    /* the name with a line break is refused, on the line its record starts */
    ck_assert_int_eq(pcsv_read(file, sizeof file - 1, 0, imp), -1);
    ck_assert_uint_eq(imp->n_errors, 1);
    ck_assert_int_eq(imp->errors[0].line, 3);
    ck_assert_int_eq(imp->errors[0].column, 3);
    ck_assert_str_eq(imp->errors[0].field, "name");
    ck_assert_ptr_nonnull(strstr(imp->errors[0].reason, "control"));
    ck_assert_uint_eq(imp->n_rows, 0); /* a file with a bad row imports nothing */
    pcsv_free(imp);
    free(imp);
    static const char good[] = "\xEF\xBB\xBF"
                               "E-Mail , FED_ID,Player Name,FIBS Rating,NATIONALITY\r\n"
                               "a@b.org,  007 ,\"O'Brien, Pat\",1700.25,IRL\r\n"
                               "\"\",,\"Zo\xC3\xAB K\",,\r\n"
                               ",,Ana,,\r\n";
    imp = read_ok(good, sizeof good - 1);
    ck_assert_int_eq(imp->t.encoding, CSV_UTF8_BOM);
    ck_assert_uint_eq(imp->columns, PCSV_BIT(PCSV_EMAIL) | PCSV_BIT(PCSV_FEDID) |
                                        PCSV_BIT(PCSV_NAME) | PCSV_BIT(PCSV_RATING) |
                                        PCSV_BIT(PCSV_COUNTRY));
    ck_assert_uint_eq(imp->n_rows, 3);
    ck_assert_str_eq(imp->rows[0].p.federation_id, "007");
    ck_assert_str_eq(imp->rows[0].p.name, "O'Brien, Pat");
    ck_assert(imp->rows[0].p.rating == 1700.25);
    ck_assert_str_eq(imp->rows[1].p.name, "Zo\xC3\xAB K");
    ck_assert_str_eq(imp->rows[1].p.club, "");
    done(imp);
}
END_TEST

/* One refusal: the file refused, nothing imported, and the first error (of errors listed)
 * on that line and column, naming the field and saying the words. */
static void refused(const char *data, size_t len, size_t max_rows, size_t errors, long line,
                    int column, const char *field, const char *words)
{
    struct pcsv_import *imp = malloc(sizeof *imp);
    ck_assert_int_eq(pcsv_read(data, len, max_rows, imp), -1);
    ck_assert_uint_eq(imp->n_rows, 0);
    ck_assert_msg(imp->n_errors == errors, "%zu errors, not %zu: %s", imp->n_errors, errors,
                  imp->errors[0].reason);
    const struct pcsv_error *e = &imp->errors[0];
    ck_assert_msg(e->line == line && e->column == column, "line %ld column %d, not %ld and %d: %s",
                  e->line, e->column, line, column, e->reason);
    ck_assert_str_eq(e->field, field);
    ck_assert_msg(strstr(e->reason, words), "\"%s\" does not say \"%s\"", e->reason, words);
    pcsv_free(imp);
    free(imp);
}

#define REFUSED(lit, errors, line, col, field, words)                                              \
    refused(lit, sizeof lit - 1, 0, errors, line, col, field, words)

START_TEST(test_players_csv_refusals)
{
    /* not CSV at all, or not an encoding taken */
    REFUSED("\x89PNG\r\n\x1A\n\0\0\0\rIHDR", 1, 2, 0, "", "control character");
    REFUSED("\xFF\xFEn\0a\0m\0e\0\r\0\n\0", 1, 0, 0, "", "UTF-16");
    REFUSED("name\nA\x81\n", 1, 2, 0, "", "neither UTF-8 nor Windows-1252");
    REFUSED("{\"players\": [{\"name\": \"A\"}]}\n", 1, 1, 1, "{\"players\": [{\"name\": \"A\"}]}",
            "unknown column");
    REFUSED("", 1, 0, 0, "", "empty");
    REFUSED("name,note\nA,\"never closed\n", 1, 2, 2, "", "never closed");
    /* the header */
    REFUSED("name,rating,shoe size\nA,1500,44\n", 1, 1, 3, "shoe size", "unknown column");
    REFUSED("country,rating\nITA,1500\n", 1, 1, 0, "name", "no name column");
    REFUSED("Name,Elo,Rating\nA,1,2\n", 1, 1, 3, "rating", "twice");
    /* the rows: every bad line listed, in the file's order */
    REFUSED("name,rating\nA,abc\nB,1500\nC,1500.5.5\nD,-3\nE,20000\nF,\"1,5\"\n", 5, 2, 2, "rating",
            "\"abc\" is not a number");
    REFUSED("name,experience\nA,12.5\n", 1, 2, 2, "experience", "not a whole number");
    REFUSED("name,email\nA,not-an-address\n", 1, 2, 2, "email", "not an email address");
    REFUSED("name,club\nA,x,surplus\n", 1, 2, 3, "", "beyond the header");
    REFUSED("name,,club\nA,x,y\n", 1, 2, 2, "", "without a name");
    REFUSED("name,club\n,Roma\n", 1, 2, 1, "name", "no name");
    REFUSED("name\nA\xE2\x80\xAE"
            "B\n",
            1, 2, 1, "name", "bidirectional");
    /* duplicates: the same federation id, or the same name folded for case and accents */
    REFUSED("name,fed id\nJos\xC3\xA9 M\xC3\xBCller,1\nB,2\nC,1\n", 1, 4, 2, "federation_id",
            "line 2 (the same federation id)");
    REFUSED("name,fed id\nJos\xC3\xA9 M\xC3\xBCller,1\nJOSE  MULLER,\n", 1, 3, 1, "name",
            "line 2 (the same name)");
    /* a file of many bad rows: the first PCSV_ERRORS_MAX listed, all of them counted */
    char bad[2000] = "name,rating\n";
    for (int i = 0; i < 150; i++)
        strcat(bad, "A,x\n");
    struct pcsv_import *imp = malloc(sizeof *imp);
    ck_assert_int_eq(pcsv_read(bad, strlen(bad), 0, imp), -1);
    ck_assert_uint_eq(imp->n_errors, PCSV_ERRORS_MAX);
    ck_assert_uint_eq(imp->n_errors_total, 150);
    ck_assert_int_eq(imp->errors[PCSV_ERRORS_MAX - 1].line, PCSV_ERRORS_MAX + 1);
    pcsv_free(imp);
    free(imp);
    /* a text too long */
    char big[300] = "name\n";
    memset(big + 5, 'x', 101);
    strcpy(big + 106, "\n");
    refused(big, strlen(big), 0, 1, 2, 1, "name", "longer than 100");
    /* more rows than allowed (the setting; 5,000 by default) */
    refused("name\nA\nB\nC\nD\n", 13, 3, 1, 5, 0, "", "more than 3 rows");
    static char many[PCSV_ROWS_DEFAULT * 8 + 64];
    size_t n = (size_t)sprintf(many, "name\n");
    for (int i = 0; i <= PCSV_ROWS_DEFAULT; i++)
        n += (size_t)sprintf(many + n, "P%d\n", i);
    refused(many, n, 0, 1, PCSV_ROWS_DEFAULT + 2, 0, "", "more than 5000 rows");
}
END_TEST

/* What passes beside the refusals: namesakes told apart by their federation ids, the
 * 5,000 rows the default allows, a rating of 0 and of 10000. */
START_TEST(test_players_csv_accepted_neighbours)
{
    struct pcsv_import *imp =
        READ_OK("name,fed id,rating\nJohn Smith,11,0\nJohn Smith,12,10000\nJo Smith,,9.5\n");
    ck_assert_uint_eq(imp->n_rows, 3);
    done(imp);
    static char many[PCSV_ROWS_DEFAULT * 8 + 64];
    size_t n = (size_t)sprintf(many, "name\n");
    for (int i = 0; i < PCSV_ROWS_DEFAULT; i++)
        n += (size_t)sprintf(many + n, "P%d\n", i);
    imp = read_ok(many, n);
    ck_assert_uint_eq(imp->n_rows, PCSV_ROWS_DEFAULT);
    done(imp);
}
END_TEST

#define P(id, name, fed, rating)                                                                   \
    {                                                                                              \
        id, name, "", "", fed, "", "", 1, rating, 0, 0                                             \
    }

/* The rows against the register: the same federation id is an update (of the values the
 * row gives: an empty cell keeps the registered value) or no change; the same folded name
 * without two federation ids that tell them apart is perhaps the same person; anything else
 * is added. */
START_TEST(test_players_csv_classify)
{
    const struct pcsv_player reg[] = {
        P(10, "Jos\xC3\xA9 M\xC3\xBCller", "00123", 1600),
        P(11, "Anna Rossi", "", 1500),
        P(12, "John Smith", "77", 1550),
        P(13, "Same Person", "99", 1700),
        P(14, "Kept Values", "55", 1650),
        P(15, "Luca Verdi", "", 1500),
    };
    struct pcsv_import *imp = READ_OK("name,federation id,rating,club\n"
                                      "Jos\xC3\xA9 M\xC3\xBCller,00123,1610,Roma\n"
                                      "ANNA ROSSI,,1500,\n"
                                      "John Smith,78,,\n"
                                      "Same Person,99,1700,\n"
                                      "Kept Values,55,,\n"
                                      "New Player,,,\n"
                                      "LUCA VERDI,500,,\n"
                                      "Anna Rossi-Bianchi,123,,\n");
    ck_assert_int_eq(pcsv_classify(imp, reg, sizeof reg / sizeof *reg), 0);
    static const struct {
        enum pcsv_class cls;
        int64_t id;
        unsigned changed;
    } want[] = {
        {PCSV_UPDATE, 10, PCSV_BIT(PCSV_RATING) | PCSV_BIT(PCSV_CLUB)},
        {PCSV_POSSIBLE, 11, 0},
        {PCSV_ADD, 0, 0}, /* a namesake whose federation id is another's */
        {PCSV_UNCHANGED, 13, 0},
        {PCSV_UNCHANGED, 14, 0},
        {PCSV_ADD, 0, 0},
        {PCSV_POSSIBLE, 15, 0}, /* registered without a federation id */
        {PCSV_ADD, 0, 0},
    };
    ck_assert_uint_eq(imp->n_rows, 8);
    for (size_t i = 0; i < 8; i++) {
        const struct pcsv_row *r = &imp->rows[i];
        ck_assert_msg(
            r->cls == want[i].cls && r->match_id == want[i].id && r->changed == want[i].changed,
            "row %zu: class %d of %lld, changed %x", i, r->cls, (long long)r->match_id, r->changed);
    }
    ck_assert_uint_eq(imp->count[PCSV_ADD], 3);
    ck_assert_uint_eq(imp->count[PCSV_UPDATE], 1);
    ck_assert_uint_eq(imp->count[PCSV_UNCHANGED], 2);
    ck_assert_uint_eq(imp->count[PCSV_POSSIBLE], 2);
    done(imp);
}
END_TEST

/* The players a spreadsheet could trip over: names that read as formulas, quotes, both
 * delimiters, accents, leading zeros, ratings of many digits, values missing. */
static const struct pcsv_player awkward[] = {
    {1, "=HYPERLINK(\"http://evil\",\"x\")", "ITA", "Club; \"Il Bar\"", "00123", "a@b.it", "A", 1,
     1522.360679774998, 1, 350},
    {2, "-Ann", "", "", "", "", "", 1, 1500, 0, 0},
    {3, "@home, Smith", "FRA", "+33", "0007", "", "Open", 0, 0, 1, 0},
    {4, "'quoted' Jos\xC3\xA9 M\xC3\xBCller", "DEU", "'=x", "+39", "", "", 1, 0.1, 0, 0},
    {5, "Zo\xC3\xAB", "", "", "", "", "B", 1, 10000, 1, 1000000},
};

/* The export: a byte order mark, the header, CRLF, a formula kept from running. */
START_TEST(test_players_csv_export_bytes)
{
    size_t len;
    char *out = pcsv_export(awkward + 1, 1, ';', &len);
    ck_assert_str_eq(out, "\xEF\xBB\xBF"
                          "Name;Country;Club;Federation ID;Rating;Experience;Email;Flight\r\n"
                          "'-Ann;;;;1500;;;\r\n");
    free(out);
    out = pcsv_export(awkward, 1, ',', &len);
    ck_assert_ptr_nonnull(strstr(out, "\r\n\"'=HYPERLINK(\"\"http://evil\"\",\"\"x\"\")\",ITA,"
                                      "\"Club; \"\"Il Bar\"\"\",00123,1522.360679774998,350,"));
    free(out);
    out = pcsv_export(awkward, 1, ';', &len);
    ck_assert_ptr_nonnull(strstr(out, ";00123;1522,360679774998;350;"));
    free(out);
}
END_TEST

/* An export opened back by the import gives the same players, with either delimiter, and
 * against the register it came from every row is unchanged. */
START_TEST(test_players_csv_export_import_round_trip)
{
    size_t n = sizeof awkward / sizeof *awkward;
    for (int d = 0; d < 2; d++) {
        size_t len;
        char *out = pcsv_export(awkward, n, d ? ';' : ',', &len);
        struct pcsv_import *imp = read_ok(out, len);
        ck_assert_uint_eq(imp->n_rows, n);
        ck_assert_uint_eq(imp->columns, 0xFF);
        for (size_t i = 0; i < n; i++) {
            const struct pcsv_player *a = &awkward[i], *b = &imp->rows[i].p;
            ck_assert_str_eq(b->name, a->name);
            ck_assert_str_eq(b->country, a->country);
            ck_assert_str_eq(b->club, a->club);
            ck_assert_str_eq(b->federation_id, a->federation_id);
            ck_assert_str_eq(b->email, a->email);
            ck_assert_str_eq(b->flight, a->flight);
            ck_assert_int_eq(b->has_rating, a->has_rating);
            ck_assert_msg(!a->has_rating || b->rating == a->rating, "%.17g", b->rating);
            ck_assert_int_eq(b->has_experience, a->has_experience);
            ck_assert_int_eq(b->experience, a->experience);
        }
        ck_assert_int_eq(pcsv_classify(imp, awkward, n), 0);
        /* the rows without a federation id are found by name: perhaps the same */
        ck_assert_uint_eq(imp->count[PCSV_UNCHANGED], 3);
        ck_assert_uint_eq(imp->count[PCSV_POSSIBLE], 2);
        ck_assert_uint_eq(imp->count[PCSV_ADD] + imp->count[PCSV_UPDATE], 0);
        done(imp);
        free(out);
    }
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("players_csv");
    TCase *tc = tcase_create("players_csv");
    tcase_add_test(tc, test_players_csv_excel_italian_semicolons);
    tcase_add_test(tc, test_players_csv_utf8_bom_aliases);
    tcase_add_test(tc, test_players_csv_refusals);
    tcase_add_test(tc, test_players_csv_accepted_neighbours);
    tcase_add_test(tc, test_players_csv_classify);
    tcase_add_test(tc, test_players_csv_export_bytes);
    tcase_add_test(tc, test_players_csv_export_import_round_trip);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
