/* The Tournament Committee (GOV-2) and the cases before it (GOV-7, GOV-6): its form and
 * members (members.c), appeals lodged, withdrawn, heard and released (appeals.c), and the
 * Committee's votes on one motion at a time, whose carried motion decides the case and
 * applies its outcome through the ordinary operations (votes.c). Each operation runs in
 * the caller's frame (api/tx.c), writes its audit row and stream entry, and refuses with a
 * problem naming GOV-2 or GOV-7 (or the field) having changed nothing. */
#ifndef OPS_COMMITTEE_H
#define OPS_COMMITTEE_H

#include <jansson.h>

#include "ops/frame/op.h"
#include "ops/frame/problem.h"
#include "store/committee.h"

#define COMMITTEE_STANDING_MAX 5 /* 000: three to five members, reserves beside */

/* ---- members.c ---- */
/* The Committee as anyone may see it (posted in the playing rooms, 000): its form, the
 * appeal window and its members' names (no PIN); NULL on a failure of the database. */
json_t *op_committee_json(struct db *db, int64_t tid);
/* The TD sets the form and the window (GOV-2): 0, or -1 with pb. */
int op_committee_set(const struct op *o, int64_t tid, const struct committee_settings *s,
                     struct problem *pb);
struct member_in {
    const char *name;  /* a member who is not a player; NULL when player_id */
    int64_t player_id; /* a player of the tournament, or 0 */
    int reserve;
};
/* A member added (a non-player member gets a PIN, in out->pin): refused naming GOV-2 when
 * an official of the tournament would sit on it (an official's name, a player linked to an
 * official), when the player sits already, or a sixth standing member. */
int op_committee_member_add(const struct op *o, int64_t tid, const struct member_in *in,
                            struct member_row *out, struct problem *pb);
int op_committee_member_remove(const struct op *o, int64_t tid, int64_t id, struct problem *pb);
/* The TD reads a non-player member's card (audited, never the PIN in the log). */
int op_committee_member_card(const struct op *o, int64_t tid, int64_t id, struct member_row *out,
                             struct problem *pb);
json_t *op_member_json(const struct member_row *m);
/* The panel of case a: the one seated (appeal_panel), or, with none and a standing
 * committee, formed now: its members with each party to the case (GOV-6a: plays in the
 * match, or in its pair) or official replaced by a reserve who is neither, and stored.
 * 0 with the members' ids (malloc'd), or -1 with pb. */
int op_appeal_panel(const struct op *o, const struct appeal_row *a, int64_t **ids, int *n,
                    struct problem *pb);
/* Whether member m is a party to the match of case a: 1, 0, or -1 (the database). */
int op_member_party(struct db *db, const struct appeal_row *a, const struct member_row *m);
/* WBGF 5.1 (joint.c): 1 when case a's panel is the players' joint choice, 0 when not, -1
 * (the database); its choices {"a": [member ids] or null, "b": ...}, or NULL when not. */
int op_appeal_is_joint(struct db *db, const struct appeal_row *a);
json_t *op_appeal_choices_json(struct db *db, const struct appeal_row *a);

/* ---- appeals.c ---- */
struct appeal_in {
    int64_t ruling_id, audit_id; /* the decision appealed: one of them */
    int side;                    /* an official recording it: the appellant's side; else -1 */
    const char *grounds;
};
int op_appeal_lodge(const struct op *o, int64_t tid, int64_t mid, const struct appeal_in *in,
                    json_t **reply, struct problem *pb);
enum appeal_act { AA_WITHDRAW, AA_RELEASE };
int op_appeal_act(const struct op *o, int64_t tid, int64_t id, enum appeal_act act, json_t **reply,
                  struct problem *pb);
int op_appeal_statement(const struct op *o, int64_t tid, int64_t id, const char *text,
                        json_t **reply, struct problem *pb);
int op_appeal_panel_set(const struct op *o, int64_t tid, int64_t id, const int64_t *ids, int n,
                        json_t **reply, struct problem *pb);
/* Whether ids (n) may sit on case a: three or five under the per-appeal form, members of
 * the Committee, once each, none a party to the case or an official (GOV-2). 0, or -1
 * with the refusal naming GOV-2 (or the field member_ids) in pb. */
int op_appeal_panel_check(const struct op *o, const struct appeal_row *a, const int64_t *ids, int n,
                          struct problem *pb);
/* The case as its match's players and the officials see it (full: grounds, statements,
 * panel names, motion and votes), or as anyone sees it (no text a player wrote). */
json_t *op_appeal_json(const struct op *o, const struct appeal_row *a, int full);
/* The cases of a tournament (mid 0) or a match, in *out; with the decisions of the match a
 * player may appeal now and until when (appealable, mid only). 0, or -1 (the database). */
int op_appeals_json(const struct op *o, int64_t tid, int64_t mid, int full, json_t **out);
/* The load and the 404 of case id. */
int op_appeal_load(const struct op *o, int64_t tid, int64_t id, struct appeal_row *a,
                   struct problem *pb);
/* The audit row and stream entry of a change of case a (before owned, may be NULL). */
int op_appeal_record(const struct op *o, const struct appeal_row *a, const char *action,
                     json_t *before, struct problem *pb);
/* A refusal of the case's rule (GOV-7 unless rule says otherwise). */
int op_appeal_refuse(struct problem *pb, int status, const char *type, const char *rule,
                     const char *fmt, ...) __attribute__((format(printf, 5, 6)));

/* ---- joint.c ---- */
/* WBGF 5.1: a dispute the Committee decides (a ruling by a party TD with no other TD, kind
 * referral) under the per-appeal form has its Committee chosen jointly by the two players:
 * each side names three or five members (from their phone, or an official who is no party
 * records a side's choice), and the panel is seated when both name the same members. */
/* Side's choice (an official's: side 0 or 1; a player's own: side -1) of case id's panel. */
int op_appeal_panel_choose(const struct op *o, int64_t tid, int64_t id, int side,
                           const int64_t *ids, int n, json_t **reply, struct problem *pb);

/* ---- votes.c ---- */
struct motion_in {
    int uphold;       /* 1: uphold the decision; 0: replace it with the stated one */
    const char *text; /* the motion as read to the Committee */
    json_t *effect;   /* replace: the ruling's effect the decision becomes (may be NULL) */
};
int op_appeal_motion(const struct op *o, int64_t tid, int64_t id, const struct motion_in *in,
                     json_t **reply, struct problem *pb);
struct vote_in {
    int64_t member_id; /* an official recording a vote cast in person, or with pin */
    const char *pin;   /* a non-player member voting from a phone */
    int yes;
};
int op_appeal_vote(const struct op *o, int64_t tid, int64_t id, const struct vote_in *in,
                   json_t **reply, struct problem *pb);

#endif
