/* The Committee's suites' fixture: see committee_fx.h. */
#include "committee_fx.h"

#include <check.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void ok(struct res *r, long status, const char *what)
{
    ck_assert_msg(r->status == status, "%s: %ld %s", what, r->status, r->body);
}

void tpath(char *out, size_t len, const struct fx *f, const char *tail)
{
    snprintf(out, len, "/api/v1/tournaments/%lld%s", f->tid, tail);
}

/* as on the tournament's tail: the status, the reply in r (freed by the caller). */
void on_t(struct srv *as, const struct fx *f, const char *method, const char *tail,
          const char *body, struct res *r)
{
    char path[200];
    tpath(path, sizeof path, f, tail);
    td(as, method, path, body, r);
}

void on_m(struct srv *as, const struct fx *f, long long mid, const char *method, const char *tail,
          const char *body, struct res *r)
{
    char path[200];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/matches/%lld%s", f->tid, mid, tail);
    td(as, method, path, body, r);
}

/* A member added by the TD; a non-player's PIN into pin (may be NULL). */
long long member(const struct fx *f, const char *body, char *pin)
{
    struct res r;
    on_t(&S, f, "POST", "/committee/members", body, &r);
    ok(&r, 201, body);
    long long id = jint(&r, "id");
    if (pin)
        snprintf(pin, 16, "%s", jstr(&r, "pin"));
    res_free(&r);
    return id;
}

long long player_on(const struct fx *f, long long mid, int s)
{
    struct res r;
    on_m(&S, f, mid, "GET", "", NULL, &r);
    ok(&r, 200, "match");
    long long pid = json_integer_value(
        json_object_get(json_array_get(json_object_get(r.json, "sides"), (size_t)s), "player_id"));
    res_free(&r);
    return pid;
}

struct srv *session_of(struct fx *f, long long pid)
{
    for (int i = 0; i < 4; i++)
        if (f->pid[i] == pid)
            return &f->as[i];
    ck_abort_msg("no player %lld", pid);
    return NULL;
}

void setup(struct fx *f)
{
    setup_with(f, 0);
}

void setup_with(struct fx *f, int consolation)
{
    memset(f, 0, sizeof *f);
    f->tid = make_tournament(&S, "Appeals");
    static const char *const names[] = {"Anna", "Bruno", "Carla", "Dario"};
    for (int i = 0; i < 4; i++) {
        f->pid[i] = make_player_pin(&S, f->tid, names[i], f->pin[i]);
        srv_player_login(&f->as[i], &S, f->tid, f->pid[i], f->pin[i]);
    }
    f->eid = make_competition(
        &S, f->tid,
        "{\"kind\": \"knockout\", \"name\": \"Main\", \"knockout\": {\"lengths\": [3, 5]}}");
    if (consolation) {
        char cons[160];
        snprintf(cons, sizeof cons,
                 "{\"kind\": \"knockout\", \"name\": \"Consolation\", \"knockout\": "
                 "{\"feeds_from\": %lld, \"lengths\": [3]}}",
                 f->eid);
        f->cons = make_competition(&S, f->tid, cons);
    }
    enter_players(&S, f->tid, f->eid, 4, f->pid);
    char path[200];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/competitions/%lld/knockout/draw", f->tid,
             f->eid);
    struct res r;
    td(&S, "POST", path, "{\"seed\": \"10\"}", &r);
    ok(&r, 200, "draw");
    json_t *rounds = json_object_get(r.json, "rounds");
    for (int i = 0; i < 2; i++)
        f->r1[i] = json_integer_value(json_object_get(
            json_array_get(json_object_get(json_array_get(rounds, 0), "matches"), (size_t)i),
            "match_id"));
    f->fin = json_integer_value(json_object_get(
        json_array_get(json_object_get(json_array_get(rounds, 1), "matches"), 0), "match_id"));
    res_free(&r);
    on_t(&S, f, "PUT", "/committee", "{\"form\": \"standing\", \"appeal_window_minutes\": 30}", &r);
    ok(&r, 200, "the Committee's form");
    res_free(&r);
    f->ezio = member(f, "{\"name\": \"Ezio\"}", f->ezio_pin);
    f->flora = member(f, "{\"name\": \"Flora\"}", f->flora_pin);
    f->gina = member(f, "{\"name\": \"Gina\", \"reserve\": true}", f->gina_pin);
}

/* A snapshot of what a refusal must leave as it was: the tournament's ETag and bytes, the
 * Committee, the appeals (the TD's view) and the matches. */
char *snapshot(const struct fx *f)
{
    char path[200], *out = NULL;
    struct raw t;
    tpath(path, sizeof path, f, "");
    ck_assert_int_eq(raw_get(&S, path, &t), 0);
    ck_assert_int_ge(asprintf(&out, "%s|%s", t.etag, t.body), 0);
    raw_free(&t);
    const char *tails[] = {"/committee", "/appeals", "/matches"};
    for (int i = 0; i < 3; i++) {
        struct res r;
        on_t(&S, f, "GET", tails[i], NULL, &r);
        char *more = NULL;
        ck_assert_int_ge(asprintf(&more, "%s|%s", out, r.body), 0);
        free(out);
        out = more;
        res_free(&r);
    }
    return out;
}

/* as asks on the tournament's tail; refused with status naming name (a rule or a field),
 * nothing changed. */
void refuse(struct srv *as, const struct fx *f, const char *method, const char *tail,
            const char *body, long status, const char *name, const char *what)
{
    char *before = snapshot(f);
    struct res r;
    on_t(as, f, method, tail, body, &r);
    assert_refused(&r, status, name, what);
    res_free(&r);
    char *after = snapshot(f);
    ck_assert_msg(!strcmp(before, after), "%s changed something:\n%s\n%s", what, before, after);
    free(before);
    free(after);
}

/* The TD's ruling on match mid that sets score a-b: its id. */
long long ruling(const struct fx *f, long long mid, int a, int b, const char *state)
{
    char body[400];
    snprintf(
        body, sizeof body,
        "{\"question\": \"Who won?\", \"facts\": \"Two scoresheets\", \"decision\": \"%d-%d\", "
        "\"reasons\": \"The witnesses\", \"effect\": {\"kind\": \"score\", \"score\": "
        "{\"a\": %d, \"b\": %d}}}",
        a, b, a, b);
    struct res r;
    on_m(&S, f, mid, "POST", "/rulings", body, &r);
    ok(&r, 201, "ruling");
    ck_assert_str_eq(jstr(&r, "state"), state);
    long long id = jint(&r, "id");
    res_free(&r);
    return id;
}

/* Ruling rid made `minutes` earlier (the server stopped, its database edited, restarted). */
void age_ruling(struct fx *f, long long rid, int minutes)
{
    ck_assert_int_eq(srv_stop(&S), 0);
    sqlite3 *h = NULL;
    char sql[160];
    snprintf(sql, sizeof sql, "UPDATE rulings SET created_ms = created_ms - %d WHERE id = %lld",
             minutes * 60000, rid);
    ck_assert_int_eq(sqlite3_open(S.db, &h), SQLITE_OK);
    ck_assert_int_eq(sqlite3_exec(h, sql, NULL, NULL, NULL), SQLITE_OK);
    sqlite3_close(h);
    srv_restart(&S);
    for (int i = 0; i < 4; i++) /* the sessions are the database's: only the port is new */
        f->as[i].port = S.port;
}
