/* The Tournament Committee over HTTP (GOV-2): its form and members, posted for anyone
 * (the console, the venue's display, the phones), set by the TD; a non-player member's
 * card (their PIN, to vote from a phone) read by the TD as a player's card is. The
 * operations are ops/committee/members.c's. */
#include <stdlib.h>
#include <string.h>

#include "api/fields.h"
#include "api/handlers.h"
#include "api/tx.h"
#include "ops/committee/committee.h"
#include "store/store.h"

static int read_committee(struct api_req *req, const struct op *o, void *in,
                          struct api_resp *resp)
{
    struct tournament t;
    int rc = db_tournament_get(o->db, req->ids[0], &t);
    if (rc == CW_ENOTFOUND) {
        api_problem(resp, 404, "not-found", "No such tournament",
                    "Tournament %lld does not exist.", (long long)req->ids[0]);
        return -1;
    }
    json_t *j = rc == CW_OK ? op_committee_json(o->db, req->ids[0]) : NULL;
    if (!j) {
        api_internal_error(resp, "reading the Committee");
        return -1;
    }
    api_reply_json(resp, 200, j);
    return 0;
}

void api_committee_get(struct api_req *req, struct api_resp *resp)
{
    api_read(req, resp, read_committee, NULL);
}

/* ---- the TD's changes ---- */

static const char *const forms[] = {"standing", "per_appeal", NULL};
enum { CF_FORM, CF_WINDOW, CF__N };
static const struct api_field form_fields[] = {
    [CF_FORM] = {"form", F_ENUM, 1, 0, 0, 0, forms, NULL},
    [CF_WINDOW] = {"appeal_window_minutes", F_INT, 0, 0, 1, 1440, NULL, NULL},
    [CF__N] = {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};
enum { MF_NAME, MF_PLAYER, MF_RESERVE, MF__N };
static const struct api_field member_fields[] = {
    [MF_NAME] = {"name", F_NAME, 0, 0, 1, COMMITTEE_NAME_MAX, NULL, NULL},
    [MF_PLAYER] = {"player_id", F_INT, 0, 0, 1, 1000000000000L, NULL, NULL},
    [MF_RESERVE] = {"reserve", F_BOOL, 0, 0, 0, 0, NULL, NULL},
    [MF__N] = {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

struct committee_cmd {
    enum { CC_FORM, CC_ADD, CC_REMOVE } what;
    struct committee_settings s;
    struct member_in m;
};

static int committee_run(struct api_req *req, const struct op *o, void *in, struct api_resp *resp)
{
    struct committee_cmd *c = in;
    struct problem pb = {0, NULL};
    struct member_row m;
    int rc = c->what == CC_FORM  ? op_committee_set(o, req->ids[0], &c->s, &pb)
             : c->what == CC_ADD ? op_committee_member_add(o, req->ids[0], &c->m, &m, &pb)
                                 : op_committee_member_remove(o, req->ids[0], req->ids[1], &pb);
    if (rc)
        return api_refuse(resp, &pb);
    if (c->what == CC_ADD) {
        json_t *j = op_member_json(&m);
        /* the card's PIN is the TD's to hand over, as a new player's is */
        if (m.pin[0])
            json_object_set_new(j, "pin", json_string(m.pin));
        api_reply_json(resp, 201, j);
        return API_DONE;
    }
    json_t *j = op_committee_json(o->db, req->ids[0]);
    if (!j) {
        api_internal_error(resp, "reading the Committee");
        return API_UNDONE;
    }
    api_reply_json(resp, 200, j);
    return API_DONE;
}

void api_committee_put(struct api_req *req, struct api_resp *resp)
{
    struct api_val v[CF__N];
    if (api_fields(req->json, form_fields, 0, v, resp))
        return;
    struct committee_cmd c = {.what = CC_FORM};
    strcpy(c.s.form, v[CF_FORM].s);
    c.s.window_min = v[CF_WINDOW].set ? (int)v[CF_WINDOW].i : 30;
    api_run(req, resp, committee_run, &c);
}

void api_committee_member_add(struct api_req *req, struct api_resp *resp)
{
    struct api_val v[MF__N];
    if (api_fields(req->json, member_fields, 0, v, resp))
        return;
    if (api_fields_one_of(member_fields, v, MF_NAME, MF_PLAYER, "A player or a name",
                          "A member is a player of the tournament (player_id) or someone else "
                          "(name): give one of them (GOV-2).",
                          resp))
        return;
    struct committee_cmd c = {.what = CC_ADD};
    c.m.name = v[MF_NAME].s;
    c.m.player_id = v[MF_PLAYER].i;
    c.m.reserve = (int)v[MF_RESERVE].i;
    api_run(req, resp, committee_run, &c);
}

void api_committee_member_remove(struct api_req *req, struct api_resp *resp)
{
    struct committee_cmd c = {.what = CC_REMOVE};
    api_run(req, resp, committee_run, &c);
}

/* ---- a member's card: the read recorded, committed, then answered ---- */

static int record_card(struct api_req *req, const struct op *o, void *in, struct api_resp *resp)
{
    struct problem pb = {0, NULL};
    if (op_committee_member_card(o, req->ids[0], req->ids[1], in, &pb))
        return api_refuse(resp, &pb);
    return API_DONE;
}

void api_committee_member_card(struct api_req *req, struct api_resp *resp)
{
    struct member_row m;
    if (api_run_unkeyed(req, resp, record_card, &m))
        return;
    api_reply_json(resp, 200,
                   json_pack("{s:I, s:I, s:s, s:s}", "tournament_id", (json_int_t)req->ids[0],
                             "member_id", (json_int_t)m.id, "name", m.name, "pin", m.pin));
}
