/* The TD's decisions about entries (GOV-4); see entries.h. */
#include "ops/entries/entries.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/utf8.h"
#include "ops/frame/record.h"
#include "ops/people/players.h"
#include "ops/records/event.h"
#include "ops/records/load.h"
#include "tourney/flights.h"

static const char *const decision_names[] = {"approved", "refused", "moved_up"};

json_t *op_entry_decision_json(const struct entry_decision *d)
{
    json_t *j = json_pack("{s:I, s:I, s:s, s:s, s:s, s:o}", "id", (json_int_t)d->id, "player_id",
                          (json_int_t)d->player_id, "decision", d->decision, "reason", d->reason,
                          "official", d->official, "at", op_time_json(d->created_ms));
    if (j && d->from_event)
        json_object_set_new(j, "from_event", json_integer(d->from_event));
    if (j && d->to_event)
        json_object_set_new(j, "to_event", json_integer(d->to_event));
    return j;
}

static int gov4(struct problem *pb, int status, const char *slug, const char *field,
                const char *detail)
{
    problem_set(pb, status, slug, "Entry decision refused", "%s (GOV-4)", detail);
    json_object_set_new(pb->json, "rule", json_string("GOV-4"));
    problem_field(pb, field, "%s (GOV-4)", detail);
    return -1;
}

/* Approve or refuse: the entry's state before says whether the decision is taken. */
static int check_state(const struct entry_in *in, const struct player *p, struct problem *pb)
{
    if (in->act == EA_APPROVE && !strcmp(p->entry, "accepted"))
        return gov4(pb, 409, "entry-accepted", "player_id", "the entry is accepted already");
    if (in->act == EA_REFUSE && !strcmp(p->entry, "refused"))
        return gov4(pb, 409, "entry-refused", "player_id", "the entry is refused already");
    return 0;
}

/* A refused player leaves the events not started; one under way refuses the refusal (the
 * TD withdraws or disqualifies a player who plays). */
static int leave_events(const struct op *o, const struct player *p, int dry, struct problem *pb)
{
    struct player_event *es;
    int n, rc = db_player_events(o->db, p->id, &es, &n);
    for (int i = 0; rc == CW_OK && i < n; i++) {
        if (dry && !es[i].open) {
            free(es);
            return gov4(pb, 409, "entry-in-play", "player_id",
                        "the player is in an event under way: withdraw or disqualify them "
                        "instead");
        }
        if (dry)
            continue;
        struct event e;
        rc = db_event_get(o->db, p->tournament_id, es[i].event_id, &e);
        json_t *before = rc == CW_OK ? op_event_json(o->db, &e) : NULL;
        if (rc == CW_OK)
            rc = db_entry_remove(o->db, e.id, p->id);
        if (rc == CW_OK)
            rc = op_event_save(o, &e, before, "event.entry_remove");
        else
            json_decref(before);
    }
    free(es);
    if (rc != CW_OK) {
        problem_internal(pb, "taking the refused player out of their events");
        return -1;
    }
    return 0;
}

/* A move up's event, named by field: a knockout of the tournament not started. */
static int flight_event(const struct op *o, int64_t tid, int64_t eid, const char *field,
                        struct event *e, struct problem *pb)
{
    int rc = db_event_get(o->db, tid, eid, e);
    if (rc == CW_ENOTFOUND) {
        problem_field(pb, field, "is no event of this tournament");
        return -1;
    }
    if (rc != CW_OK) {
        problem_internal(pb, "reading the event");
        return -1;
    }
    if (e->kind != EK_KNOCKOUT) {
        problem_field(pb, field, "is not a knockout: a flight is a knockout event (KO-1)");
        return -1;
    }
    if (e->state != ES_OPEN)
        return gov4(pb, 409, "event-started", field,
                    "the event has started: a player moves between flights before the draw");
    return 0;
}

static int check_move(const struct op *o, const struct player *p, const struct entry_in *in,
                      struct event *from, struct event *to, struct problem *pb)
{
    if (op_entry_accepted(p, "player_id", pb))
        return -1;
    if (flight_event(o, p->tournament_id, in->from_event, "from_event", from, pb) ||
        flight_event(o, p->tournament_id, in->to_event, "to_event", to, pb))
        return -1;
    if (to->settings.ko.feeds_from)
        return gov4(pb, 409, "fed-event", "to_event",
                    "the event takes its entrants from the one that feeds it (KO-5)");
    if (flight_rank(to->settings.ko.flight) <= flight_rank(from->settings.ko.flight))
        return gov4(pb, 409, "not-higher-flight", "to_event",
                    "the event's flight is not higher than the one the player leaves");
    return 0;
}

static int move(const struct op *o, const struct player *p, struct event *from, struct event *to,
                struct problem *pb)
{
    json_t *bf = op_event_json(o->db, from), *bt = op_event_json(o->db, to);
    int rc = db_entry_remove(o->db, from->id, p->id);
    if (rc == CW_ENOTFOUND) {
        json_decref(bf);
        json_decref(bt);
        return gov4(pb, 409, "not-entered", "from_event", "the player is not entered in it");
    }
    if (rc == CW_OK)
        rc = db_entry_add(o->db, to->id, p->id, o->now_ms);
    if (rc == CW_ECONFLICT) {
        json_decref(bf);
        json_decref(bt);
        return gov4(pb, 409, "duplicate-entry", "to_event", "the player is entered in it already");
    }
    if (rc == CW_OK) {
        rc = op_event_save(o, from, bf, "event.entry_moved_up");
        bf = NULL;
    }
    if (rc == CW_OK) {
        rc = op_event_save(o, to, bt, "event.entry_moved_up");
        bt = NULL;
    }
    json_decref(bf);
    json_decref(bt);
    if (rc != CW_OK) {
        problem_internal(pb, "moving the player up");
        return -1;
    }
    return 0;
}

int op_entry_decide(const struct op *o, int64_t tid, int64_t pid, const struct entry_in *in,
                    struct player *p, struct entry_decision *d, struct problem *pb)
{
    if (op_player_load(o, tid, pid, p, pb))
        return -1;
    struct event from, to;
    if (in->act != EA_MOVE_UP ? check_state(in, p, pb) : check_move(o, p, in, &from, &to, pb))
        return -1;
    if (in->act == EA_REFUSE && leave_events(o, p, 1, pb))
        return -1;
    json_t *before = op_player_json(p, 0);
    int rc = CW_OK;
    if (in->act == EA_MOVE_UP) {
        if (move(o, p, &from, &to, pb)) {
            json_decref(before);
            return -1;
        }
        /* the player's flight (the register's, issue 34) is the one they now play in */
        if (to.settings.ko.flight[0]) {
            cw_utf8_copy(p->flight, sizeof p->flight, to.settings.ko.flight);
            rc = db_player_update(o->db, p, o->now_ms);
        }
    } else {
        if (in->act == EA_REFUSE && leave_events(o, p, 0, pb)) {
            json_decref(before);
            return -1;
        }
        snprintf(p->entry, sizeof p->entry, "%s", in->act == EA_APPROVE ? "accepted" : "refused");
        rc = db_player_update(o->db, p, o->now_ms);
    }
    memset(d, 0, sizeof *d);
    d->tournament_id = tid;
    d->player_id = pid;
    snprintf(d->decision, sizeof d->decision, "%s", decision_names[in->act]);
    snprintf(d->reason, sizeof d->reason, "%s", in->reason ? in->reason : "");
    d->from_event = in->act == EA_MOVE_UP ? from.id : 0;
    d->to_event = in->act == EA_MOVE_UP ? to.id : 0;
    snprintf(d->official, sizeof d->official, "%s", o->who.actor);
    d->created_ms = o->now_ms;
    if (rc == CW_OK)
        rc = db_entry_decision_insert(o->db, d);
    /* the audit row (the TD's) keeps the reason; the stream entry, which anyone may read,
     * carries the record alone */
    char action[40];
    snprintf(action, sizeof action, "player.entry_%s", d->decision);
    json_t *after = op_player_json(p, 0);
    if (after)
        json_object_set_new(after, "entry_decision", op_entry_decision_json(d));
    if (rc == CW_OK)
        rc = op_audit_change(o, tid, action, "player", pid, before, after);
    else {
        json_decref(before);
        json_decref(after);
    }
    if (rc == CW_OK)
        rc = op_emit(o->db, tid, o->now_ms, action,
                     json_pack("{s:o}", "player", op_player_json(p, 0)));
    if (rc != CW_OK) {
        problem_internal(pb, "recording the entry decision");
        return -1;
    }
    return 0;
}

json_t *op_entries_json(const struct op *o, int64_t tid, struct problem *pb)
{
    struct tournament t;
    struct player *ps = NULL;
    int n = 0;
    if (op_players_load(o, tid, &t, &ps, &n, pb))
        return NULL;
    struct entry_decision *ds = NULL;
    int nd = 0;
    if (db_entry_decisions(o->db, tid, &ds, &nd) != CW_OK) {
        free(ps);
        problem_internal(pb, "reading the entry decisions");
        return NULL;
    }
    json_t *pending = json_array(), *decisions = json_array();
    for (int i = 0; i < n; i++)
        if (!strcmp(ps[i].entry, "pending"))
            json_array_append_new(pending, op_player_json(&ps[i], 0));
    for (int i = 0; i < nd; i++)
        json_array_append_new(decisions, op_entry_decision_json(&ds[i]));
    free(ps);
    free(ds);
    return json_pack("{s:I, s:b, s:o, s:o}", "tournament_id", (json_int_t)tid,
                     "entries_need_approval", t.entries_need_approval, "pending", pending,
                     "decisions", decisions);
}
