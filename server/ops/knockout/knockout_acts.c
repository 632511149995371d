/* What the TD does to a knockout's bracket (KO-1, KO-4, KO-7): the draw with its recorded
 * seed, a late arrival placed, the lengths by round changed. Each runs in the caller's
 * transaction frame (ops/frame/frame.c) on an event already loaded as a knockout; the routes
 * are api/api_knockout.c. The bracket's effects they share are knockout.c. */
#include "ops/knockout/knockout_acts.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/clock.h"
#include "ops/people/players.h"
#include "ops/records/event.h"
#include "ops/records/match.h"
#include "ops/records/match_length.h"
#include "ops/frame/record.h"
#include "ops/ratings/ratings.h"

/* ---- the draw (KO-1..3) ---- */

static int cmp_entry(const void *a, const void *b)
{
    const struct ko_entry *x = a, *y = b;
    return x->id < y->id ? -1 : x->id > y->id;
}

int op_ko_draw(const struct op *o, struct event *e, const char *seed_given, struct problem *pb)
{
    struct db *db = o->db;
    const struct ko_settings s = e->settings.ko;
    const char *refusal = NULL;
    char why[300];
    if (e->state != ES_OPEN)
        refusal = "it is already drawn";
    else if (s.feeds_from) {
        snprintf(why, sizeof why,
                 "it is fed by event %lld: its draw is made by itself once every entrant is "
                 "known (KO-5)",
                 (long long)s.feeds_from);
        refusal = why;
    }
    int64_t *ids = NULL;
    int n = 0, rc = refusal ? CW_OK : db_entries(db, e->id, &ids, &n);
    if (!refusal && rc == CW_OK && n < 2)
        refusal = "a draw needs at least two entries";
    if (refusal || rc != CW_OK) {
        free(ids);
        if (refusal)
            problem_set(pb, 409, "cannot-draw", "The draw cannot be made",
                        "%s cannot be drawn: %s.", e->name, refusal);
        else
            problem_internal(pb, "reading the entries");
        return -1;
    }
    /* entries in ascending player id: the order the draw is re-derived from */
    struct ko_entry *en = calloc((size_t)n, sizeof *en);
    /* RAT-1: seeded by the rating at entry, or by the live one when the tournament says */
    struct ratings_view live;
    int is_live = op_ratings_seed_live(db, e->tournament_id, &live);
    for (int i = 0; en && i < n; i++) {
        struct player p;
        en[i].id = ids[i];
        if (db_player_get(db, e->tournament_id, ids[i], &p) == CW_OK)
            en[i].has_rating = op_rating_seed(is_live ? &live : NULL, &p, &en[i].rating);
    }
    if (is_live)
        op_ratings_free(&live);
    free(ids);
    if (en)
        qsort(en, (size_t)n, sizeof *en, cmp_entry);
    struct ko_bracket b;
    struct ko_draw_opts opts = {s.seeded, s.seeds};
    char err[256] = "";
    char recorded[RNG_SEED_BYTES];
    uint64_t seed = op_seed_of(seed_given, recorded, sizeof recorded);
    rc = en ? ko_draw(seed, en, n, s.late.places, &opts, &b, err, sizeof err) : CW_EDB;
    free(en);
    int drawn = rc == CW_OK; /* b is allocated: freed on every path below */
    if (rc == CW_OK) {
        snprintf(b.seed_text, sizeof b.seed_text, "%s", recorded);
        b.late_deadline_ms = s.late.deadline_ms;
        if (ko_set_lengths(&b, s.lengths, s.n_lengths, err, sizeof err))
            rc = CW_EINVAL;
    }
    if (rc == CW_EINVAL) {
        if (drawn)
            ko_bracket_free(&b);
        problem_set(pb, 422, "cannot-draw", "The draw cannot be made", "%s", err);
        return -1;
    }
    if (rc == CW_OK)
        rc = op_ko_store_draw(o, e, &b, "knockout.drawn");
    if (drawn)
        ko_bracket_free(&b);
    if (rc != CW_OK) {
        problem_internal(pb, rc == CW_ENOMEM ? "drawing the bracket (out of memory)"
                                             : "storing the draw");
        return -1;
    }
    return 0;
}

/* ---- late arrivals (KO-4) ---- */

/* The state of drawn Main bracket e for a late-entry change. 0, or -1 with a problem. */
static int late_state(const struct op *o, const struct event *e, struct ko_state *x,
                      struct problem *pb)
{
    char err[256];
    if (op_ko_state_load(o->db, e, NULL, x, err, sizeof err) != CW_OK) {
        problem_internal(pb, "reading the bracket");
        return -1;
    }
    if (!x->drawn) {
        problem_set(pb, 409, "not-drawn", "Not drawn yet",
                    "%s is not drawn yet: before the draw, a new player simply enters.", e->name);
        return -1;
    }
    return 0;
}

int op_ko_late_arrive(const struct op *o, const struct event *e, int64_t pid, struct problem *pb)
{
    struct db *db = o->db;
    struct ko_state x;
    memset(&x, 0, sizeof x);
    if (late_state(o, e, &x, pb)) {
        op_ko_state_free(&x);
        return -1;
    }
    struct player p;
    int rc = db_player_get(db, e->tournament_id, pid, &p);
    if (rc != CW_OK || !strcmp(p.status, "withdrawn")) {
        op_ko_state_free(&x);
        if (rc == CW_OK || rc == CW_ENOTFOUND) {
            problem_set(pb, 422, "validation", "Not a player who can arrive", "Player %lld %s.",
                        (long long)pid,
                        rc == CW_OK ? "has withdrawn" : "is not a player of this tournament");
            problem_field(pb, "player_id", "is not a player who can arrive");
        } else {
            problem_internal(pb, "reading the player");
        }
        return -1;
    }
    if (op_entry_accepted(&p, "player_id", pb)) { /* GOV-4 */
        op_ko_state_free(&x);
        return -1;
    }
    int closed_now = ko_late_expire(&x.b, o->now_ms);
    /* KO-4: a late arrival is a player who arrived: one the TD has not checked in is not
     * there to play (while places are open; else the closing or the deadline says why) */
    if (!p.checked_in_ms && ko_late_open(&x.b, o->now_ms)) {
        op_ko_state_free(&x);
        problem_set(pb, 409, "not-checked-in", "Not checked in",
                    "%s (player %lld) has not checked in: check them in first "
                    "(POST /api/v1/tournaments/%lld/players/%lld/check-in), then give them a "
                    "late place (KO-4).",
                    p.name, (long long)pid, (long long)e->tournament_id, (long long)pid);
        json_object_set_new(pb->json, "rule", json_string("KO-4"));
        json_object_set_new(pb->json, "player_id", json_integer(pid));
        json_object_set_new(pb->json, "player", json_string(p.name));
        return -1;
    }
    int late_no = 0;
    char err[256] = "";
    rc = ko_late_arrive(&x.b, pid, o->now_ms, &late_no, err, sizeof err);
    if (rc != CW_OK && x.b.late_deadline_ms && o->now_ms >= x.b.late_deadline_ms) {
        char when[32];
        cw_iso8601(x.b.late_deadline_ms, when, sizeof when);
        snprintf(err, sizeof err,
                 "The late-entry deadline (%s) has passed: the unfilled places are byes now "
                 "(KO-4).",
                 when);
    }
    if (rc != CW_OK && !closed_now) {
        op_ko_state_free(&x);
        problem_set(pb, rc == CW_ECONFLICT ? 409 : 422, "late-refused", "Late arrival refused",
                    "%s", err);
        return -1;
    }
    if (rc != CW_OK) {
        /* the deadline passed just now: store the closing, and refuse the arrival */
        int r = db_ko_update(db, e->id, &x.b);
        if (r == CW_OK) {
            char e2[256];
            struct ko_state y;
            r = op_ko_state_load(db, e, NULL, &y, e2, sizeof e2);
            if (r == CW_OK)
                r = op_ko_settle(o, &y);
            op_ko_state_free(&y);
        }
        op_ko_state_free(&x);
        if (r != CW_OK) {
            problem_internal(pb, "closing late entry");
            return -1;
        }
        problem_set(pb, 409, "late-refused", "Late arrival refused", "%s", err);
        return 1;
    }
    int added = db_entry_add(db, e->id, pid, o->now_ms);
    rc = added == CW_ECONFLICT ? CW_OK : added;
    if (rc == CW_OK)
        rc = db_ko_update(db, e->id, &x.b);
    op_ko_state_free(&x);
    if (rc == CW_OK) {
        char e2[256];
        rc = op_ko_state_load(db, e, NULL, &x, e2, sizeof e2);
        if (rc == CW_OK)
            rc = op_ko_settle(o, &x);
        op_ko_state_free(&x);
    }
    if (rc == CW_OK)
        rc = op_emit(db, e->tournament_id, o->now_ms, "knockout.late_arrival",
                     json_pack("{s:I, s:I, s:i}", "event_id", (json_int_t)e->id, "player_id",
                               (json_int_t)pid, "late_place", late_no));
    if (rc == CW_OK) {
        char after[128];
        snprintf(after, sizeof after, "{\"player_id\":%lld,\"late_place\":%d}", (long long)pid,
                 late_no);
        rc = db_audit(db, e->tournament_id, o->now_ms, o->who.actor, "knockout.late_arrival",
                      "event", e->id, NULL, after);
    }
    if (rc != CW_OK) {
        problem_internal(pb, "placing the late arrival");
        return -1;
    }
    return 0;
}

/* ---- lengths by round (KO-7) ---- */

/* Rounds already under way keep theirs: a change that reaches one is refused; so is one
 * that would end a match of the round not started yet (MATCH-3: penalty points given
 * before its first game reach the new length). */
int op_ko_lengths(const struct op *o, struct event *e, const int *lengths, int n,
                  struct problem *pb)
{
    struct db *db = o->db;
    struct ko_state x;
    memset(&x, 0, sizeof x);
    char err[256] = "";
    int rc = op_ko_state_load(db, e, NULL, &x, err, sizeof err);
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
            problem_set(pb, 409, "round-started", "This round is under way",
                        "Round %d of %s has started (match %lld is %s): its length stays %d "
                        "(KO-7).",
                        r, e->name, (long long)row->id, match_state_name(row->state), old[r - 1]);
            op_ko_state_free(&x);
            problem_field(pb, "lengths", "round %d has started", r);
            return -1;
        }
        for (int k = 0; k < x.nm; k++) { /* MATCH-3: nor does one the change would end */
            struct match row = x.rows[k];
            int r = row.round;
            if (!row.id || r < 1 || r > x.b.rounds || x.b.lengths[r - 1] == old[r - 1] ||
                row.state == MS_VOID || row.length == x.b.lengths[r - 1] ||
                !op_match_relength(o, &row, x.b.lengths[r - 1], pb))
                continue;
            op_ko_state_free(&x);
            if (pb->status == 409) {
                char detail[1024];
                snprintf(detail, sizeof detail, "Round %d of %s keeps its length: %s", r, e->name,
                         json_string_value(json_object_get(pb->json, "detail")));
                json_object_set_new(pb->json, "detail", json_string(detail));
                problem_field(pb, "lengths", "round %d: match %lld would be over", r,
                              (long long)row.id);
            }
            return -1;
        }
        for (int k = 0; rc == CW_OK && k < x.nm; k++) {
            struct match *row = &x.rows[k];
            int r = row->round;
            if (!row->id || r < 1 || r > x.b.rounds || x.b.lengths[r - 1] == old[r - 1])
                continue;
            json_t *before = op_match_record_json(row);
            row->length = x.b.lengths[r - 1];
            rc = op_match_save(o, row, before, "knockout.length");
        }
        if (rc == CW_OK)
            rc = db_ko_update(db, e->id, &x.b);
    }
    op_ko_state_free(&x);
    if (rc == CW_OK) { /* kept in the settings: a fed event's draw takes them (KO-7) */
        json_t *before = op_event_json(db, e);
        memcpy(e->settings.ko.lengths, lengths, (size_t)n * sizeof *lengths);
        e->settings.ko.n_lengths = n;
        rc = op_event_save(o, e, before, "knockout.lengths");
    }
    if (rc != CW_OK) {
        problem_internal(pb, "changing the lengths");
        return -1;
    }
    return 0;
}
