/* The Davis Cup suites' fixture (test_http_davis*.c): an event of teams of two, its phases
 * started and rubbers decided by the TD, the board, the players' sessions and the audit. */
#include "davis_fx.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void make_event(struct dc *d, int teams, const char *settings)
{
    memset(d, 0, sizeof *d);
    d->tid = make_tournament(&S, "Coppa Davis");
    d->n = teams;
    char path[128], body[512];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/players", d->tid);
    for (int i = 0; i < 2 * teams; i++) {
        snprintf(body, sizeof body, "{\"name\": \"Player %c%d\"}", 'A' + i / 2, i % 2 + 1);
        struct res r;
        td(&S, "POST", path, body, &r);
        ck_assert_int_eq(r.status, 201);
        d->players[i] = jint(&r, "id");
        snprintf(d->pins[i], 8, "%s", jstr(&r, "pin"));
        res_free(&r);
    }
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/competitions", d->tid);
    snprintf(body, sizeof body, "{\"kind\": \"davis\", \"name\": \"Davis\", \"davis\": %s}",
             settings ? settings : "{\"lengths\": [3, 5, 3]}");
    struct res r;
    td(&S, "POST", path, body, &r);
    ck_assert_msg(r.status == 201, "%s", r.body);
    d->eid = jint(&r, "id");
    res_free(&r);
    snprintf(d->epath, sizeof d->epath, "/api/v1/tournaments/%lld/competitions/%lld", d->tid,
             d->eid);
    for (int t = 0; t < teams; t++) {
        snprintf(path, sizeof path, "%s/davis/teams", d->epath);
        snprintf(body, sizeof body, "{\"name\": \"Team %c\", \"player1\": %lld, \"player2\": %lld}",
                 'A' + t, d->players[2 * t], d->players[2 * t + 1]);
        td(&S, "POST", path, body, &r);
        ck_assert_msg(r.status == 201, "%s", r.body);
        res_free(&r);
    }
}

void start_with(struct dc *d, const char *body)
{
    char path[160];
    snprintf(path, sizeof path, "%s/davis/start", d->epath);
    struct res r;
    td(&S, "POST", path, body, &r);
    ck_assert_msg(r.status == 201, "%s", r.body);
    res_free(&r);
}

void start(struct dc *d)
{
    start_with(d, NULL);
}

void board(struct dc *d, struct res *r)
{
    char path[160];
    snprintf(path, sizeof path, "%s/davis", d->epath);
    req(&S, "GET", path, NULL, NULL, r);
    ck_assert_int_eq(r->status, 200);
}

/* The session of the event's player i (a PIN login). */
void as_player(struct dc *d, int i, struct srv *out)
{
    srv_player_login(out, &S, d->tid, d->players[i], d->pins[i]);
}

/* verify a rubber as the TD: side "a" or "b" wins at its length */
void td_decide(struct dc *d, long long mid, int length, int b_wins, const char *extra,
               struct res *r)
{
    char path[160], body[200];
    snprintf(path, sizeof path, "/api/v1/tournaments/%lld/matches/%lld/verify", d->tid, mid);
    snprintf(body, sizeof body, "{\"score\": {\"a\": %d, \"b\": %d}%s}", b_wins ? 0 : length,
             b_wins ? length : 0, extra ? extra : "");
    td(&S, "POST", path, body, r);
}

json_t *rubber(json_t *tie, int k)
{
    return json_array_get(json_object_get(tie, "rubbers"), (size_t)k);
}

/* The match ids of the five rubbers of the board's first tie. */
void rubber_ids(struct dc *d, long long m[5])
{
    struct res r;
    board(d, &r);
    json_t *tie = json_array_get(json_object_get(r.json, "ties"), 0);
    for (int k = 0; k < 5; k++)
        m[k] = json_integer_value(json_object_get(rubber(tie, k), "id"));
    res_free(&r);
}

/* how many audit entries of the tournament have this action (all of them when NULL) */
int audit_count(struct dc *d, const char *action)
{
    int n = 0;
    long long after = 0;
    for (;;) {
        char path[160];
        snprintf(path, sizeof path, "/api/v1/tournaments/%lld/audit?limit=1000&after=%lld", d->tid,
                 after);
        struct res r;
        td(&S, "GET", path, NULL, &r);
        ck_assert_int_eq(r.status, 200);
        json_t *e = json_object_get(r.json, "entries");
        size_t k = json_array_size(e);
        for (size_t i = 0; i < k; i++)
            n +=
                !action ||
                !strcmp(json_string_value(json_object_get(json_array_get(e, i), "action")), action);
        after = jint(&r, "next_after");
        res_free(&r);
        if (!k)
            return n;
    }
}

/* the event's own state, as GET …/competitions/{eid} gives it */
void assert_event_state(struct dc *d, const char *state)
{
    struct res r;
    req(&S, "GET", d->epath, NULL, NULL, &r);
    ck_assert_int_eq(r.status, 200);
    ck_assert_str_eq(jstr(&r, "state"), state);
    res_free(&r);
    board(d, &r);
    ck_assert_str_eq(jstr(&r, "state"), state);
    res_free(&r);
}

/* the open-phase scheduled rubbers of the ties of `round` (0: every round) decided: side a
 * wins, or at random from *seed; returns how many */
int decide_open(struct dc *d, int round, uint64_t *seed)
{
    struct res r;
    board(d, &r);
    json_t *ties = json_object_get(r.json, "ties");
    long long todo[64];
    int n = 0;
    for (size_t i = 0; i < json_array_size(ties); i++) {
        json_t *tie = json_array_get(ties, i);
        int phase = (int)json_integer_value(json_object_get(tie, "open_phase"));
        if (!phase || (round && json_integer_value(json_object_get(tie, "round")) != round))
            continue;
        for (int k = 0; k < 5; k++) {
            json_t *rb = rubber(tie, k);
            if (json_integer_value(json_object_get(rb, "phase")) == phase &&
                !strcmp(json_string_value(json_object_get(rb, "state")), "scheduled"))
                todo[n++] = json_integer_value(json_object_get(rb, "id"));
        }
    }
    res_free(&r);
    for (int k = 0; k < n; k++) {
        int b_wins = 0;
        if (seed) {
            *seed = *seed * 6364136223846793005ull + 1442695040888963407ull;
            b_wins = (int)(*seed >> 40) & 1;
        }
        td_decide(d, todo[k], 1, b_wins, NULL, &r);
        ck_assert_msg(r.status == 200, "%s", r.body);
        res_free(&r);
    }
    return n;
}

json_t *tie_at(json_t *board_json, int round, int slot)
{
    json_t *ties = json_object_get(board_json, "ties");
    for (size_t i = 0; i < json_array_size(ties); i++) {
        json_t *t = json_array_get(ties, i);
        if (json_integer_value(json_object_get(t, "round")) == round &&
            json_integer_value(json_object_get(t, "slot")) == slot)
            return t;
    }
    return NULL;
}
