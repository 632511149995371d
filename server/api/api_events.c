/* Events of a tournament (knockout, swing, davis, swiss) over HTTP: create and change them, enter
 * and take out players (ops/event/event_acts.c), each body and the kind's settings checked
 * first (api_swing.c, api_knockout.c, api_davis.c, api_swiss.c); list and read them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/events.h"
#include "api/fields.h"
#include "api/handlers.h"
#include "api/json.h"
#include "api/tx.h"
#include "common/clock.h"
#include "common/utf8.h"
#include "ops/event/event_acts.h"
#include "store/store.h"

enum { EV_KIND, EV_NAME, EV_PRIORITY, EV_SWING, EV_DAVIS, EV_KNOCKOUT, EV_SWISS, EV__N };
static const struct api_field event_fields[] = {
    [EV_KIND] = {"kind", F_ENUM, 1, 0, 0, 0, event_kind_names, NULL},
    [EV_NAME] = {"name", F_STR, 1, 0, 1, E_NAME_MAX, NULL, NULL},
    [EV_PRIORITY] = {"priority", F_INT, 0, 0, -1000, 1000, NULL, NULL},
    [EV_SWING] = {"swing", F_ANY, 0, 0, 0, 0, NULL, NULL},
    [EV_DAVIS] = {"davis", F_ANY, 0, 0, 0, 0, NULL, NULL},
    [EV_KNOCKOUT] = {"knockout", F_ANY, 0, 0, 0, 0, NULL, NULL},
    [EV_SWISS] = {"swiss", F_ANY, 0, 0, 0, 0, NULL, NULL},
    [EV__N] = {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

/* Each kind's settings checked and read (api_knockout.c, api_swing.c, api_davis.c): the
 * field of the body that holds them, and its checker. */
static const struct {
    int field;
    int (*read)(json_t *in, union event_settings *out, struct api_resp *resp);
} kind_settings[EK_COUNT] = {
    [EK_KNOCKOUT] = {EV_KNOCKOUT, api_knockout_settings},
    [EK_SWING] = {EV_SWING, api_swing_settings},
    [EK_DAVIS] = {EV_DAVIS, api_davis_settings},
    [EK_SWISS] = {EV_SWISS, api_swiss_settings},
};

static int event_create(struct api_req *req, const struct op *o, void *in, struct api_resp *resp)
{
    struct event *e = in;
    struct problem pb = {0, NULL};
    if (op_event_create(o, e, &pb))
        return api_refuse(resp, &pb);
    snprintf(resp->location, sizeof resp->location, "/api/v1/tournaments/%lld/competitions/%lld",
             (long long)e->tournament_id, (long long)e->id);
    api_reply_json(resp, 201, op_event_json(o->db, e));
    return API_DONE;
}

void api_event_create(struct api_req *req, struct api_resp *resp)
{
    struct api_val v[EV__N];
    if (api_fields(req->json, event_fields, 0, v, resp))
        return;
    struct event e;
    memset(&e, 0, sizeof e);
    e.tournament_id = req->ids[0];
    e.kind = (enum event_kind_id)v[EV_KIND].i;
    cw_utf8_copy(e.name, sizeof e.name, v[EV_NAME].s);
    e.priority = (int)v[EV_PRIORITY].i;
    e.state = ES_OPEN;
    if (kind_settings[e.kind].read(v[kind_settings[e.kind].field].j, &e.settings, resp))
        return;
    api_run(req, resp, event_create, &e);
}

enum { EU_NAME, EU_PRIORITY, EU_DEADLINE, EU__N };
static const struct api_field event_update_fields[] = {
    [EU_NAME] = {"name", F_STR, 0, 0, 1, E_NAME_MAX, NULL, NULL},
    [EU_PRIORITY] = {"priority", F_INT, 0, 0, -1000, 1000, NULL, NULL},
    [EU_DEADLINE] = {"late_deadline", F_STR, 0, 1, 17, 30, NULL, NULL},
    [EU__N] = {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

static int event_update(struct api_req *req, const struct op *o, void *in, struct api_resp *resp)
{
    struct event e;
    if (api_event_load(req, o, &e, resp))
        return API_UNDONE;
    struct problem pb = {0, NULL};
    if (op_event_update(o, &e, in, &pb))
        return api_refuse(resp, &pb);
    api_reply_json(resp, 200, op_event_json(o->db, &e));
    return API_DONE;
}

/* The TD renames an event, changes its table priority, or moves the late-entry deadline of
 * a knockout (or a Davis knockout) while late entry is open (KO-4; null: until the TD
 * closes it). */
void api_event_update(struct api_req *req, struct api_resp *resp)
{
    struct api_val v[EU__N];
    if (api_fields(req->json, event_update_fields, 1, v, resp))
        return;
    const struct api_val *dl = &v[EU_DEADLINE];
    int64_t dl_ms = 0;
    if (dl->s && cw_parse_iso8601(dl->s, &dl_ms)) {
        api_problem_field(resp, "late_deadline",
                          "must be a UTC time written YYYY-MM-DDTHH:MM[:SS]Z, or null");
        return;
    }
    struct event_update_in in = {
        v[EU_NAME].s, v[EU_PRIORITY].set, (int)v[EU_PRIORITY].i, dl->set, dl->s, dl_ms};
    api_run(req, resp, event_update, &in);
}

static int list_events(struct api_req *req, const struct op *o, void *in, struct api_resp *resp)
{
    struct db *db = o->db;
    struct event *es = NULL;
    int n = 0;
    struct tournament t;
    int rc = db_tournament_get(db, req->ids[0], &t);
    if (rc == CW_OK)
        rc = db_event_list(db, t.id, &es, &n);
    json_t *arr = json_array();
    for (int i = 0; rc == CW_OK && i < n; i++)
        json_array_append_new(arr, op_event_json(db, &es[i]));
    free(es);
    if (rc != CW_OK) {
        json_decref(arr);
        if (rc == CW_ENOTFOUND)
            api_problem(resp, 404, "not-found", "No such tournament",
                        "There is no tournament %lld.", (long long)req->ids[0]);
        else
            api_internal_error(resp, "listing events");
        return -1;
    }
    api_reply_json(resp, 200, json_pack("{s:o}", "events", arr));
    return 0;
}

void api_events_list(struct api_req *req, struct api_resp *resp)
{
    api_read(req, resp, list_events, NULL);
}

static int read_event(struct api_req *req, const struct op *o, void *in, struct api_resp *resp)
{
    struct event e;
    if (api_event_load(req, o, &e, resp))
        return -1;
    api_reply_json(resp, 200, op_event_json(o->db, &e));
    return 0;
}

void api_event_get(struct api_req *req, struct api_resp *resp)
{
    api_read(req, resp, read_event, NULL);
}

/* ---- entries ---- */

static const struct api_field entry_fields[] = {
    {"player_id", F_INT, 1, 0, 1, 1000000000L, NULL, NULL},
    {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

/* A player entered (in: the player's id) or taken out (NULL: the path's). */
static int entry_change(struct api_req *req, const struct op *o, void *in, struct api_resp *resp)
{
    struct event e;
    if (api_event_load(req, o, &e, resp))
        return API_UNDONE;
    struct problem pb = {0, NULL};
    if (in ? op_entry_add(o, &e, *(int64_t *)in, &pb) : op_entry_remove(o, &e, req->ids[2], &pb))
        return api_refuse(resp, &pb);
    api_reply_json(resp, in ? 201 : 200, op_event_json(o->db, &e));
    return API_DONE;
}

void api_entry_add(struct api_req *req, struct api_resp *resp)
{
    struct api_val v[1];
    if (api_fields(req->json, entry_fields, 0, v, resp))
        return;
    int64_t pid = v[0].i;
    api_run(req, resp, entry_change, &pid);
}

void api_entry_remove(struct api_req *req, struct api_resp *resp)
{
    api_run(req, resp, entry_change, NULL);
}
