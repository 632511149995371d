/* HTTP tests of who may decide about a match (GOV-6, GOV-6a) against a real `crawford
 * serve`, a fresh server for each test (officials are the server's, not a tournament's):
 * a party to the match decides through no door while another TD can (a verdict, a
 * correction, a forfeit, a disqualification, points, a flag reversed, a ruling), nor
 * through a machine token they made, nor by unlinking themselves from their player; with no
 * other TD the decision is the Committee's; an assistant records only what the players
 * agree on; a dispute is decided by a ruling. Every refusal names GOV-6a and changes
 * nothing: the tournament's bytes and ETag (its revision), the match, its reports and its
 * rulings are read again. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/harness.h"
#include "../check_main.h"

/* ---- fixture: a called 5-point match between Anna (a) and Bruno (b) ---- */

struct fx {
    long long tid, pa, pb, mid;
    struct srv a, b;
};

static void call(struct fx *f)
{
    char path[160];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/matches/%lld/call", f->tid, f->mid);
    struct res r;
    td(&S, "POST", path, "{\"table\": \"7\"}", &r);
    ck_assert_int_eq(r.status, 200);
    res_free(&r);
}

static void setup(struct fx *f)
{
    memset(f, 0, sizeof *f);
    f->tid = make_tournament(&S, "Deciders");
    char pa[8], pb[8];
    f->pa = make_player_pin(&S, f->tid, "Anna", pa);
    f->pb = make_player_pin(&S, f->tid, "Bruno", pb);
    f->mid = make_match(&S, f->tid, f->pa, f->pb, 5);
    call(f);
    srv_player_login(&f->a, &S, f->tid, f->pa, pa);
    srv_player_login(&f->b, &S, f->tid, f->pb, pb);
}

/* A request on the match as `as`. */
static void op(struct srv *as, const struct fx *f, const char *method, const char *tail,
               const char *body, struct res *r)
{
    match_op(as, f->tid, f->mid, method, tail, body, r);
}

/* A player's report of a final score. */
static void report(struct srv *as, struct fx *f, int a, int b)
{
    char body[80];
    snprintf(body, sizeof body, "{\"score\": {\"a\": %d, \"b\": %d}}", a, b);
    struct res r;
    op(as, f, "POST", "report", body, &r);
    ck_assert_msg(r.status == 200, "report: %ld %s", r.status, r.body);
    res_free(&r);
}

/* Player pid's official link set by `as` (official 0: none): the status. */
static long link_player(struct srv *as, const struct fx *f, long long pid, long long official)
{
    char path[160], body[64];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/players/%lld", f->tid, pid);
    if (official)
        snprintf(body, sizeof body, "{\"official_id\": %lld}", official);
    else
        snprintf(body, sizeof body, "{\"official_id\": null}");
    struct res r;
    td(as, "PATCH", path, body, &r);
    long status = r.status;
    res_free(&r);
    return status;
}

/* Official id set to status ("suspended", "active") by the head TD. */
static void official_status(long long id, const char *status)
{
    char path[64], body[64];
    snprintf(path, sizeof path, "/api/v1/officials/%lld", id);
    snprintf(body, sizeof body, "{\"status\": \"%s\"}", status);
    struct res r;
    td(&S, "PATCH", path, body, &r);
    ck_assert_int_eq(r.status, 200);
    res_free(&r);
}

/* What a refusal must leave as it was: the tournament (bytes and ETag), the match, its
 * reports, its rulings, its penalties and the players (their links). */
static char *snapshot(struct fx *f)
{
    char path[160];
    struct raw t;
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld", f->tid);
    ck_assert_int_eq(raw_get(&S, path, &t), 0);
    const char *tails[] = {"", "reports", "rulings", "penalties"};
    char *out = NULL;
    ck_assert_int_ge(asprintf(&out, "%s|%s", t.etag, t.body), 0);
    raw_free(&t);
    for (int i = 0; i < 4; i++) {
        struct res r;
        op(&S, f, "GET", tails[i], NULL, &r);
        char *more = NULL;
        ck_assert_int_ge(asprintf(&more, "%s|%s", out, r.body), 0);
        free(out);
        out = more;
        res_free(&r);
    }
    struct res r;
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/players", f->tid);
    td(&S, "GET", path, NULL, &r);
    char *more = NULL;
    ck_assert_int_ge(asprintf(&more, "%s|%s", out, r.body), 0);
    free(out);
    res_free(&r);
    return more;
}

/* `as` asks; refused with status naming `name` (the rule, or a 422's field), and nothing
 * changed. */
static void refuse_named(struct srv *as, struct fx *f, const char *method, const char *path,
                         const char *body, long status, const char *name, const char *what)
{
    char *before = snapshot(f);
    struct res r;
    td(as, method, path, body, &r);
    assert_refused(&r, status, name, what);
    res_free(&r);
    char *after = snapshot(f);
    ck_assert_msg(!strcmp(before, after), "%s changed something:\n%s\n%s", what, before, after);
    free(before);
    free(after);
}

static void refuse_path(struct srv *as, struct fx *f, const char *method, const char *path,
                        const char *body, long status, const char *what)
{
    refuse_named(as, f, method, path, body, status, "GOV-6a", what);
}

static void refuse(struct srv *as, struct fx *f, const char *method, const char *tail,
                   const char *body, long status, const char *what)
{
    char path[200];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/matches/%lld%s%s", f->tid, f->mid,
             tail[0] ? "/" : "", tail);
    refuse_path(as, f, method, path, body, status, what);
}

static const char *const RULING_5_0 =
    "{\"question\": \"Who won?\", \"facts\": \"Both claim the last game.\", \"decision\": "
    "\"Anna wins 5-0\", \"reasons\": \"The scoresheet\", \"effect\": {\"kind\": \"score\", "
    "\"score\": {\"a\": 5, \"b\": 0}}}";

/* The match as anyone reads it: its state and how it ended. */
static void match_is(struct fx *f, const char *state, const char *ended)
{
    struct res r;
    op(&S, f, "GET", "", NULL, &r);
    ck_assert_msg(!strcmp(jstr(&r, "state"), state), "state %s, not %s", jstr(&r, "state"), state);
    if (ended)
        ck_assert_str_eq(jstr(&r, "ended"), ended);
    res_free(&r);
}

/* GOV-6a: a TD linked to a player of a disputed match, with the head TD there to decide,
 * decides through no door: not a ruling, nor a verdict (a report or a score of their own),
 * a forfeit, a disqualification, a withdrawal, penalty or lateness points, a flag
 * reversed; nor unlinks themselves first. The head TD's ruling stands; the party's
 * correction of it is refused too. */
START_TEST(test_GOV6a_party_decides_through_no_door)
{
    struct fx f;
    setup(&f);
    long long tina = make_official(&S, "Tina", "td", "tina password");
    struct srv as_tina;
    srv_login_as(&as_tina, &S, "Tina", "tina password");
    ck_assert_int_eq(link_player(&S, &f, f.pb, tina), 200); /* Bruno is Tina */
    report(&f.a, &f, 5, 4);
    report(&f.b, &f, 4, 5);
    match_is(&f, "disputed", NULL);
    struct res r;
    op(&S, &f, "GET", "reports", NULL, &r);
    long long rid_b = json_integer_value(
        json_object_get(json_object_get(json_object_get(r.json, "reports"), "b"), "id"));
    res_free(&r);
    char body[80];
    snprintf(body, sizeof body, "{\"report_id\": %lld}", rid_b);
    refuse(&as_tina, &f, "POST", "rulings", RULING_5_0, 403, "a party's ruling");
    refuse(&as_tina, &f, "POST", "verify", body, 403, "a party's verdict for their own report");
    refuse(&as_tina, &f, "POST", "verify", "{\"score\": {\"a\": 0, \"b\": 5}}", 403,
           "a party's verdict with a score");
    refuse(&as_tina, &f, "POST", "forfeit", "{\"winner\": \"b\", \"reason\": \"late\"}", 403,
           "a party's forfeit");
    refuse(&as_tina, &f, "POST", "disqualify", "{\"side\": \"a\", \"reason\": \"rude\"}", 403,
           "a party's disqualification");
    refuse(&as_tina, &f, "POST", "withdraw", "{\"side\": \"a\"}", 403, "a party's withdrawal");
    refuse(&as_tina, &f, "POST", "penalties",
           "{\"side\": \"a\", \"kind\": \"points\", \"points\": 1, \"reason\": \"x\"}", 403,
           "a party's penalty points");
    refuse(&as_tina, &f, "POST", "lateness/confirm", "{\"side\": \"a\"}", 403,
           "a party's lateness points");
    refuse(&as_tina, &f, "POST", "clock/reverse-flag", NULL, 403, "a party reversing a flag");
    char path[160];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/players/%lld", f.tid, f.pb);
    refuse_path(&as_tina, &f, "PATCH", path, "{\"official_id\": null}", 403,
                "a party unlinking themselves");
    refuse_path(&as_tina, &f, "PATCH", path, "{\"official_id\": 1}", 403,
                "a party moving their player to another official");
    op(&S, &f, "POST", "rulings", RULING_5_0, &r);
    ck_assert_msg(r.status == 201, "the head TD's ruling: %ld %s", r.status, r.body);
    ck_assert_str_eq(jstr(&r, "state"), "decided");
    res_free(&r);
    match_is(&f, "verified", "ruling");
    refuse(&as_tina, &f, "POST", "correct", "{\"score\": {\"a\": 0, \"b\": 5}, \"reason\": \"x\"}",
           403, "a party's correction");
}
END_TEST

/* GOV-6a: a machine token acts for the official who made it: the head TD, a party, rules
 * through no td token of theirs while another TD can, nor unlinks themselves with it. */
START_TEST(test_GOV6a_token_acts_for_its_maker)
{
    struct fx f;
    setup(&f);
    make_official(&S, "Tina", "td", "tina password");
    struct srv as_tina;
    srv_login_as(&as_tina, &S, "Tina", "tina password");
    ck_assert_int_eq(link_player(&as_tina, &f, f.pa, 1), 200); /* Anna is the head TD */
    struct res r;
    td(&S, "POST", "/api/v1/tokens", "{\"label\": \"Laptop\", \"role\": \"td\"}", &r);
    ck_assert_int_eq(r.status, 201);
    char auth[128];
    snprintf(auth, sizeof auth, "Authorization: Bearer %s", jstr(&r, "token"));
    res_free(&r);
    const char *h[] = {auth, "X-Crawford: 1", "Content-Type: application/json", NULL};
    char *before = snapshot(&f);
    char path[200];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/matches/%lld/rulings", f.tid, f.mid);
    req(&S, "POST", path, RULING_5_0, h, &r);
    assert_refused(&r, 403, "GOV-6a", "a ruling with the party's token");
    res_free(&r);
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/matches/%lld/verify", f.tid, f.mid);
    req(&S, "POST", path, "{\"score\": {\"a\": 5, \"b\": 0}}", h, &r);
    assert_refused(&r, 403, "GOV-6a", "a verdict with the party's token");
    res_free(&r);
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/players/%lld", f.tid, f.pa);
    req(&S, "PATCH", path, "{\"official_id\": null}", h, &r);
    assert_refused(&r, 403, "GOV-6a", "the party unlinking themselves with their token");
    res_free(&r);
    char *after = snapshot(&f);
    ck_assert_msg(!strcmp(before, after), "the token's refusals changed something");
    free(before);
    free(after);
    /* Tina, not a party, decides */
    op(&as_tina, &f, "POST", "rulings", RULING_5_0, &r);
    ck_assert_msg(r.status == 201, "Tina's ruling: %ld %s", r.status, r.body);
    ck_assert_str_eq(jstr(&r, "state"), "decided");
    res_free(&r);
}
END_TEST

/* GOV-6a on a Davis Cup consultation doubles: either member of a pair plays it, so a TD
 * linked to a team's second player is a party to its doubles. */
START_TEST(test_GOV6a_davis_doubles_pair_is_a_party)
{
    struct fx f;
    memset(&f, 0, sizeof f);
    f.tid = make_tournament(&S, "Coppa");
    long long p[4];
    make_players(&S, f.tid, 4, p, NULL);
    char path[200], body[200];
    struct res r;
    long long eid = make_competition(
        &S, f.tid, "{\"kind\": \"davis\", \"name\": \"Davis\", \"davis\": {\"lengths\": [3, 5, 3]}}");
    for (int t = 0; t < 2; t++) {
        snprintf(path, sizeof path, "/api/v1/tournaments/%lld/competitions/%lld/davis/teams", f.tid,
                 eid);
        snprintf(body, sizeof body, "{\"name\": \"Team %c\", \"player1\": %lld, \"player2\": %lld}",
                 'A' + t, p[2 * t], p[2 * t + 1]);
        td(&S, "POST", path, body, &r);
        ck_assert_msg(r.status == 201, "%s", r.body);
        res_free(&r);
    }
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/competitions/%lld/davis/start", f.tid,
             eid);
    td(&S, "POST", path, NULL, &r);
    ck_assert_msg(r.status == 201, "%s", r.body);
    res_free(&r);
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/competitions/%lld/davis", f.tid, eid);
    req(&S, "GET", path, NULL, NULL, &r);
    json_t *tie = json_array_get(json_object_get(r.json, "ties"), 0);
    /* the doubles: rubber 3, phase 2 */
    f.mid = json_integer_value(
        json_object_get(json_array_get(json_object_get(tie, "rubbers"), 2), "id"));
    res_free(&r);
    ck_assert_int_gt(f.mid, 0);
    long long tina = make_official(&S, "Tina", "td", "tina password");
    struct srv as_tina;
    srv_login_as(&as_tina, &S, "Tina", "tina password");
    f.pb = p[1];
    ck_assert_int_eq(link_player(&S, &f, p[1], tina), 200); /* A2 is Tina */
    refuse(&as_tina, &f, "POST", "rulings",
           "{\"question\": \"q\", \"facts\": \"f\", \"decision\": \"d\", \"reasons\": \"r\"}", 403,
           "a ruling by the second member of a doubles pair");
    refuse(&as_tina, &f, "POST", "forfeit", "{\"winner\": \"a\", \"reason\": \"late\"}", 403,
           "a forfeit by the second member of a doubles pair");
}
END_TEST

/* GOV-6a: an assistant records what both players agree on, never chooses a score: in a
 * dispute (5-4 against 4-5) neither a score of their own nor either player's report; a
 * score one player's report contradicts neither. A report nobody contradicts is recorded. */
START_TEST(test_GOV6a_assistant_chooses_no_score)
{
    struct fx f;
    setup(&f);
    make_official(&S, "Andy", "assistant", "andy password");
    struct srv as_andy;
    srv_login_as(&as_andy, &S, "Andy", "andy password");
    report(&f.a, &f, 5, 4);
    report(&f.b, &f, 4, 5);
    struct res r;
    op(&S, &f, "GET", "reports", NULL, &r);
    long long rid_a = json_integer_value(
        json_object_get(json_object_get(json_object_get(r.json, "reports"), "a"), "id"));
    res_free(&r);
    char body[80];
    snprintf(body, sizeof body, "{\"report_id\": %lld}", rid_a);
    refuse(&as_andy, &f, "POST", "verify", "{\"score\": {\"a\": 5, \"b\": 0}}", 403,
           "an assistant's score in a dispute");
    refuse(&as_andy, &f, "POST", "verify", body, 403, "an assistant choosing a report");
    match_is(&f, "disputed", NULL);
    /* one report, and a score that contradicts it */
    setup(&f);
    report(&f.a, &f, 5, 2);
    refuse(&as_andy, &f, "POST", "verify", "{\"score\": {\"a\": 2, \"b\": 5}}", 403,
           "an assistant's score against a player's report");
    op(&as_andy, &f, "POST", "verify", "{\"score\": {\"a\": 5, \"b\": 2}}", &r);
    ck_assert_msg(r.status == 200, "an assistant recording the report: %ld %s", r.status, r.body);
    res_free(&r);
    match_is(&f, "verified", "played");
}
END_TEST

/* GOV-6, GOV-6a: a TD decides a dispute with a ruling (question, facts, decision, reasons),
 * not a verdict that records none: the verdict is refused (409 naming GOV-6a, saying to
 * give a ruling) and changes nothing; the ruling decides it. */
START_TEST(test_GOV6a_dispute_is_decided_by_a_ruling)
{
    struct fx f;
    setup(&f);
    report(&f.a, &f, 5, 4);
    report(&f.b, &f, 4, 5);
    refuse(&S, &f, "POST", "verify", "{\"score\": {\"a\": 5, \"b\": 0}}", 409,
           "a TD's verdict of a dispute");
    char path[200];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/matches/%lld/rulings", f.tid, f.mid);
    refuse_named(&S, &f, "POST", path,
                 "{\"question\": \"q\", \"facts\": \"f\", \"decision\": \"d\", \"reasons\": "
                 "\"r\", \"effect\": {\"kind\": \"score\", \"score\": {\"a\": 5, \"b\": 0}, "
                 "\"report_id\": 1}}",
                 422, "effect.report_id", "a ruling with a score and a report");
    struct res r;
    op(&S, &f, "POST", "rulings", RULING_5_0, &r);
    ck_assert_msg(r.status == 201, "the ruling: %ld %s", r.status, r.body);
    ck_assert(json_is_true(json_object_get(r.json, "decided_match")));
    ck_assert_str_eq(jstr(&r, "question"), "Who won?");
    res_free(&r);
    match_is(&f, "verified", "ruling");
}
END_TEST

/* GOV-6a: with no other TD (the other one suspended, or a party too) a party's decision is
 * the Committee's: the other doors refuse it (409 naming GOV-6a, saying to record it as a
 * ruling), the ruling waits for the Committee and changes nothing. Linking the head TD is
 * another official's doing. */
START_TEST(test_GOV6a_party_alone_waits_for_the_committee)
{
    struct fx f;
    setup(&f);
    long long tina = make_official(&S, "Tina", "td", "tina password");
    long long lina = make_official(&S, "Lina", "td", "lina password");
    struct srv as_tina;
    srv_login_as(&as_tina, &S, "Tina", "tina password");
    /* the head TD does not link themselves */
    char path[160];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/players/%lld", f.tid, f.pa);
    refuse_path(&S, &f, "PATCH", path, "{\"official_id\": 1}", 403, "linking oneself");
    ck_assert_int_eq(link_player(&as_tina, &f, f.pa, 1), 200); /* Anna is the head TD */
    ck_assert_int_eq(link_player(&S, &f, f.pb, lina), 200);    /* Bruno is Lina */
    official_status(tina, "suspended");
    report(&f.a, &f, 5, 3);
    refuse(&S, &f, "POST", "verify", "{\"score\": {\"a\": 5, \"b\": 3}}", 409,
           "a party's verdict with no other TD");
    refuse(&S, &f, "POST", "forfeit", "{\"winner\": \"a\", \"reason\": \"late\"}", 409,
           "a party's forfeit with no other TD");
    struct res r;
    op(&S, &f, "POST", "rulings", RULING_5_0, &r);
    ck_assert_msg(r.status == 201, "party ruling: %ld %s", r.status, r.body);
    ck_assert_str_eq(jstr(&r, "state"), "awaiting_committee");
    res_free(&r);
    match_is(&f, "reported", NULL);
}
END_TEST

/* GOV-6: the reply to a ruling lists the audit rows that name it, as its reads do; the
 * ruling.recorded row (one of them) claims no empty list. */
START_TEST(test_GOV6_ruling_reply_lists_its_audit_rows)
{
    struct fx f;
    setup(&f);
    struct res r;
    op(&S, &f, "POST", "rulings",
       "{\"question\": \"q\", \"facts\": \"f\", \"decision\": \"d\", \"reasons\": \"r\", "
       "\"effect\": {\"kind\": \"penalty\", \"side\": \"a\", \"points\": 1}}",
       &r);
    ck_assert_msg(r.status == 201, "ruling: %ld %s", r.status, r.body);
    char *given = json_dumps(json_object_get(r.json, "audit_ids"), JSON_COMPACT);
    res_free(&r);
    op(&S, &f, "GET", "rulings", NULL, &r);
    char *stored = json_dumps(
        json_object_get(json_array_get(json_object_get(r.json, "rulings"), 0), "audit_ids"),
        JSON_COMPACT);
    res_free(&r);
    ck_assert_msg(strcmp(stored, "[]") && !strcmp(given, stored),
                  "the reply says %s, the ruling %s", given, stored);
    free(given);
    free(stored);
    char path[120];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/audit?limit=1000", f.tid);
    td(&S, "GET", path, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    ck_assert_msg(!strstr(r.body, "\\\"audit_ids\\\":[]") && !strstr(r.body, "\"audit_ids\": []") &&
                      !strstr(r.body, "\"audit_ids\":[]"),
                  "an audit row claims no audit rows: %s", r.body);
    res_free(&r);
}
END_TEST

/* GOV-6a with a Swing game (SWING-3: decided by its one game, not a score): a disputed
 * game is decided by a ruling naming the report that stands. */
START_TEST(test_GOV6a_swing_dispute_decided_by_a_report)
{
    struct fx f;
    memset(&f, 0, sizeof f);
    f.tid = make_tournament(&S, "Swing");
    char path[200], body[400], pins[2][8];
    struct res r;
    long long eid = make_competition(&S, f.tid,
                               "{\"kind\": \"swing\", \"name\": \"Swing\", \"swing\": "
                               "{\"start_chips\": 1000, \"cpp\": [100]}}");
    long long p[2];
    for (int i = 0; i < 2; i++)
        p[i] = make_player_pin(&S, f.tid, i ? "Bea" : "Al", pins[i]);
    enter_players(&S, f.tid, eid, 2, p);
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/competitions/%lld/swing/rounds", f.tid,
             eid);
    td(&S, "POST", path, NULL, &r);
    ck_assert_msg(r.status == 201, "%s", r.body);
    json_t *g = json_array_get(json_object_get(r.json, "games"), 0);
    f.mid = json_integer_value(json_object_get(g, "id"));
    int a = json_integer_value(json_object_get(json_array_get(json_object_get(g, "sides"), 0),
                                               "player_id")) == p[0]
                ? 0
                : 1;
    res_free(&r);
    srv_player_login(&f.a, &S, f.tid, p[a], pins[a]);
    srv_player_login(&f.b, &S, f.tid, p[1 - a], pins[1 - a]);
    const char *won[2] = {"{\"game\": {\"winner\": \"a\", \"cube\": 2, \"result\": \"gammon\"}}",
                          "{\"game\": {\"winner\": \"b\", \"cube\": 1, \"result\": \"single\"}}"};
    op(&f.a, &f, "POST", "report", won[0], &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    res_free(&r);
    op(&f.b, &f, "POST", "report", won[1], &r);
    ck_assert_msg(r.status == 200, "%s", r.body);
    res_free(&r);
    match_is(&f, "disputed", NULL);
    refuse(&S, &f, "POST", "verify", won[0], 409, "a verdict of a disputed Swing game");
    op(&S, &f, "GET", "reports", NULL, &r);
    long long rid_a = json_integer_value(
        json_object_get(json_object_get(json_object_get(r.json, "reports"), "a"), "id"));
    res_free(&r);
    snprintf(
        body, sizeof body,
        "{\"question\": \"Which game?\", \"facts\": \"Two versions\", \"decision\": \"Al's\", "
        "\"reasons\": \"The witnesses\", \"effect\": {\"kind\": \"score\", \"report_id\": %lld}}",
        rid_a);
    op(&S, &f, "POST", "rulings", body, &r);
    ck_assert_msg(r.status == 201, "the ruling: %ld %s", r.status, r.body);
    json_t *m = json_object_get(r.json, "match");
    ck_assert_str_eq(json_string_value(json_object_get(m, "state")), "verified");
    ck_assert_str_eq(json_string_value(json_object_get(m, "winner")), "a");
    ck_assert_int_eq(json_integer_value(json_object_get(m, "result_report_id")), rid_a);
    res_free(&r);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("http_deciders");
    TCase *tc = tcase_create("deciders");
    tcase_add_checked_fixture(tc, srv_up, srv_down);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_GOV6a_party_decides_through_no_door);
    tcase_add_test(tc, test_GOV6a_token_acts_for_its_maker);
    tcase_add_test(tc, test_GOV6a_davis_doubles_pair_is_a_party);
    tcase_add_test(tc, test_GOV6a_assistant_chooses_no_score);
    tcase_add_test(tc, test_GOV6a_dispute_is_decided_by_a_ruling);
    tcase_add_test(tc, test_GOV6a_party_alone_waits_for_the_committee);
    tcase_add_test(tc, test_GOV6a_swing_dispute_decided_by_a_report);
    tcase_add_test(tc, test_GOV6_ruling_reply_lists_its_audit_rows);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(suite)
