/* RFC 9457 problem details, built once for the operations and the API alike. */
#include "ops/frame/problem.h"

#include <stdarg.h>
#include <stdio.h>

#include "common/utf8.h"

void problem_vset(struct problem *p, int status, const char *slug, const char *title,
                  const char *fmt, va_list ap)
{
    char detail[1024];
    vsnprintf(detail, sizeof detail, fmt, ap);
    /* a name cut by a fixed buffer on its way here is no UTF-8, which JSON cannot carry:
     * the refusal would be lost */
    cw_utf8_scrub(detail);
    char type[96];
    snprintf(type, sizeof type, "/problems/%s", slug);
    json_decref(p->json);
    p->json = json_pack("{s:s, s:s, s:i, s:s}", "type", type, "title", title, "status", status,
                        "detail", detail);
    p->status = status;
}

void problem_set(struct problem *p, int status, const char *slug, const char *title,
                 const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    problem_vset(p, status, slug, title, fmt, ap);
    va_end(ap);
}

void problem_field(struct problem *p, const char *field, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    problem_vfield(p, field, fmt, ap);
    va_end(ap);
}

void problem_vfield(struct problem *p, const char *field, const char *fmt, va_list ap)
{
    char detail[512];
    vsnprintf(detail, sizeof detail, fmt, ap);
    cw_utf8_scrub(detail);
    if (!p->json)
        problem_set(p, 422, "validation", "The request has invalid fields", "%s: %s", field,
                    detail);
    json_t *errors = json_object_get(p->json, "errors");
    if (!errors) {
        errors = json_array();
        json_object_set_new(p->json, "errors", errors);
    }
    /* JSON Pointer of the field: "clock.mode" -> "/clock/mode" */
    char pointer[160];
    size_t k = 0;
    pointer[k++] = '/';
    /* ... and "games[2].cube" -> "/games/2/cube" (RFC 6901) */
    for (const char *c = field; *c && k + 1 < sizeof pointer; c++)
        if (*c != ']')
            pointer[k++] = *c == '.' || *c == '[' ? '/' : *c;
    pointer[k] = 0;
    json_array_append_new(
        errors, json_pack("{s:s, s:s, s:s}", "field", field, "pointer", pointer, "detail", detail));
    /* With several bad fields, the top-level detail summarises them. */
    size_t n = json_array_size(errors);
    if (n > 1) {
        char sum[96];
        snprintf(sum, sizeof sum, "%zu fields are invalid; see errors", n);
        json_object_set_new(p->json, "detail", json_string(sum));
    }
}

int op_no_tournament(struct problem *p, int64_t tid)
{
    problem_set(p, 404, "not-found", "No such tournament", "There is no tournament %lld.",
                (long long)tid);
    return -1;
}

int op_no_player(struct problem *p, int64_t tid, int64_t pid)
{
    problem_set(p, 404, "not-found", "No such player", "Tournament %lld has no player %lld.",
                (long long)tid, (long long)pid);
    return -1;
}

static _Thread_local int unlogged;

void problem_internal_unlogged(int on)
{
    unlogged = on;
}

void problem_internal(struct problem *p, const char *what)
{
    if (!unlogged)
        fprintf(stderr, "crawford: internal error: %s\n", what);
    problem_set(p, 500, "internal", "Internal server error",
                "The server failed while %s; nothing was changed. The error is in the server log.",
                what);
}

void problem_free(struct problem *p)
{
    json_decref(p->json);
    p->json = NULL;
    p->status = 0;
}
