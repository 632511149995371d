/* A player's record as the TD changes it: registered (never twice: the same name and
 * country, or the same federation id), edited, checked in or not, withdrawn or reinstated,
 * given a new PIN; each audited and told to the stream; and the record's JSON. PINs are
 * never in the audit log or the stream. The routes are api/api_players.c, in their
 * transaction. */
#include "ops/people/players.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/secret.h"
#include "common/utf8.h"
#include "ops/people/deciders.h"
#include "ops/frame/record.h"

json_t *op_player_json(const struct player *p, int with_pin)
{
    json_t *j = json_pack(
        "{s:I, s:I, s:s, s:s, s:o, s:s, s:s, s:b, s:o, s:o, s:o, s:o}", "id", (json_int_t)p->id,
        "tournament_id", (json_int_t)p->tournament_id, "name", p->name, "country", p->country,
        "rating", p->has_rating ? json_real(p->rating) : json_null(), "federation_id",
        p->federation_id, "status", p->status, "checked_in", p->checked_in_ms != 0, "checked_in_at",
        op_time_json(p->checked_in_ms), "withdrawn_at", op_time_json(p->withdrawn_ms), "created_at",
        op_time_json(p->created_ms), "updated_at", op_time_json(p->updated_ms));
    if (j)
        json_object_set_new(j, "club", json_string(p->club));
    /* RAT-1's experience and the flight; never the email (personal data: only the TD's
     * own export, ops/ratings/export.c, writes it) */
    if (j)
        json_object_set_new(j, "experience", json_integer(p->experience));
    if (j)
        json_object_set_new(j, "flight", json_string(p->flight));
    if (j)
        json_object_set_new(j, "official_id",
                            p->official_id ? json_integer(p->official_id) : json_null());
    /* GOV-4: the entry's state alone; the TD's reason is never in a player's record */
    if (j)
        json_object_set_new(j, "entry", json_string(p->entry[0] ? p->entry : "accepted"));
    if (j && with_pin)
        json_object_set_new(j, "pin", json_string(p->pin));
    return j;
}

void op_entry_registered(const struct tournament *t, struct player *p)
{
    snprintf(p->entry, sizeof p->entry, "%s", t->entries_need_approval ? "pending" : "accepted");
}

int op_entry_accepted(const struct player *p, const char *field, struct problem *pb)
{
    if (!p->entry[0] || !strcmp(p->entry, "accepted"))
        return 0;
    int pending = !strcmp(p->entry, "pending");
    problem_set(pb, 409, pending ? "entry-pending" : "entry-refused",
                pending ? "Entry not approved yet" : "Entry refused",
                pending ? "%s's entry waits for the TD's approval (GOV-4)."
                        : "%s's entry was refused by the TD (GOV-4).",
                p->name);
    json_object_set_new(pb->json, "rule", json_string("GOV-4"));
    problem_field(pb, field, pending ? "the entry waits for the TD's approval (GOV-4)"
                                     : "the entry was refused (GOV-4)");
    return -1;
}

void op_player_apply(struct player *p, const struct player_in *in)
{
    if (in->name)
        cw_utf8_copy(p->name, sizeof p->name, in->name);
    if (in->country)
        cw_utf8_copy(p->country, sizeof p->country, in->country);
    if (in->federation_id)
        cw_utf8_copy(p->federation_id, sizeof p->federation_id, in->federation_id);
    if (in->club)
        cw_utf8_copy(p->club, sizeof p->club, in->club);
    if (in->rating == PI_RATING) {
        p->has_rating = 1;
        p->rating = in->rating_value;
    } else if (in->rating == PI_NO_RATING) {
        p->has_rating = 0;
        p->rating = 0;
    }
    if (in->experience >= 0)
        p->experience = in->experience;
    if (in->email)
        cw_utf8_copy(p->email, sizeof p->email, in->email);
    if (in->flight)
        cw_utf8_copy(p->flight, sizeof p->flight, in->flight);
    if (in->official == PO_SET)
        p->official_id = in->official_id;
    else if (in->official == PO_NONE)
        p->official_id = 0;
}

/* 0 when the player's official (if any) is one not removed; otherwise a 422 naming
 * official_id in pb. */
static int check_official(struct db *db, const struct player *p, struct problem *pb)
{
    if (!p->official_id)
        return 0;
    struct official w;
    int rc = db_official_get(db, p->official_id, &w);
    if (rc == CW_OK && strcmp(w.status, "removed"))
        return 0;
    if (rc != CW_OK && rc != CW_ENOTFOUND) {
        problem_internal(pb, "reading the official");
        return -1;
    }
    problem_field(pb, "official_id", "is no official (there is no official %lld)",
                  (long long)p->official_id);
    return -1;
}

/* 0 when the person is not registered twice; otherwise a 409 in pb. */
static int check_duplicate(struct db *db, const struct player *p, struct problem *pb)
{
    int64_t same = db_player_find_same(db, p->tournament_id, p->name, p->country, p->id);
    if (same < 0) {
        problem_internal(pb, "looking for duplicate players");
        return -1;
    }
    if (same > 0) {
        problem_set(pb, 409, "duplicate-player", "Player already registered",
                    "%s%s%s is already registered in this tournament as player %lld.", p->name,
                    p->country[0] ? " of " : "", p->country, (long long)same);
        return -1;
    }
    return 0;
}

static void conflict_federation(struct problem *pb, const struct player *p)
{
    problem_set(pb, 409, "duplicate-player", "Federation id already registered",
                "Federation id %s is already registered in this tournament.", p->federation_id);
    problem_field(pb, "federation_id", "is already registered in this tournament");
}

int op_player_register(const struct op *o, struct player *p, struct problem *pb)
{
    struct db *db = o->db;
    struct tournament t;
    int rc = db_tournament_get(db, p->tournament_id, &t);
    if (rc == CW_ENOTFOUND) {
        return op_no_tournament(pb, p->tournament_id);
    }
    if (rc == CW_OK && (op_link_check(o, 0, p->official_id, pb) || check_official(db, p, pb) ||
                        check_duplicate(db, p, pb)))
        return -1;
    if (rc == CW_OK)
        op_entry_registered(&t, p);
    if (rc == CW_OK)
        rc = db_player_insert(db, p, o->now_ms);
    if (rc == CW_ECONFLICT) {
        conflict_federation(pb, p);
        return -1;
    }
    if (rc == CW_OK)
        rc = op_audit_change(o, t.id, "player.register", "player", p->id, NULL,
                             op_player_json(p, 0));
    if (rc == CW_OK)
        rc = op_emit(db, t.id, o->now_ms, "player.register",
                     json_pack("{s:o}", "player", op_player_json(p, 0)));
    if (rc != CW_OK) {
        problem_internal(pb, "registering the player");
        return -1;
    }
    return 0;
}

/* The change itself, between reading and writing the record: 0, or -1 with a 409. */
static int change(const struct op *o, enum player_act act, const struct player_in *in,
                  struct player *p, struct problem *pb)
{
    switch (act) {
    case PA_EDIT: {
        int64_t linked = p->official_id;
        op_player_apply(p, in);
        return op_link_check(o, linked, p->official_id, pb) || check_official(o->db, p, pb) ||
                       check_duplicate(o->db, p, pb)
                   ? -1
                   : 0;
    }
    case PA_CHECK_IN:
        if (!strcmp(p->status, "withdrawn")) {
            problem_set(pb, 409, "player-withdrawn", "Player withdrawn",
                        "%s has withdrawn and cannot check in; reinstate them first.", p->name);
            return -1;
        }
        if (p->checked_in_ms) {
            problem_set(pb, 409, "already-checked-in", "Already checked in",
                        "%s is already checked in.", p->name);
            return -1;
        }
        p->checked_in_ms = o->now_ms;
        return 0;
    case PA_UNDO_CHECK_IN:
        if (!p->checked_in_ms) {
            problem_set(pb, 409, "not-checked-in", "Not checked in", "%s is not checked in.",
                        p->name);
            return -1;
        }
        p->checked_in_ms = 0;
        return 0;
    case PA_WITHDRAW:
        if (!strcmp(p->status, "withdrawn")) {
            problem_set(pb, 409, "player-withdrawn", "Already withdrawn",
                        "%s has already withdrawn.", p->name);
            return -1;
        }
        strcpy(p->status, "withdrawn");
        p->withdrawn_ms = o->now_ms;
        return 0;
    case PA_REINSTATE:
        if (strcmp(p->status, "withdrawn")) {
            problem_set(pb, 409, "not-withdrawn", "Not withdrawn", "%s has not withdrawn.",
                        p->name);
            return -1;
        }
        strcpy(p->status, "registered");
        p->withdrawn_ms = 0;
        return check_duplicate(o->db, p, pb);
    case PA_NEW_PIN: {
        char pin[CW_PIN_DIGITS + 1];
        do
            cw_pin_new(pin);
        while (!strcmp(pin, p->pin));
        memcpy(p->pin, pin, sizeof pin);
        /* whoever logged in with the old PIN is logged out */
        if (db_player_sessions_delete(o->db, p->id, NULL)) {
            problem_internal(pb, "ending the player's sessions");
            return -1;
        }
        return 0;
    }
    }
    return 0;
}

int op_player_change(const struct op *o, int64_t tid, int64_t pid, const char *action,
                     enum player_act act, const struct player_in *in, struct problem *invalid,
                     struct player *p, struct problem *pb)
{
    struct db *db = o->db;
    int rc = db_player_get(db, tid, pid, p);
    if (rc == CW_OK && invalid && invalid->json) {
        /* the request's own problem, once the player is known to exist */
        *pb = *invalid;
        invalid->json = NULL;
        invalid->status = 0;
        return -1;
    }
    if (invalid)
        problem_free(invalid);
    if (rc == CW_ENOTFOUND)
        return op_no_player(pb, tid, pid);
    if (rc != CW_OK) {
        problem_internal(pb, "reading the player");
        return -1;
    }
    json_t *before = op_player_json(p, 0);
    if (change(o, act, in, p, pb)) {
        json_decref(before);
        return -1;
    }
    rc = db_player_update(db, p, o->now_ms);
    if (rc == CW_ECONFLICT) {
        json_decref(before);
        conflict_federation(pb, p);
        return -1;
    }
    if (rc == CW_OK)
        rc = op_audit_change(o, p->tournament_id, action, "player", p->id, before,
                             op_player_json(p, 0));
    else
        json_decref(before);
    if (rc == CW_OK)
        rc = op_emit(db, p->tournament_id, o->now_ms, action,
                     json_pack("{s:o}", "player", op_player_json(p, 0)));
    if (rc != CW_OK) {
        problem_internal(pb, "updating the player");
        return -1;
    }
    return 0;
}

int op_pins_read(const struct op *o, int64_t tid, int64_t pid, struct player *p,
                 struct tournament *t, struct player **ps, int *n, struct problem *pb)
{
    int rc;
    if (pid) {
        rc = db_player_get(o->db, tid, pid, p);
        if (rc == CW_ENOTFOUND)
            return op_no_player(pb, tid, pid);
        if (rc == CW_OK)
            rc = db_audit(o->db, tid, o->now_ms, o->who.actor, "player.pin_read", "player", pid,
                          NULL, NULL);
    } else {
        *ps = NULL;
        *n = 0;
        rc = db_tournament_get(o->db, tid, t);
        if (rc == CW_ENOTFOUND)
            return op_no_tournament(pb, tid);
        if (rc == CW_OK)
            rc = db_player_list(o->db, tid, ps, n);
        if (rc == CW_OK)
            rc = db_audit(o->db, tid, o->now_ms, o->who.actor, "players.cards_printed",
                          "tournament", tid, NULL, NULL);
        if (rc != CW_OK) {
            free(*ps);
            *ps = NULL;
        }
    }
    if (rc != CW_OK) {
        problem_internal(pb, "recording who read the PIN");
        return -1;
    }
    return 0;
}
