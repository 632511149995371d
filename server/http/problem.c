/* A problem+json answer of the HTTP layer (problem.h). */
#include "http/problem.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/json_out.h"

struct MHD_Response *http_problem_response(int status, const char *slug, const char *title,
                                           const char *detail)
{
    char type[96];
    snprintf(type, sizeof type, "/problems/%s", slug);
    json_t *j = json_pack("{s:s, s:s, s:i, s:s}", "type", type, "title", title, "status",
                          status, "detail", detail);
    char *body = j ? cw_json_dumps(j, NULL) : NULL;
    json_decref(j);
    if (!body)
        return NULL;
    struct MHD_Response *r =
        MHD_create_response_from_buffer(strlen(body), body, MHD_RESPMEM_MUST_FREE);
    if (!r) {
        free(body);
        return NULL;
    }
    MHD_add_response_header(r, "Content-Type", "application/problem+json");
    MHD_add_response_header(r, "Cache-Control", "no-store");
    return r;
}
