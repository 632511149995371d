/* Knockout events over HTTP (KO-1..KO-8): the settings checked, and the TD's draw, late
 * arrivals, closing of late entry and lengths by round, each checked into its input and run
 * as an operation (ops/knockout_acts.c, ops/knockout.c), answered with the bracket
 * (knockout_json.c). The rules themselves are tourney/knockout.c. */

#include <string.h>

#include "api/events.h"
#include "api/fields.h"
#include "api/handlers.h"
#include "api/tx.h"
#include "common/clock.h"
#include "ops/knockout_acts.h"
#include "tourney/rng.h"

/* ---- settings ---- */

/* the settings' fields, then read by the kind (tourney/event_kind.c: the deadline, the
 * lengths, the defaults) */
enum {
    KS_LATE,
    KS_DEADLINE,
    KS_LENGTHS,
    KS_SEEDED,
    KS_SEEDS,
    KS_FEEDS,
    KS_PROGRESSIVE,
    KS_FLIGHT,
    KS__N
};
static const struct api_field ko_fields[] = {
    [KS_LATE] = {"late_places", F_INT, 0, 0, 0, 64, NULL, NULL},
    [KS_DEADLINE] = {"late_deadline", F_STR, 0, 1, 17, 30, NULL, NULL},
    [KS_LENGTHS] = {"lengths", F_ANY, 0, 0, 0, 0, NULL, NULL},
    [KS_SEEDED] = {"seeded", F_BOOL, 0, 0, 0, 0, NULL, NULL},
    [KS_SEEDS] = {"seeds", F_INT, 0, 0, 0, 1024, NULL, NULL},
    [KS_FEEDS] = {"feeds_from", F_INT, 0, 1, 1, 1000000000L, NULL, NULL},
    [KS_PROGRESSIVE] = {"progressive", F_BOOL, 0, 0, 0, 0, NULL, NULL},
    [KS_FLIGHT] = {"flight", F_STR, 0, 0, 1, 40, NULL, NULL},
    [KS__N] = {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

int api_knockout_settings(json_t *in, union event_settings *out, struct api_resp *resp)
{
    if (in && !json_is_object(in)) {
        api_problem_field(resp, "knockout", "must be an object");
        return -1;
    }
    struct api_val v[KS__N];
    if (api_fields(in, ko_fields, 0, v, resp))
        return -1;
    return api_event_settings_read(EK_KNOCKOUT, in, out, resp);
}

static const struct api_field draw_fields[] = {
    {"seed", F_SEED, 0, 0, 1, RNG_SEED_CHARS, NULL, NULL},
    {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

void api_knockout_draw(struct api_req *req, struct api_resp *resp)
{
    struct api_val v[1];
    if (api_fields(req->json, draw_fields, 0, v, resp))
        return;
    const char *seed = v[0].s; /* NULL: the server draws one, recorded */
    if (api_tx_begin(req, resp))
        return;
    struct event e;
    struct op o = api_op(req);
    struct problem pb = {0, NULL};
    if (api_ko_event_load(req, &e, resp)) {
        api_tx_rollback(req);
        return;
    }
    if (op_ko_draw(&o, &e, seed, &pb)) {
        api_tx_rollback(req);
        api_reply_problem(resp, &pb);
        return;
    }
    api_knockout_bracket_json(req, &e, resp);
    api_tx_commit(req, resp);
}

/* ---- late arrivals (KO-4) ---- */

static const struct api_field late_fields[] = {
    {"player_id", F_INT, 1, 0, 1, 1000000000L, NULL, NULL},
    {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

void api_knockout_late(struct api_req *req, struct api_resp *resp)
{
    struct api_val v[1];
    if (api_fields(req->json, late_fields, 0, v, resp))
        return;
    int64_t pid = v[0].i;
    if (api_tx_begin(req, resp))
        return;
    struct event e;
    if (api_ko_event_load(req, &e, resp)) {
        api_tx_rollback(req);
        return;
    }
    struct op o = api_op(req);
    struct problem pb = {0, NULL};
    int rc = op_ko_late_arrive(&o, &e, pid, &pb);
    if (rc) {
        api_reply_problem(resp, &pb);
        /* refused as the deadline passed just now: the closing it found stays */
        if (rc > 0)
            api_tx_commit(req, resp);
        else
            api_tx_rollback(req);
        return;
    }
    api_knockout_bracket_json(req, &e, resp);
    api_tx_commit(req, resp);
}

void api_knockout_late_close(struct api_req *req, struct api_resp *resp)
{
    if (api_tx_begin(req, resp))
        return;
    struct event e;
    if (api_ko_event_load(req, &e, resp)) {
        api_tx_rollback(req);
        return;
    }
    struct op o = api_op(req);
    struct problem pb = {0, NULL};
    if (op_knockout_late_close(&o, &e, &pb)) {
        api_tx_rollback(req);
        api_reply_problem(resp, &pb);
        return;
    }
    api_knockout_bracket_json(req, &e, resp);
    api_tx_commit(req, resp);
}

/* KO-7: the TD changes the lengths by round (op_ko_lengths). */
static const struct api_field lengths_fields[] = {
    {"lengths", F_ANY, 1, 0, 0, 0, NULL, NULL},
    {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

void api_knockout_lengths(struct api_req *req, struct api_resp *resp)
{
    struct api_val v[1];
    if (api_fields(req->json, lengths_fields, 0, v, resp))
        return;
    int lengths[KO_MAX_ROUNDS], n;
    struct kind_fault f;
    if (ko_lengths_read(v[0].j, "lengths", lengths, &n, &f)) {
        api_problem_field(resp, f.field, "%s", f.msg);
        return;
    }
    if (api_tx_begin(req, resp))
        return;
    struct event e;
    if (api_ko_event_load(req, &e, resp)) {
        api_tx_rollback(req);
        return;
    }
    struct op o = api_op(req);
    struct problem pb = {0, NULL};
    if (op_ko_lengths(&o, &e, lengths, n, &pb)) {
        api_tx_rollback(req);
        api_reply_problem(resp, &pb);
        return;
    }
    if (e.state != ES_OPEN)
        api_knockout_bracket_json(req, &e, resp);
    else
        api_reply_json(resp, 200, op_event_json(req->app->db, &e));
    api_tx_commit(req, resp);
}
