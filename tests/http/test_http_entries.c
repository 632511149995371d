/* HTTP tests of entries approved by the TD (GOV-4) and the report to the federation
 * (GOV-8) against a real `crawford serve`. Every refusal is checked for its status, a
 * problem+json naming the rule or the field, and nothing changed (the TD's list of entries
 * and the events' entries read again, byte for byte). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/harness.h"
#include "support/unzip.h"
#include "../check_main.h"

#define SECRET_REASON "Known cheat at the Dublin Open"
#define MOVE_REASON "Won the Intermediate twice"

static void path_of(char *out, size_t len, long long tid, const char *tail)
{
    snprintf(out, len, "/api/v1/tournaments/%lld%s", tid, tail);
}

static void player_op(long long tid, long long pid, const char *what, const char *body,
                      struct res *r)
{
    char path[160];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/players/%lld/%s", tid, pid, what);
    td(&S, "POST", path, body, r);
}

static void approval(long long tid, int on)
{
    char path[120];
    path_of(path, sizeof path, tid, "");
    struct res r;
    td(&S, "PATCH", path,
       on ? "{\"entries_need_approval\": true}" : "{\"entries_need_approval\": false}", &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    ck_assert(json_is_true(json_object_get(r.json, "entries_need_approval")) == on);
    res_free(&r);
}

/* What a refusal must leave as it was: the TD's list of entries and decisions, and the
 * tournament's events with their entries. */
static char *state_of(long long tid)
{
    char path[120];
    struct res a, b;
    path_of(path, sizeof path, tid, "/entries");
    td(&S, "GET", path, NULL, &a);
    ck_assert_int_eq(a.status, 200);
    path_of(path, sizeof path, tid, "/competitions");
    td(&S, "GET", path, NULL, &b);
    ck_assert_int_eq(b.status, 200);
    char *out = NULL;
    ck_assert_int_ge(asprintf(&out, "%s|%s", a.body, b.body), 0);
    res_free(&a);
    res_free(&b);
    return out;
}

static void refused(long long tid, long long pid, const char *what, const char *body, long status,
                    const char *name)
{
    char *before = state_of(tid);
    struct res r;
    player_op(tid, pid, what, body, &r);
    assert_refused(&r, status, name, what);
    res_free(&r);
    char *after = state_of(tid);
    ck_assert_str_eq(before, after);
    free(before);
    free(after);
}

static long long entry_of(struct res *r, long long pid)
{
    json_t *es = json_object_get(r->json, "entries");
    for (size_t i = 0; i < json_array_size(es); i++)
        if (json_integer_value(json_array_get(es, i)) == pid)
            return 1;
    return 0;
}

static int entered(long long tid, long long eid, long long pid)
{
    char path[160];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/competitions/%lld", tid, eid);
    struct res r;
    td(&S, "GET", path, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    int in = (int)entry_of(&r, pid);
    res_free(&r);
    return in;
}

static void enter(long long tid, long long eid, long long pid, struct res *r)
{
    char path[160], body[64];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/competitions/%lld/entries", tid, eid);
    snprintf(body, sizeof body, "{\"player_id\": %lld}", pid);
    td(&S, "POST", path, body, r);
}

START_TEST(test_GOV4_approval_off_every_entry_accepted)
{
    long long tid = make_tournament(&S, "Open entries");
    long long p = make_player(&S, tid, "Anna");
    char path[160];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/players/%lld", tid, p);
    struct res r;
    td(&S, "GET", path, NULL, &r);
    ck_assert_str_eq(jstr(&r, "entry"), "accepted");
    res_free(&r);
    long long e = make_competition(&S, tid, "{\"kind\": \"knockout\", \"name\": \"Main\"}");
    enter(tid, e, p, &r);
    ck_assert_msg(r.status == 201, "%s", r.body);
    res_free(&r);
}
END_TEST

START_TEST(test_GOV4_pending_until_the_TD_approves)
{
    long long tid = make_tournament(&S, "Approved entries");
    approval(tid, 1);
    long long p = make_player(&S, tid, "Bruno");
    long long e = make_competition(&S, tid, "{\"kind\": \"knockout\", \"name\": \"Main\"}");
    char path[160];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/players/%lld", tid, p);
    struct res r;
    td(&S, "GET", path, NULL, &r);
    ck_assert_str_eq(jstr(&r, "entry"), "pending");
    res_free(&r);
    /* pending: not entered in any event */
    char *before = state_of(tid);
    enter(tid, e, p, &r);
    assert_refused(&r, 409, "GOV-4", "a pending entry entered");
    res_free(&r);
    char *after = state_of(tid);
    ck_assert_str_eq(before, after);
    free(before);
    free(after);
    /* the TD's list shows it pending */
    path_of(path, sizeof path, tid, "/entries");
    td(&S, "GET", path, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    ck_assert_int_eq(json_array_size(json_object_get(r.json, "pending")), 1);
    res_free(&r);
    /* the TD's list is the TD's */
    req(&S, "GET", path, NULL, NULL, &r);
    ck_assert_int_eq(r.status, 401);
    res_free(&r);
    player_op(tid, p, "approve", NULL, &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    ck_assert_str_eq(json_string_value(json_object_get(json_object_get(r.json, "player"), "entry")),
                     "accepted");
    res_free(&r);
    refused(tid, p, "approve", NULL, 409, "GOV-4"); /* twice */
    enter(tid, e, p, &r);
    ck_assert_msg(r.status == 201, "%s", r.body);
    res_free(&r);
    /* approval off again: a new player is accepted as registered */
    approval(tid, 0);
    long long q = make_player(&S, tid, "Carla");
    enter(tid, e, q, &r);
    ck_assert_msg(r.status == 201, "%s", r.body);
    res_free(&r);
}
END_TEST

START_TEST(test_GOV4_refused_reason_never_shown_to_the_player)
{
    long long tid = make_tournament(&S, "Refusals");
    approval(tid, 1);
    char pin[8];
    long long p = make_player_pin(&S, tid, "Dario", pin);
    long long e = make_competition(&S, tid, "{\"kind\": \"knockout\", \"name\": \"Main\"}");
    refused(tid, p, "refuse", "{}", 422, "reason"); /* a refusal says why */
    refused(tid, p, "refuse", "{\"reason\": \"\"}", 422, "reason");
    struct res r;
    player_op(tid, p, "refuse", "{\"reason\": \"" SECRET_REASON "\"}", &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    res_free(&r);
    refused(tid, p, "refuse", "{\"reason\": \"again\"}", 409, "GOV-4");
    /* refused: entered in nothing */
    enter(tid, e, p, &r);
    assert_refused(&r, 409, "GOV-4", "a refused entry entered");
    res_free(&r);
    /* the TD reads the reason */
    char path[160];
    path_of(path, sizeof path, tid, "/entries");
    td(&S, "GET", path, NULL, &r);
    ck_assert_ptr_nonnull(strstr(r.body, SECRET_REASON));
    res_free(&r);
    /* the player does not: their own record, their session, the public list, the stream
     * the phones and the display read */
    struct srv pl;
    srv_player_login(&pl, &S, tid, p, pin);
    const char *tails[] = {"/players", "/matches", "/competitions", ""};
    for (size_t i = 0; i < sizeof tails / sizeof tails[0]; i++) {
        path_of(path, sizeof path, tid, tails[i]);
        req(&pl, "GET", path, NULL, NULL, &r);
        ck_assert_int_eq(r.status, 200);
        ck_assert_msg(!strstr(r.body, SECRET_REASON), "%s shows the reason", path);
        res_free(&r);
    }
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/players/%lld", tid, p);
    req(&pl, "GET", path, NULL, NULL, &r);
    ck_assert_str_eq(jstr(&r, "entry"), "refused");
    ck_assert(!strstr(r.body, SECRET_REASON));
    res_free(&r);
    req(&pl, "GET", "/api/v1/session", NULL, NULL, &r);
    ck_assert(!strstr(r.body, SECRET_REASON));
    res_free(&r);
    ck_assert_int_eq(
        db_count(S.db,
                 "SELECT count(*) FROM tournament_events WHERE data LIKE '%" SECRET_REASON "%'"),
        0);
    /* a player in an event under way is withdrawn or disqualified, not refused */
    long long a = make_player(&S, tid, "Elio"), b = make_player(&S, tid, "Fabio");
    player_op(tid, a, "approve", NULL, &r);
    res_free(&r);
    player_op(tid, b, "approve", NULL, &r);
    res_free(&r);
    long long ids[2] = {a, b};
    enter_players(&S, tid, e, 2, ids);
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/competitions/%lld/knockout/draw", tid, e);
    td(&S, "POST", path, "{\"seed\": \"1\"}", &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    res_free(&r);
    refused(tid, a, "refuse", "{\"reason\": \"late\"}", 409, "GOV-4");
    /* one in an open event leaves it */
    long long open = make_competition(&S, tid, "{\"kind\": \"knockout\", \"name\": \"Side\"}");
    enter(tid, open, b, &r);
    ck_assert_msg(r.status == 201, "%s", r.body);
    res_free(&r);
    long long c = make_player(&S, tid, "Gino");
    player_op(tid, c, "approve", NULL, &r);
    res_free(&r);
    enter(tid, open, c, &r);
    res_free(&r);
    player_op(tid, c, "refuse", "{\"reason\": \"no fee paid\"}", &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    res_free(&r);
    ck_assert(!entered(tid, open, c));
}
END_TEST

/* GOV-4: a player registered by the TD's CSV import waits for approval as one registered
 * alone does, and enters nothing until approved. */
START_TEST(test_GOV4_imported_entries_wait_for_approval)
{
    long long tid = make_tournament(&S, "Imported entries");
    approval(tid, 1);
    char path[160], cookie[200];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/players/import", tid);
    snprintf(cookie, sizeof cookie, "Cookie: %s", S.cookie);
    const char *h[] = {cookie, "X-Crawford: 1", "Content-Type: text/csv", NULL};
    struct res r;
    req(&S, "POST", path, "name,federation_id\r\nIrene,IT-9\r\n", h, &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    res_free(&r);
    path_of(path, sizeof path, tid, "/entries");
    td(&S, "GET", path, NULL, &r);
    json_t *pending = json_object_get(r.json, "pending");
    ck_assert_int_eq(json_array_size(pending), 1);
    long long p = json_integer_value(json_object_get(json_array_get(pending, 0), "id"));
    res_free(&r);
    long long e = make_competition(&S, tid, "{\"kind\": \"knockout\", \"name\": \"Main\"}");
    enter(tid, e, p, &r);
    assert_refused(&r, 409, "GOV-4", "an imported entry not approved");
    res_free(&r);
    ck_assert(!entered(tid, e, p));
}
END_TEST

START_TEST(test_GOV4_moved_up_to_a_higher_flight)
{
    long long tid = make_tournament(&S, "Flights");
    long long p = make_player(&S, tid, "Ugo");
    long long in = make_competition(
        &S, tid,
        "{\"kind\": \"knockout\", \"name\": \"Intermediate\", \"knockout\": {\"flight\": "
        "\"intermediate\"}}");
    long long ch = make_competition(
        &S, tid,
        "{\"kind\": \"knockout\", \"name\": \"Championship\", \"knockout\": {\"flight\": "
        "\"championship\"}}");
    long long sw = make_competition(&S, tid,
                                    "{\"kind\": \"swing\", \"name\": \"Swing\", \"swing\": "
                                    "{\"start_chips\": 1000, \"cpp\": [100]}}");
    struct res r;
    enter(tid, in, p, &r);
    ck_assert_msg(r.status == 201, "%s", r.body);
    res_free(&r);
    char body[300];
    /* the refusals */
    snprintf(body, sizeof body, "{\"from_event\": %lld, \"to_event\": %lld}", in, ch);
    refused(tid, p, "move-up", body, 422, "reason");
    snprintf(body, sizeof body, "{\"from_event\": %lld, \"to_event\": 999999, \"reason\": \"x\"}",
             in);
    refused(tid, p, "move-up", body, 422, "to_event");
    snprintf(body, sizeof body, "{\"from_event\": %lld, \"to_event\": %lld, \"reason\": \"x\"}", in,
             sw);
    refused(tid, p, "move-up", body, 422, "to_event");
    snprintf(body, sizeof body, "{\"from_event\": %lld, \"to_event\": %lld, \"reason\": \"x\"}", ch,
             in); /* down, and not entered */
    refused(tid, p, "move-up", body, 409, "GOV-4");
    /* up */
    snprintf(body, sizeof body,
             "{\"from_event\": %lld, \"to_event\": %lld, \"reason\": \"" MOVE_REASON "\"}", in, ch);
    player_op(tid, p, "move-up", body, &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    ck_assert_str_eq(
        json_string_value(json_object_get(json_object_get(r.json, "decision"), "decision")),
        "moved_up");
    res_free(&r);
    ck_assert(!entered(tid, in, p));
    ck_assert(entered(tid, ch, p));
    /* the player's flight (issue 34's field) follows them up */
    char pp[120];
    snprintf(pp, sizeof pp, "/api/v1/tournaments/%lld/players/%lld", tid, p);
    td(&S, "GET", pp, NULL, &r);
    ck_assert_str_eq(jstr(&r, "flight"), "championship");
    res_free(&r);
    /* the same again: no longer in the lower flight */
    refused(tid, p, "move-up", body, 409, "GOV-4");
    char path[120];
    path_of(path, sizeof path, tid, "/entries");
    td(&S, "GET", path, NULL, &r);
    ck_assert_ptr_nonnull(strstr(r.body, MOVE_REASON));
    res_free(&r);
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/players/%lld", tid, p);
    req(&S, "GET", path, NULL, NULL, &r);
    ck_assert(!strstr(r.body, MOVE_REASON));
    res_free(&r);
}
END_TEST

/* ---- the report (GOV-8) ---- */

struct tour {
    long long tid, main, inter, champ, p[5];
    char pins[5][8];
};

/* A small tournament: four players in a knockout (one with no federation id), its
 * semi-finals verified and the final decided by a disqualification; a ruling; a fifth
 * player refused, one moved up between two other flights. */
static void small_tournament(struct tour *t)
{
    memset(t, 0, sizeof *t);
    t->tid = make_tournament(&S, "Report weekend");
    const char *names[5] = {"Anna Rossi", "Bruno Bianchi", "Carla Verdi", "Dario Neri",
                            "Elena Gialli"};
    struct res r;
    char path[200], body[300];
    for (int i = 0; i < 5; i++) {
        snprintf(path, sizeof path, "/api/v1/tournaments/%lld/players", t->tid);
        if (i == 2)
            snprintf(body, sizeof body, "{\"name\": \"%s\"}", names[i]);
        else
            snprintf(body, sizeof body, "{\"name\": \"%s\", \"federation_id\": \"FIBA-%d\"}",
                     names[i], 100 + i);
        td(&S, "POST", path, body, &r);
        ck_assert_msg(r.status == 201, "%s", r.body);
        t->p[i] = jint(&r, "id");
        snprintf(t->pins[i], sizeof t->pins[i], "%s", jstr(&r, "pin"));
        res_free(&r);
    }
    t->main = make_competition(&S, t->tid,
                               "{\"kind\": \"knockout\", \"name\": \"Main\", \"knockout\": "
                               "{\"flight\": \"championship\", \"lengths\": [3]}}");
    enter_players(&S, t->tid, t->main, 4, t->p);
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/competitions/%lld/knockout/draw", t->tid,
             t->main);
    td(&S, "POST", path, "{\"seed\": \"report\"}", &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    res_free(&r);
    /* a ruling on a semi-final, then both verified */
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/competitions/%lld/knockout", t->tid,
             t->main);
    req(&S, "GET", path, NULL, NULL, &r);
    json_t *r1 = json_object_get(json_array_get(json_object_get(r.json, "rounds"), 0), "matches");
    long long semis[2] = {json_integer_value(json_object_get(json_array_get(r1, 0), "match_id")),
                          json_integer_value(json_object_get(json_array_get(r1, 1), "match_id"))};
    res_free(&r);
    match_op(&S, t->tid, semis[0], "POST", "rulings",
             "{\"question\": \"Was the cube turned before the roll?\", \"facts\": \"Both say "
             "so.\", \"decision\": \"The double stands\", \"reasons\": \"003 4.4\"}",
             &r);
    ck_assert_msg(r.status == 201 || r.status == 200, "%s", r.body);
    res_free(&r);
    for (int i = 0; i < 2; i++) {
        match_op(&S, t->tid, semis[i], "POST", "verify", "{\"score\": {\"a\": 3, \"b\": 1}}", &r);
        ck_assert_msg(r.status == 200, "%s", r.body);
        res_free(&r);
    }
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/competitions/%lld/knockout", t->tid,
             t->main);
    req(&S, "GET", path, NULL, NULL, &r);
    json_t *r2 = json_object_get(json_array_get(json_object_get(r.json, "rounds"), 1), "matches");
    long long fin = json_integer_value(json_object_get(json_array_get(r2, 0), "match_id"));
    res_free(&r);
    match_op(&S, t->tid, fin, "POST", "disqualify",
             "{\"side\": \"b\", \"reason\": \"Abusive to the opponent (1.7)\"}", &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    res_free(&r);
    /* entries: the fifth refused; the first moved up between two flights not drawn */
    player_op(t->tid, t->p[4], "refuse", "{\"reason\": \"" SECRET_REASON "\"}", &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    res_free(&r);
    t->inter = make_competition(&S, t->tid,
                                "{\"kind\": \"knockout\", \"name\": \"Sunday Intermediate\", "
                                "\"knockout\": {\"flight\": \"intermediate\"}}");
    t->champ = make_competition(&S, t->tid,
                                "{\"kind\": \"knockout\", \"name\": \"Sunday Championship\", "
                                "\"knockout\": {\"flight\": \"championship\"}}");
    enter(t->tid, t->inter, t->p[0], &r);
    res_free(&r);
    snprintf(body, sizeof body,
             "{\"from_event\": %lld, \"to_event\": %lld, \"reason\": \"" MOVE_REASON "\"}",
             t->inter, t->champ);
    player_op(t->tid, t->p[0], "move-up", body, &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    res_free(&r);
}

static void download(long long tid, const char *format, struct res *r)
{
    char path[160];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/report%s%s", tid,
             format ? "?format=" : "", format ? format : "");
    td(&S, "GET", path, NULL, r);
}

/* No secret anywhere in a file of the report: no player's PIN, no password, no session. */
static void no_secret(const struct tour *t, const char *text)
{
    for (int i = 0; i < 5; i++) {
        char needle[40];
        snprintf(needle, sizeof needle, "%s", t->pins[i]);
        ck_assert_msg(!strstr(text, needle), "a PIN is in the report");
    }
    const char *words[] = {"pin", "password", "email", "token", "session", TD_PASSWORD};
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        ck_assert_msg(!strcasestr(text, words[i]), "the report holds \"%s\"", words[i]);
}

START_TEST(test_GOV8_report_json_agrees_with_the_bracket)
{
    struct tour t;
    small_tournament(&t);
    struct res r;
    download(t.tid, "json", &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    char ct[80], cd[200];
    ck_assert_str_eq(res_header(&r, "Content-Type", ct, sizeof ct), "application/zip");
    ck_assert_ptr_nonnull(strstr(res_header(&r, "Content-Disposition", cd, sizeof cd), ".zip"));
    char names[400];
    char *text = report_unzip(r.body, r.len, "report.json", names, sizeof names);
    ck_assert_msg(text != NULL, "members: %s", names);
    res_free(&r);
    no_secret(&t, text);
    json_t *rep = json_loads(text, 0, NULL);
    ck_assert_ptr_nonnull(rep);
    ck_assert_str_eq(json_string_value(json_object_get(rep, "schema")), "crawford-report/1");
    ck_assert_str_eq(json_string_value(json_object_get(json_object_get(rep, "tournament"), "name")),
                     "Report weekend");
    /* every result as the bracket has it */
    char path[160];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/competitions/%lld/knockout", t.tid,
             t.main);
    req(&S, "GET", path, NULL, NULL, &r);
    json_t *results = json_object_get(rep, "results");
    int found = 0;
    json_t *rounds = json_object_get(r.json, "rounds");
    for (size_t i = 0; i < json_array_size(rounds); i++) {
        json_t *ms = json_object_get(json_array_get(rounds, i), "matches");
        for (size_t j = 0; j < json_array_size(ms); j++) {
            json_t *m = json_array_get(ms, j);
            long long mid = json_integer_value(json_object_get(m, "match_id"));
            json_t *x = NULL;
            for (size_t k = 0; k < json_array_size(results); k++)
                if (json_integer_value(json_object_get(json_array_get(results, k), "match_id")) ==
                    mid)
                    x = json_array_get(results, k);
            ck_assert_msg(x != NULL, "match %lld is not in the report", mid);
            found++;
            json_t *mm;
            char mp[160];
            snprintf(mp, sizeof mp, "/api/v1/tournaments/%lld/matches/%lld", t.tid, mid);
            struct res one;
            req(&S, "GET", mp, NULL, NULL, &one);
            mm = one.json;
            json_t *winner = json_object_get(mm, "winner");
            int ws = json_is_string(winner) && !strcmp(json_string_value(winner), "b");
            json_t *sides = json_object_get(mm, "sides");
            long long wid = json_integer_value(json_object_get(x, "winner_id"));
            long long want =
                json_integer_value(json_object_get(json_array_get(sides, (size_t)ws), "player_id"));
            for (int s = 0; s < 2; s++) {
                json_t *sd = json_array_get(sides, (size_t)s);
                ck_assert_int_eq(
                    json_integer_value(json_object_get(x, s ? "player_b_id" : "player_a_id")),
                    json_integer_value(json_object_get(sd, "player_id")));
                ck_assert_int_eq(json_integer_value(json_object_get(x, s ? "score_b" : "score_a")),
                                 json_integer_value(json_object_get(sd, "score")));
            }
            ck_assert_str_eq(json_string_value(json_object_get(x, "ended")),
                             json_string_value(json_object_get(mm, "ended")));
            ck_assert_msg(wid == want, "match %lld: the report's winner %lld, the match's %lld",
                          mid, wid, want);
            ck_assert_str_eq(json_string_value(json_object_get(x, "event")), "Main");
            ck_assert_str_eq(json_string_value(json_object_get(x, "flight")), "championship");
            ck_assert_int_eq(json_integer_value(json_object_get(x, "length")), 3);
            ck_assert_int_eq(json_integer_value(json_object_get(x, "round")), (int)i + 1);
            ck_assert_ptr_nonnull(json_string_value(json_object_get(x, "date")));
            res_free(&one);
        }
    }
    res_free(&r);
    ck_assert_int_eq(found, 3);
    ck_assert_int_eq(json_array_size(results), 3);
    /* how each ended, and the federation ids */
    int dq = 0, missing_fed = 0;
    for (size_t k = 0; k < json_array_size(results); k++) {
        json_t *x = json_array_get(results, k);
        dq += !strcmp(json_string_value(json_object_get(x, "ended")), "disqualified");
        for (int s = 0; s < 2; s++) {
            const char *f = json_string_value(
                json_object_get(x, s ? "player_b_federation_id" : "player_a_federation_id"));
            missing_fed += f && !*f;
        }
    }
    ck_assert_int_eq(dq, 1);
    ck_assert_int_ge(missing_fed, 1);
    /* the ruling, the disqualification, the entries, the officials, the warning */
    json_t *ru = json_array_get(json_object_get(rep, "rulings"), 0);
    ck_assert_str_eq(json_string_value(json_object_get(ru, "question")),
                     "Was the cube turned before the roll?");
    ck_assert_str_eq(json_string_value(json_object_get(ru, "reasons")), "003 4.4");
    json_t *sa = json_array_get(json_object_get(rep, "sanctions"), 0);
    ck_assert_str_eq(json_string_value(json_object_get(sa, "kind")), "disqualification");
    ck_assert_str_eq(json_string_value(json_object_get(sa, "reason")),
                     "Abusive to the opponent (1.7)");
    json_t *en = json_object_get(rep, "entries");
    ck_assert_int_eq(json_array_size(en), 2);
    ck_assert_str_eq(json_string_value(json_object_get(json_array_get(en, 0), "reason")),
                     SECRET_REASON);
    json_t *mv = json_array_get(en, 1);
    ck_assert_str_eq(json_string_value(json_object_get(mv, "decision")), "moved_up");
    ck_assert_str_eq(json_string_value(json_object_get(mv, "from_flight")), "intermediate");
    ck_assert_str_eq(json_string_value(json_object_get(mv, "to_flight")), "championship");
    ck_assert_int_ge(json_array_size(json_object_get(rep, "officials")), 1);
    json_t *nof = json_object_get(rep, "players_without_federation_id");
    ck_assert_int_eq(json_array_size(nof), 1);
    ck_assert_str_eq(json_string_value(json_object_get(json_array_get(nof, 0), "name")),
                     "Carla Verdi");
    json_t *w = json_array_get(json_object_get(rep, "warnings"), 0);
    ck_assert_str_eq(json_string_value(json_object_get(w, "table")),
                     "players_without_federation_id");
    json_decref(rep);
    free(text);
}
END_TEST

static json_t *row_where(json_t *rows, const char *key, long long v, const char *key2, long long v2)
{
    for (size_t i = 0; i < json_array_size(rows); i++) {
        json_t *x = json_array_get(rows, i);
        if (json_integer_value(json_object_get(x, key)) == v &&
            (!key2 || json_integer_value(json_object_get(x, key2)) == v2))
            return x;
    }
    return NULL;
}

static json_t *report_of(long long tid)
{
    struct res r;
    download(tid, "json", &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    char *text = report_unzip(r.body, r.len, "report.json", NULL, 0);
    ck_assert_ptr_nonnull(text);
    res_free(&r);
    json_t *rep = json_loads(text, 0, NULL);
    ck_assert_ptr_nonnull(rep);
    free(text);
    return rep;
}

/* GOV-8 with PLACE-1, PLACE-2: each event's placings and finishing order, as the event's
 * placings route answers them. */
START_TEST(test_GOV8_report_carries_the_placings)
{
    struct tour t;
    small_tournament(&t);
    json_t *rep = report_of(t.tid);
    json_t *rows = json_object_get(rep, "placings");
    struct res r;
    char path[160];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/competitions/%lld/placings", t.tid,
             t.main);
    req(&S, "GET", path, NULL, NULL, &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    json_t *pl = json_object_get(r.json, "placings");
    ck_assert_int_eq(json_array_size(pl), 4);
    int of_main = 0;
    for (size_t i = 0; i < json_array_size(rows); i++)
        of_main +=
            json_integer_value(json_object_get(json_array_get(rows, i), "event_id")) == t.main;
    ck_assert_int_eq(of_main, 4); /* the Sunday flights are not drawn: no placings yet */
    for (size_t i = 0; i < json_array_size(pl); i++) {
        json_t *want = json_array_get(pl, i);
        long long who = json_integer_value(json_object_get(want, "entrant_id"));
        json_t *x = row_where(rows, "event_id", t.main, "entrant_id", who);
        ck_assert_msg(x != NULL, "entrant %lld is not in the report's placings", who);
        ck_assert_str_eq(json_string_value(json_object_get(x, "place")),
                         json_string_value(json_object_get(want, "place")));
        ck_assert_int_eq(json_integer_value(json_object_get(x, "rank")),
                         json_integer_value(json_object_get(want, "rank")));
        ck_assert_str_eq(json_string_value(json_object_get(x, "why")),
                         json_string_value(json_object_get(want, "why")));
        ck_assert_str_eq(json_string_value(json_object_get(x, "flight")), "championship");
        ck_assert(json_is_true(json_object_get(x, "final")));
        ck_assert_int_eq(json_integer_value(json_object_get(x, "player_id")), who);
    }
    /* the final's winner (its loser disqualified) first */
    json_t *first = json_array_get(pl, 0);
    ck_assert_int_eq(json_integer_value(json_object_get(first, "rank")), 1);
    res_free(&r);
    json_decref(rep);
}
END_TEST

/* GOV-8 with RAT-1: each player's rating change and each rated match's, as the ratings
 * route answers them; a refused entry (GOV-4) is in neither. */
START_TEST(test_GOV8_report_carries_the_rating_changes)
{
    struct tour t;
    small_tournament(&t);
    json_t *rep = report_of(t.tid);
    json_t *rows = json_object_get(rep, "ratings"),
           *changes = json_object_get(rep, "rating_changes");
    struct res r;
    char path[160];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/ratings", t.tid);
    req(&S, "GET", path, NULL, NULL, &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    json_t *players = json_object_get(r.json, "players");
    ck_assert_int_eq(json_array_size(rows), json_array_size(players) - 1);
    ck_assert_ptr_null(row_where(rows, "player_id", t.p[4], NULL, 0));
    for (int i = 0; i < 4; i++) {
        json_t *x = row_where(rows, "player_id", t.p[i], NULL, 0);
        json_t *want = row_where(players, "player_id", t.p[i], NULL, 0);
        ck_assert_msg(x && want, "player %lld", t.p[i]);
        ck_assert_double_eq_tol(json_real_value(json_object_get(x, "rating_after")),
                                json_number_value(json_object_get(want, "rating")), 0.005);
        ck_assert_double_eq_tol(json_real_value(json_object_get(x, "change")),
                                json_number_value(json_object_get(want, "change")), 0.005);
    }
    int rated = 0;
    json_t *ms = json_object_get(r.json, "matches");
    for (size_t i = 0; i < json_array_size(ms); i++) {
        json_t *m = json_array_get(ms, i);
        if (!json_is_true(json_object_get(m, "rated")))
            continue;
        rated++;
        long long mid = json_integer_value(json_object_get(m, "match_id"));
        for (int s = 0; s < 2; s++) {
            json_t *side = json_array_get(json_object_get(m, "sides"), (size_t)s);
            json_t *x = row_where(changes, "match_id", mid, "player_id",
                                  json_integer_value(json_object_get(side, "player_id")));
            ck_assert_msg(x != NULL, "match %lld's change is not in the report", mid);
            ck_assert_double_eq_tol(json_real_value(json_object_get(x, "change")),
                                    json_number_value(json_object_get(side, "change")), 0.005);
            ck_assert_double_eq_tol(json_real_value(json_object_get(x, "rating_before")),
                                    json_number_value(json_object_get(side, "before")), 0.005);
        }
    }
    ck_assert_int_ge(rated, 2); /* the semi-finals, played */
    ck_assert_int_eq(json_array_size(changes), (size_t)rated * 2);
    res_free(&r);
    json_decref(rep);
}
END_TEST

START_TEST(test_GOV8_report_csv_one_file_a_table)
{
    struct tour t;
    small_tournament(&t);
    struct res r;
    download(t.tid, "csv", &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    const char *files[] = {"tournament.csv",
                           "results.csv",
                           "rulings.csv",
                           "sanctions.csv",
                           "entries.csv",
                           "officials.csv",
                           "players_without_federation_id.csv",
                           "warnings.csv",
                           "placings.csv",
                           "ratings.csv",
                           "rating_changes.csv"};
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        char *csv = report_unzip(r.body, r.len, files[i], NULL, 0);
        ck_assert_msg(csv != NULL, "%s is missing", files[i]);
        no_secret(&t, csv);
        /* UTF-8 (with the byte order mark spreadsheets want), CRLF, a header row */
        ck_assert(!memcmp(csv, "\xEF\xBB\xBF", 3));
        ck_assert_ptr_nonnull(strstr(csv, "\r\n"));
        if (!strcmp(files[i], "results.csv")) {
            ck_assert(!strncmp(csv + 3, "match_id,date,", 14));
            int lines = 0;
            for (const char *c = csv; (c = strstr(c, "\r\n")); c += 2)
                lines++;
            ck_assert_int_eq(lines, 4); /* the header and three results */
            ck_assert_ptr_nonnull(strstr(csv, "FIBA-100"));
        }
        if (!strcmp(files[i], "ratings.csv")) /* a rating with two decimals */
            ck_assert(!strncmp(csv + 3, "player_id,player,federation_id,rating_before,", 45) &&
                      strstr(csv, ".00,"));
        if (!strcmp(files[i], "entries.csv"))
            ck_assert_ptr_nonnull(strstr(csv, SECRET_REASON));
        free(csv);
    }
    res_free(&r);
}
END_TEST

START_TEST(test_GOV8_report_refusals)
{
    long long tid = make_tournament(&S, "No report yet");
    struct res r;
    download(tid, "xml", &r);
    assert_refused(&r, 422, "format", "an unknown format");
    res_free(&r);
    download(987654, "json", &r);
    ck_assert_int_eq(r.status, 404);
    res_free(&r);
    char path[120];
    path_of(path, sizeof path, tid, "/report");
    req(&S, "GET", path, NULL, NULL, &r);
    ck_assert_int_eq(r.status, 401);
    res_free(&r);
    /* an empty tournament has an empty report, every table's header kept */
    download(tid, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    char *text = report_unzip(r.body, r.len, "report.json", NULL, 0);
    ck_assert_ptr_nonnull(text);
    json_t *rep = json_loads(text, 0, NULL);
    ck_assert_int_eq(json_array_size(json_object_get(rep, "results")), 0);
    json_decref(rep);
    free(text);
    res_free(&r);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("http_entries");
    TCase *tc = tcase_create("entries");
    tcase_add_unchecked_fixture(tc, srv_up, srv_down);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_GOV4_approval_off_every_entry_accepted);
    tcase_add_test(tc, test_GOV4_pending_until_the_TD_approves);
    tcase_add_test(tc, test_GOV4_refused_reason_never_shown_to_the_player);
    tcase_add_test(tc, test_GOV4_imported_entries_wait_for_approval);
    tcase_add_test(tc, test_GOV4_moved_up_to_a_higher_flight);
    tcase_add_test(tc, test_GOV8_report_json_agrees_with_the_bracket);
    tcase_add_test(tc, test_GOV8_report_carries_the_placings);
    tcase_add_test(tc, test_GOV8_report_carries_the_rating_changes);
    tcase_add_test(tc, test_GOV8_report_csv_one_file_a_table);
    tcase_add_test(tc, test_GOV8_report_refusals);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
