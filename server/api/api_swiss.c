/* Swiss events over HTTP (SWISS-1, SWISS-2): the settings checked, the next round paired,
 * the last round paired again or two of its players swapped (ops/swiss/swiss_round.c), a
 * late entry and a withdrawal (ops/swiss/swiss_acts.c), and the board: rounds, pairings
 * with their reasons, standings (ops/swiss/swiss_board.c). The pairing and the standings
 * themselves are tourney/swiss_pair.c and tourney/swiss_standings.c. */
#include <string.h>

#include <stdlib.h>

#include "api/events.h"
#include "api/fields.h"
#include "api/handlers.h"
#include "api/tx.h"
#include "ops/event/event_acts.h"
#include "ops/match/match_change.h"
#include "ops/match/match_frame.h"
#include "ops/swiss/swiss.h"
#include "ops/swiss/swiss_acts.h"
#include "ops/swiss/swiss_board.h"
#include "ops/swiss/swiss_round.h"
#include "tourney/rng.h"
#include "tourney/swiss.h"

/* the settings' fields, then read by the kind (tourney/event_kind.c: rounds or lives, the
 * length by round, the tie-breaks' names and order, the defaults) */
enum { SS_ROUNDS, SS_LIVES, SS_LENGTH, SS_TB, SS_BYE, SS_WALKOVER, SS_LATE, SS__N };
static const char *const bye_counts[] = {"zero", "own", NULL};
static const char *const walkover_counts[] = {"as_played", "as_bye", NULL};
static const struct api_field swiss_fields[] = {
    [SS_ROUNDS] = {"rounds", F_INT, 0, 1, 1, SWISS_MAX_ROUNDS, NULL, NULL},
    [SS_LIVES] = {"lives", F_INT, 0, 1, 1, SWISS_MAX_ROUNDS, NULL, NULL},
    [SS_LENGTH] = {"length", F_ANY, 0, 0, 0, 0, NULL, NULL},
    [SS_TB] = {"tiebreaks", F_ANY, 0, 0, 0, 0, NULL, NULL},
    [SS_BYE] = {"bye_counts", F_ENUM, 0, 0, 0, 0, bye_counts, NULL},
    [SS_WALKOVER] = {"walkover_counts", F_ENUM, 0, 0, 0, 0, walkover_counts, NULL},
    [SS_LATE] = {"late_wins", F_INT, 0, 0, 0, SWISS_MAX_ROUNDS, NULL, NULL},
    [SS__N] = {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

int api_swiss_settings(json_t *in, union event_settings *out, struct api_resp *resp)
{
    if (!json_is_object(in)) {
        api_problem_field(resp, "swiss", "must be an object with rounds or lives (SWISS-1)");
        return -1;
    }
    struct api_val v[SS__N];
    if (api_fields(in, swiss_fields, 0, v, resp))
        return -1;
    return api_event_settings_read(EK_SWISS, in, out, resp);
}

/* ---- the TD's acts, each a command of the frame (api/tx.h) ---- */

struct swiss_cmd {
    enum { SW_PAIR, SW_REPAIR, SW_SWAP, SW_ENTER, SW_WITHDRAW } what;
    struct swiss_round_in round;
    struct swiss_swap_in swap;
    int64_t player_id;
    int start_wins; /* SW_ENTER: < 0 the event's late_wins */
};

/* SWISS-1: a withdrawal; before the first round, the entry taken back; during a round,
 * the player's match lost by walkover in the match's own frame (its audit row and stream
 * entry), in the same command. */
static int withdraw(struct api_req *req, const struct op *o, struct event *e, int64_t pid,
                    struct api_resp *resp)
{
    struct problem pb = {0, NULL};
    json_t *out = NULL;
    if (e->kind == EK_SWISS && e->state == ES_OPEN) {
        if (op_entry_remove(o, e, pid, &pb))
            return api_refuse(resp, &pb);
        api_reply_json(resp, 200,
                       json_pack("{s:I, s:I, s:i, s:n}", "event_id", (json_int_t)e->id, "player_id",
                                 (json_int_t)pid, "withdrawn_round", 0, "walkover"));
        return API_DONE;
    }
    int64_t mid;
    int winner;
    if (op_swiss_withdraw(o, e, pid, &mid, &winner, &out, &pb))
        return api_refuse(resp, &pb);
    json_t *walkover = json_null();
    if (mid) {
        struct op_out mo;
        op_match_change(o, MX_TD, e->tournament_id, mid, "match.withdraw", op_mx_walkover, &winner,
                        NULL, NULL, &mo);
        if (mo.is_problem || !mo.keep) {
            json_decref(out);
            return api_out(resp, &mo);
        }
        /* the match's frame answers with its text (op_out.text): read as the reply's member */
        walkover = mo.text ? json_loadb(mo.text, mo.text_len, 0, NULL) : json_incref(mo.json);
        free(mo.text);
        json_decref(mo.json);
        if (!walkover)
            walkover = json_null();
    }
    json_object_set_new(out, "walkover", walkover);
    api_reply_json(resp, 200, out);
    return API_DONE;
}

static int swiss_act(struct api_req *req, const struct op *o, void *in, struct api_resp *resp)
{
    const struct swiss_cmd *c = in;
    struct event e;
    if (api_event_load(req, o, &e, resp))
        return API_UNDONE;
    struct problem pb = {0, NULL};
    json_t *out = NULL;
    int round = req->nids > 2 ? (int)req->ids[2] : 0;
    if (c->what == SW_WITHDRAW)
        return withdraw(req, o, &e, c->player_id, resp);
    int rc = c->what == SW_PAIR     ? op_swiss_pair_next(o, &e, &c->round, &out, &pb)
             : c->what == SW_REPAIR ? op_swiss_repair(o, &e, round, &c->round, &out, &pb)
             : c->what == SW_SWAP   ? op_swiss_swap(o, &e, round, &c->swap, &out, &pb)
                                    : op_swiss_enter(o, &e, c->player_id, c->start_wins, &out, &pb);
    /* a late entry: the entry itself, as any event's, after the Swiss said yes (SWISS-1) */
    if (!rc && c->what == SW_ENTER &&
        (e.state == ES_OPEN ? op_entry_add(o, &e, c->player_id, &pb)
                            : op_entry_add_late(o, &e, c->player_id, &pb)))
        rc = -1;
    if (rc) {
        json_decref(out);
        return api_refuse(resp, &pb);
    }
    api_reply_json(resp, c->what == SW_PAIR || c->what == SW_ENTER ? 201 : 200, out);
    return API_DONE;
}

enum { SR_SEED, SR__N };
static const struct api_field round_fields[] = {
    [SR_SEED] = {"seed", F_SEED, 0, 0, 1, RNG_SEED_CHARS, NULL, NULL},
    [SR__N] = {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

static void round_cmd(struct api_req *req, struct api_resp *resp, int what)
{
    struct api_val v[SR__N];
    if (api_fields(req->json, round_fields, 0, v, resp))
        return;
    struct swiss_cmd c = {.what = what, .round = {v[SR_SEED].s}};
    api_run(req, resp, swiss_act, &c);
}

/* POST …/swiss/rounds: the next round paired (SWISS-1), from the seed given or a fresh one,
 * recorded. */
void api_swiss_pair(struct api_req *req, struct api_resp *resp)
{
    round_cmd(req, resp, SW_PAIR);
}

/* POST …/swiss/rounds/{n}/repair: the last round paired again, before any of its matches
 * started. */
void api_swiss_repair(struct api_req *req, struct api_resp *resp)
{
    round_cmd(req, resp, SW_REPAIR);
}

enum { SW_A, SW_B, SW_REASON, SWP__N };
static const struct api_field swap_fields[] = {
    [SW_A] = {"a", F_INT, 1, 0, 1, 1000000000L, NULL, NULL},
    [SW_B] = {"b", F_INT, 1, 0, 1, 1000000000L, NULL, NULL},
    [SW_REASON] = {"reason", F_STR, 1, 0, 1, 500, NULL, NULL},
    [SWP__N] = {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

/* POST …/swiss/rounds/{n}/swap {a, b, reason}: players a and b change places in the round
 * (one may hold the bye), audited with the reason. */
void api_swiss_swap(struct api_req *req, struct api_resp *resp)
{
    struct api_val v[SWP__N];
    if (api_fields(req->json, swap_fields, 0, v, resp))
        return;
    struct swiss_cmd c = {.what = SW_SWAP, .swap = {v[SW_A].i, v[SW_B].i, v[SW_REASON].s}};
    api_run(req, resp, swiss_act, &c);
}

enum { SE_PLAYER, SE_WINS, SE__N };
static const struct api_field enter_fields[] = {
    [SE_PLAYER] = {"player_id", F_INT, 1, 0, 1, 1000000000L, NULL, NULL},
    [SE_WINS] = {"start_wins", F_INT, 0, 0, 0, SWISS_MAX_ROUNDS, NULL, NULL},
    [SE__N] = {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

/* POST …/swiss/entries {player_id, start_wins?}: a late entry, joining the next round. */
void api_swiss_enter(struct api_req *req, struct api_resp *resp)
{
    struct api_val v[SE__N];
    if (api_fields(req->json, enter_fields, 0, v, resp))
        return;
    struct swiss_cmd c = {.what = SW_ENTER,
                          .player_id = v[SE_PLAYER].i,
                          .start_wins = v[SE_WINS].set ? (int)v[SE_WINS].i : -1};
    api_run(req, resp, swiss_act, &c);
}

/* POST …/swiss/withdraw {player_id}: out of the pairing; a match under way lost by
 * walkover. */
void api_swiss_withdraw(struct api_req *req, struct api_resp *resp)
{
    struct api_val v[SE__N];
    if (api_fields(req->json, enter_fields, 0, v, resp))
        return;
    struct swiss_cmd c = {.what = SW_WITHDRAW, .player_id = v[SE_PLAYER].i};
    api_run(req, resp, swiss_act, &c);
}

/* ---- the board ---- */

static int read_swiss(struct api_req *req, const struct op *o, void *in, struct api_resp *resp)
{
    struct event e;
    if (api_event_load(req, o, &e, resp))
        return -1;
    if (e.kind != EK_SWISS) {
        api_problem(resp, 404, "not-found", "Not a Swiss event", "%s is a %s event.", e.name,
                    event_kind_name(e.kind));
        return -1;
    }
    json_t *out = op_swiss_board(o->db, &e, in != NULL);
    if (!out) {
        api_internal_error(resp, "reading the Swiss");
        return -1;
    }
    api_reply_json(resp, 200, out);
    return 0;
}

/* GET …/swiss: rounds, pairings with their reasons, standings, placings once over. */
void api_swiss_board(struct api_req *req, struct api_resp *resp)
{
    api_read(req, resp, read_swiss, NULL);
}

/* GET …/swiss/standings: the same without the rounds (the display's view). */
void api_swiss_standings(struct api_req *req, struct api_resp *resp)
{
    static int standings_only = 1;
    api_read(req, resp, read_swiss, &standings_only);
}
