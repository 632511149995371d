/* HTTP tests of the players' and results' lists in and out (issue 34): a CSV import as
 * spreadsheets write files (a byte order mark, CRLF, `;`, quoted line breaks, accents,
 * Windows-1252), previewed then imported all or nothing, possible duplicates merged on the
 * TD's word, every refusal naming its line, column and reason and changing nothing; the
 * exports (email only in the TD's own players list), an export imported back giving the
 * same players; and the ratings (RAT-1) after results and after a correction. */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/harness.h"
#include "../check_main.h"

/* POST of a file as the TD (the console's drop: the file's bytes, text/csv). */
static void csv_post(const char *path, const char *body, struct res *r)
{
    char cookie[200];
    snprintf(cookie, sizeof cookie, "Cookie: %s", S.cookie);
    const char *h[] = {cookie, "X-Crawford: 1", "Content-Type: text/csv", NULL};
    req(&S, "POST", path, body, h, r);
}

static void import_path(long long tid, const char *query, char *out, size_t len)
{
    snprintf(out, len, "/api/v1/tournaments/%lld/players/import%s", tid, query);
}

static long long players_count(long long tid)
{
    char path[96];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/players", tid);
    struct res r;
    req(&S, "GET", path, NULL, NULL, &r);
    long long n = (long long)json_array_size(json_object_get(r.json, "players"));
    res_free(&r);
    return n;
}

/* The player of that name in the list (a new reference), or NULL. */
static json_t *player_named(long long tid, const char *name)
{
    char path[96];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/players", tid);
    struct res r;
    req(&S, "GET", path, NULL, NULL, &r);
    json_t *ps = json_object_get(r.json, "players"), *found = NULL;
    for (size_t i = 0; i < json_array_size(ps); i++)
        if (!strcmp(json_string_value(json_object_get(json_array_get(ps, i), "name")), name))
            found = json_incref(json_array_get(ps, i));
    res_free(&r);
    return found;
}

/* A file as LibreOffice writes it in an Italian locale: a byte order mark, `;`, CRLF, a
 * decimal comma, a quoted club with a `;`, accents, a federation id with leading zeros,
 * columns in their own order and names. First with a quoted line break in a club (no
 * register's field holds one) and a rating that is no number further down: both refused on
 * the lines a spreadsheet shows them (the line break counted), nothing registered. Then the
 * file put right: the preview names the encoding and the delimiter and changes nothing;
 * the import registers them as the file says. */
START_TEST(test_import_real_world_file)
{
    long long tid = make_tournament(&S, "Import");
    const char *bad = "\xEF\xBB\xBF"
                      "Nome;Federation ID;Rating;Club;Country;E-mail\r\n"
                      "Jos\xC3\xA9 P\xC3\xA9rez;00123;1612,5;\"BG Madrid\r\nCentro\";ESP;\r\n"
                      "Ann;;1500;;;\r\n"
                      "Bob;;forte;;;\r\n";
    struct res r;
    char bpath[160];
    import_path(tid, "?preview=1", bpath, sizeof bpath);
    csv_post(bpath, bad, &r);
    assert_refused(&r, 422, "club", "a quoted line break in a club");
    json_t *errs = json_object_get(r.json, "errors");
    ck_assert_int_eq(json_array_size(errs), 2);
    ck_assert_int_eq(json_integer_value(json_object_get(json_array_get(errs, 0), "line")), 2);
    ck_assert_int_eq(json_integer_value(json_object_get(json_array_get(errs, 0), "column")), 4);
    ck_assert_int_eq(json_integer_value(json_object_get(json_array_get(errs, 1), "line")), 5);
    ck_assert_str_eq(json_string_value(json_object_get(json_array_get(errs, 1), "field")),
                     "rating");
    res_free(&r);
    const char *file = "\xEF\xBB\xBF"
                       "Nome;Federation ID;Rating;Club;Country;E-mail\r\n"
                       "Jos\xC3\xA9 P\xC3\xA9rez;00123;1612,5;\"BG Madrid; Centro\";ESP;"
                       "jose@example.org\r\n"
                       "Fran\xC3\xA7oise M\xC3\xBCller;00777;1540;;FRA;\r\n"
                       "\r\n"
                       "\"Zo\xC3\xAB \"\"Z\"\" Smith\";;;;GBR;\r\n";
    char path[160];
    import_path(tid, "?preview=1", path, sizeof path);
    csv_post(path, file, &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    ck_assert_str_eq(jstr(&r, "encoding"), "UTF-8 with BOM");
    ck_assert_str_eq(jstr(&r, "delimiter"), ";");
    ck_assert_int_eq(jint(&r, "add"), 3);
    ck_assert_int_eq(jint(&r, "rows"), 3);
    json_t *rows = json_object_get(r.json, "players");
    ck_assert_int_eq(json_integer_value(json_object_get(json_array_get(rows, 2), "line")), 5);
    ck_assert_ptr_null(strstr(r.body, "jose@example.org")); /* no email in a preview */
    res_free(&r);
    ck_assert_int_eq(players_count(tid), 0);

    import_path(tid, "", path, sizeof path);
    csv_post(path, file, &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    ck_assert_int_eq(jint(&r, "added"), 3);
    res_free(&r);
    json_t *p = player_named(tid, "Jos\xC3\xA9 P\xC3\xA9rez");
    ck_assert_ptr_nonnull(p);
    ck_assert_str_eq(json_string_value(json_object_get(p, "federation_id")), "00123");
    ck_assert_str_eq(json_string_value(json_object_get(p, "club")), "BG Madrid; Centro");
    ck_assert(fabs(json_number_value(json_object_get(p, "rating")) - 1612.5) < 1e-9);
    ck_assert_ptr_null(json_object_get(p, "email")); /* never in the public list */
    json_decref(p);
    p = player_named(tid, "Zo\xC3\xAB \"Z\" Smith");
    ck_assert_ptr_nonnull(p);
    json_decref(p);
    ck_assert_int_eq(players_count(tid), 3);
}
END_TEST

/* Excel's plain "CSV" on Windows: Windows-1252, commas, no byte order mark. */
START_TEST(test_import_windows_1252)
{
    long long tid = make_tournament(&S, "Cp1252");
    char path[160];
    import_path(tid, "", path, sizeof path);
    struct res r;
    csv_post(path, "name,country\r\nJ\xFCrgen K\xF6nig,GER\r\n", &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    ck_assert_str_eq(jstr(&r, "encoding"), "Windows-1252");
    res_free(&r);
    json_t *p = player_named(tid, "J\xC3\xBCrgen K\xC3\xB6nig");
    ck_assert_ptr_nonnull(p);
    json_decref(p);
}
END_TEST

/* A row like a registered player (the same name, case and accents folded, no federation
 * id to tell them apart) waits for the TD's word: without it the import is refused (409
 * naming the line) and changes nothing; "same" merges the row into the registered player,
 * "other" registers someone new. A row with a registered federation id updates that
 * player. */
START_TEST(test_import_possible_duplicates_merged)
{
    long long tid = make_tournament(&S, "Merge");
    char path[160], ppath[96];
    snprintf(ppath, sizeof ppath, "/api/v1/tournaments/%lld/players", tid);
    struct res r;
    td(&S, "POST", ppath, "{\"name\": \"Jos\xC3\xA9 P\xC3\xA9rez\", \"country\": \"ESP\"}", &r);
    ck_assert_int_eq(r.status, 201);
    long long jose = jint(&r, "id");
    res_free(&r);
    td(&S, "POST", ppath, "{\"name\": \"Ann Lee\", \"federation_id\": \"A-1\", \"rating\": 1500}",
       &r);
    ck_assert_int_eq(r.status, 201);
    res_free(&r);
    const char *file = "name,federation_id,rating,experience\n"
                       "JOSE PEREZ,E-9,1650,420\n"
                       "Ann Lee,A-1,1580,\n"
                       "Bo Chen,,,\n";
    import_path(tid, "?preview=1", path, sizeof path);
    csv_post(path, file, &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    ck_assert_int_eq(jint(&r, "possible"), 1);
    ck_assert_int_eq(jint(&r, "update"), 1);
    ck_assert_int_eq(jint(&r, "add"), 1);
    json_t *row = json_array_get(json_object_get(r.json, "players"), 0);
    ck_assert_str_eq(json_string_value(json_object_get(row, "action")), "possible");
    ck_assert_int_eq(json_integer_value(json_object_get(row, "player_id")), jose);
    res_free(&r);

    import_path(tid, "", path, sizeof path);
    csv_post(path, file, &r);
    ck_assert_msg(r.status == 409, "%s", r.body);
    ck_assert_str_eq(jstr(&r, "type"), "/problems/import-undecided");
    ck_assert_int_eq(json_integer_value(json_array_get(json_object_get(r.json, "lines"), 0)), 2);
    res_free(&r);
    ck_assert_int_eq(players_count(tid), 2);

    import_path(tid, "?same=2", path, sizeof path);
    csv_post(path, file, &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    ck_assert_int_eq(jint(&r, "merged"), 1);
    ck_assert_int_eq(jint(&r, "updated"), 1);
    ck_assert_int_eq(jint(&r, "added"), 1);
    res_free(&r);
    ck_assert_int_eq(players_count(tid), 3);
    json_t *p = player_named(tid, "JOSE PEREZ");
    ck_assert_ptr_nonnull(p);
    ck_assert_int_eq(json_integer_value(json_object_get(p, "id")), jose);
    ck_assert_str_eq(json_string_value(json_object_get(p, "federation_id")), "E-9");
    ck_assert_int_eq(json_integer_value(json_object_get(p, "experience")), 420);
    json_decref(p);
    p = player_named(tid, "Ann Lee");
    ck_assert(json_number_value(json_object_get(p, "rating")) == 1580);
    json_decref(p);
}
END_TEST

/* One refused file: a 422 problem+json whose first error names the line, the column's
 * field (when there is one) and a reason; and not one player registered. */
static void refused(long long tid, const char *file, long line, const char *field, const char *what)
{
    char path[160];
    import_path(tid, "", path, sizeof path);
    struct res r;
    csv_post(path, file, &r);
    assert_refused(&r, 422, field, what);
    json_t *e = json_array_get(json_object_get(r.json, "errors"), 0);
    ck_assert_msg(e, "%s: no errors listed: %s", what, r.body);
    ck_assert_msg(json_integer_value(json_object_get(e, "line")) == line, "%s: line: %s", what,
                  r.body);
    ck_assert_msg(strlen(json_string_value(json_object_get(e, "reason"))) > 0, "%s", what);
    res_free(&r);
    ck_assert_int_eq(players_count(tid), 0);
}

/* Every refusal of a file: neither UTF-8 nor Windows-1252, a column nobody knows, no name
 * column, two rows of one player, a rating that is no number, more rows than the setting
 * allows, and no CSV at all; each names its line and column, and nothing changes. */
START_TEST(test_import_refusals)
{
    long long tid = make_tournament(&S, "Refusals");
    refused(tid, "name,country\nAnn,\x81\x8D\n", 2, NULL, "a byte Windows-1252 leaves undefined");
    refused(tid, "name,handicap\nAnn,3\n", 1, "handicap", "an unknown column");
    refused(tid, "country,rating\nITA,1500\n", 1, NULL, "no name column");
    refused(tid, "name,federation_id\nAnn,7\nBob,8\nAnnie,7\n", 4, "federation_id",
            "a federation id twice");
    refused(tid, "name,rating\nAnn,1500\nBob,strong\n", 3, "rating", "a rating not a number");
    refused(tid, "\x01\x02\x03\x04PK\x05\x06", 1, NULL, "no CSV at all (a binary file)");
    char path[96];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/ratings/settings", tid);
    struct res r;
    td(&S, "PATCH", path, "{\"import_max_rows\": 2}", &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    res_free(&r);
    refused(tid, "name\nA\nB\nC\n", 4, NULL, "more rows than the setting allows");
    td(&S, "PATCH", path, "{\"import_max_rows\": 0}", &r);
    assert_refused(&r, 422, "import_max_rows", "a limit of 0 rows");
    res_free(&r);
}
END_TEST

/* Exports: players (with email: the TD's own list, refused to anyone else), results with
 * how each match ended, standings and ratings (no email), a byte order mark and a header;
 * the players' export with `;` imported into another tournament gives the same players,
 * a name a spreadsheet would run as a formula included. */
START_TEST(test_export_import_round_trip)
{
    long long tid = make_tournament(&S, "Export");
    char ppath[96], path[160];
    snprintf(ppath, sizeof ppath, "/api/v1/tournaments/%lld/players", tid);
    struct res r;
    const char *bodies[] = {
        "{\"name\": \"=HYPERLINK(1)\", \"country\": \"ITA\", \"federation_id\": \"007\", "
        "\"rating\": 1623.25, \"experience\": 350, \"email\": \"a@example.org\", \"club\": "
        "\"BG, Roma\", \"flight\": \"A\"}",
        "{\"name\": \"Fran\xC3\xA7oise \\\"F\\\" M\xC3\xBCller\", \"country\": \"FRA\"}",
        "{\"name\": \"-Minus\", \"club\": \"BG \\\"Roma\\\"\"}",
    };
    long long ids[3];
    for (int i = 0; i < 3; i++) {
        td(&S, "POST", ppath, bodies[i], &r);
        ck_assert_msg(r.status == 201, "%s", r.body);
        ids[i] = jint(&r, "id");
        res_free(&r);
    }
    long long m = make_match(&S, tid, ids[0], ids[1], 5);
    match_op(&S, tid, m, "POST", "verify", "{\"score\": {\"a\": 5, \"b\": 2}}", &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    res_free(&r);

    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/export/players.csv?sep=;", tid);
    req(&S, "GET", path, NULL, NULL, &r);
    ck_assert_msg(r.status == 401 || r.status == 403, "anyone reads emails: %ld", r.status);
    res_free(&r);
    td(&S, "GET", path, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    ck_assert(r.len > 3 && !memcmp(r.body, "\xEF\xBB\xBF", 3));
    ck_assert_ptr_nonnull(strstr(r.body, "a@example.org"));
    ck_assert_ptr_nonnull(strstr(r.body, "'=HYPERLINK(1)"));
    char *players = strndup(r.body, r.len);
    res_free(&r);

    const char *lists[] = {"results", "standings", "ratings"};
    for (int i = 0; i < 3; i++) {
        snprintf(path, sizeof path, "/api/v1/tournaments/%lld/export/%s.csv", tid, lists[i]);
        req(&S, "GET", path, NULL, NULL, &r);
        ck_assert_msg(r.status == 200, "%s: %s", lists[i], r.body);
        ck_assert(!memcmp(r.body, "\xEF\xBB\xBF", 3));
        ck_assert_msg(!strstr(r.body, "a@example.org"), "%s shows an email", lists[i]);
        if (i == 0)
            ck_assert_ptr_nonnull(strstr(r.body, ",played,"));
        res_free(&r);
    }
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/export/results.csv?sep=|", tid);
    req(&S, "GET", path, NULL, NULL, &r);
    assert_refused(&r, 422, "sep", "a delimiter other than , and ;");
    res_free(&r);

    long long t2 = make_tournament(&S, "Export again");
    import_path(t2, "", path, sizeof path);
    csv_post(path, players, &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    ck_assert_int_eq(jint(&r, "added"), 3);
    res_free(&r);
    free(players);
    const char *keys[] = {"name",       "country", "federation_id", "rating",
                          "experience", "club",    "flight"};
    for (int i = 0; i < 3; i++) {
        char one[128];
        snprintf(one, sizeof one, "%s/%lld", ppath, ids[i]);
        req(&S, "GET", one, NULL, NULL, &r);
        json_t *q = player_named(t2, jstr(&r, "name"));
        ck_assert_msg(q, "%s not imported back", jstr(&r, "name"));
        for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++)
            ck_assert_msg(json_equal(json_object_get(r.json, keys[k]), json_object_get(q, keys[k])),
                          "%s differs for %s", keys[k], jstr(&r, "name"));
        json_decref(q);
        res_free(&r);
    }
}
END_TEST

/* The rating of player pid now, as GET .../ratings answers it. */
static double rating_of(long long tid, long long pid, json_t **match_list)
{
    char path[96];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/ratings", tid);
    struct res r;
    req(&S, "GET", path, NULL, NULL, &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    double x = -1;
    json_t *ps = json_object_get(r.json, "players");
    for (size_t i = 0; i < json_array_size(ps); i++)
        if (json_integer_value(json_object_get(json_array_get(ps, i), "player_id")) == pid)
            x = json_number_value(json_object_get(json_array_get(ps, i), "rating"));
    if (match_list)
        *match_list = json_incref(json_object_get(r.json, "matches"));
    res_free(&r);
    return x;
}

/* RAT-1 live: a 100-point favourite (K 5, no experience) who wins a 7-point match gains
 * 4 x 5 x sqrt(7) x 0.424 (the underdog's chance, 1 - 0.576) and the underdog loses as
 * much; a second match follows from those ratings; the first match corrected (the underdog
 * won after all) keeps its place first, and the second is computed again from the new
 * ratings: the same as a fresh computation over the final results. A forfeit changes no
 * rating (excluded by default). */
START_TEST(test_RAT1_ratings_after_results_and_correction)
{
    long long tid = make_tournament(&S, "Ratings");
    char ppath[96];
    snprintf(ppath, sizeof ppath, "/api/v1/tournaments/%lld/players", tid);
    struct res r;
    const char *bodies[] = {"{\"name\": \"Fav\", \"rating\": 1600}",
                            "{\"name\": \"Dog\", \"rating\": 1500}",
                            "{\"name\": \"Third\", \"rating\": 1550}"};
    long long p[3];
    for (int i = 0; i < 3; i++) {
        td(&S, "POST", ppath, bodies[i], &r);
        ck_assert_int_eq(r.status, 201);
        p[i] = jint(&r, "id");
        res_free(&r);
    }
    long long m1 = make_match(&S, tid, p[0], p[1], 7);
    match_op(&S, tid, m1, "POST", "verify", "{\"score\": {\"a\": 7, \"b\": 3}}", &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    res_free(&r);
    double pu = 1.0 / (pow(10.0, 100.0 * sqrt(7.0) / 2000.0) + 1.0);
    ck_assert(fabs((1 - pu) - 0.576) < 0.0005);
    double g1 = 4 * 5 * sqrt(7.0) * pu;
    ck_assert(fabs(rating_of(tid, p[0], NULL) - (1600 + g1)) < 0.006);
    ck_assert(fabs(rating_of(tid, p[1], NULL) - (1500 - g1)) < 0.006);

    long long m2 = make_match(&S, tid, p[1], p[2], 5);
    match_op(&S, tid, m2, "POST", "verify", "{\"score\": {\"a\": 5, \"b\": 1}}", &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    res_free(&r);
    long long m3 = make_match(&S, tid, p[0], p[2], 3);
    match_op(&S, tid, m3, "POST", "forfeit", "{\"winner\": \"a\", \"reason\": \"absent\"}", &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    res_free(&r);

    /* the correction: Dog won the first match 7-5 */
    match_op(&S, tid, m1, "POST", "correct",
             "{\"score\": {\"a\": 5, \"b\": 7}, \"reason\": "
             "\"scoresheet\"}",
             &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    res_free(&r);
    double fav = 1600, dog = 1500, third = 1550;
    /* m1: the underdog won: P = 1 - P_u */
    double d1 = 4 * 5 * sqrt(7.0) * (1 - pu);
    fav -= d1;
    dog += d1;
    /* m2: Dog (the new rating, 7 points of experience: K = 5 - 7/100) against Third, Dog
     * won, to 5 */
    double pu2 = 1.0 / (pow(10.0, fabs(dog - third) * sqrt(5.0) / 2000.0) + 1.0);
    double p2 = dog >= third ? pu2 : 1 - pu2; /* the winner's chance of losing */
    dog += 4 * (5 - 0.07) * sqrt(5.0) * p2;
    third -= 4 * 5 * sqrt(5.0) * p2;
    json_t *ms = NULL;
    double got = rating_of(tid, p[0], &ms);
    ck_assert_msg(fabs(got - fav) < 0.006, "fav %f, expected %f", got, fav);
    ck_assert(fabs(rating_of(tid, p[1], NULL) - dog) < 0.006);
    ck_assert(fabs(rating_of(tid, p[2], NULL) - third) < 0.006);
    /* the corrected match kept its place first; the forfeit is there, not rated */
    ck_assert_int_eq(json_integer_value(json_object_get(json_array_get(ms, 0), "match_id")), m1);
    ck_assert_int_eq(json_integer_value(json_object_get(json_array_get(ms, 1), "match_id")), m2);
    ck_assert_int_eq(json_array_size(ms), 3);
    ck_assert_int_eq(json_integer_value(json_object_get(json_array_get(ms, 2), "match_id")), m3);
    ck_assert(json_is_false(json_object_get(json_array_get(ms, 2), "rated")));
    json_decref(ms);
}
END_TEST

/* RAT-1, proved over the API: in one tournament, random results with random corrections
 * among them (a correction keeps its match's place); in another, the same players and each
 * match decided once with its final result, in the same order. Every rating is the same. */
START_TEST(test_RAT1_corrections_equal_fresh_computation)
{
    enum { NP = 6, NM = 14 };
    long long tid[2], p[2][NP], m[2][NM];
    int a[NM], b[NM], len[NM], final_w[NM];
    unsigned seed = 34;
    for (int t = 0; t < 2; t++) {
        tid[t] = make_tournament(&S, t ? "Fresh" : "Corrected");
        char ppath[96], body[128];
        snprintf(ppath, sizeof ppath, "/api/v1/tournaments/%lld/players", tid[t]);
        for (int i = 0; i < NP; i++) {
            struct res r;
            snprintf(body, sizeof body, "{\"name\": \"P%d\", \"rating\": %d, \"experience\": %d}",
                     i, 1400 + 37 * i, 60 * i);
            td(&S, "POST", ppath, body, &r);
            ck_assert_int_eq(r.status, 201);
            p[t][i] = jint(&r, "id");
            res_free(&r);
        }
    }
    for (int k = 0; k < NM; k++) {
        a[k] = (int)(rand_r(&seed) % NP);
        b[k] = (a[k] + 1 + (int)(rand_r(&seed) % (NP - 1))) % NP;
        len[k] = 3 + 2 * (int)(rand_r(&seed) % 4);
        for (int t = 0; t < 2; t++)
            m[t][k] = make_match(&S, tid[t], p[t][a[k]], p[t][b[k]], len[k]);
    }
    /* the corrected tournament: each match decided, and now and then an earlier one
     * corrected to the other winner */
    int w[NM];
    for (int k = 0; k < NM; k++) {
        struct res r;
        char body[96];
        w[k] = (int)(rand_r(&seed) % 2);
        snprintf(body, sizeof body, "{\"score\": {\"a\": %d, \"b\": %d}}", w[k] ? 1 : len[k],
                 w[k] ? len[k] : 1);
        match_op(&S, tid[0], m[0][k], "POST", "verify", body, &r);
        ck_assert_msg(r.status == 200, "%s", r.body);
        res_free(&r);
        if (k > 0 && rand_r(&seed) % 3 == 0) {
            int j = (int)(rand_r(&seed) % (unsigned)k);
            w[j] = 1 - w[j];
            snprintf(body, sizeof body,
                     "{\"score\": {\"a\": %d, \"b\": %d}, \"reason\": \"sheet\"}",
                     w[j] ? 0 : len[j], w[j] ? len[j] : 0);
            match_op(&S, tid[0], m[0][j], "POST", "correct", body, &r);
            ck_assert_msg(r.status == 200, "%s", r.body);
            res_free(&r);
        }
    }
    for (int k = 0; k < NM; k++) {
        struct res r;
        char body[96];
        final_w[k] = w[k];
        snprintf(body, sizeof body, "{\"score\": {\"a\": %d, \"b\": %d}}", final_w[k] ? 0 : len[k],
                 final_w[k] ? len[k] : 0);
        match_op(&S, tid[1], m[1][k], "POST", "verify", body, &r);
        ck_assert_msg(r.status == 200, "%s", r.body);
        res_free(&r);
    }
    for (int i = 0; i < NP; i++) {
        double x = rating_of(tid[0], p[0][i], NULL), y = rating_of(tid[1], p[1][i], NULL);
        ck_assert_msg(fabs(x - y) < 1e-9, "P%d: %f after corrections, %f fresh", i, x, y);
    }
}
END_TEST

/* RAT-1 with KO-10: a knockout's final decided, then a first-round match corrected with its
 * cascade: the final, undone, leaves the ratings (its changes gone, the players' ratings
 * as after the first round alone); decided again, it takes a new place, after a match
 * decided meanwhile. */
START_TEST(test_RAT1_undone_match_leaves_the_ratings)
{
    long long tid = make_tournament(&S, "Undone");
    long long pid[4];
    make_players(&S, tid, 4, pid, NULL);
    long long eid = make_competition(
        &S, tid,
        "{\"kind\": \"knockout\", \"name\": \"Main\", \"knockout\": {\"lengths\": [3, 7]}}");
    enter_players(&S, tid, eid, 4, pid);
    char path[160];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/competitions/%lld/knockout/draw", tid,
             eid);
    struct res r;
    td(&S, "POST", path, "{\"seed\": \"10\"}", &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    json_t *rounds = json_object_get(r.json, "rounds");
    long long r1[2], fin;
    for (int i = 0; i < 2; i++)
        r1[i] = json_integer_value(json_object_get(
            json_array_get(json_object_get(json_array_get(rounds, 0), "matches"), (size_t)i),
            "match_id"));
    fin = json_integer_value(json_object_get(
        json_array_get(json_object_get(json_array_get(rounds, 1), "matches"), 0), "match_id"));
    res_free(&r);
    for (int i = 0; i < 2; i++) {
        match_op(&S, tid, r1[i], "POST", "verify", "{\"score\": {\"a\": 3, \"b\": 0}}", &r);
        ck_assert_msg(r.status == 200, "%s", r.body);
        res_free(&r);
    }
    json_t *ms;
    rating_of(tid, pid[0], &ms);
    ck_assert_int_eq(json_array_size(ms), 2);
    json_decref(ms);
    match_op(&S, tid, fin, "POST", "verify", "{\"score\": {\"a\": 7, \"b\": 0}}", &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    res_free(&r);
    rating_of(tid, pid[0], &ms);
    ck_assert_int_eq(json_array_size(ms), 3);
    json_decref(ms);
    match_op(&S, tid, r1[0], "POST", "correct",
             "{\"score\": {\"a\": 0, \"b\": 3}, \"reason\": \"sheet\", \"confirm_cascade\": true}",
             &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    res_free(&r);
    rating_of(tid, pid[0], &ms);
    ck_assert_int_eq(json_array_size(ms), 2); /* the final, undone, is no rated match */
    for (size_t i = 0; i < 2; i++)
        ck_assert(json_integer_value(json_object_get(json_array_get(ms, i), "match_id")) != fin);
    json_decref(ms);
    /* a friendly decided meanwhile: the final, decided after it, comes after it */
    long long friendly = make_match(&S, tid, pid[0], pid[3], 5);
    match_op(&S, tid, friendly, "POST", "verify", "{\"score\": {\"a\": 5, \"b\": 1}}", &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    res_free(&r);
    match_op(&S, tid, fin, "POST", "verify", "{\"score\": {\"a\": 7, \"b\": 1}}", &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    res_free(&r);
    rating_of(tid, pid[0], &ms);
    ck_assert_int_eq(json_array_size(ms), 4);
    ck_assert_int_eq(json_integer_value(json_object_get(json_array_get(ms, 2), "match_id")),
                     friendly);
    json_t *last = json_array_get(ms, 3);
    ck_assert_int_eq(json_integer_value(json_object_get(last, "match_id")), fin);
    ck_assert(json_integer_value(json_object_get(last, "order")) >
              json_integer_value(json_object_get(json_array_get(ms, 2), "order")));
    json_decref(ms);
}
END_TEST

/* The player on the top line of a seeded knockout's bracket (seed 1), drawn now. */
static long long seed_one(long long tid, const long long *pid, const char *name)
{
    char body[160];
    snprintf(body, sizeof body,
             "{\"kind\": \"knockout\", \"name\": \"%s\", \"knockout\": {\"lengths\": [3, 3], "
             "\"seeded\": true}}",
             name);
    long long eid = make_competition(&S, tid, body);
    enter_players(&S, tid, eid, 4, pid);
    char path[160];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/competitions/%lld/knockout/draw", tid,
             eid);
    struct res r;
    td(&S, "POST", path, "{\"seed\": \"7\"}", &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    json_t *m = json_array_get(
        json_object_get(json_array_get(json_object_get(r.json, "rounds"), 0), "matches"), 0);
    json_t *side = json_array_get(json_object_get(m, "sides"), 0);
    long long id = json_integer_value(json_object_get(side, "player_id"));
    ck_assert_msg(id, "no player on the top line: %s", r.body);
    res_free(&r);
    return id;
}

/* RAT-1 and KO-2: the seeded draw reads the rating at entry by default, and the live one
 * when the tournament says so: a player rated below another at entry who beat them in a
 * long match is seed 1 live. */
START_TEST(test_RAT1_seeding_at_entry_or_live)
{
    long long tid = make_tournament(&S, "Seeding");
    char ppath[96];
    snprintf(ppath, sizeof ppath, "/api/v1/tournaments/%lld/players", tid);
    const char *bodies[] = {
        "{\"name\": \"Up\", \"rating\": 1500}", "{\"name\": \"Top\", \"rating\": 1505}",
        "{\"name\": \"Low\", \"rating\": 1300}", "{\"name\": \"Lower\", \"rating\": 1290}"};
    long long pid[4];
    struct res r;
    for (int i = 0; i < 4; i++) {
        td(&S, "POST", ppath, bodies[i], &r);
        ck_assert_int_eq(r.status, 201);
        pid[i] = jint(&r, "id");
        res_free(&r);
    }
    long long m = make_match(&S, tid, pid[0], pid[1], 25);
    match_op(&S, tid, m, "POST", "verify", "{\"score\": {\"a\": 25, \"b\": 0}}", &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    res_free(&r);
    ck_assert_int_eq(seed_one(tid, pid, "At entry"), pid[1]);
    char path[96];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/ratings/settings", tid);
    td(&S, "PATCH", path, "{\"seed\": \"live\"}", &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    res_free(&r);
    ck_assert_int_eq(seed_one(tid, pid, "Live"), pid[0]);
}
END_TEST

/* The rating settings: read with the ratings, changed by the TD (a variant, an exclusion,
 * the seeding), refused when out of range naming the field. */
START_TEST(test_RAT1_rating_settings)
{
    long long tid = make_tournament(&S, "Settings");
    char path[96];
    struct res r;
    /* no match decided yet: the ratings and their export are there, empty */
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/ratings", tid);
    req(&S, "GET", path, NULL, NULL, &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    ck_assert_int_eq(json_array_size(json_object_get(r.json, "matches")), 0);
    res_free(&r);
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/export/ratings.csv", tid);
    req(&S, "GET", path, NULL, NULL, &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    res_free(&r);
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/ratings/settings", tid);
    td(&S, "PATCH", path,
       "{\"count_this_match\": true, \"exclude\": {\"forfeit\": false}, \"seed\": \"live\", "
       "\"provisional_below\": 200}",
       &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    ck_assert(json_is_true(json_object_get(r.json, "count_this_match")));
    ck_assert(json_is_false(json_object_get(json_object_get(r.json, "exclude"), "forfeit")));
    ck_assert(json_is_true(json_object_get(json_object_get(r.json, "exclude"), "swing")));
    ck_assert_str_eq(jstr(&r, "seed"), "live");
    res_free(&r);
    td(&S, "PATCH", path, "{\"start_rating\": -1}", &r);
    assert_refused(&r, 422, "start_rating", "a negative start rating");
    res_free(&r);
    td(&S, "PATCH", path, "{\"seed\": \"random\"}", &r);
    assert_refused(&r, 422, "seed", "a seeding that is neither entry nor live");
    res_free(&r);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("http_lists");
    TCase *tc = tcase_create("lists");
    tcase_add_checked_fixture(tc, srv_up, srv_down);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_import_real_world_file);
    tcase_add_test(tc, test_import_windows_1252);
    tcase_add_test(tc, test_import_possible_duplicates_merged);
    tcase_add_test(tc, test_import_refusals);
    tcase_add_test(tc, test_export_import_round_trip);
    tcase_add_test(tc, test_RAT1_ratings_after_results_and_correction);
    tcase_add_test(tc, test_RAT1_rating_settings);
    tcase_add_test(tc, test_RAT1_seeding_at_entry_or_live);
    tcase_add_test(tc, test_RAT1_undone_match_leaves_the_ratings);
    tcase_add_test(tc, test_RAT1_corrections_equal_fresh_computation);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
