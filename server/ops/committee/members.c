/* The Tournament Committee (GOV-2, 003 1.3 ii, 5.1, 5.2; 000 "Comitato"): its form (a
 * standing committee of three to five named at the start, with reserves, or one seated per
 * appeal, of three or five), its members (players or not: a member who is not a player
 * gets a PIN to vote from a phone, as a player's card), the names posted for anyone, and
 * the panel of a case, where a member who is a party is replaced by a reserve. An official
 * of the tournament never sits on it. */
#include "ops/committee/committee.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common/secret.h"
#include "ops/frame/record.h"
#include "ops/people/access.h"
#include "store/store.h"

json_t *op_member_json(const struct member_row *m)
{
    return json_pack("{s:I, s:s, s:o, s:b, s:b}", "id", (json_int_t)m->id, "name", m->name,
                     "player_id", m->player_id ? json_integer(m->player_id) : json_null(),
                     "reserve", m->reserve, "has_pin", m->pin[0] != 0);
}

json_t *op_committee_json(struct db *db, int64_t tid)
{
    struct committee_settings s;
    struct member_row *ms = NULL;
    int n = 0;
    if (db_committee_settings(db, tid, &s) != CW_OK ||
        db_committee_members(db, tid, &ms, &n) != CW_OK)
        return NULL;
    json_t *members = json_array(), *reserves = json_array();
    for (int i = 0; i < n; i++)
        json_array_append_new(ms[i].reserve ? reserves : members, op_member_json(&ms[i]));
    free(ms);
    return json_pack("{s:I, s:s, s:i, s:o, s:o}", "tournament_id", (json_int_t)tid, "form", s.form,
                     "appeal_window_minutes", s.window_min, "members", members, "reserves",
                     reserves);
}

/* The change's audit row, the tournament's revision and the stream's `committee` entry. */
static int told(const struct op *o, int64_t tid, const char *action, int64_t id, json_t *after,
                struct problem *pb)
{
    json_t *now = op_committee_json(o->db, tid);
    int rc = now ? op_audit_change(o, tid, action, "committee", id, NULL, after) : -1;
    if (!now)
        json_decref(after);
    if (!rc)
        rc = db_tournament_touch(o->db, tid, o->now_ms);
    if (!rc)
        rc = op_emit(o->db, tid, o->now_ms, "committee", now);
    else
        json_decref(now);
    if (rc)
        problem_internal(pb, "recording the Committee");
    return rc ? -1 : 0;
}

static int tournament_known(const struct op *o, int64_t tid, struct problem *pb)
{
    struct tournament t;
    int rc = db_tournament_get(o->db, tid, &t);
    if (rc == CW_ENOTFOUND)
        problem_set(pb, 404, "not-found", "No such tournament", "Tournament %lld does not exist.",
                    (long long)tid);
    else if (rc != CW_OK)
        problem_internal(pb, "reading the tournament");
    return rc == CW_OK ? 0 : -1;
}

int op_committee_set(const struct op *o, int64_t tid, const struct committee_settings *s,
                     struct problem *pb)
{
    if (tournament_known(o, tid, pb))
        return -1;
    if (db_committee_settings_put(o->db, tid, s, o->now_ms) != CW_OK) {
        problem_internal(pb, "storing the Committee's form");
        return -1;
    }
    return told(o, tid, "committee.form", tid,
                json_pack("{s:s, s:i}", "form", s->form, "appeal_window_minutes", s->window_min),
                pb);
}

static int refuse_gov2(struct problem *pb, int status, const char *type, const char *field,
                       const char *detail)
{
    problem_set(pb, status, type, "Not on the Committee", "%s", detail);
    json_object_set_new(pb->json, "rule", json_string("GOV-2"));
    if (field)
        problem_field(pb, field, "%s", detail);
    return -1;
}

/* GOV-2: a TD connected with the tournament cannot sit: an official's name, or a player
 * linked to an official. 1 (an official), 0, -1 (the database). */
static int is_official(struct db *db, const char *name, const struct player *p)
{
    if (p && p->official_id)
        return 1;
    struct official *all = NULL;
    int n = 0, found = 0;
    if (db_officials_list(db, &all, &n) != CW_OK)
        return -1;
    for (int i = 0; i < n && !found; i++)
        found = strcmp(all[i].status, "removed") && !strcasecmp(all[i].name, name);
    free(all);
    return found;
}

int op_committee_member_add(const struct op *o, int64_t tid, const struct member_in *in,
                            struct member_row *out, struct problem *pb)
{
    if (tournament_known(o, tid, pb))
        return -1;
    memset(out, 0, sizeof *out);
    out->tournament_id = tid;
    out->reserve = in->reserve;
    out->created_ms = o->now_ms;
    struct player p;
    if (in->player_id) {
        int rc = db_player_get(o->db, tid, in->player_id, &p);
        if (rc == CW_ENOTFOUND) {
            problem_set(pb, 422, "validation", "No such player",
                        "Player %lld is not one of tournament %lld.", (long long)in->player_id,
                        (long long)tid);
            problem_field(pb, "player_id", "is not a player of this tournament");
            return -1;
        }
        if (rc != CW_OK) {
            problem_internal(pb, "reading the player");
            return -1;
        }
        out->player_id = p.id;
        snprintf(out->name, sizeof out->name, "%s", p.name);
    } else {
        snprintf(out->name, sizeof out->name, "%s", in->name);
        cw_pin_new(out->pin);
    }
    int official = is_official(o->db, out->name, in->player_id ? &p : NULL);
    if (official < 0) {
        problem_internal(pb, "reading the officials");
        return -1;
    }
    if (official)
        return refuse_gov2(pb, 409, "official-on-committee", in->player_id ? "player_id" : "name",
                           "An official of the tournament never sits on the Tournament "
                           "Committee (GOV-2, 003 1.3 ii).");
    struct member_row *ms = NULL;
    int n = 0, sitting = 0;
    if (db_committee_members(o->db, tid, &ms, &n) != CW_OK) {
        problem_internal(pb, "reading the Committee");
        return -1;
    }
    for (int i = 0; i < n; i++)
        sitting += !ms[i].reserve;
    free(ms);
    if (!in->reserve && sitting >= COMMITTEE_STANDING_MAX)
        return refuse_gov2(pb, 409, "committee-full", "reserve",
                           "The Committee has five members already (000: three to five): add "
                           "this one as a reserve (GOV-2).");
    int rc = db_committee_member_insert(o->db, out);
    if (rc == CW_ECONFLICT)
        return refuse_gov2(pb, 409, "member-exists", "player_id",
                           "This player is a member of the Committee already (GOV-2).");
    if (rc != CW_OK) {
        problem_internal(pb, "storing the member");
        return -1;
    }
    return told(o, tid, "committee.member_added", out->id, op_member_json(out), pb);
}

int op_committee_member_remove(const struct op *o, int64_t tid, int64_t id, struct problem *pb)
{
    struct member_row m;
    int rc = db_committee_member_get(o->db, tid, id, &m);
    if (rc == CW_ENOTFOUND || (rc == CW_OK && m.removed_ms)) {
        problem_set(pb, 404, "not-found", "No such member",
                    "Member %lld is not on tournament %lld's Committee.", (long long)id,
                    (long long)tid);
        return -1;
    }
    if (rc != CW_OK || db_committee_member_remove(o->db, id, o->now_ms) != CW_OK) {
        problem_internal(pb, "removing the member");
        return -1;
    }
    return told(o, tid, "committee.member_removed", id, op_member_json(&m), pb);
}

int op_committee_member_card(const struct op *o, int64_t tid, int64_t id, struct member_row *out,
                             struct problem *pb)
{
    int rc = db_committee_member_get(o->db, tid, id, out);
    if (rc == CW_ENOTFOUND || (rc == CW_OK && (out->removed_ms || !out->pin[0]))) {
        problem_set(pb, 404, "not-found", "No such card",
                    "Member %lld of tournament %lld has no card of their own (a player "
                    "member votes with their player's PIN).",
                    (long long)id, (long long)tid);
        return -1;
    }
    if (rc != CW_OK || op_audit_change(o, tid, "committee.pin_read", "committee", id, NULL, NULL)) {
        problem_internal(pb, "reading the card");
        return -1;
    }
    return 0;
}

int op_member_party(struct db *db, const struct appeal_row *a, const struct member_row *m)
{
    if (!m->player_id)
        return 0;
    struct match mt;
    if (db_match_get(db, a->tournament_id, a->match_id, &mt) != CW_OK)
        return -1;
    int64_t people[4];
    int n = op_match_players(db, &mt, people);
    if (n < 0)
        return -1;
    for (int i = 0; i < n; i++)
        if (people[i] == m->player_id)
            return 1;
    return 0;
}

/* The standing committee seated for case a: each member who is a party (or linked to an
 * official since) replaced by the first reserve who is neither. */
static int form_standing(const struct op *o, const struct appeal_row *a, int64_t **ids, int *n,
                         struct problem *pb)
{
    struct member_row *ms = NULL;
    int count = 0;
    if (db_committee_members(o->db, a->tournament_id, &ms, &count) != CW_OK) {
        problem_internal(pb, "reading the Committee");
        return -1;
    }
    int *ok = calloc((size_t)count + 1, sizeof *ok),
        *used = calloc((size_t)count + 1, sizeof *used);
    *ids = calloc((size_t)count + 1, sizeof **ids);
    int rc = ok && used && *ids ? 0 : -1;
    for (int i = 0; !rc && i < count; i++) {
        int party = op_member_party(o->db, a, &ms[i]);
        rc = party < 0 ? -1 : 0;
        ok[i] = !party && !ms[i].player_official;
    }
    *n = 0;
    for (int i = 0; !rc && i < count; i++) {
        if (ms[i].reserve)
            continue;
        int seat = ok[i] ? i : -1;
        for (int j = 0; seat < 0 && j < count; j++)
            if (ms[j].reserve && ok[j] && !used[j])
                seat = j;
        if (seat >= 0) {
            used[seat] = 1;
            (*ids)[(*n)++] = ms[seat].id;
        }
    }
    if (!rc && db_appeal_panel_set(o->db, a->id, *ids, *n) != CW_OK)
        rc = -1;
    free(ok);
    free(used);
    free(ms);
    if (rc) {
        free(*ids);
        *ids = NULL;
        problem_internal(pb, "seating the Committee");
    }
    return rc;
}

int op_appeal_panel(const struct op *o, const struct appeal_row *a, int64_t **ids, int *n,
                    struct problem *pb)
{
    if (db_appeal_panel(o->db, a->id, ids, n) != CW_OK) {
        problem_internal(pb, "reading the panel");
        return -1;
    }
    if (*n)
        return 0;
    free(*ids);
    *ids = NULL;
    struct committee_settings s;
    if (db_committee_settings(o->db, a->tournament_id, &s) != CW_OK) {
        problem_internal(pb, "reading the Committee");
        return -1;
    }
    if (strcmp(s.form, "standing"))
        return 0; /* per appeal: the TD seats it */
    return form_standing(o, a, ids, n, pb);
}

/* WBGF 5.1: whose choice case a's panel is (see joint.c). */
int op_appeal_is_joint(struct db *db, const struct appeal_row *a)
{
    if (strcmp(a->kind, "referral"))
        return 0;
    struct committee_settings s;
    if (db_committee_settings(db, a->tournament_id, &s) != CW_OK)
        return -1;
    return !strcmp(s.form, "per_appeal");
}

static json_t *ids_json(const int64_t *ids, int n)
{
    if (!n)
        return json_null();
    json_t *arr = json_array();
    for (int i = 0; i < n; i++)
        json_array_append_new(arr, json_integer(ids[i]));
    return arr;
}

json_t *op_appeal_choices_json(struct db *db, const struct appeal_row *a)
{
    if (op_appeal_is_joint(db, a) != 1)
        return NULL;
    json_t *out = json_object();
    static const char *const side_key[2] = {"a", "b"};
    for (int s = 0; s < 2; s++) {
        int64_t *ids = NULL;
        int n = 0;
        if (db_panel_choice(db, a->id, s, &ids, &n) != CW_OK)
            n = 0;
        json_object_set_new(out, side_key[s], ids_json(ids, n));
        free(ids);
    }
    return out;
}
