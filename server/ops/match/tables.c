/* Tables for the matches that may start (KO-1, KO-7), tournament-wide: every ready match
 * of every event called to a free table (tourney/tables.c decides which gets which). */
#include "ops/match/tables.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ops/records/clock.h"
#include "ops/match/appeal_hold.h"
#include "ops/match/gate.h"
#include "store/store.h"
#include "ops/records/match.h"
#include "tourney/tables.h"

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

/* When a called match without a table may have one: when its lateness starts counting (an
 * hour after its call once postponed, PEN-1; else its call). */
static int64_t postponed_start(const struct op *o, const struct tournament *t,
                               const struct match *m)
{
    struct late l;
    return op_late_of(o->db, m, t, o->now_ms, &l) ? INT64_MAX : l.start;
}

int op_table_free_for(const struct op *o, const struct match *m, const char *table,
                      struct problem *pb)
{
    if (!table || !table[0])
        return 0;
    struct match *ms = NULL;
    int n = 0;
    if (db_match_list(o->db, m->tournament_id, 0, &ms, &n) != CW_OK) {
        problem_internal(pb, "reading the tables");
        return -1;
    }
    int held = -1;
    for (int k = 0; k < n && held < 0; k++)
        if (ms[k].id != m->id && match_holds_table(&ms[k]) && !strcmp(ms[k].table, table))
            held = k;
    if (held >= 0) {
        json_t *label = op_match_label_json(o->db, &ms[held]);
        const char *text = json_string_value(json_object_get(label, "text"));
        problem_set(pb, 409, "table-held", "The table is held",
                    "Table %s is held by %s (match %lld, %s) until it is decided or moved to "
                    "another table (KO-9): a table holds one undecided match at a time.",
                    table, text ? text : "another match", (long long)ms[held].id,
                    match_state_name(ms[held].state));
        json_object_set_new(pb->json, "rule", json_string("KO-9"));
        json_object_set_new(pb->json, "table", json_string(table));
        json_object_set_new(pb->json, "held_by", json_integer(ms[held].id));
        json_decref(label);
    }
    free(ms);
    return held >= 0 ? -1 : 0;
}

int op_tables_ready(const struct op *o, const struct tournament *t, const struct match *ms, int n,
                    struct tables_ready *ready, int *nready, int64_t *shared)
{
    struct db *db = o->db;
    int rc = CW_OK;
    *nready = 0;
    if (shared)
        shared[0] = 0;
    /* the matches that may start now: not a player's second match while one of theirs is
     * called or played (a Davis Cup round robin schedules every round at once), nor a match
     * the players cannot report yet or any more (a Davis Cup phase not open, DAVIS-2; a
     * Swing game of an earlier round, left to the TD) */
    int64_t(*people)[4] = calloc((size_t)n + 1, sizeof *people);
    const int64_t **cand = calloc((size_t)n + 1, sizeof *cand);
    struct appeal_holds holds = {NULL, 0};
    if (!people || !cand || op_appeal_holds_load(db, t->id, &holds) != CW_OK)
        rc = CW_EDB;
    for (int k = 0; rc == CW_OK && k < n; k++)
        people_of(db, &ms[k], people[k]);
    int nr = 0;
    for (int k = 0; rc == CW_OK && k < n; k++) {
        const struct match *m = &ms[k];
        if (!m->player[0] || !m->player[1])
            continue;
        if (m->state != MS_SCHEDULED &&
            !(m->state == MS_CALLED && !m->table[0] && postponed_start(o, t, m) <= o->now_ms))
            continue;
        int engaged = 0;
        for (int j = 0; j < n && !engaged; j++)
            engaged = j != k && (ms[j].state == MS_CALLED || ms[j].state == MS_PLAYING) &&
                      share_people(people[j], people[k]);
        if (engaged)
            continue;
        /* the event, read once for its gate and its priority */
        struct event e;
        int have = m->event_id && db_event_get(db, t->id, m->event_id, &e) == CW_OK;
        /* the gates as the players' reports meet them: the TD's own pass (a Swing game of
         * an earlier round, which only the TD decides) is no game to play at a table */
        struct problem gated = {0, NULL};
        int closed = m->event_id && (!have || op_event_match_open(o, &e, m, 0, &gated));
        problem_free(&gated);
        /* GOV-7: a pending appeal holds the matches that depend on it until decided or
         * released by the TD */
        if (closed || op_appeal_holding(&holds, m, people[k], have ? &e : NULL))
            continue;
        /* KO-1: the event's priority (the TD's, higher first) decides; among equal
         * priorities Championship and Intermediate flights go first */
        int ev_priority = have ? e.priority : 0, flight = 1;
        if (have && e.kind == EK_KNOCKOUT)
            flight = tables_flight_priority(e.settings.ko.flight);
        int priority = tables_priority(ev_priority, flight);
        ready[nr].match_id = m->id;
        ready[nr].priority = priority;
        ready[nr].ready_ms = m->updated_ms;
        ready[nr].round = m->round;
        ready[nr].fixed = m->table[0] ? m->table : NULL;
        cand[nr] = people[k];
        nr++;
    }
    /* a player with two ready matches plays the one that comes first; the other waits */
    struct ready_cand *rc_ord = calloc((size_t)nr + 1, sizeof *rc_ord);
    if (!rc_ord)
        rc = CW_EDB;
    for (int i = 0; rc == CW_OK && i < nr; i++)
        rc_ord[i] = (struct ready_cand){ready[i], cand[i]};
    if (rc == CW_OK)
        qsort(rc_ord, (size_t)nr, sizeof *rc_ord, cmp_ready_cand);
    int kept = 0, ns = 0;
    for (int i = 0; rc == CW_OK && i < nr; i++) {
        int taken = -1;
        for (int j = 0; j < kept && taken < 0; j++)
            if (share_people(cand[j], rc_ord[i].people))
                taken = j;
        if (taken >= 0) {
            if (shared) {
                shared[ns++] = rc_ord[i].r.match_id;
                shared[ns++] = ready[taken].match_id;
                shared[ns] = 0;
            }
            continue;
        }
        ready[kept] = rc_ord[i].r;
        cand[kept] = rc_ord[i].people;
        kept++;
    }
    if (rc == CW_OK)
        *nready = kept;
    free(rc_ord);
    free(cand);
    free(people);
    op_appeal_holds_free(&holds);
    return rc;
}

int op_tables_assign(const struct op *o, const struct tournament *t, int *assigned, int *waiting,
                     json_t **calls, struct problem *pb)
{
    struct db *db = o->db;
    struct match *ms = NULL;
    int n = 0;
    int rc = db_match_list(db, t->id, 0, &ms, &n);
    json_t *tables = json_loads(t->tables[0] ? t->tables : "[]", 0, NULL);
    size_t nt = json_array_size(tables);
    const char **free_tables = calloc(nt + 1, sizeof *free_tables);
    struct tables_ready *ready = calloc((size_t)n + 1, sizeof *ready);
    struct tables_assignment *out = calloc((size_t)n + 1, sizeof *out);
    const char **busy = calloc((size_t)n + 1, sizeof *busy);
    int nfree = 0, nready = 0, nbusy = 0;
    if (!free_tables || !ready || !out || !busy)
        rc = CW_EDB;
    /* every table held, listed or not (KO-9: from the call until the match is decided, a
     * reported or disputed match too): a match fixed to one waits for it */
    for (int k = 0; rc == CW_OK && k < n; k++)
        if (match_holds_table(&ms[k]))
            busy[nbusy++] = ms[k].table;
    /* the free tables: the listed ones no match holds (busy, above) */
    for (size_t i = 0; rc == CW_OK && i < nt; i++) {
        const char *label = json_string_value(json_array_get(tables, i));
        int in_use = 0;
        for (int k = 0; k < nbusy && !in_use; k++)
            in_use = !strcmp(busy[k], label);
        if (!in_use)
            free_tables[nfree++] = label;
    }
    if (rc == CW_OK)
        rc = op_tables_ready(o, t, ms, n, ready, &nready, NULL);
    *assigned =
        rc == CW_OK ? tables_assign(ready, nready, free_tables, nfree, busy, nbusy, out) : 0;
    json_t *list = json_array();
    for (int i = 0; rc == CW_OK && i < nready; i++) {
        if (!out[i].table)
            continue;
        struct match m;
        rc = db_match_get(db, t->id, out[i].match_id, &m);
        if (rc != CW_OK)
            break;
        json_t *before = op_match_record_json(&m);
        snprintf(m.table, sizeof m.table, "%s", out[i].table);
        /* a called match without a table (postponed, PEN-1) keeps its call's time */
        if (m.state != MS_CALLED)
            rc = op_match_set_state(db, &m, MS_CALLED, o->now_ms, o->who.actor);
        if (rc == CW_OK)
            rc = op_match_save(o, &m, before, "match.call");
        if (rc == CW_OK)
            json_array_append_new(
                list, json_pack("{s:I, s:s}", "match_id", (json_int_t)m.id, "table", m.table));
    }
    free(ms);
    free(free_tables);
    free(busy);
    free(ready);
    free(out);
    json_decref(tables);
    if (rc != CW_OK) {
        json_decref(list);
        problem_internal(pb, "assigning tables");
        return -1;
    }
    *waiting = nready - *assigned;
    *calls = list;
    return 0;
}
