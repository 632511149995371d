/* Replies: JSON bodies and RFC 9457 problem details. */
#include "api/api.h"
#include "api/cache.h"
#include "store/db.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void api_reply_json(struct api_resp *resp, int status, json_t *body)
{
    json_decref(resp->json);
    resp->status = status;
    resp->json = body;
    resp->is_problem = 0;
}

void api_problem(struct api_resp *resp, int status, const char *slug, const char *title,
                 const char *fmt, ...)
{
    char detail[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(detail, sizeof detail, fmt, ap);
    va_end(ap);
    char type[96];
    snprintf(type, sizeof type, "/problems/%s", slug);
    json_decref(resp->json);
    resp->json = json_pack("{s:s, s:s, s:i, s:s}", "type", type, "title", title, "status", status,
                           "detail", detail);
    resp->status = status;
    resp->is_problem = 1;
}

void api_problem_field(struct api_resp *resp, const char *field, const char *fmt, ...)
{
    char detail[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(detail, sizeof detail, fmt, ap);
    va_end(ap);
    if (!resp->json || !resp->is_problem)
        api_problem(resp, 422, "validation", "The request has invalid fields", "%s: %s", field,
                    detail);
    json_t *errors = json_object_get(resp->json, "errors");
    if (!errors) {
        errors = json_array();
        json_object_set_new(resp->json, "errors", errors);
    }
    /* JSON Pointer of the field: "clock.mode" -> "/clock/mode" */
    char pointer[160];
    size_t k = 0;
    pointer[k++] = '/';
    /* ... and "games[2].cube" -> "/games/2/cube" (RFC 6901) */
    for (const char *p = field; *p && k + 1 < sizeof pointer; p++)
        if (*p != ']')
            pointer[k++] = *p == '.' || *p == '[' ? '/' : *p;
    pointer[k] = 0;
    json_array_append_new(
        errors, json_pack("{s:s, s:s, s:s}", "field", field, "pointer", pointer, "detail", detail));
    /* With several bad fields, the top-level detail summarises them. */
    size_t n = json_array_size(errors);
    if (n > 1) {
        char sum[96];
        snprintf(sum, sizeof sum, "%zu fields are invalid; see errors", n);
        json_object_set_new(resp->json, "detail", json_string(sum));
    }
}

void api_internal_error(struct api_resp *resp, const char *what)
{
    fprintf(stderr, "crawford: internal error: %s\n", what);
    api_problem(resp, 500, "internal", "Internal server error",
                "The server failed while %s; nothing was changed. The error is in the server log.",
                what);
}

int api_begin(struct db *db, struct api_resp *resp)
{
    int rc = db_begin(db);
    if (rc == DB_BUSY) {
        api_problem(resp, 503, "database-busy", "The database is busy",
                    "Another program holds the tournament's database (a backup or an sqlite3 "
                    "shell?); nothing was changed. Try again in a moment.");
        snprintf(resp->retry_after, sizeof resp->retry_after, "1");
    } else if (rc) {
        api_internal_error(resp, "starting a transaction");
    }
    return rc ? 1 : 0;
}

void api_resp_free(struct api_resp *resp)
{
    json_decref(resp->json);
    resp->json = NULL;
    api_blob_release(resp->blob);
    resp->blob = NULL;
    free(resp->body);
    resp->body = NULL;
}

const char *api_arg(const struct api_req *req, const char *key)
{
    for (int i = 0; i < req->nargs; i++)
        if (!strcmp(req->args[i].key, key))
            return req->args[i].value;
    return NULL;
}
