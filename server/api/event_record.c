/* The event a route names, loaded (or its 404) in the request's frame by ops/records/load.c; the
 * record's JSON and its save are ops/records/event.c. Apart from api_events.c so that the
 * kind-specific files (knockout, Swing, Davis) use it without calling back into the file
 * that validates their settings. */
#include <stdlib.h>
#include <string.h>

#include "api/events.h"
#include "api/handlers.h"
#include "api/tx.h"
#include "ops/records/event.h"
#include "ops/records/load.h"

int api_event_load(struct api_req *req, const struct op *o, struct event *e, struct api_resp *resp)
{
    struct problem pb = {0, NULL};
    if (op_event_load(o, req->ids[0], req->ids[1], e, &pb))
        return api_refuse(resp, &pb);
    return 0;
}

int api_ko_event_load(struct api_req *req, const struct op *o, struct event *e,
                      struct api_resp *resp)
{
    if (api_event_load(req, o, e, resp))
        return -1;
    if (e->kind != EK_KNOCKOUT) {
        api_problem(resp, 409, "not-knockout", "Not a knockout event", "%s is a %s event.", e->name,
                    event_kind_name(e->kind));
        return -1;
    }
    return 0;
}

int api_event_settings_read(enum event_kind_id k, json_t *in, union event_settings *out,
                            struct api_resp *resp)
{
    struct kind_fault f;
    if (!event_settings_read(k, in, out, &f))
        return 0;
    if (f.title) /* the settings refused as a whole, the field named in it */
        api_problem(resp, 422, "validation", f.title, "%s.", f.msg);
    api_problem_field(resp, f.field, "%s", f.msg);
    return -1;
}
