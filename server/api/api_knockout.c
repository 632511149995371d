/* Knockout events over HTTP (KO-1..KO-8): the settings checked, and the TD's draw, late
 * arrivals, closing of late entry and lengths by round, each checked into its input and run
 * as an operation (ops/knockout/knockout_acts.c, ops/knockout/knockout.c), answered with the bracket
 * (knockout_json.c). The rules themselves are tourney/knockout.c. */

#include <string.h>

#include "api/events.h"
#include "api/fields.h"
#include "api/handlers.h"
#include "api/tx.h"
#include "common/clock.h"
#include "ops/knockout/knockout_acts.h"
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
    KS_THIRD,
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
    [KS_THIRD] = {"third_place", F_BOOL, 0, 0, 0, 0, NULL, NULL},
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

/* ---- the TD's changes of a bracket, each a command of the frame (api/tx.h) ---- */

/* What the TD does to the bracket, with its input. */
struct ko_cmd {
    enum { KO_DRAW, KO_LATE, KO_LATE_CLOSE, KO_LENGTHS } what;
    const char *seed;   /* KO_DRAW: the seed, or NULL: the server draws one, recorded */
    int64_t player;     /* KO_LATE: who arrived */
    const int *lengths; /* KO_LENGTHS: n of them (checked: ko_lengths_read) */
    int n;
};

/* The knockout of the path loaded, the operation run, the bracket answered. */
static int ko_run(struct api_req *req, const struct op *o, void *in, struct api_resp *resp)
{
    const struct ko_cmd *c = in;
    struct event e;
    if (api_ko_event_load(req, o, &e, resp))
        return API_UNDONE;
    struct problem pb = {0, NULL};
    int rc = c->what == KO_DRAW         ? op_ko_draw(o, &e, c->seed, &pb)
             : c->what == KO_LATE       ? op_ko_late_arrive(o, &e, c->player, &pb)
             : c->what == KO_LATE_CLOSE ? op_knockout_late_close(o, &e, &pb)
                                        : op_ko_lengths(o, &e, c->lengths, c->n, &pb);
    if (rc) {
        api_reply_problem(resp, &pb);
        /* a late arrival refused as the deadline passed just now: the closing it found
         * stays */
        return rc > 0 ? API_KEPT : API_UNDONE;
    }
    if (c->what == KO_LENGTHS && e.state == ES_OPEN)
        api_reply_json(resp, 200, op_event_json(o->db, &e));
    else
        api_knockout_bracket_json(req, &e, resp);
    return API_DONE;
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
    struct ko_cmd c = {KO_DRAW, v[0].s, 0, NULL, 0}; /* no seed: one drawn, recorded */
    api_run(req, resp, ko_run, &c);
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
    struct ko_cmd c = {KO_LATE, NULL, v[0].i, NULL, 0};
    api_run(req, resp, ko_run, &c);
}

void api_knockout_late_close(struct api_req *req, struct api_resp *resp)
{
    struct ko_cmd c = {KO_LATE_CLOSE, NULL, 0, NULL, 0};
    api_run(req, resp, ko_run, &c);
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
    struct ko_cmd c = {KO_LENGTHS, NULL, 0, lengths, n};
    api_run(req, resp, ko_run, &c);
}
