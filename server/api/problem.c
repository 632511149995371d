/* Replies: JSON bodies and RFC 9457 problem details. */
#include "api/api.h"
#include "api/cache.h"
#include "ops/frame/problem.h"
#include "store/db.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void api_reply_json(struct api_resp *resp, int status, json_t *body)
{
    json_decref(resp->json);
    resp->status = status;
    resp->json = body;
    resp->is_problem = 0;
}

/* The API's problems are ops/frame/problem.c's, written into the reply: one builder. */
static struct problem of(struct api_resp *resp)
{
    struct problem p = {resp->is_problem ? resp->status : 0, resp->is_problem ? resp->json : NULL};
    if (!resp->is_problem)
        json_decref(resp->json);
    resp->json = NULL;
    return p;
}

void api_reply_problem(struct api_resp *resp, struct problem *p)
{
    json_decref(resp->json);
    resp->status = p->status;
    resp->json = p->json;
    resp->is_problem = 1;
    p->json = NULL;
    p->status = 0;
}

void api_problem(struct api_resp *resp, int status, const char *slug, const char *title,
                 const char *fmt, ...)
{
    struct problem p = of(resp);
    va_list ap;
    va_start(ap, fmt);
    problem_vset(&p, status, slug, title, fmt, ap);
    va_end(ap);
    api_reply_problem(resp, &p);
}

void api_problem_field(struct api_resp *resp, const char *field, const char *fmt, ...)
{
    struct problem p = of(resp);
    va_list ap;
    va_start(ap, fmt);
    problem_vfield(&p, field, fmt, ap);
    va_end(ap);
    api_reply_problem(resp, &p);
}

void api_internal_error(struct api_resp *resp, const char *what)
{
    struct problem p = of(resp);
    problem_internal(&p, what);
    api_reply_problem(resp, &p);
}

void api_disk_refusal(struct api_resp *resp, int why)
{
    if (why == DB_FULL) {
        api_problem(resp, 507, "disk-full", "The server's disk is full",
                    "The server's disk is full, so nothing was changed. Results already "
                    "acknowledged are safe and everything can still be read; the TD can log "
                    "in. Changes are accepted again as soon as there is room on the disk.");
    } else {
        /* a failed sync leaves its batch in the log, perhaps kept, perhaps not */
        api_problem(resp, 503, "disk-failed", "Writing to the server's disk failed",
                    "Writing to the server's disk failed, so this change is not confirmed (it "
                    "may or may not have been kept). The server reopens its database before "
                    "the next change; send it again in a moment (with the same "
                    "Idempotency-Key, a change already kept is not made twice).");
        snprintf(resp->retry_after, sizeof resp->retry_after, "5");
    }
}

void api_resp_free(struct api_resp *resp)
{
    json_decref(resp->json);
    resp->json = NULL;
    api_blob_release(resp->blob);
    resp->blob = NULL;
    free(resp->body);
    resp->body = NULL;
    if (resp->has_file)
        close(resp->file_fd);
    resp->has_file = 0;
}

const char *api_arg(const struct api_req *req, const char *key)
{
    for (int i = 0; i < req->nargs; i++)
        if (!strcmp(req->args[i].key, key))
            return req->args[i].value;
    return NULL;
}
