/* The frame of a change of one match (see match_frame.h): what every report, verdict and
 * edit of a match shares, written once, in the order a reader checks it: the match, who
 * asks, the request's own faults, the operation, the save. */
#include "ops/match/match_frame.h"

#include <stdlib.h>

#include "common/json_out.h"
#include "ops/people/access.h"
#include "ops/match/gate.h"
#include "ops/records/load.h"
#include "ops/records/match.h"
#include "store/store.h"

/* MX_PLAYER: the side of the player who asks, or -1 with the refusal: 403 to the TD's
 * session (the players report; the TD decides), 401 to nobody, 403 to another player. */
static int player_side(const struct op *o, const struct op_who *w, const struct match *m,
                       struct problem *pb)
{
    if (!w->player_id && w->is_td) {
        problem_set(pb, 403, "not-a-player", "Only the players report",
                    "Match %lld is reported by its players; the TD decides it by verifying a "
                    "report or recording the result (POST …/matches/%lld/verify), or with a "
                    "forfeit (POST /api/v1/tournaments/%lld/matches/%lld/forfeit).",
                    (long long)m->id, (long long)m->id, (long long)m->tournament_id,
                    (long long)m->id);
        return -1;
    }
    if (!w->player_id) {
        problem_set(pb, 401, "unauthorized", "Player login required",
                    "Log in with your PIN first (POST "
                    "/api/v1/tournaments/%lld/players/{your id}/login).",
                    (long long)m->tournament_id);
        return -1;
    }
    int s = op_match_side(o->db, w->player_id, w->player_tournament, m);
    if (s < 0)
        problem_set(pb, 403, "not-your-match", "Not your match",
                    "You are not a player of match %lld; only its players report it.",
                    (long long)m->id);
    return s;
}

/* MX_PLAYER: the match takes reports now: not over, both players known, its event open. */
static int takes_reports(const struct op *o, const struct match *m, struct problem *pb)
{
    if (match_finished(m)) {
        problem_set(pb, 409, "match-finished", "The match is over",
                    "Match %lld is already %s; only the TD can change it now.", (long long)m->id,
                    match_state_name(m->state));
        return -1;
    }
    if (!m->player[0] || !m->player[1]) {
        problem_set(pb, 409, "players-unknown", "Players not known yet",
                    "Match %lld has no opponent yet.", (long long)m->id);
        return -1;
    }
    return op_match_open(o, m, 0, pb);
}

/* Who may act, by `may`: the side that acts (-1 for the TD), or -2 with the refusal. */
static int may_act(const struct op *o, const struct op_who *w, enum mx_may may,
                   const struct match *m, struct problem *pb)
{
    switch (may) {
    case MX_TD:
        return -1;
    case MX_TD_UNDECIDED:
        if (op_match_open(o, m, 1, pb))
            return -2;
        if (match_finished(m)) {
            problem_set(pb, 409, "match-finished", "Already decided",
                        "Match %lld is already %s; use correct to change its result.",
                        (long long)m->id, match_state_name(m->state));
            return -2;
        }
        return -1;
    case MX_TD_DECIDED:
        if (!match_finished(m)) {
            problem_set(pb, 409, "not-decided", "Nothing to correct",
                        "Match %lld is %s, not decided; verify it instead.", (long long)m->id,
                        match_state_name(m->state));
            return -2;
        }
        return -1;
    case MX_PLAYER: {
        int side = player_side(o, w, m, pb);
        if (side < 0 || takes_reports(o, m, pb))
            return -2;
        return side;
    }
    }
    return -2;
}

/* The change, or -1 with the refusal in pb; *after the match's public JSON as text, or
 * (view not NULL) what it reads in *view. */
static int change(const struct op *o, enum mx_may may, int64_t tid, int64_t mid, const char *action,
                  match_fn fn, void *in, struct problem *invalid, struct op_match_view *view,
                  char **after, size_t *after_len, struct problem *pb)
{
    struct match m;
    int side = op_match_load(o, tid, mid, &m, pb) ? -2 : may_act(o, &o->who, may, &m, pb);
    if (side == -2 || (invalid && invalid->json)) {
        if (side != -2) { /* the request's own faults, once it may be made at all */
            problem_free(pb);
            *pb = *invalid;
            invalid->json = NULL;
        }
        if (invalid)
            problem_free(invalid);
        return -1;
    }
    if (invalid)
        problem_free(invalid);
    struct match was = m; /* the row as read: the save sets only what changed (a game's score) */
    char *before = op_match_record_text(&m);
    if (!before || fn(o, &m, side, in, pb, &action)) {
        free(before);
        if (!pb->json) /* a failure with no word of its own is the server's */
            problem_internal(pb, "changing the match");
        return -1;
    }
    int rc = op_match_save_from(o, &was, &m, before, action);
    free(before);
    if (rc) {
        problem_internal(pb, "saving the match");
        return -1;
    }
    if (view) {
        if (op_match_view_read(o->db, &m, view) == 0)
            return 0;
        problem_internal(pb, "writing the match");
        return -1;
    }
    struct cw_text t = {0};
    op_match_text(o->db, &m, &t);
    *after = cw_text_end(&t, after_len);
    if (!*after) {
        problem_internal(pb, "writing the match");
        return -1;
    }
    return 0;
}

void op_match_change(const struct op *o, enum mx_may may, int64_t tid, int64_t mid,
                     const char *action, match_fn fn, void *in, struct problem *invalid,
                     struct op_match_view *view, struct op_out *out)
{
    struct problem pb = {0, NULL};
    char *after = NULL;
    size_t len = 0;
    if (change(o, may, tid, mid, action, fn, in, invalid, view, &after, &len, &pb)) {
        *out = (struct op_out){pb.status, pb.json, 1, 0, NULL, 0};
        return;
    }
    *out = (struct op_out){200, NULL, 0, 1, after, len};
}
