/* Davis Cup team events over HTTP (DAVIS-1..3): the settings checked; a team added and
 * the start (ops/davis/davis_acts.c), late entry closed (ops/davis/davis.c), each body checked into
 * its operation's input; and the grid with its standings (ops/davis/davis_board.c). */

#include <stdio.h>
#include <string.h>

#include "api/events.h"
#include "api/fields.h"
#include "api/handlers.h"
#include "api/tx.h"
#include "common/utf8.h"
#include "tourney/rng.h"
#include "common/clock.h"
#include "ops/davis/davis_acts.h"
#include "ops/davis/davis_board.h"

static const char *const formats[] = {"round_robin", "knockout", NULL};

enum { DS_FORMAT, DS_LENGTHS, DS_DEAD, DS_LATE, DS_DEADLINE, DS__N };
static const struct api_field davis_fields[] = {
    [DS_FORMAT] = {"format", F_ENUM, 0, 0, 0, 0, formats, NULL},
    [DS_LENGTHS] = {"lengths", F_ANY, 0, 0, 0, 0, NULL, NULL},
    [DS_DEAD] = {"play_dead", F_BOOL, 0, 0, 0, 0, NULL, NULL},
    [DS_LATE] = {"late_places", F_INT, 0, 0, 0, 64, NULL, NULL},
    [DS_DEADLINE] = {"late_deadline", F_STR, 0, 1, 17, 30, NULL, NULL},
    [DS__N] = {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

int api_davis_settings(json_t *in, union event_settings *out, struct api_resp *resp)
{
    if (in && !json_is_object(in)) {
        api_problem_field(resp, "davis", "must be an object");
        return -1;
    }
    struct api_val v[DS__N];
    if (api_fields(in, davis_fields, 0, v, resp))
        return -1;
    return api_event_settings_read(EK_DAVIS, in, out, resp);
}

API_REPLIES static int load_davis(struct api_req *req, const struct op *o, struct event *e,
                                  struct api_resp *resp)
{
    if (api_event_load(req, o, e, resp))
        return -1;
    if (e->kind != EK_DAVIS) {
        api_problem(resp, 409, "not-davis", "Not a Davis Cup event", "%s is a %s event.", e->name,
                    event_kind_name(e->kind));
        return -1;
    }
    return 0;
}

/* What the TD does to a Davis event, with its input. */
struct davis_cmd {
    enum { DV_TEAM, DV_START, DV_LATE_CLOSE } what;
    struct davis_team_row *team; /* DV_TEAM */
    const char *seed;            /* DV_START: a knockout of teams' draw's, or NULL */
};

/* A change of a Davis event: the event and its settings read, the operation run, the
 * answer (the team, or the event). */
static int davis_run(struct api_req *req, const struct op *o, void *in, struct api_resp *resp)
{
    const struct davis_cmd *c = in;
    struct event e;
    if (load_davis(req, o, &e, resp))
        return API_UNDONE;
    struct davis_settings s = e.settings.davis;
    struct problem pb = {0, NULL};
    int rc = c->what == DV_TEAM    ? op_davis_team_add(o, &e, &s, c->team, &pb)
             : c->what == DV_START ? op_davis_start(o, &e, &s, c->seed, &pb)
                                   : op_davis_late_close(o, &e, &s, &pb);
    if (rc)
        return api_refuse(resp, &pb);
    if (c->what == DV_TEAM)
        api_reply_json(resp, 201, op_davis_team_json(o->db, c->team, e.tournament_id));
    else
        api_reply_json(resp, c->what == DV_START ? 201 : 200, op_event_json(o->db, &e));
    return API_DONE;
}

/* ---- teams (DAVIS-1) ---- */

enum { DT_NAME, DT_P1, DT_P2, DT__N };
static const struct api_field team_fields[] = {
    [DT_NAME] = {"name", F_STR, 1, 0, 1, 200, NULL, NULL},
    [DT_P1] = {"player1", F_INT, 1, 0, 1, 1000000000L, NULL, NULL},
    [DT_P2] = {"player2", F_INT, 1, 0, 1, 1000000000L, NULL, NULL},
    [DT__N] = {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

void api_davis_team_add(struct api_req *req, struct api_resp *resp)
{
    struct api_val v[DT__N];
    if (api_fields(req->json, team_fields, 0, v, resp))
        return;
    struct davis_team_row t;
    memset(&t, 0, sizeof t);
    cw_utf8_copy(t.name, sizeof t.name, v[DT_NAME].s);
    t.player[0] = v[DT_P1].i;
    t.player[1] = v[DT_P2].i;
    if (t.player[0] == t.player[1]) {
        api_problem_field(resp, "player2", "is player1 again: a pair has two players (DAVIS-1)");
        return;
    }
    struct davis_cmd c = {DV_TEAM, &t, NULL};
    api_run(req, resp, davis_run, &c);
}

/* the seed of a knockout of teams' draw, optional (a fresh one is recorded) */
static const struct api_field start_fields[] = {
    {"seed", F_SEED, 0, 0, 1, RNG_SEED_CHARS, NULL, NULL},
    {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

void api_davis_start(struct api_req *req, struct api_resp *resp)
{
    struct api_val v[1];
    if (api_fields(req->json, start_fields, 0, v, resp))
        return;
    struct davis_cmd c = {DV_START, NULL, v[0].s};
    api_run(req, resp, davis_run, &c);
}

/* KO-4: the late places still open are closed (by the TD, or by the deadline's tick); an
 * unfilled place leaves its opponent a walkover. */
void api_davis_late_close(struct api_req *req, struct api_resp *resp)
{
    struct davis_cmd c = {DV_LATE_CLOSE, NULL, NULL};
    api_run(req, resp, davis_run, &c);
}

/* ---- the grid and the standings (ops/davis/davis_board.c) ---- */

static int read_board(struct api_req *req, const struct op *o, void *in, struct api_resp *resp)
{
    struct event e;
    if (load_davis(req, o, &e, resp)) {
        if (resp->status == 409) { /* a GET of another kind of event: not found here */
            resp->status = 404;
            json_object_set_new(resp->json, "status", json_integer(404));
        }
        return -1;
    }
    json_t *board = op_davis_board(o->db, &e, req->now_ms);
    if (!board) {
        api_internal_error(resp, "reading the Davis Cup event");
        return -1;
    }
    api_reply_json(resp, 200, board);
    return 0;
}

void api_davis_board(struct api_req *req, struct api_resp *resp)
{
    api_read(req, resp, read_board, NULL);
}
