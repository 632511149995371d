/* Tournaments over HTTP: create and update (ops/tournament/tournaments.c), each body checked into
 * its operation's typed input; list, and read (cached, with an ETag). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/cache.h"
#include "api/fields.h"
#include "api/handlers.h"
#include "api/tx.h"
#include "common/utf8.h"
#include "ops/tournament/tournaments.h"
#include "store/store.h"
#include "tourney/placings.h"

static const char *const policies[] = {"legal", "responsible", NULL};
static const char *const break_tables[] = {"wbgf", "italian", NULL};
static const char *const clock_modes[] = {"delay", "bronstein", NULL};

enum { LF_GRACE, LF_STEP, LF__N };
static const struct api_field lateness_fields[] = {
    [LF_GRACE] = {"grace_minutes", F_INT, 0, 0, 0, 240, NULL, NULL},
    [LF_STEP] = {"step_minutes", F_INT, 0, 0, 1, 120, NULL, NULL},
    [LF__N] = {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

enum { CF_MODE, CF_BANK, CF_DELAY, CF_SPLIT, CF__N };
static const struct api_field clock_fields[] = {
    [CF_MODE] = {"mode", F_ENUM, 0, 0, 0, 0, clock_modes, NULL},
    [CF_BANK] = {"bank_per_point_s", F_INT, 0, 0, 1, 3600, NULL, NULL},
    [CF_DELAY] = {"delay_s", F_INT, 0, 0, 0, 600, NULL, NULL},
    [CF_SPLIT] = {"split_first_per_point_s", F_INT, 0, 0, 0, 3600, NULL, NULL},
    [CF__N] = {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

enum {
    TF_NAME,
    TF_VENUE,
    TF_START,
    TF_END,
    TF_POLICY,
    TF_LATENESS,
    TF_BREAKS,
    TF_CLOCK,
    TF_TABLES,
    TF_GAP_WAITS,
    TF_PLACING,
    TF_PACE,
    TF_APPROVAL,
    TF__N
};
static const struct api_field tournament_fields[] = {
    [TF_NAME] = {"name", F_STR, 1, 0, 1, T_NAME_MAX, NULL, NULL},
    [TF_VENUE] = {"venue", F_STR, 0, 0, 0, T_VENUE_MAX, NULL, NULL},
    [TF_START] = {"start_date", F_DATE, 0, 1, 0, 0, NULL, NULL},
    [TF_END] = {"end_date", F_DATE, 0, 1, 0, 0, NULL, NULL},
    [TF_POLICY] = {"illegal_move_policy", F_ENUM, 0, 0, 0, 0, policies, NULL},
    [TF_LATENESS] = {"lateness", F_OBJ, 0, 0, 0, 0, NULL, lateness_fields},
    [TF_BREAKS] = {"break_table", F_ENUM, 0, 0, 0, 0, break_tables, NULL},
    [TF_CLOCK] = {"clock", F_OBJ, 0, 0, 0, 0, NULL, clock_fields},
    [TF_TABLES] = {"tables", F_ANY, 0, 0, 0, 0, NULL, NULL},
    [TF_GAP_WAITS] = {"gap_waits_for_td", F_BOOL, 0, 0, 0, 0, NULL, NULL},
    [TF_PACE] = {"minutes_per_point", F_INT, 0, 0, 1, 60, NULL, NULL},
    [TF_PLACING] = {"placing_order", F_ANY, 0, 0, 0, 0, NULL, NULL},
    [TF_APPROVAL] = {"entries_need_approval", F_BOOL, 0, 0, 0, 0, NULL, NULL},
    [TF__N] = {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

/* KO-7: the tables, a list of distinct labels of 1-32 characters, in handing-out order,
 * as JSON text (*text, malloc'd). 0, or -1 with the refusal as the reply. */
API_REPLIES static int read_tables(json_t *t, char **text, struct api_resp *resp)
{
    if (!json_is_array(t) || json_array_size(t) > 500) {
        api_problem_field(resp, "tables", "must be a list of at most 500 table labels");
        return -1;
    }
    *text = json_dumps(t, JSON_COMPACT);
    size_t len = *text ? strlen(*text) : 0;
    if (len >= sizeof(((struct tournament *)0)->tables)) {
        api_problem_field(resp, "tables", "the list is too long: at most %zu bytes of labels",
                          sizeof(((struct tournament *)0)->tables) - 1);
        return -1;
    }
    for (size_t i = 0; i < json_array_size(t); i++) {
        json_t *v = json_array_get(t, i);
        const char *s = json_string_value(v);
        if (!s || !*s || cw_utf8_chars(s, strlen(s)) > M_TABLE_MAX ||
            cw_text_refused(s, json_string_length(v), 0)) {
            api_problem_field(resp, "tables", "entry %zu must be a label of 1 to %d characters",
                              i + 1, M_TABLE_MAX);
            return -1;
        }
        for (size_t k = 0; k < i; k++)
            if (!strcmp(s, json_string_value(json_array_get(t, k)))) {
                api_problem_field(resp, "tables", "table \"%s\" is listed twice", s);
                return -1;
            }
    }
    if (!*text) {
        api_internal_error(resp, "reading the tables");
        return -1;
    }
    return 0;
}

/* PLACE-2: the TD's order of splitting a band, a list of names ([]: shared), read into
 * its stored text. */
API_REPLIES static int read_placing_order(json_t *l, char *text, size_t len, struct api_resp *resp)
{
    size_t at = 0, i;
    json_t *s;
    text[0] = 0;
    if (!json_is_array(l) || json_array_size(l) > PLACE_MAX_KEYS) {
        api_problem_field(resp, "placing_order",
                          "must be a list of up to %d of rounds_won, points_diff, rating (PLACE-2)",
                          PLACE_MAX_KEYS);
        return -1;
    }
    json_array_foreach(l, i, s)
    {
        const char *n = json_string_value(s);
        if (!n || strlen(n) > 12) {
            api_problem_field(resp, "placing_order", "entry %zu must be rounds_won, points_diff "
                              "or rating (PLACE-2)", i + 1);
            return -1;
        }
        at += (size_t)snprintf(text + at, len - at, "%s%s", i ? "," : "", n);
    }
    struct place_order po;
    char err[120];
    if (place_order_parse(text, &po, err, sizeof err)) {
        api_problem_field(resp, "placing_order", "%s (PLACE-2)", err);
        return -1;
    }
    return 0;
}

/* A nullable date: NULL when not given, "" for null. */
static const char *date_of(const struct api_val *v)
{
    return v->null ? "" : v->s;
}

/* The body (partial: a PATCH) checked into the operation's input; *tables (malloc'd, or
 * NULL) holds the text in->tables points to. 0, or -1 with the refusal as the reply. */
API_REPLIES static int tournament_in_of(json_t *body, int partial, struct tournament_in *in,
                                        char **tables, struct api_resp *resp)
{
    struct api_val v[TF__N], l[LF__N], c[CF__N];
    *tables = NULL;
    if (api_fields(body, tournament_fields, partial, v, resp))
        return -1;
    if (v[TF_TABLES].set && read_tables(v[TF_TABLES].j, tables, resp))
        return -1;
    char placing[48] = "";
    if (v[TF_PLACING].set &&
        read_placing_order(v[TF_PLACING].j, placing, sizeof placing, resp))
        return -1;
    api_fields_sub(&v[TF_LATENESS], lateness_fields, l);
    api_fields_sub(&v[TF_CLOCK], clock_fields, c);
    struct tournament_in t = {
        v[TF_NAME].s,
        v[TF_VENUE].s,
        date_of(&v[TF_START]),
        date_of(&v[TF_END]),
        v[TF_POLICY].s,
        v[TF_BREAKS].s,
        c[CF_MODE].s,
        l[LF_GRACE].set ? (int)l[LF_GRACE].i : -1,
        l[LF_STEP].set ? (int)l[LF_STEP].i : -1,
        c[CF_BANK].set ? (int)c[CF_BANK].i : -1,
        c[CF_DELAY].set ? (int)c[CF_DELAY].i : -1,
        c[CF_SPLIT].set ? (int)c[CF_SPLIT].i : -1,
        *tables,
        v[TF_GAP_WAITS].set ? (int)v[TF_GAP_WAITS].i : -1,
        v[TF_PACE].set ? (int)v[TF_PACE].i : -1,
        v[TF_PLACING].set,
        "",
        v[TF_APPROVAL].set ? (int)v[TF_APPROVAL].i : -1,
    };
    snprintf(t.placing_order, sizeof t.placing_order, "%s", placing);
    *in = t;
    return 0;
}

static void etag_of(const struct tournament *t, char out[80])
{
    snprintf(out, 80, "\"t%lld.%lld\"", (long long)t->id, (long long)t->revision);
}

static int list_tournaments(struct api_req *req, const struct op *o, void *in,
                            struct api_resp *resp)
{
    struct tournament *ts;
    int n;
    int rc = db_tournament_list(o->db, &ts, &n);
    json_t *arr = json_array();
    for (int i = 0; rc == CW_OK && i < n; i++) {
        struct tournament_counts c;
        rc = db_tournament_counts(o->db, ts[i].id, &c);
        if (rc == CW_OK)
            json_array_append_new(arr, op_tournament_json(&ts[i], &c));
    }
    free(ts);
    if (rc != CW_OK) {
        json_decref(arr);
        api_internal_error(resp, "listing tournaments");
        return -1;
    }
    api_reply_json(resp, 200, json_pack("{s:o}", "tournaments", arr));
    return 0;
}

void api_tournaments_list(struct api_req *req, struct api_resp *resp)
{
    api_read(req, resp, list_tournaments, NULL);
}

/* A tournament created (the path has no id) or changed, its record answered with its tag. */
static int tournament_change(struct api_req *req, const struct op *o, void *in,
                             struct api_resp *resp)
{
    int create = !req->nids;
    struct problem pb = {0, NULL};
    struct tournament t;
    struct tournament_counts c = {0, 0, 0};
    if (create ? op_tournament_create(o, in, &t, &pb)
               : op_tournament_update(o, req->ids[0], in, &t, &c, &pb))
        return api_refuse(resp, &pb);
    if (create)
        snprintf(resp->location, sizeof resp->location, "/api/v1/tournaments/%lld",
                 (long long)t.id);
    etag_of(&t, resp->etag);
    api_reply_json(resp, create ? 201 : 200, op_tournament_json(&t, &c));
    return API_DONE;
}

void api_tournament_create(struct api_req *req, struct api_resp *resp)
{
    struct tournament_in in;
    char *tables;
    if (tournament_in_of(req->json, 0, &in, &tables, resp)) {
        free(tables);
        return;
    }
    api_run(req, resp, tournament_change, &in);
    free(tables);
}

static int read_tournament(struct api_req *req, const struct op *o, void *in, struct api_resp *resp)
{
    struct app *app = req->app;
    int64_t id = req->ids[0];
    struct tournament t;
    struct tournament_counts c;
    int rc = db_tournament_get(o->db, id, &t);
    if (rc == CW_OK)
        rc = db_tournament_counts(o->db, id, &c);
    if (rc == CW_OK) {
        json_t *j = op_tournament_json(&t, &c);
        char *body = json_dumps(j, JSON_COMPACT);
        json_decref(j);
        resp->blob = body ? api_blob_new(body, strlen(body)) : NULL;
        free(body);
        if (resp->blob) {
            etag_of(&t, resp->etag);
            /* filled under the database lock: see api/cache.h */
            api_cache_put(app->cache, id, CACHE_TOURNAMENT, resp->blob, resp->etag);
            resp->status = 200;
        } else {
            rc = CW_EDB;
        }
    }
    return rc;
}

void api_tournament_get(struct api_req *req, struct api_resp *resp)
{
    struct app *app = req->app;
    int64_t id = req->ids[0];
    if (api_cache_get(app->cache, id, CACHE_TOURNAMENT, &resp->blob, resp->etag, req->accept_gzip,
                      &resp->blob_gzip)) {
        resp->status = 200;
        return;
    }
    /* not kept (a change since): built from a reader, beside the writer */
    int rc = api_read_snapshot(req, resp, read_tournament, NULL);
    if (rc == CW_ENOTFOUND)
        api_problem(resp, 404, "not-found", "No such tournament", "There is no tournament %lld.",
                    (long long)id);
    else if (rc != CW_OK)
        api_internal_error(resp, "reading the tournament");
}

void api_tournament_update(struct api_req *req, struct api_resp *resp)
{
    struct tournament_in in;
    char *tables;
    if (tournament_in_of(req->json, 1, &in, &tables, resp)) {
        free(tables);
        return;
    }
    api_run(req, resp, tournament_change, &in);
    free(tables);
}
