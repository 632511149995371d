/* The HTTP side of a match's change (ops/match/match_frame.c): the operation run in the match's
 * frame as a command of the request's frame (api_run), its answer (the match, with what
 * the operation added) or its refusal as the reply. */
#include "api/matches.h"
#include "api/tx.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/json_out.h"
#include "ops/records/match.h"
#include "store/deferred.h"
#include "store/versions.h"

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

/* The members the operation added (req->extra_text, req->extra) appended to the reply: 0,
 * or -1 having answered the server's failure. */
static int with_extra(struct api_req *req, struct api_resp *resp)
{
    int extra = (req->extra && json_object_size(req->extra)) || req->extra_text.n ||
                req->extra_text.failed;
    if (!extra || !(resp->json || resp->body))
        return 0;
    if (req->extra_text.failed || add_extra(resp, req->extra, &req->extra_text)) {
        free(resp->body);
        resp->body = NULL;
        api_internal_error(resp, "writing the reply");
        return -1;
    }
    return 0;
}

static int match_cmd(struct api_req *req, const struct op *o, void *in, struct api_resp *resp)
{
    struct api_mx *c = in;
    struct op with = *o; /* the TD's words with a verdict */
    with.reason = c->reason;
    with.confirm_cascade = c->confirm_cascade;
    /* the reply written after the writer's turn, from what it read (c->view), unless the
     * Idempotency-Key keeps it with the change: then it is written here, before the commit */
    struct op_match_view *view = req->idem_key ? NULL : malloc(sizeof *view);
    struct op_out out;
    op_match_change(&with, c->may, req->ids[0], req->ids[1], c->action, c->fn, c->in, &c->invalid,
                    view, &out);
    if (view && out.keep && !out.is_problem)
        c->view = view;
    else
        free(view); /* read only by a kept change */
    int rc = api_out(resp, &out);
    if (rc == API_DONE && !c->view && with_extra(req, resp))
        return API_UNDONE;
    return rc;
}

/* The reply of a change kept (c->view), written once the writer's turn is over: the match
 * as the turn read it, with the operation's members; a commit that failed has answered. */
static void reply_after(struct api_req *req, struct api_resp *resp, struct api_mx *c)
{
    if (resp->status == 200 && !resp->is_problem && !resp->json && !resp->body) {
        struct cw_text t = {0};
        op_match_view_text(c->view, &t);
        resp->body = cw_text_end(&t, &resp->body_len);
        if (!resp->body)
            api_internal_error(resp, "writing the reply");
        else {
            snprintf(resp->content_type, sizeof resp->content_type, "application/json");
            with_extra(req, resp);
        }
    }
    op_match_view_free(c->view);
    free(c->view);
    c->view = NULL;
}

/* A change prepared on a reader (issue 37): match_cmd run in full on a snapshot, outside the
 * writer's turn, its writes kept (store/deferred.h); the turn makes them and answers what
 * was prepared when nothing the change may have read was written since the snapshot
 * (store/versions.h), and otherwise runs match_cmd itself, as an unprepared change does.
 * Either way the answer is the one the turn would have given. */
struct prepared {
    struct api_mx *c;
    int64_t stamp;
    struct db_deferred writes;
    struct api_resp resp; /* match_cmd's answer on the snapshot */
    int rc;               /* and its return */
    struct op_match_view *view;
};

static void prepare_on_reader(struct api_req *req, void *ctx)
{
    struct prepared *p = ctx;
    struct op o = api_op(req); /* on the reader (api_on_reader) */
    db_defer_start(o.db, &p->writes);
    problem_internal_unlogged(1); /* a failure here is made again, and logged, in the turn */
    p->rc = match_cmd(req, &o, p->c, &p->resp);
    problem_internal_unlogged(0);
    db_defer_stop(o.db);
    p->view = p->c->view;
    p->c->view = NULL;
}

/* What the preparation left that the reply did not take: its writes, its answer, its view. */
static void prepared_end(struct prepared *p)
{
    db_deferred_free(&p->writes);
    api_resp_free(&p->resp);
    memset(&p->resp, 0, sizeof p->resp);
    if (p->view)
        op_match_view_free(p->view);
    free(p->view);
    p->view = NULL;
}

/* The preparation undone, the members it added to req's reply too, for match_cmd to run. */
static void prepared_drop(struct api_req *req, struct prepared *p)
{
    prepared_end(p);
    json_decref(req->extra);
    req->extra = NULL;
    free(req->extra_text.s);
    memset(&req->extra_text, 0, sizeof req->extra_text);
}

/* 0 with the change prepared in p; -1 when it must be made in the turn (no reader free, a
 * write that cannot be kept, a failure of the reader's own): p holds nothing then. */
static int prepare(struct api_req *req, struct prepared *p)
{
    /* the stamp before the snapshot: what it names, the snapshot holds (versions.h) */
    p->stamp = db_stamp(req->app->db);
    if (api_on_reader(req, prepare_on_reader, p))
        return -1;
    if (db_deferred_given_up(&p->writes) || p->resp.status >= 500) {
        prepared_drop(req, p);
        return -1;
    }
    return 0;
}

/* The writer's turn of a prepared change. */
static int prepared_cmd(struct api_req *req, const struct op *o, void *in, struct api_resp *resp)
{
    struct prepared *p = in;
    if (!db_stamp_current(o->db, p->stamp, req->ids[1])) {
        prepared_drop(req, p); /* something it read has changed: made again, here */
        return match_cmd(req, o, p->c, resp);
    }
    if (db_deferred_apply(o->db, &p->writes) != CW_OK) {
        api_internal_error(resp, "saving the match");
        return API_UNDONE;
    }
    resp->status = p->resp.status;
    resp->json = p->resp.json;
    resp->is_problem = p->resp.is_problem;
    resp->body = p->resp.body;
    resp->body_len = p->resp.body_len;
    memcpy(resp->content_type, p->resp.content_type, sizeof resp->content_type);
    memset(&p->resp, 0, sizeof p->resp); /* now resp's */
    p->c->view = p->view;
    p->view = NULL;
    return p->rc;
}

void api_match_run(struct api_req *req, struct api_resp *resp, struct api_mx *c)
{
    c->view = NULL;
    struct prepared p = {.c = c};
    /* a request with faults of its own is refused in the turn, as ever */
    if (c->prepare && !c->invalid.json && !prepare(req, &p)) {
        api_run(req, resp, prepared_cmd, &p);
        prepared_end(&p);
    } else {
        api_run(req, resp, match_cmd, c);
    }
    if (c->view)
        reply_after(req, resp, c);
    problem_free(&c->invalid); /* consumed, whether or not the frame was reached */
}
