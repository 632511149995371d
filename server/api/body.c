/* A request's body, checked before any handler sees it: its type (415), a hostile shape
 * scanned before parsing (nesting, string length), then parsed by jansson once into
 * req->json (400/422). The router's step "body" (api/router.c). */
#include "api/body.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

#include <jansson.h>

/* Deepest nesting and longest string of a JSON text, scanned before parsing so that a
 * hostile body cannot make the parser recurse or allocate without bound; field receives
 * the member name the longest string is the value of (as written, printable ASCII only,
 * shortened), so that the refusal can name it. */
static void scan_json(const char *s, size_t n, int *depth, size_t *longest, char *field,
                      size_t fieldlen)
{
    int d = 0, in_str = 0;
    size_t cur = 0, start = 0, key_start = 0, key_len = 0;
    *depth = 0;
    *longest = 0;
    snprintf(field, fieldlen, "(a string)");
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (in_str) {
            if (c == '\\') {
                i++;
                cur++;
            } else if (c == '"') {
                in_str = 0;
                size_t j = i + 1;
                while (j < n && (s[j] == ' ' || s[j] == '\t' || s[j] == '\r' || s[j] == '\n'))
                    j++;
                int is_key = j < n && s[j] == ':';
                if (is_key) {
                    key_start = start;
                    key_len = i - start;
                }
                if (cur > *longest) {
                    *longest = cur;
                    if (is_key) {
                        snprintf(field, fieldlen, "(a member name)");
                    } else {
                        size_t k = 0;
                        for (size_t q = 0; q < key_len && k + 1 < fieldlen && k < 60; q++) {
                            char kc = s[key_start + q];
                            field[k++] = kc > 0x20 && kc < 0x7f && kc != '\\' ? kc : '?';
                        }
                        field[k] = 0;
                        if (!k)
                            snprintf(field, fieldlen, "(a string)");
                    }
                }
            } else {
                cur++;
            }
        } else if (c == '"') {
            in_str = 1;
            cur = 0;
            start = i + 1;
        } else if (c == '[' || c == '{') {
            if (++d > *depth)
                *depth = d;
        } else if (c == ']' || c == '}') {
            d--;
        }
    }
    if (in_str && cur > *longest)
        *longest = cur;
}

static int is_json_type(const char *ct)
{
    if (!ct)
        return 0;
    size_t n = strlen("application/json");
    if (strncasecmp(ct, "application/json", n))
        return 0;
    return ct[n] == 0 || ct[n] == ';' || ct[n] == ' ';
}

int api_body_blank(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (s[i] != ' ' && s[i] != '\t' && s[i] != '\r' && s[i] != '\n')
            return 0;
    return 1;
}

int api_body_parse(struct api_req *req, struct api_resp *resp, int wants_json)
{
    const struct cw_config *cfg = &req->app->cfg;
    if (!wants_json) {
        /* Action routes take no body; an empty one or {} is tolerated. */
        if (!req->body || api_body_blank(req->body, req->body_len))
            return 0;
        json_t *j = json_loadb(req->body, req->body_len, 0, NULL);
        int empty_obj = j && json_is_object(j) && json_object_size(j) == 0;
        json_decref(j);
        if (empty_obj)
            return 0;
        api_problem(resp, 422, "no-body-expected", "This request takes no body",
                    "%s %s takes no request body.", req->method, req->path);
        return -1;
    }
    if (!is_json_type(req->content_type)) {
        api_problem(resp, 415, "unsupported-media-type", "Unsupported media type",
                    "The body must be JSON, sent with \"Content-Type: application/json\".");
        return -1;
    }
    if (!req->body || api_body_blank(req->body, req->body_len)) {
        api_problem(resp, 400, "malformed-json", "Malformed JSON",
                    "The request needs a JSON object body; it was empty.");
        return -1;
    }
    int depth;
    size_t longest;
    char field[64];
    scan_json(req->body, req->body_len, &depth, &longest, field, sizeof field);
    if (depth > cfg->max_json_depth) {
        api_problem(resp, 400, "json-too-deep", "JSON nested too deeply",
                    "The body nests arrays and objects %d levels deep; at most %d are allowed.",
                    depth, cfg->max_json_depth);
        return -1;
    }
    if (longest > (size_t)cfg->max_string_bytes) {
        api_problem(resp, 413, "json-string-too-long", "String too long",
                    "The body holds a string of more than %d bytes (%s).", cfg->max_string_bytes,
                    field);
        api_problem_field(resp, field, "is longer than %d bytes", cfg->max_string_bytes);
        return -1;
    }
    json_error_t je;
    json_t *j = json_loadb(req->body, req->body_len, JSON_REJECT_DUPLICATES, &je);
    if (!j) {
        api_problem(resp, 400, "malformed-json", "Malformed JSON",
                    "The body is not valid JSON: %s (line %d, column %d).", je.text, je.line,
                    je.column);
        return -1;
    }
    if (!json_is_object(j)) {
        json_decref(j);
        api_problem(resp, 422, "validation", "The body must be a JSON object",
                    "The body must be a JSON object ({...}).");
        return -1;
    }
    req->json = j;
    return 0;
}

