/* The players' and results' lists in and out (issue 34): a CSV import, previewed then
 * committed all or nothing; the CSV exports; the ratings (RAT-1) and their settings. The
 * import's body is the file itself (any Content-Type: spreadsheets and browsers name CSV
 * files in several ways; the reader decides whether it is one). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/fields.h"
#include "api/handlers.h"
#include "api/json.h"
#include "api/tx.h"
#include "ops/frame/record.h"
#include "ops/people/import.h"
#include "ops/ratings/export.h"
#include "ops/ratings/ratings.h"
#include "store/ratings.h"
#include "store/store.h"

/* The import's body and the TD's word on possible duplicates (?same=3,7&other=12). */
struct import_cmd {
    const char *data;
    size_t len;
    struct import_choice ch;
};

static int import_preview(struct api_req *req, const struct op *o, void *in, struct api_resp *resp)
{
    struct import_cmd *c = in;
    struct problem pb = {0, NULL};
    json_t *j;
    if (op_import_preview(o, req->ids[0], c->data, c->len, &j, &pb))
        return api_refuse(resp, &pb);
    api_reply_json(resp, 200, j);
    return API_DONE;
}

static int import_commit(struct api_req *req, const struct op *o, void *in, struct api_resp *resp)
{
    struct import_cmd *c = in;
    struct problem pb = {0, NULL};
    json_t *j;
    if (op_import_commit(o, req->ids[0], c->data, c->len, &c->ch, &j, &pb))
        return api_refuse(resp, &pb);
    api_reply_json(resp, 200, j);
    return API_DONE;
}

/* A list of line numbers "3,7,12": 0, or -1 (a 422 naming the argument written). */
static int read_lines(const char *s, long *out, int *n, const char *arg, struct api_resp *resp)
{
    *n = 0;
    while (s && *s) {
        char *end;
        long v = strtol(s, &end, 10);
        if (end == s || v < 1 || (*end && *end != ',') || *n >= IMPORT_CHOICES_MAX) {
            api_problem(resp, 422, "validation", "The request has invalid fields",
                        "%s: a list of the file's line numbers, as 3,7,12", arg);
            api_problem_field(resp, arg, "is no list of line numbers");
            return -1;
        }
        out[(*n)++] = v;
        s = *end ? end + 1 : end;
    }
    return 0;
}

void api_players_import(struct api_req *req, struct api_resp *resp)
{
    struct import_cmd *c = calloc(1, sizeof *c);
    if (!c) {
        api_problem(resp, 500, "internal", "Internal server error", "Out of memory.");
        return;
    }
    c->data = req->body ? req->body : "";
    c->len = req->body ? req->body_len : 0;
    const char *preview = api_arg(req, "preview");
    if (!read_lines(api_arg(req, "same"), c->ch.same, &c->ch.n_same, "same", resp) &&
        !read_lines(api_arg(req, "other"), c->ch.other, &c->ch.n_other, "other", resp)) {
        if (preview && strcmp(preview, "0") && strcmp(preview, "false"))
            api_read(req, resp, import_preview, c);
        else
            api_run(req, resp, import_commit, c);
    }
    free(c);
}

/* The export's list and delimiter (?sep=, or ?sep=;). */
struct export_cmd {
    enum export_list list;
    char delim;
};

static int export_read(struct api_req *req, const struct op *o, void *in, struct api_resp *resp)
{
    struct export_cmd *c = in;
    static const char *const names[] = {"players", "results", "standings", "ratings"};
    char *body;
    size_t len;
    int rc = op_export(o->db, req->ids[0], c->list, c->delim, &body, &len);
    struct problem pb = {0, NULL};
    if (rc == CW_ENOTFOUND)
        return api_refuse(resp, (op_no_tournament(&pb, req->ids[0]), &pb));
    if (rc != CW_OK) {
        problem_internal(&pb, "writing the file");
        return api_refuse(resp, &pb);
    }
    resp->status = 200;
    resp->body = body;
    resp->body_len = len;
    snprintf(resp->content_type, sizeof resp->content_type, "text/csv; charset=utf-8");
    snprintf(resp->disposition, sizeof resp->disposition, "attachment; filename=\"%s-%lld.csv\"",
             names[c->list], (long long)req->ids[0]);
    return API_DONE;
}

static void export_list(struct api_req *req, struct api_resp *resp, enum export_list list)
{
    const char *sep = api_arg(req, "sep");
    struct export_cmd c = {list, ','};
    if (sep && !strcmp(sep, ";"))
        c.delim = ';';
    else if (sep && strcmp(sep, ",")) {
        api_problem(resp, 422, "validation", "The request has invalid fields",
                    "sep: \",\" or \";\"");
        api_problem_field(resp, "sep", "must be \",\" or \";\"");
        return;
    }
    api_read(req, resp, export_read, &c);
}

void api_export_players(struct api_req *req, struct api_resp *resp)
{
    export_list(req, resp, EXPORT_PLAYERS);
}
void api_export_results(struct api_req *req, struct api_resp *resp)
{
    export_list(req, resp, EXPORT_RESULTS);
}
void api_export_standings(struct api_req *req, struct api_resp *resp)
{
    export_list(req, resp, EXPORT_STANDINGS);
}
void api_export_ratings(struct api_req *req, struct api_resp *resp)
{
    export_list(req, resp, EXPORT_RATINGS);
}

static int ratings_read(struct api_req *req, const struct op *o, void *in, struct api_resp *resp)
{
    (void)in;
    struct ratings_view v;
    struct problem pb = {0, NULL};
    int rc = op_ratings_read(o->db, req->ids[0], &v);
    if (rc == CW_ENOTFOUND)
        return api_refuse(resp, (op_no_tournament(&pb, req->ids[0]), &pb));
    if (rc != CW_OK) {
        problem_internal(&pb, "computing the ratings");
        return api_refuse(resp, &pb);
    }
    json_t *j = op_ratings_json(&v);
    op_ratings_free(&v);
    json_object_set_new(j, "tournament_id", json_integer(req->ids[0]));
    api_reply_json(resp, 200, j);
    return API_DONE;
}

void api_ratings_get(struct api_req *req, struct api_resp *resp)
{
    api_read(req, resp, ratings_read, NULL);
}

/* in the order of the RAT_X_ bits (tourney/ratings.h) */
enum {
    RX_BYE,
    RX_FORFEIT,
    RX_WALKOVER,
    RX_ONE,
    RX_UNFINISHED,
    RX_SWING,
    RX_DOUBLES,
    RX_CONCEDED,
    RX_TIME,
    RX__N
};
_Static_assert(RX__N == RATING_KINDS, "an exclusion field for each kind of match");
static const struct api_field exclude_fields[] = {
    [RX_BYE] = {"bye", F_BOOL, 0, 0, 0, 0, NULL, NULL},
    [RX_FORFEIT] = {"forfeit", F_BOOL, 0, 0, 0, 0, NULL, NULL},
    [RX_WALKOVER] = {"walkover", F_BOOL, 0, 0, 0, 0, NULL, NULL},
    [RX_ONE] = {"one_point", F_BOOL, 0, 0, 0, 0, NULL, NULL},
    [RX_UNFINISHED] = {"unfinished", F_BOOL, 0, 0, 0, 0, NULL, NULL},
    [RX_SWING] = {"swing", F_BOOL, 0, 0, 0, 0, NULL, NULL},
    [RX_DOUBLES] = {"davis_doubles", F_BOOL, 0, 0, 0, 0, NULL, NULL},
    [RX_CONCEDED] = {"conceded", F_BOOL, 0, 0, 0, 0, NULL, NULL},
    [RX_TIME] = {"time", F_BOOL, 0, 0, 0, 0, NULL, NULL},
    [RX__N] = {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};
static const char *const seed_choices[] = {"entry", "live", NULL};
enum { RS_START, RS_COUNT, RS_EXCLUDE, RS_PROVISIONAL, RS_SEED, RS_ROWS, RS__N };
static const struct api_field rating_fields[] = {
    [RS_START] = {"start_rating", F_NUM, 0, 0, 0, 10000, NULL, NULL},
    [RS_COUNT] = {"count_this_match", F_BOOL, 0, 0, 0, 0, NULL, NULL},
    [RS_EXCLUDE] = {"exclude", F_OBJ, 0, 0, 0, 0, NULL, exclude_fields},
    [RS_PROVISIONAL] = {"provisional_below", F_INT, 0, 0, 0, 1000000, NULL, NULL},
    [RS_SEED] = {"seed", F_ENUM, 0, 0, 0, 0, seed_choices, NULL},
    [RS_ROWS] = {"import_max_rows", F_INT, 0, 0, 1, 100000, NULL, NULL},
    [RS__N] = {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

static int ratings_settings_put(struct api_req *req, const struct op *o, void *in,
                                struct api_resp *resp)
{
    const struct api_val *v = in;
    struct problem pb = {0, NULL};
    struct rating_cfg c;
    int rc = db_rating_cfg_get(o->db, req->ids[0], &c);
    if (rc == CW_ENOTFOUND)
        return api_refuse(resp, (op_no_tournament(&pb, req->ids[0]), &pb));
    json_t *before = rc == CW_OK ? op_rating_cfg_json(&c) : NULL;
    if (v[RS_START].set)
        c.rat.start_rating = v[RS_START].d;
    if (v[RS_COUNT].set)
        c.rat.count_this_match = (int)v[RS_COUNT].i;
    if (v[RS_EXCLUDE].set) {
        struct api_val x[RX__N];
        api_fields_sub(&v[RS_EXCLUDE], exclude_fields, x);
        for (int i = 0; i < RX__N; i++)
            if (x[i].set)
                c.rat.exclude = x[i].i ? c.rat.exclude | (1u << i) : c.rat.exclude & ~(1u << i);
    }
    if (v[RS_PROVISIONAL].set)
        c.rat.provisional_below = v[RS_PROVISIONAL].i;
    if (v[RS_SEED].set)
        c.seed_live = v[RS_SEED].i == 1;
    if (v[RS_ROWS].set)
        c.import_max_rows = (int)v[RS_ROWS].i;
    if (rc == CW_OK)
        rc = db_rating_cfg_put(o->db, req->ids[0], &c);
    if (rc == CW_OK)
        rc = op_audit_change(o, req->ids[0], "ratings.settings", "tournament", req->ids[0], before,
                             op_rating_cfg_json(&c));
    else
        json_decref(before);
    /* every rating shown changes with the list's settings: the matches' lists, kept per
     * revision, are read again (and the consoles told) */
    if (rc == CW_OK)
        rc = op_emit(o->db, req->ids[0], o->now_ms, "ratings.settings", op_rating_cfg_json(&c));
    if (rc != CW_OK) {
        problem_internal(&pb, "saving the rating settings");
        return api_refuse(resp, &pb);
    }
    api_reply_json(resp, 200, op_rating_cfg_json(&c));
    return API_DONE;
}

void api_ratings_settings(struct api_req *req, struct api_resp *resp)
{
    struct api_val v[RS__N];
    if (api_fields(req->json, rating_fields, 1, v, resp))
        return;
    api_run(req, resp, ratings_settings_put, v);
}
