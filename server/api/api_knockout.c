/* Knockout events over HTTP (KO-1..KO-8): the draw with its recorded seed, late arrivals,
 * the bracket's matches kept in step with the results, the Consolation and Last Chance fed
 * and drawn as their entrants become known, corrections with their cascade, tables, and the
 * bracket as JSON. The rules themselves are tourney/knockout.c. */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/events.h"
#include "api/handlers.h"
#include "api/json.h"
#include "api/matches.h"
#include "api/reports.h"
#include "api/tx.h"
#include "common/clock.h"
#include "ops/knockout.h"
#include "ops/match.h"
#include "tourney/rng.h"

/* ---- settings ---- */

static const struct api_field ko_fields[] = {
    {"late_places", F_INT, 0, 0, 0, 64, NULL, NULL},
    {"late_deadline", F_STR, 0, 1, 17, 30, NULL, NULL},
    {"lengths", F_ANY, 0, 0, 0, 0, NULL, NULL},
    {"seeded", F_BOOL, 0, 0, 0, 0, NULL, NULL},
    {"seeds", F_INT, 0, 0, 0, 1024, NULL, NULL},
    {"feeds_from", F_INT, 0, 1, 1, 1000000000L, NULL, NULL},
    {"progressive", F_BOOL, 0, 0, 0, 0, NULL, NULL},
    {"flight", F_STR, 0, 0, 1, 40, NULL, NULL},
    {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

static int check_lengths(json_t *l, const char *field, struct api_resp *resp)
{
    if (!json_is_array(l) || json_array_size(l) < 1 || json_array_size(l) > KO_MAX_ROUNDS) {
        api_problem_field(resp, field,
                          "must list match lengths by round, the last the final's, e.g. [7, 7, 9, "
                          "11, 13] (KO-7)");
        return -1;
    }
    for (size_t i = 0; i < json_array_size(l); i++) {
        json_t *v = json_array_get(l, i);
        if (!json_is_integer(v) || json_integer_value(v) < 1 ||
            json_integer_value(v) > KO_LENGTH_MAX) {
            api_problem_field(resp, field, "value %zu must be 1 to %d points", i + 1,
                              KO_LENGTH_MAX);
            return -1;
        }
    }
    return 0;
}

int api_knockout_settings(json_t *in, json_t **out, struct api_resp *resp)
{
    if (in && !json_is_object(in)) {
        api_problem_field(resp, "knockout", "must be an object");
        return -1;
    }
    if (in && api_check_fields(in, ko_fields, 0, resp))
        return -1;
    json_t *dl = in ? json_object_get(in, "late_deadline") : NULL;
    int64_t ms;
    if (json_is_string(dl) && cw_parse_iso8601(json_string_value(dl), &ms)) {
        api_problem_field(resp, "knockout.late_deadline",
                          "must be a UTC time written YYYY-MM-DDTHH:MM[:SS]Z");
        return -1;
    }
    json_t *l = in ? json_object_get(in, "lengths") : NULL;
    if (l && check_lengths(l, "knockout.lengths", resp))
        return -1;
    *out = in ? json_deep_copy(in) : json_object();
    if (!l)
        json_object_set_new(*out, "lengths", json_pack("[i]", 7));
    return 0;
}

static const struct api_field draw_fields[] = {
    {"seed", F_STR, 0, 0, 1, 20, NULL, NULL},
    {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

static int cmp_entry(const void *a, const void *b)
{
    const struct ko_entry *x = a, *y = b;
    return x->id < y->id ? -1 : x->id > y->id;
}

void api_knockout_draw(struct api_req *req, struct api_resp *resp)
{
    if (req->json && api_check_fields(req->json, draw_fields, 0, resp))
        return;
    const char *seed_text = req->json ? api_str(req->json, "seed") : NULL;
    uint64_t seed = 0;
    if (seed_text && rng_seed_parse(seed_text, &seed)) {
        api_problem_field(resp, "seed", "must be a number: decimal, or 0x and up to 16 hex digits");
        return;
    }
    if (!seed_text)
        seed = op_ko_fresh_seed();
    if (api_tx_begin(req, resp))
        return;
    struct db *db = req->app->db;
    struct event e;
    if (api_ko_event_load(req, &e, resp)) {
        api_tx_rollback(req);
        return;
    }
    struct ko_settings s;
    op_ko_settings_of(&e, &s);
    const char *refusal = NULL;
    char why[300];
    if (strcmp(e.state, "open"))
        refusal = "it is already drawn";
    else if (s.feeds_from) {
        snprintf(why, sizeof why,
                 "it is fed by event %lld: its draw is made by itself once every entrant is "
                 "known (KO-5)",
                 (long long)s.feeds_from);
        refusal = why;
    }
    int64_t *ids = NULL;
    int n = 0, rc = refusal ? CW_OK : db_entries(db, e.id, &ids, &n);
    if (!refusal && rc == CW_OK && n < 2)
        refusal = "a draw needs at least two entries";
    if (refusal || rc != CW_OK) {
        free(ids);
        api_tx_rollback(req);
        if (refusal)
            api_problem(resp, 409, "cannot-draw", "The draw cannot be made",
                        "%s cannot be drawn: %s.", e.name, refusal);
        else
            api_internal_error(resp, "reading the entries");
        return;
    }
    /* entries in ascending player id: the order the draw is re-derived from */
    struct ko_entry *en = calloc((size_t)n, sizeof *en);
    for (int i = 0; en && i < n; i++) {
        struct player p;
        en[i].id = ids[i];
        if (db_player_get(db, e.tournament_id, ids[i], &p) == CW_OK && p.has_rating) {
            en[i].has_rating = 1;
            en[i].rating = p.rating;
        }
    }
    free(ids);
    if (en)
        qsort(en, (size_t)n, sizeof *en, cmp_entry);
    struct ko_bracket b;
    struct ko_draw_opts opts = {s.seeded, s.seeds};
    char err[256] = "";
    rc = en ? ko_draw(seed, en, n, s.late_places, &opts, &b, err, sizeof err) : CW_EDB;
    free(en);
    int drawn = rc == CW_OK; /* b is allocated: freed on every path below */
    if (rc == CW_OK) {
        b.late_deadline_ms = s.late_deadline_ms;
        if (ko_set_lengths(&b, s.lengths, s.n_lengths, err, sizeof err))
            rc = CW_EINVAL;
    }
    if (rc == CW_EINVAL) {
        if (drawn)
            ko_bracket_free(&b);
        api_tx_rollback(req);
        api_problem(resp, 422, "cannot-draw", "The draw cannot be made", "%s", err);
        return;
    }
    struct op o = api_op(req);
    if (rc == CW_OK)
        rc = op_ko_store_draw(&o, &e, &b, "knockout.drawn");
    if (drawn)
        ko_bracket_free(&b);
    if (rc != CW_OK) {
        api_tx_rollback(req);
        api_internal_error(resp, rc == CW_ENOMEM ? "drawing the bracket (out of memory)"
                                                 : "storing the draw");
        return;
    }
    api_knockout_bracket_json(req, &e, resp);
    api_tx_commit(req, resp);
}

/* ---- late arrivals (KO-4) ---- */

static const struct api_field late_fields[] = {
    {"player_id", F_INT, 1, 0, 1, 1000000000L, NULL, NULL},
    {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

/* Loads the state of a drawn Main bracket for a late-entry change; closes it first if its
 * deadline passed. 0, or -1 with a problem. */
static int late_state(struct api_req *req, struct event *e, struct ko_state *x,
                      struct api_resp *resp)
{
    if (api_ko_event_load(req, e, resp))
        return -1;
    char err[256];
    if (op_ko_state_load(req->app->db, e, NULL, x, err, sizeof err) != CW_OK) {
        api_internal_error(resp, "reading the bracket");
        return -1;
    }
    if (!x->drawn) {
        api_problem(resp, 409, "not-drawn", "Not drawn yet",
                    "%s is not drawn yet: before the draw, a new player simply enters.", e->name);
        return -1;
    }
    return 0;
}

void api_knockout_late(struct api_req *req, struct api_resp *resp)
{
    if (api_check_fields(req->json, late_fields, 0, resp))
        return;
    int64_t pid = json_integer_value(json_object_get(req->json, "player_id"));
    if (api_tx_begin(req, resp))
        return;
    struct db *db = req->app->db;
    struct event e;
    struct ko_state x;
    memset(&x, 0, sizeof x);
    if (late_state(req, &e, &x, resp)) {
        op_ko_state_free(&x);
        api_tx_rollback(req);
        return;
    }
    struct player p;
    int rc = db_player_get(db, e.tournament_id, pid, &p);
    if (rc != CW_OK || !strcmp(p.status, "withdrawn")) {
        op_ko_state_free(&x);
        api_tx_rollback(req);
        if (rc == CW_OK || rc == CW_ENOTFOUND) {
            api_problem(resp, 422, "validation", "Not a player who can arrive", "Player %lld %s.",
                        (long long)pid,
                        rc == CW_OK ? "has withdrawn" : "is not a player of this tournament");
            api_problem_field(resp, "player_id", "is not a player who can arrive");
        } else {
            api_internal_error(resp, "reading the player");
        }
        return;
    }
    int closed_now = ko_late_expire(&x.b, req->now_ms);
    int late_no = 0;
    char err[256] = "";
    rc = ko_late_arrive(&x.b, pid, req->now_ms, &late_no, err, sizeof err);
    if (rc != CW_OK && x.b.late_deadline_ms && req->now_ms >= x.b.late_deadline_ms) {
        char when[32];
        cw_iso8601(x.b.late_deadline_ms, when, sizeof when);
        snprintf(err, sizeof err,
                 "The late-entry deadline (%s) has passed: the unfilled places are byes now "
                 "(KO-4).",
                 when);
    }
    if (rc != CW_OK && !closed_now) {
        op_ko_state_free(&x);
        api_tx_rollback(req);
        api_problem(resp, rc == CW_ECONFLICT ? 409 : 422, "late-refused", "Late arrival refused",
                    "%s", err);
        return;
    }
    if (rc != CW_OK) {
        /* the deadline passed just now: store the closing, and refuse the arrival */
        int r = db_ko_update(db, e.id, &x.b);
        if (r == CW_OK) {
            char e2[256];
            struct ko_state y;
            r = op_ko_state_load(db, &e, NULL, &y, e2, sizeof e2);
            struct op o = api_op(req);
            if (r == CW_OK)
                r = op_ko_settle(&o, &y);
            op_ko_state_free(&y);
        }
        op_ko_state_free(&x);
        if (r != CW_OK) {
            api_tx_rollback(req);
            api_internal_error(resp, "closing late entry");
            return;
        }
        api_problem(resp, 409, "late-refused", "Late arrival refused", "%s", err);
        api_tx_commit(req, resp);
        return;
    }
    int added = db_entry_add(db, e.id, pid, req->now_ms);
    rc = added == CW_ECONFLICT ? CW_OK : added;
    if (rc == CW_OK)
        rc = db_ko_update(db, e.id, &x.b);
    op_ko_state_free(&x);
    if (rc == CW_OK) {
        char e2[256];
        rc = op_ko_state_load(db, &e, NULL, &x, e2, sizeof e2);
        struct op o = api_op(req);
        if (rc == CW_OK)
            rc = op_ko_settle(&o, &x);
        op_ko_state_free(&x);
    }
    if (rc == CW_OK)
        rc = op_emit(db, e.tournament_id, req->now_ms, "knockout.late_arrival",
                     json_pack("{s:I, s:I, s:i}", "event_id", (json_int_t)e.id, "player_id",
                               (json_int_t)pid, "late_place", late_no));
    if (rc == CW_OK) {
        char actor[96], after[128];
        api_actor(req, actor, sizeof actor);
        snprintf(after, sizeof after, "{\"player_id\":%lld,\"late_place\":%d}", (long long)pid,
                 late_no);
        rc = db_audit(db, e.tournament_id, req->now_ms, actor, "knockout.late_arrival", "event",
                      e.id, NULL, after);
    }
    if (rc != CW_OK) {
        api_tx_rollback(req);
        api_internal_error(resp, "placing the late arrival");
        return;
    }
    api_knockout_bracket_json(req, &e, resp);
    api_tx_commit(req, resp);
}

void api_knockout_late_close(struct api_req *req, struct api_resp *resp)
{
    if (api_tx_begin(req, resp))
        return;
    struct event e;
    if (api_ko_event_load(req, &e, resp)) {
        api_tx_rollback(req);
        return;
    }
    struct op o = api_op(req);
    struct problem pb = {0, NULL};
    if (op_knockout_late_close(&o, &e, &pb)) {
        api_tx_rollback(req);
        api_reply_problem(resp, &pb);
        return;
    }
    api_knockout_bracket_json(req, &e, resp);
    api_tx_commit(req, resp);
}

/* KO-7: the TD changes the lengths by round. Rounds already under way keep theirs: a
 * change that reaches one is refused; so is one that would end a match of the round not
 * started yet (MATCH-3: penalty points given before its first game reach the new length). */
static const struct api_field lengths_fields[] = {
    {"lengths", F_ANY, 1, 0, 0, 0, NULL, NULL},
    {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

void api_knockout_lengths(struct api_req *req, struct api_resp *resp)
{
    if (api_check_fields(req->json, lengths_fields, 0, resp))
        return;
    json_t *l = json_object_get(req->json, "lengths");
    if (check_lengths(l, "lengths", resp))
        return;
    int lengths[KO_MAX_ROUNDS], n = (int)json_array_size(l);
    for (int i = 0; i < n; i++)
        lengths[i] = (int)json_integer_value(json_array_get(l, (size_t)i));
    if (api_tx_begin(req, resp))
        return;
    struct db *db = req->app->db;
    struct event e;
    struct ko_state x;
    memset(&x, 0, sizeof x);
    char err[256] = "";
    if (api_ko_event_load(req, &e, resp)) {
        api_tx_rollback(req);
        return;
    }
    int rc = op_ko_state_load(db, &e, NULL, &x, err, sizeof err);
    int old[KO_MAX_ROUNDS];
    if (rc == CW_OK && x.drawn) {
        memcpy(old, x.b.lengths, sizeof old);
        ko_set_lengths(&x.b, lengths, n, err, sizeof err);
        for (int k = 0; k < x.nm; k++) { /* a round under way keeps its length */
            const struct match *row = &x.rows[k];
            int r = row->round;
            if (!row->id || r < 1 || r > x.b.rounds || x.b.lengths[r - 1] == old[r - 1] ||
                row->state == MS_SCHEDULED || row->state == MS_CALLED || row->state == MS_VOID)
                continue;
            api_problem(resp, 409, "round-started", "This round is under way",
                        "Round %d of %s has started (match %lld is %s): its length stays %d "
                        "(KO-7).",
                        r, e.name, (long long)row->id, match_state_name(row->state), old[r - 1]);
            op_ko_state_free(&x);
            api_tx_rollback(req);
            api_problem_field(resp, "lengths", "round %d has started", r);
            resp->status = 409;
            json_object_set_new(resp->json, "status", json_integer(409));
            return;
        }
        for (int k = 0; k < x.nm; k++) { /* MATCH-3: nor does one the change would end */
            struct match row = x.rows[k];
            int r = row.round;
            if (!row.id || r < 1 || r > x.b.rounds || x.b.lengths[r - 1] == old[r - 1] ||
                row.state == MS_VOID || row.length == x.b.lengths[r - 1] ||
                !api_match_relength(req, &row, x.b.lengths[r - 1], resp))
                continue;
            op_ko_state_free(&x);
            api_tx_rollback(req);
            if (resp->status == 409) {
                char detail[1024];
                snprintf(detail, sizeof detail, "Round %d of %s keeps its length: %s", r, e.name,
                         api_str(resp->json, "detail"));
                json_object_set_new(resp->json, "detail", json_string(detail));
                api_problem_field(resp, "lengths", "round %d: match %lld would be over", r,
                                  (long long)row.id);
            }
            return;
        }
        for (int k = 0; rc == CW_OK && k < x.nm; k++) {
            struct match *row = &x.rows[k];
            int r = row->round;
            if (!row->id || r < 1 || r > x.b.rounds || x.b.lengths[r - 1] == old[r - 1])
                continue;
            json_t *before = op_match_record_json(row);
            row->length = x.b.lengths[r - 1];
            struct op o = api_op(req);
            rc = op_match_save(&o, row, before, "knockout.length");
        }
        if (rc == CW_OK)
            rc = db_ko_update(db, e.id, &x.b);
    }
    op_ko_state_free(&x);
    json_t *settings = json_loads(e.settings, 0, NULL);
    json_object_set(settings ? settings : (settings = json_object()), "lengths", l);
    char *text = json_dumps(settings, JSON_COMPACT);
    json_decref(settings);
    if (rc == CW_OK && (!text || strlen(text) >= sizeof e.settings))
        rc = CW_EDB;
    if (rc == CW_OK) {
        json_t *before = op_event_json(db, &e);
        strcpy(e.settings, text);
        rc = api_event_save(req, &e, before, "knockout.lengths");
    }
    free(text);
    if (rc != CW_OK) {
        api_tx_rollback(req);
        api_internal_error(resp, "changing the lengths");
        return;
    }
    if (strcmp(e.state, "open"))
        api_knockout_bracket_json(req, &e, resp);
    else
        api_reply_json(resp, 200, op_event_json(db, &e));
    api_tx_commit(req, resp);
}
