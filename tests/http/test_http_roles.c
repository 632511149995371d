/* The role table (GOV-1) route by route: every route of server/api/routes.c is asked by
 * each kind of caller (the head TD, a TD, an assistant, a machine token of each role, a
 * player, anyone), and answers as this test's own copy of the table (the README's) says:
 * allowed (the handler answers, whatever it says), or refused before the handler, 403
 * problem+json naming GOV-1 and the caller's role (401 without a login, 403 td-only for a
 * player). A route of the router missing here fails the test: a new route needs its role
 * entry, in the router, here and in the README. Ids are of nothing (999999) and bodies
 * empty, so no allowed request changes anything. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/api.h"
#include "support/harness.h"
#include "../check_main.h"

enum { ANYONE = 1, HEAD = 2, TD = 4, ASSISTANT = 8, TOKEN = 16 };
#define TDS (HEAD | TD | TOKEN)
#define STAFF (HEAD | TD | ASSISTANT | TOKEN)

static const struct {
    const char *method, *path;
    unsigned who;
} table[] = {
    {"GET", "/api/v1/health", ANYONE},
    {"POST", "/api/v1/login", ANYONE},
    {"POST", "/api/v1/logout", ANYONE},
    {"GET", "/api/v1/session", ANYONE},
    {"POST", "/api/v1/resume", TDS},
    {"GET", "/api/v1/audit", TDS},
    {"GET", "/api/v1/officials", HEAD},
    {"POST", "/api/v1/officials", HEAD},
    {"PATCH", "/api/v1/officials/{id}", HEAD},
    {"DELETE", "/api/v1/officials/{id}", HEAD},
    {"POST", "/api/v1/tokens", HEAD},
    {"DELETE", "/api/v1/tokens/{id}", HEAD},
    {"GET", "/api/v1/snapshots", TDS},
    {"POST", "/api/v1/snapshots", TDS},
    {"GET", "/api/v1/tournaments", ANYONE},
    {"POST", "/api/v1/tournaments", TDS},
    {"GET", "/api/v1/tournaments/{id}", ANYONE},
    {"PATCH", "/api/v1/tournaments/{id}", TDS},
    {"GET", "/api/v1/tournaments/{id}/audit", TDS},
    {"GET", "/api/v1/tournaments/{id}/backup", TDS},
    {"GET", "/api/v1/tournaments/{id}/report", TDS},
    {"GET", "/api/v1/tournaments/{id}/entries", TDS},
    {"GET", "/api/v1/tournaments/{id}/players", ANYONE},
    {"POST", "/api/v1/tournaments/{id}/players", TDS},
    {"POST", "/api/v1/tournaments/{id}/players/import", TDS},
    {"GET", "/api/v1/tournaments/{id}/export/players.csv", TDS},
    {"GET", "/api/v1/tournaments/{id}/export/results.csv", ANYONE},
    {"GET", "/api/v1/tournaments/{id}/export/standings.csv", ANYONE},
    {"GET", "/api/v1/tournaments/{id}/export/ratings.csv", ANYONE},
    {"GET", "/api/v1/tournaments/{id}/ratings", ANYONE},
    {"PATCH", "/api/v1/tournaments/{id}/ratings/settings", TDS},
    {"GET", "/api/v1/tournaments/{id}/players/{id}", ANYONE},
    {"PATCH", "/api/v1/tournaments/{id}/players/{id}", TDS},
    {"POST", "/api/v1/tournaments/{id}/players/{id}/check-in", STAFF},
    {"DELETE", "/api/v1/tournaments/{id}/players/{id}/check-in", STAFF},
    {"POST", "/api/v1/tournaments/{id}/players/{id}/withdraw", TDS},
    {"POST", "/api/v1/tournaments/{id}/players/{id}/reinstate", TDS},
    {"POST", "/api/v1/tournaments/{id}/players/{id}/pin", TDS},
    {"POST", "/api/v1/tournaments/{id}/players/{id}/merge", TDS},
    {"GET", "/api/v1/tournaments/{id}/players/{id}/pin", TDS},
    {"POST", "/api/v1/tournaments/{id}/players/{id}/approve", TDS},
    {"POST", "/api/v1/tournaments/{id}/players/{id}/refuse", TDS},
    {"POST", "/api/v1/tournaments/{id}/players/{id}/move-up", TDS},
    {"GET", "/api/v1/tournaments/{id}/cards", TDS},
    {"GET", "/api/v1/tournaments/{id}/cards/qr", TDS},
    {"GET", "/api/v1/tournaments/{id}/players/{id}/qr.svg", TDS},
    {"POST", "/api/v1/tournaments/{id}/players/{id}/login", ANYONE},
    {"GET", "/api/v1/tournaments/{id}/matches", ANYONE},
    {"POST", "/api/v1/tournaments/{id}/matches", TDS},
    {"GET", "/api/v1/tournaments/{id}/matches/{id}", ANYONE},
    {"PATCH", "/api/v1/tournaments/{id}/matches/{id}", TDS},
    {"POST", "/api/v1/tournaments/{id}/matches/{id}/call", STAFF},
    {"POST", "/api/v1/tournaments/{id}/matches/{id}/forfeit", TDS},
    {"POST", "/api/v1/tournaments/{id}/matches/{id}/withdraw", TDS},
    {"POST", "/api/v1/tournaments/{id}/matches/{id}/disqualify", TDS},
    {"POST", "/api/v1/tournaments/{id}/matches/{id}/report", ANYONE},
    {"DELETE", "/api/v1/tournaments/{id}/matches/{id}/report", ANYONE},
    {"POST", "/api/v1/tournaments/{id}/matches/{id}/confirm", ANYONE},
    {"POST", "/api/v1/tournaments/{id}/matches/{id}/games", ANYONE},
    {"DELETE", "/api/v1/tournaments/{id}/matches/{id}/games/last", ANYONE},
    {"GET", "/api/v1/tournaments/{id}/matches/{id}/reports", ANYONE},
    {"GET", "/api/v1/tournaments/{id}/matches/{id}/clock", ANYONE},
    {"PUT", "/api/v1/tournaments/{id}/matches/{id}/clock", TDS},
    {"POST", "/api/v1/tournaments/{id}/matches/{id}/clock/start", ANYONE},
    {"POST", "/api/v1/tournaments/{id}/matches/{id}/clock/press", ANYONE},
    {"POST", "/api/v1/tournaments/{id}/matches/{id}/clock/double", ANYONE},
    {"POST", "/api/v1/tournaments/{id}/matches/{id}/clock/take", ANYONE},
    {"POST", "/api/v1/tournaments/{id}/matches/{id}/clock/drop", ANYONE},
    {"POST", "/api/v1/tournaments/{id}/matches/{id}/clock/pause", ANYONE},
    {"POST", "/api/v1/tournaments/{id}/matches/{id}/clock/resume", ANYONE},
    {"POST", "/api/v1/tournaments/{id}/matches/{id}/clock/pickup", TDS},
    {"POST", "/api/v1/tournaments/{id}/matches/{id}/clock/reverse-flag", TDS},
    {"GET", "/api/v1/tournaments/{id}/matches/{id}/lateness", ANYONE},
    {"POST", "/api/v1/tournaments/{id}/matches/{id}/arrive", ANYONE},
    {"POST", "/api/v1/tournaments/{id}/matches/{id}/lateness/confirm", TDS},
    {"POST", "/api/v1/tournaments/{id}/matches/{id}/lateness/clock", TDS},
    {"POST", "/api/v1/tournaments/{id}/matches/{id}/postpone", TDS},
    {"GET", "/api/v1/tournaments/{id}/matches/{id}/breaks", ANYONE},
    {"POST", "/api/v1/tournaments/{id}/matches/{id}/breaks", ANYONE},
    {"POST", "/api/v1/tournaments/{id}/matches/{id}/breaks/end", ANYONE},
    {"GET", "/api/v1/tournaments/{id}/matches/{id}/penalties", ANYONE},
    {"POST", "/api/v1/tournaments/{id}/matches/{id}/penalties", TDS},
    {"POST", "/api/v1/tournaments/{id}/matches/{id}/verify", STAFF},
    {"POST", "/api/v1/tournaments/{id}/matches/{id}/correct", TDS},
    {"GET", "/api/v1/tournaments/{id}/matches/{id}/calls", ANYONE},
    {"POST", "/api/v1/tournaments/{id}/matches/{id}/calls", ANYONE},
    {"POST", "/api/v1/tournaments/{id}/matches/{id}/calls/{id}/take", STAFF},
    {"POST", "/api/v1/tournaments/{id}/matches/{id}/calls/{id}/close", STAFF},
    {"POST", "/api/v1/tournaments/{id}/matches/{id}/warnings", STAFF},
    {"POST", "/api/v1/tournaments/{id}/matches/{id}/observers", STAFF},
    {"DELETE", "/api/v1/tournaments/{id}/matches/{id}/observers/{id}", STAFF},
    {"GET", "/api/v1/tournaments/{id}/matches/{id}/rulings", ANYONE},
    {"POST", "/api/v1/tournaments/{id}/matches/{id}/rulings", TDS},
    {"GET", "/api/v1/tournaments/{id}/calls", STAFF},
    {"GET", "/api/v1/tournaments/{id}/calls/tables", ANYONE},
    {"GET", "/api/v1/tournaments/{id}/rulings", STAFF},
    {"GET", "/api/v1/tournaments/{id}/now", STAFF},
    {"POST", "/api/v1/tournaments/{id}/now/claims", STAFF},
    {"POST", "/api/v1/tournaments/{id}/now/claims/release", STAFF},
    {"GET", "/api/v1/tournaments/{id}/committee", ANYONE},
    {"PUT", "/api/v1/tournaments/{id}/committee", TDS},
    {"POST", "/api/v1/tournaments/{id}/committee/members", TDS},
    {"DELETE", "/api/v1/tournaments/{id}/committee/members/{id}", TDS},
    {"GET", "/api/v1/tournaments/{id}/committee/members/{id}/card", TDS},
    {"GET", "/api/v1/tournaments/{id}/matches/{id}/appeals", ANYONE},
    {"POST", "/api/v1/tournaments/{id}/matches/{id}/appeals", ANYONE},
    {"GET", "/api/v1/tournaments/{id}/appeals", ANYONE},
    {"POST", "/api/v1/tournaments/{id}/appeals/{id}/withdraw", ANYONE},
    {"POST", "/api/v1/tournaments/{id}/appeals/{id}/release", TDS},
    {"POST", "/api/v1/tournaments/{id}/appeals/{id}/statements", ANYONE},
    {"PUT", "/api/v1/tournaments/{id}/appeals/{id}/panel", TDS},
    {"POST", "/api/v1/tournaments/{id}/appeals/{id}/panel/choices", ANYONE},
    {"POST", "/api/v1/tournaments/{id}/appeals/{id}/motions", TDS},
    {"POST", "/api/v1/tournaments/{id}/appeals/{id}/votes", ANYONE},
    {"GET", "/api/v1/tournaments/{id}/competitions", ANYONE},
    {"POST", "/api/v1/tournaments/{id}/competitions", TDS},
    {"GET", "/api/v1/tournaments/{id}/competitions/{id}", ANYONE},
    {"PATCH", "/api/v1/tournaments/{id}/competitions/{id}", TDS},
    {"POST", "/api/v1/tournaments/{id}/competitions/{id}/start", TDS},
    {"GET", "/api/v1/tournaments/{id}/competitions/{id}/board", ANYONE},
    {"POST", "/api/v1/tournaments/{id}/competitions/{id}/entries", TDS},
    {"DELETE", "/api/v1/tournaments/{id}/competitions/{id}/entries/{id}", TDS},
    {"POST", "/api/v1/tournaments/{id}/competitions/{id}/swing/rounds", TDS},
    {"GET", "/api/v1/tournaments/{id}/competitions/{id}/swing", ANYONE},
    {"GET", "/api/v1/tournaments/{id}/competitions/{id}/swing/ledger", ANYONE},
    {"GET", "/api/v1/tournaments/{id}/competitions/{id}/swing/ledger/{id}", ANYONE},
    {"POST", "/api/v1/tournaments/{id}/competitions/{id}/swiss/rounds", TDS},
    {"POST", "/api/v1/tournaments/{id}/competitions/{id}/swiss/rounds/{id}/repair", TDS},
    {"POST", "/api/v1/tournaments/{id}/competitions/{id}/swiss/rounds/{id}/swap", TDS},
    {"POST", "/api/v1/tournaments/{id}/competitions/{id}/swiss/entries", TDS},
    {"POST", "/api/v1/tournaments/{id}/competitions/{id}/swiss/withdraw", TDS},
    {"GET", "/api/v1/tournaments/{id}/competitions/{id}/swiss", ANYONE},
    {"GET", "/api/v1/tournaments/{id}/competitions/{id}/swiss/standings", ANYONE},
    {"POST", "/api/v1/tournaments/{id}/competitions/{id}/davis/teams", TDS},
    {"POST", "/api/v1/tournaments/{id}/competitions/{id}/davis/start", TDS},
    {"POST", "/api/v1/tournaments/{id}/competitions/{id}/davis/late/close", TDS},
    {"GET", "/api/v1/tournaments/{id}/competitions/{id}/davis", ANYONE},
    {"GET", "/api/v1/tournaments/{id}/competitions/{id}/placings", ANYONE},
    {"POST", "/api/v1/tournaments/{id}/competitions/{id}/knockout/draw", TDS},
    {"POST", "/api/v1/tournaments/{id}/competitions/{id}/knockout/late", TDS},
    {"POST", "/api/v1/tournaments/{id}/competitions/{id}/knockout/late/close", TDS},
    {"PUT", "/api/v1/tournaments/{id}/competitions/{id}/knockout/lengths", TDS},
    {"GET", "/api/v1/tournaments/{id}/competitions/{id}/knockout", ANYONE},
    {"GET", "/api/v1/tournaments/{id}/competitions/{id}/knockout/players/{id}", ANYONE},
    {"POST", "/api/v1/tournaments/{id}/tables/assign", STAFF},
};
#define NTABLE ((int)(sizeof table / sizeof table[0]))

enum caller { C_HEAD, C_TD, C_ASSISTANT, C_TOKEN_TD, C_TOKEN_ASSISTANT, C_PLAYER, C_ANYONE, NCALLERS };
static const char *const caller_name[NCALLERS] = {"head TD", "TD", "assistant", "token td",
                                                  "token assistant", "player", "anyone"};
static const char *const caller_role[NCALLERS] = {"head", "td", "assistant", "td",
                                                  "assistant", NULL, NULL};

static int allowed(enum caller c, unsigned who)
{
    if (who & ANYONE)
        return 1;
    switch (c) {
    case C_HEAD:
        return (who & HEAD) != 0;
    case C_TD:
        return (who & TD) != 0;
    case C_ASSISTANT:
        return (who & ASSISTANT) != 0;
    case C_TOKEN_TD:
        return (who & TD) && (who & TOKEN);
    case C_TOKEN_ASSISTANT:
        return (who & ASSISTANT) && (who & TOKEN);
    default:
        return 0;
    }
}

/* Every route of the router has its entry here, and every entry is a route. */
START_TEST(test_GOV1_every_route_has_a_role_entry)
{
    int n = api_route_count();
    for (int i = 0; i < n; i++) {
        const char *method, *pattern;
        api_route_at(i, &method, &pattern);
        int found = 0;
        for (int k = 0; k < NTABLE && !found; k++)
            found = !strcmp(table[k].method, method) && !strcmp(table[k].path, pattern);
        ck_assert_msg(found, "%s %s has no entry in the role table of this test (GOV-1)", method,
                      pattern);
    }
    ck_assert_int_eq(n, NTABLE);
}
END_TEST

/* path with every {id} made 999999: nothing is there */
static void nowhere(const char *pattern, char *out, size_t len)
{
    size_t k = 0;
    for (const char *p = pattern; *p && k + 8 < len;) {
        if (!strncmp(p, "{id}", 4)) {
            k += (size_t)snprintf(out + k, len - k, "999999");
            p += 4;
        } else {
            out[k++] = *p++;
        }
    }
    out[k] = 0;
}

static void ask(struct srv *s, const char *bearer, int i, struct res *r)
{
    char path[256], auth[128], cookie[200];
    nowhere(table[i].path, path, sizeof path);
    snprintf(auth, sizeof auth, "Authorization: Bearer %s", bearer ? bearer : "");
    snprintf(cookie, sizeof cookie, "Cookie: %s", s->cookie);
    const char *h[] = {"X-Crawford: 1", "Content-Type: application/json",
                       bearer ? auth : cookie, NULL};
    int body = strcmp(table[i].method, "GET") && strcmp(table[i].method, "DELETE");
    req(s, table[i].method, path, body ? "{}" : NULL, h, r);
}

static const char *type_of(const struct res *r)
{
    const char *t = jstr(r, "type");
    return t ? t : "";
}

/* The router's refusal of caller c, as the table says it must be. */
static void check_refused(enum caller c, int i, const struct res *r)
{
    const char *m = table[i].method, *p = table[i].path;
    ck_assert_msg(strstr(r->headers, "application/problem+json"), "%s %s (%s): %s", m, p,
                  caller_name[c], r->headers);
    if (c == C_ANYONE) {
        ck_assert_msg(r->status == 401 && !strcmp(type_of(r), "/problems/unauthorized"),
                      "%s %s anonymous: %ld %s", m, p, r->status, r->body);
        return;
    }
    if (c == C_PLAYER) {
        ck_assert_msg(r->status == 403 && !strcmp(type_of(r), "/problems/td-only"),
                      "%s %s player: %ld %s", m, p, r->status, r->body);
        return;
    }
    ck_assert_msg(r->status == 403 && !strcmp(type_of(r), "/problems/role-forbidden"),
                  "%s %s (%s) must be refused: %ld %s", m, p, caller_name[c], r->status, r->body);
    ck_assert_str_eq(jstr(r, "rule"), "GOV-1");
    ck_assert_str_eq(jstr(r, "role"), caller_role[c]);
}

/* Allowed: the handler answered (never the router's refusal, never a 500). */
static void check_allowed(enum caller c, int i, const struct res *r)
{
    const char *t = type_of(r);
    int router_refusal =
        (r->status == 403 && (!strcmp(t, "/problems/role-forbidden") ||
                              !strcmp(t, "/problems/td-only") ||
                              !strcmp(t, "/problems/official-suspended"))) ||
        (r->status == 401 && !strcmp(jstr(r, "title"), "Tournament director login required"));
    ck_assert_msg(!router_refusal && r->status < 500, "%s %s (%s) must be allowed: %ld %s",
                  table[i].method, table[i].path, caller_name[c], r->status, r->body);
}

/* A token's secret, made by the head TD. */
static void make_token(struct srv *s, const char *role, char *out, size_t len)
{
    char body[128];
    snprintf(body, sizeof body, "{\"label\": \"%s laptop\", \"role\": \"%s\"}", role, role);
    struct res r;
    td(s, "POST", "/api/v1/tokens", body, &r);
    ck_assert_msg(r.status == 201, "%ld %s", r.status, r.body);
    snprintf(out, len, "%s", jstr(&r, "token"));
    res_free(&r);
}

START_TEST(test_GOV1_role_table_route_by_route)
{
    struct srv s;
    srv_start(&s, NULL);
    srv_login(&s);
    make_official(&s, "Tina", "td", "tina password");
    make_official(&s, "Andy", "assistant", "andy password");
    char tok_td[64], tok_as[64], pin[8];
    make_token(&s, "td", tok_td, sizeof tok_td);
    make_token(&s, "assistant", tok_as, sizeof tok_as);
    long long tid = make_tournament(&s, "Roles");
    long long pid = make_player_pin(&s, tid, "Pia Player", pin);
    struct srv as[NCALLERS];
    as[C_HEAD] = s;
    srv_login_as(&as[C_TD], &s, "Tina", "tina password");
    srv_login_as(&as[C_ASSISTANT], &s, "Andy", "andy password");
    as[C_TOKEN_TD] = as[C_TOKEN_ASSISTANT] = as[C_ANYONE] = s;
    as[C_TOKEN_TD].cookie[0] = as[C_TOKEN_ASSISTANT].cookie[0] = as[C_ANYONE].cookie[0] = 0;
    srv_player_login(&as[C_PLAYER], &s, tid, pid, pin);
    const char *bearer[NCALLERS] = {NULL, NULL, NULL, tok_td, tok_as, NULL, NULL};
    int asked = 0, refused = 0;
    for (int c = 0; c < NCALLERS; c++) {
        int logout = -1;
        for (int i = 0; i < NTABLE; i++) {
            if (!strcmp(table[i].path, "/api/v1/logout")) {
                logout = i; /* last: it ends the caller's session */
                continue;
            }
            struct res r;
            ask(&as[c], bearer[c], i, &r);
            if (allowed((enum caller)c, table[i].who)) {
                check_allowed((enum caller)c, i, &r);
            } else {
                check_refused((enum caller)c, i, &r);
                refused++;
            }
            asked++;
            res_free(&r);
        }
        struct res r;
        ask(&as[c], bearer[c], logout, &r);
        check_allowed((enum caller)c, logout, &r);
        res_free(&r);
    }
    fprintf(stderr, "figure: %d requests over %d routes and %d callers, %d refused by role\n",
            asked, NTABLE, NCALLERS, refused);
    srv_cleanup(&s);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("http_roles");
    TCase *tc = tcase_create("roles");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, test_GOV1_every_route_has_a_role_entry);
    tcase_add_test(tc, test_GOV1_role_table_route_by_route);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
