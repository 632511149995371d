/* Knockout events over HTTP (KO-1..KO-8): the draw with its recorded seed, late arrivals,
 * the bracket's matches kept in step with the results, the Consolation and Last Chance fed
 * and drawn as their entrants become known, corrections with their cascade, tables, and the
 * bracket as JSON. The rules themselves are tourney/knockout.c. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/cache.h"
#include "api/events.h"
#include "api/fields.h"
#include "api/handlers.h"
#include "api/json.h"
#include "api/knockout_text.h"
#include "api/matches.h"
#include "api/reports.h"
#include "api/results.h"
#include "api/tx.h"
#include "common/clock.h"
#include "common/secret.h"
#include "ops/match.h"
#include "store/store.h"
#include "tourney/knockout.h"
#include "tourney/rng.h"
#include "tourney/tables.h"

static const char side_name[2][2] = {"a", "b"};

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

struct ko_settings {
    int late_places;
    int64_t late_deadline_ms; /* 0: until the TD closes late entry */
    int lengths[KO_MAX_ROUNDS], n_lengths;
    int seeded, seeds;
    int64_t feeds_from; /* 0: a Main draw */
    int progressive;
    char flight[64];
};

static void settings_of(const struct event *e, struct ko_settings *s)
{
    memset(s, 0, sizeof *s);
    json_t *j = json_loads(e->settings, 0, NULL);
    s->late_places = (int)json_integer_value(json_object_get(j, "late_places"));
    const char *dl = json_string_value(json_object_get(j, "late_deadline"));
    if (dl)
        cw_parse_iso8601(dl, &s->late_deadline_ms);
    json_t *l = json_object_get(j, "lengths");
    for (size_t i = 0; i < json_array_size(l) && i < KO_MAX_ROUNDS; i++)
        s->lengths[s->n_lengths++] = (int)json_integer_value(json_array_get(l, i));
    s->seeded = json_is_true(json_object_get(j, "seeded"));
    s->seeds = (int)json_integer_value(json_object_get(j, "seeds"));
    s->feeds_from = json_integer_value(json_object_get(j, "feeds_from"));
    s->progressive = json_is_true(json_object_get(j, "progressive"));
    const char *f = json_string_value(json_object_get(j, "flight"));
    snprintf(s->flight, sizeof s->flight, "%s", f ? f : "");
    json_decref(j);
}

/* KO-7: a list of match lengths by round, the last the final's. */
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

/* ---- the bracket and the results, from the store ---- */

struct ko_state {
    struct event e;
    struct ko_settings s;
    struct ko_bracket b;
    int drawn;
    int nm;                /* matches of the bracket */
    struct match *rows;    /* rows[m]: the match row of bracket match m (id 0 = none) */
    struct ko_result *res; /* res[m] */
    struct ko_mview *v;    /* v[m] */
};

static void state_free(struct ko_state *x)
{
    if (x->drawn)
        ko_bracket_free(&x->b);
    free(x->rows);
    free(x->res);
    free(x->v);
    memset(x, 0, sizeof *x);
}

/* Loads the bracket, its match rows and their results; `fresh` (may be NULL) is a match
 * whose new result is not stored yet. Computes the views. */
static int state_load(struct db *db, const struct event *e, const struct match *fresh,
                      struct ko_state *x, char *err, size_t errlen)
{
    memset(x, 0, sizeof *x);
    x->e = *e;
    settings_of(e, &x->s);
    int rc = db_ko_load(db, e->id, &x->b);
    if (rc == CW_ENOTFOUND)
        return CW_OK; /* not drawn yet */
    if (rc != CW_OK)
        return rc;
    x->drawn = 1;
    x->nm = ko_match_count(&x->b);
    x->rows = calloc((size_t)x->nm, sizeof *x->rows);
    x->res = calloc((size_t)x->nm, sizeof *x->res);
    x->v = calloc((size_t)x->nm, sizeof *x->v);
    if (!x->rows || !x->res || !x->v)
        return CW_EDB;
    struct match *ms;
    int n;
    rc = db_event_matches(db, e->id, 0, &ms, &n);
    if (rc != CW_OK)
        return rc;
    for (int i = 0; i < n; i++) {
        struct match *m = fresh && ms[i].id == fresh->id ? (struct match *)fresh : &ms[i];
        if (m->round < 1 || m->slot < 1)
            continue;
        int k = ko_match_index(&x->b, m->round, m->slot - 1);
        if (k < 0 || k >= x->nm)
            continue;
        x->rows[k] = *m;
        x->res[k].decision = ko_decision_of(m);
        x->res[k].winner = m->winner >= 0 ? m->winner : 0;
    }
    free(ms);
    rc = ko_compute(&x->b, x->res, x->v, err, errlen);
    return rc;
}

/* ---- keeping the match rows in step with the bracket ---- */

/* Writes the players, lengths and walkovers the bracket computes into the match rows. */
static int sync_rows(struct api_req *req, struct ko_state *x)
{
    struct db *db = req->app->db;
    for (int k = 0; k < x->nm; k++) {
        struct match *row = &x->rows[k];
        const struct ko_mview *mv = &x->v[k];
        if (!row->id)
            continue;
        struct match want = *row;
        for (int s = 0; s < 2; s++)
            want.player[s] = mv->side[s].kind == KO_SIDE_PLAYER ? mv->side[s].id : 0;
        /* lengths are written when rows are made and by the TD (per round or per match) */
        int decided = ko_decision_of(row) != KO_UNDECIDED;
        if (mv->state == KO_M_WALKOVER && !decided) {
            want.state = MS_VOID; /* nobody plays: the bracket advances the player */
            want.winner = mv->winner;
        } else if (mv->state == KO_M_EMPTY && !decided) {
            want.state = MS_VOID;
            want.winner = -1;
        } else if (row->state == MS_VOID && !decided) {
            want.state = MS_SCHEDULED; /* a late arrival or a correction revived it */
            want.winner = -1;
        }
        if (want.player[0] == row->player[0] && want.player[1] == row->player[1] &&
            want.length == row->length && want.winner == row->winner && want.state == row->state)
            continue;
        json_t *before = op_match_record_json(row);
        if (want.state != row->state &&
            db_match_state_log(db, row->id, want.state, req->now_ms, "system"))
            return CW_EDB;
        *row = want;
        struct op o = api_op(req);
        if (op_match_save(&o, row, before, "bracket.advanced"))
            return CW_EDB;
    }
    return CW_OK;
}

static uint64_t fresh_seed(void)
{
    return (uint64_t)cw_random_u64();
}

static int draw_fed(struct api_req *req, struct event *fed, const struct ko_state *from, int *done);
static int follow_feed(struct api_req *req, const struct event *from, const struct ko_bracket *fb,
                       const struct ko_result *fres, const struct ko_mview *fv, int apply,
                       json_t *undo, char *err, size_t errlen, int depth);

/* After any change of a bracket: rows in step, the events it feeds drawn once their
 * entrants are all known (KO-5, KO-6), and the vacant places of those already drawn filled
 * or closed as results come in. */
static int settle(struct api_req *req, struct ko_state *x)
{
    int rc = sync_rows(req, x);
    if (rc != CW_OK)
        return rc;
    struct event *es;
    int n;
    if (db_event_list(req->app->db, x->e.tournament_id, &es, &n) != CW_OK)
        return CW_EDB;
    for (int i = 0; rc == CW_OK && i < n; i++) {
        if (strcmp(es[i].kind, "knockout") || strcmp(es[i].state, "open"))
            continue;
        struct ko_settings fs;
        settings_of(&es[i], &fs);
        if (fs.feeds_from != x->e.id)
            continue;
        int done;
        rc = draw_fed(req, &es[i], x, &done);
    }
    free(es);
    if (rc == CW_OK) {
        char err[256];
        rc = follow_feed(req, &x->e, &x->b, x->res, x->v, 1, NULL, err, sizeof err, 0);
        /* An entrant with no place: a change that brings one is refused before it is made
         * (on_result asks follow_feed first), so this is a result that adds an entrant no
         * correction made room for; the result stands and the drawn event stays as it is. */
        if (rc == CW_ECONFLICT)
            rc = CW_OK;
    }
    return rc;
}

/* ---- drawing ---- */

static int create_rows(struct api_req *req, const struct event *e, const struct ko_bracket *b)
{
    struct db *db = req->app->db;
    int nm = ko_match_count(b);
    for (int k = 0; k < nm; k++) {
        struct match m;
        memset(&m, 0, sizeof m);
        m.tournament_id = e->tournament_id;
        m.event_id = e->id;
        ko_match_pos(b, k, &m.round, &m.slot);
        m.slot += 1;
        m.length = ko_length(b, m.round);
        if (!m.length)
            m.length = 7;
        m.winner = -1;
        m.state = MS_SCHEDULED;
        int rc = db_match_insert(db, &m, req->now_ms);
        if (rc == CW_OK)
            rc = db_match_state_log(db, m.id, MS_SCHEDULED, req->now_ms, "system");
        if (rc != CW_OK)
            return rc;
    }
    return CW_OK;
}

/* Stores a fresh bracket, its match rows, and the event as running; then settles it. */
static int store_draw(struct api_req *req, struct event *e, struct ko_bracket *b,
                      const char *action)
{
    struct db *db = req->app->db;
    int rc = db_ko_save(db, e->id, b, req->now_ms);
    if (rc == CW_OK)
        rc = create_rows(req, e, b);
    if (rc == CW_OK) {
        json_t *before = api_event_json(db, e);
        strcpy(e->state, "running");
        rc = api_event_save(req, e, before, action);
    }
    if (rc != CW_OK)
        return rc;
    struct ko_state x;
    char err[256];
    rc = state_load(db, e, NULL, &x, err, sizeof err);
    if (rc == CW_OK)
        rc = settle(req, &x);
    state_free(&x);
    return rc;
}

static int draw_fed(struct api_req *req, struct event *fed, const struct ko_state *from, int *done)
{
    *done = 0;
    struct ko_settings fs;
    settings_of(fed, &fs);
    struct ko_entry *in = calloc((size_t)from->b.size, sizeof *in);
    if (!in)
        return CW_EDB;
    int missing, n = ko_feed(&from->b, from->res, from->v, fs.progressive, in, &missing);
    int rc = CW_OK;
    if (missing == 0 && n >= 2) {
        struct ko_bracket b;
        char err[256];
        int drawn = ko_draw_fed(fresh_seed(), in, n, &b, err, sizeof err);
        rc = drawn == CW_ENOMEM ? CW_ENOMEM : drawn ? CW_EINVAL : CW_OK;
        if (rc == CW_OK) {
            if (fs.n_lengths)
                ko_set_lengths(&b, fs.lengths, fs.n_lengths, err, sizeof err);
            for (int i = 0; rc == CW_OK && i < n; i++) {
                int r = db_entry_add(req->app->db, fed->id, in[i].id, req->now_ms);
                rc = r == CW_ECONFLICT ? CW_OK : r;
            }
            if (rc == CW_OK)
                rc = store_draw(req, fed, &b, "knockout.drawn");
            ko_bracket_free(&b);
            *done = 1;
        }
    }
    free(in);
    return rc;
}

static const struct api_field draw_fields[] = {
    {"seed", F_STR, 0, 0, 1, 20, NULL, NULL},
    {NULL, 0, 0, 0, 0, 0, NULL, NULL},
};

static int load_ko(struct api_req *req, struct event *e, struct api_resp *resp)
{
    if (api_event_load(req, e, resp))
        return -1;
    if (strcmp(e->kind, "knockout")) {
        api_problem(resp, 409, "not-knockout", "Not a knockout event", "%s is a %s event.", e->name,
                    e->kind);
        return -1;
    }
    return 0;
}

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
        seed = fresh_seed();
    if (api_tx_begin(req, resp))
        return;
    struct db *db = req->app->db;
    struct event e;
    if (load_ko(req, &e, resp)) {
        api_tx_rollback(req);
        return;
    }
    struct ko_settings s;
    settings_of(&e, &s);
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
    if (rc == CW_OK)
        rc = store_draw(req, &e, &b, "knockout.drawn");
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
    if (load_ko(req, e, resp))
        return -1;
    char err[256];
    if (state_load(req->app->db, e, NULL, x, err, sizeof err) != CW_OK) {
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
        state_free(&x);
        api_tx_rollback(req);
        return;
    }
    struct player p;
    int rc = db_player_get(db, e.tournament_id, pid, &p);
    if (rc != CW_OK || !strcmp(p.status, "withdrawn")) {
        state_free(&x);
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
        state_free(&x);
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
            r = state_load(db, &e, NULL, &y, e2, sizeof e2);
            if (r == CW_OK)
                r = settle(req, &y);
            state_free(&y);
        }
        state_free(&x);
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
    state_free(&x);
    if (rc == CW_OK) {
        char e2[256];
        rc = state_load(db, &e, NULL, &x, e2, sizeof e2);
        if (rc == CW_OK)
            rc = settle(req, &x);
        state_free(&x);
    }
    if (rc == CW_OK)
        rc = api_emit(db, e.tournament_id, req->now_ms, "knockout.late_arrival",
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
    struct db *db = req->app->db;
    struct event e;
    struct ko_state x;
    memset(&x, 0, sizeof x);
    if (late_state(req, &e, &x, resp)) {
        state_free(&x);
        api_tx_rollback(req);
        return;
    }
    if (x.b.late_closed || !x.b.n_late) {
        state_free(&x);
        api_tx_rollback(req);
        api_problem(resp, 409, "late-closed", "Late entry is not open",
                    "%s has no open late places.", e.name);
        return;
    }
    int unfilled = ko_late_close(&x.b);
    int rc = db_ko_update(db, e.id, &x.b);
    state_free(&x);
    char err[256];
    if (rc == CW_OK)
        rc = state_load(db, &e, NULL, &x, err, sizeof err);
    if (rc == CW_OK)
        rc = settle(req, &x);
    state_free(&x);
    if (rc == CW_OK) {
        char actor[96], after[64];
        api_actor(req, actor, sizeof actor);
        snprintf(after, sizeof after, "{\"unfilled\":%d}", unfilled);
        rc = db_audit(db, e.tournament_id, req->now_ms, actor, "knockout.late_closed", "event",
                      e.id, NULL, after);
    }
    if (rc != CW_OK) {
        api_tx_rollback(req);
        api_internal_error(resp, "closing late entry");
        return;
    }
    api_knockout_bracket_json(req, &e, resp);
    api_tx_commit(req, resp);
}

/* KO-7: the TD changes the lengths by round. Rounds already under way keep theirs: a
 * change that reaches one is refused. */
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
    if (load_ko(req, &e, resp)) {
        api_tx_rollback(req);
        return;
    }
    int rc = state_load(db, &e, NULL, &x, err, sizeof err);
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
            state_free(&x);
            api_tx_rollback(req);
            api_problem_field(resp, "lengths", "round %d has started", r);
            resp->status = 409;
            json_object_set_new(resp->json, "status", json_integer(409));
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
    state_free(&x);
    json_t *settings = json_loads(e.settings, 0, NULL);
    json_object_set(settings ? settings : (settings = json_object()), "lengths", l);
    char *text = json_dumps(settings, JSON_COMPACT);
    json_decref(settings);
    if (rc == CW_OK && (!text || strlen(text) >= sizeof e.settings))
        rc = CW_EDB;
    if (rc == CW_OK) {
        json_t *before = api_event_json(db, &e);
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
        api_reply_json(resp, 200, api_event_json(db, &e));
    api_tx_commit(req, resp);
}

/* ---- results: the bracket follows (a step of api/results.c) ---- */

/* KO-8: an event is finished while it has a champion. A correction whose cascade takes the
 * champion away (the final undone) sets it running again: knockout.reopened. */
static int mark_finished(struct api_req *req, struct event *e, int64_t champ)
{
    if (champ ? !strcmp(e->state, "finished") : strcmp(e->state, "finished"))
        return CW_OK;
    json_t *before = api_event_json(req->app->db, e);
    strcpy(e->state, champ ? "finished" : "running");
    return api_event_save(req, e, before, champ ? "knockout.finished" : "knockout.reopened");
}

#define FEED_DEPTH 8 /* Main -> Consolation -> Last Chance needs 2; a guard against loops */

/* Audits and announces one place of fed event `es` that ko_feed_follow changed. */
static int record_change(struct api_req *req, const struct event *es,
                         const struct ko_slot_change *c)
{
    struct db *db = req->app->db;
    char actor[96], b[64], a[64];
    api_actor(req, actor, sizeof actor);
    if (c->old_id)
        snprintf(b, sizeof b, "{\"player_id\":%lld}", (long long)c->old_id);
    else
        snprintf(b, sizeof b, "{\"vacant\":true}");
    if (c->new_id)
        snprintf(a, sizeof a, "{\"player_id\":%lld}", (long long)c->new_id);
    else
        snprintf(a, sizeof a, "{\"%s\":true}", c->closed ? "closed" : "vacant");
    const char *action = c->new_id && c->old_id ? "knockout.entrant_replaced"
                         : c->new_id            ? "knockout.place_filled"
                         : c->closed            ? "knockout.place_closed"
                                                : "knockout.place_vacated";
    int rc = db_audit(db, es->tournament_id, req->now_ms, actor, action, "event", es->id, b, a);
    if (rc == CW_OK)
        rc = api_emit(db, es->tournament_id, req->now_ms, action,
                      json_pack("{s:I, s:i, s:o, s:o, s:b}", "event_id", (json_int_t)es->id, "slot",
                                c->slot, "old_player_id",
                                c->old_id ? json_integer(c->old_id) : json_null(), "new_player_id",
                                c->new_id ? json_integer(c->new_id) : json_null(), "closed",
                                c->closed));
    return rc;
}

/* KO-5, KO-6, KO-8: a change of `from` (its bracket fb with the results fres and views fv
 * as they will be: a correction, or a result that decides who fills a vacant place) reaches
 * the drawn events it feeds. Each follows it with ko_feed_follow: an entrant who no longer
 * enters leaves their place after the matches they decided are undone (deepest first), the
 * entrants it does not hold take vacant places, and so on into the events that one feeds.
 * apply 0: appends the ids of the played matches this would undo to `undo`, deeper events
 * first. apply 1: does it, audited, and settles each changed event. 0, CW_ECONFLICT with a
 * sentence in err when an event cannot follow (an entrant would find no place), or another
 * CW_ code. */
static int follow_feed(struct api_req *req, const struct event *from, const struct ko_bracket *fb,
                       const struct ko_result *fres, const struct ko_mview *fv, int apply,
                       json_t *undo, char *err, size_t errlen, int depth)
{
    struct db *db = req->app->db;
    struct op o = api_op(req);
    struct event *es;
    int nes, rc = CW_OK;
    if (depth >= FEED_DEPTH)
        return CW_OK;
    if (db_event_list(db, from->tournament_id, &es, &nes) != CW_OK)
        return CW_EDB;
    for (int i = 0; rc == CW_OK && i < nes; i++) {
        struct ko_settings fs;
        settings_of(&es[i], &fs);
        if (strcmp(es[i].kind, "knockout") || fs.feeds_from != from->id ||
            !strcmp(es[i].state, "open"))
            continue; /* not fed by `from`, or not drawn: its draw will take the new entrants */
        struct ko_state y;
        rc = state_load(db, &es[i], NULL, &y, err, errlen);
        if (rc != CW_OK || !y.drawn) {
            state_free(&y);
            continue;
        }
        struct ko_entry *in = calloc((size_t)fb->size, sizeof *in);
        struct ko_result *r2 = calloc((size_t)y.nm, sizeof *r2);
        struct ko_mview *v2 = calloc((size_t)y.nm, sizeof *v2);
        int *rows_undo = calloc((size_t)y.nm + 1, sizeof *rows_undo);
        struct ko_slot_change *ch = calloc((size_t)y.b.size, sizeof *ch);
        int nundo = 0, nch = 0;
        if (in && r2 && v2 && rows_undo && ch) {
            int missing, n = ko_feed(fb, fres, fv, fs.progressive, in, &missing);
            memcpy(r2, y.res, (size_t)y.nm * sizeof *r2);
            memcpy(v2, y.v, (size_t)y.nm * sizeof *v2);
            char why[256];
            nch = ko_feed_follow(&y.b, r2, v2, in, n, missing, rows_undo, &nundo, ch, why,
                                 sizeof why);
            if (nch == CW_ENOMEM) {
                rc = CW_ENOMEM;
            } else if (nch < 0) {
                snprintf(err, errlen, "%s is drawn and cannot follow: %s", es[i].name, why);
                rc = CW_ECONFLICT;
            }
        } else {
            rc = CW_EDB;
        }
        /* the events this one feeds first: their matches come later */
        if (rc == CW_OK && nch > 0)
            rc = follow_feed(req, &es[i], &y.b, r2, v2, apply, undo, err, errlen, depth + 1);
        for (int t = 0; rc == CW_OK && nch > 0 && t < nundo; t++) {
            struct match *row = &y.rows[rows_undo[t]];
            if (!row->id)
                continue;
            if (!apply)
                json_array_append_new(undo, json_integer(row->id));
            else if (op_match_undo(&o, row, "knockout.cascade_undo"))
                rc = CW_EDB;
        }
        /* the entries: who left first, then who came (a player may change rounds) */
        for (int j = 0; apply && rc == CW_OK && j < nch; j++)
            if (ch[j].old_id) {
                int r = db_entry_remove(db, es[i].id, ch[j].old_id);
                rc = r == CW_ENOTFOUND ? CW_OK : r;
            }
        for (int j = 0; apply && rc == CW_OK && j < nch; j++) {
            if (ch[j].new_id) {
                int r = db_entry_add(db, es[i].id, ch[j].new_id, req->now_ms);
                rc = r == CW_ECONFLICT ? CW_OK : r;
            }
            if (rc == CW_OK)
                rc = record_change(req, &es[i], &ch[j]);
        }
        if (apply && rc == CW_OK && nch > 0)
            rc = db_ko_update(db, es[i].id, &y.b);
        if (apply && rc == CW_OK && nch > 0) {
            struct ko_state z;
            rc = state_load(db, &es[i], NULL, &z, err, errlen);
            if (rc == CW_OK)
                rc = settle(req, &z);
            if (rc == CW_OK)
                rc = mark_finished(req, &z.e, ko_champion(&z.b, z.v));
            state_free(&z);
        }
        free(in);
        free(r2);
        free(v2);
        free(rows_undo);
        free(ch);
        state_free(&y);
    }
    free(es);
    return rc;
}

/* KO-8: the audit entry of a confirmed correction that cascades, written before anything
 * it undoes so the log reads in the order of the decision: the match as it was, as it will
 * be, the TD's reason and the matches undone (in the order they are undone). The corrected
 * match's own record (match.corrected) follows the undoing, when the row is saved. */
static int audit_correction(struct api_req *req, const struct match *before, const struct match *m,
                            json_t *undo)
{
    char actor[96];
    api_actor(req, actor, sizeof actor);
    json_t *b = op_match_record_json(before), *a = op_match_record_json(m);
    const char *reason = req->json ? json_string_value(json_object_get(req->json, "reason")) : NULL;
    json_object_set_new(a, "reason", reason ? json_string(reason) : json_null());
    json_object_set(a, "undoes", undo);
    char *bs = json_dumps(b, JSON_COMPACT), *as = json_dumps(a, JSON_COMPACT);
    int rc = bs && as ? db_audit(req->app->db, m->tournament_id, req->now_ms, actor,
                                 "knockout.correction", "match", m->id, bs, as)
                      : CW_EDB;
    free(bs);
    free(as);
    json_decref(b);
    json_decref(a);
    return rc;
}

int api_knockout_result(struct api_req *req, struct match *m, const struct match *before,
                        struct api_resp *resp)
{
    if (!m->event_id || m->tie_id)
        return 0;
    struct db *db = req->app->db;
    struct event e;
    if (db_event_get(db, m->tournament_id, m->event_id, &e) != CW_OK) {
        api_internal_error(resp, "reading the event");
        return -1;
    }
    if (strcmp(e.kind, "knockout"))
        return 0;
    char err[256] = "";
    struct ko_state x;
    /* KO-8: a changed result whose winner already played on is undone with what followed,
     * latest first, only when the TD confirms the cascade; so are the matches of the events
     * this one feeds that an entrant swap invalidates (KO-5, KO-6) */
    if (before->winner >= 0 && ko_decision_of(before) != KO_UNDECIDED &&
        (before->winner != m->winner || ko_decision_of(before) != ko_decision_of(m))) {
        if (state_load(db, &e, NULL, &x, err, sizeof err) != CW_OK) {
            state_free(&x);
            api_internal_error(resp, "reading the bracket");
            return -1;
        }
        int k = ko_match_index(&x.b, m->round, m->slot - 1);
        int later[KO_MAX_ROUNDS];
        int n = k >= 0 && k < x.nm ? ko_cascade(&x.b, x.res, k, later) : 0;
        /* the bracket as it will be: the new decision, the cascade undone */
        struct ko_result *r2 = calloc((size_t)x.nm, sizeof *r2);
        struct ko_mview *v2 = calloc((size_t)x.nm, sizeof *v2);
        int hypo = r2 && v2 && k >= 0 && k < x.nm;
        if (hypo) {
            memcpy(r2, x.res, (size_t)x.nm * sizeof *r2);
            r2[k].decision = ko_decision_of(m);
            r2[k].winner = m->winner >= 0 ? m->winner : 0;
            for (int i = 0; i < n; i++)
                memset(&r2[later[i]], 0, sizeof r2[later[i]]);
            /* a result the bracket cannot take is refused below, with the bracket's reason */
            hypo = ko_compute(&x.b, r2, v2, err, sizeof err) == CW_OK;
        }
        json_t *undo = json_array();
        int rc = hypo ? follow_feed(req, &e, &x.b, r2, v2, 0, undo, err, sizeof err, 0) : CW_OK;
        for (int i = 0; rc == CW_OK && i < n; i++)
            if (x.rows[later[i]].id)
                json_array_append_new(undo, json_integer(x.rows[later[i]].id));
        int nu = (int)json_array_size(undo);
        if (rc == CW_ECONFLICT) {
            api_problem(resp, 409, "cascade-refused", "The events fed by this one cannot follow",
                        "%s", err);
        } else if (rc != CW_OK) {
            api_internal_error(resp, "reading the events fed by this one");
        } else if (nu && !json_is_true(json_object_get(req->json, "confirm_cascade"))) {
            api_problem(resp, 409, "cascade", "Later matches depend on this result",
                        "%d later match%s of %s%s depend%s on this result; send "
                        "\"confirm_cascade\": true to undo them (latest first) with this "
                        "correction (KO-8).",
                        nu, nu == 1 ? "" : "es", e.name,
                        nu > n ? " and of the events it feeds" : "", nu == 1 ? "s" : "");
            json_object_set(resp->json, "would_undo", undo);
            rc = CW_ECONFLICT;
        } else {
            if (nu && audit_correction(req, before, m, undo) != CW_OK) {
                api_internal_error(resp, "auditing the correction");
                rc = CW_EDB;
            }
            if (rc == CW_OK && hypo) {
                rc = follow_feed(req, &e, &x.b, r2, v2, 1, NULL, err, sizeof err, 0);
                if (rc != CW_OK)
                    api_internal_error(resp, "following the correction into the events fed");
            }
        }
        json_decref(undo);
        free(r2);
        free(v2);
        struct op o = api_op(req);
        for (int i = 0; rc == CW_OK && i < n; i++)
            if (x.rows[later[i]].id &&
                op_match_undo(&o, &x.rows[later[i]], "knockout.cascade_undo")) {
                api_internal_error(resp, "undoing a later match");
                rc = CW_EDB;
            }
        state_free(&x);
        if (rc != CW_OK)
            return -1;
    }
    int rc = state_load(db, &e, m, &x, err, sizeof err);
    if (rc == CW_ECONFLICT || rc == CW_EINVAL) {
        state_free(&x);
        api_problem(resp, 409, "bracket-conflict", "The bracket cannot take this result", "%s",
                    err);
        return -1;
    }
    /* the decided row itself is saved by the caller; sync the others */
    for (int k = 0; rc == CW_OK && k < x.nm; k++)
        if (x.rows[k].id == m->id)
            x.rows[k].id = 0;
    if (rc == CW_OK)
        rc = settle(req, &x);
    if (rc == CW_OK)
        rc = mark_finished(req, &e, ko_champion(&x.b, x.v));
    state_free(&x);
    if (rc != CW_OK) {
        api_internal_error(resp, "advancing the bracket");
        return -1;
    }
    return 0;
}

/* ---- tables (KO-1, KO-7) ---- */

struct ready_cand {
    struct tables_ready r;
    const int64_t *people;
};

static int cmp_ready_cand(const void *x, const void *y)
{
    const struct ready_cand *a = x, *b = y;
    return tables_ready_cmp(&a->r, &b->r); /* tables_assign' own order */
}

/* Who plays a match: its two players and, in a Davis Cup consultation doubles (rubber 3),
 * their partners. */
static void people_of(struct db *db, const struct match *m, int64_t out[4])
{
    out[0] = m->player[0];
    out[1] = m->player[1];
    out[2] = out[3] = 0;
    struct davis_tie_row tie;
    struct davis_team_row team;
    if (!m->tie_id || m->rubber != 3 || db_davis_tie_get(db, m->tie_id, &tie) != CW_OK)
        return;
    for (int s = 0; s < 2; s++)
        if (tie.team[s] && db_davis_team_get(db, tie.team[s], &team) == CW_OK)
            out[2 + s] = team.player[0] == m->player[s] ? team.player[1] : team.player[0];
}

static int share_people(const int64_t *x, const int64_t *y)
{
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++)
            if (x[i] && x[i] == y[j])
                return 1;
    return 0;
}

void api_tables_assign(struct api_req *req, struct api_resp *resp)
{
    if (api_tx_begin(req, resp))
        return;
    struct db *db = req->app->db;
    struct tournament t;
    int rc = db_tournament_get(db, req->ids[0], &t);
    if (rc == CW_ENOTFOUND) {
        api_tx_rollback(req);
        api_problem(resp, 404, "not-found", "No such tournament", "There is no tournament %lld.",
                    (long long)req->ids[0]);
        return;
    }
    struct match *ms = NULL;
    int n = 0;
    if (rc == CW_OK)
        rc = db_match_list(db, t.id, 0, &ms, &n);
    json_t *tables = json_loads(t.tables[0] ? t.tables : "[]", 0, NULL);
    size_t nt = json_array_size(tables);
    const char **free_tables = calloc(nt + 1, sizeof *free_tables);
    struct tables_ready *ready = calloc((size_t)n + 1, sizeof *ready);
    struct tables_assignment *out = calloc((size_t)n + 1, sizeof *out);
    const char **busy = calloc((size_t)n + 1, sizeof *busy);
    int nfree = 0, nready = 0, nbusy = 0;
    if (!free_tables || !ready || !out || !busy)
        rc = CW_EDB;
    /* every table in use, listed or not: a match fixed to one waits for it */
    for (int k = 0; rc == CW_OK && k < n; k++)
        if (ms[k].table[0] && (ms[k].state == MS_CALLED || ms[k].state == MS_PLAYING))
            busy[nbusy++] = ms[k].table;
    /* a table is busy while a match at it is called or being played (busy, above) */
    for (size_t i = 0; rc == CW_OK && i < nt; i++) {
        const char *label = json_string_value(json_array_get(tables, i));
        int in_use = 0;
        for (int k = 0; k < nbusy && !in_use; k++)
            in_use = !strcmp(busy[k], label);
        if (!in_use)
            free_tables[nfree++] = label;
    }
    /* the matches that may start now: not a player's second match while one of theirs is
     * called or played (a Davis Cup round robin schedules every round at once), nor a match
     * the players cannot report yet or any more (a Davis Cup phase not open, DAVIS-2; a
     * Swing game of an earlier round, left to the TD) */
    int64_t(*people)[4] = calloc((size_t)n + 1, sizeof *people);
    const int64_t **cand = calloc((size_t)n + 1, sizeof *cand);
    if (!people || !cand)
        rc = CW_EDB;
    for (int k = 0; rc == CW_OK && k < n; k++)
        people_of(db, &ms[k], people[k]);
    for (int k = 0; rc == CW_OK && k < n; k++) {
        struct match *m = &ms[k];
        if (m->state != MS_SCHEDULED || !m->player[0] || !m->player[1])
            continue;
        int engaged = 0;
        for (int j = 0; j < n && !engaged; j++)
            engaged = (ms[j].state == MS_CALLED || ms[j].state == MS_PLAYING) &&
                      share_people(people[j], people[k]);
        /* the gates as the players' reports meet them: the TD's own pass (a Swing game of
         * an earlier round, which only the TD decides) is no game to play at a table */
        struct api_resp gated = {0};
        int was_td = req->is_td;
        req->is_td = 0;
        int closed = !engaged && api_match_gate(req, m, &gated);
        req->is_td = was_td;
        json_decref(gated.json);
        if (engaged || closed)
            continue;
        /* KO-1: the event's priority (the TD's, higher first) decides; among equal
         * priorities Championship and Intermediate flights go first */
        int ev_priority = 0, flight = 1;
        if (m->event_id) {
            struct event e;
            if (db_event_get(db, t.id, m->event_id, &e) == CW_OK) {
                struct ko_settings s;
                settings_of(&e, &s);
                ev_priority = e.priority;
                flight = strcmp(e.kind, "knockout") ? 1 : tables_flight_priority(s.flight);
            }
        }
        int priority = tables_priority(ev_priority, flight);
        ready[nready].match_id = m->id;
        ready[nready].priority = priority;
        ready[nready].ready_ms = m->updated_ms;
        ready[nready].round = m->round;
        ready[nready].fixed = m->table[0] ? m->table : NULL;
        cand[nready] = people[k];
        nready++;
    }
    /* a player with two ready matches plays the one that comes first; the other waits */
    struct ready_cand *rc_ord = calloc((size_t)nready + 1, sizeof *rc_ord);
    if (!rc_ord)
        rc = CW_EDB;
    for (int i = 0; rc == CW_OK && i < nready; i++)
        rc_ord[i] = (struct ready_cand){ready[i], cand[i]};
    if (rc == CW_OK)
        qsort(rc_ord, (size_t)nready, sizeof *rc_ord, cmp_ready_cand);
    int kept = 0;
    for (int i = 0; rc == CW_OK && i < nready; i++) {
        int taken = 0;
        for (int j = 0; j < kept && !taken; j++)
            taken = share_people(cand[j], rc_ord[i].people);
        if (taken)
            continue;
        ready[kept] = rc_ord[i].r;
        cand[kept] = rc_ord[i].people;
        kept++;
    }
    if (rc == CW_OK)
        nready = kept;
    free(rc_ord);
    int assigned =
        rc == CW_OK ? tables_assign(ready, nready, free_tables, nfree, busy, nbusy, out) : 0;
    json_t *list = json_array();
    struct op o = api_op(req);
    for (int i = 0; rc == CW_OK && i < nready; i++) {
        if (!out[i].table)
            continue;
        struct match m;
        rc = db_match_get(db, t.id, out[i].match_id, &m);
        if (rc != CW_OK)
            break;
        json_t *before = op_match_record_json(&m);
        snprintf(m.table, sizeof m.table, "%s", out[i].table);
        rc = op_match_set_state(db, &m, MS_CALLED, req->now_ms, "td");
        if (rc == CW_OK)
            rc = op_match_save(&o, &m, before, "match.call");
        if (rc == CW_OK)
            json_array_append_new(
                list, json_pack("{s:I, s:s}", "match_id", (json_int_t)m.id, "table", m.table));
    }
    free(ms);
    free(cand);
    free(people);
    free(free_tables);
    free(busy);
    free(ready);
    free(out);
    json_decref(tables);
    if (rc != CW_OK) {
        json_decref(list);
        api_tx_rollback(req);
        api_internal_error(resp, "assigning tables");
        return;
    }
    api_reply_json(resp, 200,
                   json_pack("{s:i, s:i, s:o}", "assigned", assigned, "waiting", nready - assigned,
                             "calls", list));
    api_tx_commit(req, resp);
}

/* ---- the bracket as JSON (KO-2, KO-7, KO-8) ---- */

static json_t *side_json(struct db *db, int64_t tid, const struct ko_bracket *b,
                         const struct ko_side *s)
{
    switch (s->kind) {
    case KO_SIDE_PLAYER: {
        struct player p;
        int ok = db_player_get(db, tid, s->id, &p) == CW_OK;
        /* a side without "kind" is a player: the common case, kept short (a bracket of
         * 1,024 entries is sent often to the venue screens) */
        return json_pack("{s:I, s:o}", "player_id", (json_int_t)s->id, "name",
                         ok ? json_string(p.name) : json_null());
    }
    case KO_SIDE_LATE:
        return json_pack("{s:s, s:i}", "kind", "late", "late_place", s->late);
    case KO_SIDE_TO_ENTER: /* a vacant place: the entrant a result in the feeding event sends */
        return json_pack("{s:s}", "kind", "to_enter");
    case KO_SIDE_PENDING: {
        int r, i;
        ko_match_pos(b, s->from, &r, &i);
        return json_pack("{s:s, s:i, s:i}", "kind", "winner_of", "round", r, "index", i);
    }
    default:
        return json_pack("{s:s}", "kind", "bye");
    }
}

static const char *mstate_name(enum ko_mstate s)
{
    static const char *names[] = {"waiting", "ready", "done", "walkover", "empty"};
    return names[s];
}

static json_t *bracket_json(struct db *db, struct ko_state *x, int64_t now_ms)
{
    struct event *e = &x->e;
    if (!x->drawn) {
        /* a fed event before its draw: who has entered so far, and what it waits for */
        json_t *out = json_pack("{s:I, s:s, s:s, s:b}", "event_id", (json_int_t)e->id, "name",
                                e->name, "state", e->state, "drawn", 0);
        if (x->s.feeds_from) {
            struct event from;
            struct ko_state y;
            char err[256];
            if (db_event_get(db, e->tournament_id, x->s.feeds_from, &from) == CW_OK &&
                state_load(db, &from, NULL, &y, err, sizeof err) == CW_OK && y.drawn) {
                struct ko_entry *in = calloc((size_t)y.b.size, sizeof *in);
                int missing = 0,
                    n = in ? ko_feed(&y.b, y.res, y.v, x->s.progressive, in, &missing) : 0;
                json_t *list = json_array();
                for (int i = 0; i < n; i++)
                    json_array_append_new(list, json_pack("{s:I, s:i, s:b}", "player_id",
                                                          (json_int_t)in[i].id, "round",
                                                          in[i].round ? in[i].round : 1, "had_bye",
                                                          in[i].had_bye));
                json_object_set_new(out, "entrants", list);
                json_object_set_new(out, "results_awaited", json_integer(missing));
                free(in);
            }
            state_free(&y);
            json_object_set_new(out, "feeds_from", json_integer(x->s.feeds_from));
        }
        return out;
    }
    struct ko_bracket *b = &x->b;
    char seed[32], deadline[32];
    snprintf(seed, sizeof seed, "%" PRIu64, b->seed);
    json_t *entries = json_array();
    for (int i = 0; i < b->n_entries; i++)
        json_array_append_new(entries, json_integer(b->entries[i].id));
    json_t *rounds = json_array();
    for (int r = 1; r <= b->rounds; r++) {
        json_t *matches = json_array();
        for (int i = 0; i < b->size >> r; i++) {
            int k = ko_match_index(b, r, i);
            const struct ko_mview *mv = &x->v[k];
            const struct match *row = &x->rows[k];
            json_t *sides = json_array();
            for (int s = 0; s < 2; s++) {
                json_t *sj = side_json(db, e->tournament_id, b, &mv->side[s]);
                json_object_set_new(sj, "score", json_integer(row->score[s]));
                json_array_append_new(sides, sj);
            }
            json_array_append_new(
                matches,
                json_pack("{s:i, s:o, s:s, s:s, s:s, s:o, s:o}", "index", i, "match_id",
                          row->id ? json_integer(row->id) : json_null(), "state",
                          mstate_name(mv->state), "match_state", match_state_name(row->state),
                          "table", row->table, "sides", sides, "winner",
                          mv->winner >= 0 ? json_string(side_name[mv->winner]) : json_null()));
        }
        json_array_append_new(rounds, json_pack("{s:i, s:i, s:o}", "round", r, "length",
                                                ko_length(b, r), "matches", matches));
    }
    if (b->late_deadline_ms)
        cw_iso8601(b->late_deadline_ms, deadline, sizeof deadline);
    int64_t champ = ko_champion(b, x->v);
    return json_pack(
        "{s:I, s:s, s:s, s:b, s:s, s:i, s:s, s:b, s:i, s:i, s:o, s:{s:i, s:i, s:b, s:o, s:b}, "
        "s:o, s:o, s:o}",
        "event_id", (json_int_t)e->id, "name", e->name, "state", e->state, "drawn", 1, "kind",
        b->kind == KO_FED ? "fed" : "main", "algorithm_version", b->version, "seed", seed, "seeded",
        b->opts.seeded, "size", b->size, "rounds_count", b->rounds, "entries", entries, "late",
        "places", b->n_late, "filled", b->late_filled, "closed", b->late_closed, "deadline",
        b->late_deadline_ms ? json_string(deadline) : json_null(), "open", ko_late_open(b, now_ms),
        "rounds", rounds, "champion", champ ? json_integer(champ) : json_null(), "feeds_from",
        x->s.feeds_from ? json_integer(x->s.feeds_from) : json_null());
}

void api_knockout_bracket_json(struct api_req *req, const struct event *e, struct api_resp *resp)
{
    struct ko_state x;
    char err[256];
    if (state_load(req->app->db, e, NULL, &x, err, sizeof err) != CW_OK) {
        state_free(&x);
        api_internal_error(resp, "reading the bracket");
        return;
    }
    json_t *j = bracket_json(req->app->db, &x, req->now_ms);
    state_free(&x);
    api_reply_json(resp, 200, j);
}

void api_knockout_get(struct api_req *req, struct api_resp *resp)
{
    struct app *app = req->app;
    int kind = CACHE_EVENT_BASE + (int)req->ids[1];
    if (!req->is_td && api_cache_get(app->cache, req->ids[0], kind, &resp->blob, resp->etag,
                                     req->accept_gzip, &resp->blob_gzip)) {
        resp->status = 200;
        return;
    }
    struct event e;
    db_lock(app->db);
    if (load_ko(req, &e, resp)) {
        db_unlock(app->db);
        if (resp->status == 409) {
            resp->status = 404;
            json_object_set_new(resp->json, "status", json_integer(404));
        }
        return;
    }
    api_knockout_bracket_json(req, &e, resp);
    int64_t rev = db_tournament_revision(app->db, e.tournament_id);
    if (resp->status == 200 && rev > 0) {
        char *body = json_dumps(resp->json, JSON_COMPACT);
        if (body) {
            snprintf(resp->etag, sizeof resp->etag, "\"t%lld.%lld\"", (long long)e.tournament_id,
                     (long long)rev);
            /* filled under the database lock: see api/cache.h */
            resp->blob = api_blob_new(body, strlen(body));
            free(body);
            if (resp->blob) {
                api_cache_put(app->cache, e.tournament_id, kind, resp->blob, resp->etag);
                json_decref(resp->json);
                resp->json = NULL;
            }
        }
    }
    db_unlock(app->db);
}

/* ---- where a player stands ---- */

void api_knockout_player(struct api_req *req, struct api_resp *resp)
{
    struct db *db = req->app->db;
    struct event e;
    db_lock(db);
    if (load_ko(req, &e, resp)) {
        db_unlock(db);
        return;
    }
    struct ko_state x;
    char err[256], text[300];
    int rc = state_load(db, &e, NULL, &x, err, sizeof err);
    struct ko_pstatus st;
    memset(&st, 0, sizeof st);
    int found = CW_ENOTFOUND;
    if (rc == CW_OK && x.drawn) {
        ko_late_expire(&x.b, req->now_ms);
        found = ko_player_status(&x.b, x.res, x.v, req->ids[2], &st);
    } else if (rc == CW_OK && x.s.feeds_from) {
        struct event from;
        struct ko_state y;
        if (db_event_get(db, e.tournament_id, x.s.feeds_from, &from) == CW_OK &&
            state_load(db, &from, NULL, &y, err, sizeof err) == CW_OK && y.drawn) {
            struct ko_entry *in = calloc((size_t)y.b.size, sizeof *in);
            int missing = 0, n = in ? ko_feed(&y.b, y.res, y.v, x.s.progressive, in, &missing) : 0;
            found = ko_feed_status(in, n, missing, req->ids[2], &st);
            free(in);
        }
        state_free(&y);
    }
    char opp[512] = "";
    struct player p;
    if (found == CW_OK && st.opponent &&
        db_player_get(db, e.tournament_id, st.opponent, &p) == CW_OK)
        snprintf(opp, sizeof opp, "%s", p.name);
    json_t *out = NULL;
    if (found == CW_OK) {
        api_knockout_status_text(&st, opp, text, sizeof text);
        int64_t mid = st.match >= 0 && x.drawn && st.match < x.nm ? x.rows[st.match].id : 0;
        const struct match *row = mid ? &x.rows[st.match] : NULL;
        int at_table = st.state == KO_P_READY && row && row->table[0] &&
                       (row->state == MS_CALLED || row->state == MS_PLAYING);
        /* called to a table: the sentence says where, not "wait for the call" */
        if (at_table)
            snprintf(text, sizeof text, "Round %d: you play %s at table %s%s.", st.round,
                     opp[0] ? opp : "your opponent", row->table,
                     row->state == MS_CALLED ? "; go to your table now" : "");
        /* the sentence's facts as fields too, so a page can say it in its own language */
        char deadline[32];
        if (st.state == KO_P_WAIT_LATE && st.deadline_ms)
            cw_iso8601(st.deadline_ms, deadline, sizeof deadline);
        out = json_pack(
            "{s:I, s:s, s:I, s:s, s:s, s:o, s:i, s:o, s:o, s:o}", "event_id", (json_int_t)e.id,
            "event_name", e.name, "player_id", (json_int_t)req->ids[2], "state",
            ko_pstate_name(st.state), "text", text, "match_id",
            mid ? json_integer(mid) : json_null(), "round", st.round, "opponent",
            st.opponent ? json_pack("{s:I, s:s}", "player_id", (json_int_t)st.opponent, "name", opp)
                        : json_null(),
            "match_state", row ? json_string(match_state_name(row->state)) : json_null(), "table",
            at_table ? json_string(row->table) : json_null());
        if (out && st.state == KO_P_WAIT_LATE)
            json_object_update_new(out,
                                   json_pack("{s:i, s:o}", "late", st.late, "deadline",
                                             st.deadline_ms ? json_string(deadline) : json_null()));
        if (out && st.state == KO_P_WAIT_OPPONENT)
            json_object_update_new(out, json_pack("{s:i, s:i}", "from_round", st.from_round,
                                                  "from_match", st.from_index + 1));
        if (out && st.state == KO_P_OUT)
            json_object_set_new(out, "decision", json_string(ko_out_name(st.decision)));
        if (out && st.state == KO_P_WAIT_DRAW)
            json_object_set_new(out, "missing", json_integer(st.missing));
    }
    state_free(&x);
    db_unlock(db);
    if (rc != CW_OK) {
        api_internal_error(resp, "reading the bracket");
        return;
    }
    if (!out) {
        api_problem(resp, 404, "not-found", "Not in this event", "Player %lld is not in %s.",
                    (long long)req->ids[2], e.name);
        return;
    }
    api_reply_json(resp, 200, out);
}
