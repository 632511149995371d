/* Calls from the tables over HTTP (GOV-5): a player's call, an official taking and
 * closing it, a warning of a slow match; the match's calls and warnings for its players
 * and the officials, the tournament's open calls for the console (and, for anyone, their
 * tables and times: the venue's screen). The operations are ops/table/calls.c's, in the frame of
 * ops/clock/clock_frame.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/clock_frame.h"
#include "api/fields.h"
#include "api/handlers.h"
#include "api/matches.h"
#include "api/tx.h"
#include "ops/table/table_acts.h"

static const char *const reasons[] = {"dispute",    "clock",      "baffle_box",
                                      "observer",   "spectators", "equipment",
                                      "leave_room", "other",      NULL};
static const struct api_field open_fields[] = {
    {"reason", F_ENUM, 1, 0, 0, 0, reasons, NULL},
    {"text", F_STR, 0, 0, 0, CALL_TEXT_MAX, NULL, NULL},
    {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

/* A refusal past the rate limit says when to call again in Retry-After too. */
static void retry_after(struct api_resp *resp)
{
    json_t *s = resp->status == 429 ? json_object_get(resp->json, "retry_after_s") : NULL;
    if (s)
        snprintf(resp->retry_after, sizeof resp->retry_after, "%lld",
                 (long long)json_integer_value(s));
}

void api_call_open(struct api_req *req, struct api_resp *resp)
{
    struct problem bad = {0, NULL};
    struct api_val v[2];
    struct call_open_in in = {"other", ""};
    if (!api_fields_check(req->json, open_fields, 0, v, &bad)) {
        in.reason = v[0].s;
        in.text = v[1].s ? v[1].s : "";
    }
    api_cx_run_rule(req, resp, op_call_open, &in, &bad, "GOV-5");
    retry_after(resp);
}

void api_call_take(struct api_req *req, struct api_resp *resp)
{
    struct problem bad = {0, NULL};
    api_fields_check(req->json, (const struct api_field[]){{NULL}}, 0, NULL, &bad);
    struct call_act_in in = {req->ids[2], NULL, 0};
    api_cx_run(req, resp, op_call_take, &in, &bad);
}

static const struct api_field close_fields[] = {
    {"outcome", F_STR, 1, 0, 1, CALL_OUTCOME_MAX, NULL, NULL},
    {"leave_minutes", F_INT, 0, 0, 1, CALL_LEAVE_MAX_MIN, NULL, NULL},
    {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

void api_call_close(struct api_req *req, struct api_resp *resp)
{
    struct problem bad = {0, NULL};
    struct api_val v[2];
    struct call_act_in in = {req->ids[2], "", 0};
    if (!api_fields_check(req->json, close_fields, 0, v, &bad)) {
        in.outcome = v[0].s;
        in.leave_minutes = (int)v[1].i;
    }
    api_cx_run(req, resp, op_call_close, &in, &bad);
}

static const struct api_field warn_fields[] = {
    {"text", F_STR, 1, 0, 1, CALL_OUTCOME_MAX, NULL, NULL},
    {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

void api_match_warn(struct api_req *req, struct api_resp *resp)
{
    struct problem bad = {0, NULL};
    struct api_val v[1];
    struct warn_in in = {""};
    if (!api_fields_check(req->json, warn_fields, 0, v, &bad))
        in.text = v[0].s;
    api_cx_run(req, resp, op_match_warn, &in, &bad);
}

static int calls_of_match(struct api_req *req, const struct op *o, void *in, struct api_resp *resp)
{
    struct match m;
    if (api_match_private(req, o, resp, &m, "GOV-5"))
        return -1;
    struct call_row *calls = NULL;
    struct warning_row *warns = NULL;
    int nc = 0, nw = 0;
    int rc = db_calls_of_match(o->db, m.id, &calls, &nc);
    if (rc == CW_OK)
        rc = db_warnings(o->db, m.id, &warns, &nw);
    if (rc != CW_OK) {
        free(calls);
        api_internal_error(resp, "reading the calls");
        return -1;
    }
    json_t *c = json_array(), *w = json_array();
    for (int i = 0; i < nc; i++)
        json_array_append_new(c, op_call_json(&calls[i], req->now_ms));
    for (int i = 0; i < nw; i++)
        json_array_append_new(w, op_warning_json(&warns[i]));
    free(calls);
    free(warns);
    api_reply_json(resp, 200,
                   json_pack("{s:I, s:o, s:o, s:I}", "match_id", (json_int_t)m.id, "calls", c,
                             "warnings", w, "server_time_ms", (json_int_t)req->now_ms));
    return 0;
}

void api_calls_of_match(struct api_req *req, struct api_resp *resp)
{
    api_read(req, resp, calls_of_match, NULL);
}

struct calls_read {
    struct call_row *calls;
    int n, rc;
};

static int read_open_calls(struct api_req *req, const struct op *o, void *in, struct api_resp *resp)
{
    struct calls_read *r = in;
    int64_t rev = db_tournament_revision(o->db, req->ids[0]);
    r->rc = rev > 0 ? db_calls_open(o->db, req->ids[0], &r->calls, &r->n) : (int)rev;
    return 0;
}

/* The tournament's open calls, each as `one` writes it, in {"calls": [...]}; 0, or -1 with
 * the refusal (no such tournament) or the failure as the reply. */
API_REPLIES static int open_calls(struct api_req *req, struct api_resp *resp, json_t **out,
                                  json_t *(*one)(const struct call_row *, int64_t))
{
    struct calls_read r = {NULL, 0, 0};
    api_read(req, resp, read_open_calls, &r);
    struct call_row *calls = r.calls;
    int n = r.n, rc = r.rc;
    if (rc == CW_ENOTFOUND) {
        api_problem(resp, 404, "not-found", "No such tournament", "There is no tournament %lld.",
                    (long long)req->ids[0]);
        return -1;
    }
    if (rc != CW_OK) {
        api_internal_error(resp, "reading the calls");
        return -1;
    }
    json_t *arr = json_array();
    for (int i = 0; i < n; i++)
        json_array_append_new(arr, one(&calls[i], req->now_ms));
    free(calls);
    *out = arr;
    return 0;
}

void api_calls_open(struct api_req *req, struct api_resp *resp)
{
    json_t *arr;
    if (open_calls(req, resp, &arr, op_call_json))
        return;
    api_reply_json(
        resp, 200,
        json_pack("{s:o, s:I}", "calls", arr, "server_time_ms", (json_int_t)req->now_ms));
}

static json_t *table_only(const struct call_row *c, int64_t now_ms)
{
    (void)now_ms;
    return op_call_table_json(c);
}

/* The venue's screen, opened at any time, shows the tables a TD was called to: each open
 * call's table and time, for anyone (the same reply for all: kept per revision by the
 * router, which every call's change moves). No server time: a kept copy would carry a
 * stale one. */
void api_calls_tables(struct api_req *req, struct api_resp *resp)
{
    json_t *arr;
    if (open_calls(req, resp, &arr, table_only))
        return;
    api_reply_json(resp, 200, json_pack("{s:o}", "calls", arr));
}
