/* A Swing event's round started (SWING-1..3): the first round's starting stacks, the
 * players holding chips paired from a recorded seed (who sits out, who met last round),
 * the round's games created, the event running; audited with the TD's reason when the
 * round is forced past games without a result. The route is api/api_swing.c. */
#include "ops/swing/swing_round.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ops/records/event.h"
#include "ops/records/match.h"
#include "ops/frame/record.h"
#include "ops/swing/swing.h"
#include "tourney/rng.h"

/* The round's pairing draws from the project's generator (tourney/rng.h) seeded with the
 * recorded seed, read as every seed is (op_seed_of, rng_seed_read). */
static uint32_t rng_cb(void *ctx, uint32_t n)
{
    return (uint32_t)rng_below(ctx, n);
}

int op_swing_round_start(const struct op *o, struct event *e, const struct swing_round_in *in,
                         json_t **reply, struct problem *pb)
{
    struct db *db = o->db;
    struct swing_state x;
    int rc = e->kind != EK_SWING ? CW_EINVAL : op_swing_state_load(db, e, NULL, &x);
    if (rc == CW_EINVAL) {
        problem_set(pb, 409, "not-swing", "Not a Swing event", "%s is a %s event.", e->name,
                    event_kind_name(e->kind));
        return -1;
    }
    const char *refusal = NULL;
    char why[256] = "";
    if (rc == CW_OK && x.n < 2)
        refusal = "a Swing needs at least two entries";
    if (rc == CW_OK && !refusal && e->state == ES_FINISHED)
        refusal = "the event is over: one player holds every chip";
    int open_games = 0, last_round = x.n_rounds ? x.rounds[x.n_rounds - 1].round : 0;
    for (int i = 0; rc == CW_OK && i < x.n_matches; i++)
        open_games += x.matches[i].round == last_round && !match_decided(&x.matches[i]);
    if (rc == CW_OK && !refusal && open_games && !in->force) {
        snprintf(why, sizeof why,
                 "round %d still has %d game%s without a verified result; finish it, or "
                 "start the next round with \"force\": true",
                 last_round, open_games, open_games == 1 ? "" : "s");
        refusal = why;
    }
    if (refusal) {
        op_swing_state_free(&x);
        problem_set(pb, 409, "round-refused", "The round cannot start", "%s.", refusal);
        return -1;
    }
    if (rc != CW_OK) {
        op_swing_state_free(&x);
        problem_internal(pb, "reading the Swing event");
        return -1;
    }
    int round = last_round + 1;
    /* the first round gives everyone the starting stack (SWING-1) */
    if (round == 1)
        for (int i = 0; rc == CW_OK && i < x.n; i++) {
            char start_why[128];
            snprintf(start_why, sizeof start_why, "Starting stack (SWING-1): %lld chips.",
                     (long long)x.s.start_chips);
            rc = db_ledger_add(db, e->id, 0, 0, 0, x.ids[i], x.s.start_chips, start_why, o->now_ms);
            x.st[i].chips = x.s.start_chips;
        }
    /* who plays: those holding chips; how often each sat out; the last round's pairs */
    int64_t *alive = calloc((size_t)x.n, sizeof *alive), last_sitter = 0;
    int *sat = calloc((size_t)x.n, sizeof *sat), na = 0;
    int64_t(*prev)[2] = calloc((size_t)x.n_matches + 1, sizeof *prev);
    int64_t(*pairs)[2] = calloc((size_t)x.n / 2 + 1, sizeof *pairs);
    int n_prev = 0;
    if (!alive || !sat || !prev || !pairs)
        rc = CW_EDB;
    for (int i = 0; rc == CW_OK && i < x.n; i++) {
        if (x.st[i].chips <= 0)
            continue;
        for (int r = 0; r < x.n_rounds; r++)
            sat[na] += x.rounds[r].sitter == x.ids[i];
        alive[na++] = x.ids[i];
    }
    if (x.n_rounds)
        last_sitter = x.rounds[x.n_rounds - 1].sitter;
    for (int i = 0; rc == CW_OK && i < x.n_matches; i++)
        if (x.matches[i].round == last_round) {
            prev[n_prev][0] = x.matches[i].player[0];
            prev[n_prev][1] = x.matches[i].player[1];
            n_prev++;
        }
    struct swing_round_row row;
    memset(&row, 0, sizeof row);
    row.round = round;
    row.cpp = swing_cpp(&x.s, round);
    row.forced = open_games > 0;
    row.started_ms = o->now_ms;
    struct rng gen;
    rng_seed(&gen, op_seed_of(in->seed, row.seed, sizeof row.seed));
    struct swing_rng rng = {rng_cb, &gen};
    if (rc == CW_OK && na < 2)
        rc = CW_EINVAL;
    if (rc == CW_OK && swing_pair(alive, sat, na, last_sitter, (const int64_t(*)[2])prev, n_prev,
                                  rng, pairs, &row.sitter) < 0)
        rc = CW_EDB;
    if (rc == CW_OK)
        rc = db_swing_round_insert(db, e->id, &row);
    json_t *games = json_array();
    for (int p = 0; rc == CW_OK && p < na / 2; p++) {
        struct match m;
        memset(&m, 0, sizeof m);
        m.tournament_id = e->tournament_id;
        m.event_id = e->id;
        m.round = round;
        m.slot = p + 1;
        m.player[0] = pairs[p][0];
        m.player[1] = pairs[p][1];
        m.length = 0; /* one money-style game (SWING-2) */
        m.winner = -1;
        m.state = MS_SCHEDULED;
        rc = db_match_insert(db, &m, o->now_ms);
        if (rc == CW_OK)
            rc = db_match_state_log(db, m.id, MS_SCHEDULED, o->now_ms, o->who.actor);
        if (rc == CW_OK)
            json_array_append_new(games, op_match_json(db, &m));
    }
    free(alive);
    free(sat);
    free(prev);
    free(pairs);
    if (rc == CW_OK && e->state != ES_RUNNING) {
        json_t *eb = op_event_json(db, e);
        e->state = ES_RUNNING;
        rc = op_event_save(o, e, eb, "event.start");
    }
    json_t *out = NULL;
    if (rc == CW_OK) {
        out = json_pack("{s:I, s:i, s:I, s:s, s:b, s:o, s:o}", "event_id", (json_int_t)e->id,
                        "round", round, "cpp", (json_int_t)row.cpp, "seed", row.seed, "forced",
                        row.forced, "sitter", row.sitter ? json_integer(row.sitter) : json_null(),
                        "games", games);
        /* the audit keeps the TD's reason (a forced round says why) */
        json_t *audit = json_deep_copy(out);
        if (in->reason)
            json_object_set_new(audit, "reason", json_string(in->reason));
        char *a = json_dumps(audit, JSON_COMPACT);
        json_decref(audit);
        rc = db_audit(db, e->tournament_id, o->now_ms, o->who.actor,
                      row.forced ? "swing.round_forced" : "swing.round_start", "event", e->id, NULL,
                      a);
        free(a);
        if (rc == CW_OK)
            rc = db_tournament_touch(db, e->tournament_id, o->now_ms);
        if (rc == CW_OK)
            rc = op_emit(db, e->tournament_id, o->now_ms, "swing.round_started", json_incref(out));
    } else {
        json_decref(games);
    }
    op_swing_state_free(&x);
    if (rc != CW_OK) {
        json_decref(out);
        if (rc == CW_EINVAL)
            problem_set(pb, 409, "round-refused", "The round cannot start",
                        "Fewer than two players hold chips.");
        else
            problem_internal(pb, "starting the round");
        return -1;
    }
    *reply = out;
    return 0;
}
