/* A Swing event's chips (SWING-2..4): its state replayed from its games, the chip ledger
 * rewritten when a game is decided or corrected (the result cascade's step,
 * op_swing_result), the pairings a correction no longer fits, and the gate that keeps
 * players to the current round (op_swing_game_open). The routes are api/api_swing.c. */
#include "ops/swing/swing.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/utf8.h"
#include "ops/records/event.h"
#include "ops/records/match.h"
#include "ops/frame/record.h"
#include "ops/replay/report_replay.h"

/* ---- the state of a Swing event, derived from its games ---- */

void op_swing_state_free(struct swing_state *x)
{
    free(x->ids);
    free(x->rounds);
    free(x->matches);
    free(x->st);
    free(x->games);
    free(x->transfers);
    free(x->bad);
    memset(x, 0, sizeof *x);
}

/* Loads entries, rounds and games and replays them (SWING-3/4); `fresh`, when not NULL,
 * is a match whose new result is not stored yet (the result hooks run before the save). */
int op_swing_state_load(struct db *db, const struct event *e, const struct match *fresh,
                        struct swing_state *x)
{
    memset(x, 0, sizeof *x);
    x->s = e->settings.swing;
    int rc = db_entries(db, e->id, &x->ids, &x->n);
    if (rc == CW_OK)
        rc = db_swing_rounds(db, e->id, &x->rounds, &x->n_rounds);
    if (rc == CW_OK)
        rc = db_event_matches(db, e->id, 0, &x->matches, &x->n_matches);
    if (rc != CW_OK)
        return rc;
    size_t nm = (size_t)(x->n_matches ? x->n_matches : 1);
    x->st = calloc((size_t)(x->n ? x->n : 1), sizeof *x->st);
    x->transfers = calloc(nm, sizeof *x->transfers);
    x->bad = calloc(nm, sizeof *x->bad);
    struct swing_game *g = x->games = calloc(nm, sizeof *g);
    if (!x->st || !x->transfers || !x->bad || !g)
        return CW_EDB;
    for (int i = 0; i < x->n_matches; i++) {
        struct match *m = &x->matches[i];
        if (fresh && m->id == fresh->id)
            *m = *fresh;
        g[i].round = m->round;
        if (match_decided(m)) {
            g[i].winner = m->player[m->winner];
            g[i].loser = m->player[1 - m->winner];
            g[i].points = m->score[m->winner]; /* a money game's report: points to the winner */
            if (m->state != MS_VERIFIED && g[i].points < 1)
                g[i].points = 1; /* forfeited or withdrawn: a single game at cube 1 */
        }
    }
    rc = swing_replay(&x->s, x->ids, x->n, g, x->n_matches, x->st, x->transfers, x->bad,
                      &x->n_bad) == 0
             ? CW_OK
             : CW_EDB;
    return rc;
}

/* Each player's stack at the start of `round` (the games of the rounds before it). */
static int stacks_at(const struct swing_state *x, int round, int64_t *chips)
{
    size_t nm = (size_t)(x->n_matches ? x->n_matches : 1);
    struct swing_game *g = calloc(nm, sizeof *g);
    struct swing_standing *st = calloc((size_t)(x->n ? x->n : 1), sizeof *st);
    int64_t *tr = calloc(nm, sizeof *tr);
    int *bad = calloc(nm, sizeof *bad), n_bad = 0, k = 0, rc = CW_EDB;
    if (g && st && tr && bad) {
        for (int i = 0; i < x->n_matches; i++)
            if (x->games[i].round < round)
                g[k++] = x->games[i];
        if (swing_replay(&x->s, x->ids, x->n, g, k, st, tr, bad, &n_bad) == 0) {
            for (int i = 0; i < x->n; i++)
                chips[i] = st[i].chips;
            rc = CW_OK;
        }
    }
    free(g);
    free(st);
    free(tr);
    free(bad);
    return rc;
}

/* The rounds after `after` whose pairing no longer fits who held chips at their start
 * (a correction, or a game of an earlier round decided late, moved chips): a player who
 * held chips but was neither paired nor sitting out ("left_out"), one who held none but
 * played ("played_without_chips": the game moves nothing) or sat out
 * ("sat_out_without_chips"). Appended to list as {round, player_id, change[, match_id]}. */
static int eligibility_changes(const struct swing_state *x, int after, json_t *list)
{
    int64_t *chips = calloc((size_t)(x->n ? x->n : 1), sizeof *chips);
    if (!chips)
        return CW_EDB;
    int rc = CW_OK;
    for (int r = 0; rc == CW_OK && r < x->n_rounds; r++) {
        int round = x->rounds[r].round;
        if (round <= after)
            continue;
        rc = stacks_at(x, round, chips);
        for (int i = 0; rc == CW_OK && i < x->n; i++) {
            int64_t id = x->ids[i], game = 0;
            for (int k = 0; k < x->n_matches && !game; k++)
                if (x->matches[k].round == round &&
                    (x->matches[k].player[0] == id || x->matches[k].player[1] == id))
                    game = x->matches[k].id;
            int sat = x->rounds[r].sitter == id;
            const char *change = chips[i] > 0 && !game && !sat ? "left_out"
                                 : chips[i] <= 0 && game       ? "played_without_chips"
                                 : chips[i] <= 0 && sat        ? "sat_out_without_chips"
                                                               : NULL;
            if (!change)
                continue;
            json_t *o = json_pack("{s:i, s:I, s:s}", "round", round, "player_id", (json_int_t)id,
                                  "change", change);
            if (game)
                json_object_set_new(o, "match_id", json_integer(game));
            json_array_append_new(list, o);
        }
    }
    free(chips);
    return rc;
}

/* The sentence of match i's ledger row (swing_why_text) from the stored data: the players'
 * names, the game of the report the result stands on, how it was decided, the round's
 * CPP and the stacks at the round's start (round_chips, per x->ids). */
static void game_why(struct db *db, const struct swing_state *x, int i, const int64_t *round_chips,
                     const int64_t *corrected, int n_corrected, int64_t correcting, char *buf,
                     size_t len)
{
    const struct match *m = &x->matches[i];
    int64_t w_id = m->player[m->winner], l_id = m->player[1 - m->winner];
    struct player pw, pl;
    char wname[P_NAME_MAX * 4 + 1], lname[P_NAME_MAX * 4 + 1];
    if (db_player_get(db, m->tournament_id, w_id, &pw) == CW_OK)
        cw_utf8_copy(wname, sizeof wname, pw.name);
    else
        snprintf(wname, sizeof wname, "player %lld", (long long)w_id);
    if (db_player_get(db, m->tournament_id, l_id, &pl) == CW_OK)
        cw_utf8_copy(lname, sizeof lname, pl.name);
    else
        snprintf(lname, sizeof lname, "player %lld", (long long)l_id);
    struct swing_why w;
    memset(&w, 0, sizeof w);
    w.round = m->round;
    w.match_id = m->id;
    w.winner = wname;
    w.loser = lname;
    w.points = x->games[i].points;
    w.cpp = swing_cpp(&x->s, m->round);
    w.chips = x->transfers[i];
    for (int k = 0; k < x->n; k++) {
        if (x->ids[k] == w_id)
            w.winner_chips = round_chips[k];
        if (x->ids[k] == l_id)
            w.loser_chips = round_chips[k];
    }
    w.by = m->id == correcting ? 2 : 0;
    for (int k = 0; k < n_corrected && !w.by; k++)
        if (corrected[k] == m->id)
            w.by = 2;
    char result[16] = "";
    json_t *games = NULL;
    if (m->state == MS_VERIFIED) {
        struct report r;
        memset(&r, 0, sizeof r);
        if (m->result_report && db_report_get(db, m->id, m->result_report, &r) == CW_OK) {
            if (r.side == -1 && !w.by)
                w.by = 1;
            games = op_report_games_json(db, &r, m);
            json_t *g = json_array_get(games, 0);
            const char *how = json_string_value(json_object_get(g, "result"));
            if (how && *how) {
                snprintf(result, sizeof result, "%s", how);
                w.result = result;
                w.cube = (int)json_integer_value(json_object_get(g, "cube"));
                w.level = (int)json_integer_value(json_object_get(g, "level"));
            }
            report_free(&r);
        }
        if (!w.result)
            w.decided = "score";
    } else {
        w.decided = m->ended == ME_DISQUALIFIED ? "disqualification"
                    : m->state == MS_WITHDRAWN  ? "withdrawal"
                                                : "forfeit";
    }
    swing_why_text(&x->s, &w, buf, len);
    json_decref(games);
}

/* Rewrites the games' ledger rows from the replay, each with the sentence that says why
 * (game_why), and checks conservation: the ledger's balances must equal the replay's, and
 * their sum the chips that entered the pool. `correcting`: the match the TD is correcting
 * now (its audit entry is written after this), or 0. */
static int write_ledger(const struct op *o, const struct event *e, struct swing_state *x,
                        int64_t correcting)
{
    struct db *db = o->db;
    int64_t *corrected = NULL;
    int n_corrected = 0;
    int64_t *round_chips = calloc((size_t)(x->n ? x->n : 1), sizeof *round_chips);
    int rc =
        round_chips ? db_corrected_matches(db, e->tournament_id, &corrected, &n_corrected) : CW_EDB;
    if (rc == CW_OK)
        rc = db_ledger_clear_games(db, e->id);
    int chips_round = -1;
    for (int i = 0; rc == CW_OK && i < x->n_matches; i++) {
        const struct match *m = &x->matches[i];
        if (!match_decided(m) || !x->transfers[i])
            continue;
        if (m->round != chips_round) {
            rc = stacks_at(x, m->round, round_chips);
            chips_round = m->round;
        }
        char why[512];
        if (rc == CW_OK) {
            game_why(db, x, i, round_chips, corrected, n_corrected, correcting, why, sizeof why);
            rc = db_ledger_add(db, e->id, m->round, m->id, m->player[1 - m->winner],
                               m->player[m->winner], x->transfers[i], why, o->now_ms);
        }
    }
    free(corrected);
    free(round_chips);
    int64_t *chips = calloc((size_t)(x->n ? x->n : 1), sizeof *chips);
    int64_t total = 0, sum = 0;
    if (!chips)
        rc = CW_EDB;
    if (rc == CW_OK)
        rc = db_ledger_balances(db, e->id, x->ids, x->n, chips);
    if (rc == CW_OK)
        rc = db_ledger_total(db, e->id, &total);
    for (int i = 0; rc == CW_OK && i < x->n; i++) {
        sum += chips[i];
        if (chips[i] != x->st[i].chips || chips[i] < 0)
            rc = CW_EDB;
    }
    free(chips);
    if (rc == CW_OK && sum != total)
        rc = CW_EDB;
    return rc;
}

/* The result hook: a decided or corrected game of a Swing event moves chips; a correction
 * replays every later game. */
int op_swing_result(const struct op *o, struct event *e, struct match *m,
                    const struct match *before, struct problem *pb)
{
    struct db *db = o->db;
    int rc = CW_OK;
    /* a game decided without play (a forfeit, a withdrawal, a flag) is worth a single
     * game at cube 1 to the winner; the score says so */
    if (m->winner >= 0 && m->state != MS_VERIFIED && m->score[m->winner] < 1)
        m->score[m->winner] = 1;
    struct swing_state x;
    memset(&x, 0, sizeof x); /* freed on every path, loaded or not */
    if (rc == CW_OK)
        rc = op_swing_state_load(db, e, m, &x);
    /* a decided game decided again is the TD's correction */
    int64_t correcting = before && before->winner >= 0 && match_decided(before) ? m->id : 0;
    if (rc == CW_OK)
        rc = write_ledger(o, e, &x, correcting);
    if (rc != CW_OK) {
        op_swing_state_free(&x);
        problem_internal(pb, "writing the chip ledger");
        return -1;
    }
    /* a correction can change who held chips at the start of later rounds: say which
     * pairings no longer fit */
    json_t *changed = json_array();
    if (eligibility_changes(&x, m->round, changed) != CW_OK) {
        json_decref(changed);
        op_swing_state_free(&x);
        problem_internal(pb, "reading the later rounds");
        return -1;
    }
    if (json_array_size(changed)) {
        if (o->extra) {
            if (!*o->extra)
                *o->extra = json_object();
            json_object_set_new(*o->extra, "swing_eligibility_changed", changed);
        } else {
            json_decref(changed);
        }
    } else {
        json_decref(changed);
    }
    int64_t moved = 0;
    for (int i = 0; i < x.n_matches; i++)
        if (x.matches[i].id == m->id)
            moved = x.transfers[i];
    rc = op_emit(db, m->tournament_id, o->now_ms, "swing.chips_moved",
                 json_pack("{s:I, s:I, s:I, s:I, s:I, s:o}", "event_id", (json_int_t)e->id,
                           "match_id", (json_int_t)m->id, "from",
                           (json_int_t)m->player[1 - m->winner], "to",
                           (json_int_t)m->player[m->winner], "chips", (json_int_t)moved, "label",
                           op_match_label_json(db, m)));
    int alive = 0;
    for (int i = 0; i < x.n; i++)
        alive += x.st[i].chips > 0;
    if (rc == CW_OK)
        rc = op_event_mark_finished(o, e, alive == 1);
    op_swing_state_free(&x);
    if (rc != CW_OK) {
        problem_internal(pb, "recording the chips");
        return -1;
    }
    return 0;
}

/* Players report and confirm only the games of the current round: a game of an earlier
 * round (left open when the TD forced the next one) would otherwise move chips from
 * stacks that later rounds already played on. The TD still verifies or corrects it. */
int op_swing_game_open(const struct op *o, const struct event *e, const struct match *m, int by_td,
                       struct problem *pb)
{
    if (m->length != 0 || by_td)
        return 0;
    struct db *db = o->db;
    struct swing_round_row *rounds = NULL;
    int n = 0;
    int rc = db_swing_rounds(db, e->id, &rounds, &n);
    int current = n ? rounds[n - 1].round : 0;
    free(rounds);
    if (rc != CW_OK) {
        problem_internal(pb, "reading the Swing rounds");
        return -1;
    }
    if (m->round != current) {
        problem_set(pb, 409, "round-closed", "Not a game of the current round",
                    "Match %lld belongs to round %d of %s, but round %d is the current one: "
                    "players report and confirm only the current round's games; the TD "
                    "verifies or corrects this one.",
                    (long long)m->id, m->round, e->name, current);
        return -1;
    }
    return 0;
}
