/* Entries approved by the TD over HTTP (GOV-4): the pending list with every decision so
 * far (the TD's, reasons included), and a player's entry approved, refused (a reason) or
 * moved up to a higher flight (a reason). The operation is ops/entries/entries.c's; a
 * player's record (api_players.c) shows the entry's state, never the reason. */
#include <stdio.h>

#include "api/fields.h"
#include "api/handlers.h"
#include "api/tx.h"
#include "ops/entries/entries.h"
#include "ops/people/players.h"

static int read_entries(struct api_req *req, const struct op *o, void *in, struct api_resp *resp)
{
    struct problem pb = {0, NULL};
    json_t *j = op_entries_json(o, req->ids[0], &pb);
    if (!j)
        return api_refuse(resp, &pb);
    api_reply_json(resp, 200, j);
    return 0;
}

void api_entries_list(struct api_req *req, struct api_resp *resp)
{
    api_read(req, resp, read_entries, NULL);
}

static int decide(struct api_req *req, const struct op *o, void *in, struct api_resp *resp)
{
    struct problem pb = {0, NULL};
    struct player p;
    struct entry_decision d;
    if (op_entry_decide(o, req->ids[0], req->ids[1], in, &p, &d, &pb))
        return api_refuse(resp, &pb);
    api_reply_json(resp, 200,
                   json_pack("{s:o, s:o}", "player", op_player_json(&p, 0), "decision",
                             op_entry_decision_json(&d)));
    return API_DONE;
}

enum { EF_REASON, EF_FROM, EF_TO, EF__N };
static const struct api_field approve_fields[] = {
    [EF_REASON] = {"reason", F_STR_MULTILINE, 0, 0, 0, ENTRY_REASON_MAX, NULL, NULL},
    [EF_FROM] = {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};
static const struct api_field refuse_fields[] = {
    [EF_REASON] = {"reason", F_STR_MULTILINE, 1, 0, 1, ENTRY_REASON_MAX, NULL, NULL},
    [EF_FROM] = {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};
static const struct api_field move_fields[] = {
    [EF_REASON] = {"reason", F_STR_MULTILINE, 1, 0, 1, ENTRY_REASON_MAX, NULL, NULL},
    [EF_FROM] = {"from_event", F_INT, 1, 0, 1, 1000000000000L, NULL, NULL},
    [EF_TO] = {"to_event", F_INT, 1, 0, 1, 1000000000000L, NULL, NULL},
    [EF__N] = {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

static void run(struct api_req *req, struct api_resp *resp, enum entry_act act,
                const struct api_field *fields)
{
    struct api_val v[EF__N] = {{0}};
    if (api_fields(req->json, fields, 0, v, resp))
        return;
    struct entry_in in = {act, v[EF_REASON].s, act == EA_MOVE_UP ? v[EF_FROM].i : 0,
                          act == EA_MOVE_UP ? v[EF_TO].i : 0};
    api_run(req, resp, decide, &in);
}

void api_entry_approve(struct api_req *req, struct api_resp *resp)
{
    run(req, resp, EA_APPROVE, approve_fields);
}
void api_entry_refuse(struct api_req *req, struct api_resp *resp)
{
    run(req, resp, EA_REFUSE, refuse_fields);
}
void api_entry_move_up(struct api_req *req, struct api_resp *resp)
{
    run(req, resp, EA_MOVE_UP, move_fields);
}
