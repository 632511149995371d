/* Two registrations of one player merged. See merge.h. */
#include "ops/people/merge.h"

#include <string.h>

#include "ops/frame/record.h"
#include "ops/people/players.h"
#include "store/players_merge.h"

/* dst's text field empty: src's. */
#define FILL(field)                                                                               \
    do {                                                                                          \
        if (!k->field[0])                                                                         \
            memcpy(k->field, d->field, sizeof k->field);                                          \
    } while (0)

/* The two records that cannot both be kept: 409 naming the field, else 0. */
static int differ(struct problem *pb, const struct player *k, const struct player *d)
{
    if (k->federation_id[0] && d->federation_id[0] && strcmp(k->federation_id, d->federation_id)) {
        problem_set(pb, 409, "merge-conflict", "Not the same player",
                    "%s has federation id %s and %s has %s: two players for the federation.",
                    k->name, k->federation_id, d->name, d->federation_id);
        problem_field(pb, "federation_id", "differs (%s, %s)", k->federation_id, d->federation_id);
        return -1;
    }
    if (k->official_id && d->official_id && k->official_id != d->official_id) {
        problem_set(pb, 409, "merge-conflict", "Not the same player",
                    "%s and %s are linked to different officials.", k->name, d->name);
        problem_field(pb, "official_id", "differs");
        return -1;
    }
    return 0;
}

/* A record that keeps them apart (a match between them, an event of both, two seats on the
 * Committee): 409 saying which, else 0. */
static int clash(struct problem *pb, const struct merge_conflict *c, const struct player *k,
                 const struct player *d)
{
    switch (c->clash) {
    case MERGE_NONE:
        return 0;
    case MERGE_MATCH:
        problem_set(pb, 409, "merge-conflict", "A match between them",
                    "%s and %s have a match against each other (match %lld): one player "
                    "cannot have played themself.",
                    k->name, d->name, (long long)c->id);
        json_object_set_new(pb->json, "match_id", json_integer(c->id));
        break;
    case MERGE_EVENT:
        problem_set(pb, 409, "merge-conflict", "Both in one event",
                    "%s and %s are both in %s: one player would hold two places in it. "
                    "Take one out of the event first.",
                    k->name, d->name, c->name);
        json_object_set_new(pb->json, "event_id", json_integer(c->id));
        break;
    case MERGE_COMMITTEE:
        problem_set(pb, 409, "merge-conflict", "Both on the Committee",
                    "%s and %s are both members of the Tournament Committee (GOV-2): "
                    "remove one first.",
                    k->name, d->name);
        json_object_set_new(pb->json, "rule", json_string("GOV-2"));
        break;
    }
    problem_field(pb, "player_id", "cannot be merged into player %lld", (long long)k->id);
    return -1;
}

int op_player_merge(const struct op *o, int64_t tid, int64_t keep, int64_t dup, struct player *out,
                    struct problem *pb)
{
    struct player kp, dp, *k = &kp;
    const struct player *d = &dp;
    int rc = db_player_get(o->db, tid, keep, &kp);
    if (rc == CW_ENOTFOUND)
        return op_no_player(pb, tid, keep);
    if (rc == CW_OK)
        rc = db_player_get(o->db, tid, dup, &dp);
    if (rc == CW_ENOTFOUND) {
        problem_set(pb, 422, "validation", "No such player",
                    "Tournament %lld has no player %lld to merge.", (long long)tid,
                    (long long)dup);
        problem_field(pb, "player_id", "is no player of this tournament");
        return -1;
    }
    if (rc == CW_OK && keep == dup) {
        problem_field(pb, "player_id", "is the player it would be merged into");
        return -1;
    }
    struct merge_conflict c;
    if (rc == CW_OK)
        rc = db_player_merge_conflict(o->db, tid, keep, dup, &c);
    if (rc != CW_OK) {
        problem_internal(pb, "reading the players");
        return -1;
    }
    if (differ(pb, k, d) || clash(pb, &c, k, d))
        return -1;
    json_t *before = json_pack("{s:o, s:o}", "player", op_player_json(k, 0), "merged",
                               op_player_json(d, 0));
    FILL(country);
    FILL(club);
    FILL(federation_id);
    FILL(email);
    FILL(flight);
    if (!k->official_id)
        k->official_id = d->official_id;
    if (!k->has_rating && d->has_rating) {
        k->has_rating = 1;
        k->rating = d->rating;
    }
    if (d->experience > k->experience)
        k->experience = d->experience;
    /* dup goes first: its federation id is then free for the one that stays */
    rc = db_player_merge_move(o->db, dup, keep);
    if (rc == CW_OK)
        rc = db_player_update(o->db, k, o->now_ms);
    if (rc == CW_OK)
        rc = op_audit_change(o, tid, "player.merge", "player", keep, before,
                             op_player_json(k, 0));
    else
        json_decref(before);
    if (rc == CW_OK)
        rc = op_emit(o->db, tid, o->now_ms, "player.merge",
                     json_pack("{s:o, s:I}", "player", op_player_json(k, 0), "merged_id",
                               (json_int_t)dup));
    if (rc != CW_OK) {
        problem_internal(pb, "merging the players");
        return -1;
    }
    *out = kp;
    return 0;
}
