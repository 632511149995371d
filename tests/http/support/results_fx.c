/* The results suites' fixture: see results_fx.h. */
#include "results_fx.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void results_up(void)
{
    srv_start(&S, "\"pin_max_failures\": 3, \"pin_address_max_failures\": 1000");
    srv_login(&S);
}

void player_login(struct srv *as, long long tid, long long pid, const char *pin)
{
    srv_player_login(as, &S, tid, pid, pin);
}

long long register_player(long long tid, const char *name, char pin[8])
{
    return make_player_pin(&S, tid, name, pin);
}

void setup_match_named(struct fixture *f, int length, const char *name_a, const char *name_b)
{
    f->tid = make_tournament(&S, "Results");
    f->pa = register_player(f->tid, name_a, f->pin_a);
    f->pb = register_player(f->tid, name_b, f->pin_b);
    f->mid = make_match(&S, f->tid, f->pa, f->pb, length);
    player_login(&f->a, f->tid, f->pa, f->pin_a);
    player_login(&f->b, f->tid, f->pb, f->pin_b);
}

void setup_match(struct fixture *f, int length)
{
    setup_match_named(f, length, "Anna", "Bruno");
}

void match_path(const struct fixture *f, const char *tail, char *out, size_t len)
{
    snprintf(out, len, "/api/v1/tournaments/%lld/matches/%lld%s", f->tid, f->mid, tail);
}

void report_score(struct srv *as, const struct fixture *f, int a, int b, struct res *r)
{
    char path[160], body[96];
    match_path(f, "/report", path, sizeof path);
    snprintf(body, sizeof body, "{\"score\": {\"a\": %d, \"b\": %d}}", a, b);
    td(as, "POST", path, body, r);
}

void results_get_match(const struct fixture *f, struct res *r)
{
    char path[160];
    match_path(f, "", path, sizeof path);
    req(&S, "GET", path, NULL, NULL, r);
    ck_assert_int_eq(r->status, 200);
}

void post_game(struct srv *as, const struct fixture *f, const char *body, struct res *r)
{
    char path[160];
    match_path(f, "/games", path, sizeof path);
    td(as, "POST", path, body, r);
}

void send_twice(struct fixture *f, const char *route, const char *key, const char *body,
                char cookie[200], const char *h[5])
{
    char path[160], idem[80];
    static char keep[80];
    match_path(f, route, path, sizeof path);
    snprintf(cookie, 200, "Cookie: %s", f->a.cookie);
    snprintf(idem, sizeof idem, "Idempotency-Key: %s", key);
    memcpy(keep, idem, sizeof keep);
    h[0] = cookie;
    h[1] = "X-Crawford: 1";
    h[2] = "Content-Type: application/json";
    h[3] = keep;
    h[4] = NULL;
    struct res r1, r2;
    req(&S, "POST", path, body, h, &r1);
    req(&S, "POST", path, body, h, &r2);
    ck_assert_msg(r1.status == 200, "%s", r1.body);
    ck_assert_int_eq(r2.status, 200);
    ck_assert_str_eq(r1.body, r2.body); /* the first answer, again */
    res_free(&r1);
    res_free(&r2);
}

void results_snapshot(const struct fixture *f, struct snap *s)
{
    struct res r;
    results_get_match(f, &r);
    s->match = strdup(r.body);
    res_free(&r);
    char path[160];
    match_path(f, "/reports", path, sizeof path);
    td(&S, "GET", path, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    s->reports = strdup(r.body);
    res_free(&r);
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/audit?limit=1000", f->tid);
    td(&S, "GET", path, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    s->audit = json_array_size(json_object_get(r.json, "entries"));
    res_free(&r);
}

void snap_free(struct snap *s)
{
    free(s->match);
    free(s->reports);
}

void assert_unchanged(const struct fixture *f, struct snap *before, const char *what)
{
    struct snap now;
    results_snapshot(f, &now);
    ck_assert_msg(!strcmp(before->match, now.match), "%s changed the match: %s -> %s", what,
                  before->match, now.match);
    ck_assert_msg(!strcmp(before->reports, now.reports), "%s changed the reports: %s -> %s", what,
                  before->reports, now.reports);
    ck_assert_msg(before->audit == now.audit, "%s wrote %zu audit entries", what,
                  now.audit - before->audit);
    snap_free(&now);
}

long long results_score_of(const struct res *r, const char *side)
{
    return json_integer_value(json_object_get(json_object_get(r->json, "score"), side));
}

void two_matches_one_game(struct fixture *f, struct fixture *g, struct snap *before)
{
    setup_match(f, 5);
    setup_match(g, 5);
    struct res r;
    post_game(&f->a, f, "{\"winner\": \"a\", \"cube\": 1, \"result\": \"gammon\"}", &r);
    ck_assert_int_eq(r.status, 200);
    res_free(&r);
    results_snapshot(f, before);
}
