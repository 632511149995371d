/* Swing events over HTTP (SWING-1..6): settings, a round started (ops/swing/swing_round.c:
 * paired from a recorded seed), the leaderboard and the chip ledger (ops/swing/swing_board.c).
 * The chips themselves (the state replayed from the games, the ledger written when a game
 * is decided) are ops/swing/swing.c. */
#include <string.h>

#include "api/events.h"
#include "api/fields.h"
#include "api/handlers.h"
#include "api/tx.h"
#include "tourney/rng.h"
#include "ops/swing/swing.h"
#include "ops/swing/swing_board.h"
#include "ops/swing/swing_round.h"

static const char *const allins[] = {"short_stack", "cpp", NULL};

/* the settings' fields, then read by the kind (tourney/event_kind.c: the CPP schedule, the
 * defaults, SWING-1..5 checked) */
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

int api_swing_settings(json_t *in, union event_settings *out, struct api_resp *resp)
{
    if (!json_is_object(in)) {
        api_problem_field(resp, "swing", "must be an object with start_chips and the CPP schedule");
        return -1;
    }
    struct api_val v[SW__N];
    if (api_fields(in, swing_fields, 0, v, resp))
        return -1;
    return api_event_settings_read(EK_SWING, in, out, resp);
}

/* ---- rounds ---- */

enum { SR_SEED, SR_FORCE, SR_REASON, SR__N };
static const struct api_field round_fields[] = {
    [SR_SEED] = {"seed", F_SEED, 0, 0, 1, RNG_SEED_CHARS, NULL, NULL},
    [SR_FORCE] = {"force", F_BOOL, 0, 0, 0, 0, NULL, NULL},
    [SR_REASON] = {"reason", F_STR, 0, 0, 0, 500, NULL, NULL},
    [SR__N] = {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

static int round_start(struct api_req *req, const struct op *o, void *in, struct api_resp *resp)
{
    struct event e;
    if (api_event_load(req, o, &e, resp))
        return API_UNDONE;
    struct problem pb = {0, NULL};
    json_t *out = NULL;
    if (op_swing_round_start(o, &e, in, &out, &pb))
        return api_refuse(resp, &pb);
    api_reply_json(resp, 201, out);
    return API_DONE;
}

void api_swing_round_start(struct api_req *req, struct api_resp *resp)
{
    struct api_val v[SR__N];
    if (api_fields(req->json, round_fields, 0, v, resp))
        return;
    struct swing_round_in in = {(int)v[SR_FORCE].i, v[SR_SEED].s, v[SR_REASON].s};
    api_run(req, resp, round_start, &in);
}

/* ---- the leaderboard (SWING-5/6 and the display) ---- */

/* The reads (in: the ledger, else the board): the path's event, a Swing one, read and
 * answered in the read's frame. */
static int read_swing(struct api_req *req, const struct op *o, void *in, struct api_resp *resp)
{
    struct event e;
    if (api_event_load(req, o, &e, resp))
        return -1;
    if (e.kind != EK_SWING) {
        api_problem(resp, 404, "not-found", "Not a Swing event", "%s is a %s event.", e.name,
                    event_kind_name(e.kind));
        return -1;
    }
    struct problem pb = {0, NULL};
    json_t *out = in ? op_swing_ledger(o->db, &e, req->nids > 2 ? req->ids[2] : 0, &pb)
                     : op_swing_board(o->db, &e);
    if (!out && in)
        return api_refuse(resp, &pb);
    if (!out) {
        api_internal_error(resp, "reading the Swing event");
        return -1;
    }
    api_reply_json(resp, 200, out);
    return 0;
}

void api_swing_board(struct api_req *req, struct api_resp *resp)
{
    api_read(req, resp, read_swing, NULL);
}

/* ---- the chip ledger ---- */

/* GET …/swing/ledger (the pool: every row) and …/swing/ledger/{pid} (one player's rows,
 * each with the signed change and the balance after it). Every row says why. */
void api_swing_ledger(struct api_req *req, struct api_resp *resp)
{
    static int ledger = 1;
    api_read(req, resp, read_swing, &ledger);
}
