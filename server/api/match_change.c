/* The HTTP side of a match's change (ops/match/match_frame.c): the operation run in the match's
 * frame as a command of the request's frame (api_run), its answer (the match, with what
 * the operation added) or its refusal as the reply. */
#include "api/matches.h"
#include "api/tx.h"

#include <stdlib.h>
#include <string.h>

#include "common/json_out.h"
#include "ops/records/match.h"

/* The members an operation wrote as text (struct op's extra_text: each ,"key":value) as a
 * jansson object, for a reply that is a value; NULL for no memory. */
static json_t *text_members(const struct cw_text *x)
{
    if (!x->n)
        return json_object();
    struct cw_text t = {NULL, 0, 0, 0};
    cw_text_lit(&t, "{");
    cw_text_raw(&t, x->s + 1, x->n - 1); /* past the first member's comma */
    cw_text_lit(&t, "}");
    size_t n;
    char *s = cw_text_end(&t, &n);
    json_t *j = s ? json_loadb(s, n, 0, NULL) : NULL;
    free(s);
    return j;
}

/* What the operation added to the reply (req->extra_text, then req->extra: a report's
 * running score...) as members of the match written as text (op_match_text): appended
 * before its closing brace; a member the match has itself is replaced, as
 * json_object_update would, on the value read back from the text. -1 for no memory. */
static int add_extra(struct api_resp *resp, json_t *extra, const struct cw_text *text)
{
    const char *key;
    json_t *v;
    int clash = 0;
    json_object_foreach (extra, key, v)
        clash |= op_match_text_has(key);
    /* the members written as text have keys a match never has ("report": ops/match/games.c,
     * held so by tests/unit/test_report_compact.c): read back only for a reply that is a value */
    if (clash || resp->json || resp->body_len < 2 || resp->body[resp->body_len - 1] != '}') {
        json_t *members = text->n ? text_members(text) : NULL;
        if (text->n && !members)
            return -1;
        json_t *j = resp->json ? resp->json : json_loadb(resp->body, resp->body_len, 0, NULL);
        int bad = !j || (members && json_object_update(j, members)) ||
                  (extra && json_object_update(j, extra));
        json_decref(members);
        if (bad) {
            if (j != resp->json)
                json_decref(j);
            return -1;
        }
        free(resp->body);
        resp->body = NULL;
        resp->json = j;
        return 0;
    }
    struct cw_text t = {resp->body, resp->body_len - 1, resp->body_len, 0};
    if (text->n)
        cw_text_raw(&t, text->s, text->n);
    json_object_foreach (extra, key, v) {
        cw_text_lit(&t, ",");
        cw_text_str(&t, key);
        cw_text_lit(&t, ":");
        cw_text_json(&t, v);
    }
    cw_text_lit(&t, "}");
    resp->body = cw_text_end(&t, &resp->body_len);
    return resp->body ? 0 : -1;
}

static int match_cmd(struct api_req *req, const struct op *o, void *in, struct api_resp *resp)
{
    struct api_mx *c = in;
    struct op with = *o; /* the TD's words with a verdict */
    with.reason = c->reason;
    with.confirm_cascade = c->confirm_cascade;
    struct op_out out;
    op_match_change(&with, c->may, req->ids[0], req->ids[1], c->action, c->fn, c->in, &c->invalid,
                    &out);
    int rc = api_out(resp, &out);
    int extra = (req->extra && json_object_size(req->extra)) || req->extra_text.n ||
                req->extra_text.failed;
    if (rc == API_DONE && extra && (resp->json || resp->body)) {
        if (req->extra_text.failed || add_extra(resp, req->extra, &req->extra_text)) {
            free(resp->body);
            resp->body = NULL;
            api_internal_error(resp, "writing the reply");
            return API_UNDONE;
        }
    }
    return rc;
}

void api_match_run(struct api_req *req, struct api_resp *resp, struct api_mx *c)
{
    api_run(req, resp, match_cmd, c);
    problem_free(&c->invalid); /* consumed, whether or not the frame was reached */
}
