/* Observers over HTTP (GOV-3): an official appoints one to a match (a name, optionally a
 * fee in cents and who pays it, the call that asked for one) and removes them. The match's
 * own JSON lists those observing (api_matches.c). The operations are ops/table/observers.c's. */
#include "api/clock_frame.h"
#include "api/fields.h"
#include "api/handlers.h"
#include "ops/table/table_acts.h"

static const char *const payers[] = {"a", "b", "both", NULL};
enum { OB_NAME, OB_FEE, OB_PAYER, OB_CALL, OB__N };
static const struct api_field observer_fields[] = {
    [OB_NAME] = {"name", F_STR, 1, 0, 1, P_NAME_MAX, NULL, NULL},
    [OB_FEE] = {"fee_cents", F_INT, 0, 0, 0, 100000000, NULL, NULL},
    [OB_PAYER] = {"fee_payer", F_ENUM, 0, 0, 0, 0, payers, NULL},
    [OB_CALL] = {"call_id", F_INT, 0, 0, 1, 1000000000000L, NULL, NULL},
    [OB__N] = {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

void api_observer_appoint(struct api_req *req, struct api_resp *resp)
{
    struct problem bad = {0, NULL};
    struct api_val v[OB__N];
    struct observer_in in = {"", -1, NULL, 0, 0};
    if (!api_fields_check(req->json, observer_fields, 0, v, &bad)) {
        in.name = v[OB_NAME].s;
        if (v[OB_FEE].set)
            in.fee_cents = v[OB_FEE].i;
        in.fee_payer = v[OB_PAYER].s;
        in.call_id = v[OB_CALL].i;
    }
    api_cx_run(req, resp, op_observer_appoint, &in, &bad);
}

void api_observer_remove(struct api_req *req, struct api_resp *resp)
{
    struct observer_in in = {"", -1, NULL, 0, req->ids[2]};
    api_cx_run(req, resp, op_observer_remove, &in, NULL);
}
