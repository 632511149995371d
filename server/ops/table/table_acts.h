/* What happens at a table between its players and the officials, each an operation in the
 * frame of ops/clock/clock_frame.c (the match loaded, who asks checked, what changed stored and
 * told to the stream), with its typed input checked by the API: calls (calls.c, GOV-5),
 * warnings of a slow match (calls.c, 003 2.3 i), observers (observers.c, GOV-3) and
 * rulings (rulings.c, GOV-6). Stream entries carry no text a player or official wrote:
 * the venue's display may say "TD called to table 12", never why. */
#ifndef OPS_TABLE_ACTS_H
#define OPS_TABLE_ACTS_H

#include <jansson.h>

#include "ops/clock/clock_frame.h"
#include "store/calls.h"

/* GOV-5: how many calls one player may open in CALL_RATE_WINDOW_MS; past it 429. */
#define CALL_RATE_MAX 3
#define CALL_RATE_WINDOW_MS (10 * 60 * 1000)
/* the longest permission to leave the room, in minutes */
#define CALL_LEAVE_MAX_MIN 60

/* ---- calls (calls.c) ---- */
struct call_open_in {
    const char *reason; /* one of the reasons of schema 013 */
    const char *text;   /* "" for none */
};
struct call_act_in {
    int64_t call_id;
    const char *outcome; /* closing: what the official did */
    int leave_minutes;   /* closing a leave_room call: permission for N minutes; 0: refused */
};
struct warn_in {
    const char *text;
};
int op_call_open(struct cx *x, const void *in);  /* call_open_in; a player of the match */
int op_call_take(struct cx *x, const void *in);  /* call_act_in; an official */
int op_call_close(struct cx *x, const void *in); /* call_act_in; an official */
int op_match_warn(struct cx *x, const void *in); /* warn_in; an official */
/* A call as the officials and the match's players see it (text and outcome included). */
json_t *op_call_json(const struct call_row *c, int64_t now_ms);
/* A call as the stream tells it: no text. */
json_t *op_call_public_json(const struct call_row *c);
/* An open call as anyone may see it (the venue's screen): its table and time, nothing of
 * who called, why, or who answered. */
json_t *op_call_table_json(const struct call_row *c);
json_t *op_warning_json(const struct warning_row *w);
/* The audit row (before and after owned, may be NULL) and the stream entry (owned; the
 * match's label is added to it) of a change at a table, by who acts; x->wrote is set. 0, or
 * -1 (a failure of the server). */
int op_cx_record(struct cx *x, const char *action, const char *entity, int64_t id, json_t *before,
                 json_t *after, json_t *entry);
/* Who acts (GOV-1) as a record keeps them: the actor as the audit log names them (the id
 * that reads their name when shown), and the name the phones show now: the official's, a
 * machine token's label, else the actor. */
void op_cx_who(const struct cx *x, struct who *w);
/* The same for who acts in any operation (by). */
void op_who_named(struct db *db, const struct op_who *by, struct who *w);
/* An official's operation: -1 with a 403 for a player. */
int op_cx_official(struct cx *x, const char *rule);
/* The call an observer's appointment or a ruling answers (call_id; 0: none) is one of this
 * match's: 0, or -1 with the problem on the field call_id (or the server's failure). */
int op_cx_call_named(struct cx *x, int64_t call_id);

/* ---- observers (observers.c) ---- */
struct observer_in {
    const char *name;
    int64_t fee_cents;     /* -1: no fee */
    const char *fee_payer; /* "a", "b", "both" or NULL */
    int64_t call_id;       /* 0: of the official's own motion */
    int64_t observer_id;   /* removing */
};
int op_observer_appoint(struct cx *x, const void *in); /* observer_in */
int op_observer_remove(struct cx *x, const void *in);  /* observer_in (observer_id) */
json_t *op_observer_json(const struct observer_row *o);
/* The match's observers still observing, as the match's views show them; NULL on failure. */
json_t *op_observers_json(struct db *db, int64_t match_id);

/* ---- rulings (rulings.c) ---- */
enum ruling_effect { RE_NONE, RE_SCORE, RE_PENALTY, RE_FORFEIT, RE_CLOCK };
struct ruling_in {
    const char *question, *facts, *decision, *reasons;
    int64_t call_id; /* 0: none */
    enum ruling_effect effect;
    int score[2];      /* RE_SCORE: as told; or */
    int64_t report_id; /* RE_SCORE: the players' report that stands (0: the score) */
    int side;          /* RE_PENALTY: the penalised side; RE_FORFEIT: the winner */
    int points;        /* RE_PENALTY */
    json_t *given;     /* the effect as the request gave it (recorded), may be NULL */
};
int op_ruling_give(struct cx *x, const void *in); /* ruling_in; a TD */
/* The state change a ruling's effect makes (a score through the correction path and its
 * cascade, penalty points, a forfeit, a clock), in the frame of x: also what the Committee's
 * decision applies (GOV-7). 0, or -1 with the refusal in x->pb. */
int op_ruling_effect(struct cx *x, const struct ruling_in *v);
json_t *op_ruling_json(struct db *db, const struct ruling_row *r);
/* A ruling as the stream tells it: no text. */
json_t *op_ruling_public_json(const struct ruling_row *r);

#endif
