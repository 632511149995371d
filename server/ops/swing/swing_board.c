/* A Swing event as its readers see it (see swing_board.h): the leaderboard, the state
 * replayed from the games (SWING-5, SWING-6), and the chip ledger, every row with its why. */
#include "ops/swing/swing_board.h"

#include <stdlib.h>
#include <string.h>

#include "ops/swing/swing.h"

json_t *op_swing_board(struct db *db, const struct event *ev)
{
    const struct event e = *ev;
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
        rc == CW_OK
            ? json_pack("{s:I, s:s, s:s, s:i, s:I, s:I, s:I, s:o, s:o}", "event_id",
                        (json_int_t)e.id, "name", e.name, "state", event_state_name(e.state),
                        "round", round, "cpp", (json_int_t)swing_cpp(&x.s, round ? round : 1),
                        "next_cpp", (json_int_t)swing_cpp(&x.s, round + 1), "total_chips",
                        (json_int_t)total, "champion",
                        champion ? json_integer(champion) : json_null(), "players", players)
            : NULL;
    free(rank);
    free(sorted);
    op_swing_state_free(&x);
    if (!out)
        json_decref(players);
    return out;
}

json_t *op_swing_ledger(struct db *db, const struct event *ev, int64_t pid, struct problem *pb)
{
    const struct event e = *ev;
    int64_t *ids = NULL;
    int n = 0, entered = !pid;
    int rc = db_entries(db, e.id, &ids, &n);
    for (int i = 0; rc == CW_OK && i < n; i++)
        entered |= ids[i] == pid;
    free(ids);
    if (rc == CW_OK && !entered) {
        problem_set(pb, 404, "not-found", "Not in this event",
                    "Player %lld has no entry in %s, so no chips.", (long long)pid, e.name);
        return NULL;
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
    if (rc != CW_OK) {
        json_decref(list);
        problem_internal(pb, "reading the chip ledger");
        return NULL;
    }
    json_t *out = json_pack("{s:I, s:o, s:o}", "event_id", (json_int_t)e.id, "player_id",
                            pid ? json_integer(pid) : json_null(), "rows", list);
    if (pid)
        json_object_set_new(out, "chips", json_integer(balance));
    else
        json_object_set_new(out, "total_chips", json_integer(total));
    return out;
}
