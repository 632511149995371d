/* Observers over HTTP (GOV-3): an official appoints one to a match (a name, optionally a
 * fee in cents and who pays it, the call that asked for one) and removes them. The match's
 * own JSON lists those observing (api_matches.c). The operations are ops/observers.c's. */
#include "api/clock_frame.h"
#include "api/fields.h"
#include "api/handlers.h"
#include "ops/table_acts.h"

static const char *const payers[] = {"a", "b", "both", NULL};
static const struct api_field observer_fields[] = {
    {"name", F_STR, 1, 0, 1, P_NAME_MAX, NULL, NULL},
    {"fee_cents", F_INT, 0, 0, 0, 100000000, NULL, NULL},
    {"fee_payer", F_ENUM, 0, 0, 0, 0, payers, NULL},
    {"call_id", F_INT, 0, 0, 1, 1000000000000L, NULL, NULL},
    {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

void api_observer_appoint(struct api_req *req, struct api_resp *resp)
{
    struct problem bad = {0, NULL};
    struct observer_in in = {"", -1, NULL, 0, 0};
    json_t *j = req->json;
    if (!api_check_fields_pb(j, observer_fields, 0, &bad)) {
        in.name = api_str(j, "name");
        if (json_object_get(j, "fee_cents"))
            in.fee_cents = json_integer_value(json_object_get(j, "fee_cents"));
        in.fee_payer = api_str(j, "fee_payer");
        in.call_id = json_integer_value(json_object_get(j, "call_id"));
    }
    api_cx_run(req, resp, op_observer_appoint, &in, &bad);
}

void api_observer_remove(struct api_req *req, struct api_resp *resp)
{
    struct observer_in in = {"", -1, NULL, 0, req->ids[2]};
    api_cx_run(req, resp, op_observer_remove, &in, NULL);
}
