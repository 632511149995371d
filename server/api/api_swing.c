/* Swing events over HTTP (SWING-1..6): settings, rounds paired from a recorded seed, the
 * chip ledger written when a game's result is decided or corrected, and the leaderboard. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/events.h"
#include "api/fields.h"
#include "api/handlers.h"
#include "api/json.h"
#include "api/matches.h"
#include "api/reports.h"
#include "api/results.h"
#include "api/tx.h"
#include "common/secret.h"
#include "store/store.h"
#include "tourney/rng.h"
#include "tourney/swing.h"

static const char *const allins[] = {"short_stack", "cpp", NULL};

static const struct api_field swing_fields[] = {
    {"start_chips", F_INT, 1, 0, 1, 1000000000000L, NULL, NULL},
    {"cpp", F_ANY, 0, 0, 0, 0, NULL, NULL},
    {"cpp_start", F_INT, 0, 0, -1000000000L, 1000000000000L, NULL, NULL},
    {"growth_percent", F_INT, 0, 0, -99, 1000, NULL, NULL},
    {"growth_add", F_INT, 0, 0, -1000000000L, 1000000000L, NULL, NULL},
    {"allow_decrease", F_BOOL, 0, 0, 0, 0, NULL, NULL},
    {"allin", F_ENUM, 0, 0, 0, 0, allins, NULL},
    {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

/* The settings from their canonical JSON (already checked). */
static void settings_from_json(json_t *j, struct swing_settings *s)
{
    memset(s, 0, sizeof *s);
    s->start_chips = json_integer_value(json_object_get(j, "start_chips"));
    json_t *cpp = json_object_get(j, "cpp");
    s->n_schedule = (int)json_array_size(cpp);
    for (int i = 0; i < s->n_schedule && i < SWING_MAX_SCHEDULE; i++)
        s->schedule[i] = json_integer_value(json_array_get(cpp, (size_t)i));
    s->cpp_start = json_integer_value(json_object_get(j, "cpp_start"));
    s->growth_percent = (int)json_integer_value(json_object_get(j, "growth_percent"));
    s->growth_add = json_integer_value(json_object_get(j, "growth_add"));
    s->allow_decrease = json_is_true(json_object_get(j, "allow_decrease"));
    const char *a = json_string_value(json_object_get(j, "allin"));
    s->allin = a && !strcmp(a, "cpp") ? SWING_ALLIN_CPP : SWING_ALLIN_SHORT_STACK;
}

int api_swing_settings(json_t *in, json_t **out, struct api_resp *resp)
{
    if (!json_is_object(in)) {
        api_problem_field(resp, "swing", "must be an object with start_chips and the CPP schedule");
        return -1;
    }
    if (api_check_fields(in, swing_fields, 0, resp))
        return -1;
    json_t *cpp = json_object_get(in, "cpp");
    int has_list = cpp != NULL, has_start = json_object_get(in, "cpp_start") != NULL;
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
    if (!json_object_get(*out, "allin"))
        json_object_set_new(*out, "allin", json_string("short_stack"));
    struct swing_settings s;
    settings_from_json(*out, &s);
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

/* ---- the state of a Swing event, derived from its games ---- */

struct swing_state {
    struct swing_settings s;
    int64_t *ids;
    int n;
    struct swing_round_row *rounds;
    int n_rounds;
    struct match *matches;
    int n_matches;
    struct swing_standing *st; /* per ids[i] */
    struct swing_game *games;  /* per matches[i], as the replay reads them */
    int64_t *transfers;        /* per matches[i] */
    int *bad, n_bad;
};

static void state_free(struct swing_state *x)
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
static int state_load(struct db *db, const struct event *e, const struct match *fresh,
                      struct swing_state *x)
{
    memset(x, 0, sizeof *x);
    json_t *j = json_loads(e->settings, 0, NULL);
    settings_from_json(j, &x->s);
    json_decref(j);
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
    char wname[128], lname[128];
    if (db_player_get(db, m->tournament_id, w_id, &pw) == CW_OK)
        snprintf(wname, sizeof wname, "%s", pw.name);
    else
        snprintf(wname, sizeof wname, "player %lld", (long long)w_id);
    if (db_player_get(db, m->tournament_id, l_id, &pl) == CW_OK)
        snprintf(lname, sizeof lname, "%s", pl.name);
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
            games = api_report_games_json(db, &r, m);
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
static int write_ledger(struct api_req *req, const struct event *e, struct swing_state *x,
                        int64_t correcting)
{
    struct db *db = req->app->db;
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
                               m->player[m->winner], x->transfers[i], why, req->now_ms);
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
int api_swing_result(struct api_req *req, struct match *m, const struct match *before,
                     struct api_resp *resp)
{
    if (!m->event_id)
        return 0;
    struct db *db = req->app->db;
    struct event e;
    int rc = db_event_get(db, m->tournament_id, m->event_id, &e);
    if (rc == CW_OK && strcmp(e.kind, "swing"))
        return 0;
    /* a game decided without play (a forfeit, a withdrawal, a flag) is worth a single
     * game at cube 1 to the winner; the score says so */
    if (m->winner >= 0 && m->state != MS_VERIFIED && m->score[m->winner] < 1)
        m->score[m->winner] = 1;
    struct swing_state x;
    memset(&x, 0, sizeof x); /* freed on every path, loaded or not */
    if (rc == CW_OK)
        rc = state_load(db, &e, m, &x);
    /* a decided game decided again is the TD's correction */
    int64_t correcting = before && before->winner >= 0 && match_decided(before) ? m->id : 0;
    if (rc == CW_OK)
        rc = write_ledger(req, &e, &x, correcting);
    if (rc != CW_OK) {
        state_free(&x);
        api_internal_error(resp, "writing the chip ledger");
        return -1;
    }
    /* a correction can change who held chips at the start of later rounds: say which
     * pairings no longer fit */
    json_t *changed = json_array();
    if (eligibility_changes(&x, m->round, changed) != CW_OK) {
        json_decref(changed);
        state_free(&x);
        api_internal_error(resp, "reading the later rounds");
        return -1;
    }
    if (json_array_size(changed)) {
        if (!req->extra)
            req->extra = json_object();
        json_object_set_new(req->extra, "swing_eligibility_changed", changed);
    } else {
        json_decref(changed);
    }
    int64_t moved = 0;
    for (int i = 0; i < x.n_matches; i++)
        if (x.matches[i].id == m->id)
            moved = x.transfers[i];
    rc = api_emit(db, m->tournament_id, req->now_ms, "swing.chips_moved",
                  json_pack("{s:I, s:I, s:I, s:I, s:I}", "event_id", (json_int_t)e.id, "match_id",
                            (json_int_t)m->id, "from", (json_int_t)m->player[1 - m->winner], "to",
                            (json_int_t)m->player[m->winner], "chips", (json_int_t)moved));
    int alive = 0;
    for (int i = 0; i < x.n; i++)
        alive += x.st[i].chips > 0;
    const char *want = alive == 1 ? "finished" : "running";
    if (rc == CW_OK && strcmp(e.state, want)) {
        json_t *eb = api_event_json(db, &e);
        snprintf(e.state, sizeof e.state, "%s", want);
        rc = api_event_save(req, &e, eb, alive == 1 ? "swing.finished" : "swing.reopened");
    }
    state_free(&x);
    if (rc != CW_OK) {
        api_internal_error(resp, "recording the chips");
        return -1;
    }
    return 0;
}

/* Players report and confirm only the games of the current round: a game of an earlier
 * round (left open when the TD forced the next one) would otherwise move chips from
 * stacks that later rounds already played on. The TD still verifies or corrects it. */
static int gate(struct api_req *req, const struct match *m, struct api_resp *resp)
{
    if (m->length != 0 || !m->event_id || req->is_td)
        return 0;
    struct db *db = req->app->db;
    struct event e;
    struct swing_round_row *rounds = NULL;
    int n = 0;
    int rc = db_event_get(db, m->tournament_id, m->event_id, &e);
    if (rc == CW_OK && strcmp(e.kind, "swing"))
        return 0;
    if (rc == CW_OK)
        rc = db_swing_rounds(db, e.id, &rounds, &n);
    int current = n ? rounds[n - 1].round : 0;
    free(rounds);
    if (rc != CW_OK) {
        api_internal_error(resp, "reading the Swing rounds");
        return -1;
    }
    if (m->round != current) {
        api_problem(resp, 409, "round-closed", "Not a game of the current round",
                    "Match %lld belongs to round %d of %s, but round %d is the current one: "
                    "players report and confirm only the current round's games; the TD "
                    "verifies or corrects this one.",
                    (long long)m->id, m->round, e.name, current);
        return -1;
    }
    return 0;
}

static const struct api_match_ext ext = {NULL, gate};

void api_swing_register(void)
{
    api_match_ext_register(&ext);
}

/* ---- rounds ---- */

/* The round's pairing draws from the project's generator (tourney/rng.h) seeded with the
 * recorded seed: a number (decimal, or 0x and hex) as it is, other text through FNV-1a. */
static uint32_t rng_cb(void *ctx, uint32_t n)
{
    return (uint32_t)rng_below(ctx, n);
}

static uint64_t seed_from_text(const char *t)
{
    uint64_t v;
    if (rng_seed_parse(t, &v) == 0)
        return v;
    uint64_t h = 14695981039346656037ull;
    for (; *t; t++)
        h = (h ^ (unsigned char)*t) * 1099511628211ull;
    return h;
}

static const struct api_field round_fields[] = {
    {"seed", F_STR, 0, 0, 1, 32, NULL, NULL},
    {"force", F_BOOL, 0, 0, 0, 0, NULL, NULL},
    {"reason", F_STR, 0, 0, 0, 500, NULL, NULL},
    {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

void api_swing_round_start(struct api_req *req, struct api_resp *resp)
{
    if (req->json && api_check_fields(req->json, round_fields, 0, resp))
        return;
    int force = req->json && json_is_true(json_object_get(req->json, "force"));
    const char *given = req->json ? api_str(req->json, "seed") : NULL;
    if (api_tx_begin(req, resp))
        return;
    struct db *db = req->app->db;
    struct event e;
    if (api_event_load(req, &e, resp)) {
        api_tx_rollback(req);
        return;
    }
    struct swing_state x;
    int rc = strcmp(e.kind, "swing") ? CW_EINVAL : state_load(db, &e, NULL, &x);
    if (rc == CW_EINVAL) {
        api_tx_rollback(req);
        api_problem(resp, 409, "not-swing", "Not a Swing event", "%s is a %s event.", e.name,
                    e.kind);
        return;
    }
    const char *refusal = NULL;
    char why[256] = "";
    if (rc == CW_OK && x.n < 2)
        refusal = "a Swing needs at least two entries";
    if (rc == CW_OK && !refusal && !strcmp(e.state, "finished"))
        refusal = "the event is over: one player holds every chip";
    int open_games = 0, last_round = x.n_rounds ? x.rounds[x.n_rounds - 1].round : 0;
    for (int i = 0; rc == CW_OK && i < x.n_matches; i++)
        open_games += x.matches[i].round == last_round && !match_decided(&x.matches[i]);
    if (rc == CW_OK && !refusal && open_games && !force) {
        snprintf(why, sizeof why,
                 "round %d still has %d game%s without a verified result; finish it, or "
                 "start the next round with \"force\": true",
                 last_round, open_games, open_games == 1 ? "" : "s");
        refusal = why;
    }
    if (refusal) {
        state_free(&x);
        api_tx_rollback(req);
        api_problem(resp, 409, "round-refused", "The round cannot start", "%s.", refusal);
        return;
    }
    if (rc != CW_OK) {
        state_free(&x);
        api_tx_rollback(req);
        api_internal_error(resp, "reading the Swing event");
        return;
    }
    int round = last_round + 1;
    /* the first round gives everyone the starting stack (SWING-1) */
    if (round == 1)
        for (int i = 0; rc == CW_OK && i < x.n; i++) {
            char start_why[128];
            snprintf(start_why, sizeof start_why, "Starting stack (SWING-1): %lld chips.",
                     (long long)x.s.start_chips);
            rc =
                db_ledger_add(db, e.id, 0, 0, 0, x.ids[i], x.s.start_chips, start_why, req->now_ms);
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
    row.started_ms = req->now_ms;
    if (given)
        snprintf(row.seed, sizeof row.seed, "%s", given);
    else
        snprintf(row.seed, sizeof row.seed, "%" PRIu64, (uint64_t)cw_random_u64());
    struct rng gen;
    rng_seed(&gen, seed_from_text(row.seed));
    struct swing_rng rng = {rng_cb, &gen};
    if (rc == CW_OK && na < 2)
        rc = CW_EINVAL;
    if (rc == CW_OK && swing_pair(alive, sat, na, last_sitter, (const int64_t(*)[2])prev, n_prev,
                                  rng, pairs, &row.sitter) < 0)
        rc = CW_EDB;
    if (rc == CW_OK)
        rc = db_swing_round_insert(db, e.id, &row);
    json_t *games = json_array();
    for (int p = 0; rc == CW_OK && p < na / 2; p++) {
        struct match m;
        memset(&m, 0, sizeof m);
        m.tournament_id = e.tournament_id;
        m.event_id = e.id;
        m.round = round;
        m.slot = p + 1;
        m.player[0] = pairs[p][0];
        m.player[1] = pairs[p][1];
        m.length = 0; /* one money-style game (SWING-2) */
        m.winner = -1;
        m.state = MS_SCHEDULED;
        rc = db_match_insert(db, &m, req->now_ms);
        if (rc == CW_OK)
            rc = db_match_state_log(db, m.id, MS_SCHEDULED, req->now_ms, "td");
        if (rc == CW_OK)
            json_array_append_new(games, api_match_json(db, &m));
    }
    free(alive);
    free(sat);
    free(prev);
    free(pairs);
    if (rc == CW_OK && strcmp(e.state, "running")) {
        json_t *eb = api_event_json(db, &e);
        strcpy(e.state, "running");
        rc = api_event_save(req, &e, eb, "event.start");
    }
    json_t *out = NULL;
    if (rc == CW_OK) {
        out = json_pack("{s:I, s:i, s:I, s:s, s:b, s:o, s:o}", "event_id", (json_int_t)e.id,
                        "round", round, "cpp", (json_int_t)row.cpp, "seed", row.seed, "forced",
                        row.forced, "sitter", row.sitter ? json_integer(row.sitter) : json_null(),
                        "games", games);
        char actor[96];
        api_actor(req, actor, sizeof actor);
        /* the audit keeps the TD's reason (a forced round says why) */
        json_t *audit = json_deep_copy(out);
        const char *reason = req->json ? api_str(req->json, "reason") : NULL;
        if (reason)
            json_object_set_new(audit, "reason", json_string(reason));
        char *a = json_dumps(audit, JSON_COMPACT);
        json_decref(audit);
        rc = db_audit(db, e.tournament_id, req->now_ms, actor,
                      row.forced ? "swing.round_forced" : "swing.round_start", "event", e.id, NULL,
                      a);
        free(a);
        if (rc == CW_OK)
            rc = db_tournament_touch(db, e.tournament_id, req->now_ms);
        if (rc == CW_OK)
            rc =
                api_emit(db, e.tournament_id, req->now_ms, "swing.round_started", json_incref(out));
    } else {
        json_decref(games);
    }
    state_free(&x);
    if (rc != CW_OK) {
        json_decref(out);
        api_tx_rollback(req);
        if (rc == CW_EINVAL)
            api_problem(resp, 409, "round-refused", "The round cannot start",
                        "Fewer than two players hold chips.");
        else
            api_internal_error(resp, "starting the round");
        return;
    }
    api_reply_json(resp, 201, out);
    api_tx_commit(req, resp);
}

/* ---- the leaderboard (SWING-5/6 and the display) ---- */

/* For the reads: locks the database and loads the path's event, a Swing one; on a refusal
 * (in resp) the lock is released and -1 returned. */
static int read_swing_event(struct api_req *req, struct event *e, struct api_resp *resp)
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
    int rc = state_load(db, &e, NULL, &x);
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
    state_free(&x);
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
