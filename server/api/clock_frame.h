/* The frame every operation on a match's clock, lateness, breaks and penalties runs in
 * (clock_frame.c): load the match and its clock, find a flag that fell (CLK-7: the side
 * whose time ran out loses the match), check who may act, apply one operation at the
 * server's time, store what changed and tell the event stream. */
#ifndef API_CLOCK_FRAME_H
#define API_CLOCK_FRAME_H

#include <jansson.h>

#include "api/api.h"
#include "store/store.h"
#include "tourney/clock.h"

struct cx {
    struct api_req *req;
    struct api_resp *resp;
    struct match m;
    struct tournament t;
    struct clk c;
    int has_clock;
    char *pre_flag;       /* the match before a flag decided it (JSON), or NULL */
    int side;             /* the player's side; -1 for the TD */
    int clock_changed;    /* store the clock and send a `clock` event */
    int lateness_changed; /* send a `lateness` event */
    int wrote;            /* something else was stored (a penalty): commit */
    int flagged_now;      /* this request found the flag */
    json_t *match_before; /* set when the match changes: saved and audited at the end */
    const char *action;   /* the match's audit action */
    int status;           /* the reply's status (200 by default) */
};

typedef int (*clock_fn)(struct cx *x);

/* ---- the frame every operation runs in ---- */
int api_cx_side_of(json_t *j, const char *field);
/* The match is about to change: keep it as it was for the audit log. */
void api_cx_match_touch(struct cx *x, const char *action);
/* The outcome of one clock operation: refused with the reason, or the clock to store. */
int api_cx_applied(struct cx *x, enum clk_err e, const char *what);
/* A new clock for the match from the tournament's settings (CLK-2, CLK-3). */
int api_cx_clock_create(struct cx *x);
int api_cx_need_clock(struct cx *x);
int api_cx_refuse_finished(struct cx *x);
/* A player acts only for their own side; the TD for either. */
int api_cx_own_side(struct cx *x, int side);
int api_cx_load(struct cx *x);
/* Who may act: the TD, or a logged-in player of the match. */
int api_cx_who(struct cx *x);
/* The frame: transaction, load, permission, the flag as of now, the operation, store. */
void api_cx_run(struct api_req *req, struct api_resp *resp, clock_fn op);
/* A read under the lock: load the match and its clock, then op answers. */
void api_cx_read_only(struct api_req *req, struct api_resp *resp, clock_fn op);

#endif
