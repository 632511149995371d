/* The frame every operation on a match's clock, lateness, breaks and penalties runs in
 * (clock_frame.c): load the match and its clock, check who may act, find a flag that fell
 * (CLK-7: the side whose time ran out loses the match), apply one operation at the
 * server's time, store what changed and tell the live stream. The transaction around it
 * is the caller's (ops/frame/frame.c, opened by the API with the request's Idempotency-Key). */
#ifndef OPS_CLOCK_FRAME_H
#define OPS_CLOCK_FRAME_H

#include <jansson.h>

#include "ops/frame/op.h"
#include "ops/frame/problem.h"
#include "store/store.h"
#include "tourney/clock.h"

struct cx {
    struct op o;
    struct problem pb; /* the refusal, when the operation returns -1 */
    json_t *reply;     /* the operation's own answer (else the clock), owned */
    int status;        /* the reply's status (200 by default) */
    struct match m;
    struct tournament t;
    struct clk c;
    int has_clock;
    char *pre_flag; /* the match before a flag decided it (JSON), or NULL */
    int is_td;
    int side;             /* the player's side; -1 for the TD */
    int64_t player_id;    /* the player who asks (a Davis Cup pair's member), or 0 */
    int clock_changed;    /* store the clock and add a `clock` stream entry */
    int lateness_changed; /* add a `lateness` stream entry */
    int wrote;            /* something else was stored (a penalty): commit */
    int flagged_now;      /* this request found the flag */
    json_t *match_before; /* set when the match changes: saved and audited at the end */
    const char *action;   /* the match's audit action */
    /* a ruling (GOV-6): the audit rows written after audit_mark, the match's own save
     * included, name ruling_id once everything is stored; 0: none */
    int64_t ruling_id, audit_mark;
};

/* One operation in the frame, with its typed input (may be NULL): 0, or -1 with the
 * refusal in x->pb (none: a failure of the server). */
typedef int (*clock_fn)(struct cx *x, const void *in);

/* The frame, inside the caller's open transaction: load match (tid, mid), who may act (o's
 * who: the TD, or a player of the match; a refusal of who acts names rule, may be NULL), the
 * flag as of now, then fn(in), store. out: the reply (a problem when is_problem) and
 * whether the change is kept (commit) or undone (roll back). invalid (may be NULL) is what the API
 * found wrong with the request: the frame refuses with it where the operation would begin, after
 * the match, the permission and a fallen flag (a bad request hides none of them, and a flag it
 * finds is still stored); it is consumed. */
void op_cx_run(const struct op *o, const char *rule, int64_t tid, int64_t mid, clock_fn fn,
               const void *in, struct problem *invalid, struct op_out *out);
/* A read under the database's lock (op_read): load the match and its clock, then fn answers.
 * Returns 1 when the clock's flag fell and is not stored yet (the caller runs the frame, which
 * stores it), else 0 with out filled. */
int op_cx_read(const struct op *o, int64_t tid, int64_t mid, clock_fn fn, int flag_matters,
               struct op_out *out);

/* ---- for the operations ---- */
/* The reply of a successful operation (replaces any). */
void op_cx_reply(struct cx *x, int status, json_t *body);
/* The match is about to change: keep it as it was for the audit log. */
void op_cx_match_touch(struct cx *x, const char *action);
/* The outcome of one clock operation: refused with the reason, or the clock to store. */
int op_cx_applied(struct cx *x, enum clk_err e, const char *what);
/* A new clock for the match from the tournament's settings (CLK-2, CLK-3). */
int op_cx_clock_create(struct cx *x);
int op_cx_need_clock(struct cx *x);
int op_cx_refuse_finished(struct cx *x);
/* A player acts only for their own side; the TD for either. */
int op_cx_own_side(struct cx *x, int side);

#endif
