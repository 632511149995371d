/* Swing events over HTTP (SWING-1..6): settings, a round started (ops/swing_round.c:
 * paired from a recorded seed), the leaderboard and the chip ledger. The chips themselves
 * (the state replayed from the games, the ledger written when a game is decided) are
 * swing_chips.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/events.h"
#include "api/fields.h"
#include "api/handlers.h"
#include "api/json.h"
#include "api/matches.h"
#include "api/reports.h"
#include "api/tx.h"
#include "ops/swing.h"
#include "ops/swing_round.h"

static const char *const allins[] = {"short_stack", "cpp", NULL};

/* the settings are stored as given (with their defaults), so only these are read here */
enum { SW_START, SW_CPP, SW_CPP_START, SW_GROWTH_PCT, SW_GROWTH_ADD, SW_DECREASE, SW_ALLIN, SW__N };
static const struct api_field swing_fields[] = {
    [SW_START] = {"start_chips", F_INT, 1, 0, 1, 1000000000000L, NULL, NULL},
    [SW_CPP] = {"cpp", F_ANY, 0, 0, 0, 0, NULL, NULL},
    [SW_CPP_START] = {"cpp_start", F_INT, 0, 0, -1000000000L, 1000000000000L, NULL, NULL},
    [SW_GROWTH_PCT] = {"growth_percent", F_INT, 0, 0, -99, 1000, NULL, NULL},
    [SW_GROWTH_ADD] = {"growth_add", F_INT, 0, 0, -1000000000L, 1000000000L, NULL, NULL},
    [SW_DECREASE] = {"allow_decrease", F_BOOL, 0, 0, 0, 0, NULL, NULL},
    [SW_ALLIN] = {"allin", F_ENUM, 0, 0, 0, 0, allins, NULL},
    [SW__N] = {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

int api_swing_settings(json_t *in, json_t **out, struct api_resp *resp)
{
    if (!json_is_object(in)) {
        api_problem_field(resp, "swing", "must be an object with start_chips and the CPP schedule");
        return -1;
    }
    struct api_val v[SW__N];
    if (api_fields(in, swing_fields, 0, v, resp))
        return -1;
    json_t *cpp = v[SW_CPP].j;
    int has_list = v[SW_CPP].set, has_start = v[SW_CPP_START].set;
    if (has_list == has_start) {
        api_problem_field(resp, "swing.cpp",
                          "give either cpp (a list, one value per round) or "
                          "cpp_start (with growth_percent or growth_add)");
        return -1;
    }
    if (has_list) {
        if (!json_is_array(cpp) || json_array_size(cpp) < 1 ||
            json_array_size(cpp) > SWING_MAX_SCHEDULE) {
            api_problem_field(resp, "swing.cpp", "must be a list of 1 to %d integers",
                              SWING_MAX_SCHEDULE);
            return -1;
        }
        for (size_t i = 0; i < json_array_size(cpp); i++)
            if (!json_is_integer(json_array_get(cpp, i))) {
                api_problem_field(resp, "swing.cpp", "value %zu is not an integer", i + 1);
                return -1;
            }
    }
    *out = json_deep_copy(in);
    if (!v[SW_ALLIN].set)
        json_object_set_new(*out, "allin", json_string("short_stack"));
    struct swing_settings s;
    op_swing_settings_of(*out, &s);
    char err[256];
    if (swing_check_settings(&s, err, sizeof err)) {
        json_decref(*out);
        *out = NULL;
        api_problem(resp, 422, "validation", "Invalid Swing settings", "%s.", err);
        api_problem_field(resp, has_list ? "swing.cpp" : "swing", "%s", err);
        return -1;
    }
    return 0;
}

/* ---- rounds ---- */

enum { SR_SEED, SR_FORCE, SR_REASON, SR__N };
static const struct api_field round_fields[] = {
    [SR_SEED] = {"seed", F_STR, 0, 0, 1, 32, NULL, NULL},
    [SR_FORCE] = {"force", F_BOOL, 0, 0, 0, 0, NULL, NULL},
    [SR_REASON] = {"reason", F_STR, 0, 0, 0, 500, NULL, NULL},
    [SR__N] = {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

void api_swing_round_start(struct api_req *req, struct api_resp *resp)
{
    struct api_val v[SR__N];
    if (api_fields(req->json, round_fields, 0, v, resp))
        return;
    struct swing_round_in in = {(int)v[SR_FORCE].i, v[SR_SEED].s, v[SR_REASON].s};
    if (api_tx_begin(req, resp))
        return;
    struct event e;
    if (api_event_load(req, &e, resp)) {
        api_tx_rollback(req);
        return;
    }
    struct op o = api_op(req);
    struct problem pb = {0, NULL};
    json_t *out = NULL;
    if (op_swing_round_start(&o, &e, &in, &out, &pb)) {
        api_tx_rollback(req);
        api_reply_problem(resp, &pb);
        return;
    }
    api_reply_json(resp, 201, out);
    api_tx_commit(req, resp);
}

/* ---- the leaderboard (SWING-5/6 and the display) ---- */

/* For the reads: locks the database and loads the path's event, a Swing one; on a refusal
 * (in resp) the lock is released and -1 returned. */
API_REPLIES static int read_swing_event(struct api_req *req, struct event *e, struct api_resp *resp)
{
    db_lock(req->app->db);
    if (api_event_load(req, e, resp)) {
        db_unlock(req->app->db);
        return -1;
    }
    if (strcmp(e->kind, "swing")) {
        db_unlock(req->app->db);
        api_problem(resp, 404, "not-found", "Not a Swing event", "%s is a %s event.", e->name,
                    e->kind);
        return -1;
    }
    return 0;
}

void api_swing_board(struct api_req *req, struct api_resp *resp)
{
    struct db *db = req->app->db;
    struct event e;
    if (read_swing_event(req, &e, resp))
        return;
    struct swing_state x;
    int rc = op_swing_state_load(db, &e, NULL, &x);
    json_t *players = json_array();
    int round = x.n_rounds ? x.rounds[x.n_rounds - 1].round : 0;
    int64_t sitter = x.n_rounds ? x.rounds[x.n_rounds - 1].sitter : 0;
    int *rank = calloc((size_t)(x.n ? x.n : 1), sizeof *rank);
    struct swing_standing *sorted = calloc((size_t)(x.n ? x.n : 1), sizeof *sorted);
    if (rc == CW_OK && rank && sorted) {
        /* before round 1 nobody has chips in the ledger yet: show the starting stacks */
        for (int i = 0; i < x.n; i++) {
            sorted[i] = x.st[i];
            if (!round)
                sorted[i].chips = x.s.start_chips;
        }
        swing_standings(sorted, x.n, rank);
        for (int i = 0; i < x.n; i++) {
            const char *status = "waiting";
            int paired = 0;
            for (int k = 0; k < x.n_matches && !paired; k++)
                paired = x.matches[k].round == round && (x.matches[k].player[0] == sorted[i].id ||
                                                         x.matches[k].player[1] == sorted[i].id);
            /* not_paired: holds chips, but a correction gave them back after this round
             * was paired without them */
            if (round) {
                status = sorted[i].chips <= 0     ? "out"
                         : sorted[i].id == sitter ? "sitting_out"
                         : paired                 ? "playing"
                                                  : "not_paired";
            }
            struct player p;
            json_t *name = db_player_get(db, e.tournament_id, sorted[i].id, &p) == CW_OK
                               ? json_string(p.name)
                               : json_null();
            json_array_append_new(
                players,
                json_pack("{s:i, s:I, s:o, s:I, s:I, s:s, s:o}", "rank", rank[i], "player_id",
                          (json_int_t)sorted[i].id, "name", name, "chips",
                          (json_int_t)sorted[i].chips, "change_last_round",
                          (json_int_t)sorted[i].last_round_change, "status", status, "out_round",
                          sorted[i].out_round ? json_integer(sorted[i].out_round) : json_null()));
        }
    }
    int64_t champion = rc == CW_OK && round ? swing_champion(x.st, x.n) : 0;
    int64_t total = round ? 0 : x.s.start_chips * x.n;
    for (int i = 0; round && i < x.n; i++)
        total += x.st[i].chips;
    json_t *out =
        rc == CW_OK ? json_pack("{s:I, s:s, s:s, s:i, s:I, s:I, s:I, s:o, s:o}", "event_id",
                                (json_int_t)e.id, "name", e.name, "state", e.state, "round", round,
                                "cpp", (json_int_t)swing_cpp(&x.s, round ? round : 1), "next_cpp",
                                (json_int_t)swing_cpp(&x.s, round + 1), "total_chips",
                                (json_int_t)total, "champion",
                                champion ? json_integer(champion) : json_null(), "players", players)
                    : NULL;
    db_unlock(db);
    free(rank);
    free(sorted);
    op_swing_state_free(&x);
    if (!out) {
        json_decref(players);
        api_internal_error(resp, "reading the Swing event");
        return;
    }
    api_reply_json(resp, 200, out);
}

/* ---- the chip ledger ---- */

/* GET …/swing/ledger (the pool: every row) and …/swing/ledger/{pid} (one player's rows,
 * each with the signed change and the balance after it). Every row says why. */
void api_swing_ledger(struct api_req *req, struct api_resp *resp)
{
    struct db *db = req->app->db;
    struct event e;
    int64_t pid = req->nids > 2 ? req->ids[2] : 0;
    if (read_swing_event(req, &e, resp))
        return;
    int64_t *ids = NULL;
    int n = 0, entered = !pid;
    int rc = db_entries(db, e.id, &ids, &n);
    for (int i = 0; rc == CW_OK && i < n; i++)
        entered |= ids[i] == pid;
    free(ids);
    if (rc == CW_OK && !entered) {
        db_unlock(db);
        api_problem(resp, 404, "not-found", "Not in this event",
                    "Player %lld has no entry in %s, so no chips.", (long long)pid, e.name);
        return;
    }
    struct ledger_row *rows = NULL;
    int nr = 0;
    if (rc == CW_OK)
        rc = db_ledger_rows(db, e.id, pid, &rows, &nr);
    json_t *list = json_array();
    int64_t balance = 0, total = 0;
    for (int i = 0; rc == CW_OK && i < nr; i++) {
        const struct ledger_row *r = &rows[i];
        struct player p;
        json_t *from = r->from_player ? json_integer(r->from_player) : json_null();
        json_t *from_name =
            r->from_player && db_player_get(db, e.tournament_id, r->from_player, &p) == CW_OK
                ? json_string(p.name)
                : json_null();
        json_t *to_name = db_player_get(db, e.tournament_id, r->to_player, &p) == CW_OK
                              ? json_string(p.name)
                              : json_null();
        json_t *o = json_pack(
            "{s:I, s:i, s:o, s:o, s:o, s:I, s:o, s:I, s:s, s:I}", "id", (json_int_t)r->id, "round",
            r->round, "match_id", r->match_id ? json_integer(r->match_id) : json_null(), "from",
            from, "from_name", from_name, "to", (json_int_t)r->to_player, "to_name", to_name,
            "chips", (json_int_t)r->chips, "why", r->why, "at_ms", (json_int_t)r->at_ms);
        if (!r->from_player)
            total += r->chips;
        if (pid) {
            int64_t change = r->to_player == pid ? r->chips : -r->chips;
            balance += change;
            json_object_set_new(o, "change", json_integer(change));
            json_object_set_new(o, "balance", json_integer(balance));
        }
        json_array_append_new(list, o);
    }
    free(rows);
    db_unlock(db);
    if (rc != CW_OK) {
        json_decref(list);
        api_internal_error(resp, "reading the chip ledger");
        return;
    }
    json_t *out = json_pack("{s:I, s:o, s:o}", "event_id", (json_int_t)e.id, "player_id",
                            pid ? json_integer(pid) : json_null(), "rows", list);
    if (pid)
        json_object_set_new(out, "chips", json_integer(balance));
    else
        json_object_set_new(out, "total_chips", json_integer(total));
    api_reply_json(resp, 200, out);
}
