/* What a person does to one match (see match_change.h): each function adapts one
 * operation to the match's frame (match_frame.c), with its typed input. */
#include "ops/match/match_change.h"

#include <string.h>

#include "ops/result/decide.h"
#include "ops/people/deciders.h"
#include "ops/match/games.h"
#include "ops/match/match_acts.h"
#include "ops/match/report.h"
#include "ops/replay/report_check.h"

int op_mx_report(const struct op *o, struct match *m, int side, void *in, struct problem *pb,
                 const char **action)
{
    struct report r;
    int rc = op_report_read(o, m, in, &r, pb);
    if (!rc)
        rc = op_report_file(o, m, side, &r, pb, action);
    report_free(&r);
    return rc;
}

int op_mx_concede(const struct op *o, struct match *m, int side, void *in, struct problem *pb,
                  const char **action)
{
    if (m->length == 0) {
        problem_set(pb, 422, "validation", "A Swing game is not conceded",
                    "Match %lld is one money-style game of a Swing event: report the game "
                    "(\"game\": {\"winner\", \"cube\", \"result\"}); its chips depend on the "
                    "cube and the gammon (SWING-3).",
                    (long long)m->id);
        problem_field(pb, "concede", "a Swing game is reported, not conceded");
        return -1;
    }
    return op_report_concede(o, m, side, pb, action);
}

int op_mx_unreport(const struct op *o, struct match *m, int side, void *in, struct problem *pb,
                   const char **action)
{
    return op_report_withdraw(o, m, side, pb, action);
}

int op_mx_confirm(const struct op *o, struct match *m, int side, void *in, struct problem *pb,
                  const char **action)
{
    return op_report_confirm(o, m, side, *(const int64_t *)in, pb, action);
}

int op_mx_game_add(const struct op *o, struct match *m, int side, void *in, struct problem *pb,
                   const char **action)
{
    return op_game_add(o, m, side, in, pb, action);
}

int op_mx_game_undo(const struct op *o, struct match *m, int side, void *in, struct problem *pb,
                    const char **action)
{
    return op_game_undo(o, m, side, pb, action);
}

/* The report a verdict stands on: a player's current, complete one (report_id), or the
 * TD's own result, which must end the match. */
static int verdict_report(const struct op *o, const struct match *m, struct verdict_in *v,
                          struct report *r, struct problem *pb)
{
    if (v->report_id)
        return op_report_standing(o, m, v->report_id, "report_id", r, pb);
    if (op_report_read(o, m, &v->result, r, pb)) {
        report_free(r);
        return -1;
    }
    if (!r->complete) {
        problem_set(pb, 422, "incomplete-result", "The match is not over",
                    "The games given end at %d-%d in a %d-point match: the TD verifies "
                    "only a finished match.",
                    r->score[0], r->score[1], m->length);
        report_free(r);
        return -1;
    }
    return 0;
}

/* Whether report r says what both players agree on (GOV-6a, what an assistant may record):
 * the match is not disputed and no side's current, complete report says otherwise. 1 or
 * 0, -1 when the database failed. */
static int agreed(const struct op *o, const struct match *m, const struct report *r)
{
    if (m->state == MS_DISPUTED || match_finished(m))
        return 0;
    int same = 1;
    for (int s = 0; s < 2 && same; s++) {
        struct report mine;
        int rc = db_report_current(o->db, m->id, s, &mine);
        if (rc == CW_ENOTFOUND)
            continue;
        if (rc != CW_OK)
            return -1;
        same = !mine.complete || (mine.winner == r->winner && mine.score[0] == r->score[0] &&
                                  mine.score[1] == r->score[1]);
        report_free(&mine);
    }
    return same;
}

/* GOV-6, GOV-6a: a dispute is decided by a ruling, which states the question, the
 * decision and the reasons (003 5.5 i), and waits for the Committee when the TD is a
 * party; a verdict records none of them. */
static int refuse_dispute(const struct match *m, struct problem *pb)
{
    problem_set(pb, 409, "ruling-required", "A dispute is decided by a ruling",
                "Match %lld is disputed: the TD decides it with a ruling that states the "
                "question, the facts, the decision and the reasons (POST "
                "/api/v1/tournaments/%lld/matches/%lld/rulings with \"effect\": {\"kind\": "
                "\"score\", \"score\": {\"a\", \"b\"}}) (GOV-6, GOV-6a).",
                (long long)m->id, (long long)m->tournament_id, (long long)m->id);
    json_object_set_new(pb->json, "rule", json_string("GOV-6a"));
    return -1;
}

int op_mx_verdict(const struct op *o, struct match *m, int side, void *in, struct problem *pb,
                  const char **action)
{
    struct verdict_in *v = in;
    if (!m->player[0] || !m->player[1]) {
        problem_set(pb, 409, "players-unknown", "Players not known yet",
                    "Match %lld has no opponent yet.", (long long)m->id);
        return -1;
    }
    struct report r;
    if (verdict_report(o, m, v, &r, pb))
        return -1;
    int agree = agreed(o, m, &r);
    if (agree < 0)
        problem_internal(pb, "reading the reports");
    if (agree < 0 || op_decider_check(o, m, agree, pb) ||
        (m->state == MS_DISPUTED && refuse_dispute(m, pb))) {
        report_free(&r);
        return -1;
    }
    int rc = op_match_verify(o, m, &r, !v->report_id, pb);
    report_free(&r);
    return rc;
}

int op_mx_edit(const struct op *o, struct match *m, int side, void *in, struct problem *pb,
               const char **action)
{
    return op_match_edit(o, m, in, pb);
}

int op_mx_call(const struct op *o, struct match *m, int side, void *in, struct problem *pb,
               const char **action)
{
    return op_match_call(o, m, in, pb);
}

int op_mx_forfeit(const struct op *o, struct match *m, int side, void *in, struct problem *pb,
                  const char **action)
{
    if (op_decider_check(o, m, 0, pb))
        return -1;
    return op_match_decide_unplayed(o, m, pb, MS_FORFEITED, *(const int *)in, ME_RULING);
}

int op_mx_withdraw(const struct op *o, struct match *m, int side, void *in, struct problem *pb,
                   const char **action)
{
    if (op_decider_check(o, m, 0, pb))
        return -1;
    return op_match_decide_unplayed(o, m, pb, MS_WITHDRAWN, 1 - *(const int *)in, ME_WITHDRAWN);
}

int op_mx_walkover(const struct op *o, struct match *m, int side, void *in, struct problem *pb,
                   const char **action)
{
    if (op_decider_check(o, m, 0, pb))
        return -1;
    return op_match_decide_unplayed(o, m, pb, MS_WITHDRAWN, *(const int *)in, ME_WALKOVER);
}

int op_mx_disqualify(const struct op *o, struct match *m, int side, void *in, struct problem *pb,
                     const char **action)
{
    if (op_decider_check(o, m, 0, pb))
        return -1;
    return op_match_decide_unplayed(o, m, pb, MS_WITHDRAWN, 1 - *(const int *)in, ME_DISQUALIFIED);
}
