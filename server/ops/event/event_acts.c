/* What the TD does to a tournament's events (competitions) and their entries: an event
 * created (a fed Consolation or Last Chance checked against its feeding knockout), renamed,
 * given a table priority or a new late-entry deadline (KO-4); a player entered or taken
 * out before the start. Each in the caller's transaction frame; the routes are
 * api/api_events.c, which check the kind's settings before. */
#include "ops/event/event_acts.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/utf8.h"
#include "ops/people/players.h"
#include "ops/records/event.h"
#include "store/store.h"
#include "tourney/knockout.h"

int op_event_create(const struct op *o, struct event *e, struct problem *pb)
{
    struct db *db = o->db;
    struct tournament t;
    int rc = db_tournament_get(db, e->tournament_id, &t);
    if (rc == CW_ENOTFOUND) {
        return op_no_tournament(pb, e->tournament_id);
    }
    /* KO-5/KO-6: a Consolation or Last Chance is fed by a knockout of the same tournament */
    int64_t feeds_from = e->kind == EK_KNOCKOUT ? e->settings.ko.feeds_from : 0;
    if (rc == CW_OK && feeds_from) {
        struct event f;
        int frc = db_event_get(db, e->tournament_id, feeds_from, &f);
        if (frc == CW_ENOTFOUND || (frc == CW_OK && f.kind != EK_KNOCKOUT)) {
            problem_set(pb, 422, "validation", "Cannot be fed from there",
                        "Event %lld is not a knockout of this tournament.", (long long)feeds_from);
            problem_field(pb, "knockout.feeds_from", "is not a knockout of this tournament");
            return -1;
        }
        rc = frc;
    }
    if (rc == CW_OK)
        rc = db_event_insert(db, e, o->now_ms);
    if (rc == CW_OK)
        rc = op_event_save(o, e, NULL, "event.create");
    if (rc != CW_OK) {
        problem_internal(pb, "creating the event");
        return -1;
    }
    return 0;
}

int op_event_update(const struct op *o, struct event *e, const struct event_update_in *in,
                    struct problem *pb)
{
    struct db *db = o->db;
    json_t *before = op_event_json(db, e);
    if (in->name)
        cw_utf8_copy(e->name, sizeof e->name, in->name);
    if (in->has_priority)
        e->priority = in->priority;
    int rc = CW_OK;
    if (in->has_deadline) {
        /* the kind's late entry (a knockout's, a Davis Cup knockout of teams'), if any */
        struct late_entry *le =
            event_kind_of(e->kind)->late ? event_kind_of(e->kind)->late(&e->settings) : NULL;
        int late = le ? le->places : 0;
        struct ko_bracket b;
        int drawn = late ? db_ko_load(db, e->id, &b) : CW_ENOTFOUND;
        const char *why = !late ? "has no late places"
                          : drawn == CW_OK && (b.late_closed || b.late_filled >= b.n_late)
                              ? "has closed late entry"
                              : NULL;
        if (why) {
            if (drawn == CW_OK)
                ko_bracket_free(&b);
            json_decref(before);
            problem_set(pb, 409, "late-closed", "No late entry to move",
                        "%s %s: there is no deadline to set (KO-4).", e->name, why);
            return -1;
        }
        le->given |= LATE_GIVEN_DEADLINE;
        le->deadline_ms = in->deadline ? in->deadline_ms : 0;
        snprintf(le->deadline, sizeof le->deadline, "%s", in->deadline ? in->deadline : "");
        if (drawn == CW_OK) {
            b.late_deadline_ms = in->deadline_ms;
            if (rc == CW_OK)
                rc = db_ko_update(db, e->id, &b);
            ko_bracket_free(&b);
        } else if (drawn != CW_ENOTFOUND) {
            rc = drawn;
        }
    }
    if (rc == CW_OK)
        rc = op_event_save(o, e, before, "event.update");
    else
        json_decref(before);
    if (rc != CW_OK) {
        problem_internal(pb, "updating the event");
        return -1;
    }
    return 0;
}

/* late: a late entry of an event that takes them while running (a Swiss, SWISS-1). */
static int entry_add(const struct op *o, struct event *e, int64_t pid, int late, struct problem *pb)
{
    struct db *db = o->db;
    if (e->kind == EK_DAVIS) {
        /* DAVIS-1: a pair, registered together; a lone entry would bypass the team rules */
        problem_set(pb, 409, "davis-teams", "Players enter a Davis Cup event as teams",
                    "Players enter a Davis Cup event as teams: POST "
                    "/api/v1/tournaments/%lld/competitions/%lld/davis/teams with the team's name, "
                    "player1 and player2 (DAVIS-1).",
                    (long long)e->tournament_id, (long long)e->id);
        return -1;
    }
    json_t *before = op_event_json(db, e);
    struct player p;
    int rc = db_player_get(db, e->tournament_id, pid, &p);
    const char *why = NULL;
    if (rc == CW_ENOTFOUND)
        why = "is not a player of this tournament";
    else if (rc == CW_OK && !strcmp(p.status, "withdrawn"))
        why = "has withdrawn from the tournament";
    if (why) {
        json_decref(before);
        problem_set(pb, 422, "validation", "Cannot enter this player", "Player %lld %s.",
                    (long long)pid, why);
        problem_field(pb, "player_id", "%s", why);
        return -1;
    }
    if (rc == CW_OK && op_entry_accepted(&p, "player_id", pb)) {
        json_decref(before);
        return -1;
    }
    if (rc == CW_OK && e->state != ES_OPEN && !late) {
        json_decref(before);
        problem_set(pb, 409, "event-started", "Entries are closed",
                    "%s has started; new entries are no longer taken%s.", e->name,
                    e->kind == EK_KNOCKOUT ? " (a late arrival takes a late place)" : "");
        problem_field(pb, "player_id", "cannot enter %s: it has started", e->name);
        return -1;
    }
    if (rc == CW_OK && e->kind == EK_KNOCKOUT && e->settings.ko.feeds_from) {
        json_decref(before);
        problem_set(pb, 409, "fed-event", "Entries come from the event that feeds it",
                    "%s takes its entrants from the losers of the event that feeds it (KO-5).",
                    e->name);
        problem_field(pb, "player_id",
                      "cannot enter %s: its entrants come from the event "
                      "that feeds it",
                      e->name);
        return -1;
    }
    if (rc == CW_OK)
        rc = db_entry_add(db, e->id, pid, o->now_ms);
    if (rc == CW_ECONFLICT) {
        json_decref(before);
        problem_set(pb, 409, "duplicate-entry", "Already entered", "%s is already entered in %s.",
                    p.name, e->name);
        problem_field(pb, "player_id", "is already entered in %s", e->name);
        return -1;
    }
    if (rc == CW_OK)
        rc = op_event_save(o, e, before, "event.entry_add");
    else
        json_decref(before);
    if (rc != CW_OK) {
        problem_internal(pb, "entering the player");
        return -1;
    }
    return 0;
}

int op_entry_add(const struct op *o, struct event *e, int64_t pid, struct problem *pb)
{
    return entry_add(o, e, pid, 0, pb);
}

int op_entry_add_late(const struct op *o, struct event *e, int64_t pid, struct problem *pb)
{
    return entry_add(o, e, pid, 1, pb);
}

int op_entry_remove(const struct op *o, struct event *e, int64_t pid, struct problem *pb)
{
    struct db *db = o->db;
    if (e->state != ES_OPEN) {
        problem_set(pb, 409, "event-started", "Entries are closed",
                    "%s has started; a player leaves it by withdrawing.", e->name);
        return -1;
    }
    json_t *before = op_event_json(db, e);
    int rc = db_entry_remove(db, e->id, pid);
    if (rc == CW_ENOTFOUND) {
        json_decref(before);
        problem_set(pb, 404, "not-found", "No such entry", "Player %lld is not entered in %s.",
                    (long long)pid, e->name);
        return -1;
    }
    if (rc == CW_OK)
        rc = op_event_save(o, e, before, "event.entry_remove");
    else
        json_decref(before);
    if (rc != CW_OK) {
        problem_internal(pb, "removing the entry");
        return -1;
    }
    return 0;
}
