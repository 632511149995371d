/* HTTP tests of the player card's QR code (issue 9): only the TD gets it, it encodes the
 * player's page and never the PIN, and every module drawn is libqrencode's own. */
#include <check.h>
#include <qrencode.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/harness.h"
#include "../check_main.h"

static long long T, P1;

static void up(void)
{
    srv_up();
    T = make_tournament(&S, "QR cup");
    P1 = make_player(&S, T, "Anna Bianchi");
}

/* The value of attribute name="..." in text, copied into out, or NULL. */
static const char *attr(const char *text, const char *name, char *out, size_t len)
{
    char key[64];
    snprintf(key, sizeof key, " %s=\"", name);
    const char *p = strstr(text, key);
    if (!p)
        return NULL;
    p += strlen(key);
    const char *e = strchr(p, '"');
    if (!e || (size_t)(e - p) >= len)
        return NULL;
    memcpy(out, p, (size_t)(e - p));
    out[e - p] = 0;
    return out;
}

/* The path d (runs "M x,y h n v1 h -n z", in a quiet zone of 4, up to the character end)
 * draws exactly libqrencode's matrix of url, of that version and n modules a side. */
static void check_modules(const char *d, char end, int version, int n, const char *url)
{
    QRcode *qr = QRcode_encodeString(url, 0, QR_ECLEVEL_M, QR_MODE_8, 1);
    ck_assert_ptr_nonnull(qr);
    ck_assert_int_eq(qr->version, version);
    ck_assert_int_eq(qr->width, n);
    unsigned char *drawn = calloc((size_t)(n * n), 1);
    int runs = 0;
    while (*d == 'M') {
        int x, y, len, back, used;
        ck_assert_int_eq(sscanf(d, "M%d,%dh%dv1h-%dz%n", &x, &y, &len, &back, &used), 4);
        ck_assert_int_eq(len, back);
        x -= 4, y -= 4; /* quiet zone */
        ck_assert(x >= 0 && y >= 0 && y < n && x + len <= n);
        for (int i = 0; i < len; i++)
            drawn[y * n + x + i] = 1;
        d += used;
        runs++;
    }
    ck_assert_int_eq(*d, end);
    ck_assert_int_gt(runs, 10);
    for (int i = 0; i < n * n; i++)
        ck_assert_msg(drawn[i] == (qr->data[i] & 1), "module %d,%d differs", i % n, i / n);
    free(drawn);
    QRcode_free(qr);
}

/* Fetches the QR of player pid with the query q and checks it against libqrencode's matrix
 * of the address expected. */
static void check_qr(long long pid, const char *q, const char *expected_url)
{
    char path[600];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/players/%lld/qr.svg%s", T, pid, q);
    struct res r;
    td(&S, "GET", path, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    char ct[128];
    ck_assert_ptr_nonnull(res_header(&r, "Content-Type", ct, sizeof ct));
    ck_assert_str_eq(ct, "image/svg+xml");
    const char *svg = r.body;
    /* well formed: one root, closed, a title, one path */
    ck_assert_ptr_nonnull(strstr(svg, "<svg xmlns=\"http://www.w3.org/2000/svg\""));
    ck_assert_ptr_nonnull(strstr(svg, "</svg>"));
    ck_assert_ptr_null(strstr(strstr(svg, "</svg>") + 6, "<"));
    const char *t0 = strstr(svg, "<title>"), *t1 = strstr(svg, "</title>");
    ck_assert(t0 && t1 && t1 > t0);
    /* the title is the address, & escaped */
    char title[600];
    snprintf(title, sizeof title, "%.*s", (int)(t1 - t0 - 7), t0 + 7);
    char esc[700] = "";
    for (const char *u = expected_url; *u; u++)
        strncat(esc, *u == '&' ? "&amp;" : (char[]){*u, 0}, sizeof esc - strlen(esc) - 1);
    ck_assert_str_eq(title, esc);
    /* never the PIN */
    char ppath[200];
    snprintf(ppath, sizeof ppath, "/api/v1/tournaments/%lld/players/%lld/pin", T, pid);
    struct res pr;
    td(&S, "GET", ppath, NULL, &pr);
    const char *pin = jstr(&pr, "pin");
    ck_assert_int_eq(strlen(pin), 6);
    ck_assert_ptr_null(strstr(svg, pin));
    res_free(&pr);
    char ver[16], mods[16];
    ck_assert_ptr_nonnull(attr(svg, "data-qr-version", ver, sizeof ver));
    ck_assert_ptr_nonnull(attr(svg, "data-qr-modules", mods, sizeof mods));
    int version = atoi(ver), n = atoi(mods);
    ck_assert_int_ge(version, 1);
    ck_assert_int_eq(n, 17 + 4 * version);

    const char *d = strstr(svg, "<path");
    ck_assert_ptr_nonnull(d);
    ck_assert_ptr_null(strstr(d + 5, "<path"));
    d = strstr(d, " d=\"");
    ck_assert_ptr_nonnull(d);
    check_modules(d + 4, '"', version, n, expected_url);
    res_free(&r);
}

START_TEST(test_qr_needs_td)
{
    char path[200];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/players/%lld/qr.svg", T, P1);
    struct res r;
    req(&S, "GET", path, NULL, NULL, &r);
    ck_assert_int_eq(r.status, 401);
    ck_assert_ptr_null(strstr(r.body, "<svg"));
    res_free(&r);
}
END_TEST

START_TEST(test_qr_unknown_player_404)
{
    char path[200];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/players/999/qr.svg", T);
    struct res r;
    td(&S, "GET", path, NULL, &r);
    ck_assert_int_eq(r.status, 404);
    ck_assert_str_eq(jstr(&r, "title"), "No such player");
    res_free(&r);
}
END_TEST

static void bad_base(const char *q)
{
    char path[700];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/players/%lld/qr.svg?base=%s", T, P1, q);
    struct res r;
    td(&S, "GET", path, NULL, &r);
    ck_assert_msg(r.status == 400, "base=%s gave %ld", q, r.status);
    char ct[128];
    ck_assert_str_eq(res_header(&r, "Content-Type", ct, sizeof ct), "application/problem+json");
    json_t *e = json_array_get(json_object_get(r.json, "errors"), 0);
    ck_assert_str_eq(json_string_value(json_object_get(e, "field")), "base");
    res_free(&r);
}

START_TEST(test_qr_bad_base_400)
{
    bad_base("ftp://example.org");
    bad_base("example.org");
    bad_base("http://");
    bad_base("http://a%22b");         /* a quote */
    bad_base("http://a%3Cscript%3E"); /* < > */
    bad_base("http://a%20b");         /* a space */
    char longb[300] = "http://";
    while (strlen(longb) < 201)
        strcat(longb, "a");
    bad_base(longb);
}
END_TEST

START_TEST(test_qr_short_address_from_host)
{
    char url[200];
    snprintf(url, sizeof url, "http://127.0.0.1:%d/play/?t=%lld&p=%lld", S.port, T, P1);
    check_qr(P1, "", url);
}
END_TEST

START_TEST(test_qr_long_address_from_base)
{
    const char *base = "https://crawford.example.org/venues/bar-roma/hall-2/"
                       "a-rather-long-path-that-needs-a-bigger-symbol/0123456789";
    char q[300], url[400];
    snprintf(q, sizeof q, "?base=%s/", base);
    snprintf(url, sizeof url, "%s/play/?t=%lld&p=%lld", base, T, P1);
    check_qr(P1, q, url);
}
END_TEST

/* The setting public_url (the address the players use, a name the venue's router serves)
 * is what the cards point at when the console names no base, so the cards printed on one
 * laptop still lead to the server on the next; the TD's console reads it in the session. */
START_TEST(test_qr_public_url_outlives_the_laptop)
{
    srv_cleanup(&S);
    srv_start(&S, "\"public_url\": \"http://crawford.lan:8080/\"");
    srv_login(&S);
    T = make_tournament(&S, "QR cup");
    P1 = make_player(&S, T, "Anna Bianchi");
    char url[200];
    snprintf(url, sizeof url, "http://crawford.lan:8080/play/?t=%lld&p=%lld", T, P1);
    check_qr(P1, "", url);
    struct res r;
    td(&S, "GET", "/api/v1/session", NULL, &r);
    ck_assert_str_eq(
        json_string_value(json_object_get(json_object_get(r.json, "server"), "public_url")),
        "http://crawford.lan:8080/");
    res_free(&r);
}
END_TEST

/* The print sheet's QR codes in one request (GET .../cards/qr): every card's, in the
 * order and of the players of GET .../cards (no withdrawn player), each the modules of its
 * player's address as a path to draw inline (or one player's card); never a PIN; the TD's
 * only. */
START_TEST(test_qr_sheet_every_card_in_one_request)
{
    long long p2 = make_player(&S, T, "Bruno Rossi");
    long long p3 = make_player(&S, T, "Carla Verdi");
    char path[300];
    struct res r;
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/players/%lld/withdraw", T, p3);
    td(&S, "POST", path, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    res_free(&r);
    const char *base = "https://club.example.org/bg";
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/cards/qr?base=%s", T, base);
    td(&S, "GET", path, NULL, &r);
    ck_assert_msg(r.status == 200, "the sheet: %ld %s", r.status, r.body);
    struct res cards;
    char cpath[120];
    snprintf(cpath, sizeof cpath, "/api/v1/tournaments/%lld/cards", T);
    td(&S, "GET", cpath, NULL, &cards);
    ck_assert_int_eq(cards.status, 200);
    json_t *want = json_object_get(cards.json, "cards");
    json_t *got = json_object_get(r.json, "cards");
    ck_assert_int_eq(json_array_size(got), 2);
    ck_assert_int_eq(json_array_size(got), json_array_size(want));
    for (size_t i = 0; i < json_array_size(got); i++) {
        json_t *c = json_array_get(got, i), *w = json_array_get(want, i);
        long long pid = json_integer_value(json_object_get(c, "player_id"));
        ck_assert_int_eq(pid, json_integer_value(json_object_get(w, "player_id")));
        ck_assert_int_ne(pid, p3);
        char url[300];
        snprintf(url, sizeof url, "%s/play/?t=%lld&p=%lld", base, T, pid);
        ck_assert_str_eq(json_string_value(json_object_get(c, "url")), url);
        int version = (int)json_integer_value(json_object_get(c, "version"));
        int n = (int)json_integer_value(json_object_get(c, "modules"));
        ck_assert_int_eq(n, 17 + 4 * version);
        ck_assert_int_eq(json_integer_value(json_object_get(c, "size")), n + 8);
        check_modules(json_string_value(json_object_get(c, "path")), 0, version, n, url);
        /* never the PIN the cards show */
        ck_assert_ptr_null(strstr(r.body, json_string_value(json_object_get(w, "pin"))));
    }
    res_free(&cards);
    res_free(&r);

    /* one player's card: the same route, one card */
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/cards/qr?player=%lld", T, p2);
    td(&S, "GET", path, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    ck_assert_int_eq(json_array_size(json_object_get(r.json, "cards")), 1);
    ck_assert_int_eq(json_integer_value(json_object_get(
                         json_array_get(json_object_get(r.json, "cards"), 0), "player_id")),
                     p2);
    res_free(&r);
    /* a thousand cards are a big reply: gzipped when the browser takes it */
    char cookie[200];
    snprintf(cookie, sizeof cookie, "Cookie: %s", S.cookie);
    const char *gz[] = {cookie, "Accept-Encoding: gzip", NULL};
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/cards/qr", T);
    req(&S, "GET", path, NULL, gz, &r);
    ck_assert_int_eq(r.status, 200);
    char ce[32];
    ck_assert_ptr_nonnull(res_header(&r, "Content-Encoding", ce, sizeof ce));
    ck_assert_str_eq(ce, "gzip");
    res_free(&r);

    /* the TD's only, as the QR route and the cards */
    req(&S, "GET", path, NULL, NULL, &r);
    ck_assert_int_eq(r.status, 401);
    ck_assert_ptr_null(strstr(r.body, "\"path\""));
    res_free(&r);
    /* a bad query names its field, a player of no card is not found */
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/cards/qr?base=ftp://x", T);
    td(&S, "GET", path, NULL, &r);
    assert_refused(&r, 400, "base", "a sheet for a base that is no web address");
    res_free(&r);
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/cards/qr?player=x1", T);
    td(&S, "GET", path, NULL, &r);
    assert_refused(&r, 400, "player", "a sheet for a player that is no id");
    res_free(&r);
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/cards/qr?player=999999", T);
    td(&S, "GET", path, NULL, &r);
    assert_refused(&r, 404, NULL, "the card of no player");
    res_free(&r);
    /* a withdrawn player's own card, asked for by name, as GET .../pin gives their PIN */
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/cards/qr?player=%lld", T, p3);
    td(&S, "GET", path, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    ck_assert_int_eq(json_array_size(json_object_get(r.json, "cards")), 1);
    res_free(&r);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("http_qr");
    TCase *tc = tcase_create("qr");
    tcase_add_checked_fixture(tc, up, srv_down);
    tcase_set_timeout(tc, 30);
    tcase_add_test(tc, test_qr_needs_td);
    tcase_add_test(tc, test_qr_unknown_player_404);
    tcase_add_test(tc, test_qr_bad_base_400);
    tcase_add_test(tc, test_qr_short_address_from_host);
    tcase_add_test(tc, test_qr_long_address_from_base);
    tcase_add_test(tc, test_qr_sheet_every_card_in_one_request);
    tcase_add_test(tc, test_qr_public_url_outlives_the_laptop);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
