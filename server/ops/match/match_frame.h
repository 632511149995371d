/* The frame every change of one match runs in (match_frame.c), inside the caller's open
 * transaction (ops/frame/frame.c): the match loaded, who acts (struct op's who) checked, the operation
 * run on it with its typed input, the match saved with its audit row and stream entry. The clock
 * family has its own frame (ops/clock/clock_frame.c): it also carries the clock. */
#ifndef OPS_MATCH_FRAME_H
#define OPS_MATCH_FRAME_H

#include <jansson.h>

#include "ops/frame/op.h"
#include "ops/frame/problem.h"
#include "tourney/model.h"

/* Who may make the change, checked in the frame before the operation runs. */
enum mx_may {
    MX_TD,           /* the TD (the API's route checked it): nothing more */
    MX_TD_UNDECIDED, /* the TD on a match not decided yet, open by its event (ops/match/gate.c) */
    MX_TD_DECIDED,   /* the TD on a match already decided (a correction) */
    MX_PLAYER,       /* a player of the match on their own side, while it takes reports */
};

struct op_match_view;

/* One change of match m by `side` (the player's; -1 for the TD) with its typed input (may
 * be NULL; the operation may take what it owns); *action may rename the stream entry. 0,
 * or -1 with the refusal in pb. */
typedef int (*match_fn)(const struct op *o, struct match *m, int side, void *in, struct problem *pb,
                        const char **action);

/* Loads match (tid, mid), checks `may` for who acts (o->who), then runs fn(in) and saves
 * the match as `action`. invalid (may be NULL, consumed) is what the API found wrong with
 * the request: the frame refuses with it where the operation would begin, so a bad body
 * hides neither a missing match nor a refusal of who asks. out: the match's public JSON
 * (kept), or the refusal (undone: the caller rolls back). With view (not NULL), the kept
 * change's out has no body: what the JSON reads is in *view (op_match_view_text writes it
 * after the writer's turn; the caller frees it), so that the text is not written under the
 * lock (issue 37). */
void op_match_change(const struct op *o, enum mx_may may, int64_t tid, int64_t mid,
                     const char *action, match_fn fn, void *in, struct problem *invalid,
                     struct op_match_view *view, struct op_out *out);

#endif
