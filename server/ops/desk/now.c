/* The "Now" view (issue 32): every item needing an official, oldest first, from a table of
 * sources, each a function that adds the items of its kind; and the claims of its items. */
#include "ops/desk/now.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ops/committee/committee.h"
#include "ops/frame/record.h"
#include "ops/match/tables.h"
#include "ops/people/players.h"
#include "ops/records/clock.h"
#include "ops/records/match.h"
#include "ops/table/table_acts.h"
#include "ops/tournament/snapshots.h"
#include "store/desk.h"
#include "store/store.h"
#include "tourney/tables.h"

static const char side_name[2][2] = {"a", "b"};

/* What every source reads from: the tournament's matches and when the open ones entered
 * their state, read once; the items found so far. */
struct now_cx {
    const struct op *o;
    const struct tournament *t;
    const struct op_snapshot_status *backup;
    struct match *ms;
    int n;
    struct match_since *since;
    int nsince;
    json_t *items;
};

static const struct match *match_of(const struct now_cx *x, int64_t id)
{
    for (int i = 0; i < x->n; i++)
        if (x->ms[i].id == id)
            return &x->ms[i];
    return NULL;
}

static int64_t since_of(const struct now_cx *x, const struct match *m)
{
    for (int i = 0; i < x->nsince; i++)
        if (x->since[i].match_id == m->id)
            return x->since[i].since_ms;
    return m->updated_ms;
}

/* One item: its key (kind and id), since when it waits, its match (may be NULL) and what
 * else its kind says (owned, may be NULL). */
static void add(struct now_cx *x, const char *kind, const char *id, int64_t since_ms,
                const struct match *m, json_t *extra)
{
    char key[64];
    snprintf(key, sizeof key, "%s:%s", kind, id);
    json_t *j = json_pack("{s:s, s:s, s:I, s:o, s:I, s:o}", "key", key, "kind", kind, "since_ms",
                          (json_int_t)since_ms, "since_at", op_time_json(since_ms), "age_s",
                          (json_int_t)((x->o->now_ms - since_ms) / 1000), "match",
                          m ? op_match_json(x->o->db, m) : json_null());
    if (extra)
        json_object_update(j, extra);
    json_decref(extra);
    json_array_append_new(x->items, j);
}

static void add_match(struct now_cx *x, const char *kind, int64_t since_ms, const struct match *m,
                      json_t *extra)
{
    char id[24];
    snprintf(id, sizeof id, "%lld", (long long)m->id);
    add(x, kind, id, since_ms, m, extra);
}

/* ---- the sources, one per kind of item ---- */

/* GOV-5: the calls from the tables not closed (a taken one says who is on the way). */
static int src_calls(struct now_cx *x)
{
    struct call_row *c = NULL;
    int n = 0;
    int rc = db_calls_open(x->o->db, x->t->id, &c, &n);
    for (int i = 0; rc == CW_OK && i < n; i++) {
        char id[24];
        snprintf(id, sizeof id, "%lld", (long long)c[i].id);
        add(x, "call", id, c[i].created_ms, match_of(x, c[i].match_id),
            json_pack("{s:o}", "call", op_call_json(&c[i], x->o->now_ms)));
    }
    free(c);
    return rc;
}

/* MATCH-4: a dispute waits for a ruling (GOV-6a). */
static int src_disputes(struct now_cx *x)
{
    for (int i = 0; i < x->n; i++)
        if (x->ms[i].state == MS_DISPUTED)
            add_match(x, "dispute", since_of(x, &x->ms[i]), &x->ms[i], NULL);
    return CW_OK;
}

/* MATCH-7: a report the opponent has not confirmed for NOW_CONFIRM_WAIT_MS. */
static int src_unconfirmed(struct now_cx *x)
{
    for (int i = 0; i < x->n; i++) {
        const struct match *m = &x->ms[i];
        int64_t since = since_of(x, m);
        if (m->state == MS_REPORTED && x->o->now_ms - since >= NOW_CONFIRM_WAIT_MS)
            add_match(x, "unconfirmed", since, m, NULL);
    }
    return CW_OK;
}

/* A called or playing match with no report once its length's time has passed since its
 * call (the tournament's minutes per point times the length; a Swing game counts one
 * point), from when it went overdue; and PEN-1: a side still absent past the grace, with
 * points due that the TD has not confirmed. */
static int src_overdue_late(struct now_cx *x)
{
    for (int i = 0; i < x->n; i++) {
        const struct match *m = &x->ms[i];
        if (m->state != MS_CALLED && m->state != MS_PLAYING)
            continue;
        struct late l;
        int rc = op_late_of(x->o->db, m, x->t, x->o->now_ms, &l);
        if (rc != CW_OK)
            return rc;
        if (!l.start)
            continue;
        int points = m->length > 0 ? m->length : 1;
        int64_t due = l.start + (int64_t)points * x->t->minutes_per_point * 60000;
        if (x->o->now_ms >= due)
            add_match(
                x, "overdue", due, m,
                json_pack("{s:I}", "minutes", (json_int_t)((x->o->now_ms - l.start) / 60000)));
        for (int s = 0; m->state == MS_CALLED && s < 2; s++) {
            if (l.p[s].arrived_ms || l.clock_instead[s] || l.due[s] <= l.confirmed[s])
                continue;
            char id[32];
            snprintf(id, sizeof id, "%lld:%s", (long long)m->id, side_name[s]);
            int64_t from = l.from[s] ? l.from[s] : l.start;
            add(x, "late", id, from + (int64_t)x->t->late_grace_min * 60000, m,
                json_pack("{s:s, s:i}", "side", side_name[s], "points", l.due[s]));
        }
    }
    return CW_OK;
}

/* KO-1: the ready matches waiting for a table, in the order tables go to them ("order" of
 * "of"), the first NOW_TABLES_SHOWN: at a round's start of a 1,000-player event hundreds wait;
 * and a player with ready matches in two events: the one that waits (KO-1 chose the other). */
static int src_tables(struct now_cx *x)
{
    struct tables_ready *ready = calloc((size_t)x->n + 1, sizeof *ready);
    int64_t *shared = calloc(2 * (size_t)x->n + 1, sizeof *shared);
    int nready = 0;
    int rc =
        ready && shared ? op_tables_ready(x->o, x->t, x->ms, x->n, ready, &nready, shared) : CW_EDB;
    int waiting = 0;
    for (int i = 0; rc == CW_OK && i < nready; i++) {
        const struct match *m = match_of(x, ready[i].match_id);
        waiting += m && m->state == MS_SCHEDULED;
    }
    for (int i = 0, shown = 0; rc == CW_OK && i < nready && shown < NOW_TABLES_SHOWN; i++) {
        const struct match *m = match_of(x, ready[i].match_id);
        if (m && m->state == MS_SCHEDULED)
            add_match(x, "table", m->updated_ms, m,
                      json_pack("{s:i, s:i}", "order", ++shown, "of", waiting));
    }
    for (int i = 0; rc == CW_OK && shared[i]; i += 2) {
        const struct match *w = match_of(x, shared[i]), *first = match_of(x, shared[i + 1]);
        if (!w || !first || w->event_id == first->event_id)
            continue;
        int64_t who = 0;
        for (int a = 0; a < 2 && !who; a++)
            for (int b = 0; b < 2 && !who; b++)
                if (w->player[a] == first->player[b])
                    who = w->player[a];
        add_match(x, "two_events", w->updated_ms, w,
                  json_pack("{s:I, s:I}", "player_id", (json_int_t)who, "first_match_id",
                            (json_int_t)first->id));
    }
    free(ready);
    free(shared);
    return rc;
}

/* GOV-6: a ruling waiting for another TD or the Committee. */
static int src_rulings(struct now_cx *x)
{
    struct ruling_row *r = NULL;
    int n = 0;
    int rc = db_rulings(x->o->db, x->t->id, 0, "awaiting_committee", &r, &n);
    for (int i = 0; rc == CW_OK && i < n; i++) {
        char id[24];
        snprintf(id, sizeof id, "%lld", (long long)r[i].id);
        /* waiting for the Committee: the case it decides (ops/committee/) */
        int64_t case_id = 0;
        int found = db_appeal_of_decision(x->o->db, r[i].id, 0, &case_id);
        if (found != CW_OK && found != CW_ENOTFOUND)
            rc = found;
        add(x, "ruling", id, r[i].created_ms, match_of(x, r[i].match_id),
            json_pack("{s:o, s:o}", "ruling", op_ruling_json(x->o->db, &r[i]), "appeal_id",
                      found == CW_OK ? json_integer(case_id) : json_null()));
    }
    db_rulings_free(r, n);
    return rc;
}

/* The snapshots failing (a USB stick pulled out, a full folder): the copies the TD counts
 * on are not being made, since the first failure of those after the last good one. */
static int src_backup(struct now_cx *x)
{
    const struct op_snapshot_status *b = x->backup;
    if (b && b->failing)
        add(x, "backup", "failing", b->failing_since_ms ? b->failing_since_ms : b->last_error_ms,
            NULL, json_pack("{s:s, s:s}", "error", b->last_error, "folder", b->folder));
    return CW_OK;
}

/* GOV-7: a pending appeal: the Committee to seat, a motion to put, votes to record. */
static int src_appeals(struct now_cx *x)
{
    struct appeal_row *a = NULL;
    int n = 0;
    int rc = db_appeals(x->o->db, x->t->id, 0, "pending", &a, &n);
    for (int i = 0; rc == CW_OK && i < n; i++) {
        if (strcmp(a[i].kind, "appeal"))
            continue; /* a referral is its ruling's item */
        char id[24];
        snprintf(id, sizeof id, "%lld", (long long)a[i].id);
        add(x, "appeal", id, a[i].created_ms, match_of(x, a[i].match_id),
            json_pack("{s:o}", "appeal", op_appeal_json(x->o, &a[i], 1)));
    }
    db_appeals_free(a, n);
    return rc;
}

/* GOV-4: an entry waiting for the TD's approval, since the player registered. */
static int src_entries(struct now_cx *x)
{
    struct player *p = NULL;
    int n = 0;
    int rc = db_player_list_pending(x->o->db, x->t->id, &p, &n);
    for (int i = 0; rc == CW_OK && i < n; i++) {
        char id[24];
        snprintf(id, sizeof id, "%lld", (long long)p[i].id);
        add(x, "entry", id, p[i].created_ms, NULL,
            json_pack("{s:o}", "player", op_player_json(&p[i], 0)));
    }
    free(p);
    return rc;
}

/* The kinds of item, each one row. */
static int (*const sources[])(struct now_cx *) = {
    src_calls,   src_disputes, src_unconfirmed, src_overdue_late,
    src_tables,  src_rulings,  src_appeals,     src_backup,       src_entries,
};

static int cmp_items(const void *a, const void *b)
{
    json_t *x = *(json_t *const *)a, *y = *(json_t *const *)b;
    json_int_t sx = json_integer_value(json_object_get(x, "since_ms"));
    json_int_t sy = json_integer_value(json_object_get(y, "since_ms"));
    if (sx != sy)
        return sx < sy ? -1 : 1;
    return strcmp(json_string_value(json_object_get(x, "key")),
                  json_string_value(json_object_get(y, "key")));
}

static json_t *claim_json(const struct now_claim *c)
{
    return json_pack("{s:s, s:s, s:I, s:o}", "by", c->by.name, "actor", c->by.actor, "claimed_ms",
                     (json_int_t)c->claimed_ms, "claimed_at", op_time_json(c->claimed_ms));
}

/* The items, oldest first, each with its claim: an array, or NULL. */
static json_t *read_items(const struct op *o, const struct tournament *t,
                          const struct op_snapshot_status *backup)
{
    struct now_cx x = {o, t, backup, NULL, 0, NULL, 0, json_array()};
    struct now_claim *claims = NULL;
    int nclaims = 0;
    int rc = db_match_list(o->db, t->id, 0, &x.ms, &x.n);
    if (rc == CW_OK)
        rc = db_match_since(o->db, t->id, &x.since, &x.nsince);
    for (size_t i = 0; rc == CW_OK && i < sizeof sources / sizeof *sources; i++)
        rc = sources[i](&x);
    if (rc == CW_OK)
        rc = db_now_claims(o->db, t->id, &claims, &nclaims);
    size_t n = json_array_size(x.items);
    json_t **sorted = calloc(n + 1, sizeof *sorted);
    json_t *out = rc == CW_OK && sorted ? json_array() : NULL;
    for (size_t i = 0; out && i < n; i++)
        sorted[i] = json_array_get(x.items, i);
    if (out)
        qsort(sorted, n, sizeof *sorted, cmp_items);
    for (size_t i = 0; out && i < n; i++) {
        const char *key = json_string_value(json_object_get(sorted[i], "key"));
        json_t *claim = json_null();
        for (int c = 0; c < nclaims; c++)
            if (!strcmp(claims[c].item, key))
                claim = claim_json(&claims[c]);
        json_object_set_new(sorted[i], "claim", claim);
        json_array_append(out, sorted[i]);
    }
    free(sorted);
    free(claims);
    free(x.ms);
    free(x.since);
    json_decref(x.items);
    return out;
}

json_t *op_now_items(const struct op *o, const struct tournament *t,
                     const struct op_snapshot_status *backup)
{
    json_t *items = read_items(o, t, backup);
    return items ? json_pack("{s:o, s:I}", "items", items, "server_time_ms", (json_int_t)o->now_ms)
                 : NULL;
}

int op_now_claim(const struct op *o, const struct tournament *t,
                 const struct op_snapshot_status *backup, const char *key, int release,
                 json_t **out, struct problem *pb)
{
    *out = NULL;
    json_t *items = read_items(o, t, backup), *item = NULL;
    if (!items) {
        problem_internal(pb, "reading the desk's items");
        return -1;
    }
    for (size_t i = 0; i < json_array_size(items) && !item; i++)
        if (!strcmp(json_string_value(json_object_get(json_array_get(items, i), "key")), key))
            item = json_array_get(items, i);
    if (!item) {
        json_decref(items);
        problem_field(pb, "item", "names no item needing an official now (%s)", key);
        return -1;
    }
    json_decref(items);
    struct now_claim c, mine;
    memset(&mine, 0, sizeof mine);
    snprintf(mine.item, sizeof mine.item, "%s", key);
    op_who_named(o->db, &o->who, &mine.by);
    mine.claimed_ms = o->now_ms;
    int rc = db_now_claim_get(o->db, t->id, key, &c);
    if (rc != CW_OK && rc != CW_ENOTFOUND) {
        problem_internal(pb, "reading the claim");
        return -1;
    }
    int have = rc == CW_OK, own = have && !strcmp(c.by.actor, mine.by.actor);
    if (have && !own) {
        problem_set(pb, 409, "claimed", "Another official is on it", "%s is already on it.",
                    c.by.name);
        json_object_set_new(pb->json, "claim", claim_json(&c));
        return -1;
    }
    if (release && !have) {
        problem_set(pb, 409, "not-claimed", "Nobody is on it", "Nobody has claimed %s.", key);
        return -1;
    }
    if ((!release && own)) { /* claimed again: the same claim, nothing changes */
        *out = claim_json(&c);
        return 0;
    }
    rc =
        release ? db_now_claim_delete(o->db, t->id, key) : db_now_claim_insert(o->db, t->id, &mine);
    json_t *cj = claim_json(release ? &c : &mine);
    json_object_set_new(cj, "item", json_string(key));
    if (rc == CW_OK)
        rc = op_audit_change(o, t->id, release ? "now.released" : "now.claimed", "now", 0,
                             release ? json_deep_copy(cj) : NULL,
                             release ? NULL : json_deep_copy(cj));
    if (rc == CW_OK)
        rc = op_emit(o->db, t->id, o->now_ms, release ? "now.released" : "now.claimed",
                     json_deep_copy(cj));
    if (rc == CW_ECONFLICT) { /* two officials at the same instant: the other was first */
        json_decref(cj);
        problem_set(pb, 409, "claimed", "Another official is on it", "Another official is on it.");
        return -1;
    }
    if (rc != CW_OK) {
        json_decref(cj);
        problem_internal(pb, "recording the claim");
        return -1;
    }
    if (release) {
        json_decref(cj);
        cj = json_null();
    }
    *out = cj;
    return 0;
}
